// What issue 14 asked of the command line: --version/-v, no subcommand reads like `parse`,
// `repair --output/--overwrite`, help texts that name no file of the repository.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { before, describe, test } from 'node:test';
import { run } from '../../src/cli/run.js';
import { projectRoot } from '../helpers.js';
import { build, cli, tempDir } from './cli.js';

const commands = ['parse', 'repair', 'extract', 'get', 'query', 'verify', 'canonicalize'];
const version = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;

describe('jsonmend: version, implicit parse, repair --output', () => {
  let dir: string;
  before(() => {
    build();
    dir = tempDir();
  });

  test('--version, -v and -V print the package.json version', async () => {
    for (const flag of ['--version', '-v', '-V']) {
      const r = await cli([flag]);
      assert.equal(r.code, 0, flag);
      assert.equal(r.stdout, `${version}\n`, flag);
      assert.equal(r.stderr, '');
    }
  });

  test('no subcommand with piped input parses it, options included', async () => {
    const r = await cli([], { input: "{'a': 1, b: [True,],}" });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '{"a":1,"b":[true]}\n');
    const pretty = await cli(['--pretty'], { input: '[1,]' });
    assert.equal(pretty.stdout, '[\n  1\n]\n');
    const failed = await cli([], { input: 'no json here' });
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, /NO_JSON/);
  });

  test('no subcommand on a terminal shows the help (exit 2) instead of waiting for input', async () => {
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const chunks: Buffer[] = [];
    stderr.on('data', (b: Buffer) => chunks.push(b));
    const code = await run([], { stdin, stdout, stderr, env: {} });
    assert.equal(code, 2);
    assert.match(Buffer.concat(chunks).toString(), /Usage: jsonmend <command>/);
  });

  test('repair --output writes the file and nothing to stdout; -o too', async () => {
    const input = join(dir, 'in.txt');
    writeFileSync(input, "Here: {'a': 1,}");
    for (const flag of ['--output', '-o']) {
      const out = join(dir, `out${flag}.json`);
      const r = await cli(['repair', input, flag, out]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, '');
      assert.equal(readFileSync(out, 'utf8'), '{"a": 1}\n');
    }
  });

  test('repair --overwrite replaces the file; an unrepairable one is left as it was', async () => {
    const file = join(dir, 'fix.json');
    writeFileSync(file, '[1, 2,');
    const r = await cli(['repair', file, '--overwrite']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(file, 'utf8'), '[1, 2]\n');
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, 'no json at all');
    const failed = await cli(['repair', '--overwrite', bad]);
    assert.equal(failed.code, 1);
    assert.equal(readFileSync(bad, 'utf8'), 'no json at all');
    assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith('.tmp')), [], 'no temporary file left behind');
  });

  test('--output/--overwrite misuse is a usage error (2)', async () => {
    const cases: [string[], RegExp][] = [
      [['repair', '--overwrite'], /needs a FILE/],
      [['repair', 'x', '--overwrite', '--output', 'y'], /cannot be used together/],
      [['repair', '--jsonl', '--output', 'y'], /cannot be used with --jsonl/],
    ];
    for (const [args, message] of cases) {
      const r = await cli(args, { input: '{}' });
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, message);
    }
    assert.equal(existsSync(join(projectRoot, 'y')), false);
  });

  test('help texts name no file of the repository (examples/, docs/): the installed package has none', async () => {
    for (const args of [['--help'], ...commands.map((c) => [c, '--help'])]) {
      const r = await cli(args);
      assert.doesNotMatch(r.stdout, /\b(examples|docs)\/|\.md\b/, args.join(' '));
    }
  });
});
