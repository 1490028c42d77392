// Reading a JSON Schema as a guide: following $ref and allOf, finding the subschema of a property or
// an item, and naming the shapes a subschema accepts. Validation itself is @cfworker/json-schema's.
import { validate as cfValidate } from '@cfworker/json-schema';
import type { Schema, SchemaDraft } from '@cfworker/json-schema';
import { JsonMendError } from '../errors.js';
import { SchemaError } from './error.js';
import { toPointer } from './pointer.js';
import type { SchemaIssue } from './types.js';

/** A JSON Schema prepared for validation and for guiding repairs. */
export interface Guide {
  /** The schema, annotated by @cfworker/json-schema's dereference (a private copy for raw schemas). */
  root: Schema | boolean;
  /** Every addressable subschema by absolute URI, for $ref. */
  lookup: Record<string, Schema | boolean>;
  draft: SchemaDraft;
}

/** A JSON type name as used by `type`. */
export type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

const MAX_REF_HOPS = 64;

/** The JSON type of a parsed value (`integer` for integral numbers). */
export function jsonTypeOf(value: unknown): JsonType | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'object':
      return 'object';
    default:
      return undefined;
  }
}

/** True when a value of type `actual` satisfies type `wanted`. */
export function typeFits(actual: JsonType | undefined, wanted: JsonType): boolean {
  return actual === wanted || (wanted === 'number' && actual === 'integer');
}

/** True for a non-null, non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isSchemaObject(s: unknown): s is Schema {
  return s !== null && typeof s === 'object' && !Array.isArray(s);
}

/** The target of a `$ref` in `node`, or undefined when it cannot be resolved. */
function refTarget(guide: Guide, node: Schema): Schema | boolean | undefined {
  const uri = (node.__absolute_ref__ as string | undefined) ?? (node.$ref as string);
  return guide.lookup[uri];
}

/**
 * `schema` with `$ref` followed and `allOf` parts merged shallowly (properties merged, required
 * joined, other keywords: the first one given wins), for reading what shape is expected.
 */
export function resolveSchema(guide: Guide, schema: Schema | boolean | undefined, depth = 0): Schema | boolean {
  if (schema === undefined) return true;
  if (depth > MAX_REF_HOPS) throw new JsonMendError('INVALID_SCHEMA', 'the schema nests $ref/allOf too deeply (a cycle?)');
  let node: Schema | boolean = schema;
  for (let hops = 0; isSchemaObject(node) && typeof node.$ref === 'string'; hops++) {
    if (hops > MAX_REF_HOPS) throw new JsonMendError('INVALID_SCHEMA', 'the schema has a $ref cycle');
    const target = refTarget(guide, node);
    if (target === undefined) {
      throw new JsonMendError('INVALID_SCHEMA', `the schema's $ref "${node.$ref}" cannot be resolved`);
    }
    const { $ref: _ref, ...rest } = node;
    if (hasConstraints(rest)) {
      const resolved = resolveSchema(guide, target, depth + 1);
      node = isSchemaObject(resolved) ? mergeInto(rest, resolved) : resolved;
    } else {
      node = target;
    }
  }
  if (isSchemaObject(node) && Array.isArray(node.allOf)) {
    const { allOf, ...rest } = node;
    let merged: Schema = rest;
    for (const part of allOf) {
      const resolved = resolveSchema(guide, part, depth + 1);
      if (isSchemaObject(resolved)) merged = mergeInto(merged, resolved);
    }
    node = merged;
  }
  return node;
}

/**
 * As {@link resolveSchema}, with the conditional subschemas that apply to `value` merged in: `then`
 * where it meets `if`, else `else`; `dependentSchemas` (draft-07 `dependencies` with a schema) of each
 * key it has; found on the schema itself, through `$ref` and in `allOf` parts, and in what they bring
 * (a `then` holding an `if`). Read for the shape the value is to be repaired toward; the validator
 * still judges the whole schema.
 */
export function resolveFor(guide: Guide, schema: Schema | boolean | undefined, value: unknown): Schema | boolean {
  const node = resolveSchema(guide, schema);
  if (typeof node === 'boolean' || schema === undefined || typeof schema === 'boolean') return node;
  const applied: Array<Schema | boolean> = [];
  collectApplied(guide, schema, value, applied, 0);
  let merged: Schema = node;
  for (const part of applied) {
    const resolved = resolveSchema(guide, part);
    if (isSchemaObject(resolved)) merged = mergeInto(merged, resolved);
  }
  return merged;
}

