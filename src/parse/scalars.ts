// Which scalar starts here: a string (by its quote), a number or a word; each is read by its own file.
import { Ch, isDigit, isQuoteLike, isWordPart, isWordStart } from './chars.js';
import type { Engine } from './engine.js';
import { readNumber } from './numbers.js';
import { Kind, NEED_MORE, QUOTE_CUT, Quote } from './state.js';
import { plainString, quoteAt, startString, stringPrefix } from './strings.js';
import { lineSpaceEnd, peekSignificant } from './space.js';
import { readRegex, readUnquotedValue, readWord } from './words.js';
import { lostOpeningQuote } from './lost-quote.js';

/** Whether `c` can start a value (what a missing comma or colon is inserted before). */
export function isValueStart(e: Engine, c: number): boolean {
  // Any quote character starts a string, whatever its delimiter turns out to be.
  return c === Ch.LBRACE || c === Ch.LBRACKET || c === Ch.LPAREN || c === Ch.DQUOTE || c === Ch.SQUOTE ||
    c === Ch.BACKTICK || isQuoteLike(c) || (c === Ch.AMP && quoteAt(e, e.pos) >= 0) ||
    isDigit(c) || c === Ch.MINUS || c === Ch.PLUS || c === Ch.DOT || isWordStart(c);
}

/** Starts a string, number or word at `pos`; false if the character starts none of them. */
export function startScalar(e: Engine, c: number): boolean {
  const quote = quoteAt(e, e.pos);
  if (quote >= 0) {
    // ```` ```python\nprint(1)\n```", ```` on one line: a code block in a string's text, its opening quote lost.
    if (quote === Quote.FENCE && lostOpeningQuote(e, e.pos)) startString(e, Quote.DOUBLE, false, true);
    else if (quote > Quote.SINGLE || !plainString(e, quote, false)) startString(e, quote as Quote, false);
    return true;
  }
  if (quote === QUOTE_CUT) {
    throw NEED_MORE;
  }
  if (isMark(c) && e.kinds.length > 0 && marksOnlyValue(e)) {
    // `{route: /}`, `{path: ./}` (BAML's test_class_2): a path written as marks alone, read as its
    // text; there was no value to read, and the whole reply failed.
    readUnquotedValue(e);
    return true;
  }
  if (isDigit(c) || c === Ch.MINUS || c === Ch.PLUS || c === Ch.DOT) {
    if (c === Ch.DOT && e.kinds.length > 0 && dotWord(e)) readUnquotedValue(e);
    else readNumber(e);
    return true;
  }
  if (isWordStart(c)) {
    if (!stringPrefix(e, c)) readWord(e);
    return true;
  }
  if (c === Ch.STAR && e.top() === Kind.OBJECT && markdownEmphasis(e)) {
    // `"note": **Important**, then text`: markdown's bold or italic starts a value's text.
    readUnquotedValue(e);
    return true;
  }
  if (c === Ch.HASH || (isComparison(c) && comparedNumber(e))) {
    // `#ff0000,`: what skipSpace left here is a value's text (see hashValue in space.ts); `~5 min`,
    // `>= 3`, `<0.5`: an approximate or bounded amount, read as its text.
    readUnquotedValue(e);
    return true;
  }
  if (c === Ch.BACKSLASH && lostOpeningQuote(e, e.pos)) {
    // `\"Quoted whole\"",`: the text's own escaped quote, after the string's lost one (see strayBackslash).
    startString(e, Quote.DOUBLE, false, true);
    return true;
  }
  if (c !== Ch.SLASH) return false;
  if (readRegex(e)) return true;
  // `/usr/bin/env python`: a path, not a regex.
  if (e.kinds.length === 0 || e.pos + 1 >= e.end || !isWordPart(e.buf.charCodeAt(e.pos + 1))) return false;
  readUnquotedValue(e);
  return true;
}

/**
 * The marks a path may be written as alone (`/`, `./`, `../`, `~`). A dash or a star alone stays an
 * error: as often a template's placeholder (`{"id": -}`) as a value, and an error lets a later
 * candidate, the answer, be read.
 */
function isMark(c: number): boolean {
  return c === Ch.SLASH || c === Ch.DOT || c === Ch.TILDE;
}

/** Whether marks alone (at most three) stand at `pos`, then, past white space, `,` `}` or `]`. */
function marksOnlyValue(e: Engine): boolean {
  const s = e.buf;
  let k = e.pos;
  while (k < e.end && k - e.pos < 3 && isMark(s.charCodeAt(k))) k++;
  k = peekSignificant(e, k);
  if (k >= e.end) return false;
  const c = s.charCodeAt(k);
  return c === Ch.COMMA || c === Ch.RBRACE || c === Ch.RBRACKET;
}

/** Whether `*` or `**` at `pos` is followed by a word: markdown's emphasis, not a stray mark. */
function markdownEmphasis(e: Engine): boolean {
  let i = e.pos + 1;
  if (i < e.end && e.buf.charCodeAt(i) === Ch.STAR) i++;
  if (i >= e.end && !e.final) throw NEED_MORE;
  return i < e.end && isWordStart(e.buf.charCodeAt(i));
}

/** Whether a word follows the `.` at `pos` (`.NET`, `.env`): a name, not a number (`.5`). */
function dotWord(e: Engine): boolean {
  if (e.pos + 1 >= e.end && !e.final) throw NEED_MORE;
  return e.pos + 1 < e.end && isWordStart(e.buf.charCodeAt(e.pos + 1));
}

/** A character a number, word or placeholder run is made of: such a run may go on past the buffer's end. */
function isRunChar(c: number): boolean {
  return isWordPart(c) || c === Ch.DOT || c === Ch.MINUS || c === Ch.PLUS;
}

/**
 * Whether the value or key at `pos` may go on past the buffer's end: a number, word or `...` running
 * into it, or a `"`/`'` that may open a triple quote. The main loop waits for such a token before any
 * rule reads it, so the common waits of a stream cut into small chunks cost no throw (see NEED_MORE).
 * Waiting is always safe: the token is read again, whole, when more text arrives or the text ends.
 */
export function tokenCutByEnd(e: Engine): boolean {
  const s = e.buf;
  const end = e.end;
  const last = s.charCodeAt(end - 1);
  const i = e.pos;
  const c = s.charCodeAt(i);
  if (c === Ch.DQUOTE || c === Ch.SQUOTE) return i + 1 >= end || (i + 2 >= end && last === c);
  if (!isRunChar(last) || !isRunChar(c)) return false;
  let k = i + 1;
  while (k < end && isRunChar(s.charCodeAt(k))) k++;
  return k >= end;
}

/** `~` `<` `>` `≈` `≤` `≥`: what may stand before an approximate or bounded amount. */
function isComparison(c: number): boolean {
  return c === Ch.TILDE || c === Ch.LT || c === Ch.GT || c === Ch.ALMOST_EQUAL || c === Ch.LESS_EQUAL || c === Ch.GREATER_EQUAL;
}

/** Whether a number follows the comparison sign at `pos` (past one `=` and spaces on its line): `>=5`, `~ 5`. */
function comparedNumber(e: Engine): boolean {
  const s = e.buf;
  let k = e.pos + 1;
  if (k < e.end && s.charCodeAt(k) === Ch.EQ) k++;
  k = lineSpaceEnd(e, k);
  if (k + 1 >= e.end && !e.final) throw NEED_MORE;
  return k < e.end && (isDigit(s.charCodeAt(k)) || (s.charCodeAt(k) === Ch.DOT && k + 1 < e.end && isDigit(s.charCodeAt(k + 1))));
}
