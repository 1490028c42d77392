// The validate-then-repair loop: validate strictly; where validation failed, look up the subschema
// and apply the named repairs in their documented order; re-validate; bounded rounds. Values are
// copied on write, so the caller's value is never mutated and untouched subtrees are shared.
import type { Schema } from '@cfworker/json-schema';
import { JsonMendError } from '../errors.js';
import type { Validation } from './compile.js';
import {
  NO, type Converted, enumCaseFold, integralToInteger, looksLikeContainer, propertyKey, scalarToString,
  stringToBoolean, stringToInteger, stringToNumber, unwrapJsonString, writtenNumber,
} from './convert.js';
import {
  type Guide, type JsonType, expectedTypes, isDeclaredProperty, isPlainObject, isRequired, itemSchema,
  jsonTypeOf, propertySchema, resolveFor, resolveSchema, runValidator, satisfies, typeFits,
} from './guide.js';
import { fromFragment, fromPointer, shortValue, toPointer, valueAt } from './pointer.js';
import { dropFailingItems, fillDefaults } from './salvage.js';
import { enumWithText } from './prose.js';
import { moveToParent } from './move.js';
import type { SchemaIssue, SchemaRepair, SchemaRepairKind } from './types.js';
import { appendAll } from '../arrays.js';
import { sameJson } from '../same-json.js';
import { type NumberText, numberSpellings } from './number-text.js';
import { inexactNumber, lostDigits, quoteWritten, shortWritten } from './exact-integers.js';

/** Default bound on validate-repair rounds. */
export const DEFAULT_MAX_ROUNDS = 8;
// Union branches tried, nested ones included, at one union site of the value: bounds nested unions
// (each branch may hold unions of its own) while every site of a large value gets its own budget.
const MAX_UNION_TRIES = 200;
const MAX_CHAIN = 3;

/** What the loop ends with. */
export type RepairOutcome =
  | { ok: true; value: unknown; repairs: SchemaRepair[] }
  | { ok: false; issues: SchemaIssue[] };

/** Bounds of the repair loop. */
export interface RepairLimits {
  /** Most validate-repair rounds. Default {@link DEFAULT_MAX_ROUNDS}. */
  maxRounds?: number;
  /** Deepest nesting a repair may produce; deeper is TOO_DEEP. Default: no bound. */
  maxDepth?: number;
  /** false: validate only, never repair (a cut-off reply). Default true. */
  enabled?: boolean;
  /** Drop array items that cannot be made to fit and fill missing properties from `default` (see salvage.ts). */
  salvage?: boolean;
  /** How the reply wrote its numbers, for `scalar_to_string` (see number-text.ts). */
  numberText?: NumberText;
  /**
   * The text stage wrote a `null` the reply never gave (`missing_value`: `{"limit": , …}`;
   * `non_finite_number`: `NaN`): no `null` of the value is then taken for the model's, so
   * `null_to_default` fills none unless salvage, as a missing property is filled only then.
   */
  madeUpNulls?: boolean;
  /** The text stage guessed where a container closes: members may be moved back (see move.ts). */
  closerGuessed?: boolean;
}

/** Failing instance paths as a tree, so the walk only visits what failed. */
interface Trie {
  here: boolean;
  children: Map<string, Trie> | undefined;
}

function buildTrie(paths: readonly (readonly string[])[]): Trie {
  const root: Trie = { here: false, children: undefined };
  for (const path of paths) {
    let node = root;
    for (const seg of path) {
      node.children ??= new Map();
      let next = node.children.get(seg);
      if (!next) node.children.set(seg, (next = { here: false, children: undefined }));
      node = next;
    }
    node.here = true;
  }
  return root;
}

interface Ctx {
  guide: Guide;
  repairs: SchemaRepair[];
  /** Union branches tried at the current top-level union site (shared with nested contexts). */
  budget: { unions: number };
  /** 0 for the loop's own walk; 1 and more inside a union branch being scored. */
  nested: number;
  maxRounds: number;
  maxDepth: number;
  numberText: NumberText | undefined;
  /** null_to_default is off: a null may be one the text stage wrote (see RepairLimits.madeUpNulls). */
  noNullDefault: boolean;
  /**
   * Where `unwrap_json_string` read a JSON string, how that string spells its numbers: a number read
   * from it is written as the string wrote it, not as the reply spells the same number elsewhere.
   */
  spelt: Spellings;
}

const REMOVE: unique symbol = Symbol('remove');

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // defineProperty, not assignment: a "__proto__" key stays a plain own property.
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

function arrayIndex(key: string, length: number): number {
  if (key.length === 0 || key.length > 10) return -1;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57 || (i === 0 && c === 48 && key.length > 1)) return -1;
  }
  const n = Number(key);
  return n < length ? n : -1;
}

function cloneJson(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}


/**
 * The validate-repair loop as a generator: it yields each value to validate and receives the
 * {@link Validation}, so one implementation serves synchronous and asynchronous validators.
 */
