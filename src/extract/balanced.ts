// Prose scanning: find the `{` and `[` that start JSON in free text and follow each to its matching
// closer. Linear: after a candidate the scan resumes at its end, a rejected opener costs a bounded
// look-ahead, and the bracket stack is a growable byte array, never recursion.
import { INNER_QUOTE_LOOK, Verdict, lostKeyQuoteColon, classifyOpen, closerOf, curlyClosedKeyAt, delimiterAt, hashCommentAt, isIdentChar, isIdentStart, isKeyChar, isKeyStart, isLetter, isStringPrefix, isWs, memberStartsAt, skipWs, trimEnd, unquotedMemberValueAt } from './chars.js';
import { damagedMemberBefore, elementsEnd, elementsMayStart, mayStartValue, membersEnd, unquotedMembersEnd } from './missing-opener.js';
import { continuationAt } from './continuation.js';
import { isValueFenceAt, valueFenceEnd } from './value-fence.js';
import { DOCUMENT_SCAN_ALLOWANCE, documentStringEnd, innerDocumentStringEnd, mayOpenDocument } from './embedded-doc.js';
// Character codes are module-local: imported constants are not folded by V8, and these are hot loops.
const APOS = 0x27;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const FULLWIDTH_COMMA = 0xff0c;
const FULLWIDTH_COLON = 0xff1a;
const LBRACE = 0x7b;
const LBRACK = 0x5b;
const LF = 0x0a;
const LPAREN = 0x28;
const QUOTE = 0x22;
const RBRACE = 0x7d;
const TAB = 0x09;
const SPACE = 0x20;
const RBRACK = 0x5d;
const RPAREN = 0x29;
const DOT = 0x2e;
const BACKTICK = 0x60;
const SLASH = 0x2f;
const MINUS = 0x2d;
const CR = 0x0d;
const STAR = 0x2a;
const HASH = 0x23;

/** The ASCII characters {@link scanBalanced} acts on: 1, the rest 0. */
const SCANNED = new Uint8Array(128);
for (const c of '/#"\\\'`{[()]}') SCANNED[c.charCodeAt(0)] = 1;

/** One span found in prose. */
export interface ProseSpan {
  start: number;
  end: number;
  jsonp: boolean;
  truncated: boolean;
  /** A lone `[12]`: a citation as often as an array; kept only when nothing better is found. */
  weak: boolean;
}

/** Where a bracketed value ends, and whether it ran out of text first. */
export interface BalancedEnd {
  end: number;
  truncated: boolean;
  /** It closed, then went on past stray closers (`{"a": 1}}, "b": 2}`, `{}, 0]`). */
  wentOn?: boolean;
}

const BRACE = 0;
const BRACKET = 1;
const PAREN = 2;

/**
 * Does the `'` at `j` open a single-quoted string (a Python-style literal)? Only right after `{`, `[`,
 * `,`, `:` or `(` and optional whitespace; an apostrophe anywhere else is prose (`Bob's`). Looks back
 * over one whitespace run, which no other apostrophe looks back over, so the scan stays linear.
 */
function opensSingleQuote(text: string, j: number, floor: number): boolean {
  let k = j - 1;
  // `u'a'`, `b'a'`: a Python string prefix (the parser drops it) stands between.
  if (k > floor && isStringPrefix(text.charCodeAt(k))) k--;
  while (k > floor && isWs(text.charCodeAt(k))) k--;
  const prev = text.charCodeAt(k);
  return prev === LBRACE || prev === LBRACK || prev === COMMA || prev === COLON || prev === LPAREN || prev === FULLWIDTH_COMMA || prev === FULLWIDTH_COLON;
}

/** Whether the quote at `j` follows `{` or `,` (past white space, not before `floor`): in an object, it opens a key. */
function opensKey(text: string, j: number, floor: number): boolean {
  let k = j - 1;
  while (k > floor && isWs(text.charCodeAt(k))) k--;
  const c = text.charCodeAt(k);
  return c === LBRACE || c === COMMA;
}

/** Whether the quote at `j` follows `:`, `[` or `,` (past white space, not before `floor`): it opens a value. */
function opensValue(text: string, j: number, floor: number): boolean {
  let k = j - 1;
  while (k > floor && isWs(text.charCodeAt(k))) k--;
  const c = text.charCodeAt(k);
  return c === COLON || c === LBRACK || c === COMMA;
}

/** Whether the quote at `j` opens a value: after `:`, or an element after `[` or `,` in an array. */
function opensValueIn(text: string, j: number, floor: number, inArray: boolean): boolean {
  let k = j - 1;
  while (k > floor && isWs(text.charCodeAt(k))) k--;
  const c = text.charCodeAt(k);
  return c === COLON || c === FULLWIDTH_COLON || (inArray && (c === LBRACK || c === COMMA));
}

/** Whether the quote at `j` follows a letter and one space (not before `floor`): words quoted in text. */
function quotedInText(text: string, j: number, floor: number): boolean {
  return j - 2 > floor && text.charCodeAt(j - 1) === SPACE && isLetter(text.charCodeAt(j - 2));
}

