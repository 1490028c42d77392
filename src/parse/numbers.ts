// Numbers: JSON numbers in one go, and the repairs of number-like tokens (`.5`, `+3`, `0x1F`, ...).
import { Ch, isDigit, isWordPart, isWordStart } from './chars.js';
import type { Engine } from './engine.js';
import { lineSpaceEnd, peekSignificant } from './space.js';
import { Kind, NEED_MORE } from './state.js';
import { readUnquotedValue, readWord, unquotedKeyAt } from './words.js';

/** The character at `k`, or NaN past the span's end (which no digit or sign test accepts). */
function codeAt(s: string, k: number, end: number): number {
  return k < end ? s.charCodeAt(k) : NaN;
}

/** Powers of ten that are exact doubles: a division by one of them rounds once, as parsing the text does. */
const EXACT_POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * A number already in JSON form, read in one go: true when done; false, with nothing changed, when
 * readNumber must look at it (a repair, or the end of the buffer).
 */
export function plainNumberToken(e: Engine): boolean {
  const s = e.buf;
  const end = e.end;
  const start = e.pos;
  let i = start;
  let c = codeAt(s, i, end);
  const negative = c === Ch.MINUS;
  if (negative) c = codeAt(s, ++i, end);
  let value = 0;
  if (c === Ch.ZERO) {
    c = codeAt(s, ++i, end);
  } else if (isDigit(c)) {
    do {
      value = value * 10 + (c - Ch.ZERO);
      c = codeAt(s, ++i, end);
    } while (isDigit(c));
  } else {
    return false;
  }
  // Fifteen digits or fewer in all: the running integer is exact, and so is `value / 10^decimals`'s
  // one rounding (the digits and the power of ten are both exact doubles).
  let digits = i - start - (negative ? 1 : 0);
  let exact = true;
  if (c === Ch.DOT) {
    c = codeAt(s, ++i, end);
    if (!isDigit(c)) return false;
    const from = i;
    do {
      value = value * 10 + (c - Ch.ZERO);
      c = codeAt(s, ++i, end);
    } while (isDigit(c));
    digits += i - from;
    if (digits <= 15) value /= EXACT_POWERS_OF_TEN[i - from];
  }
  if (digits > 15) exact = false;
  if ((c | 0x20) === Ch.LOWER_E) {
    c = codeAt(s, ++i, end);
    if (c === Ch.PLUS || c === Ch.MINUS) c = codeAt(s, ++i, end);
    if (!isDigit(c)) return false;
    do c = codeAt(s, ++i, end); while (isDigit(c));
    exact = false;
  }
  // The token must end here, as readNumber's scan would end it.
  if (i >= end ? !e.final : isWordPart(c) || c === Ch.DOT || c === Ch.UNDERSCORE || c === Ch.MINUS || c === Ch.SLASH || c === Ch.COLON || c === Ch.DQUOTE || c === Ch.SQUOTE || c === Ch.PERCENT || c === Ch.PLUS || c === Ch.STAR) return false;
  // In an object, `1,299` (only after a token of three characters at most) or `12 apples` may be
  // text (see numberText): readNumber decides.
  if ((c === Ch.COMMA ? i - start - (negative ? 1 : 0) <= 3 : c === Ch.SPACE) && e.top() === Kind.OBJECT && mayBeText(s, i, end)) return false;
  e.pos = i;
  e.sink.scalar(exact ? (negative ? -value : value) : Number(s.slice(start, i)));
  e.afterValue();
  return true;
}

