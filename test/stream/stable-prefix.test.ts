// Where the stream and parse could disagree on the way (session 42): a member shown that end() drops,
// and the two documented exceptions where only the reply's end decides (docs/stream.md, "exceptions
// to the stable prefix" (5) and (6)).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from '../../src/schema/index.js';
import { repair } from '../../src/parse/index.js';
import { createStreamParser, type Delta } from '../../src/stream/index.js';
import { chunk, stream, streamsAs } from './check.js';

/** parse, repair and the stream in 1-char, 3-char and random chunks all read `text` as `want`; snapshots grow into it. */
function agrees(text: string, want: unknown): void {
  streamsAs(text, want);
  assert.deepEqual(JSON.parse(repair(text)), want, `repair(${JSON.stringify(text)})`);
}

/** The distinct values the snapshots showed, and the final snapshot's deltas, for `text` in chunks of `size`. */
function shown(text: string, size: number): { values: unknown[]; final: readonly Delta[]; value: unknown } {
  const p = createStreamParser({ deltas: true });
  const values: unknown[] = [];
  for (const c of chunk(text, size)) {
    const v = p.push(c).value;
    if (v !== undefined && JSON.stringify(v) !== JSON.stringify(values.at(-1))) values.push(v);
  }
  const value = p.end();
  assert.equal(p.snapshot.complete, true);
  assert.deepEqual(p.snapshot.value, value);
  return { values, final: p.snapshot.deltas ?? [], value };
}

describe('a value in prose ends where its brackets close, unless it closes again', () => {
  test('`[] Answer:` after a marker: no member is shown that end() drops', () => {
    // The engine read the `]` as an opener written as a closer, `Answer:` as the member of an object
    // whose `{` it was; extraction's span reaches past that `]` only if the value closes again.
    // Before: snapshots `[]` then `[{}]`, end() `[]`.
    for (const reply of ['<think>ok</think> [Note] [] Answer:', '[Note] [] Answer:', '[Note] [] "a": 1', 'Here: []"a": 1']) {
      agrees(reply, []);
      for (const size of [1, 3]) assert.deepEqual(shown(reply, size).values, [[]], reply);
    }
  });

  test('elements or members after where the value first closed wait for it to close again', () => {
    agrees('Here: [1, 2], 3, 4', [1, 2]);
    agrees('Here: {"a": 1}, 3, 4', { a: 1 });
    agrees('Here: {"a": []}, 3, 4', { a: [] });
    agrees('Here: {"a": 1}}, "b": "xyz', { a: 1 });
    // Closed again: the value is what the engine read, shown once the text after the closer says so.
    agrees('Here: [1, 2], 3, 4] ok.', [1, 2, 3, 4]);
    agrees('Here: {"a": []}, 3, 4]} and more text.', { a: [3, 4] });
    agrees('Here: []"a": 1}] and more text.', [{ a: 1 }]);
    agrees('Here: {"a": 1}}, "b": "xyz"} and more text.', { a: 1, b: 'xyz' });
    assert.deepEqual(shown('Here: {"a": []}, 3, 4]} and more text.', 1).values, [{}, { a: [] }, { a: [3, 4] }]);
  });

  test('read in one push, the value as it first closed is shown, with its deltas', () => {
    for (const [text, first] of [['Here: [1, 2], 3, 4', [1, 2]], ['Here: {"a": []}, 3, 4', { a: [] }], ['Here: {"a": 1}, 3, 4', { a: 1 }], ['<think>ok</think> [Note] [] Answer:', []]] as const) {
      // stream() checks that the deltas turn the previous value into each snapshot's.
      const run = stream([text, ' and more']);
      assert.deepEqual(run.snapshots.map((s) => s.value), [first, first], text);
      assert.deepEqual(run.value, parse(text + ' and more'));
    }
    const p = createStreamParser({ deltas: true });
    assert.deepEqual(p.push('Here: [1, 2], 3, 4').deltas, [{ op: 'add', path: '', value: [] }, { op: 'set', path: '/0', value: 1 }, { op: 'set', path: '/1', value: 2 }]);
    assert.deepEqual(p.push(']').deltas, []);
    assert.deepEqual(p.push(' ok, and more text.').value, [1, 2, 3, 4]);
  });

  test('the common cases are not delayed', () => {
    agrees('[Note] [1, 2] Answer:', [1, 2]);
    agrees('<think>ok</think> [Note] [1, 2] Answer:', [1, 2]);
    assert.deepEqual(shown('Sure: {"a": [1, 2], "b": "x"}', 1).values, [{}, { a: [] }, { a: [1] }, { a: [1, 2] }, { a: [1, 2], b: 'x' }]);
  });

  test('a labelled answer after the value: the snapshots show the value, end() replaces the root with it (exception 5)', () => {
    // A reply that starts with the value too: it was read whole as `[{"Answer": {"a": 1}}]`, the `]`
    // an opener written as a closer, until session 42 read the label after it as prose
    // (test/parse/continuation.test.ts).
    for (const reply of ['<think>ok</think> [] Answer: {"a":1}', '[] Answer: {"a":1}']) {
      assert.deepEqual(parse(reply), { a: 1 });
      assert.deepEqual(JSON.parse(repair(reply)), { a: 1 });
      for (const size of [1, 3]) {
        const s = shown(reply, size);
        assert.deepEqual(s.values, [[]], 'never the label read as a member');
        assert.deepEqual(s.final, [{ op: 'set', path: '', value: { a: 1 } }, { op: 'complete', path: '' }]);
      }
    }
  });
});

