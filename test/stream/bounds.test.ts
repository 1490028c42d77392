// Bounds found by the reliability sweep (issue 13, 23): deep nesting must not make snapshots or deltas
// cost the square of the input, and parsePartial reads the text as it stands.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from '../../src/index.js';
import { SHOWN_DEPTH, SHOWN_PATH } from '../../src/stream/tree.js';
import { applyDeltas, createStreamParser, parsePartial } from '../../src/stream/index.js';
import { writeJson } from '../../src/parse/write-json.js';
import { jsonEqual } from '../helpers.js';
import { chunk } from './check.js';

function deltaText(text: string, size: number): { length: number; replayed: unknown; value: unknown } {
  const p = createStreamParser({ deltas: true });
  let length = 0;
  let replayed: unknown;
  for (const c of chunk(text, size)) {
    const snap = p.push(c);
    length += writeJson(snap.deltas).length;
    replayed = applyDeltas(replayed, snap.deltas ?? []);
    assert.ok(jsonEqual(replayed, snap.value));
  }
  const value = p.end();
  const last = p.snapshot;
  length += writeJson(last.deltas).length;
  replayed = applyDeltas(replayed, last.deltas ?? []);
  return { length, replayed, value };
}

test('deltas of deeply nested input stay proportional to the input', () => {
  const depth = 5000;
  const text = '{"a":'.repeat(depth) + '[1]' + '}'.repeat(depth);
  const { length, replayed, value } = deltaText(text, 4);
  assert.ok(jsonEqual(replayed, value));
  assert.ok(length < 40 * text.length, `deltas ${length} characters for ${text.length} characters of input`);
});

test('deltas under a long key stay proportional to the input', () => {
  const text = `{"${'k'.repeat(5000)}": [${'1,'.repeat(3000)}1], "s": "${'x'.repeat(4000)}"}`;
  const { length, replayed, value } = deltaText(text, 4);
  assert.deepEqual(replayed, value);
  assert.ok(length < 40 * text.length, `deltas ${length} characters for ${text.length} characters of input`);
});

test(`below ${SHOWN_DEPTH} levels a container appears once complete`, () => {
  const open = '['.repeat(SHOWN_DEPTH + 1);
  const p = createStreamParser({ eager: true });
  p.push(open + '1, 2');
  let node = p.snapshot.value as unknown[];
  for (let d = 1; d < SHOWN_DEPTH; d++) node = node[0] as unknown[];
  assert.deepEqual(node, [], 'the container at the cut-off depth is shown empty while open');
  p.push(']');
  node = p.snapshot.value as unknown[];
  for (let d = 1; d < SHOWN_DEPTH; d++) node = node[0] as unknown[];
  assert.deepEqual(node, [[1, 2]]);
  assert.deepEqual(p.end(), parse(open + '1, 2]'));
});

test(`with deltas, a string whose path passes ${SHOWN_PATH} characters is shown once complete`, () => {
  const key = 'k'.repeat(SHOWN_PATH);
  const p = createStreamParser({ deltas: true });
  assert.deepEqual(p.push(`{"${key}": "abc`).value, {});
  assert.deepEqual(p.push('def", "b": 1}').value, { [key]: 'abcdef', b: 1 });
});

test('parsePartial reads a complete bare string, literal or number as the value', () => {
  assert.equal(parsePartial('"abc"'), 'abc');
  assert.equal(parsePartial('true'), true);
  assert.equal(parsePartial('None'), null);
  assert.equal(parsePartial('42'), 42);
  assert.equal(parsePartial('  -1.5e3 '), -1500);
  assert.equal(parsePartial('Let me think'), undefined);
  assert.equal(parsePartial(''), undefined);
  // A bare number not complete as written is nothing yet, as in a container (`2.5e-` was 2.5).
  for (const cut of ['2.5e-', '1e', '-', '3.']) assert.equal(parsePartial(cut), undefined, cut);
});

test('parsePartial reads a number at the very end as complete; a stream holds it back', () => {
  assert.deepEqual(parsePartial('[1, 2'), [1, 2]);
  assert.deepEqual(parsePartial('{"a": 12'), { a: 12 });
  assert.deepEqual(parsePartial('{"a": "12'), { a: '12' });
  assert.deepEqual(parsePartial('{"a": 1.'), {});
  assert.deepEqual(parsePartial('[tru'), []);
  assert.deepEqual(createStreamParser().push('[1, 2').value, [1]);
});

test('parsePartial reads the complete values the engine still waits on (what follows a row\'s `]` decides how they are read)', () => {
  // After an array element, values up to `]` wait for what follows it: `, [` would make them a row.
  assert.deepEqual(createStreamParser().push('{"rows": [["a"], "b", "c"]').value, { rows: [['a']] });
  assert.deepEqual(parsePartial('{"rows": [["a"], "b", "c"]'), { rows: [['a'], 'b', 'c'] });
  assert.deepEqual(parsePartial('[[], "", n'), [[], '']);
  assert.deepEqual(parsePartial('[[], 1, 2.'), [[], 1]);
  assert.deepEqual(parsePartial('{"rows": [["a"], "b", "c"], ["d"]'), { rows: [['a'], ['b', 'c'], ['d']] });
});
