// RFC 8785 JSON Canonicalization Scheme. Iterative (an explicit stack), so deep values cannot overflow the
// call stack; the containers being written are tracked, so a value that contains itself is an error, not endless work.
import { JsonMendError } from '../errors.js';

const MAX_DEPTH = 100_000;
// With the `u` flag, a surrogate code point only matches when it is unpaired.
const LONE_SURROGATE = /\p{Cs}/u;

function invalid(reason: string, at: readonly (string | number)[]): never {
  const where = at.length === 0 ? 'the value' : `at ${at.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('')}`;
  throw new JsonMendError('INVALID_ARGUMENT', `cannot canonicalize ${where}: ${reason}`);
}

function where(stackV: unknown[], stackK: (string[] | null)[], stackI: number[]): (string | number)[] {
  const out: (string | number)[] = [];
  for (let d = 0; d < stackV.length; d++) out.push(stackK[d] === null ? stackI[d] : stackK[d]![stackI[d]]);
  return out;
}

function quote(s: string, stackV: unknown[], stackK: (string[] | null)[], stackI: number[]): string {
  // Most strings need no escaping; a scan is much cheaper than a JSON.stringify call per string.
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) {
      if (LONE_SURROGATE.test(s)) invalid('string holds an unpaired surrogate, which I-JSON forbids', where(stackV, stackK, stackI));
      // JSON.stringify's string escaping is exactly RFC 8785's: ", \ and controls, \b\f\n\r\t short forms, lowercase \u00xx.
      return JSON.stringify(s);
    }
  }
  return '"' + s + '"';
}

/** Sorts keys by UTF-16 code units (JS `<` on strings); insertion sort wins on the small key sets JSON has. */
function sortKeys(keys: string[]): string[] {
  const n = keys.length;
  if (n > 24) return keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 1; i < n; i++) {
    const k = keys[i];
    let j = i - 1;
    while (j >= 0 && keys[j] > k) {
      keys[j + 1] = keys[j];
      j--;
    }
    keys[j + 1] = k;
  }
  return keys;
}

/** Built-ins whose contents are not own enumerable properties: JSON.stringify would write `{}` or an index map. */
const NOT_JSON_TAGS = new Set([
  'Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'RegExp', 'Promise', 'Error',
]);

/** Why `v` (an object, after toJSON) cannot be written faithfully, or undefined when it can. */
function notJson(v: object): string | undefined {
  if (ArrayBuffer.isView(v)) return `a ${Object.prototype.toString.call(v).slice(8, -1)} is not a JSON value (JSON would write it as an object of indices); convert it to an array`;
  const tag = Object.prototype.toString.call(v).slice(8, -1);
  if (NOT_JSON_TAGS.has(tag) || v instanceof Map || v instanceof Set || v instanceof Error) {
    const what = v instanceof Map ? 'Map' : v instanceof Set ? 'Set' : tag;
    return `a ${what} is not a JSON value (JSON would write it as {}); convert it to an object or array first`;
  }
  return undefined;
}

/**
 * A boxed primitive (`new String('s')`) read as its primitive, as `JSON.stringify` does; anything else
 * unchanged. A boxed bigint or symbol (`Object(1n)`) is unboxed too, so it is refused as the primitive
 * is: it has no own keys, and written as an object it would be `{}`, a value that looks whole.
 */
function unboxed(v: object): unknown {
  if (v instanceof Number) return Number(v);
  if (v instanceof String) return String(v);
  if (v instanceof Boolean) return v.valueOf();
  if (v instanceof BigInt || v instanceof Symbol) return v.valueOf();
  return v;
}

/**
 * RFC 8785 (JCS) canonical JSON text of `value`: object keys sorted by UTF-16 code units, numbers in
 * ECMAScript form (`1e+30`, `0.002`, `-0` → `0`), strings minimally escaped, no whitespace.
 * As with `JSON.stringify`, objects with a `toJSON` method (e.g. `Date`) are replaced by its result, and
 * `new String('s')`, `new Number(5)`, `new Boolean(false)` are read as `"s"`, `5`, `false`.
 *
 * @throws JsonMendError `INVALID_ARGUMENT` for non-finite numbers, `undefined`, functions, symbols, bigints (boxed too),
 *   unpaired surrogates, `Map`, `Set`, typed arrays and other built-ins whose contents JSON cannot hold
 *   (`ArrayBuffer`, `DataView`, `RegExp`, `Promise`, `Error`, `WeakMap`, `WeakSet`, `WeakRef`), an
 *   invalid `Date`, a value that contains itself, nesting deeper than 100 000, or a `toJSON` method or
 *   getter that throws (the original error is the `cause`)
 */
