// Bundle sizes: what a browser or edge bundle pays for each way in, built with esbuild (minified, ESM)
// from the built package (`dist/`, with package.json's `sideEffects: false`), as an application
// importing `jsonmend` would be. Budget: `parse` alone ≤ 45 KB; it must not hold the JSON Schema
// validator or the schema stage.
import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET = 45 * 1024;

const cases: Array<{ label: string; code: string }> = [
  { label: "import { parse } (no schema)", code: "import { parse } from 'jsonmend'; console.log(parse('{}'));" },
  { label: 'import { repair }', code: "import { repair } from 'jsonmend'; console.log(repair('{}'));" },
  {
    label: 'import { parse, jsonSchemaValidator } (JSON Schema, built-in validator)',
    code: "import { parse, jsonSchemaValidator } from 'jsonmend'; console.log(parse('{}', { schema: {}, validator: jsonSchemaValidator() }));",
  },
  { label: 'import { coerce }', code: "import { coerce } from 'jsonmend'; console.log(coerce({}, {}));" },
  { label: 'import { createStreamParser }', code: "import { createStreamParser } from 'jsonmend'; console.log(createStreamParser());" },
  { label: "import * (everything)", code: "import * as all from 'jsonmend'; console.log(all);" },
];

interface Size {
  bytes: number;
  schemaBytes: number;
  validatorBytes: number;
}

async function bundle(code: string): Promise<Size> {
  const result = await build({
    stdin: { contents: code, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
    // The package refers to itself by name, as an application would (package.json "exports").
    alias: { jsonmend: resolve(root, 'dist/index.js') },
  });
  const output = Object.values(result.metafile.outputs)[0];
  let schemaBytes = 0;
  let validatorBytes = 0;
  for (const [file, input] of Object.entries(output.inputs)) {
    if (file.includes('dist/schema/')) schemaBytes += input.bytesInOutput;
    if (file.includes('@cfworker/json-schema')) validatorBytes += input.bytesInOutput;
  }
  return { bytes: result.outputFiles[0].contents.length, schemaBytes, validatorBytes };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log('bundle sizes (esbuild --bundle --minify, ESM, browser)');
const rows: string[][] = [['entry', 'minified', 'schema stage', 'JSON Schema validator']];
let parseOnly: Size | undefined;
for (const c of cases) {
  const size = await bundle(c.code);
  parseOnly ??= size;
  rows.push([c.label, kb(size.bytes), kb(size.schemaBytes), kb(size.validatorBytes)]);
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const r of rows) console.log(r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
if (parseOnly) {
  const verdict = parseOnly.bytes <= BUDGET ? 'within' : 'OVER';
  console.log(`parse alone: ${kb(parseOnly.bytes)}, ${verdict} the ${kb(BUDGET)} budget; schema code in it: ${kb(parseOnly.schemaBytes + parseOnly.validatorBytes)}`);
}
