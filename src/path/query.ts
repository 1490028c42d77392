// RFC 9535 JSONPath: compile once, evaluate many times.
import { JsonMendError } from '../errors.js';

import { normalizedName } from './json.js';
import { compileQuery as compileSteps, type PathLink, type Sink, type Step } from './jsonpath/compile.js';
import { parseJsonPath } from './jsonpath/parser.js';

/** One node of a query's result: its value and its RFC 9535 normalized path (`$['a'][0]`). */
export interface JsonPathNode {
  value: unknown;
  path: string;
}

/** A parsed and compiled JSONPath query; reusable across documents and safe to share. */
export interface CompiledJsonPath {
  /** The query text. */
  readonly source: string;
  /** True when the query can select at most one node (only name and index selectors). */
  readonly singular: boolean;
  /** The values of the node list, in node-list order. */
  values(document: unknown): unknown[];
  /** The normalized paths of the node list, in node-list order. */
  paths(document: unknown): string[];
  /** Values and paths together. */
  nodes(document: unknown): JsonPathNode[];
  /** The first node's value, or `undefined` when the node list is empty; stops at the first match. */
  first(document: unknown): unknown;
}

function formatLink(link: PathLink | null): string {
  const parts: (string | number)[] = [];
  for (let l = link; l !== null; l = l.parent) parts.push(l.key);
  let out = '$';
  for (let i = parts.length - 1; i >= 0; i--) {
    const k = parts[i];
    out += typeof k === 'number' ? `[${k}]` : normalizedName(k);
  }
  return out;
}

class Compiled implements CompiledJsonPath {
  private readonly valueStep: Step;
  private pathStep: Step | undefined;
  constructor(readonly source: string, private readonly ast: ReturnType<typeof parseJsonPath>) {
    this.valueStep = compileSteps(ast, false);
    this.singular = ast.singular;
  }
  readonly singular: boolean;

  values(document: unknown): unknown[] {
    const out: unknown[] = [];
    this.valueStep(document, null, { root: document, sink: (v) => (out.push(v), false) });
    return out;
  }

  private withPaths(document: unknown, sink: Sink): void {
    this.pathStep ??= compileSteps(this.ast, true);
    this.pathStep(document, null, { root: document, sink });
  }

  paths(document: unknown): string[] {
    const out: string[] = [];
    this.withPaths(document, (_v, p) => (out.push(formatLink(p)), false));
    return out;
  }

  nodes(document: unknown): JsonPathNode[] {
    const out: JsonPathNode[] = [];
    this.withPaths(document, (value, p) => (out.push({ value, path: formatLink(p) }), false));
    return out;
  }

  first(document: unknown): unknown {
    let found: unknown;
    this.valueStep(document, null, { root: document, sink: (v) => ((found = v), true) });
    return found;
  }
}

const CACHE_LIMIT = 512;
const cache = new Map<string, Compiled>();

/**
 * Parses and compiles an RFC 9535 JSONPath query. Invalid queries fail here, whatever the document.
 * Compiled queries are memoised (a bounded cache), so calling {@link query} in a loop is cheap too.
 *
 * @throws PathError `SYNTAX` with the offset of the problem
 */
export function compileQuery(jsonpath: string): CompiledJsonPath {
  if (typeof jsonpath !== 'string') {
    throw new JsonMendError('INVALID_ARGUMENT', `a JSONPath query must be a string, got ${jsonpath === null ? 'null' : typeof jsonpath}`);
  }
  const hit = cache.get(jsonpath);
  if (hit !== undefined) return hit;
  const compiled = new Compiled(jsonpath, parseJsonPath(jsonpath));
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(jsonpath, compiled);
  return compiled;
}

function toCompiled(jsonpath: string | CompiledJsonPath): CompiledJsonPath {
  return jsonpath instanceof Compiled ? jsonpath : compileQuery(jsonpath as string);
}

/**
 * The values selected by an RFC 9535 JSONPath query, in node-list order.
 *
 * @param jsonpath a query string or a query from {@link compileQuery}
 * @throws PathError `SYNTAX` when the query is invalid
 */
export function query(document: unknown, jsonpath: string | CompiledJsonPath): unknown[] {
  return toCompiled(jsonpath).values(document);
}

/**
 * The RFC 9535 normalized paths (`$['a'][0]`) of the nodes a query selects, in node-list order.
 *
 * @throws PathError `SYNTAX` when the query is invalid
 */
export function queryPaths(document: unknown, jsonpath: string | CompiledJsonPath): string[] {
  return toCompiled(jsonpath).paths(document);
}

/** Values and normalized paths of the nodes a query selects, in node-list order. */
export function queryNodes(document: unknown, jsonpath: string | CompiledJsonPath): JsonPathNode[] {
  return toCompiled(jsonpath).nodes(document);
}



/**
 * The names and indices of a singular query (`$.a[0]`), or undefined when it is not singular.
 * @internal used by verify to explain an empty result with `get`'s error details
 */
export function singularKeys(jsonpath: string): (string | number)[] | undefined {
  const ast = parseJsonPath(jsonpath);
  if (!ast.singular) return undefined;
  return ast.segments.map((s) => {
    const sel = s.selectors[0];
    return sel.kind === 'name' ? sel.name : (sel as { index: number }).index;
  });
}
