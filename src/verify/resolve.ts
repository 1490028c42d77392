// Reads the value a claim is about: `get`'s grammar, or JSONPath when the claim says so (or must be).
import { PathError } from '../path/errors.js';
import { getSegments, parsePath, type PathSegment } from '../path/get.js';
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
  if (!compiled.singular) return { ok: true, value: values, list: true };
  if (values.length === 1) return { ok: true, value: values[0], list: false };
  // Explain the empty result the way `get` would: which segment failed and what was there.
  const keys = singularKeys(path) ?? [];
  const segments: PathSegment[] = keys.map((k) => ({ key: String(k), index: typeof k === 'number' ? k : undefined, offset: 0 }));
  try {
    getSegments(payload, segments, path);
  } catch (e) {
    if (e instanceof PathError) {
      const r = fromPathError(e);
      if (!r.ok) r.reason = `JSONPath ${path} selects nothing: ${e.message}`;
      return r;
    }
    throw e;
  }
  return { ok: false, code: 'NO_MATCH', reason: `JSONPath ${path} selects nothing`, suggestions: [] };
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
