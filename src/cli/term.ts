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
