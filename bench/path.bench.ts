// `query` vs jsonpath-plus and json-p3 on a generated ~1 MB document. Every contender gets its best
// reuse: jsonmend and json-p3 compile once; jsonpath-plus caches parsed paths internally.
import { jsonpath as jsonP3 } from 'json-p3';
import { JSONPath } from 'jsonpath-plus';
import { compileQuery } from '../dist/path/index.js';
import { compare, seededRandom } from './harness.js';

const random = seededRandom(6);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];

const users = Array.from({ length: 3300 }, (_, i) => ({
  id: i,
  name: `${pick(words)} ${pick(words)}`,
  email: `user${i}@example.com`,
  age: Math.floor(random() * 80) + 18,
  active: random() < 0.5,
  tags: Array.from({ length: 3 }, () => pick(words)),
  address: { city: pick(words), zip: String(10000 + Math.floor(random() * 89999)) },
  orders: Array.from({ length: Math.floor(random() * 4) }, (_, j) => ({
    id: `${i}-${j}`,
    total: Math.round(random() * 50000) / 100,
    items: Array.from({ length: 2 }, () => ({ sku: pick(words), qty: 1 + Math.floor(random() * 5) })),
  })),
}));
const document = { meta: { generated: 'bench', count: users.length }, users };
const bytes = JSON.stringify(document).length;
console.log(`document: ${(bytes / 1e6).toFixed(2)} MB`);

const queries: [string, string][] = [
  ['child path', '$.users[1650].address.city'],
  ['wildcard', '$.users[*].name'],
  ['descendant', '$..total'],
  ['filter', '$.users[?(@.age > 60 && @.active == true)].email'],
];

for (const [label, q] of queries) {
  const ours = compileQuery(q);
  const p3 = jsonP3.compile(q);
  // Same answers first, so the timings compare like with like.
  const a = ours.values(document);
  const b = p3.query(document).values();
  const c = JSONPath({ path: q, json: document, wrap: true }) as unknown[];
  if (JSON.stringify(a) !== JSON.stringify(b) || JSON.stringify(a) !== JSON.stringify(c)) {
    throw new Error(`contenders disagree on ${q}: ${a.length} / ${b.length} / ${c.length}`);
  }
  compare(`${label}: ${q} (${a.length} nodes)`, [
    { label: 'jsonmend compileQuery().values', run: () => ours.values(document) },
    { label: 'json-p3 compile().query().values()', run: () => p3.query(document).values() },
    { label: 'jsonpath-plus JSONPath()', run: () => JSONPath({ path: q, json: document, wrap: true }) },
  ], { budgetMs: 300 });
}
