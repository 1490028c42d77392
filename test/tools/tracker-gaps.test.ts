// Replies seen in trackers that gave no call and no error, or left markup in the text (session 35).
// Each case is written in our own words, modelled on the shapes the threads show.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonMendError, createToolCallStream, extractToolCalls, type ToolCallOptions } from '../../src/index.js';
import { readBoth } from './read-both.js';

const weather = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] };
const tools: ToolCallOptions['tools'] = [
  { name: 'get_weather', schema: weather },
  { name: 'run_command', schema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } },
  { name: 'resolve-library-id', schema: { type: 'object', properties: { name: { type: 'string' } } } },
];

function read(text: string, given: ToolCallOptions['tools'] = tools): ReturnType<typeof extractToolCalls> {
  return readBoth(text, given);
}

function shown(text: string, given?: ToolCallOptions['tools']): [Array<[string, string, unknown, string[]]>, string] {
  const r = read(text, given);
  return [r.calls.map((c) => [c.format, c.name, c.arguments, c.rewrites]), r.text];
}

function throwsCode(text: string, code: string, pattern: RegExp, given: ToolCallOptions['tools'] = tools): void {
  assert.throws(() => extractToolCalls(text, { tools: given }), (e: unknown) => {
    assert.ok(e instanceof JsonMendError);
    assert.equal(e.code, code);
    assert.match(e.message, pattern);
    return true;
  });
}

describe('qwen3_coder: the newline after <parameter=KEY> is markup with spaces before it too', () => {
  test('spaces or a tab after the tag, then its newline: not the value\'s (vLLM strips the one newline; the spaces are the tag line\'s)', () => {
    const reply = (v: string) => `<tool_call>\n<function=get_weather>\n<parameter=city>${v}</parameter>\n</function>\n</tool_call>`;
    assert.deepEqual(shown(reply('  \nParis\n')), [[['qwen3_coder', 'get_weather', { city: 'Paris' }, []]], '']);
    assert.deepEqual(shown(reply('\t\r\nParis\r\n')), [[['qwen3_coder', 'get_weather', { city: 'Paris' }, []]], '']);
    // The value's own spaces and blank lines stay: only the one newline is markup.
    assert.deepEqual(shown(reply('\n  Paris  \n')), [[['qwen3_coder', 'get_weather', { city: '  Paris  ' }, []]], '']);
    assert.deepEqual(shown(reply(' \n\nParis\n')), [[['qwen3_coder', 'get_weather', { city: '\nParis' }, []]], '']);
    assert.deepEqual(shown(reply(' Paris ')), [[['qwen3_coder', 'get_weather', { city: ' Paris ' }, []]], '']);
  });
});

describe('<tools>…</tools> around the calls (echoed from the prompt) leaves the text with them', () => {
  test('around <tool_call> blocks, a bare call object and a Python list', () => {
    const call = [['hermes', 'get_weather', { city: 'Paris' }, []]];
    assert.deepEqual(shown('Checking.\n<tools>\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n</tools>'), [call, 'Checking.']);
    assert.deepEqual(shown('<tools>\n<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>\n<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>\n</tools>\nDone.')[1], 'Done.');
    assert.deepEqual(shown('<tools>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tools>'), [[['json', 'get_weather', { city: 'Paris' }, []]], '']);
    assert.deepEqual(shown('<tools>\n[get_weather(city="Paris")]\n</tools>'), [[['pythonic', 'get_weather', { city: 'Paris' }, []]], '']);
  });
  test('the tag with no call beside it stays prose', () => {
    assert.deepEqual(shown('Your <tools> list is empty.'), [[], 'Your <tools> list is empty.']);
    assert.deepEqual(shown('<tools>\nnone\n</tools>\n<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>')[1], '<tools>\nnone\n</tools>');
  });
});

describe("a Python list of calls after Gemma's call token: the token leaves the text with the calls", () => {
  test('<|tool_call>call:[…] and <|tool_call>[…]<tool_call|>', () => {
    const call = [['pythonic', 'get_weather', { city: 'Paris' }, []]];
    assert.deepEqual(shown('<|tool_call>call:[get_weather(city="Paris")]'), [call, '']);
    assert.deepEqual(shown('Let me check.\n<|tool_call>call:\n[get_weather(city="Paris")]<tool_call|>'), [call, 'Let me check.']);
    // Before, no call and no error.
    assert.deepEqual(shown('<|tool_call>[get_weather(city="Paris")]<tool_call|>'), [call, '']);
  });
  test('after the token a name no tool has is the error naming the tools, not text', () => {
    throwsCode('<|tool_call>call:[rm(path="/")]', 'SCHEMA_MISMATCH', /"rm".*"get_weather"/);
  });
});

