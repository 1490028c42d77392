// Where a string ends: does a quote close the string, belong to its text, or show that the end quote
// was missing? An ordered list of small checks, first answer wins.
import { Ch, isDigit, isJsonSpace, isNumberPart, isWordPart, isWordStart, lineBreakWithin } from './chars.js';
import type { Engine } from './engine.js';
import { colonAfter, equalsAfter, lineBreakBefore, lineSpaceEnd, peekSignificant, quotedKeyNameAt, scanSignificant } from './space.js';
import { NEED_MORE, Kind, Quote, Decision, KEY_MAX, LOOKAHEAD, quoteWidth } from './state.js';
import { fenceEndsText, missingValueBeforeKey, openMissingObject, opensLostObject } from './containers.js';
import { containerEndsMember, scan } from './continuation.js';
import { isKeyStop, isLineBreak, isLineOrEscape, isTextStop, stopAhead, quoteEnd } from './quote-ahead.js';
import { embeddedDocText, innerDocumentText } from './embedded-doc.js';
import { innerDocumentOpener } from '../extract/embedded-doc.js';
import { fencedText } from './fenced-string.js';
import { isStringPrefix } from '../extract/chars.js';
import { colonAt, completeString, concatenation, dropRepairsFrom, dropStringTail, continuedAt, escapedAt, isJsonEscape, lookBackFloor, stringMayBeKey } from './strings.js';
import { LIST_MARKS, isLiteralWord, keyAfterFullwidthComma, keyStartsAt, namedKeyAt, pathKeyAt, quotedKeyAt, scalarEndsMember, scanWordLimited } from './words.js';

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
  const c = e.buf.charCodeAt(i);
  if (e.quote === Quote.DOUBLE && (c === Ch.RIGHT_DOUBLE || c === Ch.LEFT_DOUBLE) && straightQuoteEnds(e, i + 1)) return Decision.INNER;
  // Unambiguous delimiters always close; so do keys (which hold quotes only glued inside one word:
  // `{"k"e"y": 1}`), unless the key lost its own closing quote and this one opens the next key.
  if (e.strIsKey) return keyQuote(e, i, closeLen);
  if (e.quote >= Quote.BACKTICK) return Decision.CLOSE;
  if (fencedText(e, i)) return Decision.INNER;
  if (e.quote === Quote.DOUBLE) {
    if (embeddedDocText(e, i)) return Decision.INNER;
    if (e.kinds.length > 0 && (regexText(e, i) || classQuote(e, i))) return Decision.INNER;
    if ((e.buf.charCodeAt(i + 1) === Ch.DQUOTE || e.buf.charCodeAt(i - 1) === Ch.DQUOTE) && tripleQuoteText(e, i)) return Decision.INNER;
  }
  const j = scanSignificant(e, i + closeLen);
  if (j >= e.end) return e.final ? Decision.CLOSE : undefined;
  const c2 = e.buf.charCodeAt(j);
  let d: Answer;
  if ((c2 === Ch.COLON || c2 === Ch.RBRACE) && !e.strIsKey && embeddedObjectOpen(e, i)) return Decision.INNER;
  if (c2 === Ch.COMMA && e.quote === Quote.DOUBLE && innerDocumentText(e, i)) return Decision.INNER;
  if ((d = quoteAfterCloser(e, j, c2)) !== PASS) return d;
  if ((d = colonAfterValue(e, i, c2)) !== PASS) return d;
  if (c2 === Ch.COLON && j === i + closeLen && !firstQuote(e, i) && bareTextThenQuote(e, j + 1)) return Decision.INNER;
  if ((d = closerOrColonFollows(e, c2)) !== PASS) return d;
  if ((d = joinFollows(e, i, i + closeLen, c2)) !== PASS) return d;
  if ((d = commentFollows(e, i, j, c2)) !== PASS) return d;
  if (c2 === Ch.BACKTICK && fenceEndsText(e, j)) return Decision.CLOSE;
  if ((d = escapedSpaceFollows(e, i, j, c2)) !== PASS) return d;
  if ((d = commaFollows(e, i, j, c2)) !== PASS) return d;
  if ((d = quoteFollows(e, i, j, c2)) !== PASS) return d;
  if (splitAtComma(e, i, j)) return Decision.SPLIT;
  if (ranIntoKey(e, i, j, c2)) return Decision.SPLIT;
  if (j === i + 1 && quotedValueAfterKey(e, i)) return Decision.SPLIT;
  if ((d = unquotedKeyFollows(e, i + closeLen, j, c2)) !== PASS) return d;
  if ((d = wordElementFollows(e, i, i + closeLen, j, c2)) !== PASS) return d;
  if (j === i + closeLen && scalarElementFollows(e, i, j, c2)) return Decision.CLOSE;
  if ((d = valueAfterSpace(e, i, i + closeLen, j, c2)) !== PASS) return d;
  return Decision.INNER;
}

/**
 * `"def f():\n    """Docs."""\n    pass"` (hermes-agent #29597): Python's triple quotes in a
 * string's text, code pasted into a value with its quotes not escaped. The quote at `i` is one of a
 * run of exactly three, after the string's first character, that a character of text follows (no
 * delimiter, no white space: `"x"""}` and `"a""" ,` end the string as before), or a space when an
 * earlier run opened the quotation.
 */
function tripleQuoteText(e: Engine, i: number): boolean {
  const s = e.buf;
  const floor = Math.max(e.textStart - e.base, 0);
  let from = i;
  while (from > floor && s.charCodeAt(from - 1) === Ch.DQUOTE && i - from < 3) from--;
  let to = i + 1;
  while (to < e.end && s.charCodeAt(to) === Ch.DQUOTE && to - from < 4) to++;
  if (to >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  if (to - from !== 3 || from === floor) return false;
  const c = s.charCodeAt(to);
  // `"""hi""" + y`: a closing run, the opening one earlier in the text, may have a space after it.
  if (c === Ch.SPACE || c === Ch.TAB) return tripleRunBefore(s, lookBackFloor(e, from), from);
  return !(isJsonSpace(c) || c === Ch.COMMA || c === Ch.RBRACE || c === Ch.RBRACKET || c === Ch.COLON || c === Ch.DQUOTE);
}

/** A regular expression's flags (JavaScript's). */
const REGEX_FLAGS = /^[dgimsuvy]*$/;

/**
 * `{"pattern": "/"[^"]*"/g"}`: a string whose text is a regex literal holding quotes not escaped. The
 * string's text opens with `/`; on the line, the regex's closing `/` (the first outside a character
 * class, escapes stepped over), its flags and then a quote that ends the string where the document
 * goes on (documentGoesOnAt): the quote at `i`, before that one, is the regex's text. No quote in
 * the regex (outside a class) may be followed by `,` `:` or `}`, which would end a member: in
 * `"/usr", "b": "/g"` the first quote ends the string. Read by the usual rules, the `]` of `[^"]`
 * ended the string and the reply was cut there (surrounding_text).
 */
function regexText(e: Engine, i: number): boolean {
  const s = e.buf;
  const from = e.textStart - e.base;
  if (from < 0 || i - from > LOOKAHEAD || s.charCodeAt(from) !== Ch.SLASH) return false;
  const limit = from + LOOKAHEAD;
  let inClass = false;
  let k = from + 1;
  for (; k < e.end && k < limit; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.LF || c === Ch.CR) return false;
    if (c === Ch.BACKSLASH) k++;
    else if (c === Ch.LBRACKET) inClass = true;
    else if (c === Ch.RBRACKET) inClass = false;
    else if (c === Ch.SLASH && !inClass) break;
    else if (c === Ch.DQUOTE && !inClass && memberEndAfter(e, k)) return false;
  }
  let m = k + 1;
  while (m < e.end && isWordPart(s.charCodeAt(m))) m++;
  if (m >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  if (k >= limit || s.charCodeAt(m) !== Ch.DQUOTE || m <= i || !REGEX_FLAGS.test(s.slice(k + 1, m))) return false;
  return documentGoesOnAt(e, m);
}

/** How far a character class holding a quote reaches on either side of it (`[^'"]`). */
const CLASS_REACH = 12;
/** How many quotes in classes one look steps through to the string's end (`['"]([^'"]+)['"]`). */
const CLASS_HOPS = 8;

/**
 * `{"regex": "^\\s*path\\(\\s*['"]([^'"]+)['"]", "x": 1}`: the quote at `i` stands in a regex's
 * character class in the string's text, its quotes not escaped: a `[` before it and a `]` after it
 * within a few characters, no space, quote, comma, colon or brace between, and a sign of a class
 * (`'` `^` or a backtick: `['"]`, `[^"]`, `["']`); and, read on, the string ends at the next quote
 * (past any more such classes) where the document goes on. Read by the usual rules, the class's
 * `]` ended the string and the rest of the reply was set aside. A string that holds a bracket and
 * such a sign, then ends at its quote (`["['"]`, `[["['"], "x"]`), is not read on: valid JSON
 * reads as JSON.
 */
function classQuote(e: Engine, i: number): boolean {
  const s = e.buf;
  const from = e.textStart - e.base;
  for (let at = i, hop = 0; hop < CLASS_HOPS; hop++) {
    const close = classCloseAfter(e, from, at);
    if (close < 0) return false;
    if (close + 1 >= e.end) {
      if (!e.final) throw NEED_MORE;
      return false;
    }
    // `["['"], …`: a delimiter or a space right after the `]` is the document's, not a regex's.
    const c = s.charCodeAt(close + 1);
    if (c === Ch.COMMA || c === Ch.RBRACKET || c === Ch.RBRACE || c <= 0x20) return false;
    const q = stopAhead(e, close + 1, LOOKAHEAD, Ch.DQUOTE, isLineBreak, true);
    if (q < 0 || s.charCodeAt(q) !== Ch.DQUOTE) return false;
    if (classCloseAfter(e, from, q) < 0) return documentGoesOnAt(e, q);
    at = q;
  }
  return false;
}

/**
 * The `]` that closes a character class around the quote at `i` (see classQuote), in a string's
 * text starting at `from`; -1 when the quote stands in none.
 */
function classCloseAfter(e: Engine, from: number, i: number): number {
  const s = e.buf;
  const before = classOpenBefore(s, from, i);
  if (before === CLASS_NONE) return -1;
  let sign = before === CLASS_SIGNED;
  for (let k = i + 1; k <= i + CLASS_REACH; k++) {
    if (k >= e.end) {
      if (!e.final) throw NEED_MORE;
      return -1;
    }
    const c = s.charCodeAt(k);
    if (c === Ch.BACKSLASH) {
      k++;
      continue;
    }
    if (c === Ch.RBRACKET) return sign ? k : -1;
    if (!classPart(c)) return -1;
    if (classSign(c)) sign = true;
  }
  return -1;
}

const CLASS_NONE = -1;
const CLASS_PLAIN = 0;
const CLASS_SIGNED = 1;

/**
 * Whether a character class opens before the quote at `i` in a string's text starting at `from`: a
 * `[` (not escaped) within CLASS_REACH, only class characters between (see classQuote). CLASS_SIGNED
 * when those hold a class's sign, CLASS_PLAIN when not, CLASS_NONE when no class opens there.
 */
export function classOpenBefore(s: string, from: number, i: number): number {
  let sign = false;
  for (let k = i - 1; k >= from && k >= 0 && k >= i - CLASS_REACH; k--) {
    const c = s.charCodeAt(k);
    if (c === Ch.LBRACKET && s.charCodeAt(k - 1) !== Ch.BACKSLASH) return sign ? CLASS_SIGNED : CLASS_PLAIN;
    if (!classPart(c)) return CLASS_NONE;
    if (classSign(c)) sign = true;
  }
  return CLASS_NONE;
}

/** A character a class around a quote may hold: no white space or control, no `"`, `,`, `:`, brace or bracket. */
function classPart(c: number): boolean {
  return c > 0x20 && c !== Ch.DQUOTE && c !== Ch.COMMA && c !== Ch.COLON && c !== Ch.LBRACE && c !== Ch.RBRACE && c !== Ch.LBRACKET && c !== Ch.RBRACKET;
}

/** A character that marks a bracket's content as a regex's class of quotes: `'` `^` or a backtick. */
function classSign(c: number): boolean {
  return c === Ch.SQUOTE || c === Ch.CARET || c === Ch.BACKTICK;
}

/** Whether `,` `:` or `}` follows the quote at `q` (past white space): a member's end. */
function memberEndAfter(e: Engine, q: number): boolean {
  const n = peekSignificant(e, q + 1);
  const c = e.buf.charCodeAt(n);
  return n < e.end && (c === Ch.COMMA || c === Ch.COLON || c === Ch.RBRACE);
}

/** Whether a run of exactly three quotes stands in [floor, to). */
function tripleRunBefore(s: string, floor: number, to: number): boolean {
  let run = 0;
  for (let k = floor; k < to; k++) {
    if (s.charCodeAt(k) === Ch.DQUOTE) run++;
    else if (run === 3) return true;
    else run = 0;
  }
  return false;
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
  return quoteEndsMember(e, k, limit);
}

/**
 * After a scan for a closing quote that stopped at `k` (the quote, or `limit` without one): whether the
 * quote ends a whole member or element, `:` `,` `}` or `]` following it. Waits at the buffer's end.
 */
export function quoteEndsMember(e: Engine, k: number, limit: number): boolean {
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
  const c = e.buf.charCodeAt(j);
  return c === Ch.COLON || c === Ch.COMMA || c === Ch.RBRACE || c === Ch.RBRACKET;
}

/**
 * Whether the quote at `i` is the first bare `"` in the string's raw text (escaped ones aside): no
 * quote before it was read as text. Rules that end a string at a word after it ask this, so a quote
 * that closes a quotation inside the text (`"see "b", and …`) stays text. False when the string's
 * start is more than LOOKAHEAD back.
 */
function firstQuote(e: Engine, i: number): boolean {
  const s = e.buf;
  const from = e.textStart - e.base;
  if (from < 0 || i - from > LOOKAHEAD) return false;
  for (let k = from; k < i; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.BACKSLASH) k++;
    else if (c === Ch.DQUOTE) return false;
  }
  return true;
}

