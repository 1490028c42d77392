// Credentials in what an error quotes: a configured header value with a scheme (`Basic …`, `Token …`) is a
// secret in its parts too, since servers echo the credential without its scheme.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { anthropic, generate, ollama, openaiCompatible, ProviderHttpError } from '../../src/loop/index.js';
import { person, text, useServer, type Script } from './wire.js';

const server = useServer();

describe('redaction of configured header values', { timeout: 20_000 }, () => {
  for (const [header, value, secret] of [
    ['authorization', 'Basic dXNlcjpwYXNzd29yZA==', 'dXNlcjpwYXNzd29yZA=='],
    ['authorization', 'Token tok_998877665544', 'tok_998877665544'],
    ['x-goog-api-key', 'key AIzaSyEXAMPLE0123', 'AIzaSyEXAMPLE0123'],
  ] as const) {
    test(`${value.split(' ')[0]}: the credential echoed alone is redacted`, async () => {
      for (const make of [
        () => openaiCompatible({ baseURL: server.url, model: 'm', headers: { [header]: value } }),
        () => ollama({ baseURL: server.url, model: 'm', headers: { [header]: value } }),
      ]) {
        server.script(text(`invalid credentials: ${secret} (user unknown)`, 401));
        await assert.rejects(generate({ model: make(), schema: person, prompt: 'Who?' }), (e: unknown) => {
          assert.ok(e instanceof ProviderHttpError);
          assert.doesNotMatch(e.bodyExcerpt, new RegExp(secret.replace(/[=+]/g, '\\$&')));
          assert.match(e.bodyExcerpt, /invalid credentials: \[redacted\] \(user unknown\)/);
          return true;
        });
      }
    });
  }

  test('the scheme word is not taken for a secret (Bearer, Basic stay readable)', async () => {
    server.script(text('Basic auth is not supported here', 401));
    await assert.rejects(generate({ model: openaiCompatible({ baseURL: server.url, model: 'm', headers: { authorization: 'Basic dXNlcjpwYXNzd29yZA==' } }), schema: person, prompt: 'Who?' }), (e: unknown) => {
      assert.ok(e instanceof ProviderHttpError);
      assert.equal(e.bodyExcerpt, 'Basic auth is not supported here');
      return true;
    });
  });

  test('a key with whitespace around it (read from a file, "…\\n") is redacted as the server got it: trimmed', async () => {
    // HTTP sends a header value without its surrounding whitespace; the redactor looked for the key with it.
    const echo: Script = (res, request) => {
      res.writeHead(401, { 'content-type': 'text/plain' }).end(`invalid x-api-key: ${String(request.headers['x-api-key'])}`);
    };
    for (const apiKey of ['sk-ant-periwinkle7731\n', '  sk-ant-periwinkle7731 ']) {
      server.script(echo);
      await assert.rejects(generate({ model: anthropic({ baseURL: server.url, model: 'm', apiKey }), schema: person, prompt: 'Who?' }), (e: unknown) => {
        assert.ok(e instanceof ProviderHttpError);
        assert.equal(e.bodyExcerpt, 'invalid x-api-key: [redacted]');
        return true;
      });
    }
  });

  test('the values of headers that carry no credential stay readable (anthropic-version, x-title, http-referer)', async () => {
    const body = 'anthropic-version 2023-06-01 is not supported; Output tokens exceed the limit for https://example.com/app';
    server.script(text(body, 400));
    const model = anthropic({
      baseURL: server.url,
      model: 'm',
      apiKey: 'sk-ant-periwinkle7731',
      headers: { 'X-Title': 'Structured Output Benchmark', 'HTTP-Referer': 'https://example.com/app' },
    });
    await assert.rejects(generate({ model, schema: person, prompt: 'Who?' }), (e: unknown) => {
      assert.ok(e instanceof ProviderHttpError);
      assert.equal(e.bodyExcerpt, body);
      return true;
    });
    // Any other header's value is still taken for a secret, in its parts too: a leak is worse than a word hidden.
    server.script(text('invalid client Structured Output Benchmark', 401));
    const other = openaiCompatible({ baseURL: server.url, model: 'm', headers: { 'x-client-secret': 'Structured Output Benchmark' } });
    await assert.rejects(generate({ model: other, schema: person, prompt: 'Who?' }), (e: unknown) => {
      assert.ok(e instanceof ProviderHttpError);
      assert.equal(e.bodyExcerpt, 'invalid client [redacted]');
      return true;
    });
  });

  test('a key in the base URL\'s query is redacted when the server echoes it alone, not only as ?key=…', async () => {
    // Azure's `?api-key=…`, Gemini's `?key=…`: the value is as much a credential as a header's.
    const echo: Script = (res, request) => {
      const key = new URL(request.url, 'http://x').searchParams.get('key');
      res.writeHead(401, { 'content-type': 'text/plain' }).end(`invalid key ${String(key)} for api-version 2024-10-21`);
    };
    server.script(echo);
    const model = openaiCompatible({ baseURL: `${server.url}/v1?api-version=2024-10-21&key=sk-az-periwinkle7731`, model: 'm' });
    await assert.rejects(generate({ model, schema: person, prompt: 'Who?' }), (e: unknown) => {
      assert.ok(e instanceof ProviderHttpError);
      assert.doesNotMatch(`${e.message} ${e.bodyExcerpt}`, /periwinkle/);
      // The API version is no secret: the date stays readable where it is not a query parameter.
      assert.equal(e.bodyExcerpt, 'invalid key [redacted] for api-version 2024-10-21');
      return true;
    });
  });
});
