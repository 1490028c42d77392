// createToolCallStream: calls reported as soon as their arguments are complete and cannot change, partial arguments
// before that, and end() equal to extractToolCalls on the whole text whatever the chunking.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { createToolCallStream, extractToolCalls, type ToolCallStreamEvent } from '../../src/index.js';

const weather = { type: 'object', properties: { location: { type: 'string' }, days: { type: 'integer' } }, required: ['location'] };
const search = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };
const tools = [{ name: 'get_weather', schema: weather }, { name: 'web_search', schema: search }];

/** One reply per format (JSON bodies and markup as in test/tools/formats.test.ts). */
const REPLIES: Record<string, string> = {
  hermes: 'Checking.\n<tool_call>\n{"name": "get_weather", "arguments": {"location": "Paris", "days": "2"}}\n</tool_call>\n<tool_call>\n{"name": "web_search", "arguments": {"query": "museums"}}\n</tool_call>',
  qwen3_coder: '<tool_call>\n<function=get_weather>\n<parameter=location>\nOslo\n</parameter>\n<parameter=days>\n4\n</parameter>\n</function>\n</tool_call>',
  llama: '<|python_tag|>{"name": "web_search", "parameters": {"query": "llama"}}<|eom_id|>',
  mistral: '[TOOL_CALLS][{"name": "web_search", "arguments": {"query": "a"}}, {"name": "get_weather", "arguments": {"location": "b"}}]',
  mistral_args: '[TOOL_CALLS]web_search[ARGS]{"query": "devstral"}',
  mistral_no_args: '[TOOL_CALLS]web_search{"query": "devstral 2"}',
  mistral_call_id: '[TOOL_CALLS]web_search[CALL_ID]a5jR3k2lP[ARGS]{"query": "v13"}',
  harmony: '<|channel|>analysis<|message|>think<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location":"Rome"}<|call|>',
  // Stripped of its tokens; and with a `<|message|>` after the arguments, which the whole text and every chunking read alike (fuzz).
  hermes_call_syntax: '<tool_call>get_weather({"location": "Paris"})</tool_call>',
  gemma_bare_opener: '<|tool_call>:get_weather{location:<|"|>Rome<|"|>}<tool_call|>',
  harmony_stripped: 'analysisOk.assistantcommentary to=functions.get_weather json{"location":"Rome"}assistantfinalDone.',
  harmony_stripped_message: 'commentary to=functions.get_weather json{"location":"x"}<|message|>',
  deepseek_v3: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>web_search\n```json\n{"query": "v3"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
  deepseek_v31: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"location": "Lima"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
  doubled: '<tool_call>{{"name": "web_search", "arguments": {{"query": "f"}}}}</tool_call>',
  deepseek_dsml: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="location" string="true">Lyon</｜DSML｜parameter>\n<｜DSML｜parameter name="days" string="false">2</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
  kimi_k2: '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"location": "Kyoto"}<|tool_call_end|><|tool_calls_section_end|>',
  // Kimi K2 Thinking's calls before its </think> (llxprt-code #749).
  kimi_k2_in_think: '<think>Let me look. <|tool_calls_section_begin|> <|tool_call_begin|> functions.get_weather:0 <|tool_call_argument_begin|> {"location": "Oslo"} <|tool_call_end|> <|tool_calls_section_end|></think>',
  invoke: '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="location">Graz</parameter>\n</invoke>\n</minimax:tool_call>',
  minimax_m3: 'Looking.]<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="get_weather">]<]minimax[>[<location>Graz]<]minimax[>[</location>]<]minimax[>[<days>2</days>]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call>',
  gemma: 'Checking.<|tool_call>call:get_weather{location:<|"|>Bergen, "NO"<|"|>,days:2}<tool_call|><|tool_call>call:web_search{query:<|"|>fjords<|"|>}<tool_call|>',
  function_gemma: '<start_function_call>call:web_search{query:<escape>a<escape>}<end_function_call>',
  apertus: '<|tools_prefix|>[{"get_weather": {"location": "Bern"}}, {"web_search": {"query": "Alps"}}]<|tools_suffix|>',
  deepseek_merged: '<｜tool▁calls｜>function<｜tool▁sep｜>web_search\n```json\n{"query": "r1"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
  llama_builtin: '<|python_tag|>web_search.call(query="llama")<|eom_id|>',
  function_name: '<function name="get_weather">{"location": "Oslo"}</function>',
  glm45: '<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>Bergen</arg_value>\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>',
  // Kimi K2.6 with <|tool_call_begin|> lost, after the section's opener and after a call's end (session 34).
  kimi_k2_lost_begin: '<|tool_calls_section_begin|>get_weather:0<|tool_call_argument_begin|>{"location": "Paris"}<|tool_call_end|>\nfunctions.web_search:1 {"query": "Paris"}<|tool_call_end|><|tool_calls_section_end|>',
  hermes_xml_fence: 'Checking.\n```xml\n<tool_call>\n{"name": "web_search", "arguments": {"query": "fences"}}\n</tool_call>\n```',
};

/** Formats whose last call has no closing markup: its JSON's end is only known when more text (or the end) comes. */
const OPEN_ENDED: ReadonlySet<string> = new Set(['mistral', 'mistral_args', 'mistral_no_args', 'mistral_call_id']);

function chunked(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function run(parts: readonly string[]) {
  const stream = createToolCallStream({ tools });
  const events: Array<ToolCallStreamEvent & { at: number }> = [];
  let at = 0;
  for (const part of parts) {
    at += part.length;
    for (const e of stream.push(part)) events.push({ ...e, at });
  }
  return { events, result: stream.end() };
}

describe('tool-call stream: every format', () => {
  for (const [format, reply] of Object.entries(REPLIES)) {
    for (const size of [1, 3, 7, reply.length]) {
      test(`${format} in ${size}-character chunks: call events and end() agree with extractToolCalls`, () => {
        const whole = extractToolCalls(reply, { tools });
        const { events, result } = run(chunked(reply, size));
        assert.deepEqual(result, whole);
        const called = events.filter((e) => e.type === 'call').map((e) => e.type === 'call' && [e.index, e.call.name, e.call.arguments]);
        const expected = whole.calls.map((c, i) => [i, c.name, c.arguments]);
        // A call that ends the reply without closing markup (Mistral) is complete only with end().
        assert.deepEqual(called, OPEN_ENDED.has(format) ? expected.slice(0, called.length) : expected);
        if (OPEN_ENDED.has(format)) assert.ok(called.length >= whole.calls.length - 1);
        assert.deepEqual(events.filter((e) => e.type === 'error'), []);
      });
    }
  }
});

// Session 24: the call reported at its JSON's close stayed as reported when text after the close
// (a closer written early, `}, "days": 2}`) made the whole reading differ: the event lost `days`.
// Session 38: the call then waited for the span's close when that text goes on as JSON (it had been
// reported, then taken back with an error event).
describe('tool-call stream: text after the JSON closes', () => {
  const reply = '<tool_call>\n{"name": "get_weather", "arguments": {"location": "Oslo"}}, "days": 2}\n</tool_call>';
  const whole = { location: 'Oslo', days: 2 };

  test('arriving later: text going on as JSON holds the call until its span closes; it is reported as the whole text reads it', () => {
    for (const size of [1, 3]) {
      const { events, result } = run(chunked(reply, size));
      const mine = events.filter((e) => e.type === 'call' || e.type === 'error');
      assert.deepEqual(mine.map((e) => [e.type, e.index, e.type === 'call' && e.call.arguments]), [['call', 0, whole]]);
      assert.ok(mine[0].at >= reply.indexOf('</tool_call>') + '</tool_call>'.length - size + 1);
      assert.deepEqual(result.calls.map((c) => c.arguments), [whole]);
    }
  });

  test('prose after the close: the call is reported at the prose, before the closer', () => {
    const prose = '<tool_call>\n{"name": "get_weather", "arguments": {"location": "Oslo"}} and "days": 2}\n</tool_call>';
    const { events, result } = run(chunked(prose, 1));
    const mine = events.filter((e) => e.type === 'call' || e.type === 'error');
    assert.deepEqual(mine.map((e) => [e.type, e.index, e.at]), [['call', 0, prose.indexOf(' and') + 2]]);
    assert.deepEqual(result.calls.map((c) => c.arguments), [{ location: 'Oslo' }]);
  });

  test('in the same chunk: the call as the whole text reads it', () => {
    const after = reply.indexOf('2}') + 2;
    for (const parts of [[reply], [reply.slice(0, after), reply.slice(after)]]) {
      const { events, result } = run(parts);
      assert.deepEqual(events.filter((e) => e.type === 'call').map((e) => e.type === 'call' && e.call.arguments), [whole]);
      assert.deepEqual(events.filter((e) => e.type === 'error'), []);
      assert.deepEqual(result.calls.map((c) => c.arguments), [whole]);
    }
  });

  test('property: whatever the chunking, the last call event or error per index agrees with end()', () => {
    const replies = [reply, REPLIES.hermes, '<tool_call>{"name": "web_search", "arguments": {"query": "a"}}}</tool_call>'];
    fc.assert(
      fc.property(fc.constantFrom(...replies), fc.integer({ min: 1, max: 9 }), (text, size) => {
        const { events, result } = run(chunked(text, size));
        const last = new Map<number, unknown>();
        for (const e of events) if (e.type === 'call') last.set(e.index, e.call.arguments);
        else if (e.type === 'error') last.set(e.index, 'error');
        result.calls.forEach((c, i) => {
          const seen = last.get(i);
          // An error event says the early call changed: end() then has the whole reading.
          if (seen !== 'error') assert.deepEqual(seen, c.arguments);
        });
      }),
      { seed: 24, numRuns: 100 },
    );
  });
});

describe('tool-call stream: as soon as possible', () => {
  // Session 38: the call came at its JSON's `}`, before what follows could show it goes on (a `,`, a
  // second object) or, in a span no markup closes, at end(), too late for an error event to take it back.
  test('hermes: the call is reported once its closer comes (or the text after its JSON shows it is over), as end() has it', () => {
    const reply = REPLIES.hermes;
    const { events, result } = run(chunked(reply, 1));
    const calls = events.filter((e) => e.type === 'call');
    const closer = reply.indexOf('</tool_call>') + '</tool_call>'.length;
    assert.equal(calls[0].at, closer);
    assert.deepEqual(calls.map((e) => e.type === 'call' && e.call), result.calls);
  });

  test('harmony: the call is reported with <|call|>', () => {
    const reply = REPLIES.harmony;
    const { events } = run(chunked(reply, 1));
    const call = events.find((e) => e.type === 'call');
    assert.ok(call && call.at === reply.indexOf('<|call|>') + '<|call|>'.length);
  });

  test('a span no markup closes: a call whose JSON the text after goes on from waits for end(), which reads it otherwise', () => {
    // `[TOOL_CALLS]ping[ARGS]{}` then a second object: the arguments are an array of both.
    const text = '[TOOL_CALLS]get_weather[ARGS]{"location": "Oslo"}\n{"name": "web_search", "arguments": {"query": "x"}}';
    const list = '[TOOL_CALLS][{"name": "web_search", "arguments": {"query": "a"}}]\n{"name": "get_weather", "arguments": {"location": "b"}}';
    for (const reply of [text, list]) {
      for (const size of [1, 3]) {
        const stream = createToolCallStream({ tools });
        const events: ToolCallStreamEvent[] = [];
        for (const part of chunked(reply, size)) events.push(...stream.push(part));
        let final: unknown[] = [];
        try {
          final = stream.end().calls.map((c) => [c.name, c.arguments]);
        } catch {
          // the whole text is an error: no call of it stands
        }
        const errored = new Set(events.flatMap((e) => (e.type === 'error' ? [e.index] : [])));
        for (const e of events) {
          if (e.type !== 'call' || errored.has(e.index)) continue;
          assert.ok(final.some((c) => JSON.stringify(c) === JSON.stringify([e.call.name, e.call.arguments])), `${size}: ${JSON.stringify([e.call.name, e.call.arguments])} is not in end()'s ${JSON.stringify(final)}`);
        }
        // The value after the list is not one of its calls.
        if (reply === list) assert.deepEqual(events.filter((e) => e.type === 'call').map((e) => e.type === 'call' && e.call.name).filter((n) => n === 'get_weather'), []);
      }
    }
  });

  // Review, session 39: text around a closed list (a quote, a colon, a closer) is set aside by extraction
  // and end(), the calls kept; taking them back there cancelled real calls.
  test('a Mistral list then text that starts with a quote, a colon or a closer: its calls stand, no error event', () => {
    for (const tail of ['\n"done"', "\n'ok'", ': that is all', ']', '"quoted" words after', ']}']) {
      const reply = `[TOOL_CALLS][{"name": "web_search", "arguments": {"query": "a"}}]${tail}`;
      for (const size of [1, 3]) {
        const stream = createToolCallStream({ tools });
        const events: ToolCallStreamEvent[] = [];
        for (const part of chunked(reply, size)) events.push(...stream.push(part));
        assert.deepEqual(events.filter((e) => e.type === 'error'), [], `${JSON.stringify(tail)} in ${size}`);
        assert.deepEqual(events.filter((e) => e.type === 'call').map((e) => e.type === 'call' && e.call.name), ['web_search'], `${JSON.stringify(tail)} in ${size}`);
        assert.deepEqual(stream.end().calls.map((c) => c.name), ['web_search']);
      }
    }
  });

  test('mistral: the first element of the list is reported before the second is written', () => {
    const reply = REPLIES.mistral;
    const { events } = run(chunked(reply, 1));
    const first = events.find((e) => e.type === 'call' && e.index === 0);
    assert.ok(first && first.at < reply.indexOf('get_weather'));
  });

  test('qwen3_coder: each closed parameter shows in the partial arguments; the call at </function>', () => {
    const reply = REPLIES.qwen3_coder;
    const { events } = run(chunked(reply, 1));
    const partials = events.filter((e) => e.type === 'arguments').map((e) => e.type === 'arguments' && e.arguments);
    assert.deepEqual(partials, [{ location: 'Oslo' }, { location: 'Oslo', days: 4 }]);
    const call = events.find((e) => e.type === 'call');
    assert.ok(call && call.at <= reply.indexOf('</function>') + '</function>'.length);
  });

  test('qwen3_coder: many parameters: partial arguments past 16 come as an eighth more arrive (linear in them; the audit)', () => {
    const k = 100;
    const reply = '<function=ls>' + Array.from({ length: k }, (_, i) => `<parameter=a${i}>x</parameter>`).join('') + '</function>';
    const s = createToolCallStream({ tools: [{ name: 'ls' }] });
    const events: ToolCallStreamEvent[] = [];
    for (let i = 0; i < reply.length; i += 16) events.push(...s.push(reply.slice(i, i + 16)));
    const result = s.end();
    const sizes = events.flatMap((e) => (e.type === 'arguments' ? [Object.keys(e.arguments as object).length] : []));
    assert.deepEqual(sizes.slice(0, 16), Array.from({ length: 16 }, (_, i) => i + 1));
    assert.ok(sizes.length < 40 && sizes.every((n, i) => i === 0 || n > sizes[i - 1]), String(sizes));
    // Each event's value is its own: later parameters do not change it.
    const first = events.find((e) => e.type === 'arguments');
    assert.deepEqual(first?.type === 'arguments' && first.arguments, { a0: 'x' });
    assert.equal(Object.keys(result.calls[0].arguments as object).length, k);
  });

  test('arguments nested past what JSON.stringify can compare are read, not a RangeError (the audit)', () => {
    const d = 16_000;
    const reply = '<tool_call>{"name":"ls","arguments":{"a":' + '['.repeat(d) + ']'.repeat(d) + '}}</tool_call>';
    const s = createToolCallStream({ tools: [{ name: 'ls' }] });
    s.push(reply);
    assert.equal(s.end().calls.length, 1);
  });

  test('partial arguments grow before the call completes, strings included', () => {
    const { events } = run(chunked(REPLIES.deepseek_v31, 2));
    const partials = events.filter((e) => e.type === 'arguments').map((e) => e.type === 'arguments' && (e.arguments as { location?: string }).location);
    assert.ok(partials.length >= 3);
    assert.ok(partials.some((p) => typeof p === 'string' && p.length > 0 && p !== 'Lima'), 'a partial string showed');
    const iStart = events.findIndex((e) => e.type === 'call_start');
    const iCall = events.findIndex((e) => e.type === 'call');
    assert.ok(iStart >= 0 && iStart < events.findIndex((e) => e.type === 'arguments') && iCall > iStart);
  });

  test('call_start names the tool once its name is complete (never a half name)', () => {
    const { events } = run(chunked(REPLIES.hermes, 1));
    const starts = events.filter((e) => e.type === 'call_start').map((e) => e.type === 'call_start' && e.name);
    assert.deepEqual(starts, ['get_weather', 'web_search']);
  });
});

describe('tool-call stream: errors and misuse', () => {
  test('an unknown tool is an error event, and end() throws as extractToolCalls does', () => {
    const stream = createToolCallStream({ tools });
    const events = stream.push('<tool_call>{"name": "nope", "arguments": {}}</tool_call>');
    assert.deepEqual(events.filter((e) => e.type === 'error').map((e) => e.type === 'error' && e.error.code), ['SCHEMA_MISMATCH']);
    assert.throws(() => stream.end(), { code: 'SCHEMA_MISMATCH' });
  });

  test('cut off: end() throws the error naming the call', () => {
    const stream = createToolCallStream({ tools });
    stream.push('<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": "Ma');
    assert.throws(() => stream.end(), /"get_weather".*cut off/);
  });

  test('push after end, non-string chunk', () => {
    const stream = createToolCallStream({ tools });
    assert.throws(() => stream.push(3 as never), { code: 'INVALID_ARGUMENT' });
    stream.end();
    assert.throws(() => stream.push('x'), { code: 'STREAM_CLOSED' });
    assert.throws(() => stream.end(), { code: 'STREAM_CLOSED' });
  });

  test('bare JSON calls come with end()', () => {
    const stream = createToolCallStream({ tools });
    assert.deepEqual(stream.push('{"name": "web_search", "arguments": {"query": "q"}}').filter((e) => e.type === 'call'), []);
    assert.deepEqual(stream.end().calls.map((c) => c.format), ['json']);
  });
});

describe('tool-call stream: property', () => {
  test('any chunking of any format gives the same end() and the same calls as the whole text', () => {
    const replies = Object.values(REPLIES);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: replies.length - 1 }), fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 40 }), (which, sizes) => {
        const reply = replies[which];
        const parts: string[] = [];
        let i = 0;
        for (let k = 0; i < reply.length; k++) {
          const n = sizes[k % sizes.length];
          parts.push(reply.slice(i, i + n));
          i += n;
        }
        const whole = extractToolCalls(reply, { tools });
        const { events, result } = run(parts);
        assert.deepEqual(result, whole);
        const called = events.filter((e) => e.type === 'call').map((e) => e.type === 'call' && e.call.arguments);
        assert.deepEqual(called, whole.calls.map((c) => c.arguments).slice(0, called.length));
      }),
      { seed: 1711882229, numRuns: 200 },
    );
  });
});

