// `jsonmend verify` reads claims from a model's text with the tolerant parser, which reads `1e-400` as 0 (as
// JSON.parse does): the claim would then hold against a 0 found. Such a claims file is refused (exit 2),
// naming the number and how to write it. Run in-process.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { runInProcess as runCli } from './in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'jsonmend-verify-range-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function claimsFile(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('verify: a claim number closer to 0 than any double', () => {
  for (const [name, text] of [
    ['value', '[{"mode": "field", "path": "x", "value": 1e-400}]'],
    ['negative value in a list', '{"claims": [{"mode": "field", "path": "l", "value": [-1E-400]}]}'],
    ['range bound', "[{'mode': 'range', 'path': 'x', 'min': 1e-400}]"],
  ] as const) {
    test(`${name}: refused (INVALID_CLAIM, exit 2), not verified against 0`, async () => {
      const r = await runCli(['verify', claimsFile(`${name}.json`, text)], '{"x": 0, "l": [0]}');
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /INVALID_CLAIM: a claim holds the number -?1[eE]-400, which is closer to 0 than any double/);
      assert.match(r.stderr, /write it as a string \("-?1[eE]-400"\)/);
    });
  }
  test('written as a string, it is compared exactly: it fails against 0 (exit 1)', async () => {
    const r = await runCli(['verify', claimsFile('string.json', '[{"mode": "field", "path": "x", "value": "1e-400"}]')], '{"x": 0}');
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /closer to 0 than any double/);
  });
  test('a 0 claimed while the text spells no such number still holds; so does 1e-400 outside a claim field', async () => {
    assert.equal((await runCli(['verify', claimsFile('zero.json', '[{"mode": "field", "path": "x", "value": 0e-400}]')], '{"x": 0}')).code, 0);
    assert.equal((await runCli(['verify', claimsFile('id.json', '[{"mode": "field", "path": "x", "value": 1, "id": "sha1e-400"}]')], '{"x": 1}')).code, 0);
    assert.equal((await runCli(['verify', claimsFile('note.json', '[{"mode": "field", "path": "x", "value": 1, "weight": 1e-400}]')], '{"x": 1}')).code, 0);
    // A word before the digits makes them no number: `x1e-400` in a bare key of the tolerant parser.
    assert.equal((await runCli(['verify', claimsFile('bare.json', '[{mode: "field", path: "x", value: 0, x1e-400: true}]')], '{"x": 0}')).code, 0);
  });
});
