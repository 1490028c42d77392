// The dispatcher: help, version, usage errors and exit code 2, colours.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { build, cli } from './cli.js';

const commands = ['parse', 'repair', 'extract', 'get', 'query', 'verify', 'canonicalize'];

describe('jsonmend (dispatcher)', () => {
  before(build);


  test('--help lists every command and the exit codes, exit 0', async () => {
    for (const flag of ['--help', '-h', 'help']) {
      const r = await cli([flag]);
      assert.equal(r.code, 0, flag);
      for (const c of commands) assert.match(r.stdout, new RegExp(`^  ${c} `, 'm'), `${flag} lists ${c}`);
      assert.match(r.stdout, /Exit codes: 0 success, 1 .*, 2 usage error/s);
    }
  });

  test('every command has --help (exit 0, its usage line, nothing on stderr)', async () => {
    for (const c of commands) {
      for (const args of [[c, '--help'], [c, '-h'], ['help', c]]) {
        const r = await cli(args);
        assert.equal(r.code, 0, args.join(' '));
        assert.match(r.stdout, new RegExp(`^Usage: jsonmend ${c}`), args.join(' '));
        assert.equal(r.stderr, '');
      }
    }
  });

  test('--version prints the package version', async () => {
    const r = await cli(['--version']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^\d+\.\d+\.\d+/);
  });

  test('an unknown command is a usage error (2) that lists the commands', async () => {
    const r = await cli(['prase', 'x.txt']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /unknown command 'prase'/);
    assert.match(r.stderr, /parse, repair, extract/);
    assert.equal(r.stdout, '');
  });

  test('an unknown option, a missing option value, a missing or extra argument: exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [['parse', '--prety'], /--prety/],
      [['parse', '--schema'], /--schema/],
      [['get'], /missing PATH argument/],
      [['query'], /missing JSONPATH argument/],
      [['verify'], /missing CLAIMS\.json argument/],
      [['parse', 'a.txt', 'b.txt'], /unexpected argument 'b\.txt'/],
      [['help', 'nope'], /unknown command 'nope'/],
    ];
    for (const [args, message] of cases) {
      const r = await cli(args);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, message, args.join(' '));
      assert.match(r.stderr, /Run 'jsonmend (\w+ )?--help' for usage/);
    }
  });

  test('a file that does not exist is a usage error naming it', async () => {
    const r = await cli(['parse', 'no/such/reply.txt']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot read no\/such\/reply\.txt: no such file/);
  });

  test('no colour when stderr is piped; FORCE_COLOR turns it on; NO_COLOR wins over FORCE_COLOR', async () => {
    const plain = await cli(['parse'], { input: 'no json here' });
    assert.equal(plain.code, 1);
    assert.doesNotMatch(plain.stderr, /\u001b\[/);
    const forced = await cli(['parse'], { input: 'no json here', env: { FORCE_COLOR: '1' } });
    assert.match(forced.stderr, /\u001b\[31mNO_JSON\u001b\[39m/);
    const off = await cli(['parse'], { input: 'no json here', env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    assert.doesNotMatch(off.stderr, /\u001b\[/);
  });
});
