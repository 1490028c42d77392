// Applying deltas: what a consumer does with them, and what the tests check them against.
import { JsonMendError, describeType } from '../errors.js';
import { setMember } from '../parse/sink.js';
import type { Delta, DeltaOp } from './types.js';

const OPS: ReadonlySet<DeltaOp> = new Set<DeltaOp>(['add', 'append', 'set', 'complete']);
const hasOwnProperty = Object.prototype.hasOwnProperty;

function unescape(seg: string): string {
  return seg.indexOf('~') === -1 ? seg : seg.replace(/~1/g, '/').replace(/~0/g, '~');
}

function invalidDelta(i: number, reason: string): never {
  throw new JsonMendError('INVALID_ARGUMENT', `delta #${i + 1}: ${reason}`);
}

/** Checks one delta's shape, so a malformed one is named instead of misapplied (an unknown op is not a `set`). */
function checkDelta(d: unknown, i: number): asserts d is Delta {
  if (typeof d !== 'object' || d === null || Array.isArray(d)) invalidDelta(i, `a delta must be an object, got ${describeType(d)}`);
  const { op, path } = d as Record<string, unknown>;
  if (typeof op !== 'string' || !OPS.has(op as DeltaOp)) invalidDelta(i, `unknown op ${JSON.stringify(op) ?? String(op)}; expected add, append, set or complete`);
  if (typeof path !== 'string' || (path !== '' && path[0] !== '/')) invalidDelta(i, 'path must be a JSON Pointer ("" or starting with "/")');
  if (op === 'append' && typeof (d as { text?: unknown }).text !== 'string') invalidDelta(i, 'an append delta needs a string text');
  if ((op === 'add' || op === 'set') && !hasOwnProperty.call(d, 'value')) invalidDelta(i, `a ${op} delta needs a value`);
}

function copy(node: unknown, i: number): unknown[] | Record<string, unknown> {
  if (Array.isArray(node)) return node.slice();
  if (node !== null && typeof node === 'object') return { ...(node as Record<string, unknown>) };
  invalidDelta(i, 'its path goes through a value that is not a container');
}

function appended(current: unknown, text: string, i: number): string {
  if (typeof current !== 'string') invalidDelta(i, `append needs a string at its path, found ${describeType(current)}`);
  return current + text;
}

/**
 * The value after applying `deltas` (from one snapshot) to `previous`, the value of the snapshot
 * before it. `previous` is not modified: changed containers are copied, the rest is shared.
 *
 * @throws JsonMendError `INVALID_ARGUMENT` for a malformed delta (unknown `op`, missing `value` or
 *   `text`, a path through a scalar, `append` to something that is not a string)
 */
export function applyDeltas(previous: unknown, deltas: readonly Delta[]): unknown {
  if (!Array.isArray(deltas)) throw new JsonMendError('INVALID_ARGUMENT', `deltas must be an array, got ${describeType(deltas)}`);
  let root = previous;
  const copied = new Set<unknown>();
  for (let i = 0; i < deltas.length; i++) {
    const d: unknown = deltas[i];
    checkDelta(d, i);
    if (d.op === 'complete') continue;
    if (d.path === '') {
      root = d.op === 'append' ? appended(root, d.text, i) : d.value;
      continue;
    }
    const segs = d.path.slice(1).split('/').map(unescape);
    if (!copied.has(root)) {
      root = copy(root, i);
      copied.add(root);
    }
    let node = root as Record<string, unknown>;
    for (let s = 0; s < segs.length - 1; s++) {
      let child = hasOwnProperty.call(node, segs[s]) ? node[segs[s]] : undefined;
      if (!copied.has(child)) {
        child = copy(child, i);
        copied.add(child);
        setMember(node, segs[s], child);
      }
      node = child as Record<string, unknown>;
    }
    const last = segs[segs.length - 1];
    const value = d.op === 'append' ? appended(hasOwnProperty.call(node, last) ? node[last] : undefined, d.text, i) : d.value;
    if (Array.isArray(node) && d.op === 'add' && last === String(node.length)) node.push(value);
    else setMember(node, last, value);
  }
  return root;
}
