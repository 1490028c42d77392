// The slice of the library the CLI drives. Everything goes through the package entry point, so the
// CLI exercises exactly the public API a user would import.
import * as lib from '../index.js';

/** A repair as the CLI prints it: a text repair (position) or a schema repair (path, before/after). */
export interface AnyRepair {
  kind: string;
  offset?: number;
  line?: number;
  column?: number;
  detail?: string;
  path?: string;
  before?: unknown;
  after?: unknown;
}

/** One candidate found by `extract`. */
export interface Candidate {
  text: string;
  start: number;
  end: number;
  source: string;
  language?: string;
  tag?: string;
  reasoning?: boolean;
  truncated?: boolean;
}

/** The functions the CLI needs, with the shapes it relies on. */
export interface CliApi {
  parse(text: string, options?: Record<string, unknown>): unknown;
  parseWithReport(text: string, options?: Record<string, unknown>): { value: unknown; repairs: readonly AnyRepair[] };
  repair(text: string, options?: Record<string, unknown>): string;
  extract(text: string, options?: Record<string, unknown>): readonly Candidate[];
  get(value: unknown, path: string): unknown;
  query(value: unknown, jsonpath: string): unknown[];
  queryPaths(value: unknown, jsonpath: string): string[];
  verifyAll(claims: unknown, payload: unknown): { results: readonly Record<string, unknown>[]; summary: unknown };
  formatFeedback(results: unknown): string;
  canonicalize(value: unknown): string;
}

const table = lib as unknown as Partial<CliApi>;

/** The library function `name`, or a clear failure when this build of the library lacks it. */
export function api<K extends keyof CliApi>(name: K): CliApi[K] {
  const fn = table[name];
  if (typeof fn !== 'function') {
    throw new lib.JsonMendError('INVALID_ARGUMENT', `this build of jsonmend has no '${name}' function`);
  }
  return (fn as (...args: unknown[]) => unknown).bind(lib) as CliApi[K];
}

export { JsonMendError } from '../index.js';
