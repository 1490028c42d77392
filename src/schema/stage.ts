// The schema stage of the parse front doors (src/parse/api.ts): every candidate in the text, best
// first; the first that satisfies the schema (after repair) wins, else the first candidate's
// SchemaError is thrown. Installs itself into the front doors when this module is loaded.
import { JsonMendError } from '../errors.js';
import { sameJson } from '../same-json.js';
import { type ParsedCandidate, nativeParse, parseCandidates } from '../parse/candidates.js';
import { type SchemaStage, installSchemaStage } from '../parse/stage.js';
import { isCutOffRepair } from '../parse/kind-flags.js';
import type { ParseOptions, TextRepairKind } from '../parse/types.js';
import { type Compiled, type Validation, compile } from './compile.js';
import { SchemaError } from './error.js';
import type { Schema } from '@cfworker/json-schema';
import { type Guide, isDeclaredProperty, isPlainObject, itemSchema, resolveSchema, runValidator } from './guide.js';
import { propertyKey } from './convert.js';
import { readProse, wantsArrayOnly } from './prose.js';
import { guessedCloser } from './move.js';
import { type RepairLimits, isThenable, repairLoop, repairToSchema, runAsync, runSync } from './repair.js';
import type { JsonSchema, JsonSchemaDraft, Repair, RepairReport, SchemaIssue, SchemaParseOptions } from './types.js';
import { cfworkerIssues } from './issues.js';
import { fromPointer, valueAt } from './pointer.js';
import { PAST_SAFE, nonFiniteNumber, numberFlags } from './finite.js';
import { inexactNumber, quoteWritten } from './exact-integers.js';
import { type NumberText, numberSpellings } from './number-text.js';

/** What the search needs of a candidate: its value, its text repairs, and whether it was cut off. */
interface Found {
  readonly value: unknown;
  readonly repairs: readonly Repair[];
  readonly truncated: boolean;
  /** Whether the reply was cut off after the value, inside a later one: taken, it would lose what came after. */
  readonly cutAfter: boolean;
  /** For one of several concatenated values: all of them, and which this is. */
  readonly part?: { readonly all: readonly unknown[]; readonly index: number };
  /** How the reply wrote the value's numbers. */
  readonly numberText: NumberText;
  /** The text stage wrote a null the reply never gave (see RepairLimits.madeUpNulls). */
  readonly madeUpNulls: boolean;
  /** The text stage guessed where a container closes (see move.ts). */
  readonly closerGuessed: boolean;
}

