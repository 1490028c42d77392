// The text pushed so far, kept as chunks (joined only when the whole text is needed), with the line
// starts needed to give repairs a line and column without rescanning from the start.

/** Chunks of the stream's text, addressable by absolute offset. */
export class ChunkText {
  private readonly chunks: string[] = [];
  private readonly starts: number[] = [];
  /** Offsets just after each `\n`, in order. */
  private readonly lineStarts: number[] = [0];
  private joined: string | undefined;
  length = 0;

  add(chunk: string): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.starts.push(this.length);
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', nl + 1)) this.lineStarts.push(this.length + nl + 1);
    this.length += chunk.length;
    this.joined = undefined;
  }

  /** The whole text; joined once per change, so call it only at the end or on errors. */
  all(): string {
    if (this.joined === undefined) {
      this.joined = this.chunks.join('');
      // Keep one chunk so later pushes do not join everything again.
      this.chunks.length = 0;
      this.starts.length = 0;
      this.chunks.push(this.joined);
      this.starts.push(0);
    }
    return this.joined;
  }

  /** Index of the chunk holding `offset` (binary search; usually one of the last). */
  private chunkAt(offset: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    if (hi >= 0 && offset >= starts[hi]) return hi;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  charCodeAt(offset: number): number {
    if (offset < 0 || offset >= this.length) return -1;
    const i = this.chunkAt(offset);
    return this.chunks[i].charCodeAt(offset - this.starts[i]);
  }

  /** `text.slice(from, to)` without joining; meant for short ranges near the end. */
  slice(from: number, to: number): string {
    if (to <= from) return '';
    let i = this.chunkAt(from);
    const first = this.chunks[i];
    const start = this.starts[i];
    if (to - start <= first.length) return first.slice(from - start, to - start);
    let out = first.slice(from - start);
    for (i++; i < this.chunks.length; i++) {
      const c = this.chunks[i];
      const s = this.starts[i];
      if (to - s <= c.length) return out + c.slice(0, to - s);
      out += c;
    }
    return out;
  }

  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    const ls = this.lineStarts;
    let lo = 0;
    let hi = ls.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (ls[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - ls[lo] + 1 };
  }
}
