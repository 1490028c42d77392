// The near-JSON lane: text that is JSON but for the slips models make most — single-quoted strings,
// Python's True/False/None, unquoted keys, comments, trailing commas, an end cut off after a value or
// inside a string — is rewritten into JSON and read by JSON.parse, which builds values faster than any
// JavaScript reader can. It decides nothing the engine would decide differently: anything else (an
// apostrophe that may or may not end a string, an escape to translate, a literal of another language, a
// cut inside a name or after a sign) sends the text to the engine, as does a rewrite JSON.parse refuses.
// It runs only when nobody reads the repairs (`parse` without `onRepair`), since it does not name them;
// test/parse/near-json.test.ts and the fuzz property `parse.equals-report` hold it to the engine's values.
//
// The rewrite works on the text's UTF-8 bytes, in place: every fix above is a same-length overwrite
// (a quote for a quote, `true` for `True`, spaces for a comment or a dropped comma, the two quotes of an
// unquoted key written over the space before it and its colon moved into the space after it), so no
// string is built piece by piece — building one costs more than JSON.parse's whole job on it.

import { tryJsonParse } from './native-json.js';
import { PIECES_FROM_BYTES, parseInPieces } from './json-pieces.js';
import { LATEX_NAME_LOOK, isLatexCommand } from './latex.js';
import type { TextRepairKind } from './types.js';

const enum Want {
  /** A value (after `[`, `,` in an array, `:` or at the top). */
  VALUE,
  /** A key or `}` (after `{` or `,` in an object). */
  KEY,
  /** The `:` after a key. */
  COLON,
  /** A `,` or a closer, after a value. */
  NEXT,
}

const OBJECT = 0x7d; // the closer an open object needs
const ARRAY = 0x5d;
const QUOTE = 0x22;
const SPACE = 0x20;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The repairs a rewrite the lane takes makes (a cut-off end aside, which it reports as `cutOff`): a
 * call that refuses any of these leaves the text to the engine, which refuses it where it must.
 */
export const LANE_REPAIRS: readonly TextRepairKind[] = ['trailing_comma', 'single_quotes', 'python_literal', 'unquoted_key', 'comment'];

/**
 * A buffer kept between calls for texts up to this many bytes of room. A larger one is kept only as
 * long as the collector leaves it (a WeakRef): fresh memory costs a page fault per 4 KB, which on 1 MB
 * cost as much as the rewrite, while a buffer kept for good would hold a rare long text's size.
 */
const KEPT_BUFFER_BYTES = 1 << 20;
/** Room past a text's bytes for a cut-off end: closers for this many open containers (deeper: the engine's). */
const CLOSER_ROOM = 256;
let kept: Uint8Array | undefined;
let keptLarge: WeakRef<Uint8Array> | undefined;

/**
 * The value of `s.slice(start, end)` when it is near-JSON (see above) and JSON.parse takes the
 * rewrite, else undefined. `maxDepth` is the engine's: deeper text is left to it, to refuse.
 */
export function readNearJson(s: string, start: number, end: number, maxDepth: number): { value: unknown; cutOff: boolean } | undefined {
  const rewritten = rewriteSpan(s, start, end, maxDepth);
  if (rewritten === undefined) return undefined;
  const { bytes, length } = rewritten;
  const read = length >= PIECES_FROM_BYTES && topAt >= 0
    ? parseInPieces(bytes, topAt, length, topCommas, decoder)
    : tryJsonParse(decoder.decode(bytes.subarray(0, length)));
  return read === undefined ? undefined : { value: read.value, cutOff };
}

/** Whether the last rewrite closed a text cut off inside a value, or completed a literal cut off (set by `cut`). */
let cutOff = false;

/** Where the last rewrite's top-level container opened (-1: its value was no container), and the commas between its members. */
let topAt = -1;
const topCommas: number[] = [];

/** The JSON text the lane rewrites `s.slice(start, end)` into, or undefined when the engine must read it. */
export function nearJsonText(s: string, start: number, end: number, maxDepth: number): string | undefined {
  const rewritten = rewriteSpan(s, start, end, maxDepth);
  return rewritten === undefined ? undefined : decoder.decode(rewritten.bytes.subarray(0, rewritten.length));
}

