// Each schema repair in isolation, in combination, and the named invariants of issue 4.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { SchemaError, coerce, coerceWithReport, formatFeedback, parse, parseWithReport, type Repair, type SchemaLike, type SchemaRepair } from '../../src/schema/index.js';
import { createStreamParser } from '../../src/stream/index.js';
import { parseToolArguments } from '../../src/loop/index.js';
import { JsonMendError } from '../../src/errors.js';

const arrayOfStrings = { type: 'object', properties: { files: { type: 'array', items: { type: 'string' } } }, required: ['files'] };

function kinds(repairs: readonly unknown[]): string[] {
  return (repairs as SchemaRepair[]).map((r) => r.kind);
}

function catchError(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  assert.fail('expected an error');
}

/** The stream's end, fed in 1- and 3-character chunks, throws the SchemaError parse throws. */
function streamEndThrows(text: string, schema: SchemaLike): void {
  for (const size of [1, 3]) {
    const p = createStreamParser({ schema });
    for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
    assert.throws(() => p.end(), SchemaError, `chunks of ${size}`);
  }
}

function one(value: unknown, schema: Record<string, unknown>) {
  return coerceWithReport(value, schema);
}

describe('each repair in isolation', () => {
  test('unwrap_json_string: stringified array', () => {
    const r = one({ files: '["a","b"]' }, arrayOfStrings);
    assert.deepEqual(r.value, { files: ['a', 'b'] });
    assert.deepEqual(r.repairs, [{ kind: 'unwrap_json_string', path: '/files', before: '["a","b"]', after: ['a', 'b'] }]);
  });
  test('unwrap_json_string: double-encoded object and whole payload', () => {
    const s = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
    assert.deepEqual(one('{"name":"Lin"}', s).value, { name: 'Lin' });
    const nested = { type: 'object', properties: { o: s } };
    const r = one({ o: ' {"name":"x"} ' }, nested);
    assert.deepEqual(r.value, { o: { name: 'x' } });
    assert.deepEqual(kinds(r.repairs), ['unwrap_json_string']);
  });
  test('unwrap_json_string reads a Python repr with the tolerant parser refusing guesses; a guess is refused, not wrapped', () => {
    assert.deepEqual(coerce({ files: "['a', 'b']" }, arrayOfStrings), { files: ['a', 'b'] });
    // langchain #26655: json.dumps(str(d)), a dict's repr in a JSON string.
    const s = { type: 'object', properties: { response: { type: 'string' } }, required: ['response'] };
    assert.deepEqual(parse(JSON.stringify(`{'response': "naming convention of 'galvatron' or 'mac_'"}`), { schema: s }), { response: "naming convention of 'galvatron' or 'mac_'" });
    assert.throws(() => coerce({ files: '[a b, "c" d]' }, arrayOfStrings), SchemaError);
    assert.throws(() => coerce({ o: '{temperature in SF}' }, { type: 'object', properties: { o: { type: 'object' } } }), SchemaError);
  });
  test('unwrap_json_string needs the container kind the schema asks for', () => {
    const ofObjects = { type: 'object', properties: { files: { type: 'array', items: { type: 'object' } } } };
    const r = one({ files: '{"a":"b"}' }, ofObjects);
    assert.deepEqual(r.value, { files: [{ a: 'b' }] });
    assert.deepEqual(kinds(r.repairs), ['unwrap_json_string', 'wrap_in_array'], 'unwrapped first, then wrapped');
    const ofIntegers = { type: 'object', properties: { files: { type: 'array', items: { type: 'integer' } } } };
    assert.throws(() => coerce({ files: '{"a":1}' }, ofIntegers), SchemaError);
  });
  test('wrap_in_array: scalar', () => {
    const r = one({ files: 'main.ts' }, arrayOfStrings);
    assert.deepEqual(r.value, { files: ['main.ts'] });
    assert.deepEqual(kinds(r.repairs), ['wrap_in_array']);
    // Session 33's schema probe: an empty string made [""], an item the reply never gave.
    assert.throws(() => coerce({ files: '' }, arrayOfStrings), SchemaError);
  });
  test('wrap_in_array: not a string holding a list the items would read in part (schema probe s36)', () => {
    // Before: "1,234" for integer[] gave [1234] (one number, or the list 1 and 234?), and "red, yellow"
    // for an array of colours gave ["red"] (enum_with_text read the first, yellow was gone).
    const ints = { type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } } } };
    const colours = { type: 'array', items: { enum: ['red', 'green', 'blue'] } };
    for (const [value, schema] of [[{ ids: '1,234' }, ints], [{ ids: '$1,234.50' }, ints], ['red, yellow', colours], ['red; blue', colours]] as const) {
      assert.throws(() => coerce(value, schema), SchemaError, JSON.stringify(value));
    }
    assert.throws(() => parse('{"ids": "1,234"}', { schema: ints }), SchemaError);
    assert.throws(() => parse('{"ids": "1,234"}', { schema: z.object({ ids: z.array(z.int()) }) }), SchemaError);
    streamEndThrows('{"ids": "1,234"}', ints);
    // Items that take the string as written keep it whole; one value alone is still wrapped and read.
    assert.deepEqual(coerce({ files: 'a, b' }, arrayOfStrings), { files: ['a, b'] });
    assert.deepEqual(coerce({ ids: '1234' }, ints), { ids: [1234] });
    assert.deepEqual(coerce('Red', colours), ['red']);
    assert.deepEqual(coerce('red (mostly)', colours), ['red']);
  });
  test('wrap_in_array: an object for an array of objects', () => {
    const s = { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } } } };
    const r = one({ items: { id: 1 } }, s);
    assert.deepEqual(r.value, { items: [{ id: 1 }] });
    assert.deepEqual(kinds(r.repairs), ['wrap_in_array']);
  });
  test('wrap_in_array: not an object none of whose keys the items declare (schema probe F14, F15)', () => {
    // Before: [{}] with its keys stripped (Zod's default object strips them without a word).
    const closed = { type: 'array', items: { type: 'object', properties: { id: { type: 'number' } }, additionalProperties: false } };
    assert.throws(() => coerce({ results: [{ id: 1 }], total: 1 }, closed), SchemaError);
    assert.throws(() => coerce({ results: [{ id: 1 }], total: 1 }, z.array(z.object({ id: z.number().optional() }))), SchemaError);
    // A key the items declare, even misnamed, makes it an item; an empty object is one too.
    assert.deepEqual(coerce({ ID: 1 }, closed), [{ id: 1 }]);
    assert.deepEqual(coerce({}, closed), [{}]);
  });
  test('a key Zod would strip that names a missing property is renamed, not lost (schema probe F13)', () => {
    // Before: {} and no repair: z.object strips unknown keys, and name is optional.
    const r = coerceWithReport({ Name: 'Ada' }, z.object({ name: z.string().optional() }));
    assert.deepEqual([r.value, kinds(r.repairs)], [{ name: 'Ada' }, ['rename_property']]);
    assert.deepEqual(coerce([{ 'Full Name': 'Ada' }], z.array(z.object({ full_name: z.string().optional() }))), [{ full_name: 'Ada' }]);
    // A key that names no property is the schema's to strip.
    assert.deepEqual(coerce({ name: 'Ada', extra: 1 }, z.object({ name: z.string().optional() })), { name: 'Ada' });
  });
  test('a key Zod would strip that names a present property with another value is an error, not lost (schema probe s36)', () => {
    // Before: {a: 1} and no repair: z.object strips "A", a second answer for the property a.
    const A = z.object({ a: z.int() });
    const error = catchError(() => parse('{"a": 1, "A": 2}', { schema: A }));
    assert.ok(error instanceof SchemaError);
    assert.equal(error.issues[0].path, '/A');
    streamEndThrows('{"a": 1, "A": 2}', A);
    assert.throws(() => coerce([{ a: 1, ' a ': 2 }], z.array(A)), SchemaError);
    assert.throws(() => coerce({ a: 1, A: 2 }, z.object({ a: z.int() }).transform((o) => o.a)), SchemaError);
    // The same value twice loses nothing; a key that names no property is the schema's to strip.
    assert.deepEqual(coerce({ a: 1, A: 1 }, A), { a: 1 });
    assert.deepEqual(coerce({ a: 1, b: 2 }, A), { a: 1 });
  });
  test('an answer Zod would strip whole is unwrapped, or an error, never {} (schema probe 2, F1)', () => {
    // Before: {} and no repair: z.object strips the keys it does not know, and every property is optional.
    const P = z.object({ name: z.string().optional(), age: z.number().optional() });
    const r = parseWithReport('{"result": {"name": "Ada", "age": 36}}', { schema: P });
    assert.deepEqual([r.value, kinds(r.repairs)], [{ name: 'Ada', age: 36 }, ['unwrap_object']]);
    const echo = parseWithReport('{"type": "object", "properties": {"name": "Ada", "age": 36}}', { schema: P });
    assert.deepEqual([echo.value, kinds(echo.repairs)], [{ name: 'Ada', age: 36 }, ['unwrap_schema_echo']]);
    assert.deepEqual(parse('[{"item": {"name": "x"}}, {"name": "y"}]', { schema: z.array(P) }), [{ name: 'x' }, { name: 'y' }]);
    assert.deepEqual(parse('{"movie": {"title": "Dune", "year": 2021}}', { schema: z.object({ title: z.string(), year: z.number() }).partial() }), { title: 'Dune', year: 2021 });
    const nested = z.object({ address: z.object({ city: z.string().optional() }).optional() });
    assert.deepEqual(parse('{"address": {"location": {"city": "Paris"}}}', { schema: nested }), { address: { city: 'Paris' } });
    // Nor a union of such objects: the branch that took the wrapper stripped it.
    const either = z.union([z.object({ a: z.number().optional() }), z.object({ b: z.string().optional() })]);
    assert.deepEqual(parse('{"result": {"a": 1}}', { schema: either }), { a: 1 });
    assert.throws(() => parse('{"c": 1}', { schema: either }), SchemaError);
    // Defaults Zod fills do not hide the loss.
    const withDefault = z.object({ name: z.string().optional(), limit: z.number().default(10) });
    assert.deepEqual(parse('{"result": {"name": "Ada"}}', { schema: withDefault }), { name: 'Ada', limit: 10 });
    // Nothing to unwrap: an error naming the object, not {}.
    assert.throws(() => parse('{"note": "nothing found"}', { schema: P }), (e: unknown) => e instanceof SchemaError && e.issues[0].path === '' && /"name", "age"/.test(e.issues[0].expected));
    // An object that keeps a key, and a schema that declares no properties, are the schema's to strip.
    assert.deepEqual(parse('{"name": "Ada", "extra": {"age": 3}}', { schema: P }), { name: 'Ada' });
    assert.deepEqual(parse('{"foo": 1}', { schema: z.object({}) }), {});
    assert.deepEqual(parse('{}', { schema: P }), {});
  });
  test('parseToolArguments: a whole call for an all-optional Zod tool schema gives its arguments (schema probe 2, F3)', () => {
    // Before: {} (the call's members stripped), the tool run with no arguments.
    const Tool = z.object({ city: z.string().optional(), units: z.enum(['c', 'f']).optional() });
    const seen: Repair[][] = [];
    const onRepair = (r: readonly Repair[]) => void seen.push([...r]);
    assert.deepEqual(parseToolArguments('{"name": "get_weather", "arguments": {"city": "Paris"}}', Tool, { onRepair }), { city: 'Paris' });
    assert.deepEqual(kinds(seen[0]), ['unwrap_tool_call']);
    assert.deepEqual(parseToolArguments('{"type": "function", "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}', Tool), { city: 'Paris' });
  });
  test('a transform does not hide a key Zod dropped: the input is read as the input JSON Schema says (schema probe 2, F4)', () => {
    // Before: "anonymous", {"user": undefined}, ["?", "Bob"]: the output was no object to compare the input with.
    const r = parseWithReport('{"Name": "Ada"}', { schema: z.object({ name: z.string().optional() }).transform((o) => o.name ?? 'anonymous') });
    assert.deepEqual([r.value, kinds(r.repairs)], ['Ada', ['rename_property']]);
    const user = z.object({ user: z.object({ name: z.string().optional() }).transform((u) => u.name) });
    assert.deepEqual(parse('{"user": {"Name": "Ada"}}', { schema: user }), { user: 'Ada' });
    const names = z.array(z.object({ name: z.string().optional() })).transform((a) => a.map((x) => x.name ?? '?'));
    assert.deepEqual(parse('[{"Name": "Ada"}, {"name": "Bob"}]', { schema: names }), ['Ada', 'Bob']);
    const renamed = z.object({ first_name: z.string().optional() }).transform((o) => ({ firstName: o.first_name }));
    assert.deepEqual(parse('{"user": {"first_name": "Ada"}}', { schema: renamed }), { firstName: 'Ada' });
    // A loose object keeps the key, so it is not renamed; a key naming no property is the schema's to strip.
    assert.deepEqual(parse('{"Name": "Ada"}', { schema: z.looseObject({ name: z.string().optional() }).transform((o) => o.name ?? 'anonymous') }), 'anonymous');
    assert.deepEqual(parse('{"name": "Ada", "x": 1}', { schema: z.object({ name: z.string().optional() }).transform((o) => o.name) }), 'Ada');
  });
  test('a type JSON Schema cannot express costs the guide only there: the rest is still repaired (schema probe 2, F7)', () => {
    // Before: Zod's converter threw for the whole schema, so nothing in it was repaired: /n: expected number, got "5".
    const r = parseWithReport('{"when": "2024-03-01", "n": "5"}', { schema: z.object({ when: z.coerce.date(), n: z.number() }) });
    assert.deepEqual([r.value, kinds(r.repairs)], [{ when: new Date('2024-03-01'), n: 5 }, ['string_to_number']]);
    // Before: {"when": …}, "Name" dropped without a word.
    assert.deepEqual(parse('{"when": "2024-03-01", "Name": "Ada"}', { schema: z.object({ when: z.coerce.date(), name: z.string().optional() }) }), { when: new Date('2024-03-01'), name: 'Ada' });
    const many = z.object({ id: z.coerce.bigint(), tags: z.array(z.string()), at: z.date().optional() });
    assert.deepEqual(parse('{"id": "12", "tags": "a"}', { schema: many }), { id: 12n, tags: ['a'] });
  });
  test('with Zod, the object-level unwraps apply to an object with required properties (schema probe 2, F8)', () => {
    // Before: SCHEMA_MISMATCH, /name and /age missing: Zod names a missing key at the key's path, not the object's.
    const R = z.object({ name: z.string(), age: z.number() });
    const r = parseWithReport('{"person": {"name": "Ada", "age": 36}}', { schema: R });
    assert.deepEqual([r.value, kinds(r.repairs)], [{ name: 'Ada', age: 36 }, ['unwrap_object']]);
    const named = z.object({ name: z.string() });
    assert.deepEqual(kinds(parseWithReport('{"examples": [{"name": "Ada"}]}', { schema: named }).repairs), ['unwrap_object', 'unwrap_singleton_array']);
    assert.deepEqual(kinds(parseWithReport('{"type": "object", "properties": {"name": "Ada"}, "required": ["name"]}', { schema: named }).repairs), ['unwrap_schema_echo']);
    assert.deepEqual(parseToolArguments('{"input": {"city": "Paris"}}', z.object({ city: z.string() })), { city: 'Paris' });
    assert.deepEqual(parse('{"user": {"profile": {"name": "Ada"}}}', { schema: z.object({ user: named }) }), { user: { name: 'Ada' } });
    // An inner value that does not fit is no answer: the missing property is still the error.
    assert.throws(() => parse('{"person": {"nick": "x"}}', { schema: R }), (e: unknown) => e instanceof SchemaError && e.issues[0].path === '/name');
  });
  // Session 24 (schema survey): a reply wrapped in one key where the schema asks for the array
  // itself was refused, or, for an array of objects, wrapped whole as its only element.
  test('unwrap_object_to_array: a one-key wrapper whose value is the array', () => {
    const ints = { type: 'array', items: { type: 'integer' } };
    const r = one({ elements: [1, 2] }, ints);
    assert.deepEqual(r.value, [1, 2]);
    assert.deepEqual(r.repairs, [{ kind: 'unwrap_object_to_array', path: '', before: { elements: [1, 2] }, after: [1, 2] }]);
    const objects = { type: 'array', items: { type: 'object', properties: { a: { type: 'integer' } } } };
    assert.deepEqual(one({ items: [{ a: 1 }] }, objects).value, [{ a: 1 }]);
    // A key the items declare makes the object an item, not a wrapper.
    const tagged = { type: 'array', items: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } } };
    const t = one({ tags: [] }, tagged);
    assert.deepEqual([t.value, kinds(t.repairs)], [[{ tags: [] }], ['wrap_in_array']]);
  });
  // Session 27 (tracker survey): the schema written back with the answer inside its `properties`
  // (ollama-ai-provider #23, llava; novu #9621) was SCHEMA_MISMATCH.
  test('unwrap_schema_echo: the answer inside an echoed schema\'s properties', () => {
    const described = { type: 'object', properties: { detailed_description: { type: 'string' } }, required: ['detailed_description'], additionalProperties: false };
    const echo = { type: 'object', properties: { detailed_description: 'A 3D character.' }, required: ['detailed_description'], additionalProperties: false, $schema: 'http://json-schema.org/draft-07/schema#' };
    const r = one(echo, described);
    assert.deepEqual(r.value, { detailed_description: 'A 3D character.' });
    assert.deepEqual(r.repairs, [{ kind: 'unwrap_schema_echo', path: '', before: echo, after: { detailed_description: 'A 3D character.' } }]);
    const message = { type: 'object', properties: { aiMessage: { type: 'string' }, n: { type: 'integer' } }, required: ['aiMessage'] };
    assert.deepEqual(parse('{"type":"response","properties":{"aiMessage":"Here it is.","n":"3"}}', { schema: message }), { aiMessage: 'Here it is.', n: 3 });
    // The schema echoed without an answer, or an object with a declared `type`, is no echo.
    assert.throws(() => coerce({ type: 'object', properties: { aiMessage: { type: 'string' } } }, message), SchemaError);
    // A property's schema with no `type` echoed is no answer either (review).
    const payload = { type: 'object', properties: { data: { description: 'any payload' } }, required: ['data'] };
    assert.throws(() => coerce({ type: 'object', properties: { data: { description: 'any payload' } }, required: ['data'] }, payload), SchemaError);
    const typed = { type: 'object', properties: { type: { type: 'string' }, aiMessage: { type: 'string' } }, required: ['aiMessage'] };
    assert.throws(() => coerce({ type: 'x', properties: { aiMessage: 'hi' } }, typed), SchemaError);
  });
  test('wrap_object_in_array: single-key placeholder whose value fits the items', () => {
    const r = one({ files: { path: 'x' } }, arrayOfStrings);
    assert.deepEqual(r.value, { files: ['x'] });
    assert.deepEqual(r.repairs, [{ kind: 'wrap_object_in_array', path: '/files', before: { path: 'x' }, after: ['x'] }]);
  });
  test('unwrap_singleton_array', () => {
    const s = { type: 'object', properties: { name: { type: 'string' } } };
    const r = one({ name: ['Lin'] }, s);
    assert.deepEqual(r.value, { name: 'Lin' });
    assert.deepEqual(kinds(r.repairs), ['unwrap_singleton_array']);
    assert.throws(() => coerce({ name: ['a', 'b'] }, s), SchemaError);
  });
  test('string_to_integer: strict grammar', () => {
    const s = { type: 'object', properties: { n: { type: 'integer' } } };
    assert.deepEqual(one({ n: ' 42 ' }, s).value, { n: 42 });
    assert.deepEqual(one({ n: '-7' }, s).repairs, [{ kind: 'string_to_integer', path: '/n', before: '-7', after: -7 }]);
    assert.deepEqual(coerce({ n: '1.5e1' }, s), { n: 15 });
    // Session 33's schema probe (F21): a double rounds 2.9999999999999999 to 3; the text names no integer.
    for (const bad of ['', ' ', 'NaN', 'Infinity', '0x10', '1,5', '4.5', '12abc', '+3', '99999999999999999999', '2.9999999999999999', '1.25e1']) {
      assert.throws(() => coerce({ n: bad }, s), SchemaError, `"${bad}" must be refused`);
    }
  });
  test('a number written with leading zeros: kept as text, converted where the schema asks for a number', () => {
    const s = { type: 'object', properties: { zip: { type: 'integer' }, code: { type: 'string' } } };
    assert.deepEqual(parse('{"zip": 0789, "code": 0042}', { schema: s }), { zip: 789, code: '0042' });
    assert.deepEqual(coerce({ zip: '007' }, s), { zip: 7 });
  });
  test('string_to_number: strict grammar', () => {
    const s = { type: 'object', properties: { x: { type: 'number' } } };
    assert.deepEqual(one({ x: '0.5' }, s).value, { x: 0.5 });
    assert.deepEqual(one({ x: '-1e3' }, s).value, { x: -1000 });
    assert.deepEqual(kinds(one({ x: '2' }, s).repairs), ['string_to_number']);
    // F20: digits a double cannot hold are refused, not rounded (9007199254740993 would be …992).
    // Session 36's probe: an integer past 2^53 written with a point or an exponent lost its digits as
    // well (9007199254740993.0 was 9007199254740992); one the double holds digit for digit is read.
    assert.deepEqual(coerce({ x: '1e20' }, s), { x: 1e20 });
    assert.deepEqual(coerce({ x: '1.5e300' }, s), { x: 1.5e300 });
    for (const bad of ['', 'NaN', 'Infinity', '-Infinity', '0x10', '1,5', '.5', '1.', 'one', '9007199254740993', '9007199254740993.0', '-9007199254740993.00', '9.007199254740993e15', '90071992547409930e-1']) {
      assert.throws(() => coerce({ x: bad }, s), SchemaError, `"${bad}" must be refused`);
    }
  });
  test('integral_number_to_integer never rounds (4.5 is refused)', () => {
    const s = { type: 'object', properties: { n: { type: 'integer' } } };
    assert.throws(() => coerce({ n: 4.5 }, s), SchemaError);
    const r = one({ n: 4.0 }, s); // JSON 4.0 is already the integer 4 in JavaScript: valid, nothing to do
    assert.deepEqual(r, { value: { n: 4 }, repairs: [] });
  });
  test('string_to_null: "null" / "None" where null is allowed and no string is (schema probe 2, F14)', () => {
    // Before: /n: expected number or null, got "null".
    const r = parseWithReport('{"n": "null"}', { schema: z.object({ n: z.number().nullable() }) });
    assert.deepEqual([r.value, r.repairs], [{ n: null }, [{ kind: 'string_to_null', path: '/n', before: 'null', after: null }]]);
    assert.deepEqual(one({ n: ' NULL ' }, { type: 'object', properties: { n: { type: ['integer', 'null'] } } }).value, { n: null });
    assert.deepEqual(parse('{"n": "None"}', { schema: z.object({ n: z.number().nullish() }) }), { n: null });
    const node = { $defs: { node: { type: 'object', properties: { v: { type: 'integer' }, next: { anyOf: [{ $ref: '#/$defs/node' }, { type: 'null' }] } } } }, $ref: '#/$defs/node' };
    assert.deepEqual(coerce({ v: 1, next: { v: 2, next: 'null' } }, node), { v: 1, next: { v: 2, next: null } });
    // A string allowed: the text stays; null not allowed: no null made up; other words are no null.
    assert.deepEqual(parse('{"s": "null"}', { schema: z.object({ s: z.string().nullable() }) }), { s: 'null' });
    assert.throws(() => parse('{"n": "null"}', { schema: z.object({ n: z.number() }) }), SchemaError);
    assert.throws(() => parse('{"n": "nil"}', { schema: z.object({ n: z.number().nullable() }) }), SchemaError);
  });
  test('string_to_boolean: any case, never truthiness', () => {
    const s = { type: 'object', properties: { b: { type: 'boolean' } } };
    assert.deepEqual(one({ b: 'false' }, s).value, { b: false });
    assert.deepEqual(one({ b: 'TRUE' }, s).value, { b: true });
    assert.deepEqual(one({ b: ' False ' }, s).repairs, [{ kind: 'string_to_boolean', path: '/b', before: ' False ', after: false }]);
    for (const bad of ['yes', '1', '', 'f']) assert.throws(() => coerce({ b: bad }, s), SchemaError);
  });
  test('scalar_to_string: numbers and booleans, never null', () => {
    const s = { type: 'object', properties: { s: { type: 'string' } }, required: ['s'] };
    assert.deepEqual(one({ s: 42 }, s).value, { s: '42' });
    assert.deepEqual(one({ s: true }, s).value, { s: 'true' });
    assert.deepEqual(kinds(one({ s: 1.5 }, s).repairs), ['scalar_to_string']);
    assert.throws(() => coerce({ s: null }, s), SchemaError);
  });
  test('scalar_to_string: a number read from a reply is the string the reply wrote (schema probe F18)', () => {
    const s = { type: 'object', properties: { version: { type: 'string' }, id: { type: 'string' } } };
    // Before: "1.1" and "12345678901234567000", the double's printing.
    assert.deepEqual(parse('{"version": 1.10, "id": 12345678901234567890}', { schema: s }), { version: '1.10', id: '12345678901234567890' });
    assert.deepEqual(parse("{'version': 2.50,}", { schema: s }), { version: '2.50' });
    // Spelt two ways in the reply (1.10 and 1.1), which one a 1.1 was is a guess.
    assert.throws(() => parse('{"version": 1.10, "id": 1.1}', { schema: s }), SchemaError);
  });
  test('drop_null: only at an optional property that does not allow null', () => {
    const s = { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } }, required: ['q'] };
    const r = one({ q: 'cats', limit: null }, s);
    assert.deepEqual(r.value, { q: 'cats' });
    assert.deepEqual(r.repairs, [{ kind: 'drop_null', path: '/limit', before: null, after: undefined }]);
    assert.throws(() => coerce({ q: null }, s), SchemaError, 'a required null is an error');
    const nullable = { type: 'object', properties: { limit: { type: ['integer', 'null'] } } };
    const same = { limit: null };
    assert.equal(coerce(same, nullable), same);
  });
  test('null_to_default', () => {
    const s = { type: 'object', properties: { limit: { type: 'integer', default: 10 }, tags: { type: 'array', default: ['a'] } }, required: ['limit'] };
    const r = one({ limit: null, tags: null }, s);
    assert.deepEqual(r.value, { limit: 10, tags: ['a'] });
    assert.deepEqual(kinds(r.repairs), ['null_to_default', 'null_to_default']);
    (r.value as { tags: string[] }).tags.push('mutated');
    assert.deepEqual(coerce({ limit: null, tags: null }, s), { limit: 10, tags: ['a'] }, 'defaults are copied');
  });
  test('enum_case_fold: exactly one member, case and surrounding spaces', () => {
    const s = { type: 'object', properties: { p: { enum: ['low', 'medium', 'high'] } } };
    assert.deepEqual(one({ p: 'High' }, s).value, { p: 'high' });
    assert.deepEqual(one({ p: ' MEDIUM ' }, s).repairs, [{ kind: 'enum_case_fold', path: '/p', before: ' MEDIUM ', after: 'medium' }]);
    assert.throws(() => coerce({ p: 'hi' }, s), SchemaError);
    const ambiguous = { type: 'object', properties: { p: { enum: ['a', 'A'] } } };
    assert.throws(() => coerce({ p: ' a ' }, ambiguous), SchemaError, 'two members match: no guess');
  });
  test('enum_case_fold: the member written as a JSON string inside the string (zed #55186)', () => {
    const s = { type: 'object', properties: { mode: { type: 'string', enum: ['write', 'edit'] } } };
    assert.deepEqual(one({ mode: '"edit"' }, s).repairs, [{ kind: 'enum_case_fold', path: '/mode', before: '"edit"', after: 'edit' }]);
    assert.deepEqual(one({ mode: "'Edit'" }, s).value, { mode: 'edit' });
    // One quote, or quotes of two kinds: no member.
    for (const mode of ['"edit', '"edit\'']) assert.throws(() => coerce({ mode }, s), SchemaError);
  });
  test('strip_extra_properties: only where the schema closes the object', () => {
    const closed = { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false };
    const r = one({ a: 1, x: 2 }, closed);
    assert.deepEqual(r.value, { a: 1 });
    assert.deepEqual(r.repairs, [{ kind: 'strip_extra_properties', path: '/x', before: 2, after: undefined }]);
    const withPattern = { ...closed, patternProperties: { '^x-': { type: 'string' } } };
    assert.deepEqual(coerce({ a: 1, 'x-k': 'v', y: 1 }, withPattern), { a: 1, 'x-k': 'v' });
    // Session 33's schema probe: every member stripped left {}, a value that looks valid and says nothing.
    assert.throws(() => coerce({ x: 2, y: 3 }, closed), SchemaError);
    // F17: a null property and the answer under a misnamed key: the null goes, the key is renamed (was {}).
    assert.deepEqual(coerce({ a: null, A: 1 }, closed), { a: 1 });
  });
  test('unwrap_object: the answer in a one-key wrapper no property declares (schema probe zwrap, n8n #20029)', () => {
    const person = { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, additionalProperties: false };
    // Before: {} (the wrapper stripped), or a missing required property.
    const r = one({ result: { name: 'Ada', age: '36' } }, person);
    assert.deepEqual([r.value, kinds(r.repairs)], [{ name: 'Ada', age: 36 }, ['unwrap_object', 'string_to_integer']]);
    assert.deepEqual(coerce({ data: { name: 'Ada' } }, { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }), { name: 'Ada' });
    // An agent's `output` wrapped again by the model (n8n #20029).
    const n8n = { type: 'object', properties: { output: { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] } }, required: ['output'] };
    assert.deepEqual(parse('{"output": {"output": {"summary": "All tests passed"}}}', { schema: n8n }), { output: { summary: 'All tests passed' } });
    // A declared key is no wrapper; an inner value that does not fit is not taken.
    assert.throws(() => coerce({ result: { nick: 'x' } }, person), SchemaError);
  });
  test('rename_property before unwrap_object: a key that names a property is no wrapper (schema probe 2, F5)', () => {
    // Before: unwrapped to {"status": "open"}, then Zod stripped it: {} (JSON Schema: {"status": "open"}).
    const F = z.object({ filters: z.object({ status: z.enum(['open', 'closed']).optional() }).optional(), limit: z.number().optional() });
    const r = parseWithReport('{"Filters": {"status": "open"}}', { schema: F });
    assert.deepEqual([r.value, r.repairs], [{ filters: { status: 'open' } }, [{ kind: 'rename_property', path: '/Filters', before: 'Filters', after: 'filters' }]]);
    const J = { type: 'object', properties: { filters: { type: 'object', properties: { status: { enum: ['open', 'closed'] } } }, status: { enum: ['open', 'closed'] } }, additionalProperties: false };
    assert.deepEqual(coerceWithReport({ Filters: { status: 'open' } }, J).value, { filters: { status: 'open' } });
    // A key that names two properties renames nothing, and is no wrapper either (before: unwrapped).
    const two = { type: 'object', properties: { a_b: { type: 'object' }, aB: { type: 'object' }, x: { type: 'string' } }, additionalProperties: false };
    assert.throws(() => coerce({ AB: { x: '1' } }, two), SchemaError);
  });
  test('unwrap_json_string: a Python tuple\'s repr where an array is expected (home-llm #84, the second survey)', () => {
    const light = { type: 'object', properties: { rgb_color: { type: 'array', items: { type: 'integer' } } } };
    // Before: SCHEMA_MISMATCH (the same value written as "[…]" was read).
    const r = one({ rgb_color: '(240, 128, 128)' }, light);
    assert.deepEqual([r.value, kinds(r.repairs)], [{ rgb_color: [240, 128, 128] }, ['unwrap_json_string']]);
    // Words in parentheses are no tuple: a string array takes the text as its one item, as before.
    assert.deepEqual(coerce({ n: '(see above)' }, { type: 'object', properties: { n: { type: 'array', items: { type: 'string' } } } }), { n: ['(see above)'] });
  });
  test('unwrap_object then unwrap_singleton_array: the answer in a one-element array under the wrapper (Mirascope #554)', () => {
    const book = { type: 'object', properties: { title: { type: 'string' }, author: { type: 'string' } }, required: ['title', 'author'] };
    // Before: SCHEMA_MISMATCH, /title missing.
    const r = one({ examples: [{ author: 'Sanderson, Brandon', title: 'THE WAY OF KINGS' }] }, book);
    assert.deepEqual([r.value, kinds(r.repairs)], [{ author: 'Sanderson, Brandon', title: 'THE WAY OF KINGS' }, ['unwrap_object', 'unwrap_singleton_array']]);
    // Two elements: which one is meant is a guess.
    assert.throws(() => coerce({ examples: [{ author: 'a', title: 'b' }, { author: 'c', title: 'd' }] }, book), SchemaError);
  });
});

