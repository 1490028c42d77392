// A JSONL telemetry writer for Node: one line per loop event, each with the run id, a sequence number and a time.
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { JsonMendError } from '../../errors.js';
import type { LoopEvent } from '../events.js';

/** The `schema` field of every line: the name and version of the event schema (fields are only ever added). */
export const TELEMETRY_SCHEMA = 'jsonmend.loop.event/1';

/** One line of the file: the event's own fields after the envelope. */
export type TelemetryLine = { schema: typeof TELEMETRY_SCHEMA; runId: string; seq: number; time: string } & LoopEvent;

/** Options of {@link createJsonlTelemetry}. */
export interface JsonlTelemetryOptions {
  /** The file to append to (created with owner-only permissions, 0600; its directory is created if missing). */
  path: string;
  /** The run's id, written on every line. Default: a random UUID. */
  runId?: string | undefined;
}

/** A writer: pass `onEvent` to `generate`; `close()` when the run is over. */
export interface JsonlTelemetry {
  readonly runId: string;
  readonly path: string;
  /** The listener for `generate({ onEvent })`. Never throws. */
  readonly onEvent: (event: LoopEvent) => void;
  /** Lines written so far. */
  readonly lines: number;
  /** The first write error, if any (writing stops after it). */
  readonly error: Error | undefined;
  /** Flushes and closes the file; rejects with the write error, if there was one. */
  close(): Promise<void>;
}

/**
 * Appends every loop event to a JSONL file, one JSON object per line:
 * `{ "schema": "jsonmend.loop.event/1", "runId", "seq", "time", "type", "callId", "model", "tool"?, …event }`.
 * The events hold codes, paths, kinds, counts, lengths and hashes; reply text only with `captureRaw: true`.
 */
export function createJsonlTelemetry(options: JsonlTelemetryOptions): JsonlTelemetry {
  if (options === null || typeof options !== 'object' || typeof options.path !== 'string' || options.path === '') {
    throw new JsonMendError('INVALID_ARGUMENT', 'createJsonlTelemetry needs { path }');
  }
  if (options.runId !== undefined && typeof options.runId !== 'string') throw new JsonMendError('INVALID_ARGUMENT', 'runId must be a string');
  const runId = options.runId ?? randomUUID();
  mkdirSync(dirname(options.path), { recursive: true, mode: 0o700 });
  const stream: WriteStream = createWriteStream(options.path, { flags: 'a', mode: 0o600 });
  let seq = 0;
  let error: Error | undefined;
  stream.on('error', (e) => {
    error ??= e;
  });
  return {
    runId,
    path: options.path,
    get lines() {
      return seq;
    },
    get error() {
      return error;
    },
    onEvent(event) {
      if (error) return;
      try {
        seq++;
        stream.write(`${JSON.stringify({ schema: TELEMETRY_SCHEMA, runId, seq, time: new Date().toISOString(), ...event })}\n`);
      } catch (e) {
        error ??= e instanceof Error ? e : new Error(String(e));
      }
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        stream.end(() => (error ? reject(error) : resolve()));
      });
    },
  };
}
