// The text pushed so far, kept as blocks of about a kilobyte (joined only when the whole text is
// needed), with the line starts needed to give repairs a line and column without rescanning from the
// start. Recent text is read from the engine's own buffer, not from here.

/**
 * Small chunks are gathered into blocks this long: a stream of 4-character chunks kept one array slot
 * a chunk paid about 45 ns a chunk to join at `end()` (3 ms of a 30 ms stream) and an object header
 * a chunk in memory.
 */
const BLOCK = 1024;

/** Chunks of the stream's text, addressable by absolute offset. */
export class ChunkText {
  private chunks: string[] = [];
  /** Text after the last chunk, not yet a block of its own. */
  private pending = '';
  /** Offsets just after each `\n` before `scannedLength`, in order: found only when a position is asked for. */
  private readonly lineStarts: number[] = [0];
  /** The chunk line scanning is in, and that chunk's offset in the text. */
  private scanned = 0;
  private scannedChunkStart = 0;
  private scannedLength = 0;
  length = 0;

  add(chunk: string): void {
    if (chunk.length === 0) return;
    this.length += chunk.length;
    this.pending += chunk;
    if (this.pending.length >= BLOCK) this.seal();
  }

  /** Moves the pending text into a block of its own. */
  private seal(): void {
    if (this.pending === '') return;
    // `+=` built a rope of the small chunks; reading a character makes V8 copy it flat once, so the
    // block holds one string, not every chunk it was made of.
    this.pending.charCodeAt(0);
    this.chunks.push(this.pending);
    this.pending = '';
  }

  /**
   * The whole text; joined once per change, so call it only at the end or on errors. Lines are not
   * scanned for it: most streams never ask for a position.
   */
  all(): string {
    this.seal();
    if (this.chunks.length > 1) {
      // One chunk from here on, so later pushes do not join everything again; line scanning resumes
      // inside it where it was.
      this.chunks = [this.chunks.join('')];
      this.scanned = 0;
      this.scannedChunkStart = 0;
    }
    return this.chunks.length === 1 ? this.chunks[0] : '';
  }

  /** The character at `offset`, or -1 past the end; walks the chunks, so meant for one-off checks. */
  charCodeAt(offset: number): number {
    if (offset < 0 || offset >= this.length) return -1;
    this.seal();
    for (const chunk of this.chunks) {
      if (offset < chunk.length) return chunk.charCodeAt(offset);
      offset -= chunk.length;
    }
    return -1;
  }

  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    this.seal();
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

  /** Records the line starts of the text up to the end of the chunk holding `offset`. */
  private scanLines(offset: number): void {
    while (this.scanned < this.chunks.length && this.scannedLength <= offset) {
      const chunk = this.chunks[this.scanned++];
      const base = this.scannedChunkStart;
      for (let nl = chunk.indexOf('\n', this.scannedLength - base); nl !== -1; nl = chunk.indexOf('\n', nl + 1)) this.lineStarts.push(base + nl + 1);
      this.scannedChunkStart = this.scannedLength = base + chunk.length;
    }
  }
}
