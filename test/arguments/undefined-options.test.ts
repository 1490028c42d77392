// An option set to `undefined` is an option not given, on every public door: what users of
// `exactOptionalPropertyTypes` write (`{ maxDepth: cfg.maxDepth }`) must neither switch a default off nor
// fail. The doors that spread options over defaults or pass them on (`{ ...options, schema }`,
// `claim.tolerance ?? options.tolerance`, a provider's `version ?? '2023-06-01'`) are checked one by one.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  anthropic, coerceWithReport, createStreamParser, createTelemetry, createToolCallDeltaMux, createToolCallStream, extract,
  extractToolCalls, generate, JsonMendError, openaiCompatible, parse, parseAll, parsePartial, parseToolArguments,
  parseWithReport, query, repair, streamGenerate, verify, verifyAll, type Claim, type ModelRequest,
} from '../../src/index.js';
import { createRepairText, jsonmendMiddleware } from '../../src/loop/adapters/ai-sdk.js';
import { parseChoiceContent, parseToolCalls } from '../../src/loop/adapters/openai.js';
import { batchLines } from '../../src/cli/batch/library.js';

/** `{ key: undefined }` for each key. */
function unset<K extends string>(...keys: K[]): { [P in K]: undefined } {
  return Object.fromEntries(keys.map((k) => [k, undefined])) as { [P in K]: undefined };
}

/** What `f` returns, or the code and message of the JsonMendError it throws. */
function outcome(f: () => unknown): unknown {
  try {
    return f();
  } catch (error) {
    if (!(error instanceof JsonMendError)) throw error;
    return { code: error.code, message: error.message };
  }
}

const PARSE = unset('strict', 'disable', 'maxDepth', 'maxLength', 'onRepair');
const SCHEMA = { ...PARSE, ...unset('draft', 'maxRounds', 'validator', 'salvage', 'acceptTruncated') };
const STREAM = { ...SCHEMA, ...unset('partialStrings', 'deltas', 'defaults', 'eager') };
const reply = "Sure:\n```json\n{'city': 'Paris', days: '3', tags: ['a',], note: \"cut";
const schema = {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'integer' }, tags: { type: 'array' }, note: { type: 'string' }, unit: { type: 'string', default: 'C' } },
};

/** Every snapshot of a stream fed `text` one character at a time, then end()'s outcome. */
function streamed(parser: ReturnType<typeof createStreamParser>, text: string): unknown[] {
  const out: unknown[] = [...text].map((c) => outcome(() => parser.push(c)));
  out.push(outcome(() => parser.end()));
  return out;
}

describe('the text, schema and stream doors', () => {
  test('parse, parseWithReport, repair, parseAll, parsePartial, extract: every option undefined reads as none', () => {
    assert.deepEqual(outcome(() => parseWithReport(reply, PARSE)), outcome(() => parseWithReport(reply)));
    assert.deepEqual(outcome(() => parse(reply, PARSE)), outcome(() => parse(reply)));
    assert.deepEqual(outcome(() => repair(reply, PARSE)), outcome(() => repair(reply)));
    assert.deepEqual(outcome(() => parseAll(reply, PARSE)), outcome(() => parseAll(reply)));
    assert.deepEqual(parsePartial('{"a": [1, "x', STREAM), parsePartial('{"a": [1, "x'));
    assert.deepEqual(extract(reply, unset('tags', 'reasoningTags', 'strategy')), extract(reply));
  });

  test('with a schema: the options the schema stage takes out before parsing are undefined too', () => {
    // parseLoop destructures the schema options and parses with the rest: an undefined among them is no limit.
    for (const acceptTruncated of [undefined, true]) {
      assert.deepEqual(
        outcome(() => parseWithReport(reply, { schema, ...SCHEMA, acceptTruncated })),
        outcome(() => parseWithReport(reply, acceptTruncated ? { schema, acceptTruncated } : { schema })),
      );
    }
    const coerceOptions = unset('onRepair', 'draft', 'maxRounds', 'validator', 'maxDepth', 'salvage');
    assert.deepEqual(coerceWithReport({ city: 'Paris', days: '3' }, schema, coerceOptions), coerceWithReport({ city: 'Paris', days: '3' }, schema));
  });

  test('createStreamParser: the stream options taken out and the parse options passed on, 1 character at a time', () => {
    const text = '{"city": "Par", "tags": ["a", "b"], "days": 3';
    for (const given of [{}, { schema }, { schema, defaults: true }, { deltas: true }] as const) {
      assert.deepEqual(streamed(createStreamParser({ ...STREAM, ...given }), text), streamed(createStreamParser(given), text), JSON.stringify(given));
    }
    // partialStrings defaults to true: an undefined one still shows a string while it is written.
    assert.deepEqual(createStreamParser({ partialStrings: undefined }).push('{"a": "Pa').value, { a: 'Pa' });
  });

  test('query, verify: an undefined claim option leaves the verify option in force', () => {
    assert.deepEqual(query({ a: [1, 2] }, '$.a[*]', unset('maxResults', 'maxVisits')), [1, 2]);
    // compareOptions reads claim ?? options: the claim's undefined tolerance is not a tolerance of 0.
    const claim: Claim = { mode: 'field', path: 'n', value: 1, ...unset('tolerance', 'caseInsensitive', 'ignoreWhitespace', 'strictTypes', 'pathSyntax', 'id', 'aggregate') };
    assert.equal(verify(claim, { n: 1.2 }, { tolerance: 0.5 }).ok, true);
    assert.equal(verify(claim, { n: 1.2 }, { ...unset('pathSyntax', 'caseInsensitive', 'ignoreWhitespace', 'strictTypes'), tolerance: 0.5 }).ok, true);
    const range: Claim = { mode: 'range', path: 'n', min: 1, ...unset('max', 'exclusiveMin', 'exclusiveMax', 'schema') };
    assert.deepEqual(verifyAll([range], { n: 1.2 }).summary, verifyAll([{ mode: 'range', path: 'n', min: 1 }], { n: 1.2 }).summary);
  });
});

