// createToolCallDeltaMux: interleaved provider deltas keyed by index or id, partial arguments per call,
// each call finished once its JSON has closed and another call's delta comes (or its block stops, or
// the stream finishes), errors as events.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { createToolCallDeltaMux, type ToolCallDeltaEvent } from '../../src/index.js';

const weather = { type: 'object', properties: { location: { type: 'string' }, days: { type: 'integer' } }, required: ['location'] };
const search = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };
const tools = [{ name: 'get_weather', schema: weather }, { name: 'web_search', schema: search }];

const finished = (events: ToolCallDeltaEvent[]) =>
  events.filter((e) => e.type === 'call').map((e) => e.type === 'call' && [e.key, e.id, e.name, e.arguments]);

/** An OpenAI Chat Completions stream chunk carrying tool-call deltas. */
function chunk(toolCalls: unknown[], finish?: string): unknown {
  return { choices: [{ index: 0, delta: { tool_calls: toolCalls }, finish_reason: finish ?? null }] };
}

describe('delta multiplexer: OpenAI', () => {
  test('two calls interleaved by index: partials per call, each finished when its JSON has closed and the other goes on', () => {
    const mux = createToolCallDeltaMux({ tools });
    const events: ToolCallDeltaEvent[] = [];
    events.push(...mux.pushOpenAI(chunk([{ index: 0, id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '' } }])));
    events.push(...mux.pushOpenAI(chunk([{ index: 1, id: 'call_b', type: 'function', function: { name: 'web_search', arguments: '{"que' } }])));
    events.push(...mux.pushOpenAI(chunk([{ index: 0, function: { arguments: '{"location": "Par' } }])));
    events.push(...mux.pushOpenAI(chunk([{ index: 1, function: { arguments: 'ry": "x"}' } }])));
    // Call 1's JSON closed; it is read when call 0's next delta comes, before call 0.
    assert.deepEqual(finished(events), []);
    events.push(...mux.pushOpenAI(chunk([{ index: 0, function: { arguments: 'is", "days": "2"}' } }])));
    assert.deepEqual(finished(events), [['1', 'call_b', 'web_search', { query: 'x' }]]);
    const partial0 = events.filter((e) => e.type === 'arguments' && e.key === '0').map((e) => e.type === 'arguments' && e.arguments);
    assert.deepEqual(partial0[0], { location: 'Par' });
    events.push(...mux.pushOpenAI(chunk([], 'tool_calls')));
    assert.deepEqual(finished(events), [['1', 'call_b', 'web_search', { query: 'x' }], ['0', 'call_a', 'get_weather', { location: 'Paris', days: 2 }]]);
    const call0 = events.find((e) => e.type === 'call' && e.key === '0');
    assert.ok(call0 && call0.type === 'call' && call0.repairs.some((r) => r.kind === 'string_to_integer'));
  });

  test('empty arguments are {} at the finish', () => {
    const mux = createToolCallDeltaMux();
    mux.pushOpenAI(chunk([{ index: 0, id: 'c', function: { name: 'ping', arguments: '' } }]));
    assert.deepEqual(finished(mux.pushOpenAI(chunk([], 'tool_calls'))), [['0', 'c', 'ping', {}]]);
  });

  test('a name split over deltas is joined', () => {
    const mux = createToolCallDeltaMux({ tools });
    mux.push({ index: 0, name: 'get_' });
    mux.push({ index: 0, name: 'weather', arguments: '{"location": "Oslo"' });
    mux.push({ index: 0, arguments: '}' });
    assert.deepEqual(finished(mux.end()), [['0', undefined, 'get_weather', { location: 'Oslo' }]]);
  });

  test('keyed by id when there is no index', () => {
    const mux = createToolCallDeltaMux({ tools });
    mux.push({ id: 'x1', name: 'web_search' });
    mux.push({ id: 'x2', name: 'get_weather' });
    mux.push({ id: 'x2', arguments: '{"location": "L"}' });
    assert.deepEqual(finished(mux.push({ id: 'x1', arguments: '{"query": "q"}' })), [['x2', 'x2', 'get_weather', { location: 'L' }]]);
    assert.deepEqual(finished(mux.end()), [['x1', 'x1', 'web_search', { query: 'q' }]]);
  });
});