export function* repairLoop(value: unknown, guide: Guide | undefined, limits: RepairLimits = {}): Generator<unknown, RepairOutcome, Validation> {
  const maxRounds = limits.maxRounds ?? DEFAULT_MAX_ROUNDS;
  const salvage = limits.salvage === true && guide !== undefined && limits.enabled !== false;
  const repairs: SchemaRepair[] = [];
  // Members a guessed closer left in a nested object go back first: a default must not fill their place.
  const moved = limits.closerGuessed === true && guide !== undefined && limits.enabled !== false ? moveToParent(value, guide, repairs) : value;
  // Salvage fills defaults once nothing else is left to repair, not before: filled first, a default
  // took the place of the model's value under a misspelt key (`{"Limit": 5}`), beside a wrapper or a
  // schema echo holding the answer (`{"result": {"limit": 5}}`), whose repair the filled key then
  // blocked. A required property with a default still fails until then, and is filled then.
  let filled = !salvage;
  const fill = (from: unknown, into: SchemaRepair[]): unknown => {
    filled = true;
    return fillDefaults(from, guide as Guide, into);
  };
  // A number whose digits the double lost fails where it stands (see exact-integers.ts); its issue is
  // kept for the error, as the reply's own issues are.
  const numberText = limits.numberText;
  let lostIssue: SchemaIssue | undefined;
  const judged = (r: Validation): Validation => {
    const lost = r.valid && r.pastSafe === true && numberText !== undefined ? inexactNumber(r.value, numberText) : undefined;
    if (lost === undefined) return r;
    lostIssue ??= lost.issue;
    return { valid: false, issues: () => [lost.issue], paths: [lost.path] };
  };
  let current = moved;
  let result = judged(yield current);
  // Valid (as it stands, or repaired) with salvage's defaults still to fill: filled, and validated again.
  function* fillOnceValid(): Generator<unknown, void, Validation> {
    if (!result.valid || filled) return;
    const more: SchemaRepair[] = [];
    const withDefaults = fill(current, more);
    if (withDefaults === current) return;
    appendAll(repairs, more);
    current = withDefaults;
    result = judged(yield current);
  }
  yield* fillOnceValid();
  if (result.valid) return { ok: true, value: result.value, repairs: withStripped(repairs, result.stripped) };
  // Described only if the loop fails: the repair path should not pay for messages.
  const issues = result.issues;
  const failed = current;
  const original = (): SchemaIssue[] => {
    const reply = quoteWritten(issues(), failed, numberText);
    // A value that fails for another reason may hold such a number too (`{…}⏎{…}` read as an array
    // where an object is expected): the error names it, or the model, fixing the rest, writes it again.
    lostIssue ??= numberText === undefined ? undefined : inexactNumber(failed, numberText)?.issue;
    return lostIssue === undefined || reply.some((i) => i.path === lostIssue?.path) ? reply : [lostIssue, ...reply];
  };
  if (!guide || limits.enabled === false) return { ok: false, issues: original() };
  const spelt = new Spellings(undefined);
  // The round that only fills defaults is not counted: filled first, as they were, they took none.
  for (let round = 0, filling = false; round < maxRounds; round += filling ? 0 : 1) {
    const ctx: Ctx = { guide, repairs: [], budget: { unions: 0 }, nested: 0, maxRounds, maxDepth: limits.maxDepth ?? Infinity, numberText: limits.numberText, noNullDefault: limits.madeUpNulls === true && !salvage, spelt };
    let next = walk(current, guide.root, buildTrie(result.paths), [], ctx);
    // Nothing more to repair: with salvage, the defaults are filled, then the items that still fail are dropped.
    filling = ctx.repairs.length === 0 && !filled;
    if (filling) next = fill(current, ctx.repairs);
    if (ctx.repairs.length === 0 && salvage) next = dropFailingItems(current, result.paths, ctx.repairs, guide);
    if (ctx.repairs.length === 0 || next === REMOVE) break;
    appendAll(repairs, ctx.repairs);
    noteSpellings(spelt, ctx.repairs);
    current = next;
    result = judged(yield current);
    yield* fillOnceValid();
    if (result.valid) return { ok: true, value: result.value, repairs: withStripped(repairs, result.stripped) };
  }
  // The rounds ran out before the defaults were filled: filled now, as they were before the rounds.
  if (!filled && !result.valid) {
    const more: SchemaRepair[] = [];
    const withDefaults = fill(current, more);
    if (withDefaults !== current) {
      const filledResult = judged(yield withDefaults);
      if (filledResult.valid) return { ok: true, value: filledResult.value, repairs: withStripped([...repairs, ...more], filledResult.stripped) };
    }
  }
  return { ok: false, issues: repairs.length > 0 && repairs.every((r) => IN_PLACE.has(r.kind)) ? stillWrong(original(), quoteWritten(result.issues(), current, numberText), repairs, value, numberText) : original() };
}

/** The loop's repairs, then the keys the Standard Schema stripped from the value it accepted (see compile.ts). */
function withStripped(repairs: SchemaRepair[], stripped: readonly SchemaRepair[] | undefined): SchemaRepair[] {
  if (stripped !== undefined) appendAll(repairs, stripped);
  return repairs;
}

/** Repairs that change a value where it stands: every path of the reply is still the same path after them. */
const IN_PLACE: ReadonlySet<SchemaRepairKind> = new Set<SchemaRepairKind>([
  'null_to_default', 'string_to_integer', 'string_to_number', 'written_number', 'integral_number_to_integer',
  'string_to_boolean', 'string_to_null', 'scalar_to_string', 'enum_case_fold', 'enum_with_text',
]);

/**
 * The reply's issues with what is still wrong once the repairs are made, when they kept every path
 * (`{"ratio": "50%"}` read as 50, then a refinement refuses 50: the refinement is the problem, not the
 * type jsonmend fixed). At a path where the repaired value still fails, its issues replace the reply's;
 * an issue the repairs fixed stays (the reply's mistake), and one the repaired value has elsewhere
 * (`[1, "1"]` read as `[1, 1]`, not unique) is added. Where a repair changed the value at an issue's
 * path or inside it, `received` says what the reply wrote: `50 (read from "50%")`.
 */
function stillWrong(reply: SchemaIssue[], repaired: SchemaIssue[], repairs: readonly SchemaRepair[], value: unknown, numberText: NumberText | undefined): SchemaIssue[] {
  const annotate = (issue: SchemaIssue): SchemaIssue => {
    if (!repairs.some((r) => r.path === issue.path || r.path.startsWith(issue.path + '/'))) return issue;
    const written = shortWritten(valueAt(value, fromPointer(issue.path)), numberText);
    return written === issue.received ? issue : { ...issue, received: `${issue.received} (read from ${written})` };
  };
  const byPath = new Map<string, SchemaIssue[]>();
  for (const issue of repaired) {
    const list = byPath.get(issue.path);
    if (list === undefined) byPath.set(issue.path, [annotate(issue)]);
    else list.push(annotate(issue));
  }
  const out: SchemaIssue[] = [];
  const used = new Set<string>();
  for (const issue of reply) {
    const now = byPath.get(issue.path);
    if (now === undefined) out.push(issue);
    else if (!used.has(issue.path)) {
      used.add(issue.path);
      for (const i of now) out.push(i);
    }
  }
  for (const [path, list] of byPath) if (!used.has(path)) for (const i of list) out.push(i);
  return out;
}


