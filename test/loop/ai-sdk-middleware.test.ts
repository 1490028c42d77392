// The AI SDK middleware (with the real `ai` 7 and 6 packages and their mock models), the hooks' truncation
// refusal, and the hooks' and middleware's types against AI SDK 5, 6 and 7 (npm aliases ai-v5, ai, ai-v7).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as ai5 from 'ai-v5';
import * as ai6 from 'ai';
import * as ai7 from 'ai-v7';
import { MockLanguageModelV3, simulateReadableStream as simulate6 } from 'ai/test';
import { MockLanguageModelV2, simulateReadableStream as simulate5 } from 'ai-v5/test';
import { MockLanguageModelV4, simulateReadableStream } from 'ai-v7/test';
import fc from 'fast-check';
import { z } from 'zod';
import { createRepairText, createRepairToolCall, jsonmendMiddleware, repairText, repairToolCall } from '../../src/loop/adapters/ai-sdk.js';
import type { AiSdkRepairEvent } from '../../src/loop/adapters/ai-sdk.js';
import { JsonMendError } from '../../src/errors.js';
import { REPAIR_KINDS } from '../../src/parse/kinds.js';
import { parseWithReport } from '../../src/schema/index.js';
import { FUZZ_PIECES } from '../parse/kinds-table.js';

// Types: the hooks fit every major's option types, the middleware fits every wrapLanguageModel.
const hooks5: [ai5.RepairTextFunction, ai5.ToolCallRepairFunction<ai5.ToolSet>] = [repairText, repairToolCall];
const hooks6: [ai6.RepairTextFunction, ai6.ToolCallRepairFunction<ai6.ToolSet>] = [repairText, repairToolCall];
const hooks7: [NonNullable<Parameters<typeof ai7.generateText>[0]['experimental_repairToolCall']>] = [repairToolCall];
const middleware5: ai5.LanguageModelMiddleware = jsonmendMiddleware();
const middleware6: ai6.LanguageModelMiddleware = jsonmendMiddleware();
const middleware7: ai7.LanguageModelMiddleware = jsonmendMiddleware();
void [hooks5, hooks6, hooks7, middleware5, middleware6, middleware7];
// … with onRepair too.
const heard = (event: AiSdkRepairEvent): void => void event.repairs.map((r) => r.kind);
const reporting5: [ai5.RepairTextFunction, ai5.ToolCallRepairFunction<ai5.ToolSet>, ai5.LanguageModelMiddleware] = [
  createRepairText({ onRepair: heard }), createRepairToolCall({ onRepair: heard }), jsonmendMiddleware({ onRepair: heard }),
];
const reporting6: [ai6.RepairTextFunction, ai6.ToolCallRepairFunction<ai6.ToolSet>, ai6.LanguageModelMiddleware] = [
  createRepairText({ onRepair: heard }), createRepairToolCall({ onRepair: heard }), jsonmendMiddleware({ onRepair: heard }),
];
const reporting7: [NonNullable<Parameters<typeof ai7.generateText>[0]['experimental_repairToolCall']>, ai7.LanguageModelMiddleware] = [
  createRepairToolCall({ onRepair: ({ part }) => void (part.type === 'tool-call' ? part.toolCallId : part.type) }),
  jsonmendMiddleware({ onRepair: heard }),
];
void [reporting5, reporting6, reporting7];

const Weather = z.object({ city: z.string(), days: z.number().int() });
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const stop = { unified: 'stop', raw: 'stop' } as const;
const damaged = 'Here you go:\n```json\n{"city": "Paris", "days": "3",}\n```';

/** The stream parts of a text reply in `size`-character deltas. */
function textParts(text: string, size = 4): Array<Record<string, unknown>> {
  const deltas = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
  return [{ type: 'text-start', id: 't' }, ...deltas.map((delta) => ({ type: 'text-delta', id: 't', delta })), { type: 'text-end', id: 't' }];
}

