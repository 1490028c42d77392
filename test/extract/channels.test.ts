import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REASONING_CHANNELS } from '../../src/extract/channels.js';
import { SEARCHED_TOKENS } from '../../src/extract/channel-tokens.js';

test('channels: every token that starts with no < is held by a searched text of its channel', () => {
  for (const { token, name } of SEARCHED_TOKENS) {
    const channel = REASONING_CHANNELS.find((c) => c.name === name)!;
    assert.ok((channel.search ?? []).some((key) => token.includes(key)), `${token} is found by no search`);
  }
});

test("channels: a channel's closers start with one character (the stream's prelude looks for it)", () => {
  for (const channel of REASONING_CHANNELS) assert.equal(new Set(channel.close.map((c) => c[0])).size, 1, channel.name);
});

test('channels: searched texts are 7 characters or longer, or start with a character rare in JSON and prose', () => {
  for (const channel of REASONING_CHANNELS) {
    for (const key of channel.search ?? []) assert.ok(key.length >= 7 || /^[A-Z\u0080-\uffff]/.test(key), key);
  }
});
