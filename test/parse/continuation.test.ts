// Found in session 7 by probing, not yet fixed (the engine stayed frozen for the fuzz hour): after a
// stray closer, text that goes on as the same JSON value (`, "key": …}` or `, value]`) is set aside
// as surrounding text, so the value looks complete while members are gone. The one-closer case
// (`{"a": 1}, "b": 2}`, early_closer) and two values side by side (concatenated_values) keep
// everything; these do not. Each is a todo until the engine keeps the continuation; the property to
// add with the fix: a stray closer inserted after any closer of a valid document loses no scalar.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse, parseWithReport } from '../../src/index.js';

const cases: [text: string, value: unknown][] = [
  ['{"a": 1}}, "b": 2}', { a: 1, b: 2 }],
  ['{"a": {"b": 1}}}, "c": 2}', { a: { b: 1 }, c: 2 }],
  ['{"a": [1, 2]]], "b": 3}', { a: [1, 2], b: 3 }],
  ['[1, 2], 3]', [1, 2, 3]],
  ['[1, 2]], 3]', [1, 2, 3]],
];

for (const [text, value] of cases) {
  test(`keeps what follows a stray closer: ${text}`, { todo: 'set aside as surrounding_text today (session 7 note)' }, () => {
    assert.deepEqual(parse(text), value);
  });
}

test('the cases that already keep their continuation stay so', () => {
  assert.deepEqual(parse('{"a": 1}, "b": 2}'), { a: 1, b: 2 });
  assert.deepEqual(parseWithReport('{"a": 1}, "b": 2}').repairs.map((r) => r.kind), ['early_closer']);
  assert.deepEqual(parse('{"a":1}, {"b":2}'), [{ a: 1 }, { b: 2 }]);
});
