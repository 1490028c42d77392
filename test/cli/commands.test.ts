// `jsonmend extract`, `get`, `query`, `verify` and `canonicalize`.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { build, cli, examples, jsonLines, tempDir } from './cli.js';

const replyTxt = join(examples, 'reply.txt');
const toolOutput = join(examples, 'tool-output.json');
const claimsJson = join(examples, 'claims.json');

describe('jsonmend extract', () => {
  before(build);

  test('the first candidate with its source, language and position', async () => {
    const r = await cli(['extract', replyTxt]);
    assert.equal(r.code, 0, r.stderr);
    const c = JSON.parse(r.stdout) as Record<string, unknown>;
    assert.equal(c.source, 'fence');
    assert.equal(c.language, 'json');
    assert.equal(c.line, 4, 'the JSON starts on the line after the fence');
    assert.equal(c.column, 1);
    assert.match(String(c.text), /^\{\n {2}"customer"/);
    assert.equal(typeof c.start, 'number');
    assert.equal(typeof c.end, 'number');
  });

  test('--all: every candidate in document order, as an array', async () => {
    const reply = 'First: ```json\n{"a": 1}\n```\nthen <answer>{"b": 2}</answer>';
    const r = await cli(['extract', '--all'], { input: reply });
    assert.equal(r.code, 0, r.stderr);
    const all = JSON.parse(r.stdout) as { text: string; start: number; end: number; source: string }[];
    assert.ok(Array.isArray(all));
    const texts = all.map((c) => c.text.trim());
    assert.ok(texts.includes('{"a": 1}') && texts.includes('{"b": 2}'), r.stdout);
    const starts = all.map((c) => c.start);
    assert.deepEqual(starts, [...starts].sort((a, b) => a - b), 'document order');
    for (const c of all) assert.equal(reply.slice(c.start, c.end).includes(c.text.trim()), true);
  });

  test('--text prints the raw text, ready for another command', async () => {
    const r = await cli(['extract', '--text', replyTxt]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /"refund_requested": True/);
    const parsed = await cli(['parse'], { input: r.stdout });
    assert.equal(parsed.code, 0, parsed.stderr);
    assert.equal(JSON.parse(parsed.stdout).customer, 'Ada Lovelace');
  });

  test('JSON inside a reasoning block is the answer only when nothing else is, and then says so', async () => {
    const reply = '<think>maybe {"a": 1}?</think>\nThe answer: {"b": 2}';
    const first = await cli(['extract'], { input: reply });
    assert.equal(first.code, 0, first.stderr);
    assert.equal((JSON.parse(first.stdout) as { text: string }).text, '{"b": 2}');
    const only = await cli(['extract'], { input: '<think>maybe {"a": 1}?</think>\nNo idea.' });
    assert.equal(only.code, 0, only.stderr);
    const c = JSON.parse(only.stdout) as { text: string; reasoning?: boolean };
    assert.equal(c.text, '{"a": 1}');
    assert.equal(c.reasoning, true);
  });

  test('prose with no JSON: exit 1, NO_JSON', async () => {
    const r = await cli(['extract'], { input: 'Nothing to see here.' });
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /<stdin>: NO_JSON/);
  });
});

describe('jsonmend get', () => {
  before(build);

  test('the value at a path, in each syntax', async () => {
    for (const path of ['tickets[0].status', 'tickets.0.status', '$.tickets[0].status', '/tickets/0/status']) {
      const r = await cli(['get', path, toolOutput]);
      assert.equal(r.code, 0, `${path}: ${r.stderr}`);
      assert.equal(r.stdout, '"open"\n', path);
    }
    const last = await cli(['get', 'tickets[-1]', toolOutput]);
    assert.equal(JSON.parse(last.stdout).id, 'T-1003');
  });

  test('reads damaged JSON from standard input', async () => {
    const r = await cli(['get', 'a.b'], { input: "{'a': {'b': [1, 2,]}}" });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), [1, 2]);
  });

  test('a path that leads nowhere: exit 1 with the code and what is there', async () => {
    const missing = await cli(['get', 'tickets[0].owner', toolOutput]);
    assert.equal(missing.code, 1);
    assert.equal(missing.stdout, '');
    assert.match(missing.stderr, /MISSING_KEY/);
    assert.match(missing.stderr, /status|subject|id/, 'names a few keys that exist');
    const range = await cli(['get', 'tickets[7]', toolOutput]);
    assert.equal(range.code, 1);
    assert.match(range.stderr, /INDEX_OUT_OF_RANGE/);
  });

  test('a malformed path is a usage error (exit 2, SYNTAX)', async () => {
    const r = await cli(['get', 'tickets[0', toolOutput]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /SYNTAX/);
  });

  test('unparseable input: exit 1 naming the file', async () => {
    const dir = tempDir();
    const file = join(dir, 'prose.txt');
    writeFileSync(file, 'no json');
    const r = await cli(['get', 'a', file]);
    assert.equal(r.code, 1);
    assert.ok(r.stderr.includes(`${file}: NO_JSON`), r.stderr);
  });
});