/** Whether `c` ends a value: `:`, `,`, `}` or `]` (or the full-width `，` `：` the parser reads as delimiters). */
function isDelimiter(c: number): boolean {
  return c === COLON || c === COMMA || c === RBRACE || c === RBRACK || c === FULLWIDTH_COMMA || c === FULLWIDTH_COLON;
}

/** Whether what follows `i`, past white space, ends a value: a delimiter, or the end. */
function delimiterFollows(text: string, i: number, limit: number): boolean {
  // Compact JSON: the delimiter comes at once.
  if (isDelimiter(text.charCodeAt(i))) return true;
  const at = skipWs(text, i, limit);
  return at >= limit || isDelimiter(text.charCodeAt(at));
}

/**
 * After a quote in a value string (its first, or a later one: StringEnds), a closer at `i`, a `"`
 * right after it, and a `,` `}` or `]` after that past white space, or a `:` right after it; or a
 * second `"` right after the first and then such a delimiter or the end (`""}"",`, the text `"}"`):
 * the closer and the quotes before the last are the string's text, as the parser reads them
 * (quoteAfterCloser). Returns the string's end quote, or -1.
 */
function quoteAfterCloserEnd(text: string, i: number, limit: number, inObject: boolean): number {
  const c = text.charCodeAt(i);
  if ((c !== RBRACE && c !== RBRACK) || i + 1 >= limit || text.charCodeAt(i + 1) !== QUOTE) return -1;
  const at = skipWs(text, i + 2, limit);
  const d = text.charCodeAt(at);
  if (at < limit && (d === COMMA || d === RBRACE || d === RBRACK)) return i + 1;
  // As the parser: the colon's shape needs bare text and a quote that ends the string after it, the
  // `""` one a key (in an object) or a closer after it (`{"a": "x"}": 1}`, `[{"a": "x"}"", "y"]`
  // end at the closer).
  if (d === COLON && at === i + 2) return bareTextThenQuote(text, i + 3, limit) ? i + 1 : -1;
  if (at !== i + 2 || d !== QUOTE) return -1;
  const after = skipWs(text, i + 3, limit);
  const e = text.charCodeAt(after);
  if (after >= limit || e === RBRACE || e === RBRACK) return i + 2;
  if (e !== COMMA) return -1;
  const next = skipWs(text, after + 1, limit);
  return !inObject || next >= limit || text.charCodeAt(next) === RBRACE || memberStartsAt(text, next, limit) !== false ? i + 2 : -1;
}

/**
 * From `from` (after a colon): bare text on the line, with no quote, comma, bracket, brace or
 * backslash, and then a quote that a `,` `}` `]` or the end follows (the parser's bareTextThenQuote).
 */
function bareTextThenQuote(text: string, from: number, limit: number): boolean {
  const n = skipWs(text, from, limit);
  const c = text.charCodeAt(n);
  if (n >= limit || c === QUOTE || c === APOS || c === LBRACE || c === LBRACK || c === MINUS || (c >= 0x30 && c <= 0x39)) return false;
  const stop = Math.min(limit, n + INNER_QUOTE_LOOK);
  let k = n;
  while (k < stop) {
    const d = text.charCodeAt(k);
    if (d === QUOTE || d === LF || d === BACKSLASH || d === COMMA || d === LBRACE || d === RBRACE || d === LBRACK || d === RBRACK) break;
    k++;
  }
  if (k >= stop || text.charCodeAt(k) !== QUOTE) return false;
  const after = skipWs(text, k + 1, limit);
  const e = text.charCodeAt(after);
  return after >= limit || e === COMMA || e === RBRACE || e === RBRACK;
}

/**
 * `"pattern": "/"[^"]*"/g"`: a value string whose text is a regex literal, its quotes not escaped (the
 * parser's regexText): from its `/` at `i`, the first `/` outside a character class on the line, JS
 * flags, and a quote that a `,` `}` `]` or the end follows; no quote in it before `,` `:` or `}`. The
 * string's end quote, or -1.
 */
function regexStringEnd(text: string, i: number, limit: number): number {
  const stop = Math.min(limit, i + INNER_QUOTE_LOOK);
  let inClass = false;
  let k = i + 1;
  for (; k < stop; k++) {
    const c = text.charCodeAt(k);
    if (c === LF || c === CR) return -1;
    if (c === BACKSLASH) k++;
    else if (c === LBRACK) inClass = true;
    else if (c === RBRACK) inClass = false;
    else if (c === SLASH && !inClass) break;
    else if (c === QUOTE && !inClass) {
      const at = skipWs(text, k + 1, limit);
      const d = text.charCodeAt(at);
      if (at >= limit || d === COMMA || d === COLON || d === RBRACE) return -1;
    }
  }
  if (k >= stop) return -1;
  let m = k + 1;
  while (m < limit && isRegexFlag(text.charCodeAt(m))) m++;
  if (m >= limit || text.charCodeAt(m) !== QUOTE) return -1;
  const after = skipWs(text, m + 1, limit);
  const e = text.charCodeAt(after);
  return after >= limit || e === COMMA || e === RBRACE || e === RBRACK ? m : -1;
}

