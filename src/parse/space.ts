// Space and comments between tokens, and the bounded scans past them that the rules look ahead with.
import { Ch, isJsonSpace, isSpecialSpace, isWordPart } from './chars.js';
import type { Engine } from './engine.js';
import { isAnswerHeading } from './answer-label.js';
import { lostOpeningQuote } from './lost-quote.js';
import { isKeyStop, stopAhead } from './quote-ahead.js';
import { NEED_MORE, LOOKAHEAD, State, closerOf } from './state.js';

/** Skips whitespace and comments; false when a run of special spaces reaches the buffer's end (wait). */
export function skipSpace(e: Engine): boolean {
  const s = e.buf;
  const end = e.end;
  let i = e.pos;
  for (;;) {
    while (i < end && isJsonSpace(s.charCodeAt(i))) i++;
    if (i >= end) break;
    const c = s.charCodeAt(i);
    // The usual case: a token starts here (none of the characters below is printable ASCII but these).
    if (c > Ch.SPACE && c < 0x7f && c !== Ch.SLASH && c !== Ch.HASH && c !== Ch.BACKSLASH) break;
    if (c === Ch.SLASH || c === Ch.HASH) {
      const after = skipComment(e, i);
      if (after === i) break;
      i = after;
      continue;
    }
    if (c === Ch.BACKSLASH) {
      // `\n` written as two characters, or a markdown escape (`\[`, `\_`): see strayBackslash.
      const after = strayBackslash(e, i);
      if (after < 0) {
        e.pos = i;
        return false;
      }
      if (after === i) break;
      i = after;
      continue;
    }
    if (isSpecialSpace(c)) {
      const from = i;
      while (i < end && isSpecialSpace(s.charCodeAt(i))) i++;
      if (i >= end && !e.final) {
        // The run may go on in the next chunk: one run, one repair, whatever the chunking.
        e.pos = from;
        return false;
      }
      e.record('special_whitespace', from, 'removed a BOM or non-JSON whitespace');
      e.edit(from, i - from, '');
      continue;
    }
    break;
  }
  e.pos = i;
  return true;
}

/** Skips one comment starting at `i`; returns `i` when there is none. */
export function skipComment(e: Engine, i: number): number {
  const s = e.buf;
  const c = s.charCodeAt(i);
  let j: number;
  let unclosed = false;
  if (c === Ch.HASH) {
    j = lineEnd(e, i + 1);
    if (e.state === State.VALUE && hashValue(e, i, j)) return i;
    // `{"a": 0}⏎## Answer⏎{"a": 1}`: after a whole value, a Markdown heading naming the answer, on
    // a line of its own, is prose, set aside with what follows (where parse finds the value it
    // labels), not a comment between two values read as an array of both.
    if (e.state === State.AFTER_VALUE && e.kinds.length === 0 && lineBreakBefore(e, i) && isAnswerHeading(s, i, j)) return i;
  } else {
    if (i + 1 >= e.end) {
      if (!e.final) throw NEED_MORE;
      return i;
    }
    const d = s.charCodeAt(i + 1);
    if (d === Ch.SLASH) {
      j = lineEnd(e, i + 2);
    } else if (d === Ch.STAR) {
      const close = s.indexOf('*/', i + 2);
      if (close === -1 || close + 2 > e.end) {
        if (!e.final) throw NEED_MORE;
        j = e.end;
        unclosed = true;
      } else {
        j = close + 2;
      }
    } else {
      return i;
    }
  }
  if (e.kinds.length > 0 && (c === Ch.HASH || s.charCodeAt(i + 1) === Ch.SLASH)) j = closerInComment(e, i, j);
  e.record('comment', i, 'removed a comment');
  // `{"a": 1} /* note`: a block comment the text ends inside was cut off, whatever it held.
  if (unclosed) e.record('truncated', j, 'the text ends inside a block comment');
  e.edit(i, j - i, '');
  return j;
}

/**
 * `{"a": {"b": "x" # note }, "c": 1}`: a line comment, containers open, ends before the first closer of
 * the innermost one in it when the document goes on after that closer on the comment's line (more
 * closers, then `, "`), or the line is the text's last. Read to the line's end, it would take the
 * document's closers and members with it.
 */
function closerInComment(e: Engine, i: number, j: number): number {
  const s = e.buf;
  const closer = closerOf(e.top()).charCodeAt(0);
  // The comment's own brackets pair up (`// see [1]`): its first closer that closes none of them.
  let k = i + 1;
  for (let depth = 0; k < j; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.LBRACE || c === Ch.LBRACKET) depth++;
    else if ((c === Ch.RBRACE || c === Ch.RBRACKET) && depth > 0) depth--;
    else if (c === closer) break;
  }
  if (k >= j) return j;
  let n = k + 1;
  while (n < j && (s.charCodeAt(n) === Ch.SPACE || s.charCodeAt(n) === Ch.RBRACE || s.charCodeAt(n) === Ch.RBRACKET)) n++;
  if (n >= j) return j === e.end ? k : j;
  if (s.charCodeAt(n) !== Ch.COMMA) return j;
  n++;
  while (n < j && s.charCodeAt(n) === Ch.SPACE) n++;
  return n < j && s.charCodeAt(n) === Ch.DQUOTE ? k : j;
}

