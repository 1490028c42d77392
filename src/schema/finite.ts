// A number JSON cannot hold: `1e999` reads as Infinity (JSON.parse does the same), which no JSON
// Schema `number` describes and JSON.stringify writes as null. A value a validator accepts must not
// carry one: it would pass as a number and be lost when written out.
import { toPointer } from './pointer.js';
import type { SchemaIssue } from './types.js';

/**
 * Whether `value` holds a number that is not finite: iterative, only containers on the stack, no
 * paths built. It runs on every value a validator accepts, so it is kept cheap (`n - n` is NaN only
 * for Infinity and NaN).
 */
function holdsNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return value - value !== 0;
  if (value === null || typeof value !== 'object') return false;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown> | unknown[];
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const child = node[i];
        if (typeof child === 'number') {
          if (child - child !== 0) return true;
        } else if (child !== null && typeof child === 'object') stack.push(child);
      }
    } else {
      for (const key in node) {
        const child = node[key];
        if (typeof child === 'number') {
          if (child - child !== 0) return true;
        } else if (child !== null && typeof child === 'object') stack.push(child);
      }
    }
  }
  return false;
}

/** The first number in `value` that is not finite, its path and the issue that says so; undefined when none. */
export function nonFiniteNumber(value: unknown): { path: string[]; issue: SchemaIssue } | undefined {
  if (!holdsNonFinite(value)) return undefined;
  const stack: Array<{ node: unknown; path: string[] }> = [{ node: value, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop() as { node: unknown; path: string[] };
    if (typeof node === 'number' && !Number.isFinite(node)) {
      const issue = { path: toPointer(path), expected: 'a finite number', received: String(node), message: `${String(node)} is no JSON number (one too large for a double, such as 1e999, reads as Infinity)` };
      return { path, issue };
    }
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], path: [...path, String(i)] });
    else for (const key of Object.keys(node).reverse()) stack.push({ node: (node as Record<string, unknown>)[key], path: [...path, key] });
  }
  return undefined;
}
