// Fixes for the session-35 probe of the loop: Anthropic's unfinished turns, messages the Messages API refuses,
// base URLs with a query string, feedback a model can act on (no developer advice, cut-off replies told so),
// and what telemetry and error messages must not hold (claim labels, URL credentials, refusal text).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { JsonMendError } from '../../src/errors.js';
import { anthropic, generate, openaiCompatible, streamGenerate, type LoopEvent } from '../../src/loop/index.js';
import { anthropicFinishReason } from '../../src/loop/providers/anthropic.js';
import { joinUrl } from '../../src/loop/http.js';
import { parseChoiceContent } from '../../src/loop/adapters/openai.js';
import type { ChatMessage, ModelRequest } from '../../src/loop/types.js';
import { anthropicBody, anthropicStream, json, openaiBody, sse, text as textAnswer, useServer } from './wire.js';

const server = useServer();

const itemsSchema = { type: 'object', properties: { items: { type: 'array', items: { type: 'string' } } } };

/** The reason a call failed, from its RetriesExhaustedError. */
async function failedStages(p: Promise<unknown>): Promise<string[]> {
  const e = (await p.then(() => assert.fail('expected a failure'), (x: unknown) => x)) as { attempts?: Array<{ stage: string }> };
  assert.ok(e.attempts, `expected RetriesExhaustedError, got ${String(e)}`);
  return e.attempts.map((a) => a.stage);
}

describe('F4: Anthropic turns that did not end are cut off', () => {
  test('the stop reasons map to length', () => {
    assert.equal(anthropicFinishReason('model_context_window_exceeded'), 'length');
    assert.equal(anthropicFinishReason('pause_turn'), 'length');
    assert.equal(anthropicFinishReason('max_tokens'), 'length');
    assert.equal(anthropicFinishReason('something_new'), 'other');
  });

  for (const stop of ['model_context_window_exceeded', 'pause_turn']) {
    test(`${stop}: a tool input that looks whole is not taken`, async () => {
      server.script(json(anthropicBody({ items: ['a'] }, stop)));
      const model = anthropic({ baseURL: server.url, model: 'claude' });
      assert.deepEqual(await failedStages(generate({ model, schema: itemsSchema, prompt: 'p', maxRetries: 0 })), ['truncated']);
    });
  }

  test('streamed: model_context_window_exceeded is cut off', async () => {
    server.script(anthropicStream('{"items": ["a"]}', 'model_context_window_exceeded'));
    const model = anthropic({ baseURL: server.url, model: 'claude' });
    const run = async () => {
      for await (const _ of streamGenerate({ model, schema: itemsSchema, prompt: 'p', maxRetries: 0 })) void _;
    };
    assert.deepEqual(await failedStages(run()), ['truncated']);
  });
});