/**
 * Whether the quote at `i`, with bare quotes before it in the string's text, may close a quotation
 * there: the last of them opens one (it starts the text, or no digit or quote stands before it:
 * `"Pick "yes", …`). After a number it was an inch mark (`["LG 65" OLED", "Sony 55" LED"]`), after a
 * quote a doubled quote (`["55"", "65""]`): nothing opened, and the quote at `i` ends the string.
 * True when the string's start is more than LOOKAHEAD back (the text cannot tell).
 */
function closesQuotation(e: Engine, i: number): boolean {
  const s = e.buf;
  const from = e.textStart - e.base;
  if (from < 0 || i - from > LOOKAHEAD) return true;
  let last = -1;
  for (let k = from; k < i; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.BACKSLASH) k++;
    else if (c === Ch.DQUOTE) last = k;
  }
  if (last <= from) return true;
  const b = s.charCodeAt(last - 1);
  return !isDigit(b) && b !== Ch.DQUOTE;
}

/** Whether the closer `c` is of the wrong kind for the innermost container (`]` in an object). */
export function closerMismatches(e: Engine, c: number): boolean {
  return e.kinds.length > 0 && (e.top() === Kind.OBJECT) !== (c === Ch.RBRACE);
}

function inObject(e: Engine): boolean {
  return e.kinds.length > 0 && e.top() === Kind.OBJECT;
}

/**
 * `{"x": "the answer is {"k": 1}, so"}`: the string's recent text opened an object of its own (`{"`)
 * that no `}` closed yet, so a quote before `:` or `}` belongs to that quoted JSON. Only an object
 * whose keys are quoted with the quote at `i` counts: in `{"v": '{"x": {'}` the `"` keys need no
 * escape inside `'…'`, and its `'` is the string's end. Looks back at most LOOKAHEAD characters.
 */
function embeddedObjectOpen(e: Engine, i: number): boolean {
  // The raw text, not the string read so far: there an escaped `\"` and a bare `"` look alike.
  return innerDocumentOpener(e.buf, lookBackFloor(e, i), i, e.buf.charCodeAt(i), false) >= 0;
}

/** Whether the quote at `i` follows a `{` (spaces between) inside the string's own text. */
function opensInnerKey(e: Engine, i: number): boolean {
  const floor = Math.max(e.textStart - e.base, 0);
  let k = i - 1;
  while (k >= floor && e.buf.charCodeAt(k) === Ch.SPACE) k--;
  return k >= floor && e.buf.charCodeAt(k) === Ch.LBRACE;
}

/** `"x"}`, `"x"]`, `"x":`, and `"x")` when a `(` is open: a closer or a colon ends the string. */
function closerOrColonFollows(e: Engine, c2: number): Answer {
  return c2 === Ch.RBRACE || c2 === Ch.RBRACKET || c2 === Ch.COLON || (c2 === Ch.RPAREN && e.openParens > 0) ? Decision.CLOSE : PASS;
}

/**
 * `"a" + "b"`: a `+` and another string. In a string that already holds a quote as text, the other
 * string must end as a value does (`,` `}` `]` `)` `+` or the end after its quote, on its line): in
 * `"const s = "a" + 'b';"` the join is code in the text, and read as one the `'…` string took the rest
 * of the reply.
 */
function joinFollows(e: Engine, i: number, after: number, c2: number): Answer {
  if (c2 !== Ch.PLUS) return PASS;
  const part = concatenation(e, after);
  if (part === undefined) return PASS;
  return firstQuote(e, i) || quoteWidth(part.quote) !== 1 || partEndsValue(e, part.at - 1) ? Decision.CLOSE : PASS;
}

/** Whether the string whose quote is at `q` closes on its line and a value's end follows: `,` `}` `]` `)` `+` or the text's end. */
function partEndsValue(e: Engine, q: number): boolean {
  const k = quoteEnd(e, q);
  if (k < 0) return false;
  const d = scanSignificant(e, k + 1);
  if (d >= e.end) {
    if (!e.final) throw NEED_MORE;
    return true;
  }
  const c = e.buf.charCodeAt(d);
  return c === Ch.COMMA || c === Ch.RBRACE || c === Ch.RBRACKET || c === Ch.RPAREN || c === Ch.PLUS;
}

/** `"x" // note`, `"x" # note`: a comment after the quote, so the string ended. */
function commentFollows(e: Engine, i: number, j: number, c2: number): Answer {
  if (c2 === Ch.HASH) {
    // `# ` then text, after the string's first quote: `"see "#" here"` holds its `#`.
    if (j + 1 >= e.end && !e.final) throw NEED_MORE;
    const d = e.buf.charCodeAt(j + 1);
    return (d === Ch.SPACE || d === Ch.LF || d === Ch.CR || j + 1 >= e.end) && j > i + 1 && e.kinds.length > 0 && firstQuote(e, i) ? Decision.CLOSE : PASS;
  }
  if (c2 !== Ch.SLASH) return PASS;
  if (j + 1 >= e.end && !e.final) throw NEED_MORE;
  const d = e.buf.charCodeAt(j + 1);
  if (d === Ch.SLASH && !firstQuote(e, i) && quoteEndsCommentLine(e, j)) return Decision.INNER;
  return d === Ch.SLASH || d === Ch.STAR ? Decision.CLOSE : PASS;
}

/**
 * `{"c": "x = "a"  // note", "n": 1}` (code in a string, its quotes unescaped): the `//` at `j`, after
 * a quote that closes an inner quotation, is code when its line ends in a quote that the document goes
 * on after: `, "key":` or a closer on that line, or the line's end and then a closer (after a comma:
 * the next member). Read as a comment, it took the string's end, the members after it and the object's
 * closer. A real comment (`"x" // note⏎}`, `"x "y" z" // see "q"⏎}`) holds no such quote, or pairs
 * its quotes. Waits for the line's end.
 */
function quoteEndsCommentLine(e: Engine, j: number): boolean {
  const s = e.buf;
  const limit = Math.min(e.end, j + LOOKAHEAD);
  let k = j + 2;
  while (k < limit && s.charCodeAt(k) !== Ch.LF && s.charCodeAt(k) !== Ch.CR) k++;
  if (k >= e.end && !e.final) throw NEED_MORE;
  if (k >= limit && k < e.end) return false;
  // The string's own closer is an odd one: the comment's quoted words (`// see "y"`) pair up.
  let odd = false;
  for (let q = j + 2; q < k; q++) {
    if (s.charCodeAt(q) !== Ch.DQUOTE || s.charCodeAt(q - 1) === Ch.BACKSLASH) continue;
    odd = !odd;
    if (odd && documentGoesOn(e, q + 1, k)) return true;
  }
  return false;
}

