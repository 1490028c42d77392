import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonMendError } from '../../src/errors.js';
import { CANDIDATE_SOURCES, describeNoJson, extract, type Candidate, type CandidateSource, type ExtractOptions } from '../../src/extract/index.js';
import { parse, repair } from '../../src/index.js';
import { createStreamParser } from '../../src/stream/index.js';

function run(text: string, options?: ExtractOptions): Candidate[] {
  const found = extract(text, options);
  for (const c of found) assert.equal(c.text, text.slice(c.start, c.end));
  return found;
}

const brief = (cs: Candidate[]) => cs.map((c) => [c.source, c.text]);

describe('extract: whole', () => {
  test('a reply that starts with { or [ is one candidate to the end of the text', () => {
    assert.deepEqual(run('{"ok": true}\n\nI hope this helps!'), [{ text: '{"ok": true}\n\nI hope this helps!', start: 0, end: 32, source: 'whole' }]);
    assert.deepEqual(brief(run('[[1, 2]]]')), [['whole', '[[1, 2]]]']]);
    assert.deepEqual(brief(run('{"a": 1}\n{"a": 2}\n')), [['whole', '{"a": 1}\n{"a": 2}']]);
  });

  test('leading whitespace and a BOM are skipped; trailing whitespace is trimmed', () => {
    const [c] = run('\uFEFF \n {"a": 1} \n');
    assert.deepEqual([c.source, c.start, c.text], ['whole', 4, '{"a": 1}']);
  });

  test('no balanced candidates inside a whole candidate', () => {
    assert.equal(run('{"a": {"b": [1, 2]}} and {"c": 3}').length, 1);
  });

  test('a whole-reply string, number or literal', () => {
    assert.deepEqual(brief(run('"{\\"name\\": \\"Lin\\"}"')), [['whole', '"{\\"name\\": \\"Lin\\"}"']]);
    assert.deepEqual(brief(run(' 42 ')), [['whole', '42']]);
    assert.deepEqual(brief(run('null')), [['whole', 'null']]);
    assert.deepEqual(run('"quoted" prose'), []);
  });

  test('a reply that starts with non-JSON brackets is prose', () => {
    assert.deepEqual(brief(run('[Note] the value is {"a": 1}')), [['balanced', '{"a": 1}']]);
    assert.deepEqual(run('[ ] buy milk'), []);
    assert.deepEqual(brief(run('{{name}} is {"a": 1}')), [['balanced', '{"a": 1}']]);
  });

  test('unquoted keys and Python literals at the start are whole', () => {
    assert.deepEqual(brief(run('{user: {id: 7}}')), [['whole', '{user: {id: 7}}']]);
    assert.deepEqual(brief(run("['red', 'green']")), [['whole', "['red', 'green']"]]);
    assert.deepEqual(brief(run('[None, True]')), [['whole', '[None, True]']]);
  });
});

