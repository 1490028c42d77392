// Projection of a JSON Schema onto OpenAI's strict Structured Outputs subset, and back again for values.
import { JsonMendError, describeType } from '../errors.js';
import type { JsonSchemaObject } from './types.js';

/** Keywords strict mode accepts; every other keyword is moved into `description`. */
const KEPT = new Set([
  'type', 'enum', 'const', 'description', 'title', 'pattern', 'format', 'minimum', 'maximum',
  'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems',
]);
/** Keywords that carry no meaning for the model and are dropped. */
const DROPPED = new Set(['$schema', '$id', '$comment', '$anchor']);
/** Schemas nest this deep at most; deeper is `INVALID_SCHEMA` (schemas come from the caller, not the model). */
const MAX_SCHEMA_DEPTH = 64;

/** The strict-mode form of a schema and the way back. */
export interface StrictProjection {
  /** The schema to send as `response_format.json_schema.schema`. */
  schema: JsonSchemaObject;
  /**
   * False when the schema has a part strict mode cannot express (a free-form object, a `false` schema);
   * then `schema` is the original and it should be sent with `strict: false`.
   */
  strict: boolean;
  /** Turns a value in the projected shape back into the caller's shape (in place where it can). */
  restore: (value: unknown) => unknown;
  /** For partial values while streaming: only unwraps the root envelope, never mutates. */
  restorePartial: (value: unknown) => unknown;
}

