// A batch worker thread: says it is ready once loaded, then processes the chunks the main thread
// sends, one at a time.
import { parentPort, workerData } from 'node:worker_threads';
import { BufferPool } from './buffers.js';
import type { BatchConfig } from './config.js';
import { processChunk } from './process.js';

/** A chunk sent by the pool. */
export interface TaskMessage {
  id: number;
  bytes: Uint8Array;
  firstLine: number;
}

const config = workerData as BatchConfig;
// A chunk's input, once read, holds the next chunk's output (buffers.ts): the two are about the same size.
const buffers = new BufferPool();
parentPort?.on('message', (task: TaskMessage) => {
  const result = processChunk(task.bytes, task.firstLine, config, buffers);
  buffers.adopt(task.bytes);
  buffers.give(task.bytes);
  // The output bytes are handed over, not copied.
  parentPort?.postMessage({ id: task.id, result }, [result.out.buffer as ArrayBuffer]);
});
parentPort?.postMessage({ ready: true });
