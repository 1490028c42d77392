import { writeFileSync } from "node:fs";
import fc from 'fast-check';
import { deletedDelimiter } from './test/fuzz/inputs.ts';
import { parse } from './src/index.ts';
const xs = fc.sample(deletedDelimiter, { numRuns: 40000, seed: Number(process.argv[2] ?? 1) });
const bad: string[] = [];
let n = 0, errs = 0;
for (const x of xs) {
  if (x.inProse) continue;
  const t = x.text.trimStart();
  const orig = JSON.stringify(x.value);
  if (!'{['.includes(t[0]) || t[0] !== orig[0]) continue; // top opener deleted
  if (x.text.includes("\n") === (process.env.ML !== "1")) continue;
  n++;
  let got: unknown;
  try { got = parse(x.text); } catch { errs++; continue; }
  if (JSON.stringify(got) !== orig) bad.push(x.text + '\n   => ' + JSON.stringify(got) + '\n   want ' + orig);
}
if (process.argv[4]) writeFileSync(process.argv[4], bad.map(b => b.split("\n")[0]).join("\n"));
bad.sort((a, b) => a.length - b.length);
console.log('bare', n, 'mismatch', bad.length, 'errors', errs);
const step = Math.max(1, Math.floor(bad.length / Number(process.argv[3] ?? 40)));
for (let i = 0; i < bad.length; i += step) console.log(bad[i]);
