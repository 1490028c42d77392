// Reads the value a claim is about: `get`'s grammar, or JSONPath when the claim says so (or must be).
import { JsonMendError } from '../errors.js';
import { PathError } from '../path/errors.js';
import { elide, getSegments, nearestKeys, parsePath, type PathSegment } from '../path/get.js';
import { jsonPathOf } from '../path/json.js';
import type { QueryNode } from '../path/jsonpath/ast.js';
import { compileQuery as compileSteps, evaluate } from '../path/jsonpath/compile.js';
import { parseJsonPath } from '../path/jsonpath/parser.js';
import { compileQuery, singularKeys } from '../path/query.js';
import type { ClaimFailureCode, ClaimPathSyntax } from './types.js';

/** Where a claim's path led. `list` marks the array built from a non-singular JSONPath's node list. */
export type Resolution =
  | { ok: true; value: unknown; list: boolean }
  | { ok: false; code: ClaimFailureCode; reason: string; suggestions: string[] };

function fromPathError(e: PathError): Resolution {
  return { ok: false, code: e.code, reason: e.message, suggestions: [...e.suggestions] };
}

/**
 * Facts about one payload that several claims against it can share (see `verifyAll`); `keys` is every key
 * of every object in it, null when there are too many to collect. Fill it only while the payload is unchanged.
 */
export interface PayloadFacts {
  keys?: Set<string> | null;
}

function viaJsonPath(payload: unknown, path: string, facts: PayloadFacts): Resolution {
  let compiled;
  try {
    compiled = compileQuery(path);
  } catch (e) {
    if (e instanceof PathError) return fromPathError(e);
    throw e;
  }
  const values = compiled.values(payload);
  if (!compiled.singular) {
    if (values.length === 0) {
      const why = whyEmpty(payload, path, facts);
      if (why !== undefined) return why;
    }
    return { ok: true, value: values, list: true };
  }
  if (values.length === 1) return { ok: true, value: values[0], list: false };
  // Explain the empty result the way `get` would: which segment failed and what was there.
  const keys = singularKeys(path) ?? [];
  // A JSONPath name is a key even when it spells a number (`$.items['1']`), as `get`'s quoted keys are.
  const segments: PathSegment[] = keys.map((k) => typeof k === 'number' ? { key: String(k), index: k, offset: 0 } : { key: k, index: undefined, offset: 0, quoted: true });
  try {
    // Suggestions in JSONPath: the claim's path is JSONPath, which `get`'s spelling (`items[0]`) is not.
    getSegments(payload, segments, path, jsonPathOf);
  } catch (e) {
    if (e instanceof PathError) {
      const r = fromPathError(e);
      if (!r.ok) r.reason = `JSONPath ${elide(path)} selects nothing: ${e.message}`;
      return r;
    }
    throw e;
  }
  return { ok: false, code: 'NO_MATCH', reason: `JSONPath ${elide(path)} selects nothing`, suggestions: [] };
}

/** Most keys collected when looking for a name anywhere in the payload. */
const MAX_KEYS_SCANNED = 1_000_000;

/**
 * Why a non-singular query selected nothing, when that is provably a wrong path rather than an empty
 * answer: its leading names and indices (`$.nope` of `$.nope[*]`) do not resolve, or a name it selects
 * (`$..nmae`, `$.items[*].nmae`) is not a key anywhere in the payload although the segment before it
 * reached an object to look in. An empty list a filter produced (`$.items[?@.id == 9]`), a name that
 * exists elsewhere in the payload, or a name after an empty collection (`$.errors[*].code` of
 * `{"errors": []}`), is a legitimate answer.
 */
