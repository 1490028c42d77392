// No cut reply taken as whole: the truncation policy (error, continue, raise-limit), bounded and visible in
// telemetry; and the constraint each provider is sent, asserted through generate() and streamGenerate().
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonMendError } from '../../src/errors.js';
import {
  anthropic, generate, ollama, openaiCompatible, RetriesExhaustedError, streamGenerate, type LoopEvent, type Model, type ModelRequest,
} from '../../src/loop/index.js';
import {
  anthropicBody, anthropicStream, json, ollamaBody, ollamaStream, openaiBody, openaiStream, sse, person, useServer } from './wire.js';


const server = useServer();

/** An Anthropic text-mode SSE stream of `text`, stopping with `stop`. */
function anthropicTextStream(text: string, stop: string) {
  return sse([
    { event: 'message_start', data: { type: 'message_start', message: { id: 'm', usage: { input_tokens: 3, output_tokens: 1 } } } },
    { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } },
    { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } } },
    { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: stop }, usage: { output_tokens: 9 } } },
    { event: 'message_stop', data: { type: 'message_stop' } },
  ]);
}

function truncations(events: LoopEvent[]): unknown[] {
  return events.filter((e) => e.type === 'truncated').map((e) => (e.type === 'truncated' ? { action: e.action, continuation: e.continuation, maxTokens: e.maxTokens } : {}));
}

