// The structured-output loop: ask, parse, verify, feed back, retry — within a budget, with typed events.
import type { OutputOf } from '../schema/types.js';
import { JsonMendError } from '../errors.js';
import type { Repair, SchemaLike } from '../schema/types.js';
import type { VerifyAllResult } from '../verify/index.js';
import { createStreamParser } from '../stream/index.js';
import { callerAbort, openScope, type AttemptScope } from './call.js';
import { RetriesExhaustedError, type FailedAttempt } from './errors.js';
import { emitter, newCallId, now, type EventBase, type LoopEventListener } from './events.js';
import { claimFailures, judge, type JudgeSettings, type Verdict, type VerifyClaimsOption } from './judge.js';
import { errorPath, looseValue, parseReply, summarize, type LoopParseOptions } from './parse-reply.js';
import { continuationKind, joinRefusal, joinReplies, repairAtSeam, restartReply, seamRefusal, startsOver } from './continuation.js';
import { chooseJoin, keyAgainRefused, repeatRefused } from './overlap.js';
import { keyWrittenAgain } from './rewritten-keys.js';
import { baseMessages, retryMessages, type PromptInput } from './prompt.js';
import { toModel } from './providers/function.js';
import { checkQuarantine, toQuarantine, type QuarantineSink } from './quarantine.js';
import { resolveJsonSchema, schemaNameOf } from './schema-source.js';
import { planTruncation, type TruncationPolicy } from './truncation.js';
import { claimPathRedactor, pathRedactor } from './telemetry-path.js';
import { replyHasher, type ReplyHashKey } from './reply-hash.js';
import { recoverToolCallReply } from '../tools/recover.js';
import type { ChatMessage, FinishReason, JsonSchemaObject, Model, ModelLike, ModelReply, ModelRequest, Usage } from './types.js';
import { addUsage, checkReply, shownReplyFacts } from './usage.js';

/** Options of {@link generate} and {@link streamGenerate}. */
export interface GenerateOptions<S extends SchemaLike | undefined = SchemaLike | undefined> extends PromptInput {
  /** A provider model (`openaiCompatible(…)`, `ollama(…)`, `anthropic(…)`) or `(request) => Promise<string>`. */
  model: ModelLike;
  /** The schema the value must satisfy: a JSON Schema object or a Standard Schema (Zod 4, Valibot, …). */
  schema?: S | undefined;
  /** The JSON Schema to send to the provider, for a Standard Schema without `~standard.jsonSchema`. */
  jsonSchema?: JsonSchemaObject | undefined;
  /** Name of the schema on the wire (`json_schema.name`, Anthropic tool name). Default: its `title`, else `response`. */
  schemaName?: string | undefined;
  /** Extra attempts after the first. Default 1 (two attempts in all). */
  maxRetries?: number | undefined;
  /** Aborts the current request; the call rejects with `ABORTED`. */
  signal?: AbortSignal | undefined;
  /** Per-attempt time limit in milliseconds (continuations included); exceeding it rejects with `TIMEOUT`. Default: none. */
  timeoutMs?: number | undefined;
  /** Receives typed events (see {@link LoopEvent}); a listener that throws or rejects is ignored. */
  onEvent?: LoopEventListener | undefined;
  /** A label for this call's events and telemetry counters (the tool or pipeline step it serves). */
  tool?: string | undefined;
  /** Put the reply text into `attempt_ended` events. Default `false`: only its length and keyed hash. */
  captureRaw?: boolean | undefined;
  /**
   * The key of the reply hash in events and quarantine entries (`replySha256`, an HMAC-SHA-256), at least 16
   * bytes. Default: a random key, one per process — hashes match within the process only. Pass the same key to
   * runs whose hashes must match; keep it as secret as the replies.
   */
  replyHashKey?: ReplyHashKey | undefined;
  /** Receives the raw reply of every failed attempt, for debugging (see `jsonmend/node`'s `quarantineDirectory`). */
  quarantine?: QuarantineSink | undefined;
  /** Accept a reply cut off by the output-token limit when it can be repaired. Default `false`: it fails. */
  acceptTruncated?: boolean | undefined;
  /**
   * What to do when a reply is cut off by the output-token limit: `'error'` (default) fails the attempt and the
   * retry asks for a shorter value; `'continue'` asks the model to go on from where it stopped (at most
   * `maxContinuations` times) and parses the joined text, on providers that can continue an assistant turn
   * (elsewhere it acts as `'raise-limit'`); `'raise-limit'` retries with twice the `maxTokens`, up to `maxTokensCap`.
   */
  onTruncated?: TruncationPolicy | undefined;
  /** Most continuations of one cut-off reply (`onTruncated: 'continue'`). Default 2. */
  maxContinuations?: number | undefined;
  /** Highest `maxTokens` that `onTruncated: 'raise-limit'` asks for. Default 4 × the first limit. */
  maxTokensCap?: number | undefined;
  /** Output token limit for every attempt, overriding the provider's `maxTokens`. */
  maxTokens?: number | undefined;
  /** Fraction of the output-token limit at which a `near_token_limit` event is reported. Default 0.9. */
  nearTokenLimit?: number | undefined;
  /**
   * Claims to verify against a tool's output after the schema: failed claims go back to the model as feedback
   * (`formatClaimFeedback`) within the same retry budget; `result.claims` says which held.
   */
  verify?: VerifyClaimsOption<NoInfer<OutputOf<S>>> | undefined;
  /**
   * Describe the schema in a system message: `'auto'` (default) does so only for models that do not enforce the
   * schema themselves (function models, JSON mode); `true` always; `false` never.
   */
  describeSchema?: boolean | 'auto' | undefined;
  /** Options for the tolerant parser (`strict`, `disable`, `maxDepth`, `maxLength`). */
  parseOptions?: LoopParseOptions | undefined;
  /**
   * When the reply writes the structured-output tool call (`schemaName`) into its text instead of calling
   * it natively (`<tool_call>`, harmony, DeepSeek, … — see docs/tools.md), read the value from that call's
   * arguments. The tool called more than once with different arguments fails the attempt (`REPAIR_REFUSED`).
   * Default `false`.
   */
  recoverToolCall?: boolean | undefined;
}