/** The search as a generator that yields values to validate (see repairLoop). */
function* parseLoop(text: string, options: SchemaParseOptions, compiled: Compiled): Generator<unknown, RepairReport, Validation> {
  const { schema: _schema, onRepair: _onRepair, draft: _draft, maxRounds, validator: _validator, salvage, acceptTruncated: _acceptTruncated, ...rest } = options;
  const parseOptions: ParseOptions = rest;
  const limits = { maxRounds, maxDepth: options.maxDepth, salvage };
  const guide = compiled.guide;
  const iterator = parseCandidates(text, parseOptions);
  let first: IteratorResult<ParsedCandidate, void>;
  try {
    first = iterator.next();
  } catch (error) {
    // No JSON at all: a scalar, enum or string schema may still read its value out of the prose.
    if (error instanceof JsonMendError && error.code === 'NO_JSON' && guide !== undefined) {
      const prose = readProse(text, guide);
      if (prose !== undefined) {
        // `"12` for a number, `"high` for [high, higher]: the value sits in a quote the reply never
        // closed, a JSON string cut off, which held more (`"125"`, `"higher"`); refused as a cut-off value is.
        if (prose.repair.kind === 'read_from_prose' && options.acceptTruncated !== true && readInOpenQuote(text, guide, prose.value)) {
          throw truncatedReplyError(text, []);
        }
        const outcome = yield* repairLoop(prose.value, guide, limits);
        if (outcome.ok) return { value: outcome.value, repairs: [prose.repair, ...outcome.repairs] };
      }
    }
    throw error;
  }
  if (first.done) throw new JsonMendError('NO_JSON', 'no JSON value found in the text');
  let candidates: Iterable<ParsedCandidate> = prepend(first.value, iterator);
  // An array schema and several values, none of them an array: the values are the items.
  if (guide !== undefined && wantsArrayOnly(guide) && !Array.isArray(first.value.value)) {
    const all = [first.value, ...iterator];
    const collected = yield* collectIntoArray(all, guide, limits, options.acceptTruncated === true);
    // A value cut off at the end of the reply is one the array would have held: refused, as a cut-off
    // value is, rather than left out without a word.
    const cut = all.find((c) => c.truncated);
    if (collected !== undefined && cut !== undefined && options.acceptTruncated !== true) throw truncatedReplyError(text, cut.repairs);
    if (collected !== undefined) return collected;
    // An array written later beats a value before it that would only fit once wrapped.
    candidates = all.filter((c) => Array.isArray(c.value)).concat(all.filter((c) => !Array.isArray(c.value)));
  }
  let firstFailure: SchemaError | undefined;
  let emptyPick: RepairReport | undefined;
  // A fit that names none of the properties the schema declares (`{"status": "ok"}` quoted from a tool
  // before the answer, for an open `{name}`): taken only when no later candidate fits and names one.
  let weakPick: RepairReport | undefined;
  const declared = guide === undefined ? undefined : rootDeclared(guide);
  for (const candidate of withConcatenatedParts(candidates)) {
    // Past the values written one after another once an empty one fit: only they are weighed.
    if (emptyPick !== undefined && candidate.part === undefined) break;
    // A cut-off reply that the schema rejects is an error, not something to guess at.
    const outcome = yield* repairLoop(candidate.value, guide, { ...limits, enabled: !candidate.truncated, numberText: candidate.numberText, madeUpNulls: candidate.madeUpNulls, closerGuessed: candidate.closerGuessed });
    const weak = outcome.ok && candidate.part === undefined && declared !== undefined && namesNone(asWritten(outcome.value, outcome.repairs), declared);
    // One it accepts may still have lost what was cut off (a string's end, an optional member); after a
    // weak fit, a cut-off one that says nothing either is passed over.
    if (outcome.ok && (candidate.truncated || candidate.cutAfter) && options.acceptTruncated !== true) {
      if (weakPick !== undefined && weak) continue;
      throw truncatedReplyError(text, candidate.repairs);
    }
    if (outcome.ok) {
      if (candidate.part === undefined) {
        const found = { value: outcome.value, repairs: candidate.repairs.length === 0 ? outcome.repairs : (candidate.repairs as Repair[]).concat(outcome.repairs) };
        if (!weak) return found;
        weakPick ??= found;
        continue;
      }
      // The pick's report is built only for the one kept: each costs the length of the text's repairs.
      const pick: Repair = { kind: 'pick_concatenated_value', path: '', before: candidate.part.all, after: outcome.value };
      // `{}{"location": "Paris"}` (Bedrock's Claude, openai-agents-js #712): an empty value says
      // nothing; one after it that fits and says something is the answer.
      if (saysNothing(asWritten(outcome.value, outcome.repairs), declared)) {
        emptyPick ??= { value: outcome.value, repairs: [...candidate.repairs, pick, ...outcome.repairs] };
        continue;
      }
      yield* refuseAnotherFit(candidate, outcome.value, guide, limits, declared);
      return { value: outcome.value, repairs: [...candidate.repairs, pick, ...outcome.repairs] };
    }
    firstFailure ??= new SchemaError(outcome.issues, candidate.repairs);
  }
  if (weakPick !== undefined || emptyPick !== undefined) return (weakPick ?? emptyPick) as RepairReport;
  throw firstFailure ?? new JsonMendError('NO_JSON', 'no JSON value found in the text');
}

/** What the root of a schema declares: its properties (a union's object branches' together); undefined when none. */
interface Declared {
  readonly nodes: readonly Schema[];
  readonly keys: ReadonlySet<string>;
}

/** Per guide (compiled once per schema): asked on every parse with a schema. */
const declaredOf = new WeakMap<Guide, Declared | null>();

function rootDeclared(guide: Guide): Declared | undefined {
  let found = declaredOf.get(guide);
  if (found === undefined) declaredOf.set(guide, (found = readDeclared(guide) ?? null));
  return found ?? undefined;
}

function readDeclared(guide: Guide): Declared | undefined {
  const root = resolveSchema(guide, guide.root);
  if (typeof root === 'boolean') return undefined;
  const branches = (root.anyOf ?? root.oneOf) as Array<Schema | boolean> | undefined;
  const nodes = [root];
  if (Array.isArray(branches)) for (const b of branches) {
    const node = resolveSchema(guide, b);
    if (typeof node !== 'boolean') nodes.push(node);
  }
  const keys = new Set<string>();
  for (const node of nodes) {
    const props = node.properties;
    if (props !== null && typeof props === 'object') for (const name of Object.keys(props)) keys.add(propertyKey(name));
  }
  return keys.size === 0 ? undefined : { nodes, keys };
}

