// Public types shared by the loop, the providers and the adapters: messages, requests, replies, models.

/** A JSON Schema object (draft 2020-12 or draft-07), as plain data. */
export type JsonSchemaObject = { [keyword: string]: unknown };

/** One chat message. `system` messages are moved where each provider wants them. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * Why the model stopped, normalised across providers.
 *
 * | value            | OpenAI `finish_reason` | Ollama `done_reason` | Anthropic `stop_reason`      |
 * | ---------------- | ---------------------- | -------------------- | ---------------------------- |
 * | `stop`           | `stop`                 | `stop`               | `end_turn`, `tool_use`, `stop_sequence` |
 * | `length`         | `length`               | `length`             | `max_tokens`, `model_context_window_exceeded`, `pause_turn` |
 * | `content_filter` | `content_filter`       | —                    | —                            |
 * | `refusal`        | (a `refusal` message)  | —                    | `refusal`                    |
 * | `other`          | anything else          | anything else        | anything else                |
 */
export type FinishReason = 'stop' | 'length' | 'content_filter' | 'refusal' | 'other';

/** Token counts, when the provider reports them. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

/** What the loop hands a model for one attempt. */
export interface ModelRequest {
  /** The conversation for this attempt: the original messages, plus (on a retry) the failed reply and the feedback. */
  messages: readonly ChatMessage[];
  /** The JSON Schema the reply must satisfy, when one is known. Providers send it natively where they can. */
  jsonSchema: JsonSchemaObject | undefined;
  /** A name for the schema (OpenAI `json_schema.name`, Anthropic tool name). */
  schemaName: string;
  /** Fires when the caller aborts or the attempt times out; the reason is a `JsonMendError`. */
  signal: AbortSignal;
  /** 1-based attempt number. */
  attempt: number;
  /**
   * Output token limit for this call, overriding the provider's `maxTokens` (set by the loop's
   * `onTruncated: 'raise-limit'`). Absent: the provider's own setting.
   */
  maxTokens?: number | undefined;
}

/** What a model answered. */
export interface ModelReply {
  /** The reply text (for tool-based providers, the tool input as JSON text). */
  text: string;
  /** Why the model stopped, when known. */
  finishReason?: FinishReason | undefined;
  /** The provider's own stop reason, verbatim. */
  rawFinishReason?: string | undefined;
  /** The model's refusal message, when it refused (OpenAI `message.refusal`, Anthropic `stop_reason: "refusal"`). */
  refusal?: string | undefined;
  /** Token usage of this call. */
  usage?: Usage | undefined;
  /**
   * Maps the parsed reply back to the caller's shape, when the provider changed the shape on the wire
   * (strict-mode projection, an envelope around a non-object root). Applied before schema validation.
   */
  restore?: ((value: unknown) => unknown) | undefined;
}

/** One piece of a streamed reply. */
export type ModelStreamPart =
  | {
      type: 'start';
      /** Maps partial snapshots to the caller's shape (e.g. unwraps a `{ value }` envelope); must not mutate. */
      restorePartial?: ((value: unknown) => unknown) | undefined;
    }
  | { type: 'delta'; text: string }
  | { type: 'finish'; reply: Omit<ModelReply, 'text'> };

/** A model: what a provider factory returns. */
export interface Model {
  /** A label for events and errors, e.g. `openai-compatible:gpt-4o-mini`. */
  readonly name: string;
  /** True when the provider enforces the JSON Schema itself, so the loop need not describe it in the prompt. */
  readonly nativeSchema: boolean;
  /** One complete reply. */
  generate(request: ModelRequest): Promise<ModelReply>;
  /** The reply as it is written; the last part is a `finish`. Optional: without it, `generate` is used. */
  stream?(request: ModelRequest): AsyncIterable<ModelStreamPart>;
  /** The output token limit the provider sends by default, when it sends one (used for the near-limit event). */
  readonly maxTokens?: number | undefined;
  /**
   * True when the model can go on with a cut-off reply: given the request whose last message is the partial
   * assistant turn, it answers with the rest of that turn (used by `onTruncated: 'continue'`).
   */
  canContinue?(request: Omit<ModelRequest, 'signal'>): boolean;
}

/** A plain function that answers a request counts as a model. */
export type ModelFunction = (request: ModelRequest) => Promise<string | ModelReply>;

/** Anything `generate` accepts as `model`. */
export type ModelLike = Model | ModelFunction;

/** Options every HTTP provider factory accepts. */
export interface HttpProviderOptions {
  /** Extra request headers. */
  headers?: Record<string, string> | undefined;
  /** The `fetch` to use; defaults to `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch | undefined;
  /** Sampling temperature, sent when given. */
  temperature?: number | undefined;
  /** Output token limit, sent when given (Anthropic requires one; default 4096 there). */
  maxTokens?: number | undefined;
  /**
   * Most bytes read from one response (a streamed one included, so also the longest line); more is
   * `PROVIDER_ERROR`. Error bodies are read only as far as they are quoted. Default 32 MiB.
   */
  maxResponseBytes?: number | undefined;
}
