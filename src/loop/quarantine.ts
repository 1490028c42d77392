// The opt-in quarantine for raw replies: where a failed attempt's text goes for debugging, never into telemetry.
import { describeType, JsonMendError } from '../errors.js';
import type { FailureStage } from './events.js';
import type { FinishReason } from './types.js';

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
  replySha256: string;
  /** The reply text exactly as the model wrote it (the refusal text for a refusal). */
  reply: string;
  /** ISO 8601 time the attempt failed. */
  time: string;
}

/**
 * Receives the raw reply of every failed attempt (`generate({ quarantine })`). It is awaited; one that throws or
 * rejects does not change the call (a `quarantine_failed` event says so). On Node, `quarantineDirectory` from
 * `jsonmend/node` writes each entry to an owner-only file.
 */
export type QuarantineSink = (entry: QuarantineEntry) => void | Promise<void>;

/** Checks the `quarantine` option. */
export function checkQuarantine(sink: unknown): QuarantineSink | undefined {
  if (sink === undefined) return undefined;
  if (typeof sink !== 'function') throw new JsonMendError('INVALID_ARGUMENT', `quarantine must be a function, got ${describeType(sink)}`);
  return sink as QuarantineSink;
}
