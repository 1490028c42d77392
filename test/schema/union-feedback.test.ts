// A value no alternative of a union accepts: feedback names what the alternative it was meant for is
// missing (BAML's test_ekinsdrow: "/children/0: expected object, got {…}" and the first alternative's
// "not allowed" complaints sent a retrying model the wrong way).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { parse, SchemaError, type SchemaIssue, type SchemaLike } from '../../src/index.js';

const closed = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', properties, required, additionalProperties: false });
const A = closed({ type: { const: 'a' }, x: { type: 'integer' } }, ['type', 'x']);
const B = closed({ type: { const: 'b' }, y: { type: 'array', items: { type: 'string' } }, z: { type: 'string' } }, ['type', 'y', 'z']);

function issuesOf(text: string, schema: SchemaLike): Array<Pick<SchemaIssue, 'path' | 'expected' | 'received'>> {
  try {
    parse(text, { schema });
  } catch (error) {
    assert.ok(error instanceof SchemaError, String(error));
    return error.issues.map(({ path, expected, received }) => ({ path, expected, received }));
  }
  assert.fail('expected a SchemaError');
}

for (const keyword of ['anyOf', 'oneOf']) {
  test(`${keyword}: the alternative whose "type" the value names says what is missing`, () => {
    assert.deepEqual(issuesOf('[{"type": "b", "z": "q"}]', { type: 'array', items: { [keyword]: [A, B] } }), [
      { path: '/0/y', expected: 'array (required)', received: 'nothing' },
    ]);
  });

  test(`${keyword}: open alternatives, the same`, () => {
    const open = (s: typeof A) => ({ ...s, additionalProperties: true });
    assert.deepEqual(issuesOf('{"v": {"type": "a", "x": "abc"}}', { type: 'object', properties: { v: { [keyword]: [open(A), open(B)] } } }), [
      { path: '/v/x', expected: 'integer', received: '"abc"' },
    ]);
  });
}

test('a discriminator no alternative has: the alternatives are named, then the closest one\'s complaints', () => {
  assert.deepEqual(issuesOf('[{"type": "c", "x": 1}]', { type: 'array', items: { anyOf: [A, B] } }), [
    { path: '/0', expected: 'object with "type": "a" or object with "type": "b"', received: '{"type":"c","x":1}' },
    { path: '/0/type', expected: '"a"', received: '"c"' },
  ]);
});

test('nothing tells the alternatives apart: only the union is named, no one alternative\'s complaints', () => {
  assert.deepEqual(issuesOf('{"k": 1}', { anyOf: [A, B] }), [
    { path: '', expected: 'object with "type": "a" or object with "type": "b"', received: '{"k":1}' },
  ]);
});

test('the only alternative of the value\'s type speaks for the union', () => {
  const schema = { type: 'object', properties: { v: { anyOf: [{ type: 'integer' }, closed({ n: { type: 'integer' } }, ['n'])] } } };
  assert.deepEqual(issuesOf('{"v": {"n": "x"}}', schema), [{ path: '/v/n', expected: 'integer', received: '"x"' }]);
  // A scalar keeps the union's words: the model may give either shape.
  assert.deepEqual(issuesOf('{"v": "abc"}', schema), [{ path: '/v', expected: 'integer or object', received: '"abc"' }]);
});

test('an enum discriminator, and unions nested in a chosen alternative', () => {
  const inner = { anyOf: [closed({ kind: { enum: ['p', 'q'] }, text: { type: 'string' } }, ['kind', 'text']), closed({ kind: { const: 'r' }, rows: { type: 'array' } }, ['kind', 'rows'])] };
  const outer = { anyOf: [closed({ type: { const: 'list' }, items: { type: 'array', items: inner } }, ['type', 'items']), A] };
  assert.deepEqual(issuesOf('{"type": "list", "items": [{"kind": "q", "text": "ok"}, {"kind": "r"}]}', outer), [
    { path: '/items/1/rows', expected: 'array (required)', received: 'nothing' },
  ]);
});

test('$ref alternatives', () => {
  const schema = { $defs: { A, B }, type: 'array', items: { oneOf: [{ $ref: '#/$defs/A' }, { $ref: '#/$defs/B' }] } };
  assert.deepEqual(issuesOf('[{"type": "a", "x": "abc"}]', schema), [{ path: '/0/x', expected: 'integer', received: '"abc"' }]);
});

test('a oneOf that two alternatives accept keeps its own issue', () => {
  const schema = { oneOf: [{ type: 'object' }, { type: 'object', properties: { a: { type: 'integer' } } }] };
  assert.deepEqual(issuesOf('{"a": 1}', schema), [{ path: '', expected: 'exactly one of: object', received: '{"a":1}' }]);
});

test('Zod: z.union of objects says what the named alternative is missing', () => {
  const ZA = z.object({ type: z.literal('a'), x: z.string() }).strict();
  const ZB = z.object({ type: z.literal('b'), y: z.array(z.string()), z: z.string() }).strict();
  const schema = z.array(z.union([ZA, ZB]));
  assert.deepEqual(issuesOf('[{"type": "b", "z": "q"}]', schema), [{ path: '/0/y', expected: 'array (required)', received: 'nothing' }]);
  assert.deepEqual(issuesOf('[{"type": "c", "x": "q"}]', schema), [
    { path: '/0', expected: 'object with "type": "a" or object with "type": "b"', received: '{"type":"c","x":"q"}' },
    { path: '/0/type', expected: '"a"', received: '"c"' },
  ]);
});
