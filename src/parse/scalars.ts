// Which scalar starts here: a string (by its quote), a number or a word; each is read by its own file.
import { Ch, isDigit, isQuoteLike, isWordStart } from './chars.js';
import type { Engine } from './engine.js';
import { readNumber } from './numbers.js';
import { QUOTE_CUT, Quote } from './state.js';
import { plainString, quoteAt, startString } from './strings.js';
import { readRegex, readWord } from './words.js';

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
    if (quote > Quote.SINGLE || !plainString(e, quote, false)) startString(e, quote as Quote, false);
    return true;
  }
  if (quote === QUOTE_CUT) {
    e.waiting = true;
    return true;
  }
  if (isDigit(c) || c === Ch.MINUS || c === Ch.PLUS || c === Ch.DOT) {
    readNumber(e);
    return true;
  }
  if (isWordStart(c)) {
    readWord(e);
    return true;
  }
  return c === Ch.SLASH && readRegex(e);
}
