// Paths as telemetry shows them. A path names keys, and only the keys the schema itself names are the
// developer's words: a key the model made up (an extra property on a closed object, stripped or refused) or a
// key of a record (`additionalProperties: { … }`, whose keys are data) is text the model wrote, which telemetry
// never holds. Such a segment is written `*`; array indices and the schema's property names stay.
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