/** Reads a number, repairing `.5`, `1.`, `+3`, `1_000` and hex; leading zeros keep the token as text. */
export function readNumber(e: Engine): void {
  if (plainNumberToken(e)) return;
  const s = e.buf;
  const start = e.pos;
  let i = start;
  const c0 = s.charCodeAt(i);
  if (c0 === Ch.MINUS || c0 === Ch.PLUS) {
    i++;
    if (i >= e.end && !e.final) {
      throw NEED_MORE;
    }
    if (i < e.end && isWordStart(s.charCodeAt(i))) {
      readWord(e);
      return;
    }
  }
  while (i < e.end) {
    const c = s.charCodeAt(i);
    if (isDigit(c) || c === Ch.DOT || c === Ch.UNDERSCORE || isWordPart(c)) {
      i++;
    } else if ((c === Ch.PLUS || c === Ch.MINUS) && (s.charCodeAt(i - 1) | 0x20) === Ch.LOWER_E) {
      i++;
    } else {
      break;
    }
  }
  if (i >= e.end && !e.final) {
    throw NEED_MORE;
  }
  const measure = i < e.end ? measureEnd(e, i) : -1;
  if (measure > 0) {
    quoteAsText(e, start, measure);
    return;
  }
  if (i < e.end && numberText(e, start, i)) return;
  if (i < e.end && joinsMoreDigits(e, i)) {
    numberLikeText(e, start);
    return;
  }
  const token = s.slice(start, i);
  if (hasLeadingZero(token)) {
    // `0789`: an identifier (a zip code, an id) more often than a number; keep every digit.
    e.record('leading_zero', start, `kept ${token} as text`);
    if (e.options.wantEdits) e.edit(start, i - start, JSON.stringify(token));
    e.pos = i;
    e.sink.scalar(token);
    e.afterValue();
    return;
  }
  const value = plainNumber(token);
  if (value !== undefined) {
    e.pos = i;
    e.sink.scalar(value);
    e.afterValue();
    return;
  }
  const repaired = repairNumber(token, i >= e.end);
  if (repaired !== undefined) {
    e.record(repaired.truncated ? 'truncated' : 'number_format', start,
      repaired.truncated ? `the text ends inside a number; read ${repaired.text}` : `rewrote number ${token} as ${repaired.text}`);
    e.edit(start, i - start, repaired.text);
    e.pos = i;
    e.sink.scalar(Number(repaired.text));
    e.afterValue();
    return;
  }
  if (!/[0-9]/.test(token)) {
    if (i < e.end) throw e.fail('UNREPAIRABLE', `unexpected ${e.describe(start)} where a value was expected`, start);
    // Only a sign or a dot before the end: no value was given.
    e.edit(start, i - start, '');
    e.pos = i;
    return;
  }
  // `2e`, `1_234.5_6`: made of a number's characters but not one; kept as its text (to the next
  // delimiter, as an unquoted value), never a number with a part dropped.
  e.pos = start;
  readUnquotedValue(e, /^[+-]?[0-9][0-9_.eE+-]*$/.test(token) ? 'number_like_text' : 'unquoted_string');
}

/**
 * What may start the text after a number and a space at `k`: `12 apples`, `+1 555`, `45 %`, a range
 * or a sum (`10 - 20`, `5 – 7 days`, `3 + 4`, `8 / 10`); not a comment's `//` or `/*`.
 */
function textStart(s: string, k: number, end: number): boolean {
  const c = s.charCodeAt(k);
  if (c === Ch.SLASH) return k + 1 < end && s.charCodeAt(k + 1) !== Ch.SLASH && s.charCodeAt(k + 1) !== Ch.STAR;
  return isWordStart(c) || isDigit(c) || c === Ch.PERCENT || c === Ch.MINUS || c === Ch.PLUS || c === Ch.STAR || c === Ch.EN_DASH || c === Ch.EM_DASH;
}

/**
 * Whether what follows the `,` or the spaces at `i` may be what numberText reads (after spaces, a
 * textStart; after a comma, a digit), or the buffer ends there.
 */
