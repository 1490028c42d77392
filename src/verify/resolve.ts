// Reads the value a claim is about: `get`'s grammar, or JSONPath when the claim says so (or must be).
import { PathError } from '../path/errors.js';
import { elide, getSegments, nearestKeys, parsePath, type PathSegment } from '../path/get.js';
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

function viaJsonPath(payload: unknown, path: string): Resolution {
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
      const why = whyEmpty(payload, path);
      if (why !== undefined) return why;
    }
    return { ok: true, value: values, list: true };
  }
  if (values.length === 1) return { ok: true, value: values[0], list: false };
  // Explain the empty result the way `get` would: which segment failed and what was there.
  const keys = singularKeys(path) ?? [];
  const segments: PathSegment[] = keys.map((k) => ({ key: String(k), index: typeof k === 'number' ? k : undefined, offset: 0 }));
  try {
    getSegments(payload, segments, path);
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
 * (`$..nmae`, `$.items[*].nmae`) is not a key anywhere in the payload. An empty list a filter produced
 * (`$.items[?@.id == 9]`), or a name that exists elsewhere in the payload, is a legitimate answer.
 */
function whyEmpty(payload: unknown, path: string): Resolution | undefined {
  const ast = parseJsonPath(path);
  const leading: PathSegment[] = [];
  for (const seg of ast.segments) {
    if (seg.descendant || seg.selectors.length !== 1) break;
    const sel = seg.selectors[0];
    if (sel.kind === 'name') leading.push({ key: sel.name, index: undefined, offset: 0 });
    else if (sel.kind === 'index') leading.push({ key: String(sel.index), index: sel.index, offset: 0 });
    else break;
  }
  if (leading.length > 0) {
    try {
      getSegments(payload, leading, path);
    } catch (e) {
      if (!(e instanceof PathError)) throw e;
      return { ok: false, code: e.code, reason: `JSONPath ${elide(path)} selects nothing: ${e.message}`, suggestions: [...e.suggestions] };
    }
  }
  let keys: Set<string> | undefined;
  for (const seg of ast.segments) {
    if (!seg.selectors.every((s) => s.kind === 'name')) continue;
    keys ??= allKeys(payload);
    if (keys === undefined) return undefined;
    const names = seg.selectors.map((s) => (s as { name: string }).name);
    if (names.some((n) => keys!.has(n))) continue;
    const shown = names.map((n) => JSON.stringify(n)).join(', ');
    const pool: Record<string, true> = Object.create(null);
    for (const k of keys) pool[k] = true;
    const near = nearestKeys(pool, names[0], 3);
    return {
      ok: false,
      code: 'MISSING_KEY',
      reason: `JSONPath ${elide(path)} selects nothing: no object in the payload has the key ${shown}${near.length > 0 ? ` (keys that exist: ${near.map((k) => JSON.stringify(k)).join(', ')})` : ''}`,
      suggestions: near.map((k) => path.replace(names[0], k)).filter((p) => p !== path),
    };
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

/** `get`'s advice for a path that selects many values, which names a function of ours (the reason goes to a model). */
const QUERY_ADVICE = /[;,]\s*use query\(\) for JSONPath/;

/**
 * The reason a model reads for a `get` path that selects many values (`items[*].amount`): what it can write
 * instead — the same path as JSONPath (`$.items[*].amount`), which `auto` reads, or under `get` one value.
 */
function manyValuesHint(r: Resolution, path: string, syntax: ClaimPathSyntax): Resolution {
  if (r.ok || !QUERY_ADVICE.test(r.reason)) return r;
  const trimmed = path.trim();
  const asJsonPath = `$${trimmed.startsWith('[') ? '' : '.'}${trimmed}`;
  let hint = 'name one value, with an index like [0]';
  if (syntax === 'auto') {
    try {
      compileQuery(asJsonPath);
      hint = `to claim about all of them, write the path as JSONPath starting with $: "${asJsonPath}"`;
    } catch {
      hint = 'to claim about all of them, write the path as JSONPath starting with $';
    }
  }
  return { ...r, reason: r.reason.replace(QUERY_ADVICE, `; ${hint}`) };
}

/** Resolves `path` in `payload` per `syntax` (see {@link ClaimPathSyntax}). Never throws for a bad path. */
export function resolveClaimPath(payload: unknown, path: string | undefined, syntax: ClaimPathSyntax): Resolution {
  if (path === undefined || path === '' || path === '$') return { ok: true, value: payload, list: false };
  if (syntax === 'jsonpath') return viaJsonPath(payload, path);
  let segments: PathSegment[];
  try {
    segments = parsePath(path);
  } catch (e) {
    if (!(e instanceof PathError)) throw e;
    if (syntax === 'auto' && path.trimStart().startsWith('$')) return viaJsonPath(payload, path.trim());
    return manyValuesHint(fromPathError(e), path, syntax);
  }
  try {
    return { ok: true, value: getSegments(payload, segments, path), list: false };
  } catch (e) {
    if (e instanceof PathError) return fromPathError(e);
    throw e;
  }
}