/** The bytes holding the rewrite of `s.slice(start, end)` and its length, or undefined when the engine must read it. */
function rewriteSpan(s: string, start: number, end: number, maxDepth: number): { bytes: Uint8Array; length: number } | undefined {
  if (end <= start) return undefined;
  const span = start === 0 && end === s.length ? s : s.slice(start, end);
  // ASCII text takes a byte per character; other text up to 3. Past the text's bytes: a cut-off end's
  // closers (one per opener read) and a literal's completion.
  let bytes = bufferOf(span.length + CLOSER_ROOM);
  let encoded = encoder.encodeInto(span, bytes);
  if (encoded.written !== span.length) {
    // Not ASCII. A right double quote may close a string the engine's way, not JSON's; a lone
    // surrogate has no UTF-8 form, so encoding changed it.
    if (span.includes('\u201d') || !isWellFormed(span)) return undefined;
    if (encoded.read < span.length) {
      bytes = bufferOf(3 * span.length + CLOSER_ROOM);
      encoded = encoder.encodeInto(span, bytes);
    }
  }
  // In ASCII text a byte's index is its character's: the text's own indexOf finds a string's end.
  const length = rewrite(bytes, encoded.written, maxDepth, encoded.written === span.length ? span : undefined);
  if (length < 0 || (cutOff && onlyBrackets(bytes, length))) return undefined;
  return { bytes, length };
}

/**
 * Whether the JSON written is brackets alone (`{` cut off as `{}`, `[[` as `[[]]`): whether the
 * reply gave any value then is the engine's to tell (it refuses one that gave none).
 */
function onlyBrackets(b: Uint8Array, length: number): boolean {
  for (let k = 0; k < length; k++) {
    const c = b[k];
    if (c !== 0x7b && c !== 0x7d && c !== 0x5b && c !== 0x5d && !isSpace(c)) return false;
  }
  return true;
}

/** A buffer of at least `room` bytes: the kept one, or for a long text the large one if still there. */
function bufferOf(room: number): Uint8Array {
  if (room > KEPT_BUFFER_BYTES) {
    let large = keptLarge?.deref();
    if (large === undefined || large.length < room) {
      large = new Uint8Array(room);
      keptLarge = new WeakRef(large);
    }
    return large;
  }
  if (kept === undefined || kept.length < room) kept = new Uint8Array(Math.max(room, 4096));
  return kept;
}

const isWellFormed: (s: string) => boolean =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function'
    ? (s) => (s as unknown as { isWellFormed(): boolean }).isWellFormed()
    : () => false;

/**
 * Rewrites the near-JSON in `b[0, n)` into JSON in place and returns its length (closers for a cut-off
 * end appended), or -1 when the engine must read it.
 */
