// Public types of the schema layer: repair kinds and records, issues, schemas and options.
import type { SchemaStage } from '../parse/stage.js';
import type { ParseOptions, TextRepair } from '../parse/types.js';
import type { SchemaRepairKind } from './kinds.js';
import type { StandardSchemaV1 } from './standard.js';

export type { SchemaRepairKind } from './kinds.js';

/** One repair the schema layer made to a value. */
export interface SchemaRepair {
  kind: SchemaRepairKind;
  /** JSON Pointer of the repaired value (`""` is the root). */
  path: string;
  /** The value before the repair. */
  before: unknown;
  /** The value after the repair; `undefined` when the property was removed. */
  after: unknown;
}

/** Any repair jsonmend reports: one made to the text, or one made to the value by the schema. */
export type Repair = TextRepair | SchemaRepair;

/** One way a value failed its schema, written for whoever fixes it (often a model). */
export interface SchemaIssue {
  /** JSON Pointer of the offending value (`""` is the root). */
  path: string;
  /** What the schema asked for, e.g. `array`, `integer`, `one of "low", "high"`. */
  expected: string;
  /** A short rendering of what was there, or `nothing` when the value was missing. */
  received: string;
  /** The validator's own message. */
  message: string;
}

/** A JSON Schema (draft 2020-12 or draft-07) as a plain object. */
export type JsonSchema = Record<string, unknown>;

/** What `schema` may be: a JSON Schema object, a boolean schema, or any Standard Schema v1 value. */
export type SchemaLike = JsonSchema | boolean | StandardSchemaV1;

/** JSON Schema dialect used to validate a raw JSON Schema; by default read from `$schema`, else 2020-12. */
export type JsonSchemaDraft = '2020-12' | '2019-09' | '7' | '4';

/**
 * A JSON Schema validator plugged into the schema stage (the `validator` option). It decides whether a
 * value is valid — the only validation a valid value pays for. Where a value fails, jsonmend's own
 * reading of the schema (the built-in validator, @cfworker/json-schema) locates the failures, guides the
 * repairs and words the issues; every repaired value is checked again by this validator. Made by
 * {@link jsonSchemaValidator} (the default, no code generation: edge runtimes) or {@link ajvValidator}
 * (servers).
 */
export interface JsonSchemaValidator {
  /** A short name used in messages, e.g. `ajv`. */
  readonly name: string;
  /**
   * Compiles a JSON Schema (jsonmend's private, plain-data copy of the caller's) into a check. Called
   * once per schema object and draft. May throw: the error becomes `INVALID_SCHEMA`.
   */
  compile(schema: JsonSchema | boolean, draft: JsonSchemaDraft): (value: unknown) => boolean;
  /** Set by jsonmend's own factories: the schema stage, so a bundle that imports a validator finds it. */
  readonly stage?: SchemaStage | undefined;
}

/** Options of {@link coerce} and its variants. */
export interface CoerceOptions {
  /** Called once with every schema repair, only when at least one fired. */
  onRepair?: ((repairs: readonly Repair[]) => void) | undefined;
  /** Dialect of a raw JSON Schema; default: from its `$schema`, else `2020-12`. */
  draft?: JsonSchemaDraft | undefined;
  /** Most validate-repair rounds before giving up. Default 8. */
  maxRounds?: number | undefined;
  /** JSON Schema validator for raw JSON Schemas; default {@link jsonSchemaValidator}. Standard Schemas validate themselves. */
  validator?: JsonSchemaValidator | undefined;
  /** Deepest nesting a repair may produce (a JSON string unwrapped into a value); deeper is `TOO_DEEP`. Default: none beyond the stack. */
  maxDepth?: number | undefined;
  /**
   * Keep what fits when not all of it does: array items that cannot be made to fit are dropped
   * (`drop_invalid_item`) and missing properties whose subschema has a `default` are filled
   * (`fill_default`), each reported with its path. Default false: such a value is a `SchemaError`.
   */
  salvage?: boolean | undefined;
}

/** Options of the schema-aware `parse`, `parseWithReport` and `parseAsync`. */
export interface SchemaParseOptions<S extends SchemaLike = SchemaLike>
  extends Omit<ParseOptions, 'onRepair'>,
    Omit<CoerceOptions, 'onRepair'> {
  /** The schema the value must satisfy; repairs are guided by it. */
  schema?: S | undefined;
  /**
   * Take the value of a reply that was cut off (the parser reported `truncated`) when the schema
   * accepts it. Default false: such a reply is a `REPAIR_REFUSED` error at the cut, since the value
   * may lack what came after it (a string's end, optional members), as `generate` refuses a reply cut
   * off by the token limit. Without a schema, `parse` takes it and reports `truncated`.
   */
  acceptTruncated?: boolean | undefined;
  /** Called once with every repair (text and schema), only when at least one fired. */
  onRepair?: ((repairs: readonly Repair[]) => void) | undefined;
}

/** A value and every repair that produced it. */
export interface RepairReport<T = unknown> {
  value: T;
  repairs: Repair[];
}

/** The value type a schema produces: a Standard Schema's output type, else `unknown`. */
export type OutputOf<S> = S extends StandardSchemaV1 ? StandardSchemaV1.InferOutput<S> : unknown;
