// The loop end to end against real loopback servers: repairs, feedback and retry, budget, truncation,
// refusals, cancellation, timeouts, server errors, streaming, events.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { JsonMendError } from '../../src/errors.js';
import {
  anthropic, createTelemetry, generate, replyHash, ollama, openaiCompatible, ProviderHttpError, RetriesExhaustedError, streamGenerate,
  type LoopEvent, type ModelRequest, type StreamGenerateEvent,
} from '../../src/loop/index.js';
import {
  anthropicBody, anthropicStream, hang, json, ollamaBody, ollamaStream, openaiBody, openaiStream, text, person, useServer } from './wire.js';


const server = useServer();

function sha256(s: string): string {
  return createHash('sha256').update(s, 'utf8').digest('hex');
}

describe('generate', { timeout: 30_000 }, () => {
  test('a repairable reply passes on the first attempt with its repairs reported', async () => {
    const reply = 'Sure! Here it is:\n```json\n{"name": "Ada", "age": "36",}\n```';
    server.script(json(ollamaBody(reply)));
    const events: LoopEvent[] = [];
    const result = await generate({
      model: ollama({ baseURL: server.url, model: 'm' }),
      schema: person,
      prompt: 'Who wrote the first program?',
      onEvent: (e) => events.push(e),
    });
    assert.deepEqual(result.value, { name: 'Ada', age: 36 });
    assert.equal(result.attempts, 1);
    const kinds = result.repairs.map((r) => r.kind);
    assert.ok(kinds.includes('surrounding_text'));
    assert.ok(kinds.includes('trailing_comma'));
    assert.ok(kinds.includes('string_to_integer'));
    assert.deepEqual(result.usage, { inputTokens: 7, outputTokens: 3, totalTokens: 10 });
    assert.deepEqual(events.map((e) => e.type), ['attempt_started', 'attempt_ended', 'repairs_applied', 'outcome']);
    const ended = events[1] as Extract<LoopEvent, { type: 'attempt_ended' }>;
    assert.equal(ended.replyLength, reply.length);
    assert.equal(ended.replySha256, await replyHash(reply), 'the keyed hash of this process');
    assert.notEqual(ended.replySha256, sha256(reply), 'not a bare SHA-256, which a guess undoes');
    assert.equal(ended.raw, undefined, 'no reply text without captureRaw');
    assert.ok(!JSON.stringify(events).includes('Ada'), 'events never carry the reply text');
    const repaired = events[2] as Extract<LoopEvent, { type: 'repairs_applied' }>;
    assert.ok(repaired.repairs.some((r) => r.kind === 'string_to_integer' && r.path === '/age'));
  });

  test('an unusable reply gets feedback and a retry: original request + failed reply + feedback', async () => {
    const bad1 = '{"title": "Ada"}';
    const bad2 = 'I am not sure who that is.';
    server.script(json(openaiBody(bad1)), json(openaiBody(bad2)), json(openaiBody('{"name":"Ada","age":36}')));
    const before = server.requests.length;
    const events: LoopEvent[] = [];
    const result = await generate({
      model: openaiCompatible({ baseURL: server.url, model: 'm' }),
      schema: person,
      messages: [{ role: 'system', content: 'You answer questions.' }, { role: 'user', content: 'Who?' }],
      maxRetries: 2,
      onEvent: (e) => events.push(e),
    });
    assert.deepEqual(result.value, { name: 'Ada', age: 36 });
    assert.equal(result.attempts, 3);
    assert.equal(result.failures.length, 2);
    assert.equal(result.failures[0]!.error.code, 'SCHEMA_MISMATCH');
    assert.equal(result.failures[1]!.error.code, 'NO_JSON');
    const sent = server.requests.slice(before).map((r) => r.body.messages);
    assert.equal(sent.length, 3);
    assert.deepEqual(sent[0], [{ role: 'system', content: 'You answer questions.' }, { role: 'user', content: 'Who?' }]);
    // The retry turn: the original request, the failed reply, the feedback.
    assert.equal(sent[1].length, 4);
    assert.deepEqual(sent[1].slice(0, 2), sent[0]);
    assert.deepEqual(sent[1][2], { role: 'assistant', content: bad1 });
    assert.equal(sent[1][3].role, 'user');
    assert.match(sent[1][3].content, /\/name/);
    assert.match(sent[1][3].content, /\/age/);
    // Not an ever-growing history: the third request carries only the second failure.
    assert.equal(sent[2].length, 4);
    assert.deepEqual(sent[2][2], { role: 'assistant', content: bad2 });
    assert.match(sent[2][3].content, /No JSON/i);
    const types = events.map((e) => e.type);
    assert.deepEqual(types, [
      'attempt_started', 'attempt_ended', 'attempt_failed', 'retry',
      'attempt_started', 'attempt_ended', 'attempt_failed', 'retry',
      'attempt_started', 'attempt_ended', 'outcome',
    ]);
    const failed = events[2] as Extract<LoopEvent, { type: 'attempt_failed' }>;
    assert.equal(failed.stage, 'schema');
    assert.equal(failed.code, 'SCHEMA_MISMATCH');
    assert.ok(failed.path === '/name' || failed.path === '/age');
    assert.equal(result.usage.totalTokens, 45);
  });

  test('the budget is respected: RetriesExhaustedError holds every attempt and the last partial value', async () => {
    server.script(json(ollamaBody('{"name": "Ada"}')), json(ollamaBody('{"name": "Ada", "age": "old"}')));
    const before = server.requests.length;
    const error = await generate({ model: ollama({ baseURL: server.url, model: 'm' }), schema: person, prompt: 'p', maxRetries: 1 }).then(
      () => assert.fail('should fail'),
      (e: unknown) => e,
    );
    assert.equal(server.requests.length - before, 2, 'exactly 1 + maxRetries calls');
    assert.ok(error instanceof RetriesExhaustedError);
    assert.ok(error instanceof JsonMendError);
    assert.equal(error.code, 'RETRIES_EXHAUSTED');
    assert.equal(error.attempts.length, 2);
    assert.deepEqual(error.attempts.map((a) => a.reply), ['{"name": "Ada"}', '{"name": "Ada", "age": "old"}']);
    assert.ok(error.attempts.every((a) => a.error.code === 'SCHEMA_MISMATCH'));
    assert.equal(error.hasLastValue, true);
    assert.deepEqual(error.lastValue, { name: 'Ada', age: 'old' });
    assert.match(error.message, /all 2 attempts failed/);
  });

  test('maxRetries: 0 makes one call only', async () => {
    server.script(json(ollamaBody('nope')));
    const before = server.requests.length;
    await assert.rejects(
      generate({ model: ollama({ baseURL: server.url, model: 'm' }), schema: person, prompt: 'p', maxRetries: 0 }),
      (e: unknown) => e instanceof RetriesExhaustedError && e.attempts.length === 1 && !e.hasLastValue,
    );
    assert.equal(server.requests.length - before, 1);
  });

  test('a reply cut off at the token limit fails by default, with truncation feedback', async () => {
    server.script(json(openaiBody('{"name": "Ada", "age": 3', 'length')), json(openaiBody('{"name":"Ada","age":36}')));
    const before = server.requests.length;
    const events: LoopEvent[] = [];
    const result = await generate({
      model: openaiCompatible({ baseURL: server.url, model: 'm', responseFormat: 'json_object' }),
      schema: person,
      prompt: 'p',
      onEvent: (e) => events.push(e),
    });
    assert.equal(result.attempts, 2);
    assert.equal(result.failures[0]!.finishReason, 'length');
    const failed = events.find((e) => e.type === 'attempt_failed') as Extract<LoopEvent, { type: 'attempt_failed' }>;
    assert.equal(failed.stage, 'truncated');
    const retry = server.requests.slice(before)[1]!.body.messages;
    assert.match(retry.at(-1).content, /cut off by the output-token limit/);
  });

  test('acceptTruncated accepts a repairable cut-off reply', async () => {
    server.script(json(ollamaBody('{"name": "Ada", "age": 36, "note', 'length')));
    const result = await generate({
      model: ollama({ baseURL: server.url, model: 'm' }),
      schema: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name'] },
      prompt: 'p',
      acceptTruncated: true,
    });
    assert.equal(result.finishReason, 'length');
    assert.equal(result.value && (result.value as { name: string }).name, 'Ada');
    assert.ok(result.repairs.some((r) => r.kind === 'truncated'));
  });

  test('a reply the model ended itself, whole but for its closers, is taken: the closers were left out, not cut off (survey: fix-busted-json #5, deepeval #816)', async () => {
    // Before: REPAIR_REFUSED "the reply is cut off", and a retry.
    server.script(json(openaiBody('{"name": "Ada", "age": 36', 'stop')));
    const before = server.requests.length;
    const result = await generate({ model: openaiCompatible({ baseURL: server.url, model: 'm', responseFormat: 'json_object' }), schema: person, prompt: 'p' });
    assert.deepEqual([result.value, result.attempts, server.requests.length - before], [{ name: 'Ada', age: 36 }, 1, 1]);
    const closer = result.repairs.find((r) => r.kind === 'missing_closer');
    assert.ok(closer && 'detail' in closer && /finish reason "stop"/.test(closer.detail), JSON.stringify(result.repairs));
    assert.ok(!result.repairs.some((r) => r.kind === 'truncated'));
  });

  test('ended by the model but cut inside a value (a string, a key without its value, after a comma): still refused', async () => {
    for (const cut of ['{"name": "Ada", "age": 36, "note": "she wro', '{"name": "Ada", "age": 36, "note"', '{"name": "Ada", "age": 36,']) {
      server.script(json(openaiBody(cut, 'stop')), json(openaiBody('{"name":"Ada","age":36}')));
      const result = await generate({
        model: openaiCompatible({ baseURL: server.url, model: 'm', responseFormat: 'json_object' }),
        schema: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' }, note: { type: 'string' } }, required: ['name'] },
        prompt: 'p',
      });
      assert.equal(result.attempts, 2, cut);
      assert.equal(result.failures[0]!.error.code, 'REPAIR_REFUSED', cut);
    }
  });

  test('without a schema a cut-off reply is refused as with one (session 35 loop probe F1)', async () => {
    // Before: {"city": "Os"} and {"ids": [1, 2]}, accepted with a `truncated` repair.
    for (const text of ['{"city": "Os', '{"ids": [1, 2,', 'First: {"city": "Oslo"} Corrected: {"city": "Paris", "days": ']) {
      let calls = 0;
      const result = await generate({ model: async () => (++calls === 1 ? { text, finishReason: 'stop' } : '{"city": "Paris"}'), prompt: 'p' });
      assert.deepEqual([result.value, result.attempts, result.failures[0]!.error.code], [{ city: 'Paris' }, 2, 'REPAIR_REFUSED'], text);
    }
    // Closers left out by a model that ended the reply itself: taken, as with a schema; with acceptTruncated, any cut.
    const ended = await generate({ model: async () => ({ text: '{"name": "Ada", "age": 36', finishReason: 'stop' }), prompt: 'p' });
    assert.deepEqual([ended.value, ended.repairs.map((r) => r.kind)], [{ name: 'Ada', age: 36 }, ['missing_closer']]);
    const taken = await generate({ model: async () => '{"city": "Os', prompt: 'p', acceptTruncated: true });
    assert.deepEqual(taken.value, { city: 'Os' });
  });

  test('cut off at the token limit, whole but for its closers: still refused', async () => {
    server.script(json(openaiBody('{"name": "Ada", "age": 36', 'length')), json(openaiBody('{"name":"Ada","age":36}')));
    const result = await generate({ model: openaiCompatible({ baseURL: server.url, model: 'm', responseFormat: 'json_object' }), schema: person, prompt: 'p' });
    assert.equal(result.attempts, 2);
  });

  test('a refusal is a failed attempt, not a value', async () => {
    server.script(json(anthropicBody("I can't help with that request.", 'refusal')), json(anthropicBody({ name: 'Ada', age: '36' })));
    const events: LoopEvent[] = [];
    const result = await generate({
      model: anthropic({ baseURL: server.url, model: 'm' }),
      schema: person,
      prompt: 'p',
      onEvent: (e) => events.push(e),
    });
    assert.deepEqual(result.value, { name: 'Ada', age: 36 });
    assert.equal(result.failures[0]!.error.code, 'NO_JSON');
    assert.match(result.failures[0]!.error.message, /refused/);
    assert.equal((events.find((e) => e.type === 'attempt_failed') as { stage: string }).stage, 'refusal');
  });

  test('OpenAI strict mode with a Zod schema: nulls standing for absent optionals are removed', async () => {
    const Schema = z.object({ name: z.string(), nickname: z.string().optional(), tags: z.array(z.string()) });
    server.script(json(openaiBody('{"name":"Ada","nickname":null,"tags":["math"]}')));
    const before = server.requests.length;
    const result = await generate({ model: openaiCompatible({ baseURL: server.url, model: 'm' }), schema: Schema, prompt: 'p' });
    const value: { name: string; nickname?: string | undefined; tags: string[] } = result.value;
    assert.deepEqual(value, { name: 'Ada', tags: ['math'] });
    const format = server.requests[before]!.body.response_format;
    assert.equal(format.json_schema.strict, true);
    assert.deepEqual(format.json_schema.schema.required, ['name', 'nickname', 'tags']);
    assert.deepEqual(format.json_schema.schema.properties.nickname.type, ['string', 'null']);
    assert.equal(server.requests[before]!.body.messages.length, 1, 'no schema description: the provider enforces it');
  });

  test('a Standard Schema without a JSON Schema falls back to JSON mode and asks for JSON in the prompt', async () => {
    const bare = { '~standard': { version: 1 as const, vendor: 'test', validate: (v: unknown) => ({ value: v }) } };
    server.script(json(openaiBody('{"ok":true}')));
    const before = server.requests.length;
    const result = await generate({ model: openaiCompatible({ baseURL: server.url, model: 'm' }), schema: bare, prompt: 'p' });
    assert.deepEqual(result.value, { ok: true });
    const body = server.requests[before]!.body;
    assert.deepEqual(body.response_format, { type: 'json_object' });
    assert.match(body.messages[0].content, /JSON/);
  });

  test('a plain function is a model; the schema is described for it', async () => {
    const seen: ModelRequest[] = [];
    const result = await generate({
      model: async (request) => {
        seen.push(request);
        return "{'name': 'Ada', 'age': 36}";
      },
      schema: person,
      prompt: 'p',
    });
    assert.deepEqual(result.value, { name: 'Ada', age: 36 });
    assert.equal(seen[0]!.messages[0]!.role, 'system');
    assert.match(seen[0]!.messages[0]!.content, /JSON Schema/);
    assert.ok(result.repairs.some((r) => r.kind === 'single_quotes'));
  });

  test('a server error is a clear PROVIDER_ERROR and is not retried', async () => {
    server.script(text('upstream exploded', 500));
    const before = server.requests.length;
    const events: LoopEvent[] = [];
    await assert.rejects(
      generate({ model: ollama({ baseURL: server.url, model: 'm' }), schema: person, prompt: 'p', maxRetries: 3, onEvent: (e) => events.push(e) }),
      (e: unknown) => e instanceof ProviderHttpError && /HTTP 500/.test(e.message) && e.bodyExcerpt === 'upstream exploded',
    );
    assert.equal(server.requests.length - before, 1);
    assert.deepEqual(events.at(-1), { ...(events.at(-1) as object), type: 'outcome', ok: false, code: 'PROVIDER_ERROR' });
  });

  test('timeoutMs gives TIMEOUT and stops the request', async () => {
    server.script(hang());
    const aborts = server.clientAborts;
    await assert.rejects(
      generate({ model: openaiCompatible({ baseURL: server.url, model: 'm' }), schema: person, prompt: 'p', timeoutMs: 150 }),
      (e: unknown) => e instanceof JsonMendError && e.code === 'TIMEOUT',
    );
    await waitFor(() => server.clientAborts > aborts);
  });

  test('aborting the signal stops the request with ABORTED and makes no further attempt', async () => {
    server.script(hang());
    const controller = new AbortController();
    const before = server.requests.length;
    const pending = generate({ model: anthropic({ baseURL: server.url, model: 'm' }), schema: person, prompt: 'p', signal: controller.signal, maxRetries: 3 });
    await waitFor(() => server.requests.length > before);
    controller.abort();
    await assert.rejects(pending, (e: unknown) => e instanceof JsonMendError && e.code === 'ABORTED');
    assert.equal(server.requests.length - before, 1);
  });

  test('an already-aborted signal makes no request', async () => {
    const before = server.requests.length;
    await assert.rejects(
      generate({ model: ollama({ baseURL: server.url, model: 'm' }), prompt: 'p', signal: AbortSignal.abort() }),
      (e: unknown) => e instanceof JsonMendError && e.code === 'ABORTED',
    );
    assert.equal(server.requests.length, before);
  });

  test('a function model that ignores the signal still times out', async () => {
    await assert.rejects(
      generate({ model: () => new Promise<string>(() => undefined), prompt: 'p', timeoutMs: 50 }),
      (e: unknown) => e instanceof JsonMendError && e.code === 'TIMEOUT',
    );
  });

  test('bad arguments are INVALID_ARGUMENT', async () => {
    await assert.rejects(generate({ model: async () => '{}', maxRetries: -1, prompt: 'p' }), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT');
    await assert.rejects(generate({ model: async () => '{}' }), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT');
    await assert.rejects(generate({ model: 42 as never, prompt: 'p' }), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT');
  });

  test('captureRaw puts the reply text into attempt_ended; a throwing listener changes nothing', async () => {
    const events: LoopEvent[] = [];
    const result = await generate({
      model: async () => '{"name":"Ada","age":1}',
      schema: person,
      prompt: 'p',
      captureRaw: true,
      onEvent: (e) => {
        events.push(e);
        throw new Error('listener bug');
      },
    });
    assert.equal(result.attempts, 1);
    assert.equal((events[1] as { raw?: string }).raw, '{"name":"Ada","age":1}');
  });

  // The feedback named /1/n where the model wrote {"value": [{…}, {"n": "x"}]}: a path that does not exist in
  // its reply. Paths are told in the reply's terms; the error and telemetry keep the caller's value's terms.
  test('a non-object root sent in a { value } envelope: the feedback names the path in the reply the model wrote', async () => {
    const rows = { type: 'array', items: { type: 'object', properties: { n: { type: 'integer' }, note: { type: 'string' } }, required: ['n'], additionalProperties: false } };
    const cases: Array<[string, () => ReturnType<typeof openaiCompatible>, unknown, unknown]> = [
      ['openai strict', () => openaiCompatible({ baseURL: server.url, model: 'm' }), openaiBody('{"value":[{"n":1,"note":null},{"n":"x","note":null}]}'), openaiBody('{"value":[{"n":1,"note":null}]}')],
      ['anthropic tool', () => anthropic({ baseURL: server.url, model: 'c' }), anthropicBody({ value: [{ n: 1 }, { n: 'x' }] }), anthropicBody({ value: [{ n: 1 }] })],
    ];
    for (const [name, model, bad, good] of cases) {
      server.script(json(bad), json(good));
      const before = server.requests.length;
      const result = await generate({ model: model(), schema: rows, prompt: 'p' });
      assert.deepEqual(result.value, [{ n: 1 }], name);
      assert.equal(result.failures[0]!.error.path, '/1/n', `${name}: the error speaks of the caller's value`);
      const feedback: string = server.requests[before + 1]!.body.messages.at(-1).content;
      assert.match(feedback, /^\/value\/1\/n: expected integer, got "x"$/m, name);
    }
    // Written without the envelope (not unwrapped), the paths are the reply's as they are.
    server.script(json(anthropicBody({ rows: 1 })), json(anthropicBody({ value: [] })));
    const before = server.requests.length;
    await generate({ model: anthropic({ baseURL: server.url, model: 'c' }), schema: rows, prompt: 'p' });
    assert.match(server.requests[before + 1]!.body.messages.at(-1).content, /^\(root\): expected array/m);
  });
});

describe('streamGenerate', { timeout: 30_000 }, () => {
  async function drain<T>(it: AsyncIterable<StreamGenerateEvent<T>>): Promise<StreamGenerateEvent<T>[]> {
    const out: StreamGenerateEvent<T>[] = [];
    for await (const e of it) out.push(e);
    return out;
  }

  test('OpenAI SSE: partial snapshots, then the result', async () => {
    server.script(openaiStream('{"name":"Ada Lovelace","age":36}'));
    const events = await drain(streamGenerate({ model: openaiCompatible({ baseURL: server.url, model: 'm' }), schema: person, prompt: 'p' }));
    const last = events.at(-1)!;
    assert.equal(last.type, 'result');
    assert.deepEqual(last.type === 'result' && last.result.value, { name: 'Ada Lovelace', age: 36 });
    assert.equal(server.requests.at(-1)!.body.stream, true);
    assertPartialsGrow(events);
  });

  test('Ollama NDJSON with a truncated first attempt: retry event, then the result', async () => {
    server.script(ollamaStream('{"name":"Ada","age":', 'length'), ollamaStream('{"name":"Ada","age":36}'));
    const events = await drain(streamGenerate({ model: ollama({ baseURL: server.url, model: 'm' }), schema: person, prompt: 'p' }));
    const retry = events.find((e) => e.type === 'retry');
    assert.ok(retry && retry.type === 'retry' && retry.attempt === 2 && retry.error.code === 'UNREPAIRABLE');
    const last = events.at(-1)!;
    assert.ok(last.type === 'result' && last.result.attempts === 2);
  });

  test('Anthropic input_json_delta stream', async () => {
    server.script(anthropicStream('{"name":"Ada","age":"36"}'));
    const events = await drain(streamGenerate({ model: anthropic({ baseURL: server.url, model: 'm' }), schema: person, prompt: 'p' }));
    const last = events.at(-1)!;
    assert.ok(last.type === 'result');
    assert.deepEqual(last.result.value, { name: 'Ada', age: 36 });
    assert.ok(events.some((e) => e.type === 'partial'));
  });

  test('OpenAI strict mode with a non-object root: partials are unwrapped from the envelope', async () => {
    server.script(openaiStream('{"value":["alpha","beta","gamma"]}'));
    const events = await drain(
      streamGenerate({ model: openaiCompatible({ baseURL: server.url, model: 'm' }), schema: { type: 'array', items: { type: 'string' } }, prompt: 'p' }),
    );
    const partials = events.filter((e) => e.type === 'partial').map((e) => (e as { value: unknown }).value);
    assert.ok(partials.length > 0);
    assert.ok(partials.every((v) => Array.isArray(v)), 'every partial is the array, not the envelope');
    const last = events.at(-1)!;
    assert.ok(last.type === 'result');
    assert.deepEqual(last.result.value, ['alpha', 'beta', 'gamma']);
  });

  test('a function model streams as one reply', async () => {
    const events = await drain(streamGenerate({ model: async () => '{"name":"Ada","age":1}', schema: person, prompt: 'p' }));
    assert.equal(events.length, 1);
    assert.equal(events[0]!.type, 'result');
  });
});

describe('telemetry', { timeout: 30_000 }, () => {
  test('createTelemetry counts repair kinds and failure codes, caps storage, serialises', async () => {
    const telemetry = createTelemetry({ maxEvents: 5 });
    const replies = ['{"title": 1}', '```json\n{"name": "Ada", "age": "36"}\n```'];
    await generate({ model: async () => replies.shift()!, schema: person, prompt: 'p', onEvent: telemetry.onEvent });
    await generate({ model: async () => 'no', schema: person, prompt: 'p', maxRetries: 0, onEvent: telemetry.onEvent }).catch(() => undefined);
    const report = telemetry.toJSON();
    assert.equal(report.calls, 2);
    assert.equal(report.successes, 1);
    assert.equal(report.failures, 1);
    assert.equal(report.attempts, 3);
    assert.equal(report.retries, 1);
    assert.equal(report.repairs.string_to_integer, 1);
    assert.equal(report.repairs.surrounding_text, 1);
    assert.equal(report.failureCodes.SCHEMA_MISMATCH, 1);
    assert.equal(report.failureCodes.NO_JSON, 1);
    assert.equal(report.failureCodes.RETRIES_EXHAUSTED, 1);
    assert.equal(report.events.length, 5);
    assert.equal(report.droppedEvents, telemetry.droppedEvents);
    assert.ok(report.droppedEvents > 0);
    assert.doesNotThrow(() => JSON.parse(JSON.stringify(telemetry)));
    telemetry.reset();
    assert.equal(telemetry.events.length, 0);
    assert.throws(() => createTelemetry({ maxEvents: -1 }), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT');
  });
});

function assertPartialsGrow<T>(events: StreamGenerateEvent<T>[]): void {
  const partials = events.filter((e) => e.type === 'partial').map((e) => (e as { value: unknown }).value as Record<string, unknown>);
  assert.ok(partials.length >= 3, 'several partial snapshots');
  // Stable prefix: keys never disappear and the name only grows.
  for (let i = 1; i < partials.length; i++) {
    for (const key of Object.keys(partials[i - 1]!)) assert.ok(key in partials[i]!);
    const a = partials[i - 1]!.name;
    const b = partials[i]!.name;
    if (typeof a === 'string') assert.ok(typeof b === 'string' && b.startsWith(a));
  }
  assert.ok(partials.some((p) => typeof p.name === 'string' && p.name.length < 'Ada Lovelace'.length), 'a partial string was shown');
}

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(check(), 'condition not reached');
}
