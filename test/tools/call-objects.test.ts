// A call object's own members (session 40): a member of the envelope written twice, and which call a
// list cut off names.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonMendError, createToolCallStream, extractToolCalls, type ToolCallOptions, type ToolCallStreamEvent } from '../../src/index.js';
import { readBoth } from './read-both.js';

const tools: ToolCallOptions['tools'] = [
  { name: 'get_weather', schema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city'] } },
  { name: 'web_search', schema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } },
  { name: 'run', schema: { type: 'object', properties: { cmd: { type: 'string' } } } },
];

/** The error extractToolCalls throws on `text`, after checking the stream in 1- and 3-character chunks ends with the same. */
function errorOf(text: string): JsonMendError {
  let whole: unknown;
  try {
    extractToolCalls(text, { tools });
  } catch (error) {
    whole = error;
  }
  assert.ok(whole instanceof JsonMendError, 'extractToolCalls throws');
  for (const size of [1, 3]) {
    const s = createToolCallStream({ tools });
    for (let k = 0; k < text.length; k += size) s.push(text.slice(k, k + size));
    assert.throws(() => s.end(), (e: unknown) => e instanceof JsonMendError && e.message === whole.message, `in ${size}-character chunks`);
  }
  return whole;
}

function shown(text: string): Array<[string, unknown]> {
  return readBoth(text, tools).calls.map((c) => [c.name, c.arguments]);
}

