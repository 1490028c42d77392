// The value conversions behind the schema repairs. Each returns NO when it does not apply, so that
// nothing is ever guessed: a conversion either is exact or does not happen.
import { isPlainObject } from './guide.js';
import { parse } from '../parse/index.js';
import { tryJsonParse } from '../parse/native-json.js';

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
  // `"9007199254740993"`: digits a double cannot hold (it would be …992) are refused, not rounded;
  // so is the same integer written `9007199254740993.0` or `9.007199254740993e15`. Written with an
  // exponent, one whose digits the double keeps (`1e23`) is read as it prints.
  if (!Number.isFinite(n) || (!Number.isSafeInteger(n) && namesInteger(t) && (!/[eE]/.test(t) || significand(t) !== significand(String(n))))) return NO;
  return n;
}

/** Whether number text names `n` with the digits `n` prints (`1e23`, `12345678901234567000`): a double past 2^53 kept what was written. */
export function keepsDigits(text: string, n: number): boolean {
  return significand(text) === significand(String(n));
}

/** The significant digits of number text (`-0.0120e5` → `12`): no sign, point, exponent, or zeros at either end. */
function significand(t: string): string {
  const e = t.search(/[eE]/);
  const digits = (e === -1 ? t : t.slice(0, e)).replace(/[-.]/g, '');
  let start = 0;
  let end = digits.length;
  while (start < end && digits[start] === '0') start++;
  while (end > start && digits[end - 1] === '0') end--;
  return digits.slice(start, end);
}

/**
 * `"42"` → `42`. As {@link stringToNumber}, and the text must name an integer exactly: `"4.5"` and
 * `"2.9999999999999999"` (which a double rounds to 3) are refused, and so is a number beyond 2^53.
 */
export function stringToInteger(text: string): Converted<number> {
  const n = stringToNumber(text);
  return n !== NO && Number.isSafeInteger(n) && namesInteger(text.trim()) ? n : NO;
}

