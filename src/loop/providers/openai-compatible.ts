// OpenAI-compatible Chat Completions (OpenAI, vLLM, llama.cpp server, LM Studio, OpenRouter, …) over fetch.
import { count, errorText, HttpTransport, joinUrl, rec } from '../http.js';
import { checkProviderOptions } from './options.js';
import { toStrictJsonSchema, type StrictProjection } from '../strict.js';
import type { FinishReason, HttpProviderOptions, Model, ModelReply, ModelRequest, ModelStreamPart, Usage } from '../types.js';

/**
 * How the reply format is asked for.
 *
 * | value         | request                                                                 |
 * | ------------- | ----------------------------------------------------------------------- |
 * | `json_schema` | `response_format: { type: "json_schema", json_schema: { name, schema, strict } }` (default when a schema is known) |
 * | `json_object` | `response_format: { type: "json_object" }` (JSON mode; default without a schema) |
 * | `none`        | no `response_format` (servers that support neither)                     |
 */
export type OpenAIResponseFormat = 'json_schema' | 'json_object' | 'none';

/** Options of {@link openaiCompatible}. */
export interface OpenAICompatibleOptions extends HttpProviderOptions {
  /** e.g. `https://api.openai.com/v1`, `http://localhost:8000/v1`; `/chat/completions` is appended. */
  baseURL: string;
  /** Sent as `Authorization: Bearer <apiKey>` when given. */
  apiKey?: string | undefined;
  /** The model id. */
  model: string;
  /** See {@link OpenAIResponseFormat}; default `json_schema` when a schema is known, else `json_object`. */
  responseFormat?: OpenAIResponseFormat | undefined;
  /** Project the schema onto the strict subset and send `strict: true`. Default `true`. */
  strict?: boolean | undefined;
}

/** Maps `finish_reason` to a {@link FinishReason}. */
export function openaiFinishReason(raw: unknown): FinishReason | undefined {
  if (raw === null || raw === undefined) return undefined;
  if (raw === 'stop' || raw === 'tool_calls' || raw === 'function_call') return 'stop';
  if (raw === 'length') return 'length';
  if (raw === 'content_filter') return 'content_filter';
  return 'other';
}

function usageOf(raw: unknown): Usage | undefined {
  const u = rec(raw);
  if (u.prompt_tokens === undefined && u.completion_tokens === undefined) return undefined;
  const inputTokens = count(u.prompt_tokens);
  const outputTokens = count(u.completion_tokens);
  return { inputTokens, outputTokens, totalTokens: count(u.total_tokens) || inputTokens + outputTokens };
}

/**
 * The text of a message's `content`: a string, or a list of parts (Mistral's reasoning models write
 * `[{type: 'thinking', …}, {type: 'text', text}]`), whose `text` parts are the reply; thinking is not. Read as
 * a string only, such a reply was '' and the model was told it had written nothing.
 */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const part of content) {
    const p = rec(part);
    if (p.type === 'text' && typeof p.text === 'string') text += p.text;
  }
  return text;
}

/**
 * A model that speaks the OpenAI Chat Completions wire format. With a schema it sends
 * `response_format: json_schema` with the schema projected to the strict subset (see `toStrictJsonSchema`)
 * and projects replies back; streams over SSE.
 */
