// Bundle sizes: what a browser or edge bundle pays for each way in, built with esbuild (minified, ESM)
// from the built package (`dist/`, with package.json's `sideEffects: false`), as an application
// importing `jsonmend` would be. Budget: `parse` alone ≤ 45 KB (not met, see PARSE_ONLY_BUDGET); it must
// not hold the JSON Schema validator, the schema stage or the repair kinds' examples
// (test/package/bundle.test.ts checks that, and a ceiling).
import { PARSE_ONLY, PARSE_ONLY_BUDGET, PARSE_ONLY_CEILING, bundleSize, bytesFrom, type BundleSize } from './bundle-size.js';

const cases: Array<{ label: string; code: string }> = [
  { label: 'import { parse } (no schema)', code: PARSE_ONLY },
  { label: 'import { repair }', code: "import { repair } from 'jsonmend'; console.log(repair('{}'));" },
  {
    label: 'import { parse, jsonSchemaValidator } (JSON Schema, built-in validator)',
    code: "import { parse, jsonSchemaValidator } from 'jsonmend'; console.log(parse('{}', { schema: {}, validator: jsonSchemaValidator() }));",
  },
  { label: 'import { coerce }', code: "import { coerce } from 'jsonmend'; console.log(coerce({}, {}));" },
  { label: 'import { createStreamParser }', code: "import { createStreamParser } from 'jsonmend'; console.log(createStreamParser());" },
  { label: 'import * (everything)', code: "import * as all from 'jsonmend'; console.log(all);" },
];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('bundle sizes (esbuild --bundle --minify, ESM, browser)');
const rows: string[][] = [['entry', 'minified', 'schema stage', 'JSON Schema validator']];
let parseOnly: BundleSize | undefined;
for (const c of cases) {
  const size = await bundleSize(c.code);
  parseOnly ??= size;
  rows.push([c.label, kb(size.bytes), kb(bytesFrom(size, 'dist/schema/')), kb(bytesFrom(size, '@cfworker/json-schema'))]);
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const r of rows) console.log(r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
if (parseOnly) {
  const verdict = parseOnly.bytes <= PARSE_ONLY_BUDGET ? 'within' : 'OVER';
  console.log(`parse alone: ${kb(parseOnly.bytes)}, ${verdict} the ${kb(PARSE_ONLY_BUDGET)} budget (test ceiling ${kb(PARSE_ONLY_CEILING)}): ` +
    `engine (dist/parse) ${kb(bytesFrom(parseOnly, 'dist/parse/'))}, extraction (dist/extract) ${kb(bytesFrom(parseOnly, 'dist/extract/'))}, ` +
    `schema code ${kb(bytesFrom(parseOnly, 'dist/schema/') + bytesFrom(parseOnly, '@cfworker'))}`);
  console.log('largest files in it:');
  for (const [file, bytes] of parseOnly.inputs.slice(0, 10)) console.log(`  ${file.padEnd(32)} ${kb(bytes).padStart(8)}`);
}