/** Whether `c` is one of JavaScript's regex flags (`dgimsuvy`). */
function isRegexFlag(c: number): boolean {
  return c === 0x64 || c === 0x67 || c === 0x69 || c === 0x6d || c === 0x73 || c === 0x75 || c === 0x76 || c === 0x79;
}

/** Whether, past white space from `i` (before `limit`), a `{` or `[` opens a container. */
function containerFollows(text: string, i: number, limit: number): boolean {
  const at = skipWs(text, i, limit);
  const c = text.charCodeAt(at);
  return at < limit && (c === LBRACE || c === LBRACK);
}

/**
 * Where a string whose closing quote is followed by text, not a delimiter, really ends, as the parser
 * reads it. Such a quote is one the model did not escape (`"a "done}" and more"`, `'we're done}'`),
 * or the end of a key that lost its closing quote (`{"a:"x](", …}`): the string ends at the next
 * quote of its kind on the line that a delimiter follows; with none within a bounded look, at the
 * first quote after all. In a value's text that opened an object of its own (`{"`) that no `}` closed
 * yet, a quote before `:` or `}` is that object's (`"see "{"k": 1}" here"`), as the parser reads it
 * (embeddedObjectOpen): ended there, the `}` after it closed what held the string, and the rest of the
 * document was lost. One per scan: quotes a look has passed are not looked at again, so the scan
 * stays linear.
 */
class StringEnds {
  /** How far looks for `"` and for `'` have reached without finding a quote that a delimiter follows. */
  private double = -1;
  private single = -1;
  /** The next line break at or after the last quote looked from (found once per line). */
  private lineEnd = -1;

  /**
   * The end of the string whose first closing `quote`, at `first`, is followed by text; `open`: its
   * opening quote, when the string is a value (a `"` after `:`, or an array's element), else -1.
   */
  end(text: string, open: number, first: number, limit: number, quote: '"' | "'", inObject = false): number {
    if (this.lineEnd < first) {
      this.lineEnd = text.indexOf('\n', first);
      if (this.lineEnd < 0) this.lineEnd = text.length;
    }
    const stop = Math.min(limit, first + INNER_QUOTE_LOOK, this.lineEnd);
    const seen = quote === '"' ? this.double : this.single;
    if (stop <= seen) return first;
    const from = Math.max(first, seen - 1);
    // The value's text before the look (read already, to find `first`): objects it opened.
    const q = quote === '"' ? QUOTE : APOS;
    let docs = open >= 0 ? openedObjects(text, Math.max(open + 1, first - INNER_QUOTE_LOOK), first + 1, 0, q) : 0;
    let counted = from + 1;
    // Whether a quote that a delimiter follows was the embedded object's.
    let skipped = false;
    for (let k = closerOf(text, from, stop, quote); k >= 0; k = closerOf(text, k, stop, quote)) {
      if (open >= 0) {
        docs = openedObjects(text, counted, k, docs, q);
        counted = k + 1;
      }
      if (delimiterFollows(text, k + 1, limit) && !(open >= 0 && quote === '"' && (callTextAt(text, open + 1, k, limit) || quoteAfterCloserEnd(text, k + 1, limit, inObject) >= 0))) {
        if (!(docs > 0 && closesEmbedded(text, k + 1, limit))) return open >= 0 && quote === '"' ? innerDocumentEnd(text, open + 1, k, limit) : k;
        skipped = true;
      }
      // The quote itself may open the embedded object's key (`{"`).
      if (open >= 0) docs = openedObjects(text, k, k + 1, docs, q);
    }
    if (quote === '"') this.double = stop;
    else this.single = stop;
    // `"the answer is {"k": 1}, so` at the text's end: the quotes were the embedded object's, and the
    // string is cut off (the parser reads it to the end); ended at its first quote, the object's `}`
    // closed what held the string, and the text after it was lost.
    return skipped && stop === limit ? limit : first;
  }
}

/**
 * `"f("}", "]")"`: whether the quote at `k`, past the value's first quote (its text opening at `from`),
 * is a call's in the text, as the parser reads it (callArgumentsAt, quoteAfterCloser): a `(` that no
 * `)` closed stands before it, and either a comma then more arguments (quoted ones stepped over
 * whole) and the call's `)` on the line, or a closer, a quote and then that `)` or a comma.
 */
