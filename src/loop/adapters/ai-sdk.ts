// Vercel AI SDK adapters: `experimental_repairText` and `experimental_repairToolCall` hooks backed by jsonmend
// (AI SDK 5 and later), and a language-model middleware for `wrapLanguageModel` (./ai-sdk-middleware.ts).
// Imported from `jsonmend/ai-sdk`; uses structural types only, so `ai` is never loaded by jsonmend.
import { JsonMendError } from '../../errors.js';
import { parseWithReport } from '../../schema/index.js';
import type { SchemaLike } from '../../schema/types.js';
import type { LoopParseOptions } from '../parse-reply.js';
import { parseToolArguments } from '../../tools/arguments.js';
import { adapterParseOptions, checkAdapterOptions, reportRepairs, type AiSdkRepairOptions } from './ai-sdk-options.js';
import { stringifyDeep } from '../../parse/write-json.js';
import type { Repair } from '../../schema/types.js';

export type { AiSdkRepairEvent, AiSdkRepairOptions, AiSdkRepairedPart } from './ai-sdk-options.js';

/** What the AI SDK passes to `experimental_repairText` (structurally). */
export interface RepairTextInput {
  text: string;
  error?: unknown;
}

/** The AI SDK's `RepairTextFunction` shape: repaired JSON text, or `null` when it cannot be repaired. */
export type RepairTextHook = (options: RepairTextInput) => Promise<string | null>;

/** Options of {@link createRepairText}. */
export interface RepairTextOptions extends AiSdkRepairOptions {
  /** Also apply the schema's repairs (`"42"` → `42`, a scalar → `[scalar]`, …) and require the value to satisfy it. */
  schema?: SchemaLike | undefined;
}

/**
 * An `experimental_repairText` hook for `generateObject`/`streamObject` (AI SDK 5 and 6; deprecated in 7, where
 * {@link jsonmendMiddleware} is the way): returns the reply as clean JSON text, or `null` when jsonmend cannot read
 * it (the SDK then throws its own error), when it was cut off (unless `acceptTruncated`), or when the text would
 * come back unchanged (repairing cannot help). `onRepair` hears of the repairs behind the text it returns
 * (`{ part: { type: 'text' }, repairs }`).
 */
export function createRepairText(options: RepairTextOptions = {}): RepairTextHook {
  checkAdapterOptions(options);
  return async ({ text }) => {
    if (typeof text !== 'string') return null;
    let out: string | undefined;
    let repairs: readonly Repair[];
    try {
      const read = parseWithReport(text, { ...adapterParseOptions(options), schema: options.schema });
      out = stringifyDeep(read.value);
      repairs = read.repairs;
    } catch (error) {
      if (error instanceof JsonMendError) return null;
      throw error;
    }
    if (out === undefined || out === text) return null;
    // Outside the try: what the caller's onRepair throws is theirs, not a reading jsonmend could not make.
    reportRepairs(options, { type: 'text' }, repairs);
    return out;
  };
}

/** {@link createRepairText} without a schema: syntax repairs only (fences, quotes, commas, truncation, …). */
export const repairText: RepairTextHook = createRepairText();

/** The parts of an AI SDK tool call the repair reads (structurally `LanguageModelV3ToolCall`). */
export interface ToolCallLike {
  toolCallId: string;
  toolName: string;
  /** JSON-encoded tool input. */
  input: string;
}

/** What the AI SDK passes to `experimental_repairToolCall` (structurally). */
export interface RepairToolCallInput<C extends ToolCallLike> {
  toolCall: C;
  /** The tool's input JSON Schema, as the SDK derives it (synchronously in AI SDK 5, a promise later). */
  inputSchema?: ((options: { toolName: string }) => unknown) | undefined;
  error?: unknown;
}

/** The AI SDK's `ToolCallRepairFunction` shape. */
export type RepairToolCallHook = <C extends ToolCallLike>(options: RepairToolCallInput<C>) => Promise<C | null>;

/** Options of {@link createRepairToolCall}. */
export interface RepairToolCallOptions extends AiSdkRepairOptions {
  /** Schemas by tool name; a tool not listed uses the JSON Schema the SDK provides through `inputSchema`. */
  schemas?: Record<string, SchemaLike> | undefined;
}

/** The SDK's error for a tool name the model made up: no input repair can fix that. */
function isNoSuchTool(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AI_NoSuchToolError';
}

/**
 * An `experimental_repairToolCall` hook (AI SDK 5 and later): re-reads the tool call's `input` with jsonmend against the tool's schema
 * and returns the tool call with repaired `input` JSON text, or `null` when it cannot (unknown tool, no schema,
 * input that does not satisfy the schema even after repair, input that was cut off unless `acceptTruncated`).
 * `onRepair` hears of the repairs behind the input it returns (`{ part: { type: 'tool-call', toolCallId, toolName }, repairs }`).
 */
export function createRepairToolCall(options: RepairToolCallOptions = {}): RepairToolCallHook {
  checkAdapterOptions(options);
  return async <C extends ToolCallLike>({ toolCall, inputSchema, error }: RepairToolCallInput<C>): Promise<C | null> => {
    if (isNoSuchTool(error) || !toolCall || typeof toolCall.input !== 'string') return null;
    const schemas = options.schemas;
    let schema: SchemaLike | undefined =
      schemas && Object.prototype.hasOwnProperty.call(schemas, toolCall.toolName) ? schemas[toolCall.toolName] : undefined;
    if (schema === undefined && inputSchema) {
      try {
        const found = await inputSchema({ toolName: toolCall.toolName });
        if (found !== null && typeof found === 'object') schema = found as SchemaLike;
      } catch {
        return null;
      }
    }
    if (schema === undefined) return null;
    let input: string | undefined;
    let repairs: readonly Repair[] = [];
    try {
      const value = parseToolArguments(toolCall.input, schema, { ...adapterParseOptions(options), onRepair: (r) => (repairs = r) });
      input = stringifyDeep(value);
    } catch (caught) {
      if (caught instanceof JsonMendError) return null;
      throw caught;
    }
    if (input === undefined || input === toolCall.input) return null;
    // Outside the try, as in createRepairText.
    reportRepairs(options, { type: 'tool-call', toolCallId: toolCall.toolCallId, toolName: toolCall.toolName }, repairs);
    return { ...toolCall, input };
  };
}

/** {@link createRepairToolCall} using the schemas the SDK provides. */
export const repairToolCall: RepairToolCallHook = createRepairToolCall();

// Off unless added: a middleware that turns tool calls written as text into tool-call parts (docs/tools.md).
export { createToolCallRecovery } from '../../tools/recover.js';
export type { ToolCallRecoveryMiddleware, ToolCallRecoveryOptions } from '../../tools/recover.js';
export { jsonmendMiddleware } from './ai-sdk-middleware.js';
export type { JsonMendMiddleware, JsonMendMiddlewareOptions } from './ai-sdk-middleware.js';
