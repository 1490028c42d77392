// parsePartial: the partial value of a prefix in one call, read as the text stands.
import { JsonMendError } from '../errors.js';
import type { StandardSchemaV1 } from '../schema/standard.js';
import { StreamParserImpl } from './parser.js';
import type { ParseOptions } from '../parse/types.js';
import type { DeepPartial, StreamOptions } from './types.js';

/**
 * The partial value of `text`, a prefix of a reply still being written: a drop-in for partial-json's
 * `parse` and the AI SDK's `parsePartialJson`. Text before the JSON is skipped; strings show what
 * was written so far; `true`/`false`/`null` inside a container appear only when complete; an
 * unfinished key is left out. Unlike a stream's snapshot, the text is read as it stands: a number at
 * the very end is complete (`[1, 2` → `[1, 2]`; a stream holds the `2` back because more digits may
 * follow), and a reply that is one bare string, number or literal gives it (`'"abc"'` → `'abc'`).
 * With a `schema` the value is typed by it (and, with `defaults`, shows its defaults as a snapshot
 * does) but not checked against it: a prefix lacks what is still to come. `parse` checks the whole.
 * @returns the partial value, or `undefined` when no JSON value has started yet (prose, blank text).
 * @throws JsonMendError when the text so far cannot be repaired (e.g. `UNREPAIRABLE`), `TOO_LARGE`.
 */
export function parsePartial<S extends StandardSchemaV1>(text: string, options: StreamOptions<S> & { schema: S }): DeepPartial<StandardSchemaV1.InferOutput<S>> | undefined;
export function parsePartial<T = unknown>(text: string, options?: StreamOptions): DeepPartial<T> | undefined;
// A ParseOptions (typed for `repair`, or by a caller) is taken as it is: it names no schema, so its
// onRepair, written for text repairs, sees only text repairs. Other options may come with it.
export function parsePartial<T = unknown>(text: string, options: ParseOptions & Omit<StreamOptions, 'schema' | 'onRepair'>): DeepPartial<T> | undefined;
export function parsePartial(text: string, given: StreamOptions | ParseOptions = {}): unknown {
  const options = given as StreamOptions;
  const parser = new StreamParserImpl<unknown>({ ...options, deltas: false }, true);
  const snap = parser.push(text);
  if (snap.error) throw snap.error;
  // In a comment or reasoning block opened mid-line, with no closer: extraction decides, on the text as
  // it stands, whether its opener was a mention (`Use <!-- for notes. {"a": 1}`), as parse does.
  if (snap.value === undefined) return (bareScalar(text) && !cutOffNumber(text)) || closedFenceEnds(text) || parser.inMidLineBlock() ? wholeOrNothing(parser) : undefined;
  // As it stands, a value string's closing quote that the engine waits to judge closes it (`["a", nul`:
  // the text after it decides, in a stream); read up to it and the complete tokens after it.
  const afterQuote = parser.quoteWaitText()?.slice(1);
  if (afterQuote !== undefined) {
    // `{"a": "h"that""}`: a quote, then the text's last closers: that quote is the string's end, and
    // the one judged is its text (as parse reads it); read up to it, the string lost its last quote.
    const whole = onlyDelimitersFrom(afterQuote, 0, true) || (afterQuote.charCodeAt(0) === 0x22 && closersEnd(afterQuote, 1));
    const complete = whole ? afterQuote.length : completeTokensEnd(afterQuote);
    return readUpTo(parser, text, text.length - afterQuote.length + complete, options, snap.value);
  }
  // Read as it stands, the complete tokens the engine still waits on are complete: a number at the
  // end, values whose next text decides how they are read (`[[1], "a", "b"], [`: a row's lost `[`).
  const waiting = parser.waitingText();
  const complete = waiting === undefined ? 0 : completeTokensEnd(waiting);
  if (complete === 0) return snap.value;
  return readUpTo(parser, text, text.length - (waiting as string).length + complete, options, snap.value);
}

/**
 * The value of `text` read up to `length` as a whole (the parser's end), or `shown` (see endOr).
 * After a prelude, the value the stream found is read, not what extraction would choose in the whole
 * prefix: extraction takes `Sure! [1` for a citation (NO_JSON, while `Sure! [1,` reads `[1]`), and
 * prefers a draft in `<think>` to an answer cut off after it. The skipped text is blanked (line breaks
 * kept, so offsets, lines and columns stay), and the value is read as a reply that starts with it.
 */
function readUpTo(parser: StreamParserImpl<unknown>, text: string, length: number, options: StreamOptions, shown: unknown): unknown {
  const skipped = parser.skippedTo();
  if (length === text.length && skipped < 0) return endOr(parser, length, shown);
  const upTo = new StreamParserImpl<unknown>({ ...options, deltas: false }, true);
  upTo.push(skipped < 0 ? text.slice(0, length) : blankBefore(text, skipped) + text.slice(skipped, length));
  return endOr(upTo, length, shown);
}

