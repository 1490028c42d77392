// A malformed PATH, JSONPATH or claim is the command line's fault (exit 2) whatever the input holds:
// get, query and verify check it before reading the input, so an unreadable input (exit 1) cannot hide
// it and an input that never ends (a terminal) is not waited for. Run in-process.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, describe, test } from 'node:test';
import { runInProcess as runCli } from './in-process.js';


const dir = mkdtempSync(join(tmpdir(), 'jsonmend-args-first-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('a malformed argument is reported before the input is read', () => {
  test('get and query: a malformed path over prose is SYNTAX, exit 2 (it was NO_JSON, exit 1)', async () => {
    for (const argv of [['get', 'items[0'], ['query', '$.items[?']]) {
      const r = await runCli(argv, Readable.from(['Sorry, the tool timed out.']));
      assert.equal(r.code, 2, `${argv.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /argument column \d+: SYNTAX/);
      assert.doesNotMatch(r.stderr, /NO_JSON/);
      assert.equal(r.stdout, '');
    }
  });

  test('get and query: a malformed path does not wait for an input that never ends', async () => {
    for (const argv of [['get', 'a..b'], ['query', '$[']]) {
      const open = new Readable({ read() {} });
      const r = await runCli(argv, open);
      assert.equal(r.code, 2, r.stderr);
      open.destroy();
    }
  });

  test('verify: a malformed claim over an unreadable FILE is INVALID_CLAIM, exit 2 (it was NO_JSON, exit 1)', async () => {
    const claims = join(dir, 'claims.json');
    writeFileSync(claims, '[{"mode": "field", "path": "status", "value": "open"}, {"mode": "bogus"}]');
    const prose = join(dir, 'prose.txt');
    writeFileSync(prose, 'Sorry, the tool timed out.');
    const r = await runCli(['verify', claims, prose], Readable.from(['']));
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /INVALID_CLAIM: claim #2/);
    assert.doesNotMatch(r.stderr, /NO_JSON/);
    assert.equal(r.stdout, '');
  });

  test('verify: a claims file with no claims is INVALID_CLAIM, exit 2 (it printed "all 0 claims hold", exit 0)', async () => {
    const output = join(dir, 'output.json');
    writeFileSync(output, '{"status": "open"}');
    for (const [i, text] of ['[]', '{"claims": []}', 'Here are the claims: []'].entries()) {
      const claims = join(dir, `empty-${i}.json`);
      writeFileSync(claims, text);
      for (const argv of [['verify', claims, output], ['verify', '--jsonl', claims, output]]) {
        const r = await runCli(argv, Readable.from(['']));
        assert.equal(r.code, 2, `${text} ${argv.join(' ')}: ${r.stderr}`);
        assert.match(r.stderr, /INVALID_CLAIM: the claims file holds no claims/);
        assert.equal(r.stdout, '');
      }
    }
  });

  test('well-formed arguments still read the input: a path that leads nowhere is exit 1', async () => {
    const r = await runCli(['get', 'a.c'], Readable.from(['{"a": {"b": 1}}']));
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /MISSING_KEY/);
    const q = await runCli(['query', '$.a.*'], Readable.from(['{"a": {"b": 1}}']));
    assert.equal(q.code, 0, q.stderr);
    assert.equal(q.stdout, '[1]\n');
  });
});
