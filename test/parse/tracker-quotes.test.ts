// Unescaped quotes in strings, as model replies quoted in peers' trackers have them (read for what real
// replies look like; the inputs are shortened):
//   https://github.com/josdejong/jsonrepair/pull/116 (issues #102, #114)
//   https://github.com/mangiucugna/json_repair/issues/85, /94, /100, /128, /140, /141, /152
// Each is read as meant, alone and inside prose, by parse, repair and the stream alike.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createStreamParser, parse, repair } from '../../src/index.js';

const CASES: ReadonlyArray<readonly [input: string, value: unknown]> = [
  ['{ "text": "I want to buy a 65" television" }', { text: 'I want to buy a 65" television' }],
  ['{ "key": "apple "bee" carrot" }', { key: 'apple "bee" carrot' }],
  ['{ "text": "You can try 65", which are good television" }', { text: 'You can try 65", which are good television' }],
  [`[{'id': None, 'name': '12"34"'}]`, [{ id: null, name: '12"34"' }]],
  ['{"score": 3, "comment": "The essay uses terms such as "offside" and "penalty". To improve, be precise."}', { score: 3, comment: 'The essay uses terms such as "offside" and "penalty". To improve, be precise.' }],
  ['{"plot_point": "a"bcd"e"}', { plot_point: 'a"bcd"e' }],
  ['{"Suggestion": "Avoid saying "Bascom Palmer" first, use "UHealth" instead"}', { Suggestion: 'Avoid saying "Bascom Palmer" first, use "UHealth" instead' }],
  ['{"dateSelector": "//meta[@property=\\\'published_time\\\']/@content"}', { dateSelector: "//meta[@property='published_time']/@content" }],
  ['[{"Text": "The 2236QTiMAX 1/2" Impact Wrench was, launched.", "Source": "Power Tools"}]', [{ Text: 'The 2236QTiMAX 1/2" Impact Wrench was, launched.', Source: 'Power Tools' }]],
  // An inch mark after a number that is a word of the text, in an array: json_repair #152 split it
  // into two elements. (`["value1" value2"]`, a word's quote lost, stays two: silent-loss tests.)
  ['{\n"key": ["samsung 32" display"]\n}', { key: ['samsung 32" display'] }],
  ['["a TV, 55.5" wide", "b"]', ['a TV, 55.5" wide', 'b']],
];

function streamed(text: string, size: number): unknown {
  const p = createStreamParser();
  for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
  return p.end();
}

describe('unescaped quotes from peers\' trackers', () => {
  for (const [input, value] of CASES) {
    for (const text of [input, `Here you go:\n${input}\nHope it helps!`]) {
      test(JSON.stringify(text), () => {
        assert.deepEqual(parse(text), value);
        assert.deepEqual(JSON.parse(repair(text)), value);
        for (const size of [1, 3]) assert.deepEqual(streamed(text, size), value, `in ${size}-character chunks`);
      });
    }
  }
  test('a word whose closing quote was lost before the next one stays two elements', () => {
    assert.deepEqual(parse('["value1" value2", "value3"]'), ['value1', 'value2', 'value3']);
  });
});