function rewrite(b: Uint8Array, n: number, maxDepth: number, ascii: string | undefined): number {
  cutOff = false;
  topAt = -1;
  topCommas.length = 0;
  const closers: number[] = [];
  let want = Want.VALUE;
  // A comma with nothing but space and comments after it yet: blanked if a closer (or the end) follows.
  let commaAt = -1;
  // Where the current member or element starts: the end of the text cuts a member back to there.
  let memberAt = 0;
  // In ASCII text: the next `"` and `\` after a single-quoted string's start, kept between strings.
  let nextDouble = -1;
  let nextSlash = -1;
  let i = 0;
  while (i < n) {
    let c = b[i];
    // Space is skipped here rather than in a turn of its own: a turn costs more than the bytes it reads.
    if (CLASS[c] & IS_SPACE) {
      i++;
      while (i < n && CLASS[b[i]] & IS_SPACE) i++;
      if (i >= n) break;
      c = b[i];
    }
    if (c === 0x2f) {
      // A comment is space. (Bytes from n on are a previous text's: never read them.) Not after a
      // key: the engine may read `"a:"//x"` as a key that lost its quote, and `//x"` as its value.
      if (want === Want.COLON) return -1;
      const d = i + 1 < n ? b[i + 1] : 0;
      let after: number;
      if (d === 0x2f) {
        if (ascii !== undefined) {
          after = indexOrEnd(ascii, '\n', i + 2, n);
        } else {
          after = i + 2;
          while (after < n && b[after] !== 0x0a) after++;
        }
        // A closer in a line comment may be the document's (see closerInComment): the engine's to read.
        for (let k = i + 2; k < after; k++) if (b[k] === 0x7d || b[k] === 0x5d) return -1;
      } else if (d === 0x2a) {
        after = i + 3;
        while (after < n && !(b[after] === 0x2f && b[after - 1] === 0x2a)) after++;
        if (after >= n) return -1;
        after++;
      } else {
        return -1;
      }
      b.fill(SPACE, i, after);
      i = after;
      continue;
    }
    if (want === Want.NEXT) {
      if (c === 0x2c) {
        if (closers.length === 0) return -1;
        if (closers.length === 1) topCommas.push(i);
        commaAt = i;
        memberAt = i;
        want = closers[closers.length - 1] === OBJECT ? Want.KEY : Want.VALUE;
        i++;
        continue;
      }
      if (c !== OBJECT && c !== ARRAY) return -1;
    }
    if (c === OBJECT || c === ARRAY) {
      // `}` may close an empty object or follow a trailing comma; `]` likewise; never after a key.
      if (closers.length === 0 || closers[closers.length - 1] !== c) return -1;
      if (want === Want.COLON || (want === Want.VALUE && c === OBJECT)) return -1;
      if (commaAt !== -1) {
        b[commaAt] = SPACE;
        commaAt = -1;
      }
      closers.pop();
      want = Want.NEXT;
      i++;
      if (closers.length === 0) return finish(b, i, n);
      continue;
    }
    if (want === Want.COLON) {
      if (c !== 0x3a) return -1;
      want = Want.VALUE;
      i++;
      continue;
    }
    commaAt = -1;
    if (c === QUOTE || c === 0x27) {
      // A JSON string (JSON.parse checks its escapes and characters), or a single-quoted one with
      // nothing to translate: no `"` or `\` before its closing quote.
      let j = i + 1;
      if (c === QUOTE && ascii !== undefined) {
        j = ascii.indexOf('"', j);
        while (j !== -1 && b[j - 1] === 0x5c && escapedAt(b, j)) j = ascii.indexOf('"', j + 1);
        if (j === -1) j = n;
        // A LaTeX command written with one backslash (`\frac`) is the engine's to read (see latex.ts).
        if (nextSlash <= i) nextSlash = indexOrEnd(ascii, '\\', i + 1, n);
        if (nextSlash < j && latexIn(b, nextSlash, j)) return -1;
      } else if (c === QUOTE) {
        while (j < n) {
          const d = b[j];
          if (d === QUOTE) break;
          if (d === 0x5c && latexCommandBytes(b, j + 1, n)) return -1;
          j += d === 0x5c ? 2 : 1;
        }
      } else if (ascii !== undefined) {
        j = ascii.indexOf("'", j);
        if (j === -1) j = n;
        if (nextDouble <= i) nextDouble = indexOrEnd(ascii, '"', i + 1, n);
        if (nextSlash <= i) nextSlash = indexOrEnd(ascii, '\\', i + 1, n);
        if (nextDouble < j || nextSlash < j) return -1;
      } else {
        while (j < n) {
          const d = b[j];
          if (d === 0x27) break;
          if (d === QUOTE || d === 0x5c) return -1;
          j++;
        }
      }
      if (j >= n) {
        // Cut off: a key goes with its member; a value's string is closed where the text ends.
        if (!cutStringEnds(b, i, n, want === Want.KEY)) return -1;
        if (want === Want.KEY) return cut(b, memberAt, closers);
        b[i] = QUOTE;
        b[n] = QUOTE;
        return cut(b, n + 1, closers);
      }
      b[i] = QUOTE;
      b[j] = QUOTE;
      i = j + 1;
      if (want !== Want.KEY) {
        want = Want.NEXT;
        continue;
      }
      // A key's colon and a space after it, as JSON is written, read here: two turns of the loop fewer
      // for every member.
      if (i < n && b[i] === 0x3a) {
        want = Want.VALUE;
        i++;
        if (i < n && b[i] === SPACE) i++;
      } else {
        want = Want.COLON;
      }
      continue;
    }
    if (want === Want.KEY) {
      // An unquoted key, a plain name: its quotes go over the space before it and its colon, which
      // moves into the space after it (`␣name:␣` → `"name":`); without that room it is the engine's.
      if (!isNameStart(c) || !isSpace(b[i - 1])) return -1;
      let j = i + 1;
      while (j < n && isNameChar(b[j])) j++;
      // Cut off in the name or before its colon (`"x",\n  ke` at the end): left to the engine, which
      // drops the member the end cut off and reports it (the string before stays closed, see
      // commaFollows in string-end.ts).
      let k = j;
      while (k < n && isSpace(b[k])) k++;
      if (k >= n || b[k] !== 0x3a || isLiteral(b, i, j)) return -1;
      if (k === j) {
        if (j + 1 >= n || !isSpace(b[j + 1])) return -1;
        b[j + 1] = 0x3a;
      }
      b[i - 1] = QUOTE;
      b[j] = QUOTE;
      want = Want.VALUE;
      i = k === j ? j + 2 : k + 1;
      continue;
    }
    // A value.
    if (c === 0x7b || c === 0x5b) {
      if (closers.length >= maxDepth) return -1;
      if (closers.length === 0) topAt = i;
      closers.push(c === 0x7b ? OBJECT : ARRAY);
      want = c === 0x7b ? Want.KEY : Want.VALUE;
      i++;
      memberAt = i;
      continue;
    }
    if ((c >= 0x30 && c <= 0x39) || c === 0x2d) {
      // JSON.parse checks the number's form; one cut off after a sign, a point or an `e` is the engine's.
      let j = i + 1;
      while (j < n && isNumberChar(b[j])) j++;
      want = Want.NEXT;
      i = j;
      if (closers.length === 0) return finish(b, i, n);
      if (j >= n) {
        const last = b[j - 1];
        return last >= 0x30 && last <= 0x39 ? cut(b, n, closers) : -1;
      }
      continue;
    }
    let j = i;
    while (j < n && isNameChar(b[j])) j++;
    if (j >= n) {
      // A literal the end cut off (`tru`, `Non`) reads as the whole literal.
      const whole = j > i ? literalStartingWith(b, i, j) : undefined;
      if (whole === undefined) return -1;
      for (let k = 0; k < whole.length; k++) b[i + k] = whole.charCodeAt(k);
      const length = cut(b, i + whole.length, closers);
      // `Non` was cut off; a whole `None` that ends a text with nothing open was not.
      if (j - i === whole.length && closers.length === 0) cutOff = false;
      return length;
    }
    if (!writeLiteral(b, i, j)) return -1;
    want = Want.NEXT;
    i = j;
    if (closers.length === 0) return finish(b, i, n);
  }
  // Cut off after a value: keep it; in a member or element before its value: drop that. Right after
  // a key, the engine's: a key that holds a line break or a colon may have lost its closing quote.
  if (closers.length === 0 || want === Want.COLON) return -1;
  return cut(b, want === Want.NEXT ? n : memberAt, closers);
}