// Session 38: a call's text written inside another call's string (a README's example passed to
// write_file) had its `call` event sent, and end() then dropped it as that string's text (held.ts):
// an agent running calls on events would have run a call that never was one.
describe('tool-call stream: a call written in another call\'s string', () => {
  const fileTools = [{ name: 'write_file', schema: { type: 'object', properties: { path: { type: 'string' }, code: { type: 'string' } } } }, { name: 'ping' }];
  const hermes = '<tool_call>{"name": "ping", "arguments": {}}</tool_call>';
  const holders = [
    `<write_file><path>a</path><code>${hermes}</code></write_file>`,
    `<write_file>\n<path>a</path>\n<code>\n${hermes}\n</code>\n</write_file>`,
    JSON.stringify({ name: 'write_file', arguments: { code: hermes } }),
    `Action: write_file\nAction Input: ${JSON.stringify({ path: 'a', code: hermes })}`,
    `[write_file(path="a", code='${hermes}')]`,
    `[write_file(path="a", code='''x\n${hermes}\n''')]`,
    `<write_file><path>a</path><code><|tool_call_begin|>functions.ping:0<|tool_call_argument_begin|>{}<|tool_call_end|></code></write_file>`,
    `[tool_call: write_file for path 'a', code '${hermes}']`,
    `call:write_file{code:<|"|>${hermes}<|"|>}`,
    `{'name': 'write_file', 'arguments': {'code': '${hermes}'}}`,
  ];

  for (const reply of holders) {
    test(`no event for the inner call: ${JSON.stringify(reply).slice(0, 60)}`, () => {
      for (const size of [1, 3]) {
        const stream = createToolCallStream({ tools: fileTools });
        const events: ToolCallStreamEvent[] = [];
        for (const part of chunked(reply, size)) events.push(...stream.push(part));
        const result = stream.end();
        assert.deepEqual(result, extractToolCalls(reply, { tools: fileTools }));
        assert.deepEqual(result.calls.map((c) => c.name), ['write_file']);
        assert.deepEqual(events.filter((e) => e.type !== 'arguments').map((e) => e.type), [], `${size}-character chunks`);
      }
    });
  }

  test('a call before or after the holder is reported as usual; one in a reasoning draft holds nothing', () => {
    const before = `${hermes}\n<write_file>\n<code>${hermes}</code>\n</write_file>\n${hermes}`;
    const draft = `<think>The user wants {"a: 1} and <write_file>\n</think>\n${hermes}`;
    const apostrophes = `Sure [it's done] (I'll call 'ping')\n${hermes}`;
    for (const [reply, reported] of [[before, 2], [draft, 1], [apostrophes, 1]] as const) {
      for (const size of [1, 3]) {
        const stream = createToolCallStream({ tools: fileTools });
        const events: ToolCallStreamEvent[] = [];
        for (const part of chunked(reply, size)) events.push(...stream.push(part));
        const result = stream.end();
        const called = events.flatMap((e) => (e.type === 'call' ? [e.call] : []));
        assert.equal(called.length, reported, `${size}: ${JSON.stringify(reply)}`);
        for (const call of called) assert.ok(result.calls.some((c) => c.span.start === call.span.start && c.name === call.name));
      }
    }
  });

  test('the same markup inside the string, ending the outer call early: the inner call gets no event', () => {
    const reply = `<tool_call name="write_file">{"path": "a", "code": "<b>x</b> ${hermes.replaceAll('"', '\\"')}"}</tool_call>`;
    for (const size of [1, 3]) {
      const stream = createToolCallStream({ tools: fileTools });
      const events: ToolCallStreamEvent[] = [];
      for (const part of chunked(reply, size)) events.push(...stream.push(part));
      assert.throws(() => stream.end());
      assert.deepEqual(events.filter((e) => e.type === 'call'), []);
    }
  });
});

