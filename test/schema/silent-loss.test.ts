// Schema coercion that would lose or change what the model wrote without a repair naming it (probe s42):
// each case once repaired faithfully, or refused with a SchemaError.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { SchemaError, coerce, coerceWithReport, parse, parseWithReport, type Repair, type SchemaLike, type SchemaParseOptions, type SchemaRepair } from '../../src/schema/index.js';
import { createStreamParser } from '../../src/stream/index.js';
import { repair } from '../../src/parse/repair.js';

type Options = Omit<SchemaParseOptions, 'schema'>;

/** parse with the schema, checked against the stream's end (1- and 3-character chunks) and, without the schema, against repair(). */
function readAll(text: string, schema: SchemaLike, options: Options = {}): { value: unknown; schema: Array<[string, string, unknown]> } {
  assert.deepEqual(JSON.parse(repair(text)), parse(text), 'repair() and parse() agree');
  const r = parseWithReport(text, { schema, ...options });
  for (const size of [1, 3]) {
    const p = createStreamParser({ schema, ...options });
    for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
    assert.deepEqual(p.end(), r.value, `chunks of ${size}`);
  }
  const own = (r.repairs as Repair[]).filter((x): x is SchemaRepair => 'path' in x);
  return { value: r.value, schema: own.map((x) => [x.kind, x.path, x.before]) };
}

/** parse throws a SchemaError, and so does the stream's end. */
function refused(text: string, schema: SchemaLike, options: Options = {}): void {
  assert.throws(() => parse(text, { schema, ...options }), SchemaError, text);
  for (const size of [1, 3]) {
    const p = createStreamParser({ schema, ...options });
    for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
    assert.throws(() => p.end(), SchemaError, `chunks of ${size}`);
  }
}

describe('salvage: a tuple keeps its positions', () => {
  const point = { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }, { type: 'number' }] };

  test('an item at a tuple position with items after it is not dropped: the rest would move into other positions', () => {
    // [lat, lon, alt] with lon unreadable: dropped, the altitude would read as the longitude.
    refused('[52.5, "x", 120]', point, { salvage: true });
    refused('[52.5, "x", 120]', { $schema: 'http://json-schema.org/draft-07/schema#', type: 'array', items: point.prefixItems }, { salvage: true });
    refused('[52.5, "x", 120]', z.tuple([z.number(), z.number(), z.number()]), { salvage: true });
    // A tuple in a union (nullable, or beside another shape): the array may be the tuple, so its positions hold.
    refused('{"p": [52.5, "x", 120]}', { type: 'object', properties: { p: { anyOf: [point, { type: 'null' }] } } }, { salvage: true });
    refused('[52.5, "x", 120]', { anyOf: [point, { type: 'string' }] }, { salvage: true });
    // Past the positions, the items are a list: an item there goes as a list's does.
    refused('[1, "x", 3, 4]', { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: { type: 'number' } }, { salvage: true });
  });

  test('a tuple loses items at its end, and a list items anywhere, each reported', () => {
    assert.deepEqual(readAll('[52.5, 13.4, "x"]', point, { salvage: true }), { value: [52.5, 13.4], schema: [['drop_invalid_item', '/2', 'x']] });
    assert.deepEqual(readAll('[52.5, "x", "y"]', point, { salvage: true }).value, [52.5]);
    const tail = { type: 'array', prefixItems: [{ type: 'number' }], items: { type: 'number' } };
    assert.deepEqual(readAll('[1, 2, "x", 4]', tail, { salvage: true }), { value: [1, 2, 4], schema: [['drop_invalid_item', '/2', 'x']] });
    assert.deepEqual(readAll('[1, "x", 3]', { type: 'array', items: { type: 'number' } }, { salvage: true }).value, [1, 3]);
  });
});

