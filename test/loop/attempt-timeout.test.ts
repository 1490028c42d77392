// timeoutMs limits an attempt, and a continued reply's calls belong to its attempt: each continuation used to
// get a fresh timer, so an attempt could run (1 + maxContinuations) × timeoutMs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generate, type ModelReply } from '../../src/loop/index.js';

test('the continuations of a cut-off reply share their attempt\'s timeoutMs', { timeout: 20_000 }, async () => {
  const pieces = ['{"name": "Ada", ', '"age": 3', '6}'];
  let calls = 0;
  const model = async (): Promise<ModelReply> => {
    const piece = pieces[calls++]!;
    await new Promise((r) => setTimeout(r, 250));
    return { text: piece, finishReason: calls < pieces.length ? 'length' : 'stop' };
  };
  const started = Date.now();
  await assert.rejects(
    generate({ model, prompt: 'Who?', onTruncated: 'continue', maxContinuations: 2, timeoutMs: 600, maxRetries: 0 }),
    (e: unknown) => (e as { code?: string }).code === 'TIMEOUT',
  );
  assert.ok(Date.now() - started < 700, `took ${Date.now() - started} ms`);
  assert.equal(calls, 3);
});

test('each attempt has its own timeoutMs', { timeout: 20_000 }, async () => {
  let calls = 0;
  const model = async (): Promise<string> => {
    calls++;
    await new Promise((r) => setTimeout(r, 250));
    return calls === 1 ? 'no JSON here' : '{"name": "Ada"}';
  };
  const result = await generate({ model, prompt: 'Who?', timeoutMs: 400, maxRetries: 1 });
  assert.deepEqual(result.value, { name: 'Ada' });
});