function callTextAt(text: string, from: number, k: number, limit: number): boolean {
  let b = k - 1;
  const floor = Math.max(from, k - INNER_QUOTE_LOOK);
  while (b >= floor && text.charCodeAt(b) !== LPAREN && text.charCodeAt(b) !== RPAREN) b--;
  if (b < floor || text.charCodeAt(b) !== LPAREN) return false;
  const c = text.charCodeAt(k + 1);
  if (c === RBRACE || c === RBRACK) {
    if (text.charCodeAt(k + 2) !== QUOTE) return false;
    const after = skipWs(text, k + 3, limit);
    return text.charCodeAt(k + 3) === RPAREN || (after < limit && text.charCodeAt(after) === COMMA);
  }
  const at = skipWs(text, k + 1, limit);
  if (at >= limit || text.charCodeAt(at) !== COMMA) return false;
  const stop = Math.min(limit, at + INNER_QUOTE_LOOK);
  for (let j = at + 1; j < stop; j++) {
    const d = text.charCodeAt(j);
    if (d === RPAREN) return true;
    if (d === QUOTE) {
      j++;
      while (j < stop && text.charCodeAt(j) !== QUOTE && text.charCodeAt(j) !== LF) j += text.charCodeAt(j) === BACKSLASH ? 2 : 1;
      if (j >= stop || text.charCodeAt(j) !== QUOTE) return false;
      continue;
    }
    if (d < 0x20 || d === COLON || d === LBRACE || d === RBRACE || d === LBRACK || d === RBRACK) return false;
  }
  return false;
}

/**
 * `docs` (objects a string's text opened, `{` then the string's own `quote`, and no `}` closed yet)
 * updated over the raw text [from, to): the parser's count (embeddedObjectOpen), taken as the scan goes.
 */
function openedObjects(text: string, from: number, to: number, docs: number, quote: number): number {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === RBRACE) {
      if (docs > 0) docs--;
    } else if (c === quote) {
      let b = k - 1;
      while (b >= from && text.charCodeAt(b) === SPACE) b--;
      if (b >= from ? text.charCodeAt(b) === LBRACE : lbraceBefore(text, from)) docs++;
    }
  }
  return docs;
}

/** Whether `{` then spaces stand right before `at` (a quote counted at the start of a stretch). */
function lbraceBefore(text: string, at: number): boolean {
  let b = at - 1;
  while (b >= 0 && text.charCodeAt(b) === SPACE) b--;
  return b >= 0 && text.charCodeAt(b) === LBRACE;
}

/**
 * `"use {"k": "v", "j": 2} ok"`: a quote at `k` before a comma that belongs to a document the value's
 * text [from, k) opened after some words ends no string; the string's end after that document, as the
 * parser reads it (innerDocumentText), else `k`.
 */
function innerDocumentEnd(text: string, from: number, k: number, limit: number): number {
  if (text.charCodeAt(skipWs(text, k + 1, limit)) !== COMMA) return k;
  const end = innerDocumentStringEnd(text, from, k, limit);
  return end > k ? end : k;
}

/** Whether `:` or `}` follows `i` past white space: what ends a key or an object inside a string's text. */
function closesEmbedded(text: string, i: number, limit: number): boolean {
  const at = skipWs(text, i, limit);
  const c = text.charCodeAt(at);
  return at < limit && (c === COLON || c === RBRACE);
}

/**
 * Scans from the opener at `i` to its matching closer within [i, limit). Double-quoted strings (with
 * backslash escapes) hide brackets; so do `\"…\"` strings of escaped JSON, and single-quoted strings
 * that open right after `{`, `[`, `,`, `:` or `(` (an apostrophe anywhere else is prose, and a
 * single-quoted string also ends at a line break). A closer of the wrong kind closes the nearest
 * opener of its own kind, implicitly closing those in between (`{"a": [1}`); a closer with no opener
 * of its kind is ignored. The closer that would end the value does not when more of it follows
 * (continuationAt: `{"a": 1}}, "b": 2}`) and it closes again, within `budget` characters past where it
 * first closed (unbounded without one). `parens`: `(` and `)` are brackets too (a Python tuple at `i`).
 */
