// Inputs from other tolerant and partial JSON parsers' test suites that jsonmend read wrong (session 35):
//   langchainjs libs/langchain-core/src/utils/tests/json.test.ts (kitchen-sink prefixes), MIT
//   RyanMarcus/dirty-json test/parser_test.js ("ticket #16", "strange symbols"), inputs only
//   mangiucugna/json_repair tests/test_parse_array.py:45 (`{"k"e"y": "value"}`), MIT (session 36)
// Each is checked with parse, repair and the stream in 1- and 3-character chunks.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse, parseWithReport, repair } from '../../src/index.js';
import { streamedEnd } from '../stream/check.js';

function readsAs(text: string, expected: unknown): void {
  assert.deepEqual(parse(text), expected, text);
  assert.deepEqual(JSON.parse(repair(text)), expected, `repair: ${text}`);
  for (const size of [1, 3]) assert.deepEqual(streamedEnd(text, size), expected, `stream ${size}: ${text}`);
}

describe("a string's quote, a comma, then the reply's end inside a word", () => {
  test('the quote ended the string: the cut word is the next element, not more of the string', () => {
    // Before: {"array": ["hello\", nul"]}: the string took in the comma and the cut literal.
    readsAs('{"array": ["hello", nul', { array: ['hello', null] });
    readsAs('["a", tr', ['a', true]);
    readsAs('["a", "b", n', ['a', 'b', null]);
    readsAs('[\n  "a",\n  "b",\n  nul', ['a', 'b', null]);
    readsAs(' [ "key", test', ['key', 'test']);
    // In an object the cut word is a key with no value yet: dropped, reported.
    const r = parseWithReport('{"a": "x", name');
    assert.deepEqual(r.value, { a: 'x' });
    assert.ok(r.repairs.some((x) => x.kind === 'truncated'));
    // A quote inside the text before it: the string goes on as before.
    readsAs('["He said "hi", then', ['He said "hi", then']);
  });
});

describe('a word glued to a call', () => {
  test("is one word with parentheses in it, not a wrapper and a made-up key", () => {
    // Before: {"test": "x", "y": null, "b": 1} and {"test": "aga()", "in": null}.
    readsAs('{"test": f(x)y, "b": 1}', { test: 'f(x)y', b: 1 });
    readsAs('{test: aga()in}', { test: 'aga()in' });
    // Wrappers and calls as before.
    readsAs('{"id": ObjectId("abc"), "n": NumberLong(2)}', { id: 'abc', n: 2 });
    readsAs('{"a": f(1) , "b": 2}', { a: 1, b: 2 });
  });
});

describe('a non-finite number cut off', () => {
  test('reads as the whole word would (null), not as made-up text (promplate partial-json-parser, MIT)', () => {
    // Before: [1, 2, null, "Infinit"] and [1, "Na"].
    readsAs('[1, 2, null, Infinit', [1, 2, null, null]);
    readsAs('[1, Na', [1, null]);
  });
});

describe("a quotation in an array's string, on lines of its own", () => {
  test('the string goes on over the line breaks: one element, not two with a made-up comma', () => {
    // Before: ["this\n\"quote", "text"] (missing_comma, missing_start_quote). json_repair reads one
    // string; in an object jsonmend did already.
    readsAs('["this\n"quote"\ntext"]', ['this\n"quote"\ntext']);
    readsAs('["this\n"quote"\ntext", "b"]', ['this\n"quote"\ntext', 'b']);
    readsAs('["this "quote"\ntext"]', ['this "quote"\ntext']);
    readsAs('{"a": "this\n"quote"\ntext"}', { a: 'this\n"quote"\ntext' });
    // A string that lost its closing quote before the next element's line, as before.
    readsAs('[\n"abc,\n"def"\n]', ['abc', 'def']);
    readsAs('{"array": [\n"a"\n"b"\n]}', { array: ['a', 'b'] });
    readsAs('["a"\ntrue, "b"]', ['a', true, 'b']);
  });
});

describe('quotes inside a key, glued to its words', () => {
  test("are the key's text, not its end with a made-up value or member", () => {
    // Before: {"k": "e", "y": "value"} and {"a": "b\": 1"}; both peers read the key whole.
    readsAs('{"k"e"y": "value"}', { 'k"e"y': 'value' });
    readsAs('{"a"b": 1}', { 'a"b': 1 });
    readsAs('{"a"b"c": 1, "d": 2}', { 'a"b"c': 1, d: 2 });
    // No quote before the colon: the key ended, its value lost its quotes, as before.
    readsAs('{"a"b, "c": 1}', { a: 'b', c: 1 });
    readsAs('{"a"b: 1}', { a: 'b: 1' });
  });
  test('a literal or number glued between two keys is a value that lost its colon and comma', () => {
    // Regression hunt R1 (diff3 seed 6246): {"t\"false\"m": 1}, a made-up key, t's value lost.
    readsAs('{"t"false"m":1}', { t: false, m: 1 });
    readsAs('{"t"12"m":1}', { t: 12, m: 1 });
    readsAs('{"a": 1, "t"null"m": null}', { a: 1, t: null, m: null });
    assert.deepEqual(parseWithReport('{"t"false"m":1}').repairs.map((r) => r.kind), ['missing_colon', 'missing_comma']);
    // No word after the literal's quote: the quotes are still the key's text.
    readsAs('{"a"true": 1}', { 'a"true': 1 });
  });
});