describe('unions', () => {
  test('anyOf: the branch with fewest repairs wins', () => {
    const s = { type: 'object', properties: { v: { anyOf: [{ type: 'array', items: { type: 'integer' } }, { type: 'integer' }] } } };
    const r = one({ v: '5' }, s);
    assert.deepEqual(r.value, { v: 5 }, 'one repair (string_to_integer) beats two (wrap + convert)');
    assert.deepEqual(kinds(r.repairs), ['string_to_integer']);
  });
  test('ties go to the first branch', () => {
    const s = { type: 'object', properties: { v: { anyOf: [{ type: 'integer' }, { type: 'boolean' }] } } };
    assert.deepEqual(coerce({ v: 'true' }, s), { v: true }, 'only the boolean branch applies');
    const tie = { type: 'object', properties: { v: { anyOf: [{ type: 'number' }, { type: 'integer' }] } } };
    assert.deepEqual(kinds(one({ v: '3' }, tie).repairs), ['string_to_number']);
  });
  test('a key an object branch leaves undeclared counts as a repair: no tie-break drops it (schema probe 2, F6)', () => {
    // Before: {"a": 1}: the first branch won the tie, then Zod stripped "b", which only the second declares.
    const U = z.union([z.object({ a: z.number() }), z.object({ a: z.string(), b: z.boolean() })]);
    const r = parseWithReport('{"a": "1", "b": "true"}', { schema: U });
    assert.deepEqual([r.value, r.repairs], [{ a: '1', b: true }, [{ kind: 'string_to_boolean', path: '/b', before: 'true', after: true }]]);
    // Fewer repairs that lose two keys do not beat two repairs that keep them.
    const V = z.union([z.object({ a: z.number() }), z.object({ a: z.string(), b: z.boolean(), c: z.number() })]);
    assert.deepEqual(parse('{"a": "1", "b": "true", "c": "2"}', { schema: V }), { a: '1', b: true, c: 2 });
    // A value with no undeclared key still goes to the first of two equal branches.
    assert.deepEqual(parse('{"a": "1"}', { schema: U }), { a: 1 });
  });
  test('type arrays are unions', () => {
    const s = { type: 'object', properties: { v: { type: ['integer', 'string'] }, w: { type: ['boolean', 'null'] } } };
    assert.deepEqual(coerce({ v: true, w: 'FALSE' }, s), { v: 'true', w: false });
  });
  test('oneOf over objects repairs inside the right branch', () => {
    const s = {
      oneOf: [
        { type: 'object', properties: { kind: { const: 'a' }, n: { type: 'integer' } }, required: ['kind', 'n'] },
        { type: 'object', properties: { kind: { const: 'b' }, s: { type: 'string' } }, required: ['kind', 's'] },
      ],
    };
    assert.deepEqual(coerce({ kind: 'a', n: '1' }, s), { kind: 'a', n: 1 });
    assert.deepEqual(coerce({ kind: 'b', s: 2 }, s), { kind: 'b', s: '2' });
  });
});

