// A/B: two builds of jsonmend side by side in one process, timed in turns on the bench corpus.
// `node --import tsx bench/ab.ts <distA> <distB>` (e.g. a build of main in a worktree, /tmp/base/dist, and ./dist)
// prints each build's ms per call and B/A (a third argument keeps only the cases whose name holds it); a ratio above 1 means B is slower. Interleaving puts a busy
// spell of a shared machine on both builds alike; run it twice to see the noise.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fencedTrailingCommas, jsLiteral, pythonRepr, records, truncated } from './corpus.js';

type Parse = (text: string) => unknown;
type Repair = (text: string) => string;
interface StreamParser { push(chunk: string): { value: unknown }; end(): unknown }
type CreateStream = () => StreamParser;

interface Build { parse: Parse; repair: Repair; stream: CreateStream }

async function load(dir: string): Promise<Build> {
  const url = (p: string) => pathToFileURL(resolve(dir, p)).href;
  const schema = await import(url('schema/index.js'));
  const parse = await import(url('parse/index.js'));
  const stream = await import(url('stream/index.js'));
  return { parse: schema.parse, repair: parse.repair, stream: stream.createStreamParser };
}

const [dirA, dirB, only] = process.argv.slice(2);
if (!dirA || !dirB) {
  console.error('usage: node --import tsx bench/ab.ts <distA> <distB>');
  process.exit(2);
}
// A build with no package.json above it is not the package's ESM to tsx, which then transforms its
// files (a `__name` call wrapped around every closure made): 3-4× slower extraction, a false A/B.
for (const dir of [dirA, dirB]) {
  let at = resolve(dir);
  while (!existsSync(resolve(at, 'package.json')) && dirname(at) !== at) at = dirname(at);
  if (!existsSync(resolve(at, 'package.json'))) {
    console.error(`${dir}: no package.json above it; keep the build in a checkout (git worktree add …) so it loads as the package does`);
    process.exit(2);
  }
}
const [a, b] = [await load(dirA), await load(dirB)];
const budget = Number(process.env.JSONMEND_BENCH_MS ?? 3000);

function streamRun(build: Build, parts: readonly string[]): unknown {
  const p = build.stream();
  let v: unknown;
  for (const c of parts) v = p.push(c).value;
  return [v, p.end()];
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

const cases: [string, (x: Build) => unknown][] = [];
for (const size of [1_000, 100_000]) {
  const text = JSON.stringify(records(size, 7));
  cases.push([`valid ${size / 1000} KB`, (x) => x.parse(text)]);
}
for (const [name, damage] of [['python repr', pythonRepr], ['js literal', (v: unknown) => jsLiteral(v)], ['fenced trailing commas', fencedTrailingCommas], ['truncated', truncated]] as const) {
  for (const size of [1_000, 100_000]) {
    const text = damage(records(size, 11));
    cases.push([`${name} ${size / 1000} KB`, (x) => x.parse(text)]);
  }
  const text = damage(records(100_000, 11));
  cases.push([`${name} 100 KB, repair()`, (x) => x.repair(text)]);
}
const parts = chunks(JSON.stringify({ items: records(200_000, 7) }, null, 2), 4);
cases.push(['stream 200 KB in 4-char chunks', (x) => streamRun(x, parts)]);

console.log(`A = ${dirA}\nB = ${dirB}\n`);
let keep: unknown;

/**
 * ms per call of A and B, sampled in turns (A then B, then B then A, ...) for about `budget` ms:
 * the median and the fastest sample of each. On a busy machine the fastest is the steadier figure:
 * noise only ever adds time.
 */
function ab(run: (x: Build) => unknown): { median: [number, number]; min: [number, number] } {
  const builds = [a, b];
  const warm = performance.now();
  let calls = 0;
  while (performance.now() - warm < budget / 4 || calls < 4) {
    for (const x of builds) keep = run(x);
    calls++;
  }
  const reps = Math.max(1, Math.round(calls / 20));
  const samples: [number[], number[]] = [[], []];
  const start = performance.now();
  for (let round = 0; samples[0].length < 10 || (performance.now() - start < budget && samples[0].length < 400); round++) {
    for (let j = 0; j < 2; j++) {
      const k = (j + round) % 2;
      const t0 = performance.now();
      for (let i = 0; i < reps; i++) keep = run(builds[k]);
      samples[k].push((performance.now() - t0) / reps);
    }
  }
  for (const list of samples) list.sort((x, y) => x - y);
  const median = (list: number[]) => list[list.length >> 1];
  return { median: [median(samples[0]), median(samples[1])], min: [samples[0][0], samples[1][0]] };
}

console.log(`${'case'.padEnd(40)} ${'A median'.padStart(9)} ${'B median'.padStart(9)}  B/A med  ${'A min'.padStart(9)} ${'B min'.padStart(9)}  B/A min`);
for (const [name, run] of cases) {
  if (only !== undefined && !name.includes(only)) continue;
  const { median, min } = ab(run);
  const f = (x: number) => x.toFixed(3).padStart(9);
  console.log(`${name.padEnd(40)} ${f(median[0])} ${f(median[1])}  ${(median[1] / median[0]).toFixed(3).padStart(7)}  ${f(min[0])} ${f(min[1])}  ${(min[1] / min[0]).toFixed(3).padStart(7)}`);
}
if (keep === Symbol.for('never')) console.log(keep);