export type { OutputOf };

/** What {@link generate} resolves to. */
export interface GenerateResult<T = unknown> {
  /** The value, valid for the schema. */
  value: T;
  /** How many attempts it took (1 = the first reply was accepted); continuations are part of their attempt. */
  attempts: number;
  /** Every repair made to the accepted reply (text repairs and schema repairs). */
  repairs: Repair[];
  /** Token usage summed over every model call (zeros when the provider does not report it). */
  usage: Usage;
  /** Why the model stopped on the accepted attempt. */
  finishReason: FinishReason | undefined;
  /** The attempts that failed before the accepted one. */
  failures: FailedAttempt[];
  /** With the `verify` option: every claim's result (all held). */
  claims: VerifyAllResult | undefined;
}

/** What {@link streamGenerate} yields. */
export type StreamGenerateEvent<T = unknown> =
  | { type: 'partial'; attempt: number; value: unknown }
  | { type: 'retry'; attempt: number; error: JsonMendError }
  | { type: 'result'; result: GenerateResult<T> };

/** A request before the attempt's scope gives it a signal. */
type UnscopedRequest = Omit<ModelRequest, 'signal'>;

/** The stream-parser surface the loop uses. */
interface StreamParserLike {
  push(chunk: string): { value: unknown };
}

/** Codes that no retry can fix: they end the call at once. */
const FATAL = new Set(['INVALID_SCHEMA', 'INVALID_ARGUMENT', 'TOO_LARGE']);

/**
 * Asks `model` for a value that satisfies `schema`. Each attempt: call the model, parse the reply with the
 * schema, verify its claims; on a failure, the next attempt sends the original request, the failed reply and
 * short feedback. After `maxRetries` retries, rejects with {@link RetriesExhaustedError}; never a silent fallback.
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

function checkPositive(value: unknown, name: string, integer: boolean): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    throw new JsonMendError('INVALID_ARGUMENT', `${name} must be a positive ${integer ? 'integer' : 'number'}, got ${String(value)}`);
  }
  return value;
}

/** The JSON Schema must be plain data: a cycle or a function in it is the caller's error, not the server's. */
function checkSendable(jsonSchema: JsonSchemaObject | undefined): void {
  if (jsonSchema === undefined) return;
  try {
    JSON.stringify(jsonSchema);
  } catch (error) {
    throw new JsonMendError('INVALID_SCHEMA', 'the JSON Schema cannot be sent: it is not plain JSON data (a cycle, or a BigInt)', { cause: error });
  }
}

