// Fixes for the session-35 probe of the loop: Anthropic's unfinished turns, messages the Messages API refuses,
// base URLs with a query string, feedback a model can act on (no developer advice, cut-off replies told so),
// and what telemetry and error messages must not hold (claim labels, URL credentials, refusal text).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { JsonMendError } from '../../src/errors.js';
import { anthropic, generate, openaiCompatible, streamGenerate, type LoopEvent } from '../../src/loop/index.js';
import { anthropicFinishReason } from '../../src/loop/providers/anthropic.js';
import { joinUrl } from '../../src/loop/http.js';
import { parseChoiceContent } from '../../src/loop/adapters/openai.js';
import type { ChatMessage, ModelRequest } from '../../src/loop/types.js';
import { anthropicBody, anthropicStream, json, openaiBody, sse, text as textAnswer, useServer } from './wire.js';

const server = useServer();

const itemsSchema = { type: 'object', properties: { items: { type: 'array', items: { type: 'string' } } } };

/** The reason a call failed, from its RetriesExhaustedError. */
async function failedStages(p: Promise<unknown>): Promise<string[]> {
  const e = (await p.then(() => assert.fail('expected a failure'), (x: unknown) => x)) as { attempts?: Array<{ stage: string }> };
  assert.ok(e.attempts, `expected RetriesExhaustedError, got ${String(e)}`);
  return e.attempts.map((a) => a.stage);
}

describe('F4: Anthropic turns that did not end are cut off', () => {
  test('the stop reasons map to length', () => {
    assert.equal(anthropicFinishReason('model_context_window_exceeded'), 'length');
    assert.equal(anthropicFinishReason('pause_turn'), 'length');
    assert.equal(anthropicFinishReason('max_tokens'), 'length');
    assert.equal(anthropicFinishReason('something_new'), 'other');
  });

  for (const stop of ['model_context_window_exceeded', 'pause_turn']) {
    test(`${stop}: a tool input that looks whole is not taken`, async () => {
      server.script(json(anthropicBody({ items: ['a'] }, stop)));
      const model = anthropic({ baseURL: server.url, model: 'claude' });
      assert.deepEqual(await failedStages(generate({ model, schema: itemsSchema, prompt: 'p', maxRetries: 0 })), ['truncated']);
    });
  }

  test('streamed: model_context_window_exceeded is cut off', async () => {
    server.script(anthropicStream('{"items": ["a"]}', 'model_context_window_exceeded'));
    const model = anthropic({ baseURL: server.url, model: 'claude' });
    const run = async () => {
      for await (const _ of streamGenerate({ model, schema: itemsSchema, prompt: 'p', maxRetries: 0 })) void _;
    };
    assert.deepEqual(await failedStages(run()), ['truncated']);
  });
});

/** An Anthropic text-reply body. */
function anthropicText(text: string, stop = 'end_turn'): unknown {
  return anthropicBody(text, stop);
}

/** Anthropic SSE of a text reply in the given pieces. */
function anthropicTextStream(parts: string[], stop = 'end_turn') {
  const events: Array<{ event: string; data: unknown }> = [
    { event: 'message_start', data: { type: 'message_start', message: { id: 'm', usage: { input_tokens: 1, output_tokens: 1 } } } },
    { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } },
  ];
  for (const p of parts) events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: p } } });
  events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } });
  events.push({ event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: stop }, usage: { output_tokens: 2 } } });
  events.push({ event: 'message_stop', data: { type: 'message_stop' } });
  return sse(events);
}

/** What the Messages API refuses: an assistant turn without text, a final assistant turn ending in whitespace. */
function assertAcceptable(messages: ChatMessage[]): void {
  messages.forEach((m, i) => {
    if (m.role !== 'assistant') return;
    assert.notEqual(m.content.trim(), '', `assistant message ${i} has no text`);
    if (i === messages.length - 1) assert.equal(m.content, m.content.trimEnd(), 'the final assistant turn ends in whitespace');
  });
}

