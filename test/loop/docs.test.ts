// docs/loop.md is a promise: its claims example runs as written and prints what its comments say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

test('the claims example in docs/loop.md runs and prints what it says', { timeout: 60_000 }, async () => {
  const doc = await readFile(join(root, 'docs/loop.md'), 'utf8');
  const at = doc.indexOf('<!-- example: claims -->');
  assert.ok(at >= 0);
  const block = /```ts\n([\s\S]*?)```/.exec(doc.slice(at))![1]!;
  const expected = [...block.matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].map((m) => m[1]);
  assert.equal(expected.length, 3);
  const code = block.replace("from 'jsonmend'", `from ${JSON.stringify(pathToFileURL(join(root, 'src/index.ts')).href)}`);
  const dir = await mkdtemp(join(tmpdir(), 'jsonmend-doc-'));
  try {
    const file = join(dir, 'example.mts');
    await writeFile(file, code);
    const stdout = await new Promise<string>((ok, fail) => {
      execFile(process.execPath, ['--import', 'tsx', file], { cwd: root }, (error, out, err) => (error ? fail(new Error(`${error.message}\n${err}`)) : ok(out)));
    });
    assert.deepEqual(stdout.trim().split('\n'), expected);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