function collectApplied(guide: Guide, schema: Schema | boolean, value: unknown, out: Array<Schema | boolean>, depth: number): void {
  if (!isSchemaObject(schema) || depth > MAX_REF_HOPS || out.length > MAX_REF_HOPS) return;
  if (typeof schema.$ref === 'string') {
    const target = refTarget(guide, schema);
    if (target !== undefined) collectApplied(guide, target, value, out, depth + 1);
  }
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) collectApplied(guide, part as Schema | boolean, value, out, depth + 1);
  const add = (part: unknown): void => {
    if (part === undefined || typeof part === 'boolean' || !isSchemaObject(part)) return;
    out.push(part);
    collectApplied(guide, part, value, out, depth + 1);
  };
  if (schema.if !== undefined && (schema.then !== undefined || schema.else !== undefined)) {
    add(satisfies(guide, schema.if as Schema | boolean, value) ? schema.then : schema.else);
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const keyword of ['dependentSchemas', 'dependencies'] as const) {
      const map = schema[keyword];
      if (!isSchemaObject(map)) continue;
      for (const key of Object.keys(map)) if (Object.hasOwn(value, key) && !Array.isArray(map[key])) add(map[key]);
    }
  }
}

const ANNOTATIONS = new Set(['$id', '$schema', '$comment', '$defs', 'definitions', 'title', 'description', 'examples']);

function hasConstraints(node: Schema): boolean {
  for (const k of Object.keys(node)) if (!ANNOTATIONS.has(k)) return true;
  return false;
}

function mergeInto(base: Schema, part: Schema): Schema {
  const out: Schema = { ...base };
  for (const key of Object.keys(part)) {
    const value = part[key];
    if (key === 'properties' && isSchemaObject(out.properties) && isSchemaObject(value)) {
      out.properties = { ...out.properties, ...value };
    } else if (key === 'required' && Array.isArray(out.required) && Array.isArray(value)) {
      out.required = [...out.required, ...value];
    } else if (!(key in out)) {
      Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
    }
  }
  return out;
}

/** The shapes a (resolved) subschema asks for, in the schema's own order; empty when it does not say. */
export function expectedTypes(schema: Schema | boolean): JsonType[] {
  if (!isSchemaObject(schema)) return [];
  const t = schema.type;
  if (typeof t === 'string') return [t as JsonType];
  if (Array.isArray(t)) return t as JsonType[];
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  if (values) {
    const out: JsonType[] = [];
    for (const v of values) {
      const vt = jsonTypeOf(v);
      if (vt && !out.includes(vt)) out.push(vt);
    }
    return out;
  }
  if (schema.properties || schema.required || schema.additionalProperties !== undefined) return ['object'];
  if (schema.items !== undefined || schema.prefixItems !== undefined) return ['array'];
  return [];
}

/** The subschema of item `index` of an array under `schema` (draft-07 tuples and 2020-12 prefixItems). */
export function itemSchema(schema: Schema | boolean, index: number): Schema | boolean {
  if (!isSchemaObject(schema)) return schema;
  if (Array.isArray(schema.prefixItems)) {
    if (index < schema.prefixItems.length) return schema.prefixItems[index];
    return schema.items === undefined ? true : (schema.items as Schema | boolean);
  }
  if (Array.isArray(schema.items)) {
    if (index < schema.items.length) return schema.items[index];
    return schema.additionalItems === undefined ? true : schema.additionalItems;
  }
  return schema.items === undefined ? true : (schema.items as Schema | boolean);
}

const patternCache = new Map<string, RegExp | null>();

function patternMatches(pattern: string, key: string): boolean {
  let re = patternCache.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      re = null;
    }
    if (patternCache.size > 1000) patternCache.clear();
    patternCache.set(pattern, re);
  }
  return re !== null && re.test(key);
}

/** Whether `key` is declared by `properties` or matched by `patternProperties` of `schema`. */
export function isDeclaredProperty(schema: Schema, key: string): boolean {
  if (isSchemaObject(schema.properties) && Object.prototype.hasOwnProperty.call(schema.properties, key)) return true;
  if (isSchemaObject(schema.patternProperties)) {
    for (const pattern of Object.keys(schema.patternProperties)) if (patternMatches(pattern, key)) return true;
  }
  return false;
}

/** The subschema of property `key` of an object under `schema`. */
export function propertySchema(schema: Schema | boolean, key: string): Schema | boolean {
  if (!isSchemaObject(schema)) return schema;
  if (isSchemaObject(schema.properties) && Object.prototype.hasOwnProperty.call(schema.properties, key)) {
    return schema.properties[key];
  }
  if (isSchemaObject(schema.patternProperties)) {
    for (const pattern of Object.keys(schema.patternProperties)) {
      if (patternMatches(pattern, key)) return schema.patternProperties[pattern];
    }
  }
  return schema.additionalProperties === undefined ? true : schema.additionalProperties;
}

