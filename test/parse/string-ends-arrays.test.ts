// Where a damaged string ends, mostly in arrays: findings F5–F10 of session 36's differential hunt
// against jsonrepair (generated documents with one quote, comma or bracket damaged). Each is checked
// with parse, repair and the stream in 1- and 3-character chunks; the repairs named are checked too.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from '../../src/index.js';
import { readsAs } from './reads.js';

describe('an element that lost its opening quote (F5)', () => {
  test('with JSON escapes in its text: the next element, escapes read as escapes', () => {
    // Before: ["a\",⏎  Line one\nLine two", "x"]: the element merged into the one before, a quote and
    // a comma made up inside it (a backslash ended the look for the element's own end).
    readsAs('["a",\n  Line one\\nLine two",\n  "x"\n]', ['a', 'Line one\nLine two', 'x'], ['missing_start_quote']);
    readsAs('["a",\n  She said \\"yes,\\" then left.",\n  "x"\n]', ['a', 'She said "yes," then left.', 'x'], ['missing_start_quote']);
    readsAs('["a", The function returns {\\"ok\\": true}.", 1]', ['a', 'The function returns {"ok": true}.', 1], ['missing_start_quote']);
  });

  test('is the next element, not text merged into the one before', () => {
    // Before: ["a\",\n  It is fine.", "x"]: an element gone, `",⏎  ` made up inside the string.
    readsAs('[\n  "a",\n  It is fine.",\n  "x"\n]', ['a', 'It is fine.', 'x'], ['missing_start_quote']);
    readsAs('[\n  "a",\n  It is fine."\n]', ['a', 'It is fine.']);
    readsAs('["a", It is fine.", "x"]', ['a', 'It is fine.', 'x']);
    readsAs('["O Reilly",A simple sentence without marks","Yes"]', ['O Reilly', 'A simple sentence without marks', 'Yes']);
    // An object read it so already.
    readsAs('{"a": "",\n  "b": It is fine.", "c": 1}', { a: '', b: 'It is fine.', c: 1 });
    // A quotation in the text (a quote before the comma's) stays text, as before.
    readsAs('["know "michael", jackson"]', ['know "michael", jackson']);
  });
});

describe('a string that lost its closing quote before literals or numbers on the next lines (F6)', () => {
  test('they are elements, not the string\'s text', () => {
    // Before: ["abc,\n  true"] and ["abc,\n  42"]: the element became text.
    readsAs('[\n  "abc,\n  true\n]', ['abc', true], ['missing_end_quote']);
    readsAs('["abc,\n  42\n]', ['abc', 42]);
    readsAs('[\n  "abc,\n  1,\n  -2.5\n]', ['abc', 1, -2.5]);
    readsAs('[\n  "abc,\n  true,\n  "x"\n]', ['abc', true, 'x']);
    readsAs('{"a": [\n  "He said \\"hi\\",\n  100\n], "b": 1}', { a: ['He said "hi"', 100], b: 1 });
    // On one line, the text may be a list of its own: as before.
    readsAs('["a, 1\n]', ['a, 1']);
    readsAs('["abc,\n"def"]', ['abc', 'def']);
  });
});

describe('a string that lost its closing quote before an element holding a comma or an escaped quote (F7)', () => {
  test('ends before that element', () => {
    // Before: ["Yes,\n  \"Price: $1,299.99"] and ["x,\"He said \"hi\""].
    readsAs('[\n  "Yes,\n  "Price: $1,299.99"\n]', ['Yes', 'Price: $1,299.99'], ['missing_end_quote']);
    readsAs('["x,"He said \\"hi\\""]', ['x', 'He said "hi"']);
    readsAs('{"c": ["Tab,"The answer is 42, roughly.", -0.5]}', { c: ['Tab', 'The answer is 42, roughly.', -0.5] });
    readsAs('["Yes,\n  "No"]', ['Yes', 'No']);
  });
});

describe('a lone quote, space on both sides, inside an element (F8)', () => {
  test('is text, as in an object: not two elements and a made-up comma', () => {
    // Before: ["a quote ", "alone"] (missing_comma, missing_start_quote).
    readsAs('["a quote " alone"]', ['a quote " alone'], ['unescaped_quote']);
    readsAs('{"a": ["5 foot " tall"]}', { a: ['5 foot " tall'] });
    readsAs('{"a": "a quote " alone"}', { a: 'a quote " alone' });
    // A word's quote lost (no space before the quote): two elements, as before.
    readsAs('["value1" value2", "value3"]', ['value1', 'value2', 'value3']);
    readsAs('["value1" value2"]', ['value1', 'value2']);
  });

  test('only when the word after it ends in a quote: a word a comma or `]` ends is the next element (review S1)', () => {
    // Read as text, the elements after it merged: ["Paris \" London, \"Rome"], one string for three.
    readsAs('["Paris " London, "Rome"]', ['Paris ', 'London', 'Rome'], ['missing_comma', 'unquoted_string']);
    readsAs('["x " y, "z " w]', ['x ', 'y', 'z ', 'w']);
    readsAs('["a " b, "c"]', ['a ', 'b', 'c']);
    readsAs('["a quote " b]', ['a quote ', 'b']);
    // The word's own quote after it: the lone quote is text, the element after stays one.
    readsAs('["a quote " alone", "b"]', ['a quote " alone', 'b'], ['unescaped_quote']);
  });
});

describe('a quoted term and a colon inside a string (F9)', () => {
  test('is text when bare text ending in the string\'s quote follows: no made-up key or object', () => {
    // Before: {"a": "Use `", "key": "value` syntax", "b": 2} and {"notes": [{"Use `\"key": "value` syntax"}]}.
    readsAs('{"a": "Use `"key": value` syntax", "b": 2}', { a: 'Use `"key": value` syntax', b: 2 }, ['unescaped_quote', 'unescaped_quote']);
    readsAs('{"notes": ["Use `"key": value` syntax"]}', { notes: ['Use `"key": value` syntax'] });
    readsAs('{"a": "Error: "file not found": /tmp/x", "b": 1}', { a: 'Error: "file not found": /tmp/x', b: 1 });
    readsAs('["Error: "file not found": /tmp/x"]', ['Error: "file not found": /tmp/x']);
    // A key after a string that ran on, its value a number, a literal or a word with no quote: as before.
    readsAs('{"a": "qui cher"rating": 4}', { a: 'qui cher', rating: 4 });
    readsAs('{"a": "x"b": foo, "c": 1}', { a: 'x', b: 'foo', c: 1 });
  });
});

describe('three quotes that are an empty string and a quote (F10)', () => {
  test('do not open a triple-quoted string that swallows the rest of a complete reply', () => {
    // Before: {"text": "next\":\"x\"}"} reported truncated, and {"a": ["], \"b\": 1}"]}.
    readsAs('{"text":"""next":"x"}', { text: '', next: 'x' }, ['missing_comma']);
    readsAs('{"a": ["""], "b": 1}', { a: ['"'], b: 1 });
    readsAs('{"p": [\n  false,\n  """\n ],\n "m": true\n}', { p: [false, '"'], m: true });
    readsAs('{"notes": """,\n  "priority": "x"\n}', { notes: '"', priority: 'x' });
    // Python's triple quotes, whole or cut off, as before.
    readsAs('{"code": """def f():\n    return 1"""}', { code: 'def f():\n    return 1' });
    readsAs('{"code": """\ndef f():\n  return 1\n"""}', { code: '\ndef f():\n  return 1\n' });
    assert.deepEqual(parse('{"a": """he said "hi', { acceptTruncated: true }), { a: 'he said "hi' });
  });
});
