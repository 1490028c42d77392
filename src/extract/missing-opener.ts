// An object's members or an array's elements in prose, their opener lost (`Here: "a": 1, "b": [2]}`,
// `Result: "x", {"y": 1}]`). The parser reads such a span as the container it is (missing_opener,
// or values side by side closed by a stray `]`), so extraction must take it whole: otherwise the
// container inside it would be the answer, and the rest lost without a word.
import { DAMAGED_MEMBER_LIMIT, closingQuote, codeName, damagedMemberEnd, isAnyQuote, isComma, isWs, lineBreakIn, isDigit, isIdentChar, lineEnd, memberAfterValue, numberEnd, quoteOnLine, skipWs, unquotedMemberValueAt, valueEnd } from './chars.js';

const QUOTE = 0x22;
const APOS = 0x27;
const COMMA = 0x2c;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACK = 0x5b;
const RBRACK = 0x5d;
const MINUS = 0x2d;
const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;

/**
 * Where the members at `i` (see memberStartsAt) end in [i, end): one past the `}` that closes more
 * than opened since `i` (the object's own `}`, its `{` missing), or -1 when none comes, or a `]`
 * closes more than opened first. Brackets in double-quoted strings do not count, nor in single-quoted
 * ones that close on their line when the members are written so (`'a': 'x}y', 'b': 2}`).
 */
export function membersEnd(text: string, i: number, end: number): number {
  const single = text.charCodeAt(i) === APOS;
  // Past a `'` that closed nothing on its line, no later one there does: not looked for again.
  let unclosedUntil = -1;
  let braces = 0;
  let brackets = 0;
  for (let k = i; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === QUOTE) k = closingQuote(text, k, end);
    else if (c === APOS && single && k > unclosedUntil) {
      const close = quoteOnLine(text, k, end, APOS);
      if (close > k) k = close;
      else unclosedUntil = lineEnd(text, k, end);
    }
    else if (c === LBRACE) braces++;
    else if (c === LBRACK) brackets++;
    else if (c === RBRACK && --brackets < 0) return -1;
    else if (c === RBRACE && --braces < 0) return brackets === 0 ? k + 1 : -1;
  }
  return -1;
}

/**
 * Where the members at `i` end when their first key is unquoted (`k: [1, 2], j: 2}`, as JavaScript
 * and Python write an object, its `{` lost), or -1. A word and `:` open many a line of prose
 * (`Answer: {"a": 1}}`), so more than the lost `}` is asked for: a first value that is no object,
 * then `,` and a second member, quoted or not, right after it, or the `}` right after it.
 */
export function unquotedMembersEnd(text: string, i: number, end: number, from: number): number {
  if (!membersMayStartAfter(text, i)) return -1;
  const v = unquotedMemberValueAt(text, i, end);
  if (v < 0) return -1;
  const after = valueEnd(text, v, end);
  if (after < 0 || after >= end) return -1;
  const k = skipWs(text, after, end);
  // `k: [1, 2],⏎}`: one member and a trailing comma, as a pretty-printer writes it.
  const closer = k < end && text.charCodeAt(k) === COMMA ? skipWs(text, k + 1, end) : end;
  const trailing = closer < end && text.charCodeAt(closer) === RBRACE;
  // Else an object is the answer after prose's `Word:`, with a closer too many (`Answer: {"a": 1}}`)
  // or one written early (`Here: {a: 1}, b: 2}` is `{a: 1, b: 2}`); prose's word is not indented.
  // A name that prose does not use (`fZ0: {…}, j: 2}`, `user_info: {…}, j: 2}`) is a key, though,
  // and so is a lower-case name that opens the reply, or its fence or answer (`from`), with a second
  // member after its object (`user: {…}, id: 3}`: a prefilled `{` goes on).
  if (!trailing && text.charCodeAt(v) === LBRACE && !indentedLine(text, i) && !codeName(text, i, v) && !(lowerNameOpens(text, from, i) && memberAfterValue(text, after, end))) return -1;
  // `name: "Ann"}`, `ids: [1, 2]}`: one member, its `}` right after it.
  if (!trailing && !(k < end && text.charCodeAt(k) === RBRACE) && !memberAfterValue(text, after, end)) return -1;
  // From the value: a key's closing quote whose opening one was lost (`command": "ls"`) opens no string.
  return membersEnd(text, v, end);
}

/**
 * Where members found at `i` in prose start when the member before them, on the comma's line (a
 * note may follow the comma), is damaged (`Here you go: "a"： "x", "b": 1}`; see
 * damagedMemberEnd): that member's first quote, first on its line or after prose's `Word:`. Else
 * `i`. `from`: where the look back may go.
 */
