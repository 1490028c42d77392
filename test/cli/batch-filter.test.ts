// The batch as a streaming filter: one line out per line in, in order, whatever the lines hold; each
// line answered as soon as it arrives; a closed pipe ends the batch quietly; and the library API
// (jsonmend/batch) gives the CLI's answers.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { before, describe, test } from 'node:test';
import { projectRoot } from '../helpers.js';
import { build, cli, mainJs } from './cli.js';

type Library = typeof import('../../src/cli/batch/library.js');
let library: Library;

before(async () => {
  build();
  library = (await import(pathToFileURL(join(projectRoot, 'dist', 'cli', 'batch', 'library.js')).href)) as Library;
});

/** A deterministic mix of lines: good, damaged, empty, prose, lone quotes, CR, odd bytes. */
function messyLines(n: number): string[] {
  const kinds = [
    (i: number) => JSON.stringify({ i }),
    (i: number) => `{'i': ${i}, 'ok': True,}`,
    () => '',
    () => 'no json here',
    () => '"',
    () => '"\\',
    (i: number) => JSON.stringify(`\`\`\`json\n{"i": ${i}}\n\`\`\``),
    (i: number) => `{"i": ${i}, "s": "caf\u00e9 \ud83d\ude00"}\r`,
    () => '\r',
    (i: number) => `[${i}, `,
    () => '{"a": "\ud800"}',
    () => '   ',
  ];
  let seed = 7;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out.push(kinds[seed % kinds.length](i));
  }
  return out;
}

function outputLines(stdout: string): string[] {
  assert.ok(stdout === '' || stdout.endsWith('\n'), 'the output ends with a newline');
  const lines = stdout.split('\n');
  lines.pop();
  return lines;
}

describe('batch line discipline', () => {
  const lines = messyLines(3000);
  const input = `${lines.join('\n')}\n`;

  for (const workers of ['1', '2']) {
    test(`--workers ${workers}: one line out per line in, errors in place, every output line JSON`, async () => {
      const run = await cli(['parse', '--jsonl', '--quiet', '--workers', workers], { input });
      assert.equal(run.code, 1, 'some lines fail');
      assert.equal(run.stderr, '');
      const out = outputLines(run.stdout);
      assert.equal(out.length, lines.length);
      out.forEach((line, i) => {
        const value = JSON.parse(line) as { line?: number; error?: unknown };
        if (value !== null && typeof value === 'object' && 'error' in value) assert.equal(value.line, i + 1, `error record ${i + 1} names its line`);
      });
    });
  }

  test('repair --jsonl keeps the discipline too', async () => {
    const run = await cli(['repair', '--jsonl', '--quiet', '--workers', '2'], { input });
    assert.equal(outputLines(run.stdout).length, lines.length);
  });
});

