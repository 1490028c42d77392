// `get`: one value at a forgiving path, or a PathError that says what was there instead.
import { PathError, syntaxError } from './errors.js';
import { friendlyPath, hasOwn, isJsonObject, jsonTypeOf, normalizedPath } from './json.js';
import { readStringLiteral } from './jsonpath/strings.js';

/**
 * One step of a parsed `get` path.
 *
 * `key` is the segment's text (used on objects). `index` is set when the segment is an integer (used on
 * arrays); quoted, only in canonical form (`["1"]`, as in JavaScript; `["01"]` is a key). `quoted` is set
 * when the segment was a quoted name that is no index (`["01"]`, a JSONPath name). `offset` is where the segment starts in
 * the path text.
 */
export interface PathSegment {
  key: string;
  index: number | undefined;
  offset: number;
  quoted?: true;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Longest path or key quoted whole in a message; longer ones keep their ends and say what was left out. */
const MESSAGE_PATH_CHARS = 200;
/** Longest suggested path kept: a longer one could not be shown whole, and an elided one is no path. */
const MAX_SUGGESTION_CHARS = 1_000;

/** `text`, or its start and end around a note of how much was left out when it is longer than `max`. */
export function elide(text: string, max = MESSAGE_PATH_CHARS): string {
  if (text.length <= max) return text;
  const head = Math.ceil(max * 0.6);
  const tail = max - head;
  return `${text.slice(0, head)}…(${text.length - head - tail} characters)…${text.slice(text.length - tail)}`;
}

function shortSuggestions(paths: string[]): string[] {
  return paths.filter((p) => p.length <= MAX_SUGGESTION_CHARS);
}

function integerOf(text: string): number | undefined {
  let i = text.charCodeAt(0) === 0x2d ? 1 : 0;
  if (i === text.length) return undefined;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return undefined;
  }
  const n = Number(text);
  return Math.abs(n) <= MAX_SAFE ? n : undefined;
}

/** An array index written as RFC 6901 and JavaScript's property names write one: `0`, `12`, never `01` or `-1`. */
function isCanonicalIndex(key: string): boolean {
  return key === '0' || /^[1-9][0-9]*$/.test(key);
}

/** RFC 6901: `/a/b~1c/0`. Array indices must be canonical (`0`, `12`); `-` names the slot past the end. */
function parsePointer(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  let start = 1;
  for (;;) {
    let end = path.indexOf('/', start);
    if (end === -1) end = path.length;
    const raw = path.slice(start, end);
    let key = raw;
    if (raw.includes('~')) {
      for (let i = raw.indexOf('~'); i !== -1; i = raw.indexOf('~', i + 1)) {
        const next = raw[i + 1];
        if (next !== '0' && next !== '1') syntaxError(path, start + i, 'in a JSON Pointer, "~" must be followed by 0 or 1');
      }
      key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    }
    segments.push({ key, index: key === '-' ? Infinity : isCanonicalIndex(key) ? integerOf(key) : undefined, offset: start });
    if (end === path.length) return segments;
    start = end + 1;
  }
}

