// What the CLI writes and where (session 35's probe, findings L1, L2, W4, C1, C2, L4, W5, E2): -o and
// --overwrite write into what the path names (symlinks, FIFOs, modes), --overwrite never drops text
// and leaves a file that needs no repair alone, a write error on stdout is one line and exit 3, values
// nested deeper than JSON.stringify can go are printed, a number JSON cannot write is named, and a
// directory on stdin or a schema with a BOM are read as they should be.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { runInProcess as runCli } from './in-process.js';
import { jsonText, mayNotRoundTrip } from '../../src/cli/json-out.js';
import fc from 'fast-check';
import { build, cli, mainJs, tempDir } from './cli.js';


/** Runs the built CLI with a shell, for redirections the test runner cannot make (`< dir`, `> /dev/full`). */
function shell(script: string, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', script], { cwd, env: { ...process.env, J: mainJs, NODE: process.execPath }, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }));
  });
}

let dir: string;
before(() => {
  build();
  dir = tempDir();
});

describe('L1: -o and --overwrite write into what the path names', () => {
  test('-o through a symlink writes the file it points to; the link stays a link', async () => {
    const target = join(dir, 'target.txt');
    const link = join(dir, 'link.txt');
    writeFileSync(target, 'old');
    symlinkSync('target.txt', link);
    const r = await cli(['repair', '-o', link], { input: '{a: 1,}' });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(lstatSync(link).isSymbolicLink(), 'the link is still a link');
    assert.equal(readFileSync(target, 'utf8'), '{"a": 1}\n');
  });

  test('--overwrite through a symlink rewrites the target and keeps the link', async () => {
    const target = join(dir, 'real.json');
    const link = join(dir, 'alias.json');
    writeFileSync(target, '[1, 2,]');
    symlinkSync('real.json', link);
    const r = await cli(['repair', '--overwrite', link]);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(lstatSync(link).isSymbolicLink());
    assert.equal(readFileSync(target, 'utf8'), '[1, 2]\n');
    assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith('.tmp')), []);
  });

  test('--overwrite and -o keep the mode of the file they replace (600, 755)', async () => {
    for (const mode of [0o600, 0o755]) {
      const file = join(dir, `mode-${mode.toString(8)}.json`);
      writeFileSync(file, '{"a": 1,}');
      chmodSync(file, mode);
      const r = await cli(['repair', '--overwrite', file]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(readFileSync(file, 'utf8'), '{"a": 1}\n');
      assert.equal(statSync(file).mode & 0o777, mode, `--overwrite on a ${mode.toString(8)} file`);
      const out = join(dir, `out-${mode.toString(8)}.json`);
      writeFileSync(out, 'old');
      chmodSync(out, mode);
      const o = await cli(['repair', '-o', out], { input: '[1,]' });
      assert.equal(o.code, 0, o.stderr);
      assert.equal(statSync(out).mode & 0o777, mode, `-o on a ${mode.toString(8)} file`);
    }
  });

  test('-o to a FIFO writes into the FIFO; it stays a FIFO', async (t) => {
    const fifo = join(dir, 'pipe');
    if (spawnSync('mkfifo', [fifo]).status !== 0) return t.skip('mkfifo is not available');
    const r = await shell(`cat "${fifo}" > "${fifo}.read" & "$NODE" "$J" repair -o "${fifo}" <<'EOF'\n{a: 1,}\nEOF\nrc=$?; [ -p "${fifo}" ] || kill $! 2>/dev/null; wait; exit $rc`, dir);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(lstatSync(fifo).isFIFO(), 'still a FIFO');
    assert.equal(readFileSync(`${fifo}.read`, 'utf8'), '{"a": 1}\n');
  });

  test('-o to a directory is refused, and nothing is left behind', async () => {
    const sub = join(dir, 'adir-out');
    mkdirSync(sub);
    const r = await cli(['repair', '-o', sub], { input: '[1]' });
    assert.equal(r.code, 3);
    assert.match(r.stderr, /cannot write .*adir-out: is a directory/);
    assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith('.tmp')), []);
  });
});

