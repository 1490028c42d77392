// `extract --jsonl` and `verify --jsonl`: the same batch path as parse/repair (one line out per line
// in, in order, error records, workers), each line answered as the single-reply command answers.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { before, describe, test } from 'node:test';
import { extract, formatClaimFeedback, parse, positionOf, verifyAll, type Claim } from '../../src/index.js';
import { ALL_REPAIR_KINDS, isCutOffRepair } from '../../src/parse/kind-flags.js';
import { projectRoot } from '../helpers.js';
import { build, cli, jsonLines, tempDir } from './cli.js';

type Library = typeof import('../../src/cli/batch/library.js');
let library: Library;
let dir: string;

before(async () => {
  build();
  dir = tempDir();
  library = (await import(pathToFileURL(join(projectRoot, 'dist', 'cli', 'batch', 'library.js')).href)) as Library;
});

/** A tool output (or a reply holding one) for line i, damaged in one of several ways; some hold no JSON. */
function toolOutput(i: number): string {
  const value = { id: i, status: i % 3 === 0 ? 'closed' : 'open', total: i % 7 };
  switch (i % 8) {
    case 0: return JSON.stringify(value);
    case 1: return `Result:\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\nDone.`;
    case 2: return `{'id': ${i}, 'status': '${value.status}', 'total': ${value.total},}`;
    case 3: return 'I could not reach the tool.';
    case 4: return `<think>{"id": -1}</think> {"id": ${i}, "status": "${value.status}", "total": ${value.total}}`;
    case 5: return JSON.stringify(value).slice(0, -3);
    case 6: return `{id: ${i}, status: "${value.status}", total: "${value.total}"} and {"second": true}`;
    default: return `[${i}, `;
  }
}

const LINES = 3000;
const replies = Array.from({ length: LINES }, (_, n) => toolOutput(n + 1));
const input = `${replies.map((r) => JSON.stringify(r)).join('\n')}\n`;

/** What `extract` prints for one reply, built from the library directly. */
function extracted(reply: string, all: boolean, text: boolean): unknown {
  const candidates = extract(reply);
  if (candidates.length === 0) return undefined;
  const chosen = all ? candidates : [candidates.find((c) => c.reasoning !== true) ?? candidates[0]];
  const shown = chosen.map((c) => {
    if (text) return c.text;
    const at = positionOf(reply, c.start);
    const out: Record<string, unknown> = { source: c.source };
    for (const key of ['language', 'tag', 'reasoning', 'truncated'] as const) if (c[key] !== undefined) out[key] = c[key];
    return { ...out, start: c.start, end: c.end, line: at.line, column: at.column, text: c.text };
  });
  return all ? shown : shown[0];
}

function errorRecordAt(line: unknown, n: number, code: string): void {
  const rec = line as { line: number; error: { code: string; message: string } };
  assert.equal(rec.line, n);
  assert.equal(rec.error.code, code, `line ${n}`);
  assert.ok(rec.error.message.length > 0);
}

describe('jsonmend extract --jsonl', () => {
  for (const flags of [[], ['--all'], ['--text'], ['--all', '--text']]) {
    test(`${flags.join(' ') || 'first candidate'}: each line is what extract prints for that reply, in order, on 1 and 2 workers`, async () => {
      const all = flags.includes('--all');
      const text = flags.includes('--text');
      const one = await cli(['extract', '--jsonl', ...flags], { input });
      assert.equal(one.code, 1, 'lines without a candidate make the exit code 1');
      const lines = jsonLines(one.stdout);
      assert.equal(lines.length, LINES);
      let failed = 0;
      replies.forEach((reply, i) => {
        const expected = extracted(reply, all, text);
        if (expected === undefined) {
          failed++;
          errorRecordAt(lines[i], i + 1, 'NO_JSON');
        } else assert.deepEqual(lines[i], expected, `line ${i + 1}`);
      });
      assert.ok(failed > 0);
      assert.match(one.stderr, new RegExp(`${LINES} lines, ${LINES - failed} ok .*${failed} failed`));
      const two = await cli(['extract', '--jsonl', '--workers', '2', '--quiet', ...flags], { input });
      assert.equal(two.stdout, one.stdout);
      assert.equal(two.stderr, '');
    });
  }

  test('the single-reply command prints the same object for a reply', async () => {
    const reply = toolOutput(1);
    const single = await cli(['extract'], { input: reply });
    const batch = await cli(['extract', '--jsonl', '--quiet'], { input: `${JSON.stringify(reply)}\n` });
    assert.equal(batch.stdout, single.stdout);
  });

  test('--field; a field holding a JSON value has no text to search: an error record', async () => {
    const lines = [{ id: 1, reply: 'see ```json\n{"a": 1}\n```' }, { id: 2, reply: { a: 1 } }, { id: 3 }].map((l) => JSON.stringify(l)).join('\n');
    const r = await cli(['extract', '--jsonl', '--field', 'reply', '--text', '--quiet'], { input: lines });
    const out = jsonLines(r.stdout);
    assert.equal(out[0], '{"a": 1}');
    errorRecordAt(out[1], 2, 'INVALID_ARGUMENT');
    errorRecordAt(out[2], 3, 'INVALID_ARGUMENT');
    assert.equal(r.code, 1);
  });

  test('--pretty cannot be used with --jsonl; batch options need --jsonl', async () => {
    assert.equal((await cli(['extract', '--jsonl', '--pretty'], { input })).code, 2);
    const r = await cli(['extract', '--workers', '2'], { input: '{}' });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--workers only applies to --jsonl/);
  });
});

