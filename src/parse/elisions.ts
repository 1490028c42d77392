// Elisions: `...` and `…` placeholders a model writes for "and so on".
import { Ch } from './chars.js';
import type { Engine } from './engine.js';
import { NEED_MORE, State } from './state.js';

export function isEllipsisAt(e: Engine, i: number): boolean {
  const s = e.buf;
  if (i + 3 > e.end) {
    if (!e.final && s.charCodeAt(i) === Ch.DOT) throw NEED_MORE;
    return false;
  }
  return s.charCodeAt(i) === Ch.DOT && s.charCodeAt(i + 1) === Ch.DOT && s.charCodeAt(i + 2) === Ch.DOT;
}

/** End of the placeholder at `pos` (`width` characters, then any more dots); waits while more dots may follow. */
export function ellipsisEnd(e: Engine, width: number): number {
  let i = e.pos + width;
  while (i < e.end && e.buf.charCodeAt(i) === Ch.DOT) i++;
  if (i >= e.end && !e.final) throw NEED_MORE;
  return i;
}

/** `{"a": ...}`: the value was left out; it reads as null. */
export function elidedValue(e: Engine, width: number): void {
  const i = ellipsisEnd(e, width);
  e.record('ellipsis', e.pos, 'replaced a "..." placeholder value with null');
  e.edit(e.pos, i - e.pos, 'null');
  e.pos = i;
  e.sink.scalar(null);
  e.afterValue();
}

/** `[1, 2, ...]`: a placeholder, not a value; the comma before it goes too. */
export function skipEllipsis(e: Engine, width: number): void {
  const i = ellipsisEnd(e, width);
  e.record('ellipsis', e.pos, 'removed a "..." placeholder');
  if (e.commaAt >= 0) {
    e.removeComma(e.commaAt - e.base);
  }
  e.edit(e.pos, i - e.pos, '');
  e.pos = i;
  // `[1, ...]`: the comma went with the placeholder, so what follows is what follows a value.
  // `[..., 1]`: nothing came before, so the comma after it is a leading comma.
  if (e.commaAt >= 0) {
    e.commaAt = e.memberAt = -1;
    e.state = State.AFTER_VALUE;
  }
}
