// Preparing a schema once (cached per schema object, draft and validator) into a validator plus, where
// there is one, a JSON Schema guide for repairs.
import { dereference, validate as cfValidate } from '@cfworker/json-schema';
import type { Schema, SchemaDraft } from '@cfworker/json-schema';
import { JsonMendError, describeType } from '../errors.js';
import { type Guide, expectedTypes, isDeclaredProperty, isPlainObject, itemSchema, loneSurrogateIssue, propertySchema, resolveSchema, runValidator, satisfies, translateValidatorError, withWellFormedKeys } from './guide.js';
import { repairToSchema } from './repair.js';
import { propertyKey } from './convert.js';
import { sameJson } from '../same-json.js';
import { cfworkerIssues, listValues, standardIssues } from './issues.js';
import { fromFragment, fromStandardPath, shortValue, toPointer, valueAt } from './pointer.js';
import { checkJsonSchema } from './sanity.js';
import { jsonSchemaOfProps, standardPropsOf, type StandardSchemaV1 } from './standard.js';
import type { JsonSchema, JsonSchemaDraft, JsonSchemaValidator, SchemaIssue, SchemaLike, SchemaRepair } from './types.js';
import { NON_FINITE, PAST_SAFE, nonFiniteNumber, numberFlags } from './finite.js';

/** The outcome of validating a value: its (possibly transformed) output, or what failed and where. */
export type Validation =
  // pastSafe: the value holds a number past 2^53, which the reply may have written with more digits than it keeps (see exact-integers.ts).
  | { valid: true; value: unknown; stripped?: SchemaRepair[]; pastSafe?: boolean }
  | { valid: false; issues: () => SchemaIssue[]; paths: string[][] };

/** A schema ready to use. */
export interface Compiled {
  /** The JSON Schema that guides repairs; undefined for a Standard Schema without a JSON Schema. */
  guide: Guide | undefined;
  /** Strict validation; a promise only for asynchronous Standard Schemas. */
  validate(value: unknown): Validation | Promise<Validation>;
}

const DRAFTS: readonly JsonSchemaDraft[] = ['2020-12', '2019-09', '7', '4'];

/** The built-in validator's compile: @cfworker/json-schema, no code generation. */
function builtInCompile(schema: JsonSchema | boolean, draft: JsonSchemaDraft): (value: unknown) => boolean {
  const guide = makeGuide(schema as Schema | boolean, draft);
  return (value) => cfValidate(value, guide.root, guide.draft, guide.lookup, true).valid;
}

/** The built-in JSON Schema validator (@cfworker/json-schema), carrying `stage` when given. */
export function builtInValidator(stage?: JsonSchemaValidator['stage']): JsonSchemaValidator {
  return { name: '@cfworker/json-schema', compile: builtInCompile, stage };
}

interface Cache {
  objects: WeakMap<object, Map<string, Compiled>>;
  booleans: Map<string, Compiled>;
}

const newCache = (): Cache => ({ objects: new WeakMap(), booleans: new Map() });
const builtInCache = newCache();
const pluggedCaches = new WeakMap<JsonSchemaValidator, Cache>();

function cacheFor(validator: JsonSchemaValidator | undefined): Cache {
  if (validator === undefined || validator.compile === builtInCompile) return builtInCache;
  let cache = pluggedCaches.get(validator);
  if (!cache) pluggedCaches.set(validator, (cache = newCache()));
  return cache;
}

/** The compiled form of `schema`, built once per schema object, draft and validator. */
export function compile(schema: SchemaLike, draft?: JsonSchemaDraft, validator?: JsonSchemaValidator): Compiled {
  if (draft !== undefined && !DRAFTS.includes(draft)) {
    throw new JsonMendError('INVALID_SCHEMA', `draft must be one of ${DRAFTS.map((d) => `'${d}'`).join(', ')}, got ${shortValue(draft)}`);
  }
  if (validator !== undefined && (validator === null || typeof validator !== 'object' || typeof validator.compile !== 'function')) {
    throw new JsonMendError('INVALID_ARGUMENT', 'validator must be an object with a compile function (see jsonSchemaValidator, ajvValidator)');
  }
  const draftKey = draft ?? '';
  const cache = cacheFor(validator);
  if (typeof schema === 'boolean') {
    const key = `${schema}:${draftKey}`;
    let compiled = cache.booleans.get(key);
    if (!compiled) cache.booleans.set(key, (compiled = compileJsonSchema(schema, draft, validator)));
    return compiled;
  }
  if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) {
    throw new JsonMendError('INVALID_SCHEMA', `the schema must be a JSON Schema object or a Standard Schema, got ${describeType(schema)}`);
  }
  let byDraft = cache.objects.get(schema);
  let compiled = byDraft?.get(draftKey);
  if (compiled) return compiled;
  const props = standardPropsOf(schema);
  compiled = props ? compileStandard(props, draft) : compileJsonSchema(schema as JsonSchema, draft, validator);
  if (!byDraft) cache.objects.set(schema, (byDraft = new Map()));
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
  // JSON round trip: plain data only, `__proto__` stays an own key (checkJsonSchema refused cycles and functions).
  return JSON.parse(JSON.stringify(schema)) as Schema;
}

