// coerce and its variants: schema repair for values that are already parsed (tool-call arguments).
import { JsonMendError } from '../errors.js';
import { checkOptions, report } from '../parse/api.js';
import { type Compiled, type Validation, compile } from './compile.js';
import { SchemaError } from './error.js';
import { repairLoop, runAsync, runSync } from './repair.js';
import type { StandardSchemaV1 } from './standard.js';
import type { CoerceOptions, RepairReport, SchemaLike } from './types.js';

function* coerceLoop(value: unknown, compiled: Compiled, options: CoerceOptions | undefined): Generator<unknown, RepairReport, Validation> {
  const outcome = yield* repairLoop(value, compiled.guide, { maxRounds: options?.maxRounds, maxDepth: options?.maxDepth, salvage: options?.salvage });
  if (!outcome.ok) throw new SchemaError(outcome.issues);
  return { value: outcome.value, repairs: outcome.repairs };
}

function prepareCoerce(schema: SchemaLike, options: CoerceOptions | undefined): Compiled {
  checkOptions(options);
  if (schema === undefined) throw new JsonMendError('INVALID_ARGUMENT', 'coerce needs a schema');
  return compile(schema, options?.draft, options?.validator);
}

/**
 * `value` (already parsed, e.g. tool-call arguments from an SDK) made to satisfy `schema` with the
 * named repairs. A valid value is returned as it is (for a JSON Schema, the same reference). The
 * caller's value is never mutated.
 * @throws SchemaError when it cannot be made valid; `INVALID_SCHEMA` when the schema cannot be used.
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
  return report(runSync(coerceLoop(value, compiled, options), (v) => compiled.validate(v)), options?.onRepair);
}

/** As {@link coerce}, for Standard Schemas whose `validate` returns a promise (works with any schema). */
export function coerceAsync<S extends StandardSchemaV1>(value: unknown, schema: S, options?: CoerceOptions): Promise<StandardSchemaV1.InferOutput<S>>;
export function coerceAsync<T = unknown>(value: unknown, schema: SchemaLike, options?: CoerceOptions): Promise<T>;
export async function coerceAsync(value: unknown, schema: SchemaLike, options?: CoerceOptions): Promise<unknown> {
  const compiled = prepareCoerce(schema, options);
  const result = await runAsync(coerceLoop(value, compiled, options), (v) => compiled.validate(v));
  return report(result, options?.onRepair).value;
}
