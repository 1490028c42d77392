// Turns public ParseOptions into engine settings, and engine failures into public errors.
import { JsonMendError, describeType } from '../errors.js';
import { EngineFailure, type EngineOptions } from './engine.js';
import { GUESSING_REPAIRS } from './kind-flags.js';
import type { ParseOptions, TextRepair, TextRepairKind } from './types.js';

/** Default of {@link ParseOptions.maxLength}: 100 million UTF-16 code units. */
export const DEFAULT_MAX_LENGTH = 100_000_000;

/** Repairs that guess at what the writer meant; `strict: true` refuses these (derived from the kinds table). */
export { GUESSING_REPAIRS };

/** The refusals of a call that refuses nothing (shared, never changed). */
const NO_REFUSALS: ReadonlySet<TextRepairKind> = new Set();

/** `quiet`: nobody will read the repairs (parse without onRepair), so none are recorded. */
export function engineOptions(options: ParseOptions, wantEdits: boolean, quiet = false): EngineOptions {
  validateParseOptions(options);
  // Most calls refuse nothing: they share one empty set rather than each making one.
  const refused = options.disable === undefined && options.strict !== true ? NO_REFUSALS : new Set<TextRepairKind>(options.disable);
  if (options.strict) for (const kind of GUESSING_REPAIRS) (refused as Set<TextRepairKind>).add(kind);
  const maxDepth = options.maxDepth ?? Infinity;
  if (!(maxDepth >= 1)) throw new JsonMendError('INVALID_ARGUMENT', `maxDepth must be a positive number, got ${String(options.maxDepth)}`);
  return { maxDepth, refused, wantEdits, quiet };
}

function invalidOption(what: string, value: unknown): never {
  throw new JsonMendError('INVALID_ARGUMENT', `${what}, got ${typeof value === 'number' ? String(value) : describeType(value)}`);
}

/**
 * Throws `INVALID_ARGUMENT` for parse options of the wrong type or out of range — a `NaN` or negative
 * limit would otherwise switch the limit off without a word. Options it does not know are left alone.
 */
export function validateParseOptions(options: ParseOptions): void {
  if (typeof options !== 'object' || options === null) invalidOption('options must be an object', options);
  const { strict, disable, maxDepth, maxLength, onRepair } = options;
  if (strict !== undefined && typeof strict !== 'boolean') invalidOption('strict must be a boolean', strict);
  if (disable !== undefined && !Array.isArray(disable)) invalidOption('disable must be an array of repair kinds', disable);
  if (maxDepth !== undefined && !(typeof maxDepth === 'number' && maxDepth >= 1)) invalidOption('maxDepth must be a number of at least 1', maxDepth);
  if (maxLength !== undefined && !(typeof maxLength === 'number' && maxLength >= 0)) invalidOption('maxLength must be a non-negative number', maxLength);
  if (onRepair !== undefined && typeof onRepair !== 'function') invalidOption('onRepair must be a function', onRepair);
}

/** Checks the options, then throws TOO_LARGE when the text is longer than the caller allows. */
export function checkLength(text: string, options: ParseOptions): void {
  validateParseOptions(options);
  const max = options.maxLength ?? DEFAULT_MAX_LENGTH;
  if (text.length > max) {
    throw new JsonMendError('TOO_LARGE', `the text is ${text.length} characters long, more than maxLength (${max})`);
  }
}

/** The public error for an engine failure, with line, column and excerpt taken from `text`. */
export function toPublicError(failure: EngineFailure, text: string): JsonMendError {
  const refusal = failure.refusedKind === undefined ? undefined : { reason: 'disabled_repair' as const, kind: failure.refusedKind };
  return new JsonMendError(failure.code, failure.reason, { offset: failure.offset, text, refusal });
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
