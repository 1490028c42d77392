// String values written as code (issue 20): a markdown code block as a value (fenced_value), backtick
// strings holding backticks, triple-quoted strings holding their own quotes. The inputs are written for
// these tests, shaped after replies quoted in these public threads (read for what real replies look like):
//   a code block where a value should be:   https://github.com/josdejong/jsonrepair/issues/143
//                                           https://github.com/mangiucugna/json_repair/issues/193
//   code with its own quotes in a value:    https://github.com/mangiucugna/json_repair/issues/72
//   backticks inside a value:               https://github.com/langgenius/dify/issues/41958
//                                           https://github.com/josdejong/jsonrepair/issues/100
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonMendError } from '../../src/errors.js';
import { extract } from '../../src/extract/index.js';
import { repair } from '../../src/parse/index.js';
import { parse, parseWithReport } from '../../src/schema/index.js';
import { chunk, stream } from '../stream/check.js';

interface Case { input: string; value: unknown; kinds: string[] }

/**
 * The value and the kinds reported (in order); repair()'s text reads back to the value and repairs to
 * itself; streamed in chunks of each small size and of random sizes (snapshots only growing, deltas
 * reproducing them), end() gives the same value.
 */
function check(c: Case): void {
  const { value, repairs } = parseWithReport(c.input);
  assert.deepEqual({ value, kinds: repairs.map((r) => r.kind) }, { value: c.value, kinds: c.kinds });
  const repaired = repair(c.input);
  assert.deepEqual([JSON.parse(repaired), repair(repaired)], [c.value, repaired], repaired);
  const chunkings = [1, 2, 3, 4, 7].map((size) => chunk(c.input, size)).concat([1, 2, 3].map((seed) => chunk(c.input, 0, seed)));
  for (const pieces of chunkings) {
    const run = stream(pieces);
    assert.equal(run.error, undefined);
    assert.deepEqual(run.value, c.value, `in chunks of ${pieces.map((p) => p.length).join(', ')}`);
  }
}

