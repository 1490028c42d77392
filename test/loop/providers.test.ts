// Provider adapters against real loopback HTTP servers: request shape, reply decoding, streaming, errors.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonMendError } from '../../src/errors.js';
import { openaiCompatible } from '../../src/loop/providers/openai-compatible.js';
import { ollama } from '../../src/loop/providers/ollama.js';
import { anthropic } from '../../src/loop/providers/anthropic.js';
import { ProviderHttpError } from '../../src/loop/http.js';
import type { Model, ModelReply, ModelRequest, ModelStreamPart } from '../../src/loop/types.js';
import {
  anthropicBody, anthropicStream, hang, json, ollamaBody, ollamaStream, openaiBody, openaiStream, sse, startServer, text,
  type ScriptedServer,
} from './wire.js';

const schema = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1 }, age: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } },
  required: ['name'],
};

function request(extra: Partial<ModelRequest> = {}): ModelRequest {
  return {
    messages: [{ role: 'system', content: 'be terse' }, { role: 'user', content: 'Who?' }],
    jsonSchema: schema,
    schemaName: 'person',
    signal: new AbortController().signal,
    attempt: 1,
    ...extra,
  };
}

async function collect(model: Model, req: ModelRequest): Promise<ModelReply & { deltas: string[] }> {
  const deltas: string[] = [];
  let final: Omit<ModelReply, 'text'> = {};
  for await (const part of model.stream!(req) as AsyncIterable<ModelStreamPart>) {
    if (part.type === 'delta') deltas.push(part.text);
    else if (part.type === 'finish') final = part.reply;
  }
  return { ...final, text: deltas.join(''), deltas };
}

let server: ScriptedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

