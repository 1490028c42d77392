// Session 40's hunt through peers' trackers for replies read wrongly. The inputs are written for these
// tests, shaped after the model replies quoted in these public threads (read for what real replies
// look like):
//   quoted words listed in a value's text: https://github.com/mangiucugna/json_repair/issues/85, /133
//                                          https://github.com/josdejong/jsonrepair/issues/161 (PR #185)
//   sizes in inches in a list:             https://github.com/mangiucugna/json_repair/issues/152
//   a regex's class of quotes in a value:  https://github.com/mangiucugna/json_repair/issues/206
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

describe('a list whose elements each hold a size in inches, the marks not escaped (json_repair #152, more than one)', () => {
  // `["Samsung 55" QLED", "LG 65" OLED"]`: the first element's mark was read as an inch mark, but
  // its end quote, a comma and `"LG 65" OLED"` looked like a quotation the sentence went on from,
  // and the two elements became one string (`Samsung 55" QLED", "LG 65" OLED`), nothing named. A
  // quote closes a quotation only when the text opened one: the quote before it stands after no
  // digit and no quote. A size that is the element's whole text is an inch mark too.
  const rows: ReadonlyArray<readonly [string, unknown]> = [
    ['{"tvs": ["Samsung 55" QLED", "LG 65" OLED"], "n": 2}', { tvs: ['Samsung 55" QLED', 'LG 65" OLED'], n: 2 }],
    ['["samsung 32" display", "lg 40" monitor"]', ['samsung 32" display', 'lg 40" monitor']],
    ['{"sizes": ["55" TV", "65" TV"], "n": 2}', { sizes: ['55" TV', '65" TV'], n: 2 }],
    ['{"sizes": ["55"", "65""], "n": 2}', { sizes: ['55"', '65"'], n: 2 }],
    ['["15.6" laptop", "13" tablet"]', ['15.6" laptop', '13" tablet']],
  ];
  for (const [text, value] of rows) {
    test(JSON.stringify(text), () => {
      readsAs(text, value);
      streamsAs(text, value);
    });
  }
  test('a longer number (a year) before a lost quote is still an element of its own', () => {
    readsAs('["2023" report", "x"]', ['2023', 'report', 'x']);
    readsAs('["value1" value2", "value3"]', ['value1', 'value2', 'value3']);
  });
});

describe("a regex whose character class holds a quote, not escaped (json_repair #206's patterns)", () => {
  // `['"]`, `[^"]`: the class's `]` after the quote ended the string, and the rest of the reply was set
  // aside (`{"pattern": "[^"}`, `flags` lost, only surrounding_text named).
  const rows: ReadonlyArray<readonly [string, unknown]> = [
    ['{"regex": "^\\\\s*path\\\\(\\\\s*[\'"]([^\'"]+)[\'"]\\\\s*,", "x": 1}', { regex: '^\\s*path\\(\\s*[\'"]([^\'"]+)[\'"]\\s*,', x: 1 }],
    ['{"pattern": "[^"]*", "flags": "g"}', { pattern: '[^"]*', flags: 'g' }],
    ['{"pattern": "["\']", "x": 2}', { pattern: '["\']', x: 2 }],
    ['{"sed": "s/["\']//g", "n": 1}', { sed: 's/["\']//g', n: 1 }],
    ['Here: {"pattern": "[^"]*", "flags": "g"} done', { pattern: '[^"]*', flags: 'g' }],
  ];
  for (const [text, value] of rows) {
    test(JSON.stringify(text), () => {
      readsAs(text, value);
      streamsAs(text, value);
    });
  }
  test('a string holding a bracket still ends at its quote', () => {
    readsAs('["[a"]', ['[a']);
    readsAs('["["]', ['[']);
    readsAs('{"a": ["["], "b": 1}', { a: ['['], b: 1 });
    readsAs('{"a": "[", "b": "]"}', { a: '[', b: ']' });
  });
});
