// Tool-call arguments from any SDK: a JSON text the model wrote, repaired and checked against the tool's schema.
import { assertText } from '../errors.js';
import { parseWithReport } from '../schema/index.js';
import type { Repair, SchemaLike } from '../schema/types.js';
import { truncatedReplyError } from '../schema/stage.js';
import { isCutOffRepair } from '../parse/kind-flags.js';
import type { TextRepairKind } from '../parse/types.js';
import type { LoopParseOptions } from './parse-reply.js';
import type { OutputOf } from './generate.js';

/** Options of {@link parseToolArguments}. */
export interface ToolArgumentsOptions extends LoopParseOptions {
  /** Called once with every repair (text and schema), only when one fired. */
  onRepair?: (repairs: readonly Repair[]) => void;
}

/**
 * Parses tool-call arguments (`tool_calls[i].function.arguments`, an AI SDK tool call's `input`, …) and
 * validates them against `schema`, repairing what the schema allows. Blank arguments — what OpenAI-style APIs
 * send for a call without arguments — are read as `{}` and then validated like any other value, so a schema
 * with required properties still rejects them. Arguments cut off before they end (`{"command": "rm -rf /tmp/bu`)
 * are refused with or without a schema (`REPAIR_REFUSED`): a tool run with them would run on what was left
 * of them. `acceptTruncated: true` takes them. Throws `JsonMendError` / `SchemaError`.
 */
export function parseToolArguments<S extends SchemaLike | undefined = undefined, T = OutputOf<S>>(
  argumentsText: string,
  schema?: S,
  options: ToolArgumentsOptions = {},
): T {
  assertText(argumentsText, 'argumentsText');
  if (schema !== undefined) return parseWithReport(argumentsText.trim() === '' ? '{}' : argumentsText, { ...options, schema }).value as T;
  const { acceptTruncated, ...rest } = options;
  let repairs: readonly Repair[] = [];
  const value = readToolArguments(argumentsText, { ...rest, onRepair: (r) => (repairs = r) });
  if (acceptTruncated !== true && repairs.some((r) => isCutOffRepair(r.kind as TextRepairKind))) throw truncatedReplyError(argumentsText, repairs);
  if (repairs.length > 0) rest.onRepair?.(repairs);
  return value as T;
}

/**
 * Tool-call arguments read by the tolerant parser alone (blank ones as `{}`), a cut-off value taken: for
 * the tool-call readers, which name a cut-off call themselves. @internal
 */
export function readToolArguments(argumentsText: string, options: ToolArgumentsOptions): unknown {
  assertText(argumentsText, 'argumentsText');
  return parseWithReport(argumentsText.trim() === '' ? '{}' : argumentsText, options).value;
}
