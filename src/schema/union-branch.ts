// Which alternative of a failed `anyOf`/`oneOf` a container was meant for, so that feedback names what
// that alternative is missing instead of "expected object, got {…}" (or the first alternative's
// complaints about keys the value never meant for it).
import type { Schema } from '@cfworker/json-schema';
import {
  type Guide, expectedTypes, isDeclaredProperty, isPlainObject, jsonTypeOf, propertySchema, resolveSchema, satisfies, typeFits,
} from './guide.js';

/** The alternative chosen, and whether the value itself says so (a discriminator, the only fitting type). */
export interface ChosenBranch {
  index: number;
  certain: boolean;
}

/**
 * The alternative of `branches` that `value` (an object or array no alternative accepts) was written
 * for: the one whose `const`/`enum` property the value's own property matches while the others' do
 * not (`"type": "b"`), else the only one of the value's type, else the one declaring most of the
 * value's keys (a guess); undefined when none stands out or one accepts the value (`oneOf`'s many).
 */
export function chooseBranch(guide: Guide, branches: ReadonlyArray<Schema | boolean>, value: unknown): ChosenBranch | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const type = jsonTypeOf(value);
  const candidates: Array<{ index: number; node: Schema | boolean }> = [];
  for (let index = 0; index < branches.length; index++) {
    let node: Schema | boolean;
    try {
      node = resolveSchema(guide, branches[index]);
    } catch {
      return undefined;
    }
    if (node === false) continue;
    const types = expectedTypes(node);
    if (types.length === 0 || types.some((t) => typeFits(type, t))) candidates.push({ index, node });
  }
  if (candidates.some((c) => satisfies(guide, branches[c.index], value))) return undefined;
  if (isPlainObject(value) && candidates.length > 1) {
    const marked = byDiscriminator(guide, candidates, value);
    if (marked !== undefined) return { index: marked, certain: true };
  }
  if (candidates.length === 1) return { index: candidates[0].index, certain: true };
  if (!isPlainObject(value)) return undefined;
  const guess = mostKeysDeclared(candidates, value);
  return guess === undefined ? undefined : { index: guess, certain: false };
}

/** The one candidate whose constant property the value matches while another candidate's it does not. */
function byDiscriminator(guide: Guide, candidates: ReadonlyArray<{ index: number; node: Schema | boolean }>, value: Record<string, unknown>): number | undefined {
  for (const key of Object.keys(value)) {
    const own = value[key];
    if (own !== null && typeof own === 'object') continue;
    let matching: number | undefined;
    let matches = 0;
    let others = 0;
    for (const { index, node } of candidates) {
      if (typeof node !== 'object' || !isDeclaredProperty(node, key)) continue;
      let property: Schema | boolean;
      try {
        property = resolveSchema(guide, propertySchema(node, key));
      } catch {
        continue;
      }
      if (typeof property !== 'object') continue;
      const allowed = Array.isArray(property.enum) ? property.enum : 'const' in property ? [property.const] : undefined;
      if (allowed === undefined) continue;
      if (allowed.includes(own)) {
        matching = index;
        matches++;
      } else {
        others++;
      }
    }
    if (matches === 1 && others > 0) return matching;
  }
  return undefined;
}

function mostKeysDeclared(candidates: ReadonlyArray<{ index: number; node: Schema | boolean }>, value: Record<string, unknown>): number | undefined {
  const keys = Object.keys(value);
  let best: number | undefined;
  let bestCount = 0;
  let tied = false;
  for (const { index, node } of candidates) {
    if (typeof node !== 'object') continue;
    let count = 0;
    for (const key of keys) if (isDeclaredProperty(node, key)) count++;
    if (count > bestCount) {
      best = index;
      bestCount = count;
      tied = false;
    } else if (count === bestCount) {
      tied = true;
    }
  }
  return tied || best === undefined ? undefined : best;
}