describe('W3: Anthropic is sent only messages the Messages API accepts', () => {
  test('a retry after an empty reply sends no empty assistant turn, and says the reply was empty', async () => {
    const before = server.requests.length;
    server.script(json(anthropicText('')), json(anthropicText('{"a": 1}')));
    const model = anthropic({ baseURL: server.url, model: 'claude' });
    const result = await generate({ model, prompt: 'p', maxRetries: 1 });
    assert.deepEqual(result.value, { a: 1 });
    const retry = server.requests[before + 1]!.body.messages as ChatMessage[];
    assertAcceptable(retry);
    assert.match(retry.at(-1)!.content, /empty/);
  });

  test('a caller\'s blank assistant turn is left out', async () => {
    const before = server.requests.length;
    server.script(json(anthropicText('{"a": 1}')));
    const model = anthropic({ baseURL: server.url, model: 'claude' });
    await generate({ model, messages: [{ role: 'user', content: 'p' }, { role: 'assistant', content: ' ' }, { role: 'user', content: 'q' }], maxRetries: 0 });
    assertAcceptable(server.requests[before]!.body.messages);
  });

  const cases: Array<[string, string, string[], unknown]> = [
    ['cut after a comma and line break', '{"a": "x",\n  ', ['"b": 1}'], { a: 'x', b: 1 }],
    ['the continuation writes the line break again', '{"a": "x",\n  ', ['\n  "b": 1}'], { a: 'x', b: 1 }],
    ['cut inside a string after a space, continued with the space', '{"a": "hello ', [' world"}'], { a: 'hello world' }],
    ['cut inside a string after a space, continued without it', '{"a": "hello ', ['world"}'], { a: 'hello world' }],
    ['the space written again across deltas', '{"a": "hello  ', [' ', ' world"}'], { a: 'hello  world' }],
  ];
  for (const streaming of [false, true]) {
    for (const [label, first, rest, value] of cases) {
      test(`continuation (${streaming ? 'streamed' : 'one body'}): ${label}`, async () => {
        const before = server.requests.length;
        if (streaming) server.script(anthropicTextStream([first], 'max_tokens'), anthropicTextStream(rest));
        else server.script(json(anthropicText(first, 'max_tokens')), json(anthropicText(rest.join(''))));
        const model = anthropic({ baseURL: server.url, model: 'claude' });
        const options = { model, prompt: 'p', onTruncated: 'continue' as const, maxRetries: 0 };
        let got: unknown;
        if (streaming) {
          for await (const e of streamGenerate(options)) if (e.type === 'result') got = e.result.value;
        } else got = (await generate(options)).value;
        const sent = server.requests[before + 1]!.body.messages as ChatMessage[];
        assertAcceptable(sent);
        assert.equal(sent.at(-1)!.content, first.trimEnd());
        assert.deepEqual(got, value);
      });
    }
  }
});

describe('W4: a base URL with a query string', () => {
  test('joinUrl keeps the query and the fragment after the path', () => {
    assert.equal(joinUrl('https://x/openai/deployments/d?api-version=2024-10-21', 'chat/completions'), 'https://x/openai/deployments/d/chat/completions?api-version=2024-10-21');
    assert.equal(joinUrl('https://x/v1/?a=1#f', '/chat/completions'), 'https://x/v1/chat/completions?a=1#f');
    assert.equal(joinUrl('https://x/v1', 'chat/completions'), 'https://x/v1/chat/completions');
  });

  test('openaiCompatible posts to the path with the query kept', async () => {
    const before = server.requests.length;
    server.script(json(openaiBody('{"a": 1}')));
    const model = openaiCompatible({ baseURL: `${server.url}/openai/deployments/d?api-version=2024-10-21`, model: 'gpt' });
    await generate({ model, prompt: 'p', maxRetries: 0 });
    assert.equal(server.requests[before]!.url, '/openai/deployments/d/chat/completions?api-version=2024-10-21');
  });
});

/** The feedback the model was sent on its second attempt, with `first` as its first reply. */
async function feedbackAfter(first: string, options: Record<string, unknown>): Promise<string> {
  const seen: ModelRequest[] = [];
  await generate({
    model: async (request) => {
      seen.push(request);
      return seen.length === 1 ? { text: first, finishReason: 'stop' } : '{}';
    },
    prompt: 'p',
    maxRetries: 1,
    ...options,
  }).catch(() => undefined);
  assert.ok(seen[1], 'no retry was made');
  return seen[1].messages.at(-1)!.content;
}

const DEVELOPER_ADVICE = /acceptTruncated|query\(\)|a schema for an array/;

