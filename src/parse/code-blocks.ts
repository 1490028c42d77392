// Strings written as code: backtick and triple-quoted strings, and a markdown code block (```lang …
// ```) written as a value. Code holds its own delimiters (`say `hi` now`, a ``` in markdown text), so
// a closing delimiter ends such a string only when what follows can continue the document. These
// checks run only for strings of these styles: plain strings never reach them.
import { Ch, isDigit, isQuoteLike, isWordPart, isWordStart } from './chars.js';
import type { Engine } from './engine.js';
import { colonAfter, lineSpaceEnd, scanSignificant } from './space.js';
import { NEED_MORE, Kind, Quote, Decision, LOOKAHEAD } from './state.js';
import { decideClose, quoteEndsMember } from './string-end.js';
import { concatenation, dropStringTail } from './strings.js';
import { isLiteralWord, scanWordLimited } from './words.js';

/** Longest language tag read on a fence's opening line (`python`, `typescript`, `objective-c`). */
const LANGUAGE_LIMIT = 32;

/** Characters of a language tag: `c++`, `c#`, `objective-c`, `.json`, `python3`. */
function isLanguagePart(c: number): boolean {
  return isWordPart(c) || c === Ch.PLUS || c === Ch.HASH || c === Ch.MINUS || c === Ch.DOT;
}

/**
 * How many characters of the fence at `pos` open the string: its backticks, and the rest of its line
 * when that is empty, a language tag, or a known language's name and one more word (then the code
 * starts on the next line, and the info string is not part of the value). Otherwise (```x``` on one line, or text right after the backticks) only the
 * backticks, so no text is lost. Throws NEED_MORE when the buffer ends before this is known.
 */
export function fenceOpening(e: Engine): number {
  const s = e.buf;
  const start = e.pos;
  let i = start;
  while (i < e.end && s.charCodeAt(i) === Ch.BACKTICK) i++;
  const run = i;
  const limit = Math.min(e.end, run + LANGUAGE_LIMIT);
  while (i < limit && isLanguagePart(s.charCodeAt(i))) i++;
  const tagEnd = i;
  i = spacesToLineEnd(e, i);
  // ```typescript main.ts: a language's name, then one more word of the info string (a file's name, an
  // attribute: title="a.py"). The language must be a known one (```cat notes.txt is a command), and
  // the word no code (```sh make).
  if (i > tagEnd && i < e.end && s.charCodeAt(i) !== Ch.LF && CODE_LANGUAGES.has(s.slice(run, tagEnd).toLowerCase())) {
    const wordLimit = Math.min(e.end, i + LANGUAGE_LIMIT);
    let k = i;
    while (k < wordLimit && s.charCodeAt(k) > Ch.SPACE && s.charCodeAt(k) !== Ch.BACKTICK) k++;
    const word = s.slice(i, k);
    k = spacesToLineEnd(e, k);
    if (k >= e.end && !e.final) throw NEED_MORE;
    if (k > i && k < e.end && s.charCodeAt(k) === Ch.LF && INFO_WORD.test(word)) return k + 1 - start;
  }
  if (i >= e.end && !e.final) throw NEED_MORE;
  return (i < e.end && s.charCodeAt(i) === Ch.LF ? i + 1 : run) - start;
}

/** After the spaces, tabs and a carriage return from `i`: where the line's next text, or its end, is. */
function spacesToLineEnd(e: Engine, i: number): number {
  const k = lineSpaceEnd(e, i);
  return k < e.end && e.buf.charCodeAt(k) === Ch.CR ? k + 1 : k;
}

/**
 * The word after a language's name that makes the line an info string: a file's name (`main.ts`) or an
 * attribute (`title="a.py"`). Code (`make`, `ls`, `main()`) is none. The word is at most LANGUAGE_LIMIT long.
 */
const INFO_WORD = /^(?:[\w.-]+\.[A-Za-z0-9]+|[\w-]+=\S*)$/;

/** Languages whose name may start a fence's info string before a file's name (```typescript main.ts). */
const CODE_LANGUAGES: ReadonlySet<string> = new Set([
  'bash', 'c', 'c#', 'c++', 'cpp', 'cs', 'csharp', 'css', 'dart', 'diff', 'dockerfile', 'go', 'graphql', 'html', 'java',
  'javascript', 'js', 'json', 'jsonc', 'jsx', 'kotlin', 'kt', 'lua', 'markdown', 'md', 'php', 'powershell', 'ps1', 'py',
  'python', 'r', 'rb', 'ruby', 'rust', 'rs', 'scala', 'sh', 'shell', 'sql', 'swift', 'toml', 'ts', 'tsx', 'typescript',
  'xml', 'yaml', 'yml', 'zsh',
]);