const enum Ch {
  Dot = 0x2e,
  Open = 0x5b,
  Close = 0x5d,
  Dollar = 0x24,
  Quote = 0x22,
  Apos = 0x27,
  Space = 0x20,
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function parseBracket(path: string, open: number, segments: PathSegment[]): number {
  let i = open + 1;
  while (isSpace(path.charCodeAt(i))) i++;
  const c = path.charCodeAt(i);
  let segment: PathSegment;
  if (c === Ch.Quote || c === Ch.Apos) {
    const lit = readStringLiteral(path, i);
    // A quoted name is an index only where JavaScript's `items["1"]` is one: digits in canonical form. Any
    // other spelling (`"01"`, `"-1"`, `"+1"`) is a key, as in JavaScript and the pointer `/items/01`; on an
    // array it fails and says which index to write.
    // Canonical digits past 2^53 are then an index no array reaches, as unquoted (INDEX_OUT_OF_RANGE).
    segment = isCanonicalIndex(lit.value)
      ? { key: lit.value, index: integerOf(lit.value), offset: open }
      : { key: lit.value, index: undefined, offset: open, quoted: true };
    i = lit.end;
  } else {
    const start = i;
    while (i < path.length && path.charCodeAt(i) !== Ch.Close && !isSpace(path.charCodeAt(i))) i++;
    const text = path.slice(start, i);
    const index = integerOf(text);
    if (index === undefined && /^-?[0-9]+$/.test(text)) {
      syntaxError(path, start, `index ${elide(text, 40)} is beyond ${MAX_SAFE} (2^53 − 1), past the end of any array; quote it (["${elide(text, 40)}"]) to read an object key`);
    }
    if (index === undefined) {
      const hint = text === '*' || text.startsWith('?') || text.includes(':') || text.includes(',')
        ? `; "${text}" selects many values, use query() for JSONPath`
        : '; write an integer index like [0] or a quoted key like ["name"]';
      syntaxError(path, start, `bracket must hold an integer or a quoted key${hint}`);
    }
    segment = { key: text, index, offset: open };
  }
  while (isSpace(path.charCodeAt(i))) i++;
  if (path.charCodeAt(i) !== Ch.Close) syntaxError(path, i, 'expected "]"');
  segments.push(segment);
  return i + 1;
}

/**
 * Parses a path in `get`'s grammar (see docs/path-and-verify.md) into segments.
 *
 * @throws PathError `SYNTAX` with the offset of the problem
 */
export function parsePath(path: string): PathSegment[] {
  if (typeof path !== 'string') {
    throw new PathError('SYNTAX', `a path must be a string, got ${jsonTypeOf(path)}`, { expression: String(path) });
  }
  // A pointer keeps trailing whitespace: it may be part of the last key.
  if (path.trimStart().charCodeAt(0) === 0x2f) return parsePointer(path.trimStart());
  const text = path.trim();
  const segments: PathSegment[] = [];
  let i = 0;
  const n = text.length;
  // An optional root marker: `$`, `$.`, or jq's leading `.`.
  if (text.charCodeAt(0) === Ch.Dollar && (n === 1 || text.charCodeAt(1) === Ch.Dot || text.charCodeAt(1) === Ch.Open)) {
    i = 1;
    if (text.charCodeAt(1) === Ch.Dot) i = 2;
    if (i === 2 && i === n) syntaxError(text, 1, 'expected a key after "$."');
  } else if (text.charCodeAt(0) === Ch.Dot && n > 1 && text.charCodeAt(1) !== Ch.Dot) {
    i = 1;
  }
  let expectKey = i > 0 && text.charCodeAt(i - 1) === Ch.Dot;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === Ch.Open) {
      // `items.[0]` is accepted too: some writers split on dots before adding brackets.
      i = parseBracket(text, i, segments);
      expectKey = false;
      continue;
    }
    if (c === Ch.Dot && !expectKey && segments.length > 0) {
      i++;
      expectKey = true;
      if (i === n) syntaxError(text, i, 'expected a key after "."');
      if (text.charCodeAt(i) === Ch.Dot) syntaxError(text, i, '".." (descendants) selects many values; use query() for JSONPath');
      continue;
    }
    if (c === Ch.Close || c === Ch.Dot) {
      if (c === Ch.Dot && i > 0 && text.charCodeAt(i - 1) === Ch.Dot) syntaxError(text, i, '".." (descendants) selects many values; use query() for JSONPath');
      syntaxError(text, i, c === Ch.Dot ? 'empty key between dots' : `unexpected "${text[i]}"`);
    }
    if (!expectKey && segments.length > 0) syntaxError(text, i, 'expected "." or "[" between segments');
    const start = i;
    while (i < n) {
      const d = text.charCodeAt(i);
      if (d === Ch.Dot || d === Ch.Open) break;
      if (d === Ch.Close) syntaxError(text, i, 'unexpected "]" without "["');
      i++;
    }
    const key = text.slice(start, i);
    if (key === '*') syntaxError(text, start, '"*" selects many values; use query() for JSONPath');
    segments.push({ key, index: integerOf(key), offset: start });
    expectKey = false;
  }
  return segments;
}

