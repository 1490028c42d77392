// The repair kind table (src/parse/kinds.ts) is true: each row's example gives its value and reports
// its kind where it says, the strict list and the cut-off test follow the table, and docs/parse.md
// shows the same table.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse, parseWithReport } from '../../src/schema/index.js';
import { GUESSING_REPAIRS } from '../../src/parse/index.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPAIR_KINDS, type RepairKindRow } from '../../src/parse/kinds.js';
import { ALL_REPAIR_KINDS, isCutOffRepair } from '../../src/parse/kind-flags.js';
import { checkGeneratedTable, projectRoot } from '../helpers.js';
import { TABLE_END, TABLE_START, renderKindFlags, renderKindsTable } from './kinds-table.js';

describe('each kind’s example', () => {
  for (const kind of ALL_REPAIR_KINDS) {
    const row: RepairKindRow = REPAIR_KINDS[kind];
    test(`${kind}: ${JSON.stringify(row.input)}`, () => {
      const report = parseWithReport(row.input);
      assert.deepEqual(report.value, row.value);
      const repairs = report.repairs.map((r) => ('offset' in r ? `${r.kind}@${r.offset}` : r.kind));
      const reported = repairs;
      assert.ok(reported.includes(`${kind}@${row.at}`), `${kind}@${row.at} not in ${reported.join(' ')}`);
      // Only this kind, unless the row says which others its example cannot do without.
      const allowed = new Set<string>([kind, ...(row.alsoNeeds?.kinds ?? [])]);
      for (const r of report.repairs) assert.ok(allowed.has(r.kind), `unexpected ${r.kind} in ${repairs.join(' ')}`);
      // The kind can be turned off, and strict refuses exactly the guesses.
      assert.throws(() => parse(row.input, { disable: [kind] }), { code: 'REPAIR_REFUSED' });
      if (row.guess) assert.throws(() => parse(row.input, { strict: true }), { code: 'REPAIR_REFUSED' });
    });
  }
});

describe('derived from the table', () => {
  test('src/parse/kind-flags.ts is generated from the table', () => {
    const path = join(projectRoot, 'src', 'parse', 'kind-flags.ts');
    const wanted = renderKindFlags();
    if (readFileSync(path, 'utf8') !== wanted && process.env.UPDATE_DOCS === '1') writeFileSync(path, wanted);
    assert.equal(readFileSync(path, 'utf8'), wanted, 'src/parse/kind-flags.ts differs from src/parse/kinds.ts; run with UPDATE_DOCS=1 to regenerate');
    assert.deepEqual([...ALL_REPAIR_KINDS], Object.keys(REPAIR_KINDS));
  });

  test('GUESSING_REPAIRS is the rows marked guess', () => {
    assert.deepEqual([...GUESSING_REPAIRS], ALL_REPAIR_KINDS.filter((k) => REPAIR_KINDS[k].guess));
  });

  test('isCutOffRepair is the rows marked cutOff', () => {
    for (const kind of ALL_REPAIR_KINDS) assert.equal(isCutOffRepair(kind), REPAIR_KINDS[kind].cutOff, kind);
    assert.ok(isCutOffRepair('truncated'));
  });

  test('docs/parse.md shows the table', () => {
    checkGeneratedTable('parse.md', TABLE_START, TABLE_END, renderKindsTable(), 'src/parse/kinds.ts');
  });
});
