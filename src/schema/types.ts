// Public types of the schema layer: repair kinds and records, issues, schemas and options.
import type { SchemaStage } from '../parse/stage.js';
import type { ParseOptions, TextRepair } from '../parse/types.js';
import type { StandardSchemaV1 } from './standard.js';

/**
 * Every repair the schema layer can make, in the order they are tried at one path. A repair fires
 * only at a path where validation failed, and only when the subschema there asks for its target shape.
 *
 * | order | kind                         | what it fixes                                              | example (schema → before → after)                    |
 * | ----- | ---------------------------- | ---------------------------------------------------------- | ---------------------------------------------------- |
 * | 1     | `null_to_default`            | `null` where null is not allowed and a `default` is given | `{default: 10}` → `null` → `10`                      |
 * | 2     | `drop_null`                  | `null` at an optional property that does not allow null    | `limit?: integer` → `"limit": null` → removed        |
 * | 3     | `unwrap_json_string`         | a string holding JSON of the expected container kind       | `string[]` → `"[\"a\",\"b\"]"` → `["a","b"]`          |
 * | 4     | `unwrap_singleton_array`     | a one-element array where a non-array is expected         | `string` → `["x"]` → `"x"`                           |
 * | 5     | `wrap_object_in_array`       | a single-key object whose value fits the array's items     | `string[]` → `{"path":"x"}` → `["x"]`                |
 * | 6     | `wrap_in_array`              | a scalar (or an object, for arrays of objects) for an array | `string[]` → `"x"` → `["x"]`                        |
 * | 7     | `string_to_integer`          | an integer written as a string (strict grammar)            | `integer` → `"42"` → `42`                            |
 * | 8     | `string_to_number`           | a number written as a string (strict grammar)              | `number` → `" 0.5 "` → `0.5`                         |
 * | 9     | `integral_number_to_integer` | an integral number a validator rejects as non-integer      | `integer` → `4.0` → `4`                              |
 * | 10    | `string_to_boolean`          | `"true"` / `"false"` in any case                           | `boolean` → `"False"` → `false`                      |
 * | 11    | `scalar_to_string`           | a number or boolean where a string is expected             | `string` → `42` → `"42"`                             |
 * | 12    | `enum_case_fold`             | a string equal to exactly one enum member ignoring case/space | `enum [low, high]` → `"High "` → `"high"`          |
 * | 13    | `strip_extra_properties`     | properties a closed object (`additionalProperties: false`) does not allow | `{a}` closed → `{"a":1,"x":2}` → `{"a":1}` |
 */
export type SchemaRepairKind =
  | 'null_to_default'
  | 'drop_null'
  | 'unwrap_json_string'
  | 'unwrap_singleton_array'
  | 'wrap_object_in_array'
  | 'wrap_in_array'
  | 'string_to_integer'
  | 'string_to_number'
  | 'integral_number_to_integer'
  | 'string_to_boolean'
  | 'scalar_to_string'
  | 'enum_case_fold'
  | 'strip_extra_properties';

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
  readonly stage?: SchemaStage;
}

/** Options of {@link coerce} and its variants. */
export interface CoerceOptions {
  /** Called once with every schema repair, only when at least one fired. */
  onRepair?: (repairs: readonly Repair[]) => void;
  /** Dialect of a raw JSON Schema; default: from its `$schema`, else `2020-12`. */
  draft?: JsonSchemaDraft;
  /** Most validate-repair rounds before giving up. Default 8. */
  maxRounds?: number;
  /** JSON Schema validator for raw JSON Schemas; default {@link jsonSchemaValidator}. Standard Schemas validate themselves. */
  validator?: JsonSchemaValidator;
  /** Deepest nesting a repair may produce (a JSON string unwrapped into a value); deeper is `TOO_DEEP`. Default: none beyond the stack. */
  maxDepth?: number;
}

/** Options of the schema-aware `parse`, `parseWithReport` and `parseAsync`. */
export interface SchemaParseOptions<S extends SchemaLike = SchemaLike>
  extends Omit<ParseOptions, 'onRepair'>,
    Omit<CoerceOptions, 'onRepair'> {
  /** The schema the value must satisfy; repairs are guided by it. */
  schema?: S;
  /** Called once with every repair (text and schema), only when at least one fired. */
  onRepair?: (repairs: readonly Repair[]) => void;
}

/** A value and every repair that produced it. */
export interface RepairReport<T = unknown> {
  value: T;
  repairs: Repair[];
}
