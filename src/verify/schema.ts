// `type` claims: a JSON Schema (validated by @cfworker/json-schema) or a bare type name.
import { Validator, format, ignoredKeyword, schemaArrayKeyword, schemaMapKeyword, type Schema } from '@cfworker/json-schema';
import { JsonMendError } from '../errors.js';
import { cyclicDocument } from '../path/errors.js';
import { elide } from '../path/get.js';
import { containsCycle } from '../path/json.js';
import { compileIRegexp, type IRegexp } from '../path/jsonpath/iregexp.js';

// `pattern` comes from the model that wrote the claim, and the validator would run it on the host RegExp,
// which backtracks: `{"pattern": "^(a+)+$"}` against "aaaa…a!" takes seconds per few characters. So every
// `pattern` must be an RFC 9485 I-Regexp (checked when the schema is compiled; otherwise the claim is
// INVALID_CLAIM), and the validator never sees it: in the validator's copy of the schema each
// `"pattern": P` becomes an `allOf` entry `{"format": "x-jsonmend-pattern-N"}`, a format whose check is
// jsonmend's linear automaton for P (unanchored, as `pattern` is). @cfworker/json-schema looks formats up
// in its exported `format` registry when it validates, and that registry is shared by the process, so the
// entries are there only during the synchronous validate call and are removed (or whatever was there
// before is put back) afterwards; they hold the compiled pattern and the call's step budget, never a
// checked string. `patternProperties` cannot be rewritten that way (the validator also needs it to know
// which keys `additionalProperties` covers), so a claim schema with it is INVALID_CLAIM. `format: "regex"`
// stays the validator's: it only constructs a RegExp from the string (no match runs).

/** Steps the patterns of one validation may take together before it fails with `TOO_LARGE`. */
const PATTERN_STEPS = 10_000_000;
/** Formats jsonmend registers for patterns are named this and a number; a claim may not use such a name. */
const FORMAT_PREFIX = 'x-jsonmend-pattern-';
let formatsNamed = 0;

/** One rewritten `pattern`: the format name that stands for it, and its automaton. */
interface PatternFormat {
  name: string;
  pattern: string;
  re: IRegexp;
  /** The validator's message when the format fails, as it words it (see {@link describeError}). */
  failure: string;
}

function invalid(reason: string): never {
  throw new JsonMendError('INVALID_CLAIM', reason);
}

/**
 * Replaces every `pattern` of `schema` (the validator's own JSON copy, acyclic) with a format entry, and
 * refuses what cannot be checked in linear time. It walks the schema as the validator's `dereference` does
 * (its keyword tables), so every object the validator may use as a schema, also through `$ref`, is seen;
 * `const`, `enum` and `default` are data and are left alone.
 */
function rewritePatterns(schema: unknown): PatternFormat[] {
  const found: PatternFormat[] = [];
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || Array.isArray(v)) continue;
    const o = v as Record<string, unknown>;
    if (Object.hasOwn(o, 'patternProperties')) {
      invalid('patternProperties is not supported in claims (its patterns could not be checked in linear time); ' +
        'name the properties with properties, or give every key a pattern with propertyNames: {"pattern": …} and every value a schema with additionalProperties');
    }
    if (typeof o.format === 'string' && o.format.startsWith(FORMAT_PREFIX)) {
      invalid(`the format name ${JSON.stringify(elide(o.format, 80))} is reserved`);
    }
    for (const key of Object.keys(o)) {
      if (ignoredKeyword[key]) continue;
      const c = o[key];
      if (Array.isArray(c)) {
        if (schemaArrayKeyword[key]) for (const s of c) stack.push(s);
      } else if (schemaMapKeyword[key]) {
        if (typeof c === 'object' && c !== null) for (const k of Object.keys(c)) stack.push((c as Record<string, unknown>)[k]);
      } else {
        stack.push(c);
      }
    }
    if (!Object.hasOwn(o, 'pattern')) continue;
    const pattern = o.pattern;
    if (typeof pattern !== 'string') invalid(`a pattern must be a string, got ${pattern === null ? 'null' : Array.isArray(pattern) ? 'an array' : typeof pattern}`);
    if (o.allOf !== undefined && !Array.isArray(o.allOf)) invalid('allOf must be an array of schemas');
    const re = requireIRegexp(pattern);
    const name = `${FORMAT_PREFIX}${formatsNamed++}`;
    // The entry is added after the children were queued, so the walk never meets it.
    delete o.pattern;
    o.allOf = [...((o.allOf as unknown[] | undefined) ?? []), { format: name }];
    found.push({ name, pattern, re, failure: `String does not match format "${name}".` });
  }
  return found;
}

