// The peers' own test suites (jsonrepair's src/index.test.ts, json_repair's tests/test_json_repair.py
// and tests/test_parse_*.py; data and sources in test/peer-suites/) run through parse, comparing
// values, not layout. Agreement may only go up: the counts in baseline.json are a ratchet. Raise
// them when a change makes more cases agree (the failure message says by how much), and regenerate
// the table in docs/parse.md with `node --import tsx test/peer-suites/report.ts`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { SUITES, loadCases, runCases, tally } from '../peer-suites/run.js';

const baseline = JSON.parse(readFileSync(new URL('../peer-suites/baseline.json', import.meta.url), 'utf8')) as Record<string, number>;

describe('peer suites', () => {
  const cases = loadCases();

  test('the data holds every case of both suites (417 and 272 compared, the rest skipped with a reason)', () => {
    const compared = { jsonrepair: 0, json_repair: 0 };
    for (const c of cases) {
      if (c.expect === 'skipped') assert.ok(typeof c.reason === 'string' && c.reason.length > 0, `${c.source}: skipped without a reason`);
      else compared[c.suite]++;
    }
    assert.deepEqual(compared, { jsonrepair: 417, json_repair: 272 });
  });

  test('agreement does not drop below the recorded baseline', (t) => {
    const outcomes = runCases(cases);
    const counts = tally(outcomes);
    for (const suite of SUITES) {
      const { agreed, total } = counts[suite];
      t.diagnostic(`${suite}: ${agreed} of ${total} agreed (baseline ${baseline[suite]})`);
    }
    for (const suite of SUITES) {
      const { agreed } = counts[suite];
      assert.ok(agreed >= baseline[suite], `${suite}: ${agreed} agreed, fewer than the baseline ${baseline[suite]}; node --import tsx test/peer-suites/report.ts lists the differences`);
      if (agreed > baseline[suite]) t.diagnostic(`${suite}: ${agreed - baseline[suite]} more than the baseline — raise it in test/peer-suites/baseline.json`);
    }
  });
});
