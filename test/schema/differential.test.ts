// Findings of the schema probe s39: the same schema written as JSON Schema and as Zod coerces the same
// damaged values alike, and a value the reply wrote is never changed without a repair that says so.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { SchemaError, coerceWithReport, parse, parseWithReport, type Repair, type SchemaLike, type SchemaRepair } from '../../src/schema/index.js';
import { createStreamParser } from '../../src/stream/index.js';
import { repair } from '../../src/parse/index.js';

/** parse's value and schema repairs; the stream's end() (chunks of 1 and 3) must give the same value. */
function readAll(text: string, schema: SchemaLike): { value: unknown; schema: Array<[string, string, unknown]> } {
  const r = parseWithReport(text, { schema });
  for (const size of [1, 3]) {
    const p = createStreamParser({ schema });
    for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
    assert.deepEqual(p.end(), r.value, `chunks of ${size}`);
  }
  const own = (r.repairs as Repair[]).filter((x): x is SchemaRepair => 'path' in x);
  return { value: r.value, schema: own.map((x) => [x.kind, x.path, x.before]) };
}

describe('schema probe s39', () => {
  test('a union tie goes to the branch that keeps the reply\'s keys: a closed branch\'s strip counts as a lost key', () => {
    // Before: `{"a": 1, "b": "true"}` for `{a} | {a, b: boolean}`, both closed: one repair each
    // (strip b; read b as true), and the tie went to the first branch: b was gone.
    const A = { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'], additionalProperties: false };
    const B = { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'boolean' } }, required: ['a', 'b'], additionalProperties: false };
    const open = { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'boolean' } }, required: ['a', 'b'] };
    const schemas: SchemaLike[] = [{ anyOf: [A, B] }, { anyOf: [A, open] }, z.union([z.strictObject({ a: z.int() }), z.strictObject({ a: z.int(), b: z.boolean() })])];
    for (const schema of schemas) {
      assert.deepEqual(readAll('{"a": 1, "b": "true"}', schema), { value: { a: 1, b: true }, schema: [['string_to_boolean', '/b', 'true']] });
      assert.deepEqual(readAll('{"a": "1", "b": "true"}', schema).value, { a: 1, b: true });
      // No branch keeps b: the only fit strips it, and says so.
      assert.deepEqual(readAll('{"a": 1, "b": "x"}', schema), { value: { a: 1 }, schema: [['strip_extra_properties', '/b', 'x']] });
    }
  });

  test('an enum that lists null reads "null" as null, as the same enum made nullable does (JSON Schema and Zod agree)', () => {
    // Before: `"null"` for `enum: ["a", null]` (and Zod's `z.literal(["a", null])`, whose JSON Schema it is)
    // was a SchemaError, while `z.enum(["a"]).nullable()` (anyOf of the enum and null) read null.
    const schemas: SchemaLike[] = [
      { type: 'object', properties: { v: { enum: ['a', null] } }, required: ['v'] },
      z.object({ v: z.literal(['a', null]) }),
      z.object({ v: z.enum(['a']).nullable() }),
    ];
    for (const schema of schemas) {
      for (const text of ['{"v": "null"}', '{"v": " None "}']) assert.deepEqual(readAll(text, schema), { value: { v: null }, schema: [['string_to_null', '/v', JSON.parse(text).v]] }, text);
      assert.deepEqual(readAll('{"v": "A"}', schema).value, { v: 'a' });
      assert.throws(() => parse('{"v": "b"}', { schema }), SchemaError);
    }
    // Another type the enum lists, likewise: `"5"` for `["a", 5]` is 5, `"TRUE"` for `["a", true]` is true.
    assert.deepEqual(coerceWithReport({ v: '5' }, { type: 'object', properties: { v: { enum: ['a', 5] } } }).value, { v: 5 });
    assert.deepEqual(coerceWithReport({ v: '5' }, z.object({ v: z.literal(['a', 5]) })).value, { v: 5 });
    assert.deepEqual(coerceWithReport({ v: 'TRUE' }, { type: 'object', properties: { v: { enum: ['a', true] } } }).value, { v: true });
    // A string member the text names stays a string: `"None"` for `["None", null]` is the member.
    assert.deepEqual(coerceWithReport({ v: 'none' }, { type: 'object', properties: { v: { enum: ['None', null] } } }).value, { v: 'None' });
    assert.deepEqual(coerceWithReport({ v: 'null' }, { type: 'object', properties: { v: { enum: ['null', null] } } }).value, { v: 'null' });
  });

  test('a number past 2^53 whose digits a double cannot hold fails where the schema takes a number; a string keeps its digits', () => {
    // Before: `{"id": 12345678901234567890}` for `{id: integer}` (or number, or z.number()) gave
    // 12345678901234567000, another id, with no repair and no error.
    const id = (t: Record<string, unknown>) => ({ type: 'object', properties: { id: t, n: { type: 'integer' } }, required: ['id'] });
    const numbers: SchemaLike[] = [id({ type: 'integer' }), id({ type: 'number' }), id({}), z.object({ id: z.number(), n: z.int().optional() }), z.object({ id: z.int() })];
    for (const schema of numbers) {
      for (const text of ['{"id": 12345678901234567890}', '{"id": 12345678901234567890,}', '{"id": 9007199254740993}', '{"id": 1234567890123456789.5}', '{"id": 12345678901234567890, "n": "5"}']) {
        assert.throws(() => parse(text, { schema }), (e: unknown) => e instanceof SchemaError && e.issues[0].path === '/id', text);
        for (const size of [1, 3]) {
          const p = createStreamParser({ schema });
          for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
          assert.throws(() => p.end(), SchemaError, `${text} in chunks of ${size}`);
        }
      }
      // Written with the digits the double keeps (as it prints, or with an exponent): taken as it is
      // (but by z.int(), whose range ends at 2^53).
      if (numbers.indexOf(schema) === numbers.length - 1) continue;
      for (const text of ['{"id": 12345678901234567000}', '{"id": 1e20}', '{"id": 9007199254740992}']) assert.deepEqual(readAll(text, schema).value, { id: JSON.parse(text).id }, text);
    }
    const issue = (() => { try { parse('{"id": 12345678901234567890}', { schema: id({ type: 'integer' }) }); } catch (e) { return (e as SchemaError).issues[0]; } })();
    assert.equal(issue?.received, '12345678901234567890');
    // Two numbers the reply wrote differently that read as one double: the first fails.
    assert.throws(() => parse('{"id": 12345678901234567000, "n": 1, "m": 12345678901234567001}', { schema: id({ type: 'integer' }) }), (e: unknown) => e instanceof SchemaError && e.issues[0].path === '/id');
    // A string schema keeps the digits as written (scalar_to_string).
    for (const schema of [id({ type: 'string' }), z.object({ id: z.string() })] as SchemaLike[]) {
      assert.deepEqual(readAll('{"id": 12345678901234567890}', schema), { value: { id: '12345678901234567890' }, schema: [['scalar_to_string', '/id', 12345678901234567890]] });
    }
    // Several values collected into an array: one whose digits were lost is left out, as a value that does
    // not fit is, and listed in the report's `before`.
    const r = parseWithReport('First {"id": 12345678901234567890} then {"id": 2}', { schema: { type: 'array', items: id({ type: 'integer' }) } });
    assert.deepEqual(r.value, [{ id: 2 }]);
    assert.deepEqual((r.repairs.find((x) => x.kind === 'collect_into_array') as SchemaRepair).before, [{ id: 12345678901234567890 }, { id: 2 }]);
    // Without a schema, the number is JSON.parse's.
    assert.deepEqual(parse('{"id": 12345678901234567890}'), { id: 12345678901234567890 });
  });

  test('a number past 2^53 whose digits a double cannot hold, where the schema takes a number or a string: the digits, as a string', () => {
    // Before (with the refusal above): a SchemaError, though the schema's string shape keeps the id whole.
    const text = '{"id": 12345678901234567890}';
    const schemas: SchemaLike[] = [
      { type: 'object', properties: { id: { type: ['integer', 'string'] } } },
      { type: 'object', properties: { id: { anyOf: [{ type: 'integer' }, { type: 'string' }] } } },
      z.object({ id: z.union([z.number(), z.string()]) }),
    ];
    for (const schema of schemas) assert.deepEqual(readAll(text, schema), { value: { id: '12345678901234567890' }, schema: [['scalar_to_string', '/id', 12345678901234567890]] });
    // A string the schema refuses (too long) keeps nothing: the error stands.
    assert.throws(() => parse(text, { schema: z.object({ id: z.union([z.number(), z.string().max(3)]) }) }), SchemaError);
  });

  test('a number past 2^53 the parser rewrote, or read from a JSON string, is judged by the digits the reply wrote', () => {
    // Before: each read as 12345678901234567000 for `{id: integer}` with no error, and for `{id: string}`
    // scalar_to_string gave "12345678901234567000": digits the reply never wrote. The digits were
    // looked for among plain number tokens outside strings only.
    const id = (t: Record<string, unknown>) => ({ type: 'object', properties: { id: t }, required: ['id'] });
    const cases: Array<[string, string]> = [
      ['{"id": 12345678901234567890.}', '12345678901234567890'],
      ['{"id": 12_345_678_901_234_567_890}', '12345678901234567890'],
      ['{"id": 1234567890123456789_0}', '12345678901234567890'],
      // The hex number's exact decimal: the double alone would print 20988295476718395000.
      ['{"id": 0x1234567890ABCDEF1}', '20988295476718395121'],
      ['{"id": .12345678901234567890e20}', '0.12345678901234567890e20'],
      ['"{\\"id\\": 12345678901234567890}"', '12345678901234567890'],
      ['"{\\"id\\":\\n12345678901234567890}"', '12345678901234567890'],
    ];
    for (const [text, digits] of cases) {
      for (const schema of [id({ type: 'integer' }), z.object({ id: z.number() })] as SchemaLike[]) {
        assert.throws(() => parse(text, { schema }), (e: unknown) => e instanceof SchemaError && e.issues[0].path === '/id' && e.issues[0].received === digits, text);
        for (const size of [1, 3]) {
          const p = createStreamParser({ schema });
          for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
          assert.throws(() => p.end(), SchemaError, `${text} in chunks of ${size}`);
        }
      }
      for (const schema of [id({ type: 'string' }), z.object({ id: z.string() })] as SchemaLike[]) assert.deepEqual(readAll(text, schema).value, { id: digits }, text);
    }
    // The text repair writes the hex number's digits too, not the double's.
    assert.equal(repair('[0x1234567890ABCDEF1]'), '[20988295476718395121]');
    // Rewritten with the digits the double keeps: taken as it is.
    for (const text of ['{"id": 12345678901234567000.}', '{"id": 0x16345785D8A0000}']) assert.deepEqual(readAll(text, id({ type: 'integer' })).value, { id: JSON.parse(repair(text)).id }, text);
  });

  test('a number past 2^53 written with the digits the double prints keeps them as a string', () => {
    // A guard: the text's spelling is now given also when it is the one the double prints, and a number
    // past 2^53 with no spelling in the text is not made a string (its digits would be the double's).
    const schema = { type: 'object', properties: { id: { type: 'string' } } };
    assert.deepEqual(parse('{"id": 12345678901234567000}', { schema }), { id: '12345678901234567000' });
    assert.deepEqual(coerceWithReport({ id: 12345678901234567000 }, schema).value, { id: '12345678901234567000' });
  });

  test('the stream\'s snapshot issues flag a number past 2^53 whose digits the double lost, as end() refuses it', () => {
    // Before: no issue (1e999 at the same place had one), while end() threw a SchemaError at /id.
    const schema = { type: 'object', properties: { id: { type: 'integer' }, b: {} } };
    for (const [text, flagged] of [['{"id": 12345678901234567890, "b": 1}', true], ['{"id": 0x1234567890ABCDEF1, "b": 1}', true], ['{"id": 12345678901234567000, "b": 1}', false], ['{"id": 1e20, "b": 1}', false]] as const) {
      for (const size of [1, 3]) {
        const p = createStreamParser({ schema });
        const issues = [];
        for (let i = 0; i < text.length; i += size) issues.push(...(p.push(text.slice(i, i + size)).issues ?? []));
        assert.deepEqual(issues.map((x) => x.path), flagged ? ['/id'] : [], `${text} in chunks of ${size}`);
        if (flagged) assert.throws(() => p.end(), SchemaError);
        else assert.deepEqual(p.end(), parse(text, { schema }));
      }
    }
  });

  test('the stream\'s issues flag such a number also inside a container built aside (a tuple, a wrapper)', () => {
    // Before: the tree noted the spelling only of numbers it placed itself; one in a tuple (shown once
    // closed) was checked without it: no issue, while end() threw a SchemaError at /ids/0.
    const schema = { type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } }, b: {} } };
    for (const text of ['{"ids": (12345678901234567890, 1), "b": 1}', '{"ids": [Long(12345678901234567890)], "b": 1}']) {
      for (const size of [1, 3]) {
        const p = createStreamParser({ schema });
        const issues = [];
        for (let i = 0; i < text.length; i += size) issues.push(...(p.push(text.slice(i, i + size)).issues ?? []));
        assert.deepEqual(issues.map((x) => x.path), ['/ids/0'], `${text.slice(0, 40)} in chunks of ${size}`);
        assert.throws(() => p.end(), SchemaError);
      }
    }
  });

  test('a value that fails for another reason names the number past 2^53 whose digits it lost', () => {
    // Before: `{…}⏎{…}` for `{id: integer}` said only `(root): expected object, got [...]`.
    const schema = { type: 'object', properties: { id: { type: 'integer' } } };
    const text = '{"id": 12345678901234567890}\n{"id": 12345678901234567890}';
    const paths = (t: string, s: SchemaLike) => { try { parse(t, { schema: s }); } catch (e) { return (e as SchemaError).issues.map((i) => i.path); } return []; };
    assert.deepEqual(paths(text, schema), ['/0/id', '']);
    for (const size of [1, 3]) {
      const p = createStreamParser({ schema });
      for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
      assert.throws(() => p.end(), (e: unknown) => e instanceof SchemaError && e.issues[0].path === '/0/id');
    }
    // Beside another failing member, both are named.
    assert.deepEqual(paths('{"id": 12345678901234567890, "n": "x"}', { type: 'object', properties: { id: { type: 'integer' }, n: { type: 'integer' } } }), ['/id', '/n']);
  });

  test('issues quote a number past 2^53 with the digits the reply wrote, not the double\'s', () => {
    // Before: `{"id": [12345678901234567890]}` against items {maximum: 10} said "got 12345678901234567000"
    // and "12345678901234567000 is greater than 10.", digits the model never wrote.
    const item = (s: object) => ({ type: 'object', properties: { id: { type: 'array', items: s } }, required: ['id'] });
    const cases: Array<[SchemaLike, string, string, string]> = [
      [item({ type: 'integer', maximum: 10 }), '/id/0', '12345678901234567890', '12345678901234567890 is greater than 10.'],
      [item({ type: 'boolean' }), '/id/0', '12345678901234567890', 'Instance type "number" is invalid. Expected "boolean".'],
      [item({ enum: ['a', 'b'] }), '/id/0', '12345678901234567890', 'Instance does not match any of ["a","b"].'],
      [{ type: 'object', properties: { id: { type: 'integer' } } }, '/id', '[12345678901234567890]', 'Instance type "array" is invalid. Expected "integer".'],
    ];
    const text = '{"id": [12345678901234567890]}';
    for (const [schema, path, received, message] of cases) {
      const issue = (e: unknown) => (e as SchemaError).issues.find((i) => i.path === path);
      assert.throws(() => parse(text, { schema }), (e: unknown) => {
        assert.ok(e instanceof SchemaError);
        assert.deepEqual([issue(e)?.received, issue(e)?.message], [received, message], JSON.stringify(schema));
        assert.ok(!e.message.includes('12345678901234567000') && !e.toFeedback().includes('12345678901234567000'), e.toFeedback());
        return true;
      });
      for (const size of [1, 3]) {
        const p = createStreamParser({ schema });
        const seen = [];
        for (let i = 0; i < text.length; i += size) seen.push(...(p.push(text.slice(i, i + size)).issues ?? []));
        assert.ok(!JSON.stringify(seen).includes('12345678901234567000'), JSON.stringify(seen));
        assert.throws(() => p.end(), (e: unknown) => e instanceof SchemaError && issue(e)?.received === received);
      }
    }
    // A number the reply wrote with the double's own digits is quoted as written, as before.
    assert.throws(() => parse('{"id": [12345678901234567000]}', { schema: cases[0][0] }), (e: unknown) => (e as SchemaError).issues[0].received === '12345678901234567000');
  });

  test('a number written the way people write it, past 2^53, is refused where a double cannot hold its digits', () => {
    // Before: `"12,345,678,901,234,567,890"` for a number gave 12345678901234567000 (written_number),
    // though an integer string beyond 2^53 is refused by every number repair.
    const schema = { type: 'object', properties: { id: { type: 'number' } } };
    for (const text of ['{"id": "12,345,678,901,234,567,890"}', '{"id": "$12,345,678,901,234,567,890"}', '{"id": "-12,345,678,901,234,567,890.5"}']) {
      assert.throws(() => parse(text, { schema }), SchemaError, text);
    }
    // Digits the double keeps are read as before.
    assert.deepEqual(readAll('{"id": "12,345,678,901,234,567,000"}', schema).value, { id: 12345678901234567000 });
    assert.deepEqual(readAll('{"id": "$1,234.50"}', schema).value, { id: 1234.5 });
  });

  test('a record wrapped in a one-key object is unwrapped for Zod as for its JSON Schema', () => {
    // Before: `{"result": {"k1": "low"}}` for a record of enum members: the JSON Schema unwrapped it
    // (its validator names the record as failing), while Zod's issue named `/result` alone, so the
    // record itself was never tried as a wrapper: SCHEMA_MISMATCH.
    const record = z.record(z.string(), z.enum(['low', 'high']));
    const schemas: SchemaLike[] = [record, JSON.parse(JSON.stringify(z.toJSONSchema(record, { io: 'input' }))), { type: 'object', additionalProperties: { enum: ['low', 'high'] } }];
    for (const schema of schemas) {
      assert.deepEqual(readAll('{"result": {"k1": "low", "k2": "high"}}', schema), { value: { k1: 'low', k2: 'high' }, schema: [['unwrap_object', '', { result: { k1: 'low', k2: 'high' } }]] });
      // Two keys: no wrapper, the value fails.
      assert.throws(() => parse('{"result": {"k1": "low"}, "k2": "high"}', { schema }), SchemaError);
    }
  });
});
