// The loop and its providers under hostile or broken servers, on loopback: framing edge cases, caps, cut streams,
// bodies without a reply, echoed keys, bad arguments, listeners that fail, schemas that cannot be sent.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonMendError } from '../../src/errors.js';
import {
  anthropic, generate, ollama, openaiCompatible, ProviderHttpError, RetriesExhaustedError, streamGenerate,
  type LoopEvent, type Model, type ModelStreamPart,
} from '../../src/loop/index.js';
import {
  anthropicBody, anthropicCutStream, huge, json, ollamaBody, ollamaCutStream, openaiBody, openaiCutStream, openaiStream,
  raw, startServer, text, person, useServer } from './wire.js';


const server = useServer();

const req = (extra: Record<string, unknown> = {}) => ({
  messages: [{ role: 'user' as const, content: 'Who?' }],
  jsonSchema: person,
  schemaName: 'person',
  signal: new AbortController().signal,
  attempt: 1,
  ...extra,
});

async function drain(model: Model): Promise<{ text: string; parts: ModelStreamPart[] }> {
  let text = '';
  const parts: ModelStreamPart[] = [];
  for await (const part of model.stream!(req())) {
    parts.push(part);
    if (part.type === 'delta') text += part.text;
  }
  return { text, parts };
}

function providerError(pattern: RegExp) {
  return (e: unknown): boolean => {
    assert.ok(e instanceof JsonMendError, `expected a JsonMendError, got ${String(e)}`);
    assert.equal(e.code, 'PROVIDER_ERROR');
    assert.match(e.message, pattern);
    return true;
  };
}