/** Drives {@link repairLoop} with a validator that must answer synchronously. */
export function runSync<R>(
  loop: Generator<unknown, R, Validation>,
  validate: (value: unknown) => Validation | Promise<Validation>,
): R {
  let step = loop.next(undefined as unknown as Validation);
  while (!step.done) {
    const answer = validate(step.value);
    if (isThenable(answer)) {
      answer.then(undefined, () => undefined); // nobody will await it; keep the rejection handled
      throw new JsonMendError('INVALID_ARGUMENT', 'the schema validates asynchronously; call parseAsync (or coerceAsync) instead');
    }
    step = loop.next(answer);
  }
  return step.value;
}

/** Drives {@link repairLoop} with a validator that may answer with a promise. */
export async function runAsync<R>(
  loop: Generator<unknown, R, Validation>,
  validate: (value: unknown) => Validation | Promise<Validation>,
): Promise<R> {
  let step = loop.next(undefined as unknown as Validation);
  while (!step.done) step = loop.next(await validate(step.value));
  return step.value;
}

/** Whether `x` is a promise-like. */
export function isThenable(x: unknown): x is PromiseLike<unknown> {
  return x !== null && typeof x === 'object' && typeof (x as { then?: unknown }).then === 'function';
}

/**
 * `value` repaired toward `schema` (a subschema of the guide's) on its own, repair paths starting at
 * `path`: the value and its repairs, or undefined when it cannot be made to fit.
 */
export function repairToSchema(value: unknown, schema: Schema | boolean, guide: Guide, path: string[], numberText?: NumberText, madeUpNulls = false): { value: unknown; repairs: SchemaRepair[] } | undefined {
  const ctx: Ctx = { guide, repairs: [], budget: { unions: 0 }, nested: 1, maxRounds: DEFAULT_MAX_ROUNDS, maxDepth: Infinity, numberText, noNullDefault: madeUpNulls, spelt: new Spellings(undefined) };
  return repairAgainst(value, schema, path, ctx);
}

/** The loop against a subschema, validated by @cfworker/json-schema: used to score union branches. */
function repairAgainst(value: unknown, schema: Schema | boolean, path: string[], ctx: Ctx): { value: unknown; repairs: SchemaRepair[] } | undefined {
  if (++ctx.budget.unions > MAX_UNION_TRIES) return undefined;
  const validate = (v: unknown): Validation => {
    const r = runValidator(ctx.guide, schema, v, false);
    return r.valid ? { valid: true, value: v } : { valid: false, issues: () => [], paths: r.errors.map((e) => fromFragment(e.instanceLocation)) };
  };
  // Inline loop (not repairLoop) so repair paths stay absolute.
  let result = validate(value);
  if (result.valid) return { value, repairs: [] };
  const repairs: SchemaRepair[] = [];
  let current = value;
  // This branch's own: the strings another branch's tries unwrapped are not this value's.
  const spelt = new Spellings(ctx.spelt);
  for (let round = 0; round < ctx.maxRounds; round++) {
    const inner: Ctx = { ...ctx, repairs: [], nested: ctx.nested + 1, spelt };
    const next = walk(current, schema, buildTrie(result.paths), path, inner);
    if (inner.repairs.length === 0 || next === REMOVE) return undefined;
    appendAll(repairs, inner.repairs);
    noteSpellings(spelt, inner.repairs);
    current = next;
    result = validate(current);
    if (result.valid) return { value: current, repairs };
  }
  return undefined;
}

/** One value to visit: where it is (a parent link, turned into a path only when a repair names it). */
interface Frame {
  value: unknown;
  schema: Schema | boolean;
  trie: Trie;
  parent: Frame | undefined;
  key: string;
  /** Depth below the walk's start; with the base path's length, the value's nesting depth. */
  depth: number;
  optional: boolean;
  /** The resolved subschema, once the frame's own repairs are done and its children are pending. */
  node?: Schema;
  /** The copy of `value` that children's repairs are written into (copy on write). */
  copy?: unknown[] | Record<string, unknown>;
}

/**
 * Repairs `value` against `schema` along the failing paths in `trie`. Iterative (an explicit stack of
 * frames, children before their parent is finished), so a deep value cannot overflow the call stack.
 */
