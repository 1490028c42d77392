// `npm run fuzz -- --seconds N [--seed S] [--only NAME[,NAME…]] [--path P] [--no-timing | --timing-only]`
// Runs every fuzz property for a share of N seconds, then the timing families, and prints one line per
// property or family; a failure prints a one-line reproducer. Exit code 1 when anything failed.
import { parseArgs } from 'node:util';
import { checkProperty, type PropertyResult } from './harness.js';
import { KNOWN_FAILING_PROPERTIES, KNOWN_SLOW_FAMILIES } from './known-failing.js';
import { PROPERTIES } from './properties.js';
import { FAMILIES, measure, type TimingResult } from './timing.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    seed: { type: 'string' },
    only: { type: 'string' },
    path: { type: 'string' },
    'no-timing': { type: 'boolean', default: false },
    'timing-only': { type: 'boolean', default: false },
  },
});

const seconds = Number(values.seconds);
if (!(seconds > 0)) throw new Error(`--seconds must be a positive number, got ${values.seconds}`);
const baseSeed = values.seed !== undefined ? Number(values.seed) : Date.now() % 1_000_000_000;
const only = values.only?.split(',').map((s) => s.trim()).filter((s) => s !== '');
const selected = <T extends { name: string }>(items: readonly T[]): T[] =>
  only === undefined ? [...items] : items.filter((x) => only.some((o) => x.name === o || x.name.startsWith(`${o}.`) || x.name.startsWith(o)));

const properties = values['timing-only'] ? [] : selected(PROPERTIES);
const families = values['no-timing'] || values.path !== undefined ? [] : selected(FAMILIES);
const known = (name: string, table: Readonly<Record<string, string>>): string => (table[name] !== undefined ? ` (known: ${table[name]})` : '');

console.log(`fuzz: seed ${baseSeed}, ${seconds} s, ${properties.length} properties, ${families.length} timing families`);
const started = Date.now();
// Properties share the time budget; the timing families take what they need afterwards (about a minute).
const propertyBudgetMs = seconds * 1000;
const results: PropertyResult[] = [];
properties.forEach((p, i) => {
  const remaining = propertyBudgetMs - (Date.now() - started);
  const share = Math.max(200, remaining / (properties.length - i));
  const seed = values.seed !== undefined && values.path !== undefined ? baseSeed : baseSeed + i;
  const r = checkProperty(p, { seed, path: values.path, timeLimitMs: share });
  results.push(r);
  if (r.ok) console.log(`ok    ${p.name}  ${r.runs} runs`);
  else {
    console.log(`FAIL  ${p.name}  after ${r.runs} runs${known(p.name, KNOWN_FAILING_PROPERTIES)}: ${r.error}`);
    console.log(`      ${r.reproducer}`);
  }
});

const timings: TimingResult[] = [];
for (const f of families) {
  const r = measure(f);
  timings.push(r);
  const figures = `n=${r.n}: ${r.ms.toFixed(1)} ms, 4n: ${r.ms4.toFixed(1)} ms, ratio ${r.ratio.toFixed(2)} (limit 5)`;
  console.log(`${r.ok ? 'ok   ' : 'SLOW '} timing ${f.name}  ${figures}${r.ok ? '' : known(f.name, KNOWN_SLOW_FAMILIES)}`);
  if (!r.ok) console.log(`      REPRO ${f.name}: npm run fuzz -- --timing-only --only ${f.name}`);
}

const failed = results.filter((r) => !r.ok);
const slow = timings.filter((r) => !r.ok);
const runs = results.reduce((n, r) => n + r.runs, 0);
console.log(
  `fuzz: ${runs} inputs over ${results.length} properties, ${failed.length} failed` +
    `${failed.length > 0 ? ` (${failed.map((r) => r.name).join(', ')})` : ''}; ` +
    `${timings.length} timing families, ${slow.length} above 5x${slow.length > 0 ? ` (${slow.map((r) => r.name).join(', ')})` : ''}; ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exitCode = failed.length + slow.length > 0 ? 1 : 0;