describe('exceptions to the stable prefix that only the reply\'s end decides', () => {
  test('(5) a code fence after a value in prose: end() gives the fence\'s value, with delta set ""', () => {
    const reply = 'Some prose: {"a":1}\n```json\n{"b":2}\n```';
    assert.deepEqual(parse(reply), { b: 2 });
    assert.deepEqual(JSON.parse(repair(reply)), { b: 2 });
    for (const size of [1, 3]) {
      const s = shown(reply, size);
      assert.deepEqual(s.values, [{}, { a: 1 }]);
      assert.deepEqual(s.value, { b: 2 });
      assert.deepEqual(s.final, [{ op: 'set', path: '', value: { b: 2 } }, { op: 'complete', path: '' }]);
    }
    // A labelled answer after a value the reply starts with: `a` changes at end().
    const labelled = '{"a": 0}\nAnswer: {"a": 1}';
    assert.deepEqual(parse(labelled), { a: 1 });
    const s = shown(labelled, 3);
    assert.deepEqual(s.values, [{}, { a: 0 }]);
    assert.deepEqual(s.final, [{ op: 'set', path: '', value: { a: 1 } }, { op: 'complete', path: '' }]);
  });

  test('(1), (5) values one per line after a label: the snapshots show the first, end() the array of all, with delta set ""', () => {
    // Extraction reads the lines as one run (test/parse/json-lines-in-prose.test.ts); the stream, reading
    // a value in prose, ends it where its brackets close, and only the reply's end gives the run.
    for (const [reply, first, all] of [
      ['Here are the records:\n{"a":1}\n{"a":2}', [{}, { a: 1 }], [{ a: 1 }, { a: 2 }]],
      ['Here: {"a": 1}\n{"b": 2}', [{}, { a: 1 }], [{ a: 1 }, { b: 2 }]],
      ['Records:\n[1, 2]\n[3]', [[1], [1, 2]], [[1, 2], [3]]],
      // A lone `[12]` is no value until the reply ends (a citation as often): the next array is shown.
      ['Records:\n[1]\n[2, 3]', [[2], [2, 3]], [[1], [2, 3]]],
      ['Records: [1]\n[2]', [], [[1], [2]]],
    ] as const) {
      assert.deepEqual(parse(reply), all);
      assert.deepEqual(JSON.parse(repair(reply)), all);
      for (const size of [1, 3]) {
        const s = shown(reply, size);
        assert.deepEqual(s.values, first, `${reply} in ${size}-character chunks`);
        assert.deepEqual(s.final, [{ op: 'set', path: '', value: all }, { op: 'complete', path: '' }]);
      }
    }
  });

  test('(6) a LaTeX command in a string of a document that ends valid: end() reads the escape as JSON does, with delta set ""', () => {
    // One backslash: valid JSON, a form feed and `rac`. Until the text ends, the stream cannot know
    // it will be valid, and keeps the backslash as the LaTeX repair does (parse/latex.ts).
    const reply = '{"a":"\\frac{1}{2}"}';
    assert.deepEqual(parse(reply), JSON.parse(reply));
    assert.deepEqual(parse(reply), { a: '\frac{1}{2}' });
    for (const size of [1, 3]) {
      const s = shown(reply, size);
      assert.deepEqual(s.values.at(-1), { a: '\\frac{1}{2' });
      assert.deepEqual(s.value, { a: '\frac{1}{2}' });
      assert.deepEqual(s.final, [{ op: 'set', path: '', value: { a: '\frac{1}{2}' } }, { op: 'complete', path: '' }]);
    }
    // Not valid as a whole: the backslash stays, and the string only grew.
    const cut = '{"a":"\\frac{1}{2}", "b": tru';
    assert.deepEqual(parse(cut), { a: '\\frac{1}{2}', b: true });
    const run = stream(chunk(cut, 1));
    assert.deepEqual(run.value, { a: '\\frac{1}{2}', b: true });
  });
});