describe('E1: feedback carries no advice for the developer', () => {
  test('a cut-off reply', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string' }, bio: { type: 'string' } }, required: ['name'] };
    const feedback = await feedbackAfter('{"name": "Ada", "bio": "Born in 18', { schema });
    assert.doesNotMatch(feedback, DEVELOPER_ADVICE);
    assert.match(feedback, /cut off/);
  });

  test('several values that each match', async () => {
    const feedback = await feedbackAfter('{"a": "x"} {"a": "y"}', { schema: { type: 'object', properties: { a: { type: 'string' } } } });
    assert.doesNotMatch(feedback, DEVELOPER_ADVICE);
    assert.match(feedback, /exactly one JSON value/);
  });

  test('a claim path that selects many values is told to be written as JSONPath', async () => {
    const against = { items: [{ amount: 15.5 }, { amount: 3 }] };
    const reply = JSON.stringify({ answer: 'a', claims: [{ mode: 'range', path: 'items[*].amount', aggregate: 'sum', min: 20 }] });
    const schema = { type: 'object', properties: { answer: { type: 'string' }, claims: { type: 'array' } } };
    const feedback = await feedbackAfter(reply, { schema, verify: { against } });
    assert.doesNotMatch(feedback, DEVELOPER_ADVICE);
    assert.match(feedback, /"\$\.items\[\*\]\.amount"/);
  });
});

describe('E2: a cut-off reply that also fails the schema is told it was cut off', () => {
  test('a required property after the cut', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name', 'age'] };
    const feedback = await feedbackAfter('{"name": "Ada Lovel', { schema });
    assert.match(feedback, /cut off/);
    assert.doesNotMatch(feedback, /Already repaired automatically[\s\S]*truncated/);
    assert.doesNotMatch(feedback, /closed it|inserted "\}"/);
  });

  test('recoverToolCall: a call cut inside its arguments', async () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
    const feedback = await feedbackAfter('<tool_call>{"name": "response", "arguments": {"a": "some long te', { schema, recoverToolCall: true });
    assert.match(feedback, /cut off/);
    assert.doesNotMatch(feedback, /closed it|inserted "\}/);
  });
});

const SECRET = 'periwinkle7731';

describe('L1: telemetry holds no claim label', () => {
  test('claims_checked failures name the claim by its index', async () => {
    const events: LoopEvent[] = [];
    const against = { total: 3 };
    const replies = [
      JSON.stringify({ claims: [{ id: 'fine', mode: 'field', path: 'total', value: 3 }, { id: SECRET, mode: 'field', path: 'total', value: 4 }] }),
      JSON.stringify({ claims: [{ mode: 'field', path: 'total', value: 3 }] }),
    ];
    let n = 0;
    await generate({ model: async () => replies[n++]!, prompt: 'p', verify: { against, outputSchema: { properties: { total: {} } } }, maxRetries: 1, onEvent: (e) => events.push(e) });
    assert.doesNotMatch(JSON.stringify(events), new RegExp(SECRET));
    const checked = events.find((e) => e.type === 'claims_checked' && e.failed > 0);
    assert.ok(checked && checked.type === 'claims_checked');
    assert.deepEqual(checked.failures, [{ index: 1, path: 'total', code: checked.failures[0]!.code }]);
  });
});

describe('L2: URL credentials are redacted from errors', () => {
  test('userinfo in the base URL (fetch refuses it, quoting the URL)', async () => {
    const model = openaiCompatible({ baseURL: `http://user:pw-${SECRET}@127.0.0.1:9/v1`, model: 'gpt' });
    const error = await generate({ model, prompt: 'p', maxRetries: 0 }).then(() => assert.fail('expected an error'), (e: unknown) => e);
    assert.ok(error instanceof JsonMendError);
    assert.equal(error.code, 'PROVIDER_ERROR');
    assert.doesNotMatch(error.message, new RegExp(SECRET));
    assert.doesNotMatch(inspect(error, { depth: 10 }), new RegExp(SECRET));
  });

  test('a key in the query string', async () => {
    server.script(textAnswer('denied', 401));
    const model = openaiCompatible({ baseURL: `${server.url}/v1?api-key=${SECRET}&x=1`, model: 'gpt' });
    const error = await generate({ model, prompt: 'p', maxRetries: 0 }).then(() => assert.fail('expected an error'), (e: unknown) => e);
    assert.ok(error instanceof JsonMendError);
    assert.doesNotMatch(error.message, new RegExp(SECRET));
    assert.match(error.message, /api-key=\[redacted\]/);
    assert.doesNotMatch(inspect(error, { depth: 10 }), new RegExp(SECRET));
  });
});

describe('L3: parseChoiceContent does not quote the refusal', () => {
  test('the message gives its length only', () => {
    const choice = { finish_reason: 'stop', message: { content: null, refusal: `I will not say ${SECRET}.` } };
    assert.throws(() => parseChoiceContent(choice), (e: unknown) => {
      assert.ok(e instanceof JsonMendError);
      assert.equal(e.code, 'NO_JSON');
      assert.doesNotMatch(e.message, new RegExp(SECRET));
      assert.doesNotMatch(inspect(e), new RegExp(SECRET));
      return true;
    });
  });
});
