import { strict as assert } from 'node:assert';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { JsonMendError, canonicalize } from '../../src/index.js';
import { corpus, thrownCode } from '../helpers.js';

const jcs = corpus('jcs');
describe('RFC 8785 vectors', { skip: jcs.skip }, () => {
  const names = jcs.path === undefined ? [] : readdirSync(join(jcs.path, 'input'));
  test('vectors are present', () => assert.ok(names.length >= 6));
  for (const name of names) {
    test(name, () => {
      const dir = jcs.path!;
      const got = canonicalize(JSON.parse(readFileSync(join(dir, 'input', name), 'utf8')));
      assert.equal(got, readFileSync(join(dir, 'output', name), 'utf8'));
      const hex = readFileSync(join(dir, 'outhex', name.replace(/\.json$/, '.txt')), 'utf8').replace(/\s+/g, '');
      assert.equal(Buffer.from(got, 'utf8').toString('hex'), hex);
    });
  }
});

describe('canonicalize', () => {
  test('numbers in ECMAScript form', () => {
    assert.equal(canonicalize([-0, 1e21, 1e-7, 0.1 + 0.2, 5e-324, 100]), '[0,1e+21,1e-7,0.30000000000000004,5e-324,100]');
  });
  test('keys sorted by UTF-16 code units, not code points or locale', () => {
    assert.equal(canonicalize({ '\uff61': 1, '\ud83d\ude00': 2, b: 3, B: 4, '10': 5, '9': 6 }), '{"10":5,"9":6,"B":4,"b":3,"😀":2,"｡":1}');
  });
  test('toJSON is honoured', () => assert.equal(canonicalize({ d: new Date(0) }), '{"d":"1970-01-01T00:00:00.000Z"}'));
  test('non-JSON values are INVALID_ARGUMENT', () => {
    for (const bad of [NaN, Infinity, undefined, () => 1, Symbol('s'), 1n, { a: undefined }, [1, NaN], '\ud800']) {
      assert.throws(() => canonicalize(bad), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT');
    }
  });
  test('cycles end in INVALID_ARGUMENT, not a hang or stack overflow', () => {
    const a: unknown[] = [];
    a.push(a);
    assert.throws(() => canonicalize(a), { code: 'INVALID_ARGUMENT' });
  });
  test('deep values do not overflow the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 50_000; i++) deep = { a: [deep] };
    assert.equal(canonicalize(deep).length, 50_000 * 8 + 1);
  });
  test('property: parse(canonicalize(v)) equals v, and is idempotent', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      const text = canonicalize(v);
      assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(v)));
      assert.equal(canonicalize(JSON.parse(text)), text);
    }), { seed: 423910845, numRuns: 300 });
  });
});

describe('canonicalize: values JSON.stringify accepts, and values that break while read (issue 23)', () => {
  test('a boxed bigint or symbol is refused as the primitive is, not written as {}', () => {
    for (const v of [Object(1n), [Object(Symbol('s'))], { a: Object(2n) }]) {
      assert.throws(() => canonicalize(v), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT' && /(bigint|symbol) is not a JSON value/.test(e.message));
    }
  });
  test('boxed primitives are read as their primitive, as JSON.stringify does', () => {
    assert.equal(canonicalize(new String('s')), '"s"');
    assert.equal(canonicalize(new Number(5)), '5');
    assert.equal(canonicalize(new Boolean(false)), 'false');
    const mixed = { b: [new Number(1), new String('x')], a: new Boolean(true) };
    assert.equal(canonicalize(mixed), '{"a":true,"b":[1,"x"]}');
    assert.equal(canonicalize(JSON.parse(JSON.stringify(mixed))), canonicalize(mixed));
  });
  test('toJSON gets the key, as with JSON.stringify', () => {
    const keyed = { toJSON: (key: string) => `key:${key}` };
    assert.equal(canonicalize({ a: keyed, b: [keyed] }), JSON.stringify({ a: keyed, b: [keyed] }));
  });
  test('a throwing toJSON or getter is INVALID_ARGUMENT with the original error as cause', () => {
    const boom = new Error('boom');
    for (const [value, where] of [
      [{ toJSON() { throw boom; } }, 'the value'],
      [{ a: { get x() { throw boom; } } }, 'at .a.x'],
      [[1, { toJSON() { throw boom; } }], 'at [1]'],
    ] as const) {
      assert.throws(() => canonicalize(value), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT' && e.cause === boom && e.message.includes(where));
    }
  });
  test('a value that contains itself is INVALID_ARGUMENT, found at once', () => {
    const a: Record<string, unknown> = { x: 1 };
    a.self = { again: a };
    assert.throws(() => canonicalize(a), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT' && /cycle/.test(e.message) && /self\.again/.test(e.message));
    const shared = { s: 1 };
    assert.equal(canonicalize([shared, shared]), '[{"s":1},{"s":1}]');
  });
});

describe('canonicalize: values JSON cannot hold faithfully are errors, not {} (path probe L3)', () => {
  test('Map, Set, typed arrays, invalid Date: INVALID_ARGUMENT naming where', () => {
    for (const v of [new Map([['a', 1]]), new Set([1]), new Uint8Array([1, 2]), new DataView(new ArrayBuffer(2)), /x/, new Error('e')]) {
      assert.equal(thrownCode(() => canonicalize({ a: [v] })), 'INVALID_ARGUMENT', Object.prototype.toString.call(v));
      assert.throws(() => canonicalize({ a: [v] }), /at \.a\[0\]/);
    }
    assert.throws(() => canonicalize({ d: new Date(NaN) }), (e: unknown) => (e as { code?: string }).code === 'INVALID_ARGUMENT' && /at \.d: an invalid Date/.test(String(e)));
  });
  test('valid Dates, boxed primitives and plain class instances are written as JSON.stringify writes them', () => {
    assert.equal(canonicalize({ d: new Date(0) }), '{"d":"1970-01-01T00:00:00.000Z"}');
    assert.equal(canonicalize([new String('s'), new Number(5)]), '["s",5]');
    assert.equal(canonicalize(new (class { x = 1; })()), '{"x":1}');
  });
});