function requireIRegexp(pattern: string): IRegexp {
  const re = compileIRegexp(pattern, false);
  if (re !== null) return re;
  return invalid(
    `the pattern ${JSON.stringify(elide(pattern, 80))} is not an I-Regexp (RFC 9485), so it cannot be checked in linear time; ` +
      'write \\d as [0-9], \\w as [A-Za-z0-9_], \\s as [ \\t\\n\\r], and leave out lookarounds, backreferences and lazy quantifiers',
  );
}

/**
 * Runs `validate` with `patterns` registered as formats, sharing one step budget; afterwards the registry
 * holds what it held before (also when a validation nested in a payload getter registered the same names).
 */
function withPatternFormats<T>(patterns: readonly PatternFormat[], validate: () => T): T {
  let left = PATTERN_STEPS;
  const charge = (units: number): void => {
    left -= units;
    if (left < 0) throw new JsonMendError('TOO_LARGE', `the schema's patterns need more than ${PATTERN_STEPS} steps on this value`);
  };
  const registry = format as Record<string, unknown>;
  const before = patterns.map((p) => Object.getOwnPropertyDescriptor(registry, p.name));
  let added = 0;
  try {
    for (const p of patterns) {
      const check = (s: string): boolean => p.re.test(s, charge);
      try {
        registry[p.name] = check;
      } catch {
        // A frozen registry (a hardened realm) throws in strict code; the check below says so.
      }
      if (registry[p.name] !== check) {
        throw new JsonMendError('INVALID_SCHEMA', "the claim's schema has a pattern, and it cannot be checked here: @cfworker/json-schema's format registry cannot be written to (is it frozen?)");
      }
      added++;
    }
    return validate();
  } finally {
    for (let i = added - 1; i >= 0; i--) {
      const d = before[i];
      if (d === undefined) delete registry[patterns[i].name];
      else Object.defineProperty(registry, patterns[i].name, d);
    }
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
/** The rewritten patterns of validators whose schema has any. */
const patternsOf = new WeakMap<Validator, readonly PatternFormat[]>();
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
    let patterns: PatternFormat[];
    try {
      // The validator annotates the schema it is given, and the patterns are rewritten: a copy keeps the
      // caller's claim untouched (and refuses a schema that contains itself before it is walked).
      const copy = JSON.parse(JSON.stringify(schema)) as Schema;
      patterns = rewritePatterns(copy);
      v = new Validator(copy, '2020-12', false);
    } catch (cause) {
      if (cause instanceof JsonMendError) throw cause;
      throw new JsonMendError('INVALID_CLAIM', `the claim's schema cannot be used: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    }
    if (patterns.length > 0) patternsOf.set(v, patterns);
    byObject.set(schema, v);
  }
  return v;
}

/** The validator's error text for a failed pattern format, in the words of the `pattern` it stands for. */
function describeError(error: string, patterns: readonly PatternFormat[] | undefined): string {
  const p = patterns?.find((f) => f.failure === error);
  return p === undefined ? error : `String does not match pattern ${JSON.stringify(elide(p.pattern, 80))}.`;
}

/** Validates `value`; returns undefined when valid, else a short description of the first failures. */
export function schemaFailure(validator: Validator, value: unknown): string | undefined {
  const patterns = patternsOf.get(validator);
  let result;
  try {
    result = patterns !== undefined ? withPatternFormats(patterns, () => validator.validate(value)) : validator.validate(value);
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
  return picked.map((e) => `${e.instanceLocation === '#' ? '' : `${e.instanceLocation.slice(1)}: `}${e.keyword === 'format' ? describeError(e.error, patterns) : e.error}`).join('; ');
}
