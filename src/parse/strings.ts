// Strings: which quote opens one, the fast path for a plain string, the content (escapes, control
// characters), and closing or joining it. Where a string ends is decided in string-end.ts.
import { Ch, isDigit, isHexDigit, isJsonSpace, isSpecialSpace, isWordPart, isWordStart, lineBreakWithin } from './chars.js';
import type { Engine } from './engine.js';
import { colonAfter, indentAt, lineBreakBefore, lineSpaceEnd, peekSignificant } from './space.js';
import { NEED_MORE, QUOTE_CUT, QUOTE_TOKEN, Kind, State, Quote, Decision, KEY_MAX, LOOKAHEAD, QUOTE_REPAIR, STOPS, QUOTE_DETAIL, quoteWidth } from './state.js';
import { lastKeyIndent, missingValueBeforeKey, openMissingObject, opensLostObject, placeKeyInArray } from './containers.js';
import { acuteCloses, classOpenBefore, closerMismatches, decideClose, endBeforeMember, quoteOnOwnLine, splitKeyAtColon, throwIfLeakedMarkup, valueAfterColon } from './string-end.js';
import { unquotedKeyAt } from './words.js';
import { memberFollows } from './continuation.js';
import { quoteEnd } from './quote-ahead.js';
import { latexCommandAt } from './latex.js';
import { isStringPrefix } from '../extract/chars.js';
import { codeBackslash, decideCodeClose, fenceCloseLength, fenceContentEnd, fenceOpening, isCodeQuote } from './code-blocks.js';

const ESCAPES: Record<number, string> = {
  [Ch.DQUOTE]: '"', [Ch.BACKSLASH]: '\\', [Ch.SLASH]: '/', [Ch.LOWER_B]: '\b', [Ch.LOWER_F]: '\f',
  [Ch.LOWER_N]: '\n', [Ch.LOWER_R]: '\r', [Ch.LOWER_T]: '\t',
};

/** Whether a backslash before the character `code` writes a JSON escape (`\n`, `\"`, `\u…`). */
export function isJsonEscape(code: number): boolean {
  return ESCAPES[code] !== undefined || code === Ch.LOWER_U;
}

const CONTROL_ESCAPES: Record<number, string> = { [Ch.LF]: '\\n', [Ch.CR]: '\\r', [Ch.TAB]: '\\t', 0x08: '\\b', 0x0c: '\\f' };

/**
 * Which string delimiter starts at `i`, -1 for none, or QUOTE_CUT when `"` or `'` may start a
 * triple quote that the buffer's end cuts. Needs up to 6 characters of lookahead.
 */
export function quoteAt(e: Engine, i: number): number {
  const s = e.buf;
  const c = s.charCodeAt(i);
  switch (c) {
    case Ch.DQUOTE:
    case Ch.SQUOTE: {
      const triple = isTriple(e, i, c) && tripleOpens(e, i, c);
      if (triple === undefined) return QUOTE_CUT;
      return c === Ch.DQUOTE ? (triple ? Quote.TRIPLE_DOUBLE : Quote.DOUBLE) : triple ? Quote.TRIPLE_SINGLE : Quote.SINGLE;
    }
    case Ch.LEFT_DOUBLE:
    case Ch.RIGHT_DOUBLE:
      return Quote.CURLY_DOUBLE;
    case Ch.LEFT_SINGLE:
    case Ch.RIGHT_SINGLE:
      return Quote.CURLY_SINGLE;
    case Ch.BACKTICK: {
      // Three backticks: a code block written as a value (see code-blocks.ts).
      const fence = isTriple(e, i, c);
      return fence === undefined ? QUOTE_CUT : fence ? Quote.FENCE : Quote.BACKTICK;
    }
    case Ch.AMP:
      if (i + 6 > e.end && !e.final && '&quot;'.startsWith(s.slice(i, e.end))) throw NEED_MORE;
      return s.startsWith('&quot;', i) ? Quote.ENTITY : -1;
    case Ch.LT:
      if (i + QUOTE_TOKEN.length > e.end && !e.final && QUOTE_TOKEN.startsWith(s.slice(i, e.end))) throw NEED_MORE;
      return s.startsWith(QUOTE_TOKEN, i) ? Quote.TOKEN : -1;
  }
  return -1;
}

/** `"""` or ``` (but not `""` followed by something else: that is an empty string); undefined: cut off. */
export function isTriple(e: Engine, i: number, c: number): boolean | undefined {
  const s = e.buf;
  if (i + 2 >= e.end) {
    if (!e.final && (i + 1 >= e.end || s.charCodeAt(i + 1) === c)) return undefined;
    return false;
  }
  return s.charCodeAt(i + 1) === c && s.charCodeAt(i + 2) === c;
}

/**
 * Whether the `"""` (or `'''`: `quote`) at `i` opens a triple-quoted string (true), or is an empty
 * string `""` and then a quote (false): one that opens the next key, its comma lost
 * (`{"a":"""b":"x"}`), or a quote doubled before a delimiter (`["""]`, `"""⏎  ],`, `{'a': ''', 'b': 2}`:
 * the text `'` in single quotes). Read as a triple quote, the string swallowed the rest of a complete
 * document. Looks at what follows: a delimiter (no code starts so), or on the line a first quote alone
 * and then a colon (a key's). Undefined while the text so far cannot tell.
 */
function tripleOpens(e: Engine, i: number, quote: number): boolean | undefined {
  const s = e.buf;
  let k = i + 3;
  while (k < e.end && isJsonSpace(s.charCodeAt(k))) k++;
  if (k >= e.end) return e.final ? true : undefined;
  const c = s.charCodeAt(k);
  if (c === Ch.COMMA || c === Ch.RBRACKET || c === Ch.RBRACE || c === Ch.COLON) return false;
  if (k > i + 3 || c === quote || !isWordPart(c)) return true;
  const limit = Math.min(e.end, k + KEY_MAX);
  let q = k;
  while (q < limit && s.charCodeAt(q) !== quote && s.charCodeAt(q) !== Ch.LF && s.charCodeAt(q) !== Ch.BACKSLASH) q++;
  if (q + 1 >= e.end && !e.final) return undefined;
  if (q >= limit || s.charCodeAt(q) !== quote || s.charCodeAt(q + 1) === quote) return true;
  let n = q + 1;
  while (n < e.end && isJsonSpace(s.charCodeAt(n))) n++;
  if (n >= e.end) return e.final ? true : undefined;
  return s.charCodeAt(n) !== Ch.COLON;
}

/**
 * The common case in one go: a `"…"` or `'…'` string with nothing to escape, whose end is plain to
 * see (a key's quote; a value's quote followed by `,` and another member, or by a closer). Returns
 * false, having changed nothing, for anything else: the general string reader takes it from there.
 * Mirrors what startString, readString and closeString do for such a string, without the state
 * machine's round trips.
 */
