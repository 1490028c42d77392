// TEMPORARY STUB — the real engine replaces this file's body, keeping its exports and types.
import { JsonMendError } from '../errors.js';
import type { ParseOptions, TextRepair } from './types.js';

/** One JSON value found and parsed in a text. */
export interface ParsedCandidate {
  value: unknown;
  repairs: TextRepair[];
  /** Where the value's text starts and ends in the input. */
  start: number;
  end: number;
}

/**
 * Every candidate in the text that parses (after repair), best first, lazily. Throws the error of the
 * most promising candidate (`NO_JSON` when there was none) if not one of them parses.
 */
export function* parseCandidates(text: string, _options: ParseOptions = {}): Generator<ParsedCandidate, void, undefined> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new JsonMendError('NO_JSON', 'no JSON value found in the text');
  }
  yield { value, repairs: [], start: 0, end: text.length };
}
