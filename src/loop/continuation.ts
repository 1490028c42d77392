// `onTruncated: 'continue'`: joining a cut-off reply and the text the model went on with, and checking the
// join. A continuation is trusted to go on from the very character the reply stopped at; when it starts the
// reply over, or the joined text needs a repair where the parts meet, gluing them would make up a value
// (`{"a": "hello` + `{"a": "hello world"}` read as the string `hello{"a": …`), so neither is glued silently.
import { JsonMendError } from '../errors.js';
import { isCutOffRepair } from '../parse/kind-flags.js';
import type { TextRepairKind } from '../parse/types.js';
import type { Repair } from '../schema/types.js';
import type { Verdict } from './judge.js';
import type { ModelReply } from './types.js';
import { addUsage } from './usage.js';

/** How many characters of the reply's start (whitespace left out) a continuation must repeat to start it over. */
const RESTART_PREFIX = 24;

/** Every character but whitespace: a restart may space the value differently. */
function dense(text: string, max: number): string {
  let out = '';
  for (const ch of text) {
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') continue;
    out += ch;
    if (out.length >= max) break;
  }
  return out;
}

/**
 * Whether `next`, the answer to "go on from here", starts the reply `first` over instead: it repeats the
 * reply's beginning (at least two characters of it, whitespace left out, up to {@link RESTART_PREFIX}).
 * A continuation that goes on opens no value the reply already opened at its very start.
 */
export function startsOver(first: string, next: string): boolean {
  return continuationKind(first, next) === 'restart';
}

/**
 * What the beginning `next` of a continuation of `first` shows: `'restart'` (it repeats the reply's
 * beginning), `'continue'` (it does not), `undefined` while too little of it has arrived to tell.
 */
export function continuationKind(first: string, next: string): 'restart' | 'continue' | undefined {
  const head = dense(first, RESTART_PREFIX);
  if (head.length < 2) return 'continue';
  const start = dense(next, head.length);
  if (start !== head.slice(0, start.length)) return 'continue';
  return start.length === head.length ? 'restart' : undefined;
}

/** A continuation joined to the reply it continues. */
export function joinReplies(first: ModelReply, next: ModelReply): ModelReply {
  return combine(first, next, first.text + next.text);
}

/** A continuation that started the reply over replaces it; the usage of both calls is kept. */
export function restartReply(first: ModelReply, next: ModelReply): ModelReply {
  return combine(first, next, next.text);
}

function combine(first: ModelReply, next: ModelReply, text: string): ModelReply {
  const out: ModelReply = { ...next, text };
  const restore = next.restore ?? first.restore;
  if (restore) out.restore = restore;
  if (first.usage || next.usage) {
    out.usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
    addUsage(out.usage, first.usage);
    addUsage(out.usage, next.usage);
  }
  return out;
}

/** Repairs about the text around the value, not the value: where they sit says nothing about the join. */
const AROUND_THE_VALUE = new Set<string>(['surrounding_text', 'reasoning_block', 'html_comment']);

/** Characters a word, number or literal is made of: a repair at such a run's start may be about the seam inside it. */
const WORD = /[\p{L}\p{N}_.+-]/u;

/**
 * The first text repair made where a continuation meets the text before it: from the start of the word the
 * reply stopped in (or the character before the seam) to the first character the continuation wrote.
 * `seams` are the offsets in `text` where each continuation begins. A cut-off repair there (a continuation
 * that wrote nothing) counts too, unless `acceptTruncated`: then the caller takes cut-off values.
 */
export function repairAtSeam(
  repairs: readonly Repair[], text: string, seams: readonly number[], acceptTruncated: boolean,
): { repair: Repair & { offset: number }; seam: number } | undefined {
  for (const seam of seams) {
    let from = seam - 1;
    while (from > 0 && WORD.test(text[from - 1]!) && WORD.test(text[from]!)) from--;
    let to = seam;
    while (to < text.length && /\s/.test(text[to]!)) to++;
    for (const repair of repairs) {
      if (!('offset' in repair) || AROUND_THE_VALUE.has(repair.kind)) continue;
      if (acceptTruncated && isCutOffRepair(repair.kind as TextRepairKind)) continue;
      if (repair.offset >= from && repair.offset <= to + 1) return { repair, seam };
    }
  }
  return undefined;
}

/** What the model is told when its continuation did not go on from where the reply stopped. */
export const CONTINUATION_FEEDBACK =
  'Your reply was cut off by the output-token limit, and what you wrote to go on with it does not continue from ' +
  'the character where it stopped. Reply again with the whole value, from its start, short enough to fit.';

/** The verdict on a joined reply that needed a repair where its parts meet: refused, whatever the parser made of it. */
export function seamRefusal(verdict: Verdict, found: { repair: Repair & { offset: number }; seam: number }): Verdict {
  const error = new JsonMendError(
    'REPAIR_REFUSED',
    `the reply was cut off and continued, and the parts do not join: the joined text needs a repair (${found.repair.kind}) ` +
      `at offset ${found.repair.offset}, where the continuation begins at offset ${found.seam}; a value read across the join would be made up`,
  );
  return joinRefusal(verdict, error);
}

/** The verdict on a continued reply whose parts do not join (`error` says why), whatever the parser made of it. */
export function joinRefusal(verdict: Verdict, error: JsonMendError): Verdict {
  return { ok: false, stage: 'parse', error, feedback: CONTINUATION_FEEDBACK, repairs: verdict.repairs, claims: verdict.claims };
}
