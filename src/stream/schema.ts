// A modest schema watch for snapshots: finds the subschema of each path (properties, items,
// prefixItems, additionalProperties, local `$ref`s), fills `default`s, and validates each subtree
// once it is complete (strict validation, no repair). Only JSON Schemas (or Standard Schemas that expose one) are watched.
import { schemaStageFor } from '../parse/stage.js';
import { rewrittenNumberAt } from '../parse/numbers.js';
import { escapeSegment, fromPointer, valueAt } from '../schema/pointer.js';
import { isStandardSchema, standardJsonSchema } from '../schema/standard.js';
import type { JsonSchemaValidator, SchemaIssue, SchemaLike } from '../schema/types.js';

type Node = Record<string, unknown>;

const MAX_REF_HOPS = 32;

function isNode(v: unknown): v is Node {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function has(obj: Node, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

export class SchemaWatch {
  readonly root: Node | undefined;
  /**
   * Where each subschema the watch reached sits in the root (a JSON Pointer): a subtree is validated
   * against the subschema there, in place, so its `$ref`s resolve and its draft applies as when the
   * whole value is validated (as a schema of its own, `#/properties/a` named the subschema's own `a`).
   */
  private readonly where = new WeakMap<Node, string>();
  private readonly seen = new Set<string>();
  /**
   * Paths with an issue reported by an earlier check. A container's check validates its members
   * again: an issue there is one reported when the member completed, maybe worded otherwise (the root
   * of a Standard Schema is validated by the schema itself, its members by their JSON Schemas).
   */
  private readonly reportedPaths = new Set<string>();

  /**
   * How the stream spelt the numbers past 2^53 it read (see noteNumber), built only when one comes: a
   * check flags one whose digits the double lost, as end() refuses it.
   */
  private spellings: Map<number, string | null> | undefined;
  private readonly numberText = (n: number): string | null | undefined => this.spellings?.get(n);

  constructor(schema: SchemaLike, readonly defaults: boolean, private readonly validator?: JsonSchemaValidator, private readonly draft?: string) {
    const json = isStandardSchema(schema) ? standardJsonSchema(schema) : schema;
    this.root = isNode(json) ? json : undefined;
    if (this.root !== undefined) this.where.set(this.root, '');
  }

  /** `node` (at `at` in the root) with local `$ref`s followed; undefined when it cannot be read. */
  private resolve(node: unknown, at: string | undefined): Node | undefined {
    let n = node;
    let p = at;
    for (let hops = 0; isNode(n) && typeof n.$ref === 'string'; hops++) {
      const ref = n.$ref;
      if (hops > MAX_REF_HOPS || !ref.startsWith('#')) return undefined;
      p = fragmentPointer(ref.slice(1));
      n = this.pointer(p);
    }
    if (!isNode(n)) return undefined;
    if (p !== undefined && !this.where.has(n)) this.where.set(n, p);
    return n;
  }

  /** The root's node at JSON Pointer `p` (`#foo`, an anchor, is no pointer: undefined). */
  private pointer(p: string): unknown {
    if (p !== '' && p.charCodeAt(0) !== 0x2f) return undefined;
    return valueAt(this.root, fromPointer(p));
  }

  /**
   * Where `sub`, found under `key` (and `index`) of the subschema at `at`, sits in the root; undefined
   * when the watch has placed it already (the pointer is built only for a subschema met first: this
   * runs for every member and element read) or `at` is unknown.
   */
  private placeOf(sub: unknown, at: string | undefined, key: string, index?: string | number): string | undefined {
    if (at === undefined || (isNode(sub) && this.where.has(sub))) return undefined;
    return index === undefined ? `${at}/${key}` : `${at}/${key}/${typeof index === 'string' ? escapeSegment(index) : index}`;
  }

  /** The subschema of a property (string slot) or item (number slot) of a value under `schema`. */
  child(schema: unknown, slot: string | number): Node | undefined {
    const s = this.resolve(schema, isNode(schema) ? this.where.get(schema) : undefined);
    if (s === undefined) return undefined;
    const at = this.where.get(s);
    const take = (sub: unknown, key: string, index?: string | number) => this.resolve(sub, this.placeOf(sub, at, key, index));
    if (typeof slot === 'string') {
      const props = s.properties;
      if (isNode(props) && has(props, slot)) return take(props[slot], 'properties', slot);
      return isNode(s.additionalProperties) ? take(s.additionalProperties, 'additionalProperties') : undefined;
    }
    if (Array.isArray(s.prefixItems)) {
      if (slot < s.prefixItems.length) return take(s.prefixItems[slot], 'prefixItems', slot);
      return take(s.items, 'items');
    }
    if (Array.isArray(s.items)) return take(s.items[slot], 'items', slot);
    return take(s.items, 'items');
  }

  /** `[name, default]` of every property of `schema` that declares a default. */
  defaultsOf(schema: unknown): [string, unknown][] {
    const s = this.resolve(schema, isNode(schema) ? this.where.get(schema) : undefined);
    const out: [string, unknown][] = [];
    if (s === undefined || !isNode(s.properties)) return out;
    for (const [name, sub] of Object.entries(s.properties)) {
      const r = this.resolve(sub, undefined);
      if (r !== undefined && has(r, 'default')) out.push([name, structuredCloneJson(r.default)]);
    }
    return out;
  }

  /**
   * A number past 2^53 the engine just read, its token ending at `end` of `text` (which still holds
   * it): its spelling is kept, as the reply wrote it or as the engine rewrote it (`0x…`, `1_000…`);
   * two spellings of one double make it null (see numberSpellings, which parse uses).
   */
  noteNumber(n: number, text: { charCodeAt(offset: number): number; slice(from: number, to: number): string }, end: number): void {
    let start = end;
    while (end - start < MAX_NUMBER_TEXT && isNumberChar(text.charCodeAt(start - 1))) start--;
    const token = text.slice(start, end);
    const written = Number(token) === n ? token : rewrittenNumberAt(token, 0, token.length);
    if (written === undefined || Number(written) !== n) return;
    this.spellings ??= new Map();
    const seen = this.spellings.get(n);
    this.spellings.set(n, seen === undefined || seen === written ? written : null);
  }

  /** Validates a complete subtree at `path`; new issues (by path and message) are added to `issues`. */
  check(value: unknown, schema: unknown, path: string, issues: SchemaIssue[]): void {
    const s = this.resolve(schema, isNode(schema) ? this.where.get(schema) : undefined);
    const at = s === undefined ? undefined : this.where.get(s);
    if (at === undefined || this.root === undefined) return;
    let list: SchemaIssue[];
    try {
      // Through the parse front doors' plug-in, so the stream loads no schema code of its own.
      list = schemaStageFor({ validator: this.validator }).check(this.root, value, { pointer: at, draft: this.draft, numberText: this.spellings === undefined ? undefined : this.numberText });
    } catch {
      return; // a subschema the validator cannot use: the final parse() reports schema problems
    }
    const added: string[] = [];
    for (const issue of list) {
      const full = { ...issue, path: path + issue.path };
      const key = `${full.path}\u0000${full.message}`;
      if (this.seen.has(key) || this.reportedPaths.has(full.path)) continue;
      this.seen.add(key);
      added.push(full.path);
      issues.push(full);
    }
    for (const p of added) this.reportedPaths.add(p);
  }
}

/** The longest number token noteNumber looks back over. */
const MAX_NUMBER_TEXT = 400;

/** A character of a number token as readNumber reads one: digits, letters (hex, exponent), `.`, `_`, signs. */
function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) || c === 0x2e || c === 0x5f || c === 0x2b || c === 0x2d;
}

/**
 * A `$ref`'s fragment as a JSON Pointer: percent escapes decoded, where they are well-formed (`a%`
 * names the key `a%`, as the validator reads it; decodeURIComponent would throw).
 */
function fragmentPointer(fragment: string): string {
  if (fragment.indexOf('%') === -1) return fragment;
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** A copy of a JSON default, so snapshots never share (mutable) objects with the schema. */
function structuredCloneJson(v: unknown): unknown {
  return v !== null && typeof v === 'object' ? JSON.parse(JSON.stringify(v)) : v;
}
