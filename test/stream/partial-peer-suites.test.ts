// The partial-JSON peers' own test suites, as data (test/peer-suites/partial-cases.json): vercel/ai's
// packages/ai/src/util/fix-json.test.ts and parse-partial-json.test.ts at ed857f50f112e23930b0c2dd8d532cc8bebbc911
// (Apache-2.0, test/peer-suites/LICENSE-ai), and partial-json-parser-js's tests/examples.test.js and
// README examples at 86fd4bcbff1e32f80dd33e62318221702905a8f0 (MIT, test/peer-suites/LICENSE-partial-json).
// Each compared case runs through parsePartial (the documented drop-in) and parse. Where they differ
// from the peers it is by choice (docs/stream.md: a cut-off number, literal or top-level string is
// withheld until the next characters cannot change it). Agreement may only go up: the counts below
// are a ratchet. Every stream's end() equals parse.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, test } from 'node:test';
import { JsonMendError, parse, parsePartial } from '../../src/index.js';
import { streamedEnd } from './check.js';

interface PeerCase {
  suite: string;
  source: string;
  input: string;
  expect: 'value' | 'error' | 'skipped';
  expected?: unknown;
  reason?: string;
}

/** Agreement per suite: [parsePartial, parse]. Raise when a change makes more cases agree. */
const BASELINE: Record<string, readonly [number, number]> = {
  'ai/fix-json': [36, 48],
  'ai/parse-partial-json': [3, 3],
  'partial-json-readme': [4, 3],
};

const cases = JSON.parse(readFileSync(new URL('../peer-suites/partial-cases.json', import.meta.url), 'utf8')) as PeerCase[];

/** Whether `run` gives the case's expectation: its value, or for an error a JsonMendError (parsePartial: also undefined). */
function agrees(c: PeerCase, run: () => unknown, undefinedIsError: boolean): boolean {
  let value: unknown;
  try {
    value = run();
  } catch (error) {
    if (!(error instanceof JsonMendError)) throw error;
    return c.expect === 'error';
  }
  if (c.expect === 'error') return undefinedIsError && value === undefined;
  return isDeepStrictEqual(value, c.expected);
}

describe('partial-JSON peer suites', () => {
  test('skipped cases say why', () => {
    for (const c of cases) if (c.expect === 'skipped') assert.ok(typeof c.reason === 'string' && c.reason.length > 0, `${c.source}: skipped without a reason`);
  });
  test('agreement does not drop below the recorded baseline', (t) => {
    const counts: Record<string, [number, number, number]> = {};
    for (const c of cases) {
      if (c.expect === 'skipped') continue;
      const count = (counts[c.suite] ??= [0, 0, 0]);
      count[2]++;
      if (agrees(c, () => parsePartial(c.input), true)) count[0]++;
      if (agrees(c, () => parse(c.input), false)) count[1]++;
    }
    assert.deepEqual(Object.keys(counts).sort(), Object.keys(BASELINE).sort());
    for (const [suite, [partial, whole, total]] of Object.entries(counts)) {
      t.diagnostic(`${suite}: parsePartial ${partial}, parse ${whole} of ${total} agreed (baseline ${BASELINE[suite].join(', ')})`);
      assert.ok(partial >= BASELINE[suite][0] && whole >= BASELINE[suite][1], `${suite}: fewer cases agree than the baseline`);
    }
  });
  test("a stream's end() equals parse on every case", () => {
    for (const c of cases) {
      if (c.expect === 'skipped') continue;
      let whole: unknown;
      try {
        whole = parse(c.input);
      } catch (error) {
        assert.throws(() => streamedEnd(c.input, 1), { code: (error as JsonMendError).code }, c.source);
        continue;
      }
      for (const size of [1, 3]) assert.deepEqual(streamedEnd(c.input, size), whole, `${c.source} in ${size}-character chunks`);
    }
  });
});