describe('combinations', () => {
  test('several repairs at once, in document paths', () => {
    const s = {
      type: 'object',
      properties: {
        files: { type: 'array', items: { type: 'string' } },
        count: { type: 'integer' },
        ok: { type: 'boolean' },
        level: { enum: ['debug', 'info'] },
        note: { type: 'string' },
      },
      required: ['files', 'count'],
      additionalProperties: false,
    };
    const r = one({ files: 'a.ts', count: '3', ok: 'True', level: 'INFO', note: null, extra: 1 }, s);
    assert.deepEqual(r.value, { files: ['a.ts'], count: 3, ok: true, level: 'info' });
    assert.deepEqual(kinds(r.repairs).sort(), ['drop_null', 'enum_case_fold', 'string_to_boolean', 'string_to_integer', 'strip_extra_properties', 'wrap_in_array']);
  });
  test('wrap then convert the element; unwrap singleton then convert', () => {
    const s = { type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } }, n: { type: 'integer' } } };
    const r = one({ ids: '7', n: ['8'] }, s);
    assert.deepEqual(r.value, { ids: [7], n: 8 });
    assert.deepEqual(kinds(r.repairs), ['wrap_in_array', 'unwrap_singleton_array', 'string_to_integer', 'string_to_integer']);
  });
  test('double-encoded payload whose insides need repairs too', () => {
    const s = { type: 'object', properties: { n: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } } };
    const r = one(JSON.stringify({ n: '1', tags: 'x' }), s);
    assert.deepEqual(r.value, { n: 1, tags: ['x'] });
    assert.deepEqual(kinds(r.repairs), ['unwrap_json_string', 'string_to_integer', 'wrap_in_array']);
  });
  test('a stringified array of numeric strings', () => {
    const s = { type: 'array', items: { type: 'number' } };
    assert.deepEqual(coerce('["1", "2.5"]', s), [1, 2.5]);
  });
});

