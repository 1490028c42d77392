// Nothing fails silently on the command line (CLI probe, session 35): bytes that are not UTF-8, a
// cut-off document or claims file, a schema whose $ref leads nowhere, two inputs on one standard input,
// an option given twice are all said out loud; repair --jsonl --field leaves the rest of each line
// byte for byte as written.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { before, describe, test } from 'node:test';
import { batchLines } from '../../src/cli/batch/library.js';
import { build, cli, jsonLines, tempDir } from './cli.js';
import { projectRoot } from '../helpers.js';

describe('input that is not UTF-8 (probe L3)', () => {
  before(build);

  test('a single input: exit 2 naming the byte offset, nothing on stdout; --overwrite leaves the file alone', async () => {
    const dir = tempDir();
    const file = join(dir, 'bad.json');
    const bytes = Buffer.from([...Buffer.from('{"a": "'), 0xff, 0xfe, ...Buffer.from(' bad", "b": 1}')]);
    writeFileSync(file, bytes);
    for (const args of [['parse', '--report', file], ['repair', '--overwrite', file], ['get', 'b', file], ['canonicalize', file], ['extract', file]]) {
      const r = await cli(args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.equal(r.stdout, '', args.join(' '));
      assert.match(r.stderr, /not valid UTF-8/, args.join(' '));
      assert.match(r.stderr, /byte offset 7\b/, args.join(' '));
    }
    assert.deepEqual(readFileSync(file), bytes, 'the file is as it was');
  });

  test('a batch: the bad line is an error record naming its byte offset; the batch goes on', async () => {
    const dir = tempDir();
    const file = join(dir, 'in.jsonl');
    writeFileSync(file, Buffer.concat([Buffer.from('{"a":1}\n{"b":"'), Buffer.from([0xe2, 0x82]), Buffer.from('"}\n{"c":3}\n')]));
    for (const mode of ['parse', 'repair', 'extract']) {
      const r = await cli([mode, '--jsonl', '--quiet', file]);
      assert.equal(r.code, 1, r.stderr);
      const out = jsonLines(r.stdout) as { line?: number; error?: { code: string; message: string } }[];
      assert.equal(out.length, 3, r.stdout);
      assert.equal(out[1].line, 2);
      assert.match(out[1].error?.message ?? '', /not valid UTF-8 at byte offset 6/);
      assert.equal(out[0].error, undefined);
      assert.equal(out[2].error, undefined);
    }
    const tools = join(dir, 'tools.json');
    writeFileSync(tools, '[{"name": "f"}]');
    const t = await cli(['tools', '--tools', tools, '--jsonl', file]);
    const records = jsonLines(t.stdout) as { line?: number; error?: { message: string } }[];
    assert.equal(records.length, 3, t.stdout);
    assert.equal(records[1].line, 2);
    assert.match(records[1].error?.message ?? '', /not valid UTF-8/);
  });
});

describe('repair --jsonl --field splices the repaired field into the line as written (probe L5)', () => {
  before(build);

  test('numbers, duplicate keys, escaped keys and spacing are kept; the key JSON.parse reads is the one repaired', async () => {
    const lines = [
      '{"id": 1234567890123456789, "n": 1.10, "big": 1e400, "z": -0, "reply": "{\\"a\\":1,}", "reply" : "{\\"b\\":2,}" }',
      '  {"re\\u0070ly":"[1,]","x":[1.0, {"reply": "nested"}]}',
      '{"reply": {"a": 1.50}, "id": 1e400}',
    ];
    const r = await cli(['repair', '--jsonl', '--field', 'reply', '--quiet'], { input: `${lines.join('\n')}\n` });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.stdout.split('\n'), [
      '{"id": 1234567890123456789, "n": 1.10, "big": 1e400, "z": -0, "reply": "{\\"a\\":1,}", "reply" : "{\\"b\\":2}" }',
      '  {"re\\u0070ly":"[1]","x":[1.0, {"reply": "nested"}]}',
      '{"reply": {"a": 1.50}, "id": 1e400}',
      '',
    ]);
  });
});