function compileJsonSchema(schema: JsonSchema | boolean, draft: JsonSchemaDraft | undefined, validator: JsonSchemaValidator | undefined): Compiled {
  checkJsonSchema(schema);
  const guide = makeGuide(privateCopy(schema), draftOf(schema, draft));
  const { root, lookup } = guide;
  const d = guide.draft;
  const plugged = validator === undefined || validator.compile === builtInCompile ? undefined : compilePlugged(validator, schema, d);
  const quick = plugged ?? ((value: unknown) => cfValidate(value, root, d, lookup, true).valid);
  return {
    guide,
    validate(value) {
      // Short-circuit pass first: the valid case pays one validation and nothing else.
      let valid: boolean;
      try {
        valid = quick(value);
      } catch (error) {
        if (error instanceof URIError) return withBrokenKeys(value);
        throw translateValidatorError(error, value);
      }
      if (valid) {
        const flags = numberFlags(value);
        const bad = flags & NON_FINITE ? nonFiniteNumber(value) : undefined;
        if (bad !== undefined) return { valid: false, issues: () => [bad.issue], paths: [bad.path] };
        return flags & PAST_SAFE ? { valid: true, value, pastSafe: true } : { valid: true, value };
      }
      const errors = runValidator(guide, root, value, false).errors;
      if (errors.length === 0) {
        // The plugged validator rejects what the built-in one accepts: nothing to repair, one issue to show.
        const name = validator?.name ?? 'the validator';
        return { valid: false, issues: () => [{ path: '', expected: 'a value the schema accepts', received: shortValue(value), message: `${name} rejected the value` }], paths: [] };
      }
      const paths = errors.map((e) => fromFragment(e.instanceLocation));
      return { valid: false, issues: () => cfworkerIssues(guide, errors, value), paths };
    },
  };

  /**
   * A property name with a lone surrogate, which the built-in validator cannot put in a location: the
   * value is judged with those names made well-formed; if it still fails, the broken name is the first
   * issue and nothing is repaired (the reply must be fixed, not the schema).
   */
  function withBrokenKeys(value: unknown): Validation {
    const readable = withWellFormedKeys(value);
    let valid: boolean;
    try {
      valid = quick(readable);
    } catch (error) {
      throw translateValidatorError(error, value);
    }
    if (valid) return { valid: true, value };
    const errors = runValidator(guide, root, readable, false).errors;
    return { valid: false, issues: () => [loneSurrogateIssue(value) as SchemaIssue, ...cfworkerIssues(guide, errors, readable)], paths: [] };
  }
}

