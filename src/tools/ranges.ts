// The parts of a reply already read as calls (or as reasoning), asked of every later candidate: kept
// sorted, so that a reply of many calls is looked at in logarithmic time per question, not once per
// call (the square of their number for thousands of calls).

/** Ranges `[start, end)` of a text; whether a span overlaps any of them, in O(log n). */
export class RangeSet {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  /** `maxEnd[i]`: the furthest end among the first i + 1 ranges by start. */
  private readonly maxEnd: number[] = [];

  constructor(ranges: Iterable<readonly [number, number]> = []) {
    const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
    for (const [start, end] of sorted) this.add(start, end);
  }

  add(start: number, end: number): void {
    const n = this.starts.length;
    // Calls are found in text order: the common case appends.
    let at = n;
    if (n > 0 && start < this.starts[n - 1]) at = this.countStartingBefore(start);
    this.starts.splice(at, 0, start);
    this.ends.splice(at, 0, end);
    this.maxEnd.splice(at, 0, 0);
    for (let i = at; i <= n; i++) this.maxEnd[i] = Math.max(i > 0 ? this.maxEnd[i - 1] : -Infinity, this.ends[i]);
  }

  /** Whether `[start, end)` shares a character with a range (an empty span: whether `start` is inside one). */
  overlaps(start: number, end: number): boolean {
    const k = this.countStartingBefore(Math.max(end, start + 1));
    return k > 0 && this.maxEnd[k - 1] > start;
  }

  /** Where the range that covers `at` and reaches furthest ends, or -1 when none covers it. */
  endOfRangeAt(at: number): number {
    const k = this.countStartingBefore(at + 1);
    return k > 0 && this.maxEnd[k - 1] > at ? this.maxEnd[k - 1] : -1;
  }

  /** How many ranges start before `at`. */
  private countStartingBefore(at: number): number {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.starts[mid] < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** What the finders ask of the parts of a reply already read (see TakenWithMentions). */
export interface Taken {
  add(start: number, end: number): void;
  overlaps(start: number, end: number): boolean;
  endOfRangeAt(at: number): number;
}

/**
 * The parts already read, and spans of markup that held no call (the markup mentioned): a region that
 * starts inside one of those is taken (`The <tool_call> tag wraps {…}`), one that holds it is not: there
 * the markup is text in the region's strings (`{"name": "write_file", "arguments": {"code": "# <tool_call>"}}`;
 * taken, that call was lost with no error).
 */
export class TakenWithMentions implements Taken {
  constructor(private readonly read: RangeSet, private readonly mentioned: RangeSet) {}

  add(start: number, end: number): void {
    this.read.add(start, end);
  }

  overlaps(start: number, end: number): boolean {
    return this.read.overlaps(start, end) || this.mentioned.overlaps(start, start);
  }

  endOfRangeAt(at: number): number {
    return Math.max(this.read.endOfRangeAt(at), this.mentioned.endOfRangeAt(at));
  }
}
