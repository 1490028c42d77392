// The schema-aware front doors: parse, parseWithReport, parseAsync, coerce*, Standard Schemas,
// errors and feedback.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import * as v from 'valibot';
import { z } from 'zod';
import { JsonMendError } from '../../src/errors.js';
import type { ParseOptions, TextRepair } from '../../src/parse/types.js';
import {
  type Repair, type StandardSchemaV1, SchemaError, coerce, coerceAsync, coerceWithReport, formatFeedback, parse,
  parseAsync, parseWithReport,
} from '../../src/schema/index.js';

const tool = {
  type: 'object',
  properties: { paths: { type: 'array', items: { type: 'string' } }, limit: { type: 'integer' } },
  required: ['paths'],
} as const;

describe('parse without a schema', () => {
  test('returns the first candidate unchanged and calls no callback on valid input', () => {
    let calls = 0;
    assert.deepEqual(parse('{"a": [1, 2]}', { onRepair: () => calls++ }), { a: [1, 2] });
    assert.equal(calls, 0);
    assert.deepEqual(parseWithReport('[1]'), { value: [1], repairs: [] });
  });
  test('options typed as ParseOptions (what `repair` takes) are taken as they are, alone or with more (checked by tsc)', async () => {
    const seen: string[] = [];
    const options: ParseOptions = { onRepair: (repairs: readonly TextRepair[]) => seen.push(...repairs.map((r) => `${r.kind}@${r.offset}`)) };
    assert.deepEqual(parse('{a: 1,}', options), { a: 1 });
    assert.deepEqual(parse('{a: 1,}', null, options), { a: 1 });
    assert.deepEqual(parseWithReport('[1,]', { ...options, salvage: false }).value, [1]);
    assert.deepEqual(await parseAsync('[2,]', options), [2]);
    assert.deepEqual(seen, ['unquoted_key@1', 'trailing_comma@5', 'unquoted_key@1', 'trailing_comma@5', 'trailing_comma@2', 'trailing_comma@2']);
  });
  test('non-string text is INVALID_ARGUMENT', () => {
    assert.throws(() => parse(42 as unknown as string), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT');
  });
  test('no JSON at all is NO_JSON, never a guess', () => {
    assert.throws(() => parse('I cannot help with that.', { schema: tool }), (e: unknown) => e instanceof JsonMendError && e.code === 'NO_JSON');
  });
});

describe('parse with a JSON Schema', () => {
  test('valid input: the parsed value, no repairs, no callback', () => {
    let calls = 0;
    const r = parseWithReport('{"paths": ["a"], "limit": 3}', { schema: tool, onRepair: () => calls++ });
    assert.deepEqual(r, { value: { paths: ['a'], limit: 3 }, repairs: [] });
    assert.equal(calls, 0);
  });
  test('onRepair is called exactly once with every repair', () => {
    const seen: (readonly Repair[])[] = [];
    const value = parse('{"paths": "a.ts", "limit": "5"}', { schema: tool, onRepair: (r) => seen.push(r) });
    assert.deepEqual(value, { paths: ['a.ts'], limit: 5 });
    assert.equal(seen.length, 1);
    assert.deepEqual(seen[0].map((r) => r.kind), ['wrap_in_array', 'string_to_integer']);
  });
  test('a typed result with a type parameter', () => {
    const value = parse<{ paths: string[] }>('{"paths": "x"}', { schema: tool });
    assert.deepEqual(value.paths, ['x']);
  });
  test('a schema mismatch throws SchemaError with the original issues', () => {
    assert.throws(() => parse('{"paths": ["a"], "limit": "many"}', { schema: tool }), (e: unknown) => {
      assert.ok(e instanceof SchemaError);
      assert.ok(e instanceof JsonMendError);
      assert.equal(e.code, 'SCHEMA_MISMATCH');
      assert.equal(e.path, '/limit');
      assert.deepEqual(e.issues, [{ path: '/limit', expected: 'integer', received: '"many"', message: 'Instance type "string" is invalid. Expected "integer".' }]);
      return true;
    });
  });
  test('repaired text that still mismatches the schema: SchemaError listing the text repairs', () => {
    assert.throws(() => parse('{"paths": ["a"], "limit": "many",}', { schema: tool }), (e: unknown) => {
      assert.ok(e instanceof SchemaError, String(e));
      assert.deepEqual(e.issues.map((i) => i.path), ['/limit']);
      assert.deepEqual(e.repairs.map((r) => r.kind), ['trailing_comma']);
      assert.match(e.toFeedback(), /trailing_comma at line 1/);
      return true;
    });
  });
  test('an unusable schema is INVALID_SCHEMA', () => {
    assert.throws(() => parse('{}', { schema: 'object' as unknown as Record<string, unknown> }), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_SCHEMA');
    assert.throws(() => parse('{"a": 1}', { schema: { properties: { a: { $ref: '#/$defs/Missing' } } } }), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_SCHEMA');
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.self = cyclic;
    assert.throws(() => parse('{}', { schema: cyclic }), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_SCHEMA');
  });
  test("the caller's schema object is not modified", () => {
    const schema = { type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'integer' } } };
    const before = JSON.stringify(schema);
    parse('{"a": "1"}', { schema });
    assert.equal(JSON.stringify(schema), before);
    assert.deepEqual(Object.getOwnPropertyNames(schema.properties.a), ['$ref']);
  });
  test('boolean schemas', () => {
    assert.deepEqual(parse('[1]', { schema: true }), [1]);
    assert.throws(() => parse('[1]', { schema: false }), SchemaError);
  });
  test('damaged text and a schema: text repairs then schema repairs (needs the tolerant engine)', () => {
    const r = parseWithReport("{'paths': 'a.ts', 'limit': '2',}", { schema: tool });
    assert.deepEqual(r.value, { paths: ['a.ts'], limit: 2 });
    const kinds = r.repairs.map((x) => x.kind);
    assert.ok(kinds.includes('single_quotes') && kinds.includes('wrap_in_array') && kinds.includes('string_to_integer'));
  });
  test('with a schema, an example shape quoted earlier is skipped for the real answer (needs extraction)', () => {
    const schema = { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name', 'age'] };
    const reply = 'Use this format: {"name": "string", "age": "number"}\n\nHere is the answer:\n```json\n{"name": "Lin", "age": 31}\n```';
    assert.deepEqual(parse(reply, { schema }), { name: 'Lin', age: 31 });
  });
  test('a truncated reply that the schema rejects is an error, not a guess (needs the tolerant engine)', () => {
    const schema = { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'string' } }, required: ['a', 'b'] };
    assert.throws(() => parse('{"a": 1, "b": nu', { schema }), JsonMendError);
  });
  // langchainjs #2802: a reply cut off inside an optional string gave `{"name": "House", "description": ""}`,
  // which the schema accepts: a value that looked complete while the description was gone.
  // langchain #12667: a reply of numbers separated by commas, for an array of numbers (was NO_JSON).
  test('a reply that is nothing but numbers is the array of numbers a schema asks for', () => {
    const schema = { type: 'array', items: { type: 'integer' } };
    assert.deepEqual(parseWithReport('10,0,0,10,5', { schema }).value, [10, 0, 0, 10, 5]);
    assert.deepEqual(parseWithReport('10,0,0,10,5', { schema }).repairs.map((r) => r.kind), ['read_from_prose']);
    assert.deepEqual(parse('3 4 5', { schema }), [3, 4, 5]);
    assert.deepEqual(parse('```\n1,2,3\n```', { schema }), [1, 2, 3]);
    // One number with thousands' groups, a fraction for integers, words: no list.
    for (const reply of ['1,234', '1.5, 2', 'The scores are 1, 2, 3']) assert.throws(() => parse(reply, { schema }), JsonMendError);
  });
  test('a cut-off reply the schema accepts is refused at the cut, unless acceptTruncated', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string' }, description: { type: 'string' }, rooms: { type: 'array' } }, required: ['name'] };
    for (const reply of ['{"name": "House", "description": "', '{"name": "House", "rooms": [1, 2', 'Here: {"name": "House", "description": "A big']) {
      assert.throws(() => parse(reply, { schema }), (e: unknown) => e instanceof JsonMendError && e.code === 'REPAIR_REFUSED' && /cut off/.test(e.message) && e.offset === reply.length);
      await assert.rejects(parseAsync(reply, { schema }), { code: 'REPAIR_REFUSED' });
    }
    const { value, repairs } = parseWithReport('{"name": "House", "description": "A big', { schema, acceptTruncated: true });
    assert.deepEqual(value, { name: 'House', description: 'A big' });
    assert.deepEqual(new Set(repairs.map((r) => r.kind)), new Set(['truncated']));
    // Without a schema the parser takes it, and says so.
    assert.deepEqual(new Set(parseWithReport('{"name": "House", "description": "A big').repairs.map((r) => r.kind)), new Set(['truncated']));
  });
});

