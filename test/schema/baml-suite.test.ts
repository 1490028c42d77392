// BAML's own schema-aligned parser tests, as data (test/peer-suites/baml-cases.json): the 17 files of
// engine/baml-lib/jsonish/src/tests/ at bd85df22f992a654101acb2cebf3dd8398b94063 (BoundaryML/baml's
// canary history, read from a mirror; Apache-2.0, test/peer-suites/LICENSE-baml). Each case's BAML
// type is written as the JSON Schema it means; cases that rely on what JSON Schema cannot say (enum
// and field aliases, @stream and @check attributes, BAML's match scores) are skipped with the reason.
// Each compared case runs through parse with its schema (cut-off partial cases with acceptTruncated).
// Where jsonmend differs it is by choice (test/peer-suites/README.md: a cut-off reply refused by
// default, no accent folding, code kept as written, no made-up wrappers or nulls). Agreement may only
// go up: AGREED is a ratchet.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, test } from 'node:test';
import { JsonMendError, parse, type JsonSchema } from '../../src/index.js';

interface BamlCase {
  source: string;
  input: string;
  expect: 'value' | 'error' | 'skipped';
  expected?: unknown;
  schema?: JsonSchema;
  partial?: boolean;
  reason?: string;
}

/** Cases that agree today; raise it when a change makes more agree. */
const AGREED = 212;

const cases = JSON.parse(readFileSync(new URL('../peer-suites/baml-cases.json', import.meta.url), 'utf8')) as BamlCase[];

function agrees(c: BamlCase): boolean {
  let value: unknown;
  try {
    value = parse(c.input, { schema: c.schema, acceptTruncated: c.partial === true });
  } catch (error) {
    if (!(error instanceof JsonMendError)) throw error;
    return c.expect === 'error';
  }
  return c.expect === 'value' && isDeepStrictEqual(value, c.expected);
}

describe("BAML's jsonish tests", () => {
  test('the data holds every case (266 compared, the rest skipped with a reason)', () => {
    const compared = cases.filter((c) => c.expect !== 'skipped');
    assert.equal(compared.length, 266);
    for (const c of cases) if (c.expect === 'skipped') assert.ok(typeof c.reason === 'string' && c.reason.length > 0, `${c.source}: skipped without a reason`);
  });
  test('agreement does not drop below the recorded count', (t) => {
    const agreed = cases.filter((c) => c.expect !== 'skipped' && agrees(c)).length;
    t.diagnostic(`${agreed} of 266 agreed (recorded ${AGREED})`);
    assert.ok(agreed >= AGREED, `${agreed} agreed, fewer than ${AGREED}`);
  });
});
