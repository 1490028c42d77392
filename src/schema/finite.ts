// A number JSON cannot hold: `1e999` reads as Infinity (JSON.parse does the same), which no JSON
// Schema `number` describes and JSON.stringify writes as null. A value a validator accepts must not
// carry one: it would pass as a number and be lost when written out.
import { toPointer } from './pointer.js';
import type { SchemaIssue } from './types.js';

/** Whether `value` holds a number that is not finite; iterative, no paths built (the common answer is no). */
function holdsNonFinite(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) return true;
    } else if (node !== null && typeof node === 'object') {
      for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push(child);
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
