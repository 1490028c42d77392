// The structured-output loop against an OpenAI-compatible server: ask, parse, feed back precise errors, retry.
// The server here is a stand-in on loopback (127.0.0.1) whose first reply does not fit the schema; point
// `baseURL` at a real one (OpenAI, vLLM, llama.cpp, LM Studio, …) to use it for real.
// Run: npx tsx examples/loop-openai-compatible.ts
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { createTelemetry, generate, openaiCompatible } from 'jsonmend';

const Invoice = z.object({ number: z.string(), total: z.number(), currency: z.enum(['EUR', 'USD']) });

// Replies the stand-in model gives, in order: the first is missing "currency", the second is right.
const replies = ['```json\n{"number": "INV-7", "total": "129.50",}\n```', '{"number": "INV-7", "total": 129.5, "currency": "EUR"}'];
const requests: { messages: { role: string; content: string }[] }[] = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c));
  req.on('end', () => {
    requests.push(JSON.parse(body));
    const content = replies[Math.min(requests.length - 1, replies.length - 1)];
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }], usage: { prompt_tokens: 20, completion_tokens: 12 } }));
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;

try {
  const telemetry = createTelemetry();
  const result = await generate({
    model: openaiCompatible({ baseURL: `http://127.0.0.1:${port}/v1`, model: 'local-model' }),
    schema: Invoice,
    prompt: 'Extract the invoice from: "Invoice INV-7, total 129.50 EUR".',
    maxRetries: 2,
    onEvent: telemetry.onEvent,
  });
  console.log(result.value, `after ${result.attempts} attempts`);
  // The feedback the model got for its first reply: precise, and quoting the missing field.
  const feedback = requests[1]!.messages.at(-1)!.content;
  console.log(feedback);
  assert.deepEqual(result.value, { number: 'INV-7', total: 129.5, currency: 'EUR' });
  assert.equal(result.attempts, 2);
  assert.match(feedback, /currency/);
  assert.equal(telemetry.counts.retries, 1);
} finally {
  server.close();
}