function whyEmpty(payload: unknown, path: string, facts: PayloadFacts): Resolution | undefined {
  const ast = parseJsonPath(path);
  const leading: PathSegment[] = [];
  for (const seg of ast.segments) {
    if (seg.descendant || seg.selectors.length !== 1) break;
    const sel = seg.selectors[0];
    if (sel.kind === 'name') leading.push({ key: sel.name, index: undefined, offset: 0, quoted: true });
    else if (sel.kind === 'index') leading.push({ key: String(sel.index), index: sel.index, offset: 0 });
    else break;
  }
  if (leading.length > 0) {
    try {
      getSegments(payload, leading, path, jsonPathOf);
    } catch (e) {
      if (!(e instanceof PathError)) throw e;
      const rest = restAfter(path, ast, leading.length);
      return { ok: false, code: e.code, reason: `JSONPath ${elide(path)} selects nothing: ${e.message}`, suggestions: e.suggestions.map((s) => withRest(payload, s, rest, leading.length)) };
    }
  }
  for (let i = 0; i < ast.segments.length; i++) {
    const seg = ast.segments[i];
    if (!seg.selectors.every((s) => s.kind === 'name')) continue;
    if (facts.keys === undefined) facts.keys = allKeys(payload) ?? null;
    const keys = facts.keys;
    if (keys === null) return undefined;
    const names = seg.selectors.map((s) => (s as { name: string }).name);
    if (names.some((n) => keys.has(n))) continue;
    // No object anywhere has the name; it is a wrong path only if this segment had an object to look in.
    if (!reachesObject(payload, path, ast, i)) return undefined;
    const shown = names.map((n) => JSON.stringify(n)).join(', ');
    const pool: Record<string, true> = Object.create(null);
    for (const k of keys) pool[k] = true;
    const near = nearestKeys(pool, names[0], 3);
    return {
      ok: false,
      code: 'MISSING_KEY',
      reason: `JSONPath ${elide(path)} selects nothing: no object in the payload has the key ${shown}${near.length > 0 ? ` (keys that exist: ${near.map((k) => JSON.stringify(k)).join(', ')})` : ''}`,
      suggestions: near.map((k) => renamed(path, ast, i, names[0], k)).filter((p): p is string => p !== undefined),
    };
  }
  return undefined;
}

function isObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Whether segment `i` of `ast` looks at an object: one of the nodes the segments before it select is an
 * object, or, for a descendant segment (`..name`), is or holds one.
 */
function reachesObject(payload: unknown, source: string, ast: QueryNode, i: number): boolean {
  const descendant = ast.segments[i].descendant;
  const seen = new Set<object>();
  let found = false;
  const sink = (v: unknown): boolean => (found = descendant ? holdsObject(v, seen) : isObject(v));
  evaluate(compileSteps({ relative: false, segments: ast.segments.slice(0, i), singular: false }, false), payload, sink, source, undefined);
  return found;
}

/** Whether `value` is or contains an object; `seen` is shared across calls, so each node is looked at once. */
function holdsObject(value: unknown, seen: Set<object>): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || seen.has(v)) continue;
    if (!Array.isArray(v)) return true;
    seen.add(v);
    for (const c of v) if (typeof c === 'object' && c !== null) stack.push(c);
  }
  return false;
}

/**
 * The text of `path` after its first `count` segments (`[*].status` of `$.tikets[*].status`), found by
 * cutting before a `.` or `[` and checking that the part before parses to exactly those segments;
 * undefined when no such cut is found.
 */
function restAfter(path: string, ast: QueryNode, count: number): string | undefined {
  const want = JSON.stringify(ast.segments.slice(0, count));
  let tries = 0;
  for (let at = 1; at < path.length && tries < MAX_RENAME_TRIES; at++) {
    const c = path[at];
    if (c !== '.' && c !== '[') continue;
    // Every try counts, a cut that does not parse too: each costs the length before it, and a name
    // full of dots (`$['a.a.a…']`) would otherwise make the search quadratic.
    tries++;
    let head: QueryNode;
    try {
      head = parseJsonPath(path.slice(0, at));
    } catch (e) {
      if (e instanceof PathError) continue;
      throw e;
    }
    if (head.segments.length > count) return undefined;
    if (JSON.stringify(head.segments) === want) return path.slice(at);
  }
  return undefined;
}

/**
 * A suggestion for the leading names and indices of a query, with the rest of the query after it, so
 * it names what the query meant (`$.tickets[*].status`, not `$.tickets`) when that selects something;
 * as it was when the suggestion is not a replacement for all of them, the rest cannot be split off, or
 * the whole selects nothing (`$.tickets[0].id[*]` for `$.tickets[0].x[*]`: the rest does not fit there).
 */
function withRest(payload: unknown, suggestion: string, rest: string | undefined, count: number): string {
  if (rest === undefined || rest === '') return suggestion;
  const whole = suggestion + rest;
  try {
    if (parseJsonPath(suggestion).segments.length !== count) return suggestion;
    let found = false;
    evaluate(compileSteps(parseJsonPath(whole), false), payload, () => (found = true), whole, undefined);
    return found ? whole : suggestion;
  } catch (e) {
    // A suggestion that cannot be read or costs too much to try is offered as it was.
    if (e instanceof JsonMendError) return suggestion;
    throw e;
  }
}

/** Most places in a query tried when writing a suggestion with one name replaced. */
const MAX_RENAME_TRIES = 20;