describe('L2, W4: --overwrite never drops text, and leaves a file that needs no repair alone', () => {
  test('a notes file with prose and two fenced blocks is refused (exit 2), unchanged', async () => {
    const file = join(dir, 'notes.md');
    const text = '# Notes\n\nFirst:\n```json\n{"a":1,}\n```\nSecond:\n```json\n{"b":2}\n```\nEnd.\n';
    writeFileSync(file, text);
    const r = await cli(['repair', '--overwrite', file]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--overwrite would drop .*-o/);
    assert.equal(readFileSync(file, 'utf8'), text);
  });

  test('reasoning around the value, and prose after it, are refused too', async () => {
    for (const text of ['<think>maybe {"x": 0}</think>\n{"a": 1,}', '{"a": 1}\nThanks, hope it helps!']) {
      const file = join(dir, 'prose.txt');
      writeFileSync(file, text);
      const r = await cli(['repair', '--overwrite', file]);
      assert.equal(r.code, 2, text);
      assert.equal(readFileSync(file, 'utf8'), text);
    }
  });

  test('a file that needs no repair is not rewritten: no newline added, BOM and CRLF untouched, mode kept', async () => {
    for (const text of ['{"a":1}', '\ufeff{"a": 1}\r\n', '[1,\r\n 2]\r\n']) {
      const file = join(dir, 'ok.json');
      writeFileSync(file, text);
      chmodSync(file, 0o640);
      const before = statSync(file);
      const r = await cli(['repair', '--overwrite', file]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(readFileSync(file, 'utf8'), text, JSON.stringify(text));
      assert.equal(statSync(file).ino, before.ino, 'the same file, not a new one');
      assert.equal(statSync(file).mode & 0o777, 0o640);
    }
  });

  test('a repaired file keeps its BOM and its CRLF line end', async () => {
    const file = join(dir, 'crlf.json');
    writeFileSync(file, '\ufeff{"a": 1,}\r\n');
    const r = await cli(['repair', '--overwrite', file]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(file, 'utf8'), '\ufeff{"a": 1}\r\n');
  });
});

describe('C1: a write error on stdout is one line and exit 3', () => {
  test('parse, repair, canonicalize and parse --jsonl > /dev/full', async (t) => {
    if (!existsSync('/dev/full')) return t.skip('no /dev/full');
    writeFileSync(join(dir, 't1.json'), '{"a": 1}');
    for (const args of ['parse t1.json', 'repair t1.json', 'canonicalize t1.json', 'parse --jsonl t1.json', 'parse --jsonl --quiet t1.json']) {
      const r = await shell(`"$NODE" "$J" ${args} > /dev/full`, dir);
      assert.equal(r.code, 3, `${args}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, /\n\s+at /, `${args}: no stack trace`);
      assert.match(r.stderr, /^jsonmend: cannot write to standard output: no space left on device/, args);
    }
  });
});

describe('C2: values nested deeper than JSON.stringify goes', () => {
  const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
  test('parse, get, query and parse --jsonl print them', async () => {
    const parsed = await runCli(['parse'], deep);
    assert.equal(parsed.code, 0, parsed.stderr.slice(0, 200));
    assert.equal(parsed.stdout, `${deep}\n`);
    const got = await runCli(['get', '[0]'], deep);
    assert.equal(got.code, 0, got.stderr.slice(0, 200));
    assert.equal(got.stdout, `${deep.slice(1, -1)}\n`);
    const queried = await runCli(['query', '$[0]'], deep);
    assert.equal(queried.code, 0, queried.stderr.slice(0, 200));
    assert.equal(queried.stdout, `${deep}\n`);
    const batch = await runCli(['parse', '--jsonl', '--quiet'], `${deep}\n`);
    assert.equal(batch.code, 0, batch.stdout.slice(0, 200));
    assert.equal(batch.stdout, `${deep}\n`);
  });
  test('the writer lays out --pretty exactly as JSON.stringify does', () => {
    const value = { a: [1, { b: [], c: {} }, 'x\n"'], 'k/~': null, e: [[]], t: true, u: undefined, n: -1.5e-7 };
    assert.equal(jsonText(value, true).text, `${JSON.stringify(value, null, 2)}\n`);
    assert.equal(jsonText(value, false).text, `${JSON.stringify(value)}\n`);
  });
});

describe('L4: a number JSON cannot write is never a silent null', () => {
  test('parse and get write 1e999 (read back as the same value) and name the place on stderr', async () => {
    const r = await runCli(['parse'], '{"c": 1e400, "d": [-1e400]}');
    assert.equal(r.code, 0);
    assert.equal(r.stdout, '{"c":1e999,"d":[-1e999]}\n');
    assert.deepEqual(JSON.parse(r.stdout), { c: Infinity, d: [-Infinity] });
    assert.match(r.stderr, /warning: <stdin>: a number at \/c is beyond the range of a double/);
    assert.match(r.stderr, /at \/d\/0 /);
    const got = await runCli(['get', 'c'], '{"c": 1e400}');
    assert.equal(got.stdout, '1e999\n');
    assert.match(got.stderr, /warning/);
    const batch = await runCli(['parse', '--jsonl', '--quiet'], '{"c": 1e400}\n');
    assert.equal(batch.stdout, '{"c":1e999}\n');
  });
  test('parse --jsonl warns for each line as parse does, naming the line (--quiet keeps stderr empty)', async () => {
    const lines = ['{"a": 1}', '{"c": 1e400}', 'no json', '[-1e400, {"d": 2e308}]', '{"e": 1e300}'];
    const quiet = await runCli(['parse', '--jsonl', '--quiet'], `${lines.join('\n')}\n`);
    assert.equal(quiet.stderr, '');
    assert.equal(quiet.stdout.split('\n')[1], '{"c":1e999}');
    for (const args of [['parse', '--jsonl'], ['parse', '--jsonl', '--report'], ['parse', '--jsonl', '--field', 'r']]) {
      const field = args.includes('--field');
      const input = lines.map((l) => (field ? JSON.stringify({ r: l }) : l)).join('\n');
      const r = await runCli(args, `${input}\n`);
      assert.equal(r.code, 1, args.join(' '));
      assert.equal(r.stdout.split('\n')[1], '{"c":1e999}');
      const warnings = r.stderr.split('\n').filter((l) => l.includes('warning'));
      assert.deepEqual(warnings.map((w) => /<stdin> line (\d+): a number at (\S+) is beyond the range of a double/.exec(w)?.slice(1)), [['2', '/c'], ['4', '/0'], ['4', '/1/d']], args.join(' '));
    }
  });
  test('verify writes a found 1e400 as 1e999 with a warning, not as null, alone and per line', async () => {
    const claims = join(dir, 'inf-claims.json');
    writeFileSync(claims, '[{"mode": "field", "path": "n", "value": 3}]');
    const one = await runCli(['verify', claims], '{"n": 1e400}');
    assert.equal(one.code, 1);
    assert.equal((JSON.parse(one.stdout) as { actual: unknown }).actual, Infinity);
    assert.match(one.stdout, /"actual":1e999/);
    assert.match(one.stderr, /warning: <stdin> claim #1: a number at \/actual is beyond the range of a double/);
    const batch = await runCli(['verify', '--jsonl', claims], '{"n": 1}\n{"n": -1e400}\n');
    assert.match(batch.stdout.split('\n')[1], /"actual":-1e999/);
    assert.match(batch.stderr, /warning: <stdin> line 2: a number at \/results\/0\/actual is beyond the range of a double/);
  });
  test('the batch finds every number JSON.stringify would not write back as read (three tests, one answer)', () => {
    for (const text of ['{"a": 1e400}', '[1E+308]', '{"a": -0}', '[-0]', '-0', `[${'9'.repeat(309)}]`, '{"a": 2.5e-400}']) assert.equal(mayNotRoundTrip(text), true, text);
    for (const text of ['{"a": 1e40}', '[-0.5]', '[-01]', '-0e1', `[${'9'.repeat(308)}]`, 'the end', '']) assert.equal(mayNotRoundTrip(text), false, text);
    // The single regex it replaced, as the reference, on text made of what the tests look for.
    const reference = /[eE][+-]?\d\d\d|\d{309}|-0(?![\d.eE])/;
    const parts = ['e', 'E', '+', '-', '0', '1', '9', '.', ' ', 'x', '9'.repeat(300)];
    fc.assert(fc.property(fc.array(fc.constantFrom(...parts), { maxLength: 40 }), (bits) => {
      const text = bits.join('');
      assert.equal(mayNotRoundTrip(text), reference.test(text), text);
    }), { numRuns: 3_000, seed: 20_261_130 });
  });
  test('verify writes the results for a document nested 12,000 deep, not an INTERNAL error', async () => {
    const claims = join(dir, 'deep-claims.json');
    writeFileSync(claims, '[{"mode": "field", "path": "id", "value": 3}]');
    const deep = `${'{"id":'.repeat(12_000)}3${'}'.repeat(12_000)}`;
    const one = await runCli(['verify', claims], deep);
    assert.equal(one.code, 1, one.stderr);
    assert.match(one.stdout, /^\{"ok":false,"mode":"field","path":"id","expected":3,"actual":\{"id":/);
    const batch = await runCli(['verify', '--jsonl', '--quiet', claims], `${deep}\n`);
    assert.doesNotMatch(batch.stdout, /INTERNAL/);
    assert.match(batch.stdout, /^\{"ok":false,"results":\[\{"ok":false/);
    const feedback = await runCli(['verify', '--jsonl', '--quiet', '--feedback', claims], `${deep}\n`);
    assert.doesNotMatch(feedback.stdout, /object Object/);
  });
});

describe('W5: a directory or closed standard input is a usage error (exit 2)', () => {
  test('parse, repair, parse --jsonl, tools --jsonl and get < a directory', async () => {
    mkdirSync(join(dir, 'stdin-dir'), { recursive: true });
    writeFileSync(join(dir, 'w5-tools.json'), '[{"name": "f"}]');
    for (const args of ['parse', 'repair', 'parse --jsonl', 'repair --jsonl', 'get a', 'tools --tools w5-tools.json --jsonl']) {
      const r = await shell(`"$NODE" "$J" ${args} < stdin-dir`, dir);
      assert.equal(r.code, 2, `${args}: ${r.stderr}`);
      assert.match(r.stderr, /cannot read standard input: is a directory/, args);
    }
  });
  test('a directory as the FILE of tools --jsonl is "cannot read", not an internal error', async () => {
    mkdirSync(join(dir, 'file-dir'), { recursive: true });
    writeFileSync(join(dir, 'w5-tools.json'), '[{"name": "f"}]');
    for (const args of ['parse --jsonl', 'tools --tools w5-tools.json --jsonl']) {
      const r = await shell(`"$NODE" "$J" ${args} file-dir`, dir);
      assert.equal(r.code, 2, `${args}: ${r.stderr}`);
      assert.match(r.stderr, /cannot read file-dir: is a directory/, args);
    }
  });
  test('closed standard input (<&-) too, told from < /dev/null', async () => {
    writeFileSync(join(dir, 'w5-tools.json'), '[{"name": "f"}]');
    for (const args of ['parse', 'parse --jsonl', 'tools --tools w5-tools.json --jsonl']) {
      const r = await shell(`"$NODE" "$J" ${args} <&-`, dir);
      assert.equal(r.code, 2, `${args}: ${r.stderr}`);
      assert.match(r.stderr, /cannot read standard input: it is closed/, args);
    }
    const empty = await shell(`"$NODE" "$J" parse --jsonl --quiet < /dev/null`, dir);
    assert.equal(empty.code, 0, '/dev/null is an empty batch, not a closed input');
  });
  test('closed standard input is told without /proc (macOS, the BSDs have none)', async () => {
    // Every read of /proc fails in this process, as on a system without it.
    const noProc = join(dir, 'no-proc.mjs');
    writeFileSync(noProc, [
      "import fs from 'node:fs';",
      "import { syncBuiltinESMExports } from 'node:module';",
      'const hidden = (p) => String(p).startsWith("/proc");',
      'for (const name of ["readFileSync", "openSync", "existsSync", "statSync", "readdirSync"]) {',
      '  const real = fs[name];',
      '  fs[name] = function (p, ...rest) {',
      '    if (hidden(p)) throw Object.assign(new Error(`ENOENT: no such file, ${name} ${p}`), { code: "ENOENT" });',
      '    return real.call(this, p, ...rest);',
      '  };',
      '}',
      'syncBuiltinESMExports();',
    ].join('\n'));
    for (const args of ['parse', 'parse --jsonl']) {
      const r = await shell(`"$NODE" --import ./no-proc.mjs "$J" ${args} <&-`, dir);
      assert.equal(r.code, 2, `${args}: ${r.stderr}`);
      assert.match(r.stderr, /cannot read standard input: it is closed/, args);
    }
    const empty = await shell(`"$NODE" --import ./no-proc.mjs "$J" parse --jsonl --quiet < /dev/null`, dir);
    assert.equal(empty.code, 0, `/dev/null is an empty batch, not a closed input: ${empty.stderr}`);
  });
});

describe('E2: a schema or tools file with a UTF-8 BOM is read, as replies are', () => {
  test('--schema and tools', async () => {
    const schema = join(dir, 'bom-schema.json');
    writeFileSync(schema, '\ufeff{"type": "object", "properties": {"n": {"type": "integer"}}}');
    const r = await runCli(['parse', '--schema', schema], '{"n": "7"}');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '{"n":7}\n');
    const tools = join(dir, 'bom-tools.json');
    writeFileSync(tools, '\ufeff[{"name": "f", "parameters": {"type": "object"}}]');
    const t = await runCli(['tools', '--tools', tools], '{"name": "f", "arguments": {}}');
    assert.doesNotMatch(t.stderr, /not valid JSON/);
  });
});

