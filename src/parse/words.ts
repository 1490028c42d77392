// Words: literals (JSON, Python, JS), constructor calls, and unquoted keys and values.
import { Ch, isDigit, isJsonSpace, isNumberPart, isQuoteLike, isWordPart, isWordStart } from './chars.js';
import { missingValueBeforeKey, open, openMissingObject, opensLostObject, placeKeyInArray } from './containers.js';
import type { Engine } from './engine.js';
import { colonAfter, indentAt, lineBreakBefore, lineSpaceEnd, peekSignificant, scanSignificant } from './space.js';
import { valueEnd } from './continuation.js';
import { lostOpeningQuote } from './lost-quote.js';
import { startString } from './strings.js';
import { NEED_MORE, Kind, State, LOOKAHEAD, KEY_MAX, Quote } from './state.js';
import type { TextRepairKind } from './types.js';

/**
 * `true`, `false`, `null` and Python's `True`, `False`, `None`, read without slicing: true when
 * done; false, with nothing changed, when readWord must look at the word.
 */
export function literalToken(e: Engine, c: number): boolean {
  const s = e.buf;
  const start = e.pos;
  let word: string;
  let value: boolean | null;
  switch (c) {
    case Ch.LOWER_T: word = 'true'; value = true; break;
    case Ch.LOWER_F: word = 'false'; value = false; break;
    case Ch.LOWER_N: word = 'null'; value = null; break;
    case Ch.UPPER_T: word = 'True'; value = true; break;
    case Ch.UPPER_F: word = 'False'; value = false; break;
    case Ch.UPPER_N: word = 'None'; value = null; break;
    default: return false;
  }
  const i = start + word.length;
  if (i > e.end || !s.startsWith(word, start)) return false;
  // The word must end here, as readWord's scan would end it.
  if (i === e.end ? !e.final : isWordPart(s.charCodeAt(i)) || s.charCodeAt(i) === Ch.DOT) return false;
  if (c < Ch.LOWER_A) {
    const literal = LITERALS[word];
    e.record('python_literal', start, literal[2]);
    e.edit(start, word.length, String(value));
  }
  e.pos = i;
  e.sink.scalar(value);
  e.afterValue();
  return true;
}

/** Reads an identifier-like word: a literal, a constructor call, or an unquoted string. */
export function readWord(e: Engine): void {
  if (literalToken(e, e.buf.charCodeAt(e.pos))) return;
  const s = e.buf;
  const start = e.pos;
  let i = start;
  const signed = s.charCodeAt(i) === Ch.MINUS || s.charCodeAt(i) === Ch.PLUS;
  if (signed) i++;
  const wordStart = i;
  while (i < e.end && (isWordPart(s.charCodeAt(i)) || s.charCodeAt(i) === Ch.DOT)) i++;
  if (i >= e.end && !e.final) {
    throw NEED_MORE;
  }
  const word = s.slice(wordStart, i);
  const literal = LITERALS[word];
  if (literal !== undefined && (i >= e.end || !isWordPart(s.charCodeAt(i)))) {
    const [value, kind] = literal;
    if (kind === 'non_finite_number') {
      e.record(kind, start, `replaced ${s.slice(start, i)} with null`);
      e.edit(start, i - start, 'null');
      e.sink.scalar(null);
    } else {
      if (signed) {
        e.pos = start;
        readUnquotedValue(e);
        return;
      }
      if (kind) {
        e.record(kind, start, literal[2]);
        e.edit(start, i - start, String(value));
      }
      e.sink.scalar(value);
    }
    e.pos = i;
    e.afterValue();
    return;
  }
  const cased = signed ? undefined : CASED_LITERALS[word.toLowerCase()];
  if (cased !== undefined && (i >= e.end || !isWordPart(s.charCodeAt(i)))) {
    // `TRUE`, `FALSE`, `Null`: a literal in another case (SQL, YAML, a shouting model).
    e.record('literal_case', start, `replaced ${word} with ${String(cased)}`);
    e.edit(start, i - start, String(cased));
    e.pos = i;
    e.sink.scalar(cased);
    e.afterValue();
    return;
  }
  if (i >= e.end && !signed) {
    // Cut off inside a literal: `tru`, `fals`, `nul`, and Python's `Tr`, `Fal`, `Non`.
    const completed = completeLiteral(word);
    if (completed !== undefined) {
      e.record('truncated_literal', start, `the text ends inside a literal; read ${JSON.stringify(completed)}`);
      e.edit(start, i - start, JSON.stringify(completed));
      e.pos = i;
      e.sink.scalar(completed);
      e.afterValue();
      return;
    }
  }
  if (!signed && lostOpeningQuote(e, start)) {
    // `if (x) { y(); }",`: before a call or an object is read into it (see lostOpeningQuote).
    e.pos = start;
    startString(e, Quote.DOUBLE, false, true);
    return;
  }
  if (!signed && wrapperFollows(e, start, i, word)) return;
  if (!signed && strayWordBeforeObject(e, start, i)) return;
  e.pos = start;
  readUnquotedValue(e, 'unquoted_string', true);
}

/**
 * `[{"a": 1}, 결{"a": 2}]` (N.E.K.O #1102): a word glued to the `{` of an object whose first key (or
 * `}`) follows is a stray mark, dropped (`stray_word`): read as text, it took the object into a
 * string, and the rest of the list with it.
 */
function strayWordBeforeObject(e: Engine, start: number, i: number): boolean {
  const s = e.buf;
  if (i >= e.end || s.charCodeAt(i) !== Ch.LBRACE) return false;
  const j = peekSignificant(e, i + 1);
  if (j >= e.end || (s.charCodeAt(j) !== Ch.RBRACE && !quotedKeyAt(e, j))) return false;
  const word = s.slice(start, i);
  e.record('stray_word', start, `removed ${word.length > 40 ? `${word.slice(0, 40)}…` : word} before an object`);
  e.edit(start, i - start, '');
  e.pos = i;
  return true;
}

/**
 * `{re: /a.css/g}`: a JavaScript regex literal, kept as its text. Ends at the next unescaped `/` outside
 * a character class, on the same line; false (nothing read) when there is none.
 */
