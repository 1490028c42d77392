// The value conversions behind the schema repairs. Each returns NO when it does not apply, so that
// nothing is ever guessed: a conversion either is exact or does not happen.
import { isPlainObject } from './guide.js';

/** Returned by a conversion that does not apply. */
export const NO: unique symbol = Symbol('no conversion');
export type Converted<T> = T | typeof NO;

// The JSON number grammar, and leading zeros (`0789`, which the parser keeps as text); no nested
// quantifiers, so matching is linear.
const JSON_NUMBER = /^-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/** `" 0.5 "` → `0.5`, `"0789"` → `789`. JSON number grammar after trimming; `""`, `NaN`, `Infinity`, `0x10`, `1,234` are refused. */
export function stringToNumber(text: string): Converted<number> {
  const t = text.trim();
  if (t.length === 0 || t.length > 400 || !JSON_NUMBER.test(t)) return NO;
  const n = Number(t);
  return Number.isFinite(n) ? n : NO;
}

/**
 * `"42"` → `42`. As {@link stringToNumber}, and the value must be a safe integer: `"4.5"` is refused,
 * and so is a number beyond 2^53, which a double cannot hold exactly.
 */
export function stringToInteger(text: string): Converted<number> {
  const n = stringToNumber(text);
  return n !== NO && Number.isSafeInteger(n) ? n : NO;
}

/** `4.0` → `4`: an integral number only; never rounds. */
export function integralToInteger(value: number): Converted<number> {
  return Number.isInteger(value) ? Math.trunc(value) + 0 : NO;
}

/** `"true"` / `"false"` in any case, after trimming; never truthiness. */
export function stringToBoolean(text: string): Converted<boolean> {
  const t = text.trim().toLowerCase();
  return t === 'true' ? true : t === 'false' ? false : NO;
}

/** A number or boolean as a string; `null` and everything else is refused. */
export function scalarToString(value: unknown): Converted<string> {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return NO;
}

/** The one enum member equal to `text` ignoring case and surrounding whitespace; NO if none or several. */
export function enumCaseFold(text: string, members: readonly unknown[]): Converted<string> {
  const wanted = text.trim().toLowerCase();
  let found: Converted<string> = NO;
  for (const m of members) {
    if (typeof m !== 'string' || m.toLowerCase() !== wanted) continue;
    if (found !== NO && found !== m) return NO;
    found = m;
  }
  return found === text ? NO : found;
}

/**
 * The container a string holds as JSON (`"[\"a\"]"` → `["a"]`), parsed with the strict `JSON.parse`,
 * only when it is of the kind wanted.
 */
export function unwrapJsonString(text: string, kind: 'array' | 'object'): Converted<unknown> {
  const t = text.trim();
  const open = kind === 'array' ? '[' : '{';
  const close = kind === 'array' ? ']' : '}';
  if (t[0] !== open || t[t.length - 1] !== close) return NO;
  let parsed: unknown;
  try {
    parsed = JSON.parse(t);
  } catch {
    return NO;
  }
  if (kind === 'array' ? Array.isArray(parsed) : isPlainObject(parsed)) return parsed;
  return NO;
}

/** Whether a string reads like a JSON container of `kind` (so wrapping it as one element would be wrong). */
export function looksLikeContainer(text: string, kind: 'array' | 'object'): boolean {
  const t = text.trim();
  return kind === 'array' ? t[0] === '[' && t[t.length - 1] === ']' : t[0] === '{' && t[t.length - 1] === '}';
}