export function plainString(e: Engine, quote: Quote, isKey: boolean): boolean {
  const s = e.buf;
  const end = e.end;
  const q = quote === Quote.DOUBLE ? Ch.DQUOTE : Ch.SQUOTE;
  const start = e.pos;
  let i = start + 1;
  for (;;) {
    if (i >= end) return false;
    const c = s.charCodeAt(i);
    if (c === q) break;
    if (c === Ch.BACKSLASH || c < 0x20 || c === Ch.DQUOTE || c === Ch.RIGHT_DOUBLE) return false;
    i++;
  }
  if (isKey) {
    // The colon, usually right there; anything else is the general reader's (see keyQuote).
    let j = i + 1;
    while (j < end && isJsonSpace(s.charCodeAt(j))) j++;
    if (j >= end && !e.final) {
      // What follows the quote decides whether it ends the key: read the key again with more text.
      throw NEED_MORE;
    }
    if (j >= end || s.charCodeAt(j) !== Ch.COLON) return false;
    closePlainString(e, q, start, i);
    e.key(s.slice(start + 1, i), start);
    e.pos = j + 1;
    e.state = State.VALUE;
    return true;
  }
  // A value's quote ends it only if what follows says so (see decideClose); past plain spaces:
  let j = i + 1;
  const limit = Math.min(end, j + LOOKAHEAD);
  while (j < limit && isJsonSpace(s.charCodeAt(j))) j++;
  if (j >= limit) return false;
  const next = s.charCodeAt(j);
  // After a comma: where the next member starts (past the spaces, which are read once only).
  let k = j;
  if (next === Ch.COMMA) {
    // `"x", "y"` and `"x",\n  "k": …` end the string; `"know "michael", jackson"` may not.
    if (e.kinds.length === 0) return false;
    k = j + 1;
    const kLimit = Math.min(end, k + LOOKAHEAD);
    while (k < kLimit && isJsonSpace(s.charCodeAt(k))) k++;
    if (k >= kLimit) return false;
    const after = s.charCodeAt(k);
    // A quote, the usual case, is neither of the two below.
    if (after !== Ch.DQUOTE && after !== Ch.SQUOTE) {
      if (isSpecialSpace(after)) return false;
      // `"x", key: …` in an object: an unquoted key follows.
      if (isWordStart(after) && !(e.top() === Kind.OBJECT && unquotedKeyAt(e, k))) return false;
    }
  } else if (next === Ch.RBRACE || next === Ch.RBRACKET) {
    // `"/[^"]*/"`: in a regex's text, a closer after a quote may close a character class (regexText).
    if (quote === Quote.DOUBLE && s.charCodeAt(start + 1) === Ch.SLASH) return false;
    // `"[^"]*"`: so may a `]` right after a quote in a class the text opened (classQuote).
    if (quote === Quote.DOUBLE && next === Ch.RBRACKET && j === i + 1 && classOpenBefore(s, start + 1, i) >= 0) return false;
    // `"old man "}", …`: a quote after the closer is the general reader's (quoteAfterCloser); past a
    // closer of the wrong kind, spaces may stand before that quote.
    let q = j + 1;
    if (closerMismatches(e, next)) {
      const qLimit = Math.min(end, q + LOOKAHEAD);
      while (q < qLimit && (isJsonSpace(s.charCodeAt(q)) || isSpecialSpace(s.charCodeAt(q)))) q++;
    }
    if (q >= end ? !e.final : s.charCodeAt(q) === Ch.DQUOTE) return false;
  } else if (next === Ch.COLON) {
    if (e.kinds.length === 0 || i - start - 1 > KEY_MAX) return false;
    if (e.top() === Kind.OBJECT) {
      if (!lineBreakBefore(e, start)) return false;
      // `{"a":\n "b": 1}`: a value followed by a colon is the next key; indented deeper than the key
      // before it, the first key of an object whose `{` was lost (read below).
      if (!opensLostObject(e, indentAt(e, start))) {
        missingValueBeforeKey(e, start);
        return true;
      }
    }
    // In an array, `["key": "value"]`: read below as a key where an element should be.
  } else if (next !== Ch.RPAREN || e.openParens === 0) {
    return false;
  }
  const editsAt = e.edits.length;
  closePlainString(e, q, start, i);
  if (next === Ch.COLON && e.kinds.length > 0 && (e.top() === Kind.ARRAY || e.top() === Kind.OBJECT)) {
    // `["key": "value"]`: a key where an element should be; `"a":⏎    "b": 1`, a key where its
    // object's `{` was lost; `{"a": ["x", "b": 1}`, a key after an array that lost its `]`.
    if (e.top() === Kind.ARRAY) placeKeyInArray(e, start, editsAt);
    else openMissingObject(e, start, editsAt);
    e.key(s.slice(start + 1, i), start);
    e.pos = j + 1;
    e.state = State.VALUE;
    return true;
  }
  e.sink.scalar(s.slice(start + 1, i));
  e.afterValue();
  if (next === Ch.COMMA) {
    // The comma too: what the next round of the main loop would do with it (in a container, the
    // comma ends the member), then the spaces after it, already read above.
    e.pos = j;
    e.stepAfterValue(next);
    e.pos = k;
  } else {
    e.pos = i + 1;
  }
  return true;
}

/** The repair a single-quoted string needs, as readString would record it. */
export function closePlainString(e: Engine, q: number, start: number, close: number): void {
  if (q === Ch.DQUOTE) return;
  e.record('single_quotes', start, QUOTE_DETAIL[Quote.SINGLE] as string);
  e.edit(start, 1, '"');
  e.edit(close, 1, '"');
}

/**
 * Starts the string at `e.pos`. `lost`: a value's `"` string whose opening quote was lost (see
 * lostOpeningQuote): its text starts here, and the quote is put back.
 */
export function startString(e: Engine, quote: Quote, isKey: boolean, lost = false): void {
  const width = lost ? 0 : quote === Quote.FENCE ? fenceOpening(e) : quoteWidth(quote);
  const kind = lost ? 'missing_start_quote' : QUOTE_REPAIR[quote];
  if (kind) {
    e.record(kind, e.pos, lost ? 'inserted the missing opening quote' : QUOTE_DETAIL[quote] as string);
    e.edit(e.pos, width, '"');
  }
  e.quote = quote;
  setStops(e, quote);
  e.strIsKey = isKey;
  e.strAfterBreak = !isKey && e.kinds.length > 0 && e.top() === Kind.OBJECT && lineBreakBefore(e, e.pos);
  e.strIndent = e.strAfterBreak ? indentAt(e, e.pos) : -1;
  e.strStart = e.base + e.pos;
  e.textStart = e.strStart + (lost ? 0 : 1);
  e.strLogAt = e.log.length;
  e.strEdits = e.edits.length - (kind && e.options.wantEdits ? 1 : 0);
  e.strText = '';
  e.strHead = '';
  // Line breaks are what a code block is made of: its own repair says so.
  e.controlReported = quote === Quote.FENCE;
  e.pos += width;
  e.state = State.STRING;
}

/**
 * Reads string content until the string closes (true) or the buffer runs out (false, state kept,
 * so streaming resumes here). Decisions that need lookahead wait at the quote for more text.
 */
