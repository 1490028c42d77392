// `move_to_parent`: members a guessed closer left inside a nested object, given back to the object
// that declares them. `[{"a": {"x": 1, "b": 2}]` (a `}` lost) reads as `a: {x, b}`; the schema says
// `b` is the item's (the item declares it and lacks it, `a` does not declare it), so the writer closed
// `a` before `b`. Without this a closed schema strips `b` from `a`, Zod's `z.object` drops it, and a
// `.default()` on the item's `b` makes up a value in its place.
import type { Schema } from '@cfworker/json-schema';
import { type Guide, isDeclaredProperty, isPlainObject, itemSchema, propertySchema, resolveSchema, satisfies } from './guide.js';
import { toPointer } from './pointer.js';
import type { SchemaRepair } from './types.js';

/** Text repairs that guess where a container closes: a member after the guess may belong outside it. */
const CLOSER_GUESSES: ReadonlySet<string> = new Set(['mismatched_closer', 'missing_closer', 'doubled_braces']);

/** Whether the text stage guessed where a container closes (see CLOSER_GUESSES). */
export function guessedCloser(kinds: readonly string[]): boolean {
  return kinds.some((k) => CLOSER_GUESSES.has(k));
}

const MAX_DEPTH = 256;

/**
 * `value` with such members moved, one level up, and a repair each (its `path` where the reply wrote
 * the member). Only the members after the nested object's last declared key move (the closer was lost
 * before them), each only where the nested object's schema does not declare the key and keeps no
 * other keys (`additionalProperties` absent or false), the parent's does, the parent lacks it, and the
 * member as written fits the parent's property.
 * Copies on write: the value itself is untouched.
 */
export function moveToParent(value: unknown, guide: Guide, repairs: SchemaRepair[]): unknown {
  return visit(value, guide.root, guide, [], repairs);
}

function visit(value: unknown, schema: Schema | boolean, guide: Guide, path: string[], repairs: SchemaRepair[]): unknown {
  if (value === null || typeof value !== 'object' || path.length > MAX_DEPTH) return value;
  const node = resolveSchema(guide, schema);
  if (typeof node === 'boolean') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      path.push(String(i));
      const next = visit(value[i], itemSchema(node, i), guide, path, repairs);
      path.pop();
      if (next !== value[i]) (copy ??= value.slice())[i] = next;
    }
    return copy ?? value;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    if (!isDeclaredProperty(node, key)) continue;
    path.push(key);
    const childSchema = propertySchema(node, key);
    let child = visit(value[key], childSchema, guide, path, repairs);
    const moved = isPlainObject(child) ? movable(child, resolveSchema(guide, childSchema), node, copy ?? value, guide) : [];
    if (moved.length > 0) {
      const rest = { ...(child as Record<string, unknown>) };
      copy ??= { ...value };
      for (const name of moved) {
        repairs.push({ kind: 'move_to_parent', path: toPointer([...path, name]), before: rest[name], after: rest[name] });
        define(copy, name, rest[name]);
        delete rest[name];
      }
      child = rest;
    }
    path.pop();
    if (child !== value[key]) define((copy ??= { ...value }), key, child);
  }
  return copy ?? value;
}

/** The trailing keys of `child` (after its last declared one) that belong to `parent` (see moveToParent). */
function movable(child: Record<string, unknown>, childNode: Schema | boolean, parentNode: Schema, parent: Record<string, unknown>, guide: Guide): string[] {
  if (typeof childNode === 'boolean') return [];
  const extra = childNode.additionalProperties;
  if (extra !== undefined && extra !== false) return [];
  const keys = Object.keys(child);
  const found: string[] = [];
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i];
    if (isDeclaredProperty(childNode, key)) break;
    // The member as written must fit the parent's property: one that does not is no sign the closer came before it.
    if (!isDeclaredProperty(parentNode, key) || Object.hasOwn(parent, key) || !satisfies(guide, propertySchema(parentNode, key), child[key])) return [];
    found.push(key);
  }
  // The whole object undeclared is no lost closer but another shape (a wrapper): left to the other repairs.
  return found.length === keys.length ? [] : found.reverse();
}

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  // defineProperty, not assignment: a "__proto__" key stays a plain own property.
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
