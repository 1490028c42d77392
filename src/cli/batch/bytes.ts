// The batch's output buffer: result lines are encoded straight into bytes as they are made, so a
// chunk's output is one off-heap buffer (written to stdout as it is, transferred from a worker
// without a copy) instead of thousands of small strings that live until the chunk ends. Those
// strings were what the young-generation collector kept copying: a third of the batch's CPU time.
import type { BufferPool } from './buffers.js';

/** The most UTF-8 bytes one UTF-16 code unit can take. */
const MAX_BYTES_PER_UNIT = 3;

/** Lines are gathered into a string of about this many characters, then encoded in one call. */
const GATHER_CHARS = 16 * 1024;

/** Appends lines as UTF-8 to one growing buffer. */
export class LineWriter {
  private buffer: Buffer;
  private length = 0;
  // A call into Buffer's encoder per line cost about half a microsecond, as much as extracting a
  // short reply's candidate: lines wait here (a few KB, so still nothing outlives a chunk).
  private gathered = '';

  /**
   * `expected`: the likely output size in bytes (the input's size is a good guess). With `buffers`,
   * the output's buffer is lent by it (whoever writes the output gives it back).
   */
  constructor(expected: number, private readonly buffers?: BufferPool) {
    // Never Node's shared pool: a worker transfers (detaches) the buffer it sends back.
    this.buffer = this.allocate(Math.max(expected, 1024));
  }

  private allocate(size: number): Buffer {
    return this.buffers === undefined ? Buffer.allocUnsafeSlow(size) : this.buffers.take(size);
  }

  /** Appends `text` and a newline. */
  line(text: string): void {
    this.gathered += `${text}\n`;
    if (this.gathered.length >= GATHER_CHARS) this.flush();
  }

  private flush(): void {
    const text = this.gathered;
    this.gathered = '';
    const need = text.length * MAX_BYTES_PER_UNIT;
    if (this.buffer.byteLength - this.length < need) this.grow(need);
    this.length += this.buffer.write(text, this.length);
  }

  private grow(need: number): void {
    const next = this.allocate(Math.max(this.buffer.byteLength * 2, this.length + need));
    this.buffer.copy(next, 0, 0, this.length);
    this.buffers?.give(this.buffer);
    this.buffer = next;
  }

  /** The lines written so far. */
  bytes(): Uint8Array {
    if (this.gathered.length > 0) this.flush();
    return this.buffer.subarray(0, this.length);
  }
}
