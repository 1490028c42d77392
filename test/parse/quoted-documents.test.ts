// JSON quoted inside a string value without escaping its quotes (src/parse/embedded-doc.ts and the
// embedded-object check in string-end.ts). Found by session 38's differential hunt over strings
// holding quotes, braces and code, written as a model writes them (unescaped inner quotes, single
// quotes, Python's repr, cut off): the string's end was misread.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonMendError, parse, parseWithReport } from '../../src/index.js';
import { chunk, stream, streamsAs } from '../stream/check.js';
import { readsAs, readsEach } from './reads.js';

describe("a `'` string holding a `\"` object ends at its own quote", () => {
  // Was {"v": "{\"x\": {'}"}, reported `truncated` twice: the `"` keys need no escape inside `'…'`,
  // yet their `{"` was taken for a quoted object that the `'` before `}` went on inside.
  readsEach([
    [`{"v": '{"x": {'}`, { v: '{"x": {' }],
    [`{'v': '{"x": {'}`, { v: '{"x": {' }],
    [`{"items": [{"id": 1, "text": '{"x": {'}, {"id": 2, "text": 'b'}], "total": 2}`, { items: [{ id: 1, text: '{"x": {' }, { id: 2, text: 'b' }], total: 2 }],
    // Was {"items": [{"id": 1, "text": "{\"x\": {'\n    },\n    {\n …"}]}, the second item in the first's text.
    [`{\n  "items": [\n    {\n      "id": 1,\n      "text": '{"x": {'\n    },\n    {\n      "id": 2,\n      "text": 'b'\n    }\n  ],\n  "total": 2\n}`, { items: [{ id: 1, text: '{"x": {' }, { id: 2, text: 'b' }], total: 2 }],
  ]);
  test('the complete text is not reported cut off', () => {
    assert.deepEqual(parseWithReport(`{"v": '{"x": {'}`).repairs.map((r) => r.kind), ['single_quotes']);
  });
  readsEach([
    // Unchanged: in a `"` string, a `"` object's quotes are still the object's.
    ['{"x": "the answer is {"k": 1}, so"}', { x: 'the answer is {"k": 1}, so' }],
    // In a `'` string, a `'` object's are now (was UNREPAIRABLE: the object's key ended the string).
    [`{'x': 'the answer is {'k': 1}, so'}`, { x: "the answer is {'k': 1}, so" }],
    [`{'a': '{'a': 1}', 'b': 2}`, { a: "{'a': 1}", b: 2 }],
    // In prose, the span found reaches as far (was {"a": "{'a': 1}"}, reported cut off: the span
    // ended at the inner object's `}`).
    [`Sure! {'a': '{'a': 1}', 'b': 2} Hope that helps.`, { a: "{'a': 1}", b: 2 }],
    [`Sure! {"a": '{'a': 1}', "b": 2} ok`, { a: "{'a': 1}", b: 2 }],
  ]);
});

describe('a document quoted after words of a string, a comma in it, is the string\'s text', () => {
  const items = { items: [{ id: 1, text: 'use {"k": "v", "j": 2} ok' }, { id: 2, text: 'b' }], total: 2 };
  test('an array of objects, then the text cut off', () => {
    // Was {"items": [{"id": 1, "text": "use {\"k\": \"v", "j": 2}, "ok", {"id": 2, …}], …}: the
    // quote before the document's comma ended the string, its member climbed into the item and the
    // words after it became an element.
    const text = '{"items": [{"id": 1, "text": "use {"k": "v", "j": 2} ok"}, {"id": 2, "text": "b"}], "total": 2';
    readsAs(text, items);
    const kinds = parseWithReport(text).repairs.map((r) => r.kind);
    assert.deepEqual(kinds, [...Array(6).fill('unescaped_quote'), 'truncated']);
    for (const size of [1, 3]) assert.deepEqual(stream(chunk(text, size)).value, items);
  });
  readsEach([
    ['{"text": "use {"k": "v", "j": 2} ok"}', { text: 'use {"k": "v", "j": 2} ok' }],
    ['{"a": "use {"k": "v", "j": 2} ok", "b": 2}', { a: 'use {"k": "v", "j": 2} ok', b: 2 }],
    ['["use {"k": "v", "j": 2} ok", "x"]', ['use {"k": "v", "j": 2} ok', 'x']],
    // An array quoted in the text: was {"text": "see [\"a", "b": "here"}.
    ['{"text": "see ["a", "b"] here"}', { text: 'see ["a", "b"] here' }],
    ['{"text": "see ["a", "b"] here", "n": 1}', { text: 'see ["a", "b"] here', n: 1 }],
    // In prose, the span found reaches as far (was {"text": "use {\"k\": \"v", "j": 2}, the rest set aside).
    ['Sure! {"text": "use {"k": "v", "j": 2} ok"} Hope that helps.', { text: 'use {"k": "v", "j": 2} ok' }],
    ['Sure! {"items": [{"id": 1, "text": "use {"k": "v", "j": 2} ok"}, {"id": 2, "text": "b"}], "total": 2} ok', items],
  ]);
  readsEach([
    // Unchanged: a quoted object that closed before the quote leaves the comma to end the string.
    ['{"a": "x {"b": 1}", "c": 2}', { a: 'x {"b": 1}', c: 2 }],
    // No string's end after the document's closer (its `}` closes the outer object): the usual rules.
    ['{"a": "see {"k": "v", "b": {"c": 1}}, "d": 2}', { a: 'see {"k": "v', b: { c: 1 }, d: 2 }],
  ]);
});

