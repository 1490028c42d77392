// The claim format, its results and the options that tune comparisons.

/**
 * How a claim is checked.
 *
 * | mode       | alias              | holds when                                                         |
 * | ---------- | ------------------ | ------------------------------------------------------------------ |
 * | `verbatim` | —                  | `value` equals the payload (or the value at `path`) as canonical JSON |
 * | `field`    | `field_extraction` | the value at `path` equals `value` under the comparison rules      |
 * | `type`     | `schema_type`      | the value at `path` satisfies `schema` (a JSON Schema or a type name) |
 * | `range`    | `range_threshold`  | the number at `path` (or the list reduced by `aggregate`) is within the bounds |
 */
export type ClaimMode = 'verbatim' | 'field' | 'type' | 'range';

/** The seed tool's mode names, accepted as aliases of {@link ClaimMode}. */
export type ClaimModeAlias = 'field_extraction' | 'schema_type' | 'range_threshold';

/**
 * Reduces a list at `path` to one number (`range` and `field` modes).
 *
 * | aggregate | result                                             | empty list |
 * | --------- | -------------------------------------------------- | ---------- |
 * | `count`   | number of items (of keys, for an object)           | `0`        |
 * | `sum`     | sum of the items, which must all be numbers        | `0`        |
 * | `mean`    | arithmetic mean of the items                       | fails      |
 * | `min`     | smallest item                                      | fails      |
 * | `max`     | largest item                                       | fails      |
 */
export type ClaimAggregate = 'count' | 'sum' | 'mean' | 'min' | 'max';

/**
 * How a claim's `path` is read.
 *
 * | value      | meaning                                                                                  |
 * | ---------- | ---------------------------------------------------------------------------------------- |
 * | `auto`     | (default) `get`'s grammar; a path starting with `$` that `get` rejects is read as JSONPath |
 * | `get`      | always `get`'s grammar                                                                   |
 * | `jsonpath` | always RFC 9535 JSONPath                                                                 |
 */
export type ClaimPathSyntax = 'auto' | 'get' | 'jsonpath';

/** Options of the typed comparison (see the comparison rules in docs/path-and-verify.md). */
export interface CompareOptions {
  /** Numbers within this absolute distance are equal. Default 0. */
  tolerance?: number | undefined;
  /** Compare strings ignoring case. Default false. */
  caseInsensitive?: boolean | undefined;
  /** Trim strings and collapse runs of whitespace to one space before comparing. Default false. */
  ignoreWhitespace?: boolean | undefined;
  /** Turn off every cross-type conversion (`"1"` vs `1`, `"true"` vs `true`, `"null"` vs `null`). Default false. */
  strictTypes?: boolean | undefined;
}

/** A JSON Schema (object or boolean form) as `@cfworker/json-schema` accepts it. */
export type ClaimSchema = Record<string, unknown> | boolean;

/**
 * A claim a model made about a payload. Fields beyond `mode` depend on the mode (see {@link ClaimMode});
 * the {@link CompareOptions} fields set on a claim override those given to `verify`.
 */
export interface Claim extends CompareOptions {
  mode: ClaimMode | ClaimModeAlias;
  /** Where in the payload; absent or `""` or `"$"` means the whole payload. */
  path?: string | undefined;
  /** How `path` is read; default `auto`. */
  pathSyntax?: ClaimPathSyntax | undefined;
  /** The claimed value (`verbatim`, `field`). */
  value?: unknown;
  /** A JSON Schema, a bare type name (`"string"`, `"integer"`, …) or a list of type names (`type`). */
  schema?: ClaimSchema | string | string[] | undefined;
  /** Inclusive lower bound (`range`). */
  min?: number | undefined;
  /** Inclusive upper bound (`range`). */
  max?: number | undefined;
  /** Exclusive lower bound as a number, or `true` to make `min` exclusive (`range`). */
  exclusiveMin?: number | boolean | undefined;
  /** Exclusive upper bound as a number, or `true` to make `max` exclusive (`range`). */
  exclusiveMax?: number | boolean | undefined;
  /** Reduce a list at `path` to a number first (`range`, `field`). */
  aggregate?: ClaimAggregate | undefined;
  /** A label for feedback (defaults to the claim's position). */
  id?: string | undefined;
}

/**
 * Why a claim failed.
 *
 * | code                 | meaning                                                        |
 * | -------------------- | -------------------------------------------------------------- |
 * | `MISSING_KEY`        | the path names a key the object does not have                  |
 * | `INDEX_OUT_OF_RANGE` | the path's index lies outside the array                        |
 * | `NOT_A_CONTAINER`    | the path goes through a string, number, boolean or null        |
 * | `SYNTAX`             | the path (or JSONPath) is malformed                            |
 * | `NO_MATCH`           | a singular JSONPath selected nothing                           |
 * | `MISMATCH`           | the value differs from the claimed value                       |
 * | `SCHEMA_MISMATCH`    | the value does not satisfy the claimed schema or type          |
 * | `NOT_A_NUMBER`       | `range` (or an aggregate) met something that is not a number   |
 * | `NOT_A_LIST`         | an aggregate was asked of something that is not a list         |
 * | `EMPTY_LIST`         | `mean`, `min` or `max` of an empty list                        |
 * | `OUT_OF_RANGE`       | the number lies outside the claimed bounds                     |
 */
export type ClaimFailureCode =
  | 'MISSING_KEY'
  | 'INDEX_OUT_OF_RANGE'
  | 'NOT_A_CONTAINER'
  | 'SYNTAX'
  | 'NO_MATCH'
  | 'MISMATCH'
  | 'SCHEMA_MISMATCH'
  | 'NOT_A_NUMBER'
  | 'NOT_A_LIST'
  | 'EMPTY_LIST'
  | 'OUT_OF_RANGE';

/** The outcome of checking one claim. `verify` never throws for a false claim; it returns `ok: false`. */
export interface ClaimResult {
  ok: boolean;
  /** The canonical mode (aliases resolved). */
  mode: ClaimMode;
  /** The claim's path as written (`undefined` for the whole payload). */
  path: string | undefined;
  /** What the claim asserts: the value, the schema, or the bounds `{ min, max, … }`. */
  expected: unknown;
  /** What the payload holds there (after `aggregate`); `undefined` when the path does not resolve. */
  actual: unknown;
  /** One sentence on why the claim holds or fails, written for the model that made it. */
  reason: string;
  /** Why it failed; absent when `ok`. */
  code?: ClaimFailureCode;
  /** Nearest valid paths (sibling keys, the valid index range) when the path did not resolve. */
  suggestions: string[];
  /** The claim's label: its `id`, or `#n` from `verifyAll`. */
  id?: string;
}

/** Counts over a {@link verifyAll} run. */
export interface ClaimSummary {
  total: number;
  passed: number;
  failed: number;
}

/** The outcome of {@link verifyAll}. */
export interface VerifyAllResult {
  /** True when every claim holds. */
  ok: boolean;
  results: ClaimResult[];
  summary: ClaimSummary;
}
