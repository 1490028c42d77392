// `repair(text)`: the repaired JSON text, keeping the input's own formatting and splicing in only
// the repairs the engine made.
import { JsonMendError } from '../errors.js';
import type { Edit } from './engine.js';
import { parseCandidates } from './candidates.js';
import type { ParseOptions } from './types.js';
import { Engine } from './engine.js';
import { engineOptions, publicError } from './settings.js';
import { ValueBuilder } from './sink.js';

/**
 * Repairs the JSON in `text` and returns it as JSON text. Valid JSON comes back unchanged; otherwise
 * the input's whitespace and key order are kept and only the repairs are spliced in, so
 * `JSON.parse(repair(t))` deep-equals `parse(t)`. Prose, fences and tags around the value are dropped.
 * @throws JsonMendError with the same code and position `parse` would throw.
 */
export function repair(text: string, options: ParseOptions = {}): string {
  const first = parseCandidates(text, options).next();
  if (first.done) throw new JsonMendError('NO_JSON', 'no JSON value found');
  const { start, end, repairs } = first.value;
  if (repairs.length === 0 && start === 0 && end === text.length) return text;
  const engine = new Engine(new ValueBuilder(), engineOptions(options, true));
  const escaped = repairs.some((r) => r.kind === 'escaped_json');
  let out: string;
  try {
    if (escaped) {
      // The candidate was a backslash-escaped document: repair the unescaped text.
      const value = first.value.value;
      out = JSON.stringify(value);
    } else {
      engine.runAll(text, start, end);
      out = applyEdits(text, start, end, engine.edits);
    }
  } catch (error) {
    throw publicError(error, text);
  }
  if (options.onRepair && repairs.length > 0) options.onRepair(repairs);
  return out;
}

/** Applies splices (in offset order; equal offsets keep their recorded order) to text[start, end). */
export function applyEdits(text: string, start: number, end: number, edits: readonly Edit[]): string {
  let ordered = true;
  for (let i = 1; i < edits.length && ordered; i++) ordered = edits[i - 1].at <= edits[i].at;
  const sorted = ordered ? edits.map((e) => ({ e })) : edits.map((e, i) => ({ e, i })).sort((a, b) => a.e.at - b.e.at || a.i - b.i);
  let out = '';
  let at = start;
  for (const { e } of sorted) {
    if (e.at < at) {
      // Overlaps an earlier deletion: only what lies beyond it still applies.
      const skip = at - e.at;
      if (skip >= e.del) {
        out += e.ins;
        continue;
      }
      out += e.ins;
      at = e.at + e.del;
      continue;
    }
    out += text.slice(at, e.at) + e.ins;
    at = e.at + e.del;
  }
  out += text.slice(at, end);
  return out.trim();
}
