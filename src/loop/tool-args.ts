// Tool-call arguments from any SDK: a JSON text the model wrote, repaired and checked against the tool's schema.
import { assertText } from '../errors.js';
import { parseWithReport } from '../schema/index.js';
import type { Repair, SchemaLike } from '../schema/types.js';
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
 * with required properties still rejects them. Throws `JsonMendError` / `SchemaError`.
 */
export function parseToolArguments<S extends SchemaLike | undefined = undefined, T = OutputOf<S>>(
  argumentsText: string,
  schema?: S,
  options: ToolArgumentsOptions = {},
): T {
  assertText(argumentsText, 'argumentsText');
  const text = argumentsText.trim() === '' ? '{}' : argumentsText;
  return parseWithReport(text, { ...options, schema }).value as T;
}