export function readRegex(e: Engine): boolean {
  const s = e.buf;
  const start = e.pos;
  let inClass = false;
  let i = start + 1;
  for (; i < e.end; i++) {
    const c = s.charCodeAt(i);
    if (c === Ch.LF || c === Ch.CR) return false;
    if (c === Ch.BACKSLASH) i++;
    else if (c === Ch.LBRACKET) inClass = true;
    else if (c === Ch.RBRACKET) inClass = false;
    else if (c === Ch.SLASH && !inClass) break;
  }
  if (i >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  i++;
  while (i < e.end && isWordPart(s.charCodeAt(i))) i++;
  // `/usr/bin/env python`: more text after the closing `/` and its flags makes it a path, not a regex.
  const next = lineSpaceEnd(e, i);
  if (next >= e.end && !e.final) {
    throw NEED_MORE;
  }
  const after = s.charCodeAt(next);
  if (after === Ch.SLASH && next + 1 >= e.end && !e.final) throw NEED_MORE;
  const comment = after === Ch.SLASH && next + 1 < e.end && (s.charCodeAt(next + 1) === Ch.SLASH || s.charCodeAt(next + 1) === Ch.STAR);
  if (next < e.end && !comment && after !== Ch.COMMA && after !== Ch.RBRACE && after !== Ch.RBRACKET && after !== Ch.RPAREN && after !== Ch.LF && after !== Ch.CR) return false;
  const text = s.slice(start, i);
  e.record('regex_literal', start, `quoted the regular expression ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`);
  if (e.options.wantEdits) e.edit(start, i - start, JSON.stringify(text));
  e.pos = i;
  e.sink.scalar(text);
  e.afterValue();
  return true;
}

/** `ObjectId("…")`, `NumberLong(2)`, `new Date(…)`, `callback({…})`: keep the argument(s). */
export function wrapperFollows(e: Engine, start: number, i: number, word: string): boolean {
  const s = e.buf;
  let j = i;
  if (word === 'new') {
    j = peekSignificant(e, j);
    const nameStart = j;
    while (j < e.end && (isWordPart(s.charCodeAt(j)) || s.charCodeAt(j) === Ch.DOT)) j++;
    if (j === nameStart) return false;
  }
  j = peekSignificant(e, j);
  if (j >= e.end || s.charCodeAt(j) !== Ch.LPAREN) return false;
  // `{test: aga()in}`, `f(x)y`: a word glued to the call's `)` makes it one word with parentheses in
  // it. Read as a call or a wrapper, the word after the `)` became a made-up key (`"y": null`).
  if (wordGluedAfterCall(e, j)) return false;
  if (blockAfterCall(e, j)) return false;
  if (callArgumentsAt(e, j + 1)) {
    // `get_weather(city="Paris, FR", days=3)`, `get_date()`: a call, not a constructor around a value
    // (tool calls written as Python, vLLM #22917). Its arguments' names are data, and so is its own:
    // the value is the call's text, as written.
    const end = callEnd(e, j);
    if (end > 0) {
      const text = s.slice(start, end);
      e.record('unquoted_string', start, `quoted the function call ${s.slice(start, j)}(…)`);
      if (e.options.wantEdits) e.edit(start, end - start, JSON.stringify(text));
      e.pos = end;
      e.sink.scalar(text);
      e.afterValue();
      return true;
    }
  }
  e.record('function_wrapper', start, `removed the wrapper ${s.slice(start, j)}(…)`);
  e.wrapperArgs.push(0);
  e.wrapperOpenEdit.push(e.edits.length);
  e.edit(start, j + 1 - start, '[');
  e.pos = j;
  open(e, Kind.WRAPPER);
  return true;
}

/**
 * `if (x) { y(); }`, `while (n) {`, `function f(a) {`: a block after the call's `)` makes it code, not
 * a constructor around a value; unwrapped, `if` was dropped and the block made up members (`{"y();":
 * null}`). Read as text instead. Waits while the text so far cannot tell.
 */
function blockAfterCall(e: Engine, open: number): boolean {
  const end = callEnd(e, open, Math.min(e.end, open + LOOKAHEAD));
  if (end < 0) return false;
  const k = lineSpaceEnd(e, end);
  return k < e.end && e.buf.charCodeAt(k) === Ch.LBRACE;
}

/** Whether a keyword argument (`name=`, not `==`) or the call's `)` comes at `k` (past white space), right after its `(`. */
function callArgumentsAt(e: Engine, k: number): boolean {
  const s = e.buf;
  k = peekSignificant(e, k);
  if (k < e.end && s.charCodeAt(k) === Ch.RPAREN) return true;
  if (k >= e.end || !isWordStart(s.charCodeAt(k))) return false;
  const limit = Math.min(e.end, k + LOOKAHEAD);
  while (k < limit && isWordPart(s.charCodeAt(k))) k++;
  k = peekSignificant(e, k);
  if (k + 1 >= e.end && !e.final) throw NEED_MORE;
  return s.charCodeAt(k) === Ch.EQ && s.charCodeAt(k + 1) !== Ch.EQ;
}

/**
 * Whether the call whose `(` is at `open` closes within LOOKAHEAD, holding no string, with a word glued
 * to its `)` (see wrapperFollows). Waits while the text so far cannot tell.
 */
function wordGluedAfterCall(e: Engine, open: number): boolean {
  const end = callEnd(e, open, Math.min(e.end, open + LOOKAHEAD), false);
  if (end < 0) return false;
  if (end >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  return isWordPart(e.buf.charCodeAt(end));
}

/**
 * The offset after the `)` that closes the call whose `(` is at `open` (nested brackets skipped, and
 * quoted strings when `strings` is true), or -1 when another bracket closes it, a quote comes and
 * `strings` is false, or `limit` comes first. NEED_MORE when the text so far ends before it closes and
 * more may come (a long call is read again only once the text doubles: see Engine.retryAt).
 */
function callEnd(e: Engine, open: number, limit = e.end, strings = true): number {
  const s = e.buf;
  let depth = 0;
  for (let k = open; k < limit; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.DQUOTE || c === Ch.SQUOTE) {
      if (!strings) return -1;
      k++;
      while (k < limit && s.charCodeAt(k) !== c) k += s.charCodeAt(k) === Ch.BACKSLASH ? 2 : 1;
    } else if (c === Ch.LPAREN || c === Ch.LBRACKET || c === Ch.LBRACE) {
      depth++;
    } else if ((c === Ch.RPAREN || c === Ch.RBRACKET || c === Ch.RBRACE) && --depth === 0) {
      return c === Ch.RPAREN ? k + 1 : -1;
    }
  }
  if (limit >= e.end && !e.final) throw NEED_MORE;
  return -1;
}

/**
 * End of an unquoted token from `pos` to the first stop character, trailing spaces excluded. A
 * value stops at `,`, a closer or a line break; a key also at `:`, `=` and `"`.
 */
export function unquotedEnd(e: Engine, isKey: boolean): number {
  return isKey ? unquotedKeyEnd(e) : unquotedValueEnd(e);
}

function unquotedKeyEnd(e: Engine): number {
  const s = e.buf;
  let i = e.pos;
  let last = i;
  if (e.base + i === e.keyWordAt) {
    // Seen by unquotedKeyAt: word characters, `-` and spaces up to the `:`, which is where the loop
    // below would stop too; only the spaces before the colon are not part of the name.
    last = e.keyWordEnd - e.base;
    while (last > i && s.charCodeAt(last - 1) === Ch.SPACE) last--;
    return last;
  }
  // `{items[0]: 1}` keeps its brackets; a `]` that no `[` of the name opened closes the array around
  // the object (`[{, 0, 1]`, the object's `}` lost).
  let bracket = false;
  for (; i < e.end; i++) {
    const c = s.charCodeAt(i);
    // The usual character of a name (`-./`, digits, `>` to `|`, and beyond ASCII) is none of the
    // stops below and no JSON space: one range test instead of ten.
    if ((c > Ch.EQ && c !== Ch.RBRACE && c !== Ch.FULLWIDTH_COLON) || (c >= Ch.MINUS && c <= Ch.NINE)) {
      if (c === Ch.LBRACKET) bracket = true;
      else if (c === Ch.RBRACKET && !bracket) break;
      last = i + 1;
      continue;
    }
    if (c === Ch.COMMA || c === Ch.RBRACE || c === Ch.LF || c === Ch.COLON || c === Ch.DQUOTE || c === Ch.EQ || c === Ch.FULLWIDTH_COLON) break;
    if (c === Ch.SPACE) {
      // `{a 'b'}`, `{a {"b": 1}}`: after the key and a space, a quote or an opener starts the value
      // (the colon is missing).
      const d = s.charCodeAt(i + 1);
      if (d === Ch.SQUOTE || d === Ch.BACKTICK || d === Ch.LBRACE || d === Ch.LBRACKET || isQuoteLike(d)) break;
      // `{a True}`, `{age 30,`: a literal or a number that ends the member is the value.
      if ((isWordStart(d) || isDigit(d) || d === Ch.MINUS) && scalarEndsMember(e, i + 1)) break;
      continue;
    }
    if (!isJsonSpace(c)) last = i + 1;
  }
  if (i >= e.end && !e.final) throw NEED_MORE;
  return last;
}

/**
 * Where the word at `k` ends (a key's length at most, KEY_WORD_LOOK): -1 when it runs on past that
 * or to the text's end. Waits while the word may go on.
 */
function shortWordEnd(e: Engine, k: number): number {
  const limit = Math.min(e.end, k + KEY_WORD_LOOK);
  let j = k;
  while (j < limit && isWordPart(e.buf.charCodeAt(j))) j++;
  if (j >= e.end && !e.final) throw NEED_MORE;
  return j >= limit ? -1 : j;
}

/**
 * `k: 1`, `k: 'x'`, `k: [`: an identifier, a colon right after it, then a value that is no text (a
 * quote, an opener, a number, or a literal that ends the member). `Step 1: do it` and `Note: see
 * below` are text.
 */
export function identifierKeyAt(e: Engine, k: number): boolean {
  const s = e.buf;
  const j = shortWordEnd(e, k);
  if (j < 0 || s.charCodeAt(j) !== Ch.COLON) return false;
  const v = peekSignificant(e, j + 1);
  if (v >= e.end) return false;
  const c = s.charCodeAt(v);
  if (c === Ch.DQUOTE || c === Ch.SQUOTE || c === Ch.LBRACE || c === Ch.LBRACKET) return true;
  return (isWordStart(c) || isDigit(c) || c === Ch.MINUS) && scalarEndsMember(e, v, true);
}

/**
 * Whether at `k` members as code writes them (an identifier, a colon right after it, a value that is
 * no text: a literal, a number, a string on its line, a container) run to a `}` that cannot end the
 * object they stand in (see readUnquotedValue): the `}`s after it close more than the objects open
 * around it (`{k: u: None}}`, `[{k: u: None}}]`, `{a: {k: u: None}}}`), or, when no object holds
 * that object, a comma and another key follow it (`{k: u: None}, j: 2}`). Else the `}` may be the
 * object's own (`{"x": {"a": b: 1}, "y": 2}`), and the value stays text. Looks at most LOOKAHEAD
 * characters.
 */
function nestedMemberEndsObject(e: Engine, k: number): boolean {
  const depth = e.kinds.length;
  const s = e.buf;
  // How far the look goes; where the buffer ends before that, it waits for more text.
  const far = k + LOOKAHEAD;
  for (;;) {
    let j = k;
    while (j < e.end && j < far && isWordPart(s.charCodeAt(j))) j++;
    if (j >= e.end && !e.final) throw NEED_MORE;
    if (j === k || j >= far || j >= e.end || s.charCodeAt(j) !== Ch.COLON) return false;
    const v = peekSignificant(e, j + 1);
    if (v >= far || v >= e.end) return false;
    const t = valueEnd(e, v);
    if (t < 0 || t >= far) return false;
    const d = peekSignificant(e, t);
    if (d >= far || d >= e.end) return false;
    if (s.charCodeAt(d) === Ch.RBRACE) return closersOverrun(e, d, depth, far);
    if (s.charCodeAt(d) !== Ch.COMMA) return false;
    k = peekSignificant(e, d + 1);
    if (k >= far || k >= e.end || !isWordStart(s.charCodeAt(k))) return false;
  }
}

/**
 * Whether the `}` at `d` (closing the nested object whose `{` was lost) and the `}`s right after it
 * close more than the objects open (`depth` of them, innermost last): one meets an array or the top.
 * Or, with no object around the open one, a comma and a key come after the first `}`.
 */
function closersOverrun(e: Engine, d: number, depth: number, far: number): boolean {
  const s = e.buf;
  let level = depth - 1;
  let after = peekSignificant(e, d + 1);
  while (after < e.end && after < far && s.charCodeAt(after) === Ch.RBRACE) {
    if (level === 0 || e.kinds[level - 1] !== Kind.OBJECT) return true;
    level--;
    after = peekSignificant(e, after + 1);
  }
  if (level !== depth - 1 || (depth >= 2 && e.kinds[depth - 2] === Kind.OBJECT)) return false;
  if (after >= e.end || s.charCodeAt(after) !== Ch.COMMA) return false;
  const next = peekSignificant(e, after + 1);
  return next < e.end && keyStartsAt(e, next);
}

/**
 * Whether a literal (`True`, `null`, …) or a number at `k` is followed, on its line, by the end of the
 * member (`,` `}` or, unless `delimited`, the line's end). `inText`: a number ending in a full stop
 * (`frag 3.`) ends a sentence, not a member. Waits while the text so far cannot tell.
 */
export function scalarEndsMember(e: Engine, k: number, inArray = false, delimited = false, inText = false): boolean {
  const s = e.buf;
  const limit = Math.min(e.end, k + KEY_WORD_LOOK);
  const word = isWordStart(s.charCodeAt(k));
  let j = k;
  while (j < limit && (word ? isWordPart(s.charCodeAt(j)) : isNumberPart(s.charCodeAt(j)))) j++;
  const token = j;
  while (j < limit && (s.charCodeAt(j) === Ch.SPACE || s.charCodeAt(j) === Ch.TAB)) j++;
  if (j >= e.end && !e.final) throw NEED_MORE;
  if (j >= limit && j < e.end) return false;
  const d = j < e.end ? s.charCodeAt(j) : Ch.LF;
  if (d !== Ch.COMMA && d !== Ch.RBRACE && (delimited || (d !== Ch.LF && d !== Ch.CR)) && !(inArray && d === Ch.RBRACKET)) return false;
  // In text, `frag 3.` ends a sentence: a number's trailing full stop is the text's.
  return word ? isLiteralWord(s.slice(k, token)) : !(inText && s.charCodeAt(token - 1) === Ch.DOT);
}

/** How far scalarEndsMember looks: a literal or a number and the spaces after it. */
const KEY_WORD_LOOK = 40;

function unquotedValueEnd(e: Engine): number {
  const s = e.buf;
  const closesParen = e.openParens > 0;
  let i = e.pos;
  let last = i;
  const prose = e.top() === Kind.OBJECT && isTextStart(s.charCodeAt(i));
  // `{text: words{in braces}}`: a value's own `{` (or `[`) is closed by the next `}` (or `]`), text too.
  let braces = 0;
  let brackets = 0;
  for (; i < e.end; i++) {
    const c = s.charCodeAt(i);
    if (c === Ch.COMMA ? !thousandsComma(e, i) && !(prose && textGoesOn(e, i)) : c === Ch.LF || c === Ch.CR) break;
    if (c === Ch.RBRACE || c === Ch.RBRACKET) {
      if (c === Ch.RBRACE ? braces === 0 : brackets === 0) break;
      if (c === Ch.RBRACE) braces--;
      else brackets--;
    } else if (c === Ch.LBRACE) {
      braces++;
    } else if (c === Ch.LBRACKET) {
      brackets++;
    } else if (c === Ch.DQUOTE) {
      // `{"key": value "key2": …}`: the next member's quoted key ends the value.
      // (An escaped `\"` is the value's text: `returns {\"ok\": true}`.)
      if (i > e.pos && e.top() === Kind.OBJECT && s.charCodeAt(i - 1) !== Ch.BACKSLASH && quotedKeyAt(e, i)) break;
    } else if (c === Ch.RPAREN && closesParen) {
      break;
    } else if (c === Ch.FULLWIDTH_COMMA && e.top() === Kind.OBJECT && keyAfterFullwidthComma(e, i)) {
      // `{"a": 张三，"b": 2}`: a full-width comma before the next member's key ends the value.
      break;
    }
    if (!isJsonSpace(c)) last = i + 1;
  }
  if (i >= e.end && !e.final) throw NEED_MORE;
  return last;
}

/** A character an object's unquoted text value starts with: a letter, or markdown's `*` (`**Note**`). */
function isTextStart(c: number): boolean {
  return isWordStart(c) || c === Ch.STAR;
}

/**
 * Whether the text of an object's unquoted value goes on past the comma at `i`: a word follows on
 * the comma's line that starts no member (`{"b": Red, green and blue}`, `{text: Hello, world}`).
 * Ended there, the words after it became a made-up key (`"green and blue": null`). A key (`b:`, or
 * one with spaces or marks: `Price (USD):`, `y.z:`, `b=1`), a literal, a quote or an opener after
 * the comma ends the value, and so does a member whose colon was lost (`age 30`) when its end shows
 * it is one (see memberEndFollows): `Frag 4, Frag 5.` is text.
 */
export function textGoesOn(e: Engine, i: number): boolean {
  const s = e.buf;
  const n = lineSpaceEnd(e, i + 1);
  if (n >= e.end) return false;
  if (!isWordStart(s.charCodeAt(n))) return false;
  // `see docs, https://x.com`, `Thanks, see https://x.com`: a link is text, though its scheme reads as a key.
  if (linkAhead(e, n)) return true;
  // A literal that ends the member (`{a: x, true}`) is no text either.
  if (scalarEndsMember(e, n) || keyStartsAt(e, n) || namedKeyAt(e, n)) return false;
  return !colonLostAt(e, n, true) || !memberEndFollows(e, n);
}

/**
 * `y.z: 1`, `b[0]: 1`, `b/c: 1`, `b=1`: a name with the marks paths and indexes write, and no space,
 * then a colon or `=` — a key as code writes one, which keyStartsAt's plain word does not cover.
 */
export function pathKeyAt(e: Engine, k: number): boolean {
  const s = e.buf;
  const limit = Math.min(e.end, k + KEY_MAX);
  let j = k;
  while (j < limit) {
    const c = s.charCodeAt(j);
    if (!(isWordPart(c) || c === Ch.DOT || c === Ch.MINUS || c === Ch.SLASH || c === Ch.LBRACKET || c === Ch.RBRACKET)) break;
    j++;
  }
  while (j < limit && (s.charCodeAt(j) === Ch.SPACE || s.charCodeAt(j) === Ch.TAB)) j++;
  if (j >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  const c = s.charCodeAt(j);
  return (c === Ch.COLON && !colonOfLink(e, j)) || (c === Ch.EQ && s.charCodeAt(j + 1) !== Ch.EQ);
}

/** Whether the colon at `j` starts a link's `//` (`https://…`): text, not a key's colon. */
function colonOfLink(e: Engine, j: number): boolean {
  if (j + 2 >= e.end && !e.final) throw NEED_MORE;
  return e.buf.charCodeAt(j + 1) === Ch.SLASH && e.buf.charCodeAt(j + 2) === Ch.SLASH;
}

/**
 * The first `:`, `：` or `=` on the line from `k`, before a comma, brace, quote or line break and
 * within a key's length: where a key there would end; -1 for none. Waits while the text may bring it.
 */
function keyMarkAt(e: Engine, k: number): number {
  const s = e.buf;
  const limit = Math.min(e.end, k + KEY_MAX);
  for (let j = k; j < limit; j++) {
    const c = s.charCodeAt(j);
    if (c === Ch.COLON || c === Ch.FULLWIDTH_COLON || c === Ch.EQ) return j;
    if (c === Ch.COMMA || c === Ch.RBRACE || c === Ch.LBRACE || c === Ch.DQUOTE || c === Ch.LF || c === Ch.CR) return -1;
  }
  if (limit === e.end && !e.final) throw NEED_MORE;
  return -1;
}

/** Whether a link is the first thing with a colon on the line from `k` (`see https://x.com`). */
function linkAhead(e: Engine, k: number): boolean {
  const j = keyMarkAt(e, k);
  return j >= 0 && e.buf.charCodeAt(j) === Ch.COLON && colonOfLink(e, j);
}

/**
 * A key as unquotedKeyEnd reads one, which keyStartsAt's plain word does not cover: a name with
 * spaces or marks (`Price (USD):`, `Author's note:`, `Item #1:`, `Mr. Smith:`, `y.z:`, `b[0]:`), up
 * to a colon on its line that starts no link (`https://…` is text), or a path's `b=1` (no space before
 * the `=`). Read as the value's text, such a member was lost in it (`{a: Good, Price (USD): 12}` →
 * `"Good, Price (USD): 12"`). Words the text ends inside are no key: kept as the value's text (cut
 * off), not dropped as a key cut off.
 */
export function namedKeyAt(e: Engine, k: number): boolean {
  const s = e.buf;
  const j = keyMarkAt(e, k);
  if (j < 0) return false;
  const c = s.charCodeAt(j);
  if (c === Ch.FULLWIDTH_COLON) return true;
  if (c === Ch.COLON) return !colonOfLink(e, j);
  if (j + 1 >= e.end && !e.final) throw NEED_MORE;
  for (let x = k; x < j; x++) if (s.charCodeAt(x) === Ch.SPACE || s.charCodeAt(x) === Ch.TAB) return false;
  return s.charCodeAt(j + 1) !== Ch.EQ;
}

/**
 * Whether what follows the member whose colon was lost at `k` (`b 30`) shows it is one: the object's
 * `}`, the line's end, or a comma and then a key. `Frag 4, Frag 5, Frag 6.` is text.
 */
function memberEndFollows(e: Engine, k: number): boolean {
  const s = e.buf;
  const limit = Math.min(e.end, k + LOOKAHEAD);
  for (; k < limit; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.RBRACE || c === Ch.LF || c === Ch.CR) return true;
    if (c !== Ch.COMMA) continue;
    const n = scanSignificant(e, k + 1);
    if (n >= e.end) {
      if (!e.final) throw NEED_MORE;
      return true;
    }
    // The object's end, a key, or another member whose colon was lost (`age 36, height 170}`).
    return s.charCodeAt(n) === Ch.RBRACE || keyStartsAt(e, n) || namedKeyAt(e, n) || (isWordStart(s.charCodeAt(n)) && colonLostAt(e, n, true));
  }
  if (k >= e.end && !e.final) throw NEED_MORE;
  return true;
}

/**
 * Whether the comma at `i`, in an unquoted value of an object, separates thousands (`$1,299.99`,
 * `€12,000`): a digit before it, exactly three after it, and no colon (`x1,234: 5` is a member). In
 * an array it ends an element. Waits for more text rather than guess.
 */
function thousandsComma(e: Engine, i: number): boolean {
  const s = e.buf;
  if (!isDigit(s.charCodeAt(i - 1)) || e.top() !== Kind.OBJECT) return false;
  if (i + 4 >= e.end && !e.final) throw NEED_MORE;
  const after = s.charCodeAt(i + 4);
  return isDigit(s.charCodeAt(i + 1)) && isDigit(s.charCodeAt(i + 2)) && isDigit(s.charCodeAt(i + 3)) && !isDigit(after) && after !== Ch.COLON;
}

/**
 * A value without quotes: read to the next `,`, closer or line end, and trim. `kind` names what it
 * was (a number-like token that is not a number reads the same way). `looked`: readWord has seen
 * that no closing quote makes it a string that lost its opening one (see lostOpeningQuote).
 */
export function readUnquotedValue(e: Engine, kind: 'unquoted_string' | 'number_like_text' = 'unquoted_string', looked = false): void {
  const start = e.pos;
  if (!looked && lostOpeningQuote(e, start)) {
    // `{"a": Line one\nLine two", …}`: a string whose closing quote shows it lost its opening one.
    startString(e, Quote.DOUBLE, false, true);
    return;
  }
  if (e.top() === Kind.ARRAY && kind === 'unquoted_string' && identifierKeyAt(e, start)) {
    // `[1, k: True}]`: a key and its value in an array: its object's `{` was lost (or the array's
    // `]`, before its object's next key); read as text, the member would be a string.
    placeKeyInArray(e, start, e.edits.length);
    e.state = State.KEY;
    return;
  }
  if (e.top() === Kind.OBJECT && lineBreakBefore(e, start)) {
    const deeper = opensLostObject(e, indentAt(e, start));
    if (!deeper && unquotedKeyAt(e, start)) {
      // `{"age":⏎  city: Paris}`: a word and a colon on the line after a key's colon, no deeper than
      // that key, is the next member's key; the key before it had no value.
      missingValueBeforeKey(e, start);
      return;
    }
    if (deeper && kind === 'unquoted_string' && identifierKeyAt(e, start)) {
      // `k:⏎    u: None,⏎  },`: deeper, an identifier, a colon and a value that is no text (a literal,
      // a number, a quote or an opener) is the first key of the value's object, whose `{` was lost.
      // (Before text, `Note: see below`, the word and its colon are the value's own text.)
      openMissingObject(e, start, e.edits.length);
      e.state = State.KEY;
      return;
    }
  }
  if (e.top() === Kind.OBJECT && kind === 'unquoted_string' && nestedMemberEndsObject(e, start)) {
    // `{k: u: None}, j: 2}`, `{k: u: None, v: 1}}`: an identifier, a colon and a value that is no
    // text, then a `}` that does not end the object: the first key of the value's object, its `{`
    // lost on the key's line. Read as text, `None` would stay a word, and the `}` would end the
    // object early.
    openMissingObject(e, start, e.edits.length, 'inserted the "{" of a value whose member and "}" follow its key');
    e.state = State.KEY;
    return;
  }
  let last = unquotedEnd(e, false);
  const lines = kind === 'unquoted_string' ? valueLinesEnd(e, start, last) : -1;
  if (lines > 0) last = lines;
  let text = e.buf.slice(start, last);
  const quote = e.top() === Kind.OBJECT && e.buf.charCodeAt(last) === Ch.COMMA && !text.includes('"') ? quoteEndingLine(e, last + 1) : -1;
  if (quote >= 0) {
    // `"d": The cat, the dog.",⏎`: a sentence whose opening quote was lost runs to its closing one.
    last = quote + 1;
    text = e.buf.slice(start, quote);
    e.record('missing_start_quote', start, 'inserted the missing opening quote');
  } else if (text.length > 1 && text.charCodeAt(text.length - 1) === Ch.DQUOTE && quotesIn(text, 0, text.length) % 2 === 1) {
    // `[a","b"]`, `{"a": say "hi"⏎then go", …}`: the value's closing quote is there (its last, and
    // not the end of words it quoted), its opening one is missing.
    text = text.slice(0, -1);
    e.record('missing_start_quote', start, 'inserted the missing opening quote');
  } else {
    // `{"keywords": keywords}`: code that builds the value from a variable, its name written where
    // the data goes. Read as text, it became data that looks real (`["keywords"]` for a list).
    if (kind === 'unquoted_string' && e.top() === Kind.OBJECT && text === e.keyName && isIdentifier(text)) {
      throw e.fail('UNREPAIRABLE', `the value of "${text}" is the name of a variable, not data: the reply is code`, start);
    }
    const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
    // A value that goes on over lines (see continuedLines) is named on one.
    e.record(kind, start, `quoted ${lines > 0 ? shown.replace(/[\r\n]\s*/g, ' ') : shown}`);
  }
  if (e.options.wantEdits) e.edit(start, last - start, JSON.stringify(text));
  e.pos = last;
  e.sink.scalar(text);
  e.afterValue();
}

/** How far the lines that go on an unquoted value are read for the end that shows they do. */
const CONTINUED_LIMIT = 4 * LOOKAHEAD;

/**
 * `b: hey world lets do⏎    so that we can test this out,⏎    res: [hello]`, `{a: one two⏎three, b: 1}`:
 * an object's unquoted value whose text goes on over the next lines — lines of words with no colon
 * or bracket (words quoted on their line, and commas the text goes on past, see textGoesOn, are
 * text), the last ending at a `,` before the next key, at the object's `}`, or before a line that
 * starts the next key. Read to its first line's end, the rest became a made-up key (`three: null`),
 * or prose set aside with every member after it. `i` is the line break after the value's first line;
 * `paired`: the quotes on that line pair up (words quoted in the text). Returns the value's new end,
 * or -1 (no such end within CONTINUED_LIMIT). Waits while the text so far cannot tell.
 */
function continuedLines(e: Engine, i: number, paired: boolean): number {
  const s = e.buf;
  if (i >= e.end || (s.charCodeAt(i) !== Ch.LF && s.charCodeAt(i) !== Ch.CR)) return -1;
  const limit = Math.min(e.end, i + CONTINUED_LIMIT);
  let last = -1;
  for (let k = i; k < limit; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.LF || c === Ch.CR) {
      // A line of the value starts with a word or a number, after its indentation.
      k = lineSpaceEnd(e, k + 1);
      while (k < limit && isJsonSpace(s.charCodeAt(k))) k++;
      if (k >= limit) break;
      const d = s.charCodeAt(k);
      // The object's `}` or the comma before the next key, on a line of its own, ends the value, and
      // so does the next key (its comma lost, as in `{a: x⏎  y⏎b: 2}`).
      if (d === Ch.RBRACE || d === Ch.COMMA) k--;
      // The next key, or one whose colon was lost before its value (`age 30`), ends the value.
      else if (keyStartsAt(e, k) || (isWordStart(d) && colonLostAt(e, k, true) && !textAfterCommaOnLine(e, k))) return last;
      else if (!isWordStart(d) && !isDigit(d)) return -1;
      else last = k + 1;
      continue;
    }
    if (c === Ch.DQUOTE) {
      // `{"a": The cat⏎sat.", "b": 1}`: the value's first quote, where a string's closing quote goes
      // (see closesValueAt): the value lost its opening quote, and its text runs to here. Read to
      // its first line's end, the next line became a made-up key (`sat.": ""`) or prose set aside.
      if (paired && closesValueAt(e, k)) return k + 1;
      // `Then I would quote "like this" or this.`: words quoted in the text, closed on their line and
      // followed by no colon (`"res": …` is a member).
      const close = quotedWordsEnd(e, k, limit);
      if (close < 0) return -1;
      k = close;
      last = k + 1;
      continue;
    }
    if (c === Ch.COLON || c === Ch.LBRACE || c === Ch.LBRACKET || c === Ch.RBRACKET) return -1;
    if (c === Ch.RBRACE) return last;
    if (c === Ch.COMMA) {
      if (textGoesOn(e, k)) continue;
      const n = scanSignificant(e, k + 1);
      if (n >= e.end) {
        if (!e.final) throw NEED_MORE;
        return -1;
      }
      return s.charCodeAt(n) === Ch.RBRACE || keyStartsAt(e, n) ? last : -1;
    }
    if (!isJsonSpace(c)) last = k + 1;
  }
  if (limit === e.end && !e.final) throw NEED_MORE;
  return -1;
}