async function* loop<S extends SchemaLike | undefined, T>(
  options: GenerateOptions<S>,
  streaming: boolean,
): AsyncGenerator<Exclude<StreamGenerateEvent<T>, { type: 'result' }>, GenerateResult<T>, undefined> {
  const started = now();
  const usage: Usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  const validOptions = options !== null && typeof options === 'object';
  const tool = validOptions && typeof options.tool === 'string' ? options.tool : undefined;
  let base: EventBase = { callId: newCallId(), model: 'unknown', ...(tool !== undefined ? { tool } : {}) };
  let emit = emitter(validOptions ? options.onEvent : undefined, base);
  let attempt = 0;
  try {
    if (!validOptions) throw new JsonMendError('INVALID_ARGUMENT', 'generate needs an options object');
    if (options.tool !== undefined && typeof options.tool !== 'string') throw new JsonMendError('INVALID_ARGUMENT', 'tool must be a string');
    const model = toModel(options.model);
    base = { ...base, model: model.name };
    emit = emitter(options.onEvent, base);
    const maxAttempts = checkCount(options.maxRetries, 'maxRetries', 1) + 1;
    checkPositive(options.timeoutMs, 'timeoutMs', false);
    const nearRatio = checkPositive(options.nearTokenLimit, 'nearTokenLimit', false) ?? 0.9;
    const truncation = planTruncation(options, model);
    const quarantine = checkQuarantine(options.quarantine);
    // Keyed: a bare SHA-256 of a short reply (`{"ok": true}`, a PIN) is undone by hashing the candidates.
    const hashReply = replyHasher(options.replyHashKey);
    const jsonSchema = resolveJsonSchema(options.schema, options.jsonSchema);
    checkSendable(jsonSchema);
    const describe = options.describeSchema ?? 'auto';
    // Without a known JSON Schema the provider falls back to JSON mode, which (OpenAI) wants "JSON" in the prompt.
    const describeWith =
      describe === true || (describe === 'auto' && (!model.nativeSchema || !jsonSchema)) ? (jsonSchema ?? 'json') : undefined;
    const prompt = baseMessages(options, describeWith);
    const schemaName = schemaNameOf(options.schemaName, jsonSchema);
    // Telemetry names the schema's keys only: a key the model wrote is shown as `*`.
    const redact = pathRedactor(jsonSchema);
    const parseOptions = options.parseOptions ?? {};
    const settings: JudgeSettings = {
      schema: options.schema,
      parseOptions,
      acceptTruncated: options.acceptTruncated === true,
      verify: checkVerify(options.verify),
    };
    // A claim's path points into the tool output: its keys are shown only when a schema names them.
    const redactClaim = claimPathRedactor(jsonSchema, settings.verify?.outputSchema);
    const failures: FailedAttempt[] = [];
    let last: { value: unknown } | undefined;
    let messages: ChatMessage[] = prompt;

    for (attempt = 1; attempt <= maxAttempts; attempt++) {
      const maxTokens = truncation.maxTokens;
      const limit = maxTokens ?? model.maxTokens;
      emit({ type: 'attempt_started', attempt, maxAttempts, ...(limit !== undefined ? { maxTokens: limit } : {}) });
      const t0 = now();
      const request: UnscopedRequest = { messages, jsonSchema, schemaName, attempt };
      if (maxTokens !== undefined) request.maxTokens = maxTokens;
      // One timer for the attempt: its continuations are part of it (timeoutMs limits the attempt, not each call).
      const scope = openScope(options.signal, options.timeoutMs);
      let reply: ModelReply;
      let continuations = 0;
      let restarts = 0;
      let overlaps = 0;
      let repeated: number | undefined;
      const seams: number[] = [];
      try {
        reply = yield* call(model, request, scope, streaming, attempt, parseOptions, '');
        addUsage(usage, reply.usage);
        // `continue`: the model goes on from where it stopped, within the continuation budget.
        // A continuation that starts the reply over replaces it (`restarts`); one that begins by repeating the
        // reply's end loses the repeat (`overlaps`), or, when either reading may be meant, refuses the reply
        // (`repeated`: how long the repeat was); `seams`: where the joined parts meet.
        while (reply.finishReason === 'length' && truncation.canContinue(request) && continuations < truncation.maxContinuations) {
          continuations++;
          emit({ type: 'truncated', attempt, action: 'continue', continuation: continuations });
          const more: UnscopedRequest = { ...request, messages: [...messages, { role: 'assistant', content: reply.text }] };
          let next = yield* call(model, more, scope, streaming, attempt, parseOptions, reply.text);
          addUsage(usage, next.usage);
          if (startsOver(reply.text, next.text)) {
            restarts++;
            seams.length = 0;
            reply = restartReply(reply, next);
            continue;
          }
          const join = await chooseJoin(reply.text, next.text, parseOptions);
          if ('drop' in join && join.drop > 0) {
            overlaps++;
            next = { ...next, text: next.text.slice(join.drop) };
          }
          seams.push(reply.text.length);
          reply = joinReplies(reply, next);
          if ('repeated' in join) {
            repeated = join.repeated;
            break; // the reply is refused: going on would only add to it
          }
        }
      } finally {
        scope.dispose();
      }
      const replySha256 = await hashReply(reply.text);
      emit({
        type: 'attempt_ended',
        attempt,
        latencyMs: now() - t0,
        replyLength: reply.text.length,
        replySha256,
        ...shownReplyFacts(reply),
        continuations,
        restarts,
        overlaps,
        ...(options.captureRaw ? { raw: reply.text } : {}),
      });
      const output = reply.usage?.outputTokens;
      if (limit !== undefined && output !== undefined && output >= nearRatio * limit) {
        emit({ type: 'near_token_limit', attempt, outputTokens: output, maxTokens: limit, ratio: output / limit });
      }
      // Read after the attempt was recorded, so telemetry describes the raw reply.
      const joined = reply;
      let refused: JsonMendError | undefined;
      if (options.recoverToolCall) ({ reply, refused } = recoverToolCallReply(reply, schemaName));

      // Several calls of the structured-output tool that differ: taking one would be a guess.
      let verdict: Verdict = refused
        ? { ok: false, stage: 'parse', error: refused, feedback: SEVERAL_CALLS_FEEDBACK, repairs: [], claims: undefined }
        : await judge(reply, settings);
      if (repeated !== undefined) {
        // Written twice or once, the repeated text gives different values: whatever the parser made of it.
        verdict = joinRefusal(verdict, repeatRefused(repeated));
      } else if (verdict.ok && seams.length > 0) {
        // The parts of a continued reply must meet without a repair: one there reads a value across the join.
        const seamRepairs = reply === joined ? verdict.repairs : await rawRepairs(joined.text, parseOptions);
        const found = repairAtSeam(seamRepairs, joined.text, seams, settings.acceptTruncated);
        // Nor may a continuation write a key again: the last would win over the first, silently.
        const again = found ? undefined : keyWrittenAgain(joined.text, seams, parseOptions);
        if (found) verdict = seamRefusal(verdict, found);
        else if (again !== undefined) verdict = joinRefusal(verdict, keyAgainRefused(again));
      }
      if (verdict.repairs.length > 0) {
        const repairs = summarize(verdict.repairs, redact);
        emit({ type: 'repairs_applied', attempt, accepted: verdict.ok, kinds: [...new Set(repairs.map((r) => r.kind))], repairs });
      }
      if (verdict.claims) {
        const { total, passed, failed } = verdict.claims.summary;
        emit({ type: 'claims_checked', attempt, total, passed, failed, failures: claimFailures(verdict.claims, redactClaim) });
      }
      if (verdict.ok) {
        emit({ type: 'outcome', ok: true, attempts: attempt, latencyMs: now() - started, usage: { ...usage } });
        return {
          value: verdict.value as T,
          attempts: attempt,
          repairs: verdict.repairs,
          usage,
          finishReason: reply.finishReason,
          failures,
          claims: verdict.claims,
        };
      }

      const { error, stage } = verdict;
      const shown = stage === 'refusal' ? (reply.refusal ?? reply.text) : reply.text;
      const path = errorPath(error);
      failures.push({ attempt, stage, reply: shown, error, finishReason: reply.finishReason });
      // A claim's path is into the tool output, not the schema's value: keys no schema names and filters are hidden.
      emit({ type: 'attempt_failed', attempt, stage, code: error.code, path: stage === 'claims' ? redactClaim(path) : redact(path), replyLength: shown.length });
      if (quarantine) {
        const time = new Date().toISOString();
        const reason = await toQuarantine(quarantine, async () => ({
          ...base, attempt, stage, code: error.code, path, finishReason: reply.finishReason,
          replyLength: shown.length, replySha256: stage === 'refusal' ? await hashReply(shown) : replySha256,
          reply: shown, time,
        }), options.signal, options.timeoutMs);
        if (reason !== undefined) emit({ type: 'quarantine_failed', attempt, reason });
        // Aborted while the sink wrote: the call ends as any aborted call does.
        if (reason === 'aborted') throw callerAbort(options.signal!);
      }
      if (FATAL.has(error.code)) throw error;
      if (stage !== 'refusal') last = looseValue(reply.text, parseOptions, reply.restore) ?? last;
      if (attempt < maxAttempts) {
        let nextMessages = retryMessages(prompt, shown, verdict.feedback);
        if (stage === 'truncated') {
          const raised = truncation.raise(request, reply.usage);
          if (raised !== undefined) {
            // Not the model's fault: the same request again, with room to finish.
            nextMessages = prompt;
            emit({ type: 'truncated', attempt, action: 'raise-limit', maxTokens: raised });
          } else emit({ type: 'truncated', attempt, action: 'error' });
        }
        emit({ type: 'retry', attempt: attempt + 1, previousCode: error.code });
        if (streaming) yield { type: 'retry', attempt: attempt + 1, error };
        messages = nextMessages;
      } else if (stage === 'truncated') emit({ type: 'truncated', attempt, action: 'error' });
    }
    attempt = maxAttempts;
    throw new RetriesExhaustedError(failures, last, redact, redactClaim);
  } catch (caught) {
    const error =
      caught instanceof JsonMendError
        ? caught
        : new JsonMendError('PROVIDER_ERROR', `unexpected failure (${caught instanceof Error ? caught.name : typeof caught})`, { cause: caught });
    emit({ type: 'outcome', ok: false, attempts: attempt, code: error.code, latencyMs: now() - started, usage: { ...usage } });
    throw error;
  }
}

