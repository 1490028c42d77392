// A fixed set of worker threads that process chunks; each task resolves with its own result, and
// the caller keeps the order (it awaits the promises in the order it created them).
import { Worker } from 'node:worker_threads';
import type { BatchConfig, Chunk, ChunkResult } from './config.js';

interface Slot {
  worker: Worker;
  /** Tasks sent to this worker and not answered yet. */
  pending: Map<number, { resolve: (r: ChunkResult) => void; reject: (e: unknown) => void }>;
}

/** A pool of `size` workers running `processChunk` with `config`. */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private nextId = 0;

  constructor(readonly size: number, config: BatchConfig) {
    const url = new URL('./worker.js', import.meta.url);
    for (let i = 0; i < size; i++) {
      const slot: Slot = { worker: new Worker(url, { workerData: config }), pending: new Map() };
      slot.worker.on('message', (msg: { id: number; result: ChunkResult }) => {
        const task = slot.pending.get(msg.id);
        slot.pending.delete(msg.id);
        task?.resolve(msg.result);
      });
      const failAll = (error: unknown) => {
        for (const task of slot.pending.values()) task.reject(error);
        slot.pending.clear();
      };
      slot.worker.on('error', failAll);
      slot.worker.on('exit', (code) => failAll(new Error(`a batch worker stopped with exit code ${code}`)));
      this.slots.push(slot);
    }
  }

  /** Chunks sent and not answered yet, over all workers. */
  queued(): number {
    let n = 0;
    for (const s of this.slots) n += s.pending.size;
    return n;
  }

  /** Sends `chunk` (its bytes are transferred, not copied) to the least busy worker. */
  run(chunk: Chunk): Promise<ChunkResult> {
    let slot = this.slots[0];
    for (const s of this.slots) if (s.pending.size < slot.pending.size) slot = s;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage({ id, bytes: chunk.bytes, firstLine: chunk.firstLine }, [chunk.bytes.buffer as ArrayBuffer]);
    });
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
