// The AI SDK middleware's streamed tool inputs: the `tool-input-delta`s a UI shows while a call streams are the
// beginning of the mended input the `tool-call` part carries, not the model's raw text.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as ai7 from 'ai-v7';
import { MockLanguageModelV4, simulateReadableStream } from 'ai-v7/test';
import { z } from 'zod';
import { jsonmendMiddleware, type AiSdkRepairEvent } from '../../src/loop/adapters/ai-sdk.js';

const Weather = z.object({ city: z.string(), days: z.number().int() });
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
const toolsFinish = { unified: 'tool-calls', raw: 'tool_calls' };

/** A streamed tool call as providers send it: start, the input in `size`-character deltas, end, then the call. */
function callParts(id: string, input: string, size: number): Array<Record<string, unknown>> {
  const deltas = input.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
  return [
    { type: 'tool-input-start', id, toolName: 'weather' },
    ...deltas.map((delta) => ({ type: 'tool-input-delta', id, delta })),
    { type: 'tool-input-end', id },
    { type: 'tool-call', toolCallId: id, toolName: 'weather', input },
  ];
}

/** What `streamText`'s full stream shows of each call: its input deltas joined, and the call's input. */
async function run(chunks: Array<Record<string, unknown>>, options: Parameters<typeof jsonmendMiddleware>[0] = {}) {
  const inner = new MockLanguageModelV4({
    doStream: { stream: simulateReadableStream({ chunks: [...chunks, { type: 'finish', finishReason: toolsFinish, usage }] }) } as never,
  });
  const model = ai7.wrapLanguageModel({ model: inner, middleware: jsonmendMiddleware(options) });
  const result = ai7.streamText({ model, tools: { weather: ai7.tool({ inputSchema: Weather }) }, prompt: 'p', onError: () => {} });
  const shown = new Map<string, string[]>();
  const inputs = new Map<string, unknown>();
  for await (const part of result.fullStream) {
    if (part.type === 'tool-input-delta') shown.set(part.id, [...(shown.get(part.id) ?? []), part.delta]);
    if (part.type === 'tool-call') inputs.set(part.toolCallId, part.input);
  }
  return { shown, inputs };
}

/** Every text the deltas showed so far is the start of `final`. */
function growsInto(deltas: readonly string[], final: string): void {
  let sofar = '';
  for (const d of deltas) {
    sofar += d;
    assert.ok(final.startsWith(sofar), `${JSON.stringify(sofar)} is not the start of ${JSON.stringify(final)}`);
  }
  assert.equal(sofar, final);
}

