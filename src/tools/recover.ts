// Where users meet tool-call recovery: the OpenAI adapter's `parseToolCalls`, the AI SDK middleware and
// `generate()` call these (each behind an option that is off by default) when a response carries no
// native tool call but its text may hold one. Structural types only: no SDK is loaded.
import { JsonMendError } from '../errors.js';
import type { Repair, SchemaLike } from '../schema/types.js';
import { linesOf, toolContext } from './context.js';
import { assemble, extractToolCalls } from './extract-tool-calls.js';
import { scanToolCalls } from '../extract/tool-calls/index.js';
import { sameJson } from '../same-json.js';
import type { ParserSettings, ToolCall } from './types.js';

/** A call recovered for the OpenAI adapter, shaped like its `ParsedToolCall`. */
export interface RecoveredToolCall {
  id: string | undefined;
  name: string;
  arguments: unknown;
}

/**
 * The tool calls written in an assistant message's text, each validated against the schema registered
 * for its name (`schemas`, as `parseToolCalls` takes them). `onRepair` is called per call that needed repairs.
 * @throws what {@link extractToolCalls} throws (an unknown tool is `SCHEMA_MISMATCH`, naming the tools)
 */
export function toolCallsFromText(
  content: string | null | undefined, schemas: Record<string, SchemaLike>,
  options: ParserSettings & { onRepair?: (repairs: readonly Repair[]) => void } = {},
): RecoveredToolCall[] {
  const tools = Object.keys(schemas ?? {}).map((name) => ({ name, schema: schemas[name] }));
  const { onRepair, ...settings } = options;
  return extractToolCalls(content ?? '', { ...settings, tools }).calls.map((call) => {
    if (onRepair && call.repairs.length > 0) onRepair(call.repairs);
    return { id: call.id, name: call.name, arguments: call.arguments };
  });
}

/**
 * The arguments (as JSON text) of the call to the tool `name` written in `text`, in any known format;
 * `undefined` when the text holds no call to it. Calls to other tools are ignored: this finds the
 * structured-output tool `generate()` asked for, in a reply that wrote it as text. The same call written
 * more than once (the same arguments, in any key order) is one call.
 * @throws JsonMendError when the call to `name` is there but cannot be read (cut off, invalid arguments);
 *   `REPAIR_REFUSED` when it is written more than once with different arguments
 */
export function toolCallArgumentsText(text: string, name: string): string | undefined {
  if (typeof text !== 'string' || !text.includes(name)) return undefined;
  const ctx = { ...toolContext({ tools: [{ name }] }, linesOf(text)), reply: () => text };
  const scan = scanToolCalls(text);
  const mine = scan.spans.filter((s) => s.name === undefined || s.name === name);
  let calls: ToolCall[];
  try {
    calls = assemble(text, { ...scan, spans: mine }, ctx).calls;
  } catch (error) {
    // Another tool named in a call-object body, or in bare JSON: not the call looked for.
    if (error instanceof JsonMendError && error.code === 'SCHEMA_MISMATCH' && error.path === '/name') return undefined;
    throw error;
  }
  const ofName = calls.filter((c) => c.name === name);
  if (ofName.length === 0) return undefined;
  const other = ofName.findIndex((c) => !sameJson(c.arguments, ofName[0]!.arguments));
  if (other > 0) {
    throw new SeveralCallsError(
      `the reply calls the tool "${name}" ${ofName.length} times, and calls 1 and ${other + 1} have different arguments: which one is meant is a guess`,
    );
  }
  return JSON.stringify(ofName[0]!.arguments);
}

/** The structured-output tool called more than once with different arguments (`REPAIR_REFUSED`). */
class SeveralCallsError extends JsonMendError {
  constructor(message: string) {
    super('REPAIR_REFUSED', message, { refusal: { reason: 'ambiguous' } });
  }
}

/** The parts of an AI SDK (LanguageModelV3) generate result the middleware reads and rewrites. */
export interface GenerateResultLike {
  content: ReadonlyArray<{ type: string }>;
  finishReason: { unified: string; raw: string | undefined };
}

/** The parts of the AI SDK's call options the middleware reads: the function tools offered. */
export interface CallOptionsLike {
  tools?: ReadonlyArray<{ type: string; name?: string | undefined; inputSchema?: unknown }> | undefined;
}

/** An AI SDK `LanguageModelV3Middleware` (structurally): only `wrapGenerate`. */
export interface ToolCallRecoveryMiddleware {
  readonly specificationVersion: 'v3';
  wrapGenerate<R extends GenerateResultLike>(options: { doGenerate: () => PromiseLike<R>; params: CallOptionsLike }): Promise<R>;
}

/** Options of {@link createToolCallRecovery}. */
export type ToolCallRecoveryOptions = ParserSettings;

function textOf(part: { type: string }): string {
  const text = (part as { text?: unknown }).text;
  return part.type === 'text' && typeof text === 'string' ? text : '';
}

/**
 * An AI SDK middleware (`wrapLanguageModel({ model, middleware: createToolCallRecovery() })`): when a
 * generate result has no tool-call part but its text holds calls to the offered tools (a model served
 * without a tool parser), the calls become tool-call parts with repaired, schema-valid input, the text
 * keeps the rest, and the finish reason becomes `tool-calls`. Results with native tool calls pass unchanged.
 * @throws JsonMendError when the text holds a call that cannot be read (unknown tool, cut off, invalid)
 */
export function createToolCallRecovery(options: ToolCallRecoveryOptions = {}): ToolCallRecoveryMiddleware {
  return {
    specificationVersion: 'v3',
    async wrapGenerate<R extends GenerateResultLike>({ doGenerate, params }: { doGenerate: () => PromiseLike<R>; params: CallOptionsLike }): Promise<R> {
      const result = await doGenerate();
      const offered = (params?.tools ?? []).filter((t): t is { type: string; name: string; inputSchema?: unknown } => t.type === 'function' && typeof t.name === 'string');
      if (offered.length === 0 || result.content.some((part) => part.type === 'tool-call')) return result;
      const text = result.content.map(textOf).join('');
      const tools = offered.map((t) => ({ name: t.name, schema: (t.inputSchema ?? undefined) as SchemaLike | undefined }));
      const found = extractToolCalls(text, { ...options, tools });
      if (found.calls.length === 0) return result;
      const others = result.content.filter((p) => p.type !== 'text');
      const calls = found.calls.map((call, i) => ({
        type: 'tool-call', toolCallId: call.id ?? `jsonmend-call-${i}`, toolName: call.name, input: JSON.stringify(call.arguments),
      }));
      const textPart = found.text === '' ? [] : [{ type: 'text', text: found.text }];
      return { ...result, content: [...textPart, ...others, ...calls], finishReason: { unified: 'tool-calls', raw: result.finishReason?.raw } };
    },
  };
}

/**
 * For `generate({ recoverToolCall: true })`: the reply with its text replaced by the arguments of the call
 * to the structured-output tool `name` that it wrote as text; the reply unchanged when it holds none.
 * A call that is there but unreadable stays in the text, for the loop to report and retry. Calls to it
 * with different arguments are `refused`: the loop must not read the text's first value in their place.
 */
export function recoverToolCallReply<R extends { text: string }>(reply: R, name: string): { reply: R; refused?: JsonMendError } {
  let text: string | undefined;
  try {
    text = toolCallArgumentsText(reply.text, name);
  } catch (error) {
    if (error instanceof SeveralCallsError) return { reply, refused: error };
    return { reply }; // the loop's own parse of the text fails with feedback the model can act on
  }
  return { reply: text === undefined ? reply : { ...reply, text } };
}