/** Whether `value` is an object none of whose keys names a property the schema declares (as rename_property compares names). */
function namesNone(value: unknown, declared: Declared): boolean {
  if (!isPlainObject(value)) return false;
  for (const key of Object.keys(value)) {
    if (declared.keys.has(propertyKey(key)) || declared.nodes.some((node) => isDeclaredProperty(node, key))) return false;
  }
  return true;
}

/**
 * `value` without the members salvage filled at its root (`fill_default`): what the candidate says,
 * weighed against the others. `{}` filled with defaults is still a value that says nothing.
 */
function asWritten(value: unknown, repairs: readonly Repair[]): unknown {
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const r of repairs) {
    if (r.kind !== 'fill_default') continue;
    const path = fromPointer(r.path);
    if (path.length !== 1 || !Object.hasOwn(value, path[0])) continue;
    copy ??= { ...value };
    delete copy[path[0]];
  }
  return copy ?? value;
}

/** `{}`, `[]`, or an object naming none of the properties the schema declares. */
function saysNothing(value: unknown, declared: Declared | undefined): boolean {
  return isEmptyContainer(value) || (declared !== undefined && namesNone(value, declared));
}

/** `{}` or `[]`. */
function isEmptyContainer(value: unknown): boolean {
  return value !== null && typeof value === 'object' && Object.keys(value).length === 0;
}

/**
 * The error for a reply that was cut off, at the cut its `repairs` name (else at the end): its value
 * may lack what came after, so with a schema (and for tool-call arguments, always) it is refused unless
 * SchemaParseOptions.acceptTruncated.
 */
export function truncatedReplyError(text: string, repairs: readonly Repair[]): JsonMendError {
  const cut = repairs.find((r) => 'offset' in r && isCutOffRepair(r.kind as TextRepairKind));
  const offset = cut !== undefined && 'offset' in cut ? cut.offset : text.length;
  return new JsonMendError('REPAIR_REFUSED', 'the reply is cut off: its value may be missing what came after (acceptTruncated: true takes it)', { offset, text, refusal: { reason: 'cut_off' } });
}

/**
 * Whether the reply ends inside a double quote it opened (an odd count of unescaped `"`) and `value`
 * was read from that open quote: the text before it reads to no value, or to another (`55" wide` for
 * a number reads 55 before its quote too, and stands).
 */
function readInOpenQuote(text: string, guide: Guide, value: unknown): boolean {
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') open = open < 0 ? i : -1;
  }
  if (open < 0) return false;
  const before = readProse(text.slice(0, open), guide);
  return before === undefined || !sameJson(before.value, value);
}

/**
 * Refuses a reading whose `repairs` say the text was cut off, unless `acceptTruncated`: for callers that
 * judge a model's reply without a schema (the loop, the OpenAI adapter) as the schema stage judges it with one.
 */
export function refuseCutOff(text: string, repairs: readonly Repair[], acceptTruncated: boolean | undefined): void {
  if (acceptTruncated !== true && repairs.some((r) => isCutOffRepair(r.kind as TextRepairKind))) throw truncatedReplyError(text, repairs);
}

/**
 * Whether the text stage wrote a `null` the reply never gave: a key with no value (`missing_value`),
 * `NaN` or `Infinity` (`non_finite_number`). Which null of the value it is, the report does not say
 * (text repairs have offsets, not paths), so every null of such a candidate is taken for one.
 */
function writesNulls(kinds: readonly string[]): boolean {
  return kinds.includes('missing_value') || kinds.includes('non_finite_number');
}

/** How the candidate's text spells its numbers, those the parser rewrote included (see numberSpellings). */
function spellingsOf(candidate: ParsedCandidate): NumberText {
  const kinds = candidate.kinds;
  const rewrote = kinds.includes('number_format') || kinds.includes('truncated');
  return numberSpellings(candidate.text, candidate.start, candidate.end, rewrote ? () => numberRewrites(candidate.unpositionedRepairs()) : undefined);
}

/** The offsets of the repairs that rewrote a number's text. */
function numberRewrites(repairs: readonly Repair[]): number[] {
  const at: number[] = [];
  for (const r of repairs) if ((r.kind === 'number_format' || r.kind === 'truncated') && 'offset' in r) at.push(r.offset);
  return at;
}

