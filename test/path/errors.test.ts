import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { JsonMendError, PathError, excerptAt, query, verify } from '../../src/index.js';

describe('error excerpts', () => {
  test('a query that starts with a newline is a SYNTAX error, not a RangeError (issue 13)', () => {
    for (const q of ['\n', '\n$', '\n\n$.a', '\r\n$']) {
      assert.throws(() => query({}, q), (e: unknown) => e instanceof PathError && e.code === 'SYNTAX' && e.excerpt !== undefined, JSON.stringify(q));
    }
  });
  test('a JSONPath claim starting with a newline gives a failed claim, not a crash', () => {
    const r = verify({ mode: 'field', path: '\n$.a', pathSyntax: 'jsonpath', value: 1 }, { a: 1 });
    assert.equal(r.ok, false);
    assert.equal(r.code, 'SYNTAX');
  });
  test('the excerpt is built for any text and offset, the caret under the offset', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', '\n', '\r', '\t', 'b') }), fc.integer({ min: -3, max: 40 }), (text, offset) => {
      const excerpt = excerptAt(text, offset);
      const [shown, caret] = excerpt.split('\n');
      assert.equal(caret.trimStart(), '^');
      assert.ok(caret.length - 1 <= shown.length);
      const e = new JsonMendError('UNREPAIRABLE', 'x', { text, offset });
      assert.equal(e.excerpt, excerpt);
    }), { seed: 13, numRuns: 2000 });
  });
});
