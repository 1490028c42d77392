// Paths as telemetry shows them. A path names keys, and only the keys the schema itself names are the
// developer's words: a key the model made up (an extra property on a closed object, stripped or refused) or a
// key of a record (`additionalProperties: { … }`, whose keys are data) is text the model wrote, which telemetry
// never holds. Such a segment is written `*`; array indices and the schema's property names stay. A claim's path
// (into the tool output) follows the same rule: its keys are shown only when a schema names them.
import { parsePath } from '../path/get.js';
import { readStringLiteral } from '../path/jsonpath/strings.js';
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
    // A number is an index only where the schema has an array: in a record (`{"5551234": …}`) it is the model's key.
    let nodes = expand(schema === undefined ? [] : [schema], schema);
    return toPointer(
      fromPointer(path).map((segment) => {
        const index = INDEX.test(segment) && nodes.some(arrayLike);
        nodes = expand(childrenAt(nodes, segment), schema);
        return index || names.has(segment) ? segment : '*';
      }),
    );
  };
}

type Node = Record<string, unknown>;

/** Most schema nodes followed at one place of a path (combinators and references can fan out). */
const MAX_NODES = 64;

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function arrayLike(node: Node): boolean {
  const type = node.type;
  return type === 'array' || (Array.isArray(type) && type.includes('array')) || 'items' in node || 'prefixItems' in node;
}

/** The nodes and every branch they stand for: `allOf`/`anyOf`/`oneOf` members and local `$ref`s, resolved. */
function expand(nodes: readonly Node[], root: JsonSchemaObject | undefined): Node[] {
  const out: Node[] = [];
  const seen = new Set<Node>();
  const stack = [...nodes];
  while (stack.length > 0 && out.length < MAX_NODES) {
    const node = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    out.push(node);
    for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
      const branches = node[keyword];
      if (Array.isArray(branches)) for (const b of branches) if (isNode(b)) stack.push(b);
    }
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#') && root !== undefined) {
      let target: unknown = root;
      for (const key of ref === '#' ? [] : fromPointer(ref.slice(1))) target = isNode(target) ? target[key] : undefined;
      if (isNode(target)) stack.push(target);
    }
  }
  return out;
}

/** The schema nodes for the value at `segment` under any of `nodes`. */
function childrenAt(nodes: readonly Node[], segment: string): Node[] {
  const out: Node[] = [];
  for (const node of nodes) {
    if (INDEX.test(segment)) {
      const i = Number(segment);
      const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : Array.isArray(node.items) ? node.items : undefined;
      if (prefix !== undefined && i < prefix.length && isNode(prefix[i])) out.push(prefix[i] as Node);
      else if (isNode(node.items)) out.push(node.items);
      else if (isNode(node.additionalItems)) out.push(node.additionalItems);
    }
    const properties = node.properties;
    if (isNode(properties) && Object.prototype.hasOwnProperty.call(properties, segment) && isNode(properties[segment])) {
      out.push(properties[segment] as Node);
    }
    if (isNode(node.patternProperties)) {
      for (const [pattern, sub] of Object.entries(node.patternProperties)) {
        try {
          if (isNode(sub) && new RegExp(pattern, 'u').test(segment)) out.push(sub);
        } catch {
          // a pattern JavaScript cannot read: no branch
        }
      }
    }
    if (isNode(node.additionalProperties)) out.push(node.additionalProperties);
  }
  return out;
}

/**
 * A redactor for claims' paths: they point into the tool output, and the model wrote them. A key is shown only
 * when one of `schemas` declares it (the reply's JSON Schema, and the tool output's when the caller gives it):
 * those are the developer's words. Every other key is data the model copied from the payload or made up (a
 * record keyed by address, an API key, a user name), whatever it looks like, and is hidden (see
 * {@link shownClaimPath}).
 */
export function claimPathRedactor(...schemas: readonly (JsonSchemaObject | boolean | undefined)[]): PathRedactor {
  const names = new Set<string>();
  for (const schema of schemas) if (schema !== null && typeof schema === 'object') for (const name of declaredNames(schema)) names.add(name);
  return (path) => shownClaimPath(path, names);
}

const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * A claim's path as telemetry shows it: the structure, with a key shown only when it is in `names` (the
 * schema's words; none by default) and any other written `['…']` (`…` in a JSON Pointer):
 * `tickets[0].subject` with no name known is `['…'][0]['…']`. An index is shown up to 4 digits (a longer
 * number is an account or phone number written as a key). A JSONPath filter holds values the model wrote
 * (`$[?@.email=='alice@example.com'].plan`): each filter is written `[?…]`. A path that neither path grammar
 * reads is the model's prose, not a place: it is written `…`.
 */
