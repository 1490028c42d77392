// Whether a value that just closed may go on: the parser reads `{"a": 1}}, "b": 2}` and `[1, 2], 3]` as
// one value with a stray closer, `{"a": 1}⏎", "b": 2}` with a stray quote too (see strayCloser in
// parse/continuation.ts), so the span found in prose must reach that far, or what follows the stray
// closer would be set aside as prose.
import { curlyClosedKeyAt, isComma, isDigit, isKeyChar, isKeyStart, isLetter, isWs, literalAt, pastNotes, skipComments, skipWs } from './chars.js';

const COLON = 0x3a;
const COMMA = 0x2c;
const QUOTE = 0x22;
const APOS = 0x27;
const BACKSLASH = 0x5c;
const LF = 0x0a;
const MINUS = 0x2d;
const RBRACE = 0x7d;
const RBRACK = 0x5d;
const LBRACE = 0x7b;
const LBRACK = 0x5b;
const FULLWIDTH_COLON = 0xff1a;

/** How far past the closer the look reaches. */
const LOOK = 160;

const enum Part { NONE, MEMBER, ELEMENT, CONTAINER }

/**
 * Where the value that the closer at `at` would end may go on, as the parser reads it: the offset the
 * scan resumes after, or -1. `inObject`: the innermost container open before the closer is an object.
 * - Past spaces and more closers, a comma and then a member (`"key":`), a scalar element followed by
 *   `,` or `]`, or a container (`, and more` is prose): `{"a": 1}}, "b": 2}`, `[1, 2], 3]`.
 * - Right after a single closer with no comma, the closer written for another delimiter: for a comma
 *   (a member after an object's closer, a scalar element after an array's: `{"a": 1} "b": 2}`);
 *   for an opener where a value belongs (a member after `[1, ]` or `[]`, elements after `"k": }`);
 *   for a key's colon (a value after `"key"}`: `{"a": 1, "b"} 2, "c": 3}`); stray before a key's
 *   colon (`{"a"}: 1}`). Or a container, which the parser reads as a value side by side, keeping
 *   all its text (`[{"a": 1}]{"b": 2}, 3]`).
 * The caller takes the continuation only if a closer of the value comes after it: `[1, 2], 3]` is one
 * value, `{"a": 1}, {"b": 2} and more` two.
 */
export function continuationAt(text: string, at: number, limit: number, inObject: boolean): number {
  const end = Math.min(limit, at + 1 + LOOK);
  let i = skipWs(text, at + 1, end);
  if (i >= end) return -1;
  const first = text.charCodeAt(i);
  if (!isComma(first) && first !== RBRACE && first !== RBRACK && !quoteThenComma(text, i)) {
    const part = partAt(text, i, end);
    if (part === Part.CONTAINER || (keyBefore(text, at) && (first === COLON || first === FULLWIDTH_COLON || (inObject && (isValueStart(text, i, end) || lostOpenerValueAt(text, i, end)))))) return i - 1;
    // An opener written as a closer where a value belongs: a member after `[1, ]` or `[]`, elements
    // after `"k": }`.
    const before = charBefore(text, at);
    if (part === Part.MEMBER) return inObject || before === COMMA || before === LBRACK ? i - 1 : -1;
    return part === Part.ELEMENT && (!inObject || before === COLON) ? i - 1 : -1;
  }
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isWs(c) || c === RBRACE || c === RBRACK) continue;
    // `{}},⏎  ],⏎  "b": 1`: a trailing comma between closers (the parser's strayCloser reads past it too).
    if (c === COMMA) {
      const j = skipWs(text, i + 1, end);
      if (j < end && (text.charCodeAt(j) === RBRACE || text.charCodeAt(j) === RBRACK)) continue;
    }
    break;
  }
  if (quoteThenComma(text, i)) i++;
  if (i >= end || !isComma(text.charCodeAt(i))) return -1;
  // `}}, // note⏎ "c": 2}`, `}}, ... "c": 2}`: a note between the comma and the member, as the parser reads it.
  return partAt(text, pastNotes(text, i + 1, end), end) === Part.NONE ? -1 : i;
}

/**
 * `{"code": "f({'a': x"b"})\n", "lang": "py"}`: a string's end quote after the closers, of a string
 * whose unescaped quotes ended it early, with the comma right after it: the parser drops it as stray.
 */
function quoteThenComma(text: string, i: number): boolean {
  return text.charCodeAt(i) === QUOTE && text.charCodeAt(i + 1) === COMMA;
}

