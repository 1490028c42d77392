// The CLI's batch mode on a large JSONL file of damaged replies: `parse --jsonl --workers 2` against one
// worker (the speed-up), peak memory at two file sizes (flat, because the input is streamed), and the
// CLI's CPU time in each mode (parse, repair, extract, verify) against its in-process equivalent on
// the same replies doing the same work per line (the batch's overhead per worker), and against the
// bare engine (`parse` on replies already decoded, no output).
// Size: JSONMEND_BENCH_CLI_MB (default 100) for the large file; the small one is a quarter of it.
// JSONMEND_BENCH_CLI_PROFILE=1 also runs the small file once under `node --cpu-prof` (1 and 2
// workers) and prints where each thread's time went.
// Needs the build (`npm run bench` builds first).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from './harness.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const mainJs = join(root, 'dist', 'bin', 'main.js');
// The same program unbundled (one module per source file): a profile of it names each sample's module.
const unbundledMainJs = join(root, 'dist', 'cli', 'main.js');
const bigMb = Math.max(1, Number(process.env.JSONMEND_BENCH_CLI_MB ?? 100));

const words = ['alpha', 'beta', 'gamma', 'delta', 'refund', 'order', 'damaged', 'late', 'great', 'awful', 'blue', 'size'];

/** One damaged model reply (as the text the model wrote), varied like a real dataset. */
function damagedReply(rand: () => number, i: number): string {
  const pick = () => words[Math.floor(rand() * words.length)];
  const value = {
    id: i,
    label: pick(),
    confidence: Math.round(rand() * 1000) / 1000,
    tags: [pick(), pick(), pick()],
    summary: `${pick()} ${pick()} ${pick()} ${pick()} ${pick()}`,
    flagged: rand() < 0.5,
    extra: null,
  };
  const json = JSON.stringify(value, null, rand() < 0.3 ? 2 : undefined);
  const r = rand();
  if (r < 0.01) return `I'm sorry, but I can't classify item ${i}.`;
  if (r < 0.2) return json;
  if (r < 0.4) return `${json.slice(0, -1)},}`;
  if (r < 0.55) return json.replace(/"/g, "'").replace(/true/g, 'True').replace(/false/g, 'False').replace(/null/g, 'None');
  if (r < 0.75) return `Sure! Here is the classification:\n\n\`\`\`json\n${json}\n\`\`\`\n\nLet me know if you need anything else.`;
  if (r < 0.9) return json.slice(0, Math.max(2, Math.floor(json.length * (0.5 + rand() * 0.5))));
  return json.replace(/"(\w+)":/g, '$1:').replace(/,/, ', // first field\n');
}

async function generate(file: string, mb: number, seed: number): Promise<number> {
  const rand = seededRandom(seed);
  const out = createWriteStream(file);
  const target = mb * 1e6;
  let written = 0;
  let i = 0;
  while (written < target) {
    let block = '';
    while (block.length < 1 << 20) block += `${JSON.stringify(damagedReply(rand, i++))}\n`;
    written += Buffer.byteLength(block);
    if (!out.write(block)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return i;
}

const timeV = existsSync('/usr/bin/time') && spawnSync('/usr/bin/time', ['-v', 'true']).status === 0;
// Without GNU time, a preload prints the process's own peak RSS (worker threads share the process).
const rssHook =
  `data:text/javascript,process.on('exit',()=>{const u=process.resourceUsage();` +
  `process.stderr.write('\\nMAXRSS_KB '+u.maxRSS+' CPU_US '+(u.userCPUTime+u.systemCPUTime)+'\\n')})`;

interface Measured {
  seconds: number;
  /** CPU seconds (user + system) of the whole process, every thread included. */
  cpu: number;
  rssMb: number;
  code: number | null;
}

/** The batch modes and what each is given besides the file (verify: the claims file). */
type Mode = 'parse' | 'repair' | 'extract' | 'verify';
/** Claims every bench reply's value is checked against in `verify --jsonl`. */
const claims = [
  { mode: 'field', path: 'label', value: 'alpha' },
  { mode: 'range', path: 'confidence', min: 0, max: 1 },
  { mode: 'type', path: 'id', schema: { type: 'integer' } },
];
let claimsFile = '';

function runCli(file: string, workers: number, quiet = true, mode: Mode = 'parse'): Measured {
  const args = [mainJs, mode, '--jsonl', ...(quiet ? ['--quiet'] : []), '--workers', String(workers), ...(mode === 'verify' ? [claimsFile] : []), file];
  const t0 = performance.now();
  const child = timeV
    ? spawnSync('/usr/bin/time', ['-v', process.execPath, ...args], { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 })
    : spawnSync(process.execPath, ['--import', rssHook, ...args], { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
  const seconds = (performance.now() - t0) / 1000;
  const stderr = child.stderr.toString();
  const kb = timeV ? /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr) : /MAXRSS_KB (\d+)/.exec(stderr);
  let cpu = NaN;
  if (timeV) {
    const user = /User time \(seconds\): ([\d.]+)/.exec(stderr);
    const sys = /System time \(seconds\): ([\d.]+)/.exec(stderr);
    if (user && sys) cpu = Number(user[1]) + Number(sys[1]);
  } else {
    const us = /CPU_US (\d+)/.exec(stderr);
    if (us) cpu = Number(us[1]) / 1e6;
  }
  return { seconds, cpu, rssMb: kb ? Number(kb[1]) / 1024 : NaN, code: child.status };
}

/**
 * The least wall and the least CPU time of `reps` runs (the machine is shared: the minimum is the
 * least disturbed run), and the largest peak RSS (memory is not disturbed by other processes).
 */
function best(file: string, workers: number, reps: number, quiet = true, mode: Mode = 'parse'): Measured {
  let top: Measured | undefined;
  for (let i = 0; i < reps; i++) {
    const m = runCli(file, workers, quiet, mode);
    if (top === undefined) top = m;
    else top = { seconds: Math.min(top.seconds, m.seconds), cpu: Math.min(top.cpu, m.cpu), rssMb: Math.max(top.rssMb, m.rssMb), code: m.code };
  }
  return top!;
}

/**
 * Wall seconds for two independent one-worker CLI runs on `file` at the same time, the least of
 * `reps`: two threads that share nothing, not even a process. 2 × (one run alone) / this is what
 * the machine itself gives a second busy core, so the most `--workers 2` can reach on it: on a
 * virtual machine, two busy cores often each run slower than one.
 */
async function pairSeconds(file: string, reps: number): Promise<number> {
  let least = Infinity;
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    const runs = [0, 1].map(
      () =>
        new Promise<void>((done, fail) => {
          const child = spawn(process.execPath, [mainJs, 'parse', '--jsonl', '--quiet', '--workers', '1', file], { stdio: 'ignore' });
          child.on('error', fail);
          child.on('exit', () => done());
        }),
    );
    await Promise.all(runs);
    least = Math.min(least, (performance.now() - t0) / 1000);
  }
  return least;
}

/**
 * CPU and wall seconds of the in-process equivalent of `mode` over the file's lines (see
 * bench/cli-in-process.ts), in a process of its own: `coldCpu` is its first pass, as cold as a fresh
 * CLI's engine, and `cpu` the least of `reps`.
 */
function inProcess(file: string, reps: number, mode: Mode | 'parse-only' = 'parse'): { cpu: number; seconds: number; coldCpu: number } {
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench', 'cli-in-process.ts'), file, String(reps), mode, claimsFile], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`bench/cli-in-process.ts failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as { cpu: number; seconds: number; coldCpu: number };
}

/**
 * The CLI (one worker) and its in-process equivalent on `file`, in `rounds` turns of one run each,
 * the least CPU of each side. In turns, so a busy spell of the machine falls on both: run as two
 * blocks, the in-process side alone moved from 33 to 56 MB per CPU-second between two bench runs,
 * more than any change measured with it.
 */
function perWorkerRounds(file: string, mode: Mode, rounds: number): { cli: Measured; base: { cpu: number; seconds: number; coldCpu: number } } {
  let cli: Measured | undefined;
  let base: { cpu: number; seconds: number; coldCpu: number } | undefined;
  for (let i = 0; i < rounds; i++) {
    const c = runCli(file, 1, true, mode);
    cli = cli === undefined ? c : { seconds: Math.min(cli.seconds, c.seconds), cpu: Math.min(cli.cpu, c.cpu), rssMb: Math.max(cli.rssMb, c.rssMb), code: c.code };
    const b = inProcess(file, 3, mode);
    base = base === undefined ? b : { cpu: Math.min(base.cpu, b.cpu), seconds: Math.min(base.seconds, b.seconds), coldCpu: Math.min(base.coldCpu, b.coldCpu) };
  }
  return { cli: cli!, base: base! };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

/** What a sample was doing, from its stack (innermost first): the parts the batch's cost splits into. */
function sampleKind(stack: ProfileNode['callFrame'][]): string {
  const self = stack[0].functionName;
  if (self === '(garbage collector)') return 'garbage collector';
  if (self === '(idle)' || self === '(program)') return 'idle / other threads';
  const file = (f: ProfileNode['callFrame']) => f.url.slice(f.url.lastIndexOf('/') + 1);
  const under = (name: string, url: string) => stack.some((f) => f.functionName === name && file(f) === url);
  if (under('parse', 'api.js') || under('repair', 'api.js')) return 'engine (parse of each reply)';
  if (under('unwrap', 'answer.js')) return "line decoding (the line's JSON.parse)";
  if (under('line', 'bytes.js')) return 'output encoding';
  if (under('answerLine', 'answer.js')) return 'JSON.stringify of each value';
  if (under('processChunk', 'process.js')) return 'chunk loop (decode, line cutting, records)';
  if (stack.some((f) => f.functionName === 'postMessage' || f.url.includes('worker'))) return 'worker messaging';
  if (under('lineChunks', 'lines.js')) return 'line reader';
  if (stack.some((f) => /modules|loader|compile|pre_execution/.test(f.url + f.functionName))) return 'start-up (loading modules)';
  return 'other (I/O, streams, event loop)';
}

/** One `--cpu-prof` run of the CLI (unbundled, so samples name their modules); prints, per thread, the share of samples in each part. */
function profileCli(file: string, workers: number): void {
  const dir = mkdtempSync(join(tmpdir(), 'jsonmend-cli-prof-'));
  try {
    spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, unbundledMainJs, 'parse', '--jsonl', '--quiet', '--workers', String(workers), file], { stdio: 'ignore' });
    for (const name of readdirSync(dir).sort()) {
      const profile = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const parent = new Map<number, number>();
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
      const kinds = new Map<string, number>();
      let total = 0;
      profile.samples.forEach((id, i) => {
        const stack: ProfileNode['callFrame'][] = [];
        for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!.callFrame);
        const t = profile.timeDeltas[i] ?? 0;
        total += t;
        const kind = sampleKind(stack);
        kinds.set(kind, (kinds.get(kind) ?? 0) + t);
      });
      const thread = name.split('.')[4] === '0' ? 'main thread' : `worker thread ${name.split('.')[4]}`;
      const parts = [...kinds].sort((a, b) => b[1] - a[1]).map(([k, t]) => `${k} ${((100 * t) / total).toFixed(0)}%`);
      console.log(`  ${thread}, ${(total / 1e6).toFixed(1)} s sampled: ${parts.join(', ')}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (!existsSync(mainJs)) {
  console.log(`cli bench skipped: ${mainJs} is missing (run npm run build first)`);
} else {
  const dir = mkdtempSync(join(tmpdir(), 'jsonmend-cli-bench-'));
  try {
    const sizes = [Math.max(1, Math.round(bigMb / 4)), bigMb];
    console.log(`\nCLI batch: parse --jsonl on damaged replies (peak RSS via ${timeV ? '/usr/bin/time -v' : 'process.resourceUsage'})`);
    const load0 = loadavg()[0];
    const rows: { mb: number; lines: number; one: Measured; two: Measured; pair: number }[] = [];
    let perWorker: { warm1: number; warm2: number; loud1: number; engine: number } | undefined;
    const perMode: { mode: Mode; ratio: number; cold: number; cliMbPerCpu: number; baseMbPerCpu: number }[] = [];
    claimsFile = join(dir, 'claims.json');
    writeFileSync(claimsFile, JSON.stringify(claims));
    for (const mb of sizes) {
      const file = join(dir, `replies-${mb}mb.jsonl`);
      const lines = await generate(file, mb, 20240601 + mb);
      const actualMb = statSync(file).size / 1e6;
      // The small file is run three times per setting to damp noise; the large one twice, to bound the time.
      const reps = mb === bigMb && sizes[0] !== bigMb ? 2 : 3;
      const one = best(file, 1, reps);
      const two = best(file, 2, reps);
      const pair = await pairSeconds(file, reps);
      rows.push({ mb: actualMb, lines, one, two, pair });
      if (mb === sizes[0] && process.env.JSONMEND_BENCH_CLI_PROFILE === '1') {
        for (const w of [1, 2]) {
          console.log(`  where the time goes, --workers ${w} (node --cpu-prof, ${actualMb.toFixed(0)} MB):`);
          profileCli(file, w);
        }
      }
      for (const [label, m] of [['1 worker (in-process)', one], ['--workers 2', two]] as const) {
        console.log(
          `  ${actualMb.toFixed(0).padStart(4)} MB ${String(lines).padStart(8)} lines  ${label.padEnd(22)} ${m.seconds.toFixed(2).padStart(7)} s ` +
            `${(actualMb / m.seconds).toFixed(1).padStart(7)} MB/s  CPU ${m.cpu.toFixed(1).padStart(6)} s (${((100 * m.cpu) / m.seconds).toFixed(0).padStart(3)}%)  ` +
            `peak RSS ${m.rssMb.toFixed(0).padStart(5)} MB  exit ${m.code}`,
        );
      }
      if (mb === bigMb) {
        // The per-worker target: each mode's CLI at >= 70% of its in-process equivalent on the same
        // replies, in CPU time (steadier than wall time on a shared machine). The large file, so the
        // CLI's fixed costs (start-up, the engine's cold first pass) weigh as in real use. The
        // in-process side does the same work per line as the CLI (decode the line, call the library,
        // write the answer as JSON text) and is warm (the least of three passes in one process); the
        // two are run in turns (perWorkerRounds).
        const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)}%`;
        const engineOnly = inProcess(file, 3, 'parse-only');
        const loud = best(file, 1, reps, false);
        // parse's in-process CPU time, warm, for the 2-worker and summary figures.
        let parseCpu = NaN;
        for (const mode of ['parse', 'repair', 'extract', 'verify'] as const) {
          const { cli, base } = perWorkerRounds(file, mode, 3);
          if (mode === 'parse') parseCpu = base.cpu;
          perMode.push({ mode, ratio: base.cpu / cli.cpu, cold: base.coldCpu / cli.cpu, cliMbPerCpu: actualMb / cli.cpu, baseMbPerCpu: actualMb / base.cpu });
          console.log(
            `  ${mode.padEnd(8)} in process (same line work, warm) ${(actualMb / base.cpu).toFixed(1).padStart(5)} MB per CPU-second ` +
              `(${(actualMb / base.coldCpu).toFixed(1)} on its cold first pass); --jsonl --quiet, 1 worker, start-up included, ` +
              `${(actualMb / cli.cpu).toFixed(1).padStart(5)}: ${pct(base.cpu, cli.cpu)} of warm, ${pct(base.coldCpu, cli.cpu)} of cold`,
          );
        }
        perWorker = { warm1: perMode[0].ratio, warm2: parseCpu / two.cpu, loud1: parseCpu / loud.cpu, engine: engineOnly.cpu / one.cpu };
        console.log(
          `  parse, the engine alone in process (replies already decoded, no output): ${(actualMb / engineOnly.cpu).toFixed(1)} MB per CPU-second warm; ` +
            `the CLI ${pct(engineOnly.cpu, one.cpu)} of it; with the summary (repairs counted) ${pct(perWorker.loud1, 1)} of the same-work in-process figure`,
        );
      }
      console.log(
        `  ${''.padStart(22)}speed-up with --workers 2: ${(one.seconds / two.seconds).toFixed(2)}× wall time ` +
          `(CPU used ${(two.cpu / one.cpu).toFixed(2)}× as much; a CPU share under 200% means other processes held the cores)`,
      );
      console.log(
        `  ${''.padStart(22)}two independent 1-worker runs at once: twice the work in ${pair.toFixed(2)} s, so this machine gives ` +
          `two busy cores ${((2 * one.seconds) / pair).toFixed(2)}× one; --workers 2 reached ${((100 * pair) / (2 * two.seconds)).toFixed(0)}% of that`,
      );
      rmSync(file, { force: true });
    }
    const [small, big] = rows;
    console.log(
      `  memory as the file grows ${small.mb.toFixed(0)} → ${big.mb.toFixed(0)} MB (${(big.mb / small.mb).toFixed(1)}×): ` +
        `1 worker ${(big.one.rssMb / small.one.rssMb).toFixed(2)}×, 2 workers ${(big.two.rssMb / small.two.rssMb).toFixed(2)}× peak RSS`,
    );
    // The figures the batch targets, in one place (issue 16): what a re-measurement compares.
    const pc = (r: number) => `${(100 * r).toFixed(0)}%`;
    const speedup = (r: { one: Measured; two: Measured; pair: number }) =>
      `${(r.one.seconds / r.two.seconds).toFixed(2)}× (two independent runs: ${((2 * r.one.seconds) / r.pair).toFixed(2)}×)`;
    const rss = (a: number, b: number) => `${a.toFixed(0)} → ${b.toFixed(0)} MB (${(b / a).toFixed(2)}×)`;
    console.log(`\n  FIGURES (targets: >= 70% per worker, >= 1.7× with 2 workers on an idle 2-core machine, flat peak memory)`);
    console.log(`  machine: ${cpus().length} cores, load average ${load0.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (above ~0.5 the wall-time speed-up is not an idle-machine figure)`);
    if (perWorker !== undefined) {
      console.log(
        `  per worker, CPU time vs the in-process equivalent (same replies, same line work, warm), ${big.mb.toFixed(0)} MB, start-up included: ` +
          perMode.map((m) => `${m.mode} ${pc(m.ratio)} (${m.cliMbPerCpu.toFixed(1)} vs ${m.baseMbPerCpu.toFixed(1)} MB/CPU-s)`).join(', '),
      );
      // A fresh process doing the same line work once is what the CLI competes with in a one-off
      // batch: the engine's first, unoptimised pass is most of the gap to the warm figure.
      console.log(`  per worker vs the same line work's first pass in a fresh process (as cold as the CLI's): ${perMode.map((m) => `${m.mode} ${pc(m.cold)}`).join(', ')}`);
      console.log(
        `  parse also: 2 workers ${pc(perWorker.warm2)} each; with the summary ${pc(perWorker.loud1)}; vs the engine alone (no line decoding, no output) ${pc(perWorker.engine)}`,
      );
    }
    console.log(`  2 workers vs 1, wall time: ${speedup(big)} on ${big.mb.toFixed(0)} MB, ${speedup(small)} on ${small.mb.toFixed(0)} MB (best of the runs; CPU share of the 2-worker run ${((100 * big.two.cpu) / big.two.seconds).toFixed(0)}%)`);
    console.log(`  peak RSS, ${small.mb.toFixed(0)} → ${big.mb.toFixed(0)} MB file: 1 worker ${rss(small.one.rssMb, big.one.rssMb)}, 2 workers ${rss(small.two.rssMb, big.two.rssMb)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
