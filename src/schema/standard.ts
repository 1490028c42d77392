// Standard Schema v1 and Standard JSON Schema v1, declared here from the public spec
// (https://standardschema.dev) so jsonmend depends on no schema library's types.
import { JsonMendError } from '../errors.js';

/** The Standard Schema v1 interface: what Zod 4, Valibot and ArkType values implement. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

export declare namespace StandardSchemaV1 {
  /** The `~standard` property of a Standard Schema. */
  interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown, options?: Options) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
  }
  /** Options of `validate`. */
  interface Options {
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
  /** What `validate` returns. */
  type Result<Output> = SuccessResult<Output> | FailureResult;
  /** A successful validation: the (possibly transformed) output value. */
  interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  /** A failed validation. */
  interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  /** One problem found by `validate`. */
  interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  /** A path segment given as an object. */
  interface PathSegment {
    readonly key: PropertyKey;
  }
  /** Type-only carrier of the input and output types. */
  interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  /** The output type of a Standard Schema. */
  type InferOutput<S extends StandardSchemaV1> = NonNullable<S['~standard']['types']>['output'];
  /** The input type of a Standard Schema. */
  type InferInput<S extends StandardSchemaV1> = NonNullable<S['~standard']['types']>['input'];
}

/** The Standard JSON Schema v1 interface: a schema that can describe itself as a JSON Schema. */
export interface StandardJSONSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardJSONSchemaV1.Props<Input, Output>;
}

export declare namespace StandardJSONSchemaV1 {
  /** The `~standard` property of a Standard JSON Schema. */
  interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly types?: StandardSchemaV1.Types<Input, Output> | undefined;
    readonly jsonSchema: Converter;
  }
  /** Produces JSON Schemas of the input and output types; may throw for unsupported targets. */
  interface Converter {
    readonly input: (options: Options) => Record<string, unknown>;
    readonly output: (options: Options) => Record<string, unknown>;
  }
  /** JSON Schema dialect to produce. */
  type Target = 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | ({} & string);
  /** Options of the converter. */
  interface Options {
    readonly target: Target;
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
}

/** True when `value` carries a Standard Schema v1 `~standard` property with a `validate` function. */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  try {
    return standardPropsOf(value) !== undefined;
  } catch {
    return false;
  }
}

/**
 * The `~standard` property of `value`, or undefined when it has none (a JSON Schema). One that is there
 * but unusable — a getter that throws, no `validate` function — is `INVALID_SCHEMA`: taking it for a
 * JSON Schema would let every value through unvalidated.
 */
export function standardPropsOf(value: unknown): StandardSchemaV1.Props | undefined {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return undefined;
  let props: unknown;
  try {
    if (!('~standard' in value)) return undefined;
    props = (value as { '~standard'?: unknown })['~standard'];
    if (props !== null && typeof props === 'object' && typeof (props as { validate?: unknown }).validate === 'function') {
      return props as StandardSchemaV1.Props;
    }
  } catch (error) {
    throw new JsonMendError('INVALID_SCHEMA', `reading the schema's ~standard property threw: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  throw new JsonMendError('INVALID_SCHEMA', "the schema's ~standard property has no validate function, so it is not a Standard Schema");
}

/**
 * The JSON Schema of a Standard Schema's input, from its Standard JSON Schema converter, or
 * undefined when it has none or the converter refuses both draft 2020-12 and draft-07.
 */
export function standardJsonSchema(schema: StandardSchemaV1): Record<string, unknown> | undefined {
  let props: StandardSchemaV1.Props;
  try {
    props = schema['~standard'];
  } catch {
    return undefined; // validation reports the broken schema
  }
  return props === null || typeof props !== 'object' ? undefined : jsonSchemaOfProps(props);
}

const UNREPRESENTABLE_AS_ANY: Record<string, unknown> = Object.freeze({ unrepresentable: 'any' });

/** As {@link standardJsonSchema}, from the `~standard` property itself. */
export function jsonSchemaOfProps(props: StandardSchemaV1.Props): Record<string, unknown> | undefined {
  let converter: Partial<StandardJSONSchemaV1.Converter> | undefined;
  try {
    converter = (props as { jsonSchema?: Partial<StandardJSONSchemaV1.Converter> }).jsonSchema;
  } catch {
    return undefined; // no usable converter: validated, not repaired
  }
  if (!converter || typeof converter.input !== 'function') return undefined;
  for (const target of ['draft-2020-12', 'draft-07'] as const) {
    // A type JSON Schema cannot express (Zod's z.date, z.bigint, z.map, z.set) makes Zod's converter
    // throw for the whole schema; told `unrepresentable: "any"`, it writes `{}` there and the rest of
    // the schema still guides repairs.
    for (const options of [{ target }, { target, libraryOptions: UNREPRESENTABLE_AS_ANY }]) {
      try {
        const out = converter.input(options);
        if (out !== null && typeof out === 'object') return out;
      } catch {
        // An unsupported target or type: try again as any, then the next target, then go without guidance.
      }
    }
  }
  return undefined;
}
