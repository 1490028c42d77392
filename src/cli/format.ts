// How errors and repairs are written: for people on a terminal, and as JSON for programs.
import { JsonMendError, SchemaError } from '../index.js';
import type { AnyRepair } from './api.js';
import { escapeControls, escapeExcerpt, type Style } from './term.js';

/** A JSON-safe record of an error, as written in batch error records and JSON reports. */
export interface ErrorRecord {
  code: string;
  message: string;
  offset?: number;
  line?: number;
  column?: number;
  path?: string;
  excerpt?: string;
  /** Every problem, for a value that does not match its schema. */
  issues?: { path: string; expected: string; received: string }[];
}

/** The facts of any thrown value, as a plain record. Non-jsonmend errors get code `INTERNAL`. */
export function errorRecord(error: unknown): ErrorRecord {
  if (error instanceof JsonMendError) {
    const record: ErrorRecord = { code: error.code, message: error.message };
    if (error.offset !== undefined) record.offset = error.offset;
    if (error.line !== undefined) record.line = error.line;
    if (error.column !== undefined) record.column = error.column;
    if (error.path !== undefined) record.path = error.path;
    if (error.excerpt !== undefined) record.excerpt = error.excerpt;
    if (error instanceof SchemaError) {
      record.issues = error.issues.map((i) => ({ path: i.path, expected: i.expected, received: i.received }));
    }
    return record;
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'INTERNAL', message: `internal error: ${message}` };
}

/** The message without its trailing " at line L column C", which the location prefix already says. */
function bareMessage(record: ErrorRecord): string {
  if (record.line === undefined || record.column === undefined) return record.message;
  const suffix = ` at line ${record.line} column ${record.column}`;
  return record.message.endsWith(suffix) ? record.message.slice(0, -suffix.length) : record.message;
}

/** How {@link formatError} names the place of an error. */
export interface ErrorPlace {
  /** The file name (or `<stdin>`), or what a command-line argument is (`PATH argument`). */
  source: string;
  /** The text was a command-line argument: say `column N`, not `:line:column`. */
  argument?: boolean;
  /** Leave out the error's `path`, because the message already names it. */
  omitPath?: boolean;
}

/**
 * An error for a person: `file:line:column: CODE: message`, then the excerpt with its caret.
 * The place names the file (or `<stdin>`, or the argument), so every error says where it is.
 */
export function formatError(error: unknown, place: string | ErrorPlace, style: Style): string {
  const { source, argument = false, omitPath = false } = typeof place === 'string' ? { source: place } : place;
  const record = errorRecord(error);
  // Everything below may come from a reply or a file name: no control character reaches the terminal.
  let where = escapeControls(source);
  if (record.line !== undefined && record.column !== undefined) {
    where += argument ? ` column ${record.column}` : `:${record.line}:${record.column}`;
  }
  const path = record.path;
  if (!omitPath && path !== undefined && path !== '' && !record.message.includes(path)) where += ` at ${escapeControls(path)}`;
  let out = `${style.bold(where)}: ${style.red(record.code)}: ${escapeControls(bareMessage(record))}\n`;
  if (record.excerpt !== undefined) {
    out += escapeExcerpt(record.excerpt)
      .split('\n')
      .map((l) => `    ${l}`)
      .join('\n')
      .replace(/\^$/, style.red('^'));
    out += '\n';
  }
  if (record.issues !== undefined && record.issues.length > 1) {
    const shown = record.issues.slice(0, MAX_ISSUES);
    for (const i of shown) out += escapeControls(`    - ${i.path === '' ? '(root)' : i.path}: expected ${i.expected}, got ${i.received}`) + '\n';
    if (record.issues.length > shown.length) out += `    - … and ${record.issues.length - shown.length} more\n`;
  }
  return out;
}

/** Schema problems listed under an error; the rest are counted. */
const MAX_ISSUES = 20;

function show(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * One repair on one line for a person. `where` prefixes it: a file name (`reply.txt:3:14`), or
 * `line 12` in a batch, where `at` separates it from the position inside the reply (`line 12 at 1:5`).
 */
export function formatRepair(repair: AnyRepair, where: string, style: Style, at = ':'): string {
  if (repair.path !== undefined && repair.offset === undefined) {
    const change = 'before' in repair || 'after' in repair ? `${show(repair.before)} → ${show(repair.after)}` : '';
    const path = repair.path === '' ? '(root)' : repair.path;
    const rest = escapeControls(`at ${path}${change ? `: ${change}` : ''}${repair.detail ? ` (${repair.detail})` : ''}`);
    return `${style.dim(escapeControls(where))} ${style.cyan(repair.kind)} ${rest}\n`;
  }
  const pos = repair.line !== undefined ? `${at}${repair.line}:${repair.column ?? 0}` : '';
  return `${style.dim(escapeControls(where + pos))} ${style.yellow(repair.kind)}${repair.detail ? `: ${escapeControls(repair.detail)}` : ''}\n`;
}

/** A repair as a plain JSON-safe object, reading line and column (which may be lazy getters). */
export function repairRecord(repair: AnyRepair): AnyRepair {
  const out: AnyRepair = { kind: repair.kind };
  if (repair.offset !== undefined) out.offset = repair.offset;
  if (repair.line !== undefined) out.line = repair.line;
  if (repair.column !== undefined) out.column = repair.column;
  if (repair.detail !== undefined) out.detail = repair.detail;
  if (repair.path !== undefined) out.path = repair.path;
  if ('before' in repair) out.before = repair.before;
  if ('after' in repair) out.after = repair.after;
  return out;
}
