// The batch options shared by `parse` and `repair`, and their checks.
import { flag, str, type Context } from '../command.js';
import { EXIT, UsageError } from '../usage.js';
import type { BatchConfig } from './config.js';
import { runBatch } from './run.js';

/** `--jsonl`, `--field`, `--workers`, `--quiet`. */
export const batchOptions = {
  jsonl: { type: 'boolean' },
  field: { type: 'string' },
  workers: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
} as const;

/** Largest accepted `--workers`: more threads than this only add contention. */
export const MAX_WORKERS = 64;

/** Throws a usage error when batch-only options are given without `--jsonl`. */
export function checkBatchOptions(ctx: Context): void {
  if (flag(ctx.values, 'jsonl')) {
    if (flag(ctx.values, 'pretty')) throw new UsageError('--pretty cannot be used with --jsonl: each result must stay on one line');
    return;
  }
  for (const name of ['field', 'workers', 'quiet']) {
    if (ctx.values[name] !== undefined) throw new UsageError(`--${name} only applies to --jsonl batches`);
  }
}

function workerCount(ctx: Context): number {
  const raw = str(ctx.values, 'workers');
  if (raw === undefined) return 1;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > MAX_WORKERS) {
    throw new UsageError(`--workers must be a whole number from 1 to ${MAX_WORKERS}, got '${raw}'`);
  }
  return n;
}

/** Runs `parse --jsonl` or `repair --jsonl`. */
export async function runBatchCommand(ctx: Context, mode: BatchConfig['mode'], file: string | undefined, schema: unknown): Promise<number> {
  const field = str(ctx.values, 'field');
  if (field === '') throw new UsageError('--field needs a name');
  const config: BatchConfig = {
    mode,
    strict: flag(ctx.values, 'strict'),
    report: flag(ctx.values, 'report'),
    countRepairs: flag(ctx.values, 'report') || !flag(ctx.values, 'quiet'),
    reportHuman: ctx.io.stderr.isTTY === true,
    color: ctx.err.color,
  };
  if (field !== undefined) config.field = field;
  if (schema !== undefined) config.schema = schema;
  const workers = workerCount(ctx);
  const code = await runBatch(ctx, config, file, workers, flag(ctx.values, 'quiet'));
  return code === EXIT.ok ? EXIT.ok : EXIT.failed;
}
