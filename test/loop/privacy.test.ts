// Privacy on every path: a secret word planted in replies, values that fail the schema, refusals, strict-mode
// parse errors, failed claims, cut replies, provider error bodies, stream error events and configured headers
// must appear in no event, telemetry report, JSONL line or error message the loop emits — unless raw capture
// was asked for. Raw replies go only to the opt-in quarantine, written owner-only.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { z } from 'zod';
import { JsonMendError } from '../../src/errors.js';
import {
  anthropic, createTelemetry, generate, ollama, openaiCompatible, streamGenerate, type GenerateOptions, type LoopEvent, type QuarantineEntry,
} from '../../src/loop/index.js';
import { createJsonlTelemetry, quarantineDirectory } from '../../src/loop/node/index.js';
import { anthropicBody, json, ollamaBody, openaiBody, raw, sse, text, type Script, person, useServer } from './wire.js';

const SECRET = 'periwinkle7731';


const server = useServer();
let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jsonmend-privacy-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Everything a call emitted that a user might log or ship: events, report, JSONL lines, the error as printed. */
interface Emitted {
  events: LoopEvent[];
  texts: string[];
  error: unknown;
  value: unknown;
}

let runs = 0;
async function run(options: Omit<GenerateOptions, 'onEvent'>, streaming = false): Promise<Emitted> {
  const events: LoopEvent[] = [];
  const telemetry = createTelemetry();
  const jsonl = createJsonlTelemetry({ path: join(dir, `run-${++runs}.jsonl`) });
  const onEvent = (e: LoopEvent): void => {
    events.push(e);
    telemetry.onEvent(e);
    jsonl.onEvent(e);
  };
  let error: unknown;
  let value: unknown;
  try {
    if (streaming) {
      for await (const e of streamGenerate({ ...options, onEvent })) if (e.type === 'result') value = e.result.value;
    } else value = (await generate({ ...options, onEvent })).value;
  } catch (e) {
    error = e;
  }
  await jsonl.close();
  const texts = [JSON.stringify(events), JSON.stringify(telemetry), await readFile(jsonl.path, 'utf8')];
  if (error !== undefined) {
    texts.push(String(error), inspect(error, { depth: 20 }), JSON.stringify(error));
    if (error instanceof Error) texts.push(error.message, error.stack ?? '');
  }
  return { events, texts, error, value };
}

function assertClean(out: Emitted, route: string): void {
  for (const t of out.texts) assert.ok(!t.toLowerCase().includes(SECRET), `${route}: the secret leaked into\n${t.slice(0, 2000)}`);
}

const openai = () => openaiCompatible({ baseURL: server.url, model: 'gpt' });

