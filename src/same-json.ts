// Equality of JSON values that every stage may ask (a JSONPath comparison, a streamed call read twice).
import { JsonMendError } from './errors.js';

/** A value read from text never holds itself; one built by a caller may. */
function containsItself(): never {
  throw new JsonMendError('INVALID_ARGUMENT', 'the value contains itself');
}

/**
 * Structural equality of JSON values, keys in any order; iterative, so no depth overflows it (as
 * `JSON.stringify` does past some ten thousand levels). `onCycle` is called, and must throw, when a
 * value met contains itself (by default `INVALID_ARGUMENT`).
 */
export function sameJson(a: unknown, b: unknown, onCycle: () => never = containsItself): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  // `left` holds pairs still to compare and, for each container on the way down, an END mark so it
  // leaves `open` when its children are done: a left value met again while open is a cycle.
  const left: unknown[] = [a];
  const right: unknown[] = [b];
  const open = new Set<unknown>();
  while (left.length > 0) {
    const x = left.pop();
    const y = right.pop();
    if (y === END) {
      open.delete(x);
      continue;
    }
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (open.has(x)) onCycle();
    open.add(x);
    left.push(x);
    right.push(END);
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) {
        left.push(x[i]);
        right.push(y[i]);
      }
    } else {
      if (Array.isArray(y)) return false;
      const kx = Object.keys(x);
      if (kx.length !== Object.keys(y).length) return false;
      for (const k of kx) {
        if (!Object.prototype.hasOwnProperty.call(y, k)) return false;
        left.push((x as Record<string, unknown>)[k]);
        right.push((y as Record<string, unknown>)[k]);
      }
    }
  }
  return true;
}

const END: unique symbol = Symbol('end of a container');
