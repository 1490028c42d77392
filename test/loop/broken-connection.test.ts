// A connection that breaks while the answer arrives: the server was reached, so the error says the answer broke
// off (it used to say "could not be reached", which sends a reader to check the address, not the server).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generate, openaiCompatible, streamGenerate } from '../../src/loop/index.js';
import { person, useServer, type Script } from './wire.js';

const server = useServer();

function brokenAfter(contentType: string, start: string): Script {
  return async (res) => {
    res.writeHead(200, { 'content-type': contentType });
    res.write(start);
    await new Promise((r) => setTimeout(r, 50));
    res.socket!.destroy();
  };
}

test('a body cut by a broken connection: PROVIDER_ERROR "broke off", streamed or not', { timeout: 20_000 }, async () => {
  const model = () => openaiCompatible({ baseURL: server.url, model: 'm' });
  server.script(brokenAfter('application/json', '{"choices": [{"mess'));
  await assert.rejects(generate({ model: model(), schema: person, prompt: 'Who?' }), (e: unknown) => {
    assert.equal((e as { code?: string }).code, 'PROVIDER_ERROR');
    assert.match((e as Error).message, /the answer broke off/);
    assert.doesNotMatch((e as Error).message, /could not be reached/);
    return true;
  });
  server.script(brokenAfter('text/event-stream', 'data: {"choices":[{"delta":{"content":"{\\"na"}}]}\n\n'));
  await assert.rejects(
    (async () => {
      for await (const _ of streamGenerate({ model: model(), schema: person, prompt: 'Who?' }));
    })(),
    (e: unknown) => /the answer broke off/.test((e as Error).message),
  );
});
