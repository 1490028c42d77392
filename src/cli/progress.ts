// A one-line progress bar on stderr. Only ever created for a terminal: piped output never sees it.
import type { Style } from './term.js';

const REDRAW_MS = 100;

/** A progress bar that redraws at most every 100 ms and erases itself before other stderr output. */
export class ProgressBar {
  private last = 0;
  private shown = false;

  constructor(
    private readonly stream: NodeJS.WritableStream & { columns?: number },
    private readonly style: Style,
    /** Total bytes, when known (a file); standard input shows counts only. */
    private readonly totalBytes: number | undefined,
  ) {}

  /** Redraws with the current counts, unless it was redrawn very recently. */
  update(bytes: number, lines: number, failed: number): void {
    const now = Date.now();
    if (now - this.last < REDRAW_MS) return;
    this.last = now;
    const mb = (n: number) => (n / 1e6).toFixed(1);
    let bar = '';
    if (this.totalBytes !== undefined && this.totalBytes > 0) {
      const fraction = Math.min(1, bytes / this.totalBytes);
      const width = 24;
      const full = Math.round(fraction * width);
      bar = `[${'#'.repeat(full)}${'.'.repeat(width - full)}] ${(fraction * 100).toFixed(0).padStart(3)}% ${mb(bytes)}/${mb(this.totalBytes)} MB `;
    } else {
      bar = `${mb(bytes)} MB `;
    }
    const tail = `${lines.toLocaleString('en-US')} lines${failed > 0 ? `, ${this.style.red(`${failed} failed`)}` : ''}`;
    this.stream.write(`\r\u001b[K${this.style.cyan(bar)}${tail}`);
    this.shown = true;
  }

  /** Erases the bar so the next stderr line starts clean. */
  clear(): void {
    if (this.shown) this.stream.write('\r\u001b[K');
    this.shown = false;
    this.last = 0;
  }
}