/**
 * `path` with the name `from` of segment `i` written as `to`, the rest of the text as it was; undefined
 * when no spelling of it gives exactly that query. Each place `from` is written is tried (as it was
 * written, or as `["to"]` where `.from` was), and a candidate counts only if it parses to the same query
 * with that one name changed, so `$.data[*].dat` is not rewritten in `data`, and `$&` in a key is text.
 */
function renamed(path: string, ast: QueryNode, i: number, from: string, to: string): string | undefined {
  const want = JSON.stringify(ast.segments.map((seg, j) =>
    j !== i ? seg : { ...seg, selectors: seg.selectors.map((s) => (s.kind === 'name' && s.name === from ? { kind: 'name', name: to } : s)) }));
  let tries = 0;
  for (let at = path.indexOf(from); at !== -1 && tries < MAX_RENAME_TRIES; at = path.indexOf(from, at + 1), tries++) {
    const end = at + from.length;
    const candidates = [path.slice(0, at) + to + path.slice(end)];
    if (path[at - 1] === '.') candidates.push(`${path.slice(0, path[at - 2] === '.' ? at : at - 1)}[${JSON.stringify(to)}]${path.slice(end)}`);
    for (const c of candidates) {
      let got: QueryNode;
      try {
        got = parseJsonPath(c);
      } catch (e) {
        if (e instanceof PathError) continue;
        throw e;
      }
      if (JSON.stringify(got.segments) === want) return c;
    }
  }
  return undefined;
}

/** Every key of every object in `value`, or undefined when there are too many to look through. */
function allKeys(value: unknown): Set<string> | undefined {
  const keys = new Set<string>();
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  let scanned = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || seen.has(v)) continue;
    seen.add(v);
    if (Array.isArray(v)) {
      for (const c of v) if (typeof c === 'object' && c !== null) stack.push(c);
      continue;
    }
    for (const k of Object.keys(v)) {
      if (++scanned > MAX_KEYS_SCANNED) return undefined;
      keys.add(k);
      const c = (v as Record<string, unknown>)[k];
      if (typeof c === 'object' && c !== null) stack.push(c);
    }
  }
  return keys;
}

/**
 * A `get` path that `get` refused because it selects many values (`items[*].amount`, `a..b`): the reason a
 * model reads says what it can write instead — the same path as JSONPath (`$.items[*].amount`), which
 * `auto` reads, or under `get` one value. Whether the path selects many values is read from the path
 * itself (as JSONPath, it parses and is not singular), not from the wording of `get`'s message, whose
 * advice names a function of ours; undefined when the path is not such a path.
 */
function manyValues(path: string, syntax: ClaimPathSyntax): Resolution | undefined {
  const trimmed = path.trim();
  // `items[*]`, `[*]`, jq's `.items[*]`, `..name`, and under `get` also `$..name`.
  const asJsonPath = trimmed.startsWith('$') ? trimmed : trimmed.startsWith('[') || trimmed.startsWith('.') ? `$${trimmed}` : `$.${trimmed}`;
  let singular: boolean;
  try {
    singular = compileQuery(asJsonPath).singular;
  } catch (e) {
    if (e instanceof PathError) return undefined;
    throw e;
  }
  if (singular) return undefined;
  const hint = syntax === 'auto'
    ? `to claim about all of them, write the path as JSONPath starting with $: ${JSON.stringify(asJsonPath)}`
    : 'name one value, with an index like [0]';
  return { ok: false, code: 'SYNTAX', reason: `the path ${JSON.stringify(elide(trimmed))} selects many values, and this path syntax names one; ${hint}`, suggestions: syntax === 'auto' ? [asJsonPath] : [] };
}

/**
 * Resolves `path` in `payload` per `syntax` (see {@link ClaimPathSyntax}). Never throws for a bad path.
 * `facts` may carry what an earlier claim learnt about the same payload.
 */
export function resolveClaimPath(payload: unknown, path: string | undefined, syntax: ClaimPathSyntax, facts: PayloadFacts = {}): Resolution {
  if (path === undefined || path === '' || path === '$') return { ok: true, value: payload, list: false };
  if (syntax === 'jsonpath') return viaJsonPath(payload, path, facts);
  let segments: PathSegment[];
  try {
    segments = parsePath(path);
  } catch (e) {
    if (!(e instanceof PathError)) throw e;
    if (syntax === 'auto' && path.trimStart().startsWith('$')) return viaJsonPath(payload, path.trim(), facts);
    return (e.code === 'SYNTAX' ? manyValues(path, syntax) : undefined) ?? fromPathError(e);
  }
  try {
    return { ok: true, value: getSegments(payload, segments, path), list: false };
  } catch (e) {
    if (e instanceof PathError) return fromPathError(e);
    throw e;
  }
}
