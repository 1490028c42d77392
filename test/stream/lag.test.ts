// Long arrays: a shown change copies the open containers, so changes under wide ones are held back
// until the text pushed since the last shown change pays for the copy (8 slots per character). The
// total stays linear; `eager: true` shows every change at once.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from '../../src/schema/index.js';
import { createStreamParser } from '../../src/stream/index.js';
import { chunk, stream } from './check.js';

const items = Array.from({ length: 600 }, (_, i) => ({ id: i, name: `item number ${i}`, tags: ['a', 'b'] }));
const text = JSON.stringify({ items });
const parts = chunk(text, 4);

function values(options: { eager?: boolean }): unknown[] {
  const p = createStreamParser(options);
  return parts.map((c) => p.push(c).value);
}

function itemCount(v: unknown): number {
  return ((v as { items?: unknown[] } | undefined)?.items ?? []).length;
}

describe('held-back changes under wide arrays', () => {
  const eager = values({ eager: true });
  const lazy = values({});

  test('eager: every snapshot is the partial value of the text so far', () => {
    let prefix = '';
    parts.forEach((c, i) => {
      prefix += c;
      if (i % 97 === 0 || i === parts.length - 1) assert.deepEqual(eager[i], createStreamParser().push(prefix).value);
    });
  });

  test('each snapshot either repeats the last shown value or is fully up to date', () => {
    for (let i = 1; i < parts.length; i++) {
      if (lazy[i] !== lazy[i - 1]) assert.deepEqual(lazy[i], eager[i], `push ${i}`);
    }
  });

  test('nothing is held while the open containers are narrow; the hold is bounded by their width', () => {
    let held = 0;
    let heldAny = false;
    for (let i = 1; i < parts.length; i++) {
      const changed = JSON.stringify(eager[i]) !== JSON.stringify(eager[i - 1]);
      const shown = lazy[i] !== lazy[i - 1] || !changed;
      if (itemCount(eager[i]) < 16) assert.ok(shown, `push ${i} held a change with only ${itemCount(eager[i])} items open`);
      held = JSON.stringify(lazy[i]) === JSON.stringify(eager[i]) ? 0 : held + 1;
      if (held > 0) heldAny = true;
      // Slots open: the items, the members of the open item and its open array, the root's one key.
      const bound = Math.ceil((itemCount(eager[i]) + 8) / (8 * 4)) + 1;
      assert.ok(held <= bound, `push ${i}: ${held} pushes behind, more than ${bound}`);
    }
    assert.ok(heldAny, 'a 600-element array should hold some changes back');
  });

  test('snapshots keep growing, deltas reproduce them, and end() is parse()', () => {
    const run = stream(parts);
    assert.deepEqual(run.value, parse(text));
    assert.deepEqual(createStreamParser().push(text).value, parse(text), 'one big chunk pays for everything');
  });

  test('once the root closes, the whole value shows; end() completes it', () => {
    const p = createStreamParser();
    for (const c of parts) p.push(c);
    // The closers at the end are read once what follows them shows none was stray.
    p.push('\nDone.');
    assert.deepEqual(p.snapshot.value, parse(text));
    p.end();
    assert.equal(p.snapshot.complete, true);
    assert.deepEqual(p.snapshot.value, parse(text));
  });
});

describe('completion and issues are never held back', () => {
  test('a push that only closes containers reports their completion at once', () => {
    const p = createStreamParser({ deltas: true });
    p.push('{"a":{"b":{}');
    assert.deepEqual(p.push('}').deltas, [{ op: 'complete', path: '/a' }]);
    const q = createStreamParser({ deltas: true });
    q.push('[1, 2');
    q.push(']');
    // The root's completion comes with end(): a `</think>` in the prose may yet make the array reasoning.
    const last = q.push(' trailing prose');
    assert.equal(last.complete, false);
    q.end();
    assert.equal(q.snapshot.complete, true);
    assert.deepEqual(q.snapshot.deltas, [{ op: 'complete', path: '' }]);
  });

  test('a closer that may be stray waits for the next token: the root\'s, and an array\'s in an object', () => {
    // docs/stream.md, completion: `{"a": [1], 2]}` has a stray `]`, which only what follows shows.
    const p = createStreamParser({ deltas: true });
    p.push('{"a": [1, 2');
    assert.deepEqual(p.push(']').deltas, [{ op: 'set', path: '/a/1', value: 2 }]);
    assert.deepEqual(p.push(', "b"').deltas, []);
    assert.deepEqual(p.push(': 1').deltas, [{ op: 'complete', path: '/a' }]);
    const q = createStreamParser({ deltas: true });
    q.push('{"a": [1');
    q.push(']');
    q.push(', 2]}');
    assert.deepEqual(q.end(), { a: [1, 2] });
    // An array in an array, an object in an array or an object: at once.
    const r = createStreamParser({ deltas: true });
    r.push('[[1');
    assert.deepEqual(r.push(']').deltas, [{ op: 'set', path: '/0/0', value: 1 }, { op: 'complete', path: '/0' }]);
  });

  test('a schema issue of a subtree that closes is reported in that push', () => {
    const schema = { type: 'object', properties: { a: { type: 'object', required: ['z'] } } };
    const p = createStreamParser({ schema });
    p.push('{"a":{"b":{}');
    assert.equal((p.push('}').issues ?? []).length, 1);
  });
});
