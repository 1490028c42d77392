// The batch core shared by the CLI and the library API: chunks of lines in, their results out in
// input order, each result handed on as soon as it and every result before it are done, not when
// more input arrives. So a filter fed one line at a time answers one line at a time, while a
// large file still keeps `inFlight` chunks busy on the workers.
//
// `workers` counts the threads that process lines, and this thread is one of them: with N, there
// are N - 1 worker threads, and this thread takes a chunk itself whenever they already have
// enough queued. A worker thread costs a start-up and a warm-up of its own (loading the library,
// compiling the engine: about half a second of CPU on a 2-core machine), and this thread, which only
// reads, hands out and writes, would otherwise sit idle. Until a worker is ready (loaded), this
// thread takes every chunk: a filter's first lines never wait for a thread's start.
//
// The worker threads start only for a batch large enough to repay them (POOL_FROM_BYTES): while
// two threads compile the engine and collect garbage at once on a 2-core machine, each runs at a
// fraction of its speed for most of a second, so on 12 MB two workers took 1.1–1.3 s where one took
// 0.9–1.1 s; from about 20 MB on, two were faster. Since the batch reuses its buffers (buffers.ts)
// one thread is a fifth faster and the second thread's fixed cost (about 0.85 CPU-seconds) weighs
// more: on 25 MB two took 1.26–1.94 s against one's 1.12 s, on 50 MB both 1.7 s, on 100 MB two were
// 1.25× faster (a 2-core machine that gives two busy cores 1.3–1.5× one).
import { BufferPool } from './buffers.js';
import type { BatchConfig, Chunk, ChunkResult } from './config.js';
import { lineChunks } from './lines.js';
import { WorkerPool } from './pool.js';
import { processChunk } from './process.js';

/** A chunk's result and the size of its input, for progress. */
export interface OrderedResult {
  result: ChunkResult;
  bytes: number;
}

type Step = { input: IteratorResult<Chunk> } | { head: ChunkResult };

/** Chunks queued per worker thread before this thread takes one itself: one running, one waiting. */
const QUEUED_PER_WORKER = 2;

/**
 * Chunks in flight (sent, running or done and waiting for their turn) per thread. Results leave in
 * input order, so this thread, done with its own chunks, waits for a worker's earlier one: with two
 * per thread it sat idle for 10–15% of a two-thread batch; with four, about 2%. A chunk is 256 KB, so
 * memory stays flat.
 */
const IN_FLIGHT_PER_THREAD = 4;

/**
 * Input, in bytes, from which worker threads pay for their start: they start at once for a file
 * at least this large, and for a stream of unknown size once half as much has been read (the batch
 * has shown it is no short one, and what follows may be long).
 */
export const POOL_FROM_BYTES = 32 * 1024 * 1024;

/** A chunk processed in this thread; its input's buffer goes back to `buffers` at once. */
function here(chunk: Chunk, config: BatchConfig, buffers: BufferPool): ChunkResult {
  const result = processChunk(chunk.bytes, chunk.firstLine, config, buffers);
  buffers.give(chunk.bytes);
  return result;
}

/** A worker's result, its output's buffer (transferred here) counted as lent by `buffers`. */
function adopted(result: ChunkResult, buffers: BufferPool): ChunkResult {
  buffers.adopt(result.out);
  return result;
}

/** How large the input is, when known, and from how many bytes worker threads start (tests set 0). */
export interface PoolStart {
  size?: number;
  from?: number;
}

/**
 * The results of `source`'s lines in input order. With `workers` > 1 the chunks run on this thread
 * and, once the input is large enough (see `POOL_FROM_BYTES`), a pool of `workers - 1` worker
 * threads; with 1, in this thread alone. Memory stays flat: input is pulled only while fewer than
 * `inFlight` chunks wait for their turn. Each result's `out` is lent by `buffers`: give it back
 * once written (or not: it is then collected as garbage).
 */
export async function* orderedResults(
  source: AsyncIterable<Uint8Array | string>,
  config: BatchConfig,
  workers = 1,
  start: PoolStart = {},
  buffers = new BufferPool(),
): AsyncGenerator<OrderedResult> {
  const from = start.from ?? POOL_FROM_BYTES;
  // A stream of unknown size earns the threads at half the size a file needs up front.
  const startAt = workers <= 1 ? Infinity : start.size === undefined ? from / 2 : start.size >= from ? 0 : Infinity;
  let pool: WorkerPool | undefined;
  let read = 0;
  const inFlight = workers > 1 ? workers * IN_FLIGHT_PER_THREAD : 1;
  const input = lineChunks(source, buffers)[Symbol.asyncIterator]();
  const queue: { bytes: number; result: Promise<ChunkResult> }[] = [];
  let next: Promise<IteratorResult<Chunk>> | undefined;
  try {
    let ended = false;
    while (!ended || queue.length > 0) {
      if (!ended && next === undefined && queue.length < inFlight) next = input.next();
      const waits: Promise<Step>[] = [];
      if (next !== undefined) waits.push(next.then((r) => ({ input: r })));
      if (queue.length > 0) waits.push(queue[0].result.then((r) => ({ head: r })));
      const step = await Promise.race(waits);
      if ('head' in step) {
        const done = queue.shift()!;
        yield { result: step.head, bytes: done.bytes };
        continue;
      }
      next = undefined;
      if (step.input.done === true) {
        ended = true;
        continue;
      }
      const chunk = step.input.value;
      // Read the size first: handing the chunk to a worker transfers (detaches) its bytes.
      const bytes = chunk.bytes.byteLength;
      read += bytes;
      if (pool === undefined && read > startAt) pool = new WorkerPool(workers - 1, config);
      if (pool?.failure !== undefined) throw pool.failure;
      const result = pool !== undefined && pool.queued() < pool.ready * QUEUED_PER_WORKER ? pool.run(chunk).then((r) => adopted(r, buffers)) : Promise.resolve(here(chunk, config, buffers));
      // A failure is raised when its turn comes; until then it must not count as unhandled.
      result.catch(() => undefined);
      queue.push({ bytes, result });
    }
  } finally {
    next?.catch(() => undefined);
    await input.return?.(undefined);
    await pool?.close();
  }
}
