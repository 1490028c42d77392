// Streaming: a ~200 KB reply in 4-character chunks with a snapshot after every chunk, against the
// peers that re-parse the accumulated text (partial-json, the AI SDK) and the incremental ones
// (@streamparser/json, jsonriver); growth at ~400 KB; and one whole-document chunk against JSON.parse.
import { JSONParser } from '@streamparser/json';
import { parsePartialJson } from 'ai';
import { parse as jsonriver } from 'jsonriver';
import { parse as partialJson } from 'partial-json';
import { createStreamParser } from '../dist/stream/index.js';
import { compare, seededRandom, timeInterleaved } from './harness.js';

const WORDS = 'the of model reply stream value token json parse quick brown fox jumps over lazy dog agent tool call result'.split(' ');

/** A typical reply: an array of objects with strings, numbers and nested arrays, about `bytes` long. */
function reply(bytes: number, seed: number): string {
  const rnd = seededRandom(seed);
  const word = () => WORDS[Math.floor(rnd() * WORDS.length)];
  const sentence = (n: number) => Array.from({ length: n }, word).join(' ');
  const items: unknown[] = [];
  let size = 2;
  while (size < bytes) {
    const item = {
      id: items.length + 1,
      title: sentence(3 + Math.floor(rnd() * 5)),
      score: Math.round(rnd() * 10000) / 100,
      active: rnd() < 0.5,
      tags: Array.from({ length: 1 + Math.floor(rnd() * 4) }, word),
      points: Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => [Math.floor(rnd() * 1000), Math.floor(rnd() * 1000)]),
      note: rnd() < 0.3 ? null : sentence(8 + Math.floor(rnd() * 20)),
    };
    const text = JSON.stringify(item, null, 2);
    // Nested one level deeper in the output: each line gains two spaces of indentation.
    size += text.length + 2 * (text.split('\n').length) + 2;
    items.push(item);
  }
  return JSON.stringify({ items }, null, 2);
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function oursStream(parts: readonly string[], eager = false): unknown {
  const p = createStreamParser({ eager });
  let v: unknown;
  for (const c of parts) v = p.push(c).value;
  return [v, p.end()];
}

function streamparser(parts: readonly string[]): unknown {
  const p = new JSONParser({ paths: ['$'], keepStack: false });
  let v: unknown;
  p.onValue = ({ value }) => (v = value);
  for (const c of parts) p.write(c);
  return v;
}

async function river(parts: readonly string[]): Promise<unknown> {
  async function* gen(): AsyncGenerator<string> {
    for (const c of parts) yield c;
  }
  let v: unknown;
  for await (const value of jsonriver(gen())) v = value;
  return v;
}

/** Median ms of an async run, warmed up and sampled on a time budget like timeIt. */
async function timeAsync(run: () => Promise<unknown>, budgetMs: number): Promise<number> {
  const warmStart = performance.now();
  while (performance.now() - warmStart < budgetMs / 4) await run();
  const samples: number[] = [];
  const start = performance.now();
  while (samples.length < 5 || performance.now() - start < budgetMs) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

/** Quadratic peers: measured once, on a smaller prefix-sum, because a full run takes minutes. */
async function onceMs(run: () => unknown): Promise<number> {
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
}

const doc200 = reply(200_000, 7);
const doc400 = reply(400_000, 7);
const parts200 = chunks(doc200, 4);
const parts400 = chunks(doc400, 4);

console.log(`\ninputs: ${(doc200.length / 1000).toFixed(0)} KB in ${parts200.length} chunks, ${(doc400.length / 1000).toFixed(0)} KB in ${parts400.length} chunks`);

const [ours200, ours400, eager200, eager400, sp200] = timeInterleaved([
  () => oursStream(parts200), () => oursStream(parts400), () => oursStream(parts200, true), () => oursStream(parts400, true),
  () => streamparser(parts200),
], 15_000);
const river200 = await timeAsync(() => river(parts200), 3000);

// partial-json and the AI SDK re-parse the whole accumulated text after each chunk. Their cost is
// quadratic: measured once on the first 1/16 and the first 1/8 of the chunks, then extrapolated to
// all chunks as a·n² from the 1/8 run (×64), printed as extrapolated.
async function reparse(parse: (t: string) => unknown, parts: readonly string[]): Promise<number> {
  return onceMs(async () => {
    let acc = '';
    for (const c of parts) {
      acc += c;
      await parse(acc);
    }
  });
}
function extrapolate(_t16: number, t8: number): number {
  return t8 * 64;
}
const eighth = parts200.slice(0, parts200.length >> 4);
const quarter = parts200.slice(0, parts200.length >> 3);
const pj8 = await reparse((t) => partialJson(t), eighth);
const pj4 = await reparse((t) => partialJson(t), quarter);
const ai8 = await reparse((t) => parsePartialJson(t), eighth);
const ai4 = await reparse((t) => parsePartialJson(t), quarter);
const pjAll = extrapolate(pj8, pj4);
const aiAll = extrapolate(ai8, ai4);

console.log('\n200 KB reply, 4-character chunks, value read after every chunk (median ms; ratio = peer / jsonmend)');
const row = (label: string, ms: number, note = '') => console.log(`  ${label.padEnd(44)} ${ms.toFixed(1).padStart(10)} ms  ${(ms / ours200).toFixed(1).padStart(8)}× ${note}`);
row('jsonmend createStreamParser (snapshots)', ours200, '(baseline)');
row('jsonmend, eager: true (every change shown)', eager200);
row('@streamparser/json JSONParser (no snapshots)', sp200);
row('jsonriver parse (mutating, async)', river200);
row('partial-json parse on accumulated text', pjAll, `(extrapolated ×64 from 1/8 of the chunks: ${pj4.toFixed(0)} ms; 1/16: ${pj8.toFixed(0)} ms; measured once)`);
row('ai parsePartialJson on accumulated text', aiAll, `(extrapolated ×64 from 1/8 of the chunks: ${ai4.toFixed(0)} ms; 1/16: ${ai8.toFixed(0)} ms; measured once)`);
console.log(`\ngrowth: 400 KB costs ${(ours400 / ours200).toFixed(2)}× the 200 KB figure (target ≤ 2.2×); with eager: true ${(eager400 / eager200).toFixed(2)}×`);

compare('whole 200 KB document in one chunk', [
  { label: 'JSON.parse', run: () => JSON.parse(doc200) },
  { label: 'jsonmend push(all) + end()', run: () => { const p = createStreamParser(); p.push(doc200); return p.end(); } },
], { bytes: doc200.length, budgetMs: 1500 });