describe("`'''` before a delimiter is the text `'` in single quotes, as `\"\"\"` is `\"` in double ones", () => {
  // Was {"a": ", 'b': 2}"}, reported cut off: read as a triple quote, the string took the rest of a
  // complete reply (the `"""` rule was for double quotes only).
  readsEach([
    [`{'a': ''', 'b': 2}`, { a: "'", b: 2 }],
    [`{'a': '''}`, { a: "'" }],
    [`{"text": ''', "tags": ['a', ''']}`, { text: "'", tags: ['a', "'"] }],
    [`{'items': [{'id': 1, 'text': '''}, {'id': 2, 'text': 'b'}], 'total': 2}`, { items: [{ id: 1, text: "'" }, { id: 2, text: 'b' }], total: 2 }],
    // An empty string, then the next key whose comma was lost, as with `"""`.
    [`{'a': '''b': 'x'}`, { a: '', b: 'x' }],
  ]);
  readsEach([
    // Unchanged: a triple-quoted string with text.
    [`{'a': '''hello''', 'b': 1}`, { a: 'hello', b: 1 }],
    [`{"a": '''say 'hi' now''', "b": 1}`, { a: "say 'hi' now", b: 1 }],
  ]);
  test('the complete text is not reported cut off', () => {
    assert.ok(!parseWithReport(`{'a': ''', 'b': 2}`).repairs.some((r) => r.kind === 'truncated'));
  });
});

describe('in a string that quotes words, `+` and a string that ends no value is code in the text', () => {
  // Was {"a": "const s = \"ab';\", \"b\": 2}"}, reported cut off: the `+ 'b'` was read as a join, and
  // the `'b';…` string ran to the text's end.
  readsEach([
    [`{"a": "const s = "a" + 'b';", "b": 2}`, { a: `const s = "a" + 'b';`, b: 2 }],
    [`{"text": "const s = "a" + 'b';"}`, { text: `const s = "a" + 'b';` }],
    [`["const s = "a" + 'b';", "x"]`, [`const s = "a" + 'b';`, 'x']],
    [`{\n  "text": "const s = "a" + 'b';"\n}`, { text: `const s = "a" + 'b';` }],
  ]);
  readsEach([
    // Unchanged: joins that end as values do.
    ['["a" + "b", "c"]', ['ab', 'c']],
    ['{"a": "say "hi" + "there", "b": 1}', { a: 'say "hithere', b: 1 }],
  ]);
});

describe('a string opened with another quote, ended by `"` where the text ends, names a guess', () => {
  // Was {"text": "f("} with `single_quotes` alone, which `strict` takes: `{'text': 'f("}` is the text
  // `f("}…` cut off as much as a string whose `'` was lost, and the `"` as its end was not named.
  test('the `"` is reported as the string\'s end, its own quote lost', () => {
    readsAs(`{'text': 'f("}`, { text: 'f(' }, ['single_quotes', 'single_quotes', 'missing_end_quote']);
    readsAs(`{'a': 'x"}`, { a: 'x' }, ['single_quotes', 'single_quotes', 'missing_end_quote']);
    readsAs(`['a"]`, ['a'], ['single_quotes', 'missing_end_quote']);
    assert.throws(() => parse(`{'text': 'f("}`, { strict: true }), (err) => err instanceof JsonMendError && err.code === 'REPAIR_REFUSED');
  });
  test('unchanged: where the document goes on after it, the quote written the wrong way is no guess', () => {
    readsAs(`{'a": 1, "b": 2}`, { a: 1, b: 2 }, ['single_quotes']);
    readsAs('{"a": “x", "b": 2}', { a: 'x', b: 2 }, ['curly_quotes']);
  });
});

