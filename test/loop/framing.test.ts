// Property: however a server splits its body into writes and whichever line ending it uses (LF, CR, CRLF — all
// allowed by the SSE specification), the provider reads the same deltas; NDJSON likewise. Over loopback.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ollama, openaiCompatible, type Model } from '../../src/loop/index.js';
import { raw, useServer } from './wire.js';

const server = useServer();

/** The UTF-8 bytes of `text` split at the given fractions, one write per piece (a character may be split too). */
function split(text: string, cuts: number[]): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  const at = [...new Set(cuts.map((c) => Math.floor(c * bytes.length)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let last = 0;
  for (const i of at) {
    if (i > last && i < bytes.length) {
      out.push(bytes.subarray(last, i));
      last = i;
    }
  }
  out.push(bytes.subarray(last));
  return out;
}

async function deltas(model: Model): Promise<string[]> {
  const out: string[] = [];
  const request = { messages: [{ role: 'user' as const, content: 'p' }], jsonSchema: undefined, schemaName: 'r', signal: new AbortController().signal, attempt: 1 };
  for await (const part of model.stream!(request)) if (part.type === 'delta') out.push(part.text);
  return out;
}

const pieces = fc.array(fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }), { minLength: 1, maxLength: 6 });
const cuts = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 });

describe('framing', { timeout: 120_000 }, () => {
  test('SSE: any line ending, any chunking, the same deltas', async () => {
    await fc.assert(
      fc.asyncProperty(pieces, fc.constantFrom('\n', '\r', '\r\n'), cuts, fc.boolean(), async (contents, eol, at, comments) => {
        let body = comments ? `: keep-alive${eol}${eol}` : '';
        for (const content of contents) {
          body += `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}${eol}${eol}`;
          if (comments) body += `: ping${eol}`;
        }
        body += `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}${eol}${eol}data: [DONE]${eol}${eol}`;
        server.script(raw(split(body, at)));
        assert.deepEqual(await deltas(openaiCompatible({ baseURL: server.url, model: 'm' })), contents);
      }),
      { seed: 1762420291, numRuns: 40 },
    );
  });

  test('NDJSON: any chunking, with or without CR, the same deltas', async () => {
    await fc.assert(
      fc.asyncProperty(pieces, fc.constantFrom('\n', '\r\n'), cuts, async (contents, eol, at) => {
        let body = '';
        for (const content of contents) body += `${JSON.stringify({ model: 'm', message: { role: 'assistant', content }, done: false })}${eol}`;
        body += `${JSON.stringify({ model: 'm', message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' })}${eol}`;
        server.script(raw(split(body, at), 'application/x-ndjson'));
        assert.deepEqual(await deltas(ollama({ baseURL: server.url, model: 'm' })), contents);
      }),
      { seed: 504059605, numRuns: 40 },
    );
  });
});
