// Exit codes and the usage error that maps to exit code 2.
import { JsonMendError } from '../index.js';

/** 0 success, 1 the input could not be parsed (or a claim failed), 2 the command line was wrong. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** A mistake in the command line (unknown option, missing argument, unreadable file): exit code 2. */
export class UsageError extends JsonMendError {
  constructor(message: string) {
    super('INVALID_ARGUMENT', message);
    this.name = 'UsageError';
  }
}
