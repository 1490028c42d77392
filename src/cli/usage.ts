// Exit codes and the usage error that maps to exit code 2.
import { JsonMendError } from '../index.js';

/**
 * 0 success, 1 the input could not be parsed (or a claim failed), 2 the command line was wrong, 3 the
 * output could not be written (standard output, stderr, or the -o/--overwrite file).
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, output: 3 } as const;

/** A mistake in the command line (unknown option, missing argument, unreadable file): exit code 2. */
export class UsageError extends JsonMendError {
  constructor(message: string) {
    super('INVALID_ARGUMENT', message);
    this.name = 'UsageError';
  }
}

/** The output could not be written (disk full, I/O error, a path that cannot be written): exit code 3. */
export class OutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputError';
  }
}
