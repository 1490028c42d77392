// Ecosystem adapters: AI SDK repair hooks (with the real `ai` package) and OpenAI SDK helpers; tool arguments.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObject, generateText, tool, type RepairTextFunction, type ToolCallRepairFunction, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type OpenAI from 'openai';
import { z } from 'zod';
import { JsonMendError } from '../../src/errors.js';
import { SchemaError } from '../../src/schema/index.js';
import { parseToolArguments } from '../../src/loop/index.js';
import * as core from '../../src/index.js';
import { createRepairText, createRepairToolCall, repairText, repairToolCall } from '../../src/loop/adapters/ai-sdk.js';
import { parseChoiceContent, parseToolCallArguments, parseToolCalls } from '../../src/loop/adapters/openai.js';

// The hooks fit the AI SDK's own option types (checked by tsc).
const _text: RepairTextFunction = repairText;
const _tool: ToolCallRepairFunction<ToolSet> = repairToolCall;
void _text;
void _tool;

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const Weather = z.object({ city: z.string(), days: z.number().int() });

describe('AI SDK adapters', () => {
  test('repairText turns a fenced, sloppy reply into JSON text; null when nothing can help', async () => {
    assert.equal(await repairText({ text: "```json\n{'a': 1, 'b': [1, 2,]}\n```", error: undefined }), '{"a":1,"b":[1,2]}');
    assert.equal(await repairText({ text: 'I cannot do that.' }), null);
    assert.equal(await repairText({ text: '{"a":1}' }), null, 'unchanged text is not a repair');
  });

  test('createRepairText with a schema applies schema repairs and refuses values that do not fit', async () => {
    const hook = createRepairText({ schema: Weather });
    assert.equal(await hook({ text: '{"city": "Paris", "days": "3"}' }), '{"city":"Paris","days":3}');
    assert.equal(await hook({ text: '{"town": "Paris"}' }), null);
  });

  test('generateObject with experimental_repairText recovers a reply the SDK cannot parse', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: {
        content: [{ type: 'text', text: 'Here you go:\n```json\n{"city": "Paris", "days": "3",}\n```' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      } as never,
    });
    const result = await generateObject({ model, schema: Weather, prompt: 'p', experimental_repairText: createRepairText({ schema: Weather }) });
    assert.deepEqual(result.object, { city: 'Paris', days: 3 });
  });

  test('generateText with experimental_repairToolCall repairs tool input against the SDK-provided schema', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [
        {
          content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: "{city: 'Paris', days: '3'}" }],
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage,
          warnings: [],
        } as never,
      ],
    });
    const result = await generateText({ model, prompt: 'p', tools: { weather: tool({ inputSchema: Weather }) }, experimental_repairToolCall: repairToolCall });
    assert.deepEqual(result.toolCalls.map((c) => c.input), [{ city: 'Paris', days: 3 }]);
  });

  test('onRepair: the hooks name what they repaired, inside generateObject and generateText; nothing for a reply that needed no repair', async () => {
    const events: core.Repair[][] = [];
    const parts: unknown[] = [];
    const onRepair = ({ part, repairs }: { part: unknown; repairs: readonly core.Repair[] }): void => void (parts.push(part), events.push([...repairs]));
    const textModel = (text: string) =>
      new MockLanguageModelV3({ doGenerate: { content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] } as never });
    const reply = '{"city": "Paris", "days": "3",}';
    await generateObject({ model: textModel(reply), schema: Weather, prompt: 'p', experimental_repairText: createRepairText({ schema: Weather, onRepair }) });
    await generateObject({ model: textModel('{"city": "Oslo", "days": 2}'), schema: Weather, prompt: 'p', experimental_repairText: createRepairText({ schema: Weather, onRepair }) });
    const call = { type: 'tool-call', toolCallId: 'c9', toolName: 'weather', input: "{city: 'Paris', days: 3}" };
    const toolModel = new MockLanguageModelV3({ doGenerate: { content: [call], finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage, warnings: [] } as never });
    await generateText({ model: toolModel, prompt: 'p', tools: { weather: tool({ inputSchema: Weather }) }, experimental_repairToolCall: createRepairToolCall({ onRepair }) });
    assert.deepEqual(parts, [{ type: 'text' }, { type: 'tool-call', toolCallId: 'c9', toolName: 'weather' }]);
    assert.deepEqual(events, [core.parseWithReport(reply, { schema: Weather }).repairs, core.parseWithReport(call.input, { schema: Weather }).repairs]);
    assert.deepEqual(events.map((list) => list.map((r) => r.kind)), [['trailing_comma', 'string_to_integer'], ['unquoted_key', 'single_quotes', 'unquoted_key']]);
  });

  test('the tool-call repair returns null for unknown tools and hopeless input', async () => {
    const hook = createRepairToolCall({ schemas: { weather: Weather } });
    const call = { type: 'tool-call' as const, toolCallId: 'c', toolName: 'weather', input: '{"city": "Paris", "days": 2.0}' };
    assert.deepEqual(await hook({ toolCall: call }), { ...call, input: '{"city":"Paris","days":2}' });
    assert.equal(await hook({ toolCall: { ...call, input: 'nope' } }), null);
    assert.equal(await hook({ toolCall: { ...call, toolName: 'other' } }), null, 'no schema');
    const noSuch = Object.assign(new Error('x'), { name: 'AI_NoSuchToolError' });
    assert.equal(await hook({ toolCall: call, error: noSuch }), null);
  });
});

