// Runs the command line in this process (src/cli/run.ts), with its streams captured: for tests of what
// it prints and returns that need no build and no child process.
import { PassThrough, Readable } from 'node:stream';
import { run } from '../../src/cli/run.js';

/** What a run printed and the exit code it returned. */
export interface InProcessRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `jsonmend ARGV` with `stdin` (text, or a stream of its own) and NO_COLOR set. */
export async function runInProcess(argv: string[], stdin: string | Readable = ''): Promise<InProcessRun> {
  const out = new PassThrough();
  const err = new PassThrough();
  const chunks = { out: [] as Buffer[], err: [] as Buffer[] };
  out.on('data', (b: Buffer) => chunks.out.push(b));
  err.on('data', (b: Buffer) => chunks.err.push(b));
  const input = typeof stdin === 'string' ? Readable.from([stdin]) : stdin;
  const code = await run(argv, { stdin: input, stdout: out, stderr: err, env: { NO_COLOR: '1' } });
  return { code, stdout: Buffer.concat(chunks.out).toString(), stderr: Buffer.concat(chunks.err).toString() };
}
