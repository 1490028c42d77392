// A resumable hint for "the JSON value that opened this body has just closed": the stream parser
// reports the root's completion only once the text after it shows, and the text after a call is often
// closing markup the scanner holds back. This counter follows brackets outside double-quoted strings,
// chunk by chunk; its answer is only a hint: the caller then reads the body up to that point with the
// real parser and takes the call only when it reads cleanly (extract's `scanBalanced` is the full rule
// but is not resumable).

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Feeds body text; `close` is the body offset just past the root's closer once it is seen. */
export class RootCloseHint {
  private depth = 0;
  private opened = false;
  private inString = false;
  private escaped = false;
  private offset = 0;
  /** Offset (in the fed text) just past the root's closer, once seen; -1 before. */
  close = -1;

  feed(piece: string): void {
    if (this.close !== -1) return;
    for (let i = 0; i < piece.length; i++) {
      const c = piece.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) this.inString = false;
      } else if (c === QUOTE) {
        this.inString = this.opened;
      } else if (c === 0x7b || c === 0x5b) {
        this.depth++;
        this.opened = true;
      } else if ((c === 0x7d || c === 0x5d) && this.depth > 0) {
        if (--this.depth === 0) {
          this.close = this.offset + i + 1;
          return;
        }
      }
    }
    this.offset += piece.length;
  }
}
