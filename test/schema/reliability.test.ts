// The schema stage never overflows the stack, repairs every site of a large value, and blames the
// right party: INVALID_SCHEMA for a schema that cannot be used, the reply's errors for the reply.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { JsonMendError } from '../../src/errors.js';
import { SchemaError, coerce, coerceAsync, parse, parseAsync, parseWithReport, type SchemaRepair } from '../../src/schema/index.js';

const code = (expected: string) => (e: unknown) => {
  assert.ok(e instanceof JsonMendError, `expected a JsonMendError, got ${String(e)}`);
  assert.equal(e.code, expected, e.message);
  return true;
};

describe('no recursion on the call stack', () => {
  test('a value 20,000 levels deep that fails validation is TOO_DEEP, not a stack overflow', () => {
    const deep = '{"a":'.repeat(20_000) + '"x"' + '}'.repeat(20_000);
    const schema = { $ref: '#/$defs/n', $defs: { n: { anyOf: [{ type: 'integer' }, { type: 'object', properties: { a: { $ref: '#/$defs/n' } } }] } } };
    assert.throws(() => parse(deep, { schema }), code('TOO_DEEP'));
    assert.throws(() => coerce(JSON.parse(deep), schema), code('TOO_DEEP'));
  });
  test('a deep value that fails at its root is a SchemaError whose issue renders the value short', () => {
    const deep = '['.repeat(20_000) + '1' + ']'.repeat(20_000);
    assert.throws(() => parse(deep, { schema: { type: 'string' } }), (e: unknown) => e instanceof SchemaError && e.issues[0].received === '[…]');
  });
  test('150,001 items repaired in one value (string[] given numbers)', () => {
    const text = '[' + '1,'.repeat(150_000) + '1]';
    const { value, repairs } = parseWithReport(text, { schema: { type: 'array', items: { type: 'string' } } });
    assert.equal((value as string[]).length, 150_001);
    assert.ok((value as unknown[]).every((x) => x === '1'));
    assert.equal(repairs.length, 150_001);
  });
});

describe('union repairs reach every site', () => {
  const union = { anyOf: [{ type: 'integer' }, { type: 'boolean' }] };
  test('an array of 1,601 anyOf items, each written as a string', () => {
    const items = Array.from({ length: 1601 }, (_, i) => (i % 2 ? `"${i}"` : '"true"'));
    const value = parse('[' + items.join(',') + ']', { schema: { type: 'array', items: union } }) as unknown[];
    assert.equal(value.length, 1601);
    assert.ok(value.every((x, i) => (i % 2 ? x === i : x === true)));
  });
  test('additionalProperties with anyOf over 801 properties', () => {
    const text = '{' + Array.from({ length: 801 }, (_, i) => `"k${i}": "${i}"`).join(',') + '}';
    const value = parse(text, { schema: { type: 'object', additionalProperties: union } }) as Record<string, unknown>;
    assert.equal(Object.keys(value).length, 801);
    assert.equal(value.k800, 800);
  });
  test('oneOf sites too', () => {
    const value = coerce(Array.from({ length: 900 }, () => '7'), { type: 'array', items: { oneOf: [{ type: 'integer' }, { type: 'boolean' }] } });
    assert.deepEqual(value, Array.from({ length: 900 }, () => 7));
  });
});

describe('a lone surrogate in a property name is the reply\'s problem', () => {
  const schema = { type: 'object', additionalProperties: { type: 'integer' } };
  test('with a failing value: SCHEMA_MISMATCH naming the key, not INVALID_SCHEMA', () => {
    assert.throws(() => parse('{"a\\ud800": "x"}', { schema }), (e: unknown) => {
      assert.ok(e instanceof SchemaError, String(e));
      assert.equal(e.issues[0].path, '/a\ud800');
      assert.match(e.issues[0].expected, /well-formed Unicode/);
      return true;
    });
  });
  test('with a valid value: the value, untouched', () => {
    const value = parse('{"a\\udc00b": 1}', { schema }) as Record<string, unknown>;
    assert.deepEqual(Object.keys(value), ['a\udc00b']);
  });
});