/** What starts at `i`: a member, a scalar element (followed by `,` or `]`), a container, or none of these. */
function partAt(text: string, i: number, end: number): Part {
  const c = text.charCodeAt(i);
  if (c === LBRACE || c === LBRACK) return Part.CONTAINER;
  if (isKeyStart(c) && literalAt(text, i, end) < 0) {
    // `b: 2`, a key as JavaScript and Python write it (not a link's `https://`).
    let k = i + 1;
    while (k < end && isKeyChar(text.charCodeAt(k))) k++;
    // `b": 2`: a key that lost its opening quote.
    if (k < end && text.charCodeAt(k) === QUOTE) k++;
    const colon = skipWs(text, k, end);
    return colon < end && text.charCodeAt(colon) === COLON && text.charCodeAt(colon + 1) !== 0x2f ? Part.MEMBER : Part.NONE;
  }
  // `"b”: 2`: a key closed with a curly quote.
  if (c === QUOTE && curlyClosedKeyAt(text, i, end)) return Part.MEMBER;
  const k = scalarEnd(text, i, end);
  if (k < 0) return Part.NONE;
  const after = skipWs(text, k, end);
  if (after >= end) return Part.NONE;
  const d = text.charCodeAt(after);
  if (c === QUOTE || c === APOS) {
    if (d === COLON) return Part.MEMBER;
    // `"b"": 2`: the key's closing quote doubled.
    if (after === k && d === c) {
      const colon = skipWs(text, k + 1, end);
      if (colon < end && text.charCodeAt(colon) === COLON) return Part.MEMBER;
    }
    // `"b" 2}`: a member whose colon was lost, the object's last (as the parser reads it).
    const value = scalarEnd(text, after, end);
    const close = value < 0 ? end : skipWs(text, value, end);
    if (close < end && text.charCodeAt(close) === RBRACE) return Part.MEMBER;
  }
  return d === COMMA || d === RBRACK ? Part.ELEMENT : Part.NONE;
}

/** Whether words at `i` end at a `"` before `,` or `}` (`x",`): a value that lost its opening quote. */
function lostOpenerValueAt(text: string, i: number, end: number): boolean {
  if (!isLetter(text.charCodeAt(i))) return false;
  let k = i;
  while (k < end && (isKeyChar(text.charCodeAt(k)) || text.charCodeAt(k) === 0x20 || text.charCodeAt(k) === 0x2e)) k++;
  if (k >= end || text.charCodeAt(k) !== QUOTE) return false;
  const d = skipWs(text, k + 1, end);
  return d < end && (text.charCodeAt(d) === COMMA || text.charCodeAt(d) === RBRACE);
}

/** The end of the quoted string (on one line, `"` or `'`), number or literal at `i`; -1 if none starts there. */
function scalarEnd(text: string, i: number, end: number): number {
  const c = text.charCodeAt(i);
  let k = i + 1;
  if (c === QUOTE || c === APOS) {
    while (k < end && text.charCodeAt(k) !== c && text.charCodeAt(k) !== LF) k += text.charCodeAt(k) === BACKSLASH ? 2 : 1;
    return k < end && text.charCodeAt(k) === c ? k + 1 : -1;
  }
  if (isDigit(c) || c === MINUS) {
    while (k < end && isNumberPart(text.charCodeAt(k))) k++;
    return k;
  }
  return isLetter(c) ? literalAt(text, i, end) : -1;
}

/** Whether a value starts at `i`: a quote, an opener, a number or a literal (not prose's words). */
function isValueStart(text: string, i: number, end: number): boolean {
  const c = text.charCodeAt(i);
  return isLetter(c) ? literalAt(text, i, end) >= 0 : c === QUOTE || c === APOS || c === LBRACE || c === LBRACK || c === MINUS || isDigit(c);
}

/** The character before `at`, past spaces; -1 at the start. */
function charBefore(text: string, at: number): number {
  let i = at - 1;
  while (i >= 0 && isWs(text.charCodeAt(i))) i--;
  return i >= 0 ? text.charCodeAt(i) : -1;
}

/** Whether a key (a quoted string after `{` or `,`, on one line) ends right before the closer at `at`. */
function keyBefore(text: string, at: number): boolean {
  if (charBefore(text, at) !== QUOTE) return false;
  let i = at - 1;
  while (isWs(text.charCodeAt(i))) i--;
  const floor = Math.max(0, i - LOOK);
  do i--;
  while (i >= floor && text.charCodeAt(i) !== QUOTE && text.charCodeAt(i) !== LF);
  if (i < floor || text.charCodeAt(i) !== QUOTE) return false;
  do i--;
  while (i >= 0 && isWs(text.charCodeAt(i)));
  return i >= 0 && (text.charCodeAt(i) === COMMA || text.charCodeAt(i) === LBRACE);
}

function isNumberPart(c: number): boolean {
  return isDigit(c) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === MINUS;
}
