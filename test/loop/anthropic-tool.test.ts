// Anthropic: the reply is the input of the tool the loop asked for, never of another tool the model called.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { anthropic, generate, ProviderHttpError, streamGenerate } from '../../src/loop/index.js';
import { json, person, sse, useServer, type Script } from './wire.js';

const server = useServer();

type Block = { type: 'text'; text: string } | { type: 'tool_use'; name: string; input: unknown };

/** A Messages body with these content blocks. */
function body(blocks: Block[], stop = 'tool_use'): Script {
  const content = blocks.map((b, i) => (b.type === 'text' ? b : { ...b, id: `toolu_${i}` }));
  return json({ id: 'msg_1', type: 'message', role: 'assistant', content, stop_reason: stop, usage: { input_tokens: 3, output_tokens: 4 } });
}

/**
 * The same blocks as an SSE stream: text in text_delta pieces, tool input in input_json_delta pieces. `indexed`:
 * false leaves `index` out of every event, as some Anthropic-compatible servers do.
 */
function stream(blocks: Block[], stop = 'tool_use', indexed = true): Script {
  const events: Array<{ event: string; data: unknown }> = [
    { event: 'message_start', data: { type: 'message_start', message: { id: 'msg_1', usage: { input_tokens: 3, output_tokens: 1 } } } },
  ];
  blocks.forEach((b, index) => {
    const start = b.type === 'text' ? { type: 'text', text: '' } : { type: 'tool_use', id: `toolu_${index}`, name: b.name, input: {} };
    events.push({ event: 'content_block_start', data: { type: 'content_block_start', index, content_block: start } });
    const whole = b.type === 'text' ? b.text : JSON.stringify(b.input);
    for (let i = 0; i < whole.length; i += 5) {
      const piece = whole.slice(i, i + 5);
      const delta = b.type === 'text' ? { type: 'text_delta', text: piece } : { type: 'input_json_delta', partial_json: piece };
      events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta } });
    }
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } });
  });
  if (!indexed) for (const e of events) delete (e.data as { index?: number }).index;
  events.push({ event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: stop }, usage: { output_tokens: 4 } } });
  events.push({ event: 'message_stop', data: { type: 'message_stop' } });
  return sse(events);
}

const model = () => anthropic({ baseURL: server.url, model: 'claude' });
const ask = { schema: { ...person, title: 'person' }, prompt: 'Who wrote the first program?' };
const search: Block = { type: 'tool_use', name: 'web_search', input: { name: 'Grace', age: 85 } };
const ours: Block = { type: 'tool_use', name: 'person', input: { name: 'Ada', age: 36 } };

async function streamed(options: Parameters<typeof streamGenerate>[0]): Promise<unknown> {
  let value: unknown;
  for await (const event of streamGenerate(options)) if (event.type === 'result') value = event.result.value;
  return value;
}

for (const [mode, answer, run] of [
  ['generate', body, (o: Parameters<typeof generate>[0]) => generate(o).then((r) => r.value)],
  ['streamGenerate', stream, streamed],
] as const) {
  describe(`anthropic, ${mode}: a tool_use block of another tool`, { timeout: 20_000 }, () => {
    test('alone: PROVIDER_ERROR, the tool named in bodyExcerpt (not in the message), no retry', async () => {
      const before = server.requests.length;
      server.script(answer([search]));
      await assert.rejects(run({ model: model(), ...ask, maxRetries: 2 }), (e: unknown) => {
        assert.ok(e instanceof ProviderHttpError, String(e));
        assert.match(e.message, /a call of a tool it was not asked for/);
        assert.doesNotMatch(e.message, /web_search/);
        assert.match(e.bodyExcerpt, /web_search/);
        return true;
      });
      assert.equal(server.requests.length - before, 1);
    });

    test('before the tool asked for: that one is the reply', async () => {
      server.script(answer([search, ours]));
      assert.deepEqual(await run({ model: model(), ...ask }), { name: 'Ada', age: 36 });
    });

    test('after the tool asked for: that one is the reply (not both)', async () => {
      server.script(answer([ours, search]));
      assert.deepEqual(await run({ model: model(), ...ask }), { name: 'Ada', age: 36 });
    });

    test('beside text: the text is the reply, judged as any reply', async () => {
      server.script(answer([{ type: 'text', text: '{"name": "Ada", "age": 36}' }, search]));
      assert.deepEqual(await run({ model: model(), ...ask }), { name: 'Ada', age: 36 });
    });

    test('without a schema (no tool was offered): the text is the reply, a tool call alone is PROVIDER_ERROR', async () => {
      server.script(answer([{ type: 'text', text: '{"city": "Oslo"}' }, search], 'end_turn'));
      assert.deepEqual(await run({ model: model(), prompt: 'Where?' }), { city: 'Oslo' });
      server.script(answer([search]));
      await assert.rejects(run({ model: model(), prompt: 'Where?', maxRetries: 0 }), (e: unknown) => e instanceof ProviderHttpError && /web_search/.test(e.bodyExcerpt));
    });
  });
}

describe('anthropic: the forced tool called twice', { timeout: 20_000 }, () => {
  const bob: Block = { type: 'tool_use', name: 'person', input: { name: 'Bob', age: 7 } };
  for (const [mode, answer, run] of [
    ['generate', body, (o: Parameters<typeof generate>[0]) => generate(o).then((r) => r.value)],
    ['streamGenerate', stream, streamed],
  ] as const) {
    test(`${mode}: two different inputs are not one value taken silently (the first, before): refused as a guess`, async () => {
      server.script(answer([ours, bob]));
      await assert.rejects(run({ model: model(), ...ask, maxRetries: 0 }), (e: unknown) => {
        const attempts = (e as { attempts?: Array<{ error: { code: string } }> }).attempts;
        assert.equal(attempts?.[0]?.error.code, 'REPAIR_REFUSED');
        return true;
      });
    });

    test(`${mode}: the same input twice is that value`, async () => {
      server.script(answer([ours, ours]));
      assert.deepEqual(await run({ model: model(), ...ask }), { name: 'Ada', age: 36 });
    });
  }
});

describe('anthropic, streamGenerate: events without `index`', { timeout: 20_000 }, () => {
  // Every block's start then had index undefined, so once the forced tool started, every later input_json_delta
  // (another tool's) was taken for the reply's: two inputs joined, refused. Blocks are now counted as they start.
  test('another tool after the tool asked for: its input is not the reply', async () => {
    server.script(stream([ours, search], 'tool_use', false));
    assert.deepEqual(await streamed({ model: model(), ...ask, maxRetries: 0 }), { name: 'Ada', age: 36 });
  });

  test('another tool before the tool asked for, with text: only the forced tool\'s input', async () => {
    server.script(stream([{ type: 'text', text: 'Let me look.' }, search, ours, search], 'tool_use', false));
    assert.deepEqual(await streamed({ model: model(), ...ask, maxRetries: 0 }), { name: 'Ada', age: 36 });
  });

  test('the forced tool alone', async () => {
    server.script(stream([ours], 'tool_use', false));
    assert.deepEqual(await streamed({ model: model(), ...ask, maxRetries: 0 }), { name: 'Ada', age: 36 });
  });
});
