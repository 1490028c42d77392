// A call's text written inside another call's string: a README's example passed to `write_file`, in
// a tool tag's value, a JSON string, a pythonic string or a ReAct input. Whatever format the inner
// text has, it is that value's text, not a call: read as one, a call was made up (the tool would run)
// and the call holding it was lost or cut into pieces. The marked-up spans and the bare JSON are read
// before the formats that may hold them, so what they give (calls, or errors) waits here until the
// holders are read: a call or error whose start lies inside a holder's call is dropped; the others
// stand (an error is thrown then, as it would have been at once).
import { JsonMendError } from '../errors.js';
import { RangeSet } from './ranges.js';
import type { ToolCall } from './types.js';

interface Marked {
  start: number;
  calls: readonly ToolCall[];
  /** Its range in the text taken out with its calls (the span, maybe widened to a wrapper). */
  range: readonly [number, number];
}

interface Failed {
  start: number;
  error: unknown;
}

export class HeldCalls {
  private readonly marked: Marked[] = [];
  private readonly markedErrors: Failed[] = [];
  private readonly bareErrors: Failed[] = [];
  /** The marked spans that gave calls or an error: a holder may start before one and hold it. */
  private readonly markedRanges = new RangeSet();
  /** The same in text order (the scanner's spans do not overlap), with each one's opening markup. */
  private readonly openers: Array<{ start: number; end: number; opener: string }> = [];

  /** A marked span `[start, end)` read as `calls`, taken out of the text as `range`. */
  addMarked(start: number, end: number, opener: string, calls: readonly ToolCall[], range: readonly [number, number]): void {
    this.marked.push({ start, calls, range });
    this.markedRanges.add(start, end);
    this.openers.push({ start, end, opener });
  }

  /** A marked span `[start, end)`, opened by `opener`, whose reading threw `error`. */
  failMarked(start: number, end: number, opener: string, error: unknown): void {
    this.markedErrors.push({ start, error });
    this.markedRanges.add(start, end);
    this.openers.push({ start, end, opener });
  }

  /** A bare JSON call at `start` whose reading threw `error` (a tool not given, cut off, rejected by its schema). */
  failBare(start: number, error: unknown): void {
    this.bareErrors.push({ start, error });
  }

  /**
   * Whether `[start, end)` shares text with a marked span that gave calls or an error. A reading there
   * that fails is no holder: the marked span stands as read (an error there would be made up by
   * reading its markup as another format's text).
   */
  overMarked(start: number, end: number): boolean {
    return this.markedRanges.overlaps(start, end);
  }

  /**
   * Whether the calls read at `[start, end)` hold every marked span they share text with as a string's
   * text: a string of their arguments holds its opening markup (`<code><tool_call>…</tool_call></code>`).
   * Else they are no holder and the spans stand as read: `<ping>⏎<tool_call>…</tool_call>⏎</ping>`
   * read as a tag named `tool_call`, or `Action Input: <tool_call>…` as the text of a tool's one
   * string parameter (`arguments_as_text`), would make up arguments out of the markup.
   */
  holds(start: number, end: number, calls: ReadonlyArray<{ arguments: unknown; rewrites?: readonly string[] }>): boolean {
    if (!this.overMarked(start, end)) return true;
    if (calls.some((c) => c.rewrites?.includes('arguments_as_text') === true)) return false;
    const strings: string[] = [];
    for (const c of calls) stringsOf(c.arguments, strings);
    let lo = 0;
    let hi = this.openers.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.openers[mid].end <= start) lo = mid + 1;
      else hi = mid;
    }
    // Each opening markup once: a string of many examples (`<tool_call>` a thousand times) is searched once.
    const openers = new Set<string>();
    for (let i = lo; i < this.openers.length && this.openers[i].start < end; i++) openers.add(this.openers[i].opener);
    for (const opener of openers) if (!strings.some((s) => s.includes(opener))) return false;
    return true;
  }

  /**
   * The error to throw when a later format's reading throws `error`: one held here comes first, as it
   * came first in the text's reading (marked spans, then bare JSON) before it was held.
   */
  first(error: unknown): unknown {
    return this.markedErrors[0]?.error ?? this.bareErrors[0]?.error ?? error;
  }

  /**
   * After every format was read: drops the marked calls (and their ranges in `removed`) held by a
   * call read after them (`holders`, all of those), and throws the first error no such call holds, a
   * marked span's before a bare call's (bare calls are held by `bareHolders` only, as dropHeld drops
   * them). Returns how many calls were dropped from the start of `calls` and ranges from `removed`.
   */
  settle(calls: ToolCall[], removed: Array<readonly [number, number]>, holders: readonly ToolCall[], bareHolders: readonly ToolCall[]): { calls: number; ranges: number } {
    const holding = new RangeSet(holders.map((c) => [c.span.start + 1, c.span.end] as const));
    const inside = (at: number) => holding.overlaps(at, at);
    const dropped = { calls: 0, ranges: 0 };
    for (const m of this.markedErrors) if (!inside(m.start)) throw m.error;
    const bareHolding = new RangeSet(bareHolders.map((c) => [c.span.start + 1, c.span.end] as const));
    for (const b of this.bareErrors) if (!bareHolding.overlaps(b.start, b.start)) throw b.error;
    const gone = new Set<ToolCall>();
    const goneRanges = new Set<readonly [number, number]>();
    for (const m of this.marked) {
      if (!inside(m.start)) continue;
      for (const c of m.calls) gone.add(c);
      goneRanges.add(m.range);
    }
    if (gone.size === 0) return dropped;
    dropped.calls = remove(calls, (c) => gone.has(c));
    dropped.ranges = remove(removed, (r) => goneRanges.has(r));
    return dropped;
  }
}

/** Every string in `value`, however deep, into `out`. */
function stringsOf(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, out);
}

/** Removes the items `drop` says in place, keeping the others' order; how many went. */
function remove<T>(items: T[], drop: (item: T) => boolean): number {
  let kept = 0;
  for (const item of items) if (!drop(item)) items[kept++] = item;
  const gone = items.length - kept;
  items.length = kept;
  return gone;
}

/** Whether `error` is a reading's error (SchemaError among them), which a holder may take the place of; anything else is a bug, thrown at once. */
export function isHoldable(error: unknown): boolean {
  return error instanceof JsonMendError;
}