describe('invariants', () => {
  test('valid input pays nothing and reports nothing: same reference, no callback', () => {
    const value = { files: ['a'], nested: { deep: [1, 2, 3] } };
    let called = 0;
    const out = coerce(value, arrayOfStrings, { onRepair: () => called++ });
    assert.equal(out, value);
    assert.equal(called, 0);
  });
  test('the schema is the prior: a string property that looks like JSON is never touched', () => {
    const s = { type: 'object', properties: { code: { type: 'string' }, meta: { type: 'string' } }, required: ['code'] };
    const value = { code: '[1,2,3]', meta: '{"a":1}' };
    const r = one(value, s);
    assert.equal(r.value, value);
    assert.deepEqual(r.repairs, []);
    const r2 = one({ code: '[1,2,3]', meta: '{"a":1}', n: 1 }, { ...s, properties: { ...s.properties, n: { type: 'string' } } });
    assert.deepEqual(r2.value, { code: '[1,2,3]', meta: '{"a":1}', n: '1' });
  });
  test('unwrap before wrap: no double wrapping', () => {
    const r = one({ files: '["a","b"]' }, arrayOfStrings);
    assert.deepEqual(r.value, { files: ['a', 'b'] });
    assert.notDeepEqual(r.value, { files: ['["a","b"]'] });
    assert.deepEqual(kinds(r.repairs), ['unwrap_json_string']);
  });
  test('a multi-key object is not squeezed into an array', () => {
    assert.throws(() => coerce({ files: { a: 'x', b: 'y' } }, arrayOfStrings), SchemaError);
  });
  test('unknown properties are left alone unless the schema closes the object', () => {
    const r = one({ files: 'a', extra: { any: 'thing' } }, arrayOfStrings);
    assert.deepEqual(r.value, { files: ['a'], extra: { any: 'thing' } });
  });
  test('repairs reach nested objects, arrays of objects and $ref/$defs', () => {
    const s = {
      $defs: { Item: { type: 'object', properties: { id: { type: 'integer' }, tags: { $ref: '#/$defs/Tags' } }, required: ['id'] }, Tags: { type: 'array', items: { type: 'string' } } },
      type: 'object',
      properties: { items: { type: 'array', items: { $ref: '#/$defs/Item' } }, owner: { type: 'object', properties: { age: { type: 'integer' } } } },
    };
    const r = one({ items: [{ id: '1', tags: 'x' }, { id: 2 }], owner: { age: '40' } }, s);
    assert.deepEqual(r.value, { items: [{ id: 1, tags: ['x'] }, { id: 2 }], owner: { age: 40 } });
    assert.deepEqual((r.repairs as SchemaRepair[]).map((x) => x.path).sort(), ['/items/0/id', '/items/0/tags', '/owner/age']);
  });
  test('draft-07 definitions and allOf', () => {
    const s = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { N: { type: 'integer' } },
      allOf: [{ type: 'object', properties: { a: { $ref: '#/definitions/N' } } }, { properties: { b: { type: 'boolean' } } }],
    };
    assert.deepEqual(coerce({ a: '1', b: 'false' }, s), { a: 1, b: false });
  });
  test('integers beyond 2^53 elsewhere in the value are not altered', () => {
    const big = 12345678901234567890;
    const value = { files: 'a', big, list: [big, -big] };
    const out = coerce(value, arrayOfStrings) as typeof value;
    assert.equal(out.big, big);
    assert.equal(out.list, value.list, 'untouched subtrees are shared, not copied');
    assert.throws(() => coerce({ n: '12345678901234567890' }, { type: 'object', properties: { n: { type: 'integer' } } }), SchemaError);
  });
  test("copy-on-write: the caller's value is never mutated", () => {
    const value = { files: 'a', keep: { x: 1 }, drop: null };
    const frozen = structuredClone(value);
    const out = coerce(value, { ...arrayOfStrings, properties: { ...arrayOfStrings.properties, drop: { type: 'string' } } }) as Record<string, unknown>;
    assert.deepEqual(value, frozen);
    assert.notEqual(out, value);
    assert.equal(out.keep, value.keep);
  });
  test('__proto__ stays a plain own key', () => {
    const value = JSON.parse('{"__proto__": {"polluted": "1"}, "files": "a"}') as Record<string, unknown>;
    const out = coerce(value, arrayOfStrings) as Record<string, unknown>;
    assert.ok(Object.prototype.hasOwnProperty.call(out, '__proto__'));
    assert.equal(Object.getPrototypeOf(out), Object.prototype);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
  test('__proto__ as a declared property is repaired as an own key', () => {
    const s = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"integer"}},"additionalProperties":false}') as Record<string, unknown>;
    const v = JSON.parse('{"__proto__": "5"}') as Record<string, unknown>;
    const out = coerce(v, s) as Record<string, unknown>;
    assert.equal(Object.getOwnPropertyDescriptor(out, '__proto__')?.value, 5);
    assert.equal(Object.getPrototypeOf(out), Object.prototype);
  });
  test('missing required properties are errors, not guesses', () => {
    assert.throws(() => coerce({}, arrayOfStrings), (e: unknown) => {
      assert.ok(e instanceof SchemaError);
      assert.deepEqual(e.issues, [{ path: '/files', expected: 'array (required)', received: 'nothing', message: 'missing required property "files"' }]);
      return true;
    });
  });
  test('never a half-repaired value: the error carries the original issues', () => {
    const s = { type: 'object', properties: { n: { type: 'integer' }, m: { type: 'integer' } } };
    assert.throws(() => coerce({ n: '1', m: 'x' }, s), (e: unknown) => {
      assert.ok(e instanceof SchemaError);
      assert.equal(e.code, 'SCHEMA_MISMATCH');
      assert.deepEqual(e.issues.map((i) => [i.path, i.expected, i.received]), [['/n', 'integer', '"1"'], ['/m', 'integer', '"x"']]);
      return true;
    });
  });
  test('after repairs that keep every path, the error says what is still wrong (schema probe 2, F10)', () => {
    const issuesOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        assert.ok(e instanceof SchemaError);
        return e.issues.map((i) => [i.path, i.expected, i.received]);
      }
      assert.fail('expected a SchemaError');
    };
    // Before: /ratio: expected number, got "50%", which jsonmend had already read as 50.
    const ratio = z.object({ ratio: z.number() }).refine((o) => o.ratio <= 1, { message: 'ratio must be at most 1', path: ['ratio'] });
    assert.deepEqual(issuesOf(() => parse('{"ratio": "50%"}', { schema: ratio })), [['/ratio', 'ratio must be at most 1', '50 (read from "50%")']]);
    assert.match(formatFeedback(catchError(() => parse('{"ratio": "50%"}', { schema: ratio }))), /\/ratio: ratio must be at most 1, got 50 \(read from "50%"\)/);
    const min = { type: 'object', properties: { n: { type: 'integer', minimum: 0 } } };
    assert.deepEqual(issuesOf(() => coerce({ n: '-4' }, min)), [['/n', 'a number >= 0', '-4 (read from "-4")']]);
    assert.deepEqual(issuesOf(() => coerce({ n: '3000000000' }, z.object({ n: z.int32() }))), [['/n', 'a number <= 2147483647', '3000000000 (read from "3000000000")']]);
    // The reply's own mistake stays beside what the repaired value still fails elsewhere.
    assert.deepEqual(issuesOf(() => coerce([1, '1'], { type: 'array', items: { type: 'integer' }, uniqueItems: true })), [['/1', 'integer', '"1"'], ['', 'an array of unique items', '[1,1] (read from [1,"1"])']]);
  });
});