function model7(text: string, finishReason: { unified: string; raw: string } = stop) {
  return new MockLanguageModelV4({
    doGenerate: { content: [{ type: 'text', text }], finishReason, usage, warnings: [] } as never,
    doStream: {
      stream: simulateReadableStream({
        chunks: [...textParts(text), { type: 'finish', finishReason, usage }],
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

  test('a reply cut off by the token limit: its whole tool calls are mended in generateText as in streamText', async () => {
    // The stream mends a tool-call part as it passes, before the finish part says `length`; generateText left the
    // whole reply alone, so the same call was valid streamed and invalid generated. Each input is judged by the
    // parser, which refuses a cut one in both.
    const length = { unified: 'length', raw: 'length' };
    const whole = { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: "{city: 'Paris', days: 3}" };
    const cut = { type: 'tool-call', toolCallId: 'c2', toolName: 'weather', input: '{"city": "Oslo", "days": 1' };
    const text = { type: 'text', text: '{"note": "and then I wi' };
    const inner = new MockLanguageModelV4({
      doGenerate: { content: [whole, text, cut], finishReason: length, usage, warnings: [] } as never,
      doStream: { stream: simulateReadableStream({ chunks: [whole, ...textParts(text.text), cut, { type: 'finish', finishReason: length, usage }] }) } as never,
    });
    const model = ai7.wrapLanguageModel({ model: inner, middleware: jsonmendMiddleware() });
    const tools = { weather: ai7.tool({ inputSchema: Weather }) };
    const calls = (list: Array<{ input: unknown; invalid?: boolean }>) => list.map((c) => [c.input, c.invalid === true]);
    const generated = await ai7.generateText({ model, tools, prompt: 'p' });
    const streamed = ai7.streamText({ model, tools, prompt: 'p', onError: () => {} });
    const expected = [[{ city: 'Paris', days: 3 }, false], [cut.input, true]];
    assert.deepEqual(calls(generated.toolCalls as never), expected);
    assert.deepEqual(calls((await streamed.toolCalls) as never), expected);
    assert.equal(generated.text, text.text, 'the text is left as written');
    assert.equal(await streamed.text, text.text);
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
    // Ended by the model (finish "stop") but cut inside a string: not closers left out, still refused.
    const stopped = ai7.wrapLanguageModel({ model: model7('{"city": "Par'), middleware: jsonmendMiddleware() });
    await assert.rejects(ai7.generateText({ model: stopped, output: schemaOutput, prompt: 'p' }), 'the truncated repair is refused');
    const accepting = ai7.wrapLanguageModel({ model: model7(cut, length), middleware: jsonmendMiddleware({ acceptTruncated: true }) });
    const { output } = await ai7.generateText({ model: accepting, output: schemaOutput, prompt: 'p' });
    assert.deepEqual(output, { city: 'Paris', days: 3 });
  });

  test('a reply the content filter stopped is left as written, as a cut-off one is', async () => {
    // The filter stops a reply anywhere; mended, `days: 3` might stand for `days: 31`.
    const filter = { unified: 'content-filter', raw: 'content_filter' };
    const schemaOutput = ai7.Output.object({ schema: Weather });
    const refusing = ai7.wrapLanguageModel({ model: model7("{city: 'Paris', days: 3}", filter), middleware: jsonmendMiddleware() });
    await assert.rejects(ai7.generateText({ model: refusing, output: schemaOutput, prompt: 'p' }));
    const accepting = ai7.wrapLanguageModel({ model: model7("{city: 'Paris', days: 3}", filter), middleware: jsonmendMiddleware({ acceptTruncated: true }) });
    assert.deepEqual((await ai7.generateText({ model: accepting, output: schemaOutput, prompt: 'p' })).output, { city: 'Paris', days: 3 });
  });
});

describe('jsonmendMiddleware: a reply in several text parts is read as the SDK reads it, joined', () => {
  // Gemini splits one answer over several text parts; the SDK joins them. Mended one by one, valid JSON split in
  // two came out as `{"city":"Paris"}` + `, "days": 3}` and the reply the SDK could read failed.
  const length = { unified: 'length', raw: 'length' };

  function splitModel(pieces: readonly string[], finishReason: { unified: string; raw: string } = stop) {
    const content = pieces.map((text) => ({ type: 'text', text }));
    const chunks = [...pieces.flatMap((text, i) => textParts(text, 3).map((p) => ({ ...p, id: `t${i}` }))), { type: 'finish', finishReason, usage }];
    return new MockLanguageModelV4({
      doGenerate: { content, finishReason, usage, warnings: [] } as never,
      doStream: { stream: simulateReadableStream({ chunks }) } as never,
    });
  }

  async function outputs(pieces: readonly string[], options: Parameters<typeof jsonmendMiddleware>[0] = {}, finishReason: { unified: string; raw: string } = stop) {
    const settle = async (p: () => PromiseLike<unknown>) => Promise.resolve(p()).then((v) => ({ value: v }), (e: Error) => ({ error: e.name }));
    const model = (partialOutput: boolean) => ai7.wrapLanguageModel({ model: splitModel(pieces, finishReason), middleware: jsonmendMiddleware({ ...options, partialOutput }) });
    const output = ai7.Output.object({ schema: Weather });
    return [
      await settle(async () => (await ai7.generateText({ model: model(true), output, prompt: 'p' })).output),
      await settle(() => ai7.streamText({ model: model(true), output, prompt: 'p', onError: () => {} }).output),
      await settle(() => ai7.streamText({ model: model(false), output, prompt: 'p', onError: () => {} }).output),
    ];
  }

  test('valid JSON split in two at every position: read as without the middleware, generated and streamed', async () => {
    const text = '{"city": "Paris", "days": 3}';
    for (let at = 1; at < text.length; at++) {
      for (const got of await outputs([text.slice(0, at), text.slice(at)])) assert.deepEqual(got, { value: { city: 'Paris', days: 3 } }, `split at ${at}`);
    }
  });

  test('a damaged reply over three parts (prose, then the fenced value split) is mended as one text', async () => {
    for (const got of await outputs(['Here you go:\n', "```json\n{'city': 'Paris',", " 'days': '3',}\n```"])) {
      assert.deepEqual(got, { value: { city: 'Paris', days: 3 } });
    }
  });

  test('cut off by the token limit over two parts: refused; acceptTruncated takes the joined text', async () => {
    const pieces = ['{"city": "Paris",', ' "days": 3'];
    for (const got of await outputs(pieces, {}, length)) assert.ok('error' in got, JSON.stringify(got));
    for (const got of await outputs(pieces, { acceptTruncated: true }, length)) assert.deepEqual(got, { value: { city: 'Paris', days: 3 } });
  });

  test('streamed: the first part ends as soon as the next begins, the last carries the rest, the text is the mended JSON', async () => {
    const parts = [...textParts('{"city": "Paris",', 4).map((p) => ({ ...p, id: 'a' })), ...textParts(' "days": 3}', 4).map((p) => ({ ...p, id: 'b' })), { type: 'finish', finishReason: stop, usage }];
    const stream = new ReadableStream<unknown>({ start: (c) => (parts.forEach((p) => c.enqueue(p)), c.close()) });
    const result = await jsonmendMiddleware().wrapStream({ doStream: async () => ({ stream }), params: { responseFormat: { type: 'json' } } });
    const seen: Array<{ type: string; id?: string; delta?: string }> = [];
    for await (const part of result.stream as unknown as AsyncIterable<{ type: string; id?: string; delta?: string }>) seen.push(part);
    const ends = seen.map((p, i) => (p.type === 'text-end' ? `${p.id}@${i}` : '')).filter(Boolean);
    const startB = seen.findIndex((p) => p.type === 'text-start' && p.id === 'b');
    assert.ok(seen.findIndex((p) => p.type === 'text-end' && p.id === 'a') < startB, ends.join());
    assert.equal(seen.filter((p) => p.type === 'text-delta').map((p) => p.delta).join(''), '{"city":"Paris","days":3}');
    assert.deepEqual(seen.slice(-3).map((p) => [p.type, p.id]), [['text-delta', 'b'], ['text-end', 'b'], ['finish', undefined]]);
  });
});

describe('jsonmendMiddleware: what jsonmend refused is never handed on as a value', () => {
  // ai's jsonSchema() has no validator: whatever JSON the text holds is the output.
  const Closed = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'], additionalProperties: false } as const;
  const length = { unified: 'length', raw: 'length' };

  async function outputs(text: string, finishReason: { unified: string; raw: string } = stop) {
    const model = ai7.wrapLanguageModel({ model: model7(text, finishReason), middleware: jsonmendMiddleware() });
    const output = ai7.Output.object({ schema: ai7.jsonSchema(Closed) });
    const settle = async (p: () => Promise<unknown>) => p().then((v) => ({ value: v }), (e: Error) => ({ error: e.name }));
    const generated = await settle(async () => (await ai7.generateText({ model, output, prompt: 'p' })).output);
    const streamed = await settle(async () => ai7.streamText({ model, output, prompt: 'p', onError: () => {} }).output);
    return { generated, streamed };
  }

  test('two values that both fit (REPAIR_REFUSED): generateText and streamText both fail, no array of both (W1)', async () => {
    const { generated, streamed } = await outputs('{"city": "Paris", "days": 3}\n{"city": "Oslo", "days": 2}');
    assert.ok('error' in generated, `generateText: ${JSON.stringify(generated)}`);
    assert.ok('error' in streamed, `streamText: ${JSON.stringify(streamed)}`);
  });

  test('the same for a tool input: the refused input passes unchanged and the SDK finds it invalid', async () => {
    const input = '{"city": "Paris", "days": 3}{"city": "Oslo", "days": 2}';
    const mended = await jsonmendMiddleware().wrapGenerate({
      doGenerate: async () => ({ content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'forecast', input }], finishReason: stop }),
      params: { tools: [{ type: 'function', name: 'forecast', inputSchema: Closed }] },
    });
    assert.equal((mended.content[0] as { input: string }).input, input);
  });

  test('streaming, cut off by the token limit (finish "length"): not mended, as generateText is not (W2)', async () => {
    for (const text of [
      '```json\n{"city": "Paris", "days": 3}\n```\nAlternatively:\n```json\n{"city": "Oslo", "da', // the cut second value dropped
      '{"city": "Paris", "days": 3}\n\nNote: the forecast for the next few da', // whole value, its prose cut
      '{"city": "Paris", "days": 3', // closers "left out"
    ]) {
      const { generated, streamed } = await outputs(text, length);
      assert.ok('error' in generated, `generateText ${JSON.stringify(text)}: ${JSON.stringify(generated)}`);
      assert.ok('error' in streamed, `streamText ${JSON.stringify(text)}: ${JSON.stringify(streamed)}`);
      for (const partialOutput of [true, false]) {
        const model = ai7.wrapLanguageModel({ model: model7(text, length), middleware: jsonmendMiddleware({ partialOutput }) });
        const result = ai7.streamText({ model, output: ai7.Output.object({ schema: ai7.jsonSchema(Closed) }), prompt: 'p', onError: () => {} });
        const sent = await result.text;
        assert.throws(() => JSON.parse(sent), `partialOutput ${partialOutput}: ${JSON.stringify(sent)}`);
        if (!partialOutput) assert.equal(sent, text, 'nothing sent yet: the text as the model wrote it');
      }
    }
  });

  test('streaming: with any other finish the same text is mended; acceptTruncated mends it at "length" too', async () => {
    const text = '{"city": "Paris", "days": 3}\n\nNote: the forecast for the next few days';
    assert.deepEqual((await outputs(text)).streamed, { value: { city: 'Paris', days: 3 } });
    const model = ai7.wrapLanguageModel({ model: model7('{"city": "Paris", "days": 3', length), middleware: jsonmendMiddleware({ acceptTruncated: true }) });
    assert.deepEqual(await ai7.streamText({ model, output: ai7.Output.object({ schema: ai7.jsonSchema(Closed) }), prompt: 'p' }).output, { city: 'Paris', days: 3 });
  });

  test('streaming: the mended text\'s last delta waits for the finish part, the deltas before it do not', async () => {
    const { model: inner, write, close } = liveModel7();
    const doStream = async () => (await inner.doStream({} as never)) as unknown as { stream: ReadableStream<unknown> };
    const wrapped = await jsonmendMiddleware().wrapStream({ doStream, params: { responseFormat: { type: 'json' } } });
    const reader = (wrapped.stream as ReadableStream<{ type: string; delta?: string }>).getReader();
    write(textParts('{"city": "Paris", "days": 3}', 4));
    const seen: Array<{ type: string; delta?: string }> = [];
    // Read what comes until nothing more does for 50 ms: the text before the finish part.
    let pending = reader.read();
    for (;;) {
      const next = await Promise.race([pending, new Promise<undefined>((ok) => setTimeout(ok, 50))]);
      if (next === undefined) break;
      seen.push(next.value!);
      pending = reader.read();
    }
    const early = seen.filter((p) => p.type === 'text-delta').map((p) => p.delta).join('');
    assert.ok(early.startsWith('{"city":"Paris"'), `the mended beginning flowed before the finish: ${early}`);
    assert.ok(!seen.some((p) => p.type === 'text-end') && !early.endsWith('}'), `the end waits for the finish: ${JSON.stringify(seen)}`);
    write([{ type: 'finish', finishReason: stop, usage }]);
    close();
    for (let r = await pending; !r.done; r = await reader.read()) seen.push(r.value);
    const types = seen.map((p) => p.type);
    assert.deepEqual(types.slice(-3), ['text-delta', 'text-end', 'finish']);
    assert.equal(seen.filter((p) => p.type === 'text-delta').map((p) => p.delta).join(''), '{"city":"Paris","days":3}');
  });
});

describe('jsonmendMiddleware: closers left out of a reply the model ended itself, as generate() reads them', () => {
  const Hours = z.object({ city: z.string(), days: z.number().int(), hours: z.array(z.number()).optional() });
  const length = { unified: 'length', raw: 'length' };
  const left = [
    ['{"city": "Paris", "days": 3', { city: 'Paris', days: 3 }],
    ['{"city": "Paris", "days": 3, "hours": [9, 12', { city: 'Paris', days: 3, hours: [9, 12] }],
    ['Here:\n```json\n{"city": "Paris", "days": 3, "hours": [9', { city: 'Paris', days: 3, hours: [9] }],
  ] as const;

  /** What generateText and streamText (partial output on and off) make of `text` ending with `finishReason`. */
  async function outputs(text: string, finishReason: { unified: string; raw: string }) {
    const settle = async (p: () => PromiseLike<unknown>) => Promise.resolve(p()).then((v) => ({ value: v }), (e: Error) => ({ error: e.name }));
    const wrapped = (partialOutput: boolean) => ai7.wrapLanguageModel({ model: model7(text, finishReason), middleware: jsonmendMiddleware({ partialOutput }) });
    const output = ai7.Output.object({ schema: Hours });
    return [
      await settle(async () => (await ai7.generateText({ model: wrapped(true), output, prompt: 'p' })).output),
      await settle(() => ai7.streamText({ model: wrapped(true), output, prompt: 'p', onError: () => {} }).output),
      await settle(() => ai7.streamText({ model: wrapped(false), output, prompt: 'p', onError: () => {} }).output),
    ];
  }

  test('finish "stop": the value is taken, the same one generate() takes (missing_closer); generate and stream alike', async () => {
    for (const [text, value] of left) {
      for (const got of await outputs(text, stop)) assert.deepEqual(got, { value }, JSON.stringify(text));
      const { generate } = await import('../../src/loop/index.js');
      const loop = await generate({ model: async () => ({ text, finishReason: 'stop' as const }), prompt: 'p', maxRetries: 0 });
      assert.deepEqual(loop.value, value);
      assert.ok(loop.repairs.some((r) => r.kind === 'missing_closer'));
    }
  });

  test('finish "length": the same texts are refused, generate and stream alike; cut inside a value, "stop" refuses too', async () => {
    for (const [text] of left) {
      for (const got of await outputs(text, length)) assert.ok('error' in got, `${JSON.stringify(text)}: ${JSON.stringify(got)}`);
    }
    // Cut inside a string, inside a key, after a comma: not closers left out.
    for (const text of ['{"city": "Par', '{"city": "Paris", "da', '{"city": "Paris", "days": 3,']) {
      for (const got of await outputs(text, stop)) assert.ok('error' in got, `${JSON.stringify(text)}: ${JSON.stringify(got)}`);
    }
  });

  test('the stream\'s end waits for the finish part to know which: "stop" sends the closers, "length" does not', async () => {
    for (const [reason, closed] of [[stop, true], [length, false]] as const) {
      const parts = [...textParts('{"city": "Paris", "days": 3, "hours": [9, 12', 5), { type: 'finish', finishReason: reason, usage }];
      const stream = new ReadableStream<unknown>({ start: (c) => (parts.forEach((p) => c.enqueue(p)), c.close()) });
      const result = await jsonmendMiddleware().wrapStream({ doStream: async () => ({ stream }), params: { responseFormat: { type: 'json' } } });
      let text = '';
      for await (const part of result.stream as unknown as AsyncIterable<{ type: string; delta?: string }>) if (part.type === 'text-delta') text += part.delta;
      if (closed) assert.deepEqual(JSON.parse(text), { city: 'Paris', days: 3, hours: [9, 12] });
      else assert.throws(() => JSON.parse(text), text);
    }
  });

  test('AI SDK 5 (finish reasons are strings): generateObject and streamObject take closers left out at "stop", refuse them at "length"', async () => {
    const usage5 = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
    const text = '{"city": "Paris", "days": 3';
    for (const finishReason of ['stop', 'length']) {
      const generating = new MockLanguageModelV2({ doGenerate: { content: [{ type: 'text', text }], finishReason, usage: usage5, warnings: [] } as never });
      const chunks = [...textParts(text), { type: 'finish', finishReason, usage: usage5 }];
      const streaming = new MockLanguageModelV2({ doStream: { stream: simulate5({ chunks }) } as never });
      const settle = (p: PromiseLike<unknown>) => Promise.resolve(p).then((value) => ({ value }), (e: Error) => ({ error: e.name }));
      const generated = await settle(ai5.generateObject({ model: ai5.wrapLanguageModel({ model: generating, middleware: jsonmendMiddleware() }), schema: Weather, prompt: 'p' }).then((r) => r.object));
      const result = ai5.streamObject({ model: ai5.wrapLanguageModel({ model: streaming, middleware: jsonmendMiddleware() }), schema: Weather, prompt: 'p', onError: () => {} });
      const streamed = settle(result.object); // attached before the stream is read: streamObject settles it once it is
      for await (const _ of result.partialObjectStream);
      for (const got of [generated, await streamed]) {
        if (finishReason === 'stop') assert.deepEqual(got, { value: { city: 'Paris', days: 3 } });
        else assert.ok('error' in got, JSON.stringify(got));
      }
    }
  });
});

/** A model whose stream the test writes into, part by part, to see what the SDK shows before the reply ends. */
function liveModel7() {
  let controller!: ReadableStreamDefaultController<unknown>;
  const stream = new ReadableStream<unknown>({ start: (c) => void (controller = c) });
  const model = new MockLanguageModelV4({ doStream: { stream } as never });
  return { model, write: (parts: unknown[]) => parts.forEach((p) => controller.enqueue(p)), close: () => controller.close() };
}

/** What the middleware's wrapStream makes of a reply, as the text deltas the SDK receives. */
async function streamedDeltas(text: string, size: number, options: Parameters<typeof jsonmendMiddleware>[0] = {}, schema?: unknown): Promise<string[]> {
  const parts = textParts(text, size);
  const stream = new ReadableStream<unknown>({ start: (c) => (parts.forEach((p) => c.enqueue(p)), c.close()) });
  const result = await jsonmendMiddleware(options).wrapStream({ doStream: async () => ({ stream }), params: { responseFormat: { type: 'json', schema } } });
  const deltas: string[] = [];
  for await (const part of result.stream as unknown as AsyncIterable<{ type: string; delta?: string }>) if (part.type === 'text-delta') deltas.push(part.delta!);
  return deltas;
}

describe('jsonmendMiddleware streaming: partial outputs while the reply streams, the mended JSON at the end', () => {
  const fenced = "Here you go:\n```json\n{'city': 'Paris', \"days\": 3, \"hours\": [9, 12, 15, 18,],}\n```";
  const Forecast = z.object({ city: z.string(), days: z.number().int(), hours: z.array(z.number()) });

  test('a damaged reply (prose, a fence, single quotes, trailing commas): partial objects before the end, then the mended output', async () => {
    const { model: inner, write, close } = liveModel7();
    const model = ai7.wrapLanguageModel({ model: inner, middleware: jsonmendMiddleware() });
    const result = ai7.streamText({ model, output: ai7.Output.object({ schema: Forecast }), prompt: 'p' });
    const partials = result.partialOutputStream[Symbol.asyncIterator]();
    const parts = textParts(fenced);
    const upTo = parts.findIndex((p) => typeof p.delta === 'string' && p.delta.includes('3'));
    write(parts.slice(0, upTo + 2));
    // The reply is still streaming: the SDK already shows the city, read from single quotes after a fence.
    let partial = (await partials.next()).value;
    while (partial?.city !== 'Paris') partial = (await partials.next()).value;
    assert.deepEqual(partial as unknown, { city: 'Paris' });
    write([...parts.slice(upTo + 2), { type: 'finish', finishReason: stop, usage }]);
    close();
    const seen: Array<{ hours?: unknown[] } | undefined> = [partial];
    for (let next = await partials.next(); !next.done; next = await partials.next()) seen.push(next.value);
    assert.deepEqual(seen.at(-1), { city: 'Paris', days: 3, hours: [9, 12, 15, 18] });
    assert.ok(seen.some((p) => p?.hours?.length === 2), 'the array grows element by element: ' + JSON.stringify(seen));
    assert.deepEqual(await result.output, { city: 'Paris', days: 3, hours: [9, 12, 15, 18] });
    assert.equal(await result.text, '{"city":"Paris","days":3,"hours":[9,12,15,18]}');
  });

  test('a value the schema will repair is held back, never shown as written ("3" for an integer)', async () => {
    const text = '{"city": "Paris", "days": "3", "hours": []}';
    const model = ai7.wrapLanguageModel({ model: model7(text), middleware: jsonmendMiddleware() });
    const result = ai7.streamText({ model, output: ai7.Output.object({ schema: Forecast }), prompt: 'p' });
    const seen: unknown[] = [];
    for await (const partial of result.partialOutputStream) seen.push(partial);
    assert.ok(seen.some((p) => JSON.stringify(p) === '{"city":"Paris"}'), JSON.stringify(seen));
    assert.ok(!seen.some((p) => (p as { days?: unknown }).days === '3'), JSON.stringify(seen));
    assert.deepEqual(await result.output, { city: 'Paris', days: 3, hours: [] });
  });

  test('a key the schema does not declare is held: renamed or unwrapped at the end, streamed as generated', async () => {
    // The schema stage renames `City` to `city` and takes the answer out of `{"result": …}` once the object is
    // whole; streamed, the key was sent as written, the mended text then did not begin with it, and streamText
    // failed where generateText gave the value (its partial outputs showed keys the output never had).
    for (const text of ['{"result": {"city": "Paris", "days": 3}}', '{"City": "Paris", "Days": 3}', '{"city": "Paris", "Days": 3}', '{"type": "object", "properties": {"city": "Paris", "days": 3}}']) {
      const mended = () => ai7.wrapLanguageModel({ model: model7(text), middleware: jsonmendMiddleware() });
      const generated = await ai7.generateText({ model: mended(), output: ai7.Output.object({ schema: Weather }), prompt: 'p' });
      assert.deepEqual(generated.output, { city: 'Paris', days: 3 }, text);
      const streamed = ai7.streamText({ model: mended(), output: ai7.Output.object({ schema: Weather }), prompt: 'p' });
      const seen: unknown[] = [];
      for await (const partial of streamed.partialOutputStream) seen.push(partial);
      assert.deepEqual(await streamed.output, { city: 'Paris', days: 3 }, text);
      for (const partial of seen) assert.ok(Object.keys(partial as object).every((k) => k === 'city' || k === 'days'), `${text}: ${JSON.stringify(seen)}`);
    }
    // A declared key still streams before the object is whole.
    const deltas = await streamedDeltas('{"city": "Paris", "extra": 1, "days": 3}', 3, {}, { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } } });
    assert.ok(deltas.length > 1 && deltas[0].startsWith('{'), JSON.stringify(deltas));
  });

  test('a cut-off reply is refused by default, also when streamed; acceptTruncated completes it', async () => {
    const cut = '{"city": "Paris", "days": 3, "hours": [9, 12';
    const length = { unified: 'length', raw: 'length' };
    const refusing = ai7.wrapLanguageModel({ model: model7(cut, length), middleware: jsonmendMiddleware() });
    const refused = ai7.streamText({ model: refusing, output: ai7.Output.object({ schema: Forecast }), prompt: 'p' });
    const seen: unknown[] = [];
    for await (const partial of refused.partialOutputStream) seen.push(partial);
    assert.ok(seen.length > 1, 'partial objects still flowed');
    await assert.rejects(async () => refused.output, (e: Error) => ai7.NoObjectGeneratedError.isInstance(e));
    const accepting = ai7.wrapLanguageModel({ model: model7(cut, length), middleware: jsonmendMiddleware({ acceptTruncated: true }) });
    const accepted = ai7.streamText({ model: accepting, output: ai7.Output.object({ schema: Forecast }), prompt: 'p' });
    assert.deepEqual(await accepted.output, { city: 'Paris', days: 3, hours: [9, 12] });
  });

  test('partialOutput: false holds the part and sends it mended in one delta', async () => {
    assert.deepEqual(await streamedDeltas(fenced, 4, { partialOutput: false }), ['{"city":"Paris","days":3,"hours":[9,12,15,18]}']);
    assert.ok((await streamedDeltas(fenced, 4)).length > 5);
  });

  test('the streamed text is the mended JSON, or (when a later reading changes text already sent) text that does not parse, never another value', async () => {
    const replies = [...Object.values(REPAIR_KINDS).map((row) => row.input), fenced, '<think>{"draft": 1}</think>{"a": 2}', 'Sure: {"a": [1, {"b": "x\u{1F600}y"}]} ok'];
    let streamed = 0;
    for (const reply of replies) {
      for (const size of [1, 3, 16, 10_000]) {
        const held = (await streamedDeltas(reply, size, { partialOutput: false })).join('');
        const deltas = await streamedDeltas(reply, size);
        const text = deltas.join('');
        if (deltas.length > 1) streamed++;
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          continue; // the SDK reports that it cannot parse the text
        }
        assert.deepEqual(value, JSON.parse(held), `${JSON.stringify(reply)} in ${size}-character deltas: ${text}`);
      }
    }
    assert.ok(streamed > replies.length * 2, `${streamed} replies streamed in more than one delta`);
  });

  test('property: for replies built from every kind\'s pieces, in random deltas, with or without a schema, the streamed text is the held text\'s value or does not parse', async () => {
    const schemas = [undefined, { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'array', items: { type: 'string' } } } }];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...FUZZ_PIECES), { maxLength: 30 }), fc.integer({ min: 1, max: 9 }), fc.constantFrom(...schemas), async (pieces, size, schema) => {
        const reply = '{' + pieces.join('');
        const held = (await streamedDeltas(reply, size, { partialOutput: false }, schema)).join('');
        const text = (await streamedDeltas(reply, size, {}, schema)).join('');
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          return;
        }
        assert.deepEqual(value, JSON.parse(held), `${JSON.stringify(reply)} in ${size}-character deltas: ${text} (held: ${held})`);
      }),
      { numRuns: 400 },
    );
  });
});

