// gpt-oss's analysis message is its reasoning (session 40): a call drafted there is no call.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ToolCallOptions } from '../../src/index.js';
import { readBoth } from './read-both.js';

const tools: ToolCallOptions['tools'] = [{ name: 'get_weather' }, { name: 'run' }];
const draft = '<tool_call>{"name": "run", "arguments": {"cmd": "rm -rf build"}}</tool_call>';
const real = '<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Rome"}<|call|>';

function shown(text: string): [Array<[string, string, unknown]>, string] {
  const r = readBoth(text, tools);
  return [r.calls.map((c) => [c.format, c.name, c.arguments]), r.text];
}

describe('a call written in gpt-oss\'s analysis channel is a draft, as in <think>', () => {
  test('a <tool_call> drafted in the analysis message: no call (it was run)', () => {
    const reply = `<|channel|>analysis<|message|>Maybe ${draft}<|end|><|start|>assistant<|channel|>final<|message|>Done.`;
    assert.deepEqual(shown(reply), [[], reply]);
    // Left open at the reply's end, it is reasoning still.
    assert.deepEqual(shown(`<|channel|>analysis<|message|>I will ${draft}`)[0], []);
  });

  test('the real call after it is read, whether or not the analysis message ended with <|end|>', () => {
    assert.deepEqual(shown(`<|channel|>analysis<|message|>Need ${draft} the weather.<|end|>${real}`),
      [[['harmony', 'get_weather', { city: 'Rome' }]], `<|channel|>analysis<|message|>Need ${draft} the weather.<|end|>`]);
    assert.deepEqual(shown(`<|channel|>analysis<|message|>Need the weather.${real}`),
      [[['harmony', 'get_weather', { city: 'Rome' }]], '<|channel|>analysis<|message|>Need the weather.']);
    assert.deepEqual(shown('<|channel|>analysis<|message|>Need it.<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Rome"}<|call|>')[0],
      [['harmony', 'get_weather', { city: 'Rome' }]]);
  });

  test('a call in the final channel, or `analysis<|message|>` not after <|channel|>: read as before', () => {
    assert.deepEqual(shown(`<|channel|>analysis<|message|>ok<|end|><|start|>assistant<|channel|>final<|message|>${draft}`)[0], [['hermes', 'run', { cmd: 'rm -rf build' }]]);
    assert.deepEqual(shown(`The analysis<|message|> token, then ${draft}`)[0], [['hermes', 'run', { cmd: 'rm -rf build' }]]);
  });
});
