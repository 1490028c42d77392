// Docs are a promise: every code block of README.md and docs/*.md runs here (see blocks.ts for the conventions).
// TypeScript blocks are type-checked together with tsc, then each runs with its `// →` promises checked;
// console transcripts run against the built CLI and their output is compared; sh blocks must exit 0.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { JsonMendError } from '../../src/errors.js';
import { build, mainJs } from '../cli/cli.js';
import { projectRoot } from '../helpers.js';
import { blocksOf, isNoRun, isRunnable, outputMatches, tableExamples, transcriptOf, where, type Block } from './blocks.js';
import { instrument, matches, readPromise } from './expect.js';

const docs = ['README.md', ...readdirSync(join(projectRoot, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
const blocks = docs.flatMap((file) => blocksOf(join(projectRoot, file), file));
const tsBlocks = blocks.filter((b) => isRunnable(b) && ['ts', 'typescript', 'js', 'javascript'].includes(b.lang));
const shellBlocks = blocks.filter((b) => isRunnable(b) && !tsBlocks.includes(b));
const skipped = blocks.filter(isNoRun);

/** Where the blocks run: inside the project (so `import … from 'jsonmend'` finds this package), removed after. */
let runDir: string;
/** Where shell commands run: a folder with `examples/` and `jsonmend` on PATH, removed after. */
let shellDir: string;

function fileOf(block: Block): string {
  return join(runDir, `${block.file.replace(/[^\w]+/g, '_')}_${block.line}.ts`);
}

function describeValue(value: unknown): string {
  try {
    return JSON.stringify(value, (_k, v: unknown) => (v === undefined ? '(undefined)' : v));
  } catch {
    return String(value);
  }
}

/** The checker the instrumented blocks call: evaluates the statement and compares it with the promise. */
const failures: string[] = [];
(globalThis as { __doc?: unknown }).__doc = {
  async check(at: string, run: () => Promise<unknown>, text: string): Promise<unknown> {
    const promised = readPromise(text);
    let value: unknown;
    try {
      value = await run();
    } catch (error) {
      const code = error instanceof JsonMendError ? error.code : undefined;
      if (promised.kind === 'throws' && code === promised.code) return undefined;
      failures.push(`${at}: threw ${code ?? ''} ${error instanceof Error ? error.message : String(error)}; the doc says → ${text}`);
      return undefined;
    }
    if (promised.kind === 'throws') failures.push(`${at}: returned ${describeValue(value)}; the doc says it throws ${promised.code}`);
    else if (!matches(value, promised.value)) failures.push(`${at}: got ${describeValue(value)}; the doc says → ${describeValue(promised.value)}`);
    return value;
  },
};

describe('docs: every code block runs', () => {
  before(() => {
    build();
    runDir = mkdtempSync(join(projectRoot, 'test', 'docs', '.run-'));
    shellDir = mkdtempSync(join(tmpdir(), 'jsonmend-docs-'));
    symlinkSync(join(projectRoot, 'examples'), join(shellDir, 'examples'));
    mkdirSync(join(shellDir, 'bin'));
    const shim = join(shellDir, 'bin', 'jsonmend');
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${mainJs}" "$@"\n`);
    chmodSync(shim, 0o755);
    for (const block of tsBlocks) writeFileSync(fileOf(block), `${block.code}\nexport {};\n`);
    console.log(`# docs: ${tsBlocks.length} TypeScript blocks, ${shellBlocks.length} shell blocks, ${skipped.length} marked no-run: ${skipped.map((b) => where(b, -1)).join(', ')}`);
  });

  after(() => {
    rmSync(runDir, { recursive: true, force: true });
    rmSync(shellDir, { recursive: true, force: true });
  });

  test('the TypeScript blocks type-check (strict)', () => {
    const tsconfig = join(runDir, 'tsconfig.json');
    const compilerOptions = {
      target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM', 'DOM.Iterable'], strict: true,
      noEmit: true, skipLibCheck: true, types: ['node'], typeRoots: [join(projectRoot, 'node_modules', '@types')],
    };
    writeFileSync(tsconfig, JSON.stringify({ compilerOptions, files: tsBlocks.map(fileOf) }));
    const r = spawnSync(process.execPath, [join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', tsconfig, '--pretty', 'false'], { cwd: projectRoot, encoding: 'utf8' });
    // Name the doc and its line instead of the generated file.
    const byFile = new Map(tsBlocks.map((b) => [fileOf(b), b]));
    const report = r.stdout.replace(/^(\S+\.ts)\((\d+),(\d+)\)/gm, (whole, path: string, line: string) => {
      const block = byFile.get(resolve(projectRoot, path));
      return block ? `${where(block, Number(line) - 1)}` : whole;
    });
    assert.equal(r.status, 0, `doc blocks that do not compile:\n${report}`);
  });

  for (const block of tsBlocks) {
    test(`${where(block, -1)} (${block.lang}) runs and keeps its // → promises`, async () => {
      const { code } = instrument(block.code, (line) => where(block, line));
      const file = fileOf(block).replace(/\.ts$/, '.run.ts');
      writeFileSync(file, `${code}\nexport {};\n`);
      const before = failures.length;
      await import(pathToFileURL(file).href);
      assert.deepEqual(failures.slice(before), []);
    });
  }

  test('the "in → out" examples of the docs\' tables hold: parse(in) is JSON.parse(out)', async () => {
    const { parse } = (await import(pathToFileURL(join(projectRoot, 'dist', 'index.js')).href)) as typeof import('../../src/index.js');
    const examples = docs.flatMap((file) => tableExamples(join(projectRoot, file), file));
    assert.ok(examples.length > 20, `only ${examples.length} table examples found`);
    const problems: string[] = [];
    for (const { file, line, input, output } of examples) {
      let got: unknown;
      try {
        got = parse(input);
      } catch (error) {
        problems.push(`${file}:${line}: parse(${JSON.stringify(input)}) throws ${(error as Error).message}`);
        continue;
      }
      if (JSON.stringify(got) !== JSON.stringify(JSON.parse(output))) problems.push(`${file}:${line}: parse(${JSON.stringify(input)}) is ${JSON.stringify(got)}, the table says ${output}`);
    }
    assert.deepEqual(problems, []);
  });

  for (const block of shellBlocks) {
    test(`${where(block, -1)} (${block.lang}) prints what the doc shows`, () => {
      const env: Record<string, string | undefined> = { ...process.env, PATH: `${join(shellDir, 'bin')}:${process.env.PATH}`, NO_COLOR: '1', TERM: 'dumb' };
      delete env.FORCE_COLOR;
      const problems: string[] = [];
      const commands = block.lang === 'console'
        ? transcriptOf(block.code)
        : block.code.split('\n').map((command, offset) => ({ command: command.replace(/\s+#.*$/, ''), expected: undefined, offset })).filter((c) => c.command.trim() !== '' && !c.command.trim().startsWith('#'));
      for (const { command, expected, offset } of commands) {
        // Grouped, so the command's own redirections (`2> file`) apply before the transcript's 2>&1.
        const r = spawnSync('bash', ['-c', `{ ${command}\n} 2>&1`], { cwd: shellDir, env, encoding: 'utf8' });
        if (expected === undefined) {
          if (r.status !== 0) problems.push(`${where(block, offset)}: \`${command}\` exited ${r.status}:\n${r.stdout}`);
        } else if (!outputMatches(r.stdout, expected)) {
          problems.push(`${where(block, offset)}: \`${command}\` printed:\n${r.stdout}\nthe doc shows:\n${expected}`);
        }
      }
      assert.deepEqual(problems, []);
    });
  }
});