export function readString(e: Engine): boolean {
  const s = e.buf;
  const end = e.end;
  const quote = e.quote;
  const plain = quote === Quote.DOUBLE;
  let i = e.pos;
  let run = i;
  for (;;) {
    // Hot loop: characters that can neither end the string nor need escaping.
    const stopA = e.stopA;
    const stopB = e.stopB;
    const stopC = e.stopC;
    while (i < end) {
      const c = s.charCodeAt(i);
      if (c === stopA || c === Ch.BACKSLASH || c < 0x20 || c === Ch.DQUOTE || c === stopB || c === stopC) break;
      i++;
    }
    if (i >= end) {
      e.strText += s.slice(run, i);
      e.pos = i;
      if (e.final) finishString(e);
      return e.final;
    }
    const c = s.charCodeAt(i);
    if (c === Ch.BACKSLASH) {
      e.strText += s.slice(run, i);
      e.pos = i;
      // A string that opened with an escaped quote (see strayBackslash): `\"` before a delimiter closes it.
      if (e.strStart === e.escapedQuoteAt) {
        const width = e.escapedQuoteWidth;
        const closes = escapedCloser(e, i, width);
        if (closes === undefined) return false;
        if (closes) {
          const editsAt = e.edits.length;
          e.edit(i, width, '');
          e.pos = i + width;
          try {
            closeString(e, i + width, Ch.DQUOTE, 1);
          } catch (err) {
            if (err !== NEED_MORE) throw err;
            // What follows the quote has not arrived (`\"` then a line break ends the chunk): wait at the
            // backslash with the text before it committed, as the plain quote does, so a retry does
            // not read that text again.
            e.edits.length = editsAt;
            e.pos = i;
            return false;
          }
          return true;
        }
        if (width === 2 && s.charCodeAt(i + 1) === Ch.BACKSLASH && s.charCodeAt(i + 2) === Ch.DQUOTE) {
          // `\\"` inside a string escaped twice, not before a delimiter: a quote in its text.
          e.edit(i, 1, '');
          e.strText += '"';
          e.pos = i = run = i + 3;
          continue;
        }
      }
      // A code block's text and Gemma's token-quoted text are raw, as its tool calls write them.
      const next = quote === Quote.FENCE || quote === Quote.TOKEN ? codeBackslash(e, i) : readEscape(e, i);
      if (next < 0) return false;
      e.pos = i = run = next;
      continue;
    }
    if (c < 0x20) {
      e.strText += s.slice(run, i);
      // `"tags: [` then a line break: no key holds a raw line break, so this one lost its closing
      // quote, and ends at its first colon; read on, it would take the rest of the document.
      if (c === Ch.LF && e.strIsKey && plain) {
        e.pos = i;
        if (splitKeyAtColon(e, i)) return true;
      }
      controlCharacter(e, i, c);
      e.pos = i = run = i + 1;
      continue;
    }
    // The closing delimiter may straddle the buffer's end, or a key's `“` wait for its colon: commit
    // what was read first, so that a wait does not read it again.
    if (plain ? c === Ch.LEFT_DOUBLE : quote === Quote.TRIPLE_DOUBLE || quote === Quote.TRIPLE_SINGLE || quote === Quote.ENTITY || quote === Quote.FENCE || quote === Quote.TOKEN) {
      e.strText += s.slice(run, i);
      e.pos = run = i;
    }
    let closeLen: number;
    let mismatched = false;
    try {
      closeLen = closingLength(e, i, c, quote);
      if (closeLen === 0 && c === Ch.DQUOTE && quote >= Quote.SINGLE && quote <= Quote.CURLY_SINGLE) {
        // The look may wait for more text: what was read so far (an inner `"`'s escape) is not read twice.
        e.strText += s.slice(run, i);
        e.pos = run = i;
        if (mismatchedCloser(e, i)) {
          mismatched = true;
          closeLen = 1;
          // `{'a': 'f("}` ending the text: the `'` that ends the string is lost (as in `{"a": "x}`),
          // or the text was cut inside the string; either way the `"` as its end is a guess.
          if (closersEndText(e, i + 1)) e.record('missing_end_quote', i, 'took a " as the end of a string opened with another quote, the text ending after it');
        }
      }
    } catch (err) {
      if (err !== NEED_MORE) throw err;
      return false;
    }
    if (closeLen === 0) {
      if (!plain && c === Ch.DQUOTE) {
        // A `"` inside a string delimited otherwise: escape it in the repaired text.
        e.edit(i, 0, '\\');
      }
      i++;
      continue;
    }
    e.strText += s.slice(run, i);
    e.pos = i;
    const decision = mismatched ? Decision.CLOSE : quote >= Quote.BACKTICK && isCodeQuote(quote) ? decideCodeClose(e, i, closeLen) : decideClose(e, i, closeLen);
    if (decision === undefined) {
      e.waitAtQuote(i);
      return false;
    }
    if (decision === Decision.INNER) {
      // A quote character that belongs to the text. Only the string's own delimiter is a repair;
      // a `"` needs a backslash in the repaired text, an apostrophe or curly quote does not.
      if (!(plain && c === Ch.RIGHT_DOUBLE)) e.record('unescaped_quote', i, 'kept a quote inside a string as text');
      if (c === Ch.DQUOTE) for (let k = 0; k < closeLen; k++) e.edit(i + k, 0, '\\');
      e.strText += s.slice(i, i + closeLen);
      e.pos = i = run = i + closeLen;
      continue;
    }
    if (decision === Decision.SPLIT) return true;
    try {
      closeString(e, i, c, closeLen);
    } catch (err) {
      if (err !== NEED_MORE) throw err;
      return false; // whether `+ "…"` continues the string is not known yet
    }
    return true;
  }
}

/**
 * In a string that opened with an escaped quote (`"q": \"foo\", …`), whether the `\"` at `i` closes
 * it (`\\"` when the value was escaped twice: `width` backslashes): a comma, a closer or the line's end
 * follows. Undefined while the text to decide has not arrived.
 */
function escapedCloser(e: Engine, i: number, width: number): boolean | undefined {
  const s = e.buf;
  if (i + width >= e.end) return e.final ? false : undefined;
  if (width === 2 && s.charCodeAt(i + 1) !== Ch.BACKSLASH) return false;
  if (s.charCodeAt(i + width) !== Ch.DQUOTE) return false;
  let j: number;
  try {
    j = lineSpaceEnd(e, i + width + 1);
  } catch (err) {
    if (err !== NEED_MORE) throw err;
    return undefined;
  }
  if (j >= e.end) return true;
  const c = s.charCodeAt(j);
  return c === Ch.COMMA || c === Ch.RBRACE || c === Ch.RBRACKET || c === Ch.LF || c === Ch.CR;
}

/** The characters (besides `"`, `\\` and controls) at which a string of this style may end. */
export function setStops(e: Engine, quote: Quote): void {
  const [a, b, c] = STOPS[quote];
  e.stopA = a;
  e.stopB = b;
  e.stopC = c;
}

/**
 * `{'a": 1}`, `{"a": “x", "b": 2}`: a straight double quote at `i` in a string opened with another
 * quote, whose own closer does not come on the rest of the line. It closes the string when a key's
 * colon follows it, or a value's comma or closer (the end of the text too). `'say "hi"'` and
 * `'say "hi", then go'` keep theirs. Looks at most LOOKAHEAD characters on; waits for more text.
 */
