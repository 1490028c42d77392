// Anthropic Messages over fetch: the schema becomes a forced tool's `input_schema`; SSE streaming.
import { envelope } from '../strict.js';
import { count, errorText, HttpTransport, joinUrl, rec } from '../http.js';
import { checkProviderOptions } from './options.js';
import type { FinishReason, HttpProviderOptions, Model, ModelReply, ModelRequest, ModelStreamPart, Usage } from '../types.js';

/** Options of {@link anthropic}. */
export interface AnthropicOptions extends HttpProviderOptions {
  /** Default `https://api.anthropic.com`; `/v1/messages` is appended. */
  baseURL?: string | undefined;
  /** Sent as `x-api-key` when given. */
  apiKey?: string | undefined;
  /** The model id. */
  model: string;
  /** `anthropic-version` header. Default `2023-06-01`. */
  version?: string | undefined;
}

/**
 * Maps `stop_reason` to a {@link FinishReason}. A turn that did not end is `length`, as a cut-off one:
 * `model_context_window_exceeded` (the context window ran out while writing) and `pause_turn` (the API paused
 * the turn to be resumed later) leave the reply incomplete, so it is never taken as a whole one.
 */
export function anthropicFinishReason(raw: unknown): FinishReason | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (raw === 'end_turn' || raw === 'tool_use' || raw === 'stop_sequence') return 'stop';
  if (raw === 'max_tokens' || raw === 'model_context_window_exceeded' || raw === 'pause_turn') return 'length';
  if (raw === 'refusal') return 'refusal';
  return 'other';
}

function usageOf(raw: unknown, into?: Usage): Usage | undefined {
  const u = rec(raw);
  if (u.input_tokens === undefined && u.output_tokens === undefined) return into;
  const inputTokens = u.input_tokens !== undefined ? count(u.input_tokens) : (into?.inputTokens ?? 0);
  const outputTokens = u.output_tokens !== undefined ? count(u.output_tokens) : (into?.outputTokens ?? 0);
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}

/** What the Messages API is sent for the conversation, and the whitespace taken off the end of a prefill. */
interface WireMessages {
  messages: Array<{ role: string; content: string }>;
  /** Trailing whitespace removed from the final assistant turn (a prefill or a continued reply); '' if none. */
  trimmed: string;
}

/**
 * The non-system messages as the Messages API accepts them. It refuses an assistant turn without text ("all
 * messages must have non-empty content except for the optional final assistant message", and text blocks must
 * hold more than whitespace) and a final assistant turn that ends in whitespace ("final assistant content cannot
 * end with trailing whitespace"). So an assistant turn with nothing but whitespace is left out (it says nothing;
 * the API merges the turns around it), and the final assistant turn loses its trailing whitespace, reported in
 * `trimmed` so the reply can be read as going on from the untrimmed text (see {@link dropRewritten}).
 */
function wireMessages(all: ModelRequest['messages']): WireMessages {
  const messages = all
    .filter((m) => m.role !== 'system' && !(m.role === 'assistant' && m.content.trim() === ''))
    .map((m) => ({ role: m.role, content: m.content }));
  let trimmed = '';
  const lastIn = all[all.length - 1];
  if (lastIn?.role === 'assistant') {
    const kept = lastIn.content.trimEnd();
    trimmed = lastIn.content.slice(kept.length);
    const last = messages[messages.length - 1];
    if (kept !== '' && last?.role === 'assistant') last.content = kept;
  }
  return { messages, trimmed };
}

/**
 * The model goes on from the trimmed prefill and often writes the whitespace we took off again (`"hello` +
 * ` world"` after `"hello ` was sent as `"hello`). The loop joins the reply to the untrimmed text, so what the
 * reply rewrites of that whitespace is dropped from its start; `pending` is what may still be rewritten.
 */
function dropRewritten(text: string, state: { pending: string }): string {
  let i = 0;
  while (i < text.length && i < state.pending.length && text[i] === state.pending[i]) i++;
  state.pending = i === text.length ? state.pending.slice(i) : '';
  return text.slice(i);
}

