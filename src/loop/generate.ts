// The structured-output loop: ask, parse, feed back, retry — within a budget, with typed events.
import { JsonMendError } from '../errors.js';
import { SchemaError } from '../schema/index.js';
import type { Repair, SchemaLike } from '../schema/types.js';
import type { StandardSchemaV1 } from '../schema/standard.js';
import { createStreamParser } from '../stream/index.js';
import { openScope, type AttemptScope } from './call.js';
import { RetriesExhaustedError, type FailedAttempt } from './errors.js';
import { now, sha256Hex, type FailureStage, type LoopEvent, type LoopEventListener } from './events.js';
import { errorPath, feedbackFor, looseValue, parseReply, summarize, type LoopParseOptions } from './parse-reply.js';
import { baseMessages, REFUSAL_FEEDBACK, retryMessages, TRUNCATED_FEEDBACK, type PromptInput } from './prompt.js';
import { toModel } from './providers/function.js';
import { resolveJsonSchema, schemaNameOf } from './schema-source.js';
import { recoverToolCallReply } from '../tools/recover.js';
import type { ChatMessage, FinishReason, JsonSchemaObject, Model, ModelLike, ModelReply, ModelRequest, Usage } from './types.js';

/** Options of {@link generate} and {@link streamGenerate}. */
export interface GenerateOptions<S extends SchemaLike | undefined = SchemaLike | undefined> extends PromptInput {
  /** A provider model (`openaiCompatible(…)`, `ollama(…)`, `anthropic(…)`) or `(request) => Promise<string>`. */
  model: ModelLike;
  /** The schema the value must satisfy: a JSON Schema object or a Standard Schema (Zod 4, Valibot, …). */
  schema?: S;
  /** The JSON Schema to send to the provider, for a Standard Schema without `~standard.jsonSchema`. */
  jsonSchema?: JsonSchemaObject;
  /** Name of the schema on the wire (`json_schema.name`, Anthropic tool name). Default: its `title`, else `response`. */
  schemaName?: string;
  /** Extra attempts after the first. Default 1 (two attempts in all). */
  maxRetries?: number;
  /** Aborts the current request; the call rejects with `ABORTED`. */
  signal?: AbortSignal;
  /** Per-attempt time limit in milliseconds; exceeding it rejects with `TIMEOUT`. Default: none. */
  timeoutMs?: number;
  /** Receives typed events (see {@link LoopEvent}). */
  onEvent?: LoopEventListener;
  /** Put the reply text into `attempt_ended` events. Default `false`: only its length and SHA-256. */
  captureRaw?: boolean;
  /** Accept a reply cut off by the output-token limit when it can be repaired. Default `false`: it fails. */
  acceptTruncated?: boolean;
  /**
   * Describe the schema in a system message: `'auto'` (default) does so only for models that do not enforce the
   * schema themselves (function models, JSON mode); `true` always; `false` never.
   */
  describeSchema?: boolean | 'auto';
  /** Options for the tolerant parser (`strict`, `disable`, `maxDepth`, `maxLength`). */
  parseOptions?: LoopParseOptions;
  /**
   * When the reply writes the structured-output tool call (`schemaName`) into its text instead of calling
   * it natively (`<tool_call>`, harmony, DeepSeek, … — see docs/tools.md), read the value from that call's
   * arguments. Default `false`.
   */
  recoverToolCall?: boolean;
}

/** The value type a schema produces: a Standard Schema's output type, else `unknown`. */
export type OutputOf<S> = S extends StandardSchemaV1 ? StandardSchemaV1.InferOutput<S> : unknown;

/** What {@link generate} resolves to. */
export interface GenerateResult<T = unknown> {
  /** The value, valid for the schema. */
  value: T;
  /** How many model calls it took (1 = the first reply was accepted). */
  attempts: number;
  /** Every repair made to the accepted reply (text repairs and schema repairs). */
  repairs: Repair[];
  /** Token usage summed over every attempt (zeros when the provider does not report it). */
  usage: Usage;
  /** Why the model stopped on the accepted attempt. */
  finishReason: FinishReason | undefined;
  /** The attempts that failed before the accepted one. */
  failures: FailedAttempt[];
}

/** What {@link streamGenerate} yields. */
export type StreamGenerateEvent<T = unknown> =
  | { type: 'partial'; attempt: number; value: unknown }
  | { type: 'retry'; attempt: number; error: JsonMendError }
  | { type: 'result'; result: GenerateResult<T> };

/** The stream-parser surface the loop uses. */
interface StreamParserLike {
  push(chunk: string): { value: unknown };
}

/** Codes that no retry can fix: they end the call at once. */
const FATAL = new Set(['INVALID_SCHEMA', 'INVALID_ARGUMENT', 'TOO_LARGE']);

