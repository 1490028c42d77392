// Side-by-side timing: every contender runs on the same input in one process, and results are
// reported as ratios to a baseline, because absolute times on a shared machine mean little.

/** One contender in a comparison. */
export interface Contender {
  label: string;
  run: () => unknown;
}

/** The measured cost of one contender. */
export interface Measurement {
  label: string;
  /** Median milliseconds per call over the sampled rounds. */
  ms: number;
}

let sink: unknown;

/** Median ms per call of `run`, sampling rounds until about `budgetMs` has passed. */
export function timeIt(run: () => unknown, budgetMs = 400): number {
  return timeInterleaved([run], budgetMs)[0];
}

/**
 * Median ms per call of each of `runs`, sampled in turns (one round of each, then again, the order
 * rotating) for about `budgetMs` in all, so that a slow spell of a shared machine or the garbage
 * collector's state falls on every contender alike instead of on whichever ran at the time.
 */
export function timeInterleaved(runs: readonly (() => unknown)[], budgetMs = 400): number[] {
  // Warm up so the JIT has seen each function before it is timed, and size its rounds.
  const perRound = runs.map((run) => {
    const warmStart = performance.now();
    let calls = 0;
    while (performance.now() - warmStart < budgetMs / (4 * runs.length) || calls < 2) {
      sink = run();
      calls++;
    }
    return Math.max(1, Math.round(calls / 10));
  });
  const samples: number[][] = runs.map(() => []);
  const start = performance.now();
  // The order turns every round: whoever runs right after a large result pays for collecting it.
  for (let round = 0; samples[0].length < 6 || (performance.now() - start < budgetMs && samples[0].length < 200); round++) {
    for (let j = 0; j < runs.length; j++) {
      const k = (j + round) % runs.length;
      const t0 = performance.now();
      for (let i = 0; i < perRound[k]; i++) sink = runs[k]();
      samples[k].push((performance.now() - t0) / perRound[k]);
    }
  }
  return samples.map((list) => {
    list.sort((x, y) => x - y);
    return list[list.length >> 1];
  });
}

/** Times each contender and prints a table of ms/call, MB/s (when `bytes` is given) and ratio to the first. */
export function compare(title: string, contenders: Contender[], options: { bytes?: number; budgetMs?: number } = {}): Measurement[] {
  const times = timeInterleaved(contenders.map((c) => c.run), (options.budgetMs ?? 400) * contenders.length);
  const results = contenders.map((c, i) => ({ label: c.label, ms: times[i] }));
  const base = results[0].ms;
  console.log(`\n${title}`);
  for (const r of results) {
    const mbs = options.bytes ? `${(options.bytes / 1e6 / (r.ms / 1000)).toFixed(1).padStart(8)} MB/s` : '';
    console.log(`  ${r.label.padEnd(44)} ${r.ms.toFixed(3).padStart(10)} ms ${mbs}  ${(r.ms / base).toFixed(2).padStart(7)}× ${r === results[0] ? '(baseline)' : ''}`);
  }
  return results;
}

/** A small seeded PRNG (mulberry32) so generated inputs are the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Keeps results alive so the JIT cannot drop the timed calls. */
export function consume(): unknown {
  return sink;
}
