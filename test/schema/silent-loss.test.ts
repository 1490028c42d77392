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
