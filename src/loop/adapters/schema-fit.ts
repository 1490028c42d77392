// Whether a value the model is still writing already fits its place in the response format's JSON Schema,
// so that the schema stage, when the reply ends, will leave it as it is (it repairs only where validation
// fails). The streaming middleware passes on only what fits; anything it cannot vouch for (a value that
// fails, a place under anyOf/oneOf/not/if, a schema it cannot read) is held until the reply ends.
import type { Schema } from '@cfworker/json-schema';
import { compile } from '../../schema/compile.js';
import { type Guide, expectedTypes, isPlainObject, itemSchema, propertySchema, resolveSchema, satisfies } from '../../schema/guide.js';
import type { SchemaLike } from '../../schema/types.js';

/** A place in the schema: its subschema, or `undefined` when the schema cannot say what it asks for there. */
export type Place = Schema | boolean | undefined;

const BRANCHING = ['anyOf', 'oneOf', 'not', 'if'];

/** The response format's JSON Schema, read once per call. */
export class SchemaFit {
  private constructor(private readonly guide: Guide | undefined) {}

  /** No schema: every value fits. An unreadable schema: nothing fits (the mender decides at the end). */
  static of(schema: SchemaLike | undefined): SchemaFit | undefined {
    if (schema === undefined) return new SchemaFit(undefined);
    try {
      const guide = compile(schema).guide;
      return guide === undefined ? undefined : new SchemaFit(guide);
    } catch {
      return undefined;
    }
  }

  /** The root's place. */
  root(): Place {
    return this.guide === undefined ? true : this.resolve(this.guide.root);
  }

  /**
   * The place of a member (`key`) of an object, or of an element (`index`) of an array, at `parent`. A key no
   * property declares, in an object that declares some, cannot be judged before the object is whole: the
   * schema stage may rename it (`City` for `city`) or take the object it wraps out (`{"result": {…}}`).
   */
  child(parent: Place, step: string | number): Place {
    if (parent === undefined || this.guide === undefined) return parent;
    if (typeof step === 'string' && undeclared(parent, step)) return undefined;
    return this.resolve(typeof step === 'number' ? itemSchema(parent, step) : propertySchema(parent, step));
  }

  /** Whether a complete value at `place` passes its subschema. */
  fits(place: Place, value: unknown): boolean {
    if (place === undefined) return false;
    if (this.guide === undefined || place === true) return true;
    try {
      return satisfies(this.guide, place, value);
    } catch {
      return false;
    }
  }

  /** Whether a container or a string of this type may be opened at `place` before it is complete. */
  opens(place: Place, type: 'object' | 'array' | 'string'): boolean {
    if (place === undefined || place === false) return false;
    if (place === true) return true;
    // A string checked against enum/const can only be judged once complete.
    if (type === 'string' && ('enum' in place || 'const' in place)) return false;
    const types = expectedTypes(place);
    return types.length === 0 || types.includes(type);
  }

  private resolve(node: Schema | boolean | undefined): Place {
    if (this.guide === undefined) return true;
    try {
      const resolved = resolveSchema(this.guide, node);
      if (typeof resolved === 'object' && BRANCHING.some((k) => k in resolved)) return undefined;
      return resolved;
    } catch {
      return undefined;
    }
  }
}

/** Whether `key` is a key no property (nor pattern) of `place` declares, while it declares some. */
function undeclared(place: Schema | boolean, key: string): boolean {
  if (typeof place !== 'object' || !isPlainObject(place.properties) || Object.keys(place.properties).length === 0) return false;
  if (Object.prototype.hasOwnProperty.call(place.properties, key)) return false;
  const fallback = place.additionalProperties === undefined ? true : place.additionalProperties;
  // propertySchema gives a patternProperties schema when a pattern matches the key, else the fallback.
  return propertySchema(place, key) === fallback;
}