describe('a call object that writes its name or arguments twice is an error, not the later one read', () => {
  test('two calls run together in one object: the first was dropped without a word', () => {
    const e = errorOf('<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}, "name": "web_search", "arguments": {"query": "x"}}</tool_call>');
    assert.equal(e.code, 'UNREPAIRABLE');
    assert.match(e.message, /hermes tool call at line 1 writes "name" twice in one object \("get_weather", then "web_search"\)/);
  });

  test('a name written over: the first tool\'s arguments went to the second', () => {
    // `run` takes any members, so the schema said nothing: run({city: "Oslo"}).
    assert.match(errorOf('<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}, "name": "run"}</tool_call>').message, /writes "name" twice/);
    assert.match(errorOf('{"name": "get_weather", "arguments": {"cmd": "ls"}, "name": "run"}').message, /json tool call at line 1 writes "name" twice/);
  });

  test('an apostrophe in a bracketed note before the call opens no string that hides the repeat', () => {
    assert.match(errorOf('<tool_call>[Note: it\'s two] {"name": "get_weather", "arguments": {"city": "Oslo"}, "name": "run"}</tool_call>').message, /writes "name" twice/);
  });

  test('arguments written twice, in every format that reads call objects', () => {
    assert.match(errorOf('[TOOL_CALLS][{"name": "run", "arguments": {"cmd": "ls"}, "arguments": {"cmd": "rm -rf build"}}]').message, /mistral tool call at line 1 writes "arguments" twice in one object \(\{"cmd": "ls"\}, then \{"cmd": "rm -rf build"\}\)/);
    assert.match(errorOf('<|python_tag|>{"name": "run", "parameters": {"cmd": "ls"}, "name": "run", "parameters": {"cmd": "pwd"}}').message, /llama tool call at line 1 writes "parameters" twice/);
    assert.match(errorOf('{"name": "run", "arguments": {"cmd": "ls"}, "name": "run", "arguments": {"cmd": "pwd"}}').message, /json tool call at line 1 writes "arguments" twice/);
    assert.match(errorOf('functools[{"name": "run", "arguments": {"cmd": "ls"}}, {"name": "run", "arguments": {"cmd": "a"}, "arguments": {"cmd": "b"}}]').message, /writes "arguments" twice/);
    // Keys bare or in single quotes, as the tolerant parser reads them.
    assert.match(errorOf("<tool_call>{name: 'get_weather', arguments: {city: 'Oslo'}, name: 'run'}</tool_call>").message, /writes "name" twice/);
  });

  test('the same member written twice alike, a key repeated inside the arguments, or in a string: read as before', () => {
    assert.deepEqual(shown('<tool_call>{"name": "run", "arguments": {"cmd": "ls"}, "name": "run"}</tool_call>'), [['run', { cmd: 'ls' }]]);
    assert.deepEqual(shown('<tool_call>{"name": "run", "arguments": {"cmd": "ls"}, "arguments": {"cmd":"ls"}}</tool_call>'), [['run', { cmd: 'ls' }]]);
    // The arguments' own keys are read as JSON reads them (the later stands), as for any value.
    assert.deepEqual(shown('<tool_call>{"name": "run", "arguments": {"cmd": "a", "cmd": "b"}}</tool_call>'), [['run', { cmd: 'b' }]]);
    assert.deepEqual(shown('<tool_call>{"name": "run", "arguments": {"cmd": "x\\", \\"name\\": \\"y", "name": 1, "name": 2}}</tool_call>'), [['run', { cmd: 'x", "name": "y', name: 2 }]]);
    assert.deepEqual(shown('[TOOL_CALLS][{"name": "run", "arguments": {"cmd": "ls"}}, {"name": "get_weather", "arguments": {"city": "Oslo"}}]'), [['run', { cmd: 'ls' }], ['get_weather', { city: 'Oslo' }]]);
  });

  test('a comment after one of two alike values leaves them alike (review): it was a "written twice" error', () => {
    assert.deepEqual(shown('<tool_call>{"name": "run" /* the tool */, "arguments": {"cmd": "ls"}, "name": "run"}</tool_call>'), [['run', { cmd: 'ls' }]]);
    assert.deepEqual(shown('<tool_call>{"name": "run", "arguments": {"cmd": "ls"} // first\n, "arguments": {"cmd": "ls"}}</tool_call>'), [['run', { cmd: 'ls' }]]);
    // A value that takes any other repair to read is not known to be the same.
    assert.match(errorOf('<tool_call>{"name": "run", "arguments": {"cmd": "ls"}, "name": "run" x}</tool_call>').message, /writes "name" twice/);
  });

  test('streamed, a list element that writes its name twice is no call event: an error event, as end() throws', () => {
    const reply = '[TOOL_CALLS][{"name": "web_search", "arguments": {"cmd": "ls"}, "name": "run"}, {"name": "run", "arguments": {"cmd": "pwd"}}]';
    for (const size of [1, 3, reply.length]) {
      const s = createToolCallStream({ tools });
      const events: ToolCallStreamEvent[] = [];
      for (let k = 0; k < reply.length; k += size) events.push(...s.push(reply.slice(k, k + size)));
      assert.deepEqual(events.filter((e) => e.type === 'call' && e.index === 0), [], `in ${size}-character chunks`);
      assert.throws(() => s.end(), /writes "name" twice/);
    }
  });
});

describe('a list of calls cut off: the error names the call cut off, its last', () => {
  const cases: Array<[string, RegExp]> = [
    ['[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Oslo"}}, {"name": "web_search", "arguments": {"query": "ti', /the call to "web_search" \(mistral, line 1\) is cut off/],
    ['[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Oslo"}}, {"name": "web_', /mistral tool call at line 1 is cut off before its arguments: its name so far, "web_"/],
    ['<tool_call>[{"name": "get_weather", "arguments": {"city": "Oslo"}}, {"name": "web_search", "arguments": {"query": "ti', /the call to "web_search" \(hermes, line 1\) is cut off/],
    ['<|python_tag|>{"name": "get_weather", "parameters": {"city": "Oslo"}}; {"name": "web_search", "parameters": {"query": "ti', /the call to "web_search" \(llama, line 1\) is cut off/],
    ['<|tools_prefix|>[{"get_weather": {"city": "Oslo"}}, {"web_search": {"query": "ti', /the call to "web_search" \(apertus, line 1\) is cut off/],
  ];
  for (const [reply, message] of cases) {
    test(reply.slice(0, 40), () => {
      const e = errorOf(reply);
      assert.equal(e.code, 'UNREPAIRABLE');
      assert.match(e.message, message);
    });
  }
});
