// Extraction cost on a realistic long reply: 5 KB of prose, then ~95 KB of JSON in a ```json fence,
// then a closing sentence. Baseline: JSON.parse of the bare JSON. Target: extract + JSON.parse ≤ 1.3×.
import { compare, seededRandom } from './harness.js';
import { extract } from '../dist/extract/index.js';

const random = seededRandom(3);
const words = ['the', 'model', 'returns', 'a', 'value', 'with', 'fields', 'for', 'each', 'item', 'and', 'notes', 'about', 'it'];
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];

function sentence(): string {
  const n = 6 + Math.floor(random() * 12);
  const ws: string[] = [];
  for (let i = 0; i < n; i++) ws.push(pick(words));
  return `${ws.join(' ')}. `;
}

function prose(bytes: number): string {
  let s = '';
  while (s.length < bytes) s += random() < 0.1 ? '\n\n' : sentence();
  return s;
}

function record(i: number): unknown {
  return {
    id: i,
    name: `item-${i}-${Math.floor(random() * 1e6)}`,
    price: Math.round(random() * 1e5) / 100,
    tags: [pick(words), pick(words), pick(words)],
    active: random() < 0.5,
    note: sentence().trim(),
    dims: { w: Math.floor(random() * 100), h: Math.floor(random() * 100) },
  };
}

const items: unknown[] = [];
let json = '';
while (json.length < 95_000) {
  items.push(record(items.length));
  json = JSON.stringify({ items, total: items.length }, null, 2);
}
const fenced = `${prose(5_000)}\n\n\`\`\`json\n${json}\n\`\`\`\n\nLet me know if you need anything else.`;
const inProse = `${prose(5_000)} ${JSON.stringify({ items, total: items.length })}. Let me know.`;
const bare = JSON.stringify({ items, total: items.length });

const check = extract(fenced);
if (check.length !== 1 || check[0].source !== 'fence' || check[0].text !== json) throw new Error('bench input: fence not found exactly');

console.log(`reply: ${(fenced.length / 1024).toFixed(0)} KB, JSON ${(json.length / 1024).toFixed(0)} KB in a fence after 5 KB of prose`);
compare('fenced reply: extract + JSON.parse vs JSON.parse of the bare JSON', [
  { label: 'JSON.parse(bare fenced JSON)', run: () => JSON.parse(json) },
  { label: 'extract(reply) + JSON.parse(candidate)', run: () => JSON.parse(extract(fenced)[0].text) },
  { label: 'extract(reply) alone', run: () => extract(fenced) },
], { bytes: fenced.length, budgetMs: 600 });

compare('reply starting with JSON (whole): extract + JSON.parse vs JSON.parse', [
  { label: 'JSON.parse(text)', run: () => JSON.parse(json) },
  { label: 'extract(text) + JSON.parse(candidate)', run: () => JSON.parse(extract(json)[0].text) },
  { label: 'extract(text) alone', run: () => extract(json) },
], { bytes: json.length, budgetMs: 400 });

compare('compact JSON inside a sentence (balanced scan of every character)', [
  { label: 'JSON.parse(bare compact JSON)', run: () => JSON.parse(bare) },
  { label: 'extract(reply) + JSON.parse(candidate)', run: () => JSON.parse(extract(inProse)[0].text) },
  { label: 'extract(reply) alone', run: () => extract(inProse) },
], { bytes: inProse.length, budgetMs: 400 });