/**
 * Length of a fence's closer at `i` (a backtick): the whole run of backticks when it has three or
 * more, else 0 (backticks in the code). Throws NEED_MORE when the run may go on past the buffer.
 */
export function fenceCloseLength(e: Engine, i: number): number {
  const s = e.buf;
  let k = i;
  while (k < e.end && s.charCodeAt(k) === Ch.BACKTICK) k++;
  if (k >= e.end && !e.final) throw NEED_MORE;
  return k - i >= 3 ? k - i : 0;
}

/**
 * Does the delimiter at `i` (`closeLen` long) end this backtick, triple-quoted or fenced value? Keys
 * take the general decision (see decideClose). Undefined: the text so far cannot tell.
 */
export function decideCodeClose(e: Engine, i: number, closeLen: number): Decision | undefined {
  if (e.strIsKey) return decideClose(e, i, closeLen);
  try {
    return codeCloseOrWait(e, i + closeLen);
  } catch (err) {
    if (err !== NEED_MORE) throw err;
    return undefined;
  }
}

/**
 * The delimiter ends the value when what follows at `after` can continue the document: the end, a
 * closer, a comma before the next member, a comment, `+ "…"`, or, past a line break, the next member
 * (a missing comma). Anything else — a word, a colon (`Use `npm ci`: faster`) — is code.
 */
function codeCloseOrWait(e: Engine, after: number): Decision | undefined {
  const s = e.buf;
  const j = scanSignificant(e, after);
  if (j >= e.end) return e.final ? Decision.CLOSE : undefined;
  const c = s.charCodeAt(j);
  switch (c) {
    case Ch.RBRACE:
    case Ch.RBRACKET:
      return Decision.CLOSE;
    case Ch.RPAREN:
      return e.openParens > 0 ? Decision.CLOSE : Decision.INNER;
    case Ch.COMMA:
      return memberFollows(e, j + 1, true) ? Decision.CLOSE : Decision.INNER;
    case Ch.PLUS:
      return concatenation(e, after) !== undefined ? Decision.CLOSE : Decision.INNER;
    case Ch.SLASH: {
      if (j + 1 >= e.end && !e.final) throw NEED_MORE;
      const d = s.charCodeAt(j + 1);
      return d === Ch.SLASH || d === Ch.STAR ? Decision.CLOSE : Decision.INNER;
    }
  }
  for (let k = after; k < j; k++) if (s.charCodeAt(k) === Ch.LF) return memberFollows(e, j, false) ? Decision.CLOSE : Decision.INNER;
  // `[`a` `b`]`, `{"a": `x` "b": 1}`: after a space, a whole string that is the next key or element.
  return j > after && stringMemberAt(e, j) ? Decision.CLOSE : Decision.INNER;
}

/**
 * Whether a string at `j` (a quote character) closes on its own line and is followed by `:` `,` `]`
 * or `}`: the next key or element, a comma having been left out before it.
 */
function stringMemberAt(e: Engine, j: number): boolean {
  const s = e.buf;
  const open = s.charCodeAt(j);
  if (open !== Ch.DQUOTE && open !== Ch.SQUOTE && open !== Ch.BACKTICK && !isQuoteLike(open)) return false;
  const limit = Math.min(e.end, j + 1 + LOOKAHEAD);
  let k = j + 1;
  while (k < limit) {
    const c = s.charCodeAt(k);
    if (c === Ch.LF) return false;
    if (c === Ch.BACKSLASH) k += 2;
    else if (c === open || (isQuoteLike(open) && isQuoteLike(c))) break;
    else k++;
  }
  return quoteEndsMember(e, k, limit);
}

/**
 * Whether the next member or element starts at the first significant character from `k`: a quoted
 * string, a container, a closer (after a comma: a trailing comma), the end, a number or literal, or
 * in an object an unquoted key and its colon. `afterComma`: a number or literal counts only there.
 */
