// The batch's reused buffers (src/cli/batch/buffers.ts), checked with a pool that overwrites every
// buffer the moment it is given back. A buffer given back while something still reads it (a line's
// start carried to the next read, a chunk's bytes, an answer not yet turned into text) then shows
// at once as a changed answer, whatever the timing: with the plain pool it shows only when the
// buffer happens to be handed out again before that read, which a test cannot count on.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, test } from 'node:test';
import { projectRoot } from '../helpers.js';
import { build, tempDir } from './cli.js';
import type { BatchConfig } from '../../src/cli/batch/config.js';

type Buffers = typeof import('../../src/cli/batch/buffers.js');
type Lines = typeof import('../../src/cli/batch/lines.js');
type Ordered = typeof import('../../src/cli/batch/ordered.js');
type Process = typeof import('../../src/cli/batch/process.js');
let buffers: Buffers;
let lines: Lines;
let ordered: Ordered;
let process: Process;

// From dist: the worker threads load dist/cli/batch/worker.js.
before(async () => {
  build();
  const dist = (file: string) => pathToFileURL(join(projectRoot, 'dist', 'cli', 'batch', file)).href;
  buffers = (await import(dist('buffers.js'))) as Buffers;
  lines = (await import(dist('lines.js'))) as Lines;
  ordered = (await import(dist('ordered.js'))) as Ordered;
  process = (await import(dist('process.js'))) as Process;
});

const config: BatchConfig = { mode: 'repair', strict: false, report: false, reportHuman: false, color: false, countRepairs: false };

/** A pool that fills a buffer with 'Z' as it takes it back: a read after `give` sees the Zs. */
function poisoning(): InstanceType<Buffers['BufferPool']> {
  const pool = new buffers.BufferPool();
  const lent = (pool as unknown as { lent: WeakSet<ArrayBufferLike> }).lent;
  const give = pool.give.bind(pool);
  pool.give = (view: Uint8Array) => {
    if (lent.has(view.buffer) && view.buffer.byteLength > 0) new Uint8Array(view.buffer).fill(0x5a);
    give(view);
  };
  return pool;
}

/**
 * A batch with every case the buffers meet: a BOM, CRLF, empty lines, answers longer than their lines
 * (control characters written as \u0001), lines across the 256 KB reads and the 32 KB segments,
 * lines of 300 KB and 600 KB (across two and three reads), lines that are not UTF-8, no final newline.
 */
function batch(): Buffer {
  const parts: Buffer[] = [Buffer.from('\ufeff')];
  for (let i = 1; i <= 6_000; i++) {
    const end = i % 5 === 0 ? '\r\n' : '\n';
    let line: Buffer;
    if (i % 97 === 0) line = Buffer.concat([Buffer.from(`{"i": ${i}, "bad": "`), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    else if (i % 41 === 0) line = Buffer.alloc(0);
    else if (i % 53 === 0) line = Buffer.from(JSON.stringify({ i, c: '\u0001'.repeat(5_000 + i) }));
    else if (i === 2_000) line = Buffer.from(JSON.stringify({ i, s: 'y'.repeat(300_000) }));
    else if (i === 4_000) line = Buffer.from(JSON.stringify({ i, s: 'z'.repeat(600_000) }));
    else line = Buffer.from(i % 2 === 0 ? `{'i': ${i}, 's': 'é${'x'.repeat((i * 37) % 500)}',}` : JSON.stringify({ i, s: `漢${'w'.repeat((i * 13) % 300)}` }));
    parts.push(line, Buffer.from(end));
  }
  parts.push(Buffer.from('{"last": true}'));
  return Buffer.concat(parts);
}

/** The answers of the whole batch as one chunk, with fresh buffers only. */
function expected(bytes: Uint8Array): string {
  return Buffer.from(process.processChunk(bytes, 1, config).out).toString();
}

async function collect(source: AsyncIterable<Uint8Array | string>, workers: number, pool: InstanceType<Buffers['BufferPool']>): Promise<string> {
  let out = '';
  for await (const { result } of ordered.orderedResults(source, config, workers, { from: 0 }, pool)) {
    out += Buffer.from(result.out).toString();
    pool.give(result.out);
  }
  return out;
}

test('a file read into reused buffers gives every line its own answer, on 1 to 3 threads', async () => {
  const bytes = batch();
  const file = join(tempDir(), 'reuse.jsonl');
  writeFileSync(file, bytes);
  const want = expected(bytes);
  assert.equal(want.split('\n').length - 1, 6_001);
  for (const workers of [1, 2, 3]) {
    const pool = poisoning();
    assert.equal(await collect(lines.fileSource(file, pool), workers, pool), want, `${workers} threads`);
  }
});

test('pieces of any size from a source that refills one buffer give every line its own answer', async () => {
  const bytes = batch();
  const want = expected(bytes);
  // As a socket or a caller's reader may: the same memory again for the next piece, once asked for it.
  async function* refilling(): AsyncGenerator<Uint8Array> {
    const memory = Buffer.alloc(700_000);
    const sizes = [1, 7, 4_096, 65_536, 300_000, 700_000, 3];
    for (let at = 0, k = 0; at < bytes.length; k++) {
      const n = Math.min(sizes[k % sizes.length], bytes.length - at);
      bytes.copy(memory, 0, at, at + n);
      at += n;
      yield memory.subarray(0, n);
      memory.fill(0x51, 0, n);
    }
  }
  for (const workers of [1, 2]) assert.equal(await collect(refilling(), workers, poisoning()), want, `${workers} threads`);
});