describe('privacy: the secret word reaches no event, report, JSONL line or error message', { timeout: 60_000 }, () => {
  const routes: Array<[string, Script[], () => GenerateOptions['model'], Partial<GenerateOptions>?]> = [
    ['a value that fails the schema', [json(openaiBody(`{"name":"Ada","age":"${SECRET}"}`)), json(openaiBody(`{"name":"Ada","age":"${SECRET}!"}`))], openai],
    ['prose without JSON', [json(openaiBody(`I think it is ${SECRET}.`)), json(openaiBody(`Still ${SECRET}.`))], openai],
    ['a refusal', [json(openaiBody(null, 'stop', { refusal: `I cannot say ${SECRET}` })), json(openaiBody(null, 'stop', { refusal: `No ${SECRET}` }))], openai],
    ['an Anthropic refusal', [json(anthropicBody(`I refuse: ${SECRET}`, 'refusal')), json(anthropicBody(`${SECRET}`, 'refusal'))], () => anthropic({ baseURL: server.url, model: 'claude' })],
    ['a strict-mode parse error', [json(ollamaBody(`{"name": ${SECRET} is here, "age": 3}`)), json(ollamaBody(`{"name": "a" "${SECRET}"}`))], () => ollama({ baseURL: server.url, model: 'llama' }), { parseOptions: { strict: true } }],
    ['a reply cut by the token limit', [json(openaiBody(`{"name":"${SECRET}","age":3`, 'length')), json(openaiBody(`{"name":"${SECRET}`, 'length'))], openai],
    ['a provider error body', [text(`upstream failed while reading "${SECRET}"`, 500)], openai],
    ['a 2xx error object', [json({ error: { message: `bad prompt ${SECRET}`, type: 'invalid_request_error' } })], openai],
    ['an unreadable body', [text(`<html>${SECRET}</html>`, 200)], openai],
  ];
  for (const [route, scripts, model, extra] of routes) {
    test(route, async () => {
      server.script(...scripts);
      const out = await run({ model: model(), schema: person, prompt: 'Who?', maxRetries: scripts.length - 1, ...extra });
      assert.ok(out.error instanceof JsonMendError, `${route}: expected a failure`);
      assertClean(out, route);
    });
  }

  test('a stream error event and a cut stream', async () => {
    server.script(sse([{ data: { choices: [{ index: 0, delta: { content: `{"name":"${SECRET}` }, finish_reason: null }] } }, { data: { error: { message: `overloaded ${SECRET}` } } }]));
    assertClean(await run({ model: openai(), schema: person, prompt: 'p' }, true), 'stream error');
    server.script(sse([{ data: { choices: [{ index: 0, delta: { content: `{"name":"${SECRET}","age":3}` }, finish_reason: null }] } }]));
    assertClean(await run({ model: openai(), schema: person, prompt: 'p' }, true), 'cut stream');
    server.script(raw([`data: not json ${SECRET}\n\n`]));
    assertClean(await run({ model: openai(), schema: person, prompt: 'p' }, true), 'unreadable stream event');
  });

  test('configured header values a server echoes back', async () => {
    server.script(text(`denied for x-team=${SECRET}`, 403));
    const out = await run({ model: openaiCompatible({ baseURL: server.url, model: 'gpt', headers: { 'x-team': SECRET } }), schema: person, prompt: 'p' });
    assertClean(out, 'headers');
    assert.ok(!inspect((out.error as { bodyExcerpt?: string }).bodyExcerpt).includes(SECRET), 'the header value is redacted from the excerpt too');
  });

  test('failed claims', async () => {
    const claimSchema = { type: 'object', properties: { claims: { type: 'array' } }, required: ['claims'] };
    const claims = [{ mode: 'field', path: '[0].subject', value: `${SECRET} on fire` }];
    const out = await run({
      model: async () => JSON.stringify({ claims }),
      schema: claimSchema,
      prompt: 'p',
      verify: { against: [{ subject: `Printer ${SECRET}` }] },
    });
    assert.ok(out.error instanceof JsonMendError);
    assertClean(out, 'claims');
  });

  test('an accepted reply that needed repairs, with a failed attempt before it', async () => {
    server.script(json(openaiBody(`{"name":"${SECRET}","age":"x${SECRET}"}`)), json(openaiBody(`{"name": "${SECRET}", "age": "36",}`)));
    const out = await run({ model: openai(), schema: person, prompt: 'p' });
    assert.deepEqual(out.value, { name: SECRET, age: 36 });
    assertClean(out, 'accepted');
  });

  test('a key the model wrote (an extra property, a record key) is shown as `*` in paths; the schema\'s own keys stay', async () => {
    const scores = { type: 'object', properties: { scores: { type: 'object', additionalProperties: { type: 'integer' } }, age: { type: 'integer' } }, required: ['scores'], additionalProperties: false };
    // An extra key on a closed object, stripped: the repair is reported, its key is not.
    server.script(json(openaiBody(`{"name":"Ada","age":36,"${SECRET}":1}`)));
    const stripped = await run({ model: openai(), schema: person, prompt: 'p' });
    assert.deepEqual(stripped.value, { name: 'Ada', age: 36 });
    assertClean(stripped, 'stripped extra key');
    const applied = stripped.events.find((e) => e.type === 'repairs_applied');
    assert.ok(applied?.type === 'repairs_applied');
    assert.deepEqual(applied.repairs, [{ kind: 'strip_extra_properties', path: '/*' }]);
    // A record's key whose value is repaired, then one whose value fails: the record's name and indices stay.
    server.script(json(openaiBody(`{"scores":{"${SECRET}":"3"}}`)));
    const repaired = await run({ model: openai(), schema: scores, prompt: 'p' });
    assertClean(repaired, 'repaired record value');
    const kinds = repaired.events.find((e) => e.type === 'repairs_applied');
    assert.ok(kinds?.type === 'repairs_applied' && kinds.repairs[0]!.path === '/scores/*');
    server.script(json(openaiBody(`{"scores":{"${SECRET}":"x"},"age":1}`)), json(openaiBody(`{"scores":{"a":1},"age":"old"}`)));
    const failed = await run({ model: openai(), schema: scores, prompt: 'p', maxRetries: 1 });
    assertClean(failed, 'failed record value');
    const paths = failed.events.flatMap((e) => (e.type === 'attempt_failed' ? [e.path] : []));
    assert.deepEqual(paths, ['/scores/*', '/age']);
    assert.equal((failed.error as JsonMendError).path, '/age');
    // The same with Zod: its JSON Schema names the keys.
    server.script(json(openaiBody(`{"scores":{"${SECRET}":"x"}}`)));
    const zodScores = z.object({ scores: z.record(z.string(), z.number().int()), age: z.number().int().optional() }).strict();
    const viaZod = await run({ model: openai(), schema: zodScores, prompt: 'p', maxRetries: 0 });
    assertClean(viaZod, 'zod record value');
    assert.match((viaZod.error as Error).message, /at \/scores\/\*/);
  });

  test('captureRaw is the one way reply text enters events', async () => {
    server.script(json(openaiBody(`{"name":"${SECRET}","age":1}`)));
    const out = await run({ model: openai(), schema: person, prompt: 'p', captureRaw: true });
    const ended = out.events.find((e) => e.type === 'attempt_ended');
    assert.ok(ended && ended.type === 'attempt_ended' && ended.raw?.includes(SECRET));
  });
});

