// White space and BOMs around a batch line: every --jsonl command reads a line alike (one shared
// place, batch/envelope.ts), and answers it with exactly one output line. A JSON string after spaces,
// a tab or a BOM (a file joined to the batch with `cat`) was read as a raw reply: parse returned the
// JSON string itself, the reply in it never read; under --field, a BOM made the line fail.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import { processChunk } from '../../src/cli/batch/process.js';
import type { BatchConfig } from '../../src/cli/batch/config.js';
import { projectRoot } from '../helpers.js';
import { build } from './cli.js';
import { runInProcess } from './in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'jsonmend-line-space-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const claims = join(dir, 'claims.json');
writeFileSync(claims, '[{"mode": "field", "path": "a", "value": 1}]');

const BOM = '\uFEFF';
/** Lines as written in the file (their line ends included), and the value each holds (undefined: none). */
const LINES: ReadonlyArray<readonly [line: string, value: unknown]> = [
  ['{"a":1}\n', { a: 1 }],
  [`${BOM}{"a":1}\n`, { a: 1 }],
  ['  {"a":1}  \n', { a: 1 }],
  ['\t{"a":1}\t\r\n', { a: 1 }],
  ['\n', undefined],
  ['   \n', undefined],
  ['\t\r\n', undefined],
  ['"{\\"a\\":1}"\n', { a: 1 }],
  ['  "{\\"a\\":1}"  \n', { a: 1 }],
  ['\t"{\\"a\\":1}"\r\n', { a: 1 }],
  [`${BOM}"{\\"a\\":1}"\n`, { a: 1 }],
  [`${BOM}  "{\\"a\\":1}"\r\n`, { a: 1 }],
  ['{"a":1}\r\n', { a: 1 }],
  ['{"a":1}', { a: 1 }],
];
const FILE_TEXT = LINES.map(([line]) => line).join('');

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function batch(mode: string, path: string, more: string[] = []): Promise<string[]> {
  const argv = mode === 'verify' ? ['verify', '--jsonl', '--quiet', ...more, claims, path] : [mode, '--jsonl', '--quiet', ...more, path];
  const { stdout } = await runInProcess(argv);
  assert.ok(stdout.endsWith('\n'), `${mode}: the output ends with a line break`);
  return stdout.slice(0, -1).split('\n');
}