function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j];
      prev[j] = Math.min(up + 1, prev[j - 1] + 1, diag + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length];
}

/** Up to `limit` keys of `object`, closest to `wanted` first (only the first 500 keys are ranked). */
export function nearestKeys(object: Record<string, unknown>, wanted: string, limit = 5): string[] {
  const keys = Object.keys(object);
  const ranked = keys.slice(0, 500).map((k) => {
    const lower = k.toLowerCase();
    const w = wanted.toLowerCase();
    const bonus = lower === w ? -2 : lower.includes(w) || w.includes(lower) ? -1 : 0;
    return { k, d: editDistance(lower.slice(0, 64), w.slice(0, 64)) + bonus };
  });
  ranked.sort((x, y) => x.d - y.d);
  return ranked.slice(0, limit).map((r) => r.k);
}

function quoteList(keys: readonly string[], total: number): string {
  const shown = keys.map((k) => JSON.stringify(k)).join(', ');
  return total > keys.length ? `${shown}, … (${total} keys)` : shown;
}

/** Keys of `segments` walked from `value`, or undefined when they do not resolve there. */
function walkQuietly(value: unknown, segments: readonly PathSegment[]): (string | number)[] | undefined {
  const keys: (string | number)[] = [];
  let cur = value;
  for (const seg of segments) {
    if (Array.isArray(cur)) {
      const idx = seg.index === undefined ? undefined : seg.index < 0 ? seg.index + cur.length : seg.index;
      if (idx === undefined || idx < 0 || idx >= cur.length) return undefined;
      keys.push(idx);
      cur = cur[idx];
    } else if (isJsonObject(cur) && hasOwn(cur, seg.key)) {
      keys.push(seg.key);
      cur = cur[seg.key];
    } else {
      return undefined;
    }
  }
  return keys;
}

/** A suggested path through `alt` instead of the failing segment; keeps the rest of the path when it still resolves. */
function suggest(prefix: (string | number)[], alt: string | number, child: unknown, rest: readonly PathSegment[], spell: PathSpeller): string {
  const tail = rest.length > 0 ? walkQuietly(child, rest) : undefined;
  return spell(tail === undefined ? [...prefix, alt] : [...prefix, alt, ...tail]);
}

/** Writes a list of keys and indices as a path: `get`'s friendly spelling, or JSONPath for a JSONPath claim. */
export type PathSpeller = (keys: readonly (string | number)[]) => string;

/**
 * A key of `object` that the segments from `at` on spell when joined by dots (`http.status` of
 * `attributes.http.status`: flattened names, as telemetry and search indices write them), with the
 * index of the first segment after it; the longest such key wins. Undefined when there is none.
 */
function dottedKey(object: Record<string, unknown>, segments: readonly PathSegment[], at: number): { key: string; end: number } | undefined {
  let key = segments[at].key;
  let found: { key: string; end: number } | undefined;
  for (let j = at + 1; j < segments.length && j - at < 32; j++) {
    key += `.${segments[j].key}`;
    if (hasOwn(object, key)) found = { key, end: j + 1 };
  }
  return found;
}

/** The last and first valid index in place of one out of range (the array itself when it is empty). */
function outOfRangeSuggestions(container: unknown[], prefix: (string | number)[], rest: readonly PathSegment[], spell: PathSpeller): string[] {
  const length = container.length;
  return length === 0 ? [spell(prefix)]
    : length === 1 ? [suggest(prefix, 0, container[0], rest, spell)]
      : [suggest(prefix, length - 1, container[length - 1], rest, spell), suggest(prefix, 0, container[0], rest, spell)];
}

/**
 * The array index (made absolute) that a key written as an integer names, when it lies inside an array of
 * `length`: `"1"`, `"01"`, `"-1"`. Undefined for any other key.
 */
function spelledIndex(key: string, length: number): number | undefined {
  if (key.length > 20 || !/^-?[0-9]+$/.test(key)) return undefined;
  const n = Number(key);
  const idx = n < 0 ? n + length : n;
  return idx >= 0 && idx < length ? idx : undefined;
}