function walk(value: unknown, schema: Schema | boolean, trie: Trie, base: readonly string[], ctx: Ctx): unknown {
  const pathOf = (frame: Frame): string[] => {
    const tail: string[] = [];
    for (let f: Frame | undefined = frame; f?.parent !== undefined; f = f.parent) tail.push(f.key);
    return base.concat(tail.reverse());
  };
  let result: unknown = value;
  const deliver = (frame: Frame, r: unknown): void => {
    const parent = frame.parent;
    if (parent === undefined) {
      result = r;
      return;
    }
    if (r === frame.value) return;
    if (Array.isArray(parent.value)) {
      if (r === REMOVE) return;
      parent.copy ??= parent.value.slice();
      (parent.copy as unknown[])[Number(frame.key)] = r;
      return;
    }
    parent.copy ??= { ...(parent.value as Record<string, unknown>) };
    if (r === REMOVE) delete (parent.copy as Record<string, unknown>)[frame.key];
    else setOwn(parent.copy as Record<string, unknown>, frame.key, r);
  };
  const stack: Frame[] = [{ value, schema, trie, parent: undefined, key: '', depth: 0, optional: false }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    if (frame.node !== undefined) {
      deliver(frame, finish(frame, frame.node, pathOf, ctx));
      continue;
    }
    const here = enter(frame, pathOf, base.length, ctx);
    if (here !== PENDING) {
      deliver(frame, here);
      continue;
    }
    // Children first (pushed last, popped first), then the frame itself is finished.
    stack.push(frame);
    const { value: v, trie: t } = frame;
    const node = frame.node as unknown as Schema;
    if (!t.children) continue;
    const children: Frame[] = [];
    if (Array.isArray(v)) {
      for (const [key, sub] of t.children) {
        const i = arrayIndex(key, v.length);
        if (i >= 0) children.push({ value: v[i], schema: itemSchema(node, i), trie: sub, parent: frame, key, depth: frame.depth + 1, optional: false });
      }
    } else if (isPlainObject(v)) {
      for (const [key, sub] of t.children) {
        if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
        children.push({ value: v[key], schema: propertySchema(node, key), trie: sub, parent: frame, key, depth: frame.depth + 1, optional: !isRequired(node, key) });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return result;
}

const PENDING: unique symbol = Symbol('pending');

/**
 * A frame's own repairs: null handling, unions, conversions. Returns the frame's result, or PENDING
 * when its children are to be visited (then `frame.node` is set).
 */
function enter(frame: Frame, pathOf: (f: Frame) => string[], baseDepth: number, ctx: Ctx): unknown {
  const { guide } = ctx;
  const { value, schema, trie } = frame;
  // With the conditionals that apply to the value (`then`, `dependentSchemas`), whose properties it is repaired toward.
  const node = resolveFor(guide, schema, value);
  if (typeof node === 'boolean') return value;

  if (value === null && trie.here && !satisfies(guide, schema, null)) {
    if ('default' in node && !ctx.noNullDefault) {
      const after = cloneJson(node.default);
      ctx.repairs.push({ kind: 'null_to_default', path: toPointer(pathOf(frame)), before: null, after });
      return after;
    }
    if (frame.optional) {
      ctx.repairs.push({ kind: 'drop_null', path: toPointer(pathOf(frame)), before: null, after: undefined });
      return REMOVE;
    }
  }

  // A number whose digits the double lost (see exact-integers.ts), where the schema names a string too
  // (`type: ["integer", "string"]`, `anyOf` of both): the digits as the reply wrote them. A schema
  // that names no type (`{}`) asks for no string: the number fails.
  const numberText = trie.here && typeof value === 'number' ? numberTextAt(ctx, pathOf(frame)) : undefined;
  if (numberText !== undefined && lostDigits(value as number, numberText)) {
    const written = numberText(value as number);
    if (typeof written !== 'string' || !namesString(guide, node) || !satisfies(guide, schema, written)) return value;
    ctx.repairs.push({ kind: 'scalar_to_string', path: toPointer(pathOf(frame)), before: value, after: written });
    return written;
  }

  const branches = (node.anyOf ?? node.oneOf) as Array<Schema | boolean> | undefined;
  // A union the value meets as JSON Schema still fails here when a Standard Schema would strip a key of
  // it (Zod's `z.union` of `z.object`s: a misnamed key): the branches are weighed for the rename.
  if (Array.isArray(branches) && (!satisfies(guide, schema, value) || (trie.here && isPlainObject(value)))) {
    if (ctx.nested === 0) ctx.budget = { unions: 0 }; // a fresh budget for each site of the value
    const path = pathOf(frame);
    let best: { value: unknown; repairs: SchemaRepair[] } | undefined;
    let bestCost = Infinity;
    let bestLost = Infinity;
    const consider = (tried: { value: unknown; repairs: SchemaRepair[] } | undefined, branch: Schema | boolean): void => {
      if (tried === undefined) return;
      // Fewest repairs wins, a key the branch leaves undeclared counting as one (see unkeptKeys); at
      // equal cost the one that loses fewer keys, then the first branch. A key a closed branch strips
      // is lost as one it leaves undeclared is: `{"a": 1, "b": "true"}` for `{a} | {a, b: boolean}`,
      // both closed, is the second branch's (b read as true), not the first's with b stripped.
      const unkept = unkeptKeys(tried.value, branch, guide);
      const cost = tried.repairs.length + unkept;
      const lost = unkept + strippedCount(tried.repairs);
      if (cost < bestCost || (cost === bestCost && lost < bestLost)) {
        best = tried;
        bestCost = cost;
        bestLost = lost;
      }
    };
    for (const branch of branches) {
      const tried = repairAgainst(value, branch, path, ctx);
      consider(tried, branch);
      // A branch that takes the value as it stands but would strip a key that names one of its
      // properties (it declares them all optional): the key renamed, then the branch again.
      if (tried !== undefined && isPlainObject(tried.value) && unkeptKeys(tried.value, branch, guide) > 0) {
        const branchNode = resolveSchema(guide, branch);
        const scratch: Ctx = { ...ctx, repairs: [] };
        const renamed = typeof branchNode === 'boolean' ? tried.value : renameProperties(tried.value, branchNode, path, scratch);
        if (renamed !== tried.value) {
          const again = repairAgainst(renamed, branch, path, ctx);
          if (again !== undefined) consider({ value: again.value, repairs: [...tried.repairs, ...scratch.repairs, ...again.repairs] }, branch);
        }
      }
      if (best !== undefined && bestCost === 0) break;
    }
    if (best && best.repairs.length > 0) {
      appendAll(ctx.repairs, best.repairs);
      return best.value;
    }
  }

  // 1. rename_property before the unwraps: `{"Filters": {…}}` for a schema declaring `filters` is that
  // property misnamed, not a wrapper.
  if (isPlainObject(value)) {
    const renamed = renameProperties(value, node, pathOf(frame), ctx);
    if (renamed !== value) return renamed; // its insides are validated afresh in the next round
  }
  if (isPlainObject(value) && trie.here) {
    const answer = echoedAnswer(value, node);
    if (answer !== undefined) {
      ctx.repairs.push({ kind: 'unwrap_schema_echo', path: toPointer(pathOf(frame)), before: value, after: answer });
      return answer; // its insides are validated afresh in the next round
    }
    const inner = wrappedAnswer(value, node, schema, guide);
    if (inner !== undefined) {
      ctx.repairs.push({ kind: 'unwrap_object', path: toPointer(pathOf(frame)), before: value, after: inner });
      return inner;
    }
  }

  if (trie.here) {
    const path = pathOf(frame);
    const converted = convertNode(value, node, path, guide, ctx.maxDepth - baseDepth - frame.depth, numberTextAt(ctx, path));
    if (converted) {
      appendAll(ctx.repairs, converted.steps);
      return converted.value; // its insides are validated afresh in the next round
    }
  }
  if ((Array.isArray(value) || isPlainObject(value)) && (trie.children || node.additionalProperties === false)) {
    frame.node = node;
    return PENDING;
  }
  return value;
}

/**
 * How the text spells the numbers at `path`: inside a JSON string `unwrap_json_string` read (the
 * deepest such string on the path), as that string spells them (`{"v": "[1.1]", "w": 1.10}` for
 * strings: v's item is `"1.1"`, w is `"1.10"`), then as the reply does; elsewhere, as the reply does.
 */
function numberTextAt(ctx: Ctx, path: readonly string[]): NumberText | undefined {
  if (ctx.spelt.empty()) return ctx.numberText;
  for (let n = path.length; n >= 0; n--) {
    const own = ctx.spelt.get(toPointer(path.slice(0, n) as string[]));
    if (own === undefined) continue;
    const reply = ctx.numberText;
    return (x) => {
      const written = own(x);
      return written !== undefined || reply === undefined ? written : reply(x);
    };
  }
  return ctx.numberText;
}

/**
 * How the JSON strings unwrapped so far spell their numbers, by the path each was read at; a union
 * branch's tries write their own layer over the loop's, so nothing is copied per try.
 */
class Spellings {
  private own: Map<string, NumberText> | undefined;
  constructor(private readonly parent: Spellings | undefined) {}
  get(path: string): NumberText | undefined {
    return this.own?.get(path) ?? this.parent?.get(path);
  }
  set(path: string, text: NumberText): void {
    (this.own ??= new Map()).set(path, text);
  }
  empty(): boolean {
    return this.own === undefined && (this.parent === undefined || this.parent.empty());
  }
}

/** Records how each JSON string `repairs` unwrapped spells its numbers, by the path it was read at. */
function noteSpellings(spelt: Spellings, repairs: readonly SchemaRepair[]): void {
  for (const r of repairs) {
    if (r.kind === 'unwrap_json_string' && typeof r.before === 'string') spelt.set(r.path, numberSpellings(r.before, 0, r.before.length));
  }
}

/** Whether `node`, or a branch of its `anyOf` / `oneOf`, names the type string. */
function namesString(guide: Guide, node: Schema): boolean {
  if (expectedTypes(node).includes('string')) return true;
  const branches = (node.anyOf ?? node.oneOf) as Array<Schema | boolean> | undefined;
  return Array.isArray(branches) && branches.some((b) => expectedTypes(resolveSchema(guide, b)).includes('string'));
}

/**
 * Keys of `value` that the object branch `schema` declares properties without and says nothing more
 * of (no `additionalProperties`): a schema that strips the keys it does not know (Zod's `z.object`,
 * whose JSON Schema is open) would drop them, as a closed branch's `strip_extra_properties` would,
 * which counts as a repair each. `{"a": "1", "b": "true"}` against `{a: number} | {a: string, b:
 * boolean}` is the second branch's, not the first's with `b` lost.
 */
function unkeptKeys(value: unknown, schema: Schema | boolean, guide: Guide): number {
  if (!isPlainObject(value)) return 0;
  const node = resolveSchema(guide, schema);
  if (typeof node === 'boolean' || node.additionalProperties !== undefined || node.properties === null || typeof node.properties !== 'object') return 0;
  let count = 0;
  for (const key of Object.keys(value)) if (!isDeclaredProperty(node, key)) count++;
  return count;
}

/** How many keys `repairs` strip (`strip_extra_properties`): each is a member of the reply lost. */
function strippedCount(repairs: readonly SchemaRepair[]): number {
  let count = 0;
  for (const r of repairs) if (r.kind === 'strip_extra_properties') count++;
  return count;
}

/** The keywords a model echoes with a schema's `properties` (`{"type": "object", "properties": {…}, "required": […]}`). */
const ECHOED_KEYWORDS: ReadonlySet<string> = new Set(['type', 'properties', 'required', 'additionalProperties', '$schema', '$id', 'title', 'description', 'definitions', '$defs']);
/** The keywords of a property's schema: a member holding only these is the schema echoed, no answer. */
const SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'type', 'description', 'title', 'enum', 'const', 'default', 'examples', 'format', 'pattern', 'items', 'properties', 'required',
  'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not', '$ref', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'minLength', 'maxLength', 'minItems', 'maxItems', 'uniqueItems', 'nullable',
]);

/**
 * `unwrap_schema_echo`: the schema written back with the answer in its `properties`
 * (`{"type": "object", "properties": {"name": "Ada"}, "required": ["name"]}`, ollama-ai-provider #23,
 * novu #9621): the answer, when the object holds only schema keywords, none of them a property the
 * schema declares, and its `properties` holds declared properties whose values are no schemas (the
 * schema echoed without an answer is no answer). Else undefined.
 */
function echoedAnswer(value: Record<string, unknown>, node: Schema): Record<string, unknown> | undefined {
  const declared = node.properties;
  const inner = value.properties;
  if (declared === undefined || declared === null || typeof declared !== 'object' || !isPlainObject(inner)) return undefined;
  for (const key of Object.keys(value)) if (!ECHOED_KEYWORDS.has(key) || Object.hasOwn(declared, key)) return undefined;
  const keys = Object.keys(inner);
  if (!keys.some((key) => Object.hasOwn(declared, key))) return undefined;
  const isSchema = (v: unknown): boolean => isPlainObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => SUBSCHEMA_KEYWORDS.has(k));
  return keys.some((key) => isSchema(inner[key])) ? undefined : inner;
}

