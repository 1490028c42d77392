// The schema-aware front doors: parse, parseWithReport, parseAsync, and coerce for values that are
// already parsed (tool-call arguments).
import { JsonMendError, assertText } from '../errors.js';
import { type CandidateMode, nativeParse, parseCandidates } from '../parse/candidates.js';
import type { ParseOptions } from '../parse/types.js';
import { validateParseOptions } from '../parse/settings.js';
import { type Compiled, type Validation, compile } from './compile.js';
import { SchemaError } from './error.js';
import { repairLoop, runAsync, runSync } from './repair.js';
import type { StandardSchemaV1 } from './standard.js';
import type { CoerceOptions, Repair, RepairReport, SchemaLike, SchemaParseOptions } from './types.js';

function checkOptions(options: unknown): void {
  if (options !== undefined) validateParseOptions(options as ParseOptions);
}

/**
 * The search as a generator: every candidate in the text, best first; without a schema the first
 * wins; with one, the first that satisfies it (after repair) wins, else the first candidate's
 * SchemaError is thrown. Yields values to validate (see repairLoop).
 */
function* parseLoop(text: string, options: SchemaParseOptions, compiled: Compiled | undefined, mode: CandidateMode = {}): Generator<unknown, RepairReport, Validation> {
  const { schema: _schema, onRepair: _onRepair, draft: _draft, maxRounds, ...rest } = options;
  const parseOptions: ParseOptions = rest;
  let firstFailure: SchemaError | undefined;
  for (const candidate of parseCandidates(text, parseOptions, mode)) {
    if (!compiled) {
      // The report is built only if somebody reads it (parseWithReport, onRepair), not for parse.
      return { value: candidate.value, get repairs() { return candidate.repairs; } };
    }
    // A cut-off reply that the schema rejects is an error, not something to guess at.
    const truncated = candidate.truncated;
    const outcome = yield* repairLoop(candidate.value, compiled.guide, maxRounds, !truncated);
    if (outcome.ok) {
      const repairs: Repair[] = candidate.repairs.length === 0 ? outcome.repairs : [...candidate.repairs, ...outcome.repairs];
      return { value: outcome.value, repairs };
    }
    firstFailure ??= new SchemaError(outcome.issues, candidate.repairs);
  }
  throw firstFailure ?? new JsonMendError('NO_JSON', 'no JSON value found in the text');
}

function report<T>(result: RepairReport, onRepair: ((repairs: readonly Repair[]) => void) | undefined): RepairReport<T> {
  if (onRepair && result.repairs.length > 0) onRepair(result.repairs);
  return result as RepairReport<T>;
}

function prepare(text: unknown, options: SchemaParseOptions | undefined): Compiled | undefined {
  assertText(text);
  checkOptions(options);
  return options?.schema === undefined ? undefined : compile(options.schema, options.draft);
}

/**
 * The value a model's reply holds: the first JSON candidate that parses (after text repair) and, with
 * a `schema`, satisfies it after schema repair. With a Standard Schema the result is its output type.
 * @throws SchemaError when no candidate satisfies the schema (with the first candidate's issues);
 *   JsonMendError (`NO_JSON`, `UNREPAIRABLE`, …) when nothing parses; `INVALID_ARGUMENT` when the
 *   schema validates asynchronously (use {@link parseAsync}).
 */
export function parse<S extends StandardSchemaV1>(text: string, options: SchemaParseOptions<S> & { schema: S }): StandardSchemaV1.InferOutput<S>;
export function parse<T = unknown>(text: string, options?: SchemaParseOptions): T;
export function parse(text: string, options?: SchemaParseOptions): unknown {
  if (options?.schema === undefined) {
    // Valid JSON without a schema: nothing to choose between, nothing to report.
    checkOptions(options);
    const opts = options ?? {};
    const fast = nativeParse(text, opts);
    if (fast !== undefined) return fast.value;
    // The fast path failed once already: straight to the engine, recording repairs only for onRepair.
    return report(runSync(parseLoop(text, opts, undefined, { tryNative: false, wantRepairs: opts.onRepair !== undefined }), noValidator), opts.onRepair).value;
  }
  return parseWithReport(text, options).value;
}

