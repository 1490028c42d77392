// Feedback says "integer" for an integer field whichever schema library declared it (Zod reports "int").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { parse, SchemaError, formatFeedback } from '../../src/index.js';
import type { SchemaLike } from '../../src/schema/types.js';

test('a Zod int field: the issue and the feedback say "integer"', () => {
  const schema = z.object({ days: z.number().int(), count: z.int() });
  try {
    parse('{"days": 1.5, "count": 2.5}', { schema });
    assert.fail('expected a SchemaError');
  } catch (error) {
    assert.ok(error instanceof SchemaError);
    assert.deepEqual(error.issues.map((i) => i.expected), ['integer', 'integer']);
    assert.match(formatFeedback(error), /\/days: expected integer, got 1\.5/);
    assert.doesNotMatch(formatFeedback(error), /expected int\b/);
  }
});

function issuesOf(text: string, schema: SchemaLike): Array<[string, string, string]> {
  try {
    parse(text, { schema });
  } catch (error) {
    assert.ok(error instanceof SchemaError);
    return error.issues.map((i) => [i.path, i.expected, i.received]);
  }
  assert.fail('expected a SchemaError');
}

// Session 34's schema probe 2, F11: Zod's message was copied into "expected" ("expected Invalid UUID"),
// a discriminated union's discriminator read "expected any value", a pipe's failure took the input's type.
test('a Zod discriminated union names its options at the discriminator', () => {
  const shape = z.discriminatedUnion('type', [z.object({ type: z.literal('circle'), radius: z.number() }), z.object({ type: z.literal('rect'), w: z.number() })]);
  assert.deepEqual(issuesOf('{"type": "square", "w": 1}', shape), [['/type', 'one of "circle", "rect"', '"square"']]);
  assert.deepEqual(issuesOf('{"w": 1}', shape), [['/type', 'one of "circle", "rect" (required)', 'nothing']]);
  assert.deepEqual(issuesOf('{"shapes": [{"type": "sq"}]}', z.object({ shapes: z.array(shape) })), [['/shapes/0/type', 'one of "circle", "rect"', '"sq"']]);
});

test('Zod checks are worded as the JSON Schema path words them, not with Zod\'s message', () => {
  const schema = z.object({ s: z.string().min(3), e: z.email(), id: z.uuid(), r: z.string().regex(/^a+$/), m: z.number().multipleOf(5), t: z.tuple([z.string(), z.number()]), x: z.number().gt(3), a: z.array(z.string()).max(1) });
  assert.deepEqual(issuesOf(JSON.stringify({ s: 'ab', e: 'x', id: 'u', r: 'b', m: 7, t: ['a', 1, 2], x: 3, a: ['p', 'q'] }), schema), [
    ['/s', 'a string of at least 3 characters', '"ab"'],
    ['/e', 'a string in format "email"', '"x"'],
    ['/id', 'a string in format "uuid"', '"u"'],
    ['/r', 'a string matching /^a+$/', '"b"'],
    ['/m', 'a multiple of 5', '7'],
    ['/t', 'an array of at most 2 items', '["a",1,2]'],
    ['/x', 'a number > 3', '3'],
    ['/a', 'an array of at most 1 items', '["p","q"]'],
  ]);
  // A check Zod runs on a value of the wrong type says nothing the type does not.
  assert.deepEqual(issuesOf('{"tags": "a"}', z.object({ tags: z.array(z.string()).min(2) })), [['/tags', 'array', '"a"']]);
});

test('a refinement\'s message is the line itself, not "expected <message>"', () => {
  const schema = z.object({ min: z.number(), max: z.number() }).refine((o) => o.min <= o.max, { message: 'min must not exceed max' });
  try {
    parse('{"min": 5, "max": 3}', { schema });
    assert.fail('expected a SchemaError');
  } catch (error) {
    assert.ok(error instanceof SchemaError);
    assert.match(formatFeedback(error), /^\(root\): min must not exceed max, got \{"min":5,"max":3\}$/m);
    assert.doesNotMatch(formatFeedback(error), /expected min must/);
  }
});

test('a pipe\'s failure names the type the value failed, and Infinity is not shown as null', () => {
  // Before: "/n: expected string, got "1,234"" (it is a string), "/n: expected number, got null".
  assert.deepEqual(issuesOf('{"n": "1,234"}', z.object({ n: z.string().pipe(z.coerce.number()) })), [['/n', 'number', '"1,234"']]);
  assert.deepEqual(issuesOf('{"n": 1e999}', z.object({ n: z.number() })), [['/n', 'number', 'Infinity']]);
});

// A missing enum or literal read "expected one of "a", "b", got nothing" with Zod, where the same schema in
// JSON Schema says "(required)": the model was not told the key must be written.
test('a missing Zod enum or literal is "(required)", as the same JSON Schema says', () => {
  const zod = z.object({ kind: z.enum(['a', 'b']), v: z.literal('x'), n: z.number() });
  const json = {
    type: 'object',
    properties: { kind: { enum: ['a', 'b'] }, v: { const: 'x' }, n: { type: 'number' } },
    required: ['kind', 'v', 'n'],
  };
  const expected: Array<[string, string, string]> = [['/kind', 'one of "a", "b" (required)', 'nothing'], ['/v', '"x" (required)', 'nothing'], ['/n', 'number (required)', 'nothing']];
  assert.deepEqual(issuesOf('{}', zod), expected);
  assert.deepEqual(issuesOf('{}', json), expected);
  // Present but wrong, it is not "(required)".
  assert.deepEqual(issuesOf('{"kind": "c", "v": "y", "n": 1}', zod), [['/kind', 'one of "a", "b"', '"c"'], ['/v', '"x"', '"y"']]);
});
