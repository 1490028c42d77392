// The batch's output buffer: result lines are encoded straight into bytes as they are made, so a
// chunk's output is one off-heap buffer (written to stdout as it is, transferred from a worker
// without a copy) instead of thousands of small strings that live until the chunk ends. Those
// strings were what the young-generation collector kept copying: a third of the batch's CPU time.

const NEWLINE = 0x0a;
/** The most UTF-8 bytes one UTF-16 code unit can take. */
const MAX_BYTES_PER_UNIT = 3;

/** Appends lines as UTF-8 to one growing buffer. */
export class LineWriter {
  private buffer: Buffer;
  private length = 0;

  /** `expected`: the likely output size in bytes (the input's size is a good guess). */
  constructor(expected: number) {
    // Unpooled: a worker transfers (detaches) the buffer it sends back.
    this.buffer = Buffer.allocUnsafeSlow(Math.max(expected, 1024));
  }

  /** Appends `text` and a newline. */
  line(text: string): void {
    const need = text.length * MAX_BYTES_PER_UNIT + 1;
    if (this.buffer.byteLength - this.length < need) this.grow(need);
    this.length += this.buffer.write(text, this.length);
    this.buffer[this.length++] = NEWLINE;
  }

  private grow(need: number): void {
    const next = Buffer.allocUnsafeSlow(Math.max(this.buffer.byteLength * 2, this.length + need));
    this.buffer.copy(next, 0, 0, this.length);
    this.buffer = next;
  }

  /** The lines written so far. */
  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}