describe('openaiCompatible', { timeout: 20_000 }, () => {
  test('sends model, auth, strict projected json_schema; decodes content, finish reason, usage', async () => {
    server.script(json(openaiBody('{"name":"Ada","age":null,"tags":null}')));
    const model = openaiCompatible({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', model: 'gpt-x', temperature: 0 });
    const reply = await model.generate(request());
    const seen = server.requests.at(-1)!;
    assert.equal(seen.url, '/v1/chat/completions');
    assert.equal(seen.headers.authorization, 'Bearer sk-test');
    assert.equal(seen.body.model, 'gpt-x');
    assert.equal(seen.body.temperature, 0);
    assert.deepEqual(seen.body.messages[0], { role: 'system', content: 'be terse' });
    const format = seen.body.response_format;
    assert.equal(format.type, 'json_schema');
    assert.equal(format.json_schema.name, 'person');
    assert.equal(format.json_schema.strict, true);
    assert.deepEqual(format.json_schema.schema.required, ['name', 'age', 'tags']);
    assert.equal(format.json_schema.schema.additionalProperties, false);
    assert.deepEqual(format.json_schema.schema.properties.age.type, ['integer', 'null']);
    assert.equal(format.json_schema.schema.properties.name.minLength, undefined, 'unsupported keyword moved out');
    assert.match(format.json_schema.schema.properties.name.description, /minLength: 1/);
    assert.equal(reply.text, '{"name":"Ada","age":null,"tags":null}');
    assert.equal(reply.finishReason, 'stop');
    assert.deepEqual(reply.usage, { inputTokens: 10, outputTokens: 5, totalTokens: 15 });
    assert.deepEqual(reply.restore!(JSON.parse(reply.text)), { name: 'Ada' }, 'nulls for absent optionals removed');
  });

  test('JSON mode without a schema, no auth header without a key', async () => {
    server.script(json(openaiBody('{"a":1}')));
    const model = openaiCompatible({ baseURL: server.url, model: 'local' });
    await model.generate(request({ jsonSchema: undefined }));
    const seen = server.requests.at(-1)!;
    assert.equal(seen.url, '/chat/completions');
    assert.equal(seen.headers.authorization, undefined);
    assert.deepEqual(seen.body.response_format, { type: 'json_object' });
    assert.equal(model.nativeSchema, true);
    assert.equal(openaiCompatible({ baseURL: server.url, model: 'x', responseFormat: 'json_object' }).nativeSchema, false);
  });

  test('length finish reason and refusals are reported', async () => {
    server.script(json(openaiBody('{"name":"A', 'length')), json(openaiBody(null, 'stop', { refusal: "I can't help with that." })));
    const model = openaiCompatible({ baseURL: server.url, model: 'm' });
    const cut = await model.generate(request());
    assert.equal(cut.finishReason, 'length');
    assert.equal(cut.rawFinishReason, 'length');
    const refused = await model.generate(request());
    assert.equal(refused.finishReason, 'refusal');
    assert.equal(refused.refusal, "I can't help with that.");
    assert.equal(refused.text, '');
  });

  test('streams SSE deltas with stream_options and final usage', async () => {
    const content = '{"name":"Ada Lovelace","tags":["math","engines"]}';
    server.script(openaiStream(content, 'length'));
    const model = openaiCompatible({ baseURL: server.url, model: 'm' });
    const reply = await collect(model, request());
    assert.equal(server.requests.at(-1)!.body.stream, true);
    assert.deepEqual(server.requests.at(-1)!.body.stream_options, { include_usage: true });
    assert.equal(reply.text, content);
    assert.ok(reply.deltas.length > 5);
    assert.equal(reply.finishReason, 'length');
    assert.equal(reply.usage?.totalTokens, 15);
    assert.ok(reply.restore);
  });

  test('HTTP errors are PROVIDER_ERROR with status and a short body excerpt', async () => {
    server.script(text(`{"error":{"message":"rate limited"}}${'x'.repeat(2000)}`, 429));
    const model = openaiCompatible({ baseURL: server.url, model: 'm' });
    await assert.rejects(model.generate(request()), (e: unknown) => {
      assert.ok(e instanceof ProviderHttpError);
      assert.ok(e instanceof JsonMendError);
      assert.equal(e.code, 'PROVIDER_ERROR');
      assert.equal(e.status, 429);
      assert.match(e.message, /HTTP 429/);
      assert.doesNotMatch(e.message, /rate limited/, 'what the server wrote stays out of the message');
      assert.match(e.bodyExcerpt, /^\{"error":\{"message":"rate limited"\}\}x+…$/);
      assert.ok(e.bodyExcerpt.length <= 301);
      return true;
    });
  });

  test('an error event inside the stream is PROVIDER_ERROR', async () => {
    server.script(sse([{ data: { error: { message: 'overloaded' } } }]));
    const model = openaiCompatible({ baseURL: server.url, model: 'm' });
    await assert.rejects(collect(model, request()), (e: unknown) => e instanceof ProviderHttpError && e.code === 'PROVIDER_ERROR' && e.bodyExcerpt === 'overloaded');
  });

  test('an unreachable server is PROVIDER_ERROR', async () => {
    const dead = await startServer();
    await dead.close();
    const model = openaiCompatible({ baseURL: dead.url, model: 'm' });
    await assert.rejects(model.generate(request()), (e: unknown) => e instanceof JsonMendError && e.code === 'PROVIDER_ERROR' && /could not be reached/.test(e.message));
  });

  test('aborting the signal stops the request with ABORTED', async () => {
    server.script(hang());
    const controller = new AbortController();
    const model = openaiCompatible({ baseURL: server.url, model: 'm' });
    const before = server.requests.length;
    const pending = model.generate(request({ signal: controller.signal }));
    await waitFor(() => server.requests.length > before);
    controller.abort();
    await assert.rejects(pending, (e: unknown) => e instanceof JsonMendError && e.code === 'ABORTED');
  });
});

describe('ollama', { timeout: 20_000 }, () => {
  test('posts /api/chat with the schema as format; decodes done_reason and counts', async () => {
    server.script(json(ollamaBody('```json\n{"name":"Ada"}\n```')));
    const model = ollama({ baseURL: server.url, model: 'llama3', maxTokens: 64 });
    const reply = await model.generate(request());
    const seen = server.requests.at(-1)!;
    assert.equal(seen.url, '/api/chat');
    assert.equal(seen.body.model, 'llama3');
    assert.equal(seen.body.stream, false);
    assert.deepEqual(seen.body.format, schema);
    assert.deepEqual(seen.body.options, { num_predict: 64 });
    assert.equal(reply.text, '```json\n{"name":"Ada"}\n```');
    assert.equal(reply.finishReason, 'stop');
    assert.deepEqual(reply.usage, { inputTokens: 7, outputTokens: 3, totalTokens: 10 });
  });

  test('format "json" when asked or without a schema', async () => {
    server.script(json(ollamaBody('{}')), json(ollamaBody('{}')));
    await ollama({ baseURL: server.url, model: 'm', format: 'json' }).generate(request());
    assert.equal(server.requests.at(-1)!.body.format, 'json');
    await ollama({ baseURL: server.url, model: 'm' }).generate(request({ jsonSchema: undefined }));
    assert.equal(server.requests.at(-1)!.body.format, 'json');
  });

  test('streams NDJSON; done_reason "length" is a truncation', async () => {
    const content = '{"name":"Ada","tags":["a","b"';
    server.script(ollamaStream(content, 'length'));
    const reply = await collect(ollama({ baseURL: server.url, model: 'm' }), request());
    assert.equal(server.requests.at(-1)!.body.stream, true);
    assert.equal(reply.text, content);
    assert.equal(reply.finishReason, 'length');
  });

  test('an error body is PROVIDER_ERROR with the status', async () => {
    server.script(json({ error: 'model "nope" not found, try pulling it first' }, 404));
    await assert.rejects(ollama({ baseURL: server.url, model: 'nope' }).generate(request()), (e: unknown) => {
      assert.ok(e instanceof ProviderHttpError);
      assert.equal(e.status, 404);
      assert.match(e.bodyExcerpt, /not found/);
      return true;
    });
  });
});

describe('anthropic', { timeout: 20_000 }, () => {
  test('forces a tool whose input_schema is the schema; system moved out; tool input is the reply', async () => {
    server.script(json(anthropicBody({ name: 'Ada', age: 36 }, 'tool_use', 'person')));
    const model = anthropic({ baseURL: server.url, apiKey: 'ak-test', model: 'claude-x' });
    const reply = await model.generate(request());
    const seen = server.requests.at(-1)!;
    assert.equal(seen.url, '/v1/messages');
    assert.equal(seen.headers['x-api-key'], 'ak-test');
    assert.equal(seen.headers['anthropic-version'], '2023-06-01');
    assert.equal(seen.body.model, 'claude-x');
    assert.equal(seen.body.max_tokens, 4096);
    assert.equal(seen.body.system, 'be terse');
    assert.deepEqual(seen.body.messages, [{ role: 'user', content: 'Who?' }]);
    assert.equal(seen.body.tools[0].name, 'person');
    assert.deepEqual(seen.body.tools[0].input_schema, schema);
    assert.deepEqual(seen.body.tool_choice, { type: 'tool', name: 'person' });
    assert.deepEqual(JSON.parse(reply.text), { name: 'Ada', age: 36 });
    assert.equal(reply.finishReason, 'stop');
    assert.deepEqual(reply.usage, { inputTokens: 12, outputTokens: 6, totalTokens: 18 });
  });

  test('a non-object root is wrapped in { value } and unwrapped', async () => {
    server.script(json(anthropicBody({ value: ['a', 'b'] }, 'tool_use', 'person')));
    const reply = await anthropic({ baseURL: server.url, model: 'm' }).generate(request({ jsonSchema: { type: 'array', items: { type: 'string' } } }));
    const sent = server.requests.at(-1)!.body.tools[0].input_schema;
    assert.deepEqual(sent, { type: 'object', properties: { value: { type: 'array', items: { type: 'string' } } }, required: ['value'], additionalProperties: false });
    assert.deepEqual(reply.restore!(JSON.parse(reply.text)), ['a', 'b']);
  });

  test('max_tokens and refusal stop reasons', async () => {
    server.script(json(anthropicBody({}, 'max_tokens', 'person')), json(anthropicBody('I will not do that.', 'refusal')));
    const model = anthropic({ baseURL: server.url, model: 'm' });
    assert.equal((await model.generate(request())).finishReason, 'length');
    const refused = await model.generate(request());
    assert.equal(refused.finishReason, 'refusal');
    assert.equal(refused.refusal, 'I will not do that.');
  });

  test('streams input_json_delta over SSE', async () => {
    const input = '{"name":"Ada","tags":["x"]}';
    server.script(anthropicStream(input, 'max_tokens', 'person'));
    const reply = await collect(anthropic({ baseURL: server.url, model: 'm' }), request());
    assert.equal(server.requests.at(-1)!.body.stream, true);
    assert.equal(reply.text, input);
    assert.equal(reply.finishReason, 'length');
    assert.deepEqual(reply.usage, { inputTokens: 12, outputTokens: 6, totalTokens: 18 });
  });

  test('an overloaded error is PROVIDER_ERROR with the body excerpt', async () => {
    server.script(json({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, 529));
    await assert.rejects(anthropic({ baseURL: server.url, model: 'm' }).generate(request()), (e: unknown) => {
      assert.ok(e instanceof ProviderHttpError);
      assert.equal(e.status, 529);
      assert.match(e.bodyExcerpt, /overloaded_error/);
      return true;
    });
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(check(), 'condition not reached');
}