function memberFollows(e: Engine, k: number, afterComma: boolean): boolean {
  const s = e.buf;
  let j = pastComments(e, k);
  // `` `x`,⏎  , // note⏎  { `` (a closer lost before the comma line), `` [`a`, , `b`] ``: more
  // commas, an extra comma or an array's hole, then a member: read as text, the string ran on over
  // the members after it and lost them with no word. The member after them decides, as after one;
  // there a key counts in an array too (the array's `]` was the closer lost).
  let extra = false;
  while (afterComma && j >= 0 && j < Math.min(e.end, k + LOOKAHEAD) && s.charCodeAt(j) === Ch.COMMA) {
    extra = true;
    j = pastComments(e, j + 1);
  }
  if (j < 0) return j === -1;
  if (j >= e.end) {
    if (!e.final) throw NEED_MORE;
    return true;
  }
  const c = s.charCodeAt(j);
  if (c === Ch.DQUOTE || c === Ch.SQUOTE || c === Ch.BACKTICK || isQuoteLike(c) || c === Ch.LBRACE || c === Ch.LBRACKET) return true;
  if (c === Ch.RBRACE || c === Ch.RBRACKET) return afterComma;
  if (afterComma && (isDigit(c) || c === Ch.MINUS)) return true;
  if (!isWordStart(c)) return false;
  const end = scanWordLimited(e, j);
  if ((extra || (e.kinds.length > 0 && e.top() === Kind.OBJECT)) && colonAfter(e, end)) return true;
  return afterComma && isLiteralWord(s.slice(j, end));
}

/**
 * The first significant character from `k`, past line and block comments: `{a: `x`, // note⏎ b: 1}`
 * (JavaScript-style replies comment their members). -1 when a comment runs past the look's bound (a
 * comma then a comment is the document's, not a template literal's text); -2 when what looked like a
 * comment ends the text or the string (no member seen after it: the usual reading). Throws
 * NEED_MORE while a comment's end has not arrived.
 */
function pastComments(e: Engine, k: number): number {
  const s = e.buf;
  const limit = Math.min(e.end, k + LOOKAHEAD);
  let j = scanSignificant(e, k);
  while (j < limit && s.charCodeAt(j) === Ch.SLASH) {
    if (j + 1 >= e.end) {
      if (!e.final) throw NEED_MORE;
      return j;
    }
    const d = s.charCodeAt(j + 1);
    if (d !== Ch.SLASH && d !== Ch.STAR) return j;
    let n = j + 2;
    // `run `ls`, // then pwd`,⏎`: a backtick that only delimiters follow on the line ends the
    // string there, so the `//` was its text.
    let closesLine = false;
    if (d === Ch.SLASH) {
      for (; n < limit; n++) {
        const c = s.charCodeAt(n);
        if (c === Ch.LF || c === Ch.CR) break;
        if (c === Ch.BACKTICK) closesLine = true;
        else if (closesLine && c !== Ch.SPACE && c !== Ch.TAB && c !== Ch.COMMA && c !== Ch.RBRACE && c !== Ch.RBRACKET) closesLine = false;
      }
    } else {
      while (n < limit && !(s.charCodeAt(n) === Ch.STAR && s.charCodeAt(n + 1) === Ch.SLASH)) n++;
      if (n < limit) n += 2;
    }
    if (n >= limit) {
      if (limit === e.end && !e.final) throw NEED_MORE;
      // A comment that ends the text, or is longer than the look: no member is seen after it.
      return limit === e.end ? -2 : -1;
    }
    if (closesLine) return -2;
    j = scanSignificant(e, n);
  }
  return j;
}

/**
 * A fence's closer at `i` on a line of its own (after indentation): the line break before it ends the
 * line of code and is not part of the value. Takes that tail back out of the string and returns
 * where the value ends in the text (`i` when the closer follows code on the same line).
 */
export function fenceContentEnd(e: Engine, i: number): number {
  const s = e.buf;
  const floor = Math.max(0, i - LOOKAHEAD);
  let b = i;
  while (b > floor && (s.charCodeAt(b - 1) === Ch.SPACE || s.charCodeAt(b - 1) === Ch.TAB)) b--;
  if (b === floor || s.charCodeAt(b - 1) !== Ch.LF) return i;
  b--;
  if (b > floor && s.charCodeAt(b - 1) === Ch.CR) b--;
  // The tail is space and line breaks, one character each in the text read: it belongs to the code
  // (not to the opening line) exactly when the code read so far is at least as long.
  if (i - b > e.strHead.length + e.strText.length) return i;
  dropStringTail(e, b);
  return b;
}

/**
 * A backslash in a code block is the code's own (`print("a\n")`, a Windows path): kept as written,
 * escaped in the repaired text. The block's repair (fenced_value) covers it.
 */
export function codeBackslash(e: Engine, i: number): number {
  e.edit(i, 0, '\\');
  e.strText += '\\';
  return i + 1;
}

/** The quote style's code-like delimiters: these strings take decideCodeClose. */
export function isCodeQuote(quote: Quote): boolean {
  return quote === Quote.BACKTICK || quote === Quote.TRIPLE_DOUBLE || quote === Quote.TRIPLE_SINGLE || quote === Quote.FENCE;
}
