// Terminal facts: whether a stream is a terminal and whether to colour it. Colour only on a
// terminal, never when NO_COLOR is set (https://no-color.org); FORCE_COLOR turns it on for tests.

/** The streams and environment the CLI runs against; tests substitute their own. */
export interface Io {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  env: Record<string, string | undefined>;
}

/** Text styling that is a no-op when colour is off. */
export interface Style {
  color: boolean;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

/** Whether output to a stream should carry colour. */
export function wantsColor(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '' && force !== '0' && force !== 'false') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/** A {@link Style} for a stream. */
export function styleFor(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): Style {
  return makeStyle(wantsColor(stream, env));
}

/** A {@link Style} that colours when `color` is true (worker threads get the decision, not the stream). */
export function makeStyle(color: boolean): Style {
  const wrap = (open: number, close: number) => (s: string) => (color ? `\u001b[${open}m${s}\u001b[${close}m` : s);
  return {
    color,
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
    dim: wrap(2, 22),
    bold: wrap(1, 22),
  };
}

// Control characters a terminal may act on: C0 (but tab and newline), DEL and C1 (U+009B is a CSI too).
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * `text` with every control character a terminal could act on (ESC, BEL, CR, C1 …) written as a visible
 * `\xHH`, so a reply or a file name printed to stderr cannot retitle, clear or recolour the terminal.
 */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * A JSON text (one line of a JSON report) with DEL and C1 characters written as `\u00HH`; JSON.stringify
 * already escapes C0 ones. Still the same JSON, since those characters can only stand inside strings.
 */
export function escapeJsonControls(json: string): string {
  return json.replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** An excerpt (a line and a caret line under it) with its controls escaped and the caret moved to match. */
export function escapeExcerpt(excerpt: string): string {
  const cut = excerpt.lastIndexOf('\n');
  if (cut === -1) return escapeControls(excerpt);
  const shown = excerpt.slice(0, cut);
  const caret = excerpt.slice(cut + 1);
  const at = caret.length - caret.trimStart().length;
  return `${escapeControls(shown)}\n${' '.repeat(escapeControls(shown.slice(0, at)).length)}${caret.trimStart()}`;
}
