// The batch options shared by `parse`, `repair`, `extract` and `verify`, and their checks.
import { flag, str, type Context } from '../command.js';
import { EXIT, UsageError } from '../usage.js';
import type { BatchConfig, BatchMode } from './config.js';
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

/** What a mode adds to the batch settings: a schema (`parse`), the claims (`verify`). */
export type ModeSettings = Pick<BatchConfig, 'schema' | 'claims'>;

/** Runs `parse --jsonl`, `repair --jsonl`, `extract --jsonl` or `verify --jsonl`. */
export async function runBatchCommand(ctx: Context, mode: BatchMode, file: string | undefined, settings: ModeSettings = {}): Promise<number> {
  const field = str(ctx.values, 'field');
  if (field === '') throw new UsageError('--field needs a name');
  const config: BatchConfig = {
    mode,
    ...settings,
    strict: flag(ctx.values, 'strict'),
    report: flag(ctx.values, 'report'),
    countRepairs: flag(ctx.values, 'report') || !flag(ctx.values, 'quiet'),
    reportHuman: ctx.io.stderr.isTTY === true,
    color: ctx.err.color,
  };
  if (field !== undefined) config.field = field;
  if (flag(ctx.values, 'all')) config.all = true;
  if (flag(ctx.values, 'text')) config.text = true;
  if (flag(ctx.values, 'feedback')) config.feedback = true;
  if (flag(ctx.values, 'accept-truncated')) config.acceptTruncated = true;
  const workers = workerCount(ctx);
  const code = await runBatch(ctx, config, file, workers, flag(ctx.values, 'quiet'));
  return code === EXIT.ok ? EXIT.ok : EXIT.failed;
}
