// A continuation that begins by writing again the end of the reply it continues: models asked to go on
// often repeat the last characters or tokens, or start the cut member over (`{"a": 1, "c": "hel` +
// `"c": "hello"}`). Glued as written, that text is doubled (`"helhello"`); with the repeat dropped it may be
// lost (a `hel` + `hello` that was meant). Only when one of the two readings is JSON that joins cleanly,
// or both give the same value, is the choice not a guess; otherwise the loop refuses the reply.
import { JsonMendError } from '../errors.js';
import { sameJson } from '../same-json.js';
import type { Repair } from '../schema/types.js';
import { repairAtSeam } from './continuation.js';
import { parseReply, type LoopParseOptions } from './parse-reply.js';
import { keyWrittenAgain } from './rewritten-keys.js';

/** Characters of a word, number or literal: a repeat that begins inside one may be the word's own letters. */
const WORD = /[\p{L}\p{N}_.+-]/u;

/**
 * A repeat this long counts wherever it begins; a single character only from the start of a word or outside
 * words: `"hel` + `lo"` (the `l` of `hello`) and `10` + `00` are words going on, double letters being common,
 * while two or more written again inside a word (`"hello wor` + `orld"`, `1229` + `29`) are rarely meant.
 */
const MIN_INSIDE_WORD = 2;

/**
 * The length of the longest text that `next` begins with and `first` ends with and that may be written
 * twice (see {@link MIN_INSIDE_WORD}); 0 when there is none. Linear: the border chain of `next`'s prefix
 * function (Knuth–Morris–Pratt), matched against `first`'s end.
 */
export function repeatedTail(first: string, next: string): number {
  const m = Math.min(first.length, next.length);
  if (m === 0) return 0;
  const border = new Int32Array(m);
  for (let i = 1, k = 0; i < m; i++) {
    while (k > 0 && next[i] !== next[k]) k = border[k - 1]!;
    if (next[i] === next[k]) k++;
    border[i] = k;
  }
  let q = 0;
  for (let i = first.length - m; i < first.length; i++) {
    if (q === m) q = border[q - 1]!;
    while (q > 0 && first[i] !== next[q]) q = border[q - 1]!;
    if (first[i] === next[q]) q++;
  }
  // Every shorter text both begin and end with is a border of the longest: the longest that may be a repeat.
  for (let k = q; k > 0; k = border[k - 1]!) {
    const at = first.length - k;
    if (k >= MIN_INSIDE_WORD || at === 0 || !WORD.test(first[at - 1]!) || !WORD.test(first[at]!)) return k;
  }
  return 0;
}

/** How a continuation is glued: `drop` its first characters (0: as written), or not at all (`repeated`). */
export type Join = { drop: number } | { repeated: number };

/**
 * Whether the continuation `next` of `first` is glued as written or without the text it repeats of
 * `first`'s end. Each reading counts when its parts meet without a repair and no key is written again
 * after the join (cut-off repairs do not count here: the reply may be continued again, and the final check
 * refuses a cut left at the join).
 */
export async function chooseJoin(first: string, next: string, parseOptions: LoopParseOptions): Promise<Join> {
  const repeated = repeatedTail(first, next);
  if (repeated === 0) return { drop: 0 };
  const asWritten = await cleanReading(first + next, first.length, parseOptions);
  const dropped = await cleanReading(first + next.slice(repeated), first.length, parseOptions);
  if (dropped === undefined) return { drop: 0 };
  if (asWritten === undefined) return { drop: repeated };
  return sameJson(asWritten.value, dropped.value) ? { drop: 0 } : { repeated };
}

async function cleanReading(text: string, seam: number, parseOptions: LoopParseOptions): Promise<{ value: unknown } | undefined> {
  const repairs: Repair[] = [];
  let value: unknown;
  try {
    value = (await parseReply(text, undefined, { ...parseOptions, acceptTruncated: true }, undefined, repairs)).value;
  } catch {
    return undefined;
  }
  if (repairAtSeam(repairs, text, [seam], true) !== undefined) return undefined;
  if (keyWrittenAgain(text, [seam], parseOptions) !== undefined) return undefined;
  return { value };
}

/** The error of a continued reply that repeats the reply's end where either reading may be meant. */
export function repeatRefused(repeated: number): JsonMendError {
  return new JsonMendError(
    'REPAIR_REFUSED',
    `the reply was cut off and continued, and the continuation begins with the last ${repeated} characters of the reply: ` +
      'written twice or once, they give different values, and which was meant would be a guess',
  );
}

/** The error of a continued reply that writes a key again after the join: the last would win, silently. */
export function keyAgainRefused(path: string): JsonMendError {
  return new JsonMendError(
    'REPAIR_REFUSED',
    'the reply was cut off and continued, and the continuation writes a key the value already has: it started a member ' +
      'over, and keeping either value would be a guess',
    { path },
  );
}
