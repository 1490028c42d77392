// RangeSet answers what a linear look over the ranges answered, in any order of adding.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { RangeSet } from '../../src/tools/ranges.js';

const range = fc.tuple(fc.nat(60), fc.integer({ min: 1, max: 20 })).map(([s, n]) => [s, s + n] as const);

test('overlaps and endOfRangeAt agree with a look over every range', () => {
  fc.assert(
    fc.property(fc.array(range, { maxLength: 12 }), fc.array(range, { maxLength: 6 }), fc.array(range, { maxLength: 10 }), (first, later, queries) => {
      const set = new RangeSet(first);
      for (const [s, e] of later) set.add(s, e);
      const all = [...first, ...later];
      for (const [s, e] of queries) {
        assert.equal(set.overlaps(s, e), all.some(([a, b]) => s < b && a < e));
        const covering = all.filter(([a, b]) => a <= s && s < b);
        assert.equal(set.endOfRangeAt(s), covering.length === 0 ? -1 : Math.max(...all.filter(([a]) => a <= s).map(([, b]) => b)));
      }
    }),
  );
});