export function damagedMemberBefore(text: string, from: number, i: number, end: number): number {
  let k = i - 1;
  while (k >= from && isWs(text.charCodeAt(k))) k--;
  // A comma before the members, or a note after it (`"a"": 1, // c⏎ "b": 2}`): damagedMemberEnd
  // reads past notes as the parser does, and says whether its member ends at `i`.
  if (k < from) return i;
  const bound = Math.max(from, k - DAMAGED_MEMBER_LIMIT);
  let q = k;
  while (q > bound && text.charCodeAt(q - 1) !== LF) q--;
  while (q < k && !isAnyQuote(text.charCodeAt(q))) q++;
  if (q >= k || !membersMayStartAfter(text, q)) return i;
  return damagedMemberEnd(text, q, end) === i ? q : i;
}

/** Whether the name at `i` starts with a lower-case letter and only space stands before it from `from`. */
function lowerNameOpens(text: string, from: number, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 0x61 && c <= 0x7a && skipWs(text, from, i) === i;
}

/** Whether `i` is first on a line that an indentation opens (`⏎  k: {…},`, as a pretty-printer writes a member). */
function indentedLine(text: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && (text.charCodeAt(k) === SPACE || text.charCodeAt(k) === TAB)) k--;
  return k < i - 1 && k >= 0 && (text.charCodeAt(k) === LF || text.charCodeAt(k) === CR);
}

/**
 * Whether members may start at `i` after what comes before it on its line: nothing, or a colon
 * (`Here is the result: k: [1], j: 2}`). After other words the word and its colon are prose
 * (`Here is the result: {…}, k: 2}` has no key `result`); after a comma, a quote, a closer or a
 * digit, the word is a later member of members that started before it (`first name: Ann, age: 3}`).
 */
function membersMayStartAfter(text: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && (text.charCodeAt(k) === SPACE || text.charCodeAt(k) === TAB)) k--;
  return k < 0 || text.charCodeAt(k) === LF || text.charCodeAt(k) === CR || text.charCodeAt(k) === COLON;
}

/** What {@link elementsEnd} found: the span's end, or where a look may next get further. */
export interface ElementsEnd {
  /** One past the `]` that ends the elements, or -1 when they are not an array's. */
  end: number;
  /**
   * When `end` is -1: where the list broke off. A look from any element before it would break off
   * there too, so a caller scanning prose looks again only from here on (which keeps it linear).
   */
  lookFrom: number;
}

/**
 * Whether the scalar at `i` (a quoted string, a number, a literal) starts an array's elements,
 * its `[` missing: the scalar, `,`, more elements (scalars or containers) separated by commas, then a
 * `]` that no `[` opened (`"a", {"b": 1}]`). `lone`: a string alone may be the elements too (`"a"]`),
 * when no `[` came before it in the prose that the `]` could close (`[See "Smith"]`).
 */
export function elementsEnd(text: string, i: number, end: number, lone: boolean): ElementsEnd {
  let k = i;
  let count = 0;
  for (;;) {
    const e = valueEnd(text, k, end);
    if (e < 0) break;
    count++;
    k = skipWs(text, e, end);
    if (k >= end) break;
    const d = text.charCodeAt(k);
    if (d === RBRACK && (count > 1 || (lone && text.charCodeAt(i) === QUOTE))) return { end: k + 1, lookFrom: k + 1 };
    // `"x" "y", "z"]`: the first element's comma lost as well (as elementsStartAt reads it).
    if (d === QUOTE && count === 1 && !lineBreakIn(text, e, k)) continue;
    if (!isComma(d)) break;
    k = skipWs(text, k + 1, end);
    if (k >= end) break;
    // `1,⏎  2,⏎]`: a trailing comma before the `]`, as a pretty-printer writes it.
    if (text.charCodeAt(k) === RBRACK && count > 1) return { end: k + 1, lookFrom: k + 1 };
  }
  return { end: -1, lookFrom: Math.max(k, i + 1) };
}

/** The ASCII characters a value starts with: a string's quote, a number's, a literal's first letter. */
const VALUE_START = new Uint8Array(0x80);
for (const ch of '"\'-0123456789tfnTFNIu') VALUE_START[ch.charCodeAt(0)] = 1;

/** Whether `c` may start a scalar element (see {@link VALUE_START}); one table look, per prose character. */
export function mayStartValue(c: number): boolean {
  return c < 0x80 && VALUE_START[c] === 1;
}

/**
 * A cheap first look for {@link elementsEnd} at `i`, made at every word of prose that
 * {@link mayStartValue}: a string, or a number or word (a literal's first letter) that `,` or `]`
 * follows.
 */
export function elementsMayStart(text: string, i: number, end: number): boolean {
  const c = text.charCodeAt(i);
  if (c === QUOTE || c === APOS) return true;
  let k: number;
  if (isDigit(c) || c === MINUS) {
    k = numberEnd(text, i, end);
  } else {
    // true, false, null, True, False, None, NaN, Infinity, undefined
    k = i + 1;
    while (k < end && isIdentChar(text.charCodeAt(k))) k++;
  }
  if (k < 0) return false;
  while (k < end && (text.charCodeAt(k) === SPACE || text.charCodeAt(k) === TAB)) k++;
  return k < end && (text.charCodeAt(k) === COMMA || text.charCodeAt(k) === RBRACK);
}
