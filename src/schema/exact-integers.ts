// A number past 2^53 that the reply wrote with more digits than a double holds
// (`{"id": 12345678901234567890}` reads as 12345678901234567000): a value a schema accepts must not
// carry one, or the number returned is not the one written and nothing says so. Where the schema asks
// for a string, scalar_to_string keeps the digits as written (see number-text.ts); where it takes a
// number, the value fails at that path.
import { keepsDigits } from './convert.js';
import type { NumberText } from './number-text.js';
import { SHORT, fromPointer, shortValue, toPointer, valueAt } from './pointer.js';
import type { SchemaIssue } from './types.js';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Whether `n` is past 2^53 and the reply spelt it with digits the double lost (or spelt two numbers that both read as it). */
export function lostDigits(n: number, numberText: NumberText): boolean {
  if (n <= MAX_SAFE && n >= -MAX_SAFE) return false;
  const written = numberText(n);
  return written === null || (written !== undefined && !keepsDigits(written, n));
}

/** Whether `value` holds such a number: only containers on the stack, no paths built (most values hold none). */
function holdsLost(value: unknown, numberText: NumberText): boolean {
  if (typeof value === 'number') return lostDigits(value, numberText);
  if (value === null || typeof value !== 'object') return false;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown>;
    for (const key in node) {
      const child = node[key];
      if (typeof child === 'number') {
        if (lostDigits(child, numberText)) return true;
      } else if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
  return false;
}

/** The first number in `value` (document order) whose digits the double lost, its path and the issue that says so; undefined when none. */
export function inexactNumber(value: unknown, numberText: NumberText): { path: string[]; issue: SchemaIssue } | undefined {
  if (!holdsLost(value, numberText)) return undefined;
  const stack: Array<{ node: unknown; path: string[] }> = [{ node: value, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop() as { node: unknown; path: string[] };
    if (typeof node === 'number' && lostDigits(node, numberText)) return { path, issue: lostIssue(node, path, numberText(node)) };
    if (node === null || typeof node !== 'object') continue;
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) stack.push({ node: (node as Record<string, unknown>)[keys[i]], path: [...path, keys[i]] });
  }
  return undefined;
}

function lostIssue(n: number, path: string[], written: string | null | undefined): SchemaIssue {
  const read = String(n);
  return {
    path: toPointer(path),
    expected: 'a number a double holds exactly (an integer within ±2^53), or a string of its digits',
    received: typeof written === 'string' ? written : read,
    message: typeof written === 'string'
      ? `${written} has more digits than a double holds: it would read as ${read} (a schema asking for a string keeps the digits as written)`
      : `two different numbers in the reply both read as ${read}: a double cannot hold their digits`,
  };
}

/** The reply's spelling of `n` when it is past 2^53 and the double lost its digits; undefined otherwise. */
function writtenDigits(n: number, numberText: NumberText): string | undefined {
  // A number past the range of a double (`1e999`) is named by finite.ts, as Infinity.
  if (!Number.isFinite(n) || !lostDigits(n, numberText)) return undefined;
  const written = numberText(n);
  return typeof written === 'string' ? written : undefined;
}

/**
 * `shortValue(value)`, but with each number whose digits the double lost written as the reply wrote
 * it: a message that quotes `12345678901234567000` for the reply's `12345678901234567890` shows the
 * model digits it never wrote.
 */
export function shortWritten(value: unknown, numberText: NumberText | undefined): string {
  if (numberText === undefined || typeof value !== 'object' || !holdsLost(value, numberText)) {
    return (typeof value === 'number' && numberText !== undefined ? writtenDigits(value, numberText) : undefined) ?? shortValue(value);
  }
  const parts: string[] = [];
  let length = 0;
  const put = (text: string) => {
    parts.push(text);
    length += text.length;
  };
  // Containers are written only until the rendering is longer than a message shows, so the depth
  // reached is bounded by SHORT too.
  const write = (v: unknown): void => {
    if (length > SHORT) return;
    if (typeof v === 'number') put(writtenDigits(v, numberText) ?? (Number.isFinite(v) ? String(v) : 'null'));
    else if (Array.isArray(v)) {
      put('[');
      for (let i = 0; i < v.length && length <= SHORT; i++) {
        if (i > 0) put(',');
        write(v[i]);
      }
      put(']');
    } else if (v !== null && typeof v === 'object') {
      put('{');
      let first = true;
      for (const key of Object.keys(v)) {
        if (length > SHORT) break;
        if (!first) put(',');
        first = false;
        put(`${JSON.stringify(key)}:`);
        write((v as Record<string, unknown>)[key]);
      }
      put('}');
    } else put(JSON.stringify(v) ?? String(v));
  };
  write(value);
  const text = parts.join('');
  return text.length > SHORT ? text.slice(0, SHORT - 1) + '…' : text;
}

/**
 * `issues` (found validating `value`) with each number whose digits the double lost quoted as the
 * reply wrote it: in `received`, and where a validator's message starts with the number
 * (`12345678901234567000 is greater than 10.`). Only a value holding a number past 2^53 is read.
 */
export function quoteWritten(issues: SchemaIssue[], value: unknown, numberText: NumberText | undefined): SchemaIssue[] {
  if (numberText === undefined || issues.length === 0 || !holdsLost(value, numberText)) return issues;
  return issues.map((issue) => {
    const here = valueAt(value, fromPointer(issue.path));
    if (here === undefined || !holdsLost(here, numberText)) return issue;
    const shown = shortValue(here);
    const received = issue.received === shown ? shortWritten(here, numberText) : issue.received;
    const written = typeof here === 'number' ? writtenDigits(here, numberText) : undefined;
    const message = written !== undefined && issue.message.startsWith(`${String(here)} `) ? written + issue.message.slice(String(here).length) : issue.message;
    return received === issue.received && message === issue.message ? issue : { ...issue, received, message };
  });
}
