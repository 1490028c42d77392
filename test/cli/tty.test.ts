// On a terminal: readable reports, colour, and the batch progress bar. Runs the CLI under script(1)
// to give it a pseudo-terminal; skipped where script is not installed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { before, describe, test } from 'node:test';
import { build, mainJs } from './cli.js';
import { projectRoot } from '../helpers.js';

const hasScript = spawnSync('script', ['-qec', 'true', '/dev/null']).status === 0;
const skip = hasScript ? false : 'SKIPPED: script(1) is not installed, so no pseudo-terminal';

function onTerminal(args: string, env: Record<string, string> = {}): string {
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  if (!('NO_COLOR' in env)) delete childEnv.NO_COLOR;
  delete childEnv.FORCE_COLOR;
  childEnv.TERM = 'xterm';
  const r = spawnSync('script', ['-qec', `'${process.execPath}' '${mainJs}' ${args}`, '/dev/null'], { cwd: projectRoot, env: childEnv, encoding: 'utf8' });
  return r.stdout;
}

describe('on a terminal', { skip }, () => {
  before(build);

  test('--report is readable: file:line:column, kind, detail; coloured', () => {
    const out = onTerminal('parse --report examples/reply.txt');
    assert.match(out, /examples\/reply\.txt:8:23.*python_literal/);
    assert.match(out, /\u001b\[33mpython_literal\u001b\[39m/);
  });

  test('NO_COLOR turns colour off', () => {
    const out = onTerminal('parse --report examples/reply.txt', { NO_COLOR: '1' });
    assert.match(out, /examples\/reply\.txt:8:23 python_literal/);
    assert.doesNotMatch(out, /\u001b\[/);
  });

  test('a batch draws a progress bar and a readable summary; --quiet draws neither', () => {
    const out = onTerminal('parse --jsonl --field reply --report examples/replies.jsonl');
    assert.match(out, /\r\u001b\[K.*\[#+\] 100%/);
    assert.match(out, /line 6 at 1:\d+[^\n]*unquoted_key/);
    assert.match(out, /7 lines, .*6 ok.* \(5 repaired\)/);
    const quiet = onTerminal('parse --jsonl --field reply --quiet examples/replies.jsonl');
    assert.doesNotMatch(quiet, /\[#+\]|lines,/);
  });
});