describe('delta multiplexer: Anthropic', () => {
  test('input_json_delta per content block; the call finishes at its block stop', () => {
    const mux = createToolCallDeltaMux({ tools });
    const events: ToolCallDeltaEvent[] = [];
    events.push(...mux.pushAnthropic({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }));
    events.push(...mux.pushAnthropic({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Checking.' } }));
    events.push(...mux.pushAnthropic({ type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} } }));
    events.push(...mux.pushAnthropic({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '' } }));
    events.push(...mux.pushAnthropic({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"location": "San' } }));
    events.push(...mux.pushAnthropic({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: ' Francisco"}' } }));
    assert.deepEqual(finished(events), []);
    events.push(...mux.pushAnthropic({ type: 'content_block_stop', index: 1 }));
    assert.deepEqual(finished(events), [['1', 'toolu_1', 'get_weather', { location: 'San Francisco' }]]);
    assert.deepEqual(events.filter((e) => e.type === 'call_start').map((e) => e.type === 'call_start' && e.name), ['get_weather']);
  });

  test('a tool_use block with no input deltas: {} at the block stop', () => {
    const mux = createToolCallDeltaMux();
    mux.pushAnthropic({ type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 't', name: 'now' } });
    assert.deepEqual(finished(mux.pushAnthropic({ type: 'content_block_stop', index: 2 })), [['2', 't', 'now', {}]]);
  });
});

describe('delta multiplexer: errors', () => {
  test('an unknown tool is an error event naming the known tools', () => {
    const mux = createToolCallDeltaMux({ tools });
    mux.push({ index: 0, id: 'c', name: 'nope' });
    mux.push({ index: 0, arguments: '{}' });
    const events = mux.end();
    const error = events.find((e) => e.type === 'error');
    assert.ok(error && error.type === 'error');
    assert.equal(error.error.code, 'SCHEMA_MISMATCH');
    assert.match(error.error.message, /"nope".*"get_weather", "web_search"/);
  });

  test('arguments cut off at the end of the stream: an error naming the call, never a guessed value', () => {
    const mux = createToolCallDeltaMux({ tools });
    mux.push({ index: 0, name: 'web_search', arguments: '{"query": "half' });
    const events = mux.end();
    assert.equal(events.length, 1);
    assert.ok(events[0].type === 'error' && /"web_search".*cut off/.test(events[0].error.message));
  });

  test('a call with no name; a delta with neither index nor id before any call', () => {
    const mux = createToolCallDeltaMux();
    mux.push({ index: 0, arguments: '{}' });
    const e = mux.end();
    assert.ok(e[0].type === 'error' && e[0].error.code === 'UNREPAIRABLE');
    assert.throws(() => createToolCallDeltaMux().push({ arguments: 'x' }), { code: 'INVALID_ARGUMENT' });
  });

  test('arguments the schema rejects: an error event with a SchemaError', () => {
    const mux = createToolCallDeltaMux({ tools });
    mux.push({ index: 0, name: 'get_weather', arguments: '{"days": 1}' });
    assert.ok(mux.end().some((e) => e.type === 'error' && e.error.code === 'SCHEMA_MISMATCH'));
  });
});

// Session 24's survey of streaming reports: arguments that went on after their JSON's first closer
// were dropped without a word, so the call depended on where the provider cut its deltas.
describe('delta multiplexer: arguments after a closer are not lost', () => {
  const read = (pieces: string[]) => {
    const mux = createToolCallDeltaMux();
    const events = [...mux.push({ index: 0, id: 'c', name: 'read', arguments: '' })];
    for (const a of pieces) events.push(...mux.push({ index: 0, arguments: a }));
    events.push(...mux.end());
    return finished(events);
  };

  test('an early closer, then the members after it (pi-anthropic-oauth #11)', () => {
    assert.deepEqual(read(['{"path": "src/stream.ts"}', ', "offset": 270, "limit": 60}']), [['0', 'c', 'read', { path: 'src/stream.ts', offset: 270, limit: 60 }]]);
  });

  test('several objects, one per delta, read as one text is (openai-node #596)', () => {
    const whole = read(['{"q": "a"}{"q": "b"}{"q": "c"}']);
    assert.deepEqual(read(['{"q": "a"}', '{"q": "b"}', '{"q": "c"}']), whole);
    assert.deepEqual(whole, [['0', 'c', 'read', [{ q: 'a' }, { q: 'b' }, { q: 'c' }]]]);
  });

  test('arguments whose `{"` the provider lost are read, not refused (vLLM #34887)', () => {
    assert.deepEqual(read(['code', '":', ' "', 'upt', 'ime', '"}']), [['0', 'c', 'read', { code: 'uptime' }]]);
  });

  test('arguments for a call after it was read are an error event', () => {
    const mux = createToolCallDeltaMux();
    mux.push({ index: 0, id: 'a', name: 'one', arguments: '{"x": 1}' });
    const moved = mux.push({ index: 1, id: 'b', name: 'two', arguments: '{"y": 2}' });
    assert.deepEqual(finished(moved), [['0', 'a', 'one', { x: 1 }]]);
    // Call 0's delta: call 1, whose JSON closed, is read; call 0's late piece is an error.
    const late = mux.push({ index: 0, arguments: ', "z": 3}' });
    assert.deepEqual(finished(late), [['1', 'b', 'two', { y: 2 }]]);
    const error = late.find((e) => e.type === 'error');
    assert.ok(error && error.type === 'error' && error.key === '0' && /more arguments came for the call to "one" \(a\)/.test(error.error.message));
    assert.deepEqual(mux.push({ index: 0, arguments: ' ' }), []);
    assert.deepEqual(mux.end(), []);
  });

  test('property: any split of one call\'s arguments gives the call parseToolArguments gives the whole text', () => {
    const texts = ['{"path": "a.ts"}, "limit": 40}', '{"q": "a"}{"q": "b"}', '{"a": [1, 2]}', '{"s": "}{"}  '];
    fc.assert(
      fc.property(fc.constantFrom(...texts), fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 12 }), (text, sizes) => {
        const pieces: string[] = [];
        for (let at = 0, k = 0; at < text.length; k++) {
          pieces.push(text.slice(at, at + sizes[k % sizes.length]));
          at += sizes[k % sizes.length];
        }
        assert.deepEqual(read(pieces), read([text]));
      }),
      { seed: 24, numRuns: 200 },
    );
  });
});