function isObj(value: unknown): value is JsonSchemaObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function own(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** Does this schema describe objects only (so strict mode accepts it as the root)? */
function isObjectSchema(schema: JsonSchemaObject): boolean {
  return schema.type === 'object' || (schema.type === undefined && isObj(schema.properties) && !schema.anyOf && !schema.oneOf);
}

/**
 * Wraps a schema whose root is not an object in `{ value: … }` (strict mode and Anthropic tool inputs need
 * an object root). Returns the schema unchanged when it already is one; `unwrap` undoes it on a value.
 */
export function envelope(schema: JsonSchemaObject): {
  schema: JsonSchemaObject;
  unwrap: (value: unknown) => unknown;
  unwrapPartial: (value: unknown) => unknown;
} {
  if (isObjectSchema(schema)) return { schema, unwrap: (v) => v, unwrapPartial: (v) => v };
  const inner: JsonSchemaObject = {};
  const wrapper: JsonSchemaObject = {
    type: 'object',
    properties: { value: inner },
    required: ['value'],
    additionalProperties: false,
  };
  for (const [key, sub] of Object.entries(schema)) {
    if (key === '$defs' || key === 'definitions') wrapper[key] = sub; // refs like #/$defs/x keep resolving
    else if (!DROPPED.has(key)) inner[key] = sub;
  }
  const unwrap = (value: unknown): unknown => (isEnvelope(value) ? value.value : value);
  unwrappers.add(unwrap);
  return { schema: wrapper, unwrap, unwrapPartial: (value) => (isObj(value) ? value.value : undefined) };
}

/** A value in the `{ value }` root envelope, as `unwrap` takes it apart. */
function isEnvelope(value: unknown): value is { value: unknown } {
  return isObj(value) && own(value, 'value') && Object.keys(value).length === 1;
}

/** Restore functions that take a `{ value }` root envelope apart (see {@link wrappedIn}). */
const unwrappers = new WeakSet<(value: unknown) => unknown>();

/**
 * The pointer prefix under which `value`, as the model wrote it, holds the caller's value: `/value` when
 * `restore` unwraps the root envelope and `value` is in it, else `""`. Feedback names paths in the model's
 * terms, since the model reads them against the reply it wrote.
 */
export function wrappedIn(restore: ((value: unknown) => unknown) | undefined, value: unknown): string {
  return restore !== undefined && unwrappers.has(restore) && isEnvelope(value) ? '/value' : '';
}

/**
 * Projects `schema` onto the strict subset: every property required (optional ones made nullable),
 * `additionalProperties: false` on every object, `oneOf` as `anyOf`, unsupported keywords moved into
 * `description`, a non-object root wrapped in `{ value }`. `restore` removes the nulls that stood for absent
 * optional properties and unwraps the root.
 */
export function toStrictJsonSchema(schema: JsonSchemaObject): StrictProjection {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new JsonMendError('INVALID_ARGUMENT', `the schema must be a JSON Schema object, got ${describeType(schema)}`);
  const state = { lossy: false };
  const { schema: rooted, unwrap, unwrapPartial } = envelope(schema);
  const projected = project(rooted, state, 0);
  if (state.lossy) return { schema, strict: false, restore: (v) => v, restorePartial: (v) => v };
  const restore = (value: unknown): unknown => unwrap(removeAbsentNulls(value, rooted));
  if (rooted !== schema) unwrappers.add(restore);
  return { schema: projected, strict: true, restore, restorePartial: unwrapPartial };
}

function project(node: unknown, state: { lossy: boolean }, depth: number): JsonSchemaObject {
  if (depth > MAX_SCHEMA_DEPTH) {
    throw new JsonMendError('INVALID_SCHEMA', `the schema nests deeper than ${MAX_SCHEMA_DEPTH} levels`);
  }
  if (node === true) {
    state.lossy = true;
    return {};
  }
  if (!isObj(node)) {
    state.lossy = true;
    return {};
  }
  const out: JsonSchemaObject = {};
  const moved: string[] = [];
  for (const [key, sub] of Object.entries(node)) {
    if (KEPT.has(key)) out[key] = sub;
    else if (DROPPED.has(key) || key === 'required' || key === 'additionalProperties') continue;
    else if (key === '$ref') out.$ref = sub;
    else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(sub)) {
      const branches = sub.map((b) => project(b, state, depth + 1));
      out.anyOf = Array.isArray(out.anyOf) ? [...(out.anyOf as unknown[]), ...branches] : branches;
    } else if ((key === '$defs' || key === 'definitions') && isObj(sub)) {
      const defs: JsonSchemaObject = {};
      for (const [name, def] of Object.entries(sub)) defs[name] = project(def, state, depth + 1);
      out[key] = defs;
    } else if (key === 'items' && (isObj(sub) || sub === true)) out.items = project(sub, state, depth + 1);
    else if (key === 'properties' && isObj(sub)) continue; // handled below with `required`
    else moved.push(`${key}: ${JSON.stringify(sub)}`);
  }
  if (isObjectSchema(node) || isObj(node.properties)) {
    const props = isObj(node.properties) ? node.properties : {};
    const names = Object.keys(props);
    const extra = node.additionalProperties;
    if (names.length === 0 || (extra !== undefined && extra !== false)) state.lossy = true; // free-form map
    const required = new Set(Array.isArray(node.required) ? (node.required as unknown[]) : []);
    const outProps: JsonSchemaObject = {};
    for (const name of names) {
      const sub = project(props[name], state, depth + 1);
      outProps[name] = required.has(name) ? sub : nullable(sub);
    }
    out.type = 'object';
    out.properties = outProps;
    out.required = names;
    out.additionalProperties = false;
  }
  if (moved.length > 0) {
    const note = `(${moved.join('; ')})`;
    out.description = typeof out.description === 'string' && out.description ? `${out.description} ${note}` : note;
  }
  return out;
}