function* prepend<T>(first: T, rest: Iterator<T, void>): Generator<T, void, undefined> {
  yield first;
  for (let next = rest.next(); !next.done; next = rest.next()) yield next.value;
}

/**
 * Each candidate, and after one that was several concatenated values (`{…}{…}`, read as an array of
 * them), each of those values on its own: with an object schema, the first that validates wins.
 */
function* withConcatenatedParts(candidates: Iterable<ParsedCandidate>): Generator<Found, void, undefined> {
  for (const candidate of candidates) {
    const numberText = spellingsOf(candidate);
    // Read once: each read looks over all the candidate's repairs, one per value of thousands.
    const { repairs, truncated, cutOffAfter: cutAfter } = candidate;
    const madeUpNulls = writesNulls(candidate.kinds);
    const closerGuessed = guessedCloser(candidate.kinds);
    yield { value: candidate.value, repairs, truncated, cutAfter, numberText, madeUpNulls, closerGuessed };
    if (!Array.isArray(candidate.value) || !candidate.kinds.includes('concatenated_values')) continue;
    const all = candidate.value as unknown[];
    for (let index = 0; index < all.length; index++) yield { value: all[index], repairs, truncated, cutAfter, part: { all, index }, numberText, madeUpNulls, closerGuessed };
  }
}

/**
 * `{"q": "a"}{"q": "b"}` and a schema for one: a value after the one taken that the schema accepts too,
 * and is not the same, makes the pick a guess that loses the other: REPAIR_REFUSED.
 */
function* refuseAnotherFit(found: Found, taken: unknown, guide: Guide | undefined, limits: RepairLimits, declared: Declared | undefined): Generator<unknown, void, Validation> {
  const { all, index } = found.part as NonNullable<Found['part']>;
  for (let k = index + 1; k < all.length; k++) {
    const other = yield* repairLoop(all[k], guide, { ...limits, enabled: !found.truncated, numberText: found.numberText, madeUpNulls: found.madeUpNulls, closerGuessed: found.closerGuessed });
    if (other.ok && !saysNothing(asWritten(other.value, other.repairs), declared) && !sameJson(other.value, taken)) {
      throw new JsonMendError('REPAIR_REFUSED', `the reply holds ${all.length} values written one after another, and values ${index + 1} and ${k + 1} both match the schema: which one is meant is a guess (a schema for an array of them takes them all)`, { refusal: { reason: 'ambiguous' } });
    }
  }
}

/**
 * `collect_into_array`: several candidates, none an array, and a schema asking for an array: the array
 * of those that fit the items (each repaired toward them), in document order. Undefined when there are
 * fewer than two, one is an array, none fits, or the array itself is not valid.
 */
function* collectIntoArray(all: readonly ParsedCandidate[], guide: Guide, limits: RepairLimits, acceptTruncated: boolean): Generator<unknown, RepairReport | undefined, Validation> {
  const node = wantsArrayOnly(guide);
  if (node === undefined || all.length < 2 || all.some((c) => Array.isArray(c.value))) return undefined;
  const ordered = all.slice().sort((a, b) => a.start - b.start);
  const kept: unknown[] = [];
  const textRepairs: Repair[] = [];
  const itemRepairs: Repair[] = [];
  for (const candidate of ordered) {
    // A cut-off value is never repaired into an item: the caller refuses the reply, or, told to
    // accept one, it joins as it stands, its cut reported with its text repairs.
    if (candidate.truncated && !acceptTruncated) continue;
    const madeUpNulls = writesNulls(candidate.kinds) && limits.salvage !== true;
    const spellings = spellingsOf(candidate);
    const fit = repairToSchema(candidate.value, itemSchema(node, kept.length), guide, [String(kept.length)], spellings, madeUpNulls);
    if (fit === undefined || (candidate.truncated && fit.repairs.length > 0)) continue;
    // A number whose digits the double lost does not fit, as in a value of its own (see exact-integers.ts):
    // left out, and listed in the report's `before`.
    if (inexactNumber(fit.value, spellings) !== undefined) continue;
    kept.push(fit.value);
    for (const r of candidate.repairs) textRepairs.push(r);
    for (const r of fit.repairs) itemRepairs.push(r);
  }
  if (kept.length === 0) return undefined;
  const outcome = yield* repairLoop(kept, guide, { ...limits, madeUpNulls: all.some((c) => writesNulls(c.kinds)) });
  if (!outcome.ok) return undefined;
  const collect: Repair = { kind: 'collect_into_array', path: '', before: ordered.map((c) => c.value), after: kept };
  return { value: outcome.value, repairs: [...textRepairs, collect, ...itemRepairs, ...outcome.repairs] };
}

