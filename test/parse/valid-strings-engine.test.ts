// Valid JSON strings that the engine misreads: a `”` inside a `"`-delimited string that is valid JSON
// is content, but the engine ends the string there (issue 19). `parse` of a valid document, and of
// any valid candidate in a fence, tag or prose, takes JSON.parse's value and is right; the engine
// itself is still wrong, which shows where JSON.parse cannot be used: a valid value followed by prose
// (the whole-text candidate), damaged documents, and the stream.
//
// TODO(engine, issue 19): the fix belongs in the engine's string rules: `closingLength` in
// src/parse/strings.ts accepts `”` (Ch.RIGHT_DOUBLE) as a closer of a Quote.DOUBLE string (the stop
// list in src/parse/state.ts, STOPS[Quote.DOUBLE], and the plain-string scan in `plainString` stop
// there too), and `decideClose` in src/parse/string-end.ts keeps it; a `”` must not close a
// `"`-opened string when a straight `"` closes it validly after it (`{"q”": 1}`: the `"` right after
// the `”`). Failing today, skipped:
//   - whole text with prose after it: parse('{"q”": 1}\nThanks') gives {"q": ": 1}\nThanks"}
//   - damaged documents: parse('{"a”b": 1 ,}') gives {"a": "b\": 1"}; repair() likewise
//   - the stream: '{"a”b":[1]}' in chunks of 1–4 ends with {"a": "b\":[1"} (parse() is right)
//   - the property below: stream end() equals parse() and JSON.parse for random valid documents
//     whose strings hold curly quotes, under random chunking
// RUN_TODO=1 node --import tsx --test test/parse/valid-strings-engine.test.ts runs them. Remove the
// `skip` when the engine rule lands.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { createStreamParser, parse, repair } from '../../src/index.js';

const TODO = 'TODO(engine, issue 19): a ” inside a valid "-string is content — see the comment at the top of this file';

function streamed(text: string, size: number): unknown {
  const s = createStreamParser();
  for (let i = 0; i < text.length; i += size) s.push(text.slice(i, i + size));
  return s.end();
}

describe('engine: a curly quote inside a valid string is content', () => {
  test('a valid value followed by prose', { skip: process.env.RUN_TODO ? false : TODO }, () => {
    assert.deepEqual(parse('{"q”": 1}\nThanks'), { 'q”': 1 });
  });

  test('a damaged document whose strings are valid', { skip: process.env.RUN_TODO ? false : TODO }, () => {
    assert.deepEqual(parse('{"a”b": 1 ,}'), { 'a”b': 1 });
    assert.deepEqual(parse('```json\n{"q”": [1,]}\n```'), { 'q”': [1] });
    assert.deepEqual(JSON.parse(repair('{"a”b": 1 ,}')), { 'a”b': 1 });
  });

  test('the stream in small chunks ends with parse()\'s value', { skip: process.env.RUN_TODO ? false : TODO }, () => {
    for (const size of [1, 2, 3, 4]) assert.deepEqual(streamed('{"a”b":[1]}', size), { 'a”b': [1] });
  });

  test('property: stream end() equals parse() and JSON.parse for valid documents under random chunking', { skip: process.env.RUN_TODO ? false : TODO }, () => {
    const unit = fc.oneof(fc.constantFrom('”', '“', '’', '"', '\\', '`', 'a', ' ', ':', ',', '}', ']'), fc.string({ unit: 'grapheme', maxLength: 2 }));
    const str = fc.array(unit, { maxLength: 6 }).map((p) => p.join(''));
    const doc = fc.dictionary(str, fc.oneof(str, fc.integer(), fc.array(str, { maxLength: 3 })), { maxKeys: 4 });
    fc.assert(
      fc.property(doc, fc.integer({ min: 1, max: 6 }), (value, size) => {
        const text = JSON.stringify(value);
        assert.deepEqual(streamed(text, size), JSON.parse(text));
        assert.deepEqual(streamed(text, size), parse(text));
      }),
      { numRuns: 300 },
    );
  });
});
