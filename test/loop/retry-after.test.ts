// A server that says when to come back (429, 503 with `Retry-After`): the error tells when, and the loop, whose
// retries are for replies, does not ask again on its own.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { anthropic, generate, ollama, openaiCompatible, ProviderHttpError } from '../../src/loop/index.js';
import { person, useServer, type Script } from './wire.js';

const server = useServer();

/** An error status with the given headers. */
function status(code: number, headers: Record<string, string>, body = 'slow down'): Script {
  return (res) => {
    res.writeHead(code, { 'content-type': 'text/plain', ...headers }).end(body);
  };
}

async function httpError(promise: Promise<unknown>): Promise<ProviderHttpError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ProviderHttpError, `expected a ProviderHttpError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to fail');
}

const models = [
  ['openaiCompatible', () => openaiCompatible({ baseURL: server.url, model: 'm' })],
  ['anthropic', () => anthropic({ baseURL: server.url, model: 'm' })],
  ['ollama', () => ollama({ baseURL: server.url, model: 'm' })],
] as const;

describe('Retry-After on ProviderHttpError', { timeout: 20_000 }, () => {
  for (const [name, make] of models) {
    test(`${name}: seconds become retryAfterMs`, async () => {
      server.script(status(429, { 'retry-after': '7' }));
      const error = await httpError(generate({ model: make(), schema: person, prompt: 'Who?' }));
      assert.equal(error.status, 429);
      assert.equal(error.retryAfterMs, 7000);
    });
  }

  test('an HTTP date becomes the milliseconds until then (never below 0)', async () => {
    const model = openaiCompatible({ baseURL: server.url, model: 'm' });
    const at = new Date(Date.now() + 30_000).toUTCString();
    server.script(status(503, { 'retry-after': at }), status(503, { 'retry-after': 'Thu, 01 Jan 1970 00:00:00 GMT' }));
    const later = await httpError(generate({ model, schema: person, prompt: 'Who?' }));
    // The date has whole seconds: 29–30 s from now.
    assert.ok(later.retryAfterMs! > 28_000 && later.retryAfterMs! <= 30_000, String(later.retryAfterMs));
    const past = await httpError(generate({ model, schema: person, prompt: 'Who?' }));
    assert.equal(past.retryAfterMs, 0);
  });

  test('retry-after-ms (OpenAI) is taken before retry-after', async () => {
    server.script(status(429, { 'retry-after-ms': '1500', 'retry-after': '2' }));
    const error = await httpError(openaiCompatible({ baseURL: server.url, model: 'm' }).generate({
      messages: [{ role: 'user', content: 'Who?' }], jsonSchema: undefined, schemaName: 'r', attempt: 1, signal: new AbortController().signal,
    }));
    assert.equal(error.retryAfterMs, 1500);
  });

  test('absent or unreadable: undefined', async () => {
    const model = openaiCompatible({ baseURL: server.url, model: 'm' });
    const cases: Array<Record<string, string>> = [{}, { 'retry-after': 'soon' }, { 'retry-after': '-3' }, { 'retry-after': '' }, { 'retry-after-ms': 'x' }];
    for (const headers of cases) {
      server.script(status(429, headers));
      const error = await httpError(generate({ model, schema: person, prompt: 'Who?' }));
      assert.equal(error.retryAfterMs, undefined, JSON.stringify(headers));
    }
  });

  test('the loop does not retry an HTTP error itself, Retry-After or not: one request, the error at once', async () => {
    server.script(status(429, { 'retry-after': '0' }));
    const before = server.requests.length;
    const started = Date.now();
    const error = await httpError(generate({ model: openaiCompatible({ baseURL: server.url, model: 'm' }), schema: person, prompt: 'Who?', maxRetries: 3 }));
    assert.equal(error.retryAfterMs, 0);
    assert.equal(server.requests.length - before, 1);
    assert.ok(Date.now() - started < 5_000);
  });

  test('a wait too long to honour is capped at what setTimeout can wait (2^31 - 1 ms), and the message stays readable', async () => {
    // setTimeout fires at once for a longer delay (or Infinity): an uncapped value made a naive back-off hammer.
    const model = openaiCompatible({ baseURL: server.url, model: 'm' });
    const far = 'Fri, 31 Dec 9999 23:59:59 GMT';
    const cases: Array<Record<string, string>> = [
      { 'retry-after': '99999999999' },
      { 'retry-after': '9'.repeat(400) },
      { 'retry-after-ms': '9'.repeat(400) },
      { 'retry-after': '9999999999999999999999' },
      { 'retry-after': far },
    ];
    for (const headers of cases) {
      server.script(status(429, headers));
      const error = await httpError(generate({ model, schema: person, prompt: 'Who?' }));
      assert.equal(error.retryAfterMs, 2 ** 31 - 1, JSON.stringify(headers).slice(0, 40));
      assert.match(error.message, /; retry after more than 24 days$/);
    }
    // Below the cap, as the server said.
    server.script(status(429, { 'retry-after': '3000' }));
    const long = await httpError(generate({ model, schema: person, prompt: 'Who?' }));
    assert.equal(long.retryAfterMs, 3_000_000);
    assert.match(long.message, /; retry after 3000000 ms$/);
  });

  test('the obsolete date forms HTTP says a recipient must still read (RFC 850, asctime) are read too', async () => {
    const model = openaiCompatible({ baseURL: server.url, model: 'm' });
    const at = new Date(Date.now() + 60_000);
    const day = at.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
    const [, dd, mon, yyyy, time] = /^\w+, (\d\d) (\w+) (\d{4}) (\S+) GMT$/.exec(at.toUTCString())!;
    const rfc850 = `${day}, ${dd}-${mon}-${yyyy!.slice(2)} ${time} GMT`;
    for (const value of [rfc850, 'Sun Nov  6 08:49:37 1994']) {
      server.script(status(503, { 'retry-after': value }));
      const error = await httpError(generate({ model, schema: person, prompt: 'Who?' }));
      assert.notEqual(error.retryAfterMs, undefined, value);
      assert.ok(error.retryAfterMs! <= 60_000, `${value}: ${error.retryAfterMs}`);
    }
    // Words Date.parse would still take for a date ("Now 5" is May 2001, and was read as a wait of 0) are no date.
    for (const value of ['Now 5', 'Try 10', 'Fri, 2030', 'please retry 5', 'wait 2030', 'Monday 5']) {
      server.script(status(503, { 'retry-after': value }));
      const error = await httpError(generate({ model, schema: person, prompt: 'Who?' }));
      assert.equal(error.retryAfterMs, undefined, value);
    }
  });
});
