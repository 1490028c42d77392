// Where in the reply each repair (or the error) is drawn: a span of text, or a zero-width point
// where something was inserted. Pure, so it is tested without a browser.
import type { TextRepair } from '../src/index.js';
import { changeOf } from './analyse.js';

/** A marked stretch of the reply; `start === end` is an insertion point. */
export interface Mark {
  start: number;
  end: number;
  /** Indexes into the text repairs drawn here (several repairs may share an offset). */
  repairs: number[];
  /** True for the position of the error. */
  error: boolean;
}

/** How much of the reply a repair covers: the text its detail names, when it is really there. */
function extentOf(repair: TextRepair, reply: string): number {
  const { before } = changeOf(repair, reply);
  const candidates = [before];
  if (before.startsWith('"')) {
    try {
      const unquoted: unknown = JSON.parse(before);
      if (typeof unquoted === 'string') candidates.push(unquoted);
    } catch {
      // not a JSON string: only the raw form can match
    }
  }
  for (const text of candidates) {
    if (text !== '' && reply.startsWith(text, repair.offset)) return text.length;
  }
  return 0;
}

/** Non-overlapping marks in text order; a mark that would overlap the previous one becomes a point. */
export function marksOf(reply: string, repairs: readonly TextRepair[], errorOffset: number | undefined): Mark[] {
  const raw: Mark[] = repairs.map((r, i) => {
    const start = Math.min(r.offset, reply.length);
    return { start, end: start + extentOf(r, reply), repairs: [i], error: false };
  });
  if (errorOffset !== undefined) {
    const start = Math.min(errorOffset, reply.length);
    const end = start < reply.length && reply[start] !== '\n' ? start + 1 : start;
    raw.push({ start, end, repairs: [], error: true });
  }
  raw.sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Mark[] = [];
  for (const m of raw) {
    const last = out[out.length - 1];
    if (last !== undefined && last.start === m.start && last.end === m.end) {
      last.repairs.push(...m.repairs);
      last.error ||= m.error;
    } else if (last !== undefined && m.start < last.end) {
      // Overlap: keep the first mark whole; this one is drawn as a point where the previous ends.
      out.push({ ...m, start: last.end, end: last.end });
    } else {
      out.push(m);
    }
  }
  return out;
}
