// How `extract` shows candidates, for one reply and for each line of a batch alike.
import { JsonMendError, positionOf } from '../index.js';
import { extract, type Candidate } from './api.js';

/** A candidate as printed: its own fields plus the line and column where it starts. */
export function located(candidate: Candidate, text: string): Record<string, unknown> {
  const at = positionOf(text, candidate.start);
  const out: Record<string, unknown> = { source: candidate.source };
  for (const key of ['language', 'tag', 'reasoning', 'truncated'] as const) {
    if (candidate[key] !== undefined) out[key] = candidate[key];
  }
  Object.assign(out, { start: candidate.start, end: candidate.end, line: at.line, column: at.column, text: candidate.text });
  return out;
}

/**
 * The candidates `extract` shows: every one with `all`, otherwise the first that `parse` would try
 * (reasoning blocks last).
 * @throws JsonMendError `NO_JSON` when the text holds no candidate at all
 */
export function chosenCandidates(text: string, all: boolean): readonly Candidate[] {
  const candidates = extract(text);
  if (candidates.length === 0) throw new JsonMendError('NO_JSON', 'no JSON candidate found in the text');
  return all ? candidates : [candidates.find((c) => c.reasoning !== true) ?? candidates[0]];
}