/**
 * `unwrap_object`: `{"result": {"name": "Ada"}}` for `{name}`: one key that no property declares,
 * holding an object valid where this one stands: the answer, wrapped. Undefined otherwise.
 */
function wrappedAnswer(value: Record<string, unknown>, node: Schema, schema: Schema | boolean, guide: Guide): unknown {
  const keys = Object.keys(value);
  if (keys.length !== 1 || isDeclaredProperty(node, keys[0]) || namesProperty(node, keys[0]) || !asksForObject(node, guide)) return undefined;
  const inner = value[keys[0]];
  // `{"examples": [{…}]}` (Mirascope #554): the answer in a one-element array under the wrapper; the
  // next round unwraps the array (unwrap_singleton_array).
  const answer = Array.isArray(inner) && inner.length === 1 ? inner[0] : inner;
  // Valid as it stands, or once repaired (the next round repairs it, and says so).
  return isPlainObject(answer) && (satisfies(guide, schema, answer) || repairToSchema(answer, schema, guide, []) !== undefined) ? inner : undefined;
}

/** Whether `node` asks for an object, or is a union of objects only (`z.union([z.object(…), z.object(…)])`). */
function asksForObject(node: Schema, guide: Guide): boolean {
  if (expectedTypes(node).includes('object')) return true;
  const branches = (node.anyOf ?? node.oneOf) as Array<Schema | boolean> | undefined;
  return Array.isArray(branches) && branches.length > 0 && branches.every((b) => {
    const types = expectedTypes(resolveSchema(guide, b));
    return types.length === 1 && types[0] === 'object';
  });
}