/** `text` up to `end` with every character but line breaks made a space. */
function blankBefore(text: string, end: number): string {
  return text.slice(0, end).replace(/[^\r\n]/g, ' ');
}

/**
 * The parser's end, or `shown` when the text ending at `length` is what fails (`{"k"`: the member is
 * dropped and the `{` holds nothing, which a whole reply may not be; a prefix may).
 */
function endOr(parser: StreamParserImpl<unknown>, length: number, shown: unknown): unknown {
  try {
    return parser.end();
  } catch (e) {
    if (e instanceof JsonMendError && e.code === 'UNREPAIRABLE' && e.offset === length && shown !== undefined) return shown;
    throw e;
  }
}

/** A number in JSON's own form or a literal, from `lastIndex`; no nested quantifiers, so no backtracking. */
const NUMBER_OR_LITERAL = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

/**
 * How much of `s` is complete tokens (numbers, literals, strings closed on their line) with the
 * commas, `]`, `}` and spaces after them: 0 when it starts with none.
 */
function completeTokensEnd(s: string): number {
  let end = 0;
  for (let i = 0; i < s.length;) {
    if (endsToken(s.charCodeAt(i))) {
      i++;
      if (end > 0) end = i;
      continue;
    }
    if (s.charCodeAt(i) === 0x22) {
      let k = i + 1;
      while (k < s.length && s.charCodeAt(k) !== 0x22 && s.charCodeAt(k) !== 0x0a) k += s.charCodeAt(k) === 0x5c ? 2 : 1;
      if (k >= s.length || s.charCodeAt(k) !== 0x22) return end;
      // A string that ends in a space or comma, then only spaces and commas: the engine has yet to
      // judge its quote (a `]` or `}` after it would close it), and until then a snapshot holds that
      // space or comma back. Shown whole here, the next prefix would take it back (`[…," ",`).
      const last = s.charCodeAt(k - 1);
      if (k - 1 > i && (last === 0x2c || last === 0x20 || last === 0x09 || last === 0x0a) && onlyDelimitersFrom(s, k + 1, false)) return end;
      i = k + 1;
    } else {
      NUMBER_OR_LITERAL.lastIndex = i;
      // `1.` and `5e` are numbers still being written.
      if (!NUMBER_OR_LITERAL.test(s) || (NUMBER_OR_LITERAL.lastIndex < s.length && !endsToken(s.charCodeAt(NUMBER_OR_LITERAL.lastIndex)))) return end;
      i = NUMBER_OR_LITERAL.lastIndex;
    }
    end = i;
  }
  return end;
}

/** Whether every character of `s` from `i` on is a space or a comma, or with `closers` also `]` or `}`. */
function onlyDelimitersFrom(s: string, i: number, closers: boolean): boolean {
  for (let k = i; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (!endsToken(c) || (!closers && (c === 0x5d || c === 0x7d))) return false;
  }
  return true;
}

/** Whether `s` from `i` on is spaces and at least one `]` or `}`, nothing else. */
function closersEnd(s: string, i: number): boolean {
  let closers = 0;
  for (let k = i; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 0x5d || c === 0x7d) closers++;
    else if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  }
  return closers > 0;
}

/** A space, comma, `]` or `}`: what may follow a complete token. */
function endsToken(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x2c || c === 0x5d || c === 0x7d;
}

/** A reply that starts (after space) like a top-level string, number or literal. */
function bareScalar(text: string): boolean {
  const t = text.trim();
  const c = t.charCodeAt(0);
  if (c === 0x22 || c === 0x27 || c === 0x2d || (c >= 0x30 && c <= 0x39)) return true;
  return LITERALS.has(t);
}

/** A reply that ends with a code fence's closer (```` ```json⏎1⏎``` ````): what it holds is complete. */
function closedFenceEnds(text: string): boolean {
  const t = text.trimEnd();
  return t.endsWith('```') && t.indexOf('```') < t.length - 3;
}

/**
 * A bare number not complete as written (`2.5e-`, `1e`, `-`, `3.`): nothing yet, as inside a
 * container; read whole, it would show a value the next characters change (`2.5`).
 */
function cutOffNumber(text: string): boolean {
  const t = text.trim();
  const c = t.charCodeAt(0);
  return (c === 0x2d || (c >= 0x30 && c <= 0x39)) && !JSON_NUMBER.test(t);
}

const JSON_NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

const LITERALS = new Set(['true', 'false', 'null', 'True', 'False', 'None']);

function wholeOrNothing(parser: StreamParserImpl<unknown>): unknown {
  try {
    return parser.end();
  } catch (e) {
    if (e instanceof JsonMendError && e.code === 'NO_JSON') return undefined;
    throw e;
  }
}