function mismatchedCloser(e: Engine, i: number): boolean {
  const s = e.buf;
  const j = peekSignificant(e, i + 1);
  const c2 = j < e.end ? s.charCodeAt(j) : -1;
  // A key's: its colon, full-width too, or a value's start where the colon was lost (`{“a" 1, …`).
  if (e.strIsKey ? c2 !== Ch.COLON && c2 !== Ch.FULLWIDTH_COLON && !(j === i + 2 && scalarStartsAt(e, j)) : c2 !== Ch.COMMA && c2 !== Ch.RBRACE && c2 !== Ch.RBRACKET && c2 !== -1) return false;
  const limit = Math.min(e.end, i + LOOKAHEAD);
  let k = i + 1;
  for (; k < limit; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.LF) return true;
    if (closingLength(e, k, c, e.quote) > 0) return false;
  }
  if (k >= e.end && !e.final) throw NEED_MORE;
  // The whole string's text: a stream moves what it has shown aside into strHead (pendingValueFrom),
  // and the pair's opening `"` may be there. Reached once per string, at the text's end.
  return k >= e.end && !closesInnerQuote(e.strHead + e.strText);
}

/** Whether only white space and closers stand from `k` to the text's end; waits for more text. */
function closersEndText(e: Engine, k: number): boolean {
  const s = e.buf;
  for (; k < e.end; k++) {
    const c = s.charCodeAt(k);
    if (!isJsonSpace(c) && c !== Ch.RBRACE && c !== Ch.RBRACKET) return false;
  }
  if (!e.final) throw NEED_MORE;
  return true;
}

/**
 * `{e: '{"k": "v"}, "s": 1} w` cut off: a string that quotes JSON holds `"`s of its own, and one that
 * closes a pair its text opened (an odd count before it; `\"` is the inner JSON's escape, no pair's)
 * is text, not the string's mismatched closer: taken for one, it ended the string inside the inner
 * JSON, made up members of its text and hid the cut. Counted once per string: the look that calls
 * this returns true at most once, and then the string ends.
 */
function closesInnerQuote(text: string): boolean {
  let odd = false;
  for (let k = text.indexOf('"'); k >= 0; k = text.indexOf('"', k + 1)) if (text.charCodeAt(k - 1) !== Ch.BACKSLASH) odd = !odd;
  return odd;
}

/** Whether a number or a double-quoted string starts at `j`. */
function scalarStartsAt(e: Engine, j: number): boolean {
  const c = e.buf.charCodeAt(j);
  return c === Ch.DQUOTE || c === Ch.MINUS || isDigit(c);
}

/** Length of the closing delimiter at `i` for this string, or 0 if `c` cannot close it. */
export function closingLength(e: Engine, i: number, c: number, quote: Quote): number {
  const s = e.buf;
  switch (quote) {
    case Quote.DOUBLE:
      // `{"a“: 1}`: a key closed with the left curly quote, its colon right after.
      if (c === Ch.LEFT_DOUBLE) return e.strIsKey && colonAfter(e, i + 1) ? 1 : 0;
      return c === Ch.DQUOTE || c === Ch.RIGHT_DOUBLE ? 1 : 0;
    case Quote.SINGLE:
      return c === Ch.SQUOTE ? 1 : 0;
    case Quote.CURLY_DOUBLE:
      return c === Ch.RIGHT_DOUBLE || c === Ch.LEFT_DOUBLE ? 1 : 0;
    case Quote.CURLY_SINGLE:
      return c === Ch.RIGHT_SINGLE || c === Ch.LEFT_SINGLE || c === Ch.SQUOTE ? 1 : 0;
    case Quote.BACKTICK:
      // `` `a´ ``: an acute accent typed for the closing backtick, where a closing quote belongs.
      return c === Ch.BACKTICK || (c === Ch.ACUTE && acuteCloses(e, i)) ? 1 : 0;
    case Quote.TRIPLE_DOUBLE:
    case Quote.TRIPLE_SINGLE: {
      const q = quote === Quote.TRIPLE_DOUBLE ? Ch.DQUOTE : Ch.SQUOTE;
      if (c !== q) return 0;
      // Four quotes or more (`"""say "hi""""`): the last three close, the first are text.
      if (i + 4 > e.end && !e.final) throw NEED_MORE;
      if (i + 3 > e.end) return 0;
      return s.charCodeAt(i + 1) === q && s.charCodeAt(i + 2) === q && s.charCodeAt(i + 3) !== q ? 3 : 0;
    }
    case Quote.FENCE:
      return c === Ch.BACKTICK ? fenceCloseLength(e, i) : 0;
    case Quote.ENTITY:
      if (c !== Ch.AMP) return 0;
      if (i + 6 > e.end && !e.final) throw NEED_MORE;
      return s.startsWith('&quot;', i) ? 6 : 0;
    case Quote.TOKEN:
      if (c !== Ch.LT) return 0;
      if (i + QUOTE_TOKEN.length > e.end && !e.final) throw NEED_MORE;
      return s.startsWith(QUOTE_TOKEN, i) ? QUOTE_TOKEN.length : 0;
  }
}

/** The string's closing delimiter is at `i`: finish it, or continue it across `+ "…"`. */
export function closeString(e: Engine, i: number, c: number, closeLen: number): void {
  const plain = e.quote === Quote.DOUBLE;
  const after = e.strIsKey ? -1 : peekSignificant(e, i + closeLen);
  const plus = after < 0 ? undefined : concatenationAt(e, after);
  const next = plus ?? (after < 0 ? undefined : sideBySide(e, after));
  if (next !== undefined) {
    if (plus !== undefined) e.record('string_concatenation', i, 'joined strings separated by "+"');
    else e.record('adjacent_strings', i, 'joined strings written side by side');
    e.edit(i, next.at - i, '');
    e.quote = next.quote;
    setStops(e, next.quote);
    e.pos = next.at;
    e.textStart = e.base + next.at;
    return;
  }
  // `["key": "value"]`: decided before anything is recorded, as the look may need more text; and on
  // the text before quoteOnOwnLine drops its last line, the text a stream has judged while showing it
  // (a string too long to be a key is shown as an element at once).
  const keyInArray = !e.strIsKey && e.kinds.length > 0 && e.top() === Kind.ARRAY &&
    stringMayBeKey(e, e.strHead + e.strText) && colonAt(e, i + closeLen);
  // `"text\n"`: a raw line break right before the closing quote was layout (see quoteOnOwnLine); a code
  // block trims its own (fenceContentEnd); backticks and triple quotes keep it, as JavaScript and Python do.
  if (e.controlReported && e.quote < Quote.BACKTICK) quoteOnOwnLine(e, i);
  if (plain && (c === Ch.RIGHT_DOUBLE || c === Ch.LEFT_DOUBLE)) e.record('curly_quotes', i, `replaced ${String.fromCharCode(c)} closing quote with "`);
  const to = i + closeLen;
  if (e.quote === Quote.FENCE) i = fenceContentEnd(e, i);
  if (!plain || c !== Ch.DQUOTE) e.edit(i, to - i, '"');
  e.pos = to;
  if (keyInArray) {
    placeKeyInArray(e, e.strStart - e.base, e.strEdits);
    e.strIsKey = true;
  }
  completeString(e);
}

/**
 * Whether a `:` after the value string in progress (its text so far `text`) would make it a key: in an
 * array (`["k": 1]`, missing_opener), or in an object when it began on a new line after its key's
 * colon and holds no line break (`{"a":\n "b": 1}`, missing_value); never past KEY_MAX characters.
 * `{"a": "b": 1}` on one line stays an error: the stream shows a value on its key's line at once.
 */
