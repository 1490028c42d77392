// The typed events `generate` reports through `onEvent`, and a plain SHA-256 helper (replies are identified by a
// keyed hash: see reply-hash.ts). Events are telemetry: codes, paths, kinds, counts, lengths and keyed hashes —
// never text a model or a server wrote.
import type { FinishReason, Usage } from './types.js';
import type { ErrorCode } from '../errors.js';
import type { QuarantineFailure } from './quarantine.js';

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
 * | `claims`    | claims in the value did not hold against the tool's output (`verify` option) |
 */
export type FailureStage = 'parse' | 'schema' | 'truncated' | 'refusal' | 'claims';

/**
 * What the loop did about a reply cut off by the output-token limit (`onTruncated`).
 *
 * | action        | meaning                                                                  |
 * | ------------- | ------------------------------------------------------------------------ |
 * | `error`       | the attempt fails; the retry asks for a shorter value                     |
 * | `continue`    | the model is asked to go on from where it stopped; the texts are joined   |
 * | `raise-limit` | the attempt fails; the retry repeats the request with a larger `maxTokens` |
 */
export type TruncationAction = 'error' | 'continue' | 'raise-limit';

/**
 * One failed claim as telemetry reports it: its place in the claims list, its path in the tool output, and the
 * failure code. Not its label: the `id` is text the model wrote.
 */
export interface ClaimFailureSummary {
  /** 0-based position of the claim in the claims list that was checked. */
  index: number;
  /**
   * @deprecated Never set: the claim's label is text the model wrote, which telemetry does not hold. Kept in the
   * type so that event schema version 1 loses no field; use `index`.
   */
  id?: undefined;
  path: string | undefined;
  code: string | undefined;
}

/** Fields every event carries. */
export interface EventBase {
  /** Identifies one `generate`/`streamGenerate` call (events of concurrent calls interleave). */
  callId: string;
  /** The model's name, e.g. `openai-compatible:gpt-4o-mini`. */
  model: string;
  /** The caller's `tool` label, when given. */
  tool?: string;
}

/**
 * Events of one `generate`/`streamGenerate` call (schema version 1; fields are only ever added). Every event has
 * `type`, `callId`, `model` and (when given) `tool`. Replies are identified by length and `replySha256`, an
 * HMAC-SHA-256 under a per-process random key or `replyHashKey` (see `replyHash`), never by their text unless
 * `captureRaw: true` (then `attempt_ended.raw`).
 *
 * | type               | when                                             | fields                                                     |
 * | ------------------ | ------------------------------------------------ | ---------------------------------------------------------- |
 * | `attempt_started`  | before each model call                           | `attempt`, `maxAttempts`, `maxTokens`?                     |
 * | `attempt_ended`    | the model answered                               | `attempt`, `latencyMs`, `replyLength`, `replySha256`, `finishReason`, `usage`, `continuations`, `restarts`, `overlaps`, `raw`? |
 * | `near_token_limit` | the reply used most of its output-token budget   | `attempt`, `outputTokens`, `maxTokens`, `ratio`            |
 * | `truncated`        | the reply was cut off by the token limit         | `attempt`, `action`, `continuation`?, `maxTokens`?         |
 * | `repairs_applied`  | the accepted or a failed reply needed repairs    | `attempt`, `accepted`, `kinds`, `repairs`                  |
 * | `claims_checked`   | claims were verified (`verify` option)           | `attempt`, `total`, `passed`, `failed`, `failures`         |
 * | `attempt_failed`   | the reply was not accepted                       | `attempt`, `stage`, `code`, `path`, `replyLength`          |
 * | `quarantine_failed`| the quarantine sink threw or ran out of time     | `attempt`, `reason` (`error` \| `timeout` \| `aborted`)     |
 * | `retry`            | another attempt follows a failed one             | `attempt` (the next one), `previousCode`                   |
 * | `outcome`          | the call ends, successfully or not               | `ok`, `attempts`, `code`?, `latencyMs`, `usage`            |
 */
export type LoopEvent = EventBase &
  (
    | { type: 'attempt_started'; attempt: number; maxAttempts: number; maxTokens?: number }
    | {
        type: 'attempt_ended';
        attempt: number;
        latencyMs: number;
        replyLength: number;
        /** HMAC-SHA-256 of the reply under the call's `replyHashKey` (default: a random key per process), lowercase hex. */
        replySha256: string;
        finishReason: FinishReason | undefined;
        usage: Usage | undefined;
        /** Extra calls that continued a cut-off reply (`onTruncated: 'continue'`). */
        continuations: number;
        /**
         * Continuations that started the reply over instead of going on (they repeat its beginning): each
         * replaced the text before it and was judged alone.
         */
        restarts: number;
        /**
         * Continuations that began by writing the reply's last characters again: the repeat was dropped (glued
         * once, not twice), as the only reading that joins cleanly.
         */
        overlaps: number;
        /** The reply text, only with `captureRaw: true`. */
        raw?: string;
      }
    | { type: 'near_token_limit'; attempt: number; outputTokens: number; maxTokens: number; ratio: number }
    | { type: 'truncated'; attempt: number; action: TruncationAction; continuation?: number; maxTokens?: number }
    | { type: 'repairs_applied'; attempt: number; accepted: boolean; kinds: string[]; repairs: RepairSummary[] }
    | { type: 'claims_checked'; attempt: number; total: number; passed: number; failed: number; failures: ClaimFailureSummary[] }
    | { type: 'attempt_failed'; attempt: number; stage: FailureStage; code: ErrorCode; path: string | undefined; replyLength: number }
    | {
        type: 'quarantine_failed';
        attempt: number;
        /** Why: the sink threw or rejected, ran out of time, or the caller aborted. Absent in events of earlier versions. */
        reason?: QuarantineFailure;
      }
    | { type: 'retry'; attempt: number; previousCode: ErrorCode }
    | { type: 'outcome'; ok: boolean; attempts: number; code?: ErrorCode; latencyMs: number; usage: Usage }
  );

/** The `type` of a {@link LoopEvent}. */
export type LoopEventType = LoopEvent['type'];

/**
 * Receives events. A listener that throws, or returns a promise that rejects, does not change the call (its
 * error is ignored).
 */
export type LoopEventListener = (event: LoopEvent) => void;

/** An event without the fields the loop adds to every event. */
export type EventBody = LoopEvent extends infer E ? (E extends LoopEvent ? Omit<E, keyof EventBase> : never) : never;

/**
 * Lowercase hex SHA-256 of the UTF-8 text, via `globalThis.crypto.subtle` (browsers, Deno, Bun, Node ≥ 20). Not the
 * hash in events, which is keyed: see `replyHash`.
 */
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

let calls = 0;
const processTag = Math.floor(Math.random() * 0x100000000).toString(36);

/** A new call id: unique within the process, and very likely across processes of one run. */
export function newCallId(): string {
  calls++;
  return `${processTag}-${calls.toString(36)}`;
}

/**
 * An emitter for one call: adds the common fields and calls the listener so that nothing it does — throwing,
 * or returning a promise that rejects — reaches the call.
 */
export function emitter(listener: LoopEventListener | undefined, base: EventBase): (event: EventBody) => void {
  return (event) => {
    if (typeof listener !== 'function') return;
    try {
      const out: unknown = listener({ ...base, ...event } as LoopEvent);
      if (out !== null && typeof out === 'object' && typeof (out as { then?: unknown }).then === 'function') {
        (out as PromiseLike<unknown>).then(undefined, () => undefined);
      }
    } catch {
      // A failing listener must not change the outcome of the call.
    }
  };
}
