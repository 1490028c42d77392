import { parse } from '../dist/schema/index.js';
import { extract } from '../dist/extract/index.js';
import { fencedTrailingCommas, records } from './corpus.js';
const value = records(1_000, 11);
const text = fencedTrailingCommas(value);
const valid = JSON.stringify(value, null, 2);
const inner = text.slice(text.indexOf('```json\n') + 8, text.lastIndexOf('\n```'));
console.log('text', text.length, 'valid', valid.length);
function time(label: string, f: () => unknown, n = 20000) {
  for (let i = 0; i < 2000; i++) f();
  let best = Infinity;
  for (let r = 0; r < 7; r++) { const t = performance.now(); for (let i = 0; i < n; i++) f(); best = Math.min(best, (performance.now() - t) / n * 1000); }
  console.log(label.padEnd(30), best.toFixed(2), 'µs');
  return best;
}
const native = time('JSON.parse(valid)', () => JSON.parse(valid));
const ours = time('parse(text)', () => parse(text));
time('extract(text)', () => extract(text));
time('parse(inner)', () => parse(inner));
time('JSON.parse fail(text)', () => { try { JSON.parse(text); } catch {} });
time('JSON.parse fail(inner)', () => { try { JSON.parse(inner); } catch {} });
console.log('ratio', (native / ours).toFixed(3));