describe("a tool's name with _ written for - (or the reverse) in every format, as in pythonic calls (name_separator)", () => {
  const named = (name: string): unknown => [[name, { city: 'Paris' }, ['name_separator']]];
  test('hermes, qwen3_coder, mistral, gemma, invoke, arrow, bare json', () => {
    const replies = [
      '<tool_call>{"name": "get-weather", "arguments": {"city": "Paris"}}</tool_call>',
      '<tool_call>\n<function=get-weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>',
      '[TOOL_CALLS]get-weather[ARGS]{"city": "Paris"}',
      '<|tool_call>call:get-weather{city:<|"|>Paris<|"|>}<tool_call|>',
      '<invoke name="get-weather">\n<parameter name="city">Paris</parameter>\n</invoke>',
      '[TOOL_CALL]{tool => "get-weather", args => {--city "Paris"}}[/TOOL_CALL]',
      '{"name": "get-weather", "arguments": {"city": "Paris"}}',
    ];
    for (const reply of replies) {
      const r = read(reply);
      assert.deepEqual(r.calls.map((c) => [c.name, c.arguments, c.rewrites]), named('get_weather'), reply);
      assert.equal(r.text, '', reply);
    }
    const r = read('<tool_call>{"name": "resolve_library_id", "arguments": {"name": "react"}}</tool_call>');
    assert.deepEqual(r.calls.map((c) => [c.name, c.rewrites]), [['resolve-library-id', ['name_separator']]]);
  });
  test('the stream starts the call under the tool\'s name', () => {
    const s = createToolCallStream({ tools });
    const starts = s.push('<tool_call>\n<function=get-weather>\n<parameter=city>\nParis\n</parameter>\n').filter((e) => e.type === 'call_start');
    assert.deepEqual(starts.map((e) => e.type === 'call_start' && e.name), ['get_weather']);
  });
  test('two tools alike, or a name alike none, stays the error naming the tools', () => {
    throwsCode('<tool_call>{"name": "get-wether", "arguments": {}}</tool_call>', 'SCHEMA_MISMATCH', /"get-wether"/);
    const both = [{ name: 'a-b_c' }, { name: 'a_b-c' }];
    throwsCode('<tool_call>{"name": "a_b_c", "arguments": {}}</tool_call>', 'SCHEMA_MISMATCH', /"a_b_c"/, both);
    assert.deepEqual(read('<tool_call>{"name": "a_b-c", "arguments": {}}</tool_call>', both).calls.map((c) => [c.name, c.rewrites]), [['a_b-c', []]]);
  });
});

describe("DeepSeek DSML with its bars written | or ‖, and spellings mixed in one reply (GenericAgent #804)", () => {
  const call = [['deepseek_dsml', 'get_weather', { city: 'Paris', days: 3 }, []]];
  test('ASCII bars throughout, ‖ bars, and ｜ mixed with | in one call', () => {
    const reply = (open: string, param: string, close: string) => [
      'Checking.',
      `<${open}DSML${open}function_calls>`,
      `<${open}DSML${open}invoke name="get_weather">`,
      `<${param}DSML${param}parameter name="city" string="true">Paris</${close}DSML${close}parameter>`,
      `<${close}DSML${close}parameter name="days" string="false">3</${param}DSML${param}parameter>`,
      `</${close}DSML${close}invoke>`,
      `</${param}DSML${param}function_calls>`,
    ].join('\n');
    assert.deepEqual(shown(reply('|', '|', '|')), [call, 'Checking.']);
    assert.deepEqual(shown(reply('‖', '‖', '‖')), [call, 'Checking.']);
    assert.deepEqual(shown(reply('｜', '|', '｜')), [call, 'Checking.']);
    assert.deepEqual(shown(reply('|', '｜', '｜')), [call, 'Checking.']);
    assert.deepEqual(shown(reply('||', '||', '||')), [call, 'Checking.']);
  });
  test('cut off in ASCII spelling: the error naming the call', () => {
    throwsCode('<|DSML|invoke name="get_weather">\n<|DSML|parameter name="city" string="true">Par', 'UNREPAIRABLE', /"get_weather".*cut off/);
  });
});

describe("Mistral's call with its [TOOL_CALLS] lost, NAME({…}) on a line standing apart", () => {
  const paris = ['pythonic', 'get_weather', { city: 'Paris' }, ['call_syntax']];
  test('alone, in a list, or after a blank line: the call (rewrite call_syntax); before, no call and no error', () => {
    assert.deepEqual(shown('get_weather({"city": "Paris"})'), [[paris], '']);
    assert.deepEqual(shown('[get_weather({"city": "Paris"})]'), [[paris], '']);
    assert.deepEqual(shown('Sure, let me check.\n\nget_weather({"city": "Paris"})'), [[paris], 'Sure, let me check.']);
    assert.deepEqual(shown("Checking.\n\nget_weather({'city': 'Paris'})\nrun_command(command=\"ls\")\n\nDone."), [[
      ['pythonic', 'get_weather', { city: 'Paris' }, ['call_syntax']], ['pythonic', 'run_command', { command: 'ls' }, []],
    ], 'Checking.\n\nDone.']);
  });
  test('in a paragraph with prose, in a fence, after prose on its line, or naming no tool: text', () => {
    for (const reply of ['Call it so:\nget_weather({"city": "Paris"})', '```python\nget_weather({"city": "Paris"})\n```', 'get_weather({"city": "Paris"}) is how.', 'Hi.\n\nset_alarm({"at": "7:00"})']) {
      assert.deepEqual(shown(reply), [[], reply]);
    }
    // Without tools, nothing is a call.
    assert.deepEqual(shown('get_weather({"city": "Paris"})', []), [[], 'get_weather({"city": "Paris"})']);
  });
  test('cut off by the reply\'s end: the error naming the call', () => {
    throwsCode('Sure.\n\nget_weather({"city": "Par', 'UNREPAIRABLE', /"get_weather".*cut off/);
  });
});
