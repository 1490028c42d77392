// Session 42: a list of calls cut off right after a comma (`[{…a…}, {…b…},`), or right after a whole
// call (`[{…a…}, {…b…}`). The error blamed the last call, which is whole (`the call to "b" … is cut
// off`), and calls written one after another with commas (`<tool_call>{…a…},`) came back as complete,
// the call the comma promised lost without a word. The error now points just past the comma (or the
// call), where the missing call or the list's end was to come.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type JsonMendError, type ToolCallOptions } from '../../src/index.js';
import { errorOfBoth, readBoth } from './read-both.js';

const tools: ToolCallOptions['tools'] = [{ name: 'a' }, { name: 'b' }];
const A = '{"name":"a","arguments":{"x":1}}';
const B = '{"name":"b","arguments":{"y":2}}';

/** The error for `text` with tools a and b (see errorOfBoth). */
function errorOf(text: string): JsonMendError {
  return errorOfBoth(text, tools);
}

/** Asserts the error names the last whole call and stands just past the comma that ends `text` (spaces after it allowed), or past its last `}`. */
function cutAfter(text: string, format: string, last: string): void {
  const error = errorOf(text);
  assert.equal(error.code, 'UNREPAIRABLE', text);
  assert.match(error.message, new RegExp(`the ${format} tool calls at line \\d+ are cut off after the call to "${last}", which is whole`), text);
  assert.doesNotMatch(error.message, /the call to "[ab]" \(/, text);
  const comma = text.trimEnd().endsWith(',');
  assert.match(error.message, comma ? /nothing follows its comma/ : /the list of calls never closes after it/, text);
  assert.equal(error.offset, comma ? text.lastIndexOf(',') + 1 : text.lastIndexOf('}') + 1, text);
}

describe('a list of calls cut off right after a comma: the next call is cut, not the last whole one', () => {
  test('a JSON list, bare, in <tool_call>, after [TOOL_CALLS], and the other list markups', () => {
    cutAfter(`[${A},${B},`, 'json', 'b');
    cutAfter(`[${A}, ${B}, `, 'json', 'b');
    cutAfter(`[${A},\n${B},\n`, 'json', 'b');
    cutAfter(`{"tool_calls": [${A}, ${B},`, 'json', 'b');
    cutAfter(`<tool_call>[${A},${B},`, 'hermes', 'b');
    cutAfter(`[TOOL_CALLS][${A},${B},`, 'mistral', 'b');
    cutAfter(`[TOOL_CALLS][${A}, `, 'mistral', 'a');
    cutAfter('<|tools_prefix|>[{"a": {"x": 1}},', 'apertus', 'a');
    cutAfter(`<|tool_call|>[${A},`, 'json', 'a');
  });

  test('calls written one after another with commas: the one after the last comma is lost, not returned as complete', () => {
    cutAfter(`<tool_call>\n${A},\n${B},\n`, 'hermes', 'b');
    cutAfter(`<tool_call>\n${A},`, 'hermes', 'a');
    cutAfter(`<tool_call>${A}</tool_call>\n<tool_call>${B},`, 'hermes', 'b');
    cutAfter(`[TOOL_CALLS]${A}, ${B},`, 'mistral', 'b');
    cutAfter(`${A},\n${B},`, 'json', 'b');
    // Mistral's `NAME[ARGS]{…}` form: the arguments whole, a comma after them.
    cutAfter('[TOOL_CALLS]a[ARGS]{"x": 1}, ', 'mistral', 'a');
  });

  test('a list left open right after a whole call: the list is cut, not that call', () => {
    cutAfter(`[TOOL_CALLS][${A},${B}`, 'mistral', 'b');
    cutAfter(`[TOOL_CALLS][${A}`, 'mistral', 'a');
    cutAfter(`<tool_call>[${A}, ${B}\n`, 'hermes', 'b');
    cutAfter(`[${A},${B}`, 'json', 'b');
    cutAfter(`{"tool_calls": [${A}, ${B}`, 'json', 'b');
  });

  test('the error\'s position is the reply\'s, past the comma', () => {
    const error = errorOf(`Calling.\n[TOOL_CALLS][${A},\n${B},`);
    assert.deepEqual([error.line, error.column], [3, B.length + 2]);
  });

  test('a call itself cut off is still the one named; a list closed after its comma, or calls whole, read as before', () => {
    for (const text of [`[TOOL_CALLS][${A},{"name":"b","arguments":{"y":2},`, `[TOOL_CALLS][${A},{"name":"b","arguments":{"y":[1,2],`, `[TOOL_CALLS][${A},{"name":"b","arguments":{"y":"1,`, `[TOOL_CALLS][${A},{"name":"b","arguments":{"y":[{"k":1},`, `[TOOL_CALLS][${A},{"name":"b","arguments":{"y":[{"k":1}`]) {
      assert.match(errorOf(text).message, /^the call to "b" \(mistral, line 1\) is cut off/, text);
    }
    // A list of objects inside a call's arguments, cut after one of them: that call is cut off.
    for (const text of ['{"name":"b","arguments":{"tags":[{"k":1},', '<tool_call>{"name":"b","arguments":{"tags":[{"k":1}', '<tool_call>{"name":"b","arguments":{},"x":[{"k":1},', '{"tool_calls":[{"name":"b","arguments":{"tags":[{"k":1},']) {
      assert.match(errorOf(text).message, /^the call to "b" \((json|hermes), line 1\) is cut off/, text);
    }
    assert.match(errorOf(`[TOOL_CALLS][${A},{`).message, /the mistral tool call at line 1 is cut off before it names its tool/);
    assert.deepEqual(readBoth(`[TOOL_CALLS][${A},${B},]`, tools).calls.map((c) => c.name), ['a', 'b']);
    assert.deepEqual(readBoth(`<tool_call>\n${A},\n${B}\n</tool_call>`, tools).calls.map((c) => c.name), ['a', 'b']);
    assert.deepEqual(readBoth(`${A}, ${B}`, tools).calls.map((c) => c.name), ['a', 'b']);
  });
});

// A pythonic list cut off after a whole call said that call was cut off (`the call to "a" (pythonic)
// is cut off: its list never ends`), as the other formats did before: the call is whole, what the
// reply lost is the next call, or the list's `]`.
describe('a pythonic list cut off after a whole call: the list is cut, not the call', () => {
  /** Asserts the error names `last` whole and stands at `offset` in `text`, saying `what`. */
  const cutPythonic = (text: string, last: string, what: RegExp, offset: number): void => {
    const error = errorOf(text);
    assert.equal(error.code, 'UNREPAIRABLE', text);
    assert.match(error.message, new RegExp(`^the pythonic tool calls at line \\d+ are cut off after the call to "${last}", which is whole: `), text);
    assert.match(error.message, what, text);
    assert.equal(error.offset, offset, text);
  };
  test('cut right after a comma: nothing follows it', () => {
    for (const text of ['[a(x=1), ', '[a(x=1),', '[a(x=1), b(y=2),\n']) {
      cutPythonic(text, text.includes('b(') ? 'b' : 'a', /nothing follows its comma, where the next call was to start/, text.lastIndexOf(',') + 1);
    }
    const error = errorOf('Calling.\n\n[a(x=1), b(y=2), ');
    assert.deepEqual([error.line, error.column], [3, 17]);
  });
  test('left open right after a whole call: the list never closes', () => {
    for (const text of ['[a(x=1)', '[a(x=1), b(y=2)', '[a(x=1), b(y=2)  \n']) {
      cutPythonic(text, text.includes('b(') ? 'b' : 'a', /the list of calls never closes after it/, text.lastIndexOf(')') + 1);
    }
  });
  test('cut in the next call\'s name: that call is cut off; cut in a call\'s arguments: that call', () => {
    assert.match(errorOf('[a(x=1), b').message, /^the call after "a" \(pythonic\) is cut off in its name/);
    assert.match(errorOf('[a(x=1), b(y=').message, /^the call to "b" \(pythonic\) is cut off: its arguments never end/);
    assert.deepEqual(readBoth('[a(x=1), b(y=2)]', tools).calls.map((c) => c.name), ['a', 'b']);
  });
});

// An assistant message written out, `{"tool_calls": [{…a…}, {…b…}]`, whose own `}` alone the reply
// lost: the error said the call to "b" was cut off, though b (and its list) are whole. A cut-off
// document is an error throughout the tool readers (a call is never run from a guess at its end), so
// it stays one, naming what was cut: the wrapper, after the last whole call.
describe('a wrapper object left open after its whole list of calls: the wrapper is cut, not the last call', () => {
  const wrapperCut = (text: string, last: string, format = 'json'): void => {
    const error = errorOf(text);
    assert.equal(error.code, 'UNREPAIRABLE', text);
    assert.match(error.message, new RegExp(`^the ${format} tool calls at line \\d+ are cut off after the call to "${last}", which is whole: the object that holds the calls never closes after them`), text);
    assert.equal(error.offset, text.trimEnd().length, text);
  };
  test('right after the list, after its comma, or after a member of the message beside it', () => {
    wrapperCut(`{"tool_calls":[${A},${B}]`, 'b');
    wrapperCut(`{"tool_calls": [${A}, ${B}]\n`, 'b');
    wrapperCut(`{"tool_calls":[${A}]`, 'a');
    wrapperCut(`{"tool_calls":[${A},${B}],`, 'b');
    wrapperCut(`{"tool_calls":[${A},${B}], "role": "assistant"`, 'b');
    wrapperCut(`Calling.\n{"tool_calls":[${A},${B}]`, 'b');
    wrapperCut(`<|tool_call|>{"tool_calls":[${A},${B}]`, 'b');
    // llama.cpp's generic `{"tool_call": {…}}`, its one call whole.
    wrapperCut(`{"tool_call":${A}`, 'a');
  });
  test('a call in the list cut off is still the one named; the list left open is the list; closed, read as before', () => {
    assert.match(errorOf(`{"tool_calls":[${A},{"name":"b","arguments":{"y":2}]`).message, /^the call to "b" \(json, line 1\) is cut off/);
    assert.match(errorOf(`{"tool_calls":[${A},${B}`).message, /the list of calls never closes after it/);
    assert.deepEqual(readBoth(`{"tool_calls":[${A},${B}]}`, tools).calls.map((c) => c.name), ['a', 'b']);
  });
});
