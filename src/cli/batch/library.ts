// The batch path as a library, for Node services: the same line reader, workers and ordering as
// `jsonmend parse --jsonl` / `repair --jsonl` / `extract --jsonl` / `verify --jsonl`, so a service and the CLI give the same answers at the
// same speed. Node-only (worker threads, streams): import it from `jsonmend/batch`.
import { Duplex } from 'node:stream';
import type { BatchConfig, BatchMode } from './config.js';
import { MAX_WORKERS } from './command.js';
import { JsonMendError, verifyAll, type Claim } from '../../index.js';
import { BufferPool } from './buffers.js';
import { orderedResults } from './ordered.js';

const decoder = new TextDecoder('utf-8');
const MODES: readonly BatchMode[] = ['parse', 'repair', 'extract', 'verify'];

/** How {@link batchLines} and {@link createBatchStream} treat each line. */
export interface BatchOptions {
  /**
   * `parse` (default): each line's value as compact JSON. `repair`: each line's reply repaired, in
   * the form it came in. `extract`: each reply's first JSON candidate, as `jsonmend extract` prints
   * it. `verify`: each line's value checked against `claims`, as `{ok, results, summary}`.
   */
  mode?: BatchMode | undefined;
  /** With `mode: 'verify'`: the claims every line is checked against (checked for shape at once). */
  claims?: readonly Claim[] | undefined;
  /**
   * With `mode: 'verify'`: check a line whose document was cut off against the claims anyway. By
   * default such a line fails with `REPAIR_REFUSED` (the `truncated` repair), as `jsonmend verify`
   * refuses a cut-off document: answers about part of a tool output would pass for the whole's.
   */
  acceptTruncated?: boolean | undefined;
  /** Each line is a JSON object holding the reply under this key (otherwise a JSON string or a raw reply). */
  field?: string | undefined;
  /** A JSON Schema every value must satisfy (after schema repair); a plain JSON object, as workers need one. */
  schema?: unknown;
  /** Refuse repairs that guess (see `ParseOptions.strict`). */
  strict?: boolean | undefined;
  /** Threads (1 to 64; default 1, the calling thread alone). Worker threads start once 16 MB have been read: a shorter batch runs faster without them. */
  workers?: number | undefined;
}

function configOf(options: BatchOptions): { config: BatchConfig; workers: number } {
  const workers = options.workers ?? 1;
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) {
    throw new JsonMendError('INVALID_ARGUMENT', `workers must be a whole number from 1 to ${MAX_WORKERS}, got ${String(options.workers)}`);
  }
  const mode = options.mode ?? 'parse';
  if (!MODES.includes(mode)) throw new JsonMendError('INVALID_ARGUMENT', `mode must be one of ${MODES.join(', ')}, got ${String(mode)}`);
  // Nobody reads repair counts here, so the engine records none (its fastest setting).
  const config: BatchConfig = { mode, strict: options.strict === true, report: false, reportHuman: false, color: false, countRepairs: false };
  if (options.field !== undefined) config.field = options.field;
  if (options.schema !== undefined) config.schema = options.schema;
  if (mode === 'verify') {
    if (options.claims === undefined) throw new JsonMendError('INVALID_ARGUMENT', "mode 'verify' needs claims");
    // Throws INVALID_CLAIM for a malformed claim now, not once per line.
    verifyAll(options.claims, null);
    config.claims = [...options.claims];
    if (options.acceptTruncated === true) config.acceptTruncated = true;
  }
  return { config, workers };
}

/**
 * One output line (without its newline) per input line, in input order: the value as compact JSON,
 * or `{"line": N, "error": {...}}` for a line that failed (a bad line never stops the batch).
 * `source` is any async iterable of text or bytes (a file stream, a socket, stdin) cut anywhere.
 * @example
 * for await (const line of batchLines(createReadStream('replies.jsonl'))) console.log(line);
 */
export async function* batchLines(source: AsyncIterable<Uint8Array | string>, options: BatchOptions = {}): AsyncGenerator<string> {
  const { config, workers } = configOf(options);
  const buffers = new BufferPool();
  for await (const { result } of orderedResults(source, config, workers, {}, buffers)) {
    const out = decoder.decode(result.out);
    buffers.give(result.out);
    let start = 0;
    for (let end = out.indexOf('\n'); end !== -1; end = out.indexOf('\n', start)) {
      yield out.slice(start, end);
      start = end + 1;
    }
  }
}

/**
 * The batch as a stream stage: JSONL replies written in, JSONL results read out (strings, one or
 * more whole lines at a time, newline-terminated), in order, with backpressure both ways.
 * @example
 * await pipeline(process.stdin, createBatchStream({ workers: 2 }), process.stdout);
 */
export function createBatchStream(options: BatchOptions = {}): Duplex {
  const { config, workers } = configOf(options);
  return Duplex.from(async function* (source: AsyncIterable<Uint8Array | string>) {
    const buffers = new BufferPool();
    for await (const { result } of orderedResults(source, config, workers, {}, buffers)) {
      const out = decoder.decode(result.out);
      buffers.give(result.out);
      yield out;
    }
  });
}
