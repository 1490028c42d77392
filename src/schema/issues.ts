// Turning a validator's findings into SchemaIssues: `{ path, expected, received, message }`.
import type { OutputUnit, Schema } from '@cfworker/json-schema';
import { type Guide, type JsonType, isPlainObject, itemSchema, jsonTypeOf, propertySchema, resolveSchema, runValidator, typeFits } from './guide.js';
import { fromFragment, fromStandardPath, shortValue, toPointer, valueAt } from './pointer.js';
import type { StandardSchemaV1 } from './standard.js';
import type { SchemaIssue } from './types.js';
import { chooseBranch } from './union-branch.js';

const MAX_LISTED = 10;

// Keywords whose errors only say "a subschema had errors"; the nested errors say what.
const WRAPPER_KEYWORDS = new Set([
  'properties', 'items', 'prefixItems', 'additionalItems', '$ref', '$recursiveRef', '$dynamicRef',
  'allOf', 'patternProperties', 'additionalProperties', 'dependentSchemas', 'then', 'else', 'if', 'unevaluatedProperties',
]);

/** A list of values for a message: `"low", "medium", "high"`. */
export function listValues(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_LISTED).map((v) => shortValue(v));
  return values.length > MAX_LISTED ? `${shown.join(', ')}, … (${values.length} in all)` : shown.join(', ');
}

/** What a subschema asks for, in a few words: `array`, `integer or null`, `one of "a", "b"`. */
export function describeSchema(guide: Guide, schema: Schema | boolean, depth = 0): string {
  if (schema === true) return 'any value';
  if (schema === false) return 'no value';
  let node: Schema | boolean;
  try {
    node = resolveSchema(guide, schema);
  } catch {
    return 'a value matching the schema';
  }
  if (typeof node === 'boolean') return node ? 'any value' : 'no value';
  if (depth > 0 && (node.type === 'object' || (node.type === undefined && node.properties))) {
    const marker = constantProperty(guide, node);
    if (marker) return `object with ${marker}`;
  }
  if (Array.isArray(node.enum)) return `one of ${listValues(node.enum)}`;
  if ('const' in node) return shortValue(node.const);
  if (typeof node.type === 'string') return node.type;
  if (Array.isArray(node.type)) return node.type.join(' or ');
  const branches = (node.anyOf ?? node.oneOf) as Array<Schema | boolean> | undefined;
  if (Array.isArray(branches) && depth < 3) {
    const parts: string[] = [];
    for (const b of branches) {
      const d = describeSchema(guide, b, depth + 1);
      if (!parts.includes(d)) parts.push(d);
    }
    return parts.join(' or ');
  }
  if (node.properties || node.required) return 'object';
  if (node.items !== undefined || node.prefixItems !== undefined) return 'array';
  return 'a value matching the schema';
}

/** An object alternative's first property held to a constant or a list (`"type": "a"`), which tells it apart. */
function constantProperty(guide: Guide, node: Schema): string | undefined {
  const properties = node.properties;
  if (properties === null || typeof properties !== 'object') return undefined;
  for (const key of Object.keys(properties)) {
    let property: Schema | boolean;
    try {
      property = resolveSchema(guide, properties[key] as Schema | boolean);
    } catch {
      continue;
    }
    if (typeof property !== 'object') continue;
    if ('const' in property) return `${JSON.stringify(key)}: ${shortValue(property.const)}`;
    if (Array.isArray(property.enum) && property.enum.length === 1) return `${JSON.stringify(key)}: ${shortValue(property.enum[0])}`;
    if (Array.isArray(property.enum) && property.enum.length > 1) return `${JSON.stringify(key)} one of ${listValues(property.enum)}`;
  }
  return undefined;
}

function describeKeyword(keyword: string, node: Schema, guide: Guide, message: string): string {
  const limit = node[keyword];
  switch (keyword) {
    case 'type':
      return Array.isArray(limit) ? limit.join(' or ') : String(limit);
    case 'enum':
      return Array.isArray(limit) ? `one of ${listValues(limit)}` : message;
    case 'const':
      return shortValue(limit);
    case 'anyOf':
      return describeSchema(guide, { anyOf: limit } as Schema);
    case 'oneOf':
      return `exactly one of: ${describeSchema(guide, { anyOf: limit } as Schema)}`;
    case 'minimum':
      return `a number >= ${limit}`;
    case 'maximum':
      return `a number <= ${limit}`;
    case 'exclusiveMinimum':
      return `a number > ${typeof limit === 'number' ? limit : node.minimum}`;
    case 'exclusiveMaximum':
      return `a number < ${typeof limit === 'number' ? limit : node.maximum}`;
    case 'multipleOf':
      return `a multiple of ${limit}`;
    case 'minLength':
      return `a string of at least ${limit} characters`;
    case 'maxLength':
      return `a string of at most ${limit} characters`;
    case 'pattern':
      return `a string matching /${limit}/`;
    case 'format':
      return `a string in format ${shortValue(limit)}`;
    case 'minItems':
      return `an array of at least ${limit} items`;
    case 'maxItems':
      return `an array of at most ${limit} items`;
    case 'uniqueItems':
      return 'an array of unique items';
    case 'minProperties':
      return `an object with at least ${limit} properties`;
    case 'maxProperties':
      return `an object with at most ${limit} properties`;
    case 'not':
      return `not ${describeSchema(guide, limit as Schema)}`;
    default:
      return message;
  }
}

