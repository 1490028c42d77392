// The schema repair kind table (src/schema/kinds.ts) is the one source: docs/schema.md shows it
// (`UPDATE_DOCS=1 node --import tsx --test test/schema/kinds.test.ts` rewrites the table there), and
// every kind has tests.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkGeneratedTable } from '../helpers.js';
import { ALL_SCHEMA_REPAIR_KINDS, SCHEMA_REPAIR_KINDS } from '../../src/schema/kinds.js';

const here = dirname(fileURLToPath(import.meta.url));
const TABLE_START = '<!-- schema repair kinds: generated from src/schema/kinds.ts by test/schema/kinds.test.ts -->';
const TABLE_END = '<!-- end of schema repair kinds -->';

function renderTable(): string {
  const lines = [TABLE_START, '', '| order | kind | what it fixes | schema → before → after |', '| --- | --- | --- | --- |'];
  ALL_SCHEMA_REPAIR_KINDS.forEach((kind, i) => {
    const row = SCHEMA_REPAIR_KINDS[kind];
    lines.push(`| ${i + 1} | \`${kind}\` | ${row.fixes} | ${row.example} |`);
  });
  lines.push('', TABLE_END);
  return lines.join('\n');
}

describe('schema repair kinds', () => {
  test('docs/schema.md shows the table', () => {
    checkGeneratedTable('schema.md', TABLE_START, TABLE_END, renderTable(), 'src/schema/kinds.ts');
  });

  test('every kind is asserted by a schema test', () => {
    const tests = readdirSync(here)
      .filter((f) => f.endsWith('.test.ts') && f !== 'kinds.test.ts')
      .map((f) => readFileSync(join(here, f), 'utf8'))
      .join('\n');
    for (const kind of ALL_SCHEMA_REPAIR_KINDS) assert.ok(tests.includes(kind), `no test names ${kind}`);
  });
});