describe('response reader', { timeout: 60_000 }, () => {
  test('SSE with CR-only line endings is read (the SSE specification allows CR, LF and CRLF)', async () => {
    const events = [
      { choices: [{ index: 0, delta: { content: '{"name":' }, finish_reason: null }] },
      { choices: [{ index: 0, delta: { content: '"Ada","age":36}' }, finish_reason: null }] },
      { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
    ];
    const body = events.map((e) => `data: ${JSON.stringify(e)}\r\r`).join('') + 'data: [DONE]\r\r';
    server.script(raw([body]));
    const out = await drain(openaiCompatible({ baseURL: server.url, model: 'm' }));
    assert.equal(out.text, '{"name":"Ada","age":36}');
  });

  test('CRLF split between two chunks ends one line, not two', async () => {
    const a = JSON.stringify({ choices: [{ index: 0, delta: { content: '{"name":"Ada",' }, finish_reason: null }] });
    const b = JSON.stringify({ choices: [{ index: 0, delta: { content: '"age":36}' }, finish_reason: 'stop' }] });
    server.script(raw([`data: ${a}\r`, `\n\r`, `\ndata: ${b}\r\n\r\n`, 'data: [DONE]\r\n\r\n']));
    const out = await drain(openaiCompatible({ baseURL: server.url, model: 'm' }));
    assert.equal(out.text, '{"name":"Ada","age":36}');
  });

  test('a long SSE data line arriving in many chunks is read whole', async () => {
    const content = `{"name":"${'a'.repeat(4_000_000)}","age":1}`;
    const line = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: 'stop' }] })}\n\n`;
    const chunks: string[] = [];
    for (let i = 0; i < line.length; i += 50_000) chunks.push(line.slice(i, i + 50_000));
    server.script(raw([...chunks, 'data: [DONE]\n\n']));
    const out = await drain(openaiCompatible({ baseURL: server.url, model: 'm' }));
    assert.equal(out.text.length, content.length);
  });

  test('a body larger than maxResponseBytes is PROVIDER_ERROR naming the cap (JSON, SSE and NDJSON alike)', async () => {
    const cap = 256 * 1024;
    const big = huge(4 * 1024 * 1024, 200, 'application/json', '{"choices":[{"message":{"content":"');
    server.script(big);
    await assert.rejects(openaiCompatible({ baseURL: server.url, model: 'm', maxResponseBytes: cap }).generate(req()), providerError(/maxResponseBytes \(262144 bytes\)/));
    server.script(huge(4 * 1024 * 1024, 200, 'text/event-stream', 'data: '));
    await assert.rejects(drain(openaiCompatible({ baseURL: server.url, model: 'm', maxResponseBytes: cap })), providerError(/maxResponseBytes/));
    server.script(huge(4 * 1024 * 1024, 200, 'application/x-ndjson', '{"message":{"content":"'));
    await assert.rejects(drain(ollama({ baseURL: server.url, model: 'm', maxResponseBytes: cap })), providerError(/maxResponseBytes/));
    server.script(huge(4 * 1024 * 1024, 200, 'text/event-stream', 'data: '));
    await assert.rejects(drain(anthropic({ baseURL: server.url, model: 'm', maxResponseBytes: cap })), providerError(/maxResponseBytes/));
  });

  test('an error body is read only as far as it is quoted', async () => {
    const body = huge(64 * 1024 * 1024, 500, 'text/plain', 'boom: ');
    server.script(body);
    await assert.rejects(openaiCompatible({ baseURL: server.url, model: 'm' }).generate(req()), (e: unknown) => {
      assert.ok(e instanceof ProviderHttpError);
      assert.equal(e.status, 500);
      assert.match(e.bodyExcerpt, /^boom: x+…$/);
      return true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(body.written() < 16 * 1024 * 1024, `the server wrote ${body.written()} bytes of a 64 MiB error body`);
  });

  test('a 200 application/json body answering a stream request is PROVIDER_ERROR, never a reply to retry', async () => {
    server.script(json(openaiBody('{"name":"Ada","age":36}')));
    await assert.rejects(drain(openaiCompatible({ baseURL: server.url, model: 'm' })), providerError(/application\/json, not an event stream/));
    server.script(json(anthropicBody({ name: 'Ada', age: 36 })));
    await assert.rejects(drain(anthropic({ baseURL: server.url, model: 'm' })), providerError(/application\/json, not an event stream/));
    const before = server.requests.length;
    server.script(json(openaiBody('{"name":"Ada","age":36}')));
    const run = async (): Promise<void> => {
      for await (const _ of streamGenerate({ model: openaiCompatible({ baseURL: server.url, model: 'm' }), schema: person, prompt: 'p', maxRetries: 1 })) {
        // drain
      }
    };
    await assert.rejects(run(), providerError(/not an event stream/));
    assert.equal(server.requests.length - before, 1, 'not retried');
  });
});

describe('cut streams', { timeout: 30_000 }, () => {
  const cut = '{"name": "Ada", "age": 3';
  test('OpenAI SSE without finish_reason and [DONE] is PROVIDER_ERROR "the stream ended early"', async () => {
    server.script(openaiCutStream(cut));
    await assert.rejects(drain(openaiCompatible({ baseURL: server.url, model: 'm' })), providerError(/the stream ended early/));
  });

  test('Anthropic SSE without message_stop is PROVIDER_ERROR "the stream ended early"', async () => {
    server.script(anthropicCutStream(cut));
    await assert.rejects(drain(anthropic({ baseURL: server.url, model: 'm' })), providerError(/the stream ended early/));
  });

  test('Ollama NDJSON without its done line is PROVIDER_ERROR "the stream ended early"', async () => {
    server.script(ollamaCutStream(cut));
    await assert.rejects(drain(ollama({ baseURL: server.url, model: 'm' })), providerError(/the stream ended early/));
  });

  for (const [name, make, script] of [
    ['openaiCompatible', () => openaiCompatible({ baseURL: server.url, model: 'm' }), () => openaiCutStream(cut)],
    ['anthropic', () => anthropic({ baseURL: server.url, model: 'm' }), () => anthropicCutStream(cut)],
    ['ollama', () => ollama({ baseURL: server.url, model: 'm' }), () => ollamaCutStream(cut)],
  ] as const) {
    test(`streamGenerate over ${name}: a cut stream never becomes a value`, async () => {
      server.script(script());
      const before = server.requests.length;
      const run = async (): Promise<unknown> => {
        for await (const e of streamGenerate({ model: make(), schema: person, prompt: 'p', maxRetries: 2 })) if (e.type === 'result') return e.result.value;
        return undefined;
      };
      await assert.rejects(run(), providerError(/the stream ended early/));
      assert.equal(server.requests.length - before, 1, 'a provider fault is not retried');
    });
  }
});

describe('2xx bodies without a reply', { timeout: 30_000 }, () => {
  for (const [name, make, body] of [
    ['openaiCompatible without choices', () => openaiCompatible({ baseURL: server.url, model: 'm' }), { id: 'x', object: 'chat.completion' }],
    ['openaiCompatible with empty choices', () => openaiCompatible({ baseURL: server.url, model: 'm' }), { choices: [] }],
    ['anthropic without content', () => anthropic({ baseURL: server.url, model: 'm' }), { id: 'msg', type: 'message', stop_reason: 'end_turn' }],
    ['ollama without message', () => ollama({ baseURL: server.url, model: 'm' }), { model: 'm', done: true }],
  ] as const) {
    test(`${name} is PROVIDER_ERROR, not retried as an empty reply`, async () => {
      server.script(json(body));
      const before = server.requests.length;
      await assert.rejects(generate({ model: make(), schema: person, prompt: 'p', maxRetries: 1 }), providerError(/answered without/));
      assert.equal(server.requests.length - before, 1);
    });
  }
});

describe('credentials never quoted', { timeout: 30_000 }, () => {
  const key = 'sk-live-0123456789abcdef';
  test('a key the server echoes in its error body is redacted from the error', async () => {
    server.script(text(`invalid key ${key}; Authorization: Bearer ${key}; header Bearer other-token-xyz`, 401));
    await assert.rejects(openaiCompatible({ baseURL: server.url, model: 'm', apiKey: key }).generate(req()), (e: unknown) => {
      assert.ok(e instanceof ProviderHttpError);
      for (const s of [e.message, e.bodyExcerpt, String(e), JSON.stringify(e)]) {
        assert.ok(!s.includes(key), s);
        assert.ok(!s.includes('other-token-xyz'), s);
      }
      assert.match(e.bodyExcerpt, /\[redacted\]/);
      return true;
    });
  });

  test('Anthropic: an x-api-key echoed in a stream error event is redacted; so are configured header values', async () => {
    server.script(raw([`event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: `bad key ${key} for org org-secret-42` } })}\n\n`]));
    const model = anthropic({ baseURL: server.url, model: 'm', apiKey: key, headers: { 'x-org': 'org-secret-42' } });
    await assert.rejects(drain(model), (e: unknown) => {
      assert.ok(e instanceof ProviderHttpError);
      const all = `${e.message} ${e.bodyExcerpt}`;
      assert.ok(!all.includes(key) && !all.includes('org-secret-42'), all);
      assert.match(e.bodyExcerpt, /authentication_error: bad key \[redacted\] for org \[redacted\]/);
      return true;
    });
  });

  test('a key in the base URL is redacted from transport errors', async () => {
    const dead = await startServer();
    await dead.close();
    const model = openaiCompatible({ baseURL: `${dead.url}/v1?key=${key}`, model: 'm', apiKey: key });
    await assert.rejects(model.generate(req()), (e: unknown) => e instanceof JsonMendError && !e.message.includes(key) && /could not be reached/.test(e.message));
  });
});

describe('provider factory arguments', () => {
  const invalid = (pattern: RegExp) => (e: unknown): boolean =>
    e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT' && pattern.test(e.message);
  test('missing or wrong options are INVALID_ARGUMENT, never a TypeError', () => {
    assert.throws(() => openaiCompatible({} as never), invalid(/openaiCompatible: baseURL must be a non-empty string/));
    assert.throws(() => openaiCompatible(undefined as never), invalid(/options must be an object/));
    assert.throws(() => openaiCompatible({ baseURL: 'http://x', model: 5 } as never), invalid(/model must be a non-empty string/));
    assert.throws(() => openaiCompatible({ baseURL: 'http://x', model: 'm', responseFormat: 'xml' } as never), invalid(/responseFormat must be one of/));
    assert.throws(() => openaiCompatible({ baseURL: 'http://x', model: 'm', headers: { a: 1 } } as never), invalid(/headers\.a must be a string/));
    assert.throws(() => ollama(null as never), invalid(/ollama: options must be an object/));
    assert.throws(() => ollama({} as never), invalid(/model must be a non-empty string/));
    assert.throws(() => ollama({ model: 'm', maxTokens: -1 }), invalid(/maxTokens must be a positive integer/));
    assert.throws(() => anthropic({ model: 'm', fetch: 'no' } as never), invalid(/fetch must be a function/));
    assert.throws(() => anthropic({ model: 'm', maxResponseBytes: 0 }), invalid(/maxResponseBytes must be a positive integer/));
    assert.throws(() => anthropic([] as never), invalid(/options must be an object/));
  });
});

describe('generate hardening', { timeout: 30_000 }, () => {
  test('an async onEvent listener that rejects changes nothing (the process lives, the value comes back)', async () => {
    let unhandled = 0;
    const onUnhandled = (): void => {
      unhandled++;
    };
    process.on('unhandledRejection', onUnhandled);
    try {
      const result = await generate({
        model: async () => '{"name":"Ada","age":36}',
        schema: person,
        prompt: 'p',
        onEvent: async () => {
          throw new Error('listener broke');
        },
      });
      assert.deepEqual(result.value, { name: 'Ada', age: 36 });
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(unhandled, 0);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  test('a cyclic JSON Schema is INVALID_SCHEMA before any request, never PROVIDER_ERROR', async () => {
    const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    const before = server.requests.length;
    await assert.rejects(
      generate({ model: ollama({ baseURL: server.url, model: 'm' }), schema: cyclic, prompt: 'p', maxRetries: 3 }),
      (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_SCHEMA',
    );
    assert.equal(server.requests.length, before);
  });

  test('a schema whose validate throws a foreign error is INVALID_SCHEMA after one attempt, not the model\'s fault', async () => {
    let calls = 0;
    const broken = { '~standard': { version: 1, vendor: 'x', validate: () => { throw new TypeError('boom'); } } };
    await assert.rejects(
      generate({ model: async () => { calls++; return '{"a":1}'; }, schema: broken as never, prompt: 'p', maxRetries: 3 }),
      (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_SCHEMA',
    );
    assert.equal(calls, 1);
  });

  test('INVALID_SCHEMA from the schema stage is final', async () => {
    let calls = 0;
    const events: LoopEvent[] = [];
    await assert.rejects(
      generate({ model: async () => { calls++; return '{"a":1}'; }, schema: { $ref: '#/nope' }, prompt: 'p', maxRetries: 3, onEvent: (e) => events.push(e) }),
      (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_SCHEMA',
    );
    assert.ok(calls <= 1);
    assert.equal(events.filter((e) => e.type === 'retry').length, 0);
  });

  test('a function model whose usage holds NaN or strings is PROVIDER_ERROR, never totalTokens "0x"', async () => {
    for (const usage of [{ inputTokens: Number.NaN, outputTokens: 1, totalTokens: 1 }, { inputTokens: '0', outputTokens: 'x', totalTokens: 1 }, 'lots']) {
      await assert.rejects(
        generate({ model: async () => ({ text: '{"name":"Ada","age":36}', usage: usage as never }), schema: person, prompt: 'p' }),
        (e: unknown) => e instanceof JsonMendError && e.code === 'PROVIDER_ERROR' && /usage/.test(e.message),
      );
    }
    const ok = await generate({ model: async () => ({ text: '{"name":"Ada","age":36}', usage: { inputTokens: 2, outputTokens: 3, totalTokens: 5 } }), schema: person, prompt: 'p' });
    assert.deepEqual(ok.usage, { inputTokens: 2, outputTokens: 3, totalTokens: 5 });
  });

  test('RetriesExhaustedError still names the last failure by code, stage and path', async () => {
    server.script(json(openaiBody('{"name":"Ada","age":"old"}')), json(openaiBody('{"name":"Ada","age":"older"}')));
    await assert.rejects(generate({ model: openaiCompatible({ baseURL: server.url, model: 'm' }), schema: person, prompt: 'p' }), (e: unknown) => {
      assert.ok(e instanceof RetriesExhaustedError);
      assert.match(e.message, /all 2 attempts failed; last: SCHEMA_MISMATCH \(schema at \/age, reply of 28 characters\)/);
      return true;
    });
  });

  test('a complete stream is still a value (the terminator checks do not misfire)', async () => {
    server.script(openaiStream('{"name":"Ada","age":36}'));
    let value: unknown;
    for await (const e of streamGenerate({ model: openaiCompatible({ baseURL: server.url, model: 'm' }), schema: person, prompt: 'p' })) {
      if (e.type === 'result') value = e.result.value;
    }
    assert.deepEqual(value, { name: 'Ada', age: 36 });
    void ollamaBody;
  });
});
