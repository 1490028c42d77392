#!/usr/bin/env node
// The `jsonmend` executable.
import { writeSync } from 'node:fs';
import { outputErrorMessage } from './io.js';
import { run } from './run.js';
import { EXIT } from './usage.js';

// A reader that stops early (`jsonmend parse --jsonl big.jsonl | head`) closes the pipe: stop quietly.
// Any other write error (disk full, I/O error) is one line on stderr and exit code 3, not a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  writeErrorAndExit(error, 'standard output');
});
process.stderr.on('error', (error: NodeJS.ErrnoException) => {
  // A reader of stderr that stops early (`… 2>&1 >values.jsonl | head`) closed a side channel: the
  // results still go to stdout in full, and the exit code still says whether every line succeeded;
  // what is left for stderr is dropped (see io.ts's write). Exiting here, with 0, cut the batch short
  // and left stdout incomplete behind an exit code that says all is well.
  if (error.code === 'EPIPE') return;
  // Nowhere to say it: stderr is what failed.
  process.exit(EXIT.output);
});

function writeErrorAndExit(error: NodeJS.ErrnoException, stream: string): never {
  const message = outputErrorMessage(error, stream) ?? `cannot write to ${stream}: ${error.message}`;
  try {
    writeSync(2, `jsonmend: ${message}\n`);
  } catch {
    // stderr failing too: the exit code still says it
  }
  process.exit(EXIT.output);
}

const code = await run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
process.exitCode = code;