export function scanBalanced(text: string, i: number, limit: number, parens = false, budget?: ScanBudget): BalancedEnd {
  let stack = new Uint8Array(32);
  let depth = 0;
  // Where the value first closed, when what followed may go on (continuationAt).
  let firstEnd = -1;
  // Whether a closer closed more than its own opener (`[1}` closes the `[` as well): the parser may
  // have read it as a stray closer instead.
  let mismatched = false;
  // Made only when a string's closing quote is followed by text, not a delimiter.
  let ends: StringEnds | undefined;
  let braces = 0;
  let brackets = 0;
  let tuples = 0;
  // The next `*/` at or after a block comment's opener (-2: not looked for yet; -1: none): every `/*`
  // before it shares one search, so the scan stays linear.
  let blockClose = -2;
  // What the searches for documents in strings have read (see DOCUMENT_SCAN_ALLOWANCE).
  let docScanned = 0;
  for (let j = i; j < limit; j++) {
    const c = text.charCodeAt(j);
    // Most of a value's characters (digits, letters, `:`, `,`, space) are none of the cases below.
    if (c < 128 && SCANNED[c] === 0) continue;
    if (c === SLASH && j + 1 < limit) {
      // Comments, as the parser skips them: their quotes and brackets are no JSON's (`// don't`,
      // `/* } */`). Not the `//` of a URL (`https://`).
      const d = text.charCodeAt(j + 1);
      if (d === STAR) {
        if (blockClose !== -1 && blockClose < j + 2) blockClose = text.indexOf('*/', j + 2);
        if (blockClose >= 0 && blockClose + 2 <= limit) {
          j = blockClose + 1;
          continue;
        }
      } else if (d === SLASH && !(text.charCodeAt(j - 1) === COLON && isLetter(text.charCodeAt(j - 2)))) {
        const nl = text.indexOf('\n', j + 2);
        if (nl < 0 || nl >= limit) break;
        j = nl;
        continue;
      }
    } else if (c === HASH && isWs(text.charCodeAt(j - 1)) && hashCommentAt(text, j, limit)) {
      const nl = text.indexOf('\n', j + 2);
      if (nl < 0 || nl >= limit) break;
      j = nl;
      continue;
    }
    if (c === QUOTE && text.charCodeAt(j + 1) === BACKTICK && isValueFenceAt(text, j + 1)) {
      // `"code": "```py … ```"`: a string whose text is a code block; its quotes are the code's.
      j = valueFenceEnd(text, j + 1, limit) - 1;
      continue;
    }
    if (c === QUOTE) {
      // `}, b": 1}`: the closing quote of a key that lost its opening one (a word before it, its
      // colon after): no string runs on from here.
      if (isKeyChar(text.charCodeAt(j - 1)) && delimiterAt(text, skipWs(text, j + 1, limit)) === COLON) continue;
      const first = closerOf(text, j, limit);
      const regexEnd = first >= 0 && text.charCodeAt(j + 1) === SLASH && depth > 0 && opensValue(text, j, i) ? regexStringEnd(text, j + 1, limit) : -1;
      if (regexEnd > first) {
        j = regexEnd;
        continue;
      }
      if (first >= 0 && delimiterFollows(text, first + 1, limit)) {
        // `{"code": "f("}", "x"}`: a closer right after the quote, then a quote that a delimiter
        // follows, are the value's text, as the parser reads them (quoteAfterCloser); ended at the first
        // quote, the closer ended the span and the members after it were set aside unnamed.
        const end = opensValue(text, j, i) ? quoteAfterCloserEnd(text, first + 1, limit, depth > 0 && stack[depth - 1] === BRACE) : -1;
        // `"f("}", "]")"`: that quote's comma may be a call's, in the text; the string goes on past it.
        if (end >= 0 && callTextAt(text, j + 1, end, limit)) j = (ends ??= new StringEnds()).end(text, j, end, limit, '"', depth > 0 && stack[depth - 1] === BRACE);
        else j = end >= 0 ? end : first;
        continue;
      }
      // `["a"{"id": 1}, {"id": 2}]`, `["a" [1]]`: in an array, a container right after the string's
      // first closing quote is the next element, the comma before it lost (the parser reads it so).
      // Run on to a later quote, the string swallowed the container's `{`, and its `}` closed what
      // held the array: the span ended there and the elements after it were lost.
      if (first >= 0 && depth > 0 && stack[depth - 1] === BRACKET && containerFollows(text, first + 1, limit)) {
        j = first;
        continue;
      }
      // `{"s:{"b": "<b>"}, "z": 2}`, `{"tags: ["x", {"k": 1}], …}`: a key that lost its closing quote,
      // its value a container or a string right after its colon. The parser ends the key at the
      // colon (unterminated_key); run on to a later quote, the string swallowed the value's opener.
      const colon = first >= 0 && depth > 0 && stack[depth - 1] === BRACE && opensKey(text, j, i) ? lostKeyQuoteColon(text, j, first, limit) : -1;
      if (colon >= 0) {
        j = colon;
        continue;
      }
      // `}, "b”: 1}`: a key closed with a curly quote (looked for only where no usual end was found).
      if (curlyClosedKeyAt(text, j, limit)) {
        j = text.indexOf(':', j);
        continue;
      }
      if (first < 0) break;
      if (mayOpenDocument(text, j + 1) && docScanned <= j - i + DOCUMENT_SCAN_ALLOWANCE && opensValue(text, j, i)) {
        // `"args": "{"city": "Paris"}"`: a string holding a document, its quotes not escaped.
        const quote = documentStringEnd(text, j + 1, limit);
        docScanned += quote.scanned;
        if (quote.at >= 0) {
          j = quote.at;
          continue;
        }
      }
      // `{k0: we would quote "like this" or this, k1: ["}"]}`: words quoted in a value's text, the
      // quote after a word and a space; the string is the pair (the parser reads the text so).
      if (!quotedInText(text, j, i)) j = (ends ??= new StringEnds()).end(text, opensValueIn(text, j, i, depth > 0 && stack[depth - 1] === BRACKET) ? j : -1, first, limit, '"', depth > 0 && stack[depth - 1] === BRACE);
      else j = first;
      continue;
    }
    if (c === BACKSLASH && j + 1 < limit && text.charCodeAt(j + 1) === QUOTE) {
      // `{\"a\": 1}`: escaped JSON; the string runs to the next `\"`.
      j += 2;
      while (j < limit) {
        const d = text.charCodeAt(j);
        if (d === BACKSLASH) {
          if (j + 1 < limit && text.charCodeAt(j + 1) === QUOTE) break;
          j += 2;
        } else j++;
      }
      if (j >= limit) break;
      j++;
      continue;
    }
    if (c === APOS && opensSingleQuote(text, j, i)) {
      const opener = j;
      j++;
      while (j < limit) {
        const d = text.charCodeAt(j);
        if (d === BACKSLASH) j += 2;
        else if (d === APOS || d === LF) break;
        else j++;
      }
      if (j >= limit) break;
      if (text.charCodeAt(j) === APOS && !delimiterFollows(text, j + 1, limit)) j = (ends ??= new StringEnds()).end(text, opensValueIn(text, opener, i, depth > 0 && stack[depth - 1] === BRACKET) ? opener : -1, j, limit, "'");
      continue;
    }
    if (c === BACKTICK && isValueFenceAt(text, j)) {
      // `"code": ```py … ```: the code's brackets and quotes are the value's text.
      j = valueFenceEnd(text, j, limit) - 1;
      continue;
    }
    if (c === LBRACE || c === LBRACK || (parens && c === LPAREN)) {
      if (depth === stack.length) {
        const grown = new Uint8Array(stack.length * 2);
        grown.set(stack);
        stack = grown;
      }
      if (c === LBRACE) {
        stack[depth++] = BRACE;
        braces++;
      } else if (c === LBRACK) {
        stack[depth++] = BRACKET;
        brackets++;
      } else {
        stack[depth++] = PAREN;
        tuples++;
      }
    } else if (c === RBRACE || c === RBRACK || (parens && c === RPAREN)) {
      const kind = c === RBRACE ? BRACE : c === RBRACK ? BRACKET : PAREN;
      if ((kind === BRACE ? braces : kind === BRACKET ? brackets : tuples) > 0) {
        const innermost = stack[depth - 1];
        if (innermost !== kind) mismatched = true;
        for (;;) {
          const top = stack[--depth];
          if (top === BRACE) braces--;
          else if (top === BRACKET) brackets--;
          else tuples--;
          if (top === kind) break;
        }
        if (depth === 0) {
          const comma = budget?.left === 0 ? -1 : continuationAt(text, j, limit, innermost === BRACE);
          if (comma < 0) {
            spend(budget, firstEnd, j + 1);
            return { end: j + 1, truncated: false, wentOn: firstEnd >= 0 };
          }
          // `{"a": 1}}, "b": 2}`: the closers were stray, and the value goes on (as the parser reads
          // it) if it closes again within what is left of the budget.
          if (firstEnd < 0) {
            firstEnd = j + 1;
            if (budget !== undefined) limit = Math.min(limit, firstEnd + budget.left);
          }
          stack[depth++] = kind;
          if (kind === BRACE) braces++;
          else if (kind === BRACKET) brackets++;
          else tuples++;
          j = comma;
        }
      } else if (kind === BRACKET && firstEnd >= 0 && !mismatched && depth === 1 && continuationAt(text, j, limit, false) < 0) {
        // `{"a": 1}, 3]`: values side by side, then a `]` that no `[` opened. The parser reads one
        // array whose `[` is missing, so the span reaches that `]`. Not when the value goes on after
        // it (`{}, {}], "b": 1}`), nor after a mismatched closer (`{"a": [}, 1], …}`): the parser
        // reads those closers as stray.
        spend(budget, firstEnd, j + 1);
        return { end: j + 1, truncated: false, wentOn: true };
      }
    }
  }
  // A value that went on but never closed again ended where it first closed: the rest was prose, or
  // other values side by side.
  if (firstEnd >= 0) {
    spend(budget, firstEnd, limit);
    return { end: firstEnd, truncated: false };
  }
  return { end: trimEnd(text, i, limit), truncated: true };
}