export function shownClaimPath(path: string | undefined, names: ReadonlySet<string> = NO_NAMES): string | undefined {
  if (path === undefined || path === '') return path;
  if (!readable(path)) return '…';
  const start = path.trimStart();
  return start.startsWith('/') ? shownPointer(start, names) : shownSegments(path, names);
}

/** An index or a slice whose numbers have at most 4 digits (`0`, `-1`, `1:3`, `::2`). */
const SHOWN_INDEX = /^-?[0-9]{1,4}$/;
const SHOWN_SLICE = /^(?:\s*-?[0-9]{1,4}\s*)?:(?:\s*-?[0-9]{1,4}\s*)?(?::(?:\s*-?[0-9]{1,4}\s*)?)?$/;
const HIDDEN_KEY = "['…']";

function shownPointer(pointer: string, names: ReadonlySet<string>): string {
  return pointer
    .split('/')
    .map((raw, i) => {
      if (i === 0) return raw;
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      return key === '-' || SHOWN_INDEX.test(key) || names.has(key) ? raw : '…';
    })
    .join('/');
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

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

/**
 * The path (in `get`'s grammar or JSONPath, already known to read) with each segment shown or hidden: a dotted
 * name as it is or `['…']`, a bracket's selectors one by one (see {@link shownBracket}). One pass: linear.
 */
function shownSegments(path: string, names: ReadonlySet<string>): string {
  // The root marker `$` (`$`, `$.a`, `$[0]`); elsewhere a `$` is part of a name.
  const lead = path.length - path.trimStart().length;
  let out = path.slice(0, lead);
  let i = lead;
  if (path[i] === '$' && (i + 1 === path.length || path[i + 1] === '.' || path[i + 1] === '[' || isSpace(path[i + 1]!))) {
    out += '$';
    i++;
  }
  while (i < path.length) {
    const c = path[i]!;
    if (c === '.' || isSpace(c)) {
      out += c;
      i++;
    } else if (c === '[') {
      const end = bracketEnd(path, i);
      out += shownBracket(path.slice(i + 1, end), names);
      i = end + 1;
    } else {
      // A dotted name (`get` reads one to the next `.` or `[`).
      let j = i;
      while (j < path.length && path[j] !== '.' && path[j] !== '[') j++;
      const name = path.slice(i, j);
      const bare = name.trim();
      if (bare === '*' || SHOWN_INDEX.test(bare) || names.has(bare)) out += name;
      // `a.b@c` is shown `a['…']`, the bracket taking the dot's place (`..` stays: `$..['…']`).
      else out = (out.endsWith('.') && !out.endsWith('..') ? out.slice(0, -1) : out) + HIDDEN_KEY;
      i = j;
    }
  }
  return out;
}

/** Where the bracket opened at `open` closes (its `]` at depth 0, or the end of the path); quotes are skipped over. */
function bracketEnd(path: string, open: number): number {
  let depth = 0;
  for (let j = open + 1; j < path.length; j++) {
    const d = path[j]!;
    if (d === '"' || d === "'") j = quoteEnd(path, j) - 1;
    else if (d === '[' || d === '(') depth++;
    else if ((d === ']' || d === ')') && depth > 0) depth--;
    else if (d === ']') return j;
  }
  return path.length;
}

/**
 * A bracket's selectors, each shown or hidden: a filter anywhere in it (first or after a comma:
 * `[0,?@.ssn=='…']`) makes the whole bracket `[?…]`; a quoted name is shown as written or `'…'`; `*`, short
 * indices and slices stay; anything else is `…`.
 */
function shownBracket(inner: string, names: ReadonlySet<string>): string {
  const selectors: string[] = [];
  let depth = 0;
  let from = 0;
  for (let j = 0; j <= inner.length; j++) {
    const d = inner[j];
    if (d === undefined || (d === ',' && depth === 0)) {
      selectors.push(inner.slice(from, j).trim());
      from = j + 1;
    } else if (d === '"' || d === "'") j = quoteEnd(inner, j) - 1;
    else if (d === '[' || d === '(') depth++;
    else if ((d === ']' || d === ')') && depth > 0) depth--;
  }
  if (selectors.some((s) => s.startsWith('?'))) return '[?…]';
  return `[${selectors.map((selector) => shownSelector(selector, names)).join(',')}]`;
}

function shownSelector(selector: string, names: ReadonlySet<string>): string {
  if (selector === '*' || SHOWN_INDEX.test(selector) || SHOWN_SLICE.test(selector)) return selector;
  if (selector.startsWith('"') || selector.startsWith("'")) {
    try {
      const literal = readStringLiteral(selector, 0);
      if (literal.end === selector.length && names.has(literal.value)) return selector;
    } catch {
      // not a string literal: hidden
    }
    return "'…'";
  }
  return '…';
}
