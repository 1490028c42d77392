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

/** What arguments meet when no schema is given: an object, as every provider's API sends them. */
const AN_OBJECT = { type: 'object' } as const;

/**
 * Parses tool-call arguments (`tool_calls[i].function.arguments`, an AI SDK tool call's `input`, …) and
 * validates them against `schema`, repairing what the schema allows. Without a schema they must be an
 * object, as every provider sends them: `"foo"` or `[1]` is a `SchemaError`, and of objects written
 * one after another (`{}{"city": "Paris"}`, a stream's stub then the arguments) the one that says
 * something is taken (`pick_concatenated_value`; two that differ are refused). Blank arguments — what
 * OpenAI-style APIs send for a call without arguments — are read as `{}` and then validated like any
 * other value, so a schema with required properties still rejects them. Arguments cut off before they
 * end (`{"command": "rm -rf /tmp/bu`) are refused (`REPAIR_REFUSED`): a tool run with them would run on
 * what was left of them. `acceptTruncated: true` takes them. Throws `JsonMendError` / `SchemaError`.
 */
export function parseToolArguments<S extends SchemaLike | undefined = undefined, T = OutputOf<S>>(
  argumentsText: string,
  schema?: S,
  options: ToolArgumentsOptions = {},
): T {
  return readToolArguments(argumentsText, { ...options, schema: schema ?? AN_OBJECT }) as T;
}

/**
 * Tool-call arguments read by the tolerant parser (blank ones as `{}`), validated only when `options`
 * carry a schema: without one a cut-off value is taken, for the tool-call readers, which name a cut-off
 * call themselves. @internal
 */
export function readToolArguments(argumentsText: string, options: ToolArgumentsOptions & { schema?: SchemaLike }): unknown {
  assertText(argumentsText, 'argumentsText');
  return parseWithReport(argumentsText.trim() === '' ? '{}' : argumentsText, options).value;
}
