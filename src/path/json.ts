// Small helpers on JSON values and path text shared by `get`, `query` and `verify`.

const hasOwnProperty = Object.prototype.hasOwnProperty;

/** True when `value` is a JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own-property test: inherited names (`constructor`, `__proto__` of Object.prototype) never count. */
export function hasOwn(object: object, key: string): boolean {
  return hasOwnProperty.call(object, key);
}

/** JSON type name for messages: `object`, `array`, `string`, `number`, `boolean`, `null`. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Appends the RFC 9535 normalized form of one name selector (`['a']`) to a path. */
export function normalizedName(name: string): string {
  let out = "['";
  let start = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c >= 0x20 && c !== 0x27 && c !== 0x5c) continue;
    out += name.slice(start, i);
    start = i + 1;
    switch (c) {
      case 0x27: out += "\\'"; break;
      case 0x5c: out += '\\\\'; break;
      case 0x08: out += '\\b'; break;
      case 0x0c: out += '\\f'; break;
      case 0x0a: out += '\\n'; break;
      case 0x0d: out += '\\r'; break;
      case 0x09: out += '\\t'; break;
      default: out += '\\u00' + (c < 0x10 ? '0' : '') + c.toString(16);
    }
  }
  return out + name.slice(start) + "']";
}

/** RFC 9535 normalized path of a list of keys and indices: `$['a'][0]`. */
export function normalizedPath(keys: readonly (string | number)[]): string {
  let out = '$';
  for (const k of keys) out += typeof k === 'number' ? `[${k}]` : normalizedName(k);
  return out;
}

/** Characters `String.prototype.trim` removes: `get` trims the path, so a bare key must not hold them. */
const TRIMMED = /\s/;

/** True when `name` can be written as a bare dotted segment in `get` syntax. */
function isPlainName(name: string): boolean {
  if (name.length === 0 || /^-?\d+$/.test(name)) return false;
  // U+00A0, U+3000, U+FEFF, U+2028 … are non-ASCII but whitespace: `a.x\u3000` would read back as `a.x`.
  if (TRIMMED.test(name)) return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const ok = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d || c >= 0x80;
    if (!ok) return false;
  }
  return name.charCodeAt(0) !== 0x24; // a leading `$` would read as the root
}

/** The friendliest `get`-syntax spelling of a list of keys and indices: `items[0].subject`, `a["b.c"]`. */
export function friendlyPath(keys: readonly (string | number)[]): string {
  let out = '';
  for (const k of keys) {
    if (typeof k === 'number') out += `[${k}]`;
    else if (isPlainName(k)) out += out === '' ? k : `.${k}`;
    else out += `[${JSON.stringify(k)}]`;
  }
  return out === '' ? '$' : out;
}

/** True when `name` can be written as an RFC 9535 member-name shorthand (`.name`). */
function isShorthandName(name: string): boolean {
  if (name.length === 0 || TRIMMED.test(name)) return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || (i > 0 && c >= 0x30 && c <= 0x39)) continue;
    // A surrogate is fine only as half of a pair (RFC 9535 has no lone surrogates in names).
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < name.length && (name.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      i++;
      continue;
    }
    if (c >= 0x80 && (c < 0xd800 || c > 0xdfff)) continue;
    return false;
  }
  return true;
}

/**
 * The friendliest RFC 9535 JSONPath spelling of a list of keys and indices: `$.items[0].subject`,
 * `$['b.c']`. Suggestions for a claim whose path is JSONPath are written so, not in `get`'s grammar,
 * which JSONPath does not read (`items[0]` has no `$`).
 */
export function jsonPathOf(keys: readonly (string | number)[]): string {
  let out = '$';
  for (const k of keys) out += typeof k === 'number' ? `[${k}]` : isShorthandName(k) ? `.${k}` : normalizedName(k);
  return out;
}

/**
 * Whether `value` contains itself somewhere (an object or array among its own descendants). Iterative;
 * meant for explaining a failure after the fact, not for every call.
 */
export function containsCycle(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const END = {};
  const stack: unknown[] = [value];
  const open = new Set<unknown>();
  const done = new Set<unknown>();
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === END) {
      const closed = stack.pop();
      open.delete(closed);
      done.add(closed);
      continue;
    }
    if (typeof v !== 'object' || v === null || done.has(v)) continue;
    if (open.has(v)) return true;
    open.add(v);
    stack.push(v, END);
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push(child);
  }
  return false;
}
