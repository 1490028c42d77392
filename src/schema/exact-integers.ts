// A number past 2^53 that the reply wrote with more digits than a double holds
// (`{"id": 12345678901234567890}` reads as 12345678901234567000): a value a schema accepts must not
// carry one, or the number returned is not the one written and nothing says so. Where the schema asks
// for a string, scalar_to_string keeps the digits as written (see number-text.ts); where it takes a
// number, the value fails at that path.
import { keepsDigits } from './convert.js';
import type { NumberText } from './number-text.js';
import { toPointer } from './pointer.js';
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
