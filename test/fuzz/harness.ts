// Runs one fuzz property and turns a failure into a one-line reproducer; shared by `npm run fuzz` and
// the smoke test in `npm test`.
import fc from 'fast-check';
import type { FuzzProperty } from './properties.js';

/** What one property's run found. */
export interface PropertyResult {
  name: string;
  ok: boolean;
  runs: number;
  /** For a failure: the error's first line. */
  error?: string;
  /** For a failure: one line that reruns exactly the failing input. */
  reproducer?: string;
}

/** Options of {@link checkProperty}. */
export interface CheckOptions {
  seed: number;
  /** A fast-check path, to replay one failure. */
  path?: string;
  numRuns?: number;
  /** Stop after this long (the run counts as passed if nothing failed by then). */
  timeLimitMs?: number;
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split('\n').find((l) => l.trim() !== '') ?? text;
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** The input of a counterexample as one JSON string (a single argument is not wrapped in an array). */
function inputJson(counterexample: readonly unknown[] | null): string {
  if (counterexample === null) return 'null';
  const value = counterexample.length === 1 ? counterexample[0] : counterexample;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return JSON.stringify(fc.stringify(value));
  }
}

export function checkProperty(p: FuzzProperty, options: CheckOptions): PropertyResult {
  const details = fc.check(p.property(), {
    seed: options.seed,
    ...(options.path !== undefined ? { path: options.path, endOnFailure: true } : {}),
    numRuns: options.numRuns ?? (options.timeLimitMs !== undefined ? 1_000_000_000 : 100),
    ...(options.timeLimitMs !== undefined ? { interruptAfterTimeLimit: options.timeLimitMs, markInterruptAsFailure: false } : {}),
  }) as fc.RunDetails<never[]>;
  if (!details.failed) return { name: p.name, ok: true, runs: details.numRuns };
  const error = firstLine(details.errorInstance);
  const reproducer = `REPRO ${p.name}: npm run fuzz -- --only ${p.name} --seed ${details.seed} --path ${details.counterexamplePath ?? ''} # input=${inputJson(details.counterexample as unknown[] | null)}`;
  return { name: p.name, ok: false, runs: details.numRuns, error, reproducer };
}