describe('Standard Schemas', () => {
  const User = z.object({ name: z.string(), age: z.int(), tags: z.array(z.string()).default([]) });
  test('Zod: validation and output come from the schema itself', () => {
    const value = parse('{"name": "Lin", "age": 31}', { schema: User });
    // The inferred output type: `tags` is string[] (filled by Zod's default).
    const tags: string[] = value.tags;
    assert.deepEqual(value, { name: 'Lin', age: 31, tags: [] });
    assert.deepEqual(tags, []);
  });
  test('Zod: repairs are guided by its Standard JSON Schema', () => {
    const r = parseWithReport('{"name": "Lin", "age": "31", "tags": "x"}', { schema: User });
    assert.deepEqual(r.value, { name: 'Lin', age: 31, tags: ['x'] });
    assert.deepEqual(r.repairs.map((x) => x.kind), ['string_to_integer', 'wrap_in_array']);
  });
  test('Zod: issues carry JSON Pointer paths and the expected shape', () => {
    assert.throws(() => parse('{"name": "Lin", "age": "old", "tags": [{"a": 1}]}', { schema: User }), (e: unknown) => {
      assert.ok(e instanceof SchemaError);
      assert.deepEqual(e.issues.map((i) => [i.path, i.expected]), [['/age', 'integer'], ['/tags/0', 'string']]);
      return true;
    });
  });
  test('Valibot (no JSON Schema converter): validated by its own validate, no repairs', () => {
    const schema = v.object({ n: v.number() });
    assert.deepEqual(parse('{"n": 1}', { schema }), { n: 1 });
    assert.throws(() => parse('{"n": "1"}', { schema }), SchemaError);
  });
  test('path segments given as { key } objects are normalised', () => {
    const custom: StandardSchemaV1<unknown, { a: number[] }> = {
      '~standard': {
        version: 1,
        vendor: 'test',
        validate: (x) =>
          Array.isArray((x as { a?: unknown }).a)
            ? { value: x as { a: number[] } }
            : { issues: [{ message: 'expected array', path: [{ key: 'a' }, { key: 0 }] }] },
      },
    };
    assert.throws(() => coerce({ a: 1 }, custom), (e: unknown) => e instanceof SchemaError && e.issues[0].path === '/a/0');
  });
  test('a Standard Schema with a converter and no types', () => {
    const custom = {
      '~standard': {
        version: 1 as const,
        vendor: 'test',
        validate: (x: unknown) => (typeof (x as { n?: unknown }).n === 'number' ? { value: x } : { issues: [{ message: 'n must be a number', path: ['n'] }] }),
        jsonSchema: { input: () => ({ type: 'object', properties: { n: { type: 'number' } } }), output: () => ({}) },
      },
    };
    assert.deepEqual(coerce({ n: '2' }, custom), { n: 2 });
  });
  test('async Standard Schema: parse refuses clearly, parseAsync works', async () => {
    const Async = z.object({ n: z.int() }).refine(async () => true);
    assert.throws(() => parse('{"n": 1}', { schema: Async }), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT' && /parseAsync/.test(e.message));
    assert.deepEqual(await parseAsync('{"n": "1"}', { schema: Async }), { n: 1 });
    await assert.rejects(parseAsync('{"n": "x"}', { schema: Async }), SchemaError);
    assert.deepEqual(await coerceAsync({ n: '2' }, Async), { n: 2 });
  });
  test('parseAsync works with synchronous schemas and without a schema', async () => {
    assert.deepEqual(await parseAsync('{"paths": "a"}', { schema: tool }), { paths: ['a'] });
    assert.deepEqual(await parseAsync('[1]'), [1]);
  });
});

describe('coerce (already-parsed values)', () => {
  test('tool-call arguments', () => {
    assert.deepEqual(coerce({ paths: '["a","b"]' }, tool), { paths: ['a', 'b'] });
    const r = coerceWithReport({ paths: ['a'] }, tool);
    assert.deepEqual(r.repairs, []);
  });
  test('values JSON cannot hold are INVALID_ARGUMENT, not a TypeError', () => {
    assert.throws(() => coerce({ paths: undefined }, tool), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT');
  });
  test('property: any value that already satisfies the schema comes back as the same reference, with no repairs', () => {
    const schema = {
      type: 'object',
      properties: {
        s: { type: 'string' }, n: { type: 'integer' }, b: { type: 'boolean' }, list: { type: 'array', items: { type: 'string' } },
        e: { enum: ['low', 'high'] }, o: { type: 'object', properties: { x: { type: 'number' } } },
      },
      required: ['s', 'n'],
    };
    const arb = fc.record(
      { s: fc.string(), n: fc.integer(), b: fc.boolean(), list: fc.array(fc.string()), e: fc.constantFrom('low', 'high'), o: fc.record({ x: fc.double({ noNaN: true, noDefaultInfinity: true }) }) },
      { requiredKeys: ['s', 'n'] },
    );
    fc.assert(
      fc.property(arb, (value) => {
        let calls = 0;
        const out = coerce(value, schema, { onRepair: () => calls++ });
        return out === value && calls === 0;
      }),
      { seed: 1137572956 },
    );
  });
  test('property: stringified, wrapped or numeric-string damage is undone exactly', () => {
    const schema = { type: 'object', properties: { list: { type: 'array', items: { type: 'string' } }, n: { type: 'integer' } }, required: ['list', 'n'] };
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1 }), fc.integer(), fc.nat(2), (list, n, how) => {
        const damaged = how === 0 ? JSON.stringify(list) : how === 1 && list.length === 1 ? list[0] : list;
        if (how === 1 && list.length === 1 && damaged === JSON.stringify(list)) return true;
        const out = coerce({ list: damaged, n: String(n) }, schema) as { list: string[]; n: number };
        if (how === 1 && list.length === 1 && list[0].trim().startsWith('[') && list[0].trim().endsWith(']')) return true;
        assert.deepEqual(out, { list, n });
        return true;
      }),
      { seed: 885705930 },
    );
  });
});

