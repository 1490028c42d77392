// `verify --jsonl`'s summary says "all claims hold" only when a line was checked: a batch whose lines
// all failed to read (blank, prose) checked no claim, and was summed up in green as if every claim held.
// Run in-process.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { runInProcess as runCli } from './in-process.js';


const dir = mkdtempSync(join(tmpdir(), 'jsonmend-verify-summary-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const claims = join(dir, 'claims.json');
writeFileSync(claims, '[{"mode": "field", "path": "status", "value": "open"}]');

describe('verify --jsonl summary', () => {
  test('no line could be read: no claims checked, not "all claims hold"', async () => {
    const r = await runCli(['verify', '--jsonl', claims], '\nSorry, the tool timed out.\n');
    assert.equal(r.code, 1);
    assert.match(r.stderr, /2 lines, 0 ok \(0 repaired\), 2 failed; no line could be read, so no claims checked/);
    assert.doesNotMatch(r.stderr, /all claims hold/);
  });
  test('some lines failed: the claims held on the lines read, said so', async () => {
    const r = await runCli(['verify', '--jsonl', claims], '{"status": "open"}\ntimeout\n');
    assert.equal(r.code, 1);
    assert.match(r.stderr, /1 failed; all claims hold on the 1 line read/);
  });
  test('every line read and every claim held: "all claims hold"', async () => {
    const r = await runCli(['verify', '--jsonl', claims], '{"status": "open"}\n{"status": "open"}\n');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /2 lines, 2 ok \(0 repaired\), 0 failed; all claims hold\n/);
  });
});
