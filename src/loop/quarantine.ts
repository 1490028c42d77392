// The opt-in quarantine for raw replies: where a failed attempt's text goes for debugging, never into telemetry.
import { describeType, JsonMendError } from '../errors.js';
import type { FailureStage } from './events.js';
import type { FinishReason } from './types.js';
import { openScope } from './call.js';

/** A failed attempt's raw reply, as a quarantine sink receives it. */
export interface QuarantineEntry {
  /** The call's id, as in its events. */
  callId: string;
  model: string;
  tool?: string;
  attempt: number;
  stage: FailureStage;
  code: string;
  path: string | undefined;
  finishReason: FinishReason | undefined;
  replyLength: number;
  /** The keyed hash (`replyHash`) of `reply`, under the call's key: the attempt's `replySha256` but for a refusal. */
  replySha256: string;
  /** The reply text exactly as the model wrote it (the refusal text for a refusal). */
  reply: string;
  /** ISO 8601 time the attempt failed. */
  time: string;
}

/** What a quarantine sink is given besides the entry. */
export interface QuarantineContext {
  /** Fires when the call stops waiting for the sink (its time is up, or the caller aborted): stop writing. */
  signal: AbortSignal;
}

/**
 * Receives the raw reply of every failed attempt (`generate({ quarantine })`). It is awaited, for the attempt's
 * `timeoutMs` and at most {@link QUARANTINE_TIMEOUT_MS}, and no longer than the caller's signal allows; one that
 * throws, rejects or takes longer does not change the call (a `quarantine_failed` event says so, and `signal`
 * tells the sink). On Node, `quarantineDirectory` from `jsonmend/node` writes each entry to an owner-only file.
 */
export type QuarantineSink = (entry: QuarantineEntry, context: QuarantineContext) => void | Promise<void>;

/**
 * The longest the loop waits for a quarantine sink, in milliseconds, when `timeoutMs` allows more or is not set:
 * the sink is a debugging aid, and one that hangs (a stalled network share) must not hold the call.
 */
export const QUARANTINE_TIMEOUT_MS = 30_000;

/** Why a quarantine sink did not take an entry (the `quarantine_failed` event's `reason`). */
export type QuarantineFailure = 'error' | 'timeout' | 'aborted';

/** Checks the `quarantine` option. */
export function checkQuarantine(sink: unknown): QuarantineSink | undefined {
  if (sink === undefined) return undefined;
  if (typeof sink !== 'function') throw new JsonMendError('INVALID_ARGUMENT', `quarantine must be a function, got ${describeType(sink)}`);
  return sink as QuarantineSink;
}

/**
 * Hands an entry to the sink, waiting no longer than `timeoutMs` (at most {@link QUARANTINE_TIMEOUT_MS}) and the
 * caller's `signal`: undefined when the sink took it, else why not. `entry` is made under the same limit.
 */
export async function toQuarantine(
  sink: QuarantineSink,
  entry: () => Promise<QuarantineEntry>,
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
): Promise<QuarantineFailure | undefined> {
  if (signal?.aborted) return 'aborted';
  const scope = openScope(signal, Math.min(timeoutMs ?? Infinity, QUARANTINE_TIMEOUT_MS));
  try {
    await scope.run(async () => sink(await entry(), { signal: scope.signal }));
    return undefined;
  } catch {
    if (signal?.aborted) return 'aborted';
    return scope.signal.aborted ? 'timeout' : 'error';
  } finally {
    scope.dispose();
  }
}