describe('a code block written as a value (fenced_value)', () => {
  test('the code between the fence lines; the language tag is not part of it', () => {
    check({ input: '{"code": ```python\nprint("hi")\n```}', value: { code: 'print("hi")' }, kinds: ['fenced_value'] });
  });

  test('backticks inside the block are code; more members follow it', () => {
    check({
      input: '{"code": ```\nconst s = `x`;\n```, "lang": "js"}',
      value: { code: 'const s = `x`;', lang: 'js' },
      kinds: ['fenced_value'],
    });
  });

  test('pretty-printed, between other members, code with quotes, brackets and several lines', () => {
    const input = '{\n  "file": "util.py",\n  "code": ```python\ndef greet(name):\n    return f"hi {name}" if name else \'hi\'\n```,\n  "tests": true\n}';
    check({
      input,
      value: { file: 'util.py', code: 'def greet(name):\n    return f"hi {name}" if name else \'hi\'', tests: true },
      kinds: ['fenced_value'],
    });
  });

  test("a known language's name and a file's name or an attribute: the info string is not part of it (BAML's test_code)", () => {
    check({ input: '{"code": ```typescript main.ts\nconst x = 1;\n```}', value: { code: 'const x = 1;' }, kinds: ['fenced_value'] });
    check({ input: '{"code": ```python title="a.py"\r\nprint(1)\r\n```}', value: { code: 'print(1)' }, kinds: ['fenced_value'] });
    // A first line that is no known language's: a command, kept.
    check({ input: '{"code": ```cat notes.txt\nls\n```}', value: { code: 'cat notes.txt\nls' }, kinds: ['fenced_value'] });
    // A known language then code, not a file's name: the line is code (review: `make` was dropped).
    check({ input: '{"cmd": ```sh make\npwd\n```}', value: { cmd: 'sh make\npwd' }, kinds: ['fenced_value'] });
  });

  test('an indented closing fence; the code keeps its own indentation', () => {
    check({ input: '{"code": ```js\n  if (a) { b(); }\n  ```\n}', value: { code: '  if (a) { b(); }' }, kinds: ['fenced_value'] });
  });

  test('Windows line breaks', () => {
    check({ input: '{"code": ```py\r\nx = 1\r\ny = 2\r\n```}', value: { code: 'x = 1\r\ny = 2' }, kinds: ['fenced_value'] });
  });

  test('on one line: ```…``` is a delimiter and nothing inside it is dropped', () => {
    check({ input: '{"cmd": ```ls -la```}', value: { cmd: 'ls -la' }, kinds: ['fenced_value'] });
    check({ input: '{"cmd": ```pwd```, "ok": 1}', value: { cmd: 'pwd', ok: 1 }, kinds: ['fenced_value'] });
  });

  test('text on the opening line that is not a language tag is kept', () => {
    check({ input: '{"note": ```see below:\nstep 1\n```}', value: { note: 'see below:\nstep 1' }, kinds: ['fenced_value'] });
  });

  test('backslashes in the block are the code\'s own, not JSON escapes', () => {
    check({ input: '{"code": ```py\nprint("a\\nb")\n```}', value: { code: 'print("a\\nb")' }, kinds: ['fenced_value'] });
    check({ input: '{"cmd": ```C:\\temp\\x```}', value: { cmd: 'C:\\temp\\x' }, kinds: ['fenced_value'] });
  });

  test('an empty block', () => {
    check({ input: '{"code": ```py\n```}', value: { code: '' }, kinds: ['fenced_value'] });
  });

  test('a JSON block as a value stays its text (a schema decides whether to read it)', () => {
    check({ input: '{"config": ```json\n{"a": [1, 2]}\n```}', value: { config: '{"a": [1, 2]}' }, kinds: ['fenced_value'] });
  });

  test('a fence inside the block (markdown in a value) is text: what follows it cannot continue the object', () => {
    check({
      input: '{"readme": ```markdown\n# Setup\n```sh\nnpm ci\n```\nThen run it.\n```, "n": 1}',
      value: { readme: '# Setup\n```sh\nnpm ci\n```\nThen run it.', n: 1 },
      kinds: ['fenced_value', 'unescaped_quote', 'unescaped_quote'],
    });
  });

  test('in an array, one block after another', () => {
    check({ input: '[```py\na = 1\n```, ```sh\nls\n```]', value: ['a = 1', 'ls'], kinds: ['fenced_value', 'fenced_value'] });
    check({ input: '[```py\na = 1\n```\n```sh\nls\n```]', value: ['a = 1', 'ls'], kinds: ['fenced_value', 'missing_comma', 'fenced_value'] });
  });

  test('cut off inside the block: the code so far, reported as cut off', () => {
    check({ input: '{"code": ```python\nprint("hi")\n', value: { code: 'print("hi")\n' }, kinds: ['fenced_value', 'truncated', 'truncated'] });
    check({ input: '{"code": ```python\nprint("hi")\n``', value: { code: 'print("hi")\n``' }, kinds: ['fenced_value', 'truncated', 'truncated'] });
    check({ input: '{"code": ```', value: { code: '' }, kinds: ['fenced_value', 'truncated', 'truncated'] });
    check({ input: '{"code": ```py\nx\n```', value: { code: 'x' }, kinds: ['fenced_value', 'truncated'] });
  });

  test('a block that never closes swallows what follows: reported as cut off, never as complete', () => {
    const r = parseWithReport('{"code": ```py\nx = 1\n, "lang": "py"}');
    assert.ok(r.repairs.some((x) => x.kind === 'truncated'));
  });
});