describe('the tool-call doors', () => {
  const tools = [{ name: 'get_weather', schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }];
  const call = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris",}}</tool_call>';
  const settings = unset('strict', 'disable', 'maxDepth', 'maxLength');

  test('extractToolCalls and createToolCallStream', () => {
    assert.deepEqual(extractToolCalls(call, { tools, formats: undefined, ...settings }), extractToolCalls(call, { tools }));
    const events = (s: ReturnType<typeof createToolCallStream>) => [...[...call].map((c) => s.push(c)), s.end()];
    assert.deepEqual(events(createToolCallStream({ tools, formats: undefined, ...settings })), events(createToolCallStream({ tools })));
  });

  test('createToolCallDeltaMux: undefined options, and deltas with an undefined index, id or name', () => {
    const deltas = [{ index: 0, id: 'c1', name: 'get_weather' }, { index: 0, arguments: '{"city": ' }, { index: 0, arguments: '"Paris",}' }];
    const run = (mux: ReturnType<typeof createToolCallDeltaMux>, withUnset: boolean) =>
      [...deltas.map((d) => mux.push(withUnset ? { ...unset('index', 'id', 'name', 'arguments'), ...d } : d)), mux.end()];
    assert.deepEqual(run(createToolCallDeltaMux({ tools, ...settings }), true), run(createToolCallDeltaMux({ tools }), false));
    assert.deepEqual(run(createToolCallDeltaMux({ tools: undefined, ...settings }), true), run(createToolCallDeltaMux(), false));
  });

  test('parseToolArguments and the OpenAI adapter', () => {
    assert.deepEqual(parseToolArguments('{"x": 1,}', undefined, { onRepair: undefined, ...settings }), { x: 1 });
    const message = { tool_calls: [{ id: 'a', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Paris",}' } }] };
    const schemas = { get_weather: tools[0]!.schema };
    assert.deepEqual(
      parseToolCalls({ ...message, content: undefined }, schemas, { ...PARSE, recoverFromText: undefined }),
      parseToolCalls(message, schemas),
    );
    // A reply cut off by the token limit is still refused: acceptTruncated undefined is not true.
    const cut = { finish_reason: 'length', message: { content: '{"city": "Par', refusal: undefined } };
    assert.deepEqual(outcome(() => parseChoiceContent(cut, undefined, { ...PARSE, acceptTruncated: undefined })), outcome(() => parseChoiceContent(cut)));
    assert.equal((outcome(() => parseChoiceContent(cut)) as { code: string }).code, 'UNREPAIRABLE');
    assert.deepEqual(parseChoiceContent(cut, undefined, { acceptTruncated: true }), { city: 'Par' });
  });
});

describe('the loop doors', () => {
  const GENERATE = unset(
    'schema', 'jsonSchema', 'schemaName', 'maxRetries', 'signal', 'timeoutMs', 'onEvent', 'tool', 'captureRaw', 'quarantine',
    'acceptTruncated', 'onTruncated', 'maxContinuations', 'maxTokensCap', 'maxTokens', 'nearTokenLimit', 'verify',
    'describeSchema', 'parseOptions', 'recoverToolCall', 'replyHashKey', 'system', 'messages',
  );

  /** A model that answers `replies` in turn, recording each request. */
  function scripted(...replies: string[]) {
    const requests: ModelRequest[] = [];
    const model = async (request: ModelRequest) => {
      requests.push(request);
      return { text: replies[requests.length - 1] ?? 'no more', finishReason: 'stop' as const, ...unset('refusal', 'usage', 'restore', 'rawFinishReason') };
    };
    return { model, requests };
  }

  test('generate: maxRetries undefined keeps the default retry; the other options undefined change nothing', async () => {
    const plain = scripted('not json', '{"a": 1,}');
    const given = scripted('not json', '{"a": 1,}');
    const a = await generate({ model: plain.model, prompt: 'hi' });
    const b = await generate({ model: given.model, prompt: 'hi', ...GENERATE });
    assert.deepEqual([b.value, b.attempts], [a.value, a.attempts]);
    assert.equal(b.attempts, 2);
    assert.deepEqual(given.requests.map((r) => [r.messages, r.maxTokens]), plain.requests.map((r) => [r.messages, r.maxTokens]));
  });

  test('streamGenerate: undefined parse options pass through to the stream parser', async () => {
    const events = async (parseOptions?: object) => {
      const out: unknown[] = [];
      const { model } = scripted('{"a": [1, 2], "b": "xy"}');
      for await (const e of streamGenerate({ model, prompt: 'hi', ...(parseOptions ? { parseOptions } : {}) })) {
        out.push(e.type === 'result' ? e.result.value : e.type === 'partial' ? e.value : e.type);
      }
      return out;
    };
    assert.deepEqual(await events({ ...PARSE, acceptTruncated: undefined }), await events());
  });

  test('providers: an undefined version, maxTokens, headers or apiKey keeps the default sent', async () => {
    const sent: { url: string; headers: Record<string, string>; body: Record<string, unknown> }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      sent.push({ url, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) as Record<string, unknown> });
      const body = { content: [{ type: 'text', text: '{}' }], stop_reason: 'end_turn', choices: [{ message: { content: '{}' }, finish_reason: 'stop' }] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof globalThis.fetch;
    const request: ModelRequest = { messages: [{ role: 'user', content: 'hi' }], jsonSchema: { type: 'object' }, schemaName: 's', signal: new AbortController().signal, attempt: 1, maxTokens: undefined };
    const http = unset('headers', 'temperature', 'maxTokens', 'maxResponseBytes');
    await anthropic({ model: 'm', apiKey: 'k', fetch, ...http, ...unset('baseURL', 'version') }).generate(request);
    await anthropic({ model: 'm', apiKey: 'k', fetch }).generate(request);
    await openaiCompatible({ model: 'm', baseURL: 'http://127.0.0.1:9', fetch, ...http, ...unset('apiKey', 'responseFormat', 'strict') }).generate(request);
    await openaiCompatible({ model: 'm', baseURL: 'http://127.0.0.1:9', fetch }).generate(request);
    assert.deepEqual(sent[0], sent[1]);
    assert.deepEqual(sent[2], sent[3]);
    assert.equal(sent[0]!.headers['anthropic-version'], '2023-06-01');
    assert.equal(sent[0]!.body.max_tokens, 4096);
  });

  test('createTelemetry: maxEvents undefined keeps the default (1000), not 0', () => {
    const telemetry = createTelemetry({ maxEvents: undefined });
    telemetry.onEvent({ type: 'quarantine_failed', callId: 'c', model: 'm', attempt: 1 });
    assert.equal(telemetry.events.length, 1);
  });
});

describe('the adapters and the batch', () => {
  test('the AI SDK hooks and middleware: text, toolCalls, partialOutput undefined stay on', async () => {
    const options = { ...unset('toolCalls', 'text', 'partialOutput', 'acceptTruncated'), parseOptions: { ...PARSE } };
    const result = { content: [{ type: 'text', text: '```json\n{"a": 1,}\n```' }], finishReason: { unified: 'stop', raw: 'stop' } };
    const params = { responseFormat: { type: 'json', schema: undefined }, tools: undefined };
    const mend = (o: object) => jsonmendMiddleware(o).wrapGenerate({ doGenerate: async () => structuredClone(result), params });
    assert.deepEqual(await mend(options), await mend({}));
    assert.deepEqual((await mend(options)).content, [{ type: 'text', text: '{"a":1}' }]);
    const hook = createRepairText({ schema: undefined, parseOptions: undefined, acceptTruncated: undefined });
    assert.equal(await hook({ text: '{"a": 1,}', error: new Error('x') } as never), '{"a":1}');
  });

  test('batchLines: mode, workers, field undefined are the defaults', async () => {
    const lines = async (options: object) => {
      async function* source() { yield '"{a: 1,}"\n{"b": 2}\n'; }
      const out: string[] = [];
      for await (const line of batchLines(source(), options)) out.push(line);
      return out;
    };
    assert.deepEqual(await lines(unset('mode', 'claims', 'acceptTruncated', 'field', 'schema', 'strict', 'workers')), await lines({}));
    assert.deepEqual(await lines({}), ['{"a":1}', '{"b":2}']);
  });

  test('JsonMendError details undefined add no position and no cause', () => {
    const error = new JsonMendError('NO_JSON', 'nothing', unset('offset', 'text', 'path', 'refusal', 'cause'));
    assert.deepEqual([error.message, error.offset, error.line, error.path, error.refusal, 'cause' in error], ['nothing', undefined, undefined, undefined, undefined, false]);
  });
});
