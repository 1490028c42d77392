// Runs the BUILT command line (dist/bin/main.js, the bundle package.json's `bin` names) as a child
// process, the way a user would.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { projectRoot } from '../helpers.js';

/** The built entry point. */
export const mainJs = join(projectRoot, 'dist', 'bin', 'main.js');
/** The shipped examples. */
export const examples = join(projectRoot, 'examples');

// The stamp lives outside dist/, so a packed tarball never carries it.
const stamp = join(projectRoot, 'node_modules', '.cache', 'jsonmend-cli-test-build');
const lock = join(tmpdir(), `jsonmend-cli-build-${Buffer.from(projectRoot).toString('hex').slice(-24)}.lock`);

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Builds dist/ with `tsc -p tsconfig.build.json` and the command's bundle (scripts/bundle-cli.mjs)
 * unless a build newer than every source file exists.
 * Its exit code is ignored: other modules may have transient type errors, and tsc still emits. Test
 * files run in parallel processes, so a lock directory keeps them from building at the same time.
 */
export function build(): void {
  const deadline = Date.now() + 180_000;
  while (true) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      sleep(200);
    }
  }
  try {
    // The stamp names the checkout it was written for: a worktree whose node_modules links to another
    // checkout's shares its .cache, and must not take that checkout's build as its own.
    const fresh =
      existsSync(stamp) && existsSync(mainJs) && readFileSync(stamp, 'utf8') === projectRoot && statSync(stamp).mtimeMs >= newestSource(join(projectRoot, 'src'));
    if (!fresh) {
      spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: projectRoot, stdio: 'ignore' });
      spawnSync(process.execPath, ['scripts/bundle-cli.mjs'], { cwd: projectRoot, stdio: 'ignore' });
      if (existsSync(join(projectRoot, 'dist'))) {
        mkdirSync(dirname(stamp), { recursive: true });
        writeFileSync(stamp, projectRoot);
      }
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  if (!existsSync(mainJs)) throw new Error(`the build did not produce ${mainJs}`);
}

/** What a run of the CLI produced. */
export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Options of {@link cli}. */
export interface RunOptions {
  /** Written to the child's standard input (which is otherwise empty). */
  input?: string;
  /** Extra environment; NO_COLOR and FORCE_COLOR are removed unless given here. */
  env?: Record<string, string>;
  cwd?: string;
}

/** Runs `node dist/bin/main.js ...args` with piped stdio and resolves when it exits. */
export function cli(args: string[], options: RunOptions = {}): Promise<Run> {
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.NO_COLOR;
  delete env.FORCE_COLOR;
  Object.assign(env, options.env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [mainJs, ...args], { cwd: options.cwd ?? projectRoot, env, stdio: 'pipe' });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
  });
}

const made: string[] = [];
// Removed when the test file's process exits, whatever the outcome of its tests.
process.on('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary folder, removed when the process exits. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jsonmend-cli-'));
  made.push(dir);
  return dir;
}

/** The JSON lines of a text. */
export function jsonLines(text: string): unknown[] {
  return text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as unknown);
}
