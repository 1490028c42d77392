// The reply hash in events is keyed: a bare SHA-256 of a short reply (`{"ok": true}`, a PIN) is undone by hashing
// the few candidates, so events carry HMAC-SHA-256 under a random per-process key, or the caller's `replyHashKey`
// for hashes that match across runs. The quarantine entry carries the same hash as the events.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { generate, replyHash, type LoopEvent, type QuarantineEntry } from '../../src/loop/index.js';

const SHORT = '{"pin": "4821"}';
const schema = { type: 'object', properties: { pin: { type: 'string' } }, required: ['pin'] };

async function hashes(reply: string, extra: Record<string, unknown> = {}): Promise<{ ended: string[]; quarantined: string[] }> {
  const events: LoopEvent[] = [];
  const quarantined: string[] = [];
  await generate({
    model: async () => reply,
    schema,
    prompt: 'p',
    maxRetries: 0,
    onEvent: (e) => void events.push(e),
    quarantine: (entry: QuarantineEntry) => void quarantined.push(entry.replySha256),
    ...extra,
  }).catch(() => undefined);
  return { ended: events.flatMap((e) => (e.type === 'attempt_ended' ? [e.replySha256] : [])), quarantined };
}

const sha256 = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

describe('the reply hash in events', { timeout: 20_000 }, () => {
  test('a short reply is not recoverable by hashing candidates: no bare SHA-256 of any PIN matches', async () => {
    const { ended } = await hashes(SHORT);
    assert.equal(ended.length, 1);
    assert.match(ended[0]!, /^[0-9a-f]{64}$/);
    assert.notEqual(ended[0], sha256(SHORT));
    for (let pin = 4800; pin < 4850; pin++) assert.notEqual(ended[0], sha256(`{"pin": "${pin}"}`));
  });

  test('without a key: the same reply has the same hash within the process, and replyHash(text) gives it', async () => {
    const a = await hashes(SHORT);
    const b = await hashes(SHORT);
    assert.equal(a.ended[0], b.ended[0]);
    assert.equal(a.ended[0], await replyHash(SHORT));
    assert.notEqual(a.ended[0], (await hashes('{"pin": "4822"}')).ended[0]);
  });

  test('with replyHashKey: HMAC-SHA-256 under that key, the same in every run; replyHash(text, key) gives it', async () => {
    const key = 'a-key-shared-by-the-runs-of-one-study';
    const { ended } = await hashes(SHORT, { replyHashKey: key });
    assert.equal(ended[0], createHmac('sha256', key).update(SHORT, 'utf8').digest('hex'));
    assert.equal(ended[0], await replyHash(SHORT, key));
    const bytes = new TextEncoder().encode(key);
    assert.equal((await hashes(SHORT, { replyHashKey: bytes })).ended[0], ended[0], 'a Uint8Array key of the same bytes');
    assert.notEqual(ended[0], await replyHash(SHORT), 'not the process key');
  });

  test('the quarantine entry carries the hash of the events', async () => {
    const bad = '{"pin": 4821';
    const { ended, quarantined } = await hashes(bad);
    assert.equal(quarantined.length, 1);
    assert.equal(quarantined[0], ended[0]);
  });

  for (const key of ['short', new Uint8Array(15), 42, null]) {
    test(`a key that is too short or not a key is INVALID_ARGUMENT: ${String(key)}`, async () => {
      await assert.rejects(
        generate({ model: async () => SHORT, schema, prompt: 'p', replyHashKey: key as never }),
        (e: unknown) => (e as { code?: string }).code === 'INVALID_ARGUMENT',
      );
      if (typeof key === 'string' || key instanceof Uint8Array) await assert.rejects(replyHash(SHORT, key), { code: 'INVALID_ARGUMENT' });
    });
  }
});