describe('onTruncated', { timeout: 30_000 }, () => {
  test("'error' (default): the attempt fails, the retry asks for a shorter value; the event says so", async () => {
    const events: LoopEvent[] = [];
    server.script(json(openaiBody('{"name":"Ada","age":3', 'length')), json(openaiBody('{"name":"Ada","age":36}')));
    const result = await generate({ model: openaiCompatible({ baseURL: server.url, model: 'm' }), schema: person, prompt: 'p', onEvent: (e) => events.push(e) });
    assert.equal(result.attempts, 2);
    assert.deepEqual(truncations(events), [{ action: 'error', continuation: undefined, maxTokens: undefined }]);
  });

  test('a reply the content filter stopped is refused as a cut-off one, however whole it looks', async () => {
    // `"age":3}` may be what is left of `"age":36}`: the filter stops a reply anywhere, as the limit does.
    server.script(json(openaiBody('{"name":"Ada","age":3}', 'content_filter')), json(openaiBody('{"name":"Ada","age":36}')));
    const events: LoopEvent[] = [];
    const result = await generate({ model: openaiCompatible({ baseURL: server.url, model: 'm' }), schema: person, prompt: 'p', onEvent: (e) => events.push(e) });
    assert.deepEqual(result.value, { name: 'Ada', age: 36 });
    assert.equal(result.attempts, 2);
    const failed = events.find((e) => e.type === 'attempt_failed');
    assert.ok(failed?.type === 'attempt_failed' && failed.stage === 'truncated' && failed.code === 'UNREPAIRABLE');
    const sent = server.requests.at(-1)!.body;
    assert.match(sent.messages.at(-1).content, /content filter/);
    server.script(json(openaiBody('{"name":"Ada","age":3}', 'content_filter')));
    const accepted = await generate({ model: openaiCompatible({ baseURL: server.url, model: 'm' }), schema: person, prompt: 'p', acceptTruncated: true });
    assert.deepEqual(accepted.value, { name: 'Ada', age: 3 });
  });

  test("'continue' on Anthropic text mode: the partial turn is sent back as the assistant's and the texts are joined", async () => {
    const events: LoopEvent[] = [];
    const before = server.requests.length;
    server.script(json(anthropicBody('{"name": "Ada", "ag', 'max_tokens')), json(anthropicBody('e": 36}', 'end_turn')));
    const result = await generate({
      model: anthropic({ baseURL: server.url, model: 'c', maxTokens: 8 }),
      prompt: 'p',
      onTruncated: 'continue',
      onEvent: (e) => events.push(e),
    });
    assert.deepEqual(result.value, { name: 'Ada', age: 36 });
    assert.equal(result.attempts, 1);
    const second = server.requests[before + 1]!.body;
    assert.deepEqual(second.messages.at(-1), { role: 'assistant', content: '{"name": "Ada", "ag' });
    assert.deepEqual(truncations(events), [{ action: 'continue', continuation: 1, maxTokens: undefined }]);
    const ended = events.find((e) => e.type === 'attempt_ended');
    assert.ok(ended?.type === 'attempt_ended' && ended.continuations === 1 && ended.usage?.outputTokens === 12);
  });

  test("'continue' through streamGenerate: partials go on from the text already shown", async () => {
    const events: LoopEvent[] = [];
    server.script(anthropicTextStream('{"name": "Ada", "ag', 'max_tokens'), anthropicTextStream('e": 36, "x": [1]}', 'end_turn'));
    const partials: unknown[] = [];
    let value: unknown;
    for await (const e of streamGenerate({ model: anthropic({ baseURL: server.url, model: 'c' }), prompt: 'p', onTruncated: 'continue', onEvent: (ev) => events.push(ev) })) {
      if (e.type === 'partial') partials.push(e.value);
      if (e.type === 'result') value = e.result.value;
    }
    assert.deepEqual(value, { name: 'Ada', age: 36, x: [1] });
    assert.ok(partials.some((p) => (p as { age?: number }).age === 36), 'a continuation partial carries the first part too');
    assert.deepEqual(truncations(events), [{ action: 'continue', continuation: 1, maxTokens: undefined }]);
  });

  test("'continue' is bounded by maxContinuations, then the attempt fails as truncated", async () => {
    const events: LoopEvent[] = [];
    let calls = 0;
    const model = async (r: ModelRequest) => {
      calls++;
      // `,2`, `,3`: a continuation that repeated the reply's end (`[1,1` + `,1`) could be read twice over.
      return { text: r.messages.at(-1)!.role === 'assistant' ? `,${calls}` : '[1', finishReason: 'length' as const };
    };
    await assert.rejects(
      generate({ model, prompt: 'p', onTruncated: 'continue', maxContinuations: 2, maxRetries: 0, onEvent: (e) => events.push(e) }),
      (e: unknown) => e instanceof RetriesExhaustedError && e.attempts[0]!.stage === 'truncated',
    );
    assert.equal(calls, 3);
    assert.deepEqual(truncations(events).map((t) => (t as { action: string }).action), ['continue', 'continue', 'error']);
  });

  test("'continue' where the provider cannot continue a turn (OpenAI) acts as 'raise-limit'", async () => {
    const events: LoopEvent[] = [];
    const before = server.requests.length;
    server.script(json(openaiBody('{"name":"Ada","age":3', 'length')), json(openaiBody('{"name":"Ada","age":36}')));
    const result = await generate({
      model: openaiCompatible({ baseURL: server.url, model: 'm', maxTokens: 100 }),
      schema: person,
      prompt: 'p',
      onTruncated: 'continue',
      onEvent: (e) => events.push(e),
    });
    assert.equal(result.attempts, 2);
    const sent = server.requests.slice(before).map((r) => r.body);
    assert.deepEqual(sent.map((b) => b.max_tokens), [100, 200]);
    assert.deepEqual(sent[1].messages, sent[0].messages, 'the same request again, not feedback: the model did nothing wrong');
    assert.deepEqual(truncations(events), [{ action: 'raise-limit', continuation: undefined, maxTokens: 200 }]);
  });

  test("'raise-limit' doubles maxTokens up to maxTokensCap, then stops raising (Ollama num_predict)", async () => {
    const events: LoopEvent[] = [];
    const before = server.requests.length;
    for (let i = 0; i < 4; i++) server.script(json(ollamaBody('{"name":"Ada","age":3', 'length')));
    await assert.rejects(
      generate({
        model: ollama({ baseURL: server.url, model: 'm', maxTokens: 100 }),
        schema: person,
        prompt: 'p',
        maxRetries: 3,
        onTruncated: 'raise-limit',
        maxTokensCap: 250,
        onEvent: (e) => events.push(e),
      }),
      (e: unknown) => e instanceof RetriesExhaustedError,
    );
    assert.deepEqual(server.requests.slice(before).map((r) => r.body.options.num_predict), [100, 200, 250, 250]);
    assert.deepEqual(truncations(events).map((t) => (t as { action: string }).action), ['raise-limit', 'raise-limit', 'error', 'error']);
    const started = events.filter((e) => e.type === 'attempt_started').map((e) => (e.type === 'attempt_started' ? e.maxTokens : 0));
    assert.deepEqual(started, [100, 200, 250, 250], 'attempt_started reports the limit in force');
  });

  test("'raise-limit' without a known limit starts from the tokens used and is still capped (4 × the first)", async () => {
    const before = server.requests.length;
    // openaiBody reports completion_tokens: 5.
    for (let i = 0; i < 5; i++) server.script(json(openaiBody('{"name":"Ada","age":3', 'length')));
    await assert.rejects(
      generate({ model: openaiCompatible({ baseURL: server.url, model: 'm' }), schema: person, prompt: 'p', maxRetries: 4, onTruncated: 'raise-limit' }),
      (e: unknown) => e instanceof RetriesExhaustedError,
    );
    assert.deepEqual(server.requests.slice(before).map((r) => r.body.max_tokens), [undefined, 10, 20, 20, 20]);
  });

  test("'continue' that used up maxContinuations fails as 'error': feedback, no raised limit", async () => {
    const events: LoopEvent[] = [];
    const before = server.requests.length;
    server.script(
      json(anthropicBody('{"name": "Ada", "ag', 'max_tokens')),
      json(anthropicBody('e": 3', 'max_tokens')),
      json(anthropicBody('{"name": "Ada", "age": 36}', 'end_turn')),
    );
    const result = await generate({
      model: anthropic({ baseURL: server.url, model: 'c', maxTokens: 8 }),
      prompt: 'p',
      onTruncated: 'continue',
      maxContinuations: 1,
      onEvent: (e) => events.push(e),
    });
    assert.equal(result.attempts, 2);
    const sent = server.requests.slice(before).map((r) => r.body);
    assert.deepEqual(sent.map((b) => b.max_tokens), [8, 8, 8]);
    assert.match(sent[2].messages.at(-1).content, /cut off by the output-token limit/);
    assert.deepEqual(truncations(events).map((t) => (t as { action: string }).action), ['continue', 'error']);
  });

  test('bad truncation options are INVALID_ARGUMENT', async () => {
    const model = async () => '{}';
    for (const bad of [{ onTruncated: 'guess' }, { maxContinuations: -1 }, { maxTokensCap: 0 }, { maxTokens: 1.5 }, { nearTokenLimit: 0 }]) {
      await assert.rejects(generate({ model, prompt: 'p', ...(bad as object) }), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT');
    }
  });
});

describe('the constraint each provider is sent, through generate() and streamGenerate()', { timeout: 30_000 }, () => {
  const cases: Array<[string, () => Model, (reply: string) => unknown, (reply: string) => unknown, (body: any) => void]> = [
    [
      'ollama: format = the JSON Schema',
      () => ollama({ baseURL: server.url, model: 'm' }),
      (r) => json(ollamaBody(r)),
      (r) => ollamaStream(r),
      (body) => assert.deepEqual(body.format, person),
    ],
    [
      'openaiCompatible: response_format json_schema, strict',
      () => openaiCompatible({ baseURL: server.url, model: 'm' }),
      (r) => json(openaiBody(r)),
      (r) => openaiStream(r),
      (body) => {
        assert.equal(body.response_format.type, 'json_schema');
        assert.equal(body.response_format.json_schema.name, 'person');
        assert.equal(body.response_format.json_schema.strict, true);
        assert.deepEqual(body.response_format.json_schema.schema.required, ['name', 'age']);
      },
    ],
    [
      "anthropic: a forced tool whose input_schema is the schema",
      () => anthropic({ baseURL: server.url, model: 'm' }),
      (r) => json(anthropicBody(JSON.parse(r), 'tool_use', 'person')),
      (r) => anthropicStream(r, 'tool_use', 'person'),
      (body) => {
        assert.deepEqual(body.tools, [{ name: 'person', description: 'Reply with the requested structured output.', input_schema: person }]);
        assert.deepEqual(body.tool_choice, { type: 'tool', name: 'person' });
      },
    ],
  ];
  for (const [name, model, plain, streamed, check] of cases) {
    test(name, async () => {
      const reply = '{"name":"Ada","age":36}';
      server.script(plain(reply) as never, streamed(reply) as never);
      const before = server.requests.length;
      const a = await generate({ model: model(), schema: person, schemaName: 'person', prompt: 'p' });
      let b: unknown;
      for await (const e of streamGenerate({ model: model(), schema: person, schemaName: 'person', prompt: 'p' })) if (e.type === 'result') b = e.result.value;
      assert.deepEqual(a.value, { name: 'Ada', age: 36 });
      assert.deepEqual(b, { name: 'Ada', age: 36 });
      const [first, second] = server.requests.slice(before);
      check(first!.body);
      check(second!.body);
      assert.notEqual(first!.body.stream, true);
      assert.equal(second!.body.stream, true);
    });
  }
});

describe("'continue': a continuation that does not go on from where the reply stopped", { timeout: 30_000 }, () => {
  /** A function model: the first call is cut off with `first`, each continuation answers with the next of `rest`. */
  function scripted(first: string, ...rest: Array<string | { text: string; finishReason: 'length' | 'stop' }>) {
    const sent: ModelRequest[] = [];
    const model = async (r: ModelRequest) => {
      sent.push(r);
      if (r.messages.at(-1)!.role !== 'assistant') return sent.length === 1 ? { text: first, finishReason: 'length' as const } : '{"a": "again"}';
      const next = rest.shift()!;
      return typeof next === 'string' ? { text: next, finishReason: 'stop' as const } : next;
    };
    return { model, sent };
  }
  const schema = { type: 'object', properties: { a: { type: 'string' } } } as const;

  test('a continuation that starts the reply over is the new reply, judged alone, and the event says so (F3)', async () => {
    const events: LoopEvent[] = [];
    const { model } = scripted('{"a": "hello', '{"a": "hello world"}');
    const result = await generate({ model, schema, prompt: 'p', onTruncated: 'continue', maxRetries: 0, onEvent: (e) => events.push(e) });
    assert.deepEqual(result.value, { a: 'hello world' }, 'not the made-up string "hello{\\"a\\": …"');
    assert.deepEqual(result.repairs, []);
    const ended = events.find((e) => e.type === 'attempt_ended');
    assert.ok(ended?.type === 'attempt_ended' && ended.continuations === 1 && ended.restarts === 1 && ended.replyLength === 20);
  });

  test('starting over with other spacing, inside a fence, or on an array root is starting over too', async () => {
    for (const [first, again, value] of [
      ['{"a": "hello', '{"a":"hello world"}', { a: 'hello world' }],
      ['```json\n{"a": "hel', '```json\n{"a": "hello"}\n```', { a: 'hello' }],
      ['["x", "y', '\n["x", "y", "z"]', ['x', 'y', 'z']],
    ] as const) {
      const { model } = scripted(first, again);
      const result = await generate({ model, prompt: 'p', onTruncated: 'continue', maxRetries: 0 });
      assert.deepEqual(result.value, value, first);
    }
  });

  test('through streamGenerate: the partials of a restarted reply are its own, never the glued text', async () => {
    server.script(anthropicTextStream('{"a": "hello', 'max_tokens'), anthropicTextStream('{"a": "hello world", "b": [1]}', 'end_turn'));
    const partials: unknown[] = [];
    let value: unknown;
    for await (const e of streamGenerate({ model: anthropic({ baseURL: server.url, model: 'c' }), prompt: 'p', onTruncated: 'continue' })) {
      if (e.type === 'partial') partials.push(e.value);
      if (e.type === 'result') value = e.result.value;
    }
    assert.deepEqual(value, { a: 'hello world', b: [1] });
    assert.ok(partials.every((p) => !String((p as { a?: unknown }).a).includes('{')), JSON.stringify(partials));
    assert.deepEqual(partials.at(-1), { a: 'hello world', b: [1] });
  });

  test('a restarted reply cut off again is continued from its own text', async () => {
    const { model, sent } = scripted('{"a": "hello', { text: '{"a": "hello wor', finishReason: 'length' }, 'ld"}');
    const result = await generate({ model, schema, prompt: 'p', onTruncated: 'continue', maxRetries: 0 });
    assert.deepEqual(result.value, { a: 'hello world' });
    assert.deepEqual(sent[2]!.messages.at(-1), { role: 'assistant', content: '{"a": "hello wor' });
  });

  test('a repair where the parts were joined refuses the attempt; the retry asks for the whole value again', async () => {
    for (const [first, next] of [
      ['{"a": "hel', '"world"}'], // unescaped quote at the seam
      ['{"a": "x", "b": [1, 2', '"c": [3]}'], // missing comma at the seam
      ['{"a": "x"', 'y"}'], // the quote before the seam
      ['{"a": fa', 'true}'], // a word across the seam
      ['{"a": 1,', '}'], // trailing comma at the seam
      ['{"a": "x", "n": 36', ''], // nothing came: closers "left out" at the seam, 36 may have been 364
    ] as const) {
      const events: LoopEvent[] = [];
      const { model, sent } = scripted(first, next);
      const result = await generate({ model, prompt: 'p', onTruncated: 'continue', maxRetries: 1, onEvent: (e) => events.push(e) });
      assert.deepEqual(result.value, { a: 'again' }, `${first} + ${next}`);
      assert.equal(result.attempts, 2);
      const failure = result.failures[0]!;
      assert.equal(failure.error.code, 'REPAIR_REFUSED', `${first} + ${next}`);
      assert.equal(failure.stage, 'parse');
      assert.equal(failure.reply, first + next);
      assert.match(failure.error.message, /continu/);
      assert.ok(!failure.error.message.includes(next.trim() || '\u0000'), 'the message quotes no reply text');
      assert.match(sent.at(-1)!.messages.at(-1)!.content, /whole value/);
      assert.ok(events.some((e) => e.type === 'attempt_failed' && e.code === 'REPAIR_REFUSED'));
    }
  });

  test('a clean join is still one reply; a continuation that merely opens a nested value is no restart', async () => {
    for (const [first, next, value] of [
      ['{"name": "Ada", "ag', 'e": 36}', { name: 'Ada', age: 36 }],
      ['[[1, 2], ', '[3, 4]]', [[1, 2], [3, 4]]],
      ['{"a": [1, 2', ', 3], "b": "x"}', { a: [1, 2, 3], b: 'x' }],
      ['Here it is:\n```json\n', '{"a": 1}\n```', { a: 1 }],
    ] as const) {
      const { model } = scripted(first, next);
      const result = await generate({ model, prompt: 'p', onTruncated: 'continue', maxRetries: 0 });
      assert.deepEqual(result.value, value, first + next);
    }
  });
});

describe("'continue': a continuation that repeats the end of the reply, or a member of it", { timeout: 30_000 }, () => {
  /** One call through a loopback Anthropic server (text mode): `first` cut off, `next` the continuation. */
  async function continued(first: string, next: string, { stream = false, refused = false } = {}) {
    const events: LoopEvent[] = [];
    const before = server.requests.length;
    const answer = (text: string, stop: string) => (stream ? anthropicTextStream(text, stop) : json(anthropicBody(text, stop)));
    server.script(answer(first, 'max_tokens'), answer(next, 'end_turn'));
    if (refused) server.script(answer('{"again": true}', 'end_turn')); // the retry
    const options = { model: anthropic({ baseURL: server.url, model: 'c' }), prompt: 'p', onTruncated: 'continue' as const, maxRetries: 1, onEvent: (e: LoopEvent) => events.push(e) };
    let result;
    if (stream) {
      for await (const e of streamGenerate(options)) if (e.type === 'result') result = e.result;
    } else result = await generate(options);
    const ended = events.find((e) => e.type === 'attempt_ended');
    const sent = server.requests.slice(before).map((r) => r.body);
    return { result: result!, ended: ended?.type === 'attempt_ended' ? ended : undefined, sent };
  }

  test('a continuation that writes the end of the reply again, or starts the cut member over, is glued once: the repeat is dropped and counted', async () => {
    for (const [first, next, value] of [
      ['{"a": 1, "b": 2, "c": "hel', '"c": "hello"}', { a: 1, b: 2, c: 'hello' }], // the cut member started over
      ['{"a": 1, "b": 2, "c": "hel', '"b": 2, "c": "hello"}', { a: 1, b: 2, c: 'hello' }], // from a member before it
      ['{"a": "hel', '"hello"}', { a: 'hello' }], // the cut string started over
      ['{"a": 1, "b": 2, ', '"b": 2, "c": 3}', { a: 1, b: 2, c: 3 }], // not a duplicate key
      ['{"list": [{"id": 1, "n": "a"}, {"id": 2, "n": "b', '}, {"id": 2, "n": "bc"}]}', { list: [{ id: 1, n: 'a' }, { id: 2, n: 'bc' }] }],
      ['{"a": tr', 'true}', { a: true }],
    ] as const) {
      for (const stream of [false, true]) {
        const { result, ended } = await continued(first, next, { stream });
        assert.deepEqual(result.value, value, `${first} + ${next}${stream ? ' (streamed)' : ''}`);
        assert.equal(result.attempts, 1);
        assert.deepEqual(result.repairs, [], 'the joined text is JSON as it stands');
        assert.ok(ended && ended.continuations === 1 && ended.overlaps === 1 && ended.restarts === 0, JSON.stringify(ended));
      }
    }
  });

  test('a repeat that may be meant twice or once is refused, never glued either way silently; the retry asks for the whole value', async () => {
    for (const [first, next] of [
      ['{"a": 1, "b": 2, "c": "hel', 'hello"}'], // "helhello" or "hello"
      ['{"a": 1, "c": "hello wor', 'world"}'], // "hello worworld" or "hello world"
      ['{"a": 1, "c": "hello wor', 'o world"}'], // a repeat from inside a word, 5 characters long
      ['{"a": 1, "c": "hello wor', 'orld"}'], // 2 characters inside a word: "hello wororld" or "hello world"
      ['{"n": 1229', '29}'], // 122929 or 1229
      ['[1, 2, 3', ', 3, 4]'], // [1,2,3,3,4] or [1,2,3,4]
      ['{"a": 1, "b": 2', '2, "c": 3}'], // 22 or 2
    ] as const) {
      const { result, sent } = await continued(first, next, { refused: true });
      assert.deepEqual(result.value, { again: true }, `${first} + ${next}`);
      const failure = result.failures[0]!;
      assert.equal(failure.error.code, 'REPAIR_REFUSED', `${first} + ${next}`);
      assert.equal(failure.stage, 'parse');
      assert.equal(failure.reply, first + next, 'the reply as the model wrote it');
      assert.match(failure.error.message, /continu/);
      assert.ok(!failure.error.message.includes(next.slice(0, 3)), 'the message quotes no reply text');
      assert.match(sent.at(-1)!.messages.at(-1)!.content, /whole value/);
    }
  });

  test('a key the continuation writes again is refused, whatever value it gives (the last would win silently)', async () => {
    for (const [first, next, path] of [
      ['{"a": 1, "b": 2', ', "b": 3, "c": 3}', '/b'], // 2 replaced by 3
      ['{"a": 1, "b": 2, ', '"b": 3, "c": 3}', '/b'],
      ['{"a": {"x": 1, "y": 2}, "b": 2', ', "a": {"x": 1}}', '/a'], // y lost
      ['{"o": {"a": 1, "b": [1, 2]}, "n": "x', '", "o": {"a": 1, "b": [1, 2]}}', '/o'], // the same value, written again after the join
    ] as const) {
      const { result } = await continued(first, next, { refused: true });
      assert.deepEqual(result.value, { again: true }, `${first} + ${next}`);
      const failure = result.failures[0]!;
      assert.equal(failure.error.code, 'REPAIR_REFUSED', `${first} + ${next}`);
      assert.equal(failure.error.path, path);
      assert.ok(!failure.error.message.includes('"b": 3'), 'the message quotes no reply text');
    }
  });

  test('a continuation that goes on inside a word is not a repeat, however its first characters look', async () => {
    for (const [first, next, value] of [
      ['{"a": "hel', 'lo"}', { a: 'hello' }],
      ['{"n": 10', '00}', { n: 1000 }],
      ['{"a": "missis', 'sippi"}', { a: 'mississippi' }],
      ['{"a": 1,\n', '\n"b": 2}', { a: 1, b: 2 }], // whitespace written again gives the same value either way
    ] as const) {
      const { result, ended } = await continued(first, next);
      assert.deepEqual(result.value, value, `${first} + ${next}`);
      assert.ok(ended && ended.overlaps === 0);
    }
  });
});
