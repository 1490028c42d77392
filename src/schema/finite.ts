// A number JSON cannot hold: `1e999` reads as Infinity (JSON.parse does the same), which no JSON
// Schema `number` describes and JSON.stringify writes as null. A value a validator accepts must not
// carry one: it would pass as a number and be lost when written out.
import { toPointer } from './pointer.js';
import type { SchemaIssue } from './types.js';

/** {@link numberFlags}: a number that is not finite. */
export const NON_FINITE = 1;
/** {@link numberFlags}: a number past 2^53, whose digits the reply may have written beyond a double's (see exact-integers.ts). */
export const PAST_SAFE = 2;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** The flag a number sets: 0 for nearly all (`n - n` is NaN only for Infinity and NaN). */
function flagOf(n: number): number {
  return n - n !== 0 ? NON_FINITE : n > MAX_SAFE || n < -MAX_SAFE ? PAST_SAFE : 0;
}

/**
 * What numbers `value` holds, as {@link NON_FINITE} and {@link PAST_SAFE} bits: iterative, only
 * containers on the stack, no paths built, stops at the first number that is not finite. It runs on
 * every value a validator accepts, so it is kept cheap.
 */
export function numberFlags(value: unknown): number {
  if (typeof value === 'number') return flagOf(value);
  if (value === null || typeof value !== 'object') return 0;
  let flags = 0;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown> | unknown[];
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const child = node[i];
        if (typeof child === 'number') {
          if ((flags |= flagOf(child)) & NON_FINITE) return flags;
        } else if (child !== null && typeof child === 'object') stack.push(child);
      }
    } else {
      for (const key in node) {
        const child = node[key];
        if (typeof child === 'number') {
          if ((flags |= flagOf(child)) & NON_FINITE) return flags;
        } else if (child !== null && typeof child === 'object') stack.push(child);
      }
    }
  }
  return flags;
}

/** The first number in `value` that is not finite, its path and the issue that says so; undefined when none. */
export function nonFiniteNumber(value: unknown): { path: string[]; issue: SchemaIssue } | undefined {
  if ((numberFlags(value) & NON_FINITE) === 0) return undefined;
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
