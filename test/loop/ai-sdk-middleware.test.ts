// The AI SDK middleware (with the real `ai` 7 and 6 packages and their mock models), the hooks' truncation
// refusal, and the hooks' and middleware's types against AI SDK 5, 6 and 7 (npm aliases ai-v5, ai, ai-v7).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as ai5 from 'ai-v5';
import * as ai6 from 'ai';
import * as ai7 from 'ai-v7';
import { MockLanguageModelV3 } from 'ai/test';
import { MockLanguageModelV2 } from 'ai-v5/test';
import { MockLanguageModelV4, simulateReadableStream } from 'ai-v7/test';
import { z } from 'zod';
import { createRepairText, createRepairToolCall, jsonmendMiddleware, repairText, repairToolCall } from '../../src/loop/adapters/ai-sdk.js';

// Types: the hooks fit every major's option types, the middleware fits every wrapLanguageModel.
const hooks5: [ai5.RepairTextFunction, ai5.ToolCallRepairFunction<ai5.ToolSet>] = [repairText, repairToolCall];
const hooks6: [ai6.RepairTextFunction, ai6.ToolCallRepairFunction<ai6.ToolSet>] = [repairText, repairToolCall];
const hooks7: [NonNullable<Parameters<typeof ai7.generateText>[0]['experimental_repairToolCall']>] = [repairToolCall];
const middleware5: ai5.LanguageModelMiddleware = jsonmendMiddleware();
const middleware6: ai6.LanguageModelMiddleware = jsonmendMiddleware();
const middleware7: ai7.LanguageModelMiddleware = jsonmendMiddleware();
void [hooks5, hooks6, hooks7, middleware5, middleware6, middleware7];

const Weather = z.object({ city: z.string(), days: z.number().int() });
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const stop = { unified: 'stop', raw: 'stop' } as const;
const damaged = 'Here you go:\n```json\n{"city": "Paris", "days": "3",}\n```';

function model7(text: string, finishReason: { unified: string; raw: string } = stop) {
  return new MockLanguageModelV4({
    doGenerate: { content: [{ type: 'text', text }], finishReason, usage, warnings: [] } as never,
    doStream: {
      stream: simulateReadableStream({
        chunks: [
          { type: 'text-start', id: 't' },
          ...text.match(/[\s\S]{1,4}/g)!.map((delta) => ({ type: 'text-delta', id: 't', delta })),
          { type: 'text-end', id: 't' },
          { type: 'finish', finishReason, usage },
        ],
      }),
    } as never,
  });
}

describe('jsonmendMiddleware (AI SDK 7)', () => {
  test('generateText with Output.object reads a fenced reply with a trailing comma and a string number', async () => {
    const model = ai7.wrapLanguageModel({ model: model7(damaged), middleware: jsonmendMiddleware() });
    const { output } = await ai7.generateText({ model, output: ai7.Output.object({ schema: Weather }), prompt: 'p' });
    assert.deepEqual(output, { city: 'Paris', days: 3 });
  });

  test('without the middleware the same reply fails (the reason it exists)', async () => {
    await assert.rejects(ai7.generateText({ model: model7(damaged), output: ai7.Output.object({ schema: Weather }), prompt: 'p' }));
  });

  test('streamText with Output.object: the final output is mended', async () => {
    const model = ai7.wrapLanguageModel({ model: model7(damaged), middleware: jsonmendMiddleware() });
    const result = ai7.streamText({ model, output: ai7.Output.object({ schema: Weather }), prompt: 'p' });
    assert.deepEqual(await result.output, { city: 'Paris', days: 3 });
    assert.equal(await result.text, '{"city":"Paris","days":3}');
  });

  test('tool calls: the input is read against the tool schema, in generate and stream', async () => {
    const call = { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: "{city: 'Paris', days: '3'}" };
    const finishReason = { unified: 'tool-calls', raw: 'tool_calls' };
    const inner = new MockLanguageModelV4({
      doGenerate: { content: [call], finishReason, usage, warnings: [] } as never,
      doStream: { stream: simulateReadableStream({ chunks: [call, { type: 'finish', finishReason, usage }] }) } as never,
    });
    const model = ai7.wrapLanguageModel({ model: inner, middleware: jsonmendMiddleware() });
    const tools = { weather: ai7.tool({ inputSchema: Weather }) };
    const generated = await ai7.generateText({ model, tools, prompt: 'p' });
    assert.deepEqual(generated.toolCalls.map((c) => c.input), [{ city: 'Paris', days: 3 }]);
    const streamed = ai7.streamText({ model, tools, prompt: 'p' });
    assert.deepEqual((await streamed.toolCalls).map((c) => c.input), [{ city: 'Paris', days: 3 }]);
  });

  test('plain text (no JSON response format) is never touched', async () => {
    const model = ai7.wrapLanguageModel({ model: model7("{'a': 1,}"), middleware: jsonmendMiddleware() });
    assert.equal((await ai7.generateText({ model, prompt: 'p' })).text, "{'a': 1,}");
  });

  test('a cut-off reply is not completed: finishReason "length" and text ending inside a value', async () => {
    const cut = '{"city": "Paris", "days": 3';
    const length = { unified: 'length', raw: 'length' };
    const schemaOutput = ai7.Output.object({ schema: Weather });
    const refusing = ai7.wrapLanguageModel({ model: model7(cut, length), middleware: jsonmendMiddleware() });
    await assert.rejects(ai7.generateText({ model: refusing, output: schemaOutput, prompt: 'p' }));
    const stopped = ai7.wrapLanguageModel({ model: model7(cut), middleware: jsonmendMiddleware() });
    await assert.rejects(ai7.generateText({ model: stopped, output: schemaOutput, prompt: 'p' }), 'the truncated repair is refused');
    const accepting = ai7.wrapLanguageModel({ model: model7(cut, length), middleware: jsonmendMiddleware({ acceptTruncated: true }) });
    const { output } = await ai7.generateText({ model: accepting, output: schemaOutput, prompt: 'p' });
    assert.deepEqual(output, { city: 'Paris', days: 3 });
  });
});

