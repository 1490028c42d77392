// A short, fixed-seed run of the fuzz harness (test/fuzz): every property that holds on this branch,
// a few dozen inputs each. Timing families run only in `npm run fuzz`, never here.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { checkProperty } from './harness.js';
import { KNOWN_FAILING_PROPERTIES } from './known-failing.js';
import { PROPERTIES } from './properties.js';
import { FAMILIES } from './timing.js';

const SEED = 20_261_124;
const RUNS = 60;

describe('fuzz smoke (fixed seed; `npm run fuzz` runs longer)', () => {
  PROPERTIES.forEach((p, i) => {
    const known = KNOWN_FAILING_PROPERTIES[p.name];
    test(`${p.name}: ${p.claim}`, { skip: known !== undefined ? `known failing, re-enable in test/fuzz/known-failing.ts: ${known}` : false }, () => {
      // A seed of its own per property, fixed: `npm test` never turns red at random (`npm run fuzz` draws fresh ones).
      const r = checkProperty(p, { seed: SEED + i, numRuns: RUNS });
      if (!r.ok) assert.fail(`${r.error}\n${r.reproducer}`);
    });
  });
  test('every timing family builds inputs of the size asked for', () => {
    for (const f of FAMILIES) {
      const a = f.make(1000).length;
      const b = f.make(4000).length;
      assert.ok(b >= 3.5 * a && b <= 4.5 * a, `${f.name}: ${a} → ${b}`);
    }
  });
});
