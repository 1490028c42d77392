// Ollama /api/chat over fetch: `format: "json"` or the JSON Schema itself; NDJSON streaming.
import { JsonMendError } from '../../errors.js';
import { count, joinUrl, postJson, readJson, readNdjson, rec } from '../http.js';
import type { FinishReason, HttpProviderOptions, Model, ModelReply, ModelRequest, ModelStreamPart, Usage } from '../types.js';

/** Options of {@link ollama}. */
export interface OllamaOptions extends HttpProviderOptions {
  /** Default `http://localhost:11434`. */
  baseURL?: string;
  /** The model name, e.g. `llama3.1:8b`. */
  model: string;
  /** `schema` sends the JSON Schema as `format` (default when one is known); `json` sends `format: "json"`. */
  format?: 'schema' | 'json';
  /** Extra `options` (e.g. `num_ctx`); `temperature` and `maxTokens` (`num_predict`) are merged in. */
  modelOptions?: Record<string, unknown>;
}

/** Maps `done_reason` to a {@link FinishReason}. */
export function ollamaFinishReason(raw: unknown): FinishReason | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (raw === 'stop') return 'stop';
  if (raw === 'length') return 'length';
  return 'other';
}

function usageOf(json: Record<string, unknown>): Usage | undefined {
  if (json.prompt_eval_count === undefined && json.eval_count === undefined) return undefined;
  const inputTokens = count(json.prompt_eval_count);
  const outputTokens = count(json.eval_count);
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
}

/** A model served by Ollama's `/api/chat`. */
export function ollama(options: OllamaOptions): Model {
  const url = joinUrl(options.baseURL ?? 'http://localhost:11434', 'api/chat');
  const headers = { ...options.headers };

  function body(request: ModelRequest, stream: boolean): Record<string, unknown> {
    const modelOptions: Record<string, unknown> = { ...options.modelOptions };
    if (options.temperature !== undefined) modelOptions.temperature = options.temperature;
    if (options.maxTokens !== undefined) modelOptions.num_predict = options.maxTokens;
    const out: Record<string, unknown> = {
      model: options.model,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      stream,
      format: (options.format ?? 'schema') === 'schema' && request.jsonSchema ? request.jsonSchema : 'json',
    };
    if (Object.keys(modelOptions).length > 0) out.options = modelOptions;
    return out;
  }

  function finish(json: Record<string, unknown>): Omit<ModelReply, 'text'> {
    const out: Omit<ModelReply, 'text'> = {};
    if (typeof json.done_reason === 'string') out.rawFinishReason = json.done_reason;
    const reason = ollamaFinishReason(json.done_reason);
    if (reason) out.finishReason = reason;
    const usage = usageOf(json);
    if (usage) out.usage = usage;
    return out;
  }

  return {
    name: `ollama:${options.model}`,
    get nativeSchema() {
      return (options.format ?? 'schema') === 'schema';
    },

    async generate(request) {
      const response = await postJson(options.fetch, url, body(request, false), headers, request.signal);
      const json = rec(await readJson(response, request.signal, url));
      if (typeof json.error === 'string') throw new JsonMendError('PROVIDER_ERROR', `${url} reported an error: ${json.error.slice(0, 300)}`);
      const message = rec(json.message);
      return { text: typeof message.content === 'string' ? message.content : '', ...finish(json) };
    },

    async *stream(request): AsyncGenerator<ModelStreamPart> {
      const response = await postJson(options.fetch, url, body(request, true), headers, request.signal);
      for await (const line of readNdjson(response, request.signal, url)) {
        const json = rec(line);
        if (typeof json.error === 'string') throw new JsonMendError('PROVIDER_ERROR', `${url} reported an error: ${json.error.slice(0, 300)}`);
        const content = rec(json.message).content;
        if (typeof content === 'string' && content) yield { type: 'delta', text: content };
        if (json.done === true) {
          yield { type: 'finish', reply: finish(json) };
          return;
        }
      }
      throw new JsonMendError('PROVIDER_ERROR', `${url} ended the stream without a "done" line`);
    },
  };
}
