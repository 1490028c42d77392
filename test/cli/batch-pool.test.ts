// The batch's worker threads: a worker takes chunks only once it is warmed up and says so, gives
// exactly what this thread gives for the same chunk.
import assert from 'node:assert/strict';
import { createReadStream, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, test } from 'node:test';
import { projectRoot } from '../helpers.js';
import { build, tempDir } from './cli.js';
import type { BatchConfig } from '../../src/cli/batch/config.js';

type Pool = typeof import('../../src/cli/batch/pool.js');
type Process = typeof import('../../src/cli/batch/process.js');
let pool: Pool;
let process: Process;

before(async () => {
  build();
  const dist = (file: string) => pathToFileURL(join(projectRoot, 'dist', 'cli', 'batch', file)).href;
  pool = (await import(dist('pool.js'))) as Pool;
  process = (await import(dist('process.js'))) as Process;
});

const config: BatchConfig = { mode: 'parse', strict: false, report: true, reportHuman: false, color: false, countRepairs: true };

function chunkOf(lines: string[]): Uint8Array {
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

async function until(ready: () => boolean): Promise<void> {
  for (let waited = 0; !ready(); waited += 10) {
    assert.ok(waited < 30_000, 'the worker said it was ready within 30 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('a worker takes chunks once ready, and answers them as this thread does', async () => {
  const workers = new pool.WorkerPool(1, config);
  try {
    assert.equal(workers.ready, 0, 'no worker is ready before it has loaded and warmed up');
    assert.throws(() => workers.run({ bytes: chunkOf(['{}']), firstLine: 1, lines: 1 }), /no batch worker is ready/);
    await until(() => workers.ready === 1);
    const lines = ['{"a": 1}', "{'b': True,}", 'Here: ```json\n{"c": [1, 2,]}\n```', 'nothing', '[1, 2', '"\\'];
    for (let first = 1; first <= 3; first++) {
      const here = process.processChunk(chunkOf(lines), first, config);
      const there = await workers.run({ bytes: chunkOf(lines), firstLine: first, lines: lines.length });
      assert.deepEqual({ ...there, out: Buffer.from(there.out).toString() }, { ...here, out: Buffer.from(here.out).toString() });
    }
    assert.equal(workers.queued(), 0);
  } finally {
    await workers.close();
  }
});

test('a line nested deeper than JSON.stringify reaches is answered alike by a worker (a larger stack) and this thread', async () => {
  const deep = `${'{"id":'.repeat(12_000)}3${'}'.repeat(12_000)}`;
  const lines = [deep, `${'['.repeat(12_000)}${']'.repeat(12_000)}`, '{"id": 1e400}'];
  const claims = [{ mode: 'field', path: 'id', value: 3 }];
  const modes: Partial<BatchConfig>[] = [{ mode: 'verify', claims }, { mode: 'verify', claims, feedback: true }, { mode: 'parse' }];
  for (const settings of modes) {
    const modeConfig: BatchConfig = { ...config, ...settings, source: 'deep.jsonl' };
    const workers = new pool.WorkerPool(1, modeConfig);
    try {
      await until(() => workers.ready === 1);
      const here = process.processChunk(chunkOf(lines), 1, modeConfig);
      const there = await workers.run({ bytes: chunkOf(lines), firstLine: 1, lines: lines.length });
      const text = Buffer.from(here.out).toString();
      assert.doesNotMatch(text, /INTERNAL|object Object/, modeConfig.mode);
      assert.deepEqual({ ...there, out: Buffer.from(there.out).toString() }, { ...here, out: text });
    } finally {
      await workers.close();
    }
  }
});

type Ordered = typeof import('../../src/cli/batch/ordered.js');

test('with worker threads started at once, the batch gives what one thread gives, in order', async () => {
  const ordered = (await import(pathToFileURL(join(projectRoot, 'dist', 'cli', 'batch', 'ordered.js')).href)) as Ordered;
  // Many small chunks, fed slowly enough that the worker is ready for most of them.
  const lines = Array.from({ length: 400 }, (_, i) => (i % 3 === 0 ? `{'i': ${i}, 'ok': True,}` : i % 3 === 1 ? `{"i": ${i}}` : 'no json'));
  async function* slowly(): AsyncGenerator<string> {
    for (let i = 0; i < lines.length; i += 4) {
      yield `${lines.slice(i, i + 4).join('\n')}\n`;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  const collect = async (workers: number, from?: number) => {
    let out = '';
    for await (const { result } of ordered.orderedResults(slowly(), config, workers, from === undefined ? {} : { from })) out += Buffer.from(result.out).toString();
    return out;
  };
  const alone = await collect(1);
  assert.equal(alone.split('\n').length - 1, lines.length);
  assert.equal(await collect(2, 0), alone);
  assert.equal(await collect(3, 0), alone);
  // A short stream never starts a thread and still gives the same.
  assert.equal(await collect(2), alone);
});

test('with worker threads and reused buffers, a file gives what one thread gives with fresh ones', async () => {
  const dist = (file: string) => pathToFileURL(join(projectRoot, 'dist', 'cli', 'batch', file)).href;
  const ordered = (await import(dist('ordered.js'))) as Ordered;
  const reader = (await import(dist('lines.js'))) as typeof import('../../src/cli/batch/lines.js');
  const { BufferPool } = (await import(dist('buffers.js'))) as typeof import('../../src/cli/batch/buffers.js');
  // Answers longer than their lines (error records), lines across the 256 KB reads, one across three.
  const lines = Array.from({ length: 9_000 }, (_, i) =>
    i % 3 === 0 ? `"n${i}"` : i === 4_500 ? JSON.stringify({ i, s: 'y'.repeat(600_000) }) : JSON.stringify({ i, s: 'x'.repeat((i * 37) % 400) }),
  );
  const file = join(tempDir(), 'pooled.jsonl');
  writeFileSync(file, `${lines.join('\n')}\n`);
  const collect = async (workers: number, pooled: boolean) => {
    const buffers = new BufferPool();
    // The first piece waits until a worker has had time to load, so the workers take chunks too.
    async function* late(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
      await new Promise((r) => setTimeout(r, 1500));
      yield* source;
    }
    const source = pooled ? late(reader.fileSource(file, buffers)) : createReadStream(file);
    let out = '';
    for await (const { result } of ordered.orderedResults(source, config, workers, { from: 0 }, pooled ? buffers : undefined)) {
      out += Buffer.from(result.out).toString();
      if (pooled) buffers.give(result.out);
    }
    return out;
  };
  const fresh = await collect(1, false);
  assert.equal(fresh.split('\n').length - 1, lines.length);
  assert.equal(await collect(1, true), fresh);
  assert.equal(await collect(2, true), fresh);
  assert.equal(await collect(3, true), fresh);
});
