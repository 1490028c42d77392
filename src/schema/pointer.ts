// JSON Pointers (RFC 6901) and short renderings of values, for repair records and issues.

/** One segment escaped for a JSON Pointer. */
export function escapeSegment(segment: string): string {
  if (segment.indexOf('~') === -1 && segment.indexOf('/') === -1) return segment;
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The pointer of `segments`; `""` is the root. */
export function toPointer(segments: readonly string[]): string {
  let out = '';
  for (const s of segments) out += '/' + escapeSegment(s);
  return out;
}

/** The segments of a pointer (`""` → `[]`). */
export function fromPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => (s.indexOf('~') === -1 ? s : s.replace(/~1/g, '/').replace(/~0/g, '~')));
}

/**
 * Segments of a @cfworker/json-schema location (`#/a~1b/0`, URI-encoded pointer after `#`).
 */
export function fromFragment(location: string): string[] {
  const pointer = location.startsWith('#') ? location.slice(1) : location;
  let decoded = pointer;
  try {
    decoded = decodeURI(pointer).replace(/%23/g, '#');
  } catch {
    // A malformed escape: keep the raw text, which is what the value's key then was.
  }
  return fromPointer(decoded);
}

/** Segments of a Standard Schema issue path; `{ key }` objects are normalised. */
export function fromStandardPath(path: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined): string[] {
  if (!path) return [];
  return path.map((seg) => {
    const key = seg !== null && typeof seg === 'object' ? seg.key : seg;
    return typeof key === 'symbol' ? (key.description ?? '') : String(key);
  });
}

/** The value at `segments` in `root`, or undefined when a step is missing. */
export function valueAt(root: unknown, segments: readonly string[]): unknown {
  let cur = root;
  for (const s of segments) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(cur, s)) return undefined;
    cur = (cur as Record<string, unknown>)[s];
  }
  return cur;
}

/** Longest rendering of a value in a message (see shortValue). */
export const SHORT = 40;

/** A short JSON rendering of a value for messages: `"main.ts"`, `42`, `{"a":1,…}`, `nothing`. */
export function shortValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  // JSON.stringify writes Infinity and NaN as null, which is not what is there.
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    // Too deep to serialise (or not JSON at all): String() would recurse just as deep.
    return Array.isArray(value) ? '[…]' : value !== null && typeof value === 'object' ? '{…}' : typeof value;
  }
  return text.length > SHORT ? text.slice(0, SHORT - 1) + '…' : text;
}