describe('extract: JSON in prose', () => {
  test('prose before and after', () => {
    const [c] = run('Here is the JSON: {"a": 1}\nI hope this helps!');
    assert.deepEqual(c, { text: '{"a": 1}', start: 18, end: 26, source: 'balanced' });
  });

  test('inside a sentence, with a trailing period', () => {
    assert.deepEqual(brief(run('The result {"a": 1} is correct.')), [['balanced', '{"a": 1}']]);
    assert.deepEqual(brief(run('The list is [1, 2, 3].')), [['balanced', '[1, 2, 3]']]);
  });

  test('braces, brackets and escaped quotes inside strings', () => {
    assert.deepEqual(brief(run('Result: {"msg": "use {braces} and ]brackets[", "q": "a \\"}\\" b"} ok')), [
      ['balanced', '{"msg": "use {braces} and ]brackets[", "q": "a \\"}\\" b"}'],
    ]);
  });

  test('single-quoted strings count only after { [ , : or (', () => {
    assert.deepEqual(brief(run("It's here: {'a': 'x}y', 'b': [1]} done")), [['balanced', "{'a': 'x}y', 'b': [1]}"]]);
    // An apostrophe inside an unquoted value does not open a string.
    assert.deepEqual(brief(run("So: {name: Bob's car} ok")), [['balanced', "{name: Bob's car}"]]);
  });

  // Session 28 (a helper's combined-damage run): an unquoted key beyond ASCII did not start JSON in
  // prose; `Result: {名前: "太郎", 年齢: 30}` was NO_JSON and `{café: 1, "b": 2}` lost its first member.
  test('unquoted keys in any script start an object in prose', () => {
    assert.deepEqual(brief(run('Result: {名前: "太郎", 年齢: 30}')), [['balanced', '{名前: "太郎", 年齢: 30}']]);
    assert.deepEqual(brief(run('Sure! The result is {café: 1, "b": 2} as requested.')), [['balanced', '{café: 1, "b": 2}']]);
    assert.deepEqual(brief(run('Here is the JSON you asked for:\n{Москва: {}}\nHope this helps!')), [['balanced', '{Москва: {}}']]);
    // Beyond the basic plane too (the review).
    assert.deepEqual(brief(run('Sure! {𝑥: 1, "b": 2}')), [['balanced', '{𝑥: 1, "b": 2}']]);
    // Words in braces with no colon stay prose.
    assert.deepEqual(brief(run('See {注意} and {café au lait}.')), []);
    assert.deepEqual(parse('Result: {名前: "太郎", 年齢: 30}'), { 名前: '太郎', 年齢: 30 });
  });

  test('escaped JSON text in prose', () => {
    assert.deepEqual(brief(run('Value: {\\"a\\": \\"}\\"} end')), [['balanced', '{\\"a\\": \\"}\\"}']]);
  });

  test('a closer of the wrong kind closes the nearest opener of its kind', () => {
    assert.deepEqual(brief(run('Got {"a": [1, 2} then more')), [['balanced', '{"a": [1, 2}']]);
  });

  test('a closer that more of the value follows does not end the span (the parser reads it as stray)', () => {
    assert.deepEqual(brief(run('Result: {"a": 1}}, "b": 2} done')), [['balanced', '{"a": 1}}, "b": 2}']]);
    assert.deepEqual(brief(run('See [1, 2], 3] ok')), [['balanced', '[1, 2], 3]']]);
    assert.deepEqual(brief(run('x {"a": {"b": 1}}}, "c": 2} y')), [['balanced', '{"a": {"b": 1}}}, "c": 2}']]);
    // Prose, a second value, or a value that never closes again: the span ends where it first closed.
    assert.deepEqual(brief(run('I have [1, 2], 3 items')), [['balanced', '[1, 2]']]);
    assert.deepEqual(brief(run('Two: {"a": 1}, {"b": 2}')), [['balanced', '{"a": 1}'], ['balanced', '{"b": 2}']]);
    assert.deepEqual(brief(run('Values {"a": 1}, "b": 2 are given.')), [['balanced', '{"a": 1}']]);
    // Values side by side, then a `]` that no `[` opened: one array whose `[` is missing, as the
    // parser reads it, not the first value with the rest lost.
    assert.deepEqual(brief(run('Objects {"a": 1}, "x", 3]')), [['balanced', '{"a": 1}, "x", 3]']]);
    assert.deepEqual(brief(run('Here: {}, 0] ok')), [['balanced', '{}, 0]']]);
  });

  test("an object's members or an array's elements whose opener was lost are one span, not the container inside them", () => {
    assert.deepEqual(brief(run('Here: "a": 1, "b": [2]} Hope it helps.')), [['balanced', '"a": 1, "b": [2]}']]);
    assert.deepEqual(brief(run('Result: "name": "x", "tags": ["a"]}')), [['balanced', '"name": "x", "tags": ["a"]}']]);
    assert.deepEqual(brief(run('Here is the result: "_",{}] Hope it helps.')), [['balanced', '"_",{}]']]);
    assert.deepEqual(brief(run('Here: 1, {"a": 2}, null] ok')), [['balanced', '1, {"a": 2}, null]']]);
    // Without the closer no opener opened, they are prose, and a value inside is a value of its own.
    assert.deepEqual(brief(run('Set "mode": "fast" in the config, then [1, 2].')), [['balanced', '[1, 2]']]);
    assert.deepEqual(brief(run('In 2024, 3 of us saw [1, 2].')), [['balanced', '[1, 2]']]);
    // A quotation in prose that an element list read past still has its value seen.
    assert.deepEqual(brief(run('He wrote "{"a": 1}", then left')), [['balanced', '{"a": 1}']]);
  });

  test('a lost comma after a string, before a container in an array: the container is the next element', () => {
    // Read as one string to a later quote (`"a"{"id"`), the `}` of `{"id":1}` closed the outer object:
    // the span ended there and `{"id":2}` was lost behind a `truncated` mark.
    assert.deepEqual(brief(run('x {"items":["a"{"id":1},{"id":2}')), [['balanced', '{"items":["a"{"id":1},{"id":2}']]);
    assert.deepEqual(parse('x {"items":["a"{"id":1},{"id":2}'), { items: ['a', { id: 1 }, { id: 2 }] });
    assert.deepEqual(parse('Here: {"k": ["a" [1], "b" {"c": 2}], "z": 3}'), { k: ['a', [1], 'b', { c: 2 }], z: 3 });
    // Valid JSON with such text inside a string is unchanged.
    assert.deepEqual(brief(run('x {"items":["a\\"{\\"id\\":1}",{"id":2}]} y')), [['balanced', '{"items":["a\\"{\\"id\\":1}",{"id":2}]}']]);
  });

  test('a key that lost its closing quote ends at its colon when a container or a string follows', () => {
    // Read as one string to a later quote (`"tags: ["x"`), the key swallowed its value's opener; in a
    // reply cut off, the span ended where the brackets seemed to close, and what followed was lost.
    const cut = 'x [{"name": "Ann","tags: ["x",{"k": "v"}]},{"note": "see"}';
    assert.deepEqual(brief(run(cut)), [['balanced', cut.slice(2)]]);
    assert.deepEqual(parse(cut), [{ name: 'Ann', tags: ['x', { k: 'v' }] }, { note: 'see' }]);
    assert.deepEqual(parse('x {"user: {"id": 6,"name": "Bo"},"log": ["a"'), { user: { id: 6, name: 'Bo' }, log: ['a'] });
    assert.deepEqual(parse('x {"user: {"id": 6,"name": "Bo"},"log": ["a"]}'), { user: { id: 6, name: 'Bo' }, log: ['a'] });
  });

  /** parse(prose + text) is parse(text), and repair and the stream (1- and 3-character chunks) agree. */
  const readsAsAlone = (prose: string, text: string, expected: unknown) => {
    const withProse = prose + text;
    assert.deepEqual(parse(text), expected, text);
    assert.deepEqual(parse(withProse), expected, withProse);
    assert.deepEqual(JSON.parse(repair(withProse)), expected, withProse);
    for (const size of [1, 3]) {
      const stream = createStreamParser();
      for (let i = 0; i < withProse.length; i += size) stream.push(withProse.slice(i, i + size));
      assert.deepEqual(stream.end(), expected, `${withProse} in ${size}-character chunks`);
    }
  };

  test('a value whose text holds an object with unescaped quotes reads after prose as alone', () => {
    // The quote after `"k` was taken for the string's end (a `:` follows it): the object's `}` then
    // closed the outer one, and ` here"` and every member after it were lost behind a `truncated`
    // mark. In a value's text that opened an object (`{"`) not yet closed, the parser reads a quote
    // before `:` or `}` as that object's.
    const text = '{"a": "see "{"k": 1}" here"}';
    assert.deepEqual(brief(run('x ' + text)), [['balanced', text]]);
    readsAsAlone('x ', text, { a: 'see "{"k": 1}" here' });
    readsAsAlone('Here: ', '{"a": 1, "note": "see "{"k": 1}" here", "list": [1, 2]}', { a: 1, note: 'see "{"k": 1}" here', list: [1, 2] });
    readsAsAlone('Sure: ', '{"a": "the answer is {"k": 1}, so", "b": 2}', { a: 'the answer is {"k": 1}, so', b: 2 });
    readsAsAlone('<think>ok</think>\nThe result: ', '{"cmd": {"line": "x = {"b": [1, 2]}; y = "z""}, "ok": true}', { cmd: { line: 'x = {"b": [1, 2]}; y = "z"' }, ok: true });
    // Cut off inside the string after the object closed: the string runs to the end, as alone.
    readsAsAlone('x ', '{"a": "the answer is {"k": 1}, so', { a: 'the answer is {"k": 1}, so' });
    readsAsAlone('x ', '{"a": 1, "note": "x = {"b": [1, 2]}; y = "z', { a: 1, note: 'x = {"b": [1, 2]}; y = "z' });
    // Valid JSON with such text, escaped, is unchanged.
    assert.deepEqual(parse('x {"a": "see \\"{\\"k\\": 1}\\" here", "b": 2} y'), { a: 'see "{"k": 1}" here', b: 2 });
  });

  test('a string cut off at the reply\'s end keeps its trailing spaces after prose, as alone', () => {
    // The span's end trims white space; read to it, the string lost the spaces it ends in.
    readsAsAlone('x ', '{"a": "see ', { a: 'see ' });
    readsAsAlone('Here: ', '[{"name": "Ann"}, {"note": "see <!-- note ', [{ name: 'Ann' }, { note: 'see <!-- note ' }]);
    readsAsAlone('Here it is:\n```json\n', '{"a": "run "x" now ', { a: 'run "x" now ' });
    readsAsAlone('<answer>', "{'a': 'see  ", { a: 'see  ' });
    // Not into the tokens a model writes when it stops.
    assert.deepEqual(parse('x {"a": "see <|im_end|>'), { a: 'see ' });
  });

  test('unbalanced to the end of the text: truncated candidate to the end', () => {
    const [c] = run('Here: {"a": [1, 2, {"b": "unfinish  \n');
    assert.deepEqual([c.text, c.truncated], ['{"a": [1, 2, {"b": "unfinish', true]);
  });

  test('several values in prose, in order, never overlapping', () => {
    assert.deepEqual(brief(run('First {"a": 1}, then ["x", "y"], and {"b": {"c": []}}.')), [
      ['balanced', '{"a": 1}'],
      ['balanced', '["x", "y"]'],
      ['balanced', '{"b": {"c": []}}'],
    ]);
  });

  test('a number, then a literal and a comma, starts an array whose comma (and space) was lost', () => {
    // recovery.repeated-keys (fuzz, seed 2): with the opener rejected, the `[]` inside was the value.
    assert.deepEqual(brief(run('Here is the result: [1000false,[]] Hope it helps.')), [['balanced', '[1000false,[]]']]);
    assert.deepEqual(brief(run('Here is the result: [1000 false,[]] Hope it helps.')), [['balanced', '[1000 false,[]]']]);
    assert.deepEqual(parse('Here is the result: [1000false,{}] Hope it helps.'), ['1000false', {}]);
    assert.deepEqual(run('See [2nd, 3rd] and [1000false].'), []);
  });

  test('markdown links, checkboxes, citations and templates are not candidates', () => {
    assert.deepEqual(run('See [the docs](https://x.y/z) and [true](http://t).'), []);
    assert.deepEqual(run('- [ ] todo\n- [x] done'), []);
    assert.deepEqual(run('Use {{name}} or {name} or \\frac{a}{b} or {% if x %}.'), []);
    assert.deepEqual(run('He said [sic] and [Note: none].'), []);
  });

  test('a citation [1] is dropped when a real candidate exists, kept when it is all there is', () => {
    assert.deepEqual(brief(run('As shown in [1] and [2], the answer is {"a": 1}.')), [['balanced', '{"a": 1}']]);
    assert.deepEqual(brief(run('The answer is [42].')), [['balanced', '[42]']]);
    assert.deepEqual(brief(run('Answer: [-1] or [1.5]')), [['balanced', '[-1]'], ['balanced', '[1.5]']]);
  });

  test('a markdown link does not swallow the answer after it', () => {
    assert.deepEqual(brief(run('Read [the spec](http://a) then {"a": 1}')), [['balanced', '{"a": 1}']]);
  });

  test('unquoted arrays, tuples and curly quotes', () => {
    assert.deepEqual(brief(run('Colors: [red, green] ok')), [['balanced', '[red, green]']]);
    assert.deepEqual(brief(run('Pairs: [(1, 2), (3, 4)] ok')), [['balanced', '[(1, 2), (3, 4)]']]);
    assert.deepEqual(brief(run('Q: {“a”: 1} ok')), [['balanced', '{“a”: 1}']]);
  });
});

