// A modest schema watch for snapshots: finds the subschema of each path (properties, items,
// prefixItems, additionalProperties, local `$ref`s), fills `default`s, and validates each subtree
// once it is complete (strict validation, no repair). Only JSON Schemas (or Standard Schemas that expose one) are watched.
import { schemaStageFor } from '../parse/stage.js';
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
  private readonly wrapped = new WeakMap<Node, Node>();
  private readonly seen = new Set<string>();
  /**
   * Paths with an issue reported by an earlier check. A container's check validates its members
   * again: an issue there is one reported when the member completed, maybe worded otherwise (the root
   * of a Standard Schema is validated by the schema itself, its members by their JSON Schemas).
   */
  private readonly reportedPaths = new Set<string>();

  constructor(schema: SchemaLike, readonly defaults: boolean, private readonly validator?: JsonSchemaValidator) {
    const json = isStandardSchema(schema) ? standardJsonSchema(schema) : schema;
    this.root = isNode(json) ? json : undefined;
  }

  /** `node` with local `$ref`s followed; undefined when it cannot be read. */
  private resolve(node: unknown): Node | undefined {
    let n = node;
    for (let hops = 0; isNode(n) && typeof n.$ref === 'string'; hops++) {
      const ref = n.$ref;
      if (hops > MAX_REF_HOPS || !ref.startsWith('#')) return undefined;
      n = this.pointer(ref.slice(1));
    }
    return isNode(n) ? n : undefined;
  }

  private pointer(p: string): unknown {
    let at: unknown = this.root;
    if (p === '') return at;
    for (const raw of p.slice(1).split('/')) {
      const seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isNode(at) || !has(at, seg)) return undefined;
      at = at[seg];
    }
    return at;
  }

  /** The subschema of a property (string slot) or item (number slot) of a value under `schema`. */
  child(schema: unknown, slot: string | number): Node | undefined {
    const s = this.resolve(schema);
    if (s === undefined) return undefined;
    if (typeof slot === 'string') {
      const props = s.properties;
      if (isNode(props) && has(props, slot)) return this.resolve(props[slot]);
      return isNode(s.additionalProperties) ? this.resolve(s.additionalProperties) : undefined;
    }
    if (Array.isArray(s.prefixItems)) {
      if (slot < s.prefixItems.length) return this.resolve(s.prefixItems[slot]);
      return this.resolve(s.items);
    }
    if (Array.isArray(s.items)) return this.resolve(s.items[slot]);
    return this.resolve(s.items);
  }

  /** `[name, default]` of every property of `schema` that declares a default. */
  defaultsOf(schema: unknown): [string, unknown][] {
    const s = this.resolve(schema);
    const out: [string, unknown][] = [];
    if (s === undefined || !isNode(s.properties)) return out;
    for (const [name, sub] of Object.entries(s.properties)) {
      const r = this.resolve(sub);
      if (r !== undefined && has(r, 'default')) out.push([name, structuredCloneJson(r.default)]);
    }
    return out;
  }

  /** Validates a complete subtree at `path`; new issues (by path and message) are added to `issues`. */
  check(value: unknown, schema: unknown, path: string, issues: SchemaIssue[]): void {
    const s = this.resolve(schema);
    if (s === undefined || this.root === undefined) return;
    let wrapped = this.wrapped.get(s);
    if (wrapped === undefined) {
      // Keep the root's definitions reachable for `$ref`s inside the subschema.
      wrapped = s === this.root ? s : { ...s, $defs: this.root.$defs, definitions: this.root.definitions };
      this.wrapped.set(s, wrapped);
    }
    let list: SchemaIssue[];
    try {
      // Through the parse front doors' plug-in, so the stream loads no schema code of its own.
      list = schemaStageFor({ validator: this.validator }).check(wrapped, value);
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

/** A copy of a JSON default, so snapshots never share (mutable) objects with the schema. */
function structuredCloneJson(v: unknown): unknown {
  return v !== null && typeof v === 'object' ? JSON.parse(JSON.stringify(v)) : v;
}