describe('jsonmendMiddleware: tool-input-delta parts', () => {
  for (const size of [1, 3, 7]) {
    test(`a mended input streams as the beginning of the mended JSON (${size}-character deltas)`, async () => {
      const events: AiSdkRepairEvent[] = [];
      const { shown, inputs } = await run(callParts('c1', "{city: 'Paris', days: '3',}", size), { onRepair: (e) => void events.push(e) });
      assert.deepEqual(inputs.get('c1'), { city: 'Paris', days: 3 });
      growsInto(shown.get('c1')!, '{"city":"Paris","days":3}');
      assert.equal(events.length, 1, 'the call is reported once, when its tool-call part passes');
    });
  }

  test('two calls interleaved: each one its own mended beginning', async () => {
    const a = callParts('a', "{city: 'Oslo', days: 2}", 2);
    const b = callParts('b', '{"city": "Rome", "days": "1"}', 3);
    // starts, then the deltas alternating, then the ends and calls.
    const deltasA = a.slice(1, -2);
    const deltasB = b.slice(1, -2);
    const mixed: Array<Record<string, unknown>> = [a[0]!, b[0]!];
    for (let i = 0; i < Math.max(deltasA.length, deltasB.length); i++) mixed.push(...[deltasA[i], deltasB[i]].filter((p) => p !== undefined));
    mixed.push(...a.slice(-2), ...b.slice(-2));
    const { shown, inputs } = await run(mixed);
    assert.deepEqual([inputs.get('a'), inputs.get('b')], [{ city: 'Oslo', days: 2 }, { city: 'Rome', days: 1 }]);
    growsInto(shown.get('a')!, '{"city":"Oslo","days":2}');
    growsInto(shown.get('b')!, '{"city":"Rome","days":1}');
  });

  test('valid JSON streams compact, as its tool-call part carries it', async () => {
    const input = '{"city": "Oslo", "days": 2}';
    const { shown, inputs } = await run(callParts('c', input, 4));
    assert.deepEqual(inputs.get('c'), { city: 'Oslo', days: 2 });
    growsInto(shown.get('c')!, '{"city":"Oslo","days":2}');
  });

  test('toolCalls: false passes the deltas as written', async () => {
    const input = "{city: 'Oslo', days: 2}";
    const { shown } = await run(callParts('c', input, 4), { toolCalls: false });
    growsInto(shown.get('c')!, input);
  });

  test('an input jsonmend refuses (cut off): the deltas never show more than was certain, the call keeps its text', async () => {
    const input = '{"city": "Oslo", "days": 1';
    const { shown, inputs } = await run(callParts('c', input, 4));
    assert.equal(inputs.get('c'), input, 'an invalid call, its input as written');
    const joined = (shown.get('c') ?? []).join('');
    assert.ok('{"city":"Oslo","days":1}'.startsWith(joined) && !joined.endsWith('}'), joined);
  });
});

describe('jsonmendMiddleware: tool-input deltas joined are the tool-call part\'s input', () => {
  const weather = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] };
  const sh = { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] };
  const params = { tools: [{ type: 'function', name: 'weather', inputSchema: weather }, { type: 'function', name: 'sh', inputSchema: sh }, { type: 'function', name: 'free', inputSchema: { type: 'object' } }] };

  async function wire(input: string, size: number, tool: string): Promise<{ shown: string; call: string }> {
    const parts = [...callParts('c', input, size).map((p) => (p.toolName ? { ...p, toolName: tool } : p)), { type: 'finish', finishReason: 'tool-calls' }];
    const stream = new ReadableStream({ start: (c) => { for (const p of parts) c.enqueue(p); c.close(); } });
    const out = await jsonmendMiddleware().wrapStream({ doStream: async () => ({ stream }), params });
    let shown = '';
    let call = '';
    for await (const p of out.stream as unknown as AsyncIterable<Record<string, string>>) {
      if (p.type === 'tool-input-delta') shown += p.delta;
      if (p.type === 'tool-call') call = p.input!;
    }
    return { shown, call };
  }

  const mended: Array<[string, string, string]> = [
    ['weather', "{city: 'Paris', days: '3',}", '{"city":"Paris","days":3}'],
    ['weather', '{"name": "weather", "arguments": {"city": "Oslo"}}', '{"city":"Oslo"}'],
    ['weather', '<parameter=city>Oslo</parameter>', '{"city":"Oslo"}'],
    ['weather', '{"City": "Oslo", "days": 2}', '{"city":"Oslo","days":2}'],
    ['weather', '', '{}'],
    ['sh', 'ls -R', '{"command":"ls -R"}'],
    ['free', "{a: 1, b: [1, 2,]}", '{"a":1,"b":[1,2]}'],
  ];
  for (const size of [1, 3, 100]) {
    test(`mended inputs (${size}-character deltas)`, async () => {
      for (const [tool, input, expected] of mended) {
        const { shown, call } = await wire(input, size, tool);
        assert.deepEqual([shown, call], [expected, expected], input);
      }
    });

    test(`refused inputs: the deltas stop at what was certain, the call keeps its text (${size}-character deltas)`, async () => {
      for (const [input, certain] of [['{"city": "Oslo", "days": 1', '{"city":"Oslo","days":1}'], ['{"city": "Oslo"}{"city": "Rome"}', '{"city":"Oslo"}']]) {
        const { shown, call } = await wire(input!, size, 'weather');
        assert.equal(call, input);
        assert.ok(certain!.startsWith(shown) && shown !== certain, `${input} showed ${shown}`);
      }
    });
  }
});

