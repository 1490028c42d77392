// `jsonmend parse` and `jsonmend repair` on one reply.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { build, cli, examples, jsonLines, tempDir } from './cli.js';

const replyTxt = join(examples, 'reply.txt');
const schemaJson = join(examples, 'schema.json');
const expected = {
  customer: 'Ada Lovelace',
  order_id: 48213,
  issue: 'Package arrived damaged',
  refund_requested: true,
  items: ['analytical engine manual', 'punch cards'],
};

describe('jsonmend parse', () => {
  let dir: string;
  before(() => {
    build();
    dir = tempDir();
  });

  test('the README example: examples/reply.txt → compact JSON, exit 0', async () => {
    const r = await cli(['parse', 'examples/reply.txt']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, `${JSON.stringify(expected)}\n`);
    assert.equal(r.stderr, '');
  });

  test('reads standard input when no file (or "-") is given', async () => {
    for (const args of [['parse'], ['parse', '-']]) {
      const r = await cli(args, { input: "{'a': 1, 'b': [True, None],}" });
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout), { a: 1, b: [true, null] });
    }
  });

  test('--pretty indents by two spaces', async () => {
    const r = await cli(['parse', '--pretty', replyTxt]);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, `${JSON.stringify(expected, null, 2)}\n`);
  });

  test('--report writes the repairs to piped stderr as JSON lines', async () => {
    const r = await cli(['parse', '--report', replyTxt]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), expected);
    const repairs = jsonLines(r.stderr) as { kind: string; offset: number; line: number; column: number }[];
    const kinds = new Set(repairs.map((x) => x.kind));
    for (const kind of ['single_quotes', 'python_literal', 'trailing_comma']) assert.ok(kinds.has(kind), `${kind} in ${[...kinds]}`);
    const python = repairs.find((x) => x.kind === 'python_literal')!;
    assert.equal(python.line, 8, 'positions are in the original file');
    assert.equal(python.column, 23);
    assert.equal(typeof python.column, 'number');
    assert.equal(typeof python.offset, 'number');
  });

  test('--report on valid JSON reports nothing', async () => {
    const r = await cli(['parse', '--report'], { input: '{"a": 1}' });
    assert.equal(r.code, 0);
    assert.equal(r.stderr, '');
  });

  test('no JSON at all: exit 1, NO_JSON on stderr naming the input, nothing on stdout', async () => {
    const r = await cli(['parse'], { input: "I'm sorry, I can't help with that." });
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^jsonmend: <stdin>: NO_JSON: /);
    const file = join(dir, 'refusal.txt');
    writeFileSync(file, '   \n');
    const f = await cli(['parse', file]);
    assert.equal(f.code, 1);
    assert.ok(f.stderr.includes(`${file}: NO_JSON`), f.stderr);
  });

  test('an error with a position names file:line:column and shows the excerpt with a caret', async () => {
    const file = join(dir, 'strict.json');
    writeFileSync(file, '{\n  "a": 1,\n  "b": [1, 2\n');
    const r = await cli(['parse', '--strict', file]);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    const m = new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+):(\\d+): (\\w+): `).exec(r.stderr);
    assert.ok(m, r.stderr);
    assert.ok(Number(m[1]) >= 3, 'the line where the text was cut, or later');
    assert.equal(m[3], 'REPAIR_REFUSED');
    assert.match(r.stderr, /\n {4}.*\n {4} *\^/, 'excerpt and caret');
  });

  test('--schema: the value satisfies it; coercions appear in the report with their path', async () => {
    const ok = await cli(['parse', '--schema', schemaJson, replyTxt]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.deepEqual(JSON.parse(ok.stdout), expected);
    const coerced = await cli(['parse', '--report', '--schema', schemaJson], {
      input: '{"customer": "Ada", "order_id": "48213", "issue": "late", "refund_requested": "true"}',
    });
    assert.equal(coerced.code, 0, coerced.stderr);
    assert.deepEqual(JSON.parse(coerced.stdout), { customer: 'Ada', order_id: 48213, issue: 'late', refund_requested: true });
    const repairs = jsonLines(coerced.stderr) as { path?: string }[];
    assert.ok(repairs.some((x) => typeof x.path === 'string' && x.path.includes('order_id')), coerced.stderr);
  });

  test('--schema: a value that cannot satisfy it exits 1 with SCHEMA_MISMATCH', async () => {
    const r = await cli(['parse', '--schema', schemaJson], { input: '{"customer": "Ada"}' });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /SCHEMA_MISMATCH/);
  });

  test('--schema: an unreadable or invalid schema file is a usage error naming file, line and column', async () => {
    const bad = join(dir, 'bad-schema.json');
    writeFileSync(bad, '{\n  "type": "object",\n  "properties": {,}\n}\n');
    const r = await cli(['parse', '--schema', bad], { input: '{}' });
    assert.equal(r.code, 2);
    assert.ok(r.stderr.includes(`${bad}:3:`), r.stderr);
    const missing = await cli(['parse', '--schema', join(dir, 'nope.json')], { input: '{}' });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /no such file/);
  });

  test('batch-only options without --jsonl, and --pretty with --jsonl, are usage errors', async () => {
    for (const args of [['--workers', '2'], ['--field', 'reply'], ['--quiet'], ['--jsonl', '--pretty'], ['--jsonl', '--workers', '0'], ['--jsonl', '--workers', 'two']]) {
      const r = await cli(['parse', ...args], { input: '"{}"' });
      assert.equal(r.code, 2, args.join(' '));
    }
  });
});

describe('jsonmend repair', () => {
  before(build);

  test('prints valid JSON text whose value is what parse returns', async () => {
    const r = await cli(['repair', replyTxt]);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.stdout.endsWith('\n'));
    assert.deepEqual(JSON.parse(r.stdout), expected);
  });

  test('keeps the formatting of the input and splices in the repairs', async () => {
    const r = await cli(['repair'], { input: "{\n  'a': 1,\n  'b': [1, 2,],\n}" });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { a: 1, b: [1, 2] });
    assert.match(r.stdout, /^\{\n {2}"a": 1,\n {2}"b": \[1, 2\]/);
  });

  test('--report lists the repairs on stderr', async () => {
    const r = await cli(['repair', '--report'], { input: '[1, 2,]' });
    assert.equal(r.code, 0);
    assert.deepEqual(JSON.parse(r.stdout), [1, 2]);
    assert.deepEqual((jsonLines(r.stderr) as { kind: string }[]).map((x) => x.kind), ['trailing_comma']);
  });

  test('no JSON: exit 1 and the error names the input', async () => {
    const r = await cli(['repair'], { input: 'The capital of France is Paris.' });
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /<stdin>: NO_JSON/);
  });
});
