// Qwen3-Coder's parameters: `<parameter=KEY>value</parameter>`, each value raw text. A value is read by
// its property's schema type: a string property keeps the text as written (`007` stays "007"); any
// other type reads it as JSON (`3` → 3, `[1, 2]` → [1, 2]); without a known type the text stays a
// string and the schema's own repairs (`string_to_integer`, …) decide.
import { TOKENS as T } from '../extract/tool-calls/index.js';
import type { ParserSettings } from './types.js';
import { parse } from '../schema/index.js';
import { isStandardSchema, standardJsonSchema } from '../schema/standard.js';
import type { SchemaLike } from '../schema/types.js';

/** The JSON Schema `type`s of each top-level property of `schema`, when it says. */
function propertyTypes(schema: SchemaLike | undefined): Record<string, unknown> | undefined {
  const json = schema !== undefined && isStandardSchema(schema) ? standardJsonSchema(schema) : schema;
  if (json === null || typeof json !== 'object') return undefined;
  const properties = (json as { properties?: unknown }).properties;
  return properties !== null && typeof properties === 'object' ? (properties as Record<string, unknown>) : undefined;
}

function typesOf(property: unknown): string[] {
  if (property === null || typeof property !== 'object') return [];
  const type = (property as { type?: unknown }).type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
}

/** The model writes each value on its own lines: one newline after the tag and one before the closer are markup. */
function trimNewlines(value: string): string {
  let start = 0;
  let end = value.length;
  if (value.startsWith('\r\n')) start = 2;
  else if (value.startsWith('\n')) start = 1;
  if (value.endsWith('\r\n') && end - 2 >= start) end -= 2;
  else if (value.endsWith('\n') && end - 1 >= start) end -= 1;
  return value.slice(start, end);
}

function readValue(raw: string, types: string[], options: ParserSettings): unknown {
  if (types.length === 0 || types.includes('string')) return raw;
  try {
    return parse(raw, { ...options });
  } catch {
    // Not JSON: keep the text; the schema says what is wrong with it.
    return raw;
  }
}

/** `"city"` (an `invoke` parameter's name attribute) → `city`. */
function unquote(key: string): string {
  const q = key.charAt(0);
  return key.length >= 2 && (q === '"' || q === "'") && key.charAt(key.length - 1) === q ? key.slice(1, -1) : key;
}

/** The tag that opens a parameter in a span of `format`: `<parameter=` (Qwen3-Coder) or `<parameter name=` (`invoke`). */
export function parameterOpen(format: string): string {
  return format === 'invoke' ? T.invokeParameterOpen : T.parameterOpen;
}

/**
 * The arguments object of a Qwen3-Coder call body (or an `invoke` one, whose parameters open with
 * `open`). `cutOff` is true when the body ends inside a parameter (no `</parameter>` and no next
 * parameter after it).
 */
export function readParameters(body: string, schema: SchemaLike | undefined, options: ParserSettings, open: string = T.parameterOpen): { value: Record<string, unknown>; cutOff: boolean } {
  const properties = propertyTypes(schema);
  const value: Record<string, unknown> = {};
  let cutOff = false;
  // The next </parameter> at or after the current value; searched again only once passed (linear).
  let closeAt = -2;
  let i = body.indexOf(open);
  while (i !== -1) {
    const keyStart = i + open.length;
    const gt = body.indexOf('>', keyStart);
    if (gt === -1) {
      cutOff = true;
      break;
    }
    const key = unquote(body.slice(keyStart, gt).trim());
    const next = body.indexOf(open, gt + 1);
    if (closeAt !== -1 && closeAt < gt + 1) closeAt = body.indexOf(T.parameterClose, gt + 1);
    let end: number;
    if (closeAt !== -1 && (next === -1 || closeAt < next)) end = closeAt;
    else if (next !== -1) end = next; // a missing </parameter> before the next parameter
    else {
      end = body.length;
      cutOff = true;
    }
    const property = properties && Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : undefined;
    // An own data property: a key such as "__proto__" cannot reach the prototype.
    Object.defineProperty(value, key, {
      value: readValue(trimNewlines(body.slice(gt + 1, end)), typesOf(property), options),
      enumerable: true, writable: true, configurable: true,
    });
    i = next;
  }
  return { value, cutOff };
}

/**
 * The arguments object of a GLM call body: `<arg_key>KEY</arg_key>` then `<arg_value>value</arg_value>`,
 * each value read by its property's type as Qwen3-Coder's are. `cutOff` is true when the body ends
 * inside a pair (a key without its value's closer).
 */
export function readArgPairs(body: string, schema: SchemaLike | undefined, options: ParserSettings): { value: Record<string, unknown>; cutOff: boolean } {
  const properties = propertyTypes(schema);
  const value: Record<string, unknown> = {};
  let i = body.indexOf(T.argKeyOpen);
  while (i !== -1) {
    const keyStart = i + T.argKeyOpen.length;
    const keyEnd = body.indexOf(T.argKeyClose, keyStart);
    const open = keyEnd === -1 ? -1 : body.indexOf(T.argValueOpen, keyEnd);
    const close = open === -1 ? -1 : body.indexOf(T.argValueClose, open);
    if (close === -1) return { value, cutOff: true };
    const key = body.slice(keyStart, keyEnd).trim();
    const property = properties && Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : undefined;
    // An own data property: a key such as "__proto__" cannot reach the prototype.
    Object.defineProperty(value, key, {
      value: readValue(trimNewlines(body.slice(open + T.argValueOpen.length, close)), typesOf(property), options),
      enumerable: true, writable: true, configurable: true,
    });
    i = body.indexOf(T.argKeyOpen, close);
  }
  return { value, cutOff: false };
}
