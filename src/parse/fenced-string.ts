// A value string whose text opens a markdown code fence (`"```json⏎{"a": 1}⏎```"`): code pasted into
// a string, its quotes not escaped. Its quotes are text up to the quote after its closing fence —
// unless the text from its first quote reads as JSON up to that quote, as in valid JSON such as
// `["```⏎x", "```"]` (two strings), whose quotes the model did end its strings with.
import { Ch, isDigit, isJsonSpace, isNumberPart } from './chars.js';
import type { Engine } from './engine.js';
import { NEED_MORE } from './state.js';

/**
 * `{"response": "```json⏎{"items": [1]}⏎```"}` (json_repair #159): a value string whose text opens a
 * code fence holds code, quotes and all, up to the quote after its closing fence. True when the quote
 * at `i` comes before that one. No closing fence followed by a quote, or one already in the text
 * before `i`: the usual rules decide. Each string is looked at once, its text read from the buffer
 * while it holds it (reading the text built so far would flatten it at every quote); NEED_MORE
 * while the text so far cannot tell.
 */
export function fencedText(e: Engine, i: number): boolean {
  if (e.fencedFor !== e.strStart) {
    e.fencedFor = e.strStart;
    const s = e.buf;
    const at = e.textStart - e.base;
    // A code block's text starts on the line after its opener: `"```python", "```"` are two strings,
    // as the plain-string fast path reads them whatever the chunks (a stream must not read them as one).
    if (at >= 0) {
      e.fencedQuote = s.startsWith('```', at) && lineBreakIn(s, at, i) && !fenceRunIn(s, runEnd(s, at), i) ? -1 : -2;
    } else {
      const text = e.strHead + e.strText;
      e.fencedQuote = text.startsWith('```') && text.includes('\n') && !fenceRunIn(text, runEnd(text, 0), text.length) ? -1 : -2;
    }
  }
  if (e.fencedQuote === -1) {
    const quote = quoteAfterFence(e, e.base + i);
    e.fencedQuote = quote >= 0 && readsAsJson(e, i, quote) ? -2 : quote;
  }
  return e.base + i < e.fencedQuote;
}

/**
 * Whether the text after the string's first quote at `i`, up to the quote after the closing fence
 * (`quote`, absolute), reads as JSON with the quote at `i` ending the string: `, "```"` in
 * `["```⏎x", "```"]`, `", "b": "⏎```"` — a comma or colon after each value, strings whose quotes are
 * escaped, numbers, true, false, null, brackets; and `quote` ends a string opened in that text. Code's
 * quotes do not: the first opens a string in the code, so words follow it (`"```py⏎print("hi")⏎```"`,
 * `"```json⏎{"a": 1}⏎```"`). Then the usual rules decide each quote, as they do in valid JSON.
 * Linear: a string inside a span read so far (the same closing quote) is not read again.
 */
function readsAsJson(e: Engine, i: number, quote: number): boolean {
  const s = e.buf;
  if (s.charCodeAt(i) !== Ch.DQUOTE) return false;
  if (e.fencedJsonTo === quote && e.fencedJsonFrom < e.base + i) return true;
  const to = quote - e.base;
  let afterValue = true;
  let k = i + 1;
  while (k < to) {
    const c = s.charCodeAt(k);
    if (isJsonSpace(c)) {
      k++;
    } else if (afterValue) {
      if (c === Ch.COMMA || c === Ch.COLON) afterValue = false;
      else if (c !== Ch.RBRACKET && c !== Ch.RBRACE) return false;
      k++;
    } else if (c === Ch.DQUOTE) {
      k++;
      while (k < to && s.charCodeAt(k) !== Ch.DQUOTE) k += s.charCodeAt(k) === Ch.BACKSLASH ? 2 : 1;
      // `quote` ends this string (an escaped one, `\"`, is stepped over): the text read as JSON.
      if (k >= to) {
        if (k !== to) return false;
        e.fencedJsonFrom = e.base + i;
        e.fencedJsonTo = quote;
        return true;
      }
      k++;
      afterValue = true;
    } else if (c === Ch.LBRACKET || c === Ch.LBRACE) {
      k++;
    } else if (c === Ch.RBRACKET || c === Ch.RBRACE) {
      // An empty container's closer, or one after a trailing comma.
      k++;
      afterValue = true;
    } else if (isDigit(c) || c === Ch.MINUS) {
      while (k < to && isNumberPart(s.charCodeAt(k))) k++;
      afterValue = true;
    } else {
      const word = c === Ch.LOWER_T ? 'true' : c === Ch.LOWER_F ? 'false' : c === Ch.LOWER_N ? 'null' : '';
      if (word === '' || !s.startsWith(word, k) || k + word.length > to) return false;
      k += word.length;
      afterValue = true;
    }
  }
  // The text ends outside a string: `quote` would open one, not end it.
  return false;
}

/** Whether a line break, raw or escaped (`\\n`), stands in [from, to). */
function lineBreakIn(s: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.LF || (c === Ch.BACKSLASH && s.charCodeAt(k + 1) === 0x6e)) return true;
  }
  return false;
}

/** Whether three backticks in a row stand in [from, to). Looks at those characters only. */
function fenceRunIn(s: string, from: number, to: number): boolean {
  let run = 0;
  for (let k = from; k < to; k++) {
    if (s.charCodeAt(k) !== Ch.BACKTICK) run = 0;
    else if (++run === 3) return true;
  }
  return false;
}

/**
 * The quote after the first run of three or more backticks at or after `k` (absolute) that a quote
 * follows (past white space), or -2 when none does. What a search learnt is kept (no such run in
 * [fenceScanFrom, fenceScanAt), or the one at fenceRunAt), so the searches of one text together look
 * at each character once, whatever the number of fenced strings.
 */
function quoteAfterFence(e: Engine, k: number): number {
  if (e.fenceRunAt >= 0 && e.fenceScanFrom <= k && k <= e.fenceRunAt) return e.fenceQuoteAt;
  if (e.fenceRunAt >= 0 || k < e.fenceScanFrom || k > e.fenceScanAt) {
    e.fenceScanFrom = e.fenceScanAt = k;
    e.fenceRunAt = -1;
  }
  const s = e.buf;
  for (;;) {
    const r = s.indexOf('```', e.fenceScanAt - e.base);
    if (r === -1) {
      if (e.final) return -2;
      e.fenceScanAt = e.base + Math.max(e.fenceScanAt - e.base, e.end - 2);
      throw NEED_MORE;
    }
    let q = runEnd(s, r);
    while (q < e.end && isJsonSpace(s.charCodeAt(q))) q++;
    if (q >= e.end && !e.final) {
      e.fenceScanAt = e.base + r;
      throw NEED_MORE;
    }
    if (q < e.end && s.charCodeAt(q) === Ch.DQUOTE) {
      e.fenceRunAt = e.base + r;
      e.fenceQuoteAt = e.base + q;
      return e.fenceQuoteAt;
    }
    e.fenceScanAt = e.base + q;
  }
}

/** Where the run of backticks at `k` ends. */
function runEnd(s: string, k: number): number {
  while (k < s.length && s.charCodeAt(k) === Ch.BACKTICK) k++;
  return k;
}

