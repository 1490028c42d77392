// A call object's own members (session 40): which call a list cut off names.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonMendError, createToolCallStream, extractToolCalls, type ToolCallOptions } from '../../src/index.js';

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
