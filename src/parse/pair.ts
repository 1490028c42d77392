// Whether two values a reply wrote one after the other are a before and an after of the same thing.
// `New:`, `After:`, `Good:` and `✅` name the better of such a pair (answer-label.ts): `{"a": 0}⏎New:
// {"a": 1}` rewrites the first value. After a value of another shape they name a new thing beside it
// (`{"items": [1, 2, 3]}⏎New: {"item": 4}`: an item to add, no replacement for the list), and taken
// for the answer they dropped the value the reply opened with, with no word.
import { isIdentChar, skipComments } from '../extract/chars.js';

/** A span of text holding a value (a candidate's, or a leading value's up to the text set aside after it). */
export interface Span {
  start: number;
  end: number;
}

/**
 * Whether the values in `first` and `second` may be one thing written twice: both arrays, or both
 * objects that share a top-level key (or either has none to tell by). An object beside an array, or
 * two objects with no key in common, are two things. A value that does not start with `{` or `[`
 * (an object whose `{` was lost, a scalar) is not told apart: the label is read as before.
 * Each span is scanned once, up to where its value closes.
 */
export function samePair(text: string, first: Span, second: Span): boolean {
  const a = shapeOf(text, first);
  const b = shapeOf(text, second);
  if (a === undefined || b === undefined) return true;
  if (a === ARRAY || b === ARRAY) return a === b;
  if (a.size === 0 || b.size === 0) return true;
  for (const key of a) if (b.has(key)) return true;
  return false;
}

const ARRAY = 'array';

/** An array, an object's top-level keys, or undefined when the span starts with neither. */
function shapeOf(text: string, span: Span): typeof ARRAY | Set<string> | undefined {
  const v = skipComments(text, span.start, span.end);
  const c = text.charCodeAt(v);
  if (c === 0x5b) return ARRAY;
  return c === 0x7b ? topKeys(text, v, span.end) : undefined;
}

/**
 * The keys at the top level of the object opened at `open`, as written (quoted in `"` or `'`, or bare
 * words before a `:`). Strings are skipped with their escapes; a `'` opens one only where a value or
 * a key may start (after `{`, `[`, `,` or `:`), so an apostrophe in a bare word does not.
 */
function topKeys(text: string, open: number, end: number): Set<string> {
  const keys = new Set<string>();
  let depth = 0;
  let prev = 0;
  for (let i = open; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || (c === 0x27 && (prev === 0x7b || prev === 0x5b || prev === 0x2c || prev === 0x3a))) {
      let j = i + 1;
      while (j < end && text.charCodeAt(j) !== c) j += text.charCodeAt(j) === 0x5c ? 2 : 1;
      if (depth === 1 && colonAfter(text, j + 1, end)) keys.add(keyText(text.slice(i + 1, Math.min(j, end))));
      i = j;
      prev = c;
      continue;
    }
    if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      if (--depth === 0) break;
    } else if (depth === 1 && isIdentChar(c) && !isIdentChar(prev)) {
      let j = i + 1;
      while (j < end && isIdentChar(text.charCodeAt(j))) j++;
      if (colonAfter(text, j, end) && (prev === 0x7b || prev === 0x2c)) keys.add(text.slice(i, j));
      i = j - 1;
      prev = text.charCodeAt(i);
      continue;
    }
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) prev = c;
  }
  return keys;
}

/** A quoted key as the value reads it: `a\u0062` is the `ab` written elsewhere (escapes JSON would not read stay as written). */
function keyText(raw: string): string {
  if (!raw.includes('\\')) return raw;
  try {
    const key: unknown = JSON.parse(`"${raw}"`);
    return typeof key === 'string' ? key : raw;
  } catch {
    return raw;
  }
}

/** Whether a `:` comes at `i`, past spaces. */
function colonAfter(text: string, i: number, end: number): boolean {
  while (i < end && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i++;
  return i < end && text.charCodeAt(i) === 0x3a;
}