describe('backtick strings holding backticks', () => {
  test('inner backticks are text when what follows them cannot continue the object', () => {
    check({ input: '{"a": `say `hi` now`}', value: { a: 'say `hi` now' }, kinds: ['backtick_quotes', 'unescaped_quote', 'unescaped_quote'] });
  });

  test('a comma after an inner backtick, then prose: still text', () => {
    check({
      input: '{"tip": `run `ls`, then `pwd``, "n": 1}',
      value: { tip: 'run `ls`, then `pwd`', n: 1 },
      kinds: ['backtick_quotes', 'unescaped_quote', 'unescaped_quote', 'unescaped_quote', 'unescaped_quote'],
    });
  });

  test('an escaped backtick is the backtick, as in a JavaScript template literal (partial-json)', () => {
    check({ input: '[`it\\`s`]', value: ['it`s'], kinds: ['backtick_quotes'] });
  });

  test('a colon after an inner backtick is text', () => {
    check({ input: '{"tip": `Use `npm ci`: faster`}', value: { tip: 'Use `npm ci`: faster' }, kinds: ['backtick_quotes', 'unescaped_quote', 'unescaped_quote'] });
  });

  test('backtick strings that end where the document says so are read as before', () => {
    check({ input: '{"a": `x`, "b": `y`}', value: { a: 'x', b: 'y' }, kinds: ['backtick_quotes', 'backtick_quotes'] });
    check({ input: '[`a`, `b `c` d`]', value: ['a', 'b `c` d'], kinds: ['backtick_quotes', 'backtick_quotes', 'unescaped_quote', 'unescaped_quote'] });
    check({ input: '{"a": `x`\n"b": 1}', value: { a: 'x', b: 1 }, kinds: ['backtick_quotes', 'missing_comma'] });
    check({ input: '{"a": `x`, b: 1}', value: { a: 'x', b: 1 }, kinds: ['backtick_quotes', 'unquoted_key'] });
    check({ input: '{"a": ``}', value: { a: '' }, kinds: ['backtick_quotes'] });
    // A comma left out before the next string, on the same line: that string is a whole key or element.
    check({ input: '[`a` `b`]', value: ['a', 'b'], kinds: ['backtick_quotes', 'missing_comma', 'backtick_quotes'] });
    check({ input: '{"a": `x` "b": 1}', value: { a: 'x', b: 1 }, kinds: ['backtick_quotes', 'missing_comma'] });
    check({ input: '{"a": `use `x` `y` both`}', value: { a: 'use `x` `y` both' }, kinds: ['backtick_quotes', 'unescaped_quote', 'unescaped_quote', 'unescaped_quote', 'unescaped_quote'] });
  });

  // Differential hunt s36 (F2), the most frequent loss in JavaScript-style replies: a comment after
  // the comma. Read as text, the string ran to the end, took the members after it and was called cut off.
  test('a comment after the comma: the backtick ends the string, the comment is removed', () => {
    check({ input: '{a: `x`, // note\n b: 1}', value: { a: 'x', b: 1 }, kinds: ['unquoted_key', 'backtick_quotes', 'comment', 'unquoted_key'] });
    check({ input: '{a: [`x\ny`, /* c */ 42]}', value: { a: ['x\ny', 42] }, kinds: ['unquoted_key', 'backtick_quotes', 'control_character', 'comment'] });
    check({ input: '{"a": `x`, // c\n"b": 1}', value: { a: 'x', b: 1 }, kinds: ['backtick_quotes', 'comment'] });
    check({ input: '{\n  a: `x`, // c\n  /* d */\n  b: `y`, // e\n}', value: { a: 'x', b: 'y' }, kinds: ['unquoted_key', 'backtick_quotes', 'comment', 'comment', 'unquoted_key', 'backtick_quotes', 'trailing_comma', 'comment'] });
    // After the comment, prose rather than a member: the backtick is text, as without the comment.
    check({ input: '{"tip": `run `ls`, // then pwd`}', value: { tip: 'run `ls`, // then pwd' }, kinds: ['backtick_quotes', 'unescaped_quote', 'unescaped_quote'] });
    check({ input: '{"tip": `run `ls`, // then pwd`,\n "n": 1}', value: { tip: 'run `ls`, // then pwd', n: 1 }, kinds: ['backtick_quotes', 'unescaped_quote', 'unescaped_quote'] });
  });

  // Regression hunt R3 (diff2 seeds 5400, 6447, `js+dropclose`): an object's `}` lost before its
  // comma, leaving a line with a second comma. Read as text, the string took in the comma line, the
  // comment and the next member with no loss named; the reply (which base refused) came out whole-looking.
  test('a second comma after the first, then a member: the backtick ends the string', () => {
    check({
      input: '{a: [{\n  title: `w line`,\n  , // c\n  {\n    x: `SELECT a`,\n    url: 1,\n  },\n]}',
      value: { a: [{ title: 'w line' }, { x: 'SELECT a', url: 1 }] },
      kinds: ['unquoted_key', 'unquoted_key', 'backtick_quotes', 'extra_comma', 'comment', 'missing_closer', 'unquoted_key', 'backtick_quotes', 'unquoted_key', 'trailing_comma', 'trailing_comma'],
    });
    // In an array, a key after the comma line counts as the member (the array's `]` was lost).
    assert.equal((parse('{a: [`x`,\n , // c\n b: 1}') as { a: unknown[] }).a[0], 'x');
    check({ input: '[`a`, , `b`]', value: ['a', 'b'], kinds: ['backtick_quotes', 'extra_comma', 'backtick_quotes'] });
    // No member after the commas: the backtick is text, as before.
    check({ input: '{"tip": `a `b`, , c`}', value: { tip: 'a `b`, , c' }, kinds: ['backtick_quotes', 'unescaped_quote', 'unescaped_quote'] });
  });

  test('cut off', () => {
    check({ input: '{"a": `say `hi` no', value: { a: 'say `hi` no' }, kinds: ['backtick_quotes', 'unescaped_quote', 'unescaped_quote', 'truncated', 'truncated'] });
    // The last backtick ends the text, so it closes the string; the array around it was cut off.
    check({ input: '[`say `hi`', value: ['say `hi'], kinds: ['backtick_quotes', 'unescaped_quote', 'truncated'] });
  });

  test('strict mode refuses the guess', () => {
    assert.throws(() => parse('{"a": `say `hi` now`}', { strict: true }), (e: unknown) => e instanceof JsonMendError && e.code === 'REPAIR_REFUSED');
  });
});

