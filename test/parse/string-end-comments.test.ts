// A `//` inside a string whose inner quotes were not escaped (code in a value): finding F6 of session
// 36's differential hunt against jsonrepair. Read as a comment, it took the string's end, the members
// after it and the object's closer, reported only as `comment`. Real comments after a value stay
// comments. Each is checked with parse, repair and the stream in 1- and 3-character chunks.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseWithReport } from '../../src/index.js';
import { readsAs } from './reads.js';

describe('a // after an inner quote, whose line ends in the string\'s quote, is the string\'s text', () => {
  test('the members after it are kept', () => {
    // Before: {"c":"x = \"a"}, `n` lost, reported as a comment.
    readsAs('{"c": "x = "a"  // note", "n": 1}', { c: 'x = "a"  // note', n: 1 }, ['unescaped_quote', 'unescaped_quote']);
    readsAs('{\n  "c": "x = "a"  // note",\n  "n": 1\n}', { c: 'x = "a"  // note', n: 1 });
    readsAs('{\n  "c": "x = "a"  // note"\n}', { c: 'x = "a"  // note' });
    readsAs('["x = "a"  // note", "y"]', ['x = "a"  // note', 'y']);
    // Quotes of the code's own in the comment.
    readsAs('{"c": "x = "a"  // say "hi"", "n": 1}', { c: 'x = "a"  // say "hi"', n: 1 });
    // Cut off after it: the string is whole, the object reported cut off.
    const cut = parseWithReport('{"c": "x = "a"  // note", "n": 1');
    assert.deepEqual(cut.value, { c: 'x = "a"  // note', n: 1 });
    assert.ok(cut.repairs.some((r) => r.kind === 'truncated'));
  });

  test('real comments after a value stay comments', () => {
    readsAs('{"a": "x", // note\n "b": 1}', { a: 'x', b: 1 }, ['comment']);
    readsAs('{"a": "x" // note\n}', { a: 'x' }, ['comment']);
    readsAs('{"a": "x" // see "y"\n}', { a: 'x' }, ['comment']);
    // After a quotation in the string, a comment whose quoted words pair up.
    readsAs('{"a": "x "y" z" // see "q"\n}', { a: 'x "y" z' }, ['unescaped_quote', 'unescaped_quote', 'comment']);
    readsAs('{"a": "x "y" z" // note\n, "b": 1}', { a: 'x "y" z', b: 1 });
  });
});