function compiledFor(options: SchemaParseOptions): Compiled {
  // Only called with a schema (the front door checks); compile refuses one it cannot use.
  return compile(options.schema as NonNullable<SchemaParseOptions['schema']>, options.draft, options.validator);
}

/**
 * The common case in one step: the whole text is valid JSON and the value is valid. No candidate
 * search, no generators: the cost is JSON.parse plus one validation. Undefined otherwise (the full
 * search then starts over; only failures pay for that).
 */
function validAsItStands(text: string, options: SchemaParseOptions, compiled: Compiled): RepairReport | undefined {
  const fast = nativeParse(text, options);
  if (fast === undefined) return undefined;
  const validation = compiled.validate(fast.value);
  if (isThenable(validation)) {
    validation.then(undefined, () => undefined); // the full search validates again and says what to do
    return undefined;
  }
  if (!validation.valid) return undefined;
  // A number whose digits the double lost: the full search fails it at its path (see exact-integers.ts).
  if (validation.pastSafe === true && inexactNumber(validation.value, numberSpellings(text, 0, text.length)) !== undefined) return undefined;
  return { value: validation.value, repairs: validation.stripped ?? [] };
}

/**
 * The issues of `value` against the subschema at `pointer` of a compiled JSON Schema. Validated in
 * place (the guide's lookup, the schema's draft), not as a schema of its own: a `$ref` to
 * `#/properties/a` or `#/definitions/x` resolves in the whole schema, and draft-04's boolean
 * `exclusiveMaximum` stays draft-04's.
 */
function checkAt(compiled: Compiled, pointer: string, value: unknown, numberText: NumberText | undefined): SchemaIssue[] {
  const guide = compiled.guide;
  const sub = guide === undefined ? undefined : valueAt(guide.root, fromPointer(pointer));
  if (guide === undefined || sub === undefined || (typeof sub !== 'boolean' && !isPlainObject(sub))) {
    throw new JsonMendError('INVALID_SCHEMA', `no subschema at ${pointer}`);
  }
  const node = sub as Schema | boolean;
  if (runValidator(guide, node, value, true).valid) {
    const bad = nonFiniteNumber(value);
    return withLost(bad === undefined ? [] : [bad.issue], value, numberText);
  }
  return withLost(cfworkerIssues(guide, runValidator(guide, node, value, false).errors, value, node), value, numberText);
}

/**
 * `issues`, and first the issue of a number in `value` whose digits the double lost, as parse refuses
 * it (see exact-integers.ts), where the text's spellings are known and no issue names its path; only
 * a value holding a number past 2^53 is searched.
 */
function withLost(issues: SchemaIssue[], value: unknown, numberText: NumberText | undefined): SchemaIssue[] {
  if (numberText === undefined || (numberFlags(value) & PAST_SAFE) === 0) return issues;
  const lost = inexactNumber(value, numberText);
  const quoted = quoteWritten(issues, value, numberText);
  return lost === undefined || quoted.some((i) => i.path === lost.issue.path) ? quoted : [lost.issue, ...quoted];
}

/** The stage the front doors call when a schema is given. */
export const schemaStage: SchemaStage = {
  parseWithReport(text, options) {
    const compiled = compiledFor(options);
    // With salvage, defaults are filled even in a valid value: the loop does that.
    return ((options as SchemaParseOptions).salvage === true ? undefined : validAsItStands(text, options, compiled)) ?? runSync(parseLoop(text, options, compiled), (v) => compiled.validate(v));
  },
  parseAsync(text, options) {
    const compiled = compiledFor(options);
    return runAsync(parseLoop(text, options, compiled), (v) => compiled.validate(v));
  },
  check(schema, value, at) {
    const compiled = compile(schema as JsonSchema, at?.draft as JsonSchemaDraft | undefined);
    if (at?.pointer) return checkAt(compiled, at.pointer, value, at.numberText);
    const result = compiled.validate(value);
    if (isThenable(result)) {
      result.then(undefined, () => undefined);
      throw new JsonMendError('INVALID_ARGUMENT', 'the schema validates asynchronously');
    }
    return withLost(result.valid ? [] : result.issues(), value, at?.numberText);
  },
};

installSchemaStage(schemaStage);
