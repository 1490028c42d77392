// A 2xx answer that is a web page (a proxy's error or login page, a captive portal): the error says so and keeps
// the page's start for the reader, streamed or not; it is never taken for a stream that was cut.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { anthropic, generate, ollama, openaiCompatible, ProviderHttpError, streamGenerate } from '../../src/loop/index.js';
import { person, raw, useServer } from './wire.js';

const server = useServer();
const page = '<!DOCTYPE html><html><head><title>Sign in to the proxy</title></head><body>token=sk-SECRET-123456</body></html>';

const models = [
  ['openaiCompatible', () => openaiCompatible({ baseURL: server.url, model: 'm', apiKey: 'sk-SECRET-123456' })],
  ['anthropic', () => anthropic({ baseURL: server.url, model: 'm', apiKey: 'sk-SECRET-123456' })],
  ['ollama', () => ollama({ baseURL: server.url, model: 'm', headers: { authorization: 'sk-SECRET-123456' } })],
] as const;

async function failure(run: () => Promise<unknown>): Promise<ProviderHttpError> {
  try {
    await run();
  } catch (error) {
    assert.ok(error instanceof ProviderHttpError, `expected a ProviderHttpError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a failure');
}

describe('an HTML page with HTTP 200', { timeout: 20_000 }, () => {
  for (const [name, make] of models) {
    test(`${name}, streamed: "not an event stream", the page in bodyExcerpt (redacted)`, async () => {
      server.script(raw([page], 'text/html; charset=utf-8'));
      const error = await failure(async () => {
        for await (const _ of streamGenerate({ model: make(), schema: person, prompt: 'Who?' }));
      });
      assert.match(error.message, /answered a streaming request with text\/html/);
      assert.doesNotMatch(error.message, /ended early|unreadable/);
      assert.match(error.bodyExcerpt, /Sign in to the proxy/);
      assert.doesNotMatch(error.bodyExcerpt, /SECRET/);
    });

    test(`${name}, not streamed: "not JSON", the page in bodyExcerpt (redacted)`, async () => {
      server.script(raw([page], 'text/html'));
      const error = await failure(() => generate({ model: make(), schema: person, prompt: 'Who?' }));
      assert.match(error.message, /not JSON/);
      assert.match(error.bodyExcerpt, /Sign in to the proxy/);
      assert.doesNotMatch(error.bodyExcerpt, /SECRET/);
    });
  }
});

test('the message names the content type as matched, not the words the server put after it', { timeout: 20_000 }, async () => {
  for (const type of ['text/htmlSECRET-WORDS', 'application/jsonSECRET-WORDS']) {
    server.script(raw(['<p>x</p>'], type));
    await assert.rejects(
      (async () => {
        for await (const _ of streamGenerate({ model: openaiCompatible({ baseURL: server.url, model: 'm' }), schema: person, prompt: 'Who?' }));
      })(),
      (e: unknown) => e instanceof Error && /answered a streaming request with (text\/html|application\/json), not/.test(e.message) && !/SECRET/.test(e.message),
    );
  }
});