describe('salvage: a default never takes the place of what the model wrote', () => {
  const limit = { type: 'integer', default: 10 };

  test('a property written under another spelling is renamed, not filled beside (fill_default after the other repairs)', () => {
    // Filled first, `limit` was there: `Limit` was kept beside the made-up 10, or stripped, or failed.
    for (const extra of [{}, { additionalProperties: false }]) {
      const schema = { type: 'object', properties: { limit }, required: ['limit'], ...extra };
      assert.deepEqual(readAll('{"Limit": 5}', schema, { salvage: true }), { value: { limit: 5 }, schema: [['rename_property', '/Limit', 'Limit']] });
    }
    const nested = { type: 'object', properties: { opts: { type: 'object', properties: { limit }, additionalProperties: false } } };
    assert.deepEqual(readAll('{"opts": {"Limit": 5}}', nested, { salvage: true }).value, { opts: { limit: 5 } });
    // An open object that is valid as written keeps the key as written, as without salvage: no default beside it.
    const open = { type: 'object', properties: { q: { type: 'string' }, fullName: { type: 'string', default: 'anon' } } };
    assert.deepEqual(readAll('{"q": "x", "full_name": "Ada"}', open, { salvage: true }), { value: { q: 'x', full_name: 'Ada' }, schema: [] });
  });

  test('a wrapper or a schema echo holding the answer is unwrapped, or left as written: no default fills it', () => {
    const props = { name: { type: 'string' }, limit };
    const text = '{"result": {"name": "Ada", "limit": 5}}';
    // Closed or with a required property: the wrapper comes off (filled first, `limit: 10` beside the
    // wrapper blocked unwrap_object: the answer was stripped or the reply refused).
    for (const extra of [{ additionalProperties: false }, { required: ['name'] }]) {
      assert.deepEqual(readAll(text, { type: 'object', properties: props, ...extra }, { salvage: true }), {
        value: { name: 'Ada', limit: 5 },
        schema: [['unwrap_object', '', { result: { name: 'Ada', limit: 5 } }]],
      });
    }
    // Open: valid as written, and taken as written, not made to look like an answer with limit 10.
    const open = { type: 'object', properties: props };
    assert.deepEqual(readAll(text, open, { salvage: true }), { value: { result: { name: 'Ada', limit: 5 } }, schema: [] });
    const echo = '{"type": "object", "properties": {"name": "Ada", "limit": 5}}';
    assert.deepEqual(readAll(echo, open, { salvage: true }).value, JSON.parse(echo));
    // What says something in the schema's terms is still filled; so is an empty object, and one whose
    // keys hold no answer inside them.
    const required = { type: 'object', properties: { limit }, required: ['limit'] };
    assert.deepEqual(readAll('{"note": "x"}', required, { salvage: true }), { value: { note: 'x', limit: 10 }, schema: [['fill_default', '/limit', undefined]] });
    assert.deepEqual(readAll('{"name": "Ada"}', open, { salvage: true }), { value: { name: 'Ada', limit: 10 }, schema: [['fill_default', '/limit', undefined]] });
    assert.deepEqual(coerce([{}], { type: 'array', items: open }, { salvage: true }), [{ limit: 10 }]);
  });

  test('an empty value filled with defaults still says nothing beside one written after it', () => {
    const schema = { type: 'object', properties: { location: { type: 'string' }, units: { type: 'string', default: 'c' } } };
    for (const text of ['{}{"location": "Paris"}', '{"location": "Paris"}{}']) {
      assert.deepEqual(readAll(text, schema, { salvage: true }).value, { location: 'Paris', units: 'c' }, text);
    }
  });

  test('a value repaired into another shape is filled once repaired', () => {
    const schema = { type: 'object', properties: { tags: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, color: { type: 'string', default: 'red' } } } } } };
    const r = coerceWithReport({ tags: { name: 'x' } }, schema, { salvage: true });
    assert.deepEqual(r.value, { tags: [{ name: 'x', color: 'red' }] });
    assert.deepEqual((r.repairs as SchemaRepair[]).map((x) => [x.kind, x.path]), [['wrap_in_array', '/tags'], ['fill_default', '/tags/0/color']]);
  });

  test('filling takes no round of maxRounds, as when the defaults were filled first', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer' }, limit: { type: 'integer', default: 10 } }, required: ['limit'] };
    for (const maxRounds of [1, 2]) assert.deepEqual(coerce({ n: '5' }, schema, { salvage: true, maxRounds }), { n: 5, limit: 10 });
    assert.deepEqual(coerce({}, schema, { salvage: true, maxRounds: 1 }), { limit: 10 });
  });
});

describe('written_number: no group of thousands starts with 0', () => {
  test('"0,123" is a decimal written the European way, not 123: refused, as "0,5" is', () => {
    const schema = { type: 'object', properties: { v: { type: 'number' } }, required: ['v'] };
    for (const v of ['0,123', '-0,250', '$0,500', '0,123,456']) refused(JSON.stringify({ v }), schema);
    refused('{"v": "0,125"}', z.object({ v: z.number() }));
    assert.throws(() => parse('The ratio is 0,125.', { schema: { type: 'number' } }));
    // Groups of thousands as en-US writes them still read.
    assert.deepEqual(readAll('{"v": "10,000"}', schema), { value: { v: 10000 }, schema: [['written_number', '/v', '10,000']] });
    assert.deepEqual(coerce({ v: '$1,234.50' }, schema), { v: 1234.5 });
  });
});