export function stringMayBeKey(e: Engine, text: string): boolean {
  if (text.length > KEY_MAX || e.kinds.length === 0) return false;
  const top = e.top();
  return top === Kind.ARRAY || (top === Kind.OBJECT && e.strAfterBreak && text.indexOf('\n') === -1);
}

/** `"a" + "b"`: where the next string's content starts and its delimiter, if a `+` joins one. */
export function concatenation(e: Engine, from: number): { at: number; quote: Quote } | undefined {
  return concatenationAt(e, peekSignificant(e, from));
}

/** concatenation, `j` the first significant character after the string. */
function concatenationAt(e: Engine, j: number): { at: number; quote: Quote } | undefined {
  const s = e.buf;
  if (j >= e.end || s.charCodeAt(j) !== Ch.PLUS) return undefined;
  j = peekSignificant(e, j + 1);
  const quote = j < e.end ? quoteAt(e, j) : -1;
  if (quote === QUOTE_CUT) throw NEED_MORE;
  if (quote < 0) return undefined;
  return { at: j + quoteWidth(quote as Quote), quote: quote as Quote };
}

/** How far a string written side by side with a value's string is looked through for its end. */
const SIDE_BY_SIDE_MAX = 4 * LOOKAHEAD;

/**
 * `"description": "A long text "⏎        "that goes on",`: a string right after an object's string
 * value, as Python joins them (its implicit concatenation; how a long string is wrapped), is more of
 * it, when it ends on its line at a comma, the object's `}` or another such string; a colon after it
 * makes it the next key, its comma lost. On the next line it must be indented deeper than the
 * member's key (at the key's indentation it is a member that lost its colon and value). `j`: the
 * first significant character after the string. Where the part's text starts and its quote, else
 * undefined.
 */
function sideBySide(e: Engine, j: number): { at: number; quote: Quote } | undefined {
  const s = e.buf;
  const q = j < e.end ? s.charCodeAt(j) : -1;
  if (q !== (e.quote === Quote.DOUBLE ? Ch.DQUOTE : e.quote === Quote.SINGLE ? Ch.SQUOTE : -2)) return undefined;
  if (e.kinds.length === 0 || e.top() !== Kind.OBJECT) return undefined;
  if (lineBreakBefore(e, j) && indentAt(e, j) <= Math.max(lastKeyIndent(e), 0)) return undefined;
  // Its end on its line: an empty string or triple quotes are something else.
  const k = quoteEnd(e, j, SIDE_BY_SIDE_MAX);
  if (k < 0 || k === j + 1) return undefined;
  const after = peekSignificant(e, k + 1);
  const c = after < e.end ? s.charCodeAt(after) : -1;
  // `"x" "b"": 1`: a quote right after the part's is a doubled quote, not another part.
  if (c === q && after === k + 1) return undefined;
  return partEnds(e, after, c, q) ? { at: j + 1, quote: e.quote } : undefined;
}

/**
 * Whether what follows a side-by-side part at `after` (`c` there) ends it as a string's: a comma and
 * then a member or the object's `}`, the object's `}` with no value after it, or another part that
 * no colon follows. Else the part is a key that lost its colon or comma (`"x" "b", "y"}`,
 * `"x" "b"": "y"`, `"x" "b"} "y", …`), and reading it into the string lost that member.
 */
function partEnds(e: Engine, after: number, c: number, q: number): boolean {
  const s = e.buf;
  if (c === Ch.COMMA || c === Ch.FULLWIDTH_COMMA) {
    const k = peekSignificant(e, after + 1);
    if (k >= e.end && !e.final) throw NEED_MORE;
    return k >= e.end || s.charCodeAt(k) === Ch.RBRACE || memberFollows(e, after);
  }
  if (c === Ch.RBRACE) {
    // `"x" "b"} "y", "c": 1}`: a value and then the object going on after the `}`; prose's quoted
    // words after it (`} "Done"`) end the part as a string.
    const k = peekSignificant(e, after + 1);
    if (k >= e.end && !e.final) throw NEED_MORE;
    if (k >= e.end || s.charCodeAt(k) !== q) return true;
    const close = quoteEnd(e, k);
    if (close < 0) return true;
    const d = peekSignificant(e, close + 1);
    if (d >= e.end && !e.final) throw NEED_MORE;
    return d >= e.end || (s.charCodeAt(d) !== Ch.COMMA && s.charCodeAt(d) !== Ch.RBRACE);
  }
  if (c !== q) return false;
  const k = quoteEnd(e, after, SIDE_BY_SIDE_MAX);
  if (k <= after + 1) return false;
  const d = peekSignificant(e, k + 1);
  return d >= e.end || (s.charCodeAt(d) !== Ch.COLON && s.charCodeAt(d) !== Ch.FULLWIDTH_COLON);
}

export function completeString(e: Engine): void {
  const text = e.strHead + e.strText;
  e.strText = '';
  e.strHead = '';
  if (e.strIsKey) {
    e.key(text, e.strStart - e.base);
    e.keyString = text;
    e.state = State.COLON;
  } else {
    e.sink.scalar(text);
    e.afterValue();
  }
}

/** Whether `:` (ASCII) is the next significant character at `i`: a key's colon after its quote. */
export function colonAt(e: Engine, i: number): boolean {
  const j = peekSignificant(e, i);
  return j < e.end && e.buf.charCodeAt(j) === Ch.COLON;
}

/** End of input inside a string: keep what was read, close it, and say it was cut off. */
export function finishString(e: Engine): void {
  if (e.strIsKey) {
    // `{"approve_pr: false}`: a key that lost its closing quote ran to the end, through its value
    // and the object's closer (then prose, maybe: `{"ok: true} Done.`): it ends at its first colon.
    if ((closerEndsText(e) || valueAfterColon(e, e.end)) && splitKeyAtColon(e, e.end)) return;
    // No key runs this long: it lost its closing quote and took the rest of the document with it,
    // further back than the colon can be looked for (a stream keeps only so much of a string).
    if (e.base + e.end - e.textStart > LOOKAHEAD) {
      throw e.fail('UNREPAIRABLE', 'a key runs on to the end of the text: its closing quote is missing', e.textStart - e.base - 1);
    }
    // A key that never finished has no value: the member is dropped when containers close.
    e.state = State.COLON;
    e.keyString = undefined;
    e.strText = '';
    e.strHead = '';
    return;
  }
  throwIfLeakedMarkup(e, e.strHead + e.strText, e.pos);
  // `{"a": "x}```: a closing fence after the string's text ended the reply (see fenceBeforeEnd).
  const fence = fenceBeforeEnd(e);
  let closers = closersAtEnd(e, fence >= 0 ? fence : e.pos);
  if (closers < 0 && fence < 0) {
    const prose = proseAfterClosers(e);
    const cut = prose >= 0 ? closersAtEnd(e, prose) : -1;
    // Only a string of one line, all of it within the look back (a stream holds no more): one holding
    // raw line breaks may be code cut off after a `}` of its own.
    const floor = lookBackFloor(e, e.pos);
    if (cut >= 0 && floor === e.textStart - e.base && !lineBreakWithin(e.buf, floor, cut)) closers = cut;
  }
  const cut = closers >= 0 ? closers : fence;
  // `{"a": "first, b: 1}`: the text is complete but for the end quote, which belonged before `, b:`.
  if (closers >= 0 && endBeforeMember(e, closers)) return;
  // A tail with an escape in it (`["]⏎\n`) is no closers' run: its decoded text is not one
  // character per character of the text, so cutting it back would keep part of it.
  const slash = cut >= 0 ? e.buf.indexOf('\\', cut) : -1;
  if (cut >= 0 && (slash < 0 || slash >= e.pos)) {
    // `{"url": "https://x.com/}`: the closers after the text close exactly what is open, so the string
    // ended before them; the main loop reads them as closers. The reply is whole but for the quote (a
    // reply cut off by its token limit ends with no such closers), so this is no cut-off value; a
    // closing fence with no closers before it is.
    dropStringTail(e, cut);
    if (closers >= 0) e.record('missing_end_quote', cut, 'inserted the missing closing quote before the closers that end the text');
    else e.record('truncated', cut, 'the text ends inside a string; closed it before the fence that ends the reply');
    e.edit(cut, 0, '"');
    e.pos = cut;
    completeString(e);
    return;
  }
  e.record('truncated', e.pos, 'the text ends inside a string; closed it');
  e.edit(e.pos, 0, '"');
  completeString(e);
}

