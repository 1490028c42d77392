// `type` claims: a JSON Schema (validated by @cfworker/json-schema) or a bare type name.
import { Validator, type Schema } from '@cfworker/json-schema';
import { JsonMendError } from '../errors.js';
import { cyclicDocument } from '../path/errors.js';
import { containsCycle } from '../path/json.js';
import { compileIRegexp } from '../path/jsonpath/iregexp.js';

// `pattern` and `patternProperties` come from the model that wrote the claim, and the validator would run
// them on the host RegExp, which backtracks: `{"pattern": "^(a+)+$"}` against "aaaa…a!" takes seconds
// per few characters. So every such pattern must be an RFC 9485 I-Regexp (checked when the schema is
// compiled; otherwise the claim is INVALID_CLAIM), and while a schema that has them validates, the global
// RegExp the validator constructs them with is jsonmend's linear automaton (unanchored, as JSON Schema's
// `pattern` is). The swap lasts for the synchronous validate call only.

/** Steps the patterns of one validation may take together before it fails with `TOO_LARGE`. */
const PATTERN_STEPS = 10_000_000;
const HostRegExp = RegExp;

// Keywords whose values are data, not schemas: a "pattern" inside them is not a pattern.
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

/** Checks every `pattern` and `patternProperties` key of `schema`; true when there is one. */
function checkPatterns(schema: unknown): boolean {
  let found = false;
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      for (const c of v) stack.push(c);
      continue;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.pattern === 'string') {
      found = true;
      requireIRegexp(o.pattern, 'pattern');
    }
    if (typeof o.patternProperties === 'object' && o.patternProperties !== null && !Array.isArray(o.patternProperties)) {
      for (const key of Object.keys(o.patternProperties)) {
        found = true;
        requireIRegexp(key, 'patternProperties key');
      }
    }
    for (const k of Object.keys(o)) if (!DATA_KEYWORDS.has(k)) stack.push(o[k]);
  }
  return found;
}

function requireIRegexp(pattern: string, where: string): void {
  if (compileIRegexp(pattern, false) !== null) return;
  const shown = pattern.length > 80 ? `${JSON.stringify(pattern.slice(0, 80))}…` : JSON.stringify(pattern);
  throw new JsonMendError(
    'INVALID_CLAIM',
    `the ${where} ${shown} is not an I-Regexp (RFC 9485), so it cannot be checked in linear time; ` +
      'write \\d as [0-9], \\w as [A-Za-z0-9_], \\s as [ \\t\\n\\r], and leave out lookarounds, backreferences and lazy quantifiers',
  );
}

/** Runs `validate` with the global RegExp matching through the I-Regexp automaton, within one budget. */
function withLinearRegExp<T>(validate: () => T): T {
  let left = PATTERN_STEPS;
  const charge = (units: number): void => {
    left -= units;
    if (left < 0) throw new JsonMendError('TOO_LARGE', `the schema's patterns need more than ${PATTERN_STEPS} steps on this value`);
  };
  function LinearRegExp(pattern: unknown, flags?: string): unknown {
    const re = compileIRegexp(String(pattern), false);
    // Only the validator constructs RegExps during the swap; patterns were all checked, so this is the
    // `format: "regex"` check, which only constructs.
    if (re === null) return new HostRegExp(pattern as string, flags);
    return { test: (s: unknown) => re.test(String(s), charge), source: String(pattern), flags: flags ?? '' };
  }
  const g = globalThis as { RegExp: unknown };
  try {
    g.RegExp = LinearRegExp;
  } catch {
    // Frozen globals (a hardened realm): fall through to the check below.
  }
  if (g.RegExp !== LinearRegExp) {
    throw new JsonMendError('INVALID_CLAIM', "the schema uses pattern or patternProperties, which cannot be checked safely here (the global RegExp is frozen)");
  }
  try {
    return validate();
  } finally {
    g.RegExp = HostRegExp;
  }
}

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
/** Validators whose schema has a `pattern` or `patternProperties`. */
const withPatterns = new WeakSet<Validator>();
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
    const patterns = checkPatterns(schema);
    try {
      // The validator annotates the schema it is given; a copy keeps the caller's claim untouched.
      v = new Validator(JSON.parse(JSON.stringify(schema)) as Schema, '2020-12', false);
    } catch (cause) {
      throw new JsonMendError('INVALID_CLAIM', `the claim's schema cannot be used: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    }
    if (patterns) withPatterns.add(v);
    byObject.set(schema, v);
  }
  return v;
}

/** Validates `value`; returns undefined when valid, else a short description of the first failures. */
export function schemaFailure(validator: Validator, value: unknown): string | undefined {
  let result;
  try {
    result = withPatterns.has(validator) ? withLinearRegExp(() => validator.validate(value)) : validator.validate(value);
  } catch (cause) {
    if (cause instanceof JsonMendError) throw cause;
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
