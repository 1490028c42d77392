// The batch pipeline: line reader → chunks (in this thread or on workers) → results written in input
// order (see ordered.ts). Stdout's backpressure pauses the reading, so memory stays flat however
// large the input is.
import { stat } from 'node:fs/promises';
import type { Context } from '../command.js';
import { checkStdin, describeFsError, STDIN_NAME, write } from '../io.js';
import { ProgressBar } from '../progress.js';
import { EXIT, UsageError } from '../usage.js';
import type { BatchConfig, ChunkResult } from './config.js';
import { escapeControls, escapeJsonControls } from '../term.js';
import { BufferPool } from './buffers.js';
import { fileSource } from './lines.js';
import { orderedResults } from './ordered.js';

/** The batch summary: what the last stderr line(s) say. */
export interface BatchSummary {
  lines: number;
  ok: number;
  failed: number;
  /** `verify` only: lines whose document failed at least one claim. */
  unmet?: number;
  repairedLines: number;
  repairs: Record<string, number>;
  failures: Record<string, number>;
}

function merge(into: Record<string, number>, from: Record<string, number>): void {
  for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
}

function ranked(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
}

async function openSource(file: string | undefined, ctx: Context, buffers: BufferPool): Promise<{ name: string; source: AsyncIterable<Uint8Array | string>; size?: number }> {
  if (file === undefined || file === '-') {
    checkStdin(ctx.io);
    return { name: STDIN_NAME, source: ctx.io.stdin as AsyncIterable<Uint8Array | string> };
  }
  let size: number;
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    size = info.size;
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${describeFsError(error)}`);
  }
  return { name: file, source: fileSource(file, buffers), size };
}

/** Runs a batch; resolves to exit code 0 when every line succeeded (and its claims held), 1 otherwise. */
export async function runBatch(ctx: Context, settings: BatchConfig, file: string | undefined, workers: number, quiet: boolean): Promise<number> {
  const buffers = new BufferPool();
  const { name, source, size } = await openSource(file, ctx, buffers);
  // The output's buffer is reused once written (buffers.ts); only the process's own stdout is known
  // to be done with the bytes when it says so (a stream handed in may keep them, as a PassThrough does).
  const stdout = ctx.io.stdout;
  const reuse = stdout === process.stdout;
  // --quiet keeps stderr empty (docs/scale.md): no per-line warnings either; the 1e999 is in the output.
  const config: BatchConfig = quiet ? settings : { ...settings, source: name };
  const stderr = ctx.io.stderr;
  const progress = !quiet && stderr.isTTY === true ? new ProgressBar(stderr, ctx.err, size, ctx.io.env) : undefined;
  const summary: BatchSummary = { lines: 0, ok: 0, failed: 0, repairedLines: 0, repairs: {}, failures: {} };
  let unmet = 0;
  let bytesDone = 0;

  const emit = async (result: ChunkResult, sizeBytes: number) => {
    // Results on the same terminal as the bar would be drawn over it: erase the bar first.
    if (stdout.isTTY === true) progress?.clear();
    await write(stdout, result.out, reuse ? () => buffers.give(result.out) : undefined);
    if (result.report !== '') {
      progress?.clear();
      await write(stderr, result.report);
    }
    summary.lines += result.lines;
    summary.failed += result.failed;
    unmet += result.unmet;
    summary.repairedLines += result.repairedLines;
    merge(summary.repairs, result.repairs);
    merge(summary.failures, result.failures);
    bytesDone += sizeBytes;
    progress?.update(bytesDone, summary.lines, summary.failed);
  };

  try {
    for await (const { result, bytes } of orderedResults(source, config, workers, { size }, buffers)) await emit(result, bytes);
  } finally {
    progress?.clear();
  }
  summary.ok = summary.lines - summary.failed;
  if (config.mode === 'verify') summary.unmet = unmet;
  if (!quiet) await write(stderr, formatSummary(summary, name, config, ctx));
  return summary.failed > 0 || unmet > 0 ? EXIT.failed : EXIT.ok;
}

/**
 * What the claims came to over the lines read. "all claims hold" only when some line was checked: with
 * every line failed (blank, prose, cut off) no claim was checked at all, and that is not a pass.
 */
function claimsSummary(s: BatchSummary, st: Context['err']): string {
  if (s.unmet! > 0) return st.red(`${s.unmet} with a failed claim`);
  if (s.ok === 0) return s.lines === 0 ? 'no lines, so no claims checked' : st.red('no line could be read, so no claims checked');
  return s.failed > 0 ? `all claims hold on the ${s.ok} ${s.ok === 1 ? 'line' : 'lines'} read` : st.green('all claims hold');
}

function formatSummary(s: BatchSummary, name: string, config: BatchConfig, ctx: Context): string {
  if (config.report && !config.reportHuman) return `${escapeJsonControls(JSON.stringify({ summary: { file: name, ...s } }))}\n`;
  const st = ctx.err;
  let out = `jsonmend: ${escapeControls(name)}: ${s.lines} ${s.lines === 1 ? 'line' : 'lines'}, ${st.green(`${s.ok} ok`)} (${s.repairedLines} repaired)`;
  out += s.failed > 0 ? `, ${st.red(`${s.failed} failed`)}` : ', 0 failed';
  if (s.unmet !== undefined) out += `; ${claimsSummary(s, st)}`;
  out += '\n';
  if (s.repairedLines > 0) out += `  repairs: ${ranked(s.repairs)}\n`;
  if (s.failed > 0) out += `  failures: ${ranked(s.failures)} (see the {"line", "error"} records)\n`;
  return out;
}