function checkVerify(verify: unknown): VerifyClaimsOption | undefined {
  if (verify === undefined) return undefined;
  if (verify === null || typeof verify !== 'object' || !('against' in verify)) {
    throw new JsonMendError('INVALID_ARGUMENT', 'verify must be an object { against, claims?, options?, outputSchema? }');
  }
  const v = verify as VerifyClaimsOption;
  if (v.claims !== undefined && typeof v.claims !== 'function') {
    throw new JsonMendError('INVALID_ARGUMENT', 'verify.claims must be a function (value) => claims');
  }
  const output = v.outputSchema;
  if (output !== undefined && typeof output !== 'boolean' && (output === null || typeof output !== 'object' || Array.isArray(output))) {
    throw new JsonMendError('INVALID_ARGUMENT', 'verify.outputSchema must be a JSON Schema (an object or a boolean)');
  }
  return v;
}

/** What the model is told when it called the structured-output tool more than once, with different arguments. */
const SEVERAL_CALLS_FEEDBACK =
  'Your reply calls the tool more than once, with different arguments, and only one value can be taken: which one ' +
  'is meant is a guess. Call the tool once, with the whole value.';

/** The text repairs of a continued reply read as it was written (before a tool call was recovered from it). */
async function rawRepairs(text: string, parseOptions: LoopParseOptions): Promise<Repair[]> {
  const repairs: Repair[] = [];
  try {
    await parseReply(text, undefined, { ...parseOptions, acceptTruncated: true }, undefined, repairs);
  } catch {
    // Unreadable as written: the repairs made before the parser gave up are what there is to check.
  }
  return repairs;
}