/** The same schema, also accepting `null`. */
function nullable(schema: JsonSchemaObject): JsonSchemaObject {
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf as unknown[];
    if (branches.some((b) => isObj(b) && b.type === 'null')) return schema;
    return { ...schema, anyOf: [...branches, { type: 'null' }] };
  }
  if (typeof schema.type === 'string' && schema.$ref === undefined && schema.const === undefined) {
    if (schema.type === 'null') return schema;
    const out: JsonSchemaObject = { ...schema, type: [schema.type, 'null'] };
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...schema.enum, null];
    return out;
  }
  if (Array.isArray(schema.type) && schema.$ref === undefined && schema.const === undefined) {
    const out: JsonSchemaObject = { ...schema, type: schema.type.includes('null') ? schema.type : [...schema.type, 'null'] };
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...schema.enum, null];
    return out;
  }
  return { anyOf: [schema, { type: 'null' }] };
}

/** Resolves a local `$ref` (`#/$defs/x`, `#/definitions/x`, `#`) against the root; undefined when it cannot. */
function resolveRef(ref: unknown, root: JsonSchemaObject): JsonSchemaObject | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObj(node) || !own(node, part)) return undefined;
    node = node[part];
  }
  return isObj(node) ? node : undefined;
}

/** Follows `$ref` chains (bounded) to the schema that describes the value. */
function deref(schema: unknown, root: JsonSchemaObject): JsonSchemaObject | undefined {
  let node = schema;
  for (let hops = 0; isObj(node) && typeof node.$ref === 'string' && hops < MAX_SCHEMA_DEPTH; hops++) {
    node = resolveRef(node.$ref, root);
  }
  return isObj(node) ? node : undefined;
}

/** Could this schema accept `null`? Unconstrained and unresolvable schemas count as yes (then nulls stay). */
function acceptsNull(schema: unknown, root: JsonSchemaObject, depth = 0): boolean {
  if (schema === true || depth > MAX_SCHEMA_DEPTH) return true;
  const node = deref(schema, root);
  if (!node) return true;
  if (node.const !== undefined) return node.const === null;
  if (Array.isArray(node.enum)) return node.enum.includes(null);
  const branches = [node.anyOf, node.oneOf].filter(Array.isArray).flat() as unknown[];
  if (branches.length > 0) return branches.some((b) => acceptsNull(b, root, depth + 1));
  if (node.type === undefined) return true;
  return node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null'));
}

/**
 * Removes `null` at optional properties whose schema does not accept `null` (they stood for "absent" in strict
 * mode). Walks value and schema together with an explicit stack, so deep replies cannot overflow it.
 */
function removeAbsentNulls(value: unknown, root: JsonSchemaObject): unknown {
  const stack: Array<[unknown, unknown]> = [[value, root]];
  let steps = 0;
  while (stack.length > 0 && steps++ < 1_000_000) {
    const [v, s] = stack.pop()!;
    const node = deref(s, root);
    if (!node || v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      if (node.items !== undefined) for (const item of v) stack.push([item, node.items]);
      else pushBranch(v, node, root, stack);
      continue;
    }
    const obj = v as Record<string, unknown>;
    if (isObj(node.properties)) {
      const required = new Set(Array.isArray(node.required) ? (node.required as unknown[]) : []);
      for (const [name, sub] of Object.entries(node.properties)) {
        if (!own(obj, name)) continue;
        if (obj[name] === null && !required.has(name) && !acceptsNull(sub, root)) delete obj[name];
        else stack.push([obj[name], sub]);
      }
    } else pushBranch(obj, node, root, stack);
  }
  return value;
}

/** For `anyOf`/`oneOf`, walks the first branch whose properties cover the value's keys. */
function pushBranch(v: object, node: JsonSchemaObject, root: JsonSchemaObject, stack: Array<[unknown, unknown]>): void {
  const branches = [node.anyOf, node.oneOf].filter(Array.isArray).flat() as unknown[];
  const keys = Array.isArray(v) ? [] : Object.keys(v);
  for (const branch of branches) {
    const b = deref(branch, root);
    if (!b) continue;
    if (Array.isArray(v) ? b.type === 'array' || b.items !== undefined : isObj(b.properties) && keys.every((k) => own(b.properties as object, k))) {
      stack.push([v, b]);
      return;
    }
  }
}
