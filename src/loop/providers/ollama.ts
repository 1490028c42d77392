// Ollama /api/chat over fetch: `format: "json"` or the JSON Schema itself; NDJSON streaming.
import { count, HttpTransport, joinUrl, rec } from '../http.js';
import { checkProviderOptions } from './options.js';
import type { FinishReason, HttpProviderOptions, Model, ModelReply, ModelRequest, ModelStreamPart, Usage } from '../types.js';

/** Options of {@link ollama}. */
export interface OllamaOptions extends HttpProviderOptions {
  /** Default `http://localhost:11434`. */
  baseURL?: string | undefined;
  /** The model name, e.g. `llama3.1:8b`. */
  model: string;
  /** `schema` sends the JSON Schema as `format` (default when one is known); `json` sends `format: "json"`. */
  format?: 'schema' | 'json' | undefined;
  /** Extra `options` (e.g. `num_ctx`); `temperature` and `maxTokens` (`num_predict`) are merged in. */
  modelOptions?: Record<string, unknown> | undefined;
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
  options = checkProviderOptions<OllamaOptions>('ollama', options, {
    baseURL: 'string', model: 'required-string', format: ['schema', 'json'], modelOptions: 'object',
  });
  const http = new HttpTransport(joinUrl(options.baseURL ?? 'http://localhost:11434', 'api/chat'), {
    fetch: options.fetch, headers: { ...options.headers }, maxResponseBytes: options.maxResponseBytes,
  });

  function body(request: ModelRequest, stream: boolean): Record<string, unknown> {
    const modelOptions: Record<string, unknown> = { ...options.modelOptions };
    if (options.temperature !== undefined) modelOptions.temperature = options.temperature;
    const maxTokens = request.maxTokens ?? options.maxTokens;
    if (maxTokens !== undefined) modelOptions.num_predict = maxTokens;
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
    ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),

    async generate(request) {
      const response = await http.post(body(request, false), request.signal);
      const json = rec(await http.readJson(response, request.signal));
      if (typeof json.error === 'string') throw http.wireError(response.status, json.error);
      const content = rec(json.message).content;
      // No message is no reply: a server fault, not an empty answer to retry as the model's.
      if (typeof content !== 'string') throw http.error('answered without message.content');
      return { text: content, ...finish(json) };
    },

    async *stream(request): AsyncGenerator<ModelStreamPart> {
      const response = await http.post(body(request, true), request.signal);
      for await (const line of http.readNdjson(response, request.signal)) {
        const json = rec(line);
        if (typeof json.error === 'string') throw http.wireError(response.status, json.error);
        const content = rec(json.message).content;
        if (typeof content === 'string' && content) yield { type: 'delta', text: content };
        if (json.done === true) {
          yield { type: 'finish', reply: finish(json) };
          return;
        }
      }
      throw http.error('the stream ended early (no "done" line)');
    },
  };
}