function schemaAt(guide: Guide, base: Schema | boolean, segments: readonly string[]): Schema | boolean | undefined {
  let node: unknown = base;
  for (const seg of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    if (seg === '$ref' && !Array.isArray(node) && typeof (node as Schema).$ref === 'string') {
      const n = node as Schema;
      node = guide.lookup[(n.__absolute_ref__ as string | undefined) ?? (n.$ref as string)];
    } else {
      node = (node as Record<string, unknown>)[seg];
    }
  }
  return node as Schema | boolean | undefined;
}

/** Issues from @cfworker/json-schema's full output, without its "a subschema had errors" wrappers. */
/** @param base the (sub)schema `value` was validated against: the guide's root unless said. */
export function cfworkerIssues(guide: Guide, errors: readonly OutputUnit[], value: unknown, base: Schema | boolean = guide.root): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const seen = new Set<string>();
  const add = (issue: SchemaIssue) => {
    const key = `${issue.path}\u0000${issue.expected}`;
    if (seen.has(key)) return;
    seen.add(key);
    issues.push(issue);
  };
  collectIssues(guide, base, [], errors, value, add, 0);
  return issues;
}

// Nested unions are followed this deep; past it, a union's own issue is all that is said.
const MAX_UNION_DEPTH = 8;

/**
 * Adds the issues of `errors`, found validating the value at `at` in `root` against `base`. A failed
 * union's alternatives' errors are not listed (each says what some other alternative wanted); the
 * alternative the value was meant for is validated again and its issues stand in for the union's.
 */
function collectIssues(
  guide: Guide, base: Schema | boolean, at: readonly string[], errors: readonly OutputUnit[], root: unknown,
  add: (issue: SchemaIssue) => void, depth: number,
): void {
  const unionLocations: string[] = [];
  for (const e of errors) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'not') unionLocations.push(e.keywordLocation + '/');
  }
  let skipped = false;
  // The validator reports one `required` error per missing key; each node's list is read once.
  const requiredRead = new Set<string>();
  for (const e of errors) {
    // A `false` subschema's error carries its instance's location as its keyword location: it belongs
    // to the error just before it (`additionalProperties`, `properties`, …).
    const keywordLocation = e.keyword === 'false' ? undefined : e.keywordLocation;
    if (keywordLocation === undefined ? skipped : unionLocations.some((loc) => keywordLocation.startsWith(loc))) {
      skipped = true;
      continue;
    }
    skipped = false;
    if (WRAPPER_KEYWORDS.has(e.keyword)) continue;
    const segments = [...at, ...fromFragment(e.instanceLocation)];
    const here = valueAt(root, segments);
    if (e.keyword === 'false') {
      add({ path: toPointer(segments), expected: 'no value here (not allowed by the schema)', received: shortValue(here), message: 'property not allowed' });
      continue;
    }
    const keywordSegments = fromFragment(e.keywordLocation);
    const node = schemaAt(guide, base, keywordSegments.slice(0, -1));
    if (e.keyword === 'required' && node && typeof node === 'object' && Array.isArray(node.required) && isPlainObject(here)) {
      const site = `${e.keywordLocation}\u0000${e.instanceLocation}`;
      if (requiredRead.has(site)) continue;
      requiredRead.add(site);
      for (const key of node.required as string[]) {
        if (Object.prototype.hasOwnProperty.call(here, key)) continue;
        add({
          path: toPointer([...segments, key]),
          expected: `${describeSchema(guide, propertySchema(node, key))} (required)`,
          received: 'nothing',
          message: `missing required property "${key}"`,
        });
      }
      continue;
    }
    const branches = node && typeof node === 'object' && (e.keyword === 'anyOf' || e.keyword === 'oneOf') ? node[e.keyword] : undefined;
    const chosen = Array.isArray(branches) && depth < MAX_UNION_DEPTH ? chooseBranch(guide, branches, here) : undefined;
    if (chosen && Array.isArray(branches)) {
      const branch = branches[chosen.index] as Schema | boolean;
      if (!chosen.certain) add(keywordIssue(e, node, segments, here, guide));
      collectIssues(guide, branch, segments, runValidator(guide, branch, here, false).errors, root, add, depth + 1);
      continue;
    }
    add(keywordIssue(e, node, segments, here, guide));
  }
}