/** An integer written in digits (optionally negative) whose value a double cannot hold exactly. */
function isUnsafeInteger(text: string): boolean {
  return /^-?[0-9]+$/.test(text) && integerOf(text) === undefined;
}

function fail(expression: string, segments: PathSegment[], at: number, prefix: (string | number)[], container: unknown, spell: PathSpeller): never {
  const seg = segments[at];
  const rest = segments.slice(at + 1);
  const where = elide(spell(prefix));
  const base = { expression, offset: seg.offset, resolved: normalizedPath(prefix), found: jsonTypeOf(container) };
  if (Array.isArray(container)) {
    const length = container.length;
    if (seg.index === undefined && seg.quoted !== true && isUnsafeInteger(seg.key)) {
      // An integer past 2^53 − 1 (`/items/9007199254740993`, `items.9007199254740993`) is an index no
      // array reaches, not a key: say so, quoting the digits as written (a double would round them).
      const range = length === 0 ? 'the array is empty' : `valid indices are 0..${length - 1} (or -${length}..-1)`;
      throw new PathError('INDEX_OUT_OF_RANGE',
        `index ${elide(seg.key, 40)} is out of range at ${where}: it is beyond ${MAX_SAFE} (2^53 − 1), past the end of any array; array has length ${length}, ${range}`,
        { ...base, segment: seg.key, length, suggestions: shortSuggestions(outOfRangeSuggestions(container, prefix, rest, spell)) });
    }
    if (seg.index === undefined) {
      const suggestions: string[] = [];
      // A key that spells an index in range (`["01"]`, the pointer's `/01`): the index it would have been.
      const spelled = spelledIndex(seg.key, length);
      if (spelled !== undefined) suggestions.push(suggest(prefix, spelled, container[spelled], rest, spell));
      const first = container[0];
      if (suggestions.length === 0 && isJsonObject(first) && hasOwn(first, seg.key)) suggestions.push(spell([...prefix, 0, seg.key]));
      // The key may name the item itself (`ticket.subject` on a list of tickets): keep the rest when it resolves.
      if (length > 0 && suggestions.length === 0) suggestions.push(suggest(prefix, 0, container[0], rest, spell));
      const why = !/^-?[0-9]+$/.test(seg.key) ? ''
        : seg.quoted !== true ? ' (a JSON Pointer index has no sign and no leading zero, RFC 6901)'
          // Canonical digits reach here only as a JSONPath name (`$.items['1']`), which RFC 9535 keeps a key.
          : isCanonicalIndex(seg.key) ? ' (a quoted name is a key, not an index)'
            : ' (quoted, an index has no sign and no leading zero, as in JavaScript)';
      throw new PathError('MISSING_KEY',
        `cannot read key ${elide(JSON.stringify(seg.key))} at ${where}: found an array of length ${length}, which has indices, not keys${why}` +
          (spelled !== undefined ? `; use the index ${elide(spell([...prefix, spelled]))}`
            : length > 0 ? `; use an index such as ${elide(spell([...prefix, 0]))}` : ''),
        { ...base, segment: seg.key, length, suggestions: shortSuggestions(suggestions) });
    }
    const range = length === 0 ? 'the array is empty' : `valid indices are 0..${length - 1} (or -${length}..-1)`;
    throw new PathError('INDEX_OUT_OF_RANGE',
      `index ${seg.index === Infinity ? '-' : seg.index} is out of range at ${where}: array has length ${length}, ${range}`,
      { ...base, segment: seg.index === Infinity ? '-' : seg.index, length,
        suggestions: shortSuggestions(outOfRangeSuggestions(container, prefix, rest, spell)) });
  }
  if (isJsonObject(container)) {
    const available = nearestKeys(container, seg.key);
    const length = Object.keys(container).length;
    const dotted = dottedKey(container, segments, at);
    const suggestions = available.slice(0, 3).map((k) => suggest(prefix, k, container[k], rest, spell));
    if (dotted !== undefined) suggestions.unshift(suggest(prefix, dotted.key, container[dotted.key], segments.slice(dotted.end), spell));
    throw new PathError('MISSING_KEY',
      `no key ${elide(JSON.stringify(seg.key))} at ${where}: ` +
        (length === 0 ? 'the object is empty' : `object has ${length === 1 ? 'key' : `${length} keys`} ${elide(quoteList(available, length), 400)}`) +
        (dotted === undefined ? '' : `; the key ${elide(JSON.stringify(dotted.key))} has dots in it: quote it, as in ${elide(suggestions[0])}`),
      { ...base, segment: seg.key, available, length, suggestions: shortSuggestions([...new Set(suggestions)].slice(0, 3)) });
  }
  // null is its own type name: "found null", not "found null null".
  const shown = container === null ? undefined : JSON.stringify(container);
  throw new PathError('NOT_A_CONTAINER',
    `cannot read ${seg.index !== undefined && seg.key === String(seg.index) ? `[${seg.key}]` : elide(JSON.stringify(seg.key))} at ${where}: ` +
      `found ${jsonTypeOf(container)} ${shown !== undefined && shown.length <= 40 ? shown : ''}`.trimEnd() + ', not an object or array',
    { ...base, segment: seg.index ?? seg.key, suggestions: shortSuggestions([spell(prefix)]) });
}