/** Whether the text ends with `}` or `]` (then spaces). */
function closerEndsText(e: Engine): boolean {
  let k = e.end - 1;
  while (k >= 0 && isJsonSpace(e.buf.charCodeAt(k))) k--;
  return k >= 0 && (e.buf.charCodeAt(k) === Ch.RBRACE || e.buf.charCodeAt(k) === Ch.RBRACKET);
}

/**
 * Where an unterminated value string's tail of closers and space starts, when those closers close
 * exactly the open containers, innermost first; -1 otherwise. Looks back at most LOOKAHEAD characters.
 */
function closersAtEnd(e: Engine, from: number): number {
  const s = e.buf;
  const depth = e.kinds.length;
  if (depth === 0 || e.quote !== Quote.DOUBLE) return -1;
  const floor = lookBackFloor(e, e.pos);
  let i = from;
  let matched = 0;
  while (i > floor) {
    const c = s.charCodeAt(i - 1);
    if (isJsonSpace(c)) {
      i--;
      continue;
    }
    // Read backwards, the last closer closes the outermost container.
    if (matched >= depth || c !== closerCode(e.kinds[matched])) break;
    matched++;
    i--;
  }
  if (matched !== depth) return -1;
  while (i > floor && isJsonSpace(s.charCodeAt(i - 1))) i--;
  // `{"s": "Hello {name}`: the tail's first closer closes a `{` the string's own text opened, so it is
  // the string's text (a template, LaTeX, code) and the reply stopped right after it: cut off, not
  // closers (`{"a": "x}` opens none and stays whole but for its quote).
  if (stringOwnsCloser(s, floor, i)) return -1;
  // `"a\⏎}`: a line break after a backslash is a line continuation, read as nothing; the tail after
  // the cut must be plain text, as dropStringTail counts it, so the cut goes after it.
  return pastContinuation(s, i, floor);
}

/**
 * Whether the closer that follows the string's text `s[floor, cut)` (after spaces) closes a bracket of
 * its kind left open in that text. One pass over at most LOOKAHEAD characters, once per string the text
 * ends inside.
 */
function stringOwnsCloser(s: string, floor: number, cut: number): boolean {
  let k = cut;
  while (k < s.length && isJsonSpace(s.charCodeAt(k))) k++;
  const closer = s.charCodeAt(k);
  const opener = closer === Ch.RBRACE ? Ch.LBRACE : closer === Ch.RBRACKET ? Ch.LBRACKET : -1;
  if (opener < 0) return false;
  let open = 0;
  for (let j = floor; j < cut; j++) {
    const c = s.charCodeAt(j);
    if (c === opener) open++;
    else if (c === closer && open > 0) open--;
  }
  return open > 0;
}

/**
 * `{"end": "00:23}⏎  ]⏎}⏎Hope it helps!`: where the outermost container's last closer in the text is
 * followed by a line break and then only prose to the end (no quote, brace or bracket), the end of
 * that closer (closersAtEnd then reads back from it); else -1. Once per string the text ends inside.
 */
function proseAfterClosers(e: Engine): number {
  const s = e.buf;
  if (e.kinds.length === 0) return -1;
  // Looked for back to the floor only: lastIndexOf would search the text before the span too (the
  // buffer is the whole reply), once for every value that ends inside a string.
  const closer = closerCode(e.kinds[0]);
  const floor = lookBackFloor(e, e.pos);
  let last = e.end - 1;
  while (last >= floor && s.charCodeAt(last) !== closer) last--;
  if (last < floor) return -1;
  let k = last + 1;
  let sawBreak = false;
  for (; k < e.end && isJsonSpace(s.charCodeAt(k)); k++) if (s.charCodeAt(k) === Ch.LF) sawBreak = true;
  if (!sawBreak || k >= e.end) return -1;
  for (; k < e.end; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.DQUOTE || c === Ch.LBRACE || c === Ch.RBRACE || c === Ch.LBRACKET || c === Ch.RBRACKET) return -1;
  }
  return last + 1;
}

/**
 * Where a closing fence (```, then only spaces) ends the text of an unterminated value string, with
 * the spaces before it, or -1: `{"key": "value}``` was cut off by the reply's markdown.
 */
function fenceBeforeEnd(e: Engine): number {
  const s = e.buf;
  const floor = lookBackFloor(e, e.pos);
  let i = e.pos;
  while (i > floor && isJsonSpace(s.charCodeAt(i - 1))) i--;
  if (i - 3 < floor || e.kinds.length === 0 || !s.startsWith('```', i - 3)) return -1;
  i -= 3;
  while (i > floor && isJsonSpace(s.charCodeAt(i - 1))) i--;
  return pastContinuation(s, i, floor); // as in the closers' cut above
}

/**
 * The earliest buffer offset of the string being read that a rule deciding at `at` may look back to:
 * the first character of its text (of the part after the last `+ "`, see Engine.textStart), but no
 * more than LOOKAHEAD back. A stream holds at least that much of the string (Engine.feed), so parse
 * and every chunking see the same text and decide alike.
 */
export function lookBackFloor(e: Engine, at: number): number {
  return Math.max(e.textStart - e.base, at - LOOKAHEAD, 0);
}

/** Past the line break at `i` when a backslash before it continues the line (CRLF's both characters), else `i`. */
function pastContinuation(s: string, i: number, floor: number): number {
  if (!escapedAt(s, i, floor)) return i;
  return s.charCodeAt(i) === Ch.CR && s.charCodeAt(i + 1) === Ch.LF ? i + 2 : i + 1;
}

/** Whether the character at `i` is a backslash-continued line break, CRLF's `\n` included. */
export function continuedAt(s: string, i: number, floor: number): boolean {
  if (escapedAt(s, i, floor)) return true;
  return s.charCodeAt(i) === Ch.LF && i - 1 >= floor && s.charCodeAt(i - 1) === Ch.CR && escapedAt(s, i - 1, floor);
}

