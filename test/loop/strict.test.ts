// Strict-mode projection of JSON Schemas (OpenAI Structured Outputs) and the way back for values.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { toStrictJsonSchema } from '../../src/loop/strict.js';
import { resolveJsonSchema, schemaNameOf } from '../../src/loop/schema-source.js';
import { JsonMendError } from '../../src/errors.js';
import { z } from 'zod';

describe('toStrictJsonSchema', () => {
  test('every property required, optionals nullable, objects closed, unsupported keywords moved out', () => {
    const p = toStrictJsonSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 1 },
        status: { type: 'string', enum: ['open', 'closed'] },
        tags: { type: 'array', items: { type: 'string', minLength: 2 }, uniqueItems: true },
        owner: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        either: { oneOf: [{ type: 'string' }, { type: 'number' }] },
      },
      required: ['id'],
    });
    assert.equal(p.strict, true);
    assert.deepEqual(p.schema, {
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 1 },
        status: { type: ['string', 'null'], enum: ['open', 'closed', null] },
        tags: { type: ['array', 'null'], items: { type: 'string', description: '(minLength: 2)' }, description: '(uniqueItems: true)' },
        owner: { type: ['object', 'null'], properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false },
        either: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
      },
      required: ['id', 'status', 'tags', 'owner', 'either'],
      additionalProperties: false,
    });
  });

  test('an existing description keeps its text, the moved keywords follow', () => {
    const p = toStrictJsonSchema({ type: 'object', properties: { a: { type: 'string', description: 'An id.', maxLength: 8 } }, required: ['a'] });
    assert.equal((p.schema.properties as any).a.description, 'An id. (maxLength: 8)');
  });

  test('$defs and $ref are projected and kept', () => {
    const p = toStrictJsonSchema({
      type: 'object',
      properties: { node: { $ref: '#/$defs/node' } },
      $defs: { node: { type: 'object', properties: { v: { type: 'number' }, next: { $ref: '#/$defs/node' } }, required: ['v'] } },
    });
    assert.deepEqual((p.schema.properties as any).node, { anyOf: [{ $ref: '#/$defs/node' }, { type: 'null' }] });
    assert.deepEqual((p.schema.$defs as any).node.required, ['v', 'next']);
    assert.deepEqual((p.schema.$defs as any).node.properties.next, { anyOf: [{ $ref: '#/$defs/node' }, { type: 'null' }] });
    const value = { node: { v: 1, next: { v: 2, next: null } } };
    assert.deepEqual(p.restore(value), { node: { v: 1, next: { v: 2 } } });
  });

  test('a non-object root is wrapped in { value } and unwrapped on the way back', () => {
    const p = toStrictJsonSchema({ type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } });
    assert.equal(p.strict, true);
    assert.deepEqual(p.schema.required, ['value']);
    assert.deepEqual(p.restore({ value: [{ a: null }, { a: 'x' }] }), [{}, { a: 'x' }]);
    assert.deepEqual(p.restorePartial({ value: [{ a: 'x' }] }), [{ a: 'x' }]);
    assert.equal(p.restorePartial({}), undefined);
  });

  test('restore keeps null where the original schema allows it and where the property is required', () => {
    const p = toStrictJsonSchema({
      type: 'object',
      properties: { a: { type: ['string', 'null'] }, b: { type: 'string' }, c: { type: 'string' }, d: {} },
      required: ['c'],
    });
    assert.deepEqual(p.restore({ a: null, b: null, c: null, d: null }), { a: null, c: null, d: null });
  });

  test('anyOf branches are followed by the keys they declare', () => {
    const p = toStrictJsonSchema({
      type: 'object',
      properties: {
        shape: {
          anyOf: [
            { type: 'object', properties: { r: { type: 'number' }, label: { type: 'string' } }, required: ['r'] },
            { type: 'object', properties: { w: { type: 'number' }, note: { type: 'string' } }, required: ['w'] },
          ],
        },
      },
      required: ['shape'],
    });
    assert.deepEqual(p.restore({ shape: { w: 2, note: null } }), { shape: { w: 2 } });
  });

  test('free-form objects cannot be strict: the original schema is sent with strict false', () => {
    const schema = { type: 'object', properties: { meta: { type: 'object', additionalProperties: { type: 'string' } } } };
    const p = toStrictJsonSchema(schema);
    assert.equal(p.strict, false);
    assert.equal(p.schema, schema);
    const value = { meta: null };
    assert.equal(p.restore(value), value);
  });

  test('restore walks deep values without recursion', () => {
    const p = toStrictJsonSchema({
      type: 'object',
      properties: { n: { $ref: '#/$defs/n' } },
      required: ['n'],
      $defs: { n: { type: 'object', properties: { c: { $ref: '#/$defs/n' }, x: { type: 'string' } }, required: [] } },
    });
    let value: any = { c: null, x: null };
    for (let i = 0; i < 50_000; i++) value = { c: value, x: null };
    const out: any = p.restore({ n: value });
    let depth = 0;
    for (let v = out.n; v; v = v.c) {
      assert.equal('x' in v, false);
      depth++;
    }
    assert.equal(depth, 50_001);
  });

  test('absurdly deep schemas are INVALID_SCHEMA', () => {
    let schema: any = { type: 'string' };
    for (let i = 0; i < 200; i++) schema = { type: 'object', properties: { a: schema }, required: ['a'] };
    assert.throws(() => toStrictJsonSchema(schema), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_SCHEMA');
  });

  test('property: filling absent optionals with null and restoring gives the original value back', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: 'integer' },
        items: { type: 'array', items: { type: 'object', properties: { k: { type: 'string' }, v: { type: 'boolean' } }, required: ['k'] } },
      },
      required: ['a'],
    };
    const p = toStrictJsonSchema(schema);
    const item = fc.record({ k: fc.string(), v: fc.boolean() }, { requiredKeys: ['k'] });
    const value = fc.record({ a: fc.string(), b: fc.integer(), items: fc.array(item, { maxLength: 4 }) }, { requiredKeys: ['a'] });
    fc.assert(
      fc.property(value, (original) => {
        const filled: any = structuredClone(original);
        filled.b ??= null;
        if (filled.items === undefined) filled.items = null;
        else for (const it of filled.items) it.v ??= null;
        assert.deepEqual(p.restore(filled), structuredClone(original));
      }),
      { seed: 115245096, numRuns: 200 },
    );
  });
});

describe('schema source', () => {
  test('a Zod schema gives its JSON Schema through ~standard.jsonSchema; explicit jsonSchema wins', () => {
    const Z = z.object({ a: z.string(), b: z.number().optional() });
    const js = resolveJsonSchema(Z)!;
    assert.equal(js.type, 'object');
    assert.deepEqual(js.required, ['a']);
    assert.deepEqual(resolveJsonSchema(Z, { type: 'object' }), { type: 'object' });
    const noJson = { '~standard': { version: 1, vendor: 'x', validate: (v: unknown) => ({ value: v }) } };
    assert.equal(resolveJsonSchema(noJson), undefined);
    assert.throws(() => resolveJsonSchema(42), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_SCHEMA');
  });

  test('schema names are safe for the wire', () => {
    assert.equal(schemaNameOf(undefined, undefined), 'response');
    assert.equal(schemaNameOf(undefined, { title: 'Weather report!' }), 'Weather_report_');
    assert.equal(schemaNameOf('x'.repeat(100), undefined).length, 64);
  });
});