/**
 * How many characters past where values first closed the scans of one prose region may still read
 * to see whether they go on. A failed look is read again as prose: without a bound, a region of
 * `{"a": 1}, "b": 2 …` repeated would cost the square of its length.
 */
export interface ScanBudget {
  left: number;
}

function spend(budget: ScanBudget | undefined, firstEnd: number, to: number): void {
  if (budget !== undefined && firstEnd >= 0) budget.left = Math.max(0, budget.left - (to - firstEnd));
}

const NOT_CALLEES = new Set(['if', 'for', 'while', 'switch', 'return', 'function', 'catch', 'with', 'typeof', 'await', 'yield', 'print']);

/**
 * Is the opener at `i` the argument of a call such as `callback(` or `window.foo.bar(`? Looks back
 * (bounded) over whitespace, `(`, and a dotted identifier that does not continue further left.
 */
export function isCallArgument(text: string, i: number, floor: number): boolean {
  let j = i - 1;
  const wsFloor = Math.max(floor, i - 16);
  while (j >= wsFloor && isWs(text.charCodeAt(j))) j--;
  if (j < floor || text.charCodeAt(j) !== LPAREN) return false;
  const paren = j;
  j--;
  const idFloor = Math.max(floor, paren - 128);
  while (j >= idFloor && (isIdentChar(text.charCodeAt(j)) || text.charCodeAt(j) === DOT)) j--;
  // Still inside a name at the bound: longer than any callback name, so not a call.
  if (j >= floor && (isIdentChar(text.charCodeAt(j)) || text.charCodeAt(j) === DOT)) return false;
  const nameStart = j + 1;
  if (nameStart >= paren) return false;
  const first = text.charCodeAt(nameStart);
  if (!isIdentStart(first)) return false;
  if (text.charCodeAt(paren - 1) === DOT) return false;
  let wordStart = paren;
  while (wordStart > nameStart && text.charCodeAt(wordStart - 1) !== DOT) wordStart--;
  const lastWord = text.slice(wordStart, paren);
  return !NOT_CALLEES.has(lastWord);
}

