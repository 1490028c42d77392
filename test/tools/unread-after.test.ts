// Session 42: text a call's JSON body held after its value was set aside with no word, a call in it
// lost: `[TOOL_CALLS]a[ARGS]{"x":1}, b[ARGS]{"y":2}` (Mistral's named form, calls listed with commas)
// returned the call to a only, `<tool_call>{…a…}, note {…b…}</tool_call>` likewise. Each call in that
// form takes its own `[TOOL_CALLS]` (a space or a newline before `b[ARGS]` leaves it the reply's text),
// so the rest is not guessed at: the error shows what was not read, where it starts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { errorOfBoth, readBoth } from './read-both.js';

const A = '{"name":"a","arguments":{"x":1}}';
const B = '{"name":"b","arguments":{"y":2}}';

/** Asserts `text` is an error naming `what`, quoting `unread` and standing where it starts. */
function unread(text: string, what: string, rest: string): void {
  for (const tools of [[{ name: 'a' }, { name: 'b' }], [{ name: 'a' }]]) {
    const error = errorOfBoth(text, tools);
    assert.equal(error.code, 'UNREPAIRABLE', text);
    assert.ok(error.message.startsWith(`${what} goes on after its JSON with text that was not read, ${JSON.stringify(rest)}`), `${text}: ${error.message}`);
    assert.equal(error.offset, text.indexOf(rest), text);
  }
}

describe('text after a call\'s JSON that was set aside: an error that shows it, not a call lost', () => {
  test('Mistral\'s named calls listed with commas', () => {
    unread('[TOOL_CALLS]a[ARGS]{"x":1}, b[ARGS]{"y":2}', 'the call to "a" (mistral, line 1)', ', b[ARGS]{"y":2}');
    unread('[TOOL_CALLS]a[ARGS]{"x": 1},\nb[ARGS]{"y": 2}', 'the call to "a" (mistral, line 1)', ',\nb[ARGS]{"y": 2}');
    unread('[TOOL_CALLS]a[CALL_ID]k3J9a0bQz[ARGS]{"x":1}, b[CALL_ID]p2Lm8aXc1[ARGS]{"y":2}', 'the call to "a" (mistral, line 1)', ', b[CALL_ID]p2Lm8aXc1[ARGS]{"y":2}');
    unread('[TOOL_CALLS]a{"x":1}, b{"y":2}', 'the call to "a" (mistral, line 1)', ', b{"y":2}');
    unread('[TOOL_CALLS]a[ARGS]{"x":1}, junk', 'the call to "a" (mistral, line 1)', ', junk');
    unread(`[TOOL_CALLS][${A}], junk`, 'the mistral tool call at line 1', ', junk');
  });
  test('the other formats\' JSON bodies', () => {
    unread(`<tool_call>${A}, note ${B}</tool_call>`, 'the hermes tool call at line 1', `, note ${B}`);
    unread(`<tool_call>\n${A}\nnote ${B}\n</tool_call>`, 'the hermes tool call at line 1', `note ${B}`);
    unread(`<|python_tag|>${A}, note ${B}`, 'the llama tool call at line 1', `, note ${B}`);
    unread('<｜tool▁call▁begin｜>a<｜tool▁sep｜>{"x":1}, b<｜tool▁sep｜>{"y":2}<｜tool▁call▁end｜>', 'the call to "a" (deepseek_v31, line 1)', ', b<｜tool▁sep｜>{"y":2}');
    unread('<|channel|>commentary to=functions.a <|constrain|>json<|message|>{"x":1}, b {"y":2}<|call|>', 'the call to "a" (harmony, line 1)', ', b {"y":2}');
  });
  test('each call in its own markup, a stray comma before the closer, or prose after the calls: read as before', () => {
    const tools = [{ name: 'a' }, { name: 'b' }];
    const names = (text: string) => readBoth(text, tools).calls.map((c) => c.name);
    assert.deepEqual(names('[TOOL_CALLS]a[ARGS]{"x":1}[TOOL_CALLS]b[ARGS]{"y":2}'), ['a', 'b']);
    assert.deepEqual(names('[TOOL_CALLS]a[ARGS]{"x":1}, [TOOL_CALLS]b[ARGS]{"y":2}'), ['a', 'b']);
    assert.deepEqual(names(`<tool_call>${A}</tool_call>, <tool_call>${B}</tool_call>`), ['a', 'b']);
    assert.deepEqual(names(`<tool_call>${A}, ${B}</tool_call>`), ['a', 'b']);
    assert.deepEqual(names(`<tool_call>${A},</tool_call>`), ['a']);
    assert.deepEqual(readBoth('[TOOL_CALLS]a[ARGS]{"x":1} b[ARGS]{"y":2}', tools).text, 'b[ARGS]{"y":2}');
    assert.deepEqual(readBoth(`[TOOL_CALLS][${A}]\nDone, see {the docs}.`, tools).text, 'Done, see {the docs}.');
  });
});

// Two lists of calls one after another in one body (`[TOOL_CALLS][{…a…}][{…b…}]`, `[…], […]`): the
// parser wraps them in an array, each list an element, and the error said the call named no tool.
// Values one after another (`{…a…}, {…b…}`) were already read as calls; lists are read alike.
describe('lists of calls one after another in one body: one list', () => {
  const tools = [{ name: 'a' }, { name: 'b' }];
  test('after [TOOL_CALLS] and in <tool_call>, apart by nothing, a comma, a space or a newline', () => {
    for (const between of ['', ', ', ' ', '\n']) {
      for (const text of [`[TOOL_CALLS][${A}]${between}[${B}]`, `<tool_call>[${A}]${between}[${B}]</tool_call>`]) {
        assert.deepEqual(readBoth(text, tools).calls.map((c) => [c.name, c.arguments]), [['a', { x: 1 }], ['b', { y: 2 }]], text);
      }
    }
  });
  test('the second list cut off is still cut off; a list written inside the list is no call', () => {
    assert.match(errorOfBoth(`[TOOL_CALLS][${A}][{"name":"b","arg`, tools).message, /^the call to "b" \(mistral, line 1\) is cut off/);
    assert.match(errorOfBoth(`[TOOL_CALLS][${A}][${B}`, tools).message, /after the call to "b", which is whole: the list of calls never closes after it/);
    assert.match(errorOfBoth(`[TOOL_CALLS][[${A}]]`, tools).message, /names no tool/);
  });
});
