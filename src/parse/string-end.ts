// Where a string ends: does a quote close the string, belong to its text, or show that the end quote
// was missing? An ordered list of small checks, first answer wins.
import { Ch, isDigit, isJsonSpace, isWordStart } from './chars.js';
import type { Engine } from './engine.js';
import { colonAfter, peekSignificant, scanSignificant } from './space.js';
import { NEED_MORE, Kind, Quote, Decision, LOOKAHEAD } from './state.js';
import { completeString, concatenation, dropStringTail } from './strings.js';
import { isLiteralWord, scanWordLimited } from './words.js';

/**
 * Does the quote at `i` end the string? Looks at what follows it (bounded). Returns undefined when
 * the answer depends on text that has not arrived (streaming waits at the quote).
 */
export function decideClose(e: Engine, i: number, closeLen: number): Decision | undefined {
  try {
    return decideCloseOrWait(e, i, closeLen);
  } catch (err) {
    if (err !== NEED_MORE) throw err;
    return undefined;
  }
}

/** A check's answer: a decision, undefined (wait: the text so far cannot tell), or PASS (no opinion). */
type Answer = Decision | undefined;
const PASS = -1 as Decision;

/**
 * decideClose's checks, in order; the first with an opinion decides. Each looks at the quote at `i`
 * (`closeLen` long), the next significant character `c2` at `j`, and may throw NEED_MORE on rarer
 * paths when the text so far cannot tell.
 */
export function decideCloseOrWait(e: Engine, i: number, closeLen: number): Decision | undefined {
  if (e.quote === Quote.DOUBLE && e.buf.charCodeAt(i) === Ch.RIGHT_DOUBLE && straightQuoteEnds(e, i + 1)) return Decision.INNER;
  // Unambiguous delimiters, and keys (which never hold quotes), always close.
  if (e.strIsKey || e.quote >= Quote.BACKTICK) return Decision.CLOSE;
  const j = scanSignificant(e, i + closeLen);
  if (j >= e.end) return e.final ? Decision.CLOSE : undefined;
  const c2 = e.buf.charCodeAt(j);
  let d: Answer;
  if ((c2 === Ch.COLON || c2 === Ch.RBRACE) && !e.strIsKey && embeddedObjectOpen(e, i)) return Decision.INNER;
  if ((d = closerOrColonFollows(e, c2)) !== PASS) return d;
  if ((d = joinFollows(e, i + closeLen, c2)) !== PASS) return d;
  if ((d = commentFollows(e, j, c2)) !== PASS) return d;
  if ((d = commaFollows(e, j, c2)) !== PASS) return d;
  if ((d = quoteFollows(e, j, c2)) !== PASS) return d;
  if (splitAtComma(e, i, j)) return Decision.SPLIT;
  if ((d = unquotedKeyFollows(e, i + closeLen, j, c2)) !== PASS) return d;
  if ((d = valueAfterSpace(e, i + closeLen, j, c2)) !== PASS) return d;
  return Decision.INNER;
}

/**
 * `{"q”": 1}`, `["a ”b” c"]`: a `”` in a string opened by `"` is text when the next unescaped `"` (on
 * the same line, within LOOKAHEAD) ends the string as JSON would, before `:` `,` `}` `]` or the end.
 */