describe('extract: JSONP and call wrappers', () => {
  test('callback({...}); gives the argument', () => {
    const text = 'callback({"a": 1});';
    assert.deepEqual(run(text), [{ text: '{"a": 1}', start: 9, end: 17, source: 'jsonp' }]);
  });

  test('dotted names and arrays', () => {
    assert.deepEqual(brief(run('foo.bar([1, 2])')), [['jsonp', '[1, 2]']]);
    assert.deepEqual(brief(run('Response: window.cb_1( {"ok": true} )')), [['jsonp', '{"ok": true}']]);
  });

  test('control-flow keywords and parentheses in prose are not calls', () => {
    assert.deepEqual(brief(run('if ({"a": 1}) x')), [['balanced', '{"a": 1}']]);
    assert.deepEqual(brief(run('see (also {"a": 1})')), [['balanced', '{"a": 1}']]);
  });
});

describe('extract: strategy', () => {
  const text = '<think>{"r": 0}</think>Intro {"p": 1}\n```json\n{"f": 2}\n```\n<answer>{"t": 3}</answer>\ncb({"j": 4})';

  test('default: every source', () => {
    assert.deepEqual(brief(run(text)), [
      ['balanced', '{"p": 1}'],
      ['fence', '{"f": 2}'],
      ['tag', '{"t": 3}'],
      ['jsonp', '{"j": 4}'],
    ]);
  });

  test('each source on its own; a disabled source falls back to balanced scanning of its content', () => {
    const by = (s: CandidateSource[]) => brief(run(text, { strategy: s }));
    assert.deepEqual(by(['fence']), [['fence', '{"f": 2}']]);
    assert.deepEqual(by(['tag']), [['tag', '{"t": 3}']]);
    assert.deepEqual(by(['jsonp']), [['jsonp', '{"j": 4}']]);
    assert.deepEqual(by(['balanced']), [
      ['balanced', '{"p": 1}'],
      ['balanced', '{"f": 2}'],
      ['balanced', '{"t": 3}'],
      ['balanced', '{"j": 4}'],
    ]);
  });

  test('without whole, a reply that starts with JSON is scanned as prose', () => {
    assert.deepEqual(brief(run('{"a": 1} and {"b": 2}', { strategy: ['balanced'] })), [['balanced', '{"a": 1}'], ['balanced', '{"b": 2}']]);
    assert.deepEqual(run('{"a": 1}', { strategy: ['fence'] }), []);
  });

  test('CANDIDATE_SOURCES lists every source', () => {
    assert.deepEqual([...CANDIDATE_SOURCES].sort(), ['balanced', 'fence', 'jsonp', 'tag', 'whole']);
  });
});