describe('a schema that cannot be used is INVALID_SCHEMA, at every door', () => {
  const std = (validate: unknown) => ({ '~standard': { version: 1, vendor: 'test', validate } });
  const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
  (cyclic.properties as Record<string, unknown>).a = cyclic;
  const cases: Array<[string, unknown, object?]> = [
    ['issues that are a string', std(() => ({ issues: 'x' }))],
    ['an issue that is null', std(() => ({ issues: [null] }))],
    ['an issue whose path is not an array', std(() => ({ issues: [{ message: 'm', path: 'a' }] }))],
    ['an empty result', std(() => ({}))],
    ['a result that is not an object', std(() => 42)],
    ['a ~standard getter that throws', { get '~standard'() { throw new Error('boom'); } }],
    ['a ~standard without a validate function', { '~standard': { version: 1, vendor: 'x', validate: 5 } }],
    ['type: 5', { type: 5 }],
    ['a type name that does not exist', { properties: { a: { type: 'integr' } } }],
    ['a function inside', { type: 'object', properties: { a: () => 1 } }],
    ['a cycle', cyclic],
    ["draft: 'x'", { type: 'object' }, { draft: 'x' }],
  ];
  for (const [name, schema, extra] of cases) {
    test(name, async () => {
      const options = { schema, ...extra } as never;
      assert.throws(() => parse('{"a": 1}', options), code('INVALID_SCHEMA'));
      assert.throws(() => parseWithReport('{"a": 1}', options), code('INVALID_SCHEMA'));
      await assert.rejects(parseAsync('{"a": 1}', options), code('INVALID_SCHEMA'));
      assert.throws(() => coerce({ a: 1 }, schema as never, extra as never), code('INVALID_SCHEMA'));
      await assert.rejects(coerceAsync({ a: 1 }, schema as never, extra as never), code('INVALID_SCHEMA'));
    });
  }
  test('an asynchronous result that is malformed too', async () => {
    await assert.rejects(parseAsync('{}', { schema: std(async () => ({ issues: 'x' })) as never }), code('INVALID_SCHEMA'));
  });
  test('data keywords may hold anything, including an object with a "type"', () => {
    assert.deepEqual(parse('{}', { schema: { type: 'object', default: { type: 5 }, examples: [{ type: 1 }] } }), {});
    assert.deepEqual(parse('{"type": 1}', { schema: { type: 'object', properties: { type: { type: 'integer' } } } }), { type: 1 });
  });
});

describe('limits and wording', () => {
  test('a JSON string unwrapped by a repair respects maxDepth', () => {
    const schema = { type: 'object', properties: { a: { type: 'array' } } };
    const text = JSON.stringify({ a: '['.repeat(50) + ']'.repeat(50) });
    assert.throws(() => parse(text, { schema, maxDepth: 10 }), code('TOO_DEEP'));
    assert.throws(() => coerce(JSON.parse(text), schema, { maxDepth: 10 }), code('TOO_DEEP'));
    const ok = parseWithReport(JSON.stringify({ a: '[[1]]' }), { schema, maxDepth: 3 });
    assert.deepEqual(ok.value, { a: [[1]] });
    assert.deepEqual((ok.repairs as SchemaRepair[]).map((r) => r.kind), ['unwrap_json_string']);
  });
  test('feedback says "integer" for an integer field of a Zod schema', () => {
    const schema = z.object({ n: z.int(), m: z.array(z.int()) });
    assert.throws(() => parse('{"n": "x", "m": [1.5]}', { schema }), (e: unknown) => {
      assert.ok(e instanceof SchemaError);
      const feedback = e.toFeedback();
      assert.match(feedback, /\/n: expected integer, got "x"/);
      assert.match(feedback, /\/m\/0: expected integer, got 1\.5/);
      return true;
    });
  });
  test('onRepair that is not a function is INVALID_ARGUMENT', () => {
    assert.throws(() => parse('[1,]', { onRepair: 42 as never }), code('INVALID_ARGUMENT'));
    assert.throws(() => parse('[1]', { schema: {}, onRepair: 'x' as never }), code('INVALID_ARGUMENT'));
  });
});