/** Result of {@link tryGet}: the value, or the error `get` would have thrown. */
export type GetResult = { ok: true; value: unknown; path: string } | { ok: false; error: PathError };

/** Walks parsed segments; returns the value or throws a PathError naming the failing segment. */
export function getSegments(value: unknown, segments: PathSegment[], expression: string, spell: PathSpeller = friendlyPath): unknown {
  let cur = value;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    if (Array.isArray(cur)) {
      let idx = seg.index;
      if (idx !== undefined && idx < 0) idx += cur.length;
      if (idx === undefined || idx < 0 || idx >= cur.length) fail(expression, segments, i, resolvedKeys(value, segments, i), cur, spell);
      cur = cur[idx];
    } else if (isJsonObject(cur)) {
      if (!hasOwn(cur, seg.key)) fail(expression, segments, i, resolvedKeys(value, segments, i), cur, spell);
      cur = cur[seg.key];
    } else {
      fail(expression, segments, i, resolvedKeys(value, segments, i), cur, spell);
    }
  }
  return cur;
}

/** The concrete keys/indices of the first `count` segments (negative indices made absolute); only on failure. */
export function resolvedKeys(value: unknown, segments: PathSegment[], count: number): (string | number)[] {
  const keys: (string | number)[] = [];
  let cur = value;
  for (let i = 0; i < count; i++) {
    const seg = segments[i];
    if (Array.isArray(cur)) {
      const idx = seg.index! < 0 ? seg.index! + cur.length : seg.index!;
      keys.push(idx);
      cur = cur[idx];
    } else {
      keys.push(seg.key);
      cur = (cur as Record<string, unknown>)[seg.key];
    }
  }
  return keys;
}

/**
 * The one value at `path` in `value`.
 *
 * Grammar (one table in docs/path-and-verify.md): dotted keys `a.b`, bracket indices anywhere
 * (`items[0].subject`, `[0].status`), numeric segments `items.0.subject`, negative indices `items[-1]`,
 * quoted keys `a['b.c']` / `["a b"]`, an optional leading `$` or `$.`, and RFC 6901 JSON Pointer when the
 * path starts with `/`. An integer segment is an index on an array and a key on an object; quoted, only
 * its canonical form is an index (`["1"]`, as in JavaScript; `["01"]` is a key); only own properties are read.
 *
 * @throws PathError `MISSING_KEY`, `INDEX_OUT_OF_RANGE`, `NOT_A_CONTAINER` or `SYNTAX`
 */
export function get(value: unknown, path: string): unknown {
  return getSegments(value, parsePath(path), typeof path === 'string' ? path : String(path));
}

/** Like {@link get}, but returns the outcome instead of throwing; `path` is the normalized path on success. */
export function tryGet(value: unknown, path: string): GetResult {
  try {
    const segments = parsePath(path);
    const v = getSegments(value, segments, path);
    return { ok: true, value: v, path: normalizedPath(resolvedKeys(value, segments, segments.length)) };
  } catch (e) {
    if (e instanceof PathError) return { ok: false, error: e };
    throw e;
  }
}