describe('delta multiplexer: property', () => {
  test('any split and interleaving of two calls gives the same finished calls', () => {
    const texts = ['{"location": "Ber\\"gen", "days": 3}', '{"query": "a [b] {c}"}'];
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 20 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 30 }), (sizes, order) => {
        const mux = createToolCallDeltaMux({ tools });
        const events: ToolCallDeltaEvent[] = [];
        events.push(...mux.push({ index: 0, name: 'get_weather' }), ...mux.push({ index: 1, name: 'web_search' }));
        const at = [0, 0];
        let k = 0;
        while (at[0] < texts[0].length || at[1] < texts[1].length) {
          let which = order[k % order.length] ? 1 : 0;
          if (at[which] >= texts[which].length) which = 1 - which;
          const n = sizes[k % sizes.length];
          events.push(...mux.push({ index: which, arguments: texts[which].slice(at[which], at[which] + n) }));
          at[which] += n;
          k++;
        }
        events.push(...mux.end());
        const got = finished(events).sort((a, b) => String(a && a[0]).localeCompare(String(b && b[0])));
        assert.deepEqual(got, [['0', undefined, 'get_weather', { location: 'Ber"gen', days: 3 }], ['1', undefined, 'web_search', { query: 'a [b] {c}' }]]);
      }),
      { seed: 54634695, numRuns: 200 },
    );
  });
});

// Session 34 (2): docs/tools.md said the multiplexer reads a call's arguments "with parseToolArguments",
// but it read them with an internal reader: the whole call written where the arguments go passed a
// schema that requires nothing, and parameter markup or text was an error.
describe('delta multiplexer: a tool with a schema reads its arguments as parseToolArguments does', () => {
  const loose = { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } } };
  const shell = { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] };
  const read = (name: string, pieces: string[]) => {
    const mux = createToolCallDeltaMux({ tools: [{ name: 'search', schema: loose }, { name: 'shell', schema: shell }] });
    const events = [...mux.push({ index: 0, id: 'c', name, arguments: '' })];
    for (const a of pieces) events.push(...mux.push({ index: 0, arguments: a }));
    events.push(...mux.end());
    return events;
  };
  const call = (events: ToolCallDeltaEvent[]) => events.filter((e) => e.type === 'call').map((e) => e.type === 'call' && [e.arguments, e.repairs.map((r) => r.kind)]);
  test('the whole call where its arguments go (unwrap_tool_call), parameter markup (parameter_markup), text (arguments_as_text)', () => {
    assert.deepEqual(call(read('search', ['{"name": "search", ', '"arguments": {"query": "tides", "limit": "3"}}'])), [[{ query: 'tides', limit: 3 }, ['unwrap_tool_call', 'string_to_integer']]]);
    assert.deepEqual(call(read('search', ['<parameter=query>', 'tides</parameter>'])), [[{ query: 'tides' }, ['parameter_markup']]]);
    assert.deepEqual(call(read('shell', ['ls ', '-R\n'])), [[{ command: 'ls -R' }, ['arguments_as_text']]]);
  });
  test('cut off, or a placeholder for the arguments: an error naming the call', () => {
    const error = (events: ToolCallDeltaEvent[]) => events.find((e) => e.type === 'error');
    const cut = error(read('search', ['{"query": "ti']));
    assert.ok(cut?.type === 'error' && cut.error.code === 'UNREPAIRABLE' && /the call to "search" \(c\) is cut off/.test(cut.error.message));
    const elided = error(read('search', ['{"query": "tides", …}']));
    assert.ok(elided?.type === 'error' && /the call to "search" \(c\).*placeholder/.test(elided.error.message));
  });
});