function keywordIssue(e: OutputUnit, node: Schema | boolean | undefined, segments: readonly string[], here: unknown, guide: Guide): SchemaIssue {
  return {
    path: toPointer(segments),
    expected: node && typeof node === 'object' ? describeKeyword(e.keyword, node, guide, e.error) : e.error,
    received: shortValue(here),
    message: e.error,
  };
}

const TYPE_WORDS = /^(?:null|boolean|integer|number|string|array|object)(?: or (?:null|boolean|integer|number|string|array|object))*$/;

/** The guide's subschema for the value at `segments`, undefined when there is no guide or it cannot say. */
function guideNodeAt(guide: Guide | undefined, segments: readonly string[]): Schema | boolean | undefined {
  if (!guide) return undefined;
  try {
    let node: Schema | boolean = guide.root;
    for (const seg of segments) {
      const resolved = resolveSchema(guide, node);
      node = /^(?:0|[1-9][0-9]*)$/.test(seg) && typeof resolved === 'object' && (resolved.items !== undefined || resolved.prefixItems !== undefined)
        ? itemSchema(resolved, Number(seg))
        : propertySchema(resolved, seg);
    }
    return resolveSchema(guide, node);
  } catch {
    return undefined;
  }
}

/** What the guide's subschema at `segments` asks for, when it is plain JSON type names (`integer`, `integer or null`). */
function typeAt(guide: Guide | undefined, segments: readonly string[]): string | undefined {
  const node = guideNodeAt(guide, segments);
  if (node === undefined || guide === undefined) return undefined;
  const described = describeSchema(guide, node);
  return TYPE_WORDS.test(described) ? described : undefined;
}

/**
 * The guide's type words at `segments` (`integer` where Zod says `number`), unless the value there
 * already is of that type: then the guide describes the input of a pipe or a coercion, and the
 * vendor's own word says what is wrong (`z.string().pipe(z.coerce.number())` given `"1,234"` wants a
 * number, not a string).
 */
function guideType(guide: Guide | undefined, segments: readonly string[], here: unknown): string | undefined {
  const words = typeAt(guide, segments);
  if (words === undefined) return undefined;
  const actual = jsonTypeOf(here);
  return actual !== undefined && words.split(' or ').some((t) => typeFits(actual, t as JsonType)) ? undefined : words;
}

/** Zod's codes of checks on a value of the right type. */
const CHECK_CODES: ReadonlySet<string> = new Set(['too_small', 'too_big', 'not_multiple_of', 'invalid_format']);

/** Fields a vendor's issue may carry beyond the Standard Schema's `message` and `path` (Zod's, Valibot's). */
interface StandardIssueExtras {
  expected?: unknown; values?: unknown; keys?: unknown; code?: unknown; type?: unknown; errors?: unknown; options?: unknown;
  origin?: unknown; minimum?: unknown; maximum?: unknown; inclusive?: unknown; format?: unknown; pattern?: unknown;
  divisor?: unknown; prefix?: unknown; suffix?: unknown; includes?: unknown;
}

/**
 * What a check asks for in the words the JSON Schema path uses (`a string of at least 3 characters`,
 * `a string in format "email"`, `a number <= 9`), from the limits Zod's issue carries; undefined when
 * it carries none (a refinement's own message then says it).
 */
function checkWords(extra: StandardIssueExtras): string | undefined {
  const { code, origin } = extra;
  if ((code === 'too_small' || code === 'too_big') && (typeof extra.minimum === 'number' || typeof extra.minimum === 'bigint' || typeof extra.maximum === 'number' || typeof extra.maximum === 'bigint')) {
    const small = code === 'too_small';
    const limit = String(small ? extra.minimum : extra.maximum);
    const inclusive = extra.inclusive !== false;
    if (origin === 'string') return `a string of ${small ? 'at least' : 'at most'} ${limit} characters`;
    if (origin === 'array' || origin === 'set') return `an array of ${small ? 'at least' : 'at most'} ${limit} items`;
    const sign = small ? (inclusive ? '>=' : '>') : inclusive ? '<=' : '<';
    if (origin === 'int') return `an integer ${sign} ${limit}`;
    if (origin === 'number' || origin === 'bigint') return `a number ${sign} ${limit}`;
    return undefined;
  }
  if (code === 'not_multiple_of' && (typeof extra.divisor === 'number' || typeof extra.divisor === 'bigint')) return `a multiple of ${String(extra.divisor)}`;
  if (code === 'invalid_format' && typeof extra.format === 'string') {
    if (extra.format === 'regex' && typeof extra.pattern === 'string') return `a string matching ${extra.pattern}`;
    if (extra.format === 'starts_with' && typeof extra.prefix === 'string') return `a string starting with ${shortValue(extra.prefix)}`;
    if (extra.format === 'ends_with' && typeof extra.suffix === 'string') return `a string ending with ${shortValue(extra.suffix)}`;
    if (extra.format === 'includes' && typeof extra.includes === 'string') return `a string containing ${shortValue(extra.includes)}`;
    return `a string in format ${shortValue(extra.format)}`;
  }
  return undefined;
}

