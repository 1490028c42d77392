// Batches: `parse --jsonl` and `repair --jsonl`, in-process and on worker threads.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { build, cli, jsonLines, tempDir } from './cli.js';

interface Item {
  id: number;
  name: string;
  score: number;
  tags: string[];
  ok: boolean;
  note: null;
}

function item(i: number): Item {
  return { id: i, name: `item ${i}`, score: (i % 97) / 10, tags: [`t${i % 5}`, `u${i % 3}`], ok: i % 2 === 0, note: null };
}

const py = (v: Item) =>
  `{'id': ${v.id}, 'name': '${v.name}', 'score': ${v.score}, 'tags': [${v.tags.map((t) => `'${t}'`).join(', ')}], 'ok': ${v.ok ? 'True' : 'False'}, 'note': None}`;

/** A damaged reply for item i, and whether the line holds it raw rather than as a JSON string. */
function reply(i: number): { text: string; raw: boolean } {
  const v = item(i);
  const json = JSON.stringify(v);
  switch (i % 6) {
    case 0: return { text: json, raw: false };
    case 1: return { text: `${json.slice(0, -1)},}`, raw: false };
    case 2: return { text: py(v), raw: false };
    case 3: return { text: `Here is the record you asked for:\n\n\`\`\`json\n${JSON.stringify(v, null, 2)}\n\`\`\`\nAnything else?`, raw: false };
    case 4: return { text: json.slice(0, -1), raw: false };
    default: return { text: py(v), raw: true };
  }
}

const LINES = 10_000;
/** 1-based lines that hold no JSON at all. */
const BROKEN = new Map<number, string>([
  [17, "I'm sorry, but I can't share that record."],
  [4242, ''],
  [7000, 'The answer is forty-two.'],
  [LINES, 'Let me think about it.'],
]);

function batch(eol = '\n'): string {
  let out = '';
  for (let n = 1; n <= LINES; n++) {
    const broken = BROKEN.get(n);
    if (broken !== undefined) out += JSON.stringify(broken);
    else {
      const r = reply(n);
      out += r.raw ? r.text : JSON.stringify(r.text);
    }
    out += eol;
  }
  return out;
}

function checkValues(stdout: string): void {
  const lines = stdout.split('\n');
  assert.equal(lines.pop(), '', 'ends with a newline');
  assert.equal(lines.length, LINES, 'one result per input line');
  for (let n = 1; n <= LINES; n++) {
    const got = JSON.parse(lines[n - 1]) as unknown;
    if (BROKEN.has(n)) {
      const rec = got as { line: number; error: { code: string; message: string } };
      assert.equal(rec.line, n);
      assert.equal(rec.error.code, 'NO_JSON', `line ${n}`);
      assert.equal(typeof rec.error.message, 'string');
      assert.ok(rec.error.message.length > 0);
    } else {
      assert.deepEqual(got, item(n), `line ${n}`);
    }
  }
}