describe('scalar_to_string inside a JSON string reads the string\'s own spelling', () => {
  const schema = { type: 'object', properties: { v: { type: 'array', items: { type: 'string' } }, w: { type: 'number' }, s: { type: 'string' } } };

  test('a number in an unwrapped JSON string is written as that string wrote it, not as the reply spells it elsewhere', () => {
    // The reply spelt 1.1 two ways, in the string and outside it: each place keeps its own.
    assert.deepEqual(readAll('{"v": "[1.10, 2.50]", "w": 1.1}', schema).value, { v: ['1.10', '2.50'], w: 1.1 });
    assert.deepEqual(readAll('{"v": "[1.1, 2.50]", "s": 1.10}', schema).value, { v: ['1.1', '2.50'], s: '1.10' });
    assert.deepEqual(readAll('{"v": "[\\"a\\", 1.10]", "s": 1.1}', schema).value, { v: ['a', '1.10'], s: '1.1' });
    // coerce is given the string's text too.
    assert.deepEqual(coerce({ v: '[1.10, 2.50]' }, schema), { v: ['1.10', '2.50'] });
    // Spelt two ways inside the string itself: which was meant is a guess.
    assert.throws(() => coerce({ v: '[1.10, 1.1]' }, schema), SchemaError);
  });
});

describe('a key a Standard Schema strips before its transform is reported', () => {
  test('z.object(…).transform to a value that is no copy of the object: the keys z.object dropped are named', () => {
    const id = z.object({ id: z.int() });
    assert.deepEqual(readAll('{"id": 1, "note": "hi"}', id.transform((o) => o.id)), { value: 1, schema: [['strip_extra_properties', '/note', 'hi']] });
    assert.deepEqual(readAll('{"a": {"id": 1, "note": "hi"}}', z.object({ a: id.transform((o) => o.id) })), { value: { a: 1 }, schema: [['strip_extra_properties', '/a/note', 'hi']] });
    assert.deepEqual(readAll('[{"id": 1, "note": "hi"}, {"id": 2}]', z.array(id).transform((a) => a.length)), { value: 2, schema: [['strip_extra_properties', '/0/note', 'hi']] });
    // A transform of an object that keeps every key (a loose object) strips nothing.
    assert.deepEqual(readAll('{"id": 1, "note": "hi"}', z.looseObject({ id: z.int() }).transform((o) => Object.keys(o).length)), { value: 2, schema: [] });
  });
});

describe('a fallback does not replace the reply\'s array or object', () => {
  test('.catch on an array or object the repairs read: the repairs are made, not the fallback taken', () => {
    const list = (item: z.ZodType) => z.object({ arr: z.array(item).catch([]) });
    assert.deepEqual(readAll('{"arr": [1, "2"]}', list(z.int())), { value: { arr: [1, 2] }, schema: [['string_to_integer', '/arr/1', '2']] });
    assert.deepEqual(readAll('{"arr": ["a", "B"]}', list(z.enum(['a', 'b']))).value, { arr: ['a', 'b'] });
    assert.deepEqual(readAll('{"arr": ["a", 5]}', list(z.string())).value, { arr: ['a', '5'] });
    assert.deepEqual(readAll('{"v": ["5"]}', z.object({ v: z.number().catch(0) })).value, { v: 5 });
    // One that no repair reads keeps the schema's own fallback, as a scalar does.
    assert.deepEqual(readAll('{"arr": [1, "2", "x"]}', list(z.int())), { value: { arr: [] }, schema: [] });
  });
});

describe('salvage: a value filled with defaults is weighed as the reply wrote it', () => {
  test('a tool\'s status object before the answer gives way to the answer, filled or not', () => {
    const schema = { type: 'object', properties: { location: { type: 'string' }, units: { type: 'string', default: 'c' } } };
    for (const text of ['{"status": "ok"}{"location": "Paris"}', '{"status": "ok"}\n\nThe answer: {"location": "Paris"}']) {
      assert.deepEqual(readAll(text, schema, { salvage: true }).value, { location: 'Paris', units: 'c' }, text);
    }
  });
});
