// Telemetry people can use: counters by model and tool, repairs on failed attempts, the near-limit event, the
// JSONL writer's stable lines — all against loopback servers.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anthropic, createTelemetry, generate, ollama, openaiCompatible, type LoopEvent } from '../../src/loop/index.js';
import { createJsonlTelemetry, TELEMETRY_SCHEMA, type TelemetryLine } from '../../src/loop/node/index.js';
import { anthropicBody, json, ollamaBody, openaiBody, person, useServer } from './wire.js';


const server = useServer();
let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jsonmend-telemetry-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('telemetry', { timeout: 30_000 }, () => {
  test('counters are keyed by model and by tool: repair kinds per model per tool', async () => {
    const telemetry = createTelemetry();
    const gpt = openaiCompatible({ baseURL: server.url, model: 'gpt' });
    const llama = ollama({ baseURL: server.url, model: 'llama' });
    server.script(json(openaiBody('{"name":"Ada","age":"36"}')), json(ollamaBody('{"name":"Ada","age":36,}')), json(ollamaBody("{'name':'Ada','age':36}")));
    await generate({ model: gpt, schema: person, prompt: 'p', tool: 'lookup', onEvent: telemetry.onEvent });
    await generate({ model: llama, schema: person, prompt: 'p', tool: 'lookup', onEvent: telemetry.onEvent });
    await generate({ model: llama, schema: person, prompt: 'p', onEvent: telemetry.onEvent });
    const report = JSON.parse(JSON.stringify(telemetry));
    assert.equal(report.calls, 3);
    assert.deepEqual(report.byModel['openai-compatible:gpt'].repairs, { string_to_integer: 1 });
    assert.deepEqual(report.byModel['ollama:llama'].repairs, { trailing_comma: 1, single_quotes: 3 });
    assert.equal(report.byTool.lookup.calls, 2);
    assert.equal(report.byTool['(none)'].calls, 1);
    assert.deepEqual(report.byModelTool['ollama:llama'].lookup.repairs, { trailing_comma: 1 });
    assert.deepEqual(report.byModelTool['ollama:llama']['(none)'].repairs, { single_quotes: 3 });
    assert.deepEqual(report.byModelTool['openai-compatible:gpt'].lookup.repairs, { string_to_integer: 1 });
    for (const e of report.events as LoopEvent[]) assert.ok(typeof e.callId === 'string' && typeof e.model === 'string');
  });

  test('repairs made on an attempt that then failed are reported, marked not accepted', async () => {
    const events: LoopEvent[] = [];
    const telemetry = createTelemetry();
    // Attempt 1: repaired text (trailing comma, single quotes) that still fails the schema; attempt 2 is clean.
    server.script(json(openaiBody("{'name':'Ada','age':'old',}")), json(openaiBody('{"name":"Ada","age":36}')));
    const result = await generate({
      model: openaiCompatible({ baseURL: server.url, model: 'gpt' }),
      schema: person,
      prompt: 'p',
      onEvent: (e) => {
        events.push(e);
        telemetry.onEvent(e);
      },
    });
    assert.equal(result.attempts, 2);
    const repaired = events.filter((e) => e.type === 'repairs_applied');
    assert.equal(repaired.length, 1);
    const r = repaired[0]!;
    assert.ok(r.type === 'repairs_applied' && r.attempt === 1 && r.accepted === false);
    assert.ok(r.type === 'repairs_applied' && r.kinds.includes('single_quotes') && r.kinds.includes('trailing_comma'));
    assert.ok((telemetry.counts.failedRepairs.single_quotes ?? 0) >= 1);
    assert.deepEqual({ ...telemetry.counts.repairs }, {});
  });

  test('a reply that used ≥ 90% of maxTokens reports near_token_limit (threshold configurable)', async () => {
    const events: LoopEvent[] = [];
    // anthropicBody reports output_tokens: 6; maxTokens 6 → 100%, maxTokens 7 → 86%.
    server.script(json(anthropicBody({ name: 'Ada', age: 36 })), json(anthropicBody({ name: 'Ada', age: 36 })), json(anthropicBody({ name: 'Ada', age: 36 })));
    await generate({ model: anthropic({ baseURL: server.url, model: 'c', maxTokens: 6 }), schema: person, prompt: 'p', onEvent: (e) => events.push(e) });
    await generate({ model: anthropic({ baseURL: server.url, model: 'c', maxTokens: 7 }), schema: person, prompt: 'p', onEvent: (e) => events.push(e) });
    await generate({ model: anthropic({ baseURL: server.url, model: 'c' }), maxTokens: 7, nearTokenLimit: 0.8, schema: person, prompt: 'p', onEvent: (e) => events.push(e) });
    const near = events.filter((e) => e.type === 'near_token_limit');
    assert.equal(near.length, 2);
    assert.deepEqual(
      near.map((e) => (e.type === 'near_token_limit' ? [e.outputTokens, e.maxTokens] : [])),
      [[6, 6], [6, 7]],
    );
    assert.equal(server.requests.at(-1)!.body.max_tokens, 7, 'generate({ maxTokens }) is sent');
  });

  test('continuations, restarts and repeats dropped are counted, per model and tool, and the report holds no reply text', async () => {
    const telemetry = createTelemetry();
    const model = anthropic({ baseURL: server.url, model: 'c' }); // text mode: it continues a cut-off turn
    const SECRET = 'sk-continued-7f3a';
    server.script(
      json(anthropicBody(`{"note": "${SECRET}", "ag`, 'max_tokens')), json(anthropicBody('e": 36}', 'end_turn')), // continued
      json(anthropicBody(`{"note": "${SECRET}", "age": 3`, 'max_tokens')), json(anthropicBody(`{"note": "${SECRET}", "age": 36}`, 'end_turn')), // restarted
      json(anthropicBody(`{"note": "${SECRET}", "age": 3`, 'max_tokens')), json(anthropicBody('"age": 36}', 'end_turn')), // the cut member again
    );
    for (const tool of ['a', 'b', 'b']) await generate({ model, prompt: 'p', tool, onTruncated: 'continue', onEvent: telemetry.onEvent });
    const report = JSON.parse(JSON.stringify(telemetry));
    assert.deepEqual([report.continuations, report.restarts, report.overlaps], [3, 1, 1]);
    assert.deepEqual([report.byTool.b.continuations, report.byTool.b.restarts, report.byTool.b.overlaps], [2, 1, 1]);
    assert.deepEqual([report.byModelTool['anthropic:c'].a.continuations, report.byModelTool['anthropic:c'].a.restarts], [1, 0]);
    assert.equal(report.byModel['anthropic:c'].continuations, 3);
    assert.equal(report.truncations.continue, 3);
    assert.ok(!JSON.stringify(report).includes(SECRET), 'no reply text in the report');
    telemetry.reset();
    assert.deepEqual([telemetry.counts.continuations, telemetry.counts.restarts, telemetry.counts.overlaps], [0, 0, 0]);
  });

  test('the JSONL writer: one line per event, run id, sequence, schema name, owner-only file', async () => {
    const path = join(dir, 'sub', 'events.jsonl');
    const writer = createJsonlTelemetry({ path, runId: 'run-42' });
    server.script(json(openaiBody('{"name":"Ada","age":"x"}')), json(openaiBody('{"name":"Ada","age":36}')));
    await generate({ model: openaiCompatible({ baseURL: server.url, model: 'gpt' }), schema: person, prompt: 'p', tool: 't', onEvent: writer.onEvent });
    await writer.close();
    const lines = (await readFile(path, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as TelemetryLine);
    assert.equal(lines.length, writer.lines);
    assert.deepEqual(lines.map((l) => l.type), ['attempt_started', 'attempt_ended', 'attempt_failed', 'retry', 'attempt_started', 'attempt_ended', 'outcome']);
    lines.forEach((l, i) => {
      assert.equal(l.schema, TELEMETRY_SCHEMA);
      assert.equal(l.runId, 'run-42');
      assert.equal(l.seq, i + 1);
      assert.ok(!Number.isNaN(Date.parse(l.time)));
      assert.equal(l.model, 'openai-compatible:gpt');
      assert.equal(l.tool, 't');
    });
    const failed = lines[2]!;
    assert.ok(failed.type === 'attempt_failed');
    assert.deepEqual(Object.keys(failed).sort(), ['attempt', 'callId', 'code', 'model', 'path', 'replyLength', 'runId', 'schema', 'seq', 'stage', 'time', 'tool', 'type']);
    if (process.platform !== 'win32') assert.equal((await stat(path)).mode & 0o777, 0o600);
  });
});