// Session 38: a list's elements reported as each closed stayed reported when the text after the list
// made the span unreadable (`[{…}]⏎{"note": "x"}</s>`): the span's error came with a new index, and
// nothing took the reported calls back.
describe('tool-call stream: a list\'s elements and the span read whole', () => {
  test('text after the list that makes the span an error takes each reported element back, by its index', () => {
    for (const reply of [
      '[TOOL_CALLS][{"name": "web_search", "arguments": {"query": "a"}}]\n{"note": "x"}</s>',
      '[TOOL_CALLS][{"name": "web_search", "arguments": {"query": "a"}}, {"name": "get_weather", "arguments": {"location": "b"}}], "b": 2}</s>',
    ]) {
      assert.throws(() => extractToolCalls(reply, { tools }));
      for (const size of [1, 3]) {
        const stream = createToolCallStream({ tools });
        const events: ToolCallStreamEvent[] = [];
        for (const part of chunked(reply, size)) events.push(...stream.push(part));
        assert.throws(() => stream.end());
        const called = events.flatMap((e) => (e.type === 'call' ? [e.index] : []));
        const failed = new Set(events.flatMap((e) => (e.type === 'error' ? [e.index] : [])));
        assert.ok(called.length > 0, `${size}: ${JSON.stringify(reply)}`);
        for (const index of called) assert.ok(failed.has(index), `${size}: call ${index} of ${JSON.stringify(reply)} was not taken back`);
      }
    }
  });
  // Session 39: with no closing markup after it (Mistral's list ends the reply), the span closes only
  // at end(), which returns no events: the elements stayed reported and end() threw. They are taken
  // back, by their index, as soon as the text after the list goes on as JSON.
  test('a span no markup closes: text after the list going on as JSON takes each reported element back at once', () => {
    const first = '[TOOL_CALLS][{"name": "web_search", "arguments": {"query": "a"}}';
    for (const reply of [`${first}]\n{"note": "x"}`, `${first}, {"name": "get_weather", "arguments": {"location": "b"}}]{"x": 1}`, `${first}]\n[1, 2]`,
      `${first}] {"name": "get_weather", "arguments": {"location": "b"}}`, `${first}], {"x": 1}`, '<tool_call>[{"name": "web_search", "arguments": {"query": "a"}}]\n{"x": 1}']) {
      assert.throws(() => extractToolCalls(reply, { tools }));
      for (const size of [1, 3, reply.length]) {
        const stream = createToolCallStream({ tools });
        const events: ToolCallStreamEvent[] = [];
        for (const part of chunked(reply, size)) events.push(...stream.push(part));
        assert.throws(() => stream.end());
        const failed = new Set(events.flatMap((e) => (e.type === 'error' ? [e.index] : [])));
        for (const e of events) if (e.type === 'call') assert.ok(failed.has(e.index), `${size}: call ${e.index} of ${JSON.stringify(reply)} was not taken back`);
      }
    }
    // A list the reply ends with, or one the next `[TOOL_CALLS]` or `</s>` follows, keeps its calls.
    for (const reply of [`${first}]`, `${first}][TOOL_CALLS][{"name": "get_weather", "arguments": {"location": "b"}}]`, `${first}]</s>`]) {
      const { events } = run(chunked(reply, 1));
      assert.deepEqual(events.filter((e) => e.type === 'error'), []);
      assert.ok(events.some((e) => e.type === 'call' && e.index === 0));
    }
  });
});
