// Turns public ParseOptions into engine settings, and engine failures into public errors.
import { JsonMendError } from '../errors.js';
import { EngineFailure, type EngineOptions, type RawRepair } from './engine.js';
import type { ParseOptions, TextRepair, TextRepairKind } from './types.js';

/** Default of {@link ParseOptions.maxLength}: 100 million UTF-16 code units. */
export const DEFAULT_MAX_LENGTH = 100_000_000;

/**
 * Repairs that guess at what the writer meant rather than fix an unambiguous slip; `strict: true`
 * refuses these.
 */
export const GUESSING_REPAIRS: readonly TextRepairKind[] = Object.freeze([
  'truncated', 'missing_comma', 'missing_colon', 'missing_value', 'mismatched_closer', 'extra_closer',
  'unquoted_string', 'unescaped_quote', 'missing_end_quote', 'invalid_escape', 'escaped_json',
  'non_finite_number', 'ellipsis', 'concatenated_values', 'reasoning_block',
] as const);

export function engineOptions(options: ParseOptions, wantEdits: boolean): EngineOptions {
  const refused = new Set<TextRepairKind>(options.disable ?? []);
  if (options.strict) for (const kind of GUESSING_REPAIRS) refused.add(kind);
  const maxDepth = options.maxDepth ?? Infinity;
  if (!(maxDepth >= 1)) throw new JsonMendError('INVALID_ARGUMENT', `maxDepth must be a positive number, got ${String(options.maxDepth)}`);
  return { maxDepth, refused, wantEdits };
}

/** Throws TOO_LARGE when the text is longer than the caller allows. */
export function checkLength(text: string, options: ParseOptions): void {
  const max = options.maxLength ?? DEFAULT_MAX_LENGTH;
  if (text.length > max) {
    throw new JsonMendError('TOO_LARGE', `the text is ${text.length} characters long, more than maxLength (${max})`);
  }
}

/** The public error for an engine failure, with line, column and excerpt taken from `text`. */
export function toPublicError(failure: EngineFailure, text: string): JsonMendError {
  return new JsonMendError(failure.code, failure.reason, { offset: failure.offset, text });
}

/** Re-throws engine failures as public errors; anything else unexpected becomes UNREPAIRABLE, never a bare Error. */
export function publicError(error: unknown, text: string): JsonMendError {
  if (error instanceof JsonMendError) return error;
  if (error instanceof EngineFailure) return toPublicError(error, text);
  if (error instanceof RangeError) {
    return new JsonMendError('TOO_DEEP', 'the text is nested too deeply to process', { cause: error });
  }
  return new JsonMendError('UNREPAIRABLE', `the parser failed unexpectedly: ${String(error)}`, { cause: error });
}

/** Attaches 1-based line and column to repairs, in one pass over the text (repairs are mostly in order). */
export function withPositions(raw: readonly RawRepair[], text: string): TextRepair[] {
  const sorted = raw.map((r, i) => ({ r, i })).sort((a, b) => a.r.offset - b.r.offset || a.i - b.i);
  const out: TextRepair[] = [];
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  for (const { r } of sorted) {
    const target = Math.min(r.offset, text.length);
    for (let nl = text.indexOf('\n', scanned); nl !== -1 && nl < target; nl = text.indexOf('\n', nl + 1)) {
      line++;
      lineStart = nl + 1;
    }
    scanned = Math.max(scanned, target);
    out.push({ kind: r.kind, offset: r.offset, line, column: target - lineStart + 1, detail: r.detail });
  }
  return out;
}