/** As {@link parse}, and every repair made: text repairs first, then schema repairs. */
export function parseWithReport<S extends StandardSchemaV1>(text: string, options: SchemaParseOptions<S> & { schema: S }): RepairReport<StandardSchemaV1.InferOutput<S>>;
export function parseWithReport<T = unknown>(text: string, options?: SchemaParseOptions): RepairReport<T>;
export function parseWithReport(text: string, options?: SchemaParseOptions): RepairReport {
  const compiled = prepare(text, options);
  const opts = options ?? {};
  const loop = parseLoop(text, opts, compiled);
  return report(compiled ? runSync(loop, (v) => compiled.validate(v)) : runSync(loop, noValidator), opts.onRepair);
}

/** As {@link parse}, for Standard Schemas whose `validate` returns a promise (works with any schema). */
export function parseAsync<S extends StandardSchemaV1>(text: string, options: SchemaParseOptions<S> & { schema: S }): Promise<StandardSchemaV1.InferOutput<S>>;
export function parseAsync<T = unknown>(text: string, options?: SchemaParseOptions): Promise<T>;
export async function parseAsync(text: string, options?: SchemaParseOptions): Promise<unknown> {
  const compiled = prepare(text, options);
  const opts = options ?? {};
  const loop = parseLoop(text, opts, compiled);
  const result = compiled ? await runAsync(loop, (v) => compiled.validate(v)) : runSync(loop, noValidator);
  return report(result, opts.onRepair).value;
}

function noValidator(): Validation {
  throw new JsonMendError('INVALID_ARGUMENT', 'internal: validation requested without a schema');
}

function* coerceLoop(value: unknown, compiled: Compiled, maxRounds: number | undefined): Generator<unknown, RepairReport, Validation> {
  const outcome = yield* repairLoop(value, compiled.guide, maxRounds);
  if (!outcome.ok) throw new SchemaError(outcome.issues);
  return { value: outcome.value, repairs: outcome.repairs };
}

function prepareCoerce(schema: SchemaLike, options: CoerceOptions | undefined): Compiled {
  checkOptions(options);
  if (schema === undefined) throw new JsonMendError('INVALID_ARGUMENT', 'coerce needs a schema');
  return compile(schema, options?.draft);
}

/**
 * `value` (already parsed, e.g. tool-call arguments from an SDK) made to satisfy `schema` with the
 * named repairs. A valid value is returned as it is (for a JSON Schema, the same reference). The
 * caller's value is never mutated.
 * @throws SchemaError when it cannot be made valid.
 */
export function coerce<S extends StandardSchemaV1>(value: unknown, schema: S, options?: CoerceOptions): StandardSchemaV1.InferOutput<S>;
export function coerce<T = unknown>(value: unknown, schema: SchemaLike, options?: CoerceOptions): T;
export function coerce(value: unknown, schema: SchemaLike, options?: CoerceOptions): unknown {
  return coerceWithReport(value, schema, options).value;
}

/** As {@link coerce}, and the schema repairs made. */
export function coerceWithReport<S extends StandardSchemaV1>(value: unknown, schema: S, options?: CoerceOptions): RepairReport<StandardSchemaV1.InferOutput<S>>;
export function coerceWithReport<T = unknown>(value: unknown, schema: SchemaLike, options?: CoerceOptions): RepairReport<T>;
export function coerceWithReport(value: unknown, schema: SchemaLike, options?: CoerceOptions): RepairReport {
  const compiled = prepareCoerce(schema, options);
  return report(runSync(coerceLoop(value, compiled, options?.maxRounds), (v) => compiled.validate(v)), options?.onRepair);
}

/** As {@link coerce}, for Standard Schemas whose `validate` returns a promise (works with any schema). */
export function coerceAsync<S extends StandardSchemaV1>(value: unknown, schema: S, options?: CoerceOptions): Promise<StandardSchemaV1.InferOutput<S>>;
export function coerceAsync<T = unknown>(value: unknown, schema: SchemaLike, options?: CoerceOptions): Promise<T>;
export async function coerceAsync(value: unknown, schema: SchemaLike, options?: CoerceOptions): Promise<unknown> {
  const compiled = prepareCoerce(schema, options);
  const result = await runAsync(coerceLoop(value, compiled, options?.maxRounds), (v) => compiled.validate(v));
  return report(result, options?.onRepair).value;
}
