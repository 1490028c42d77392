// The front doors: parse, parseWithReport and parseAsync. Without a schema they are the tolerant
// parser and nothing else; with one they hand the text to the schema stage (see stage.ts), which
// chooses among the candidates and repairs the value toward the schema.
import { JsonMendError, assertText } from '../errors.js';
// Types only: they describe the options and results, and load no schema code.
import type { StandardSchemaV1 } from '../schema/standard.js';
import type { Repair, RepairReport, SchemaParseOptions } from '../schema/types.js';
import { firstParsedCandidate, nativeParse } from './candidates.js';
import { validateParseOptions } from './settings.js';
import { type Reviver, revive } from './revive.js';
import { schemaStageFor } from './stage.js';
import type { ParseOptions } from './types.js';

/** Throws INVALID_ARGUMENT for options of the wrong shape (see validateParseOptions). */
export function checkOptions(options: unknown): void {
  if (options !== undefined) validateParseOptions(options as ParseOptions);
}

/** Calls `onRepair` once with every repair, only when at least one fired. */
export function report<T>(result: RepairReport, onRepair: ((repairs: readonly Repair[]) => void) | undefined): RepairReport<T> {
  if (onRepair && result.repairs.length > 0) onRepair(result.repairs);
  return result as RepairReport<T>;
}

/** The first candidate, without a schema; its repairs are recorded only when `wantRepairs`. */
function firstCandidate(text: string, options: SchemaParseOptions, tryNative: boolean, wantRepairs: boolean): RepairReport {
  const candidate = firstParsedCandidate(text, options, { tryNative, wantRepairs });
  // The report is built only if somebody reads it (parseWithReport, onRepair), not for parse.
  return { value: candidate.value, get repairs() { return candidate.repairs; } };
}

/**
 * The value a model's reply holds: the first JSON candidate that parses (after text repair) and, with
 * a `schema`, satisfies it after schema repair. With a Standard Schema the result is its output type.
 *
 * As with `JSON.parse`, a `reviver` may come second (options then come third), so replacing
 * `JSON.parse(text, reviver)` with `parse(text, reviver)` is a one-word change. It is called for every
 * key of the final value (after schema repair), children first, with the holder as `this`; returning
 * `undefined` deletes the key. It is called with `(key, value)` only: not with the source-text
 * `context` newer runtimes pass, since a repaired value has no source text of its own.
 * @throws SchemaError when no candidate satisfies the schema (with the first candidate's issues);
 *   JsonMendError (`NO_JSON`, `UNREPAIRABLE`, …) when nothing parses; `INVALID_ARGUMENT` when the
 *   schema validates asynchronously (use {@link parseAsync}), or the reviver is neither a function nor
 *   `null`/`undefined`; `INVALID_SCHEMA` when the schema cannot be used.
 */
export function parse<S extends StandardSchemaV1>(text: string, options: SchemaParseOptions<S> & { schema: S }): StandardSchemaV1.InferOutput<S>;
export function parse<T = unknown>(text: string, options?: SchemaParseOptions): T;
// A ParseOptions (typed for `repair`, or by a caller) is taken as it is: it names no schema, so its
// onRepair, written for text repairs, sees only text repairs. Other options may come with it.
export function parse<T = unknown>(text: string, options: ParseOptions & Omit<SchemaParseOptions, 'schema' | 'onRepair'>): T;
export function parse<T = unknown>(text: string, reviver: Reviver | null | undefined, options?: SchemaParseOptions): T;
export function parse<T = unknown>(text: string, reviver: Reviver | null | undefined, options: ParseOptions & Omit<SchemaParseOptions, 'schema' | 'onRepair'>): T;
export function parse(text: string, given?: SchemaParseOptions | ParseOptions | Reviver | null, givenThird?: SchemaParseOptions | ParseOptions): unknown {
  const second = given as SchemaParseOptions | Reviver | null | undefined;
  const third = givenThird as SchemaParseOptions | undefined;
  if (typeof second === 'function') return revive(parse(text, third), second);
  if (second === null || third !== undefined) {
    if (second !== null && second !== undefined) {
      throw new JsonMendError('INVALID_ARGUMENT', `with options third, the second argument must be a reviver function, null or undefined, got ${typeof second}`);
    }
    return parse(text, third);
  }
  const options = second;
  if (options?.schema !== undefined) return parseWithReport(text, options).value;
  // Valid JSON without a schema: nothing to choose between, nothing to report.
  checkOptions(options);
  const opts = options ?? {};
  const fast = nativeParse(text, opts);
  if (fast !== undefined) return fast.value;
  // The fast path failed once already: straight to the engine, recording repairs only for onRepair.
  if (opts.onRepair === undefined) return firstParsedCandidate(text, opts, { tryNative: false, wantRepairs: false }).value;
  return report(firstCandidate(text, opts, false, true), opts.onRepair).value;
}

/** As {@link parse}, and every repair made: text repairs first, then schema repairs. */
export function parseWithReport<S extends StandardSchemaV1>(text: string, options: SchemaParseOptions<S> & { schema: S }): RepairReport<StandardSchemaV1.InferOutput<S>>;
export function parseWithReport<T = unknown>(text: string, options?: SchemaParseOptions): RepairReport<T>;
export function parseWithReport<T = unknown>(text: string, options: ParseOptions & Omit<SchemaParseOptions, 'schema' | 'onRepair'>): RepairReport<T>;
export function parseWithReport(text: string, options?: SchemaParseOptions | ParseOptions): RepairReport {
  assertText(text);
  checkOptions(options);
  const opts = (options ?? {}) as SchemaParseOptions;
  const result = opts.schema === undefined ? firstCandidate(text, opts, true, true) : (schemaStageFor(opts).parseWithReport(text, opts) as RepairReport);
  return report(result, opts.onRepair);
}

/** As {@link parse}, for Standard Schemas whose `validate` returns a promise (works with any schema). */
export function parseAsync<S extends StandardSchemaV1>(text: string, options: SchemaParseOptions<S> & { schema: S }): Promise<StandardSchemaV1.InferOutput<S>>;
export function parseAsync<T = unknown>(text: string, options?: SchemaParseOptions): Promise<T>;
export function parseAsync<T = unknown>(text: string, options: ParseOptions & Omit<SchemaParseOptions, 'schema' | 'onRepair'>): Promise<T>;
export async function parseAsync(text: string, options?: SchemaParseOptions | ParseOptions): Promise<unknown> {
  assertText(text);
  checkOptions(options);
  const opts = (options ?? {}) as SchemaParseOptions;
  const result = opts.schema === undefined ? firstCandidate(text, opts, true, true) : ((await schemaStageFor(opts).parseAsync(text, opts)) as RepairReport);
  return report(result, opts.onRepair).value;
}