describe('triple-quoted strings holding quotes of their own kind', () => {
  test('single quotes of the same kind inside', () => {
    check({ input: '{"a": """he said "hi" """}', value: { a: 'he said "hi" ' }, kinds: ['triple_quotes'] });
    check({ input: "{'a': '''it's'''}", value: { a: "it's" }, kinds: ['single_quotes', 'triple_quotes'] });
  });

  test('a quote right before the closing three: the last three close', () => {
    check({ input: '{"a": """he said "hi"""", "b": 1}', value: { a: 'he said "hi"', b: 1 }, kinds: ['triple_quotes'] });
    check({ input: '["""a""""""]', value: ['a"""'], kinds: ['triple_quotes'] });
  });

  test('three quotes inside, followed by text: text', () => {
    check({
      input: '{"doc": """say """hi""" now""", "b": 1}',
      value: { doc: 'say """hi""" now', b: 1 },
      kinds: ['triple_quotes', 'unescaped_quote', 'unescaped_quote'],
    });
  });

  test('several lines of code with its own quotes, then more members', () => {
    check({
      input: '{"code": """def f():\n    return "x"\n""",\n "lang": "python"}',
      value: { code: 'def f():\n    return "x"\n', lang: 'python' },
      kinds: ['triple_quotes', 'control_character'],
    });
  });

  test('cut off', () => {
    check({ input: '{"a": """he said "hi', value: { a: 'he said "hi' }, kinds: ['triple_quotes', 'truncated', 'truncated'] });
    check({ input: '["""a"b"', value: ['a"b"'], kinds: ['triple_quotes', 'truncated', 'truncated'] });
  });
});

describe('extraction: a code block that is a value is not a fence around the answer', () => {
  test('prose before the object: the object, with the code as its value', () => {
    const reply = 'Here is the file:\n{"path": "a.py", "code": ```python\nif (x) {\n  print("}")\n```}';
    assert.deepEqual(parse(reply), { path: 'a.py', code: 'if (x) {\n  print("}")' });
    assert.deepEqual(extract(reply).map((c) => c.source), ['balanced']);
  });

  test('a JSON block as a value does not hijack the answer', () => {
    assert.deepEqual(parse('Result: {"config": ```json\n{"a": 1}\n```}'), { config: '{"a": 1}' });
  });

  test('inside a fenced answer, the value\'s block does not close the fence', () => {
    const reply = 'Sure:\n```json\n{"code": ```python\nprint("hi")\n```,\n "lang": "python"}\n```\nDone.';
    assert.deepEqual(parse(reply), { code: 'print("hi")', lang: 'python' });
    assert.deepEqual(extract(reply).map((c) => c.source), ['fence']);
  });

  test('strings that end where JSON ends them: a ``` and a line break, then a later string holding ``` (the choice probe, F1)', () => {
    // The text from the first string's quote to the later fence's quote reads as JSON: the quotes end
    // strings, as JSON.parse reads them. It was read as one code block: `["```⏎x\", \"```"]`.
    check({ input: '["```\\nx", "```",]', value: ['```\nx', '```'], kinds: ['trailing_comma'] });
    check({ input: '{"a": "```\\n", "b": "```"} Done.', value: { a: '```\n', b: '```' }, kinds: ['surrounding_text'] });
    check({ input: '["```py\\nx", 1, "y```"', value: ['```py\nx', 1, 'y```'], kinds: ['truncated'] });
    check({ input: '["```\nx", "```"]', value: ['```\nx', '```'], kinds: ['control_character'] });
  });

  test('a string whose text is a code block (json_repair #159): its quotes are the code\'s, in prose and in a fenced answer', () => {
    const value = { response: '```json\n{"id": 1, "tags": ["a"]}\n```', n: 2 };
    const json = '{"response": "```json\n{"id": 1, "tags": ["a"]}\n```", "n": 2}';
    check({ input: json, value, kinds: ['control_character', 'unescaped_quote', 'unescaped_quote', 'unescaped_quote', 'unescaped_quote', 'unescaped_quote', 'unescaped_quote'] });
    for (const reply of [`Here:\n${json}\nDone.`, `Sure:\n\`\`\`json\n${json}\n\`\`\`\nDone.`]) {
      assert.deepEqual(parse(reply), value, reply);
      assert.equal(extract(reply).length, 1, reply);
    }
  });

  test('real fences still win as before', () => {
    assert.deepEqual(parse('```json\n{"a": 1}\n```'), { a: 1 });
    assert.deepEqual(parse('Here it is: ```json\n{"a": 1}\n```'), { a: 1 });
    assert.deepEqual(parse('[```json\n[{"id": "1"}]\n```]'), [{ id: '1' }]);
    assert.deepEqual(parse('Run this:\n```python\nprint(1)\n```\nResult:\n```json\n{"ok": true}\n```'), { ok: true });
  });
});