/**
 * `{"color": #ff0000, "size": 2}`, `"issue": #123 is fixed,`, `"bg": #fff⏎}`: where a value belongs,
 * a `#` with a word character right after it, then a `,` `}` or `]` later on its line (before
 * `lineEndAt`) or first on the lines after it, starts the value's text, not a comment (read as one,
 * the value was lost, and the object read as cut off). A comment is `# text`, or has the value on a
 * line after it (`"a": #note⏎  1`).
 */
function hashValue(e: Engine, i: number, lineEndAt: number): boolean {
  const s = e.buf;
  const d = s.charCodeAt(i + 1);
  if (!isWordPart(d)) return false;
  for (let k = i + 2; k < lineEndAt; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.COMMA || c === Ch.RBRACE || c === Ch.RBRACKET) return true;
  }
  const next = scanSignificant(e, lineEndAt);
  if (next >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  const c = s.charCodeAt(next);
  return c === Ch.COMMA || c === Ch.RBRACE || c === Ch.RBRACKET;
}

export function lineEnd(e: Engine, i: number): number {
  const s = e.buf;
  while (i < e.end) {
    const c = s.charCodeAt(i);
    if (c === Ch.LF || c === Ch.CR) return i;
    i++;
  }
  if (!e.final) throw NEED_MORE;
  return i;
}

/**
 * How many line breaks the run of JSON whitespace just before `at` in `s` holds, counting up to
 * `most` (2: a blank line): the look stops there. A run reaching the start of `s` goes on in the text
 * before it, whose count is `before`.
 */
export function spaceRunBreaks(s: string, at: number, before: number, most = 2): number {
  let breaks = 0;
  for (let k = at - 1; k >= 0; k--) {
    const c = s.charCodeAt(k);
    if (c === Ch.LF) {
      if (++breaks === most) return most;
    } else if (!isJsonSpace(c)) {
      return breaks;
    }
  }
  return Math.min(most, breaks + before);
}

/**
 * The indentation of a token at `at`: the spaces and tabs before it back to a line break, or -1 when
 * something else stands between (the token does not start its line). `before` is the same for the
 * text dropped from the buffer's front (across chunks; the text's start counts as a line's).
 */
export function spaceRunIndent(s: string, at: number, before: number): number {
  let k = at - 1;
  while (k >= 0) {
    const c = s.charCodeAt(k);
    if (c === Ch.LF || c === Ch.CR) return at - 1 - k;
    if (c !== Ch.SPACE && c !== Ch.TAB) return -1;
    k--;
  }
  return before < 0 ? -1 : before + at;
}

/** After the spaces and tabs from `i` (not a line break); waits for more text when they run to the buffer's end. */
export function lineSpaceEnd(e: Engine, i: number): number {
  while (i < e.end && (e.buf.charCodeAt(i) === Ch.SPACE || e.buf.charCodeAt(i) === Ch.TAB)) i++;
  if (i >= e.end && !e.final) throw NEED_MORE;
  return i;
}

/** The indentation of the token at `at` in the engine's buffer (see spaceRunIndent), across chunks. */
export function indentAt(e: Engine, at: number): number {
  return spaceRunIndent(e.buf, at, e.indentBeforeBuf);
}

/** Whether a line break stands in the whitespace before `at` (back to the previous token, across chunks). */
export function lineBreakBefore(e: Engine, at: number): boolean {
  return spaceRunBreaks(e.buf, at, e.breaksBeforeBuf, 1) > 0;
}

/** Whether a blank line stands in the whitespace before `at`: what comes at `at` starts a paragraph. */
export function blankLineBefore(e: Engine, at: number): boolean {
  return spaceRunBreaks(e.buf, at, e.breaksBeforeBuf) === 2;
}

/** Index of the next non-space character at or after `i`; needs more text rather than guess. */
export function peekSignificant(e: Engine, i: number): number {
  i = scanSignificant(e, i);
  if (i >= e.end && !e.final) throw NEED_MORE;
  return i;
}

/** As peekSignificant, but returns `end` when the buffer runs out: the caller decides to wait. */
export function scanSignificant(e: Engine, i: number): number {
  const s = e.buf;
  const limit = Math.min(e.end, i + LOOKAHEAD);
  while (i < limit && (isJsonSpace(s.charCodeAt(i)) || isSpecialSpace(s.charCodeAt(i)))) i++;
  return i;
}

export function colonAfter(e: Engine, k: number): boolean {
  const j = peekSignificant(e, k);
  return j < e.end && (e.buf.charCodeAt(j) === Ch.COLON || e.buf.charCodeAt(j) === Ch.FULLWIDTH_COLON);
}