// Session 34: parseToolArguments given the whole call, `{"name": …, "arguments": {…}}` (an SDK's
// tool_call.function passed where its arguments go, or a model writing the call into them): with a
// schema that closes or requires nothing the envelope came back as the arguments, without a word
// (`{"name": "get_weather", "arguments": {…}}` for `{days}`), else a SchemaError for what it lacks.
describe('unwrap_tool_call (parseToolArguments)', () => {
  const weather = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] };
  function read(text: string, schema?: Record<string, unknown>) {
    let repairs: readonly Repair[] = [];
    const value = parseToolArguments(text, schema, { onRepair: (r) => (repairs = r) });
    return { value, kinds: kinds(repairs), repairs };
  }
  test('the call\'s arguments are read when the schema declares none of its members, and the unwrap is reported', () => {
    const r = read('{"name": "get_weather", "arguments": {"city": "Paris", "days": "3"}}', weather);
    assert.deepEqual([r.value, r.kinds], [{ city: 'Paris', days: 3 }, ['unwrap_tool_call', 'string_to_integer']]);
    assert.deepEqual(r.repairs[0], { kind: 'unwrap_tool_call', path: '', before: { name: 'get_weather', arguments: { city: 'Paris', days: '3' } }, after: { city: 'Paris', days: '3' } });
    // A schema the envelope would pass as it stands: it came back as the arguments.
    assert.deepEqual(read('{"name": "get_weather", "arguments": {"days": 3}}', { type: 'object', properties: { days: { type: 'integer' } } }).value, { days: 3 });
    assert.deepEqual(read('{"name": "get_weather", "parameters": {"city": "Oslo"}, "id": "call_1"}', weather).value, { city: 'Oslo' });
    const wrapped = read('{"type": "function", "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Rome\\"}"}}', weather);
    assert.deepEqual([wrapped.value, wrapped.kinds], [{ city: 'Rome' }, ['unwrap_tool_call']]);
    // The parser's repairs of the text stay.
    assert.deepEqual([...new Set(read("{'name': 'get_weather', 'arguments': {'city': 'Lima'}}", weather).kinds)], ['single_quotes', 'unwrap_tool_call']);
  });
  test('ambiguous, it stays: a schema declaring a member of the call, none given, or no schema\'s properties; the arguments the schema rejects are its error', () => {
    const envelope = '{"name": "get_weather", "arguments": {"city": "Paris"}}';
    const value = { name: 'get_weather', arguments: { city: 'Paris' } };
    assert.deepEqual(read(envelope, { type: 'object', properties: { name: { type: 'string' }, arguments: { type: 'object' } } }), { value, kinds: [], repairs: [] });
    assert.deepEqual(read(envelope).value, value);
    assert.deepEqual(read(envelope, { type: 'object' }).value, value);
    // Another member beside them: no call's envelope.
    assert.throws(() => read('{"name": "get_weather", "arguments": {}, "note": 1}', weather), SchemaError);
    assert.throws(() => read('{"name": "get_weather", "arguments": {"days": 2}}', weather), (e: unknown) => e instanceof SchemaError && e.issues[0].path === '/city');
  });
});

