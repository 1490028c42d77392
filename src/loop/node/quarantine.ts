// The quarantine on disk: each failed attempt's raw reply in its own owner-only file, for debugging.
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JsonMendError } from '../../errors.js';
import type { QuarantineContext, QuarantineEntry, QuarantineSink } from '../quarantine.js';

/** Options of {@link quarantineDirectory}. */
export interface QuarantineDirectoryOptions {
  /** The directory; created if missing, with owner-only permissions (0700). */
  dir: string;
}

/**
 * A quarantine sink (`generate({ quarantine })`) that writes each failed attempt, raw reply included, as one JSON
 * file `<time>-<callId>-<attempt>-<random>.json` with owner-only permissions (0600) in `dir` (0700). Nothing is
 * written anywhere else; nothing is written unless this sink is passed.
 */
export function quarantineDirectory(options: QuarantineDirectoryOptions): QuarantineSink {
  if (options === null || typeof options !== 'object' || typeof options.dir !== 'string' || options.dir === '') {
    throw new JsonMendError('INVALID_ARGUMENT', 'quarantineDirectory needs { dir }');
  }
  const { dir } = options;
  let ready: Promise<void> | undefined;
  return async (entry: QuarantineEntry, context?: QuarantineContext) => {
    ready ??= mkdir(dir, { recursive: true, mode: 0o700 }).then(() => chmod(dir, 0o700));
    await ready;
    const stamp = entry.time.replace(/[:.]/g, '-');
    const name = `${stamp}-${entry.callId}-${entry.attempt}-${randomUUID().slice(0, 8)}.json`;
    // The signal: the loop stopped waiting (a stalled disk); the write is given up, not left running.
    await writeFile(join(dir, name), `${JSON.stringify(entry, null, 2)}\n`, { mode: 0o600, flag: 'wx', signal: context?.signal });
  };
}