describe('in prose, a closer inside a string before a quote and a delimiter is read as the parser reads it', () => {
  // Was {"a": "f("} with `surrounding_text` alone: the span found in prose ended at the `}` after the
  // string's first quote, a whole JSON value, and `", "]")", "b": 2}` was set aside unnamed. The parser
  // reads `"}",` as the string's text (quoteAfterCloser); the reading it then makes names its guesses.
  test('the guesses are named', () => {
    const r = parseWithReport('Sure! {"a": "f("}", "]")", "b": 2} Hope that helps.');
    assert.ok(r.repairs.some((x) => x.kind === 'unescaped_quote'), JSON.stringify(r.repairs));
    assert.throws(() => parse('Sure! {"a": "f("}", "]")", "b": 2} Hope that helps.', { strict: true }));
  });
  readsEach([
    ['Sure! {"name": "old man "}", "age": 3} ok', { name: 'old man "}', age: 3 }],
    ['Sure! {"a": "x"}"} ok', { a: 'x"}' }],
  ]);
});

describe("quoted words listed in an array's string are its text, as in an object's", () => {
  // Was ["say \"a", "b\" or \"c\"", "x"]: the comma after the first quoted word ended the string, and
  // the rest of the sentence became an element, each with an odd quote of the other's.
  readsEach([
    ['["say "a", "b" or "c"", "x"]', ['say "a", "b" or "c"', 'x']],
    ['{"tags": ["Use "a", "b" or "c".", "x"]}', { tags: ['Use "a", "b" or "c".', 'x'] }],
    ['{"text": "say "a", "b" or "c"", "tags": ["a", "say "a", "b" or "c""]}', { text: 'say "a", "b" or "c"', tags: ['a', 'say "a", "b" or "c"'] }],
  ]);
  readsEach([
    // Unchanged: elements, a literal after a quoted one, and words after the string's first quote.
    ['["a", "b", "c"]', ['a', 'b', 'c']],
    ['["say "a", "b", true]', ['say "a', 'b', true]],
  ]);
});

describe('a closer quoted in a string\'s code, then a colon or the string\'s end quote, is text', () => {
  // Was {"a": "if a == "} with `surrounding_text` alone, and {"a": ""}: the quote before the closer
  // ended the string, the closer the whole value, and the members after it were set aside unnamed.
  readsEach([
    ['{"a": "if a == "}": pass", "b": 2}', { a: 'if a == "}": pass', b: 2 }],
    ['{"text": "if a == "}": pass"}', { text: 'if a == "}": pass' }],
    ['["if a == "]": pass", 1]', ['if a == "]": pass', 1]],
    ['{"a": ""}"", "b": 2}', { a: '"}"', b: 2 }],
    ['{"text": ""}""}', { text: '"}"' }],
    ['[""]"", "x"]', ['"]"', 'x']],
    // In prose, the span found reaches as far.
    ['Sure! {"a": "if a == "}": pass", "b": 2} ok', { a: 'if a == "}": pass', b: 2 }],
    ['Sure! {"a": ""}"", "b": 2} ok', { a: '"}"', b: 2 }],
  ]);
  readsEach([
    // Unchanged: a key after the closer, its comma lost; an empty string, then a closer.
    ['{"a": {"b": ""}"c": 1}', { a: { b: '' }, c: 1 }],
    ['{"a": ""}', { a: '' }],
    ['[{"a": ""}, ""]', [{ a: '' }, '']],
  ]);
});

describe('a closer then a quote and a colon or `""` ends the value where no later reading goes on', () => {
  // Were UNREPAIRABLE: read on past the closer (the `"}":` and `"}""` shapes above), the string met
  // no quote that ended it (`": 1}`) or a `,` and then no key (`"y"]` in the object).
  test('the closer closes the value, the rest named', () => {
    readsAs('{"a": "x"}": 1}', { a: 'x' }, ['surrounding_text']);
    readsAs('[{"a": "x"}"", "y"]', [{ a: 'x' }, '', 'y'], ['missing_comma']);
    readsAs('Sure: {"a": "x"}": 1} ok', { a: 'x' });
    readsAs('Here: [{"a": "x"}"", "y"] ok', [{ a: 'x' }, '', 'y']);
    // Bare text after the colon, but a comma before the later quote (as the next quote's own check,
    // bareTextThenQuote, reads it): was UNREPAIRABLE at the commit before too.
    readsAs('{"a": "x "}": pass,"}', { a: 'x ' }, ['surrounding_text']);
  });
  test('a closer of the wrong kind after `""` still reads on', () => {
    // The `""` check asks for a key after a comma only; `]` in the object goes on as before.
    readsAs('Sure! {"a": ""}""],", "b": 2} ok', { a: '"}],', b: 2 });
  });
  readsEach([
    // Unchanged: a later quote ends the string, or a key follows the `""`.
    ['{"a": "if a == "}": pass"}', { a: 'if a == "}": pass' }],
    ['{"a": ""}"", "b": 2}', { a: '"}"', b: 2 }],
    ['{"a": ""}"", b: 2}', { a: '"}"', b: 2 }],
  ]);
});

