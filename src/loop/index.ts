// Public surface of the loop module: generate/streamGenerate, providers, tool arguments, telemetry.
export { generate, streamGenerate } from './generate.js';
export type { GenerateOptions, GenerateResult, OutputOf, StreamGenerateEvent } from './generate.js';
export { RetriesExhaustedError } from './errors.js';
export type { FailedAttempt } from './errors.js';
export { parseToolArguments } from '../tools/arguments.js';
export type { ToolArgumentsOptions } from '../tools/arguments.js';
export type { LoopParseOptions } from './parse-reply.js';
export { createTelemetry } from './telemetry.js';
export type { Telemetry, TelemetryCounts, TelemetryGroup, TelemetryOptions, TelemetryReport } from './telemetry.js';
export { sha256Hex } from './events.js';
export { replyHash } from './reply-hash.js';
export type { ReplyHashKey } from './reply-hash.js';
export type {
  ClaimFailureSummary, EventBase, FailureStage, LoopEvent, LoopEventListener, LoopEventType, RepairSummary, TruncationAction,
} from './events.js';
export type { VerifyClaimsOption } from './judge.js';
export type { QuarantineContext, QuarantineEntry, QuarantineFailure, QuarantineSink } from './quarantine.js';
export { QUARANTINE_TIMEOUT_MS } from './quarantine.js';
export type { TruncationPolicy } from './truncation.js';
export { openaiCompatible, ollama, anthropic } from './providers/index.js';
export type { AnthropicOptions, OllamaOptions, OpenAICompatibleOptions, OpenAIResponseFormat } from './providers/index.js';
export { MAX_RETRY_AFTER_MS, ProviderHttpError } from './http.js';
export { toStrictJsonSchema } from './strict.js';
export type { StrictProjection } from './strict.js';
export type {
  ChatMessage,
  FinishReason,
  HttpProviderOptions,
  JsonSchemaObject,
  Model,
  ModelFunction,
  ModelLike,
  ModelReply,
  ModelRequest,
  ModelStreamPart,
  Usage,
} from './types.js';
export type { PromptInput } from './prompt.js';