describe('jsonmendMiddleware streaming: a key repeated, a text longer than maxLength', () => {
  for (const size of [1, 3, 7]) {
    test(`a key repeated after its first value was shown: the text never becomes the later value (${size}-character deltas)`, async () => {
      // JSON.parse keeps the later value (Rome), while "Paris" already streamed: the SDK gets text it cannot parse.
      const text = (await streamedDeltas('{"city": "Paris", "days": 3, "city": "Rome"}', size, {}, { type: 'object' })).join('');
      assert.ok('{"city":"Paris","days":3'.startsWith(text), text);
      assert.throws(() => JSON.parse(text));
      // Repeated with the same value: nothing shown is contradicted, the text is the mended JSON.
      assert.equal((await streamedDeltas('{"city": "Paris", "days": 3, "city": "Paris"}', size, {}, { type: 'object' })).join(''), '{"city":"Paris","days":3}');
    });
  }

  for (const size of [1, 10]) {
    test(`valid JSON longer than parseOptions.maxLength: its streamed beginning is completed, not left unparseable (${size}-character deltas)`, async () => {
      // The stream parser read the first 100 characters and sent their compact JSON; the end, too long to be read,
      // was the text as written (pretty-printed), which did not continue it, so nothing more went and the SDK
      // failed on a valid reply. Now the end is the compact JSON JSON.parse reads.
      const reply = JSON.stringify({ city: 'Paris', note: 'x'.repeat(150) }, null, 1);
      const text = (await streamedDeltas(reply, size, { parseOptions: { maxLength: 100 } }, { type: 'object' })).join('');
      assert.equal(text, JSON.stringify(JSON.parse(reply)));
    });
  }
});

