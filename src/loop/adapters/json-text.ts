// The JSON text an adapter hands on. JSON.stringify recurses, so a value nested some thousands of levels
// deep (which the engine reads, its stack being its own) makes it throw RangeError; the engine's own
// writer has no recursion, and writes those.
import { writeJson } from '../../parse/write-json.js';

/** Compact JSON text of a parsed value; undefined only for what JSON.stringify leaves out (`undefined`). */
export function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return writeJson(value);
  }
}
