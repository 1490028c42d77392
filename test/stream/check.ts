// Shared checks for the stream tests: stable-prefix relations between values, and chunkings.
import assert from 'node:assert/strict';
import { applyDeltas, createStreamParser, type Snapshot, type StreamOptions } from '../../src/stream/index.js';
import { parse } from '../../src/index.js';

/** True when `a` can grow into `b`: same type, strings extend, containers keep every member (stably). */
export function grows(a: unknown, b: unknown): boolean {
  if (a === undefined) return true;
  if (typeof a === 'string') return typeof b === 'string' && b.startsWith(a);
  if (a === null || typeof a !== 'object') return Object.is(a, b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || b.length < a.length) return false;
    return a.every((x, i) => grows(x, b[i]));
  }
  if (b === null || typeof b !== 'object' || Array.isArray(b)) return false;
  const bo = b as Record<string, unknown>;
  return Object.keys(a).every((k) => Object.prototype.hasOwnProperty.call(bo, k) && grows((a as Record<string, unknown>)[k], bo[k]));
}

/** Splits `text` into chunks of `size` (0: random sizes from `seed`). */
export function chunk(text: string, size: number, seed = 1): string[] {
  const out: string[] = [];
  let s = seed >>> 0 || 1;
  for (let i = 0; i < text.length;) {
    let n = size;
    if (n === 0) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      n = 1 + (s % 9);
    }
    out.push(text.slice(i, i + n));
    i += n;
  }
  return out;
}

/** What the stream's `end()` gives for `text` pushed in chunks of `size` characters. */
export function streamedEnd(text: string, size: number): unknown {
  const p = createStreamParser();
  for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
  return p.end();
}

export interface Run {
  snapshots: Snapshot[];
  /** JSON copies taken when each snapshot was returned. */
  copies: string[];
  value?: unknown;
  error?: unknown;
}

/** Streams `chunks`, checking on the way: consecutive values grow, deltas reproduce, closed members keep identity. */
export function stream(chunks: readonly string[], options: StreamOptions = {}): Run {
  const p = createStreamParser({ deltas: true, ...options });
  const run: Run = { snapshots: [], copies: [] };
  let prev: unknown;
  for (const c of chunks) {
    const snap = p.push(c);
    if (!snap.error) {
      assert.ok(grows(prev, snap.value), `snapshot shrank or changed type: ${JSON.stringify(prev)} → ${JSON.stringify(snap.value)}`);
      assert.deepEqual(applyDeltas(prev, snap.deltas ?? []), snap.value, 'deltas did not reproduce the snapshot');
      sharesClosed(prev, snap.value);
    }
    run.snapshots.push(snap);
    run.copies.push(JSON.stringify(snap.value) ?? 'undefined');
    prev = snap.value;
  }
  try {
    run.value = p.end();
  } catch (e) {
    run.error = e;
  }
  // Earlier snapshots were never mutated.
  run.snapshots.forEach((s, i) => assert.equal(JSON.stringify(s.value) ?? 'undefined', run.copies[i], 'an earlier snapshot changed'));
  return run;
}

/** Every member of `a` but the last one (the only one that can still be open) is the same object in `b`. */
function sharesClosed(a: unknown, b: unknown): void {
  if (a === null || typeof a !== 'object' || a === b || b === null || typeof b !== 'object') return;
  if (Array.isArray(a)) {
    if (!Array.isArray(b)) return;
    for (let i = 0; i < a.length - 1; i++) assert.ok(a[i] === b[i] || typeof a[i] !== 'object', `element ${i} lost its identity`);
    if (a.length > 0) sharesClosed(a[a.length - 1], b[a.length - 1]);
    return;
  }
  // Integer-like keys do not keep insertion order, so find the one member that may have changed.
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const changed = Object.keys(a).filter((k) => ao[k] !== bo[k] && ao[k] !== null && typeof ao[k] === 'object');
  assert.ok(changed.length <= 1, `members ${changed.join(', ')} lost their identity`);
  if (changed.length === 1) sharesClosed(ao[changed[0]], bo[changed[0]]);
}

/**
 * `parse(text)` is `want`, and so is the stream's end() in chunks of each size (0: random sizes),
 * with no snapshot on the way showing an error or a value that does not grow into `want`.
 */
export function streamsAs(text: string, want: unknown, sizes: readonly number[] = [1, 3, 0]): void {
  assert.deepEqual(parse(text), want);
  for (const size of sizes) {
    const run = stream(chunk(text, size));
    assert.deepEqual(run.value, want);
    for (const s of run.snapshots) {
      assert.equal(s.error, undefined, `${JSON.stringify(text)} in chunks of ${size}`);
      assert.ok(grows(s.value, want), `${JSON.stringify(text)} in chunks of ${size}: showed ${JSON.stringify(s.value)}`);
    }
  }
}