function compilePlugged(validator: JsonSchemaValidator, schema: JsonSchema | boolean, draft: SchemaDraft): (value: unknown) => boolean {
  let check: unknown;
  try {
    check = validator.compile(privateCopy(schema) as JsonSchema | boolean, draft);
  } catch (error) {
    if (error instanceof JsonMendError) throw error;
    throw new JsonMendError('INVALID_SCHEMA', `${validator.name} cannot use the schema: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (typeof check !== 'function') throw new JsonMendError('INVALID_ARGUMENT', `${validator.name}'s compile must return a function`);
  return check as (value: unknown) => boolean;
}

const invalidResult = (what: string) => new JsonMendError('INVALID_SCHEMA', `the schema's validate returned ${what}, not a Standard Schema result`);

/** A Standard Schema result checked for shape: anything else is the schema's fault, never a silent pass. */
function toValidation(result: unknown, value: unknown, guide: Guide | undefined): Validation {
  if (result === null || typeof result !== 'object') throw invalidResult(describeType(result));
  const { issues } = result as { issues?: unknown };
  if (issues === undefined) {
    if (!('value' in result)) throw invalidResult('an object with neither value nor issues');
    const output = (result as { value: unknown }).value;
    const lost = guide === undefined ? strippedWhole(value, output, []) : lostKeys(guide, guide.root, value, output, []);
    if (lost === undefined) {
      const stripped: SchemaRepair[] = [];
      if (guide !== undefined) strippedKeys(guide, guide.root, value, output, [], stripped);
      const accepted: Validation = stripped.length === 0 ? { valid: true, value: output } : { valid: true, value: output, stripped };
      if (numberFlags(output) & PAST_SAFE) accepted.pastSafe = true;
      return accepted;
    }
    // An array or object a fallback replaced fails where it does inside, so the walk reaches what to repair.
    return { valid: false, issues: () => [lostIssue(lost, value)], paths: lost.kind === 'replaced' && lost.inside !== undefined ? [lost.path, ...lost.inside] : [lost.path] };
  }
  if (!Array.isArray(issues)) throw invalidResult(`issues that are not an array (${describeType(issues)})`);
  for (const issue of issues) {
    if (issue === null || typeof issue !== 'object') throw invalidResult(`an issue that is ${describeType(issue)}`);
    const path = (issue as { path?: unknown }).path;
    if (path !== undefined && !Array.isArray(path)) throw invalidResult(`an issue whose path is ${describeType(path)}`);
  }
  const found = issues as StandardSchemaV1.Issue[];
  return { valid: false, issues: () => standardIssues(found, value, guide), paths: failingPaths(found, value) };
}

/**
 * The paths of a Standard Schema's issues, and for an issue at a key of an object, the object's own
 * path too: the object is what fails, as a JSON Schema validator's `required`, `properties` and
 * `additionalProperties` say, so the repairs of a whole object (unwrap_object, unwrap_schema_echo) are
 * tried there, as with a JSON Schema: `{"person": {"name": "Ada"}}` for `{name}` (Zod's missing
 * required property, at `["name"]`), `{"result": {"k": "low"}}` for a record of enum members (Zod's
 * issue at `["result"]` alone).
 */
function failingPaths(found: readonly StandardSchemaV1.Issue[], value: unknown): string[][] {
  const paths: string[][] = [];
  for (const issue of found) {
    const path = fromStandardPath(issue.path);
    paths.push(path);
    if (path.length === 0) continue;
    const parent = path.slice(0, -1);
    const holder = valueAt(value, parent);
    if (isPlainObject(holder)) paths.push(parent);
  }
  return paths;
}

/**
 * Keys a Standard Schema dropped from a value it accepts, at an object where that loses the answer:
 * - `rename`: `{"Name": "Ada"}` through Zod's `z.object({name: z.string().optional()})` is valid, and
 *   the output `{}`: the schema strips the key it does not know, though it names a property as
 *   rename_property compares names, and the property itself is missing;
 * - `all`: every key of a non-empty object, where the schema declares properties and none of them:
 *   a wrapper around the answer (`{"result": {…}}`), the schema echoed with the answer in its
 *   `properties`, a whole tool call; what is left says nothing (`{}`, or only defaults);
 * - `twice`: a key naming a property the object has with another value (`{"a": 1, "A": 2}`), at the
 *   key: no repair picks between the two answers;
 * - `replaced`: a scalar the schema's own fallback replaced (see {@link replacedScalar}), or an
 *   array or object that no copy of it replaced;
 * Such an object is where the value fails, so that the repair renames the key or unwraps the answer
 * (rename_property, unwrap_object, unwrap_schema_echo), or the value is an error; else the answer
 * would be lost without a word. Undefined when no key was.
 */
type LostKeys =
  | { kind: 'rename'; path: string[]; key: string; property: string }
  | { kind: 'twice'; path: string[]; key: string; property: string }
  | { kind: 'all'; path: string[]; keys: string[]; declared: string[] }
  | { kind: 'replaced'; path: string[]; input: unknown; output: unknown; expected: string; inside?: string[][] };

const MAX_WALK_DEPTH = 256;

function lostKeys(guide: Guide, schema: Schema | boolean, input: unknown, output: unknown, path: string[]): LostKeys | undefined {
  // `path` is one stack, pushed and popped: a valid value is walked whole, and a copy per member would cost more than the walk.
  // Past a depth no schema's properties reach in practice the walk stops, rather than the stack.
  if ((input === output && (input === null || typeof input !== 'object')) || path.length > MAX_WALK_DEPTH) return undefined;
  const node = resolveSchema(guide, schema);
  if (typeof node === 'boolean') return undefined;
  if (Array.isArray(input) && Array.isArray(output) && input.length === output.length) {
    // A union of arrays: read through the branch that takes the value (see strippedKeys).
    if (node.items === undefined && node.prefixItems === undefined) {
      const branch = acceptingBranch(guide, node, input);
      if (branch !== undefined) return lostKeys(guide, branch, input, output, path);
    }
    for (let i = 0; i < input.length; i++) {
      path.push(String(i));
      const found = lostKeys(guide, itemSchema(node, i), input[i], output[i], path);
      path.pop();
      if (found !== undefined) return found;
    }
    return undefined;
  }
  // A transform's output is no copy of its input (`.transform(o => o.name ?? "anonymous")`): the
  // input is read alone, as the schema's input JSON Schema says it is read. Unless the input JSON
  // Schema does not take it and a repair reads it: then a fallback replaced the reply's array or
  // object (`z.array(z.int()).catch([])` gives `[]` for `[1, "2"]`), as replacedScalar says of a scalar.
  if (Array.isArray(input) || (isPlainObject(input) && !isPlainObject(output))) return replacedScalar(guide, schema, node, input, output, path) ?? lostKeysOfInput(guide, node, input, path);
  if (input === null || typeof input !== 'object') return replacedScalar(guide, schema, node, input, output, path);
  if (!isPlainObject(input) || !isPlainObject(output)) return undefined;
  const props = node.properties;
  const declared = props !== null && typeof props === 'object' ? Object.keys(props) : [];
  const keys = Object.keys(input);
  let kept = 0;
  for (const key of keys) {
    if (Object.hasOwn(output, key)) {
      kept++;
      path.push(key);
      const found = lostKeys(guide, propertySchema(node, key), input[key], output[key], path);
      path.pop();
      if (found !== undefined) return found;
    } else if (!isDeclaredProperty(node, key)) {
      const lost = strippedKey(declared, input, key, path);
      if (lost !== undefined) return lost;
    } else {
      kept++; // a declared key the schema turned into another (a transform's output): not dropped
    }
  }
  if (kept === 0 && keys.length > 0 && declared.length > 0) return { kind: 'all', path: path.slice(), keys, declared };
  if (kept === 0 && keys.length > 0 && declared.length === 0) {
    // A union of such objects (`z.union([z.object({a}), z.object({b})])`): the branch that took it stripped it.
    const names = unionDeclared(guide, node);
    if (names !== undefined && !keys.some((key) => names.includes(key))) return { kind: 'all', path: path.slice(), keys, declared: names };
  }
  // A union (`z.union([z.object({fullName: …optional()}), z.null()])`): read through the branch that
  // takes the value, as the schema's own union takes the first that does.
  const branch = declared.length === 0 ? acceptingBranch(guide, node, input) : undefined;
  return branch === undefined ? undefined : lostKeys(guide, branch, input, output, path);
}

/**
 * What dropping `key`, which no property declares, loses: a property it names as rename_property
 * compares names that the object lacks (`rename`), or one the object has with another value
 * (`{"a": 1, "A": 2}`: a second answer for `a`, which was meant is a guess: `twice`). Undefined when
 * it names none, or repeats the property's value.
 */
function strippedKey(declared: readonly string[], input: Record<string, unknown>, key: string, path: string[]): LostKeys | undefined {
  const wanted = propertyKey(key);
  const property = declared.find((name) => propertyKey(name) === wanted && !Object.hasOwn(input, name));
  if (property !== undefined) return { kind: 'rename', path: path.slice(), key, property };
  const present = declared.find((name) => propertyKey(name) === wanted && !sameJson(input[name], input[key]));
  return present === undefined ? undefined : { kind: 'twice', path: [...path, key], key, property: present };
}

/**
 * The keys a Standard Schema dropped from a value it accepts, that lostKeys lets pass (keys naming no
 * property: Zod's `z.object` strips them), each as the `strip_extra_properties` a closed JSON Schema
 * reports: never without a word, since a text repair may have moved a member the writer meant for the
 * parent into a nested object (`[{"a": {"x": 1, "b": 2}]`, a `}` lost). Walked as lostKeys walks:
 * where the output is no copy of the input (a transform: `.transform((o) => o.id)`), the input is read
 * alone, as its input JSON Schema says the schema strips keys before the transform sees them (see
 * strippedFromInput); a declared key the output lacks is the schema's transform, not a strip.
 */
function strippedKeys(guide: Guide, schema: Schema | boolean, input: unknown, output: unknown, path: string[], out: SchemaRepair[]): void {
  if (input === output || input === null || typeof input !== 'object' || path.length > MAX_WALK_DEPTH) return;
  if (output === null || typeof output !== 'object' || Array.isArray(input) !== Array.isArray(output) || (Array.isArray(input) && input.length !== (output as unknown[]).length)) {
    strippedFromInput(guide, schema, input, path, out);
    return;
  }
  const node = resolveSchema(guide, schema);
  if (typeof node === 'boolean') return;
  if (Array.isArray(input)) {
    if (!Array.isArray(output) || input.length !== output.length) return;
    // A union of arrays (`z.union([z.array(A), z.array(B)])`): read through the branch that takes the
    // value, as for objects below; the union itself names no items, and a key stripped from an item
    // went without a word.
    if (node.items === undefined && node.prefixItems === undefined) {
      const branch = acceptingBranch(guide, node, input);
      if (branch !== undefined) strippedKeys(guide, branch, input, output, path, out);
      if (branch !== undefined || node.anyOf !== undefined || node.oneOf !== undefined) return;
    }
    for (let i = 0; i < input.length; i++) {
      path.push(String(i));
      strippedKeys(guide, itemSchema(node, i), input[i], output[i], path, out);
      path.pop();
    }
    return;
  }
  if (!isPlainObject(input) || !isPlainObject(output)) return;
  const props = node.properties;
  if (props === null || typeof props !== 'object' || Object.keys(props).length === 0) {
    // A union of objects: read through the branch that takes the value, as lostKeys does.
    const branch = acceptingBranch(guide, node, input);
    if (branch !== undefined) strippedKeys(guide, branch, input, output, path, out);
    return;
  }
  for (const key of Object.keys(input)) {
    if (Object.hasOwn(output, key)) {
      path.push(key);
      strippedKeys(guide, propertySchema(node, key), input[key], output[key], path, out);
      path.pop();
    } else if (!isDeclaredProperty(node, key)) {
      out.push({ kind: 'strip_extra_properties', path: toPointer([...path, key]), before: input[key], after: undefined });
    }
  }
}

/**
 * As {@link strippedKeys}, for an input whose output cannot be compared with it (a transform's): the
 * keys its input JSON Schema says are dropped, as lostKeysOfInput reads them (an object declaring
 * properties, not the key, and nothing of other keys: Zod's `z.object`), each reported. `{"id": 1,
 * "note": "hi"}` through `z.object({id}).transform((o) => o.id)` is 1, and `note` went first.
 */
function strippedFromInput(guide: Guide, schema: Schema | boolean, input: unknown, path: string[], out: SchemaRepair[]): void {
  if (input === null || typeof input !== 'object' || path.length > MAX_WALK_DEPTH) return;
  const node = resolveSchema(guide, schema);
  if (typeof node === 'boolean') return;
  if (Array.isArray(input)) {
    if (node.items === undefined && node.prefixItems === undefined) {
      const branch = acceptingBranch(guide, node, input);
      if (branch !== undefined) strippedFromInput(guide, branch, input, path, out);
      return;
    }
    for (let i = 0; i < input.length; i++) {
      path.push(String(i));
      strippedFromInput(guide, itemSchema(node, i), input[i], path, out);
      path.pop();
    }
    return;
  }
  if (!isPlainObject(input)) return;
  const props = node.properties;
  if (props === null || typeof props !== 'object' || Object.keys(props).length === 0) {
    const branch = acceptingBranch(guide, node, input);
    if (branch !== undefined) strippedFromInput(guide, branch, input, path, out);
    return;
  }
  const strips = node.additionalProperties === undefined && node.patternProperties === undefined;
  for (const key of Object.keys(input)) {
    if (isDeclaredProperty(node, key) || !strips) {
      path.push(key);
      strippedFromInput(guide, propertySchema(node, key), input[key], path, out);
      path.pop();
    } else {
      out.push({ kind: 'strip_extra_properties', path: toPointer([...path, key]), before: input[key], after: undefined });
    }
  }
}

/** The first branch of `node`'s `anyOf` / `oneOf` that `value` meets as JSON Schema; undefined when none or no union. */
function acceptingBranch(guide: Guide, node: Schema, value: unknown): Schema | boolean | undefined {
  const branches = (node.anyOf ?? node.oneOf) as Array<Schema | boolean> | undefined;
  if (!Array.isArray(branches)) return undefined;
  return branches.find((b) => satisfies(guide, b, value));
}

/**
 * A scalar of the reply the schema replaced where its input JSON Schema does not take it, though a
 * repair reads it as what it asks for: Zod's `.catch(0)` gives 0 for `"5"`, `z.coerce.boolean()` true for
 * `"false"`; also an array or object replaced whole (`.catch([])` for `[1, "2"]`, `.catch(0)` for `["5"]`). The reply's value is the answer: the path fails, so the repair makes it (`"5"` → 5) and the
 * schema sees that. A value no repair reads (`"abc"`) is left to the schema's own fallback; a transform
 * of a value the input schema takes (`z.string().transform(…)`) is the schema's business.
 */
function replacedScalar(guide: Guide, schema: Schema | boolean, node: Schema, input: unknown, output: unknown, path: string[]): LostKeys | undefined {
  if (Object.is(input, output) || satisfies(guide, schema, input)) return undefined;
  if (repairToSchema(input, schema, guide, path.slice()) === undefined) return undefined;
  const types = expectedTypes(node);
  const expected = types.length > 0 ? types.join(' or ') : 'a value the schema accepts';
  if (input === null || typeof input !== 'object') return { kind: 'replaced', path: path.slice(), input, output, expected };
  const inside = runValidator(guide, schema, input, false).errors.map((e) => [...path, ...fromFragment(e.instanceLocation)]);
  return { kind: 'replaced', path: path.slice(), input, output, expected, inside };
}

/**
 * The properties the branches of a union declare, when every branch is an object that declares some
 * and says nothing of other keys (no `additionalProperties`); else undefined.
 */
function unionDeclared(guide: Guide, node: Schema): string[] | undefined {
  const branches = (node.anyOf ?? node.oneOf) as Array<Schema | boolean> | undefined;
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const names: string[] = [];
  for (const branch of branches) {
    const b = resolveSchema(guide, branch);
    if (typeof b === 'boolean' || b.additionalProperties !== undefined || b.patternProperties !== undefined || b.properties === null || typeof b.properties !== 'object') return undefined;
    const own = Object.keys(b.properties);
    if (own.length === 0) return undefined;
    for (const name of own) if (!names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * As {@link lostKeys}, for an input whose output cannot be compared with it: a key is dropped where
 * the object's subschema declares properties, not the key, and nothing of other keys (no
 * `additionalProperties` or `patternProperties`: Zod's `z.object`, which strips them, as its input JSON
 * Schema writes it; `z.looseObject` and `.catchall` say `additionalProperties`).
 */
function lostKeysOfInput(guide: Guide, schema: Schema | boolean, input: unknown, path: string[]): LostKeys | undefined {
  if (input === null || typeof input !== 'object' || path.length > MAX_WALK_DEPTH) return undefined;
  const node = resolveSchema(guide, schema);
  if (typeof node === 'boolean') return undefined;
  if (Array.isArray(input)) {
    for (let i = 0; i < input.length; i++) {
      path.push(String(i));
      const found = lostKeysOfInput(guide, itemSchema(node, i), input[i], path);
      path.pop();
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const record = input as Record<string, unknown>;
  const props = node.properties;
  const declared = props !== null && typeof props === 'object' ? Object.keys(props) : [];
  const strips = declared.length > 0 && node.additionalProperties === undefined && node.patternProperties === undefined;
  const keys = Object.keys(record);
  let kept = 0;
  for (const key of keys) {
    if (isDeclaredProperty(node, key) || !strips) {
      kept++;
      path.push(key);
      const found = lostKeysOfInput(guide, propertySchema(node, key), record[key], path);
      path.pop();
      if (found !== undefined) return found;
    } else {
      const lost = strippedKey(declared, record, key, path);
      if (lost !== undefined) return lost;
    }
  }
  if (kept === 0 && keys.length > 0) return { kind: 'all', path: path.slice(), keys, declared };
  return undefined;
}

/**
 * For a Standard Schema with no JSON Schema to read (plain Valibot): an object of the reply, not empty,
 * whose output holds none of its keys. The schema stripped them all (`{"result": {…}}` for
 * `v.object({name: v.optional(…)})` gives `{}`): without its shape the wrapper cannot be taken off, so
 * the value fails there rather than come out empty. Keys it strips beside ones it keeps cannot be told
 * from chatter without the shape, and stay the schema's business.
 */
function strippedWhole(input: unknown, output: unknown, path: string[]): LostKeys | undefined {
  if (input === output || input === null || typeof input !== 'object' || output === null || typeof output !== 'object' || path.length > MAX_WALK_DEPTH) return undefined;
  if (Array.isArray(input)) {
    if (!Array.isArray(output) || input.length !== output.length) return undefined;
    for (let i = 0; i < input.length; i++) {
      path.push(String(i));
      const found = strippedWhole(input[i], output[i], path);
      path.pop();
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isPlainObject(output)) return undefined;
  const keys = Object.keys(input);
  let kept = 0;
  for (const key of keys) {
    if (!Object.hasOwn(output, key)) continue;
    kept++;
    path.push(key);
    const found = strippedWhole((input as Record<string, unknown>)[key], output[key], path);
    path.pop();
    if (found !== undefined) return found;
  }
  return kept === 0 && keys.length > 0 ? { kind: 'all', path: path.slice(), keys, declared: Object.keys(output) } : undefined;
}

function lostIssue(lost: LostKeys, value: unknown): SchemaIssue {
  const path = toPointer(lost.path);
  if (lost.kind === 'all' && lost.declared.length === 0) {
    return {
      path,
      expected: 'object with the properties the schema declares at this level',
      received: shortValue(valueAt(value, lost.path)),
      message: `the schema would drop every key of the object (${listValues(lost.keys)})`,
    };
  }
  if (lost.kind === 'replaced') {
    return { path, expected: lost.expected, received: shortValue(lost.input), message: `the schema would replace ${shortValue(lost.input)} with ${shortValue(lost.output)}, though the value reads as ${lost.expected}` };
  }
  if (lost.kind === 'twice') {
    const received = shortValue(valueAt(value, lost.path));
    return { path, expected: `no second key for the property ${JSON.stringify(lost.property)}`, received, message: `the key ${JSON.stringify(lost.key)} names the property ${JSON.stringify(lost.property)}, which the object has with another value, and the schema would drop it` };
  }
  if (lost.kind === 'rename') {
    return { path, expected: `the property ${JSON.stringify(lost.property)}`, received: JSON.stringify(lost.key), message: `the key ${JSON.stringify(lost.key)} names the property ${JSON.stringify(lost.property)}, and the schema would drop it` };
  }
  return {
    path,
    expected: `object with its properties (${listValues(lost.declared)}) at this level`,
    received: shortValue(valueAt(value, lost.path)),
    message: `no key of the object (${listValues(lost.keys)}) is a property the schema declares, and the schema would drop them all`,
  };
}

function compileStandard(props: StandardSchemaV1.Props, draft: JsonSchemaDraft | undefined): Compiled {
  let guide: Guide | undefined;
  const json = jsonSchemaOfProps(props);
  if (json) {
    try {
      guide = makeGuide(privateCopy(json), draftOf(json, draft));
    } catch {
      guide = undefined; // A JSON Schema we cannot read only costs the repairs, not validation.
    }
  }
  const validate = props.validate.bind(props);
  return {
    guide,
    validate(value) {
      let result: unknown;
      try {
        result = validate(value);
      } catch (error) {
        throw new JsonMendError('INVALID_SCHEMA', `the schema's validate threw: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      if (result !== null && typeof result === 'object' && typeof (result as PromiseLike<unknown>).then === 'function') {
        return Promise.resolve(result).then(
          (r) => toValidation(r, value, guide),
          (error: unknown) => {
            throw new JsonMendError('INVALID_SCHEMA', `the schema's validate failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
          },
        );
      }
      return toValidation(result, value, guide);
    },
  };
}
