// What the reply holds wins over a schema's fallback, a weaker candidate, a stripped key: the findings
// of the fourth schema probe (F2, F9, F12, F13, F16, a union's misnamed key, shape-less Standard Schemas).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import * as v from 'valibot';
import { SchemaError, coerceWithReport, parseWithReport, type SchemaRepair } from '../../src/schema/index.js';

function kinds(repairs: readonly unknown[]): string[] {
  return (repairs as SchemaRepair[]).filter((r) => typeof r.path === 'string').map((r) => r.kind);
}

function schemaError(f: () => unknown): SchemaError {
  try {
    f();
  } catch (error) {
    assert.ok(error instanceof SchemaError, `expected a SchemaError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a SchemaError');
}

describe('F9: a Zod fallback or coercion does not replace what the reply wrote', () => {
  test('.catch(x): "5" is read as 5, not replaced by the fallback', () => {
    const r = parseWithReport('{"n": "5"}', { schema: z.object({ n: z.number().catch(0) }) });
    assert.deepEqual(r.value, { n: 5 });
    assert.deepEqual(r.repairs, [{ kind: 'string_to_number', path: '/n', before: '5', after: 5 }]);
  });
  test('.catch(x): a value no repair reads keeps the fallback the schema asks for', () => {
    const r = coerceWithReport({ n: 'abc' }, z.object({ n: z.number().catch(0) }));
    assert.deepEqual(r.value, { n: 0 });
    assert.deepEqual(r.repairs, []);
  });
  test('z.coerce.boolean: "false" is false (Boolean("false") is true)', () => {
    const r = coerceWithReport({ b: 'false' }, z.object({ b: z.coerce.boolean() }));
    assert.deepEqual(r.value, { b: false });
    assert.deepEqual(kinds(r.repairs), ['string_to_boolean']);
  });
  test('z.coerce.number: "1,234" is 1234 and "5" is 5, each reported', () => {
    const schema = z.object({ n: z.coerce.number(), m: z.coerce.number() });
    const r = coerceWithReport({ n: '1,234', m: '5' }, schema);
    assert.deepEqual(r.value, { n: 1234, m: 5 });
    assert.deepEqual(kinds(r.repairs).sort(), ['string_to_number', 'written_number']);
  });
  test('a transform of a value the input schema accepts is left to the schema', () => {
    const r = coerceWithReport({ s: 'abc' }, z.object({ s: z.string().transform((s) => s.length) }));
    assert.deepEqual(r.value, { s: 3 });
    assert.deepEqual(r.repairs, []);
  });
  test('a valid value with a fallback nowhere used costs nothing', () => {
    const input = { n: 5 };
    const r = coerceWithReport(input, z.object({ n: z.number().catch(0) }));
    assert.deepEqual(r.value, { n: 5 });
    assert.deepEqual(r.repairs, []);
  });
});

describe('F2: with an open object schema, a candidate that names none of its properties gives way', () => {
  const open = { type: 'object', properties: { name: { type: 'string' } } };
  test('a value quoted in the prose before the answer', () => {
    const r = parseWithReport('The tool returned {"status": "ok"}.\n\nSo here is the record: {"name": "Ada"}', { schema: open });
    assert.deepEqual(r.value, { name: 'Ada' });
    assert.deepEqual(parseWithReport('I was given {"foo": 1} and I reply {"name": "Ada"}', { schema: open }).value, { name: 'Ada' });
  });
  test('in fences, and an empty object', () => {
    assert.deepEqual(parseWithReport('```json\n{"status": "ok"}\n```\n```json\n{"name": "Ada"}\n```', { schema: open }).value, { name: 'Ada' });
    assert.deepEqual(parseWithReport('Hi {} then {"name": "Ada"}', { schema: open }).value, { name: 'Ada' });
  });
  test('a key that names a property as rename_property compares names says something', () => {
    assert.deepEqual(parseWithReport('I was given {"foo": 1} and I reply {"Name": "Ada"}', { schema: open }).value, { Name: 'Ada' });
  });
  test('a union of object branches: their properties count', () => {
    const union = { anyOf: [{ type: 'object', properties: { name: { type: 'string' } } }, { type: 'object', properties: { id: { type: 'integer' } } }] };
    assert.deepEqual(parseWithReport('Got {"foo": 1}; answer {"id": 2}', { schema: union }).value, { id: 2 });
  });
  test('the documented order stands when both name a property, and a lone weak fit is still taken', () => {
    assert.deepEqual(parseWithReport('{"name": "Bob"} or {"name": "Ada"}', { schema: open }).value, { name: 'Bob' });
    assert.deepEqual(parseWithReport('Here: {"foo": 1}', { schema: open }).value, { foo: 1 });
    assert.deepEqual(parseWithReport('Got {"foo": 1} and {"bar": 2}', { schema: open }).value, { foo: 1 });
  });
  test('an answer cut off after a weak fit refuses the reply, rather than take the quoted value', () => {
    assert.throws(() => parseWithReport('Got {"foo": 1}. Answer: {"name": "Ad', { schema: open }), { code: 'REPAIR_REFUSED' });
  });
  test('a value that names a property, before one the reply\'s end cut off, refuses the reply (docs/schema.md)', () => {
    // The docs said this one was taken as the answer; the parse stage marks it cut off (loop probe F6).
    const ids = { type: 'object', properties: { id: { type: 'integer' } } };
    assert.throws(() => parseWithReport('{"id": 1}\n\nAlso: {"id": 2', { schema: ids }), { code: 'REPAIR_REFUSED' });
    assert.deepEqual(parseWithReport('{"id": 1}\n\nAlso: {"id": 2', { schema: ids, acceptTruncated: true }).value, { id: 1 });
  });
});

describe('F2: values written one after another', () => {
  test('one naming no property gives way to one naming a property, as an empty one does', () => {
    const open = { type: 'object', properties: { name: { type: 'string' } } };
    const r = parseWithReport('{"foo": 1}\n\n{"name": "Ada"}', { schema: open });
    assert.deepEqual(r.value, { name: 'Ada' });
    assert.ok(kinds(r.repairs).includes('pick_concatenated_value'));
    assert.throws(() => parseWithReport('{"name": "Bob"}\n\n{"name": "Ada"}', { schema: open }), { code: 'REPAIR_REFUSED' });
  });
});

describe('a Standard Schema without a JSON Schema (plain Valibot): validated, not repaired, never emptied', () => {
  test('the text repairs stay, and an issue names its path', () => {
    const schema = v.object({ n: v.number(), tags: v.array(v.string()) });
    assert.deepEqual(parseWithReport('```json\n{"n": 5, "tags": ["a"],}\n```', { schema }).value, { n: 5, tags: ['a'] });
    const error = schemaError(() => coerceWithReport({ n: '5', tags: ['a'] }, schema));
    assert.deepEqual(error.issues.map((i) => i.path), ['/n']);
  });
  test('an object whose every key the schema would strip is an error at its path, never {}', () => {
    const schema = v.object({ n: v.optional(v.number()), meta: v.optional(v.object({ id: v.optional(v.number()) })) });
    assert.equal(schemaError(() => coerceWithReport({ result: { n: 5 } }, schema)).issues[0].path, '');
    assert.equal(schemaError(() => coerceWithReport({ n: 5, meta: { ID: 1 } }, schema)).issues[0].path, '/meta');
  });
  test('a hand-written Standard Schema that strips keys is read the same way', () => {
    const schema = {
      '~standard': {
        version: 1 as const,
        vendor: 'hand',
        validate: (value: unknown) => {
          if (value === null || typeof value !== 'object') return { issues: [{ message: 'expected object', path: [] }] };
          const { name } = value as { name?: unknown };
          if (name !== undefined && typeof name !== 'string') return { issues: [{ message: 'expected string', path: ['name'] }] };
          return { value: name === undefined ? {} : { name } };
        },
      },
    };
    assert.deepEqual(coerceWithReport({ name: 'Ada', x: 1 }, schema).value, { name: 'Ada' });
    assert.equal(schemaError(() => coerceWithReport({ answer: { name: 'Ada' } }, schema)).issues[0].path, '');
    assert.equal(schemaError(() => coerceWithReport({ name: 5 }, schema)).issues[0].path, '/name');
  });
  test('keys the schema keeps, an empty object, a transform: no issue', () => {
    assert.deepEqual(coerceWithReport({ a: 1 }, v.looseObject({ n: v.optional(v.number()) })).value, { a: 1 });
    assert.deepEqual(coerceWithReport({}, v.object({ n: v.optional(v.number()) })).value, {});
    assert.deepEqual(coerceWithReport({ a: 1 }, v.pipe(v.object({ a: v.number() }), v.transform((o) => o.a))).value, 1);
  });
});

describe('F12: conditional subschemas guide repairs', () => {
  const conditional = {
    type: 'object',
    properties: { kind: { type: 'string' } },
    if: { properties: { kind: { const: 'x' } } },
    then: { properties: { n: { type: 'integer' } } },
    else: { properties: { n: { type: 'string' } } },
  };
  test('then and else: the branch the value takes is read', () => {
    assert.deepEqual(coerceWithReport({ kind: 'x', n: '5' }, conditional).value, { kind: 'x', n: 5 });
    const r = coerceWithReport({ kind: 'y', n: 5 }, conditional);
    assert.deepEqual(r.value, { kind: 'y', n: '5' });
    assert.deepEqual(kinds(r.repairs), ['scalar_to_string']);
  });
  test('inside allOf, each conditional is read', () => {
    const schema = {
      type: 'object',
      properties: { kind: { type: 'string' } },
      allOf: [
        { if: { properties: { kind: { const: 'x' } } }, then: { properties: { n: { type: 'integer' } } } },
        { if: { properties: { kind: { const: 'x' } } }, then: { properties: { on: { type: 'boolean' } } } },
      ],
    };
    assert.deepEqual(coerceWithReport({ kind: 'x', n: '5', on: 'true' }, schema).value, { kind: 'x', n: 5, on: true });
  });
  test('a misnamed key under then is renamed', () => {
    const schema = { ...conditional, then: { properties: { count: { type: 'integer' } }, required: ['count'] } };
    assert.deepEqual(coerceWithReport({ kind: 'x', Count: '5' }, schema).value, { kind: 'x', count: 5 });
  });
  test('dependentSchemas and draft-07 dependencies', () => {
    const schema = { type: 'object', properties: { a: { type: 'integer' } }, dependentSchemas: { a: { properties: { b: { type: 'integer' } } } } };
    assert.deepEqual(coerceWithReport({ a: 1, b: '5' }, schema).value, { a: 1, b: 5 });
    const seven = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { a: { type: 'integer' } }, dependencies: { a: { properties: { b: { type: 'integer' } } } } };
    assert.deepEqual(coerceWithReport({ a: 1, b: '5' }, seven).value, { a: 1, b: 5 });
  });
  test('dependentRequired: a missing property is an error naming it, a misnamed one is renamed', () => {
    const schema = { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, dependentRequired: { a: ['b'] } };
    assert.equal(schemaError(() => coerceWithReport({ a: 1 }, schema)).issues[0].path, '');
    assert.deepEqual(coerceWithReport({ a: 1, B: 2 }, schema).value, { a: 1, b: 2 });
  });
});

test('F12: a conditional that cannot be met names the property, not "does not match then"', () => {
  const schema = { type: 'object', properties: { kind: { type: 'string' } }, if: { properties: { kind: { const: 'x' } } }, then: { properties: { n: { type: 'integer' } } } };
  const error = schemaError(() => coerceWithReport({ kind: 'x', n: 'abc' }, schema));
  assert.deepEqual(error.issues.map((i) => [i.path, i.expected]), [['/n', 'integer']]);
});

describe('F16: a record keyed by an enum', () => {
  const record = z.record(z.enum(['a', 'b']), z.number());
  test('a key differing in case or space is renamed to the member', () => {
    const r = coerceWithReport({ A: 1, ' b ': '2' }, record);
    assert.deepEqual(r.value, { a: 1, b: 2 });
    assert.deepEqual(kinds(r.repairs).sort(), ['rename_property', 'rename_property', 'string_to_number']);
    assert.deepEqual(coerceWithReport({ a: 1, B: 2 }, z.partialRecord(z.enum(['a', 'b']), z.number())).value, { a: 1, b: 2 });
    const json = { type: 'object', propertyNames: { enum: ['low', 'high'] }, additionalProperties: { type: 'integer' } };
    assert.deepEqual(coerceWithReport({ Low: '1' }, json).value, { low: 1 });
  });
  test('a key that is no member, or a member already there, is an error naming it', () => {
    assert.equal(schemaError(() => coerceWithReport({ a: 1, b: 2, c: 3 }, record)).issues[0].path, '/c');
    assert.ok(schemaError(() => coerceWithReport({ a: 1, A: 3, b: 2 }, record)).issues.some((i) => i.path === '/A'));
  });
});

describe('rename_property through a union', () => {
  test('a Zod union of objects whose properties are optional: the misnamed key is renamed, not stripped', () => {
    const schema = z.union([z.object({ fullName: z.string().optional() }), z.object({ id: z.number() })]);
    const r = coerceWithReport({ full_name: 'Ada' }, schema);
    assert.deepEqual(r.value, { fullName: 'Ada' });
    assert.deepEqual(r.repairs, [{ kind: 'rename_property', path: '/full_name', before: 'full_name', after: 'fullName' }]);
    const second = z.union([z.object({ a: z.string() }), z.object({ userId: z.number().optional() })]);
    assert.deepEqual(coerceWithReport({ user_id: 5 }, second).value, { userId: 5 });
  });
  test('inside an object, and in a JSON Schema anyOf', () => {
    const schema = z.object({ who: z.union([z.object({ fullName: z.string().optional() }), z.null()]) });
    assert.deepEqual(coerceWithReport({ who: { 'Full Name': 'Ada' } }, schema).value, { who: { fullName: 'Ada' } });
    const json = { anyOf: [{ type: 'object', properties: { fullName: { type: 'string' } }, required: ['fullName'] }, { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] }] };
    assert.deepEqual(coerceWithReport({ full_name: 'Ada' }, json).value, { fullName: 'Ada' });
  });
});

describe('F13: unevaluatedProperties: false closes the object as additionalProperties: false does', () => {
  const closed = { type: 'object', properties: { fullName: { type: 'string' } }, required: ['fullName'], unevaluatedProperties: false };
  test('a misnamed key is renamed; an extra one stripped and reported', () => {
    assert.deepEqual(coerceWithReport({ full_name: 'Ada' }, closed).value, { fullName: 'Ada' });
    const r = coerceWithReport({ fullName: 'Ada', x: 1 }, closed);
    assert.deepEqual(r.value, { fullName: 'Ada' });
    assert.deepEqual(r.repairs, [{ kind: 'strip_extra_properties', path: '/x', before: 1, after: undefined }]);
  });
  test('properties declared in allOf parts stay', () => {
    const schema = { allOf: [{ type: 'object', properties: { fullName: { type: 'string' } } }, { properties: { age: { type: 'integer' } } }], unevaluatedProperties: false };
    assert.deepEqual(coerceWithReport({ fullName: 'Ada', age: '3', x: 1 }, schema).value, { fullName: 'Ada', age: 3 });
  });
  test('a key a union branch names is never stripped; never all of them', () => {
    const schema = { ...closed, anyOf: [{ properties: { y: { type: 'integer' } }, required: ['y'] }, { required: ['fullName'] }] };
    assert.deepEqual(coerceWithReport({ fullName: 'Ada', y: 2, x: 1 }, schema).value, { fullName: 'Ada', y: 2 });
    assert.ok(schemaError(() => coerceWithReport({ fullName: 'Ada', y: 'two' }, schema)).issues.some((i) => i.path === '/y'));
    const open = { type: 'object', properties: { fullName: { type: 'string' } }, unevaluatedProperties: false };
    assert.ok(schemaError(() => coerceWithReport({ a: 1, b: 2 }, open)).issues.some((i) => i.path === '/a'));
  });
});

test('F13: an unevaluated key that cannot be stripped is named once, at its path', () => {
  const open = { type: 'object', properties: { fullName: { type: 'string' } }, unevaluatedProperties: false };
  assert.deepEqual(schemaError(() => coerceWithReport({ a: 1 }, open)).issues.map((i) => i.path), ['/a']);
});
