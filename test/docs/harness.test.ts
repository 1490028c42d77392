// The docs harness itself: how `// →` promises are read and matched, how transcripts are split.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { outputMatches, transcriptOf } from './blocks.js';
import { instrument, matches, readPromise } from './expect.js';

describe('docs harness', () => {
  test('a promise is the longest leading value that evaluates; prose may follow', () => {
    assert.deepEqual(readPromise('{ a: 1 }   (the fast path)'), { kind: 'value', value: { a: 1 } });
    assert.deepEqual(readPromise('{ a: 1 } in O(n) total'), { kind: 'value', value: { a: 1 } });
    assert.deepEqual(readPromise("'{\"a\": 1 \\n}': the input's own layout"), { kind: 'value', value: '{"a": 1 \n}' });
    assert.deepEqual(readPromise('undefined: nothing has started'), { kind: 'value', value: undefined });
    assert.throws(() => readPromise('exactly what parse() returns'), /states no value/);
  });

  test('"throws" promises name a code', () => {
    assert.deepEqual(readPromise('throws JsonMendError (MISSING_KEY)'), { kind: 'throws', code: 'MISSING_KEY' });
    assert.deepEqual(readPromise('throws a JSON error: NO_JSON'), { kind: 'throws', code: 'NO_JSON' });
    assert.deepEqual(readPromise('throws SYNTAX'), { kind: 'throws', code: 'SYNTAX' });
  });

  test("'…' matches any string; otherwise keys and values must match exactly", () => {
    assert.ok(matches({ kind: 'x', detail: 'anything' }, { kind: 'x', detail: '…' }));
    assert.ok(!matches({ a: 1 }, { a: 1, b: 2 }));
    assert.ok(!matches({ a: 1, b: 2 }, { a: 1 }));
    assert.ok(!matches([1, 2], { 0: 1, 1: 2 }));
  });

  test('statements followed by // → are wrapped; the rest is left alone', () => {
    const { code, checks } = instrument('const x = f(1); // → 2\ng(\n  3,\n);\n// → 4\n//   more\nh(); // a comment', (l) => `L${l}`);
    assert.equal(checks, 2);
    assert.match(code, /^const x = await .*check\("L0", async \(\) => \(f\(1\)\), "2"\);/);
    assert.match(code, /check\("L1", async \(\) => \(g\(\n {2}3,\n\)\), "4\\n {2}more"\);/);
    assert.match(code, /\nh\(\); \/\/ a comment$/);
  });

  test('console transcripts: commands, continued lines, expected output; … inside a line matches anything', () => {
    const t = transcriptOf('$ echo a \\\n    | cat\na\n$ true\n$ printf "x y z"\nx … z');
    assert.deepEqual(t.map((c) => [c.command, c.expected]), [['echo a \\\n    | cat', 'a'], ['true', ''], ['printf "x y z"', 'x … z']]);
    assert.ok(outputMatches('x y z\n', 'x … z'));
    assert.ok(!outputMatches('x y', 'x … z'));
  });
});
