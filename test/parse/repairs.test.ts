// One named test per repair kind: the value that comes out, the kind reported, and that repair()
// writes text that JSON.parse reads as the same value.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse, parseWithReport } from '../../src/schema/index.js';
import { repair } from '../../src/parse/index.js';
import type { TextRepairKind } from '../../src/parse/index.js';

interface Case {
  name: string;
  input: string;
  expected: unknown;
  kind: TextRepairKind;
}

const cases: Case[] = [
  { name: 'truncated string', input: '{"a": "fo', expected: { a: 'fo' }, kind: 'truncated' },
  { name: 'truncated mid-escape', input: '{"a": "x\\', expected: { a: 'x' }, kind: 'truncated' },
  { name: 'truncated mid-unicode-escape', input: '{"a": "x\\u00', expected: { a: 'x' }, kind: 'truncated' },
  { name: 'truncated mid-number', input: '{"a": 1.', expected: { a: 1 }, kind: 'truncated' },
  { name: 'truncated mid-exponent', input: '[1e', expected: [1], kind: 'truncated' },
  { name: 'truncated mid-literal', input: '{"a": tru', expected: { a: true }, kind: 'truncated' },
  { name: 'truncated mid-literal, Python', input: '[1, Non', expected: [1, null], kind: 'truncated_literal' },
  { name: 'truncated mid-literal, the literal reported', input: '{"a": nul', expected: { a: null }, kind: 'truncated_literal' },
  { name: 'truncated inside a key', input: '{"a": 1, "b', expected: { a: 1 }, kind: 'truncated' },
  { name: 'truncated after a colon', input: '{"a": 1, "b":', expected: { a: 1 }, kind: 'truncated' },
  { name: 'truncated after a comma', input: '[1, 2,', expected: [1, 2], kind: 'truncated' },
  { name: 'missing closers', input: '{"a": [1, {"b": 2', expected: { a: [1, { b: 2 }] }, kind: 'truncated' },
  { name: 'trailing comma', input: '[1, 2,]', expected: [1, 2], kind: 'trailing_comma' },
  { name: 'trailing comma in object', input: '{"a": 1,}', expected: { a: 1 }, kind: 'trailing_comma' },
  { name: 'leading comma', input: '[, 1]', expected: [1], kind: 'leading_comma' },
  { name: 'doubled comma', input: '[1,, 2]', expected: [1, 2], kind: 'extra_comma' },
  { name: 'doubled colon', input: '{"a":: 1, "b" : : "x"}', expected: { a: 1, b: 'x' }, kind: 'extra_colon' },
  { name: 'missing comma between numbers', input: '[1 2]', expected: [1, 2], kind: 'missing_comma' },
  { name: 'missing comma between objects', input: '[{}{}]', expected: [{}, {}], kind: 'missing_comma' },
  { name: 'missing comma at a line break', input: '{"a": 1\n"b": 2}', expected: { a: 1, b: 2 }, kind: 'missing_comma' },
  { name: 'missing colon', input: '{"a" 1}', expected: { a: 1 }, kind: 'missing_colon' },
  { name: 'missing value', input: '{"a": , "b": 2}', expected: { a: null, b: 2 }, kind: 'missing_value' },
  { name: 'closer of the wrong kind', input: '{"a": [1, 2}', expected: { a: [1, 2] }, kind: 'mismatched_closer' },
  { name: 'early closer, more members follow', input: '{"a":"v"}, "b":"w"}', expected: { a: 'v', b: 'w' }, kind: 'early_closer' },
  { name: 'early closer, several members follow', input: '{"k1": "v1"}, "k2": "v2", "k3": "v3"}', expected: { k1: 'v1', k2: 'v2', k3: 'v3' }, kind: 'early_closer' },
  { name: '} closing an array that more members follow', input: '{"k1":["v1","v2"}, "k2":["v3"]}', expected: { k1: ['v1', 'v2'], k2: ['v3'] }, kind: 'mismatched_closer' },
  { name: 'values separated by comments', input: '/* 1 */\n{"x":1}\n\n/* 2 */\n{"x":2}', expected: [{ x: 1 }, { x: 2 }], kind: 'concatenated_values' },
  { name: 'redundant closer', input: '[[1]]]', expected: [[1]], kind: 'extra_closer' },
  { name: 'single quotes', input: "{'a': 'b'}", expected: { a: 'b' }, kind: 'single_quotes' },
  { name: 'single quotes with an escaped apostrophe', input: "{'a': 'it\\'s'}", expected: { a: "it's" }, kind: 'single_quotes' },
  { name: 'single quotes with an embedded apostrophe', input: "{'a': 'it's here'}", expected: { a: "it's here" }, kind: 'unescaped_quote' },
  { name: 'single quotes holding a double quote', input: `{'a': 'say "hi"'}`, expected: { a: 'say "hi"' }, kind: 'single_quotes' },
  { name: 'curly double quotes', input: '{“a”: “b”}', expected: { a: 'b' }, kind: 'curly_quotes' },
  { name: 'curly single quotes', input: '{‘a’: ‘b’}', expected: { a: 'b' }, kind: 'curly_quotes' },
  { name: 'opened with " closed with a curly quote', input: '{"a": "b”}', expected: { a: 'b' }, kind: 'curly_quotes' },
  { name: 'backtick string', input: '{"a": `b\nc`}', expected: { a: 'b\nc' }, kind: 'backtick_quotes' },
  { name: 'triple-quoted string', input: '{"a": """x "y" z"""}', expected: { a: 'x "y" z' }, kind: 'triple_quotes' },
  { name: '&quot; entities', input: '{&quot;a&quot;: &quot;b&quot;}', expected: { a: 'b' }, kind: 'html_entity_quotes' },
  { name: 'unquoted keys', input: '{a: 1, b_c: 2}', expected: { a: 1, b_c: 2 }, kind: 'unquoted_key' },
  { name: 'unquoted string values', input: '{name: John Smith, age: 30}', expected: { name: 'John Smith', age: 30 }, kind: 'unquoted_string' },
  { name: 'unquoted URL', input: '{url: https://example.com/a//b}', expected: { url: 'https://example.com/a//b' }, kind: 'unquoted_string' },
  { name: 'unescaped quotes inside a string', input: '{"a": "He said "hi" to me"}', expected: { a: 'He said "hi" to me' }, kind: 'unescaped_quote' },
  { name: 'inch marks', input: '{"size": "65" screen"}', expected: { size: '65" screen' }, kind: 'unescaped_quote' },
  { name: 'quoted name then comma', input: '{"a": "know "micheal", jackson"}', expected: { a: 'know "micheal", jackson' }, kind: 'unescaped_quote' },
  { name: 'missing end quote mid-document', input: '{"a": "foo, "b": 2}', expected: { a: 'foo', b: 2 }, kind: 'missing_end_quote' },
  { name: 'missing end quote before the next element', input: '["abc,\n"def"]', expected: ['abc', 'def'], kind: 'missing_end_quote' },
  { name: 'missing end quote before the next element, no space', input: '["hello,"world"]', expected: ['hello', 'world'], kind: 'missing_end_quote' },
  { name: 'a quotation after a comma and a space stays one element', input: '["He said, "hi", to me"]', expected: ['He said, "hi", to me'], kind: 'unescaped_quote' },
  // jsonrepair #131, json_repair #155: a whole reply, not a cut-off one (a caller that refuses cut-off values would lose it).
  { name: 'string whose end quote was lost before the closers that end the text', input: '{"url":"https://x.com/}', expected: { url: 'https://x.com/' }, kind: 'missing_end_quote' },
  { name: 'the same in an array of objects', input: '{"r": [{"s": "00:10"}, {"s": "00:23}\n  ]\n}', expected: { r: [{ s: '00:10' }, { s: '00:23' }] }, kind: 'missing_end_quote' },
  { name: 'string whose end quote was lost before closers on their own lines', input: '[\n[\n"abc\n]\n]\n', expected: [['abc']], kind: 'missing_end_quote' },
  { name: 'closers that do not close what is open stay text', input: '{"a": "b}}', expected: { a: 'b}' }, kind: 'missing_end_quote' },
  { name: 'a quote before ) with no ( open is text', input: '{"height": "(5\'3")", "ok": true}', expected: { height: '(5\'3")', ok: true }, kind: 'unescaped_quote' },
  { name: 'missing opening quote of a value', input: '[a","b"]', expected: ['a', 'b'], kind: 'missing_start_quote' },
  { name: 'missing opening quote of a key', input: '{a":"foo"}', expected: { a: 'foo' }, kind: 'missing_start_quote' },
  { name: 'missing opening quote of a later key', input: '{"a":"foo",b":"bar"}', expected: { a: 'foo', b: 'bar' }, kind: 'missing_start_quote' },
  { name: 'an object in an array runs into the next', input: '[{"i":1{"i":2}]', expected: [{ i: 1 }, { i: 2 }], kind: 'missing_closer' },
  { name: 'an object in an array runs into the next after a comma', input: '[{"i":1,{"i":2}]', expected: [{ i: 1 }, { i: 2 }], kind: 'missing_closer' },
  { name: 'a key in an array opens the missing object', input: '["key":"value"]', expected: [{ key: 'value' }], kind: 'missing_opener' },
  { name: 'quoted JSON inside a string value', input: '{"x": "a, {"k": 1}, "y": 2}', expected: { x: 'a, {"k": 1}', y: 2 }, kind: 'unescaped_quote' },
  { name: 'quoted JSON in the middle of a sentence', input: '{"x": "the answer is {"blank_1": "music"}, which is wrong"}', expected: { x: 'the answer is {"blank_1": "music"}, which is wrong' }, kind: 'unescaped_quote' },
  { name: 'an unquoted value ends at the next quoted key', input: '{"key":value "key2":"value2"}', expected: { key: 'value', key2: 'value2' }, kind: 'unquoted_string' },
  { name: 'a stray word between members', input: '{"v1": true, COMMENT "v2": 1}', expected: { v1: true, v2: 1 }, kind: 'stray_word' },
  { name: 'raw newline in a string', input: '{"a": "x\ny"}', expected: { a: 'x\ny' }, kind: 'control_character' },
  { name: 'a closing quote on its own line: the line break before it was layout', input: '{"code": "x = 1\n  ", "ok": true}', expected: { code: 'x = 1', ok: true }, kind: 'quote_on_own_line' },
  { name: 'a key whose closing quote went to the next line', input: '{"name\n": "Ada"}', expected: { name: 'Ada' }, kind: 'quote_on_own_line' },
  { name: 'raw tab in a string', input: '{"a": "x\ty"}', expected: { a: 'x\ty' }, kind: 'control_character' },
  { name: 'invalid escape keeps its backslash', input: '{"re": "\\d+"}', expected: { re: '\\d+' }, kind: 'invalid_escape' },
  { name: 'escaped JSON text', input: '{\\"a\\": 1, \\"b\\": \\"x\\"}', expected: { a: 1, b: 'x' }, kind: 'escaped_json' },
  { name: 'escaped JSON text, an array of objects', input: '[{\\"id\\": \\"1\\"}, {\\"id\\": \\"2\\"}]', expected: [{ id: '1' }, { id: '2' }], kind: 'escaped_json' },
  { name: 'Python literals', input: '[True, False, None]', expected: [true, false, null], kind: 'python_literal' },
  { name: 'JavaScript undefined', input: '{"a": undefined}', expected: { a: null }, kind: 'undefined_literal' },
  { name: 'NaN and Infinity', input: '[NaN, Infinity, -Infinity]', expected: [null, null, null], kind: 'non_finite_number' },
  { name: "Python's nan and inf (a pandas record printed as a dict)", input: "{'price': nan, 'max': inf, 'min': -inf}", expected: { price: null, max: null, min: null }, kind: 'non_finite_number' },
  { name: 'numbers .5 1. +3 -.25', input: '[.5, 1., +3, -.25]', expected: [0.5, 1, 3, -0.25], kind: 'number_format' },
  { name: 'digit separators', input: '[1_000]', expected: [1000], kind: 'number_format' },
  // BAML's test_float_comma_german2: the second dot cannot go on as a number, so it is a full stop, not a cut.
  { name: 'a number that ends the text with a full stop', input: '12.11.', expected: 12.11, kind: 'number_format' },
  { name: 'leading zeros keep the text', input: '{"zip": 0789}', expected: { zip: '0789' }, kind: 'leading_zero' },
  { name: 'leading zeros, signed, fraction, exponent', input: '[-05, 001.2, 002e3, 00.]', expected: ['-05', '001.2', '002e3', '00.'], kind: 'leading_zero' },
  { name: 'a date is text', input: '{"date": 2024-10-18T18:35:22.229Z}', expected: { date: '2024-10-18T18:35:22.229Z' }, kind: 'number_like_text' },
  { name: 'a fraction is text, and the members after it stay', input: '{"key": 1/3, "foo": "bar"}', expected: { key: '1/3', foo: 'bar' }, kind: 'number_like_text' },
  { name: 'a range is text, not a number and a key', input: '{"key": 10-20}', expected: { key: '10-20' }, kind: 'number_like_text' },
  { name: 'an exponent with no digits is text', input: '{"v": 2e, "w": 1}', expected: { v: '2e', w: 1 }, kind: 'number_like_text' },
  { name: 'digit separators in a fraction are text', input: '{"v": 1_234.5_6}', expected: { v: '1_234.5_6' }, kind: 'number_like_text' },
  { name: 'literals in capitals', input: '{"a": TRUE, "b": FALSE, "c": Null}', expected: { a: true, b: false, c: null }, kind: 'literal_case' },
  { name: 'a regex literal', input: '{regex: /standalone-styles.css/}', expected: { regex: '/standalone-styles.css/' }, kind: 'regex_literal' },
  { name: 'Mongolian vowel separator between tokens', input: '{"a":\u180e"foo"}', expected: { a: 'foo' }, kind: 'special_whitespace' },
  { name: 'hex number', input: '[0x1F]', expected: [31], kind: 'number_format' },
  { name: 'Python tuple', input: '{"a": (1, 2)}', expected: { a: [1, 2] }, kind: 'tuple' },
  { name: 'line comment', input: '{\n  // why\n  "a": 1\n}', expected: { a: 1 }, kind: 'comment' },
  { name: 'block comment', input: '{"a": /* one */ 1}', expected: { a: 1 }, kind: 'comment' },
  { name: 'hash comment', input: '{"a": 1 # one\n}', expected: { a: 1 }, kind: 'comment' },
  { name: 'ellipsis placeholder', input: '[1, 2, ...]', expected: [1, 2], kind: 'ellipsis' },
  { name: 'ellipsis in an object', input: '{"a": 1, ...}', expected: { a: 1 }, kind: 'ellipsis' },
  { name: 'string concatenation', input: '{"a": "x" + "y"}', expected: { a: 'xy' }, kind: 'string_concatenation' },
  { name: 'JSONP wrapper', input: 'callback({"a": 1});', expected: { a: 1 }, kind: 'surrounding_text' },
  { name: 'MongoDB wrappers', input: '{"_id": ObjectId("5f1"), "n": NumberLong(2), "t": ISODate("2020-01-01")}', expected: { _id: '5f1', n: 2, t: '2020-01-01' }, kind: 'function_wrapper' },
  { name: 'byte-order mark', input: '\ufeff{"a": 1, }', expected: { a: 1 }, kind: 'special_whitespace' },
  { name: 'NBSP and zero-width space', input: '{"a":\u00a01,\u200b"b": 2, }', expected: { a: 1, b: 2 }, kind: 'special_whitespace' },
  { name: 'newline-delimited values', input: '{"a": 1}\n{"a": 2}', expected: [{ a: 1 }, { a: 2 }], kind: 'concatenated_values' },
  { name: 'concatenated values, the first single-quoted', input: "<answer>'' {}</answer>", expected: ['', {}], kind: 'concatenated_values' },
  { name: 'fenced JSON', input: 'Here:\n```json\n{"a": 1,}\n```\nThanks!', expected: { a: 1 }, kind: 'surrounding_text' },
  { name: 'prose after the value', input: '{"ok": true}\n\nI hope this helps!', expected: { ok: true }, kind: 'surrounding_text' },
  { name: 'answer only inside reasoning', input: '<think>{"a": 1}</think>', expected: { a: 1 }, kind: 'reasoning_block' },
];