/**
 * Whether the line from `k` holds a comma that text goes on past (`Frag 2, frag 3.`): a line of
 * prose, not a member whose colon was lost (`age 30,`).
 */
function textAfterCommaOnLine(e: Engine, k: number): boolean {
  const s = e.buf;
  const limit = Math.min(e.end, k + LOOKAHEAD);
  for (; k < limit; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.LF || c === Ch.CR) return false;
    if (c === Ch.COMMA) return textGoesOn(e, k);
  }
  if (k >= e.end && !e.final) throw NEED_MORE;
  return false;
}

/** The closing `"` of words quoted at `k` on one line, followed by no colon; -1 when there is none before `limit`. */
function quotedWordsEnd(e: Engine, k: number, limit: number): number {
  const s = e.buf;
  for (let j = k + 1; j < limit; j++) {
    const c = s.charCodeAt(j);
    if (c === Ch.LF || c === Ch.CR) return -1;
    if (c !== Ch.DQUOTE) continue;
    const n = scanSignificant(e, j + 1);
    if (n >= e.end && !e.final) throw NEED_MORE;
    return j === k + 1 || (n < e.end && s.charCodeAt(n) === Ch.COLON) ? -1 : j;
  }
  if (limit === e.end && !e.final) throw NEED_MORE;
  return -1;
}

