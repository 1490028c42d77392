// Turns public ParseOptions into engine settings, and engine failures into public errors.
import { JsonMendError } from '../errors.js';
import { EngineFailure, type EngineOptions } from './engine.js';
import { GUESSING_REPAIRS } from './kinds.js';
import type { ParseOptions, TextRepair, TextRepairKind } from './types.js';

/** Default of {@link ParseOptions.maxLength}: 100 million UTF-16 code units. */
export const DEFAULT_MAX_LENGTH = 100_000_000;

/** Repairs that guess at what the writer meant; `strict: true` refuses these (derived from the kinds table). */
export { GUESSING_REPAIRS };

/** `quiet`: nobody will read the repairs (parse without onRepair), so none are recorded. */
export function engineOptions(options: ParseOptions, wantEdits: boolean, quiet = false): EngineOptions {
  const refused = new Set<TextRepairKind>(options.disable ?? []);
  if (options.strict) for (const kind of GUESSING_REPAIRS) refused.add(kind);
  const maxDepth = options.maxDepth ?? Infinity;
  if (!(maxDepth >= 1)) throw new JsonMendError('INVALID_ARGUMENT', `maxDepth must be a positive number, got ${String(options.maxDepth)}`);
  return { maxDepth, refused, wantEdits, quiet };
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

/**
 * Fills in 1-based line and column of the engine's repairs, in place, in one pass over the text, and
 * returns them in offset order.
 */
export function withPositions(repairs: TextRepair[], text: string): TextRepair[] {
  let ordered = true;
  for (let i = 1; i < repairs.length && ordered; i++) ordered = repairs[i - 1].offset <= repairs[i].offset;
  // Array.prototype.sort is stable, so equal offsets keep the order they were made in.
  const sorted = ordered ? repairs : repairs.slice().sort((a, b) => a.offset - b.offset);
  let line = 1;
  let lineStart = 0;
  let nextBreak = text.indexOf('\n');
  for (const r of sorted) {
    const target = Math.min(r.offset, text.length);
    while (nextBreak !== -1 && nextBreak < target) {
      line++;
      lineStart = nextBreak + 1;
      nextBreak = text.indexOf('\n', lineStart);
    }
    r.line = line;
    r.column = target - lineStart + 1;
  }
  return sorted;
}
