// `repair(text)`: the repaired JSON text, keeping the input's own formatting and splicing in only
// the repairs the engine made.
import { JsonMendError } from '../errors.js';
import { parseCandidates, readRewrittenCopy } from './candidates.js';
import type { Edit } from './engine.js';
import type { ParseOptions } from './types.js';
import { writeJson } from './write-json.js';

/**
 * Repairs the JSON in `text` and returns it as JSON text. Valid JSON comes back unchanged; otherwise
 * the input's whitespace and key order are kept and only the repairs are spliced in, so
 * `JSON.parse(repair(t))` deep-equals `parse(t)`. Prose, fences and tags around the value are dropped.
 * @throws JsonMendError with the same code and position `parse` would throw.
 */
export function repair(text: string, options: ParseOptions = {}): string {
  // One pass: the chosen candidate's engine run also records the splices.
  const first = parseCandidates(text, options, { wantEdits: true }).next();
  if (first.done) throw new JsonMendError('NO_JSON', 'no JSON value found');
  const { start, end, repairs, value, edits } = first.value;
  if (repairs.length === 0 && start === 0 && end === text.length) return text;
  let out: string;
  if (repairs.some((r) => readRewrittenCopy(r.kind))) {
    // The edits would be splices of the rewritten copy, not of this text: write the value instead.
    out = writeJson(value);
  } else {
    // The candidate's own text: the reply with its full-width brackets read as JSON's.
    out = applyEdits(first.value.text, start, end, edits);
  }
  if (options.onRepair && repairs.length > 0) options.onRepair(repairs);
  return out;
}

/**
 * The JSON text `parse` reads in `text` (repair's), or `text` itself where repair refuses: for scans of
 * the number literals a value was read from, which prose around the JSON would mislead.
 */
export function repairedOrSelf(text: string, options: ParseOptions = {}): string {
  try {
    return repair(text, options);
  } catch {
    return text;
  }
}

/** Applies splices (in offset order; equal offsets keep their recorded order) to text[start, end). */
export function applyEdits(text: string, start: number, end: number, edits: readonly Edit[]): string {
  let ordered = true;
  for (let i = 1; i < edits.length && ordered; i++) ordered = inOrder(edits[i - 1], edits[i]);
  // Array.prototype.sort is stable: edits at the same offset keep the order they were made in, except
  // that a pure insertion goes before a replacement there (the `[` that wraps concatenated values,
  // inserted once the second value appears, precedes the first value's own opening quote).
  const sorted = ordered ? edits : edits.slice().sort(editOrder);
  let out = '';
  let at = start;
  for (const e of sorted) {
    // An edit inside text an earlier one deleted keeps only its insertion.
    if (e.at >= at) {
      out += text.slice(at, e.at);
      at = e.at + e.del;
    } else if (e.at + e.del > at) {
      at = e.at + e.del;
    }
    out += e.ins;
  }
  out += text.slice(at, end);
  return out.trim();
}

function editOrder(a: Edit, b: Edit): number {
  return a.at - b.at || Number(a.del > 0) - Number(b.del > 0);
}

function inOrder(a: Edit, b: Edit): boolean {
  return editOrder(a, b) <= 0;
}
