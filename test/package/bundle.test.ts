// A browser bundle that imports only `parse` (esbuild, minified, from the sources) holds the engine and
// extraction, and nothing it never runs: no schema stage, no JSON Schema validator, no repair kind
// examples. Its size stays under a ceiling that catches such a regression; issue 14's 45 KB budget is not
// met (the engine's rules and the extraction `parse` runs on prose are behaviour) and is reported as a
// todo with the figure. `npm run bench -- bundle` shows the same from dist/ for every way in.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { PARSE_ONLY, PARSE_ONLY_BUDGET, PARSE_ONLY_CEILING, bundleSize } from '../../bench/bundle-size.js';
import { projectRoot } from '../helpers.js';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

describe('the parse-only bundle', async () => {
  const size = await bundleSize(PARSE_ONLY, 'src');
  // Type-only modules appear with 0 bytes: they cost nothing.
  const files = size.inputs.filter(([, bytes]) => bytes > 0).map(([file]) => file);

  test('holds no schema stage, validator, or repair kind examples', () => {
    for (const unwanted of ['src/schema/', '@cfworker/json-schema', 'ajv', 'src/parse/kinds.ts', 'src/stream/', 'src/loop/']) {
      assert.ok(!files.some((f) => f.includes(unwanted)), `${unwanted} is in the parse-only bundle:\n${files.join('\n')}`);
    }
  });

  test(`is at most ${kb(PARSE_ONLY_CEILING)} minified`, () => {
    const largest = size.inputs.slice(0, 8).map(([f, b]) => `${f} ${kb(b)}`).join('\n');
    assert.ok(size.bytes <= PARSE_ONLY_CEILING, `parse alone is ${kb(size.bytes)}; largest files:\n${largest}`);
  });

  test(`meets issue 14's ${kb(PARSE_ONLY_BUDGET)} budget`, { todo: size.bytes > PARSE_ONLY_BUDGET ? `${kb(size.bytes)} today` : false }, () => {
    assert.ok(size.bytes <= PARSE_ONLY_BUDGET, `parse alone is ${kb(size.bytes)}`);
  });

  // The README and docs/schema.md quote the sizes "at this writing"; a figure a third of the real one
  // (docs/schema.md said 62.2 KB for a 169 KB bundle) misleads whoever weighs the package for a browser.
  test('the sizes the README and docs/schema.md quote are within 10% of the bundles', async () => {
    const withStage = await bundleSize("import { parse, jsonSchemaValidator } from 'jsonmend'; console.log(parse('{}', { schema: {}, validator: jsonSchemaValidator() }));", 'src');
    const quoted = (page: string, pattern: RegExp) => {
      const m = pattern.exec(readFileSync(join(projectRoot, page), 'utf8').replace(/\s+/g, ' '));
      assert.ok(m, `${page} no longer quotes ${pattern}`);
      return Number(m[1]) * 1024;
    };
    const figures: [string, number, number][] = [
      ['README.md parse alone', quoted('README.md', /That bundle is ([\d.]+) KB minified/), size.bytes],
      ['docs/schema.md parse alone', quoted('docs/schema.md', /`parse` alone ([\d.]+) KB/), size.bytes],
      ['docs/schema.md with the schema stage', quoted('docs/schema.md', /([\d.]+) KB with the schema stage/), withStage.bytes],
    ];
    const off = figures.filter(([, said, real]) => Math.abs(said - real) > real / 10).map(([what, said, real]) => `${what}: ${kb(said)} quoted, ${kb(real)} measured`);
    assert.deepEqual(off, []);
  });
});