function mayBeText(s: string, i: number, end: number): boolean {
  let k = i + 1;
  if (s.charCodeAt(i) === Ch.SPACE) {
    while (k < end && (s.charCodeAt(k) === Ch.SPACE || s.charCodeAt(k) === Ch.TAB)) k++;
    // A closer after the spaces (`1 }`) ends the number: no need to see past it.
    return k >= end || (k + 1 >= end && s.charCodeAt(k) === Ch.SLASH) || textStart(s, k, end);
  }
  return k >= end || isDigit(s.charCodeAt(k));
}

/**
 * A number that is the start of a value's text, read as that text (`number_like_text`): `45%`; in an
 * object, thousands written with commas (`"price": 1,299.99`, which read as `1` and a key `299.99`)
 * and a number with its unit, words or digits after it on its line (`"qty": 12 apples`, `"phone":
 * +1 555 1234`, which read as `12` and a key `apples` with no value). A word followed by a colon is
 * the next key instead (`"a": 3 b: 1`); in an array, `1,234` is two elements and `1 2` two numbers.
 * False, with nothing read, otherwise.
 */
function numberText(e: Engine, start: number, i: number): boolean {
  const s = e.buf;
  const c = s.charCodeAt(i);
  if (c === Ch.PERCENT) {
    quoteAsText(e, start, i + 1);
    return true;
  }
  if (e.top() !== Kind.OBJECT) return false;
  if (c === Ch.COMMA) {
    const groups = thousandsEnd(e, start, i);
    if (groups < 0) return false;
    quoteAsText(e, start, groups);
    return true;
  }
  return textAfter(e, start, i);
}

/**
 * In an object, a number or number-like token from `start` to `i` with more text after it on its
 * line (`12 apples`, `10 - 20`, `12:30 PM`, `2024-01-15 10:00`): the value is all of it, read as
 * text; a word followed by a colon is the next key instead (`"a": 3 b: 1`). False, with nothing
 * read, otherwise.
 */