/**
 * Asks `model` for a value that satisfies `schema`. Each attempt: call the model, parse the reply with the
 * schema; on a parse or schema error, the next attempt sends the original request, the failed reply and short
 * feedback. After `maxRetries` retries, rejects with {@link RetriesExhaustedError}; never a silent fallback.
 */
export async function generate<S extends SchemaLike | undefined = undefined, T = OutputOf<S>>(
  options: GenerateOptions<S>,
): Promise<GenerateResult<T>> {
  const run = loop<S, T>(options, false);
  for (;;) {
    const step = await run.next();
    if (step.done) return step.value;
  }
}

/**
 * Like {@link generate}, streaming: yields `partial` snapshots from the streaming parser as the reply is written,
 * `retry` when an attempt failed and another starts (discard that attempt's partials), then one `result`.
 */
export async function* streamGenerate<S extends SchemaLike | undefined = undefined, T = OutputOf<S>>(
  options: GenerateOptions<S>,
): AsyncGenerator<StreamGenerateEvent<T>, void, undefined> {
  const result = yield* loop<S, T>(options, true);
  yield { type: 'result', result };
}

function checkCount(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new JsonMendError('INVALID_ARGUMENT', `${name} must be a non-negative integer, got ${String(value)}`);
  }
  return value;
}

type Verdict =
  | { ok: true; value: unknown; repairs: Repair[] }
  | { ok: false; stage: FailureStage; error: JsonMendError; feedback: string; shown: string };

async function* loop<S extends SchemaLike | undefined, T>(
  options: GenerateOptions<S>,
  streaming: boolean,
): AsyncGenerator<Exclude<StreamGenerateEvent<T>, { type: 'result' }>, GenerateResult<T>, undefined> {
  const listener = options?.onEvent;
  const emit = (event: LoopEvent): void => {
    if (!listener) return;
    try {
      listener(event);
    } catch {
      // A failing listener must not change the outcome of the call.
    }
  };
  const started = now();
  const usage: Usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  let attempt = 0;
  try {
    if (options === null || typeof options !== 'object') throw new JsonMendError('INVALID_ARGUMENT', 'generate needs an options object');
    const model = toModel(options.model);
    const maxAttempts = checkCount(options.maxRetries, 'maxRetries', 1) + 1;
    if (options.timeoutMs !== undefined && !(typeof options.timeoutMs === 'number' && options.timeoutMs > 0)) {
      throw new JsonMendError('INVALID_ARGUMENT', `timeoutMs must be a positive number, got ${String(options.timeoutMs)}`);
    }
    const jsonSchema = resolveJsonSchema(options.schema, options.jsonSchema);
    const describe = options.describeSchema ?? 'auto';
    // Without a known JSON Schema the provider falls back to JSON mode, which (OpenAI) wants "JSON" in the prompt.
    const describeWith =
      describe === true || (describe === 'auto' && (!model.nativeSchema || !jsonSchema)) ? (jsonSchema ?? 'json') : undefined;
    const base = baseMessages(options, describeWith);
    const schemaName = schemaNameOf(options.schemaName, jsonSchema);
    const parseOptions = options.parseOptions ?? {};
    const failures: FailedAttempt[] = [];
    let last: { value: unknown } | undefined;
    let messages: ChatMessage[] = base;

    for (attempt = 1; attempt <= maxAttempts; attempt++) {
      emit({ type: 'attempt_started', attempt, maxAttempts, model: model.name });
      const t0 = now();
      const scope = openScope(options.signal, options.timeoutMs);
      let reply: ModelReply;
      try {
        const request: ModelRequest = { messages, jsonSchema, schemaName, signal: scope.signal, attempt };
        reply =
          streaming && model.stream
            ? yield* streamAttempt(model, request, scope, attempt, parseOptions)
            : await scope.run(() => model.generate(request));
      } finally {
        scope.dispose();
      }
      if (options.recoverToolCall) reply = recoverToolCallReply(reply, schemaName);
      if (reply.usage) {
        usage.inputTokens += reply.usage.inputTokens;
        usage.outputTokens += reply.usage.outputTokens;
        usage.totalTokens += reply.usage.totalTokens;
      }
      if (listener) {
        const ended: LoopEvent = {
          type: 'attempt_ended',
          attempt,
          latencyMs: now() - t0,
          replyLength: reply.text.length,
          replySha256: await sha256Hex(reply.text),
          finishReason: reply.finishReason,
          usage: reply.usage,
        };
        if (options.captureRaw) ended.raw = reply.text;
        emit(ended);
      }

      const verdict = await judge(reply, options.schema, parseOptions, options.acceptTruncated === true);
      if (verdict.ok) {
        if (verdict.repairs.length > 0) {
          const repairs = summarize(verdict.repairs);
          emit({ type: 'repairs_applied', attempt, kinds: [...new Set(repairs.map((r) => r.kind))], repairs });
        }
        emit({ type: 'outcome', ok: true, attempts: attempt, latencyMs: now() - started, usage: { ...usage } });
        return {
          value: verdict.value as T,
          attempts: attempt,
          repairs: verdict.repairs,
          usage,
          finishReason: reply.finishReason,
          failures,
        };
      }

      const { error } = verdict;
      failures.push({ attempt, reply: verdict.shown, error, finishReason: reply.finishReason });
      emit({ type: 'attempt_failed', attempt, stage: verdict.stage, code: error.code, path: errorPath(error), message: error.message });
      if (FATAL.has(error.code)) throw error;
      if (verdict.stage !== 'refusal') last = looseValue(reply.text, parseOptions, reply.restore) ?? last;
      if (attempt < maxAttempts) {
        emit({ type: 'retry', attempt: attempt + 1, previousCode: error.code });
        if (streaming) yield { type: 'retry', attempt: attempt + 1, error };
        messages = retryMessages(base, verdict.shown, verdict.feedback);
      }
    }
    attempt = maxAttempts;
    throw new RetriesExhaustedError(failures, last);
  } catch (caught) {
    const error =
      caught instanceof JsonMendError
        ? caught
        : new JsonMendError('PROVIDER_ERROR', `unexpected failure: ${caught instanceof Error ? caught.message : String(caught)}`, { cause: caught });
    emit({ type: 'outcome', ok: false, attempts: attempt, code: error.code, latencyMs: now() - started, usage: { ...usage } });
    throw error;
  }
}