/** Whether the character at `i` follows an odd run of backslashes (no further back than `floor`). */
export function escapedAt(s: string, i: number, floor: number): boolean {
  let k = i;
  while (k > floor && s.charCodeAt(k - 1) === Ch.BACKSLASH) k--;
  return (i - k) % 2 === 1;
}

function closerCode(kind: Kind): number {
  return kind === Kind.OBJECT ? Ch.RBRACE : kind === Kind.ARRAY ? Ch.RBRACKET : Ch.RPAREN;
}

/**
 * Takes the raw text [cut, pos) back out of the string being read: it is plain text (closers, a
 * comma, spaces, line breaks) already in strText, one character each; drops its repairs and splices.
 */
export function dropStringTail(e: Engine, cut: number): void {
  const n = e.pos - cut;
  if (n > e.strText.length) e.joinStringText();
  e.strText = e.strText.slice(0, e.strText.length - n);
  dropRepairsFrom(e, cut);
}

/** Takes back the splices and repairs made at or after `cut` (a buffer offset). */
export function dropRepairsFrom(e: Engine, cut: number): void {
  const cutAt = e.base + cut;
  while (e.edits.length > 0 && e.edits[e.edits.length - 1].at >= cutAt) e.edits.pop();
  // Only the string's own repairs: a caller's notes (surrounding text, escaped JSON) are logged first,
  // at offsets of the original reply rather than of this buffer.
  let keep = e.log.length;
  while (keep > e.strLogAt && e.log.offsets[keep - 1] >= cutAt) keep--;
  e.log.truncate(keep);
}

/**
 * Reads the escape at `i` (a backslash). Returns the offset after it, or -1 when the escape is
 * cut off by the end of the buffer (streaming waits; at the end of input it is dropped).
 */
export function readEscape(e: Engine, i: number): number {
  const s = e.buf;
  if (i + 1 >= e.end) return cutEscape(e, i);
  const code = s.charCodeAt(i + 1);
  // A Windows path is told at its drive's backslash (see settleWindowsPath): its backslashes are its own,
  // `\b` `\f` `\n` `\r` `\t` `\u` included, and `\"` is a folder's last backslash before the closing quote.
  if (s.charCodeAt(i - 1) === Ch.COLON && e.pathAt !== e.strStart && driveAt(e, i - 2) && !settleWindowsPath(e, i - 2)) return -1;
  const simple = ESCAPES[code];
  if (e.keptBackslashAt >= e.textStart && e.pathAt !== e.strStart && (code === Ch.LOWER_U || code === Ch.DQUOTE || (code >= Ch.LOWER_B && code <= Ch.LOWER_T && simple !== undefined))) {
    // `src\utils\backend\new.py`: a relative path's backslash (see pathGoesOn).
    const path = pathGoesOn(e, i);
    if (path < 0) return -1;
    if (path > 0) return invalidEscape(e, i);
  }
  if (simple !== undefined) {
    if (e.pathAt === e.strStart && (code === Ch.DQUOTE || (code >= Ch.LOWER_B && code <= Ch.LOWER_T))) return invalidEscape(e, i);
    if (code >= Ch.LOWER_B && code <= Ch.LOWER_T) {
      // `\frac`, `\times`: a LaTeX command written with one backslash (see latex.ts).
      const latex = latexCommandAt(e, i);
      if (latex === undefined) return -1;
      if (latex) {
        e.keptLatex = true;
        return invalidEscape(e, i, 'kept the backslash of a LaTeX command');
      }
    }
    e.strText += simple;
    return i + 2;
  }
  if (code === Ch.LOWER_U) {
    if (e.pathAt === e.strStart) return invalidEscape(e, i);
    if (i + 6 > e.end) {
      for (let k = i + 2; k < e.end; k++) if (!isHexDigit(s.charCodeAt(k))) return invalidEscape(e, i);
      return cutEscape(e, i);
    }
    for (let k = i + 2; k < i + 6; k++) if (!isHexDigit(s.charCodeAt(k))) return invalidEscape(e, i);
    e.strText += String.fromCharCode(parseInt(s.slice(i + 2, i + 6), 16));
    return i + 6;
  }
  if (code === Ch.SQUOTE) {
    // `\'` is JavaScript, not JSON: the apostrophe itself.
    e.strText += "'";
    if (e.quote !== Quote.SINGLE && e.quote !== Quote.TRIPLE_SINGLE) {
      e.record('invalid_escape', i, "read \\' as an apostrophe");
    }
    e.edit(i, 1, '');
    return i + 2;
  }
  if (code === Ch.BACKTICK && e.quote === Quote.BACKTICK) {
    // `` `it\`s` ``: in a JavaScript template literal, `\`` is the backtick itself.
    e.strText += '`';
    e.edit(i, 1, '');
    return i + 2;
  }
  if (code === Ch.UNDERSCORE && e.strIsKey) {
    // `"new\_name"`: a key escaped for markdown (keys are identifiers; a value keeps its backslash).
    e.record('markdown_escape', i, 'removed the markdown escape before _ in a key');
    e.edit(i, 1, '');
    e.strText += '_';
    return i + 2;
  }
  if (code === Ch.LF || code === Ch.CR) {
    // A backslash-continued line: the line break, CRLF's both characters, is not part of the string.
    if (code === Ch.CR && i + 2 >= e.end && !e.final) return -1;
    const len = code === Ch.CR && e.buf.charCodeAt(i + 2) === Ch.LF ? 3 : 2;
    if (i + len >= e.end && !e.final) return -1;
    if (i > 0 && isWordPart(e.buf.charCodeAt(i - 1)) && isWordPart(e.buf.charCodeAt(i + len))) {
      // `"carrot\⏎turnip\⏎lettuce"` (jsonrepair #160): between two words the break is the text's,
      // its backslash an escape's that lost its letter; continued, the words ran together.
      const lineBreak = e.buf.slice(i + 1, i + len);
      e.record('invalid_escape', i, 'kept the line break after a backslash between two words');
      e.edit(i, len, JSON.stringify(lineBreak).slice(1, -1));
      e.strText += lineBreak;
      return i + len;
    }
    e.record('invalid_escape', i, 'removed a line continuation');
    e.edit(i, len, '');
    return i + len;
  }
  return invalidEscape(e, i);
}

/**
 * Whether a drive's letter (a capital) is at `t`, where the string's text starts or after a space, a
 * `(` or an `=` (`"type C:\Users\bob\notes.txt"`, a command with the path in it), its `:\` after it.
 */
function driveAt(e: Engine, t: number): boolean {
  const s = e.buf;
  const drive = s.charCodeAt(t);
  if (!(drive >= Ch.UPPER_A && drive <= Ch.UPPER_Z)) return false;
  if (t === e.textStart - e.base) return true;
  const before = s.charCodeAt(t - 1);
  return t > e.textStart - e.base && (before === Ch.SPACE || before === Ch.LPAREN || before === Ch.EQ);
}

/**
 * At the backslash after the drive at `t` (see driveAt): settles whether the string is a Windows path
 * written with single backslashes from there (`"C:\Users\bob\new"`), and if so sets Engine.pathAt.
 * Such a path has no second backslash after its drive, a backslash in it (up to the first word after a
 * space that holds none) starts no JSON escape (`\U`, or `\u` with no four hex digits after it), and
 * its `\n`-like escapes go on with a folder's name, so none of them was meant as one. Returns false
 * while its closing quote has not arrived (LOOKAHEAD at most): streaming waits.
 */
