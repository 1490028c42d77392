// The loop's own error: every attempt failed.
import { JsonMendError } from '../errors.js';
import type { FailureStage } from './events.js';
import { hidden } from './hidden.js';
import { errorPath } from './parse-reply.js';
import { claimPathRedactor, type PathRedactor } from './telemetry-path.js';
import type { FinishReason } from './types.js';

/** One failed attempt, as `RetriesExhaustedError` keeps it. */
export interface FailedAttempt {
  /** 1-based attempt number. */
  attempt: number;
  /** Where it failed: parse, schema, truncated, refusal, claims. */
  stage: FailureStage;
  /** The reply text exactly as the model wrote it (the refusal text for a refusal). */
  reply: string;
  /** Why it was not accepted (a parse error, a `SchemaError`, or a truncation/refusal error). */
  error: JsonMendError;
  /** Why the model stopped. */
  finishReason: FinishReason | undefined;
}

/**
 * Thrown by `generate` when every attempt in the budget failed. Holds each attempt's reply and error, and the
 * last value that parsed (but did not satisfy the schema) for inspection — never returned as a result. Its
 * message names codes, stages, paths and lengths only; `attempts` and `lastValue`, which hold what the model
 * wrote, are not enumerable, so a logger printing the error (or `JSON.stringify`) does not print them, and the
 * last attempt's error is in `attempts`, not in `cause`.
 */
export class RetriesExhaustedError extends JsonMendError {
  /** Every attempt, oldest first (not enumerable). */
  declare readonly attempts: readonly FailedAttempt[];
  /** Whether any reply parsed to a value at all. */
  readonly hasLastValue: boolean;
  /** The most recent value that parsed without the schema (partially valid); `undefined` when none did (not enumerable). */
  declare readonly lastValue: unknown;

  /**
   * `redact` turns the last failure's path into the one the message and `path` show (`generate` passes one that
   * writes keys the schema does not name as `*`: they are the model's words, and the message reaches logs).
   * A claim's path goes through `redactClaim` (`generate` passes one that shows only the keys a schema names; the
   * default hides every key), its filters hidden (`[?…]`), or `…` when it is no path (see shownClaimPath).
   */
  constructor(attempts: readonly FailedAttempt[], last: { value: unknown } | undefined, redact?: PathRedactor, redactClaim: PathRedactor = claimPathRedactor()) {
    const final = attempts[attempts.length - 1];
    const n = attempts.length;
    const found = final ? errorPath(final.error) : undefined;
    const path = final?.stage === 'claims' ? redactClaim(found) : redact && final ? redact(found) : found;
    super(
      'RETRIES_EXHAUSTED',
      `${n === 1 ? 'the only attempt' : `all ${n} attempts`} failed; last: ${final ? describeFailure(final, path) : 'none'}`,
      path !== undefined ? { path } : {},
    );
    this.name = 'RetriesExhaustedError';
    hidden(this, 'attempts', attempts);
    this.hasLastValue = last !== undefined;
    hidden(this, 'lastValue', last?.value);
  }
}

/** A failed attempt in words that carry nothing the model wrote: code, stage, path, length. */
function describeFailure(failure: FailedAttempt, path: string | undefined): string {
  return `${failure.error.code} (${failure.stage}${path ? ` at ${path}` : ''}, reply of ${failure.reply.length} characters)`;
}
