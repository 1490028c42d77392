// Preparing a schema once (cached per schema object) into a validator plus, where there is one, a
// JSON Schema guide for repairs.
import { dereference, validate as cfValidate } from '@cfworker/json-schema';
import type { Schema, SchemaDraft } from '@cfworker/json-schema';
import { JsonMendError, describeType } from '../errors.js';
import { type Guide, runValidator, translateValidatorError } from './guide.js';
import { cfworkerIssues, standardIssues } from './issues.js';
import { fromFragment, fromStandardPath } from './pointer.js';
import { isStandardSchema, standardJsonSchema, type StandardSchemaV1 } from './standard.js';
import type { JsonSchemaDraft, SchemaIssue, SchemaLike } from './types.js';

/** The outcome of validating a value: its (possibly transformed) output, or what failed and where. */
export type Validation =
  | { valid: true; value: unknown }
  | { valid: false; issues: () => SchemaIssue[]; paths: string[][] };

/** A schema ready to use. */
export interface Compiled {
  /** The JSON Schema that guides repairs; undefined for a Standard Schema without a JSON Schema. */
  guide: Guide | undefined;
  /** Strict validation; a promise only for asynchronous Standard Schemas. */
  validate(value: unknown): Validation | Promise<Validation>;
}

const cache = new WeakMap<object, Map<string, Compiled>>();
const booleanSchemas = new Map<string, Compiled>();

/** The compiled form of `schema`, built once per schema object (and draft). */
export function compile(schema: SchemaLike, draft?: JsonSchemaDraft): Compiled {
  const draftKey = draft ?? '';
  if (typeof schema === 'boolean') {
    const key = `${schema}:${draftKey}`;
    let compiled = booleanSchemas.get(key);
    if (!compiled) booleanSchemas.set(key, (compiled = compileJsonSchema(schema, draft)));
    return compiled;
  }
  if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) {
    throw new JsonMendError('INVALID_SCHEMA', `the schema must be a JSON Schema object or a Standard Schema, got ${describeType(schema)}`);
  }
  let byDraft = cache.get(schema);
  let compiled = byDraft?.get(draftKey);
  if (compiled) return compiled;
  compiled = isStandardSchema(schema) ? compileStandard(schema, draft) : compileJsonSchema(schema as Record<string, unknown>, draft);
  if (!byDraft) cache.set(schema, (byDraft = new Map()));
  byDraft.set(draftKey, compiled);
  return compiled;
}

function draftOf(schema: unknown, draft: JsonSchemaDraft | undefined): SchemaDraft {
  if (draft) return draft;
  const id = schema !== null && typeof schema === 'object' ? (schema as { $schema?: unknown }).$schema : undefined;
  if (typeof id === 'string') {
    if (id.includes('draft-04')) return '4';
    if (id.includes('draft-06') || id.includes('draft-07')) return '7';
    if (id.includes('2019-09')) return '2019-09';
  }
  return '2020-12';
}

/** A guide over `schema`, which this call may annotate (so it must be a private copy). */
function makeGuide(schema: Schema | boolean, draft: SchemaDraft): Guide {
  try {
    return { root: schema, lookup: dereference(schema), draft };
  } catch (error) {
    throw translateValidatorError(error);
  }
}

function privateCopy(schema: unknown): Schema | boolean {
  if (typeof schema === 'boolean') return schema;
  try {
    // JSON round trip: plain data only, `__proto__` stays an own key, cycles are refused.
    return JSON.parse(JSON.stringify(schema)) as Schema;
  } catch (error) {
    throw new JsonMendError('INVALID_SCHEMA', 'the schema must be plain JSON data (no cycles)', { cause: error });
  }
}

function compileJsonSchema(schema: Record<string, unknown> | boolean, draft: JsonSchemaDraft | undefined): Compiled {
  const guide = makeGuide(privateCopy(schema), draftOf(schema, draft));
  const { root, lookup } = guide;
  const d = guide.draft;
  return {
    guide,
    validate(value) {
      // Short-circuit pass first: the valid case pays one validation and nothing else.
      let quick;
      try {
        quick = cfValidate(value, root, d, lookup, true);
      } catch (error) {
        throw translateValidatorError(error);
      }
      if (quick.valid) return { valid: true, value };
      const full = runValidator(guide, root, value, false);
      const paths = full.errors.map((e) => fromFragment(e.instanceLocation));
      return { valid: false, issues: () => cfworkerIssues(guide, full.errors, value), paths };
    },
  };
}

function compileStandard(schema: StandardSchemaV1, draft: JsonSchemaDraft | undefined): Compiled {
  let guide: Guide | undefined;
  const json = standardJsonSchema(schema);
  if (json) {
    try {
      guide = makeGuide(json as Schema, draftOf(json, draft));
    } catch {
      guide = undefined; // A JSON Schema we cannot read only costs the repairs, not validation.
    }
  }
  const props = schema['~standard'];
  const toValidation = (result: StandardSchemaV1.Result<unknown>, value: unknown): Validation => {
    if (result && result.issues === undefined) return { valid: true, value: result.value };
    const found = result?.issues ?? [];
    return {
      valid: false,
      issues: () => standardIssues(found, value),
      paths: found.map((i) => fromStandardPath(i.path)),
    };
  };
  return {
    guide,
    validate(value) {
      let result: ReturnType<typeof props.validate>;
      try {
        result = props.validate(value);
      } catch (error) {
        throw new JsonMendError('INVALID_SCHEMA', `the schema's validate threw: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      if (result !== null && typeof result === 'object' && typeof (result as PromiseLike<unknown>).then === 'function') {
        return Promise.resolve(result).then(
          (r) => toValidation(r, value),
          (error: unknown) => {
            throw new JsonMendError('INVALID_SCHEMA', `the schema's validate failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
          },
        );
      }
      return toValidation(result as StandardSchemaV1.Result<unknown>, value);
    },
  };
}
