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

/** Fastest of three runs, in ms; `run` must throw a JsonMendError. */
function fastest(run: () => unknown): number {
  let best = Infinity;
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    assert.throws(run, JsonMendError);
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/**
 * Time at 16× the input over time at 1×. Linear work gives about 16, quadratic about 256; the bound
 * of 48 leaves room for a noisy shared machine, and a failed measurement is retried before it counts.
 */
function ratio(make: (n: number) => string, door: (t: string) => unknown): number {
  const small = make(300);
  const large = make(4800);
  let worst = Infinity;
  for (let attempt = 0; attempt < 3 && worst > 48; attempt++) {
    worst = Math.min(worst, fastest(() => door(large)) / Math.max(fastest(() => door(small)), 0.5));
  }
  return worst;
}

describe('parse: failing candidates cost linear time', () => {
  for (const [family, make] of Object.entries(FAMILIES)) {
    test(`${family} ×n through parse: 16× the text, at most 48× the time`, () => {
      const r = ratio(make, DOORS.parse);
      assert.ok(r <= 48, `ratio ${r.toFixed(1)}`);
    });
  }
  for (const [name, door] of Object.entries(DOORS)) {
    if (name === 'parse') continue;
    test(`fence ×n through ${name}: 16× the text, at most 48× the time`, () => {
      const r = ratio(FAMILIES.fence, door);
      assert.ok(r <= 48, `ratio ${r.toFixed(1)}`);
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