/** A vendor's word for a type, in JSON Schema's words (Zod says `int`). */
function typeWord(expected: string): string {
  return expected === 'int' ? 'integer' : expected;
}

/**
 * Issues from a Standard Schema's failure result; vendor extras (`expected`, `values`, `keys`) are used
 * when present. Where the schema's own JSON Schema (`guide`) names the type at the issue's path, that
 * word is used (`integer` where Zod's issue says `number` or `int`), so feedback reads alike whatever
 * the schema library.
 */
export function standardIssues(found: readonly StandardSchemaV1.Issue[], value: unknown, guide?: Guide): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  collectStandardIssues(found, [], value, guide, issues, 0);
  return issues;
}

function collectStandardIssues(
  found: readonly StandardSchemaV1.Issue[], at: readonly string[], value: unknown, guide: Guide | undefined, issues: SchemaIssue[], depth: number,
): void {
  // Zod runs a check even on a value of the wrong type (`z.array(z.string()).min(2)` given "a" also says
  // "expected string to have >=2 characters"): at a path whose type is wrong, the type is the problem.
  let wrongType: Set<string> | undefined;
  for (const issue of found) {
    if ((issue as StandardIssueExtras).code === 'invalid_type') (wrongType ??= new Set()).add(toPointer(fromStandardPath(issue.path)));
  }
  for (const issue of found) {
    const segments = [...at, ...fromStandardPath(issue.path)];
    const extra = issue as unknown as StandardIssueExtras;
    if (wrongType !== undefined && CHECK_CODES.has(extra.code as string) && wrongType.has(toPointer(fromStandardPath(issue.path)))) continue;
    const message = typeof issue.message === 'string' ? issue.message : 'the schema rejected the value';
    if (extra.code === 'unrecognized_keys' && Array.isArray(extra.keys)) {
      for (const key of extra.keys) {
        const at = [...segments, String(key)];
        issues.push({ path: toPointer(at), expected: 'no value here (not allowed by the schema)', received: shortValue(valueAt(value, at)), message });
      }
      continue;
    }
    const here = valueAt(value, segments);
    // Zod's discriminated union names the discriminator's path and its options; its guide there is the
    // union's, which declares no such property ("any value").
    if (extra.code === 'invalid_union' && Array.isArray(extra.options) && extra.options.length > 0 && (!Array.isArray(extra.errors) || extra.errors.length === 0)) {
      const expected = extra.options.length === 1 ? shortValue(extra.options[0]) : `one of ${listValues(extra.options)}`;
      issues.push({ path: toPointer(segments), expected: here === undefined ? `${expected} (required)` : expected, received: shortValue(here), message });
      continue;
    }
    if (extra.code === 'invalid_union' && Array.isArray(extra.errors) && depth < MAX_UNION_DEPTH) {
      // Zod's failed union carries each alternative's issues, with paths from the union's value.
      const node = guideNodeAt(guide, segments);
      const branches = node !== undefined && typeof node === 'object' ? (node.anyOf ?? node.oneOf) : undefined;
      const chosen = guide && Array.isArray(branches) && branches.length === extra.errors.length ? chooseBranch(guide, branches, here) : undefined;
      const expected = guide && node !== undefined ? describeSchema(guide, node) : message;
      if (!chosen?.certain) issues.push({ path: toPointer(segments), expected, received: shortValue(here), message });
      const branchIssues: unknown = chosen ? extra.errors[chosen.index] : undefined;
      if (Array.isArray(branchIssues)) collectStandardIssues(branchIssues as StandardSchemaV1.Issue[], segments, value, guide, issues, depth + 1);
      continue;
    }
    let expected: string;
    if (Array.isArray(extra.values)) expected = extra.values.length === 1 ? shortValue(extra.values[0]) : `one of ${listValues(extra.values)}`;
    else if (typeof extra.expected === 'string') expected = (/^[a-z]+$/.test(extra.expected) ? guideType(guide, segments, here) : undefined) ?? typeWord(extra.expected);
    else if (extra.type === 'integer') expected = 'integer'; // Valibot's integer check
    else expected = checkWords(extra) ?? message;
    // A missing enum or literal is required too (Zod gives `values`, not `expected`), as the JSON Schema words it.
    if (here === undefined && (typeof extra.expected === 'string' || Array.isArray(extra.values))) expected += ' (required)';
    issues.push({ path: toPointer(segments), expected, received: shortValue(here), message });
  }
}