/** Decides whether a reply is accepted. */
async function judge(
  reply: ModelReply,
  schema: SchemaLike | undefined,
  parseOptions: LoopParseOptions,
  acceptTruncated: boolean,
): Promise<Verdict> {
  if (reply.refusal !== undefined || reply.finishReason === 'refusal') {
    const said = reply.refusal ?? reply.text;
    const excerpt = said.length > 200 ? `${said.slice(0, 200)}…` : said;
    return {
      ok: false,
      stage: 'refusal',
      error: new JsonMendError('NO_JSON', `the model refused${excerpt ? `: ${excerpt}` : ''}`),
      feedback: REFUSAL_FEEDBACK,
      shown: said,
    };
  }
  if (reply.finishReason === 'length' && !acceptTruncated) {
    return {
      ok: false,
      stage: 'truncated',
      error: new JsonMendError(
        'UNREPAIRABLE',
        `the reply was cut off by the output-token limit (stop reason "${reply.rawFinishReason ?? 'length'}") after ${reply.text.length} characters`,
      ),
      feedback: TRUNCATED_FEEDBACK,
      shown: reply.text,
    };
  }
  try {
    const parsed = await parseReply(reply.text, schema, parseOptions, reply.restore);
    return { ok: true, value: parsed.value, repairs: parsed.repairs };
  } catch (caught) {
    const error =
      caught instanceof JsonMendError
        ? caught
        : new JsonMendError('UNREPAIRABLE', `the reply could not be parsed: ${caught instanceof Error ? caught.message : String(caught)}`, { cause: caught });
    return {
      ok: false,
      stage: error instanceof SchemaError || error.code === 'SCHEMA_MISMATCH' ? 'schema' : 'parse',
      error,
      feedback: feedbackFor(error),
      shown: reply.text,
    };
  }
}

/** One streamed attempt: yields partial snapshots, returns the complete reply. */
async function* streamAttempt(
  model: Model,
  request: ModelRequest,
  scope: AttemptScope,
  attempt: number,
  parseOptions: LoopParseOptions,
): AsyncGenerator<{ type: 'partial'; attempt: number; value: unknown }, ModelReply, undefined> {
  // Snapshots are for display; the schema is applied once, to the complete reply, as in `generate`.
  let parser: StreamParserLike | undefined = createStreamParser({ ...parseOptions });
  const iterator = model.stream!(request)[Symbol.asyncIterator]();
  let text = '';
  let final: Omit<ModelReply, 'text'> = {};
  let previous: unknown;
  let restorePartial: ((value: unknown) => unknown) | undefined;
  try {
    for (;;) {
      const step = await scope.run(() => iterator.next());
      if (step.done) break;
      const part = step.value;
      if (part.type === 'start') {
        restorePartial = part.restorePartial;
      } else if (part.type === 'delta') {
        text += part.text;
        if (!parser) continue;
        let value: unknown;
        try {
          value = parser.push(part.text).value;
        } catch {
          parser = undefined; // the final parse reports the error; snapshots simply stop
          continue;
        }
        if (value === undefined || value === previous) continue;
        previous = value;
        const shown = restorePartial ? restorePartial(value) : value;
        if (shown !== undefined) yield { type: 'partial', attempt, value: shown };
      } else {
        final = part.reply;
      }
    }
  } finally {
    // Closes the provider's body reader when we leave early (abort, timeout, consumer break).
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
  return { ...final, text };
}