describe('jsonmendMiddleware: streamed tool inputs never show what the call then contradicts', () => {
  const weather = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' }, note: { type: 'string' } }, required: ['city'] };
  const params = { tools: [{ type: 'function', name: 'weather', inputSchema: weather }] };

  async function wire(input: string, size: number, options: Parameters<typeof jsonmendMiddleware>[0] = {}): Promise<{ shown: string; call: string }> {
    const parts = [...callParts('c', input, size), { type: 'finish', finishReason: 'tool-calls' }];
    const stream = new ReadableStream({ start: (c) => { for (const p of parts) c.enqueue(p); c.close(); } });
    const out = await jsonmendMiddleware(options).wrapStream({ doStream: async () => ({ stream }), params });
    let shown = '';
    let call = '';
    for await (const p of out.stream as unknown as AsyncIterable<Record<string, string>>) {
      if (p.type === 'tool-input-delta') shown += p.delta;
      if (p.type === 'tool-call') call = p.input!;
    }
    return { shown, call };
  }

  for (const size of [1, 3, 7]) {
    test(`a key repeated after its first value was shown: the call is not the later value (${size}-character deltas)`, async () => {
      // The deltas showed "Paris"; the call used to carry {"city":"Rome","days":3} (the later value, as JSON.parse
      // keeps it). It now carries what was shown, which the SDK reports as an invalid input.
      const { shown, call } = await wire('{"city": "Paris", "days": 3, "city": "Rome"}', size);
      assert.equal(call, shown);
      assert.ok('{"city":"Paris","days":3'.startsWith(shown), shown);
      assert.throws(() => JSON.parse(call));
    });

    test(`a key repeated after the deltas stopped at a value held for the schema: the call is still not the later value (${size}-character deltas)`, async () => {
      // "3" is held (the schema makes it 3), so the deltas stop at {"city":"Paris"; the repeat came after the stop.
      const { shown, call } = await wire('{"city": "Paris", "days": "3", "city": "Rome"}', size);
      assert.equal(call, shown);
      assert.ok('{"city":"Paris"'.startsWith(shown), shown);
    });

    test(`a key repeated whose later value only the end of the text decides: the call is still not the later value (${size}-character deltas)`, async () => {
      // The string "4" is whole only once the text ends (its closing quote could have been a quote inside it).
      const { shown, call } = await wire('{"city": "Paris", "days": 3, "days": "4"}', size);
      assert.equal(call, shown);
      assert.ok('{"city":"Paris","days":3'.startsWith(shown), shown);
    });

    test(`a key repeated with the value it had: the input streams whole (${size}-character deltas)`, async () => {
      const { shown, call } = await wire('{"city": "Paris", "days": 3, "city": "Paris"}', size);
      assert.deepEqual([shown, call], ['{"city":"Paris","days":3}', '{"city":"Paris","days":3}']);
    });
  }

  test('a repeated key whose whole input came in one delta (nothing shown before it): the later value, as JSON.parse reads it', async () => {
    const { shown, call } = await wire('{"city": "Paris", "days": 3, "city": "Rome"}', 100);
    assert.equal(shown, call);
    assert.deepEqual(JSON.parse(call), { city: 'Rome', days: 3 });
  });

  for (const size of [1, 10]) {
    test(`an input longer than parseOptions.maxLength: the deltas joined are the call's input (${size}-character deltas)`, async () => {
      const input = JSON.stringify({ city: 'Paris', note: 'x'.repeat(150) }, null, 1);
      const { shown, call } = await wire(input, size, { parseOptions: { maxLength: 100 } });
      assert.equal(shown, call);
      assert.deepEqual(JSON.parse(call), JSON.parse(input));
    });
  }
});
