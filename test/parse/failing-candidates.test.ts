// Many candidates that all fail must cost time linear in the text: each failure used to build a
// public error whose line and column were counted from the start of the text (issue 23).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createStreamParser, JsonMendError, parse, parseWithReport, repair } from '../../src/index.js';

const FAMILIES: Record<string, (n: number) => string> = {
  fence: (n) => '```json\n{"a": @}\n```\n'.repeat(n),
  prose: (n) => 'text {"a": @} '.repeat(n),
  tag: (n) => '<answer>{"a": @}</answer>'.repeat(n),
};

const DOORS: Record<string, (text: string) => unknown> = {
  parse: (t) => parse(t),
  parseWithReport: (t) => parseWithReport(t),
  repair: (t) => repair(t),
  'stream end()': (t) => {
    const s = createStreamParser();
    s.push(t);
    return s.end();
  },
};

/**
 * Least CPU time of three runs, in ms. CPU time of this process, not wall time: other processes on a
 * shared machine (and other test files running in parallel) slow the wall clock, not this count.
 * `run` must throw a JsonMendError.
 */
function fastest(run: () => unknown): number {
  let best = Infinity;
  for (let k = 0; k < 3; k++) {
    const t0 = process.cpuUsage();
    assert.throws(run, JsonMendError);
    const d = process.cpuUsage(t0);
    best = Math.min(best, (d.user + d.system) / 1000);
  }
  return best;
}

/**
 * CPU time at 8× the input over CPU time at 1×, after a warm-up run. Linear work gives about 8,
 * quadratic about 64 (the old code: 40–80 at these sizes); the bound of 24 leaves room for noise, and
 * a failed measurement is retried before it counts.
 */
function ratio(make: (n: number) => string, door: (t: string) => unknown): number {
  const small = make(500);
  const large = make(4000);
  assert.throws(() => door(small), JsonMendError);
  let worst = Infinity;
  for (let attempt = 0; attempt < 3 && worst > 24; attempt++) {
    worst = Math.min(worst, fastest(() => door(large)) / Math.max(fastest(() => door(small)), 1));
  }
  return worst;
}

describe('parse: failing candidates cost linear time', () => {
  for (const [family, make] of Object.entries(FAMILIES)) {
    test(`${family} ×n through parse: 8× the text, at most 24× the CPU time`, () => {
      const r = ratio(make, DOORS.parse);
      assert.ok(r <= 24, `ratio ${r.toFixed(1)}`);
    });
  }
  for (const [name, door] of Object.entries(DOORS)) {
    if (name === 'parse') continue;
    test(`fence ×n through ${name}: 8× the text, at most 24× the CPU time`, () => {
      const r = ratio(FAMILIES.fence, door);
      assert.ok(r <= 24, `ratio ${r.toFixed(1)}`);
    });
  }

  test('the error thrown is the first candidate\'s, with its line and column', () => {
    const text = FAMILIES.fence(50);
    const error = (() => {
      try {
        parse(text);
      } catch (e) {
        return e as JsonMendError;
      }
      return undefined;
    })();
    assert.ok(error instanceof JsonMendError);
    assert.equal(error.code, 'UNREPAIRABLE');
    assert.equal(error.line, 2);
    assert.ok(error.offset !== undefined && error.offset < 20, `offset ${error.offset}`);
  });
});