/** Whether `key` names a declared property as rename_property compares names. */
function namesProperty(node: Schema, key: string): boolean {
  const props = node.properties;
  if (props === undefined || props === null || typeof props !== 'object') return false;
  const wanted = propertyKey(key);
  return Object.keys(props).some((name) => propertyKey(name) === wanted);
}

/**
 * `rename_property`: keys that match no declared property but exactly one of them as
 * {@link propertyKey} compares names, and whose property is not there already. Two keys for one
 * property, or one key for two properties, rename nothing. Returns `value` itself when nothing changed.
 */
function renameProperties(value: Record<string, unknown>, node: Schema, path: string[], ctx: Ctx): Record<string, unknown> {
  const props = node.properties;
  // A record keyed by an enum (`z.record(z.enum([…]), …)`: `propertyNames: {enum: […]}`) names its keys too.
  const members = propertyNameMembers(ctx.guide, node);
  if ((props === undefined || props === null || typeof props !== 'object') && members === undefined) return value;
  const names = [...(props !== null && typeof props === 'object' ? Object.keys(props) : []), ...(members ?? [])];
  const keys = Object.keys(value);
  let declaredByKey: Map<string, string | null> | undefined;
  const targets = new Map<string, string | null>(); // property → the one key renamed to it (null: several)
  for (const key of keys) {
    if (isDeclaredProperty(node, key) || members?.includes(key)) continue;
    if (declaredByKey === undefined) {
      declaredByKey = new Map();
      for (const name of new Set(names)) {
        const k = propertyKey(name);
        declaredByKey.set(k, declaredByKey.has(k) ? null : name);
      }
    }
    const target = declaredByKey.get(propertyKey(key));
    if (target === undefined || target === null || Object.prototype.hasOwnProperty.call(value, target)) continue;
    targets.set(target, targets.has(target) ? null : key);
  }
  const renames = new Map<string, string>();
  for (const [target, key] of targets) if (key !== null) renames.set(key, target);
  if (renames.size === 0) return value;
  const copy: Record<string, unknown> = {};
  for (const key of keys) {
    const target = renames.get(key);
    if (target !== undefined) ctx.repairs.push({ kind: 'rename_property', path: toPointer([...path, key]), before: key, after: target });
    setOwn(copy, target ?? key, value[key]);
  }
  return copy;
}

/** The strings a `propertyNames` subschema allows as its `enum` (or `const`); undefined when it lists none. */
function propertyNameMembers(guide: Guide, node: Schema): string[] | undefined {
  if (node.propertyNames === undefined) return undefined;
  const names = resolveSchema(guide, node.propertyNames as Schema | boolean);
  if (typeof names === 'boolean') return undefined;
  const members = Array.isArray(names.enum) ? names.enum : 'const' in names ? [names.const] : undefined;
  const strings = members?.filter((m): m is string => typeof m === 'string');
  return strings === undefined || strings.length === 0 ? undefined : strings;
}

/**
 * After the children: a closed object loses the properties it does not declare, unless that is all
 * of them: `{}` made of an answer in another shape looks valid and says nothing (an error says why).
 */
function finish(frame: Frame, node: Schema, pathOf: (f: Frame) => string[], ctx: Ctx): unknown {
  const { value } = frame;
  if (!isPlainObject(value)) return frame.copy ?? value;
  let isExtra: ((key: string) => boolean) | undefined;
  if (node.additionalProperties === false) {
    isExtra = (key) => !isDeclaredProperty(node, key);
  } else if (node.unevaluatedProperties === false && frame.trie.children !== undefined) {
    // Closed across its composition (2019-09): a key the validator found unevaluated and that nothing
    // here names (properties and patterns, merged allOf and conditionals, a union branch's) is extra.
    const children = frame.trie.children;
    isExtra = (key) => children.has(key) && !namedAnywhere(ctx.guide, node, key);
  }
  const current = (frame.copy as Record<string, unknown> | undefined) ?? value;
  if (isExtra === undefined) return current;
  const keys = Object.keys(current);
  const extra = keys.filter((key) => isExtra(key) && !competesWithProperty(node, current, key));
  if (extra.length === 0 || extra.length === keys.length) return current;
  const copy = { ...current };
  for (const key of extra) {
    ctx.repairs.push({ kind: 'strip_extra_properties', path: toPointer([...pathOf(frame), key]), before: copy[key], after: undefined });
    delete copy[key];
  }
  return copy;
}