describe('OpenAI SDK helpers', () => {
  test('parseToolCallArguments reads Chat Completions and Responses tool calls', () => {
    const chat = { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris","days":"3",}' } };
    assert.deepEqual(parseToolCallArguments(chat, Weather), { city: 'Paris', days: 3 });
    const responses = { type: 'function_call' as const, name: 'weather', call_id: 'c', arguments: "{'city': 'Oslo', 'days': 1}" };
    const value: { city: string; days: number } = parseToolCallArguments(responses, Weather);
    assert.deepEqual(value, { city: 'Oslo', days: 1 });
    assert.throws(() => parseToolCallArguments({ function: { name: 'weather', arguments: '{"city":1.5}' } }, Weather), SchemaError);
    assert.throws(() => parseToolCallArguments(null as never, Weather), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT');
  });

  test('parseToolCalls validates each call against its tool schema', () => {
    const message = {
      tool_calls: [
        { id: 'a', type: 'function', function: { name: 'weather', arguments: '{"city":"Rome","days":2}' } },
        { id: 'b', type: 'function', function: { name: 'noop', arguments: '' } },
      ],
    };
    const calls = parseToolCalls(message, { weather: Weather, noop: { type: 'object', properties: {} } });
    assert.deepEqual(calls, [
      { id: 'a', name: 'weather', arguments: { city: 'Rome', days: 2 } },
      { id: 'b', name: 'noop', arguments: {} },
    ]);
    assert.throws(() => parseToolCalls(message, { weather: Weather }), /a tool with no schema/);
    assert.deepEqual(parseToolCalls({ tool_calls: null }, {}), []);
  });

  test('parseChoiceContent refuses refusals and truncation unless accepted', () => {
    assert.deepEqual(parseChoiceContent({ finish_reason: 'stop', message: { content: '```json\n{"city":"Rome","days":2}\n```' } }, Weather), { city: 'Rome', days: 2 });
    assert.throws(() => parseChoiceContent({ finish_reason: 'stop', message: { content: null, refusal: 'No.' } }, Weather), (e: unknown) => e instanceof JsonMendError && e.code === 'NO_JSON');
    const cut = { finish_reason: 'length', message: { content: '{"city":"Rome","days":2' } };
    assert.throws(() => parseChoiceContent(cut, Weather), (e: unknown) => e instanceof JsonMendError && e.code === 'UNREPAIRABLE');
    assert.deepEqual(parseChoiceContent(cut, Weather, { acceptTruncated: true }), { city: 'Rome', days: 2 });
    // A content filter stops a reply anywhere: `"days":2}` may be what is left of `"days":21}`.
    const filtered = { finish_reason: 'content_filter', message: { content: '{"city":"Rome","days":2}' } };
    assert.throws(() => parseChoiceContent(filtered, Weather), (e: unknown) => e instanceof JsonMendError && e.code === 'UNREPAIRABLE' && /content filter/.test(e.message));
    assert.deepEqual(parseChoiceContent(filtered, Weather, { acceptTruncated: true }), { city: 'Rome', days: 2 });
  });

  test('parseChoiceContent takes a reply the model ended itself, whole but for its closers, as generate() does', () => {
    // Before: REPAIR_REFUSED "the reply is cut off".
    const kinds: string[] = [];
    const ended = { finish_reason: 'stop', message: { content: '{"city":"Rome","days":2' } };
    assert.deepEqual(parseChoiceContent(ended, Weather, { onRepair: (r) => kinds.push(...r.map((x) => x.kind)) }), { city: 'Rome', days: 2 });
    assert.deepEqual(kinds, ['missing_closer']);
    // Cut inside a string: still refused.
    assert.throws(() => parseChoiceContent({ finish_reason: 'stop', message: { content: '{"days":2,"city":"Ro' } }, Weather), (e: unknown) => e instanceof JsonMendError && e.code === 'REPAIR_REFUSED');
  });

  test('parseChoiceContent without a schema refuses a cut-off value too (session 35 loop probe F2)', () => {
    // Before: {"city": "Os"}, accepted.
    for (const finish_reason of ['stop', null]) {
      assert.throws(() => parseChoiceContent({ finish_reason, message: { content: '{"city": "Os' } }), (e: unknown) => e instanceof JsonMendError && e.code === 'REPAIR_REFUSED');
    }
    assert.throws(() => parseChoiceContent({ finish_reason: null, message: { content: '{"city": "Oslo", "days": 3' } }), (e: unknown) => e instanceof JsonMendError && e.code === 'REPAIR_REFUSED');
    assert.deepEqual(parseChoiceContent({ finish_reason: 'stop', message: { content: '{"city": "Oslo", "days": 3' } }), { city: 'Oslo', days: 3 });
    assert.deepEqual(parseChoiceContent({ finish_reason: null, message: { content: '{"city": "Os' } }, undefined, { acceptTruncated: true }), { city: 'Os' });
  });
});

describe('parseToolArguments', () => {
  test('repairs and validates; blank arguments are {} and still validated', () => {
    assert.deepEqual(parseToolArguments('{"city": "Paris", "days": "3"}', Weather), { city: 'Paris', days: 3 });
    assert.deepEqual(parseToolArguments('  ', { type: 'object' }), {});
    assert.throws(() => parseToolArguments('', Weather), SchemaError);
    assert.throws(() => parseToolArguments(42 as never, Weather), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT');
    const seen: string[] = [];
    parseToolArguments("{'city': 'X', 'days': 1}", Weather, { onRepair: (r) => seen.push(...r.map((x) => x.kind)) });
    assert.ok(seen.includes('single_quotes'));
  });

  test('arguments cut off are refused, with a schema or without one (claude-code #19143, EchoBird #187)', () => {
    const refused = (e: unknown) => e instanceof JsonMendError && e.code === 'REPAIR_REFUSED';
    const cut = '{"command": "rm -rf /tmp/build/cache/old-artifacts';
    assert.throws(() => parseToolArguments(cut), refused);
    assert.throws(() => parseToolArguments('{"files": ["a.md", "prese'), refused);
    assert.throws(() => parseToolArguments('{"city": "Rome", "days": 2', Weather), refused);
    assert.deepEqual(parseToolArguments(cut, undefined, { acceptTruncated: true }), { command: 'rm -rf /tmp/build/cache/old-artifacts' });
    const seen: string[] = [];
    parseToolArguments("{'ok': True}", undefined, { onRepair: (r) => seen.push(...r.map((x) => x.kind)) });
    assert.deepEqual(seen, ['single_quotes', 'python_literal']);
    assert.deepEqual(parseToolArguments(''), {});
  });

  test('without a schema, arguments are an object (envoy ai-gateway #1465, LiteLLM #20543, Open WebUI #29654)', () => {
    // A stream's `{}` stub, then the arguments: the one that says something.
    assert.deepEqual(parseToolArguments('{}{"location": "San Francisco, CA", "unit": "fahrenheit"}'), { location: 'San Francisco, CA', unit: 'fahrenheit' });
    assert.throws(() => parseToolArguments('{"command": ["ls"]}{"command": ["pwd"]}'), (e: unknown) => e instanceof JsonMendError && e.code === 'REPAIR_REFUSED');
    for (const text of ['"foo"', '3', '[1]', 'null']) assert.throws(() => parseToolArguments(text), SchemaError, text);
    assert.deepEqual(parseToolArguments('"{\\"a\\": 1}"'), { a: 1 });
  });

  // Session 34 (2): `{"query": \\"foo\\"}`, a value's quotes escaped twice, was UNREPAIRABLE.
  test('a value whose quotes are escaped twice is its string, reported (escaped_json)', () => {
    const seen: string[] = [];
    const query = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };
    assert.deepEqual(parseToolArguments('{"query": \\\\"foo\\\\"}', query, { onRepair: (r) => seen.push(...r.map((x) => x.kind)) }), { query: 'foo' });
    assert.deepEqual(seen, ['escaped_json']);
    assert.deepEqual(parseToolArguments('{"query": \\\\"say \\\\"hi\\\\" twice\\\\", "n": 2}'), { query: 'say "hi" twice', n: 2 });
  });

  test('the core entry point does not export the adapters', () => {
    for (const name of ['repairText', 'repairToolCall', 'createRepairText', 'createRepairToolCall', 'parseToolCallArguments', 'parseToolCalls', 'parseChoiceContent']) {
      assert.equal(name in core, false, name);
    }
    assert.equal(typeof core.generate, 'function');
  });
});

describe('OpenAI SDK helpers with the openai package\'s own types (strict TypeScript)', () => {
  test('the ChatCompletionMessageToolCall union (function and custom) is accepted and narrowed inside', () => {
    const calls: OpenAI.Chat.Completions.ChatCompletionMessageToolCall[] = [
      { id: 'f', type: 'function', function: { name: 'weather', arguments: '{"city": "Rome", "days": "2",}' } },
      { id: 'c', type: 'custom', custom: { name: 'weather', input: "{city: 'Oslo', days: 1}" } },
    ];
    assert.deepEqual(calls.map((call) => parseToolCallArguments(call, Weather)), [{ city: 'Rome', days: 2 }, { city: 'Oslo', days: 1 }]);
    const message: OpenAI.Chat.Completions.ChatCompletionMessage = { role: 'assistant', content: null, refusal: null, tool_calls: calls };
    assert.deepEqual(parseToolCalls(message, { weather: Weather }).map((c) => c.id), ['f', 'c']);
    const choice: OpenAI.Chat.Completions.ChatCompletion.Choice = { index: 0, finish_reason: 'stop', logprobs: null, message: { ...message, content: '{"city":"Rome","days":2}' } };
    assert.deepEqual(parseChoiceContent(choice, Weather), { city: 'Rome', days: 2 });
  });
});
