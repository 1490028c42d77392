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
  test('a line break in the middle of the text stays', () => {
    assert.deepEqual(parse('{"a": "x\ny\n"}'), { a: 'x\ny' });
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