/** `= ` after a key (`{name="Ann", age=3}`, Python's keyword arguments): not `==` or `=>`. */
export function equalsAfter(e: Engine, k: number): boolean {
  const j = peekSignificant(e, k);
  if (j >= e.end || e.buf.charCodeAt(j) !== Ch.EQ) return false;
  if (j + 1 >= e.end) {
    if (!e.final) throw NEED_MORE;
    return true;
  }
  const c = e.buf.charCodeAt(j + 1);
  return c !== Ch.EQ && c !== Ch.GT;
}

/**
 * A backslash between tokens: `\n`, `\r`, `\t` as two characters (a reply escaped twice) are space;
 * a markdown escape as chat UIs render JSON (`\[`, `\]`, `\{`, `\}`, `\_`, `\*`) loses its backslash.
 * A backslash that ends the text inside a container is a cut-off escape, dropped. Returns the offset after what was
 * skipped, `i` when the backslash is none of these, or -1 when the character after it has not arrived.
 */
export function strayBackslash(e: Engine, i: number): number {
  if (i + 1 >= e.end) {
    if (!e.final) return -1;
    // `{"a": "x"\`: cut off in an escape between tokens, a container open (jsonrepair #145).
    if (e.kinds.length === 0) return i;
    e.record('truncated', i, 'the text ends in a backslash; dropped it');
    e.edit(i, 1, '');
    return i + 1;
  }
  const d = e.buf.charCodeAt(i + 1);
  if (d === Ch.LOWER_N || d === Ch.LOWER_R || d === Ch.LOWER_T) {
    e.record('escaped_whitespace', i, `removed the characters \\${String.fromCharCode(d)} between tokens`);
    e.edit(i, 2, '');
    return i + 2;
  }
  // `{"a": \"Quoted whole\"", …}`: a string's text starting with an escaped quote, its opening quote
  // lost; the value is read from the backslash (see lostOpeningQuote).
  if (d === Ch.DQUOTE && e.state === State.VALUE && e.kinds.length > 0) {
    // Its look may need more text: wait by returning -1, as this function's callers expect.
    try {
      if (lostOpeningQuote(e, i)) return i;
    } catch (err) {
      if (err !== NEED_MORE) throw err;
      return -1;
    }
  }
  if (d === Ch.DQUOTE && e.state === State.VALUE) {
    // `{"q": \"foo\"}`: a value's quotes escaped (a model that escaped its arguments once too often).
    e.record('escaped_json', i, 'removed the backslash before a value\'s opening quote');
    e.edit(i, 1, '');
    e.escapedQuoteAt = e.base + i + 1;
    e.escapedQuoteWidth = 1;
    return i + 1;
  }
  if (d === Ch.BACKSLASH && e.state === State.VALUE) {
    // `{"q": \\"foo\\"}`: escaped twice. Its closing `\\"` is read as the string's end (see readString).
    if (i + 2 >= e.end) {
      if (!e.final) return -1;
    } else if (e.buf.charCodeAt(i + 2) === Ch.DQUOTE) {
      e.record('escaped_json', i, 'removed the two backslashes before a value\'s opening quote (escaped twice)');
      e.edit(i, 2, '');
      e.escapedQuoteAt = e.base + i + 2;
      e.escapedQuoteWidth = 2;
      return i + 2;
    }
  }
  if (d === Ch.LBRACKET || d === Ch.RBRACKET || d === Ch.LBRACE || d === Ch.RBRACE || d === Ch.UNDERSCORE || d === Ch.STAR) {
    e.record('markdown_escape', i, `removed the markdown escape before ${String.fromCharCode(d)}`);
    e.edit(i, 1, '');
    return i + 1;
  }
  return i;
}

/**
 * The name of the quoted key whose text starts at `k` (after its opening quote), when its closing
 * quote (`quote`, double unless said) and a colon (`rating": `, a full-width one too) follow within
 * LOOKAHEAD and it holds no escape or delimiter; else undefined. Waits for the colon.
 */
export function quotedKeyName(e: Engine, k: number, quote: number = Ch.DQUOTE): string | undefined {
  const q = quotedKeyEnd(e, k, quote);
  return q < 0 ? undefined : e.buf.slice(k, q);
}

/** Whether the text at `k` is a key's name, its closing quote and a colon (see quotedKeyName). */
export function quotedKeyNameAt(e: Engine, k: number, quote: number = Ch.DQUOTE): boolean {
  return quotedKeyEnd(e, k, quote) >= 0;
}

/** Where the closing quote of the quoted key named at `k` stands (see quotedKeyName), or -1. */
function quotedKeyEnd(e: Engine, k: number, quote: number): number {
  const q = stopAhead(e, k, LOOKAHEAD, quote, isKeyStop);
  return q >= 0 && e.buf.charCodeAt(q) === quote && colonAfter(e, q + 1) ? q : -1;
}