/**
 * `age 30`, `tags ["a"]` on a line: a word, one space, then a number or literal that ends the member
 * (at `,`, `}` or the line's end), a quote or an opener — a member whose colon was lost, not text.
 */
export function colonLostAt(e: Engine, k: number, inText = false): boolean {
  const s = e.buf;
  const w = shortWordEnd(e, k);
  if (w < 0 || s.charCodeAt(w) !== Ch.SPACE) return false;
  if (w + 1 >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  const c = s.charCodeAt(w + 1);
  if (c === Ch.DQUOTE || c === Ch.SQUOTE || c === Ch.LBRACE || c === Ch.LBRACKET) return true;
  return (isDigit(c) || c === Ch.MINUS || isWordStart(c)) && scalarEndsMember(e, w + 1, false, false, inText);
}

/**
 * The `"` that ends the line from `i` as a string's closer would — followed by `}` `]`, the line's
 * end, or a comma and then the line's end, a quote, `}` or `]` — with only text before it: no
 * quote, colon or bracket, so no member or container is swallowed. -1 when there is none within
 * LOOKAHEAD.
 */
function quoteEndingLine(e: Engine, i: number): number {
  const s = e.buf;
  const limit = Math.min(e.end, i + LOOKAHEAD);
  for (; i < limit; i++) {
    const c = s.charCodeAt(i);
    if (c === Ch.DQUOTE) break;
    if (c === Ch.LF || c === Ch.CR || c === Ch.COLON || c === Ch.LBRACE || c === Ch.RBRACE || c === Ch.LBRACKET || c === Ch.RBRACKET) return -1;
  }
  if (i >= limit) {
    if (limit === e.end && !e.final) throw NEED_MORE;
    return -1;
  }
  return closesValueAt(e, i) ? i : -1;
}

/**
 * Where an unquoted value whose first line runs from `start` to `last` ends when it goes on over
 * lines (see continuedLines), or -1. In an array, lines are elements that lost their commas
 * (`[⏎  apple⏎  banana⏎]`), unless a closing quote, their only one, ends them (`[a⏎b"]`: one string
 * that lost its opening quote) on lines not indented as the first one (`[⏎  apple⏎  banana"⏎]`
 * stays two).
 */
function valueLinesEnd(e: Engine, start: number, last: number): number {
  const top = e.top();
  if (top !== Kind.OBJECT && top !== Kind.ARRAY) return -1;
  const end = continuedLines(e, lineSpaceEnd(e, last), quotesIn(e.buf, start, last) % 2 === 0);
  if (top === Kind.OBJECT || end < 0) return end;
  if (e.buf.charCodeAt(end - 1) !== Ch.DQUOTE || quotesIn(e.buf, start, end) !== 1) return -1;
  return lineBreakBefore(e, start) && indentAt(e, lineSpaceEnd(e, lineSpaceEnd(e, last) + 1)) === indentAt(e, start) ? -1 : end;
}

/** How many `"` are in `s` from `from` to `to`. */
function quotesIn(s: string, from: number, to: number): number {
  let n = 0;
  for (let k = from; k < to; k++) if (s.charCodeAt(k) === Ch.DQUOTE) n++;
  return n;
}

/**
 * Whether the `"` at `quote` is where a value's closing quote goes: followed, on its line, by `}`,
 * `]` or the line's end, or by a comma and then the line's end, the next key's quote, or the closer
 * after a trailing comma (`datum.",}`) — in an array, or the next element (`[a⏎b", 2]`).
 */
function closesValueAt(e: Engine, quote: number): boolean {
  const s = e.buf;
  let j = lineSpaceEnd(e, quote + 1);
  let c = s.charCodeAt(j);
  if (c === Ch.COMMA) {
    j = lineSpaceEnd(e, j + 1);
    c = s.charCodeAt(j);
    if (e.top() === Kind.ARRAY && j < e.end && (isDigit(c) || c === Ch.MINUS || c === Ch.LBRACE || c === Ch.LBRACKET || c === Ch.SQUOTE || isWordStart(c))) return true;
    return j >= e.end || c === Ch.LF || c === Ch.CR || c === Ch.DQUOTE || c === Ch.RBRACE || c === Ch.RBRACKET;
  }
  return j >= e.end || c === Ch.LF || c === Ch.CR || c === Ch.RBRACE || c === Ch.RBRACKET;
}

/** Whether a `"key":` starts at `i` (or `'key':`, for `quote`; its closing quote within LOOKAHEAD, on the same line). */
export function quotedKeyAt(e: Engine, i: number, quote: number = Ch.DQUOTE): boolean {
  const s = e.buf;
  if (i >= e.end || s.charCodeAt(i) !== quote) return false;
  const limit = Math.min(e.end, i + 1 + LOOKAHEAD);
  let k = i + 1;
  while (k < limit && s.charCodeAt(k) !== quote && s.charCodeAt(k) !== Ch.LF) k++;
  if (k >= e.end && !e.final) throw NEED_MORE;
  return k < limit && s.charCodeAt(k) === quote && colonAfter(e, k + 1);
}

/** A list's item marks: `-`, `*`, `•`. */
export const LIST_MARKS: ReadonlySet<number> = new Set([Ch.MINUS, Ch.STAR, 0x2022]);
/** Marks written before a key that no JSON reading gives a place: an `=`, a list's bullet. */
const STRAY_MARKS: ReadonlySet<number> = new Set([Ch.EQ, Ch.PLUS, Ch.GT, ...LIST_MARKS]);

/**
 * `="mentions": [` (obsidian-llm-wiki #682), `* "b": 2`, `- "b": 2`: a stray mark where a key belongs,
 * before a quoted key and its colon, is dropped (`stray_word`). False, with nothing read, otherwise.
 */
export function strayMarkBeforeKey(e: Engine, c: number): boolean {
  if (!STRAY_MARKS.has(c)) return false;
  const j = peekSignificant(e, e.pos + 1);
  if (j >= e.end || !quotedKeyAt(e, j)) return false;
  e.record('stray_word', e.pos, `removed ${String.fromCharCode(c)} before a key`);
  e.edit(e.pos, j - e.pos, '');
  e.pos = j;
  return true;
}

/** Whether `name` holds a `!` or `?` that a space and more words follow: a sentence ended inside it. */
function endsSentenceWithin(name: string): boolean {
  for (let k = 0; k + 2 < name.length; k++) {
    const c = name.charCodeAt(k);
    if ((c === Ch.BANG || c === Ch.QUESTION) && name.charCodeAt(k + 1) === Ch.SPACE) return true;
  }
  return false;
}

/** A key without quotes: everything up to the colon on the same line. */
export function readUnquotedKey(e: Engine): void {
  const start = e.pos;
  let last = unquotedEnd(e, true);
  // `{b': 1}`: as below, the closing quote single (an unquoted key reads on through one: `don't`).
  if (last - 1 > start && e.buf.charCodeAt(last - 1) === Ch.SQUOTE && e.buf.indexOf("'", start) === last - 1 && colonAfter(e, last)) last--;
  const name = e.buf.slice(start, last);
  if (last > start && e.buf.charCodeAt(last) !== Ch.DQUOTE && last < e.end && quotedKeyAt(e, peekSignificant(e, last))) {
    // `{"a": 1, COMMENT "b": 2}`: a stray word before the real key.
    e.record('stray_word', start, `removed ${name.length > 40 ? `${name.slice(0, 40)}…` : name}`);
    e.edit(start, last - start, '');
    e.pos = last;
    return;
  }
  // `{Hey, thanks for login! How can I help? :D}` (letta #278): a sentence in braces is no key; read
  // as one it made up members (`{"Hey": null, "thanks for login! How can I help?": "D"}`).
  if (endsSentenceWithin(name)) throw e.fail('UNREPAIRABLE', `prose in braces, not a key: ${name.length > 40 ? `${name.slice(0, 40)}…` : name}`, start);
  // `{a":"foo"}`: the key's closing quote is there, its opening one is missing.
  const closed = (e.buf.charCodeAt(last) === Ch.DQUOTE || e.buf.charCodeAt(last) === Ch.SQUOTE) && colonAfter(e, last + 1);
  if (closed) e.record('missing_start_quote', start, 'inserted the missing opening quote');
  else if (e.recording) e.record('unquoted_key', start, `quoted key ${name}`);
  if (e.options.wantEdits) e.edit(start, last - start + (closed ? 1 : 0), JSON.stringify(name));
  e.pos = closed ? last + 1 : last;
  e.key(name, start);
  e.keyString = undefined;
  if (e.buf.charCodeAt(e.pos) === Ch.COLON && e.pos < e.end) {
    // The colon right after the name, the usual case: what stepColon would do in the next round.
    e.pos++;
    e.state = State.VALUE;
    return;
  }
  e.state = State.COLON;
}

/** As scanWordLimited, but returns `end` when the buffer runs out: the caller decides to wait. */
export function wordEnd(e: Engine, k: number): number {
  const s = e.buf;
  const limit = Math.min(e.end, k + LOOKAHEAD);
  while (k < limit && (isWordPart(s.charCodeAt(k)) || s.charCodeAt(k) === Ch.SPACE || s.charCodeAt(k) === Ch.MINUS)) k++;
  return k;
}

/** Offset after a word starting at `k`, looking at most LOOKAHEAD characters. */
export function scanWordLimited(e: Engine, k: number): number {
  k = wordEnd(e, k);
  if (k >= e.end && !e.final) throw NEED_MORE;
  return k;
}

/** Whether a word at `k` is followed by a colon, or `":` (decideClose's test), without waiting for more text. */
export function unquotedKeyAt(e: Engine, k: number): boolean {
  const word = wordEnd(e, k);
  let j = word;
  if (j < e.end && e.buf.charCodeAt(j) === Ch.DQUOTE) j++;
  j = scanSignificant(e, j);
  if (j >= e.end || (e.buf.charCodeAt(j) !== Ch.COLON && e.buf.charCodeAt(j) !== Ch.FULLWIDTH_COLON)) return false;
  if (j === word) {
    // The colon right after the word: unquotedKeyEnd need not read the word again (see keyWordAt).
    e.keyWordAt = e.base + k;
    e.keyWordEnd = e.base + j;
  }
  return true;
}

/**
 * Whether the next member's key follows the full-width comma at `j`: a quoted key (`"` or `'`, closed
 * on its line and followed by a colon) or a word and a colon. The comma then separates members.
 */
export function keyAfterFullwidthComma(e: Engine, j: number): boolean {
  const k = scanSignificant(e, j + 1);
  if (k >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  return keyStartsAt(e, k);
}

/**
 * Whether a member's key starts at `k`: a quoted key (`"` or `'`, closed on its line and followed by
 * a colon) or a word and a colon. Waits for the word and what follows it.
 */
export function keyStartsAt(e: Engine, k: number): boolean {
  const quote = e.buf.charCodeAt(k);
  if (quote === Ch.DQUOTE || quote === Ch.SQUOTE) return quotedKeyAt(e, k, quote);
  if (!isWordStart(quote)) return false;
  // unquotedKeyAt does not wait: the word and what follows it must have arrived.
  if (scanSignificant(e, scanWordLimited(e, k) + 1) >= e.end && !e.final) throw NEED_MORE;
  return unquotedKeyAt(e, k);
}

/** Literal words, their values, and the repair they need (undefined: plain JSON). */
const LITERALS: Record<string, [unknown, TextRepairKind | undefined, string]> = Object.assign(Object.create(null), {
  true: [true, undefined, ''],
  false: [false, undefined, ''],
  null: [null, undefined, ''],
  True: [true, 'python_literal', 'replaced True with true'],
  False: [false, 'python_literal', 'replaced False with false'],
  None: [null, 'python_literal', 'replaced None with null'],
  undefined: [null, 'undefined_literal', 'replaced undefined with null'],
  NaN: [null, 'non_finite_number', 'replaced NaN with null'],
  Infinity: [null, 'non_finite_number', 'replaced Infinity with null'],
  // Python's repr of float('nan') and float('inf') (a pandas record printed as a dict).
  nan: [null, 'non_finite_number', 'replaced nan with null'],
  inf: [null, 'non_finite_number', 'replaced inf with null'],
});

const CASED_LITERALS: Record<string, boolean | null> = Object.assign(Object.create(null), { true: true, false: false, null: null });

export function isLiteralWord(word: string): boolean {
  return LITERALS[word.trim()] !== undefined;
}

function completeLiteral(word: string): unknown {
  // `Infinit`, `Na`: JavaScript's non-finite numbers cut off read as they would whole (null), not as text.
  for (const full of ['true', 'false', 'null', 'True', 'False', 'None', 'NaN', 'Infinity']) {
    if (word.length > 0 && word.length < full.length && full.startsWith(word)) return LITERALS[full][0];
  }
  return undefined;
}

/**
 * A programming language's name for a variable: `keywords`, `high_level_keywords`, `userId`. ASCII
 * only: a key in another script written again as its value (`{"名前": 名前}`) is taken as data.
 */
function isIdentifier(text: string): boolean {
  if (text === '' || !isWordStart(text.charCodeAt(0))) return false;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c > 0x7f || !isWordPart(c)) return false;
  }
  return true;
}
