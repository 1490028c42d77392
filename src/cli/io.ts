// Reading a whole input (one reply, one schema, one claims file) and writing with backpressure.
import { fstatSync, statSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
import { JsonMendError } from '../index.js';
import { UsageError } from './usage.js';
import { decodeUtf8, invalidUtf8Message } from './utf8.js';
import type { Io } from './term.js';

/** A text and the name errors should use for it. */
export interface Input {
  /** The file name as given, or `<stdin>`. */
  name: string;
  text: string;
}

/** The name standard input goes by in messages. */
export const STDIN_NAME = '<stdin>';

/** The whole of `file` (or standard input when absent or `-`) as UTF-8 text. */
export async function readInput(file: string | undefined, io: Io): Promise<Input> {
  if (file === undefined || file === '-') {
    checkStdin(io);
    if (io.stdin.isTTY) io.stderr.write('jsonmend: reading standard input (end with Ctrl-D)\n');
    const chunks: Buffer[] = [];
    for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    return { name: STDIN_NAME, text: textOf(Buffer.concat(chunks), STDIN_NAME) };
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${describeFsError(error)}`);
  }
  return { name: file, text: textOf(bytes, file) };
}

/** The input's bytes as text; bytes that are not UTF-8 make it unreadable (exit 2), never U+FFFD. */
function textOf(bytes: Uint8Array, name: string): string {
  const text = decodeUtf8(bytes);
  if (text === undefined) throw new UsageError(`cannot read ${name}: ${invalidUtf8Message(bytes)}`);
  return text;
}

/**
 * Throws a usage error when standard input is a directory (`jsonmend parse < dir`) or was closed
 * (`jsonmend parse <&-`), which a stream would read as an empty reply (or a batch of no lines): a
 * directory given as FILE is "cannot read" too.
 */
export function checkStdin(io: Io): void {
  const fd = (io.stdin as { fd?: unknown }).fd;
  if (typeof fd !== 'number') return;
  let info;
  try {
    info = fstatSync(fd);
  } catch {
    return; // reading will say what is wrong
  }
  if (info.isDirectory()) throw new UsageError('cannot read standard input: is a directory');
  if (fd === 0 && info.isCharacterDevice() && closedStdin(info.rdev)) throw new UsageError('cannot read standard input: it is closed');
}

/**
 * Whether fd 0 was closed when the process started. Node then opens /dev/null in its place for reading
 * and writing, where `< /dev/null` opens it for reading only. A write of no bytes tells the two apart
 * on every Unix (the kernel checks the descriptor's mode before the count: EBADF when it is read-only),
 * and writes nothing anywhere: the descriptor is /dev/null. Where /dev/null does not exist (Windows),
 * a closed standard input still reads as empty.
 */
function closedStdin(rdev: number): boolean {
  try {
    if (rdev !== statSync('/dev/null').rdev) return false;
  } catch {
    return false;
  }
  try {
    writeSync(0, EMPTY);
    return true;
  } catch {
    return false; // EBADF: opened for reading only, as `< /dev/null` does
  }
}

const EMPTY = new Uint8Array(0);

/** A short reason for a file-system error: "no such file", "is a directory", … */
export function describeFsError(error: unknown): string {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case 'ENOENT': return 'no such file';
    case 'EISDIR': return 'is a directory';
    case 'EACCES': return 'permission denied';
    case 'ENOSPC': return 'no space left on device';
    case 'EDQUOT': return 'disk quota exceeded';
    case 'EIO': return 'input/output error';
    case 'EROFS': return 'read-only file system';
    case 'EFBIG': return 'file too large';
    case 'ENOTDIR': return 'a part of the path is not a directory';
    case 'ENXIO': return 'no reader on the other end';
    default: return error instanceof Error ? error.message : String(error);
  }
}

/**
 * A file that must hold strict JSON (a schema, a claims list). Syntax errors name the file, line and
 * column; they are usage errors, because the file is part of the command line.
 */
export async function readJsonFile(file: string, what: string, io: Io): Promise<unknown> {
  const read = await readInput(file, io);
  // A BOM (as Windows editors save UTF-8) is not part of the JSON; replies are read past it too.
  const input = read.text.charCodeAt(0) === 0xfeff ? { name: read.name, text: read.text.slice(1) } : read;
  try {
    return JSON.parse(input.text);
  } catch (error) {
    const at = /position (\d+)/.exec(error instanceof Error ? error.message : '');
    const offset = at ? Number(at[1]) : input.text.length;
    const located = new JsonMendError('INVALID_ARGUMENT', `${what} ${input.name} is not valid JSON`, { offset, text: input.text });
    throw new UsageError(`${input.name}:${located.line}:${located.column}: ${what} is not valid JSON\n${located.excerpt ?? ''}`);
  }
}

/**
 * Writes `text` (or bytes), waiting for 'drain' when the stream's buffer is full, so memory stays
 * bounded. `written` is called once the stream is done with the bytes (not for empty ones).
 *
 * A stream whose reader went away (EPIPE) takes nothing more: the write is dropped, neither waited
 * on (a destroyed stream never drains: the run would hang) nor thrown. Only stderr's can get here in
 * the CLI: stdout's EPIPE ends the run at once (main.ts), stderr's must not end it (the results on
 * stdout matter more than the diagnostics).
 */
export async function write(stream: NodeJS.WritableStream, text: string | Uint8Array, written?: () => void): Promise<void> {
  if (text.length === 0) return;
  if ((stream as { destroyed?: boolean }).destroyed === true) {
    written?.();
    return;
  }
  if (stream.write(text, written)) return;
  try {
    await once(stream, 'drain');
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== 'EPIPE') throw error;
  }
}

/**
 * The one-line message for an error writing standard output or stderr (disk full, I/O error), or
 * undefined when `error` is not one. EPIPE is not: a reader that stops early ends the run quietly.
 */
export function outputErrorMessage(error: unknown, stream = 'standard output'): string | undefined {
  const e = error as { code?: unknown; syscall?: unknown } | null;
  if (e === null || typeof e !== 'object' || e.syscall !== 'write' || typeof e.code !== 'string' || e.code === 'EPIPE') return undefined;
  return `cannot write to ${stream}: ${describeFsError(error)} (${e.code})`;
}
