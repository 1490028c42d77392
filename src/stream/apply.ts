// Applying deltas: what a consumer does with them, and what the tests check them against.
import { JsonMendError } from '../errors.js';
import { setMember } from '../parse/sink.js';
import type { Delta } from './types.js';

function unescape(seg: string): string {
  return seg.indexOf('~') === -1 ? seg : seg.replace(/~1/g, '/').replace(/~0/g, '~');
}

function copy(node: unknown): unknown[] | Record<string, unknown> {
  if (Array.isArray(node)) return node.slice();
  if (node !== null && typeof node === 'object') return { ...(node as Record<string, unknown>) };
  throw new JsonMendError('INVALID_ARGUMENT', 'a delta path goes through a value that is not a container');
}

/**
 * The value after applying `deltas` (from one snapshot) to `previous`, the value of the snapshot
 * before it. `previous` is not modified: changed containers are copied, the rest is shared.
 */
export function applyDeltas(previous: unknown, deltas: readonly Delta[]): unknown {
  let root = previous;
  const copied = new Set<unknown>();
  for (const d of deltas) {
    if (d.op === 'complete') continue;
    if (d.path === '') {
      if (d.op === 'append') root = (root as string) + d.text;
      else root = d.value;
      continue;
    }
    const segs = d.path.slice(1).split('/').map(unescape);
    if (!copied.has(root)) {
      root = copy(root);
      copied.add(root);
    }
    let node = root as Record<string, unknown>;
    for (let i = 0; i < segs.length - 1; i++) {
      let child = (node as Record<string, unknown>)[segs[i]];
      if (!copied.has(child)) {
        child = copy(child);
        copied.add(child);
        setMember(node, segs[i], child);
      }
      node = child as Record<string, unknown>;
    }
    const last = segs[segs.length - 1];
    const value = d.op === 'append' ? (node[last] as string) + d.text : d.value;
    if (Array.isArray(node) && d.op === 'add' && last === String(node.length)) node.push(value);
    else setMember(node, last, value);
  }
  return root;
}