describe('a cut-off document is refused by canonicalize, and a cut-off claims file by verify (probe L6, L7)', () => {
  before(build);

  test('canonicalize: REPAIR_REFUSED, exit 1; --accept-truncated reads it with a warning', async () => {
    const cut = '{"items":[{"id":1},{"id":2},{"id":3';
    const r = await cli(['canonicalize'], { input: cut });
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /REPAIR_REFUSED/);
    assert.match(r.stderr, /--accept-truncated/);
    const ok = await cli(['canonicalize', '--accept-truncated'], { input: cut });
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(ok.stdout, '{"items":[{"id":1},{"id":2},{"id":3}]}');
    assert.match(ok.stderr, /warning: .*cut off/);
  });

  test('verify: a cut-off claims file is refused (exit 2: invalid claims); --accept-truncated reads it', async () => {
    const dir = tempDir();
    const claims = join(dir, 'claims.json');
    writeFileSync(claims, '[{"mode":"range","path":"amount","min":10');
    const r = await cli(['verify', claims], { input: '{"amount": 50}' });
    assert.equal(r.code, 2, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /REPAIR_REFUSED/);
    assert.match(r.stderr, /--accept-truncated/);
    const batch = await cli(['verify', '--jsonl', claims], { input: '{"amount": 50}\n' });
    assert.equal(batch.code, 2, batch.stderr);
    const ok = await cli(['verify', '--accept-truncated', claims], { input: '{"amount": 50}' });
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stderr, /warning: .*cut off/);
  });

  test('verify: an empty claims file, or one without JSON, is invalid claims: exit 2 (probe E1)', async () => {
    const dir = tempDir();
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '');
    const prose = join(dir, 'prose.json');
    writeFileSync(prose, 'I could not find any claims.');
    for (const claims of [empty, prose]) {
      for (const extra of [[], ['--jsonl']]) {
        const r = await cli(['verify', ...extra, claims], { input: '{"amount": 50}\n' });
        assert.equal(r.code, 2, `${claims} ${extra.join(' ')}: ${r.stderr}`);
        assert.match(r.stderr, /NO_JSON/);
      }
    }
  });

  test('verify --jsonl: a cut-off line is refused unless --accept-truncated; the summary says "1 line" (probe E7)', async () => {
    const dir = tempDir();
    const claims = join(dir, 'claims.json');
    writeFileSync(claims, '[{"mode":"range","path":"amount","min":10}]');
    const r = await cli(['verify', '--jsonl', claims], { input: '{"amount": 50, "id": 1\n' });
    assert.equal(r.code, 1, r.stderr);
    const [rec] = jsonLines(r.stdout) as { line?: number; error?: { code: string } }[];
    assert.equal(rec.error?.code, 'REPAIR_REFUSED', r.stdout);
    assert.match(r.stderr, /: 1 line, /);
    const ok = await cli(['verify', '--jsonl', '--accept-truncated', claims], { input: '{"amount": 50, "id": 1\n' });
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal((jsonLines(ok.stdout)[0] as { ok: boolean }).ok, true);
  });
});

test('jsonmend/batch verify mode refuses a cut-off line unless acceptTruncated (probe E7)', async () => {
  const claims = [{ mode: 'range' as const, path: 'amount', min: 10 }];
  const run = async (acceptTruncated?: boolean) => {
    const out: unknown[] = [];
    for await (const line of batchLines(Readable.from(['{"amount": 50}\n{"amount": 50, "id": 1\n']), { mode: 'verify', claims, ...(acceptTruncated === undefined ? {} : { acceptTruncated }) })) out.push(JSON.parse(line));
    return out as { ok?: boolean; error?: { code: string } }[];
  };
  const refused = await run();
  assert.equal(refused[0].ok, true);
  assert.equal(refused[1].error?.code, 'REPAIR_REFUSED');
  const accepted = await run(true);
  assert.equal(accepted[1].ok, true);
});

