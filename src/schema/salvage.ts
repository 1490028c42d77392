// `salvage: true`: keep what fits when not all of it does. Array items that cannot be made to fit are
// dropped, and missing properties with a `default` are filled, each reported with its path. Both
// copy on write: the caller's value is never mutated.
import type { Schema } from '@cfworker/json-schema';
import { setMember } from '../parse/sink.js';
import { type Guide, isDeclaredProperty, isPlainObject, itemSchema, propertySchema, resolveFor, resolveSchema } from './guide.js';
import { propertyKey } from './convert.js';
import { toPointer } from './pointer.js';
import type { SchemaRepair } from './types.js';

type Container = unknown[] | Record<string, unknown>;

function setOwn(target: Container, key: string, value: unknown): void {
  setMember(target as Record<string, unknown>, key, value);
}

/** Copies the containers along each path once, so edits below them leave the caller's value alone. */
class CopyOnWrite {
  private readonly copies = new Set<unknown>();
  constructor(public root: unknown) {}

  /** The (copied) container at `path`. */
  at(path: readonly string[]): Container {
    this.root = this.own(this.root);
    let node = this.root as Container;
    for (const seg of path) {
      const child = this.own((node as Record<string, unknown>)[seg]);
      setOwn(node, seg, child);
      node = child as Container;
    }
    return node;
  }

  private own(value: unknown): unknown {
    if (this.copies.has(value)) return value;
    const copy = Array.isArray(value) ? value.slice() : { ...(value as Record<string, unknown>) };
    this.copies.add(copy);
    return copy;
  }
}

/**
 * The keys of `object` that `node` does not declare, as rename_property compares names (`"Limit"` and
 * `limit` alike): a property written under another spelling is among them, and its default would take
 * the place of the model's value. Worked out once per object.
 */
function undeclaredNames(object: Record<string, unknown>, node: Schema): Set<string> {
  const names = new Set<string>();
  for (const key of Object.keys(object)) if (!isDeclaredProperty(node, key)) names.add(propertyKey(key));
  return names;
}

/**
 * Whether `object` may hold the answer inside it: it names no property `node` declares (as
 * rename_property compares names), and a key holds an object or array (`{"result": {…}}`, the schema
 * echoed with the answer in its `properties`). Defaults filled beside it would make it look like an
 * answer, and block the repair that takes the answer out.
 */
function namesNoProperty(object: Record<string, unknown>, node: Schema, undeclared: Set<string>): boolean {
  const keys = Object.keys(object);
  if (!keys.some((key) => object[key] !== null && typeof object[key] === 'object')) return false;
  if (keys.some((key) => isDeclaredProperty(node, key))) return false;
  for (const key of Object.keys(node.properties as object)) if (undeclared.has(propertyKey(key))) return false;
  return true;
}

/**
 * `fill_default`: every missing property whose subschema has a `default`, at every object of `value`
 * the schema describes (through `properties` and `items`; a union's branches are not guessed between),
 * but not a property a key names under another spelling, nor in an object that may hold the answer inside it.
 * Returns `value` itself when nothing is missing.
 */
export function fillDefaults(value: unknown, guide: Guide, repairs: SchemaRepair[]): unknown {
  const fills: Array<{ path: string[]; key: string; value: unknown }> = [];
  const stack: Array<{ value: unknown; schema: Schema | boolean; path: string[] }> = [{ value, schema: guide.root, path: [] }];
  while (stack.length > 0) {
    const { value: v, schema, path } = stack.pop() as (typeof stack)[number];
    const node = resolveSchema(guide, schema);
    if (typeof node === 'boolean') continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], schema: itemSchema(node, i), path: [...path, String(i)] });
    } else if (isPlainObject(v)) {
      const props = node.properties;
      const undeclared = props !== null && typeof props === 'object' ? undeclaredNames(v, node) : undefined;
      if (undeclared !== undefined && !namesNoProperty(v, node, undeclared)) {
        for (const key of Object.keys(props as object)) {
          if (Object.prototype.hasOwnProperty.call(v, key) || undeclared.has(propertyKey(key))) continue;
          const sub = resolveSchema(guide, (props as Record<string, Schema | boolean>)[key]);
          if (typeof sub !== 'boolean' && 'default' in sub) fills.push({ path, key, value: sub.default });
        }
      }
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ value: v[keys[i]], schema: propertySchema(node, keys[i]), path: [...path, keys[i]] });
    }
  }
  if (fills.length === 0) return value;
  const cow = new CopyOnWrite(value);
  for (const fill of fills) {
    const after = JSON.parse(JSON.stringify(fill.value)) as unknown;
    setOwn(cow.at(fill.path), fill.key, after);
    repairs.push({ kind: 'fill_default', path: toPointer([...fill.path, fill.key]), before: undefined, after });
  }
  return cow.root;
}

