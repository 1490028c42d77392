// The runnable scripts in examples/: each type-checks (strict) and runs to completion (each asserts its own
// results), importing `jsonmend` by its package name as a user would (resolved to this package's dist/).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { build } from '../cli/cli.js';
import { projectRoot } from '../helpers.js';

const dir = join(projectRoot, 'examples');
const scripts = readdirSync(dir).filter((f) => f.endsWith('.ts')).sort();

function run(script: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(dir, script)], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b));
    child.stderr.on('data', (b: Buffer) => (output += b));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('examples/', () => {
  before(build);

  test('there is a script for each common job', () => {
    for (const job of ['parse-with-zod', 'stream-ui-state', 'loop-openai-compatible', 'ai-sdk-middleware', 'verify-claims']) {
      assert.ok(scripts.includes(`${job}.ts`), `examples/${job}.ts`);
    }
  });

  test('every script type-checks (strict)', () => {
    const options = ['--noEmit', '--strict', '--target', 'ES2022', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--skipLibCheck', '--types', 'node'];
    const r = spawnSync(process.execPath, [join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc'), ...options, ...scripts.map((s) => join(dir, s))], { cwd: projectRoot, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });

  for (const script of scripts) {
    test(`examples/${script} runs`, async () => {
      const { code, output } = await run(script);
      assert.equal(code, 0, output);
    });
  }
});