/** Starts `parse --jsonl` and returns a function that writes one line and waits for one answer. */
function conversation(workers: string) {
  const child = spawn(process.execPath, [mainJs, 'parse', '--jsonl', '--quiet', '--workers', workers], { stdio: ['pipe', 'pipe', 'pipe'] });
  let buffered = '';
  const waiting: ((line: string) => void)[] = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    buffered += text;
    for (let at = buffered.indexOf('\n'); at !== -1 && waiting.length > 0; at = buffered.indexOf('\n')) {
      const line = buffered.slice(0, at);
      buffered = buffered.slice(at + 1);
      waiting.shift()!(line);
    }
  });
  const ask = (line: string) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${line} while the input stays open`)), 60_000);
      waiting.push((answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      child.stdin.write(`${line}\n`);
    });
  return { child, ask };
}

describe('batch streaming', () => {
  for (const workers of ['1', '2']) {
    test(`--workers ${workers}: each line is answered before the next one is written`, async () => {
      const { child, ask } = conversation(workers);
      assert.equal(await ask(JSON.stringify("{'a': 1}")), '{"a":1}');
      assert.equal(await ask('{b: [1, 2,]}'), '{"b":[1,2]}');
      assert.match(await ask('nothing'), /^\{"line":3,"error":\{"code":"NO_JSON"/);
      assert.equal(await ask('[true'), '[true]');
      child.stdin.end();
      const [code] = (await once(child, 'close')) as [number];
      assert.equal(code, 1);
    });
  }

  test('a reader that closes the pipe early ends the batch quietly, exit code 0', async () => {
    const child = spawn(process.execPath, [mainJs, 'parse', '--jsonl', '--workers', '2'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (t: string) => (stderr += t));
    child.stdin.on('error', () => {});
    // Far more output than a pipe buffer holds, so the writer meets the closed pipe.
    const block = `${"{'k': 'some value', 'n': [1, 2, 3],}\n".repeat(20_000)}`;
    child.stdin.write(block);
    child.stdin.end(block);
    const first = await new Promise<string>((resolve) => child.stdout.once('data', (b: Buffer) => resolve(b.toString())));
    assert.match(first, /^\{"k":"some value"/);
    child.stdout.destroy();
    const [code] = (await once(child, 'close')) as [number];
    assert.equal(code, 0);
    assert.equal(stderr, '');
  });
  test('a reader of stderr that closes it early does not cut the results short', async () => {
    // `jsonmend parse --jsonl --report in.jsonl 2>&1 >values.jsonl | head`: the batch went on to exit 0
    // at stderr's first failed write, with most of stdout never written.
    for (const workers of ['1', '2']) {
      const child = spawn(process.execPath, [mainJs, 'parse', '--jsonl', '--report', '--workers', workers], { stdio: ['pipe', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      child.stdout.on('data', (b: Buffer) => out.push(b));
      child.stdin.on('error', () => {});
      // Two repairs per line, each a line of --report on stderr: far more than a pipe buffer holds.
      const lines = 20_000;
      child.stdin.end("{'k': 'some value', 'n': [1, 2, 3],}\n".repeat(lines));
      await new Promise<void>((resolve) => child.stderr.once('data', () => resolve()));
      child.stderr.destroy();
      const [code] = (await once(child, 'close')) as [number];
      const got = Buffer.concat(out).toString().split('\n');
      assert.equal(got.length - 1, lines, `--workers ${workers}: every line answered`);
      assert.equal(got[lines - 1], '{"k":"some value","n":[1,2,3]}');
      assert.equal(code, 0);
    }
  });
});

describe('jsonmend/batch (library)', () => {
  const lines = messyLines(500);
  const input = `${lines.join('\n')}\n`;

  /** The input cut into pieces of awkward sizes, across lines and inside multi-byte characters. */
  function pieces(): Readable {
    const bytes = Buffer.from(input);
    const parts: Buffer[] = [];
    for (let at = 0, size = 1; at < bytes.length; at += size, size = (size * 7) % 1013 + 1) parts.push(bytes.subarray(at, at + size));
    return Readable.from(parts);
  }

  test('batchLines yields what the CLI writes, line for line', async () => {
    const expected = outputLines((await cli(['parse', '--jsonl', '--quiet'], { input })).stdout);
    const got: string[] = [];
    for await (const line of library.batchLines(pieces())) got.push(line);
    assert.deepEqual(got, expected);
    const onTwo: string[] = [];
    for await (const line of library.batchLines(pieces(), { workers: 2 })) onTwo.push(line);
    assert.deepEqual(onTwo, expected);
  });

  test('createBatchStream is a pipeline stage with the same output; repair mode matches repair --jsonl', async () => {
    for (const mode of ['parse', 'repair'] as const) {
      const expected = (await cli([mode, '--jsonl', '--quiet'], { input })).stdout;
      let got = '';
      await pipeline(pieces(), library.createBatchStream({ mode, workers: 2 }), async (source: AsyncIterable<string>) => {
        for await (const text of source) got += text;
      });
      assert.equal(got, expected);
    }
  });

  test('the calling thread keeps its stack traces: the batch turns them off only while a chunk runs', async () => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 23;
    try {
      let failed = 0;
      for await (const line of library.batchLines(pieces())) {
        if (line.startsWith('{"line":')) failed++;
        assert.equal(Error.stackTraceLimit, 23);
      }
      assert.ok(failed > 0, 'the input has lines that fail');
      assert.equal(Error.stackTraceLimit, 23);
      assert.match(new Error('here').stack ?? '', /\n\s+at /);
    } finally {
      Error.stackTraceLimit = limit;
    }
  });

  test('bad options are a JsonMendError', () => {
    assert.throws(() => library.createBatchStream({ workers: 0 }), { code: 'INVALID_ARGUMENT' });
    assert.throws(() => library.createBatchStream({ mode: 'x' as 'parse' }), { code: 'INVALID_ARGUMENT' });
  });
});
