// Valid JSON strings that the engine once misread (issue 19): a `”` inside a `"`-delimited string that
// is valid JSON is content. `parse` of a valid candidate takes JSON.parse's value; these cases are where
// JSON.parse cannot be used: a valid value followed by prose, damaged documents, and the stream.
// The engine's string rules read such a `”` as content when a straight `"` closes the string validly
// after it (string-end.ts, straightQuoteEnds): these were skipped until that rule landed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parse, repair } from '../../src/index.js';
import { streamedEnd } from '../stream/check.js';

describe('engine: a curly quote inside a valid string is content', () => {
  test('a valid value followed by prose', () => {
    assert.deepEqual(parse('{"q”": 1}\nThanks'), { 'q”': 1 });
  });

  test('a damaged document whose strings are valid', () => {
    assert.deepEqual(parse('{"a”b": 1 ,}'), { 'a”b': 1 });
    assert.deepEqual(parse('```json\n{"q”": [1,]}\n```'), { 'q”': [1] });
    assert.deepEqual(JSON.parse(repair('{"a”b": 1 ,}')), { 'a”b': 1 });
  });

  test('the stream in small chunks ends with parse()\'s value', () => {
    for (const size of [1, 2, 3, 4]) assert.deepEqual(streamedEnd('{"a”b":[1]}', size), { 'a”b': [1] });
  });

  test('property: stream end() equals parse() and JSON.parse for valid documents under random chunking', () => {
    const unit = fc.oneof(fc.constantFrom('”', '“', '’', '"', '\\', '`', 'a', ' ', ':', ',', '}', ']'), fc.string({ unit: 'grapheme', maxLength: 2 }));
    const str = fc.array(unit, { maxLength: 6 }).map((p) => p.join(''));
    const doc = fc.dictionary(str, fc.oneof(str, fc.integer(), fc.array(str, { maxLength: 3 })), { maxKeys: 4 });
    fc.assert(
      fc.property(doc, fc.integer({ min: 1, max: 6 }), (value, size) => {
        const text = JSON.stringify(value);
        assert.deepEqual(streamedEnd(text, size), JSON.parse(text));
        assert.deepEqual(streamedEnd(text, size), parse(text));
      }),
      { seed: 467754706, numRuns: 300 },
    );
  });
});