/**
 * Every JSON-looking span in the prose [start, end): balanced `{…}`/`[…]`, call arguments, and an
 * object's members or an array's elements whose opener is missing (`Here: "a": 1, "b": [2]}`,
 * `Result: "x", {"y": 1}]`; see missing-opener.ts).
 * `balanced`/`jsonp` say which kinds may be produced (a call argument becomes a balanced span when
 * `jsonp` is off, if it looks like JSON on its own).
 */
export function scanProse(text: string, start: number, end: number, balanced: boolean, jsonp: boolean, out: ProseSpan[]): void {
  const from = out.length;
  // Members and elements whose opener was lost are looked for (a slower pass) only where the first
  // pass saw a sign of them: most prose has none, and costs what it did before they were looked for.
  if (!scanRegion(text, start, end, balanced, jsonp, out, false) || !balanced) return;
  out.length = from;
  scanRegion(text, start, end, balanced, jsonp, out, true);
}

/** Whether, past white space from `k` (before `end`), a container or a string starts. */
function valueStartsAfter(text: string, k: number, end: number): boolean {
  while (k < end && isWs(text.charCodeAt(k))) k++;
  const c = text.charCodeAt(k);
  return k < end && (c === LBRACK || c === LBRACE || c === QUOTE);
}

/**
 * Past a `}` right after a balanced span (spaces between): a closer too many, which the parser reads
 * as such (`Answer: {"a": 1}}`), or the evidence that a `{` inside was lost (`{k: u: None}}`, which
 * the parser reads as `{"k": {"u": null}}` only when it sees that `}`).
 */
function afterExtraBrace(text: string, i: number, end: number): number {
  let k = i;
  while (k < end && (text.charCodeAt(k) === SPACE || text.charCodeAt(k) === TAB)) k++;
  return k < end && text.charCodeAt(k) === RBRACE && text.charCodeAt(i - 1) === RBRACE ? k + 1 : i;
}

/**
 * One pass of {@link scanProse}; `looking`: for members and elements whose opener was lost too.
 * Returns, when not looking, whether such members or elements may be there: a `"` or a closer
 * outside every span (a member's key, the `}` or `]` that no opener opened), or a span that went on
 * past stray closers or ran to the end (see below).
 */