function straightQuoteEnds(e: Engine, from: number): boolean {
  const s = e.buf;
  const limit = Math.min(e.end, from + LOOKAHEAD);
  let k = from;
  while (k < limit) {
    const c = s.charCodeAt(k);
    if (c === Ch.DQUOTE) break;
    if (c < 0x20) return false;
    k += c === Ch.BACKSLASH ? 2 : 1;
  }
  if (k >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  if (k >= limit) return false;
  const j = scanSignificant(e, k + 1);
  if (j >= e.end) {
    if (!e.final) throw NEED_MORE;
    return true;
  }
  const c = s.charCodeAt(j);
  return c === Ch.COLON || c === Ch.COMMA || c === Ch.RBRACE || c === Ch.RBRACKET;
}

function inObject(e: Engine): boolean {
  return e.kinds.length > 0 && e.top() === Kind.OBJECT;
}

/**
 * `{"x": "the answer is {"k": 1}, so"}`: the string's recent text opened an object of its own (`{"`)
 * that no `}` closed yet, so a quote before `:` or `}` belongs to that quoted JSON. Looks back at most
 * LOOKAHEAD characters.
 */
function embeddedObjectOpen(e: Engine, i: number): boolean {
  // The raw text, not the string read so far: there an escaped `\"` and a bare `"` look alike.
  const t = e.buf;
  let open = 0;
  for (let k = Math.max(e.strStart - e.base + 1, i - LOOKAHEAD, 0); k < i; k++) {
    const c = t.charCodeAt(k);
    if (c === Ch.LBRACE) {
      let n = k + 1;
      while (n < i && t.charCodeAt(n) === Ch.SPACE) n++;
      if (n < i && t.charCodeAt(n) === Ch.DQUOTE) open++;
    } else if (c === Ch.RBRACE && open > 0) {
      open--;
    }
  }
  return open > 0;
}

/** `"x"}`, `"x"]`, `"x":`, and `"x")` when a `(` is open: a closer or a colon ends the string. */
function closerOrColonFollows(e: Engine, c2: number): Answer {
  return c2 === Ch.RBRACE || c2 === Ch.RBRACKET || c2 === Ch.COLON || (c2 === Ch.RPAREN && e.openParens > 0) ? Decision.CLOSE : PASS;
}

/** `"a" + "b"`: a `+` and another string. */
function joinFollows(e: Engine, after: number, c2: number): Answer {
  return c2 === Ch.PLUS && concatenation(e, after) !== undefined ? Decision.CLOSE : PASS;
}

/** `"x" // note`: a comment after the quote, so the string ended. */
function commentFollows(e: Engine, j: number, c2: number): Answer {
  if (c2 !== Ch.SLASH) return PASS;
  if (j + 1 >= e.end && !e.final) throw NEED_MORE;
  const d = e.buf.charCodeAt(j + 1);
  return d === Ch.SLASH || d === Ch.STAR ? Decision.CLOSE : PASS;
}

/** `"x", …`: closes unless a word follows that is neither a key nor a literal (`"know "michael", jackson"`). */
function commaFollows(e: Engine, j: number, c2: number): Answer {
  if (c2 !== Ch.COMMA) return PASS;
  const k = scanSignificant(e, j + 1);
  if (k >= e.end) return e.final ? Decision.CLOSE : undefined;
  if (!isWordStart(e.buf.charCodeAt(k))) return Decision.CLOSE;
  const wordEnd = scanWordLimited(e, k);
  // `"foo", b: …` and `"foo",b": …` (the key's opening quote missing).
  if (inObject(e)) return colonAfter(e, e.buf.charCodeAt(wordEnd) === Ch.DQUOTE ? wordEnd + 1 : wordEnd) ? Decision.CLOSE : Decision.INNER;
  return isLiteralWord(e.buf.slice(k, wordEnd)) ? Decision.CLOSE : Decision.INNER;
}

/** `"x" "y"`: a missing comma; `"say "hi""`: a doubled quote at the end of the string. */
function quoteFollows(e: Engine, j: number, c2: number): Answer {
  if (c2 !== Ch.DQUOTE && c2 !== Ch.SQUOTE) return PASS;
  const k = peekSignificant(e, j + 1);
  if (k >= e.end) return Decision.INNER;
  const c3 = e.buf.charCodeAt(k);
  return c3 === Ch.RBRACE || c3 === Ch.RBRACKET || c3 === Ch.COMMA ? Decision.INNER : Decision.CLOSE;
}

/** `{"a": "x" b: 1}`: the next member's unquoted key, after a space. */
function unquotedKeyFollows(e: Engine, after: number, j: number, c2: number): Answer {
  if (!isWordStart(c2) || !inObject(e)) return PASS;
  return colonAfter(e, scanWordLimited(e, j)) && j > after ? Decision.CLOSE : Decision.INNER;
}

/**
 * Space after the quote, then a value: a missing comma, if the space holds a line break or the value
 * is unmistakably one (a number, a container, a literal).
 */
function valueAfterSpace(e: Engine, after: number, j: number, c2: number): Answer {
  if (j <= after) return PASS;
  const s = e.buf;
  for (let k = after; k < j; k++) if (s.charCodeAt(k) === Ch.LF) return Decision.CLOSE;
  if (c2 === Ch.LBRACE || c2 === Ch.LBRACKET || isDigit(c2) || c2 === Ch.MINUS) return Decision.CLOSE;
  if (isWordStart(c2) && isLiteralWord(s.slice(j, scanWordLimited(e, j)))) return Decision.CLOSE;
  return PASS;
}

/**
 * `{"a": "foo, "b": 2}` and `["abc,\n"def"]`: the quote at `i` opens the next key or element, so the string should have ended
 * before the comma (or line break) in front of it. On a match, ends the string there.
 */
export function splitAtComma(e: Engine, i: number, j: number): boolean {
  if (j !== i + 1 || e.kinds.length === 0) return false;
  const inArray = e.top() === Kind.ARRAY;
  if (!inArray && e.top() !== Kind.OBJECT) return false;
  const s = e.buf;
  // Backwards over spaces to a comma or a line break, staying inside this string's text.
  const floor = Math.max(e.strStart - e.base + 1, i - LOOKAHEAD, 0);
  let b = i - 1;
  let sawBreak = false;
  while (b >= floor && isJsonSpace(s.charCodeAt(b))) {
    if (s.charCodeAt(b) === Ch.LF) sawBreak = true;
    b--;
  }
  if (b < floor) return false;
  const atComma = s.charCodeAt(b) === Ch.COMMA;
  if (!atComma && !sawBreak) return false;
  // In an array, `said, "hi", …` may be a quotation: only `a,"b"` or a line break split there.
  if (inArray && !sawBreak && b !== i - 1) return false;
  // Forwards: `key"` then `:`.
  let k = i + 1;
  const limit = Math.min(e.end, k + LOOKAHEAD);
  while (k < limit) {
    const c = s.charCodeAt(k);
    if (c === Ch.DQUOTE || c === Ch.LF || c === Ch.LBRACE || c === Ch.RBRACE || c === Ch.COMMA) break;
    k++;
  }
  if (k >= e.end && !e.final) throw NEED_MORE;
  if (k >= limit || s.charCodeAt(k) !== Ch.DQUOTE) return false;
  // What follows that quote: an object's next key has its colon, an array's next element a comma or `]`.
  const after = peekSignificant(e, k + 1);
  const c = after < e.end ? s.charCodeAt(after) : -1;
  if (inArray ? c !== Ch.COMMA && c !== Ch.RBRACKET : c !== Ch.COLON) return false;
  const cut = atComma ? b : b + 1;
  // The raw tail [cut, i) is plain text (a comma, spaces, line breaks): drop it, and any escaping of those line breaks.
  e.pos = i;
  dropStringTail(e, cut);
  e.record('missing_end_quote', cut, 'inserted the missing closing quote');
  e.edit(cut, 0, '"');
  e.pos = cut;
  completeString(e);
  return true;
}
