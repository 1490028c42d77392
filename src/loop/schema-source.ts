// Finding the JSON Schema to send to a provider, for a JSON Schema or a Standard Schema (Zod 4, Valibot, …).
import { JsonMendError } from '../errors.js';
import type { JsonSchemaObject } from './types.js';

/** The parts of a Standard Schema v1 (with the optional Standard JSON Schema interface) the loop reads. */
export interface StandardSchemaLike {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => unknown;
    readonly jsonSchema?: { readonly input: (options: { target: string }) => Record<string, unknown> };
  };
}

/** True for a Standard Schema v1 value. */
export function isStandardSchema(schema: unknown): schema is StandardSchemaLike {
  return (
    (typeof schema === 'object' || typeof schema === 'function') &&
    schema !== null &&
    typeof (schema as { '~standard'?: { validate?: unknown } })['~standard']?.validate === 'function'
  );
}

/**
 * The JSON Schema for `schema`: `explicit` when given; the schema itself when it is a JSON Schema; for a
 * Standard Schema, its `~standard.jsonSchema.input({ target: 'draft-2020-12' })`. A Standard Schema without
 * that interface and without `explicit` gives `undefined` (then providers fall back to plain JSON mode).
 */
export function resolveJsonSchema(schema: unknown, explicit?: JsonSchemaObject): JsonSchemaObject | undefined {
  if (explicit !== undefined) return explicit;
  if (schema === undefined) return undefined;
  if (isStandardSchema(schema)) {
    const iface = schema['~standard'].jsonSchema;
    if (!iface || typeof iface.input !== 'function') return undefined;
    try {
      return iface.input({ target: 'draft-2020-12' });
    } catch (error) {
      throw new JsonMendError(
        'INVALID_SCHEMA',
        `the schema could not be converted to JSON Schema (${error instanceof Error ? error.message : String(error)}); pass \`jsonSchema\``,
        { cause: error },
      );
    }
  }
  if (typeof schema === 'object' && schema !== null && !Array.isArray(schema)) return schema as JsonSchemaObject;
  if (typeof schema === 'boolean') return undefined;
  throw new JsonMendError('INVALID_SCHEMA', 'schema must be a JSON Schema object or a Standard Schema');
}

/** A name usable as an OpenAI `json_schema.name` / Anthropic tool name: `[a-zA-Z0-9_-]{1,64}`. */
export function schemaNameOf(name: string | undefined, jsonSchema: JsonSchemaObject | undefined): string {
  const raw = name ?? (typeof jsonSchema?.title === 'string' ? jsonSchema.title : 'response');
  let out = '';
  for (const ch of raw) {
    if (out.length >= 64) break;
    out += /[A-Za-z0-9_-]/.test(ch) ? ch : '_';
  }
  return out || 'response';
}
