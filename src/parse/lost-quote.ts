// A value string that lost only its opening quote, told by its closing one on the same line.
import { Ch, isDigit, isWordPart, isWordStart } from './chars.js';
import type { Engine } from './engine.js';
import { lineBreakBefore, lineSpaceEnd, scanSignificant } from './space.js';
import { Kind, KEY_MAX, LOOKAHEAD, NEED_MORE } from './state.js';
import { identifierKeyAt, keyStartsAt, textGoesOn, unquotedKeyAt } from './words.js';

/** How far the look for the closing quote goes: a line of prose or code. */
const RUN_LIMIT = 4 * LOOKAHEAD;

/**
 * Whether the value at `start` in an object or array is a string whose opening quote was lost: its
 * first `"` that no backslash escapes, on its line (or past line breaks inside brackets it opened), is
 * where a string's closing quote goes (see closesRunAt); the brackets before it are balanced; no comma
 * before it ends the value (in an array, one outside brackets does, unless an escaped quote shows the
 * run is a string's text or the element stands on a line of its own; in an object, one before a key
 * does, unless that "key" is words: `ratio a: b, then c: d"`); and no key stands at `start` (`k:
 * True`, a member the other rules place).
 *
 * `{"s": if (x) { y(); }", "n": 1}` and `{"m": returns {\"ok\": true}.", "n": 1}` were read as code,
 * a constructor call (`if (x)`) or a member, and made up keys with `null` values; `{"a": Line
 * one\nLine two", …}` kept its JSON escapes as backslashes. The closing quote shows it is JSON string
 * text: it is read as that string, escapes and all (an unquoted value with no closing quote, a Windows
 * path `C:\new\table`, keeps its backslashes). Waits while the text so far cannot tell.
 */
export function lostOpeningQuote(e: Engine, start: number): boolean {
  const top = e.top();
  if (top !== Kind.OBJECT && top !== Kind.ARRAY) return false;
  const s = e.buf;
  const limit = Math.min(e.end, start + RUN_LIMIT);
  let depth = 0;
  // A comma outside brackets that may end the value (in an array, any; in an object, one before what
  // reads as a key), and an escaped quote (`\"`, only ever in a string's text).
  let comma = false;
  let escapedQuote = false;
  let k = start;
  for (; k < limit; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.DQUOTE) break;
    // A line break ends the run, unless inside brackets it opened: code's block (`if (x) {⏎  y();⏎}"`).
    if ((c === Ch.LF || c === Ch.CR) && depth === 0) return false;
    if (c === Ch.BACKSLASH) {
      if (s.charCodeAt(k + 1) === Ch.DQUOTE) escapedQuote = true;
      k++;
    } else if (c === Ch.LBRACE || c === Ch.LBRACKET || c === Ch.LPAREN) depth++;
    else if (c === Ch.RBRACE || c === Ch.RBRACKET || c === Ch.RPAREN) {
      // A closer that no bracket of the run opened ends the value: it is the container's.
      if (depth === 0) return false;
      depth--;
    } else if (c === Ch.COMMA && depth === 0) {
      if (top === Kind.ARRAY) {
        // `[a, b, c]`: on a line of elements, only an escaped quote before it goes on past a comma.
        if (!escapedQuote && !lineBreakBefore(e, start)) return false;
        comma = true;
      } else if (!textGoesOn(e, k)) {
        // `"a": ratio a: b, then c: d",⏎`: words and a colon after the comma may be text (see below);
        // one word and a colon (`b: 1`) is a key.
        if (!wordsBeforeColon(e, k + 1)) return false;
        comma = true;
      }
    }
  }
  if (k >= limit) {
    if (limit === e.end && !e.final) throw NEED_MORE;
    return false;
  }
  if (depth !== 0 || k === start || !closesRunAt(e, k, top)) return false;
  // `[a, b"]` is two elements, the second's quote lost; `[Use \"strict\" mode, not \"loose\"."]` one,
  // and so is an element on a line of its own (`[⏎  The answer is 42, roughly.",⏎`).
  if (comma && top === Kind.ARRAY && !escapedQuote && !(lineBreakBefore(e, start) && endsLine(e, k))) return false;
  // `k: True"`, `⏎  city: Paris"`: a key where the value goes, which the other rules read as one.
  if (top === Kind.OBJECT && lineBreakBefore(e, start) && unquotedKeyAt(e, start)) return false;
  return !identifierKeyAt(e, start);
}

/** Whether the line ends after the `"` at `q` (past a comma, or at a closer). */
function endsLine(e: Engine, q: number): boolean {
  const s = e.buf;
  let j = lineSpaceEnd(e, q + 1);
  if (j < e.end && s.charCodeAt(j) === Ch.COMMA) j = lineSpaceEnd(e, j + 1);
  if (j >= e.end) return true;
  const c = s.charCodeAt(j);
  return c === Ch.LF || c === Ch.CR || c === Ch.RBRACKET || c === Ch.RBRACE;
}

/**
 * Whether, on the line from `i` (after a comma), words with a space between them come before a colon
 * (`then c: d`): text, as a key is one word. Looks at most a key's length.
 */
function wordsBeforeColon(e: Engine, i: number): boolean {
  const s = e.buf;
  let k = lineSpaceEnd(e, i);
  if (k >= e.end || !isWordStart(s.charCodeAt(k))) return false;
  const limit = Math.min(e.end, k + KEY_MAX);
  let space = false;
  for (; k < limit; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.COLON) return space;
    if (c === Ch.SPACE) space = true;
    else if (!isWordPart(c)) return false;
  }
  return false;
}

/**
 * Whether the `"` at `q` closes a value string in a `top` container: followed on its line by a closer,
 * the line's end or the text's, or by a comma and then the next member (a key, in an object; a value,
 * in an array) or the closer after a trailing comma.
 */
function closesRunAt(e: Engine, q: number, top: Kind): boolean {
  const s = e.buf;
  const j = lineSpaceEnd(e, q + 1);
  if (j >= e.end) return true;
  const c = s.charCodeAt(j);
  if (c === Ch.LF || c === Ch.CR || c === Ch.RBRACE || c === Ch.RBRACKET) return true;
  if (c !== Ch.COMMA) return false;
  const n = scanSignificant(e, j + 1);
  if (n >= e.end) {
    if (!e.final) throw NEED_MORE;
    return true;
  }
  const d = s.charCodeAt(n);
  if (d === Ch.RBRACE || d === Ch.RBRACKET) return true;
  if (top === Kind.OBJECT) return keyStartsAt(e, n);
  return d === Ch.DQUOTE || d === Ch.SQUOTE || d === Ch.LBRACE || d === Ch.LBRACKET || d === Ch.MINUS || isDigit(d) || isWordStart(d);
}
