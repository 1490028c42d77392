// OpenAI-compatible servers that write `message.content` as a list of parts (Mistral's reasoning models:
// `[{type: 'thinking', …}, {type: 'text', text: '{…}'}]`): the text parts are the reply. Read as a string only,
// the reply was '' and the model was told it wrote nothing.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generate, openaiCompatible, streamGenerate } from '../../src/loop/index.js';
import { json, person, sse, useServer } from './wire.js';

const server = useServer();
const parts = [
  { type: 'thinking', thinking: [{ type: 'text', text: 'Ada, 36, {"name": "Bob"}' }] },
  { type: 'text', text: '{"name": "Ada", ' },
  { type: 'text', text: '"age": 36}' },
];

describe('content as a list of parts', { timeout: 20_000 }, () => {
  test('generate: the text parts joined are the reply; thinking is not', async () => {
    server.script(json({ choices: [{ index: 0, message: { role: 'assistant', content: parts }, finish_reason: 'stop' }] }));
    const result = await generate({ model: openaiCompatible({ baseURL: server.url, model: 'magistral' }), schema: person, prompt: 'Who?', maxRetries: 0 });
    assert.deepEqual(result.value, { name: 'Ada', age: 36 });
  });

  test('streamGenerate: delta.content as parts', async () => {
    server.script(sse([
      ...parts.map((p) => ({ data: { choices: [{ index: 0, delta: { content: [p] }, finish_reason: null }] } })),
      { data: { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] } },
      { data: '[DONE]' },
    ]));
    let value: unknown;
    for await (const e of streamGenerate({ model: openaiCompatible({ baseURL: server.url, model: 'magistral' }), schema: person, prompt: 'Who?', maxRetries: 0 })) {
      if (e.type === 'result') value = e.result.value;
    }
    assert.deepEqual(value, { name: 'Ada', age: 36 });
  });
});
