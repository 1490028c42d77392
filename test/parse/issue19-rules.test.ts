// Issue 19's rules from the peers' suites, beyond one example per kind: where each rule stops, so a
// rule that reads damaged text never takes text that was meant as data.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse, parseWithReport } from '../../src/index.js';

const kinds = (text: string): string[] => parseWithReport(text).repairs.map((r) => r.kind);

describe('a closing quote on its own line', () => {
  test('an escaped \\n before the quote is text', () => {
    assert.deepEqual(parse('{"a": "x\\n", "b": 1}'), { a: 'x\n', b: 1 });
  });
  // Text written over several lines ends with its own line break (a file's body: json_repair #72);
  // only the indentation before the quote is layout.
  test('a line break in the middle of the text: the text is written over lines, and its last break stays', () => {
    assert.deepEqual(parse('{"a": "x\ny\n"}'), { a: 'x\ny\n' });
    assert.deepEqual(parseWithReport('{"a": "x\ny\n  ", "b": 1}').value, { a: 'x\ny\n', b: 1 });
    assert.deepEqual(kinds('{"a": "x\ny\n  ", "b": 1}'), ['control_character', 'quote_on_own_line']);
  });
  test('a string that is only a line break keeps it', () => {
    assert.deepEqual(parse('{"a": "\n"}'), { a: '\n' });
    assert.ok(!kinds('{"a": "\n"}').includes('quote_on_own_line'));
  });
  test('CRLF and indentation go with it', () => {
    assert.deepEqual(parse('{"a": "x\r\n\t"}'), { a: 'x' });
  });
});

describe('a closing fence that ends the text inside the value', () => {
  test('after a value: the value was cut off there, nothing is invented', () => {
    assert.deepEqual(parse('{"key": 1```'), { key: 1 });
    assert.deepEqual(parse('{"a": [1, 2```\n'), { a: [1, 2] });
    assert.ok(kinds('{"key": 1```').includes('truncated'));
  });
  test('after a string\'s closing quote', () => {
    assert.deepEqual(parse('{"key": "value, value2"```'), { key: 'value, value2' });
  });
  test('inside an unterminated string, before the closers that end it', () => {
    assert.deepEqual(parse('{"key": "value}```'), { key: 'value' });
    assert.deepEqual(parse('{"key": "value```'), { key: 'value' });
  });
  test('backticks with text after them are not a closing fence', () => {
    assert.deepEqual(parse('{"key": "value, value2"```x'), { key: 'value, value2"```x' });
  });
});

describe('a Python set', () => {
  test('is an array, also inside other values', () => {
    assert.deepEqual(parse("{'item1', 'item2', 'item3'}"), ['item1', 'item2', 'item3']);
    assert.deepEqual(parse(`{"tags": {'x', 'y'}, "n": 1}`), { tags: ['x', 'y'], n: 1 });
  });
  test('a dict with single quotes stays an object', () => {
    assert.deepEqual(parse("{'a': 1, 'b': 2}"), { a: 1, b: 2 });
  });
  test('a key with a value after the first member is not a set', () => {
    assert.deepEqual(parse("{'a', 'b': 1}"), { a: null, b: 1 });
  });
});

describe('an unquoted value holding brackets', () => {
  test('its own {…} or […] is text, and the object closes after it', () => {
    assert.deepEqual(parse('{text: words{in braces}}'), { text: 'words{in braces}' });
    assert.deepEqual(parse('{text: words{in braces} more, n: 1}'), { text: 'words{in braces} more', n: 1 });
    assert.deepEqual(parse('[x[1], 2]'), ['x[1]', 2]);
  });
  test('a bracket it never closes is text, and the comma still ends the value', () => {
    assert.deepEqual(parse('{text: a{b, c: 1}'), { text: 'a{b', c: 1 });
  });
});

describe('the end of a string before a word', () => {
  test('in an array, a word after the first quote is the next element without its opening quote', () => {
    assert.deepEqual(parse('["value1" value2", "value3"]'), ['value1', 'value2', 'value3']);
    assert.deepEqual(parse('["a", "b" c]'), ['a', 'b', 'c']);
  });
  test('a quotation inside the text stays text', () => {
    assert.deepEqual(parse('["He said "hi" there", "x"]'), ['He said "hi" there', 'x']);
  });
  test('a stray word before the next key, after a string', () => {
    assert.deepEqual(parse('[{"key": "value", COMMENT "notes": "x"}]'), [{ key: 'value', notes: 'x' }]);
    assert.ok(kinds('{"a": "x", NOTE "b": 1}').includes('stray_word'));
  });
  test('after a quotation in the text, the word is kept', () => {
    assert.deepEqual(parse('{"a": "x, see "b", and "c": 1}'), { a: 'x, see "b", and ', c: 1 });
  });
});