// Session 34 (2): arguments that are no JSON, which extractToolCalls reads in a call's markup, were
// NO_JSON in parseToolArguments: Qwen3-Coder's parameter markup as the arguments string (opencode
// #1585, a glob tool's `<parameter=pattern>**</parameter>`), and text for a tool whose one parameter
// takes a string (`ls -R⏎` for `{command}`).
describe('parameter_markup and arguments_as_text (parseToolArguments)', () => {
  function read(text: string, schema?: Record<string, unknown>, options: { acceptTruncated?: boolean } = {}) {
    let repairs: readonly Repair[] = [];
    const value = parseToolArguments(text, schema, { ...options, onRepair: (r) => (repairs = r) });
    return { value, kinds: kinds(repairs), repairs };
  }
  const glob = { type: 'object', properties: { pattern: { type: 'string' }, limit: { type: 'integer' } }, required: ['pattern'] };
  const shell = { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] };
  test('parameter_markup: Qwen3-Coder\'s and invoke\'s parameter tags are the arguments, each value read by its property\'s type', () => {
    const r = read('<parameter=pattern>**</parameter>', glob);
    assert.deepEqual([r.value, r.kinds], [{ pattern: '**' }, ['parameter_markup']]);
    assert.deepEqual(r.repairs[0], { kind: 'parameter_markup', path: '', before: '<parameter=pattern>**</parameter>', after: { pattern: '**' } });
    assert.deepEqual(read('<parameter=pattern>\nsrc/**/*.ts\n</parameter>\n<parameter=limit>\n20\n</parameter>', glob).value, { pattern: 'src/**/*.ts', limit: 20 });
    assert.deepEqual(read('<parameter name="pattern">*.md</parameter><parameter name="limit">"5"</parameter>', glob).kinds, ['parameter_markup', 'string_to_integer']);
    // Without a schema: an object of strings.
    assert.deepEqual(read('<parameter=pattern>**</parameter>').value, { pattern: '**' });
  });
  test('parameter_markup: cut off, or text that is no parameter among them: an error, never a guess', () => {
    assert.throws(() => read('<parameter=pattern>**', glob), (e: unknown) => e instanceof JsonMendError && e.code === 'REPAIR_REFUSED' && /cut off/.test(e.message));
    assert.deepEqual(read('<parameter=pattern>**', glob, { acceptTruncated: true }).value, { pattern: '**' });
    assert.throws(() => read('<parameter=pattern>**</parameter> and src', glob), (e: unknown) => e instanceof JsonMendError && e.code === 'UNREPAIRABLE' && /no <parameter/.test(e.message));
    assert.throws(() => read('<parameter=limit>10</parameter>', glob), SchemaError);
  });
  test('arguments_as_text: text for a schema whose one property takes a string is its value', () => {
    const r = read('ls -R\n', shell);
    assert.deepEqual([r.value, r.kinds], [{ command: 'ls -R' }, ['arguments_as_text']]);
    assert.deepEqual(r.repairs[0], { kind: 'arguments_as_text', path: '', before: 'ls -R\n', after: { command: 'ls -R' } });
    // Code keeps its indentation; only a line break at either end goes.
    assert.deepEqual(read('\n  if x:\n    y()\n', shell).value, { command: '  if x:\n    y()' });
    assert.deepEqual(read('df.shape[0]', shell).value, { command: 'df.shape[0]' });
  });
  test('arguments_as_text: only then; JSON, a JSON scalar, or another schema stay as they were', () => {
    assert.throws(() => read('ls -R', glob), (e: unknown) => e instanceof JsonMendError && e.code === 'NO_JSON');
    assert.throws(() => read('ls -R', { type: 'object', properties: { command: { type: 'string' }, cwd: { type: 'string' } } }), (e: unknown) => e instanceof JsonMendError && e.code === 'NO_JSON');
    assert.throws(() => read('ls -R', { type: 'object', properties: { n: { type: 'integer' } } }), (e: unknown) => e instanceof JsonMendError && e.code === 'NO_JSON');
    assert.throws(() => read('ls -R'), (e: unknown) => e instanceof JsonMendError && e.code === 'NO_JSON');
    assert.deepEqual(read('{"command": "pwd"}', shell), { value: { command: 'pwd' }, kinds: [], repairs: [] });
    assert.throws(() => read('42', shell), SchemaError);
    assert.throws(() => read('"pwd"', shell), SchemaError);
  });
});

