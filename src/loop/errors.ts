// The loop's own error: every attempt failed.
import { JsonMendError } from '../errors.js';
import type { FinishReason } from './types.js';

/** One failed attempt, as `RetriesExhaustedError` keeps it. */
export interface FailedAttempt {
  /** 1-based attempt number. */
  attempt: number;
  /** The reply text exactly as the model wrote it (the refusal text for a refusal). */
  reply: string;
  /** Why it was not accepted (a parse error, a `SchemaError`, or a truncation/refusal error). */
  error: JsonMendError;
  /** Why the model stopped. */
  finishReason: FinishReason | undefined;
}

/**
 * Thrown by `generate` when every attempt in the budget failed. Holds each attempt's reply and error, and the
 * last value that parsed (but did not satisfy the schema) for inspection — never returned as a result.
 */
export class RetriesExhaustedError extends JsonMendError {
  /** Every attempt, oldest first. */
  readonly attempts: readonly FailedAttempt[];
  /** Whether any reply parsed to a value at all. */
  readonly hasLastValue: boolean;
  /** The most recent value that parsed without the schema (partially valid); `undefined` when none did. */
  readonly lastValue: unknown;

  constructor(attempts: readonly FailedAttempt[], last: { value: unknown } | undefined) {
    const final = attempts[attempts.length - 1];
    const n = attempts.length;
    super(
      'RETRIES_EXHAUSTED',
      `${n === 1 ? 'the only attempt' : `all ${n} attempts`} failed; last error: ${final ? final.error.message : 'none'}`,
      final ? { cause: final.error, ...(final.error.path !== undefined ? { path: final.error.path } : {}) } : {},
    );
    this.name = 'RetriesExhaustedError';
    this.attempts = attempts;
    this.hasLastValue = last !== undefined;
    this.lastValue = last?.value;
  }
}