/** Whether `key` is listed in `required` of `schema`. */
export function isRequired(schema: Schema | boolean, key: string): boolean {
  if (!isSchemaObject(schema) || !Array.isArray(schema.required)) return false;
  const list = schema.required as string[];
  // Asked once per member of an object: a look over the list each time is the square of its length.
  if (list.length < 16) return list.includes(key);
  let set = requiredSets.get(list);
  if (set === undefined) requiredSets.set(list, (set = new Set(list)));
  return set.has(key);
}

/** The `required` lists of the schemas in use, as sets (see isRequired). */
const requiredSets = new WeakMap<readonly string[], ReadonlySet<string>>();

/**
 * Whether `value` satisfies `schema` (a subschema of the guide). Runs @cfworker/json-schema and turns
 * whatever it throws into a JsonMendError.
 */
export function satisfies(guide: Guide, schema: Schema | boolean, value: unknown): boolean {
  return runValidator(guide, schema, value, true).valid;
}

/** @cfworker/json-schema's validate with its exceptions translated to JsonMendError. */
export function runValidator(guide: Guide, schema: Schema | boolean, value: unknown, shortCircuit: boolean) {
  try {
    return cfValidate(value, schema, guide.draft, guide.lookup, shortCircuit);
  } catch (error) {
    throw translateValidatorError(error, value);
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The issue for the first property name in `value` that is not well-formed Unicode (a lone surrogate),
 * found without recursion; undefined when there is none.
 */
export function loneSurrogateIssue(value: unknown): SchemaIssue | undefined {
  const stack: Array<{ node: unknown; path: string[] }> = [{ node: value, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop() as { node: unknown; path: string[] };
    if (node === null || typeof node !== 'object') continue;
    const isArray = Array.isArray(node);
    for (const key of Object.keys(node)) {
      const at = [...path, key];
      if (!isArray && LONE_SURROGATE.test(key)) {
        return { path: toPointer(at), expected: 'a property name that is well-formed Unicode', received: 'a name with a lone surrogate', message: 'property name holds a lone UTF-16 surrogate' };
      }
      const child = (node as Record<string, unknown>)[key];
      if (child !== null && typeof child === 'object') stack.push({ node: child, path: at });
    }
  }
  return undefined;
}

/**
 * A copy of `value` whose property names have every lone surrogate replaced by U+FFFD, so a validator
 * that URI-encodes names can read it (built without recursion).
 */
export function withWellFormedKeys(value: unknown): unknown {
  const root = { v: value };
  const stack: Array<{ from: unknown; into: Record<string, unknown>; key: string }> = [{ from: value, into: root, key: 'v' }];
  while (stack.length > 0) {
    const { from, into, key } = stack.pop() as { from: unknown; into: Record<string, unknown>; key: string };
    if (from === null || typeof from !== 'object') {
      into[key] = from;
      continue;
    }
    const isArray = Array.isArray(from);
    const copy: Record<string, unknown> = isArray ? ([] as unknown as Record<string, unknown>) : {};
    Object.defineProperty(into, key, { value: copy, writable: true, enumerable: true, configurable: true });
    for (const k of Object.keys(from)) {
      const name = isArray ? k : k.replace(LONE_SURROGATES, '\ufffd');
      stack.push({ from: (from as Record<string, unknown>)[k], into: copy, key: name });
    }
  }
  return root.v;
}

/** Maps an exception from a validator (validating `value`, when known) to the JsonMendError a caller can act on. */
export function translateValidatorError(error: unknown, value?: unknown): JsonMendError {
  if (error instanceof JsonMendError) return error;
  if (error instanceof URIError && value !== undefined) {
    // The validator could not name a property of the value: the reply's fault, not the schema's.
    const issue = loneSurrogateIssue(value);
    if (issue) return new SchemaError([issue]);
  }
  if (error instanceof RangeError) {
    return new JsonMendError('TOO_DEEP', 'the value is nested too deeply to validate', { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/^Instances of "[a-z]+" type are not supported/.test(message)) {
    return new JsonMendError('INVALID_ARGUMENT', `the value holds something JSON cannot (${message})`, { cause: error });
  }
  return new JsonMendError('INVALID_SCHEMA', `the schema cannot be used: ${message}`, { cause: error });
}