/** parse's report, and the stream's end() fed in 1- and 3-character chunks giving the same value. */
function readAll(text: string, schema: SchemaLike): { value: unknown; kinds: string[]; schema: Array<[string, string, unknown]> } {
  const r = parseWithReport(text, { schema });
  for (const size of [1, 3]) {
    const p = createStreamParser({ schema });
    for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
    assert.deepEqual(p.end(), r.value, `chunks of ${size}`);
  }
  const own = (r.repairs as Repair[]).filter((x): x is SchemaRepair => 'path' in x);
  return { value: r.value, kinds: kinds(r.repairs), schema: own.map((x) => [x.kind, x.path, x.before]) };
}

describe('damaged text through the schema (schema probe s36 diff3)', () => {
  const inner = { type: 'object', properties: { x: { type: 'integer' } }, required: ['x'], additionalProperties: false };
  const items = (b: Record<string, unknown>) => ({ type: 'array', items: { type: 'object', properties: { a: inner, b }, required: ['a'] } });

  test('F1: a member a guessed closer left in a nested object goes back to the object that declares it (move_to_parent)', () => {
    // One `}` lost: `b` read into `a`. A closed schema stripped it, Zod dropped it without a word, a default replaced it.
    const text = '[{"a": {"x": 1, "b": 2}]';
    const schemas: SchemaLike[] = [
      items({ type: 'integer' }),
      items({ type: 'integer', default: 0 }),
      z.array(z.object({ a: z.object({ x: z.int() }), b: z.int().optional() })),
      z.array(z.object({ a: z.object({ x: z.int() }), b: z.int().default(0) })),
      z.array(z.strictObject({ a: z.strictObject({ x: z.int() }), b: z.int().optional() })),
    ];
    for (const schema of schemas) {
      const r = readAll(text, schema);
      assert.deepEqual(r.value, [{ a: { x: 1 }, b: 2 }]);
      assert.deepEqual(r.schema, [['move_to_parent', '/0/a/b', 2]]);
    }
    // A task's `done` read into its owner (one `}` lost); `.default(false)` gave false for the written true.
    const tasks = z.object({ tasks: z.array(z.object({ title: z.string(), owner: z.object({ name: z.string() }), done: z.boolean().default(false) })) });
    const t = readAll('{"tasks": [{"title": "a", "owner": {"name": "Ada", "done": true}, {"title": "b", "owner": {"name": "Bo"}, "done": true}]}', tasks);
    assert.deepEqual(t.value, { tasks: [{ title: 'a', owner: { name: 'Ada' }, done: true }, { title: 'b', owner: { name: 'Bo' }, done: true }] });
    // A doubled `{` read as a template took the real `}` with it.
    const s = z.array(z.object({ s: z.object({ l: z.object({ id: z.int() }) }), items: z.array(z.int()).optional() }));
    assert.deepEqual(readAll('[{"s": {"l": {{"id": 1}}, "items": [2]}]', s).value, [{ s: { l: { id: 1 } }, items: [2] }]);
  });

  test('F1: without a guessed closer, or where the parent has the key or its type does not take the member, nothing moves', () => {
    const zod = z.array(z.object({ a: z.object({ x: z.int() }), b: z.int().optional() }));
    // Written there as valid JSON: the member stays where the reply put it, and is stripped by name.
    assert.deepEqual(readAll('[{"a": {"x": 1, "b": 2}}]', items({ type: 'integer' })).schema, [['strip_extra_properties', '/0/a/b', 2]]);
    assert.deepEqual(readAll('[{"a": {"x": 1, "b": 2}}]', zod).schema, [['strip_extra_properties', '/0/a/b', 2]]);
    // The parent already has `b`.
    assert.deepEqual(readAll('[{"b": 5, "a": {"x": 1, "b": 2}]', zod), { value: [{ b: 5, a: { x: 1 } }], kinds: ['mismatched_closer', 'strip_extra_properties'], schema: [['strip_extra_properties', '/0/a/b', 2]] });
    // The member does not fit the parent's property as written.
    assert.deepEqual(readAll('[{"a": {"x": 1, "b": "two"}]', zod).schema, [['strip_extra_properties', '/0/a/b', 'two']]);
  });

  test('F1: a key a Standard Schema strips from a value it accepts is named (strip_extra_properties), never dropped without a word', () => {
    const zod = z.object({ id: z.int(), tags: z.array(z.object({ name: z.string() })) });
    const r = parseWithReport('{"id": 1, "note": "hi", "tags": [{"name": "a", "score": 2}]}', { schema: zod });
    assert.deepEqual(r.value, { id: 1, tags: [{ name: 'a' }] });
    assert.deepEqual(r.repairs.map((x) => [x.kind, (x as SchemaRepair).path, (x as SchemaRepair).before]), [['strip_extra_properties', '/note', 'hi'], ['strip_extra_properties', '/tags/0/score', 2]]);
    // coerce reports them too; z.looseObject keeps them and says nothing.
    assert.deepEqual(kinds(coerceWithReport({ id: 1, note: 'hi', tags: [] }, zod).repairs), ['strip_extra_properties']);
    assert.deepEqual(parseWithReport('{"id": 1, "note": "hi"}', { schema: z.looseObject({ id: z.int() }) }).repairs, []);
  });

  test('F1 in a union of arrays: a key stripped from an item is named, and a key that names a property with its colon is no silent strip (regression R7)', () => {
    // diff3 seed 7454: `"id: " w454x5"` (a key's closing quote lost) in an item of a
    // z.union of arrays. The key was stripped without a word and `id` was gone.
    const Item = z.object({ id: z.enum([' w5', 'other option']).optional(), url: z.int().optional() });
    const schema = z.object({ e: z.union([z.array(z.object({ x: z.string() })), z.array(Item)]) });
    const r = parseWithReport('{"e": [{"zz": "w5", "url": -7}]}', { schema });
    assert.deepEqual(r.value, { e: [{ url: -7 }] });
    assert.deepEqual(r.repairs.map((x) => [x.kind, (x as SchemaRepair).path, (x as SchemaRepair).before]), [['strip_extra_properties', '/e/0/zz', 'w5']]);
    // As outside the union (`{"e": {"id: ": "w5"}}` for z.union([z.string(), Item])): refused, not {url: -7}.
    assert.throws(() => parse('{"e": [{"id: " w5", "url": -7}]}', { schema }), (e: unknown) => e instanceof SchemaError && e.issues[0].path === '/e/0');
    assert.throws(() => parse('{"e": [{"a": [{"id: " w5", "url": -7}]}]}', { schema: z.object({ e: z.union([z.array(z.object({ x: z.string() })), z.array(z.object({ a: z.array(Item) }))]) }) }), SchemaError);
  });

  test('F3: a member the text stage made up after a list written without brackets is named when the schema strips it', () => {
    const text = '{"tags": "auth", "urgent", "n": 1}';
    for (const schema of [z.object({ tags: z.array(z.string()), n: z.int() }), z.strictObject({ tags: z.array(z.string()), n: z.int() })]) {
      const r = readAll(text, schema);
      assert.deepEqual(r.value, { tags: ['auth'], n: 1 });
      assert.deepEqual(r.schema, [['wrap_in_array', '/tags', 'auth'], ['strip_extra_properties', '/urgent', null]]);
    }
  });

  test('F4: a null the text stage wrote (a key with no value, NaN) is no null the model wrote: no default fills it without salvage', () => {
    const schema = { type: 'object', properties: { limit: { type: 'integer', default: 10 }, q: { type: 'string' } }, required: ['limit', 'q'] };
    for (const text of ['{"limit": , "q": "x"}', '{"q": "x", "limit"}', '{"limit": NaN, "q": "x"}']) {
      assert.throws(() => parse(text, { schema }), SchemaError, text);
      streamEndThrows(text, schema);
      assert.deepEqual(parse(text, { schema, salvage: true }), { limit: 10, q: 'x' }, text);
    }
    // As an absent key: required, an error; with Zod's `.default()` the key is optional, and absent it is the default.
    assert.throws(() => parse('{"q": "x"}', { schema }), SchemaError);
    assert.deepEqual(readAll('{"limit": , "q": "x"}', z.object({ limit: z.int().default(10), q: z.string() })).schema, [['drop_null', '/limit', null]]);
    // A null the model wrote still takes the default.
    assert.deepEqual(parse('{"limit": null, "q": "x"}', { schema }), { limit: 10, q: 'x' });
  });

  test('F5: a key whose colon landed inside its quotes is renamed to the property', () => {
    const closed = { type: 'object', properties: { id: { type: 'integer' }, code: { type: 'string' } }, required: ['id'], additionalProperties: false };
    for (const schema of [closed, z.object({ id: z.int(), code: z.string().optional() }), z.strictObject({ id: z.int(), code: z.string().optional() })] as SchemaLike[]) {
      const r = readAll('{"id": 1, "code:" "x"}', schema);
      assert.deepEqual(r.value, { id: 1, code: 'x' });
      assert.deepEqual(r.schema, [['rename_property', '/code:', 'code:']]);
    }
  });
});

