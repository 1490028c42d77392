// `type` claims: a JSON Schema (validated by @cfworker/json-schema) or a bare type name.
import { Validator, type Schema } from '@cfworker/json-schema';
import { JsonMendError } from '../errors.js';
import { cyclicDocument } from '../path/errors.js';
import { containsCycle } from '../path/json.js';

/**
 * Bare type names a `type` claim may use instead of a schema (case-insensitive).
 *
 * | name(s)                              | JSON Schema          |
 * | ------------------------------------ | -------------------- |
 * | `string`, `str`, `text`              | `{"type":"string"}`  |
 * | `number`, `float`, `double`, `decimal` | `{"type":"number"}` |
 * | `integer`, `int`                     | `{"type":"integer"}` |
 * | `boolean`, `bool`                    | `{"type":"boolean"}` |
 * | `null`                               | `{"type":"null"}`    |
 * | `array`, `list`                      | `{"type":"array"}`   |
 * | `object`, `dict`, `map`, `record`    | `{"type":"object"}`  |
 */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'string', str: 'string', text: 'string',
  number: 'number', float: 'number', double: 'number', decimal: 'number',
  integer: 'integer', int: 'integer',
  boolean: 'boolean', bool: 'boolean',
  null: 'null',
  array: 'array', list: 'array',
  object: 'object', dict: 'object', map: 'object', record: 'object',
};

const byObject = new WeakMap<object, Validator>();
const byName = new Map<string, Validator>();
// Keywords that only report that a child failed; the child's own error says more.
const WRAPPERS = new Set(['properties', 'items', 'prefixItems', 'allOf', '$ref', 'additionalItems', 'dependentSchemas', 'unevaluatedItems', 'if', 'then', 'else', 'contains']);

function typeSchema(name: string): string {
  const t = Object.prototype.hasOwnProperty.call(TYPE_NAMES, name.trim().toLowerCase()) ? TYPE_NAMES[name.trim().toLowerCase()] : undefined;
  if (t === undefined) {
    throw new JsonMendError('INVALID_CLAIM', `unknown type name ${JSON.stringify(name)}; use one of string, number, integer, boolean, null, array, object`);
  }
  return t;
}

/** A validator for a claim's `schema`. @throws JsonMendError `INVALID_CLAIM` when it cannot be used */
export function validatorFor(schema: unknown): Validator {
  if (typeof schema === 'string' || Array.isArray(schema)) {
    const names = (Array.isArray(schema) ? schema : [schema]).map((n) => {
      if (typeof n !== 'string') throw new JsonMendError('INVALID_CLAIM', 'a list of type names must hold only strings');
      return typeSchema(n);
    });
    const key = names.join('|');
    let v = byName.get(key);
    if (v === undefined) {
      v = new Validator({ type: (names.length === 1 ? names[0] : names) as Schema['type'] }, '2020-12', false);
      byName.set(key, v);
    }
    return v;
  }
  if (typeof schema === 'boolean') return new Validator(schema, '2020-12', false);
  if (typeof schema !== 'object' || schema === null) {
    throw new JsonMendError('INVALID_CLAIM', `schema must be a JSON Schema object, a boolean or a type name, got ${schema === null ? 'null' : typeof schema}`);
  }
  let v = byObject.get(schema);
  if (v === undefined) {
    try {
      // The validator annotates the schema it is given; a copy keeps the caller's claim untouched.
      v = new Validator(JSON.parse(JSON.stringify(schema)) as Schema, '2020-12', false);
    } catch (cause) {
      throw new JsonMendError('INVALID_CLAIM', `the claim's schema cannot be used: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    }
    byObject.set(schema, v);
  }
  return v;
}

/** Validates `value`; returns undefined when valid, else a short description of the first failures. */
export function schemaFailure(validator: Validator, value: unknown): string | undefined {
  let result;
  try {
    result = validator.validate(value);
  } catch (cause) {
    // The validator recurses over the value: a value that contains itself, or one nested deeper than
    // the call stack, is the payload's problem, not the schema's.
    if (containsCycle(value)) cyclicDocument('the value');
    if (cause instanceof RangeError) throw new JsonMendError('TOO_DEEP', 'the value is nested too deeply to validate against the schema', { cause });
    throw new JsonMendError('INVALID_CLAIM', `the claim's schema cannot be used: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
  if (result.valid) return undefined;
  const leaves = result.errors.filter((e) => !WRAPPERS.has(e.keyword));
  const picked = (leaves.length > 0 ? leaves : result.errors).slice(0, 3);
  return picked.map((e) => `${e.instanceLocation === '#' ? '' : `${e.instanceLocation.slice(1)}: `}${e.error}`).join('; ');
}