describe('extract: arguments', () => {
  const code = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      assert.ok(e instanceof JsonMendError, `expected JsonMendError, got ${String(e)}`);
      return e.code;
    }
    return undefined;
  };
  test('bad text and options throw INVALID_ARGUMENT', () => {
    assert.equal(code(() => extract(42 as unknown as string)), 'INVALID_ARGUMENT');
    assert.equal(code(() => extract('x', { strategy: [] })), 'INVALID_ARGUMENT');
    assert.equal(code(() => extract('x', { strategy: ['regex' as CandidateSource] })), 'INVALID_ARGUMENT');
    assert.equal(code(() => extract('x', { tags: ['a b'] })), 'INVALID_ARGUMENT');
    assert.equal(code(() => extract('x', { reasoningTags: 'think' as unknown as string[] })), 'INVALID_ARGUMENT');
    assert.equal(code(() => extract('x', null as unknown as ExtractOptions)), 'INVALID_ARGUMENT');
    assert.equal(code(() => describeNoJson(undefined as unknown as string)), 'INVALID_ARGUMENT');
  });

  test('empty and blank text have no candidates', () => {
    assert.deepEqual(extract(''), []);
    assert.deepEqual(extract(' \n\t\u00a0'), []);
  });
});

describe('describeNoJson', () => {
  test('names the reason', () => {
    assert.equal(describeNoJson(''), 'the reply is empty');
    assert.equal(describeNoJson('  \n'), 'the reply is blank (only whitespace)');
    assert.equal(describeNoJson('The capital of France is Paris.'), "the reply is prose with no '{' or '['");
    // node-llama-cpp #575: a reply whose `{"` was lost is no prose. (The parser reads `prop":"test"}`
    // as `{"prop":"test"}` since session 24; after a word on its line, the start stays lost.)
    assert.match(describeNoJson('the prop":"test"}'), /its start looks lost/);
    assert.equal(describeNoJson('He said "hi": twice.'), "the reply is prose with no '{' or '['");
    assert.match(describeNoJson('<think>maybe {"a": 1}</think>No idea.'), /only JSON-looking text is inside <think>…<\/think>/);
    assert.match(describeNoJson('<think>Let me think about it'), /unclosed <think>…<\/think> block/);
    assert.match(describeNoJson('<think>hmm</think>\n'), /only a <think>…<\/think> block/);
    assert.match(describeNoJson('```python\nprint(1)\n```'), /code block is python/);
    assert.match(describeNoJson('See [the docs](http://x).'), /do not start JSON/);
  });
});