function settleWindowsPath(e: Engine, t: number): boolean {
  const s = e.buf;
  if (s.charCodeAt(t + 3) === Ch.BACKSLASH) return true;
  const limit = Math.min(e.end, t + LOOKAHEAD);
  let path = false;
  // The path runs on over words that hold a backslash (`C:\Program Files\x`); the first that holds
  // none ends it (`B:\nthe angle \alpha`: a label's line break, then LaTeX, is no path).
  let inPath = true;
  let k = t + 2;
  for (; k < limit; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.DQUOTE || c < 0x20) break;
    if (c === Ch.SPACE) {
      if (!inPath) break;
      inPath = false;
      continue;
    }
    if (c !== Ch.BACKSLASH) continue;
    inPath = true;
    if (++k >= limit) break;
    const next = s.charCodeAt(k);
    if (next >= Ch.LOWER_B && ESCAPES[next] !== undefined) {
      if (k + 1 >= e.end && !e.final) return false;
      if (!folderGoesOn(s.charCodeAt(k + 1))) return true;
    }
    if (next === Ch.LOWER_U) {
      // `\users`: no four hex digits, so no escape.
      if (k + 4 >= e.end && !e.final) return false;
      for (let h = k + 1; h <= k + 4; h++) if (!isHexDigit(s.charCodeAt(h))) path = true;
    } else if (ESCAPES[next] === undefined) path = true;
  }
  if (k >= e.end && !e.final) return false;
  if (path) e.pathAt = e.strStart;
  return true;
}

/**
 * `src\utils\backend\new.py` (openclaw #88226): at a `\n`-like, `\u` or `\"` escape at `i`, 1 when
 * a backslash kept as the text's before it in the same word (Engine.keptBackslashAt: one that starts
 * no JSON escape, `\u` with no four hex digits) makes this one a path's too: names' characters and
 * backslashes only between them, this backslash after a name's character, and after the escape's
 * letter a folder's name going on (see folderGoesOn), or after its quote a delimiter; 0 when not;
 * -1 while that character has not arrived. Looks back LOOKAHEAD characters at most and never past
 * the next character, so a stream shows the text at once; a path whose first backslash is JSON's
 * (`lib\new\Utils`) reads its `\n` as JSON does.
 */
function pathGoesOn(e: Engine, i: number): number {
  const s = e.buf;
  const kept = e.keptBackslashAt - e.base;
  if (kept < 0 || i - kept > LOOKAHEAD || !isPathChar(s.charCodeAt(i - 1))) return 0;
  for (let k = kept + 1; k < i; k++) {
    const c = s.charCodeAt(k);
    if (!isPathChar(c) && c !== Ch.BACKSLASH) return 0;
  }
  if (s.charCodeAt(i + 1) === Ch.DQUOTE) {
    // `src\utils\"`: a folder's last backslash, then the string's closing quote and a delimiter.
    // (Spaces only: a look that may throw NEED_MORE would read the string's text again.)
    let j = i + 2;
    while (j < e.end && isJsonSpace(s.charCodeAt(j))) j++;
    if (j >= e.end) return e.final ? 1 : -1;
    const d = s.charCodeAt(j);
    return d === Ch.COMMA || d === Ch.RBRACE || d === Ch.RBRACKET ? 1 : 0;
  }
  if (i + 2 >= e.end) return e.final ? 1 : -1;
  const after = s.charCodeAt(i + 2);
  return s.charCodeAt(i + 1) === Ch.LOWER_U || (folderGoesOn(after) && isPathChar(after)) ? 1 : 0;
}

/** A character of a path's folder or file name: a letter, a digit, `_`, `-` or `.`. */
function isPathChar(c: number): boolean {
  return (c < 0x80 && isWordPart(c)) || c === Ch.DOT || c === Ch.MINUS;
}

/**
 * Whether `c`, after a `\n`-like escape in what may be a path, goes on with a folder's name (`\new`,
 * `\temp`): a space, a backslash, a capital letter or the string's end there reads as a line break or
 * a tab in text (`"Q:\nA: …"`).
 */
function folderGoesOn(c: number): boolean {
  return c !== Ch.SPACE && c !== Ch.BACKSLASH && c !== Ch.DQUOTE && !(c >= Ch.UPPER_A && c <= Ch.UPPER_Z);
}

/** An escape cut off by the end of the buffer. */
export function cutEscape(e: Engine, i: number): number {
  if (!e.final) return -1;
  // End of input: drop the half escape; finishString reports the truncation.
  e.edit(i, e.end - i, '');
  return e.end;
}

/** `\d` and friends: keep the backslash as a character (the regex a model meant). */
export function invalidEscape(e: Engine, i: number, detail = 'kept a backslash that starts no JSON escape'): number {
  e.keptBackslashAt = e.base + i;
  e.record('invalid_escape', i, detail);
  e.edit(i, 0, '\\');
  e.strText += '\\';
  return i + 1;
}

export function controlCharacter(e: Engine, i: number, c: number): void {
  if (!e.controlReported) {
    e.record('control_character', i, 'escaped a raw control character inside a string');
    e.controlReported = true;
  }
  e.strText += String.fromCharCode(c);
  e.edit(i, 1, CONTROL_ESCAPES[c] ?? `\\u${c.toString(16).padStart(4, '0')}`);
}

/**
 * `{u'name': u'Ann'}`, `b'abc'`: a Python string prefix (`u`, `b`; either case) right before a quote
 * whose string closes on its line is dropped (`string_prefix`); read as a word, it became part of the
 * text (`"u'Ann'"`), and a key took its quotes. False, with nothing read, otherwise.
 */
export function stringPrefix(e: Engine, c: number): boolean {
  if (!isStringPrefix(c)) return false;
  const s = e.buf;
  const quote = e.pos + 1 < e.end ? s.charCodeAt(e.pos + 1) : -1;
  if (e.pos + 1 >= e.end && !e.final) throw NEED_MORE;
  if (quote !== Ch.SQUOTE && quote !== Ch.DQUOTE) return false;
  // `{"a": 1, b": 2}`: the quote closes a key whose opening quote was lost.
  if (e.pos + 2 >= e.end && !e.final) throw NEED_MORE;
  const after = s.charCodeAt(e.pos + 2);
  if (after === Ch.COLON || after === Ch.COMMA || after === Ch.RBRACE || after === Ch.RBRACKET) return false;
  const limit = Math.min(e.end, e.pos + 2 + LOOKAHEAD);
  let k = e.pos + 2;
  while (k < limit && s.charCodeAt(k) !== quote && s.charCodeAt(k) !== Ch.LF) k += s.charCodeAt(k) === Ch.BACKSLASH ? 2 : 1;
  if (k >= e.end && !e.final) throw NEED_MORE;
  if (k >= limit || s.charCodeAt(k) !== quote) return false;
  e.record('string_prefix', e.pos, `removed the string prefix ${String.fromCharCode(c)}`);
  e.edit(e.pos, 1, '');
  e.pos++;
  return true;
}