/** `s.indexOf(what, from)`, or `end` when there is none. */
function indexOrEnd(s: string, what: string, from: number, end: number): number {
  const k = s.indexOf(what, from);
  return k === -1 ? end : k;
}

/** Whether a string's escapes in [from, to), `from` at its first backslash, hold a LaTeX command (see latexCommandBytes). */
function latexIn(b: Uint8Array, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    if (b[k] !== 0x5c) continue;
    if (latexCommandBytes(b, k + 1, to)) return true;
    k++;
  }
  return false;
}

/** Whether the escape letter at `k` starts a LaTeX command's name that is also a JSON escape (`\frac`, `\times`). */
function latexCommandBytes(b: Uint8Array, k: number, end: number): boolean {
  const c = b[k];
  if (c !== 0x62 && c !== 0x66 && c !== 0x6e && c !== 0x72 && c !== 0x74) return false;
  let j = k + 1;
  while (j < end && j - k < LATEX_NAME_LOOK && ((b[j] | 0x20) >= 0x61 && (b[j] | 0x20) <= 0x7a)) j++;
  return j - k > 1 && isLatexCommand(String.fromCharCode(...b.subarray(k, j)));
}

/** Whether the quote at `j` is escaped: an odd number of backslashes before it. */
function escapedAt(b: Uint8Array, j: number): boolean {
  let k = j - 1;
  while (b[k] === 0x5c) k--;
  return (j - 1 - k) % 2 === 1;
}

