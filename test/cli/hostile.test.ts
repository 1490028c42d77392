// The CLI under hostile input, run in-process: control characters from replies and file names never
// reach the terminal raw, and an unusable --schema is a usage error (issue 13).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { after, describe, test } from 'node:test';
import { run } from '../../src/cli/run.js';
import { escapeControls, escapeExcerpt } from '../../src/cli/term.js';

async function runCli(argv: string[], input = '', tty = false): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = new PassThrough();
  const err = new PassThrough() as PassThrough & { isTTY?: boolean };
  if (tty) err.isTTY = true;
  const chunks = { out: [] as Buffer[], err: [] as Buffer[] };
  out.on('data', (b: Buffer) => chunks.out.push(b));
  err.on('data', (b: Buffer) => chunks.err.push(b));
  const code = await run(argv, { stdin: Readable.from([input]), stdout: out, stderr: err, env: { NO_COLOR: '1' } });
  return { code, stdout: Buffer.concat(chunks.out).toString(), stderr: Buffer.concat(chunks.err).toString() };
}

const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const dir = mkdtempSync(join(tmpdir(), 'jsonmend-hostile-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('control characters never reach stderr raw', () => {
  test('escapeControls and escapeExcerpt keep the caret under the same character', () => {
    assert.equal(escapeControls('a\u001b]0;x\u0007b\u009bc\td\ne\r'), 'a\\x1b]0;x\\x07b\\x9bc\td\ne\\x0d');
    assert.equal(escapeExcerpt('a\u001bbc\n   ^'), 'a\\x1bbc\n      ^');
  });
  test('a reply that retitles the terminal (ESC ] 0 ; … BEL) in the excerpt and the message', async () => {
    const r = await runCli(['parse'], '{"a": \u001b]0;pwned\u0007 1');
    assert.equal(r.code, 1);
    assert.doesNotMatch(r.stderr, RAW_CONTROL);
    assert.match(r.stderr, /\\x1b\]0;pwned\\x07/);
  });
  test('a file name with control characters, in errors and in the repair report', async () => {
    const name = join(dir, 'evil\u001b[2J\u0007.txt');
    writeFileSync(name, "{'a': 1,}");
    for (const tty of [false, true]) {
      const r = await runCli(['parse', '--report', name], '', tty);
      assert.equal(r.code, 0);
      assert.doesNotMatch(r.stderr, RAW_CONTROL, `tty ${tty}`);
    }
    const missing = await runCli(['parse', join(dir, 'gone\u001b[2J')]);
    assert.equal(missing.code, 2);
    assert.doesNotMatch(missing.stderr, RAW_CONTROL);
    writeFileSync(name, 'no json here \u001b[31m');
    const failed = await runCli(['parse', name]);
    assert.equal(failed.code, 1);
    assert.doesNotMatch(failed.stderr, RAW_CONTROL);
  });
  test('repair details that quote the reply, on a terminal', async () => {
    const r = await runCli(['parse', '--report'], '{"a": 1 // \u001b[2J\u0007 gone\n}', true);
    assert.equal(r.code, 0);
    assert.doesNotMatch(r.stderr, RAW_CONTROL);
  });
  test('a batch summary names the file escaped', async () => {
    const name = join(dir, 'batch\u001b[2J.jsonl');
    writeFileSync(name, '{"a": 1}\n{"b": \u0007}\n');
    const r = await runCli(['parse', '--jsonl', '--report', name], '', true);
    // The progress bar's own "return, erase line" is ours; nothing else may be a control character.
    assert.doesNotMatch(r.stderr.replaceAll('\r\u001b[K', ''), RAW_CONTROL);
    assert.match(r.stderr, /batch\\x1b\[2J\.jsonl: 2 lines/);
  });
  test('a query starting with a newline is SYNTAX, exit 2 (not INTERNAL, exit 1)', async () => {
    const r = await runCli(['query', '\n$.a'], '{"a": 1}');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /SYNTAX/);
  });
});

describe('--schema that cannot be used is a usage error (exit 2)', () => {
  const unresolvable = join(dir, 'unresolvable.json');
  writeFileSync(unresolvable, '{"$ref": "#/nope"}');
  test('single input and batch alike, naming the schema file', async () => {
    const single = await runCli(['parse', '--schema', unresolvable], '{"a": 1}');
    assert.equal(single.code, 2);
    assert.match(single.stderr, /usage error: schema .*unresolvable\.json cannot be used/);
    const batch = await runCli(['parse', '--jsonl', '--schema', unresolvable], '{"a": 1}\n');
    assert.equal(batch.code, 2);
    assert.equal(batch.stdout, '');
  });
  test('a schema with a keyword of the wrong type', async () => {
    const wrongType = join(dir, 'wrong-type.json');
    writeFileSync(wrongType, '{"type": 5}');
    const r = await runCli(['parse', '--schema', wrongType], '{"a": 1}');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /usage error: schema .*wrong-type\.json cannot be used: .*not a JSON type name \(5\) at \/type/);
  });
  test('a usable schema still works', async () => {
    const ok = join(dir, 'ok.json');
    writeFileSync(ok, '{"type": "object"}');
    assert.equal((await runCli(['parse', '--schema', ok], '{"a": 1}')).code, 0);
    assert.equal((await runCli(['parse', '--schema', ok], '[1]')).code, 1);
  });
});
