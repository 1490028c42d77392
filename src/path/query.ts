// RFC 9535 JSONPath: compile once, evaluate many times.
import { JsonMendError, describeType } from '../errors.js';

import { normalizedName } from './json.js';
import { compileQuery as compileSteps, evaluate, type PathLink, type Step } from './jsonpath/compile.js';
import { parseJsonPath } from './jsonpath/parser.js';

/** One node of a query's result: its value and its RFC 9535 normalized path (`$['a'][0]`). */
export interface JsonPathNode {
  value: unknown;
  path: string;
}

/** Options of {@link query}, {@link queryPaths}, {@link queryNodes} and the {@link CompiledJsonPath} methods. */
export interface QueryOptions {
  /**
   * Most nodes a query may select before it fails with `TOO_LARGE` (a query such as `$..*..*` selects a
   * number of nodes that grows with the square of the document's depth). Default 1,000,000. The path forms
   * are also capped at 100,000,000 characters of normalized paths in all.
   */
  maxResults?: number | undefined;
  /**
   * Most steps the evaluation may take (nodes visited by segments and filters, plus regex automaton
   * states built by `match`/`search`) before it fails with `TOO_LARGE`. Chained descendant segments
   * (`$..a..a..a.x`) and absolute queries inside filters multiply the work without selecting anything,
   * which `maxResults` cannot see. Default: 10,000,000, or 32 per node of the document when that is more
   * (at most 1,000,000,000).
   */
  maxVisits?: number | undefined;
}

/** Default of {@link QueryOptions.maxResults}. */
export const DEFAULT_MAX_RESULTS = 1_000_000;
/** Most characters of normalized paths one `paths`/`nodes` call builds. */
export const MAX_PATH_CHARACTERS = 100_000_000;

/** A parsed and compiled JSONPath query; reusable across documents and safe to share. */
export interface CompiledJsonPath {
  /** The query text. */
  readonly source: string;
  /** True when the query can select at most one node (only name and index selectors). */
  readonly singular: boolean;
  /** The values of the node list, in node-list order. */
  values(document: unknown, options?: QueryOptions): unknown[];
  /** The normalized paths of the node list, in node-list order. */
  paths(document: unknown, options?: QueryOptions): string[];
  /** Values and paths together. */
  nodes(document: unknown, options?: QueryOptions): JsonPathNode[];
  /** The first node's value, or `undefined` when the node list is empty; stops at the first match. */
  first(document: unknown, options?: Pick<QueryOptions, 'maxVisits'>): unknown;
}

/**
 * The normalized path of a link, remembered on the link: each path is its parent's plus one segment, so a
 * node list's paths share their prefixes instead of each being built from the root again.
 */
function formatLink(link: PathLink | null): string {
  if (link === null) return '$';
  if (link.text !== undefined) return link.text;
  const pending: PathLink[] = [];
  let l: PathLink | null = link;
  for (; l !== null && l.text === undefined; l = l.parent) pending.push(l);
  let text = l === null ? '$' : l.text!;
  for (let i = pending.length - 1; i >= 0; i--) {
    const k = pending[i].key;
    text += typeof k === 'number' ? `[${k}]` : normalizedName(k);
    pending[i].text = text;
  }
  return text;
}

class Compiled implements CompiledJsonPath {
  private readonly valueStep: Step;
  private pathStep: Step | undefined;
  constructor(readonly source: string, private readonly ast: ReturnType<typeof parseJsonPath>) {
    this.valueStep = compileSteps(ast, false);
    this.singular = ast.singular;
  }
  readonly singular: boolean;

  values(document: unknown, options?: QueryOptions): unknown[] {
    const out: unknown[] = [];
    const max = maxResultsOf(options);
    evaluate(this.valueStep, document, (v) => {
      if (out.length >= max) tooMany(this.source, max);
      out.push(v);
      return false;
    }, this.source, maxVisitsOf(options));
    return out;
  }

  /** Calls `take` with each node and its normalized path, within the result limits. */
  private withPaths(document: unknown, options: QueryOptions | undefined, take: (value: unknown, path: string) => void): void {
    this.pathStep ??= compileSteps(this.ast, true);
    const max = maxResultsOf(options);
    let count = 0;
    let characters = 0;
    evaluate(this.pathStep, document, (v, link) => {
      if (count++ >= max) tooMany(this.source, max);
      const path = formatLink(link);
      characters += path.length;
      if (characters > MAX_PATH_CHARACTERS) {
        throw new JsonMendError('TOO_LARGE', `the query ${this.source} selects nodes whose paths add up to more than ${MAX_PATH_CHARACTERS} characters`);
      }
      take(v, path);
      return false;
    }, this.source, maxVisitsOf(options));
  }

  paths(document: unknown, options?: QueryOptions): string[] {
    const out: string[] = [];
    this.withPaths(document, options, (_v, path) => out.push(path));
    return out;
  }

  nodes(document: unknown, options?: QueryOptions): JsonPathNode[] {
    const out: JsonPathNode[] = [];
    this.withPaths(document, options, (value, path) => out.push({ value, path }));
    return out;
  }

  first(document: unknown, options?: QueryOptions): unknown {
    let found: unknown;
    evaluate(this.valueStep, document, (v) => ((found = v), true), this.source, maxVisitsOf(options));
    return found;
  }
}

function maxResultsOf(options: QueryOptions | undefined): number {
  if (options === undefined) return DEFAULT_MAX_RESULTS;
  if (typeof options !== 'object' || options === null) {
    throw new JsonMendError('INVALID_ARGUMENT', `query options must be an object, got ${describeType(options)}`);
  }
  const max = options.maxResults === undefined ? DEFAULT_MAX_RESULTS : options.maxResults;
  if (typeof max !== 'number' || !(max >= 0)) {
    throw new JsonMendError('INVALID_ARGUMENT', `maxResults must be a non-negative number, got ${String(max)}`);
  }
  return max;
}

function maxVisitsOf(options: QueryOptions | undefined): number | undefined {
  const max = options?.maxVisits;
  if (max === undefined) return undefined;
  if (typeof max !== 'number' || !(max >= 0)) {
    throw new JsonMendError('INVALID_ARGUMENT', `maxVisits must be a non-negative number, got ${String(max)}`);
  }
  return max;
}

function tooMany(source: string, max: number): never {
  throw new JsonMendError('TOO_LARGE', `the query ${source} selects more than maxResults (${max}) nodes`);
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
 * @throws JsonMendError `TOO_LARGE` beyond `maxResults`; `INVALID_ARGUMENT` when the document contains a cycle
 */
export function query(document: unknown, jsonpath: string | CompiledJsonPath, options?: QueryOptions): unknown[] {
  return toCompiled(jsonpath).values(document, options);
}

/**
 * The RFC 9535 normalized paths (`$['a'][0]`) of the nodes a query selects, in node-list order.
 *
 * @throws PathError `SYNTAX` when the query is invalid
 */
export function queryPaths(document: unknown, jsonpath: string | CompiledJsonPath, options?: QueryOptions): string[] {
  return toCompiled(jsonpath).paths(document, options);
}

/** Values and normalized paths of the nodes a query selects, in node-list order. */
export function queryNodes(document: unknown, jsonpath: string | CompiledJsonPath, options?: QueryOptions): JsonPathNode[] {
  return toCompiled(jsonpath).nodes(document, options);
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
