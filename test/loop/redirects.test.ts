// Redirects: fetch follows them by default and sends every header again, `x-api-key` and Azure's `api-key` to any
// origin the server names (only `authorization` is dropped). The providers follow a 307/308 on the same origin
// (the request unchanged) and refuse every other redirect, so a key goes nowhere but where it was configured for.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { anthropic, generate, openaiCompatible, ProviderHttpError } from '../../src/loop/index.js';
import { anthropicBody, json, openaiBody, person, startServer, type Script, type ScriptedServer } from './wire.js';

let home: ScriptedServer;
let elsewhere: ScriptedServer;
before(async () => {
  home = await startServer();
  elsewhere = await startServer();
});
after(async () => {
  await home.close();
  await elsewhere.close();
});

function redirect(status: number, location: () => string): Script {
  return (res) => {
    res.writeHead(status, { location: location() }).end();
  };
}

const keyed = [
  ['anthropic (x-api-key)', () => anthropic({ baseURL: home.url, model: 'm', apiKey: 'sk-ant-SECRET-1' }), 'v1/messages', () => json(anthropicBody({ name: 'Ada', age: 36 }))],
  ['openaiCompatible (api-key header)', () => openaiCompatible({ baseURL: home.url, model: 'm', headers: { 'api-key': 'azure-SECRET-1' } }), 'chat/completions', () => json(openaiBody('{"name":"Ada","age":36}'))],
] as const;

describe('redirects', { timeout: 20_000 }, () => {
  for (const [name, make, path, answer] of keyed) {
    for (const status of [307, 308]) {
      test(`${name}: a ${status} to another origin is refused; the key never goes there`, async () => {
        const seen = elsewhere.requests.length;
        home.script(redirect(status, () => `${elsewhere.url}/${path}?sig=abc123`));
        elsewhere.script(answer());
        await assert.rejects(generate({ model: make(), schema: person, prompt: 'Who?' }), (e: unknown) => {
          assert.ok(e instanceof ProviderHttpError, String(e));
          assert.equal(e.status, status);
          assert.match(e.message, /redirect/);
          assert.match(e.bodyExcerpt, new RegExp(elsewhere.url.replace(/[.:/]/g, '\\$&')));
          assert.doesNotMatch(e.bodyExcerpt, /abc123/);
          return true;
        });
        assert.equal(elsewhere.requests.length, seen, 'nothing was sent to the other origin');
      });
    }

    test(`${name}: a 308 on the same origin is followed, the request unchanged`, async () => {
      const sent = home.requests.length;
      home.script(redirect(308, () => `${home.url}/moved/${path}`), answer());
      const result = await generate({ model: make(), schema: person, prompt: 'Who?' });
      assert.deepEqual(result.value, { name: 'Ada', age: 36 });
      const [first, second] = home.requests.slice(sent);
      assert.equal(second!.url, `/moved/${path}`);
      assert.equal(second!.method, 'POST');
      assert.deepEqual(second!.body, first!.body);
    });
  }

  test('a 302 or 303 on the same origin is refused (fetch would send a GET without the request)', async () => {
    for (const status of [301, 302, 303]) {
      home.script(redirect(status, () => `${home.url}/elsewhere`));
      await assert.rejects(generate({ model: openaiCompatible({ baseURL: home.url, model: 'm' }), schema: person, prompt: 'Who?' }), (e: unknown) => {
        assert.ok(e instanceof ProviderHttpError && e.status === status, String(e));
        return true;
      });
    }
  });

  test('redirects that never end stop after 5', async () => {
    const sent = home.requests.length;
    for (let i = 0; i < 10; i++) home.script(redirect(307, () => `${home.url}/loop${i}`));
    await assert.rejects(generate({ model: openaiCompatible({ baseURL: home.url, model: 'm' }), schema: person, prompt: 'Who?' }), ProviderHttpError);
    assert.equal(home.requests.length - sent, 6);
    for (let i = 0; i < 4; i++) await fetch(home.url, { method: 'POST', body: '{}' }).then((r) => r.text()); // drain the queue
  });
});
