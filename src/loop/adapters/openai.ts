// OpenAI SDK helpers: tool-call arguments and message content, read with jsonmend.
// Imported from `jsonmend/openai`; uses structural types only, so `openai` is never loaded by jsonmend.
import { rereadClosersLeftOut } from '../../parse/closers-at-end.js';
import { JsonMendError, describeType } from '../../errors.js';
import { parseWithReport } from '../../schema/index.js';
import { refuseCutOff } from '../../schema/stage.js';
import type { SchemaLike } from '../../schema/types.js';
import type { OutputOf } from '../generate.js';
import { parseToolArguments, type ToolArgumentsOptions } from '../../tools/arguments.js';
import { toolCallsFromText } from '../../tools/recover.js';

/** A Chat Completions function tool call (`message.tool_calls[i]`), structurally. */
export interface ChatToolCallLike {
  id?: string | undefined;
  type?: string | undefined;
  function: { name: string; arguments: string };
}

/**
 * A Chat Completions custom tool call (`type: "custom"`, the SDK's `ChatCompletionMessageCustomToolCall`): its
 * free-form `input` is read as the arguments text.
 */
export interface ChatCustomToolCallLike {
  id?: string | undefined;
  type: 'custom';
  custom: { name: string; input: string };
}

/** A Responses API function call output item (`type: "function_call"`), structurally. */
export interface ResponsesFunctionCallLike {
  type: 'function_call';
  name: string;
  arguments: string;
  call_id?: string | undefined;
  id?: string | undefined;
}

/** Any kind of OpenAI tool call: the SDK's `ChatCompletionMessageToolCall` union and a Responses `function_call`. */
export type OpenAIToolCallLike = ChatToolCallLike | ChatCustomToolCallLike | ResponsesFunctionCallLike;

function argumentsOf(toolCall: OpenAIToolCallLike): { name: string; text: string; id: string | undefined } {
  if (toolCall && typeof toolCall === 'object') {
    if ('function' in toolCall && toolCall.function && typeof toolCall.function.arguments === 'string') {
      return { name: toolCall.function.name, text: toolCall.function.arguments, id: toolCall.id };
    }
    if ('custom' in toolCall && toolCall.custom && typeof toolCall.custom.input === 'string') {
      return { name: toolCall.custom.name, text: toolCall.custom.input, id: toolCall.id };
    }
    if ('arguments' in toolCall && typeof toolCall.arguments === 'string') {
      return { name: toolCall.name, text: toolCall.arguments, id: toolCall.call_id ?? toolCall.id };
    }
  }
  throw new JsonMendError('INVALID_ARGUMENT', `expected an OpenAI tool call with string arguments, got ${describeType(toolCall)}`);
}

/**
 * The arguments of one OpenAI tool call, repaired and validated against `schema`
 * (`tool_calls[i].function.arguments`, a custom tool call's `custom.input`, or a Responses `function_call`'s
 * `arguments`). Accepts the SDK's own `ChatCompletionMessageToolCall` union as it is.
 * Throws `JsonMendError` / `SchemaError` when they cannot be read.
 */
export function parseToolCallArguments<S extends SchemaLike | undefined = undefined, T = OutputOf<S>>(
  toolCall: OpenAIToolCallLike,
  schema?: S,
  options?: ToolArgumentsOptions,
): T {
  return parseToolArguments<S, T>(argumentsOf(toolCall).text, schema, options);
}

/** One parsed tool call. */
export interface ParsedToolCall {
  id: string | undefined;
  name: string;
  arguments: unknown;
}

/** Options of {@link parseToolCalls}. */
export interface ParseToolCallsOptions extends ToolArgumentsOptions {
  /**
   * When the message has no `tool_calls`, look for calls the model wrote into `content` as text
   * (`<tool_call>`, `[TOOL_CALLS]`, harmony, DeepSeek, bare JSON, … — see docs/tools.md). Default `false`.
   */
  recoverFromText?: boolean | undefined;
}

/**
 * Every tool call of an assistant message, each validated against the schema registered for its name.
 * A call to a tool without a schema is `INVALID_ARGUMENT` (the model named a tool that does not exist);
 * with `recoverFromText`, a call written in the text to such a tool is `SCHEMA_MISMATCH`.
 */
export function parseToolCalls(
  message: { tool_calls?: readonly OpenAIToolCallLike[] | null | undefined; content?: string | null | undefined },
  schemas: Record<string, SchemaLike>,
  options?: ParseToolCallsOptions,
): ParsedToolCall[] {
  const calls = message?.tool_calls ?? [];
  if (calls.length === 0 && options?.recoverFromText) return toolCallsFromText(message?.content, schemas, options);
  return calls.map((call) => {
    const { name, text, id } = argumentsOf(call);
    if (!Object.prototype.hasOwnProperty.call(schemas, name)) {
      throw new JsonMendError('INVALID_ARGUMENT', `the model called "${name}", a tool with no schema`);
    }
    return { id, name, arguments: parseToolArguments(text, schemas[name], options) };
  });
}

/** A Chat Completions choice, structurally. */
export interface ChatChoiceLike {
  finish_reason?: string | null | undefined;
  message: { content?: string | null | undefined; refusal?: string | null | undefined };
}

/** Options of {@link parseChoiceContent}. */
export interface ChoiceContentOptions extends ToolArgumentsOptions {
  /** Accept a reply cut off (`finish_reason: "length"`, or a value the parser found cut off) when it can be repaired. Default `false`. */
  acceptTruncated?: boolean | undefined;
}

/**
 * The structured value of a Chat Completions choice's `message.content`. A refusal is `NO_JSON`; a reply cut off
 * by the token limit is `UNREPAIRABLE` unless `acceptTruncated`.
 */
export function parseChoiceContent<S extends SchemaLike | undefined = undefined, T = OutputOf<S>>(
  choice: ChatChoiceLike,
  schema?: S,
  options: ChoiceContentOptions = {},
): T {
  const message = choice?.message;
  if (!message || typeof message !== 'object') throw new JsonMendError('INVALID_ARGUMENT', 'expected a choice with a message');
  if (typeof message.refusal === 'string' && message.refusal) {
    // The refusal's words stay in `choice.message.refusal`: messages reach logs, as the loop's refusal error's does.
    throw new JsonMendError('NO_JSON', `the model refused (${message.refusal.length} characters of refusal text in message.refusal)`);
  }
  if (choice.finish_reason === 'length' && !options.acceptTruncated) {
    throw new JsonMendError('UNREPAIRABLE', 'the reply was cut off by the output-token limit (finish_reason "length")');
  }
  // A content filter stops a reply anywhere, as the limit does (`12` may be what is left of `1234`).
  if (choice.finish_reason === 'content_filter' && !options.acceptTruncated) {
    throw new JsonMendError('UNREPAIRABLE', 'the reply was cut off by the content filter (finish_reason "content_filter")');
  }
  const text = message.content ?? '';
  try {
    const read = parseWithReport(text, { ...options, schema });
    // Without a schema a cut-off value is refused too, as generate() judges a reply.
    if (schema === undefined) refuseCutOff(text, read.repairs, options.acceptTruncated);
    return read.value as T;
  } catch (refused) {
    // A reply the model ended itself, whole but for its closers: left out, not cut off (as generate() reads it).
    const read = rereadClosersLeftOut(choice.finish_reason === 'stop', options.acceptTruncated, refused, () =>
      parseWithReport(text, { ...options, onRepair: undefined, schema, acceptTruncated: true }),
    );
    if (read === undefined) throw refused;
    options.onRepair?.(read.repairs);
    return read.value as T;
  }
}
