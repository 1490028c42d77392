// Session 42: reasoning tags as the structure pass reads them (src/extract/structure.ts), around calls.
// The tool-call scanner matched `<think>` in lower case only, so a call drafted in `<THINK>…</THINK>`
// or `<Think>` was run; and a `<think>` nested in another (`<think>a <think>b</think> c</think>`) ended
// the block at the inner closer, so a call drafted in `c` was run too. The structure pass reads tag
// names in any case, and a `</think>` after a block closed as making all before it reasoning.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createToolCallStream, parse, type ToolCallOptions } from '../../src/index.js';
import { readBoth } from './read-both.js';

const tools: ToolCallOptions['tools'] = [{ name: 'get_weather' }, { name: 'run' }];
const draft = '<tool_call>{"name": "run", "arguments": {"cmd": "rm -rf build"}}</tool_call>';
const real = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>';

function shown(text: string): [Array<[string, unknown]>, string] {
  const r = readBoth(text, tools);
  return [r.calls.map((c) => [c.name, c.arguments]), r.text];
}

describe('reasoning tags in any case: a call drafted inside is a draft, the call after it is read', () => {
  test('<THINK>, <Think>, <THINKING>, and a block closed in another case', () => {
    for (const [open, close] of [['<THINK>', '</THINK>'], ['<Think>', '</Think>'], ['<THINKING>', '</THINKING>'], ['<think>', '</THINK>'], ['<REASONING>', '</reasoning>']]) {
      const block = `${open}Maybe ${draft}${close}`;
      assert.deepEqual(shown(`${block}\n${real}`), [[['get_weather', { city: 'Paris' }]], block], block);
      // Never closed: reasoning to the reply's end.
      assert.deepEqual(shown(`${open}I will ${draft}`)[0], [], open);
    }
  });

  test('as the structure pass reads them: parse() takes the value after the block alike', () => {
    assert.deepEqual(parse('<THINK>{"a": 0}</THINK>\n{"a": 1}'), { a: 1 });
    assert.deepEqual(parse('<think>a <think>b</think> {"a": 0} c</think>\n{"a": 1}'), { a: 1 });
  });
});

describe('a <think> nested in another: the block ends at the last closer, not the inner one', () => {
  test('a call drafted after the inner closer is a draft; the call after the block is read', () => {
    const block = `<think>a <think>b</think> ${draft} c</think>`;
    assert.deepEqual(shown(`${block}\n${real}`), [[['get_weather', { city: 'Paris' }]], block]);
    assert.deepEqual(shown(`${block}${real}`)[0], [['get_weather', { city: 'Paris' }]]);
    assert.deepEqual(shown(`<think>a <think>b ${draft}</think> c</think>\n${real}`)[0], [['get_weather', { city: 'Paris' }]]);
    assert.deepEqual(shown(`<THINK>a <think>b</think>\n${draft}\n</Think>\n\n${real}`)[0], [['get_weather', { city: 'Paris' }]]);
    assert.deepEqual(shown(block)[0], []);
  });

  test('streamed, the draft reported before the outer closer came is withdrawn by an error event', () => {
    const text = `<think>a <think>b</think> ${draft} c</think>\n${real}`;
    const s = createToolCallStream({ tools });
    const events = [];
    for (let i = 0; i < text.length; i += 3) events.push(...s.push(text.slice(i, i + 3)));
    assert.deepEqual(events.filter((e) => e.type === 'call' || e.type === 'error').map((e) => [e.type, e.index]), [['call', 0], ['error', 0], ['call', 1]]);
    assert.deepEqual(s.end().calls.map((c) => c.name), ['get_weather']);
  });

  test('a <think> or </think> mentioned in a sentence: the call is read as before', () => {
    assert.deepEqual(shown(`<think>The <think> tag opens it.</think>\n${real}`)[0], [['get_weather', { city: 'Paris' }]]);
    assert.deepEqual(shown(`<think>plan</think>\n${real}\nThe </think> tag ended my plan.`)[0], [['get_weather', { city: 'Paris' }]]);
    assert.deepEqual(shown(`<think>plan</think>\n${real}\nSee </think>\n`)[0], [['get_weather', { city: 'Paris' }]]);
    assert.deepEqual(shown(`<think>plan</think>\n<tool_call>{"name": "run", "arguments": {"cmd": "echo '</think>'"}}</tool_call>`)[0], [['run', { cmd: "echo '</think>'" }]]);
  });
});
