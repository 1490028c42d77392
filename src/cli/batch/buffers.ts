// The batch's byte buffers, reused. Each chunk used to get three fresh buffers of about a quarter
// megabyte (the file read, the chunk of whole lines, the output), and the kernel gives a fresh
// buffer's memory a page at a time, one page fault per 4 KB touched: about 0.2 CPU-seconds of
// system time per 100 MB per buffer, a seventh of `parse --jsonl`'s CPU time and a fifth of
// `extract --jsonl`'s. A buffer taken from here goes back once what it holds is no longer needed,
// and the next chunk writes over the same pages.
//
// Each buffer has one owner at a time. `take` lends one; `give` takes back only a buffer this pool
// lent and has not taken back yet, so a view of someone else's memory (a stdin piece) or a second
// `give` of the same buffer is ignored instead of being handed out twice.

/** Bytes read from a file at a time: large enough to amortise a worker round trip, small enough to stay flat. */
export const CHUNK_BYTES = 256 * 1024;

/** The size of a pooled buffer: a chunk read plus the partial line carried from the read before, or a chunk's output. */
const POOLED_BYTES = 2 * CHUNK_BYTES;

/** A buffer larger than this (a line of megabytes) is not kept: memory stays flat after it. */
const LARGEST_KEPT = 4 * POOLED_BYTES;

/** A free list of byte buffers. */
export class BufferPool {
  private readonly free: Buffer[] = [];
  private readonly lent = new WeakSet<ArrayBufferLike>();

  /** `keep`: how many free buffers to hold at most (more are dropped when given back). */
  constructor(private readonly keep = 64) {}

  /** A buffer of at least `size` bytes, its contents left over from an earlier use. */
  take(size: number): Buffer {
    // The most recently given back that fits (its pages are the likeliest still in the cache).
    let at = this.free.length - 1;
    while (at >= 0 && this.free[at].byteLength < size) at--;
    const buffer = at >= 0 ? this.free.splice(at, 1)[0] : Buffer.allocUnsafeSlow(Math.max(size, POOLED_BYTES));
    this.lent.add(buffer.buffer);
    return buffer;
  }

  /** Takes back the buffer `view` lies in, if this pool lent it; its bytes must not be read after. */
  give(view: Uint8Array): void {
    if (this.lent.delete(view.buffer)) this.keepFree(view.buffer);
  }

  /**
   * Counts `view`'s buffer as lent by this pool: one that arrived from another thread (transferred,
   * so no one else holds it, and never on this pool's free list), to be given back here once used.
   */
  adopt(view: Uint8Array): void {
    this.lent.add(view.buffer);
  }

  private keepFree(memory: ArrayBufferLike): void {
    // A detached buffer (transferred to a worker) has no bytes left to reuse.
    if (memory.byteLength < POOLED_BYTES || memory.byteLength > LARGEST_KEPT || this.free.length >= this.keep) return;
    this.free.push(Buffer.from(memory));
  }
}