/**
 * The tool calls of a reply that are not the reply: with a schema, every `tool_use` block whose name is not the
 * tool the request forced (`schemaName`); without one, every `tool_use` block (no tool was offered). Their input
 * is never the value: a model (or a server that does not enforce `tool_choice`) that calls a tool of its own
 * invention is not answering. When nothing else came, the turn holds no reply: `PROVIDER_ERROR`, the names in
 * `bodyExcerpt` (they are the model's words, kept out of the message).
 */
function noReplyButCalls(http: HttpTransport, status: number, names: readonly unknown[]): Error {
  const listed = names.map((n) => JSON.stringify(typeof n === 'string' ? n : String(n))).join(', ');
  return http.wireError(status, `tool_use of ${listed}`, 'answered with a call of a tool it was not asked for, and no reply');
}

/**
 * A model behind Anthropic's Messages API. With a schema, the request carries one tool whose `input_schema` is
 * the schema (a non-object root wrapped in `{ value }`) and `tool_choice` forces it; the reply text is the tool
 * input as JSON. Without a schema, the text blocks are the reply.
 */
export function anthropic(options: AnthropicOptions): Model {
  options = checkProviderOptions<AnthropicOptions>('anthropic', options, {
    baseURL: 'string', model: 'required-string', apiKey: 'string', version: 'string',
  });
  const headers: Record<string, string> = { 'anthropic-version': options.version ?? '2023-06-01', ...options.headers };
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  const http = new HttpTransport(joinUrl(options.baseURL ?? 'https://api.anthropic.com', 'v1/messages'), {
    fetch: options.fetch, headers, secrets: [options.apiKey], maxResponseBytes: options.maxResponseBytes,
  });
  const maxTokens = options.maxTokens ?? 4096;

  function body(
    request: ModelRequest,
    stream: boolean,
  ): { body: Record<string, unknown>; trimmed: string; unwrap?: (v: unknown) => unknown; unwrapPartial?: (v: unknown) => unknown } {
    const system = request.messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n\n');
    const { messages, trimmed } = wireMessages(request.messages);
    const out: Record<string, unknown> = {
      model: options.model,
      max_tokens: request.maxTokens ?? maxTokens,
      messages,
    };
    if (system) out.system = system;
    if (options.temperature !== undefined) out.temperature = options.temperature;
    if (stream) out.stream = true;
    if (!request.jsonSchema) return { body: out, trimmed };
    const { schema, unwrap, unwrapPartial } = envelope(request.jsonSchema);
    out.tools = [{ name: request.schemaName, description: 'Reply with the requested structured output.', input_schema: schema }];
    out.tool_choice = { type: 'tool', name: request.schemaName };
    return schema === request.jsonSchema ? { body: out, trimmed } : { body: out, trimmed, unwrap, unwrapPartial };
  }

  return {
    name: `anthropic:${options.model}`,
    nativeSchema: true,
    maxTokens,
    // Assistant prefill continues a text turn; a forced tool's input cannot be prefilled.
    canContinue: (request) => request.jsonSchema === undefined,

    async generate(request) {
      const { body: payload, trimmed, unwrap } = body(request, false);
      const response = await http.post(payload, request.signal);
      const json = rec(await http.readJson(response, request.signal));
      if (json.type === 'error') throw http.wireError(response.status, errorText(json.error));
      // No content is no reply: a server fault, not an empty answer to retry as the model's.
      if (!Array.isArray(json.content)) throw http.error('answered without content');
      const blocks = json.content.map(rec);
      const calls = blocks.filter((b) => b.type === 'tool_use');
      // Only the forced tool's input is the reply (joined, as the stream joins them, when it was called twice).
      const ours = request.jsonSchema ? calls.filter((b) => b.name === request.schemaName) : [];
      const text = blocks.filter((b) => b.type === 'text' && typeof b.text === 'string').map((b) => b.text as string).join('');
      const reason = anthropicFinishReason(json.stop_reason);
      if (ours.length === 0 && calls.length > 0 && text.trim() === '' && reason !== 'refusal') {
        throw noReplyButCalls(http, response.status, calls.map((b) => b.name));
      }
      const tool = ours.length > 0;
      const reply: ModelReply = {
        text: tool ? ours.map((b) => JSON.stringify(b.input ?? null)).join('') : dropRewritten(text, { pending: trimmed }),
      };
      if (typeof json.stop_reason === 'string') reply.rawFinishReason = json.stop_reason;
      if (reason) reply.finishReason = reason;
      if (reason === 'refusal') reply.refusal = text || 'the model refused';
      const usage = usageOf(json.usage);
      if (usage) reply.usage = usage;
      if (unwrap && tool) reply.restore = unwrap;
      return reply;
    },

    async *stream(request): AsyncGenerator<ModelStreamPart> {
      const { body: payload, trimmed, unwrap, unwrapPartial } = body(request, true);
      const rewritten = { pending: trimmed };
      const response = await http.post(payload, request.signal);
      yield unwrapPartial ? { type: 'start', restorePartial: unwrapPartial } : { type: 'start' };
      const final: Omit<ModelReply, 'text'> = {};
      let sawTool = false;
      // The content blocks that are the forced tool's input, and the names of the other tools called.
      const ourBlocks = new Set<unknown>();
      const otherCalls: unknown[] = [];
      // The block that started last, for servers that leave `index` out of deltas; and how many blocks started, the
      // index of the next one for servers that leave it out of content_block_start too (else every block's would be
      // undefined, and once the forced tool started, another tool's input would be taken for the reply's).
      let block: unknown;
      let started = 0;
      let text = '';
      let stopped = false;
      for await (const event of http.readSse(response, request.signal)) {
        const json = rec(http.parseWireJson(event.data));
        const type = json.type ?? event.event;
        if (type === 'error') throw http.wireError(response.status, errorText(json.error));
        if (type === 'message_start') {
          const usage = usageOf(rec(json.message).usage);
          if (usage) final.usage = usage;
        } else if (type === 'content_block_start') {
          block = json.index ?? started;
          started++;
          const content = rec(json.content_block);
          if (content.type !== 'tool_use') continue;
          if (request.jsonSchema && content.name === request.schemaName) {
            sawTool = true;
            ourBlocks.add(block);
          } else otherCalls.push(content.name);
        } else if (type === 'content_block_delta') {
          const delta = rec(json.delta);
          // With a forced tool, only its input is the reply; text blocks are commentary, other tools' inputs no reply.
          if (
            delta.type === 'input_json_delta' && typeof delta.partial_json === 'string' && delta.partial_json &&
            ourBlocks.has(json.index ?? block)
          ) {
            yield { type: 'delta', text: delta.partial_json };
          } else if (delta.type === 'text_delta' && typeof delta.text === 'string') {
            text += delta.text;
            if (!request.jsonSchema) {
              const piece = dropRewritten(delta.text, rewritten);
              if (piece) yield { type: 'delta', text: piece };
            }
          }
        } else if (type === 'message_delta') {
          const stop = rec(json.delta).stop_reason;
          if (typeof stop === 'string') {
            final.rawFinishReason = stop;
            const reason = anthropicFinishReason(stop);
            if (reason) final.finishReason = reason;
          }
          const usage = usageOf(json.usage, final.usage);
          if (usage) final.usage = usage;
        } else if (type === 'message_stop') {
          stopped = true;
          break;
        }
      }
      // Without `message_stop` the connection was cut: the tool input may look whole and not be.
      if (!stopped) throw http.error('the stream ended early (no message_stop)');
      if (!sawTool && otherCalls.length > 0 && text.trim() === '' && final.finishReason !== 'refusal') {
        throw noReplyButCalls(http, response.status, otherCalls);
      }
      if (final.finishReason === 'refusal') final.refusal = text || 'the model refused';
      if (request.jsonSchema && !sawTool && text) yield { type: 'delta', text }; // the model answered in prose
      if (unwrap && sawTool) final.restore = unwrap;
      yield { type: 'finish', reply: final };
    },
  };
}