describe('jsonmend verify --jsonl', () => {
  const claims: Claim[] = [
    { mode: 'field', path: 'status', value: 'open' },
    { mode: 'range', path: 'total', min: 0, max: 5 },
    { mode: 'type', path: 'id', schema: { type: 'integer' } },
  ];
  let claimsFile: string;
  before(() => {
    claimsFile = join(dir, 'claims.json');
    writeFileSync(claimsFile, JSON.stringify(claims));
  });

  /**
   * What verify says about one tool output, from the library (a cut-off one is refused, as
   * `jsonmend verify` refuses it); the error code when it cannot be read.
   */
  function verified(reply: string): ReturnType<typeof verifyAll> | string {
    let value: unknown;
    try {
      value = parse(reply, { disable: ALL_REPAIR_KINDS.filter(isCutOffRepair) });
    } catch (error) {
      return (error as { code: string }).code;
    }
    return verifyAll(claims, value);
  }

  test('each line is {ok, results, summary} for that tool output, in order, on 1 and 2 workers', async () => {
    const one = await cli(['verify', '--jsonl', claimsFile], { input });
    assert.equal(one.code, 1, 'failed claims (and unreadable lines) make the exit code 1');
    const lines = jsonLines(one.stdout);
    assert.equal(lines.length, LINES);
    let unmet = 0;
    let failed = 0;
    replies.forEach((reply, i) => {
      const expected = verified(reply);
      if (typeof expected === 'string') {
        failed++;
        errorRecordAt(lines[i], i + 1, expected);
        return;
      }
      if (!expected.ok) unmet++;
      assert.deepEqual(lines[i], JSON.parse(JSON.stringify(expected)), `line ${i + 1}`);
    });
    assert.ok(unmet > 0 && failed > 0);
    assert.match(one.stderr, new RegExp(`${LINES} lines, ${LINES - failed} ok \\(\\d+ repaired\\), ${failed} failed; ${unmet} with a failed claim`));
    const two = await cli(['verify', '--jsonl', '--workers', '2', '--quiet', claimsFile], { input });
    assert.equal(two.stdout, one.stdout);
  });

  test('--feedback: the feedback text for each line as a JSON string', async () => {
    const r = await cli(['verify', '--jsonl', '--feedback', '--quiet', claimsFile], { input });
    const lines = jsonLines(r.stdout);
    replies.forEach((reply, i) => {
      const expected = verified(reply);
      if (typeof expected === 'string') return;
      assert.equal(lines[i], expected.ok ? 'All claims hold.' : formatClaimFeedback(expected), `line ${i + 1}`);
    });
  });

  test('every claim holds on every line: exit 0; --field picks the tool output', async () => {
    const lines = [
      { id: 'a', output: "{'status': 'open', 'total': 2, 'id': 1,}" },
      { id: 'b', output: { status: 'open', total: 5, id: 9 } },
    ].map((l) => JSON.stringify(l)).join('\n');
    const r = await cli(['verify', '--jsonl', '--field', 'output', claimsFile], { input: lines });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(jsonLines(r.stdout).map((l) => (l as { ok: boolean }).ok), [true, true]);
    assert.match(r.stderr, /2 lines, 2 ok \(1 repaired\), 0 failed; all claims hold/);
  });

  test('a malformed claim is a usage error (exit 2) before any line is read', async () => {
    const bad = join(dir, 'bad-claims.json');
    writeFileSync(bad, JSON.stringify([{ mode: 'field', path: 'a', value: 1 }, { mode: 'nonsense' }]));
    const r = await cli(['verify', '--jsonl', bad], { input });
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /INVALID_CLAIM: claim #2/);
  });
});

describe('jsonmend/batch: extract and verify modes', () => {
  test('batchLines in extract and verify modes yields what the CLI writes', async () => {
    const claims: Claim[] = [{ mode: 'field', path: 'status', value: 'open' }];
    const claimsFile = join(dir, 'one-claim.json');
    writeFileSync(claimsFile, JSON.stringify(claims));
    for (const [mode, args, options] of [
      ['extract', ['extract', '--jsonl', '--quiet'], {}],
      ['verify', ['verify', '--jsonl', '--quiet', claimsFile], { claims }],
    ] as const) {
      const expected = jsonLines((await cli([...args], { input })).stdout);
      const got: unknown[] = [];
      for await (const line of library.batchLines(Readable.from([input]), { mode, workers: 2, ...options })) got.push(JSON.parse(line));
      assert.deepEqual(got, expected, mode);
    }
  });

  test('verify mode needs well-formed claims, checked at once', () => {
    assert.throws(() => library.createBatchStream({ mode: 'verify' }), { code: 'INVALID_ARGUMENT' });
    assert.throws(() => library.createBatchStream({ mode: 'verify', claims: [{ mode: 'nonsense' } as unknown as Claim] }), { code: 'INVALID_CLAIM' });
    // An empty list checks nothing: it passed every line ("held"), as the CLI's verify no longer does.
    assert.throws(() => library.createBatchStream({ mode: 'verify', claims: [] }), { code: 'INVALID_CLAIM' });
  });
});
