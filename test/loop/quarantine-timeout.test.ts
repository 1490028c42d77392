// The quarantine sink is awaited: one that hangs (a network share, a stalled upload) used to hold the call forever.
// It now gets the attempt's time (timeoutMs, at most 30 s) and the caller's signal; past that the call goes on
// without it, and a `quarantine_failed` event says why.
import { describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { generate, type LoopEvent, type QuarantineEntry } from '../../src/loop/index.js';

/** A function model: a reply that fails, then a good one. */
function model() {
  let n = 0;
  return async () => (++n === 1 ? 'no JSON here' : '{"name": "Ada"}');
}

const never = () => new Promise<void>(() => {});

describe('a quarantine sink that does not finish', { timeout: 20_000 }, () => {
  test('timeoutMs bounds it: the call goes on, the failure is reported, the reply is kept', async () => {
    const events: LoopEvent[] = [];
    let signal: AbortSignal | undefined;
    const started = Date.now();
    const result = await generate({
      model: model(),
      prompt: 'Who?',
      timeoutMs: 300,
      quarantine: (_entry: QuarantineEntry, context?: { signal: AbortSignal }) => {
        signal = context?.signal;
        return never();
      },
      onEvent: (e) => events.push(e),
    });
    assert.deepEqual(result.value, { name: 'Ada' });
    assert.ok(Date.now() - started < 2_000, `took ${Date.now() - started} ms`);
    assert.equal(result.failures[0]!.reply, 'no JSON here');
    const failed = events.find((e) => e.type === 'quarantine_failed');
    assert.deepEqual(failed && { attempt: failed.attempt, reason: (failed as { reason?: string }).reason }, { attempt: 1, reason: 'timeout' });
    assert.equal(signal?.aborted, true, 'the sink is told to stop');
  });

  test('without timeoutMs it is bounded too (30 s)', async () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      let called!: () => void;
      const sinkCalled = new Promise<void>((r) => (called = r));
      const events: LoopEvent[] = [];
      const call = generate({ model: model(), prompt: 'Who?', quarantine: () => (called(), never()), onEvent: (e) => events.push(e) });
      await sinkCalled;
      await new Promise((r) => setImmediate(r));
      mock.timers.tick(29_999);
      await new Promise((r) => setImmediate(r));
      assert.ok(!events.some((e) => e.type === 'quarantine_failed'));
      mock.timers.tick(1);
      const result = await call;
      assert.deepEqual(result.value, { name: 'Ada' });
      assert.ok(events.some((e) => e.type === 'quarantine_failed' && (e as { reason?: string }).reason === 'timeout'));
    } finally {
      mock.timers.reset();
    }
  });

  test('the caller\'s abort ends the wait at once, and the call, ABORTED', async () => {
    const controller = new AbortController();
    const events: LoopEvent[] = [];
    const call = generate({
      model: model(),
      prompt: 'Who?',
      signal: controller.signal,
      quarantine: () => {
        setTimeout(() => controller.abort(), 50);
        return never();
      },
      onEvent: (e) => events.push(e),
    });
    await assert.rejects(call, (e: unknown) => (e as { code?: string }).code === 'ABORTED');
    assert.ok(events.some((e) => e.type === 'quarantine_failed' && (e as { reason?: string }).reason === 'aborted'));
  });

  test('a sink that throws is reported as such; one that finishes in time is not reported', async () => {
    const events: LoopEvent[] = [];
    await generate({ model: model(), prompt: 'Who?', timeoutMs: 1_000, quarantine: () => { throw new Error('disk full'); }, onEvent: (e) => events.push(e) });
    await generate({ model: model(), prompt: 'Who?', timeoutMs: 1_000, quarantine: () => new Promise((r) => setTimeout(r, 20)), onEvent: (e) => events.push(e) });
    const failed = events.filter((e) => e.type === 'quarantine_failed');
    assert.deepEqual(failed.map((e) => (e as { reason?: string }).reason), ['error']);
  });
});