describe('differential hunt, JSON Schema against Zod (schema probe s38)', () => {
  test('H1: a type array weighs its shapes as anyOf does: "null" for type ["array", "null"] is null, not an item', () => {
    // Before: wrap_in_array won the tie (first type), `["null"]` then failed the integer items:
    // SchemaError for the JSON Schema, while Zod's `.nullable()` (anyOf) read null.
    const typeArray = { type: 'object', properties: { ids: { type: ['array', 'null'], items: { type: 'integer' } } } };
    const zod = z.object({ ids: z.array(z.int()).nullable().optional() });
    for (const schema of [typeArray, zod] as SchemaLike[]) {
      for (const text of ['{"ids": "null"}', '{"ids": " None "}']) {
        const r = readAll(text, schema);
        assert.deepEqual(r.value, { ids: null }, text);
        assert.deepEqual(r.kinds, ['string_to_null'], text);
      }
      // A scalar the array takes once wrapped still goes into the array; a word neither takes fails.
      assert.deepEqual(readAll('{"ids": "5"}', schema).value, { ids: [5] });
      assert.throws(() => parse('{"ids": "x"}', { schema }), SchemaError);
      streamEndThrows('{"ids": "x"}', schema);
    }
    // Where both shapes fit once repaired, the first type still wins the tie (as anyOf's first branch does).
    const strings = { type: 'object', properties: { v: { type: ['array', 'null'], items: { type: 'string' } } } };
    assert.deepEqual(coerce({ v: 'null' }, strings), { v: ['null'] });
  });

  test('H2: unwrap_json_string takes a string that is one JSON value, not the first of several with prose between', () => {
    // Before: `"{\"a\": 1} and {\"a\": 2}"` unwrapped to {a: 1}: the tolerant parser's surrounding_text
    // (no guess, so strict allowed it) dropped " and {\"a\": 2}" from the string.
    const object = { type: 'object', properties: { cfg: { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] } }, required: ['cfg'] };
    const array = { type: 'object', properties: { cfg: { type: 'array', items: { type: 'integer' } } }, required: ['cfg'] };
    const zObject = z.object({ cfg: z.object({ a: z.int() }) });
    for (const schema of [object, zObject] as SchemaLike[]) {
      assert.throws(() => coerce({ cfg: '{"a": 1} and {"a": 2}' }, schema), SchemaError);
      const text = JSON.stringify({ cfg: '{"a": 1} and {"a": 2}' });
      assert.throws(() => parse(text, { schema }), SchemaError);
      streamEndThrows(text, schema);
      // One value, written loosely, is still read.
      assert.deepEqual(coerce({ cfg: "{'a': 1}" }, schema), { cfg: { a: 1 } });
    }
    assert.throws(() => coerce({ cfg: '[1] and [2]' }, array), SchemaError);
    assert.deepEqual(coerce({ cfg: '(1, 2)' }, array), { cfg: [1, 2] });
  });

  test('H4: a closed object keeps a key that competes with a declared property as a failure, not a strip (as Zod\'s z.object does)', () => {
    // Before: `{"label": "x", "Label": "y"}` lost "y" to strip_extra_properties, and `{"Label": "x", "LABEL": "y"}`
    // (rename refused: two keys for one property) lost both: label was gone. z.object already refused both.
    const closed = { type: 'object', properties: { id: { type: 'integer' }, label: { type: 'string' } }, required: ['id'], additionalProperties: false };
    const strict = z.strictObject({ id: z.int(), label: z.string().optional() });
    const loose = z.object({ id: z.int(), label: z.string().optional() });
    for (const schema of [closed, strict, loose] as SchemaLike[]) {
      for (const text of ['{"id": 1, "label": "x", "Label": "y"}', '{"id": 1, "label": "x", "label ": "y"}', '{"id": 1, "Label": "x", "LABEL": "y"}']) {
        assert.throws(() => parse(text, { schema }), SchemaError, text);
        streamEndThrows(text, schema);
      }
      // The same answer twice says nothing new: the repeat goes, named.
      const r = readAll('{"id": 1, "label": "x", "Label": "x"}', schema);
      assert.deepEqual([r.value, r.schema], [{ id: 1, label: 'x' }, [['strip_extra_properties', '/Label', 'x']]]);
    }
    // A key that names no property is still stripped from a closed object, and one key for an absent property renamed.
    assert.deepEqual(readAll('{"id": 1, "lable": "x"}', closed).schema, [['strip_extra_properties', '/lable', 'x']]);
    assert.deepEqual(readAll('{"id": 1, "Label": "x"}', closed).value, { id: 1, label: 'x' });
  });
});
