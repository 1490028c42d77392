// Session 40's hunt through peers' trackers for replies read wrongly. The inputs are written for these
// tests, shaped after the model replies quoted in these public threads (read for what real replies
// look like):
//   quoted words listed in a value's text: https://github.com/mangiucugna/json_repair/issues/85, /133
//                                          https://github.com/josdejong/jsonrepair/issues/161 (PR #185)
//   a key and its value quoted in advice:  https://github.com/josdejong/jsonrepair/pull/148 (issue #129)
//                                          https://github.com/mangiucugna/json_repair/issues/46
import { describe, test } from 'node:test';
import { streamsAs } from '../stream/check.js';
import { readsAs } from './reads.js';

describe('a list of quoted words that ends a sentence in the text, its quotes not escaped', () => {
  // The quote after the last word, then `.` `!` `?` (or nothing) and the string's own end quote: the
  // list was the sentence's. Read as the string's end at the first word's quote, the words after it
  // became made-up members (`"no": ".\""`), elements no one wrote, or an error.
  const rows: ReadonlyArray<readonly [string, unknown]> = [
    ['{"answer": "Options: "yes", "no".", "n": 1}', { answer: 'Options: "yes", "no".', n: 1 }],
    ['{"answer": "Options: "yes", "no"", "n": 1}', { answer: 'Options: "yes", "no"', n: 1 }],
    ['{"text": "Items: "apple", "banana", "cherry".", "count": 3}', { text: 'Items: "apple", "banana", "cherry".', count: 3 }],
    ['{"answer": "The colors are "red", "green", "blue"!", "n": 1}', { answer: 'The colors are "red", "green", "blue"!', n: 1 }],
    ['["The colors are "red", "green", "blue".", "x"]', ['The colors are "red", "green", "blue".', 'x']],
    ['{"a": "Words: "x", "y".",\n "b": 2}', { a: 'Words: "x", "y".', b: 2 }],
    ['{"a": "Words: "x", "y"."}', { a: 'Words: "x", "y".' }],
    ['{"a": "Is it "x", "y"?"\n}', { a: 'Is it "x", "y"?' }],
  ];
  for (const [text, value] of rows) {
    test(JSON.stringify(text), () => {
      readsAs(text, value);
      streamsAs(text, value);
    });
  }
  test('a quoted key after the list still ends the string there', () => {
    readsAs('{"a": "He said "hi", "b": "c"}', { a: 'He said "hi', b: 'c' });
    readsAs('["a", "b", "c"]', ['a', 'b', 'c']);
  });
});

describe('a key and its value quoted in a sentence, the quotes not escaped, the sentence going on', () => {
  // `"Set "timeout": 30 in the config"`: a number, a literal or a quoted value after the quoted term's
  // colon, then a space and more words up to the string's end quote. Read as a member, the string
  // ended at the term and the key was made up (`{"fix": "Set ", "timeout": "30 in the config"}`).
  const rows: ReadonlyArray<readonly [string, unknown]> = [
    ['{"fix": "Set "timeout": 30 in the config", "file": "a.json"}', { fix: 'Set "timeout": 30 in the config', file: 'a.json' }],
    ['{"explanation": "The key "name": "Bob" is missing a comma", "valid": false}', { explanation: 'The key "name": "Bob" is missing a comma', valid: false }],
    ['{"suggestion": "Use "type": "module" in package.json.", "severity": "low"}', { suggestion: 'Use "type": "module" in package.json.', severity: 'low' }],
    ['{"fix": "Set "retries": -1 to retry forever"}', { fix: 'Set "retries": -1 to retry forever' }],
    ['{"fix": "Add "strict": true to tsconfig.json", "file": "tsconfig.json"}', { fix: 'Add "strict": true to tsconfig.json', file: 'tsconfig.json' }],
  ];
  for (const [text, value] of rows) {
    test(JSON.stringify(text), () => {
      readsAs(text, value);
      streamsAs(text, value);
    });
  }
  test('a member whose value ends it is still a member', () => {
    readsAs('{"a": "x "b": 30, "c": 1}', { a: 'x ', b: 30, c: 1 });
    readsAs('{"a": "x "b": "y", "c": 1}', { a: 'x ', b: 'y', c: 1 });
  });
});