describe('each repair kind', () => {
  for (const c of cases) {
    test(c.name, () => {
      const { value, repairs } = parseWithReport(c.input);
      assert.deepEqual(value, c.expected);
      assert.ok(repairs.some((r) => r.kind === c.kind), `expected a ${c.kind} repair, got ${repairs.map((r) => r.kind).join(', ')}`);
      const text = repair(c.input);
      assert.deepEqual(JSON.parse(text), c.expected, `repair() wrote ${text}`);
      assert.equal(repair(text), text, 'repair is idempotent');
    });
  }
});

describe('reports', () => {
  test('each repair has a kind, an offset, a line, a column and a detail', () => {
    const { repairs } = parseWithReport('{\n  "a": 1,\n  "b": [1, 2,],\n}');
    assert.equal(repairs.length, 2);
    assert.deepEqual(repairs.map((r) => [r.kind, 'offset' in r ? [r.line, r.column] : null]), [
      ['trailing_comma', [3, 13]],
      ['trailing_comma', [3, 15]],
    ]);
    for (const r of repairs) assert.equal(typeof (r as { detail: string }).detail, 'string');
  });

  test('onRepair is called once with every repair, and never for valid JSON', () => {
    const calls: unknown[] = [];
    parse('{"a": [1, 2]}', { onRepair: (r) => calls.push(r) });
    assert.equal(calls.length, 0);
    parse("{'a': [1, 2,]}", { onRepair: (r) => calls.push(r) });
    assert.equal(calls.length, 1);
    assert.deepEqual((calls[0] as { kind: string }[]).map((r) => r.kind), ['single_quotes', 'trailing_comma']);
  });

  test('truncation is reported as its own kind so a cut-off reply is told apart', () => {
    const cut = parseWithReport('{"items": [{"id": 1}, {"id": 2');
    assert.ok(cut.repairs.some((r) => r.kind === 'truncated'));
    const whole = parseWithReport('{"items": [{"id": 1}, {"id": 2},]}');
    assert.ok(!whole.repairs.some((r) => r.kind === 'truncated'));
  });

  test('repair keeps the input formatting and splices in only the repairs', () => {
    const input = "{\n  'name': 'Ada',   // first\n  \"tags\": [1, 2,],\n}";
    assert.equal(repair(input), '{\n  "name": "Ada",   \n  "tags": [1, 2],\n}'.replace(',\n}', '\n}'));
  });

  test('valid JSON comes back from repair unchanged', () => {
    const input = '{ "a" : [ 1 , 2 ] }';
    assert.equal(repair(input), input);
  });
});

describe('options', () => {
  test('strict refuses a repair that guesses, naming it', () => {
    assert.throws(() => parse('{"a": "He said "hi""}', { strict: true }), (e: any) => e.code === 'REPAIR_REFUSED' && /unescaped_quote/.test(e.message));
    assert.deepEqual(parse('{"a": 1,}', { strict: true }), { a: 1 });
  });

  test('disable refuses the named kinds only', () => {
    assert.throws(() => parse('[1, 2,]', { disable: ['trailing_comma'] }), (e: any) => e.code === 'REPAIR_REFUSED');
    assert.deepEqual(parse("['a']", { disable: ['trailing_comma'] }), ['a']);
  });
});
