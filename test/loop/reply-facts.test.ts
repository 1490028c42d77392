// attempt_ended's `usage` and `finishReason` come from the model. A model function or a custom Model returns
// objects of its own: a usage with more than the three counts, a finishReason of any string. Events hold only the
// counts and a reason of the FinishReason union, never whatever else the model's objects carried.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generate, type LoopEvent } from '../../src/loop/index.js';

const SECRET = 'alice@example.com';

test('a model-made usage and finish reason: the event holds the three counts and a FinishReason', async () => {
  const events: LoopEvent[] = [];
  const usage = { inputTokens: 3, outputTokens: 2, totalTokens: 5, note: `billed to ${SECRET}`, details: { prompt: SECRET } };
  const result = await generate({
    model: async () => ({ text: '{"a": 1}', finishReason: `stopped after writing ${SECRET}` as never, usage }),
    prompt: 'p',
    onEvent: (e) => void events.push(e),
  });
  assert.deepEqual(result.value, { a: 1 });
  assert.doesNotMatch(JSON.stringify(events), /alice/);
  const ended = events.find((e) => e.type === 'attempt_ended');
  assert.ok(ended?.type === 'attempt_ended');
  assert.deepEqual(ended.usage, { inputTokens: 3, outputTokens: 2, totalTokens: 5 });
  assert.notEqual(ended.usage, usage, 'a copy: the model\'s object changed later changes no event');
  assert.equal(ended.finishReason, 'other');
});

test('a FinishReason of the union, and no usage, are shown as they are', async () => {
  const events: LoopEvent[] = [];
  await generate({ model: async () => ({ text: '{"a": 1}', finishReason: 'stop' as const }), prompt: 'p', onEvent: (e) => void events.push(e) });
  const ended = events.find((e) => e.type === 'attempt_ended');
  assert.ok(ended?.type === 'attempt_ended');
  assert.equal(ended.finishReason, 'stop');
  assert.equal(ended.usage, undefined);
});