describe('jsonmendMiddleware (AI SDK 6)', () => {
  test('generateText with Output.object and a mock V3 model', async () => {
    const inner = new MockLanguageModelV3({ doGenerate: { content: [{ type: 'text', text: damaged }], finishReason: stop, usage, warnings: [] } as never });
    const model = ai6.wrapLanguageModel({ model: inner, middleware: jsonmendMiddleware() });
    const { output } = await ai6.generateText({ model, output: ai6.Output.object({ schema: Weather }), prompt: 'p' });
    assert.deepEqual(output, { city: 'Paris', days: 3 });
  });
});

describe('jsonmendMiddleware (AI SDK 5)', () => {
  test('generateObject and tool calls through a wrapped mock V2 model (finish reasons are strings there)', async () => {
    const usage5 = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
    const text = new MockLanguageModelV2({ doGenerate: { content: [{ type: 'text', text: damaged }], finishReason: 'stop', usage: usage5, warnings: [] } as never });
    const model = ai5.wrapLanguageModel({ model: text, middleware: jsonmendMiddleware() });
    const { object } = await ai5.generateObject({ model, schema: Weather, prompt: 'p' });
    assert.deepEqual(object, { city: 'Paris', days: 3 });
    const cut = new MockLanguageModelV2({ doGenerate: { content: [{ type: 'text', text: '{"city": "Paris", "days": 3' }], finishReason: 'length', usage: usage5, warnings: [] } as never });
    const refusing = ai5.wrapLanguageModel({ model: cut, middleware: jsonmendMiddleware() });
    await assert.rejects(ai5.generateObject({ model: refusing, schema: Weather, prompt: 'p' }));
    const call = { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: "{city: 'Paris', days: '3'}" };
    const tools = new MockLanguageModelV2({ doGenerate: { content: [call], finishReason: 'tool-calls', usage: usage5, warnings: [] } as never });
    const toolModel = ai5.wrapLanguageModel({ model: tools, middleware: jsonmendMiddleware() });
    const result = await ai5.generateText({ model: toolModel, tools: { weather: ai5.tool({ inputSchema: Weather }) }, prompt: 'p' });
    assert.deepEqual(result.toolCalls.map((c) => c.input), [{ city: 'Paris', days: 3 }]);
  });
});

describe('AI SDK hooks refuse a cut-off reply unless asked', () => {
  test('repairText: null for text that ends inside a value; acceptTruncated completes it', async () => {
    const cut = '{"name": "Ada", "age": 3';
    assert.equal(await repairText({ text: cut }), null);
    assert.equal(await createRepairText({ acceptTruncated: true })({ text: cut }), '{"name":"Ada","age":3}');
  });

  test('repairToolCall: null for cut-off input; acceptTruncated repairs it', async () => {
    const toolCall = { toolCallId: 'c', toolName: 'weather', input: '{"city": "Paris", "days": 3' };
    const inputSchema = () => ({ type: 'object' });
    assert.equal(await repairToolCall({ toolCall, inputSchema }), null, 'a synchronous inputSchema (AI SDK 5) works too');
    const accepted = await createRepairToolCall({ acceptTruncated: true })({ toolCall, inputSchema });
    assert.equal(accepted?.input, '{"city":"Paris","days":3}');
  });
});
