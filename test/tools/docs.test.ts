// docs/tools.md is a promise: every ```ts block in it is extracted and run as a module, with
// `jsonmend` (and `jsonmend/openai`) pointing at the sources. A block that throws fails its test.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../helpers.js';

const doc = readFileSync(join(projectRoot, 'docs', 'tools.md'), 'utf8');
const blocks: Array<{ line: number; code: string }> = [];
{
  const fence = /^```ts\n([\s\S]*?)^```$/gm;
  for (let m = fence.exec(doc); m !== null; m = fence.exec(doc)) blocks.push({ line: doc.slice(0, m.index).split('\n').length, code: m[1] });
}

const dir = join(projectRoot, 'node_modules', '.cache', 'jsonmend-docs-tools');
mkdirSync(dir, { recursive: true });
const src = (path: string) => pathToFileURL(join(projectRoot, 'src', path)).href;

describe('docs/tools.md examples', () => {
  test('the page has an example per format and more', () => {
    assert.ok(blocks.length >= 11, `found ${blocks.length} ts blocks`);
  });

  for (const [i, block] of blocks.entries()) {
    test(`block ${i + 1} (line ${block.line}) runs`, async () => {
      const code = block.code
        .replace(/from 'jsonmend'/g, `from '${src('index.ts')}'`)
        .replace(/from 'jsonmend\/openai'/g, `from '${src('loop/adapters/openai.ts')}'`)
        .replace(/from 'jsonmend\/ai-sdk'/g, `from '${src('loop/adapters/ai-sdk.ts')}'`);
      const file = join(dir, `block-${i + 1}.ts`);
      writeFileSync(file, code);
      await import(`${pathToFileURL(file).href}?v=${Date.now()}`);
    });
  }
});