describe('feedback', () => {
  test('SchemaError.toFeedback: one line per problem, enum values listed, repairs applied', () => {
    const schema = { type: 'object', properties: { status: { enum: ['open', 'closed'] }, n: { type: 'integer' } }, required: ['status', 'n'] };
    let error: SchemaError | undefined;
    try {
      parse('{"status": "pending", "n": "x"}', { schema });
    } catch (e) {
      error = e as SchemaError;
    }
    assert.ok(error instanceof SchemaError);
    const text = error.toFeedback();
    assert.match(text, /^\/status: expected one of "open", "closed", got "pending"$/m);
    assert.match(text, /^\/n: expected integer, got "x"$/m);
    assert.equal(formatFeedback(error), text);
  });
  test('feedback is capped', () => {
    const schema = { type: 'array', items: { type: 'integer' } };
    let error: unknown;
    try {
      coerce(Array.from({ length: 500 }, (_, i) => `x${i}`), schema);
    } catch (e) {
      error = e;
    }
    const text = formatFeedback(error);
    assert.ok(text.length <= 2000);
    assert.match(text, /… and 480 more/);
    assert.ok(formatFeedback(error, { maxLength: 100 }).length <= 100);
  });
  test('parse errors: position, excerpt and what was expected', () => {
    const e = new JsonMendError('UNREPAIRABLE', "expected ',' or '}' after property value", { text: '{"a": 1\n "b" 2}', offset: 13 });
    const text = formatFeedback(e);
    assert.match(text, /line 2 column 6/);
    assert.match(text, /expected ',' or '}'/);
    assert.match(text, /\^/);
    assert.match(formatFeedback(new JsonMendError('NO_JSON', 'no JSON value found in the text')), /No JSON value/);
    assert.match(formatFeedback(new Error('boom')), /boom/);
  });
  test('feedback lists the text repairs that were applied before the mismatch', () => {
    const e = new SchemaError([{ path: '/n', expected: 'integer', received: '"x"', message: 'm' }], [
      { kind: 'trailing_comma', offset: 5, line: 1, column: 6, detail: 'removed ","' },
    ]);
    assert.match(e.toFeedback(), /trailing_comma at line 1 column 6/);
  });
});