describe("a call's quoted arguments holding closers are the string's text", () => {
  // Was {"a": "f(\"}"}: the `]` inside the argument `"]"` stopped the look for the call's `)`, the
  // quote after `}"` ended the string, and "b" was set aside (surrounding_text).
  test('the call is whole and the member after it kept', () => {
    readsAs('{"a": "f("}", "]")", "b": 2}', { a: 'f("}", "]")', b: 2 }, Array(4).fill('unescaped_quote'));
    readsAs('{"a": "f("]", "}")", "b": 2}', { a: 'f("]", "}")', b: 2 }, Array(4).fill('unescaped_quote'));
    readsAs('Sure! {"a": "f("}", "]")", "b": 2} ok', { a: 'f("}", "]")', b: 2 });
  });
  test('in prose, the span found reaches as far, and the stream shows nothing end() takes back', () => {
    // The prose scan ended the span at the call's first argument (`{"a": "g.h("]", "}`), so end()
    // took back the value the stream had shown ({"a": "g.h(\"]\", …)"} became {"a": "g.h(\"]"}).
    streamsAs('Sure! {"a": "g.h("]", "}")f("]", "}")", "b": 2} ok', { a: 'g.h("]", "}")f("]", "}")', b: 2 });
    streamsAs('Sure! {"a": ""f("]", "}")", "b": 2} ok', { a: '"f("]", "}")', b: 2 });
  });
  readsEach([
    // Unchanged: strings after a `(` in their element, a quoted `:` argument in a member's list.
    ['["f(", "a", ")"]', ['f(', 'a', ')']],
    ['{"a": "f(", "b": "]"}', { a: 'f(', b: ']' }],
  ]);
});

describe('a string holding a regex literal whose quotes are not escaped keeps it whole', () => {
  // Was {"pattern": "/\"[^"} with `surrounding_text`: the quote before `]` of the class `[^"]`
  // ended the string, and the regex's tail and the members after it were set aside.
  test('the regex is the string, its quotes named', () => {
    readsAs('{"pattern": "/"[^"]*"/g"}', { pattern: '/"[^"]*"/g' }, Array(3).fill('unescaped_quote'));
    readsAs('{"pattern": "/"[^"]*"/g", "b": 1}', { pattern: '/"[^"]*"/g', b: 1 }, Array(3).fill('unescaped_quote'));
    readsAs('["/"[^"]*"/", "x"]', ['/"[^"]*"/', 'x'], Array(3).fill('unescaped_quote'));
    readsAs('Here: {"pattern": "/"[^"]*"/g"} ok', { pattern: '/"[^"]*"/g' });
  });
  readsEach([
    // The quote only inside the class: parse's one-pass string reader ended the string at the class's
    // `]` ({"a": "/[^"}, mismatched_closer) while the stream read it whole.
    ['{"a": "/[^"]+/gi", "b": 2}', { a: '/[^"]+/gi', b: 2 }],
    ['["/[^"]+/gi"]', ['/[^"]+/gi']],
    ['Sure! {"a": "/[^"]+/", "b": 2} ok', { a: '/[^"]+/', b: 2 }],
  ]);
  readsEach([
    // Unchanged: a bare regex literal; paths and slashes that end their strings at the first quote.
    ['{"regex": /"[^"]*"/g}', { regex: '/"[^"]*"/g' }],
    ['{"a": "/usr/img", "b": "/g"}', { a: '/usr/img', b: '/g' }],
    ['{"a": "/", "b": "/g"}', { a: '/', b: '/g' }],
    ['["/a", "/g"]', ['/a', '/g']],
  ]);
});

describe('in prose, a closer then a quote past the string\'s first quote is read as the parser reads it', () => {
  // The prose scan read the closer-then-quote shapes (quoteAfterCloser) at a value's first quote only;
  // at a later one the span ended there ({"a": "\"*"} with `surrounding_text`), and end() took back
  // the value the stream had shown.
  test('the span reaches as far, and the stream shows nothing end() takes back', () => {
    streamsAs('Sure! {"a": ""*"}"", "b": 2} ok', { a: '"*"}"', b: 2 });
    streamsAs('Sure! {"a": "f("]", "}")"}"", "b": 2} ok', { a: 'f("]", "}")"}"', b: 2 });
  });
});
