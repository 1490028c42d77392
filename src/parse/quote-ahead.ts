// The bounded look ahead to a quote: from a point in the text, up to the first quote or the first
// character that ends the run before one (a line break, a delimiter). Many rules ask "does a quote end
// this run, and what follows it?"; they share this one loop, so each looks a bounded distance (the
// parse stays linear) and waits the same way while a stream's text is still coming.
import { Ch } from './chars.js';
import type { Engine } from './engine.js';
import { NEED_MORE, LOOKAHEAD } from './state.js';

/**
 * Where the run from `from` stops: the offset of the first `quote`, or of the first character
 * `stops` accepts, within `span` characters; -1 when none stands there. With `escapes`, a backslash
 * and the character after it are the run's text, stepped over (a `stops` that accepts the backslash
 * ends the run there instead). Waits (NEED_MORE) when the buffer ends inside the span before a stop:
 * only more text can tell; a span wholly in the buffer is decided.
 */
export function stopAhead(e: Engine, from: number, span: number, quote: number, stops: (c: number) => boolean, escapes = false): number {
  const s = e.buf;
  const spanEnd = from + span;
  const limit = Math.min(e.end, spanEnd);
  let k = from;
  for (; k < limit; k++) {
    const c = s.charCodeAt(k);
    if (c === quote || stops(c)) return k;
    if (escapes && c === Ch.BACKSLASH) k++;
  }
  if (k >= e.end && e.end < spanEnd && !e.final) throw NEED_MORE;
  return -1;
}

/**
 * The offset of the quote that closes the one at `i` on the same line (or, `acrossLines`, past line
 * breaks; escapes stepped over), within `span` (the lookahead); -1 if none.
 */
export function quoteEnd(e: Engine, i: number, span = LOOKAHEAD, acrossLines = false): number {
  const q = e.buf.charCodeAt(i);
  const k = stopAhead(e, i + 1, span, q, acrossLines ? noStop : isLineBreak, true);
  return k >= 0 && e.buf.charCodeAt(k) === q ? k : -1;
}

/** No character but the quote ends the run. */
export function noStop(): boolean {
  return false;
}

/** A raw line break ends the run: the quote must stand on the same line. */
export function isLineBreak(c: number): boolean {
  return c === Ch.LF;
}

/** A line break or a backslash: a run of plain words, no escape in it. */
export function isLineOrEscape(c: number): boolean {
  return c === Ch.LF || c === Ch.BACKSLASH;
}

/** What a key's name or a run of bare words does not hold: a line break, a backslash, `,` `{` `}` `[` `]`. */
export function isTextStop(c: number): boolean {
  return c === Ch.LF || c === Ch.BACKSLASH || c === Ch.COMMA || c === Ch.LBRACE || c === Ch.RBRACE || c === Ch.LBRACKET || c === Ch.RBRACKET;
}

/** As isTextStop, and a colon: what a quoted key's name does not hold. */
export function isKeyStop(c: number): boolean {
  return c === Ch.COLON || isTextStop(c);
}