export function openaiCompatible(options: OpenAICompatibleOptions): Model {
  options = checkProviderOptions<OpenAICompatibleOptions>('openaiCompatible', options, {
    baseURL: 'required-string', model: 'required-string', apiKey: 'string', strict: 'boolean',
    responseFormat: ['json_schema', 'json_object', 'none'],
  });
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const http = new HttpTransport(joinUrl(options.baseURL, 'chat/completions'), {
    fetch: options.fetch, headers, secrets: [options.apiKey], maxResponseBytes: options.maxResponseBytes,
  });
  const projections = new WeakMap<object, StrictProjection>();

  function body(
    request: ModelRequest,
    stream: boolean,
  ): { body: Record<string, unknown>; restore?: (v: unknown) => unknown; restorePartial?: (v: unknown) => unknown } {
    const out: Record<string, unknown> = {
      model: options.model,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    };
    if (options.temperature !== undefined) out.temperature = options.temperature;
    const maxTokens = request.maxTokens ?? options.maxTokens;
    if (maxTokens !== undefined) out.max_tokens = maxTokens;
    if (stream) {
      out.stream = true;
      out.stream_options = { include_usage: true };
    }
    const format = options.responseFormat ?? (request.jsonSchema ? 'json_schema' : 'json_object');
    if (format === 'json_schema' && request.jsonSchema) {
      let projection: StrictProjection;
      if (options.strict === false) {
        projection = { schema: request.jsonSchema, strict: false, restore: (v) => v, restorePartial: (v) => v };
      }
      else {
        projection = projections.get(request.jsonSchema) ?? toStrictJsonSchema(request.jsonSchema);
        projections.set(request.jsonSchema, projection);
      }
      out.response_format = {
        type: 'json_schema',
        json_schema: { name: request.schemaName, schema: projection.schema, strict: projection.strict },
      };
      if (projection.strict) {
        return { body: out, restore: projection.restore, restorePartial: projection.restorePartial };
      }
    } else if (format === 'json_object' || format === 'json_schema') {
      out.response_format = { type: 'json_object' };
    }
    return { body: out };
  }

  return {
    name: `openai-compatible:${options.model}`,
    get nativeSchema() {
      return (options.responseFormat ?? 'json_schema') === 'json_schema';
    },
    ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),

    async generate(request) {
      const { body: payload, restore } = body(request, false);
      const response = await http.post(payload, request.signal);
      const json = rec(await http.readJson(response, request.signal));
      if (json.error !== undefined) throw http.wireError(response.status, errorText(json.error));
      // No choice is no reply: a server fault, not an empty answer to retry as the model's.
      if (!Array.isArray(json.choices) || json.choices.length === 0 || rec(json.choices[0]).message === undefined) {
        throw http.error('answered without choices[0].message');
      }
      const choice = rec(json.choices[0]);
      const message = rec(choice.message);
      const reply: ModelReply = { text: contentText(message.content) };
      if (typeof message.refusal === 'string' && message.refusal) {
        reply.refusal = message.refusal;
        reply.finishReason = 'refusal';
      } else {
        const reason = openaiFinishReason(choice.finish_reason);
        if (reason) reply.finishReason = reason;
      }
      if (typeof choice.finish_reason === 'string') reply.rawFinishReason = choice.finish_reason;
      const usage = usageOf(json.usage);
      if (usage) reply.usage = usage;
      if (restore) reply.restore = restore;
      return reply;
    },

    async *stream(request): AsyncGenerator<ModelStreamPart> {
      const { body: payload, restore, restorePartial } = body(request, true);
      const response = await http.post(payload, request.signal);
      yield restorePartial ? { type: 'start', restorePartial } : { type: 'start' };
      const final: Omit<ModelReply, 'text'> = {};
      let refusal = '';
      let ended = false;
      for await (const event of http.readSse(response, request.signal)) {
        if (event.data === '[DONE]') {
          ended = true;
          break;
        }
        const json = rec(http.parseWireJson(event.data));
        if (json.error !== undefined) throw http.wireError(response.status, errorText(json.error));
        const usage = usageOf(json.usage);
        if (usage) final.usage = usage;
        const choice = rec(Array.isArray(json.choices) ? json.choices[0] : undefined);
        const delta = rec(choice.delta);
        const piece = contentText(delta.content);
        if (piece) yield { type: 'delta', text: piece };
        if (typeof delta.refusal === 'string') refusal += delta.refusal;
        if (typeof choice.finish_reason === 'string') {
          final.rawFinishReason = choice.finish_reason;
          const reason = openaiFinishReason(choice.finish_reason);
          if (reason) final.finishReason = reason;
        }
      }
      // Without `[DONE]` or a finish_reason the connection was cut: the text may look whole and not be.
      if (!ended && final.rawFinishReason === undefined) throw http.error('the stream ended early (no finish_reason and no [DONE])');
      if (refusal) {
        final.refusal = refusal;
        final.finishReason = 'refusal';
      }
      if (restore) final.restore = restore;
      yield { type: 'finish', reply: final };
    },
  };
}