describe('jsonmend query', () => {
  before(build);

  test('the node list as a JSON array', async () => {
    const r = await cli(['query', '$.tickets[?@.status == "open"].id', toolOutput]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), ['T-1001', 'T-1003']);
    const none = await cli(['query', '$.nothing[*]', toolOutput]);
    assert.equal(none.code, 0);
    assert.deepEqual(JSON.parse(none.stdout), []);
  });

  test('--paths gives normalized paths', async () => {
    const r = await cli(['query', '--paths', '$..priority', toolOutput]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), ["$['tickets'][0]['priority']", "$['tickets'][1]['priority']", "$['tickets'][2]['priority']"]);
  });

  test('an invalid query is a usage error (exit 2, SYNTAX)', async () => {
    const r = await cli(['query', '$.tickets[?', toolOutput]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /SYNTAX/);
  });
});

describe('jsonmend verify', () => {
  before(build);

  test('a payload that was cut off is refused (exit 1) unless --accept-truncated, which says so on stderr (path probe L2)', async () => {
    const dir = tempDir();
    const claims = join(dir, 'claims.json');
    writeFileSync(claims, JSON.stringify([{ mode: 'range', path: 'items', aggregate: 'count', max: 3 }, { mode: 'field', path: 'items[-1].id', value: 3 }]));
    const cut = '{"items":[{"id":1},{"id":2},{"id":3';
    const r = await cli(['verify', claims], { input: cut });
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /REPAIR_REFUSED.*"truncated"/);
    assert.match(r.stderr, /cut off.*--accept-truncated/);
    const ok = await cli(['verify', claims, '--accept-truncated'], { input: cut });
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stderr, /warning: <stdin>:1:\d+ truncated/);
    assert.match(ok.stderr, /was cut off; the results are about the part that is there/);
    for (const args of [['get', 'items[0].id'], ['query', '$.items[*].id']]) {
      const g = await cli(args, { input: cut });
      assert.equal(g.code, 1, `${args[0]}: ${g.stderr}`);
      assert.equal((await cli([...args, '--accept-truncated'], { input: cut })).code, 0);
    }
    // Other repairs are still made quietly.
    assert.equal((await cli(['get', 'a'], { input: "{'a': 1,}" })).code, 0);
  });

  test('one result per claim; exit 1 when one fails', async () => {
    const r = await cli(['verify', claimsJson, toolOutput]);
    assert.equal(r.code, 1, r.stderr);
    const results = jsonLines(r.stdout) as { ok: boolean; mode: string }[];
    assert.equal(results.length, 5);
    assert.deepEqual(results.map((x) => x.ok), [true, true, true, true, false]);
    assert.match(r.stderr, /1 of 5 claims failed/);
  });

  test('every claim holds: exit 0; the payload may come on standard input', async () => {
    const dir = tempDir();
    const claims = join(dir, 'claims.json');
    writeFileSync(claims, JSON.stringify([{ mode: 'field', path: 'tickets[1].id', value: 'T-1002' }]));
    const r = await cli(['verify', claims], { input: "{'tickets': [{}, {'id': 'T-1002'}]}" });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual((jsonLines(r.stdout) as { ok: boolean }[]).map((x) => x.ok), [true]);
  });

  test('a claims file may hold {"claims": [...]} or a single claim, and may be a model reply', async () => {
    const dir = tempDir();
    const wrapped = join(dir, 'wrapped.json');
    writeFileSync(wrapped, JSON.stringify({ claims: [{ mode: 'range', path: 'total', min: 1, max: 5 }, { mode: 'type', path: 'tickets', schema: 'array' }] }));
    const r = await cli(['verify', wrapped, toolOutput]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(jsonLines(r.stdout).length, 2);
    assert.match(r.stderr, /all 2 claims hold/);
    const reply = join(dir, 'reply.txt');
    writeFileSync(reply, "My claim:\n```json\n{'mode': 'field', 'path': 'tickets[2].id', 'value': 'T-1003',}\n```");
    const one = await cli(['verify', reply, toolOutput]);
    assert.equal(one.code, 0, one.stderr);
    assert.deepEqual((jsonLines(one.stdout) as { ok: boolean }[]).map((x) => x.ok), [true]);
  });

  test('--feedback writes a text a model can act on', async () => {
    const r = await cli(['verify', '--feedback', claimsJson, toolOutput]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /tickets\[1\]\.status|tickets\/1\/status/);
  });

  test('a malformed claim is a usage error (exit 2)', async () => {
    const dir = tempDir();
    const claims = join(dir, 'bad.json');
    writeFileSync(claims, JSON.stringify([{ mode: 'telepathy', path: 'a' }]));
    const r = await cli(['verify', claims, toolOutput]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /INVALID_CLAIM/);
  });

  test('a claims file that does not exist: exit 2', async () => {
    const r = await cli(['verify', 'no-such-claims.json', toolOutput]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no-such-claims\.json: no such file/);
  });
});

describe('jsonmend canonicalize', () => {
  before(build);

  test('RFC 8785 text, without a newline when piped', async () => {
    const r = await cli(['canonicalize'], { input: '{"b": 1.0, "a": [1e2, "\\u00e9"], \'c\': True}' });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '{"a":[100,"é"],"b":1,"c":true}');
  });

  test('unparseable input: exit 1', async () => {
    const r = await cli(['canonicalize'], { input: 'nothing' });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /NO_JSON/);
  });
});