function scanRegion(text: string, start: number, end: number, balanced: boolean, jsonp: boolean, out: ProseSpan[], looking: boolean): boolean {
  const budget: ScanBudget = { left: end - start };
  let lookAgain = false;
  // Members are looked for once per region (at the first key that starts one), so the look, which
  // reads on to the region's end, stays linear.
  let membersLooked = false;
  let unquotedLooked = false;
  // Before this offset, no scalar starts an element list (see ElementsEnd.lookFrom).
  let elementsFrom = start;
  // A quote whose string never closes before `end`: no later quote's does either (whether a quote is
  // escaped does not depend on where the string opened), so no later string starts elements. Each
  // look would read on to the end (`[\"[\"[\"…` was quadratic).
  let unclosedQuote = -1;
  // A lone string may be an array's elements (`"a"]`) only before any `[` in the prose; found when
  // first needed.
  let firstBracket = -1;
  // How many `[` the prose left open before `bracketsTo`, counted on as the scan goes (linear). A
  // `]` after elements may close one of them (`[445895985:, true, 2]`, a document whose start is
  // damaged, not missing): no array whose `[` was lost, and none of its elements is a value of its own.
  // Where they are, innermost last.
  const openBrackets: number[] = [];
  let bracketsTo = start;
  const bracketsOpenBefore = (at: number): number => {
    for (; bracketsTo < at; bracketsTo++) {
      const b = text.charCodeAt(bracketsTo);
      if (b === LBRACK) openBrackets.push(bracketsTo);
      else if (b === RBRACK && openBrackets.length > 0) openBrackets.pop();
    }
    return openBrackets.length;
  };
  let i = start;
  while (i < end) {
    let c: number;
    if (!looking) {
      // Straight to the next opener, noting quotes and closers on the way. `[` and `{` differ only
      // in bit 0x20, and so do `]` and `}`: one test each.
      for (;;) {
        if (i >= end) return lookAgain;
        c = text.charCodeAt(i);
        const folded = c | 0x20;
        if (folded === LBRACE) break;
        if (folded === RBRACE || c === QUOTE) lookAgain = true;
        i++;
      }
    } else {
      c = text.charCodeAt(i);
      if (!unquotedLooked && isKeyStart(c) && (i === start || !isKeyChar(text.charCodeAt(i - 1))) && unquotedMemberValueAt(text, i, end) >= 0) {
        // `k: [1, 2], j: 2}`: the same, its first key unquoted (see unquotedMembersEnd); looked for
        // once, at the first word and `:` a value follows.
        unquotedLooked = true;
        const close = unquotedMembersEnd(text, i, end, start);
        if (close >= 0) {
          out.push({ start: i, end: close, jsonp: false, truncated: false, weak: false });
          i = close;
          continue;
        }
      }
      if (c !== LBRACE && c !== LBRACK) {
        // Only a value's first character matters, and only where no word goes on (`often`, `v2`).
        if (!mayStartValue(c) || (i > start && isIdentChar(text.charCodeAt(i - 1)))) {
          i++;
          continue;
        }
        if ((c === QUOTE || c === APOS) && !membersLooked && memberStartsAt(text, i, end) === true) {
          // `Here: "a": 1, "b": [2]}`: an object whose `{` was lost (or written by the application
          // before the prose). Its own `}`, which no `{` opened, ends it; without one it is prose
          // (`Set "mode": "fast" in the config`), and the `[2]` inside would be a value of its own.
          membersLooked = true;
          const close = membersEnd(text, i, end);
          if (close >= 0) {
            // `Here: "a"： "x", "b": 1}`: the member before them, damaged, is the object's first.
            const last = Math.max(start, out.length > 0 ? out[out.length - 1]!.end : start);
            out.push({ start: damagedMemberBefore(text, last, i, end), end: close, jsonp: false, truncated: false, weak: false });
            i = close;
            continue;
          }
        }
        if (i >= elementsFrom && !(c === QUOTE && unclosedQuote >= 0) && elementsMayStart(text, i, end)) {
          // `Result: "x", {"y": 1}]`: an array whose `[` was lost; its own `]` ends it.
          if (firstBracket < 0 && c === QUOTE) {
            firstBracket = start;
            while (firstBracket < end && text.charCodeAt(firstBracket) !== LBRACK) firstBracket++;
          }
          const found = elementsEnd(text, i, end, i < firstBracket);
          if (found.end >= 0) {
            if (bracketsOpenBefore(i) === 0) out.push({ start: i, end: found.end, jsonp: false, truncated: false, weak: false });
            i = found.end;
            continue;
          }
          elementsFrom = found.lookFrom;
          // The first value did not end: for a quote, its string never closes.
          if (c === QUOTE && found.lookFrom === i + 1) unclosedQuote = i;
        }
        i++;
        continue;
      }
    }
    let isCall = false;
    let weak = false;
    if (jsonp && isCallArgument(text, i, start)) {
      isCall = true;
    } else {
      const v = classifyOpen(text, i, end);
      if (v.verdict === Verdict.Reject || !balanced) {
        i = v.verdict === Verdict.Reject ? v.resume : i + 1;
        continue;
      }
      weak = v.verdict === Verdict.Weak;
    }
    const b = scanBalanced(text, i, end, false, budget);
    // `[label](url)` is a Markdown link, whatever the label looks like.
    if (!isCall && c === LBRACK && !b.truncated && b.end < end && text.charCodeAt(b.end) === LPAREN) {
      i = b.end;
      continue;
    }
    // `[[0: 0, null], {}, true]`: values side by side up to a `]` that a `[` in the prose before
    // them opened, a value's opener right after it (a document whose start is damaged, its `[`
    // taken for prose's): they are its tail, not an array whose `[` was lost; taken, the rest of the
    // document was lost without a word. (`[the answer is: {"a": 1}, {"b": 2}]` is prose's bracket.)
    if (b.wentOn === true && text.charCodeAt(b.end - 1) === RBRACK && bracketsOpenBefore(i) > 0 && valueStartsAfter(text, openBrackets[openBrackets.length - 1] + 1, i)) {
      i = b.end;
      continue;
    }
    out.push({ start: i, end: isCall || b.truncated ? b.end : afterExtraBrace(text, b.end, end), jsonp: isCall, truncated: b.truncated, weak });
    // A span that went on past stray closers (`1, {"a": 1}, 2]`: the opener of what holds it was
    // lost) may have elements before it; one that runs to the end may hide the closer.
    if (b.wentOn === true || b.truncated) lookAgain = true;
    i = b.end;
  }
  return lookAgain;
}