/**
 * How many leading positions an array schema names one by one (`prefixItems`, or draft-07's `items`
 * array); 0 for a list. A union's most, since the branch the array was meant for is not known
 * (`anyOf: [tuple, null]`, Zod's `.nullable()` of a tuple).
 */
function tuplePositions(guide: Guide, node: Schema | boolean, depth = 0): number {
  if (typeof node === 'boolean') return 0;
  let most = Array.isArray(node.prefixItems) ? node.prefixItems.length : Array.isArray(node.items) ? node.items.length : 0;
  const branches = [...(Array.isArray(node.anyOf) ? node.anyOf : []), ...(Array.isArray(node.oneOf) ? node.oneOf : [])] as Array<Schema | boolean>;
  if (depth < 8) for (const b of branches) most = Math.max(most, tuplePositions(guide, resolveSchema(guide, b), depth + 1));
  return most;
}

/**
 * `drop_invalid_item`: for each failing path, the item of the innermost array on it is dropped.
 * Returns `value` itself when no failing path runs through an array (nothing to salvage).
 * Not an item at a tuple's position (`prefixItems`, draft-07's `items` array) with items kept after
 * it: they would move up a place, into positions that mean something else (`[lat, "x", alt]` would
 * read as `[lat, alt]`, the altitude as the longitude). That item stays, and fails.
 */
export function dropFailingItems(value: unknown, failing: readonly (readonly string[])[], repairs: SchemaRepair[], guide: Guide): unknown {
  // Array path (as a pointer) → the array's path, the indices to drop, and how many positions its schema names.
  const drops = new Map<string, { path: string[]; indices: Set<number>; positions: number; length: number }>();
  // The validator also fails every container above a failure: only the deepest failures say which item.
  const above = new Set<string>();
  for (const path of failing) for (let n = 0; n < path.length; n++) above.add(toPointer(path.slice(0, n) as string[]));
  for (const path of failing) {
    if (above.has(toPointer(path as string[]))) continue;
    let node = value;
    let schema: Schema | boolean = guide.root;
    let found: { path: string[]; index: number; positions: number; length: number } | undefined;
    for (let depth = 0; depth < path.length; depth++) {
      const seg = path[depth];
      const here = resolveFor(guide, schema, node);
      if (Array.isArray(node)) {
        const index = Number(seg);
        if (!Number.isInteger(index) || index < 0 || index >= node.length) break;
        found = { path: path.slice(0, depth) as string[], index, positions: tuplePositions(guide, here), length: node.length };
        schema = itemSchema(here, index);
        node = node[index];
      } else if (isPlainObject(node) && Object.prototype.hasOwnProperty.call(node, seg)) {
        schema = propertySchema(here, seg);
        node = node[seg];
      } else {
        break;
      }
    }
    if (found === undefined) continue;
    const key = toPointer(found.path);
    let entry = drops.get(key);
    if (!entry) drops.set(key, (entry = { path: found.path, indices: new Set(), positions: found.positions, length: found.length }));
    entry.indices.add(found.index);
  }
  // A tuple's item goes only with every item after it: none is left to move into its place.
  for (const entry of drops.values()) {
    let lastKept = entry.length - 1;
    while (lastKept >= 0 && entry.indices.has(lastKept)) lastKept--;
    for (const i of [...entry.indices]) if (i < entry.positions && i < lastKept) entry.indices.delete(i);
    if (entry.indices.size === 0) drops.delete(toPointer(entry.path));
  }
  if (drops.size === 0) return value;
  // Deepest arrays first, so an outer array's indices still name the same items.
  const ordered = [...drops.values()].sort((a, b) => b.path.length - a.path.length);
  const cow = new CopyOnWrite(value);
  for (const { path, indices } of ordered) {
    const array = cow.at(path) as unknown[];
    for (const i of [...indices].sort((a, b) => b - a)) {
      repairs.push({ kind: 'drop_invalid_item', path: toPointer([...path, String(i)]), before: array[i], after: undefined });
      array.splice(i, 1);
    }
  }
  return cow.root;
}
