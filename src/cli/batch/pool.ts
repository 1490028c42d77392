// A fixed set of worker threads that process chunks; each task resolves with its own result, and
// the caller keeps the order (it awaits the promises in the order it created them). A worker takes
// tasks only once it says it is ready (loaded): until then the caller does the work itself, so a
// filter's first lines never wait for a thread's start.
import { Worker } from 'node:worker_threads';
import type { BatchConfig, Chunk, ChunkResult } from './config.js';

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Tasks sent to this worker and not answered yet. */
  pending: Map<number, { resolve: (r: ChunkResult) => void; reject: (e: unknown) => void }>;
}

type WorkerMessage = { ready: true } | { id: number; result: ChunkResult };

/** A pool of `size` workers running `processChunk` with `config`. */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private nextId = 0;
  /** Workers ready for tasks. */
  ready = 0;
  /** Why a worker stopped before it could take a task (thrown by the caller, never swallowed). */
  failure: unknown = undefined;

  constructor(readonly size: number, config: BatchConfig) {
    const url = new URL('./worker.js', import.meta.url);
    for (let i = 0; i < size; i++) {
      const slot: Slot = { worker: new Worker(url, { workerData: config }), ready: false, pending: new Map() };
      slot.worker.on('message', (msg: WorkerMessage) => {
        if ('ready' in msg) {
          slot.ready = true;
          this.ready++;
          return;
        }
        const task = slot.pending.get(msg.id);
        slot.pending.delete(msg.id);
        task?.resolve(msg.result);
      });
      const fail = (error: unknown) => {
        if (slot.ready) this.ready--;
        slot.ready = false;
        this.failure ??= error;
        for (const task of slot.pending.values()) task.reject(error);
        slot.pending.clear();
      };
      slot.worker.on('error', fail);
      slot.worker.on('exit', (code) => fail(new Error(`a batch worker stopped with exit code ${code}`)));
      this.slots.push(slot);
    }
  }

  /** Chunks sent and not answered yet, over all workers. */
  queued(): number {
    let n = 0;
    for (const s of this.slots) n += s.pending.size;
    return n;
  }

  /** Sends `chunk` (its bytes are transferred, not copied) to the least busy ready worker; call only when `ready > 0`. */
  run(chunk: Chunk): Promise<ChunkResult> {
    let slot: Slot | undefined;
    for (const s of this.slots) if (s.ready && (slot === undefined || s.pending.size < slot.pending.size)) slot = s;
    if (slot === undefined) throw new Error('no batch worker is ready');
    const target = slot;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      target.pending.set(id, { resolve, reject });
      target.worker.postMessage({ id, bytes: chunk.bytes, firstLine: chunk.firstLine }, [chunk.bytes.buffer as ArrayBuffer]);
    });
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    for (const s of this.slots) s.worker.removeAllListeners('exit');
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
