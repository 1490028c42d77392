// Keys that look like array indices ("2", "10"): a JavaScript object lists them first, whatever order they were
// read in. The middleware streams the mended JSON's beginning in the order the model wrote the keys, so the
// text it completes that beginning with must keep that order too, or the beginning and the end disagree.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as ai7 from 'ai-v7';
import { MockLanguageModelV4, simulateReadableStream } from 'ai-v7/test';
import { z } from 'zod';
import { jsonmendMiddleware } from '../../src/loop/adapters/ai-sdk.js';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

function pieces(text: string, size: number): string[] {
  return text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
}

function wrap(chunks: Array<Record<string, unknown>>, finish: string) {
  const inner = new MockLanguageModelV4({
    doStream: { stream: simulateReadableStream({ chunks: [...chunks, { type: 'finish', finishReason: { unified: finish, raw: finish }, usage }] }) } as never,
  });
  return ai7.wrapLanguageModel({ model: inner, middleware: jsonmendMiddleware({}) });
}

/** A JSON reply streamed as text with `Output.object`: the text deltas joined, and the output. */
async function streamedText(text: string, schema: z.ZodType, size: number) {
  const chunks = [{ type: 'text-start', id: 't' }, ...pieces(text, size).map((delta) => ({ type: 'text-delta', id: 't', delta })), { type: 'text-end', id: 't' }];
  const result = ai7.streamText({ model: wrap(chunks, 'stop'), output: ai7.Output.object({ schema }), prompt: 'p', onError: () => {} });
  let shown = '';
  for await (const part of result.fullStream) if (part.type === 'text-delta') shown += part.text;
  const output = await Promise.resolve(result.output).catch((e: unknown) => `failed: ${String(e)}`);
  return { shown, output };
}

/** A streamed tool call: its input deltas joined, and the call's input. */
async function streamedCall(input: string, schema: z.ZodType, size: number) {
  const chunks = [
    { type: 'tool-input-start', id: 'c', toolName: 'pick' },
    ...pieces(input, size).map((delta) => ({ type: 'tool-input-delta', id: 'c', delta })),
    { type: 'tool-input-end', id: 'c' },
    { type: 'tool-call', toolCallId: 'c', toolName: 'pick', input },
  ];
  const result = ai7.streamText({ model: wrap(chunks, 'tool-calls'), tools: { pick: ai7.tool({ inputSchema: schema }) }, prompt: 'p', onError: () => {} });
  let shown = '';
  let call: unknown;
  for await (const part of result.fullStream) {
    if (part.type === 'tool-input-delta') shown += part.delta;
    if (part.type === 'tool-call') call = part.input;
  }
  return { shown, call };
}

const Pair = z.object({ b: z.number(), '2': z.string() });
const Scores = z.record(z.string(), z.number());
const Nested = z.object({ o: Scores, list: z.array(Scores) });

const cases: Array<[string, string, z.ZodType, string, unknown]> = [
  ['an index-like key after another', '{"b": 1, "2": "x"}', Pair, '{"b":1,"2":"x"}', { b: 1, '2': 'x' }],
  ['mended, an index-like key after another', "{b: 1, '2': 'x',}", Pair, '{"b":1,"2":"x"}', { b: 1, '2': 'x' }],
  ['several, and keys that only look like numbers', '{"b": 1, "10": 2, "2": 3, "01": 4, "-1": 5}', Scores, '{"b":1,"10":2,"2":3,"01":4,"-1":5}', { b: 1, '10': 2, '2': 3, '01': 4, '-1': 5 }],
  ['nested, and in an array', '{"o": {"z": 1, "0": 2}, "list": [{"y": 3, "7": 4}]}', Nested, '{"o":{"z":1,"0":2},"list":[{"y":3,"7":4}]}', { o: { z: 1, '0': 2 }, list: [{ y: 3, '7': 4 }] }],
];

describe('index-like keys in the middleware\'s streamed JSON', () => {
  for (const [name, text, schema, compact, value] of cases) {
    for (const size of [1, 3]) {
      test(`text, ${name} (${size}-character deltas): the deltas join to the mended JSON, the output is read`, async () => {
        const { shown, output } = await streamedText(text, schema, size);
        assert.equal(shown, compact);
        assert.deepEqual(output, value);
      });
      test(`tool input, ${name} (${size}-character deltas): the deltas join to the call's input`, async () => {
        const { shown, call } = await streamedCall(text, schema, size);
        assert.deepEqual(call, value);
        assert.equal(shown, compact);
      });
    }
  }
});
