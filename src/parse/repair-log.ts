// Repairs as the engine records them: three parallel arrays instead of an object per repair, so a
// reply with a hundred thousand single-quoted strings costs three array pushes per string, and the
// report objects are built only when somebody reads them.
import type { TextRepair, TextRepairKind } from './types.js';

export class RepairLog {
  readonly kinds: TextRepairKind[] = [];
  readonly offsets: number[] = [];
  readonly details: string[] = [];
  /**
   * The shortest length truncate() left since a reader last reset it (Infinity: none): a stream that
   * reported the first n repairs must report again from here, where a string cut back took back some
   * and logged others in their place (its length alone may be the same again).
   */
  truncatedTo = Infinity;

  get length(): number {
    return this.kinds.length;
  }

  push(kind: TextRepairKind, offset: number, detail: string): void {
    this.kinds.push(kind);
    this.offsets.push(offset);
    this.details.push(detail);
  }

  /** Forgets every repair from index `n` on (a token that is read again, or a tail that was cut). */
  truncate(n: number): void {
    if (n < this.truncatedTo) this.truncatedTo = n;
    this.kinds.length = n;
    this.offsets.length = n;
    this.details.length = n;
  }

  has(kind: TextRepairKind): boolean {
    return this.kinds.includes(kind);
  }

  /** Repair `i` as a report object; line and column are 0 until `withPositions` fills them in. */
  at(i: number, shift = 0): TextRepair {
    return { kind: this.kinds[i], offset: this.offsets[i] + shift, line: 0, column: 0, detail: this.details[i] };
  }

  /**
   * Where the text set aside after a value starts: the offset of the last `surrounding_text` repair
   * past `after` (the value's start), or -1.
   */
  setAsideAfter(after: number): number {
    for (let i = this.kinds.length - 1; i >= 0; i--) if (this.kinds[i] === 'surrounding_text' && this.offsets[i] > after) return this.offsets[i];
    return -1;
  }

  toArray(shift = 0): TextRepair[] {
    const out: TextRepair[] = new Array(this.kinds.length);
    for (let i = 0; i < out.length; i++) out[i] = this.at(i, shift);
    return out;
  }
}