/** Writes the closers of the open containers at `at`; returns the length of the JSON text. */
function cut(b: Uint8Array, at: number, closers: readonly number[]): number {
  if (at + closers.length > b.length) return -1;
  cutOff = true;
  let k = at;
  for (let c = closers.length - 1; c >= 0; c--) b[k++] = closers[c];
  return k;
}

/** The top-level value ended at `i`: only space may follow it. */
function finish(b: Uint8Array, i: number, n: number): number {
  for (let k = i; k < n; k++) if (!isSpace(b[k])) return -1;
  return i;
}

/**
 * Whether a string that starts at `i` and runs to the end is closed there as it stands, as the engine
 * closes it: not when its last characters may be more than text (an escape, a markup tag or a fence
 * that leaked in, a control character, closers the engine takes for the text's own); nor a key
 * holding a `:` or `,` (the engine may split it there).
 */
function cutStringEnds(b: Uint8Array, i: number, n: number, key: boolean): boolean {
  for (let k = i + 1; k < n; k++) {
    const c = b[k];
    if (c === 0x5c || c === 0x3c || c === 0x60 || c === OBJECT || c === ARRAY || c < 0x20) return false;
    if (key && (c === 0x3a || c === 0x2c)) return false;
  }
  return true;
}

/** The words the lane reads as values, and the JSON each is written as (always as long). */
const LITERALS: readonly (readonly [word: string, json: string])[] = [
  ['true', 'true'], ['false', 'false'], ['null', 'null'],
  ['True', 'true'], ['False', 'false'], ['None', 'null'],
];

/** The index in LITERALS of the word `b[i, j)`, or -1. */
function literalAt(b: Uint8Array, i: number, j: number): number {
  outer: for (let l = 0; l < LITERALS.length; l++) {
    const word = LITERALS[l][0];
    if (word.length !== j - i) continue;
    for (let k = 0; k < word.length; k++) if (b[i + k] !== word.charCodeAt(k)) continue outer;
    return l;
  }
  return -1;
}

function isLiteral(b: Uint8Array, i: number, j: number): boolean {
  return (j - i === 4 || j - i === 5) && literalAt(b, i, j) !== -1;
}

/** Writes the JSON of the literal `b[i, j)` over it (`True` → `true`); false when it is none. */
function writeLiteral(b: Uint8Array, i: number, j: number): boolean {
  const l = literalAt(b, i, j);
  if (l < 0) return false;
  if (l >= 3) {
    const json = LITERALS[l][1];
    for (let k = 0; k < json.length; k++) b[i + k] = json.charCodeAt(k);
  }
  return true;
}

/** The JSON of the literal a cut-off word `b[i, j)` starts (`tr` → `true`, `Non` → `null`), or undefined. */
function literalStartingWith(b: Uint8Array, i: number, j: number): string | undefined {
  outer: for (const [word, json] of LITERALS) {
    if (word.length < j - i) continue;
    for (let k = 0; k < j - i; k++) if (b[i + k] !== word.charCodeAt(k)) continue outer;
    return json;
  }
  return undefined;
}

// What each byte can be, one load instead of a chain of compares in the loops that read every byte.
const IS_SPACE = 1;
const IS_NAME_START = 2;
const IS_NAME = 4;
const IS_NUMBER = 8;
const CLASS = new Uint8Array(256);
for (const c of [SPACE, 0x0a, 0x0d, 0x09]) CLASS[c] |= IS_SPACE;
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z_$]/.test(ch)) CLASS[c] |= IS_NAME_START | IS_NAME;
  if (/[0-9]/.test(ch)) CLASS[c] |= IS_NAME | IS_NUMBER;
  if (/[.eE+-]/.test(ch)) CLASS[c] |= IS_NUMBER;
}

function isSpace(c: number): boolean {
  return (CLASS[c] & IS_SPACE) !== 0;
}

function isNameStart(c: number): boolean {
  return (CLASS[c] & IS_NAME_START) !== 0;
}

function isNameChar(c: number): boolean {
  return (CLASS[c] & IS_NAME) !== 0;
}

function isNumberChar(c: number): boolean {
  return (CLASS[c] & IS_NUMBER) !== 0;
}