/**
 * Whether `key` names a declared property as rename_property compares names and was not renamed to
 * it: the property is there with another value (`{"label": "x", "Label": "y"}`), or absent with two
 * keys naming it (`{"Label": "x", "LABEL": "y"}`). Which answer was meant is a guess: stripped, one of
 * them would be lost (both, when the property is absent), so the key fails, as where Zod's `z.object`
 * would drop it. A repeat with the same value says nothing new and goes.
 */
function competesWithProperty(node: Schema, value: Record<string, unknown>, key: string): boolean {
  const props = node.properties;
  if (props === null || typeof props !== 'object') return false;
  const wanted = propertyKey(key);
  return Object.keys(props).some((name) => propertyKey(name) === wanted && (!Object.hasOwn(value, name) || !sameJson(value[name], value[key])));
}

/** Whether `node`, or a branch of its `anyOf` / `oneOf`, declares `key` (or a pattern matches it). */
function namedAnywhere(guide: Guide, node: Schema, key: string): boolean {
  if (isDeclaredProperty(node, key)) return true;
  const branches = [...(Array.isArray(node.anyOf) ? node.anyOf : []), ...(Array.isArray(node.oneOf) ? node.oneOf : [])] as Array<Schema | boolean>;
  return branches.some((b) => {
    const branch = resolveSchema(guide, b);
    return branch === true || (typeof branch === 'object' && isDeclaredProperty(branch, key));
  });
}

interface Converted2 {
  value: unknown;
  steps: SchemaRepair[];
}

/** Node-level repairs toward the shapes `node` asks for; with several (a type array), those that can then be made valid, fewest steps, ties first. */
function convertNode(value: unknown, node: Schema, path: string[], guide: Guide, room: number, numberText: NumberText | undefined): Converted2 | undefined {
  const targets = expectedTypes(node);
  const actual = jsonTypeOf(value);
  let best: Converted2 | undefined;
  if (targets.length === 0 || targets.some((t) => typeFits(actual, t))) {
    best = { value, steps: [] };
  } else {
    // A type array is a union (`type: ["array", "null"]` is `anyOf` of the two): a shape the value
    // cannot then be made valid in (`"null"` wrapped as `["null"]` for integer items) gives way to one
    // it can (null), as a union's branches are weighed; else the fewest steps win, ties first.
    const tried = targets.map((t) => chain(value, t, node, path, guide, room, numberText)).filter((c) => c !== undefined);
    const fitting = tried.length > 1 ? tried.filter((c) => canFit(c.value, node, guide, numberText)) : tried;
    for (const c of fitting.length > 0 ? fitting : tried) if (!best || c.steps.length < best.steps.length) best = c;
  }
  if (!best) return undefined;
  const members = Array.isArray(node.enum) ? node.enum : 'const' in node ? [node.const] : undefined;
  if (members && typeof best.value === 'string' && !members.includes(best.value)) {
    const folded = enumCaseFold(best.value, members);
    const noted = folded === NO ? enumWithText(best.value, members) : NO;
    if (folded !== NO) {
      best.steps.push({ kind: 'enum_case_fold', path: toPointer(path), before: best.value, after: folded });
      best.value = folded;
    } else if (noted !== NO) {
      best.steps.push({ kind: 'enum_with_text', path: toPointer(path), before: best.value, after: noted });
      best.value = noted;
    } else if (best.steps.length === 0) {
      // `"null"` for `enum: ["a", null]`: a string, but no member of the strings; read as another type
      // the enum lists, it is a member (null), as `anyOf: [{enum: ["a"]}, {type: "null"}]` (Zod's
      // `.nullable()`) weighs its branches.
      const other = memberOfOtherType(value, targets, members, node, path, guide, room, numberText);
      if (other !== undefined) return other;
    }
  }
  return best.steps.length > 0 ? best : undefined;
}

/**
 * A value whose type the enum lists but which is no member: the first of the enum's other types that
 * it converts to (the documented repairs, in order) where the result is a member (`"5"` for
 * `["a", 5]` is 5); undefined when none is.
 */
function memberOfOtherType(value: unknown, targets: readonly JsonType[], members: readonly unknown[], node: Schema, path: string[], guide: Guide, room: number, numberText: NumberText | undefined): Converted2 | undefined {
  const actual = jsonTypeOf(value);
  for (const t of targets) {
    if (typeFits(actual, t)) continue;
    const c = chain(value, t, node, path, guide, room, numberText);
    if (c !== undefined && members.some((m) => sameJson(m, c.value))) return c;
  }
  return undefined;
}

/** Whether `value` meets `node`, as it stands or once the repairs below it are made. */
function canFit(value: unknown, node: Schema, guide: Guide, numberText: NumberText | undefined): boolean {
  return satisfies(guide, node, value) || repairToSchema(value, node, guide, [], numberText) !== undefined;
}

/** Up to {@link MAX_CHAIN} repairs in the documented order that turn `value` into type `t`. */
function chain(value: unknown, t: JsonType, node: Schema, path: string[], guide: Guide, room: number, numberText: NumberText | undefined): Converted2 | undefined {
  const pointer = toPointer(path);
  const steps: SchemaRepair[] = [];
  let v = value;
  for (let i = 0; i < MAX_CHAIN; i++) {
    if (typeFits(jsonTypeOf(v), t)) return { value: v, steps };
    const [kind, next] = step(v, t, node, guide, numberText);
    if (next === NO) return undefined;
    if (kind === 'unwrap_json_string' && nestingExceeds(next, room)) {
      throw new JsonMendError('TOO_DEEP', `the JSON string at ${path.length === 0 ? '(root)' : pointer} unwraps to a value nested deeper than maxDepth`, { path: pointer });
    }
    steps.push({ kind, path: pointer, before: v, after: next });
    v = next;
  }
  return typeFits(jsonTypeOf(v), t) ? { value: v, steps } : undefined;
}