describe('quarantine', { timeout: 30_000 }, () => {
  test('raw replies of failed attempts go to an owner-only directory, only when asked, never into events', async () => {
    const q = join(dir, 'quarantine', 'nested');
    server.script(json(openaiBody(`{"name":"Ada","age":"${SECRET}"}`)), json(openaiBody(null, 'stop', { refusal: `no ${SECRET}` })), json(openaiBody('{"name":"Ada","age":36}')));
    const out = await run({ model: openai(), schema: person, prompt: 'p', maxRetries: 2, quarantine: quarantineDirectory({ dir: q }), tool: 'lookup' });
    assert.deepEqual(out.value, { name: 'Ada', age: 36 });
    assertClean(out, 'quarantine run');
    const files = (await readdir(q)).sort();
    assert.equal(files.length, 2);
    if (process.platform !== 'win32') {
      assert.equal((await stat(q)).mode & 0o777, 0o700);
      for (const f of files) assert.equal((await stat(join(q, f))).mode & 0o777, 0o600);
    }
    const entries = await Promise.all(files.map(async (f) => JSON.parse(await readFile(join(q, f), 'utf8')) as QuarantineEntry));
    entries.sort((a, b) => a.attempt - b.attempt);
    assert.equal(entries[0]!.stage, 'schema');
    assert.equal(entries[0]!.code, 'SCHEMA_MISMATCH');
    assert.equal(entries[0]!.reply, `{"name":"Ada","age":"${SECRET}"}`);
    assert.equal(entries[0]!.tool, 'lookup');
    assert.equal(entries[1]!.stage, 'refusal');
    assert.equal(entries[1]!.reply, `no ${SECRET}`);
    const failed = out.events.filter((e) => e.type === 'attempt_failed');
    assert.equal(failed.length, 2);
  });

  test('a callback quarantine works anywhere; one that throws changes nothing but is reported', async () => {
    const got: QuarantineEntry[] = [];
    const result = await generate({
      model: (() => { let n = 0; return async () => (++n === 1 ? `nope ${SECRET}` : '{"name":"Ada","age":36}'); })(),
      schema: person,
      prompt: 'p',
      quarantine: (e) => {
        got.push(e);
      },
    });
    assert.equal(result.attempts, 2);
    assert.equal(got.length, 1);
    assert.equal(got[0]!.reply, `nope ${SECRET}`);
    assert.equal(got[0]!.replyLength, got[0]!.reply.length);
    const events: LoopEvent[] = [];
    const again = await generate({
      model: (() => { let n = 0; return async () => (++n === 1 ? 'nope' : '{"name":"Ada","age":36}'); })(),
      schema: person,
      prompt: 'p',
      quarantine: async () => {
        throw new Error('disk full');
      },
      onEvent: (e) => events.push(e),
    });
    assert.equal(again.attempts, 2);
    assert.ok(events.some((e) => e.type === 'quarantine_failed' && e.attempt === 1));
  });

  test('without the option nothing is written anywhere', async () => {
    const before = (await readdir(dir)).length;
    server.script(json(openaiBody(`{"age":"${SECRET}"}`)), json(openaiBody('{"name":"Ada","age":36}')));
    await generate({ model: openai(), schema: person, prompt: 'p' });
    assert.equal((await readdir(dir)).length, before);
  });
});

describe('numeric keys the model wrote', { timeout: 20_000 }, () => {
  test('a record keyed by numbers (phone numbers, ids) is shown `*`, an array index stays', async () => {
    const events: LoopEvent[] = [];
    const schema = {
      type: 'object',
      properties: {
        contacts: { type: 'object', additionalProperties: { type: 'object', properties: { age: { type: 'integer' } } } },
        list: { type: 'array', items: { type: 'object', properties: { age: { type: 'integer' } } } },
      },
    };
    const model = async () => '{"contacts": {"5551234": {"age": "36"}}, "list": [{"age": "7"}]}';
    const result = await generate({ model, schema, prompt: 'p', onEvent: (e) => void events.push(e) });
    assert.deepEqual(result.value, { contacts: { 5551234: { age: 36 } }, list: [{ age: 7 }] });
    const applied = events.find((e) => e.type === 'repairs_applied');
    assert.ok(applied?.type === 'repairs_applied');
    const paths = applied.repairs.map((r) => r.path);
    assert.ok(!JSON.stringify(events).includes('5551234'), JSON.stringify(paths));
    assert.deepEqual(paths.sort(), ['/contacts/*/age', '/list/0/age']);
  });
});
