// A one-line progress bar on stderr. Only ever created for a terminal: piped output never sees it.
import type { Style } from './term.js';

const REDRAW_MS = 100;
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A count with thousands separators, the same way everywhere in the bar: `1,234`. */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/**
 * A byte size in the largest unit that keeps it at 1 or more (decimal units, as `ls -h --si`):
 * `312 B`, `4.2 KB`, `18.0 MB`. Whole bytes have no decimals; every larger unit has exactly one, so
 * figures do not change width as they grow within a unit.
 */
export function formatBytes(n: number): string {
  let unit = 0;
  let value = n;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${formatCount(value)} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** What the bar shows for the given counts (without colour or terminal control sequences). */
export function progressText(bytes: number, totalBytes: number | undefined, lines: number, failed: number): { bar: string; tail: string } {
  let bar: string;
  if (totalBytes !== undefined && totalBytes > 0) {
    const fraction = Math.min(1, bytes / totalBytes);
    const width = 24;
    const full = Math.round(fraction * width);
    // Floor, so 100% means done rather than "more than 99.5%".
    const percent = Math.floor(fraction * 100);
    bar = `[${'#'.repeat(full)}${'.'.repeat(width - full)}] ${String(percent).padStart(3)}% ${formatBytes(bytes)} of ${formatBytes(totalBytes)} `;
  } else {
    bar = `${formatBytes(bytes)} `;
  }
  const tail = `${formatCount(lines)} ${lines === 1 ? 'line' : 'lines'}${failed > 0 ? `, ${formatCount(failed)} failed` : ''}`;
  return { bar, tail };
}

/**
 * A progress bar that redraws at most every 100 ms and erases itself before other stderr output.
 * On a terminal that understands no control sequences (`TERM=dumb`) it redraws with a carriage
 * return and pads with spaces instead of erasing, and never colours.
 */
export class ProgressBar {
  private last = 0;
  private shownWidth = 0;
  private readonly dumb: boolean;

  constructor(
    private readonly stream: NodeJS.WritableStream & { columns?: number },
    private readonly style: Style,
    /** Total bytes, when known (a file); standard input shows counts only. */
    private readonly totalBytes: number | undefined,
    env: Record<string, string | undefined> = {},
  ) {
    this.dumb = env.TERM === 'dumb';
  }

  /** Redraws with the current counts, unless it was redrawn very recently. */
  update(bytes: number, lines: number, failed: number): void {
    const now = Date.now();
    if (now - this.last < REDRAW_MS) return;
    this.last = now;
    const { bar, tail } = progressText(bytes, this.totalBytes, lines, failed);
    const width = bar.length + tail.length;
    if (this.dumb) {
      this.stream.write(`\r${bar}${tail}${' '.repeat(Math.max(0, this.shownWidth - width))}`);
    } else {
      const coloured = failed > 0 ? tail.replace(/, ([\d,]+ failed)$/, (_, f: string) => `, ${this.style.red(f)}`) : tail;
      this.stream.write(`\r\u001b[K${this.style.cyan(bar)}${coloured}`);
    }
    this.shownWidth = width;
  }

  /** Erases the bar so the next stderr line starts clean. */
  clear(): void {
    if (this.shownWidth > 0) this.stream.write(this.dumb ? `\r${' '.repeat(this.shownWidth)}\r` : '\r\u001b[K');
    this.shownWidth = 0;
    this.last = 0;
  }
}