/** Whether `value` nests containers more than `room` deep (`[]` is 1), found without recursion. */
function nestingExceeds(value: unknown, room: number): boolean {
  if (room === Infinity) return false;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (depth > room) return true;
    for (const child of Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** What parts a list's items written in one string. */
const LIST_MARK = /[,;]/;

/** The text a model writes for null: JSON's `null`, Python's `None`, in any case, after trimming. */
const NULL_TEXT = /^\s*(?:null|none)\s*$/i;

/** The first repair, in the documented order, that moves `v` toward type `t`. */
function step(v: unknown, t: JsonType, node: Schema, guide: Guide, numberText: NumberText | undefined): [SchemaRepairKind, Converted<unknown>] {
  // 3. unwrap_json_string runs before any wrap, so a stringified array is never wrapped whole.
  if (typeof v === 'string' && (t === 'array' || t === 'object')) {
    const inner = unwrapJsonString(v, t);
    if (inner !== NO) return ['unwrap_json_string', inner];
    // A stringified object where an array of objects is expected: unwrap now, wrap next.
    if (t === 'array' && itemsAcceptObjects(node, guide)) {
      const obj = unwrapJsonString(v, 'object');
      if (obj !== NO) return ['unwrap_json_string', obj];
    }
  }
  // 4. unwrap_singleton_array
  if (Array.isArray(v) && v.length === 1 && t !== 'array') return ['unwrap_singleton_array', v[0]];
  if (t === 'array' && v !== null && !Array.isArray(v)) {
    const items = itemSchema(node, 0);
    if (isPlainObject(v)) {
      const keys = Object.keys(v);
      // 5. unwrap_object_to_array: `{"elements": [1, 2]}`, a wrapper whose one value is the array;
      // not when the key is one the items declare (`{"tags": []}` is an item).
      if (keys.length === 1 && Array.isArray(v[keys[0]]) && !itemDeclares(guide, node, keys[0]) && satisfies(guide, node, v[keys[0]])) return ['unwrap_object_to_array', v[keys[0]]];
      if (itemsAcceptObjects(node, guide) && !namesNoItemProperty(guide, node, keys)) return ['wrap_in_array', [v]];
      // 6. wrap_object_in_array: a one-key placeholder whose value fits the items; never squeeze several keys.
      if (keys.length === 1 && satisfies(guide, items, v[keys[0]])) return ['wrap_object_in_array', [v[keys[0]]]];
      return ['wrap_in_array', NO];
    }
    // 7. wrap_in_array — but a string that reads like an array and did not parse is not wrapped,
    // nor an empty one (`[""]` is an item the reply never gave), nor one holding `,` or `;` that the
    // items do not take as written: it may be a list, which the item's repair would read in part
    // (`"1,234"` for `integer[]` is 1234 or 1 and 234; `"red, yellow"` for colours kept `red` alone).
    if (typeof v === 'string' && (looksLikeContainer(v, 'array') || v.trim() === '' || (LIST_MARK.test(v) && !satisfies(guide, items, v)))) return ['wrap_in_array', NO];
    return ['wrap_in_array', [v]];
  }
  switch (t) {
    case 'integer':
      if (typeof v === 'string') {
        const n = stringToInteger(v);
        if (n !== NO) return ['string_to_integer', n];
        const w = writtenNumber(v);
        return ['written_number', w !== NO && Number.isSafeInteger(w) ? w : NO];
      }
      if (typeof v === 'number') return ['integral_number_to_integer', integralToInteger(v)];
      break;
    case 'number':
      if (typeof v === 'string') {
        const n = stringToNumber(v);
        return n !== NO ? ['string_to_number', n] : ['written_number', writtenNumber(v)];
      }
      break;
    case 'boolean':
      if (typeof v === 'string') return ['string_to_boolean', stringToBoolean(v)];
      break;
    case 'null':
      // Reached only where no string is allowed: there, `"null"` / `"None"` can only mean null.
      if (typeof v === 'string') return ['string_to_null', NULL_TEXT.test(v) ? null : NO];
      break;
    case 'string': {
      // `{"version": 1.10}`: the string as the reply wrote it; spelt two ways there, which is meant is a guess.
      const written = typeof v === 'number' ? numberText?.(v) : undefined;
      // Past 2^53, digits the text does not spell would be the double's, not the reply's: none are made up.
      if (written === undefined && numberText !== undefined && typeof v === 'number' && !Number.isSafeInteger(v) && Math.abs(v) > Number.MAX_SAFE_INTEGER) return ['scalar_to_string', NO];
      return ['scalar_to_string', written === null ? NO : written ?? scalarToString(v)];
    }
    default:
      break;
  }
  return ['wrap_in_array', NO];
}

/** Whether the array's item schema declares the property `key`. */
function itemDeclares(guide: Guide, node: Schema, key: string): boolean {
  const item = resolveSchema(guide, itemSchema(node, 0));
  const props = item !== null && typeof item === 'object' ? (item as { properties?: unknown }).properties : undefined;
  return props !== null && typeof props === 'object' && Object.hasOwn(props, key);
}

/**
 * `{"results": [{…}], "total": 1}` for an array of `{id}`: an object none of whose keys the items
 * declare (as rename_property compares names) is a wrapper, not an item; wrapped, it became an item
 * its keys were stripped from (`[{}]`). Items that declare no properties take any object.
 */
function namesNoItemProperty(guide: Guide, node: Schema, keys: readonly string[]): boolean {
  const item = resolveSchema(guide, itemSchema(node, 0));
  const props = item !== null && typeof item === 'object' ? (item as { properties?: unknown }).properties : undefined;
  if (keys.length === 0 || props === null || typeof props !== 'object' || Object.keys(props).length === 0) return false;
  const declared = new Set(Object.keys(props).map(propertyKey));
  return keys.every((key) => !isDeclaredProperty(item as Schema, key) && !declared.has(propertyKey(key)));
}

function itemsAcceptObjects(node: Schema, guide: Guide): boolean {
  const itemTypes = expectedTypes(resolveSchema(guide, itemSchema(node, 0)));
  return itemTypes.length === 0 || itemTypes.includes('object');
}