describe('odd quote pairs and missing colons', () => {
  test('a backtick closed by an acute accent', () => {
    assert.deepEqual(parse('{`a´:`b´}'), { a: 'b' });
    assert.deepEqual(parse('{"x": `it´s`}'), { x: 'it´s' });
  });
  test('an unquoted key, a space, then a quoted value', () => {
    assert.deepEqual(parse("{a 'b'}"), { a: 'b' });
    assert.deepEqual(parse('{a “b”}'), { a: 'b' });
    assert.deepEqual(parse("{it's: 1}"), { "it's": 1 });
  });
});

describe('a document escaped as a whole', () => {
  test('backslash-escaped, with the inner quotes escaped again', () => {
    assert.deepEqual(parse('{\\"said\\": \\"hello \\\\"world\\\\"\\"}'), { said: 'hello "world"' });
    assert.deepEqual(parse('[\\"hello \\\\"world\\\\"\\"]'), ['hello "world"']);
  });
});

describe('a string missing its end quote before `, key:`', () => {
  test('the text ends with the closers of what is open: the member after the comma is read', () => {
    assert.deepEqual(parse('{"a": "first, b: 1}'), { a: 'first', b: 1 });
    assert.deepEqual(parse('{"a": {"b": "first, c: [true]}}'), { a: { b: 'first', c: [true] } });
    assert.ok(kinds('{"a": "first, b: 1}').includes('missing_end_quote'));
  });
  test('a text cut off without closers keeps the string whole', () => {
    assert.deepEqual(parse('{"a": "The plan, however: do X'), { a: 'The plan, however: do X' });
  });
  test('the quoted value of the next member, then } or the next key', () => {
    assert.deepEqual(parse('{"a": "first, b: "second"}'), { a: 'first', b: 'second' });
    assert.deepEqual(parse('{"a": "first, b: "second", "c": 3}'), { a: 'first', b: 'second', c: 3 });
  });
  test('a quotation after a colon in the text stays text', () => {
    assert.deepEqual(parse('{"a": "He said, quietly: "go away", and left"}'), { a: 'He said, quietly: "go away", and left' });
  });
});

describe('unquoted elements after a string in an array', () => {
  test('a comma after the string\'s quote, then unquoted text to the `]`', () => {
    assert.deepEqual(parse('["a", b]'), ['a', 'b']);
    assert.deepEqual(parse('["This is C(2)", This is F(3)]'), ['This is C(2)', 'This is F(3)']);
    assert.deepEqual(parse('[\n  "a",\n  b, "c"\n]'), ['a', 'b', 'c']);
  });
  test('a word with its own closing quote after it is a quotation', () => {
    assert.deepEqual(parse('["know "michael", jackson"]'), ['know "michael", jackson']);
  });
});

describe('a document with every quote doubled (CSV)', () => {
  // Before: `{""answer"":""x""}` gave `{"": "\"x\""}`: the key was lost behind a row of repairs.
  test('each pair of quotes is one quote; four make an empty string', () => {
    assert.deepEqual(parse('{""answer"": ""x"", ""n"": 2, ""e"": """", ""l"": [""a"", ""b""]}'), { answer: 'x', n: 2, e: '', l: ['a', 'b'] });
    assert.deepEqual(kinds('{""answer"":""x""}'), ['doubled_quotes']);
    assert.deepEqual(parse(`{""a"": ''b'', ""c"": ""it's""}`), { a: 'b', c: "it's" });
  });
  test('an empty key is JSON, not doubled quotes', () => {
    assert.deepEqual(parse('{"": 1}'), { '': 1 });
    assert.deepEqual(parse('{"":1, "a": }'), { '': 1, a: null });
  });
  test('in prose, cut off, repaired text, and streamed one character at a time', async () => {
    assert.deepEqual(parse('The row: {""a"": ""x""} (from the sheet)'), { a: 'x' });
    assert.deepEqual(parse('{""a"": ""xy'), { a: 'xy' });
    const { repair } = await import('../../src/index.js');
    assert.deepEqual(JSON.parse(repair('{""a"": ""x""}')), { a: 'x' });
    const { createStreamParser } = await import('../../src/stream/index.js');
    const text = '{""a"": [""x"", 1]}';
    const p = createStreamParser();
    for (const c of text) p.push(c);
    assert.deepEqual(p.end(), parse(text));
  });
});