export function canonicalize(value: unknown): string {
  const stackV: (unknown[] | Record<string, unknown>)[] = [];
  const stackK: (string[] | null)[] = [];
  const stackI: number[] = [];
  try {
    return write(value, stackV, stackK, stackI);
  } catch (cause) {
    if (cause instanceof JsonMendError) throw cause;
    const at = where(stackV, stackK, stackI);
    const place = at.length === 0 ? 'the value' : `at ${at.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('')}`;
    throw new JsonMendError('INVALID_ARGUMENT', `cannot canonicalize ${place}: reading it threw ${String(cause)}`, { cause });
  }
}

function write(value: unknown, stackV: (unknown[] | Record<string, unknown>)[], stackK: (string[] | null)[], stackI: number[]): string {
  const out: string[] = [];
  // The containers being written (the ancestors of `v`): meeting one again is a cycle.
  const open = new Set<unknown>();
  let v: unknown = value;
  let key = '';
  for (;;) {
    if (typeof v === 'object' && v !== null) {
      if (v instanceof Date && Number.isNaN(v.getTime())) invalid('an invalid Date (JSON would write it as null)', where(stackV, stackK, stackI));
      if (typeof (v as { toJSON?: unknown }).toJSON === 'function') v = (v as { toJSON: (key: string) => unknown }).toJSON(key);
      if (typeof v === 'object' && v !== null) {
        v = unboxed(v);
        if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
          const why = notJson(v);
          if (why !== undefined) invalid(why, where(stackV, stackK, stackI));
        }
      }
    }
    switch (typeof v) {
      case 'string':
        out.push(quote(v, stackV, stackK, stackI));
        break;
      case 'number':
        if (!Number.isFinite(v)) invalid(`${v} is not a JSON number`, where(stackV, stackK, stackI));
        out.push(String(v));
        break;
      case 'boolean':
        out.push(v ? 'true' : 'false');
        break;
      case 'object': {
        if (v === null) {
          out.push('null');
          break;
        }
        if (open.has(v)) invalid('the value contains itself (a cycle), so it is not JSON', where(stackV, stackK, stackI));
        if (stackV.length >= MAX_DEPTH) invalid(`nesting deeper than ${MAX_DEPTH}`, []);
        if (Array.isArray(v)) {
          if (v.length === 0) {
            out.push('[]');
            break;
          }
          out.push('[');
          open.add(v);
          stackV.push(v);
          stackK.push(null);
          stackI.push(0);
          key = '0';
          v = v[0];
          continue;
        }
        const keys = sortKeys(Object.keys(v));
        if (keys.length === 0) {
          out.push('{}');
          break;
        }
        open.add(v);
        stackV.push(v as Record<string, unknown>);
        stackK.push(keys);
        stackI.push(0);
        out.push('{' + quote(keys[0], stackV, stackK, stackI) + ':');
        key = keys[0];
        v = (v as Record<string, unknown>)[key];
        continue;
      }
      default:
        invalid(`${typeof v} is not a JSON value`, where(stackV, stackK, stackI));
    }
    // The value is written: close finished containers and move to the next sibling.
    for (;;) {
      const depth = stackV.length - 1;
      if (depth < 0) return out.join('');
      const container = stackV[depth];
      const keys = stackK[depth];
      const i = ++stackI[depth];
      if (keys === null) {
        const arr = container as unknown[];
        if (i < arr.length) {
          out.push(',');
          key = String(i);
          v = arr[i];
          break;
        }
        out.push(']');
      } else {
        if (i < keys.length) {
          out.push(',' + quote(keys[i], stackV, stackK, stackI) + ':');
          key = keys[i];
          v = (container as Record<string, unknown>)[key];
          break;
        }
        out.push('}');
      }
      open.delete(container);
      stackV.pop();
      stackK.pop();
      stackI.pop();
    }
  }
}