describe('--jsonl: white space, CRLF and BOMs around a line', () => {
  const path = file('space.jsonl', FILE_TEXT);

  for (const workers of ['1', '2']) {
    test(`parse, repair, extract and verify read each line alike, one line out per line in (--workers ${workers})`, async () => {
      const more = ['--workers', workers];
      const parsed = await batch('parse', path, more);
      const repaired = await batch('repair', path, more);
      const extracted = await batch('extract', path, more);
      const verified = await batch('verify', path, more);
      for (const out of [parsed, repaired, extracted, verified]) assert.equal(out.length, LINES.length);
      LINES.forEach(([line, value], k) => {
        const at = `line ${k + 1} ${JSON.stringify(line)}`;
        const p = JSON.parse(parsed[k]!) as unknown;
        const r = JSON.parse(repaired[k]!) as unknown;
        const e = JSON.parse(extracted[k]!) as { text?: string; error?: { code: string } };
        const v = JSON.parse(verified[k]!) as { ok?: boolean; error?: { code: string } };
        if (value === undefined) {
          for (const x of [p, r, e, v]) assert.equal((x as { error: { code: string } }).error.code, 'NO_JSON', at);
          return;
        }
        assert.deepEqual(p, value, `parse ${at}`);
        // repair answers in the form the line came in: a JSON string's repaired text is that string.
        assert.deepEqual(JSON.parse(typeof r === 'string' ? r : JSON.stringify(r)), value, `repair ${at}`);
        assert.deepEqual(JSON.parse(e.text!), value, `extract ${at}`);
        assert.equal(v.ok, true, `verify ${at}`);
      });
    });
  }

  test('a BOM that starts a later line (files joined with `cat`) is read, and reported where the reply holds it', async () => {
    const joined = file('joined.jsonl', `${BOM}{"a":1}\n${BOM}{"a":2}\n${BOM}"{\\"a\\":3}"\n`);
    assert.deepEqual((await batch('parse', joined)).map((l) => JSON.parse(l)), [{ a: 1 }, { a: 2 }, { a: 3 }]);
    const { stderr } = await runInProcess(['parse', '--jsonl', '--report', joined]);
    const repairs = stderr.split('\n').filter((l) => l.startsWith('{"line"')).map((l) => JSON.parse(l) as { line: number; repair: { kind: string } });
    // Line 2's raw reply starts with the BOM: the parser reads past it and says so.
    assert.deepEqual(repairs.map((r) => [r.line, r.repair.kind]), [[2, 'special_whitespace']]);
  });

  test('--field: a line with spaces or a BOM around its object is read, in every command', async () => {
    const fielded = file('field.jsonl', `{"r":"{\\"a\\":1}"}\n${BOM}{"r":"{\\"a\\":1}"}\n  {"r":"{\\"a\\":1}"}\t\r\n`);
    const more = ['--field', 'r'];
    for (const out of [await batch('parse', fielded, more), await batch('verify', fielded, more)]) {
      assert.equal(out.length, 3);
      for (const l of out) assert.doesNotMatch(l, /error/);
    }
    // repair writes the line back as written, its spacing kept, without the BOM and CR that are the file's.
    assert.deepEqual(await batch('repair', fielded, more), ['{"r":"{\\"a\\":1}"}', '{"r":"{\\"a\\":1}"}', '  {"r":"{\\"a\\":1}"}\t']);
    assert.deepEqual((await batch('extract', fielded, more)).map((l) => (JSON.parse(l) as { text: string }).text), ['{"a":1}', '{"a":1}', '{"a":1}']);
  });

  test('a chunk that starts later in the file reads its lines as the first chunk does', () => {
    // Worker threads take chunks from anywhere in the file; a line is read alike whatever its number
    // (a BOM is dropped without a word only from the file's first line).
    const config: BatchConfig = { mode: 'parse', strict: false, report: false, reportHuman: false, color: false, countRepairs: false };
    const bytes = new TextEncoder().encode(LINES.slice(7).map(([line]) => line).join(''));
    const out = Buffer.from(processChunk(bytes, 40, config).out).toString().trimEnd().split('\n');
    assert.deepEqual(out.map((l) => JSON.parse(l)), LINES.slice(7).map(([, v]) => v));
  });

  test('a worker thread answers these lines as this thread does', async () => {
    // --workers N starts threads only for a large batch: the pool is driven directly, as batch-pool.test.ts does.
    build();
    const dist = (name: string) => pathToFileURL(join(projectRoot, 'dist', 'cli', 'batch', name)).href;
    const { WorkerPool } = (await import(dist('pool.js'))) as typeof import('../../src/cli/batch/pool.js');
    const built = (await import(dist('process.js'))) as typeof import('../../src/cli/batch/process.js');
    const bytes = () => new TextEncoder().encode(FILE_TEXT);
    for (const mode of ['parse', 'repair', 'extract'] as const) {
      const config: BatchConfig = { mode, strict: false, report: true, reportHuman: false, color: false, countRepairs: true };
      const workers = new WorkerPool(1, config);
      try {
        for (let waited = 0; workers.ready < 1; waited += 10) {
          assert.ok(waited < 30_000, 'the worker is ready within 30 s');
          await new Promise((r) => setTimeout(r, 10));
        }
        for (const first of [1, 2]) {
          const here = built.processChunk(bytes(), first, config);
          const there = await workers.run({ bytes: bytes(), firstLine: first, lines: LINES.length });
          const text = Buffer.from(here.out).toString();
          assert.equal(text.split('\n').length - 1, LINES.length, mode);
          assert.deepEqual({ ...there, out: Buffer.from(there.out).toString() }, { ...here, out: text }, mode);
        }
      } finally {
        await workers.close();
      }
    }
  });
});