/** Whether JSON number text names an integer exactly: every digit past the point (after the exponent's shift) is 0. */
function namesInteger(t: string): boolean {
  const e = t.search(/[eE]/);
  const mantissa = e === -1 ? t : t.slice(0, e);
  const shift = e === -1 ? 0 : Number(t.slice(e + 1));
  const unsigned = mantissa.startsWith('-') ? mantissa.slice(1) : mantissa;
  const dot = unsigned.indexOf('.');
  const digits = dot === -1 ? unsigned : unsigned.slice(0, dot) + unsigned.slice(dot + 1);
  const point = (dot === -1 ? unsigned.length : dot) + shift;
  for (let i = Math.max(point, 0); i < digits.length; i++) if (digits[i] !== '0') return false;
  return true;
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

/** `text` without one pair of `"` or `'` around it. */
function unquoted(text: string): string {
  const q = text[0];
  return text.length >= 2 && (q === '"' || q === "'") && text[text.length - 1] === q ? text.slice(1, -1) : text;
}

/** `text` lowercased, trimmed, with runs of whitespace made one space: how enum members are compared. */
export function foldCaseAndSpace(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The one enum member equal to `text` ignoring case, space and one pair of quotes around it (a value
 * written as a JSON string inside the string, `"\"edit\""`: zed #55186); NO if none or several.
 */
export function enumCaseFold(text: string, members: readonly unknown[]): Converted<string> {
  const found = foldedMembers(members).get(foldCaseAndSpace(unquoted(text.trim())));
  return found === undefined || found === null || found === text ? NO : found;
}

/**
 * Each string member by its folded form (null when two members fold alike), made once per enum:
 * an array of k items against a k-member enum would fold every member for every item.
 */
function foldedMembers(members: readonly unknown[]): ReadonlyMap<string, string | null> {
  let folded = foldedEnums.get(members);
  if (folded !== undefined) return folded;
  const map = new Map<string, string | null>();
  for (const m of members) {
    if (typeof m !== 'string') continue;
    const key = foldCaseAndSpace(m);
    map.set(key, map.has(key) && map.get(key) !== m ? null : m);
  }
  foldedEnums.set(members, (folded = map));
  return folded;
}

const foldedEnums = new WeakMap<readonly unknown[], ReadonlyMap<string, string | null>>();

/**
 * The container a string holds as JSON (`"[\"a\"]"` → `["a"]`), only when it is of the kind wanted:
 * parsed with `JSON.parse`, or else with the tolerant parser refusing every guess (`strict`), which
 * reads a Python dict's repr, single quotes, trailing commas (`json.dumps(str(d))`, langchain #26655),
 * and, where an array is wanted, a Python tuple's (`"(240, 128, 128)"`).
 */
export function unwrapJsonString(text: string, kind: 'array' | 'object'): Converted<unknown> {
  const t = text.trim();
  const open = kind === 'array' ? '[' : '{';
  const close = kind === 'array' ? ']' : '}';
  // `"rgb_color": "(240, 128, 128)"` (home-llm #84): a Python tuple's repr where an array is expected.
  const tuple = kind === 'array' && t[0] === '(' && t[t.length - 1] === ')';
  if (!tuple && (t[0] !== open || t[t.length - 1] !== close)) return NO;
  let parsed: unknown;
  try {
    const exact = tryJsonParse(t);
    // Prose between two values is no part of one (`{"a": 1} and {"a": 2}`): taking the first would
    // drop the rest of the string, so surrounding_text is refused with the guesses.
    parsed = exact !== undefined ? exact.value : parse(t, { strict: true, disable: ['surrounding_text'] });
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

/**
 * A property name as `rename_property` compares it: lowercased, without spaces, `-` and `_`, and
 * without colons at its end (`"code:" "x"`: the key's colon written inside its quotes, the text
 * stage's missing_colon then made `code:` the key).
 */
export function propertyKey(name: string): string {
  const key = name.replace(/[\s_-]+/g, '').toLowerCase();
  let end = key.length;
  while (end > 0 && key.charCodeAt(end - 1) === 0x3a) end--;
  return end === key.length ? key : key.slice(0, end);
}

const CURRENCY = '$€£¥₹';

/**
 * A number as people write it (`"1,234"`, `"-2,000.00"`, `"$5"`, `"1.50 €"`, `"50%"` → 50, `"1/3"`),
 * read by a linear scan. Commas must group thousands exactly (`"1,5"` and `"1,23"` could be decimals
 * written the European way, so they are refused); a currency sign and a percent sign never go together;
 * the percent is the number written (never divided by 100). NO for anything else, JSON numbers included
 * (those are `string_to_number`'s).
 */
export function writtenNumber(text: string): Converted<number> {
  const t = text.trim();
  if (t.length === 0 || t.length > 100) return NO;
  let i = 0;
  let negative = false;
  let currency = false;
  const sign = (): void => {
    if (t[i] === '-' || t[i] === '\u2212') {
      if (negative) return;
      negative = true;
      i++;
    }
  };
  sign();
  if (CURRENCY.includes(t[i])) {
    currency = true;
    i++;
    sign();
    while (t[i] === ' ') i++;
  }
  const body = scanBody(t, i);
  if (body === undefined) return NO;
  // Past 2^53, digits a double cannot hold (`"12,345,678,901,234,567,890"` would read as
  // 12345678901234567000) are refused, as string_to_number refuses them, not rounded.
  if (Math.abs(body.value) > Number.MAX_SAFE_INTEGER && (body.fraction || !keepsDigits(t.slice(i, body.end).replace(/,/g, ''), body.value))) return NO;
  i = body.end;
  let percent = false;
  while (t[i] === ' ') i++;
  if (t[i] === '%') {
    percent = true;
    i++;
  } else if (!currency && CURRENCY.includes(t[i])) {
    currency = true;
    i++;
  }
  if (i !== t.length || (percent && currency)) return NO;
  // Nothing people-written in it: a JSON number is string_to_number's, `"+5"` or `"007"` are refused there too.
  if (!percent && !currency && !body.grouped && !body.fraction) return NO;
  const value = negative ? -body.value : body.value;
  return Number.isFinite(value) ? value + 0 : NO;
}

/** Digits with thousands groups and a decimal part, or a fraction of two digit runs, from `i`. */
function scanBody(t: string, i: number): { value: number; end: number; grouped: boolean; fraction: boolean } | undefined {
  const digitsFrom = (k: number): number => {
    while (k < t.length && t.charCodeAt(k) >= 48 && t.charCodeAt(k) <= 57) k++;
    return k;
  };
  const start = i;
  let end = digitsFrom(i);
  if (end === start) return undefined;
  if (t[end] === '/') {
    const denEnd = digitsFrom(end + 1);
    if (denEnd === end + 1) return undefined;
    const den = Number(t.slice(end + 1, denEnd));
    if (den === 0) return undefined;
    return { value: Number(t.slice(start, end)) / den, end: denEnd, grouped: false, fraction: true };
  }
  let grouped = false;
  if (t[end] === ',') {
    // No group of thousands starts with 0: `"0,123"` is a decimal written the European way (0.123), not 123.
    if (end - start > 3 || t[start] === '0') return undefined;
    while (t[end] === ',') {
      const next = digitsFrom(end + 1);
      if (next - end - 1 !== 3) return undefined; // `1,5`, `1,2345`: not thousands
      end = next;
    }
    grouped = true;
  } else if (t[start] === '0' && end - start > 1) {
    return undefined;
  }
  if (t[end] === '.') {
    const fracEnd = digitsFrom(end + 1);
    if (fracEnd === end + 1) return undefined;
    end = fracEnd;
  }
  return { value: Number(t.slice(start, end).replace(/,/g, '')), end, grouped, fraction: false };
}
