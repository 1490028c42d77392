// Where users meet recovery: the OpenAI adapter's parseToolCalls({ recoverFromText }), the AI SDK
// middleware createToolCallRecovery (with the real `ai` package), and generate({ recoverToolCall }).
// Each is off by default: without the option, a reply that writes its call as text is left alone.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { generateText, tool, wrapLanguageModel, type LanguageModelMiddleware } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { JsonMendError, generate } from '../../src/index.js';
import { createToolCallRecovery } from '../../src/loop/adapters/ai-sdk.js';
import { parseToolCalls } from '../../src/loop/adapters/openai.js';

const Weather = z.object({ city: z.string(), days: z.number().int() });
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

// The middleware fits the AI SDK's own type (checked by tsc).
const _middleware: LanguageModelMiddleware = createToolCallRecovery();
void _middleware;

describe('OpenAI adapter: parseToolCalls({ recoverFromText })', () => {
  const message = { role: 'assistant', content: 'Let me check.\n<tool_call>\n{"name": "weather", "arguments": {"city": "Paris", "days": "3"}}\n</tool_call>', tool_calls: [] };

  test('off by default: no native calls, none returned', () => {
    assert.deepEqual(parseToolCalls(message, { weather: Weather }), []);
  });

  test('on: the calls written in content, validated and repaired', () => {
    const repairs: unknown[] = [];
    const calls = parseToolCalls(message, { weather: Weather }, { recoverFromText: true, onRepair: (r) => repairs.push(...r) });
    assert.deepEqual(calls, [{ id: undefined, name: 'weather', arguments: { city: 'Paris', days: 3 } }]);
    assert.ok(repairs.length > 0);
  });

  test('native calls win: the text is not read', () => {
    const native = { ...message, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{"city": "Oslo", "days": 1}' } }] };
    assert.deepEqual(parseToolCalls(native, { weather: Weather }, { recoverFromText: true }).map((c) => c.arguments), [{ city: 'Oslo', days: 1 }]);
  });

  test('a call in the text to an unknown tool is an error naming the tools', () => {
    assert.throws(() => parseToolCalls({ content: '[TOOL_CALLS][{"name": "nope", "arguments": {}}]' }, { weather: Weather }, { recoverFromText: true }),
      (e: unknown) => e instanceof JsonMendError && e.code === 'SCHEMA_MISMATCH' && /"weather"/.test(e.message));
  });
});

describe('AI SDK: createToolCallRecovery middleware', () => {
  function model(text: string) {
    return new MockLanguageModelV3({
      doGenerate: { content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] } as never,
    });
  }
  const tools = { weather: tool({ inputSchema: Weather }) };
  const reply = 'Checking.<|start|>assistant<|channel|>commentary to=functions.weather <|constrain|>json<|message|>{"city": "Rome", "days": "2"}<|call|>';

  test('without it, generateText sees text and no tool calls', async () => {
    const result = await generateText({ model: model(reply), prompt: 'p', tools });
    assert.deepEqual(result.toolCalls, []);
  });

  test('with it, the harmony call becomes a tool call with schema-valid input', async () => {
    const wrapped = wrapLanguageModel({ model: model(reply), middleware: createToolCallRecovery() });
    const result = await generateText({ model: wrapped, prompt: 'p', tools });
    assert.deepEqual(result.toolCalls.map((c) => [c.toolName, c.input]), [['weather', { city: 'Rome', days: 2 }]]);
    assert.equal(result.finishReason, 'tool-calls');
    assert.equal(result.text, 'Checking.');
  });

  test('plain text without calls passes unchanged', async () => {
    const wrapped = wrapLanguageModel({ model: model('It is sunny.'), middleware: createToolCallRecovery() });
    const result = await generateText({ model: wrapped, prompt: 'p', tools });
    assert.equal(result.text, 'It is sunny.');
    assert.deepEqual(result.toolCalls, []);
  });
});

describe('generate({ recoverToolCall })', () => {
  const Person = { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name', 'age'] };
  const written = '<tool_call>\n{"name": "person", "arguments": {"name": "Ada", "age": "36"}}\n</tool_call>';

  test('off by default: the call object is parsed as the value and fails the schema', async () => {
    await assert.rejects(generate({ model: async () => written, schema: Person, schemaName: 'person', prompt: 'p', maxRetries: 0 }), { code: 'RETRIES_EXHAUSTED' });
  });

  test('on: the value is read from the call to the schema tool', async () => {
    const result = await generate({ model: async () => written, schema: Person, schemaName: 'person', prompt: 'p', maxRetries: 0, recoverToolCall: true });
    assert.deepEqual(result.value, { name: 'Ada', age: 36 });
  });

  test('on, with a plain JSON reply: unchanged', async () => {
    const result = await generate({ model: async () => '{"name": "Ada", "age": 36}', schema: Person, schemaName: 'person', prompt: 'p', maxRetries: 0, recoverToolCall: true });
    assert.deepEqual(result.value, { name: 'Ada', age: 36 });
  });

  test('several calls whose arguments differ: REPAIR_REFUSED, not the first taken silently (F5)', async () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    for (const text of [
      '<tool_call>{"name": "response", "arguments": {"a": "x"}}</tool_call><tool_call>{"name": "response", "arguments": {"a": "y"}}</tool_call>',
      '[TOOL_CALLS][{"name": "response", "arguments": {"a": "x"}}, {"name": "response", "arguments": {"a": "x", "b": 1}}]',
    ]) {
      const prompts: string[] = [];
      const model = async (r: { messages: readonly { content: string }[]; attempt: number }) => {
        if (r.attempt > 1) prompts.push(r.messages.at(-1)!.content);
        return r.attempt === 1 ? text : '{"a": "y"}';
      };
      const result = await generate({ model, schema, prompt: 'p', maxRetries: 1, recoverToolCall: true });
      assert.deepEqual(result.value, { a: 'y' }, 'the first reply was refused and the retry taken');
      const error = result.failures[0]!.error;
      assert.equal(error.code, 'REPAIR_REFUSED');
      assert.match(error.message, /which one is meant is a guess/);
      assert.match(prompts[0]!, /once/);
    }
  });

  test('the same call written twice is one call', async () => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } } };
    const text = '<tool_call>{"name": "response", "arguments": {"a": "x", "b": 1}}</tool_call>\n<tool_call>{"name": "response", "arguments": {"b": 1, "a": "x"}}</tool_call>';
    const result = await generate({ model: async () => text, schema, prompt: 'p', maxRetries: 0, recoverToolCall: true });
    assert.deepEqual(result.value, { a: 'x', b: 1 });
  });
});
