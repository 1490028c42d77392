// `parseAll(text)`: every JSON candidate in a reply, in document order, each with its value and the
// repairs made to read it — or the error that stopped it.
import type { JsonMendError } from '../errors.js';
import type { CandidateSource } from '../extract/index.js';
import { type CandidateReading, nativeParse, noJson, readCandidates } from './candidates.js';
import { trimEnd } from '../extract/chars.js';
import { publicError, withPositions } from './settings.js';
import type { ParseOptions, TextRepair } from './types.js';

/** A candidate of {@link parseAll} that was read: its value and the repairs made to read it. */
export interface ParsedValue {
  ok: true;
  /** The value, as `parse` would return it for this candidate alone. */
  value: unknown;
  /** Every repair made to read this value, in text order, with line and column in the whole text. */
  repairs: TextRepair[];
  /** Where the candidate's text starts in the input (UTF-16 offset). */
  start: number;
  /** Just past the candidate's text. */
  end: number;
  /** How the candidate was found (`whole`, `fence`, `tag`, `balanced`, `jsonp`). */
  source: CandidateSource;
}

/** A candidate of {@link parseAll} that could not be read. */
export interface UnparsedCandidate {
  ok: false;
  /** Why: the error `parse` would throw for this candidate alone (built when first read). */
  readonly error: JsonMendError;
  start: number;
  end: number;
  source: CandidateSource;
}

/** One entry of {@link parseAll}'s result. */
export type ParseAllEntry = ParsedValue | UnparsedCandidate;

/**
 * Every JSON candidate in `text`, in document order: each code fence, answer tag and JSON value in
 * prose with its own value and repair report, and the candidates that could not be read with their
 * error. A text that is itself JSON (valid or damaged) is one candidate: concatenated values in it
 * are one array, as `parse` reads them; values in the prose after such a value are candidates too
 * (`{"id": 1} and {"id": 2}`). Candidates in reasoning blocks count only when nothing
 * outside reasoning was found, as for `parse`. `onRepair` is called once with the repairs of all
 * values, when there is at least one.
 *
 * ```ts
 * parseAll('First:\n```json\n{"a": 1,}\n```\nThen: {"b": 2}')
 * // → [{ ok: true, value: { a: 1 }, source: 'fence', … }, { ok: true, value: { b: 2 }, source: 'balanced', … }]
 * ```
 *
 * @throws JsonMendError `NO_JSON` when the text holds no candidate; when not one candidate can be
 *   read, the error `parse` throws; `TOO_DEEP`, `TOO_LARGE`, `REPAIR_REFUSED`, `INVALID_ARGUMENT` as
 *   `parse` does.
 */
export function parseAll(text: string, options: ParseOptions = {}): ParseAllEntry[] {
  const fast = nativeParse(text, options);
  if (fast !== undefined) return [{ ok: true, value: fast.value, repairs: [], start: 0, end: text.length, source: 'whole' }];
  let readings: CandidateReading[] = [...readCandidates(text, options)];
  if (readings.length === 0) throw noJson(text);
  // The whole-text reading (when the text starts with a bracket) holds every other candidate: when it
  // parses it is the only value, as for `parse`; when it fails, the candidates inside it stand alone.
  // Values in the prose after it (`{"id": 1} and {"id": 2}`) stand beside it, the whole ending where
  // its reading set the text aside.
  const whole = readings.find((r) => r.candidate.source === 'whole');
  let wholeEnd = -1;
  if (whole !== undefined) {
    if (whole.parsed !== undefined) {
      const after = whole.parsed.textSetAsideFrom();
      readings = [whole, ...readings.filter((r) => after >= 0 && r.candidate.start >= after)];
      if (readings.length > 1) wholeEnd = trimEnd(text, 0, after);
    } else if (readings.length > 1) readings = readings.filter((r) => r !== whole);
  }
  const firstOk = readings.find((r) => r.parsed !== undefined);
  if (firstOk === undefined) throw publicError(readings[0].failure, text);
  readings.sort((a, b) => a.candidate.start - b.candidate.start);
  const entries: ParseAllEntry[] = [];
  const all: TextRepair[] = [];
  for (const r of readings) {
    const { start, end, source } = r.candidate;
    if (r.parsed !== undefined) {
      const repairs = r.parsed.unpositionedRepairs();
      for (const x of repairs) all.push(x);
      entries.push({ ok: true, value: r.parsed.value, repairs, start: r.parsed.start, end: r === whole && wholeEnd >= 0 ? wholeEnd : r.parsed.end, source });
    } else {
      entries.push(unparsed(r.failure, text, start, end, source));
    }
  }
  // Line and column of every value's repairs in one pass over the text, not one pass per value.
  const ordered = withPositions(all, text);
  for (const e of entries) if (e.ok && e.repairs.length > 1) e.repairs.sort((a, b) => a.offset - b.offset);
  if (options.onRepair && ordered.length > 0) options.onRepair(ordered);
  return entries;
}

/** The error is built only when read: its line and column are counted from the start of the text. */
function unparsed(failure: unknown, text: string, start: number, end: number, source: CandidateSource): UnparsedCandidate {
  let error: JsonMendError | undefined;
  return {
    ok: false,
    get error(): JsonMendError {
      return (error ??= publicError(failure, text));
    },
    start,
    end,
    source,
  };
}
