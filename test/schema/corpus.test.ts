// The `kind: "parse"` cases with a schema from ../shared/corpora/llm-replies, each with its JSON
// Schema and with an equivalent Zod 4 schema written by hand.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { JsonMendError } from '../../src/errors.js';
import { SchemaError, parse } from '../../src/schema/index.js';
import { corpus } from '../helpers.js';

interface Case {
  name: string;
  kind: string;
  input: string;
  schema?: Record<string, unknown>;
  expected?: unknown;
  any_of?: unknown[];
  error?: boolean;
}

const files = z.object({ files: z.array(z.string()) });
const counts = z.object({ count: z.int(), ratio: z.number() });

/** Zod equivalents of the corpus schemas, by case name. */
const zodSchemas: Record<string, z.ZodType> = {
  'schema-stringified-array': files,
  'schema-bare-scalar-to-array': files,
  'schema-object-placeholder-to-array': files,
  'schema-string-that-looks-like-array': z.object({ code: z.string() }),
  'schema-numeric-strings': counts,
  'schema-not-a-number': counts,
  'schema-bool-string': z.object({ enabled: z.boolean() }),
  'schema-enum-capitalised': z.object({ priority: z.enum(['low', 'medium', 'high']) }),
  'schema-double-encoded': z.object({ name: z.string() }),
  'schema-null-optional-dropped': z.object({ limit: z.int().optional(), q: z.string() }),
};

const source = corpus('llm-replies/cases.json');
const cases: Case[] = source.path
  ? (JSON.parse(readFileSync(source.path, 'utf8')) as Case[]).filter((c) => c.kind === 'parse' && c.schema !== undefined)
  : [];

function check(c: Case, schema: unknown): void {
  if (c.error) {
    assert.throws(() => parse(c.input, { schema: schema as Record<string, unknown> }), (e: unknown) => e instanceof SchemaError || e instanceof JsonMendError);
    return;
  }
  const value = parse(c.input, { schema: schema as Record<string, unknown> });
  if (c.any_of) assert.ok(c.any_of.some((v) => isDeepEqual(v, value)), `${JSON.stringify(value)} is none of the allowed values`);
  else assert.deepEqual(value, c.expected);
}

function isDeepEqual(a: unknown, b: unknown): boolean {
  try {
    assert.deepEqual(a, b);
    return true;
  } catch {
    return false;
  }
}

describe('llm-replies corpus: parse cases with a schema', { skip: source.skip }, () => {
  test('the corpus has schema cases', () => assert.ok(cases.length > 0));
  for (const c of cases) {
    test(`${c.name} (JSON Schema)`, () => check(c, c.schema));
    test(`${c.name} (Zod 4)`, () => {
      const zs = zodSchemas[c.name];
      assert.ok(zs, `write a Zod equivalent for corpus case ${c.name}`);
      check(c, zs);
    });
  }
});