describe('jsonmend parse --jsonl', () => {
  let dir: string;
  let file: string;
  let single: string;
  before(() => {
    build();
    dir = tempDir();
    file = join(dir, 'replies.jsonl');
    writeFileSync(file, batch());
  });

  test('10,000 lines, four without JSON: their records say why, the rest are intact and in order', async () => {
    const r = await cli(['parse', '--jsonl', file]);
    assert.equal(r.code, 1, 'a failed line makes the exit code 1');
    checkValues(r.stdout);
    single = r.stdout;
    assert.match(r.stderr, /10000 lines, 9996 ok \(\d+ repaired\), 4 failed/);
    assert.match(r.stderr, /failures: NO_JSON 4/);
    assert.match(r.stderr, /repairs: .*trailing_comma/);
    assert.doesNotMatch(r.stderr, /\r/, 'no progress bar when stderr is piped');
  });

  test('--workers 2 gives the same output, in the same order', async () => {
    const r = await cli(['parse', '--jsonl', '--workers', '2', file]);
    assert.equal(r.code, 1, r.stderr);
    checkValues(r.stdout);
    if (single !== undefined) assert.equal(r.stdout, single);
    assert.match(r.stderr, /10000 lines, 9996 ok/);
  });

  test('more workers than chunks, and standard input, give the same output', async () => {
    const r = await cli(['parse', '--jsonl', '--workers', '3'], { input: batch() });
    assert.equal(r.code, 1);
    checkValues(r.stdout);
    assert.match(r.stderr, /<stdin>: 10000 lines/);
  });

  test('CRLF line ends', async () => {
    const r = await cli(['parse', '--jsonl', '--workers', '2'], { input: batch('\r\n') });
    checkValues(r.stdout);
  });

  test('every line good: exit 0; --quiet: nothing on stderr', async () => {
    const input = ['"[1, 2,]"', "{'a': True}", '"```json\\n{\\"b\\": null}\\n```"', ''].join('\n');
    const r = await cli(['parse', '--jsonl', '--quiet'], { input });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.deepEqual(jsonLines(r.stdout), [[1, 2], { a: true }, { b: null }]);
  });

  test('a last line without a newline is still a line', async () => {
    const r = await cli(['parse', '--jsonl', '--quiet'], { input: '"[1]"\n"[2]"' });
    assert.equal(r.stdout, '[1]\n[2]\n');
  });

  test('--field NAME: each line an object with the reply under NAME', async () => {
    const lines = [
      JSON.stringify({ id: 'a', reply: "{'x': 1,}" }),
      JSON.stringify({ id: 'b', reply: { x: 2 } }),
      JSON.stringify({ id: 'c', text: '{"x": 3}' }),
      '{"id": "d", "reply": ',
      JSON.stringify({ id: 'e', reply: 'no JSON here' }),
    ];
    const r = await cli(['parse', '--jsonl', '--field', 'reply'], { input: lines.join('\n') });
    assert.equal(r.code, 1);
    const out = jsonLines(r.stdout) as Record<string, unknown>[];
    assert.deepEqual(out[0], { x: 1 });
    assert.deepEqual(out[1], { x: 2 }, 'a field that already holds JSON is taken as it is');
    assert.equal(out[2].line, 3);
    assert.match(String((out[2].error as { message: string }).message), /no field "reply"/);
    assert.equal(out[3].line, 4);
    assert.match(String((out[3].error as { message: string }).message), /not a JSON object/);
    assert.equal((out[4].error as { code: string }).code, 'NO_JSON');
    assert.match(r.stderr, /5 lines, 2 ok/);
  });

  test('--report: each repair as a JSON line with its batch line, then a JSON summary', async () => {
    const r = await cli(['parse', '--jsonl', '--report'], { input: '"[1, 2,]"\n"{}"\n"nope"\n' });
    const records = jsonLines(r.stderr) as Record<string, unknown>[];
    const repair = records.find((x) => 'repair' in x) as { line: number; repair: { kind: string; line: number } };
    assert.equal(repair.line, 1);
    assert.equal(repair.repair.kind, 'trailing_comma');
    const summary = records.at(-1) as { summary: { lines: number; ok: number; failed: number; repairs: Record<string, number> } };
    assert.equal(summary.summary.lines, 3);
    assert.equal(summary.summary.ok, 2);
    assert.equal(summary.summary.failed, 1);
    assert.equal(summary.summary.repairs.trailing_comma, 1);
  });

  test('--schema applies to every line', async () => {
    const schema = join(dir, 'schema.json');
    writeFileSync(schema, JSON.stringify({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }));
    const r = await cli(['parse', '--jsonl', '--workers', '2', '--schema', schema], { input: '"{\\"n\\": \\"5\\"}"\n"{\\"m\\": 1}"\n' });
    const out = jsonLines(r.stdout) as Record<string, unknown>[];
    assert.deepEqual(out[0], { n: 5 });
    assert.equal((out[1].error as { code: string }).code, 'SCHEMA_MISMATCH');
    assert.equal(r.code, 1);
  });

  test('a missing batch file is a usage error', async () => {
    const r = await cli(['parse', '--jsonl', join(dir, 'missing.jsonl')]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /missing\.jsonl: no such file/);
  });
});

