#!/usr/bin/env node
// The `jsonmend` executable.
import { run } from './run.js';

// A reader that stops early (`jsonmend parse --jsonl big.jsonl | head`) closes the pipe: stop quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const code = await run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
process.exitCode = code;