/** One model call under the attempt's scope; streamed when asked and possible. `prefix`: text already written. */
async function* call(
  model: Model,
  request: UnscopedRequest,
  scope: AttemptScope,
  streaming: boolean,
  attempt: number,
  parseOptions: LoopParseOptions,
  prefix: string,
): AsyncGenerator<{ type: 'partial'; attempt: number; value: unknown }, ModelReply, undefined> {
  const scoped: ModelRequest = { ...request, signal: scope.signal };
  const reply =
    streaming && model.stream
      ? yield* streamAttempt(model, scoped, scope, attempt, parseOptions, prefix)
      : await scope.run(() => model.generate(scoped));
  return checkReply(reply, model.name);
}

/** One streamed call: yields partial snapshots, returns the complete reply. */
async function* streamAttempt(
  model: Model,
  request: ModelRequest,
  scope: AttemptScope,
  attempt: number,
  parseOptions: LoopParseOptions,
  prefix: string,
): AsyncGenerator<{ type: 'partial'; attempt: number; value: unknown }, ModelReply, undefined> {
  // Snapshots are for display; the schema is applied once, to the complete reply, as in `generate`.
  let parser: StreamParserLike | undefined = createStreamParser({ ...parseOptions });
  if (prefix) {
    try {
      parser.push(prefix); // a continuation: snapshots go on from the text already shown
    } catch {
      parser = undefined;
    }
  }
  // A continuation may start the reply over (see `startsOver`): no snapshot until its beginning tells.
  let kind: 'restart' | 'continue' | undefined = prefix ? undefined : 'continue';
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
        let chunk = part.text;
        if (kind === undefined) {
          kind = continuationKind(prefix, text);
          if (kind === 'restart') {
            // Snapshots start over with the reply: the text before it is replaced, not continued.
            parser = createStreamParser({ ...parseOptions });
            chunk = text;
          }
        }
        if (!parser) continue;
        let value: unknown;
        try {
          value = parser.push(chunk).value;
        } catch {
          parser = undefined; // the final parse reports the error; snapshots simply stop
          continue;
        }
        if (kind === undefined || value === undefined || value === previous) continue;
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
