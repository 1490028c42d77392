// Paths as telemetry shows them. A path names keys, and only the keys the schema itself names are the
// developer's words: a key the model made up (an extra property on a closed object, stripped or refused) or a
// key of a record (`additionalProperties: { … }`, whose keys are data) is text the model wrote, which telemetry
// never holds. Such a segment is written `*`; array indices and the schema's property names stay.
import { parsePath } from '../path/get.js';
import { compileQuery } from '../path/query.js';
import { fromPointer, toPointer } from '../schema/pointer.js';
import type { JsonSchemaObject } from './types.js';

/** Turns a JSON Pointer into the one telemetry may hold. */
export type PathRedactor = (path: string | undefined) => string | undefined;

const INDEX = /^(?:0|[1-9][0-9]{0,8})$/;

/** Every property name declared anywhere in `schema` (`properties`, `required`, `dependentRequired`, …). */
function declaredNames(schema: JsonSchemaObject | undefined): Set<string> {
  const names = new Set<string>();
  const seen = new Set<object>();
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const keyword of ['properties', 'dependentRequired', 'dependentSchemas', 'dependencies']) {
      const named = record[keyword];
      if (named !== null && typeof named === 'object' && !Array.isArray(named)) for (const k of Object.keys(named)) names.add(k);
    }
    if (Array.isArray(record.required)) for (const k of record.required) if (typeof k === 'string') names.add(k);
    for (const value of Object.values(record)) if (value !== null && typeof value === 'object') stack.push(value);
  }
  return names;
}

/**
 * A redactor for paths of values checked against `schema` (its JSON Schema; `undefined` when none is known,
 * and then every key is redacted, since none is known to be the developer's).
 */
export function pathRedactor(schema: JsonSchemaObject | undefined): PathRedactor {
  const names = declaredNames(schema);
  return (path) => {
    if (path === undefined || path === '') return path;
    // Not a JSON Pointer: nothing in it is known to be the schema's words.
    if (!path.startsWith('/')) return '*';
    return toPointer(fromPointer(path).map((segment) => (INDEX.test(segment) || names.has(segment) ? segment : '*')));
  };
}

/**
 * A claim's path as telemetry shows it. Its keys name places in the tool output and are shown (see docs/loop.md),
 * but a JSONPath filter holds values the model wrote (`$[?@.email=='alice@example.com'].plan`): each filter is
 * written `[?…]`. A path that neither path grammar reads is the model's prose, not a place: it is written `…`.
 */
export function shownClaimPath(path: string | undefined): string | undefined {
  if (path === undefined || path === '') return path;
  if (!readable(path)) return '…';
  return path.includes('?') ? hideFilters(path) : path;
}

function readable(path: string): boolean {
  try {
    parsePath(path);
    return true;
  } catch {
    // not the forgiving grammar; a `$` path may be JSONPath
  }
  // JSONPath, or JSONPath without its `$` (`items[*].amount`, which the model is told to write as `$.items[*].amount`).
  const bare = path.trimStart();
  for (const query of bare.startsWith('$') ? [bare] : [`$${bare.startsWith('[') ? '' : '.'}${bare}`]) {
    try {
      compileQuery(query);
      return true;
    } catch {
      // neither
    }
  }
  return false;
}

/** Where the quoted string starting at `start` ends (after its closing quote, or at the end of the text). */
function quoteEnd(text: string, start: number): number {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length && text[i] !== quote) i += text[i] === '\\' ? 2 : 1;
  return Math.min(i + 1, text.length);
}

/** `[?…]` for every filter selector; brackets and quotes inside a filter are skipped over. One pass: linear. */
function hideFilters(path: string): string {
  let out = '';
  let i = 0;
  while (i < path.length) {
    const c = path[i]!;
    if (c === '"' || c === "'") {
      const end = quoteEnd(path, i);
      out += path.slice(i, end);
      i = end;
      continue;
    }
    let j = i + 1;
    if (c === '[') while (j < path.length && (path[j] === ' ' || path[j] === '\t' || path[j] === '\n' || path[j] === '\r')) j++;
    if (c !== '[' || path[j] !== '?') {
      out += c;
      i++;
      continue;
    }
    // A filter: to its `]` at depth 0 (or the end of the path), whatever it holds.
    let depth = 0;
    for (j++; j < path.length; j++) {
      const d = path[j]!;
      if (d === '"' || d === "'") j = quoteEnd(path, j) - 1;
      else if (d === '[' || d === '(') depth++;
      else if ((d === ']' || d === ')') && depth > 0) depth--;
      else if (d === ']') break;
    }
    out += '[?…]';
    i = j + 1;
  }
  return out;
}