function textAfter(e: Engine, start: number, i: number): boolean {
  const c = e.buf.charCodeAt(i);
  if (e.top() !== Kind.OBJECT || (c !== Ch.SPACE && c !== Ch.TAB)) return false;
  const k = lineSpaceEnd(e, i);
  if (k >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  // What starts no text (`1 }`) is decided at once; a word waits for what follows it.
  if (e.buf.charCodeAt(k) !== Ch.SLASH && !textStart(e.buf, k, e.end)) return false;
  if (k + 1 >= e.end && !e.final) throw NEED_MORE;
  if (!textStart(e.buf, k, e.end) || (unquotedKeyAt(e, k) && !timeAt(e, k))) return false;
  e.pos = start;
  readUnquotedValue(e, 'number_like_text');
  return true;
}

/** Whether digits, a colon and a digit start at `k` (`10:00`): a time, not a key named by a number. */
function timeAt(e: Engine, k: number): boolean {
  const s = e.buf;
  let j = k;
  while (j < e.end && isDigit(s.charCodeAt(j))) j++;
  if (j + 1 >= e.end && !e.final) throw NEED_MORE;
  return j > k && j + 1 < e.end && s.charCodeAt(j) === Ch.COLON && isDigit(s.charCodeAt(j + 1));
}

/**
 * End of `1,299` or `12,345,678.9` whose first group (one to three digits, maybe signed) runs from
 * `start` to the comma at `i`: groups of exactly three digits, maybe a fraction, then a comma, a
 * closer or a line's end; -1 otherwise (`1,2`, `1,2345`, `1,234: …`). Waits for more text rather
 * than guess.
 */
function thousandsEnd(e: Engine, start: number, i: number): number {
  const s = e.buf;
  const digits = s.charCodeAt(start) === Ch.MINUS || s.charCodeAt(start) === Ch.PLUS ? start + 1 : start;
  if (i - digits < 1 || i - digits > 3) return -1;
  for (let d = digits; d < i; d++) if (!isDigit(s.charCodeAt(d))) return -1;
  let k = i;
  while (k < e.end && s.charCodeAt(k) === Ch.COMMA) {
    let d = k + 1;
    while (d < e.end && d <= k + 4 && isDigit(s.charCodeAt(d))) d++;
    if (d >= e.end && !e.final) throw NEED_MORE;
    if (d - k - 1 !== 3) break;
    k = d;
  }
  if (k === i) return -1;
  if (k < e.end && s.charCodeAt(k) === Ch.DOT) {
    let d = k + 1;
    while (d < e.end && isDigit(s.charCodeAt(d))) d++;
    if (d >= e.end && !e.final) throw NEED_MORE;
    if (d === k + 1) return -1;
    k = d;
  }
  const j = lineSpaceEnd(e, k);
  if (j >= e.end) return k;
  const after = s.charCodeAt(j);
  return after === Ch.COMMA || after === Ch.RBRACE || after === Ch.LF || after === Ch.CR ? k : -1;
}

/** Whether `-`, `/`, `:`, `+` or `*` then a digit follows at `i`: `2024-10-18`, `1/3`, `10-20`, `12:20`, `2+2`, `3*4` (may wait). */
function joinsMoreDigits(e: Engine, i: number): boolean {
  const c = e.buf.charCodeAt(i);
  if (c !== Ch.MINUS && c !== Ch.SLASH && c !== Ch.COLON && c !== Ch.PLUS && c !== Ch.STAR) return false;
  if (i + 1 >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  return isDigit(e.buf.charCodeAt(i + 1));
}

/**
 * A date, a time, a fraction, a range or a sum: the token, up to a space or a delimiter, as a string;
 * with the rest of its line in an object (see textAfter).
 */
function numberLikeText(e: Engine, start: number): void {
  const s = e.buf;
  let i = start;
  for (; i < e.end; i++) {
    const c = s.charCodeAt(i);
    if (!(isWordPart(c) || c === Ch.DOT || c === Ch.MINUS || c === Ch.PLUS || c === Ch.SLASH || c === Ch.COLON || c === Ch.STAR || c === Ch.PERCENT)) break;
  }
  if (i >= e.end && !e.final) {
    throw NEED_MORE;
  }
  if (i < e.end && textAfter(e, start, i)) return;
  quoteAsText(e, start, i);
}

/**
 * The end of a measure in feet and inches whose number ends at `i` (`15.6"`, `6'`, `5'11"`), when a
 * comma, a closer or the end of the text follows it; -1 otherwise. Read as a number, its quote would
 * open a string that takes the rest of the document. Waits for more text rather than guess.
 */
function measureEnd(e: Engine, i: number): number {
  const s = e.buf;
  let k = i;
  if (s.charCodeAt(k) === Ch.SQUOTE) {
    k++;
    while (k < e.end && (isDigit(s.charCodeAt(k)) || s.charCodeAt(k) === Ch.DOT)) k++;
    if (k >= e.end && !e.final) throw NEED_MORE;
    if (k > i + 1 && s.charCodeAt(k) !== Ch.DQUOTE) return -1;
  } else if (s.charCodeAt(k) !== Ch.DQUOTE) {
    return -1;
  }
  if (s.charCodeAt(k) === Ch.DQUOTE) k++;
  const j = peekSignificant(e, k);
  const c = s.charCodeAt(j);
  return j >= e.end || c === Ch.COMMA || c === Ch.RBRACE || c === Ch.RBRACKET ? k : -1;
}

/** Reads the text from `start` to `i` as a string value (`2024-10-18`, `15.6"`). */
function quoteAsText(e: Engine, start: number, i: number): void {
  const s = e.buf;
  const text = s.slice(start, i);
  e.record('number_like_text', start, `quoted ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`);
  if (e.options.wantEdits) e.edit(start, i - start, JSON.stringify(text));
  e.pos = i;
  e.sink.scalar(text);
  e.afterValue();
}

/** `0789`, `-05`, `00.5`, `002e3`: digits after a leading zero (not `0.5`, `0x1F`, `0e5`). */
function hasLeadingZero(t: string): boolean {
  const i = t.charCodeAt(0) === Ch.MINUS ? 1 : 0;
  return t.charCodeAt(i) === Ch.ZERO && isDigit(t.charCodeAt(i + 1));
}

/** The value of a token that is already a JSON number, else undefined. */
function plainNumber(t: string): number | undefined {
  let i = 0;
  const n = t.length;
  if (t.charCodeAt(0) === Ch.MINUS) i++;
  if (i >= n) return undefined;
  if (t.charCodeAt(i) === Ch.ZERO) i++;
  else if (isDigit(t.charCodeAt(i))) while (i < n && isDigit(t.charCodeAt(i))) i++;
  else return undefined;
  if (i < n && t.charCodeAt(i) === Ch.DOT) {
    i++;
    const from = i;
    while (i < n && isDigit(t.charCodeAt(i))) i++;
    if (i === from) return undefined;
  }
  if (i < n && (t.charCodeAt(i) | 0x20) === Ch.LOWER_E) {
    i++;
    if (i < n && (t.charCodeAt(i) === Ch.PLUS || t.charCodeAt(i) === Ch.MINUS)) i++;
    const from = i;
    while (i < n && isDigit(t.charCodeAt(i))) i++;
    if (i === from) return undefined;
  }
  return i === n ? Number(t) : undefined;
}

/**
 * The JSON number text readNumber wrote for the token it rewrote at `start` of `text` (a
 * `number_format` or `truncated` repair there: `12345678901234567890.` → `12345678901234567890`),
 * read again as readNumber reads it; undefined when no rewritten number starts there. The schema
 * stage asks this of the repairs' offsets to learn the digits of a number past 2^53 (see
 * src/schema/number-text.ts).
 */
export function rewrittenNumberAt(text: string, start: number, end: number): string | undefined {
  let i = start;
  const c0 = text.charCodeAt(i);
  if (c0 === Ch.MINUS || c0 === Ch.PLUS) i++;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (isDigit(c) || c === Ch.DOT || c === Ch.UNDERSCORE || isWordPart(c)) i++;
    else if ((c === Ch.PLUS || c === Ch.MINUS) && (text.charCodeAt(i - 1) | 0x20) === Ch.LOWER_E) i++;
    else break;
  }
  return i > start ? repairNumber(text.slice(start, i), i >= end)?.text : undefined;
}

/** Rewrites a number-like token into JSON number text, or undefined if it is not a number. */
function repairNumber(token: string, atEnd: boolean): { text: string; truncated: boolean } | undefined {
  let t = token;
  let sign = '';
  if (t[0] === '+' || t[0] === '-') {
    sign = t[0] === '-' ? '-' : '';
    t = t.slice(1);
  }
  // Past 2^53 a double holds the hex number only rounded (`0x1234567890ABCDEF1` would print as
  // 20988295476718395000): the decimal is written exact, so the text names the number written.
  if (/^0[xX][0-9a-fA-F]+$/.test(t)) return { text: sign + BigInt(`0x${t.slice(2)}`).toString(), truncated: false };
  if (/^[0-9]+(_[0-9]+)+(\.[0-9]+)?$/.test(t)) t = t.replace(/_/g, '');
  let truncated = false;
  if (atEnd && /[eE][+-]?$/.test(t)) {
    t = t.replace(/[eE][+-]?$/, '');
    truncated = true;
  }
  if (t.startsWith('.')) t = `0${t}`;
  if (t.endsWith('.')) {
    t = t.slice(0, -1);
    // `42.` at the end may be `42.5` cut off; `12.11.` cannot go on as a number: a full stop.
    if (atEnd && !/[.eE]/.test(t)) truncated = true;
  }
  t = t.replace(/\.(?=[eE])/, '');
  const text = sign + t;
  if (plainNumber(text) === undefined) return undefined;
  return { text, truncated: truncated && text !== token };
}
