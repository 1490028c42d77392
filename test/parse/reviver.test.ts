// parse(text, reviver, options?): JSON.parse's reviver as the second argument (issue 20), so swapping
// JSON.parse for parse is a one-word change; parse(text, options) keeps working.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonMendError, parse, type Reviver } from '../../src/index.js';

/** A reviver that logs every call (holder's keys, key, value) and doubles numbers. */
function logging(): { reviver: Reviver; calls: string[] } {
  const calls: string[] = [];
  const reviver: Reviver = function (this: unknown, key, value) {
    calls.push(`${JSON.stringify(Object.keys(this as object))} ${JSON.stringify(key)} ${JSON.stringify(value)}`);
    return typeof value === 'number' ? value * 2 : value;
  };
  return { reviver, calls };
}

describe('parse(text, reviver)', () => {
  const texts = ['{"a": 1, "b": [1, {"c": 2}], "d": {"e": null}}', '[1, [2, [3]]]', '5', '"s"', '{}', '{"__proto__": 1, "x": {"__proto__": {"y": 2}}}'];
  for (const text of texts) {
    test(`the same calls, in the same order, and the same value as JSON.parse: ${text}`, () => {
      const ours = logging();
      const theirs = logging();
      const value = parse(text, ours.reviver);
      assert.deepEqual(value, JSON.parse(text, theirs.reviver));
      assert.deepEqual(ours.calls, theirs.calls);
    });
  }

  test('returning undefined deletes the key, as JSON.parse does (array holes included)', () => {
    const drop: Reviver = (key, value) => (key === 'x' || key === '1' ? undefined : value);
    const text = '{"x": 1, "y": [0, 1, 2]}';
    assert.deepEqual(parse(text, drop), JSON.parse(text, drop));
    assert.equal(1 in (parse<{ y: unknown[] }>(text, drop).y), false);
  });

  test('a date reviver on a damaged reply', () => {
    const dates: Reviver = (key, value) => (key.endsWith('At') && typeof value === 'string' ? new Date(value) : value);
    const value = parse<{ createdAt: Date; n: number }>("Here you go: {createdAt: '2024-01-02T03:04:05Z', n: 1,}", dates);
    assert.ok(value.createdAt instanceof Date);
    assert.equal(value.createdAt.toISOString(), '2024-01-02T03:04:05.000Z');
    assert.equal(value.n, 1);
  });

  test('options come third', () => {
    const seen: string[] = [];
    const keys: Reviver = (key, value) => {
      seen.push(key);
      return value;
    };
    let repaired = 0;
    const value = parse('{"a": "5",}', keys, { schema: { type: 'object', properties: { a: { type: 'integer' } } }, onRepair: (r) => (repaired = r.length) });
    assert.deepEqual(value, { a: 5 }, 'the reviver sees the value after schema repair');
    assert.deepEqual(seen, ['a', '']);
    assert.equal(repaired, 2);
    assert.throws(() => parse('[1, 2]', keys, { maxLength: 3 }), (e: unknown) => e instanceof JsonMendError && e.code === 'TOO_LARGE');
    assert.throws(() => parse('{"a": {"b": 1}}', keys, { maxDepth: 1 }), (e: unknown) => e instanceof JsonMendError && e.code === 'TOO_DEEP');
  });

  test('parse(text, options) and parse(text) still work; null or undefined stand for no reviver', () => {
    assert.deepEqual(parse('{"a": 1,}', { strict: false }), { a: 1 });
    assert.deepEqual(parse('{"a": 1,}'), { a: 1 });
    assert.deepEqual(parse('{"a": 1}', null), { a: 1 });
    assert.deepEqual(parse('{"a": 1}', undefined, { strict: true }), { a: 1 });
    assert.deepEqual(parse('{"a": 1}', null, { maxLength: 100 }), { a: 1 });
  });

  test('a second argument that is neither a reviver nor options is INVALID_ARGUMENT', () => {
    const bad = (f: () => unknown) => assert.throws(f, (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT');
    bad(() => parse('1', 5 as never));
    bad(() => parse('1', {} as never, {}));
  });

  test('an error thrown by the reviver reaches the caller as it is', () => {
    const boom = new Error('from the reviver');
    assert.throws(() => parse('{"a": 1', () => { throw boom; }), (e: unknown) => e === boom);
  });

  test('deep nesting: no stack overflow', () => {
    const depth = 100_000;
    const text = '['.repeat(depth) + ']'.repeat(depth - 1); // cut off: the engine reads it
    let calls = 0;
    parse(text, (_key, value) => {
      calls++;
      return value;
    });
    assert.equal(calls, depth);
  });
});
