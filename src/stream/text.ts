// The text pushed so far, kept as chunks (joined only when the whole text is needed), with the line
// starts needed to give repairs a line and column without rescanning from the start. Recent text is
// read from the engine's own buffer, not from here.

/** Chunks of the stream's text, addressable by absolute offset. */
export class ChunkText {
  private readonly chunks: string[] = [];
  /** Offsets just after each `\n` in chunks [0, scanned), in order: found only when a position is asked for. */
  private readonly lineStarts: number[] = [0];
  private scanned = 0;
  private scannedLength = 0;
  private joined: string | undefined;
  length = 0;

  add(chunk: string): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
    this.joined = undefined;
  }

  /** The whole text; joined once per change, so call it only at the end or on errors. */
  all(): string {
    if (this.joined === undefined) {
      this.scanLines(Infinity);
      this.joined = this.chunks.join('');
      // Keep one chunk so later pushes do not join everything again.
      this.chunks.length = 0;
      this.chunks.push(this.joined);
      this.scanned = 1;
    }
    return this.joined;
  }

  /** The character at `offset`, or -1 past the end; walks the chunks, so meant for one-off checks. */
  charCodeAt(offset: number): number {
    if (offset < 0 || offset >= this.length) return -1;
    for (const chunk of this.chunks) {
      if (offset < chunk.length) return chunk.charCodeAt(offset);
      offset -= chunk.length;
    }
    return -1;
  }

  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    this.scanLines(offset);
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

  /** Records the line starts of the chunks up to the one holding `offset`. */
  private scanLines(offset: number): void {
    while (this.scanned < this.chunks.length && this.scannedLength <= offset) {
      const chunk = this.chunks[this.scanned++];
      for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', nl + 1)) this.lineStarts.push(this.scannedLength + nl + 1);
      this.scannedLength += chunk.length;
    }
  }
}
