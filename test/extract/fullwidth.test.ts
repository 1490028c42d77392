// Full-width brackets `［` `］` `｛` `｝` written for JSON's (NoFxAiOS/nofx#446: Claude wrote a list of
// trading decisions as `［{…}, {…}］`, and the whole of it as `［｛"symbol"："BTCUSDT"，…｝］`). Before
// they were read, the first reply gave its first element alone with no word of the rest.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { createStreamParser, extract, parse, parseWithReport, repair } from '../../src/index.js';
import { FullwidthBrackets, asWritten, readFullwidthBrackets } from '../../src/extract/fullwidth.js';
import { streamedEnd } from '../stream/check.js';

/** parse, repair and the stream in 1- and 3-character chunks all give `value`. */
function readsAs(input: string, value: unknown): void {
  assert.deepEqual(parse(input), value);
  assert.deepEqual(JSON.parse(repair(input)), value);
  for (const size of [1, 3]) assert.deepEqual(streamedEnd(input, size), value, `in ${size}-character chunks`);
}

describe('full-width brackets written for JSON\'s (nofx #446)', () => {
  const decisions = [{ symbol: 'BTCUSDT', action: 'open_short' }, { symbol: 'ETHUSDT', action: 'hold' }];
  test('the outer brackets: every element, not the first alone', () => {
    readsAs('［{"symbol":"BTCUSDT","action":"open_short"},{"symbol":"ETHUSDT","action":"hold"}］', decisions);
    readsAs('Here are my decisions:\n［{"symbol":"BTCUSDT","action":"open_short"},\n {"symbol":"ETHUSDT","action":"hold"}］\nDone.', decisions);
    readsAs('```json\n［\n  {"symbol":"BTCUSDT","action":"open_short"},\n  {"symbol":"ETHUSDT","action":"hold"}\n］\n```', decisions);
  });
  test('every bracket, colon and comma full-width', () => {
    readsAs('［｛"symbol"："BTCUSDT"，"action"："open_short"｝］', [decisions[0]]);
    readsAs('｛"a"：1，"b"：［1，2］｝', { a: 1, b: [1, 2] });
  });
  test('inside a value, and closing what an ASCII bracket opened', () => {
    readsAs('{"a": ［1, 2］, "b": 3}', { a: [1, 2], b: 3 });
    readsAs('{"a": "x", "b": ｛"c": 1｝}', { a: 'x', b: { c: 1 } });
    readsAs('["a", "b"］', ['a', 'b']);
    readsAs('{"a": 张三｝', { a: '张三' });
  });
  test('each is a repair, at its offset', () => {
    const report = parseWithReport('x ［{"a": 1}］');
    assert.deepEqual(report.repairs.flatMap((r) => (r.kind === 'fullwidth_delimiter' && 'offset' in r ? [[r.offset, r.detail]] : [])), [[2, 'replaced "［" with "["'], [11, 'replaced "］" with "]"']]);
    assert.equal(repair('［{"a": 1}］'), '[{"a": 1}]');
  });
});

describe('full-width brackets that are text stay text', () => {
  test('inside strings', () => {
    readsAs('{"note": "见［1］", "b": ［2］}', { note: '见［1］', b: [2] });
    readsAs('{"a": "见\\"［1］", "b": 1, "c": ｛｝}', { a: '见"［1］', b: 1, c: {} });
    readsAs('{"a": “见［1］”, "b": 1}', { a: '见［1］', b: 1 });
  });
  test('after a word inside a value: a note\'s mark, with its closer', () => {
    readsAs('{"note": 见［1］, "b": ［2］}', { note: '见［1］', b: [2] });
  });
  test('in prose, an opener no container or string follows', () => {
    assert.throws(() => parse('注：［1］参见'), { code: 'NO_JSON' });
    readsAs('注：［1］ see {"a": 1}', { a: 1 });
  });
  test('at the very start, as an ASCII bracket there would be', () => {
    readsAs('［1, 2, 3］', [1, 2, 3]);
    readsAs('  ［］', []);
  });
  test('extract gives the candidate\'s text as written', () => {
    const [c] = extract('Here: ［{"a": 1}］ ok');
    assert.deepEqual([c.text, c.start, c.end], ['［{"a": 1}］', 6, 16]);
  });
});

describe('the stream', () => {
  test('snapshots grow through full-width brackets, report them, and text() is what was pushed', () => {
    const input = 'x ［{"a": 1}, ｛"b": 2｝］';
    const p = createStreamParser();
    const values: unknown[] = [];
    const kinds: string[] = [];
    for (let k = 0; k < input.length; k += 3) {
      const snap = p.push(input.slice(k, k + 3));
      values.push(snap.value);
      for (const r of snap.repairs) kinds.push(r.kind);
    }
    assert.deepEqual(values.at(-1), [{ a: 1 }, { b: 2 }]);
    assert.ok(values.every((v) => v === undefined || Array.isArray(v)), 'never the first object alone');
    assert.equal(kinds.filter((k) => k === 'fullwidth_delimiter').length, 3);
    assert.equal(p.text(), input);
    assert.deepEqual(p.end(), [{ a: 1 }, { b: 2 }]);
  });
  test('an opener at a chunk\'s end waits for what follows it', () => {
    const p = createStreamParser();
    p.push('Here: ［  ');
    assert.equal(p.text(), 'Here: ［  ');
    p.push('{"a": 1}］');
    assert.deepEqual(p.end(), [{ a: 1 }]);
  });
});

describe('the reader', () => {
  test('in any pieces, it reads as it reads the whole text', () => {
    const piece = fc.constantFrom('［', '］', '｛', '｝', '{', '}', '[', ']', '"', '\\', '“', '”', ' ', '\n', ':', ',', '：', '，', 'a', '1', '注', 'x:');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }), (parts, sizes) => {
        const text = parts.join('');
        const whole = new FullwidthBrackets();
        const once = whole.read(text, true).text;
        const reader = new FullwidthBrackets();
        let out = '';
        let held = '';
        for (let k = 0, n = 0; k < text.length; n++) {
          const size = sizes[n % sizes.length];
          const read = reader.read(held + text.slice(k, k + size), false);
          out += read.text;
          held = read.held;
          k += size;
        }
        out += reader.read(held, true).text;
        assert.equal(out, once);
        assert.deepEqual(reader.at, whole.at);
        assert.equal(asWritten(once, whole.at), text);
        assert.equal(once.length, text.length);
      }),
      { numRuns: 2000 },
    );
  });
  test('text with none is returned as it is', () => {
    assert.equal(readFullwidthBrackets('{"a": 1}'), undefined);
    assert.equal(readFullwidthBrackets('{"a": "［"}'), undefined);
  });
});
