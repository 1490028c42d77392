// The loop's one door into the parser and the schema layer: reply text → value + repairs, or a typed error.
import { JsonMendError } from '../errors.js';
import { coerceAsync, formatFeedback, parseAsync, parseWithReport, SchemaError } from '../schema/index.js';
import type { Repair, SchemaLike, SchemaParseOptions } from '../schema/types.js';
import { refuseCutOff } from '../schema/stage.js';
import type { ParseOptions } from '../parse/types.js';
import type { RepairSummary } from './events.js';
import { appendAll } from '../arrays.js';

/** Parser options the loop passes through (`onRepair` is the loop's own), and whether a cut-off value is taken. */
export type LoopParseOptions = Omit<ParseOptions, 'onRepair'> & Pick<SchemaParseOptions, 'acceptTruncated'>;

/** A parsed reply. */
export interface ParsedReply {
  value: unknown;
  repairs: Repair[];
}

/**
 * Parses `text` and validates it against `schema` (asynchronously, so Standard Schemas whose `validate` returns a
 * promise work too). With `restore` (a provider changed the shape on the wire), the text is parsed first,
 * restored, then coerced; otherwise one parse does both. Repairs are collected into `repairs` as they are made,
 * so a caller still has them when the parse or the schema then fails.
 */
export async function parseReply(
  text: string,
  schema: SchemaLike | undefined,
  options: LoopParseOptions,
  restore?: (value: unknown) => unknown,
  repairs: Repair[] = [],
): Promise<ParsedReply> {
  const onRepair = (r: readonly Repair[]): void => {
    appendAll(repairs, r);
  };
  if (!restore) {
    const value = await parseAsync(text, { ...options, schema, onRepair });
    // Without a schema a cut-off value is refused too: the reply is judged alike either way.
    if (schema === undefined) refuseCutOff(text, repairs, options.acceptTruncated);
    return { value, repairs };
  }
  const loose = parseWithReport(text, { ...options });
  appendAll(repairs, loose.repairs);
  const restored = restore(loose.value);
  // As the one parse with the schema does (SchemaParseOptions.acceptTruncated).
  refuseCutOff(text, loose.repairs, options.acceptTruncated);
  if (schema === undefined) return { value: restored, repairs };
  const value = await coerceAsync(restored, schema, { onRepair });
  return { value, repairs };
}

/** The reply's value without the schema, for `RetriesExhaustedError.lastValue`; undefined when it has none. */
export function looseValue(text: string, options: LoopParseOptions, restore?: (value: unknown) => unknown): { value: unknown } | undefined {
  try {
    const value = parseWithReport(text, { ...options }).value;
    return { value: restore ? restore(value) : value };
  } catch {
    return undefined;
  }
}

/** The short text a model can act on, for any error the parser or the schema layer throws. */
export function feedbackFor(error: JsonMendError): string {
  try {
    return formatFeedback(error);
  } catch {
    return error.message;
  }
}

/** The path of the first problem: a schema issue's path, or the error's own. */
export function errorPath(error: JsonMendError): string | undefined {
  if (error instanceof SchemaError && error.issues.length > 0) return error.issues[0]!.path;
  return error.path;
}

/** Telemetry view of repairs: kind and path (`redact`ed: keys the model wrote are `*`) or offset, never the values. */
export function summarize(repairs: readonly Repair[], redact: (path: string) => string | undefined = (path) => path): RepairSummary[] {
  return repairs.map((r) => ('path' in r ? { kind: r.kind, path: redact(r.path) ?? '' } : { kind: r.kind, offset: r.offset }));
}