describe('jsonmend repair --jsonl', () => {
  before(build);

  test('each line comes back in the form it came in, repaired', async () => {
    const input = [
      JSON.stringify("{'a': 1,}"),
      "{'b': [1, 2,], 'c': None}",
      JSON.stringify({ id: 7, reply: '[1, 2' }),
      JSON.stringify('no JSON at all'),
    ].join('\n');
    const plain = await cli(['repair', '--jsonl'], { input: input.split('\n').filter((_, i) => i !== 2).join('\n') });
    assert.equal(plain.code, 1);
    const lines = plain.stdout.split('\n');
    assert.deepEqual(JSON.parse(JSON.parse(lines[0]) as string), { a: 1 }, 'a JSON string comes back as a JSON string');
    assert.deepEqual(JSON.parse(lines[1]), { b: [1, 2], c: null }, 'a raw line comes back raw');
    assert.equal((JSON.parse(lines[2]) as { line: number; error: { code: string } }).error.code, 'NO_JSON');
    assert.equal((JSON.parse(lines[2]) as { line: number }).line, 3);

    const field = await cli(['repair', '--jsonl', '--field', 'reply'], { input: JSON.stringify({ id: 7, reply: '[1, 2' }) });
    assert.equal(field.code, 0, field.stderr);
    const obj = JSON.parse(field.stdout) as { id: number; reply: string };
    assert.equal(obj.id, 7, 'the other fields are kept');
    assert.deepEqual(JSON.parse(obj.reply), [1, 2]);
  });

  test('--workers 2 matches one worker on a larger batch', async () => {
    const input = batch();
    const one = await cli(['repair', '--jsonl', '--quiet'], { input });
    const two = await cli(['repair', '--jsonl', '--quiet', '--workers', '2'], { input });
    assert.equal(one.code, 1);
    assert.equal(two.stdout, one.stdout);
    const lines = one.stdout.split('\n');
    assert.equal(lines.length, LINES + 1);
    assert.deepEqual(JSON.parse(JSON.parse(lines[1]) as string), item(2));
    assert.deepEqual(JSON.parse(lines[4]), item(5), 'raw line 5 is repaired in place');
  });
});

describe('batch buffers are reused (src/cli/batch/buffers.ts)', () => {
  // Lines that cross the file's 256 KB reads (one of them spans three), with answers longer than
  // the lines (error records for short ones): a buffer handed out again while a line's start or a
  // chunk's answer still lay in it would show here as a line mixed with another's.
  const lines: string[] = [];
  for (let i = 1; i <= 24_000; i++) {
    if (i % 3 === 0) lines.push(`"n${i}"`);
    else if (i === 12_001) lines.push(JSON.stringify({ i, s: 'y'.repeat(600_000) }));
    else lines.push(JSON.stringify({ i, s: 'x'.repeat((i * 37) % 400) }));
  }
  const expected = (n: number): unknown => {
    const line = lines[n - 1];
    return line.startsWith('"') ? { line: n, code: 'NO_JSON' } : JSON.parse(line);
  };
  const check = (stdout: string) => {
    const out = stdout.split('\n');
    assert.equal(out.pop(), '');
    assert.equal(out.length, lines.length);
    for (let n = 1; n <= lines.length; n++) {
      const got = JSON.parse(out[n - 1]) as { line?: number; error?: { code: string } };
      const seen = got.error === undefined ? got : { line: got.line, code: got.error.code };
      assert.deepEqual(seen, expected(n), `line ${n}`);
    }
  };
  let file: string;
  before(() => {
    build();
    file = join(tempDir(), 'reuse.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
  });

  test('parse --jsonl from a file into a pipe: every line its own answer', async () => {
    const r = await cli(['parse', '--jsonl', '--quiet', file]);
    assert.equal(r.code, 1);
    check(r.stdout);
  });

  test('the same from standard input, and with --workers 2', async () => {
    check((await cli(['parse', '--jsonl', '--quiet'], { input: `${lines.join('\n')}\n` })).stdout);
    check((await cli(['parse', '--jsonl', '--quiet', '--workers', '2', file])).stdout);
  });

  test('a file large enough for worker threads (32 MB): the worker answers go through the same writes', async () => {
    // Nine copies of the lines (36 MB): the first copy's answers are known, and a worker thread starts at once.
    const big = join(tempDir(), 'reuse-big.jsonl');
    const copies = 9;
    writeFileSync(big, `${lines.join('\n')}\n`.repeat(copies));
    const one = await cli(['parse', '--jsonl', '--quiet', big]);
    const two = await cli(['parse', '--jsonl', '--quiet', '--workers', '2', big]);
    const out = one.stdout.split('\n');
    assert.equal(out.length, lines.length * copies + 1);
    check(`${out.slice(0, lines.length).join('\n')}\n`);
    assert.ok(two.stdout === one.stdout, 'two threads give what one gives, byte for byte');
  });
});
