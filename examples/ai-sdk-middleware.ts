// The AI SDK with jsonmend: wrap the model with jsonmendMiddleware() and generateText/streamText with
// Output.object and tools read what the model wrote even when it is not clean JSON. A mock model stands in for a
// provider here; with a real one, only the `model` line changes.
// Run: npx tsx examples/ai-sdk-middleware.ts
import assert from 'node:assert/strict';
import { generateText, Output, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3, simulateReadableStream } from 'ai/test';
import { z } from 'zod';
import { jsonmendMiddleware } from 'jsonmend/ai-sdk';

const Weather = z.object({ city: z.string(), days: z.number().int() });
const usage = { inputTokens: { total: 5, noCache: 5, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 9, text: 9, reasoning: 0 } };
const stop = { unified: 'stop' as const, raw: 'stop' };
const reply = 'Here you go:\n```json\n{"city": "Paris", "days": "3",}\n```'; // a fence, a trailing comma, a string number

const provider = new MockLanguageModelV3({
  doGenerate: async () => ({ content: [{ type: 'text', text: reply }], finishReason: stop, usage, warnings: [] }),
  doStream: async () => ({
    stream: simulateReadableStream({
      chunks: [
        { type: 'text-start', id: 't' },
        ...(reply.match(/[\s\S]{1,5}/g) ?? []).map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: stop, usage },
      ],
    }),
  }),
});
const model = wrapLanguageModel({ model: provider, middleware: jsonmendMiddleware() });

const generated = await generateText({ model, output: Output.object({ schema: Weather }), prompt: 'Weather plan?' });
console.log('generateText:', generated.output);
assert.deepEqual(generated.output, { city: 'Paris', days: 3 });

// Streaming: partial objects while the reply streams (read past the prose and the fence; "3" is held until the
// end, when the schema makes it 3), then the mended output.
const streamed = streamText({ model, output: Output.object({ schema: Weather }), prompt: 'Weather plan?' });
const partials = [];
for await (const partial of streamed.partialOutputStream) partials.push(partial);
console.log('streamText partial outputs:', partials);
console.log('streamText:', await streamed.output, await streamed.text);
assert.deepEqual(partials[0], {});
assert.ok(partials.some((p) => JSON.stringify(p) === '{"city":"Paris"}'));
assert.deepEqual(await streamed.output, { city: 'Paris', days: 3 });
assert.equal(await streamed.text, '{"city":"Paris","days":3}');

// Tool calls: the input is read against the tool's own schema.
const toolModel = wrapLanguageModel({
  model: new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'forecast', input: "{city: 'Oslo', days: '2'}" }],
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
      usage,
      warnings: [],
    }),
  }),
  middleware: jsonmendMiddleware(),
});
const called = await generateText({ model: toolModel, tools: { forecast: tool({ inputSchema: Weather }) }, prompt: 'Oslo?' });
console.log('tool call:', called.toolCalls[0]?.input);
assert.deepEqual(called.toolCalls[0]?.input, { city: 'Oslo', days: 2 });