/** After a quote at `n - 1` on a line ending at `k`: `, "key":` or a closer, on the line or first after it. */
function documentGoesOn(e: Engine, n: number, k: number): boolean {
  const s = e.buf;
  while (n < k && (s.charCodeAt(n) === Ch.SPACE || s.charCodeAt(n) === Ch.TAB)) n++;
  const afterComma = n < k && s.charCodeAt(n) === Ch.COMMA;
  if (n < k && !afterComma) return s.charCodeAt(n) === Ch.RBRACE || s.charCodeAt(n) === Ch.RBRACKET;
  if (afterComma) {
    n++;
    while (n < k && (s.charCodeAt(n) === Ch.SPACE || s.charCodeAt(n) === Ch.TAB)) n++;
    if (n < k) return s.charCodeAt(n) === Ch.DQUOTE && (!inObject(e) || quotedKeyNameAt(e, n + 1));
  }
  const m = scanSignificant(e, k);
  if (m >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  const c = s.charCodeAt(m);
  if (c === Ch.RBRACE || c === Ch.RBRACKET) return true;
  return afterComma && c === Ch.DQUOTE && (!inObject(e) || quotedKeyNameAt(e, m + 1));
}

/** `"x", …`: closes unless a word follows that is neither a key nor a literal (`"know "michael", jackson"`). */
function commaFollows(e: Engine, i: number, j: number, c2: number): Answer {
  if (c2 === Ch.FULLWIDTH_COMMA) return fullwidthCommaFollows(e, j);
  if (c2 !== Ch.COMMA) return PASS;
  const k = scanSignificant(e, j + 1);
  if (k >= e.end) return e.final ? Decision.CLOSE : undefined;
  if (!firstQuote(e, i) && callArgumentsAt(e, i, k)) return Decision.INNER;
  if (!isWordStart(e.buf.charCodeAt(k))) {
    // `"- "Tell Me",⏎- "Auberge".",` (json_repair #133): a list of quoted titles in the text; a
    // list's mark starts no member (`- "b": 2` is a stray mark before a key).
    if (inObject(e) && !firstQuote(e, i) && listItemAt(e, k)) return Decision.INNER;
    return e.buf.charCodeAt(k) === Ch.DQUOTE && !firstQuote(e, i) && closesQuotation(e, i) && quotedWordsGoOn(e, i, k) ? Decision.INNER : Decision.CLOSE;
  }
  const wordEnd = scanWordLimited(e, k);
  // `["hello", nul`, `["key", test`: the reply ends in the word after the comma (a literal or a key cut
  // off). Read on as text, the string would take in the comma and the word (`"hello\", nul"`), a value
  // no one wrote; its first quote ended it.
  if (wordEnd >= e.end && firstQuote(e, i)) return Decision.CLOSE;
  // `'x', u'b': …`: a Python string prefix opens the next string (see stringPrefix).
  if (wordEnd === k + 1 && isStringPrefix(e.buf.charCodeAt(k)) && (e.buf.charCodeAt(wordEnd) === Ch.SQUOTE || e.buf.charCodeAt(wordEnd) === Ch.DQUOTE)) return Decision.CLOSE;
  // `"foo", b: …` and `"foo",b": …` (the key's opening quote missing); `"foo", NOTE "b": …` (a stray
  // word before the next key, see stray_word).
  if (inObject(e)) {
    if (e.buf.charCodeAt(wordEnd) === Ch.DQUOTE && !colonAfter(e, wordEnd + 1)) return firstQuote(e, i) && quotedKeyNameAt(e, wordEnd + 1) ? Decision.CLOSE : Decision.INNER;
    if (colonAfter(e, e.buf.charCodeAt(wordEnd) === Ch.DQUOTE ? wordEnd + 1 : wordEnd)) return Decision.CLOSE;
    // `{name="Ann", age=3}`: keyword arguments, `=` for the colon.
    if (equalsAfter(e, wordEnd)) return Decision.CLOSE;
    // `"x", y.z: 1`, `"x y", Price (USD): 12`: a path's key or a label, after a string that holds no
    // quote yet (`"Error in "foo", main.py:42 failed"` is one string).
    if (firstQuote(e, i) && (pathKeyAt(e, k) || namedKeyAt(e, k))) return Decision.CLOSE;
    // `{a: "x", b None}`, `{a: "x", b [1]}`: a key whose colon was lost, then a value and the member's end.
    if (lostColonBeforeScalar(e, k)) return Decision.CLOSE;
    // `{"a": "x", null], "b": 1}`: a literal, then a closer or a comma, is an element (an array's `[`
    // lost), not text.
    return isLiteralWord(e.buf.slice(k, wordEnd)) && closerOrCommaAt(e, wordEnd) ? Decision.CLOSE : Decision.INNER;
  }
  if (isLiteralWord(e.buf.slice(k, wordEnd))) return Decision.CLOSE;
  // `['x', 'y', n: 2}`: a key as JavaScript writes it, after the array's last element or in an
  // object whose `{` was lost.
  if (colonAfter(e, wordEnd) && e.buf.slice(k, wordEnd).trim().indexOf(' ') < 0) return Decision.CLOSE;
  return firstQuote(e, i) && unquotedElementsFollow(e, k) ? Decision.CLOSE : Decision.INNER;
}

/** Whether a list's item starts at `k` on a new line: `-`, `*` or `•` and a space, then no key (quoted or not) and no container. */
function listItemAt(e: Engine, k: number): boolean {
  const s = e.buf;
  const c = s.charCodeAt(k);
  if (!LIST_MARKS.has(c) || !lineBreakBefore(e, k)) return false;
  if (k + 1 >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  if (s.charCodeAt(k + 1) !== Ch.SPACE) return false;
  const n = peekSignificant(e, k + 2);
  const d = s.charCodeAt(n);
  return !quotedKeyAt(e, n) && !keyStartsAt(e, n) && d !== Ch.LBRACE && d !== Ch.LBRACKET;
}

/** A key word at `k`, one space, then a literal, a number or a container (`b [None],`) that ends the member. */
function lostColonBeforeScalar(e: Engine, k: number): boolean {
  let w = k;
  while (w < e.end && isWordPart(e.buf.charCodeAt(w))) w++;
  if (w >= e.end || e.buf.charCodeAt(w) !== Ch.SPACE) return false;
  if (w + 1 >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  const c = e.buf.charCodeAt(w + 1);
  if (c === Ch.LBRACKET || c === Ch.LBRACE) return containerEndsMember(e, w + 1) || (c === Ch.LBRACE ? objectOpensWithMember(e, w + 1) : arrayOpensItsLines(e, w + 1));
  return (isWordStart(c) || isDigit(c) || c === Ch.MINUS) && scalarEndsMember(e, w + 1, false, true);
}

/**
 * Whether the `{` at `i` opens an object whose first member is plainly one: a quoted key or a word,
 * then a colon (`q2 {⏎    g: None,`, an object too long to see closed within the lookahead).
 */
function objectOpensWithMember(e: Engine, i: number): boolean {
  const k = peekSignificant(e, i + 1);
  return k < e.end && keyStartsAt(e, k);
}

/**
 * Whether the `[` at `i` ends its line and the next line starts a value (`A1 [⏎    {`, an array too
 * long to see closed within the lookahead), as a pretty-printer writes an array's first element.
 */
function arrayOpensItsLines(e: Engine, i: number): boolean {
  const s = e.buf;
  const k = lineSpaceEnd(e, i + 1);
  if (s.charCodeAt(k) !== Ch.LF && s.charCodeAt(k) !== Ch.CR) return false;
  const v = peekSignificant(e, k);
  if (v >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  const c = s.charCodeAt(v);
  return c === Ch.LBRACE || c === Ch.LBRACKET || c === Ch.DQUOTE || c === Ch.SQUOTE || c === Ch.MINUS || isDigit(c) || isWordStart(c);
}

/**
 * `"Use "a", "b" or "c"", …`: a quotation in the text (the quote at `i`, before the comma, closes
 * one) and, after the comma, more quoted words the sentence goes on from (`"b" or`, `"b", and`): a
 * word that is no literal and no key follows one of them. A key would take a colon, and a value
 * after a lost colon would not be a bare word. Code does the same with a call's arguments
 * (`env.get("KEY", "default")`): a `(` before them, a `)` right after the last.
 */
function quotedWordsGoOn(e: Engine, i: number, k: number): boolean {
  const s = e.buf;
  const limit = Math.min(e.end, k + LOOKAHEAD);
  for (;;) {
    // The quoted word at `k`: to its closing quote, on the line, with no delimiter inside.
    let q = k + 1;
    while (q < limit) {
      const c = s.charCodeAt(q);
      if (c === Ch.DQUOTE || c < 0x20 || c === Ch.COLON || c === Ch.BACKSLASH || c === Ch.LBRACE || c === Ch.RBRACE || c === Ch.LBRACKET || c === Ch.RBRACKET) break;
      q++;
    }
    if (q >= e.end && !e.final) throw NEED_MORE;
    if (q >= limit || s.charCodeAt(q) !== Ch.DQUOTE) return false;
    let w = scanSignificant(e, q + 1);
    if (w >= e.end) {
      if (!e.final) throw NEED_MORE;
      return false;
    }
    const comma = s.charCodeAt(w) === Ch.COMMA;
    if (comma) {
      w = scanSignificant(e, w + 1);
      if (w >= e.end) {
        if (!e.final) throw NEED_MORE;
        return false;
      }
      if (s.charCodeAt(w) === Ch.DQUOTE) {
        k = w;
        continue;
      }
    }
    if (!comma && w === q + 1 && s.charCodeAt(w) === Ch.RPAREN) return openedAfterParen(e, i);
    if (!comma && w === q + 1 && sentenceEndsString(e, w)) return true;
    if ((!comma && w === q + 1) || !isWordStart(s.charCodeAt(w))) return false;
    const wordEnd = scanWordLimited(e, w);
    if (wordEnd >= e.end && !e.final) throw NEED_MORE;
    return !isLiteralWord(s.slice(w, wordEnd)) && !colonAfter(e, wordEnd);
  }
}

/**
 * `"Colors: "red", "green", "blue".", "n": 1`: the last quoted word of a list in the text, then the
 * sentence's end (`.` `!` `?`, or nothing) glued to its quote and the string's own end quote before
 * a comma, a closer, a line break or the reply's end. At `w`, right after the word's closing quote.
 * Read as the string's end at the first word's quote, the list became made-up members (`"green"`
 * a key with no value, `".\""` a value) or, in an array, elements no one wrote.
 */
function sentenceEndsString(e: Engine, w: number): boolean {
  const s = e.buf;
  let p = w;
  while (p < e.end && p < w + 3) {
    const c = s.charCodeAt(p);
    if (c !== Ch.DOT && c !== Ch.BANG && c !== Ch.QUESTION) break;
    p++;
  }
  if (p >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  if (s.charCodeAt(p) !== Ch.DQUOTE) return false;
  const after = lineSpaceEnd(e, p + 1);
  if (after >= e.end) {
    if (!e.final) throw NEED_MORE;
    return true;
  }
  const c = s.charCodeAt(after);
  return c === Ch.COMMA || c === Ch.RBRACE || c === Ch.RBRACKET || c === Ch.LF || c === Ch.CR;
}

/**
 * `"f("a", 1)"`, `"cat("Done", "\n")"` (gemini-cli #26493, lobehub #14150): the quote at `i` inside a
 * call's `(` (see openedAfterParen), and after its comma, from `k`, more arguments and the call's `)`
 * on the line, with no colon or bracket between: the comma is the call's, in the string's text. Read
 * as the string's end, the code was cut there and its tail became a made-up key.
 */
function callArgumentsAt(e: Engine, i: number, k: number): boolean {
  if (!openedAfterParen(e, i)) return false;
  const s = e.buf;
  const limit = Math.min(e.end, k + LOOKAHEAD);
  for (let j = k; j < limit; j++) {
    const c = s.charCodeAt(j);
    if (c === Ch.RPAREN) return true;
    // `f("}", "]")`: a quoted argument's text is stepped over, closers and all (it must close on the line).
    if (c === Ch.DQUOTE) {
      const q = stopAhead(e, j + 1, k + LOOKAHEAD - j - 1, Ch.DQUOTE, isLineBreak, true);
      if (q < 0 || s.charCodeAt(q) !== Ch.DQUOTE) return false;
      j = q;
      continue;
    }
    if (c < 0x20 || c === Ch.COLON || c === Ch.LBRACE || c === Ch.RBRACE || c === Ch.LBRACKET || c === Ch.RBRACKET) return false;
  }
  if (limit >= e.end && !e.final) throw NEED_MORE;
  return false;
}

/** Whether a `(` that no `)` closed stands before the quote at `i` in the string's text (within LOOKAHEAD): the list is a call's arguments. */
function openedAfterParen(e: Engine, i: number): boolean {
  const s = e.buf;
  for (let k = i - 1, floor = lookBackFloor(e, i); k >= floor; k--) {
    const c = s.charCodeAt(k);
    if (c === Ch.LPAREN) return true;
    if (c === Ch.RPAREN) return false;
  }
  return false;
}

/**
 * `{"a": "x"，"b": 2}`, `["x"，"y"]`: a full-width comma after the quote separates values when the
 * next member's quoted key (in an object) or the next element's quote or opener (in an array)
 * follows it; otherwise it is CJK text's own comma, inside the string.
 */
function fullwidthCommaFollows(e: Engine, j: number): Answer {
  const k = scanSignificant(e, j + 1);
  if (k >= e.end) return e.final ? Decision.CLOSE : undefined;
  const c = e.buf.charCodeAt(k);
  if (inObject(e)) return keyAfterFullwidthComma(e, j) ? Decision.CLOSE : PASS;
  if (c === Ch.DQUOTE || c === Ch.SQUOTE || c === Ch.LBRACE || c === Ch.LBRACKET || c === Ch.MINUS || isDigit(c)) return Decision.CLOSE;
  return isWordStart(c) && isLiteralWord(e.buf.slice(k, scanWordLimited(e, k))) ? Decision.CLOSE : PASS;
}


/** Whether the next significant character at `k` is `,`, `}` or `]`. */
function closerOrCommaAt(e: Engine, k: number, orEnd = false): boolean {
  const n = peekSignificant(e, k);
  if (n >= e.end) return orEnd;
  const c = e.buf.charCodeAt(n);
  return c === Ch.COMMA || c === Ch.RBRACE || c === Ch.RBRACKET;
}

/**
 * `["a", b]`, `["C(2)", This is F(3)]`: after the string's first quote and a comma, unquoted text
 * that runs to the array's `]`, or to a comma and the next element's quote, without a quote of its
 * own, or with one on the line that ends it as an element's does: the quote ended the string, and
 * the rest are elements. (`"know "michael", jackson"]` is not after the string's first quote: a
 * quotation in the text.)
 */
function unquotedElementsFollow(e: Engine, k: number): boolean {
  const s = e.buf;
  const limit = Math.min(e.end, k + LOOKAHEAD);
  let last = -1;
  // `["a",⏎  It is fine.",⏎  "x"]`: text that ends on its line as an element does (its quote, then
  // `,` or `]`) is the next element, its opening quote lost.
  let sameLine = true;
  for (; k < limit; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.RBRACKET) return true;
    if (c === Ch.DQUOTE) return last === Ch.COMMA || (sameLine && elementEndsAt(e, k));
    // `She said \"yes,\" then left.",`: a JSON escape is string text (the element is read by its
    // closing quote, escapes and all: lostOpeningQuote); any other backslash, no element.
    if (c === Ch.BACKSLASH) {
      if (k + 1 >= e.end && !e.final) throw NEED_MORE;
      if (!isJsonEscape(s.charCodeAt(k + 1))) return false;
      k++;
      last = s.charCodeAt(k);
      continue;
    }
    if (c === Ch.LF) sameLine = false;
    if (!isJsonSpace(c)) last = c;
  }
  if (k >= e.end && !e.final) throw NEED_MORE;
  return false;
}

/**
 * Whether the quote at `k` ends an array's element: `,` or `]` follows it (past spaces and line
 * breaks). Waits at the buffer's end.
 */
function elementEndsAt(e: Engine, k: number): boolean {
  const n = peekSignificant(e, k + 1);
  if (n >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  const c = e.buf.charCodeAt(n);
  return c === Ch.COMMA || c === Ch.RBRACKET;
}

/**
 * `"x" "y"`: a missing comma; `"say "hi""`: a doubled quote at the end of the string. A closer after
 * the quotes that cannot close here (`]` in an object) or that begins the next key or element's text
 * (`"in""}k": 1`) makes it the missing comma: the second quote opens the next key or element.
 */
function quoteFollows(e: Engine, i: number, j: number, c2: number): Answer {
  if (c2 !== Ch.DQUOTE && c2 !== Ch.SQUOTE) return PASS;
  const k = peekSignificant(e, j + 1);
  if (k >= e.end) return Decision.INNER;
  const c3 = e.buf.charCodeAt(k);
  if (c3 === Ch.COMMA) return Decision.INNER;
  if (c3 !== Ch.RBRACE && c3 !== Ch.RBRACKET) return (j > i + 1 && k === j + 1 && (inObject(e) || !firstQuote(e, i)) && lastQuotedWordsAt(e, j)) || doubledInText(e, i, j, k) ? Decision.INNER : Decision.CLOSE;
  return closerMismatches(e, c3) || closerStartsText(e, k) ? Decision.CLOSE : Decision.INNER;
}

/**
 * `"x "y" "z"", "b": 1}`: in a string that quotes words already, the words quoted at `j` (after a
 * space) close with a doubled quote, the string's own, and then a comma or closer: the text quotes
 * them last, and the string goes on to there. Closed before them, the words became a key (`"z": ""`).
 * (In an array, `["x" "y"", …]` with no quote in the text before is two strings side by side.)
 */
function lastQuotedWordsAt(e: Engine, j: number): boolean {
  const k = quoteEnd(e, j);
  if (k < 0) return false;
  if (k + 2 >= e.end && !e.final) throw NEED_MORE;
  return e.buf.charCodeAt(k + 1) === e.buf.charCodeAt(j) && closerOrCommaAt(e, k + 2, true);
}

/**
 * `"Say ""hi"" now"`: quotes doubled in a string's text, as CSV escapes them (`i` and `j` the pair
 * at hand, `k` what follows them): an opening pair after a space, before a word, whose closing pair
 * follows on the line and then the string's own closing quote; or that closing pair, after a word,
 * with an opening pair before it in the string. Both quotes stay the text's. Closed there, the
 * quoted word became a key. (`"a""b"`, no space, is two strings; `"Hello"" world"` two side by side.)
 */
function doubledInText(e: Engine, i: number, j: number, k: number): boolean {
  const s = e.buf;
  const floor = e.textStart - e.base;
  if (j !== i + 1 || i - 1 < floor) return false;
  const before = s.charCodeAt(i - 1);
  if (before === Ch.SPACE) return k === j + 1 && isWordStart(s.charCodeAt(k)) && closingPairThenEnd(e, k);
  return isWordPart(before) && openingPairBefore(s, Math.max(floor, i - LOOKAHEAD), i);
}

/** Whether, on the line from `k`, the first quote is a doubled one and a quote before a delimiter follows it. Waits for the line. */
function closingPairThenEnd(e: Engine, k: number): boolean {
  const s = e.buf;
  const limit = Math.min(e.end, k + LOOKAHEAD);
  let q = k;
  while (q < limit && s.charCodeAt(q) !== Ch.DQUOTE && s.charCodeAt(q) !== Ch.LF) q++;
  if (q + 1 >= e.end && !e.final) throw NEED_MORE;
  if (q + 1 >= limit || s.charCodeAt(q) !== Ch.DQUOTE || s.charCodeAt(q + 1) !== Ch.DQUOTE) return false;
  for (let r = q + 2; r < limit; r++) {
    const c = s.charCodeAt(r);
    if (c === Ch.LF) return false;
    if (c === Ch.DQUOTE && closerOrCommaAt(e, r + 1, true)) return true;
  }
  if (limit >= e.end && !e.final) throw NEED_MORE;
  return false;
}

/** Whether a space and two quotes (an opening pair) stand in [from, to) on the line before `to`. */
function openingPairBefore(s: string, from: number, to: number): boolean {
  for (let p = to - 1; p - 2 >= from; p--) {
    if (s.charCodeAt(p) === Ch.LF) return false;
    if (s.charCodeAt(p) === Ch.DQUOTE && s.charCodeAt(p - 1) === Ch.DQUOTE && s.charCodeAt(p - 2) === Ch.SPACE) return true;
  }
  return false;
}

/**
 * Whether the closer at `k` is the first character of a key's or element's text: on its line,
 * with no comma between, a quote follows that ends a member (`:` after it in an object, `,` or `]`
 * in an array). Waits for the line's text, LOOKAHEAD at most.
 */
function closerStartsText(e: Engine, k: number): boolean {
  const s = e.buf;
  const limit = Math.min(e.end, k + LOOKAHEAD);
  let q = k + 1;
  for (; q < limit; q++) {
    const c = s.charCodeAt(q);
    if (c === Ch.DQUOTE || c === Ch.COMMA || c === Ch.LF) break;
    if (c === Ch.BACKSLASH) q++;
  }
  if (q >= e.end && !e.final) throw NEED_MORE;
  if (q >= limit || s.charCodeAt(q) !== Ch.DQUOTE || q === k + 1) return false;
  const n = peekSignificant(e, q + 1);
  if (n >= e.end) return false;
  const c = s.charCodeAt(n);
  return inObject(e) ? c === Ch.COLON : c === Ch.COMMA || c === Ch.RBRACKET;
}

/** `{"a": "x" b: 1}`: the next member's unquoted key, after a space. */
function unquotedKeyFollows(e: Engine, after: number, j: number, c2: number): Answer {
  if (!isWordStart(c2) || !inObject(e)) return PASS;
  return colonAfter(e, scanWordLimited(e, j)) && j > after ? Decision.CLOSE : Decision.INNER;
}

/**
 * `["value1" value2", "value3"]`, `["a" b]`: in an array, the string's first quote, then space and a
 * word that ends the element (its own closing quote, then `,` or `]`; or `,` or `]` itself): the next
 * element, with its opening quote (and the comma) missing.
 */
function wordElementFollows(e: Engine, i: number, after: number, j: number, c2: number): Answer {
  if (j <= after || !isWordStart(c2) || e.kinds.length === 0 || e.top() !== Kind.ARRAY || inchMark(e, i)) return PASS;
  const k = scanWordLimited(e, j);
  if (k >= e.end) return PASS;
  // After the word (and a quote it lost), spaces and line breaks: `["a", "b" BOGUS⏎]`.
  let n = peekSignificant(e, k);
  if (n < e.end && e.buf.charCodeAt(n) === Ch.DQUOTE) {
    // `["a quote " alone"]`: a lone quote, and the word's quote is the string's end. A word that a
    // comma or `]` ends (`["Paris " London, "Rome"]`) is the next element: read as text, the
    // elements after it merged into one string.
    if (loneQuote(e, i)) return PASS;
    n = peekSignificant(e, n + 1);
  }
  const c = n < e.end ? e.buf.charCodeAt(n) : -1;
  return (c === Ch.COMMA || c === Ch.RBRACKET) && firstQuote(e, i) ? Decision.CLOSE : PASS;
}

/**
 * `["a quote " alone"]`: the quote at `i` has space on both sides, after text of the string's own: it
 * neither closes a word nor opens one, a lone quote in the text (as an object's value reads it:
 * unquotedKeyFollows). Closed there, the text became two elements and a made-up comma. Asked only
 * when the word after it ends in a quote (see wordElementFollows).
 */
function loneQuote(e: Engine, i: number): boolean {
  const s = e.buf;
  const from = e.textStart - e.base;
  if (i - 1 <= from || !isJsonSpace(s.charCodeAt(i - 1))) return false;
  let k = i - 1;
  while (k > from && isJsonSpace(s.charCodeAt(k - 1))) k--;
  return k > from;
}

/**
 * `["samsung 32" display"]`: the quote at `i` follows a number that is a word of the string's text
 * (a space before it): an inch mark, not where the string ends (`["value1" value2"]` is two elements).
 * So is a short number that is the whole text so far (`["55" TV", "65" TV"]`, a measure as a list of
 * sizes writes it; a year, `["2023" report"]`, is too long for one): read as two elements, each size
 * lost its mark and its word became an element of its own.
 */
function inchMark(e: Engine, i: number): boolean {
  const s = e.buf;
  const from = e.textStart - e.base;
  let k = i - 1;
  while (k > from && (isDigit(s.charCodeAt(k)) || s.charCodeAt(k) === Ch.DOT)) k--;
  if (k < i - 1 && isDigit(s.charCodeAt(i - 1)) && s.charCodeAt(k) === Ch.SPACE) return true;
  return k === from && from >= 0 && isDigit(s.charCodeAt(from)) && wholeNumberMeasure(s, from, i);
}

/** `55`, `15.6`, `6`: digits (three at most before a decimal point) that a measure in inches writes. */
function wholeNumberMeasure(s: string, from: number, to: number): boolean {
  let k = from;
  while (k < to && isDigit(s.charCodeAt(k))) k++;
  if (k === from || k - from > 3) return false;
  if (k === to) return true;
  if (s.charCodeAt(k) !== Ch.DOT || k + 1 === to) return false;
  for (k++; k < to; k++) if (!isDigit(s.charCodeAt(k))) return false;
  return true;
}

/**
 * `["abc"-1.5, 2]`, `["abc"true, 2]`, `["abc"{"k": 1}]`: in an array, the string's first quote, then
 * (no space between) a container, or a number or a literal that ends the element (`,` or `]` after
 * it): the next element, the comma before it missing. (With space between, valueAfterSpace reads it so.) `"5"11"` has a quote after
 * the number: text.
 */
function scalarElementFollows(e: Engine, i: number, j: number, c2: number): boolean {
  if (e.kinds.length === 0 || e.top() !== Kind.ARRAY) return false;
  const s = e.buf;
  let k: number;
  if (isDigit(c2) || c2 === Ch.MINUS) {
    k = scan(e, j + 1, isNumberPart);
  } else if (isWordStart(c2)) {
    k = scanWordLimited(e, j);
    if (!isLiteralWord(s.slice(j, k))) return false;
  } else if (c2 === Ch.LBRACE || c2 === Ch.LBRACKET) {
    return firstQuote(e, i);
  } else {
    return false;
  }
  const n = peekSignificant(e, k);
  const c = n < e.end ? s.charCodeAt(n) : -1;
  return (c === Ch.COMMA || c === Ch.RBRACKET) && firstQuote(e, i);
}

/**
 * Space after the quote, then a value: a missing comma, if the space holds a line break or the value
 * is unmistakably one (a number, a container, a literal).
 */
function valueAfterSpace(e: Engine, i: number, after: number, j: number, c2: number): Answer {
  if (j <= after) return PASS;
  const s = e.buf;
  for (let k = after; k < j; k++) if (s.charCodeAt(k) === Ch.LF) return quotationGoesOn(e, i, j, c2) ? Decision.INNER : Decision.CLOSE;
  if (c2 === Ch.LBRACE || c2 === Ch.LBRACKET || isDigit(c2) || c2 === Ch.MINUS) return Decision.CLOSE;
  if (isWordStart(c2) && isLiteralWord(s.slice(j, scanWordLimited(e, j)))) return Decision.CLOSE;
  return PASS;
}

/**
 * `["this⏎"quote"⏎text"]`: in an array, the quote at `i` closes a quotation in the string's text (a
 * quote before it was read as text), and the next line's text ends with a quote and then a `,`, `]`
 * or the end, as the string's own end would: the string goes on over the line break. Closed at `i`,
 * the next line became an element that lost its opening quote, and the quotation lost its closing
 * quote. (In an object, unquotedKeyFollows reads `text"` so already.) Waits for the line.
 */
function quotationGoesOn(e: Engine, i: number, j: number, c2: number): boolean {
  if (!isWordStart(c2) || e.kinds.length === 0 || e.top() !== Kind.ARRAY || firstQuote(e, i)) return false;
  const s = e.buf;
  const q = stopAhead(e, j, LOOKAHEAD, Ch.DQUOTE, isKeyStop);
  if (q < 0 || s.charCodeAt(q) !== Ch.DQUOTE || isLiteralWord(s.slice(j, scanWordLimited(e, j)))) return false;
  return closerOrCommaAt(e, q + 1, true);
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
  const floor = lookBackFloor(e, i);
  let b = i - 1;
  let sawBreak = false;
  // A line break after a backslash continues the line (read as nothing): neither a break nor part of
  // the plain tail that dropStringTail cuts.
  while (b >= floor && isJsonSpace(s.charCodeAt(b)) && !continuedAt(s, b, floor)) {
    if (s.charCodeAt(b) === Ch.LF) sawBreak = true;
    b--;
  }
  if (b < floor) return false;
  const atComma = s.charCodeAt(b) === Ch.COMMA;
  if (!atComma && !sawBreak) return false;
  if (atComma && inArray && closedArrayBeforeKey(e, floor, b, i)) return true;
  if (!atComma && !inArray && closedObjectBeforeSibling(e, floor, b, i)) return true;
  // In an array, `said, "hi", …` may be a quotation: only `a,"b"` or a line break split there.
  if (inArray && !sawBreak && b !== i - 1) return false;
  // Forwards: `key"` then `:` (or `key'` in a single-quoted string: `{'a': 'O'Neil, 'b': 1}`).
  const single = e.quote === Quote.SINGLE;
  // In an array, after a line break or `,"` (`"Yes,"Price: $1,299.99"`), the next element may hold
  // commas; escaped quotes (`"He said \"hi\""`) are its text either way.
  const commas = inArray && (sawBreak || b === i - 1);
  const k = stopAhead(e, i + 1, LOOKAHEAD, single ? Ch.SQUOTE : Ch.DQUOTE, commas ? isLineOrBrace : isLineBraceOrComma, inArray);
  if (k < 0 || (s.charCodeAt(k) !== Ch.DQUOTE && !(single && s.charCodeAt(k) === Ch.SQUOTE))) return false;
  // What follows that quote: an object's next key has its colon, an array's next element a comma or `]`.
  if (inArray ? !elementEndsAt(e, k) : !colonAt(e, k + 1)) return false;
  // `["abc,⏎  true,⏎  "x"]`: literals or numbers on lines before, after the string's lost end quote.
  const early = inArray ? scalarLinesBefore(e, floor, atComma ? b : b + 1) : -1;
  const cut = early >= 0 ? early : atComma ? b : b + 1;
  // The raw tail [cut, i) is plain text (a comma, spaces, line breaks): drop it, and any escaping of those line breaks.
  e.pos = i;
  dropStringTail(e, cut);
  endStringAt(e, cut, 'missing_end_quote', 'inserted the missing closing quote');
  return true;
}

/** Where splitAtComma's look for the next key's or element's quote stops: a double quote (also after a single-quoted string), a line break, a brace. */
function isLineOrBrace(c: number): boolean {
  return c === Ch.DQUOTE || c === Ch.LF || c === Ch.LBRACE || c === Ch.RBRACE;
}

/** As isLineOrBrace, and a comma: the next key's name or element holds none. */
function isLineBraceOrComma(c: number): boolean {
  return c === Ch.COMMA || isLineOrBrace(c);
}

/**
 * `{"a": ["x], "b": []}`: in an array that is an object's value, the string's text ends in the
 * array's `]` and a comma (at `comma`), and the quote at `i` opens the object's next key: the string
 * lost its closing quote before the `]`. Read on, the string became a key in the array (`{"x], ":
 * …}`), the array took the object's members. Ends the string before the `]`.
 */
function closedArrayBeforeKey(e: Engine, floor: number, comma: number, i: number): boolean {
  const depth = e.kinds.length;
  if (depth < 2 || e.kinds[depth - 2] !== Kind.OBJECT) return false;
  const s = e.buf;
  let r = comma - 1;
  while (r >= floor && isJsonSpace(s.charCodeAt(r))) r--;
  if (r < floor || s.charCodeAt(r) !== Ch.RBRACKET || !plainTextIn(s, floor, r) || !quotedKeyNameAt(e, i + 1)) return false;
  let cut = r;
  while (cut > floor && isJsonSpace(s.charCodeAt(cut - 1))) cut--;
  const early = scalarLinesBefore(e, floor, cut);
  if (early >= 0) cut = early;
  e.pos = i;
  dropStringTail(e, cut);
  endStringAt(e, cut, 'missing_end_quote', 'inserted the missing closing quote');
  return true;
}

/**
 * `[⏎  {⏎    "a": "hello⏎  },⏎  {⏎    "a": "xyz"⏎  }⏎]`: in an object that is an array's element,
 * the string's text ends at a line break, then the object's `}`, a comma (or none) and the next
 * element's `{` at `open`, each alone on its line, and the quote at `i` opens that element's first
 * key: the string lost its closing quote at the line's end. Read on to the key, the string took the
 * layout as its text and the next element's members joined this object (a key they share replaced
 * its value). Ends the string before the line break.
 */
function closedObjectBeforeSibling(e: Engine, floor: number, open: number, i: number): boolean {
  const depth = e.kinds.length;
  if (depth < 2 || e.kinds[depth - 2] !== Kind.ARRAY) return false;
  const s = e.buf;
  if (s.charCodeAt(open) !== Ch.LBRACE) return false;
  let r = open - 1;
  while (r >= floor && isJsonSpace(s.charCodeAt(r))) r--;
  if (r >= floor && s.charCodeAt(r) === Ch.COMMA) r--;
  while (r >= floor && isJsonSpace(s.charCodeAt(r))) r--;
  if (r < floor || s.charCodeAt(r) !== Ch.RBRACE) return false;
  let cut = r;
  let broke = false;
  while (cut > floor && isJsonSpace(s.charCodeAt(cut - 1))) {
    if (s.charCodeAt(cut - 1) === Ch.LF) broke = true;
    cut--;
  }
  // The text before the break is the string's own: no quote, and no `{` the `}` could close (code).
  if (!broke || cut <= floor || !plainTextIn(s, floor, cut, true) || !quotedKeyNameAt(e, i + 1)) return false;
  e.pos = i;
  dropStringTail(e, cut);
  endStringAt(e, cut, 'missing_end_quote', 'inserted the missing closing quote before the line break that ends the object');
  return true;
}

/**
 * Whether [from, to) is a string's own text: no unescaped quote (`bazu, [{"k": []}]`: a string that
 * ran through elements), and no `[` left open (`use arr[0], …`: the `]` after it is the text's).
 * With `noBrace`, no `{` either, escaped or not (code, whose `{` a later `}` could close). Looks at
 * [from, to) only.
 */
function plainTextIn(s: string, from: number, to: number, noBrace = false): boolean {
  let open = 0;
  for (let k = from; k < to; k++) {
    const c = s.charCodeAt(k);
    if (noBrace && c === Ch.LBRACE) return false;
    if (c === Ch.BACKSLASH) {
      if (noBrace && k + 1 < to && s.charCodeAt(k + 1) === Ch.LBRACE) return false;
      k++;
    } else if (c === Ch.DQUOTE) return false;
    else if (c === Ch.LBRACKET) open++;
    else if (c === Ch.RBRACKET && open > 0) open--;
  }
  return open === 0;
}

/**
 * Ends the string in progress at `cut` (its text already cut there): the repairs and splices made
 * past it go, the closing quote goes in, and the text from `cut` on is read again.
 */
function endStringAt(e: Engine, cut: number, kind: 'missing_end_quote' | 'unterminated_key', detail: string): void {
  dropRepairsFrom(e, cut);
  e.record(kind, cut, detail);
  e.edit(cut, 0, '"');
  e.pos = cut;
  completeString(e);
}

/**
 * `{"name": "old man "}", "age": 3}`: a closer right after the quote, then a quote that itself ends
 * a string (`,` or a closer after it). A closer followed by `"` cannot continue the document, so the
 * first quote and the closer were text. So with a colon after that quote (`"if a == "}": pass"`, a
 * closer quoted in code) or the string's end quote right after it (`""}""`, the text `"}"`): read
 * as the end, the closer ended the whole value and the rest was set aside. The prose scan reads the
 * same shapes (extract/balanced.ts, quoteAfterCloserEnd): a change here belongs there too.
 */
function quoteAfterCloser(e: Engine, j: number, c2: number): Answer {
  if (c2 !== Ch.RBRACE && c2 !== Ch.RBRACKET) return PASS;
  let q = j + 1;
  if (closerMismatches(e, c2)) {
    // `{"a": "x]\n", …`: past a closer that cannot close the object, spaces may stand before the quote.
    q = peekSignificant(e, q);
  } else if (q >= e.end) {
    if (!e.final) throw NEED_MORE;
    return PASS;
  }
  if (q >= e.end || e.buf.charCodeAt(q) !== Ch.DQUOTE) return PASS;
  const k = scanSignificant(e, q + 1);
  if (k >= e.end) return e.final ? PASS : undefined;
  const c3 = e.buf.charCodeAt(k);
  if (c3 === Ch.COMMA || c3 === Ch.RBRACE || c3 === Ch.RBRACKET) return Decision.INNER;
  // `"f("}", "]")"`: a closer quoted as a call's argument, the call's `)` right after its quote.
  if (c3 === Ch.RPAREN && k === q + 1 && openedAfterParen(e, j - 1)) return Decision.INNER;
  // The two newer shapes hold only when the string, read on, ends where the document goes on: for the
  // colon's, bare text and a quote that ends the string, as the next quote's own check reads it
  // (bareTextThenQuote); for `""`, a key or a closer after the second quote. `{"a": "x"}": 1}` has
  // no such quote and `[{"a": "x"}"", "y"]` no key after `,`: there the closer closed the value's
  // container as before (the rest set aside, or `""` the next element). Read on, the string reached
  // a `,` the container could not take, and the reply was UNREPAIRABLE.
  if (c3 === Ch.COLON && k === q + 1) return bareTextThenQuote(e, k + 1) ? Decision.INNER : PASS;
  if (c3 !== Ch.DQUOTE || k !== q + 1) return PASS;
  return documentGoesOnAt(e, k) ? Decision.INNER : PASS;
}

/**
 * Whether, read as the end of the value string, the quote at `q` leaves the document going on as the
 * string's container takes it: the text's end, a closer, or a comma and then (in an object) the next
 * key or a closer. Waits at the buffer's end.
 */
function documentGoesOnAt(e: Engine, q: number): boolean {
  const n = scanSignificant(e, q + 1);
  if (n >= e.end) {
    if (!e.final) throw NEED_MORE;
    return true;
  }
  const c = e.buf.charCodeAt(n);
  if (c === Ch.RBRACE || c === Ch.RBRACKET) return true;
  if (c !== Ch.COMMA) return false;
  if (!inObject(e)) return true;
  const k = scanSignificant(e, n + 1);
  if (k >= e.end) {
    if (!e.final) throw NEED_MORE;
    return true;
  }
  const d = e.buf.charCodeAt(k);
  return d === Ch.RBRACE || keyStartsAt(e, k);
}

/**
 * A value string followed by a colon. On one line in an object, it is the next key and the key
 * before it had no value (`{"a":\n "b": 1}`). Over several lines whose last is a closing markup tag
 * (`"ls\n</parameter":`), a tool call's arguments were cut where its markup leaked in: an error.
 */
function colonAfterValue(e: Engine, i: number, c2: number): Answer {
  if (c2 !== Ch.COLON || !inObject(e)) return PASS;
  const text = e.strHead + e.strText;
  if (text.includes('\n')) {
    throwIfLeakedMarkup(e, text, i);
    return PASS;
  }
  if (!stringMayBeKey(e, text)) return PASS;
  if (opensLostObject(e, e.strIndent)) openMissingObject(e, e.strStart - e.base, e.strEdits);
  else missingValueBeforeKey(e, e.strStart - e.base, e.strEdits);
  e.strIsKey = true;
  return Decision.CLOSE;
}

/**
 * A closing tag of tool-call markup (`</parameter`, `</invoke>`): the tags models wrap calls in. Other
 * tags (`</div>`) end strings of HTML that may legitimately be cut off.
 */
const CLOSING_TAG = /^<\/(?:parameter|function|invoke|tool_call|tool_calls|function_calls|arg_value)>?$/;

/**
 * Throws when the string read so far ends with a line that is a closing markup tag: the reply was
 * cut off there (a tool call's arguments with the call's own markup leaked in), and what was read is
 * not the value. `before` is where the raw text of that tag ends.
 */
export function throwIfLeakedMarkup(e: Engine, text: string, before: number): void {
  const line = text.slice(text.lastIndexOf('\n') + 1).trim();
  if (line.length > 64 || !CLOSING_TAG.test(line)) return;
  const at = e.buf.lastIndexOf('</', before);
  throw e.fail('UNREPAIRABLE', `the text is cut off where the markup tag ${line} leaked into a string value; the value is incomplete`, at >= 0 && at >= before - LOOKAHEAD ? at : before);
}

/**
 * `"…qui cher"rating": 4`: the quote at `i` opens the next key, the string's own closing quote and
 * the comma having been dropped. Ends the string before the quote (the main loop then reads the
 * missing comma and the key).
 */
function ranIntoKey(e: Engine, i: number, j: number, c2: number): boolean {
  if (j !== i + 1 || !inObject(e) || !isWordStart(c2) || !quotedKeyNameAt(e, j) || quotedTermInText(e, j)) return false;
  // `"a, {"k": 1}, …`: the quote opens a key of an object quoted inside the text (see embeddedObjectOpen).
  if (opensInnerKey(e, i)) return false;
  e.record('run_on_string', i, 'ended a string where the next key begins');
  e.edit(i, 0, '"');
  e.pos = i;
  completeString(e);
  return true;
}

/**
 * `"Use `"key": value` syntax"`: the word at `j`, its quote and a colon look like a key, but what
 * follows the colon is bare text that ends with a quote (see bareTextThenQuote): a quoted term in the
 * string's text. Read as a key, its value needed a second guess (a lost opening quote), and the key
 * was made up.
 */
function quotedTermInText(e: Engine, j: number): boolean {
  const s = e.buf;
  const q = stopAhead(e, j, KEY_MAX, Ch.DQUOTE, isLineOrEscape);
  if (q < 0 || s.charCodeAt(q) !== Ch.DQUOTE) return false;
  if (q + 1 >= e.end && !e.final) throw NEED_MORE;
  if (s.charCodeAt(q + 1) !== Ch.COLON) return false;
  return bareTextThenQuote(e, q + 2);
}

/**
 * After a quoted term's colon, from `from`: bare text on the line (no literal, number, quote or
 * container opens it; no comma, bracket, brace or backslash in it) and then a quote that ends the
 * string (`,` `}` `]` or the end after it): `"key": value` syntax"`, `"file not found": /tmp/x"`.
 * The text is the string's, its two inner quotes text too. Waits for the line.
 */
function bareTextThenQuote(e: Engine, from: number): boolean {
  const s = e.buf;
  const n = peekSignificant(e, from);
  if (n >= e.end || lineBreakWithin(s, from, n)) return false;
  const c = s.charCodeAt(n);
  if (c === Ch.SQUOTE || c === Ch.LBRACE || c === Ch.LBRACKET) return false;
  let text = n;
  // `"timeout": 30 in the config"`, `"strict": true to tsconfig"`, `"name": "Bob" is missing"`: a
  // value that the sentence goes on from (a space, then a word) is the text's too. Read as a member,
  // the key was made up and the words after its value needed a guess of their own.
  if (c === Ch.DQUOTE || c === Ch.MINUS || isDigit(c)) text = wordsAfter(e, c === Ch.DQUOTE ? quoteEnd(e, n) + 1 : numberEnd(e, n + 1));
  else if (isWordStart(c)) {
    const w = scanWordLimited(e, n);
    if (w >= e.end && !e.final) throw NEED_MORE;
    if (isLiteralWord(s.slice(n, w))) text = wordsAfter(e, w);
  }
  if (text <= 0) return false;
  const q = stopAhead(e, text, LOOKAHEAD, Ch.DQUOTE, isTextStop);
  return q >= 0 && s.charCodeAt(q) === Ch.DQUOTE && closerOrCommaAt(e, q + 1, true);
}

/** The end of the number whose digits go on at `k` (its sign or first digit read). */
function numberEnd(e: Engine, k: number): number {
  while (k < e.end && isNumberPart(e.buf.charCodeAt(k))) k++;
  if (k >= e.end && !e.final) throw NEED_MORE;
  return k;
}

/**
 * From just after a value at `k`: spaces on the line, then a word that starts bare text (a letter,
 * no delimiter); its offset, or -1. (`k` 0 or less: the value did not close; -1 too.)
 */
function wordsAfter(e: Engine, k: number): number {
  if (k <= 0) return -1;
  const s = e.buf;
  if (k >= e.end) {
    if (!e.final) throw NEED_MORE;
    return -1;
  }
  if (s.charCodeAt(k) !== Ch.SPACE) return -1;
  const w = lineSpaceEnd(e, k);
  return w < e.end && isWordStart(s.charCodeAt(w)) ? w : -1;
}

/**
 * The quote at `i` after a key: it closes the key, unless the key lost its closing quote and ran on
 * through its value into the next key (`"diff_hunk: null, "next": 1`) or, past a container or its
 * object's end, into the next string (`[{"a:false}, "b"]`): then the key ends at its first colon
 * and what follows is read again as its value.
 */
function keyQuote(e: Engine, i: number, closeLen: number): Answer {
  const j = scanSignificant(e, i + closeLen);
  if (j >= e.end) return e.final ? Decision.CLOSE : undefined;
  const c2 = e.buf.charCodeAt(j);
  // `{'a: 1, 'b': 2}` as Python writes keys, as well as JSON's.
  if (c2 === Ch.COLON || c2 === Ch.FULLWIDTH_COLON || (e.quote !== Quote.DOUBLE && e.quote !== Quote.SINGLE) || j !== i + 1) return Decision.CLOSE;
  const q = e.quote === Quote.SINGLE ? Ch.SQUOTE : Ch.DQUOTE;
  if (isWordPart(c2) && quotedWordThenColon(e, j, q)) return Decision.INNER;
  const s = e.buf;
  const floor = Math.max(e.textStart - e.base, 0);
  // `{"key:"value"}`, `{"key: "value"}`, `{"key:{"inner": 1}}`: the key's closing quote came after
  // its colon, its only one (and the opener of its value).
  let colon = i - 1;
  while (colon > floor && (s.charCodeAt(colon) === Ch.SPACE || s.charCodeAt(colon) === Ch.LBRACE || s.charCodeAt(colon) === Ch.LBRACKET)) colon--;
  if (colon > floor && s.charCodeAt(colon) === Ch.COLON && s.indexOf(':', floor) === colon && c2 !== Ch.COMMA && c2 !== Ch.RBRACE && c2 !== Ch.RBRACKET) {
    return splitKeyAtColon(e, i) ? Decision.SPLIT : Decision.CLOSE;
  }
  // `{"a: true"}`, `{"note: see below", "b": 1}`: no colon after the key, and one after a word in
  // it, then a space: the key's quotes were lost around its colon (read whole, the key took a made-up
  // null). `{"http://x"}` stays a key.
  // Only as the object's first member: after another, the label may name that member again
  // (`{"status": "ok", "status: failed"}`), and the split would replace it.
  if ((c2 === Ch.RBRACE || (c2 === Ch.COMMA && memberAfterComma(e, j + 1))) && firstMember(e) && colonSpaceIn(s, floor, i)) return splitKeyAtColon(e, i) ? Decision.SPLIT : Decision.CLOSE;
  // Back over spaces (and the next element's openers: `[{"a:null},["x"]]`) to the comma or line
  // break that ended the value the key ran into.
  let b = i - 1;
  while (b >= floor && (isJsonSpace(s.charCodeAt(b)) || s.charCodeAt(b) === Ch.LBRACKET || s.charCodeAt(b) === Ch.LBRACE) && s.charCodeAt(b) !== Ch.LF) b--;
  if (b < floor) return Decision.CLOSE;
  if (s.charCodeAt(b) !== Ch.COMMA && s.charCodeAt(b) !== Ch.FULLWIDTH_COMMA && s.charCodeAt(b) !== Ch.LF) {
    // `{"a: 1 "b": 2}`: the value's comma lost as well, the value a scalar.
    return isWordStart(c2) && quotedKeyNameAt(e, j, q) && scalarAfterColon(e, b + 1) && splitKeyAtColon(e, i) ? Decision.SPLIT : Decision.CLOSE;
  }
  // The quote opens the next key, or the next string after the key's value, a container or its
  // object's end (`[{"a:false}, "b"]`, `{"a:[null, "x"]}`).
  if (isWordStart(c2) ? !quotedKeyNameAt(e, j, q) && !valueAfterColon(e, b) && !(scalarAfterColon(e, b) && lostQuoteKeyAt(e, j)) : c2 === Ch.COMMA || c2 === Ch.RBRACE || c2 === Ch.RBRACKET || !valueAfterColon(e, b)) return Decision.CLOSE;
  return splitKeyAtColon(e, b) ? Decision.SPLIT : Decision.CLOSE;
}

/**
 * `{"a"b": 1}`, `{"k"e"y": "value"}`: a key that is one word, a word glued to its quote, then (no
 * space, no delimiter) its own quote and the colon: the quotes are the key's text. Closed at the first, the key's tail
 * became a made-up value (`{"a": "b\": 1"}`) or a made-up member (`{"k": "e", "y": …}`). Waits for
 * the word's end.
 */
function quotedWordThenColon(e: Engine, j: number, q: number): boolean {
  const s = e.buf;
  // The key before the quote a word too: a key that ran on (`"diff_hunk: null, "line": 12`) holds
  // spaces, a colon or a comma, and the quote opened the next key.
  const from = e.textStart - e.base;
  if (from < 0 || j - 1 - from > LOOKAHEAD || from >= j - 1) return false;
  for (let k = from; k < j - 1; k++) if (!isWordPart(s.charCodeAt(k)) && s.charCodeAt(k) !== q) return false;
  const limit = Math.min(e.end, j + LOOKAHEAD);
  let k = j;
  while (k < limit && (isWordPart(s.charCodeAt(k)) || s.charCodeAt(k) === q)) k++;
  if (k >= e.end && !e.final) throw NEED_MORE;
  if (k >= limit || s.charCodeAt(k - 1) !== q || valueThenKey(s, j, k - 1, q)) return false;
  const n = peekSignificant(e, k);
  if (n >= e.end && !e.final) throw NEED_MORE;
  return n < e.end && s.charCodeAt(n) === Ch.COLON;
}

/**
 * `{"t"false"m": 1}`: the glued word up to the next quote is a literal or a number, and a word
 * follows that quote: the key `t`, its value and the next key `m`, with the colon and the comma
 * lost, not one key `t"false"m` (that would make up a key and lose the value). `[j, last)` holds
 * only word characters and quotes; `last` is the key's closing quote.
 */
function valueThenKey(s: string, j: number, last: number, q: number): boolean {
  let p = j;
  while (p < last && s.charCodeAt(p) !== q) p++;
  if (p === j || p + 1 >= last) return false;
  let digits = true;
  for (let k = j; k < p && digits; k++) digits = isDigit(s.charCodeAt(k));
  return digits || isLiteralWord(s.slice(j, p));
}

/**
 * Whether [from, to) is a label, its colon, a space and a plain value: words and spaces before the
 * first colon, and after it no brace, quote or backslash (`Format: {name}`, `obj: {\"b\": 2}` and
 * `print({1: 2})` are a key's text).
 */
function colonSpaceIn(s: string, from: number, to: number): boolean {
  let colon = from;
  while (colon < to && s.charCodeAt(colon) !== Ch.COLON) {
    const c = s.charCodeAt(colon);
    if (!isWordPart(c) && c !== Ch.SPACE) return false;
    colon++;
  }
  if (colon === from || colon + 2 >= to || !isWordPart(s.charCodeAt(colon - 1)) || s.charCodeAt(colon + 1) !== Ch.SPACE || s.charCodeAt(colon + 2) === Ch.SPACE) return false;
  for (let k = colon + 2; k < to; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.LBRACE || c === Ch.RBRACE || c === Ch.DQUOTE || c === Ch.BACKSLASH) return false;
  }
  return true;
}

/** Whether no comma, written or inserted, came since the innermost object opened: its key in progress is its first. */
function firstMember(e: Engine): boolean {
  const opened = e.objectStarts[e.objectStarts.length - 1] ?? -1;
  return e.lastCommaAt < opened && e.insertedCommaAt < opened;
}

/** Whether a quoted key and its colon come at `i` (past spaces): a member after the comma, not another set's string (`"Note: x", "Note: y"`). */
function memberAfterComma(e: Engine, i: number): boolean {
  const k = peekSignificant(e, i);
  return k < e.end && quotedKeyAt(e, k);
}

/** A literal or a number, the whole of a scalar value (bounded, so the test is cheap). */
const SCALAR_VALUE = /^(?:null|true|false|None|True|False|-?\d{1,20}(?:\.\d{1,20})?)$/;

/**
 * `"diff_hunk: null, "approve_pr: false}` (DeepSeek, jsonrepair #152): whether the key's raw text
 * before `b` (the comma the value ended at) is a colon and a scalar value.
 */
function scalarAfterColon(e: Engine, b: number): boolean {
  const from = e.textStart - e.base;
  if (from < 0) return false;
  const colon = colonWithin(e.buf, from, b);
  if (colon < 0 || b - colon > 48) return false;
  return SCALAR_VALUE.test(e.buf.slice(colon + 1, b).trim());
}

/** The first `:` in [from, to) no further than LOOKAHEAD from `from` (a bounded look), or -1. */
function colonWithin(s: string, from: number, to: number): number {
  const stop = Math.min(to, from + LOOKAHEAD + 1);
  for (let k = from; k < stop; k++) if (s.charCodeAt(k) === Ch.COLON || s.charCodeAt(k) === Ch.FULLWIDTH_COLON) return k;
  return -1;
}

/** Whether a key that lost its closing quote starts at `j`: a word, then `:` on its line (`approve_pr: false`). */
function lostQuoteKeyAt(e: Engine, j: number): boolean {
  const s = e.buf;
  const limit = Math.min(e.end, j + LOOKAHEAD);
  let k = j;
  while (k < limit && (isWordPart(s.charCodeAt(k)) || s.charCodeAt(k) === Ch.MINUS || s.charCodeAt(k) === Ch.DOT)) k++;
  if (k >= e.end && !e.final) throw NEED_MORE;
  return k > j && k < limit && s.charCodeAt(k) === Ch.COLON;
}

/**
 * Whether the key's raw text before `limit` (a key that ran on to the end of the text) holds a colon
 * and, after it, a container: its opener first (`{"a:[null, 1]}`), or the `}` of the key's object
 * later (`{"ok: true} Done.`). The key ran on through its value, which a key cut off by the end of a
 * reply (`{"note: the`) does not hold. Looks at most LOOKAHEAD characters on.
 */
export function valueAfterColon(e: Engine, limit: number): boolean {
  const from = e.textStart - e.base;
  if (from < 0) return false;
  const s = e.buf;
  const colon = colonWithin(s, from, limit);
  if (colon < 0) return false;
  const stop = Math.min(limit, colon + LOOKAHEAD);
  let k = colon + 1;
  while (k < stop && s.charCodeAt(k) === Ch.SPACE) k++;
  if (k < stop && (s.charCodeAt(k) === Ch.LBRACE || s.charCodeAt(k) === Ch.LBRACKET)) return true;
  for (; k < stop; k++) if (s.charCodeAt(k) === Ch.RBRACE) return true;
  return false;
}

/**
 * Ends the key in progress at the first colon of its raw text before `limit` (when the buffer still
 * holds the key from its opening quote): the text from the colon on is read again as `: value`.
 */
export function splitKeyAtColon(e: Engine, limit: number): boolean {
  const from = e.textStart - e.base;
  // Only while the opening quote is within the look back (see lookBackFloor): a stream cut
  // elsewhere would no longer hold it.
  if (from < 1 || lookBackFloor(e, e.pos) > from || (e.quote !== Quote.DOUBLE && e.quote !== Quote.SINGLE)) return false;
  const colon = colonWithin(e.buf, from, limit);
  // A colon past a paragraph's break is a later paragraph's (`{'a': 1, 'b⏎⏎Note: …`, a reply cut
  // off in a key, then a note); `"b⏎: 2` is the key's own.
  if (colon < 0 || paragraphIn(e.buf, from, colon)) return false;
  e.joinStringText();
  const cut = e.strText.search(/[:：]/);
  if (cut < 0) return false;
  e.strText = e.strText.slice(0, cut);
  // `{"a': 1, …`: the key was closed with the other kind of quote, right before its colon, its only
  // one (`"a' 'x', 'b': …` ran on to the next key's).
  const other = e.quote === Quote.DOUBLE ? Ch.SQUOTE : Ch.DQUOTE;
  const otherQuote = String.fromCharCode(other);
  let q = colon - 1;
  while (q > from && isJsonSpace(e.buf.charCodeAt(q))) q--;
  if (q > from && e.buf.charCodeAt(q) === other && e.buf.charCodeAt(q - 1) !== Ch.BACKSLASH && e.strText.indexOf(otherQuote) === e.strText.lastIndexOf(otherQuote)) {
    e.strText = e.strText.slice(0, e.strText.lastIndexOf(otherQuote));
    // The quote's own splice (a `"` in a single-quoted key is escaped) goes with it.
    dropRepairsFrom(e, q);
    endStringAt(e, q + 1, 'unterminated_key', 'closed a key whose closing quote was of the other kind');
    e.edit(q, 1, '');
    return true;
  }
  endStringAt(e, colon, 'unterminated_key', 'inserted the missing closing quote of a key');
  return true;
}

/**
 * Whether [from, to) holds a blank line, then text: a paragraph (`b⏎⏎Note: …`, or `'⏎⏎Note: …` right
 * after the key's quote: a reply cut off in a key, then a note). A key that ran on over one line
 * break (`a' True,⏎  'b'`, `True"⏎  'b'`) splits at its colon as before.
 */
function paragraphIn(s: string, from: number, to: number): boolean {
  let breaks = 0;
  for (let k = from; k < to; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.LF) breaks++;
    else if (!isJsonSpace(c)) {
      if (breaks >= 2) return true;
      breaks = 0;
    }
  }
  return false;
}

/**
 * `"x"\n}` or `"x"\]` in a reply escaped twice or for markdown (see strayBackslash): past the
 * two-character `\n`s, a closer, comma, colon or the next key's quote ends the string.
 */
function escapedSpaceFollows(e: Engine, i: number, j: number, c2: number): Answer {
  if (c2 !== Ch.BACKSLASH) return PASS;
  const s = e.buf;
  let k = j;
  while (s.charCodeAt(k) === Ch.BACKSLASH) {
    if (k + 1 >= e.end) {
      if (!e.final) throw NEED_MORE;
      // `"x"\` at the end (jsonrepair #145): cut off in an escape after the string, as if at the quote.
      return Decision.CLOSE;
    }
    const d = s.charCodeAt(k + 1);
    if (d === Ch.RBRACE || d === Ch.RBRACKET) return Decision.CLOSE;
    if (d !== Ch.LOWER_N && d !== Ch.LOWER_R && d !== Ch.LOWER_T) return PASS;
    k = scanSignificant(e, k + 2);
    if (k >= e.end) return e.final ? Decision.CLOSE : undefined;
  }
  const c = s.charCodeAt(k);
  // `cat("Done", "\n")`, `f("\n", 1)`: a quoted escape, a call's argument in the string's text.
  if (c === Ch.DQUOTE && openedAfterParen(e, i)) return PASS;
  return c === Ch.RBRACE || c === Ch.RBRACKET || c === Ch.COMMA || c === Ch.COLON || c === Ch.DQUOTE ? Decision.CLOSE : PASS;
}

/**
 * `"a": "x}``` [1,2]\n",`: the closing quote at `i` stands at the start of its own line (after a raw
 * line break and indentation), so that line break was layout, not text: the string ends before it.
 * Only a raw line break (already reported as a control character), never an escaped `\n`; a string
 * that is nothing but the line break keeps it. Looks back at most LOOKAHEAD characters.
 */
export function quoteOnOwnLine(e: Engine, i: number): void {
  const s = e.buf;
  const floor = lookBackFloor(e, i);
  let b = i - 1;
  while (b >= floor && (s.charCodeAt(b) === Ch.SPACE || s.charCodeAt(b) === Ch.TAB)) b--;
  // A line break after a backslash is a line continuation, already read as nothing: not layout to cut.
  if (b < floor || s.charCodeAt(b) !== Ch.LF || continuedAt(s, b, floor)) return;
  const lineStart = b + 1;
  b--;
  if (b >= floor && s.charCodeAt(b) === Ch.CR && !escapedAt(s, b, floor)) b--;
  // Text written over several lines (a file's body, a poem: json_repair #72) ends with its own line
  // break; only the indentation before the quote is layout.
  const cut = lineBreakWithin(s, floor, b + 1) ? lineStart : b + 1;
  if (cut <= e.textStart - e.base || cut === i) return;
  e.pos = i;
  dropStringTail(e, cut);
  e.record('quote_on_own_line', cut, cut === lineStart ? 'removed the indentation before a closing quote on its own line' : 'removed the line break before a closing quote on its own line');
  e.edit(cut, i - cut, '');
}

/**
 * `` {`a´: `b´} ``: in a string opened by a backtick, an acute accent closes it when what follows is
 * what follows a closing quote (`:`, `,`, a closer, or the end); elsewhere (`` `it´s` ``) it is text.
 */
export function acuteCloses(e: Engine, i: number): boolean {
  const j = peekSignificant(e, i + 1);
  if (j >= e.end) return true;
  const c = e.buf.charCodeAt(j);
  return c === Ch.COLON || c === Ch.COMMA || c === Ch.RBRACE || c === Ch.RBRACKET;
}

/** After the comma at `k`, past `key:` (a bare word, a colon, spaces): the offset there, or -1. */
function keyAfterComma(e: Engine, k: number, to: number): number {
  const s = e.buf;
  let n = k + 1;
  while (n < to && s.charCodeAt(n) === Ch.SPACE) n++;
  if (n >= to || !isWordStart(s.charCodeAt(n))) return -1;
  while (n < to && isWordPart(s.charCodeAt(n))) n++;
  while (n < to && s.charCodeAt(n) === Ch.SPACE) n++;
  if (n >= to || s.charCodeAt(n) !== Ch.COLON) return -1;
  n++;
  while (n < to && s.charCodeAt(n) === Ch.SPACE) n++;
  return n;
}

/**
 * Where `, key:` (a comma, a bare word, a colon) stands in the raw text [from, to), or -1; the text
 * after it must hold no backslash, so that it was read one character for one.
 */
function memberInText(e: Engine, from: number, to: number): number {
  const s = e.buf;
  for (let k = from; k < to; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.BACKSLASH) return -1;
    if (c !== Ch.COMMA || keyAfterComma(e, k, to) < 0) continue;
    for (let b = k; b < to; b++) if (s.charCodeAt(b) === Ch.BACKSLASH) return -1;
    return k;
  }
  return -1;
}

/**
 * `{"a": "first, b: "second"}`: the string's first quote comes right after `, key: ` in its text, and
 * opens a string that ends before `}` or `, "`: the end quote was missing before that comma. Ends the
 * string there (the main loop reads the member again).
 */
function quotedValueAfterKey(e: Engine, i: number): boolean {
  if (!inObject(e)) return false;
  const s = e.buf;
  const floor = lookBackFloor(e, i);
  const comma = memberInText(e, floor, i);
  if (comma < 0 || keyAfterComma(e, comma, i) !== i || !firstQuote(e, i)) return false;
  // The value's own closing quote, on the same line.
  const limit = Math.min(e.end, i + 1 + LOOKAHEAD);
  let k = i + 1;
  while (k < limit && s.charCodeAt(k) !== Ch.DQUOTE && s.charCodeAt(k) !== Ch.LF && s.charCodeAt(k) !== Ch.BACKSLASH) k++;
  if (k >= e.end && !e.final) throw NEED_MORE;
  if (k >= limit || s.charCodeAt(k) !== Ch.DQUOTE) return false;
  // Then `}`, or `,` and the next key's quote: `"go away", and left"` is a quotation in the text.
  const n = peekSignificant(e, k + 1);
  if (n >= e.end) return false;
  if (s.charCodeAt(n) === Ch.COMMA) {
    const m = peekSignificant(e, n + 1);
    if (m >= e.end || s.charCodeAt(m) !== Ch.DQUOTE) return false;
  } else if (s.charCodeAt(n) !== Ch.RBRACE) {
    return false;
  }
  e.pos = i;
  dropStringTail(e, comma);
  endStringAt(e, comma, 'missing_end_quote', 'inserted the missing closing quote before the next member');
  return true;
}

/** A JSON number, whole: `42`, `-1.5`, `2e10`. */
const NUMBER_TEXT = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * `["abc,⏎  true⏎]`, `["abc,⏎  42,⏎  "x"]`: in an array, the raw text [floor, to) of a string that lost
 * its closing quote ends in a comma, a line break, and then only literals and numbers, commas between:
 * each on its line an element, the string's end quote was missing before that comma. The comma's
 * offset (the first such), or -1. Read on, the elements became the string's text.
 */
function scalarLinesBefore(e: Engine, floor: number, to: number): number {
  if (e.kinds.length === 0 || e.top() !== Kind.ARRAY) return -1;
  const s = e.buf;
  let cut = -1;
  let k = to;
  for (;;) {
    while (k > floor && isJsonSpace(s.charCodeAt(k - 1))) k--;
    let w = k;
    while (w > floor && (isWordPart(s.charCodeAt(w - 1)) || isNumberPart(s.charCodeAt(w - 1)))) w--;
    const token = s.slice(w, k);
    if (w === k || !(isLiteralWord(token) || NUMBER_TEXT.test(token))) return cut;
    let c = w;
    while (c > floor && isJsonSpace(s.charCodeAt(c - 1))) c--;
    if (c <= floor || s.charCodeAt(c - 1) !== Ch.COMMA) return cut;
    if (lineBreakWithin(s, c, w)) cut = c - 1;
    k = c - 1;
  }
}

/**
 * `{"a": "first, b: 1}`: a value string in an object that the text ends inside, the closers at `to`
 * closing exactly what is open, with `, key:` in its text (in an array, a comma and literals or
 * numbers on the lines after it: scalarLinesBefore): its end quote was missing before that comma.
 * Ends the string there (the main loop reads the member again); false when there is no such
 * comma within LOOKAHEAD characters back.
 */
export function endBeforeMember(e: Engine, to: number): boolean {
  if (e.kinds.length === 0) return false;
  const floor = lookBackFloor(e, e.pos);
  const comma = inObject(e) ? memberInText(e, floor, to) : scalarLinesBefore(e, floor, to);
  if (comma < 0) return false;
  dropStringTail(e, comma);
  endStringAt(e, comma, 'missing_end_quote', 'inserted the missing closing quote before the next member');
  return true;
}
