// RFC 8785 `canonicalize` vs the `canonicalize` package, on a generated ~1 MB document and on many small ones.
import canonicalizePkg from 'canonicalize';
import { canonicalize } from '../dist/verify/index.js';
import { compare, seededRandom } from './harness.js';

const random = seededRandom(8785);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
const words = ['alpha', 'bravo', 'charlie', 'délta', 'echo', 'fox"trot', 'golf\n', 'hotel', 'india', '€uro'];

function record(i: number): Record<string, unknown> {
  return {
    zeta: i,
    id: `r-${i}`,
    name: `${pick(words)} ${pick(words)}`,
    score: random() * 1e6,
    tiny: random() * 1e-9,
    flag: random() < 0.5,
    none: null,
    tags: Array.from({ length: 4 }, () => pick(words)),
    nested: { b: Math.floor(random() * 1000), a: pick(words), c: [1.5, 2, 3e21] },
  };
}

const big = Array.from({ length: 4500 }, (_, i) => record(i));
const small = Array.from({ length: 200 }, (_, i) => record(i));
const bigBytes = JSON.stringify(big).length;
console.log(`document: ${(bigBytes / 1e6).toFixed(2)} MB`);
if (canonicalize(big) !== canonicalizePkg(big)) throw new Error('outputs differ');

compare('canonicalize ~1 MB array of records', [
  { label: 'jsonmend canonicalize', run: () => canonicalize(big) },
  { label: 'canonicalize (npm)', run: () => canonicalizePkg(big) },
], { bytes: bigBytes, budgetMs: 600 });

compare('canonicalize 200 small records, one call each', [
  { label: 'jsonmend canonicalize', run: () => { for (const r of small) canonicalize(r); } },
  { label: 'canonicalize (npm)', run: () => { for (const r of small) canonicalizePkg(r); } },
], { budgetMs: 400 });