describe('jsonmendMiddleware (AI SDK 6)', () => {
  test('streamText with Output.object: partial objects and the mended output', async () => {
    const chunks = [...textParts("```json\n{'city': 'Paris', 'days': 3,}\n```"), { type: 'finish', finishReason: stop, usage }];
    const inner = new MockLanguageModelV3({ doStream: { stream: simulate6({ chunks }) } as never });
    const model = ai6.wrapLanguageModel({ model: inner, middleware: jsonmendMiddleware() });
    const result = ai6.streamText({ model, output: ai6.Output.object({ schema: Weather }), prompt: 'p' });
    const seen: unknown[] = [];
    for await (const partial of result.partialOutputStream) seen.push(partial);
    assert.ok(seen.some((p) => JSON.stringify(p) === '{"city":"Paris"}'), JSON.stringify(seen));
    assert.deepEqual(await result.output, { city: 'Paris', days: 3 });
  });


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

describe('jsonmendMiddleware streaming (AI SDK 5)', () => {
  test('streamObject: partial objects and the mended object', async () => {
    const usage5 = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
    const chunks = [...textParts("{'city': 'Paris', 'days': '3',}"), { type: 'finish', finishReason: 'stop', usage: usage5 }];
    const inner = new MockLanguageModelV2({ doStream: { stream: simulate5({ chunks }) } as never });
    const model = ai5.wrapLanguageModel({ model: inner, middleware: jsonmendMiddleware() });
    const result = ai5.streamObject({ model, schema: Weather, prompt: 'p' });
    const seen: unknown[] = [];
    for await (const partial of result.partialObjectStream) seen.push(partial);
    assert.ok(seen.some((p) => JSON.stringify(p) === '{"city":"Paris"}'), JSON.stringify(seen));
    assert.deepEqual(await result.object, { city: 'Paris', days: 3 });
  });
});

describe('AI SDK adapters: a value nested deeper than JSON.stringify can write', () => {
  // JSON.stringify recurses: past some thousands of levels it throws RangeError, which escaped from
  // generateText, the stream and both hooks. The engine's writer has no recursion.
  const depth = 20_000;
  const deep = '['.repeat(depth) + ']'.repeat(depth);
  const damaged = `{"a": ${deep},}`;
  const mended = `{"a":${deep}}`;

  test('the middleware (generated and streamed) and the hooks hand on the mended text', async () => {
    const params = { responseFormat: { type: 'json' }, tools: [{ type: 'function', name: 't', inputSchema: { type: 'object' } }] };
    const generated = await jsonmendMiddleware().wrapGenerate({
      doGenerate: async () => ({ content: [{ type: 'text', text: damaged }, { type: 'tool-call', toolCallId: 'c', toolName: 't', input: damaged }], finishReason: stop }),
      params,
    });
    assert.deepEqual(generated.content.map((part) => (part as { text?: string; input?: string }).text ?? (part as { input: string }).input), [mended, mended]);
    for (const partialOutput of [true, false]) {
      const parts = [...textParts(damaged, 5000), { type: 'finish', finishReason: stop, usage }];
      const stream = new ReadableStream<unknown>({ start: (c) => (parts.forEach((p) => c.enqueue(p)), c.close()) });
      const result = await jsonmendMiddleware({ partialOutput }).wrapStream({ doStream: async () => ({ stream }), params });
      let text = '';
      for await (const part of result.stream as unknown as AsyncIterable<{ type: string; delta?: string }>) if (part.type === 'text-delta') text += part.delta;
      assert.equal(text, mended, `partialOutput ${partialOutput}`);
    }
    assert.equal(await repairText({ text: damaged }), mended);
    const repaired = await repairToolCall({ toolCall: { toolCallId: 'c', toolName: 't', input: damaged }, inputSchema: () => ({ type: 'object' }) });
    assert.equal(repaired?.input, mended);
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

describe('jsonmendMiddleware onRepair: every mended part named, with its repairs', () => {
  const WeatherSchema = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city', 'days'] } as const;
  const toolsFinish = { unified: 'tool-calls', raw: 'tool_calls' };

  /** A V4 mock whose generate and stream give `content` (text parts streamed in 4-character deltas). */
  function contentModel7(content: Array<Record<string, unknown>>, finishReason: { unified: string; raw: string } = stop) {
    const chunks = content.flatMap((part) => (part.type === 'text' ? textParts(part.text as string) : [part]));
    return new MockLanguageModelV4({
      doGenerate: async () => ({ content, finishReason, usage, warnings: [] }) as never,
      doStream: async () => ({ stream: simulateReadableStream({ chunks: [...chunks, { type: 'finish', finishReason, usage }] }) }) as never,
    });
  }

  /** What onRepair heard in generateText and in streamText with the same reply (`output`: Output.object). */
  async function heardOf(content: Array<Record<string, unknown>>, options: { finishReason?: { unified: string; raw: string }; acceptTruncated?: boolean; output?: boolean } = {}) {
    const result: { generated: AiSdkRepairEvent[]; streamed: AiSdkRepairEvent[] } = { generated: [], streamed: [] };
    for (const way of ['generated', 'streamed'] as const) {
      const events = result[way];
      const middleware = jsonmendMiddleware({ acceptTruncated: options.acceptTruncated, onRepair: (event) => void events.push(event) });
      const model = ai7.wrapLanguageModel({ model: contentModel7(content, options.finishReason), middleware });
      const call = { model, prompt: 'p', tools: { weather: ai7.tool({ inputSchema: Weather }) }, ...(options.output === false ? {} : { output: ai7.Output.object({ schema: Weather }) }) };
      if (way === 'generated') await ai7.generateText(call).catch(() => undefined);
      else await ai7.streamText({ ...call, onError: () => {} }).text;
    }
    return result;
  }

  test('generateText and streamText: one call for the text, with the repairs parseWithReport gives (text, then schema)', async () => {
    const { generated, streamed } = await heardOf([{ type: 'text', text: damaged }]);
    const expected = [{ part: { type: 'text' }, repairs: parseWithReport(damaged, { schema: WeatherSchema }).repairs }];
    assert.deepEqual(generated, expected);
    assert.deepEqual(streamed, expected, 'streamed: once, not per delta');
    assert.deepEqual(expected[0]!.repairs.map((r) => r.kind), ['surrounding_text', 'trailing_comma', 'string_to_integer']);
    const comma = expected[0]!.repairs[1]! as { offset: number };
    assert.equal(damaged[comma.offset], ',', 'offsets are in the text that was mended');
  });

  test('tool calls: one call per mended input, named by id and tool, in generate and stream; a valid input is not reported', async () => {
    const content = [
      { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: "{city: 'Paris', days: '3'}" },
      { type: 'tool-call', toolCallId: 'c2', toolName: 'weather', input: '{"city": "Oslo", "days": 2}' },
      { type: 'tool-call', toolCallId: 'c3', toolName: 'weather', input: '{"city": "Rome", "days": 1,}' },
    ];
    const { generated, streamed } = await heardOf(content, { finishReason: toolsFinish, output: false });
    const expected = [content[0]!, content[2]!].map((c) => ({
      part: { type: 'tool-call', toolCallId: c.toolCallId, toolName: c.toolName },
      repairs: parseWithReport(c.input, { schema: WeatherSchema }).repairs,
    }));
    assert.deepEqual(generated, expected);
    assert.deepEqual(streamed, expected);
    assert.deepEqual(expected.map((e) => e.repairs.map((r) => r.kind)), [['unquoted_key', 'single_quotes', 'unquoted_key', 'single_quotes', 'string_to_integer'], ['trailing_comma']]);
  });

  test('a key the schema renames and a wrapper it takes out are named (streamed too, where the key was held)', async () => {
    for (const text of ['{"City": "Paris", "days": 3}', '{"result": {"city": "Paris", "days": 3}}']) {
      const { generated, streamed } = await heardOf([{ type: 'text', text }]);
      const expected = [{ part: { type: 'text' }, repairs: parseWithReport(text, { schema: WeatherSchema }).repairs }];
      assert.ok(expected[0]!.repairs.length > 0, text);
      assert.deepEqual(generated, expected, text);
      assert.deepEqual(streamed, expected, text);
    }
  });

  test('a valid reply gives no call: text (its spacing kept) and tool input, generated and streamed', async () => {
    const content = [
      { type: 'text', text: '{ "city" : "Paris",\n  "days": 3 }' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: '{"city": "Oslo", "days": 2}' },
    ];
    assert.deepEqual(await heardOf(content), { generated: [], streamed: [] });
  });

  test('a cut-off reply refused gives no call; accepted, it is named (truncated), and closers left out at "stop" are (missing_closer)', async () => {
    const length = { unified: 'length', raw: 'length' };
    const cut = '{"city": "Paris", "days": 3';
    assert.deepEqual(await heardOf([{ type: 'text', text: cut }], { finishReason: length }), { generated: [], streamed: [] }, 'finish "length"');
    assert.deepEqual(await heardOf([{ type: 'text', text: '{"city": "Par' }]), { generated: [], streamed: [] }, 'cut inside a string at "stop"');
    const cutCall = { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: cut };
    assert.deepEqual(await heardOf([cutCall], { finishReason: length, output: false }), { generated: [], streamed: [] }, 'a cut tool input');
    const accepted = await heardOf([{ type: 'text', text: cut }], { finishReason: length, acceptTruncated: true });
    assert.deepEqual(accepted.generated.map((e) => e.repairs.map((r) => r.kind)), [['truncated']]);
    assert.deepEqual(accepted.streamed, accepted.generated);
    const ended = await heardOf([{ type: 'text', text: cut }]);
    assert.deepEqual(ended.generated.map((e) => e.repairs.map((r) => r.kind)), [['missing_closer']]);
    assert.deepEqual(ended.streamed, ended.generated);
  });

  test('a reading jsonmend refused (two values that both fit) gives no call', async () => {
    assert.deepEqual(await heardOf([{ type: 'text', text: '{"city": "Paris", "days": 3}\n{"city": "Oslo", "days": 2}' }]), { generated: [], streamed: [] });
  });

  test('a reply in several text parts: one call, offsets in the parts joined (the text the SDK reads)', async () => {
    const parts = ['Sure:\n{"city": "Paris",', ' "days": 3,}'];
    const { generated, streamed } = await heardOf(parts.map((text) => ({ type: 'text', text })));
    const joined = parts.join('');
    assert.deepEqual(generated, [{ part: { type: 'text' }, repairs: parseWithReport(joined, { schema: WeatherSchema }).repairs }]);
    assert.deepEqual(streamed, generated);
    const comma = generated[0]!.repairs.find((r) => r.kind === 'trailing_comma') as { offset: number };
    assert.equal(joined[comma.offset], ',');
  });

  test('streamed: the text is reported once its value is final (at the finish part), a tool call as its part passes', async () => {
    const { model: inner, write, close } = liveModel7();
    const doStream = async () => (await inner.doStream({} as never)) as unknown as { stream: ReadableStream<unknown> };
    const events: AiSdkRepairEvent[] = [];
    const middleware = jsonmendMiddleware({ onRepair: (event) => void events.push(event) });
    const params = { responseFormat: { type: 'json', schema: WeatherSchema }, tools: [{ type: 'function', name: 'weather', inputSchema: WeatherSchema }] };
    const wrapped = await middleware.wrapStream({ doStream, params });
    const reader = (wrapped.stream as ReadableStream<{ type: string }>).getReader();
    let pending = reader.read();
    const drain = async (): Promise<void> => {
      for (;;) {
        const next = await Promise.race([pending, new Promise<undefined>((ok) => setTimeout(ok, 30))]);
        if (next === undefined || next.done) return;
        pending = reader.read();
      }
    };
    write(textParts("{'city': 'Paris', 'days': 3}", 4));
    await drain();
    assert.equal(events.length, 0, 'not per delta, nor at text-end: the finish part may still say "length"');
    write([{ type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: "{'city': 'Oslo', 'days': 2}" }]);
    await drain();
    assert.deepEqual(events.map((e) => e.part), [{ type: 'tool-call', toolCallId: 'c1', toolName: 'weather' }]);
    write([{ type: 'finish', finishReason: stop, usage }]);
    close();
    await drain();
    assert.deepEqual(events.map((e) => e.part), [{ type: 'tool-call', toolCallId: 'c1', toolName: 'weather' }, { type: 'text' }]);
    assert.deepEqual(events[1]!.repairs, parseWithReport("{'city': 'Paris', 'days': 3}", { schema: WeatherSchema }).repairs);
    assert.deepEqual(events[1]!.repairs.map((r) => r.kind), ['single_quotes', 'single_quotes', 'single_quotes']);
  });

  test('every kind\'s example, in 1-, 3- and whole-text deltas: the stream reports what generateText reports, once, or nothing when its text does not parse', async () => {
    const replies = [...Object.values(REPAIR_KINDS).map((row) => row.input), damaged, '<think>{"draft": 1}</think>{"a": 2}'];
    let reported = 0;
    for (const reply of replies) {
      const generated: AiSdkRepairEvent[] = [];
      const result = await jsonmendMiddleware({ onRepair: (e) => void generated.push(e) }).wrapGenerate({
        doGenerate: async () => ({ content: [{ type: 'text', text: reply }], finishReason: undefined }),
        params: { responseFormat: { type: 'json' } },
      });
      const text = (result.content[0] as { text: string }).text;
      if (text === reply) assert.deepEqual(generated, [], `${JSON.stringify(reply)}: passed as written, nothing reported`);
      else assert.equal(generated.length, 1, JSON.stringify(reply));
      reported += generated.length;
      for (const size of [1, 3, 10_000]) {
        const streamed: AiSdkRepairEvent[] = [];
        const deltas = await streamedDeltas(reply, size, { onRepair: (e) => void streamed.push(e) });
        let parses = true;
        try {
          JSON.parse(deltas.join(''));
        } catch {
          parses = false;
        }
        assert.deepEqual(streamed, parses ? generated : [], `${JSON.stringify(reply)} in ${size}-character deltas`);
      }
    }
    assert.ok(reported > replies.length / 2, `${reported} of ${replies.length} replies reported`);
  });

  test('what onRepair throws reaches the caller (a JsonMendError too: not taken for an unreadable reply)', async () => {
    for (const thrown of [new Error('listener failed'), new JsonMendError('INVALID_ARGUMENT', 'listener failed')]) {
      const middleware = jsonmendMiddleware({ onRepair: () => { throw thrown; } });
      const model = ai7.wrapLanguageModel({ model: model7(damaged), middleware });
      await assert.rejects(ai7.generateText({ model, output: ai7.Output.object({ schema: Weather }), prompt: 'p' }), (e: unknown) => e === thrown);
    }
  });

  test('onRepair that is not a function is INVALID_ARGUMENT when the middleware or a hook is made', () => {
    for (const make of [jsonmendMiddleware, createRepairText, createRepairToolCall]) {
      assert.throws(() => make({ onRepair: 'log' as never }), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT');
    }
  });

  test('parser options of the wrong shape are INVALID_ARGUMENT when the middleware or a hook is made', () => {
    // Before, each read failed with them, which the adapter took for a reply it cannot read: every
    // reply went on as written, nothing mended, without a word.
    for (const make of [jsonmendMiddleware, createRepairText, createRepairToolCall]) {
      for (const parseOptions of [{ maxDepth: -1 }, { maxLength: Number.NaN }, { strict: 'yes' as never }]) {
        assert.throws(() => make({ parseOptions }), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT', JSON.stringify(parseOptions));
      }
    }
  });

  test('AI SDK 5 (generateObject, V2 model) and 6 (streamText, V3 model) report the text too', async () => {
    const events: AiSdkRepairEvent[] = [];
    const onRepair = (event: AiSdkRepairEvent): void => void events.push(event);
    const usage5 = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
    const v2 = new MockLanguageModelV2({ doGenerate: { content: [{ type: 'text', text: damaged }], finishReason: 'stop', usage: usage5, warnings: [] } as never });
    await ai5.generateObject({ model: ai5.wrapLanguageModel({ model: v2, middleware: jsonmendMiddleware({ onRepair }) }), schema: Weather, prompt: 'p' });
    const chunks = [...textParts(damaged), { type: 'finish', finishReason: stop, usage }];
    const v3 = new MockLanguageModelV3({ doStream: { stream: simulate6({ chunks }) } as never });
    await ai6.streamText({ model: ai6.wrapLanguageModel({ model: v3, middleware: jsonmendMiddleware({ onRepair }) }), output: ai6.Output.object({ schema: Weather }), prompt: 'p' }).output;
    const expected = { part: { type: 'text' }, repairs: parseWithReport(damaged, { schema: WeatherSchema }).repairs };
    assert.deepEqual(events, [expected, expected]);
  });
});

describe('AI SDK hooks onRepair', () => {
  const WeatherSchema = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city', 'days'] } as const;

  test('repairText: called with the text\'s repairs when it hands on mended text; not for valid, unreadable or cut-off text', async () => {
    const events: AiSdkRepairEvent[] = [];
    const hook = createRepairText({ schema: WeatherSchema, onRepair: (event) => void events.push(event) });
    assert.equal(await hook({ text: damaged }), '{"city":"Paris","days":3}');
    assert.deepEqual(events, [{ part: { type: 'text' }, repairs: parseWithReport(damaged, { schema: WeatherSchema }).repairs }]);
    events.length = 0;
    for (const text of ['{"city":"Paris","days":3}', 'I cannot help with that.', '{"city": "Paris", "days": 3']) assert.equal(await hook({ text }), null, text);
    assert.deepEqual(events, []);
  });

  test('repairToolCall: called with the call\'s id, tool and repairs; not for a cut-off input', async () => {
    const events: AiSdkRepairEvent[] = [];
    const hook = createRepairToolCall({ onRepair: (event) => void events.push(event) });
    const inputSchema = () => WeatherSchema;
    const toolCall = { toolCallId: 'c7', toolName: 'weather', input: "{city: 'Paris', days: '3'}" };
    assert.equal((await hook({ toolCall, inputSchema }))?.input, '{"city":"Paris","days":3}');
    assert.deepEqual(events, [{ part: { type: 'tool-call', toolCallId: 'c7', toolName: 'weather' }, repairs: parseWithReport(toolCall.input, { schema: WeatherSchema }).repairs }]);
    events.length = 0;
    assert.equal(await hook({ toolCall: { ...toolCall, input: '{"city": "Paris", "days": 3' }, inputSchema }), null);
    assert.equal(await hook({ toolCall: { ...toolCall, input: '{"town": "Paris"}' }, inputSchema }), null);
    assert.deepEqual(events, []);
  });
});