describe('a schema whose $ref cannot be resolved is a usage error before any input is read (probe W1)', () => {
  before(build);

  test('internal and external $ref, single input and batch: exit 2 naming the schema file', async () => {
    const dir = tempDir();
    const internal = join(dir, 'internal.json');
    writeFileSync(internal, '{"type":"object","properties":{"n":{"$ref":"#/$defs/nope"}}}');
    const external = join(dir, 'external.json');
    writeFileSync(external, '{"type":"object","properties":{"n":{"$ref":"https://example.com/n.json"}}}');
    for (const schema of [internal, external]) {
      for (const extra of [[], ['--jsonl']]) {
        const r = await cli(['parse', ...extra, '--schema', schema], { input: '{"m": 1}\n' });
        assert.equal(r.code, 2, `${schema} ${extra.join(' ')}: ${r.stderr}`);
        assert.equal(r.stdout, '');
        assert.ok(r.stderr.includes(schema), r.stderr);
        assert.match(r.stderr, /\$ref/);
        assert.doesNotMatch(r.stderr, /Known schemas|cfworker/);
      }
    }
    const good = join(dir, 'good.json');
    writeFileSync(good, '{"type":"object","$defs":{"n":{"type":"integer"}},"properties":{"n":{"$ref":"#/$defs/n"}},"const":{"$ref":"#/nowhere"}}');
    const ok = await cli(['parse', '--schema', good], { input: '{"n": "3"}' });
    assert.equal(ok.code, 1, 'the const does not match, but the schema is usable');
    assert.match(ok.stderr, /SCHEMA_MISMATCH/);
  });
});

describe('extract --all --text: one candidate per line (probe W2)', () => {
  before(build);

  test('each line is a candidate\'s text as a JSON string, ready for parse --jsonl', async () => {
    const reply = 'First:\n```json\n{\n  "a": 1\n}\n```\nthen <answer>{"b": 2}</answer>';
    const r = await cli(['extract', '--all', '--text'], { input: reply });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(jsonLines(r.stdout), ['{\n  "a": 1\n}', '{"b": 2}']);
    const single = await cli(['extract', '--text'], { input: reply });
    assert.equal(single.stdout, '{\n  "a": 1\n}\n', 'without --all the raw text, to pipe on');
  });
});

describe('command-line mistakes are usage errors (probe E3, E4)', () => {
  before(build);

  test('two inputs on standard input: exit 2', async () => {
    for (const args of [['verify', '-', '-'], ['verify', '-'], ['parse', '--schema', '-', '-'], ['parse', '--schema', '-'], ['tools', '--tools', '-']]) {
      const r = await cli(args, { input: '[]' });
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /standard input/, args.join(' '));
    }
  });

  test('a single-valued option given twice: exit 2 naming it', async () => {
    const dir = tempDir();
    const a = join(dir, 'a.json');
    writeFileSync(a, '{}');
    for (const args of [['parse', '--schema', a, '--schema', a], ['repair', '-o', join(dir, 'x'), '--output', join(dir, 'y')], ['parse', '--jsonl', '--field', 'a', '--field=b']]) {
      const r = await cli(args, { input: '{}' });
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /given twice/, args.join(' '));
    }
  });
});

describe('docs/cli.md (probe D1, D2)', () => {
  test('lists tools and sends readers to no file the installed package lacks', () => {
    const md = readFileSync(join(projectRoot, 'docs', 'cli.md'), 'utf8');
    assert.match(md, /\| `jsonmend tools /);
    assert.match(md, /^## tools$/m);
    for (const gone of ['src/', 'bench/', 'test/']) assert.ok(!md.includes(gone), `cli.md names ${gone}…, which the package lacks`);
  });
});
