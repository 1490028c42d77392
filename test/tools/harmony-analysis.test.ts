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

// Session 42: the same with the special tokens stripped by the server (`analysisWe need…assistantcommentary
// to=functions.f json{…}`). The stripped analysis message was not seen as reasoning: a call drafted there
// (a <tool_call>, a call object, `commentary to=functions.f json{…}` in the model's words) was run.
describe('gpt-oss with its tokens stripped: a call in the analysis message is a draft, the commentary call after it is read', () => {
  const stripped = 'assistantcommentary to=functions.get_weather json{"city":"Rome"}';
  const rome: Array<[string, string, unknown]> = [['harmony', 'get_weather', { city: 'Rome' }]];

  test('a <tool_call>, a call object or a commentary call drafted in the analysis: no call; the one after it is read', () => {
    for (const analysis of [`analysisNeed the weather. ${draft}`, 'analysisDraft: {"name": "run", "arguments": {"cmd": "rm -rf build"}}', 'analysisI could write commentary to=functions.run json{"cmd":"rm -rf build"} but no.']) {
      assert.deepEqual(shown(`${analysis}${stripped}`), [rome, analysis], analysis);
    }
    // Ending with the final message, no call at all.
    assert.deepEqual(shown(`analysis${draft}assistantfinalDone.`), [[], `analysis${draft}assistantfinalDone.`]);
    // Left open at the reply's end, it is reasoning still.
    assert.deepEqual(shown(`analysisI will ${draft}`)[0], []);
  });

  test('a second analysis message, and a commentary call whose message start was left out (glued to the text)', () => {
    const reply = `analysisTry.${stripped}assistantanalysisNow ${draft} again.assistantcommentary to=functions.get_weather json{"city":"Oslo"}`;
    assert.deepEqual(shown(reply)[0], [...rome, ['harmony', 'get_weather', { city: 'Oslo' }]]);
    assert.deepEqual(shown('analysisNeed it.commentary to=functions.get_weather json{"city":"Rome"}'), [rome, 'analysisNeed it.']);
  });

  test('a reply that merely starts with the word analysis: read as before', () => {
    for (const reply of [`analysis of the logs: ${draft}`, `analysisfirst ${draft}`, `analysis: ${draft}`, `analysis.\n${draft}`]) assert.deepEqual(shown(reply)[0], [['hermes', 'run', { cmd: 'rm -rf build' }]], reply);
  });
});
