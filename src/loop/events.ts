// The typed events `generate` reports through `onEvent`, and the SHA-256 used to identify replies.
import type { FinishReason, Usage } from './types.js';
import type { ErrorCode } from '../errors.js';

/** One repair as telemetry reports it: the kind, and where (JSON Pointer for schema repairs, offset for text). */
export interface RepairSummary {
  kind: string;
  path?: string;
  offset?: number;
}

/**
 * Why an attempt failed.
 *
 * | stage       | meaning                                                        |
 * | ----------- | -------------------------------------------------------------- |
 * | `parse`     | the reply held no JSON or JSON that could not be repaired      |
 * | `schema`    | the value did not satisfy the schema, even after repairs       |
 * | `truncated` | the reply was cut off by the output-token limit                |
 * | `refusal`   | the model refused                                              |
 */
export type FailureStage = 'parse' | 'schema' | 'truncated' | 'refusal';

/**
 * Events of one `generate`/`streamGenerate` call. Replies are identified by length and SHA-256, never by
 * their text unless `captureRaw: true`.
 *
 * | type              | when                                       | fields                                                      |
 * | ----------------- | ------------------------------------------ | ----------------------------------------------------------- |
 * | `attempt_started` | before each model call                     | `attempt`, `maxAttempts`, `model`                           |
 * | `attempt_ended`   | the model answered                         | `attempt`, `latencyMs`, `replyLength`, `replySha256`, `finishReason`, `usage`, `raw`? |
 * | `repairs_applied` | the accepted or failed reply needed repairs| `attempt`, `kinds`, `repairs`                               |
 * | `attempt_failed`  | the reply was not accepted                 | `attempt`, `stage`, `code`, `path`, `message`               |
 * | `retry`           | another attempt follows a failed one       | `attempt` (the next one), `previousCode`                    |
 * | `outcome`         | the call ends, successfully or not         | `ok`, `attempts`, `code`?, `latencyMs`, `usage`             |
 */
export type LoopEvent =
  | { type: 'attempt_started'; attempt: number; maxAttempts: number; model: string }
  | {
      type: 'attempt_ended';
      attempt: number;
      latencyMs: number;
      replyLength: number;
      replySha256: string;
      finishReason: FinishReason | undefined;
      usage: Usage | undefined;
      /** The reply text, only with `captureRaw: true`. */
      raw?: string;
    }
  | { type: 'repairs_applied'; attempt: number; kinds: string[]; repairs: RepairSummary[] }
  | { type: 'attempt_failed'; attempt: number; stage: FailureStage; code: ErrorCode; path: string | undefined; message: string }
  | { type: 'retry'; attempt: number; previousCode: ErrorCode }
  | { type: 'outcome'; ok: boolean; attempts: number; code?: ErrorCode; latencyMs: number; usage: Usage };

/** The `type` of a {@link LoopEvent}. */
export type LoopEventType = LoopEvent['type'];

/** Receives events; a listener that throws does not break the call (its error is ignored). */
export type LoopEventListener = (event: LoopEvent) => void;

/** Lowercase hex SHA-256 of the UTF-8 text, via `globalThis.crypto.subtle` (browsers, Deno, Bun, Node ≥ 20). */
export async function sha256Hex(text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return '';
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Monotonic milliseconds where available. */
export function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}
