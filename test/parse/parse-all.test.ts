import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonMendError, parse, parseAll, type ParseAllEntry, type TextRepair } from '../../src/index.js';

const brief = (entries: ParseAllEntry[]) => entries.map((e) => (e.ok ? [e.source, e.value] : [e.source, e.error.code]));

describe('parseAll', () => {
  test('every candidate in document order, each with its own value and report', () => {
    const text = '<answer>[1]</answer>\nFirst:\n```json\n{"a": 1,}\n```\nThen: {\'b\': 2}';
    const all = parseAll(text);
    assert.deepEqual(brief(all), [['tag', [1]], ['fence', { a: 1 }], ['balanced', { b: 2 }]]);
    const [, fence, prose] = all;
    assert.ok(fence.ok && prose.ok);
    assert.deepEqual(fence.repairs.map((r) => [r.kind, r.line]), [['surrounding_text', 4], ['trailing_comma', 4]]);
    assert.deepEqual(prose.repairs.map((r) => [r.kind, r.line, r.column]), [['surrounding_text', 6, 7], ['single_quotes', 6, 8]]);
    assert.equal(text.slice(fence.start, fence.end), '{"a": 1,}');
  });

  test('document order, not the order parse tries them in (tags and fences first)', () => {
    const all = parseAll('Draft: {"v": 1}\n<answer>{"v": 2}</answer>');
    assert.deepEqual(brief(all), [['balanced', { v: 1 }], ['tag', { v: 2 }]]);
    assert.deepEqual(parse('Draft: {"v": 1}\n<answer>{"v": 2}</answer>'), { v: 2 });
  });

  test('the example of docs/extract.md', () => {
    const all = parseAll('Two answers:\n```json\n{"id": 1,}\n```\nand <answer>{"id": 2}</answer>, and {"id": @}.');
    assert.deepEqual(all.map((e) => (e.ok ? [e.source, e.value, e.repairs.map((r) => r.kind)] : [e.source, e.error.code, e.error.line])), [
      ['fence', { id: 1 }, ['surrounding_text', 'trailing_comma']],
      ['tag', { id: 2 }, ['surrounding_text']],
      ['balanced', 'UNREPAIRABLE', 5],
    ]);
  });

  test('a reply that starts with a value and goes on in prose holding more: each value an entry (schema probe)', () => {
    // Before: the first value alone, the others set aside as surrounding text.
    const text = '{"id": 1} and {"id": 2}, then {"id": 3}.';
    const all = parseAll(text);
    assert.deepEqual(brief(all), [['whole', { id: 1 }], ['balanced', { id: 2 }], ['balanced', { id: 3 }]]);
    assert.equal(text.slice(all[0].start, all[0].end), '{"id": 1}');
    assert.deepEqual(parse(text), { id: 1 });
    // Prose with no value after it: the one entry, as before.
    assert.deepEqual(brief(parseAll('{"a": 1} is the answer.')), [['whole', { a: 1 }]]);
  });

  test('valid JSON is one entry with no repairs', () => {
    assert.deepEqual(parseAll('{"a": 1}'), [{ ok: true, value: { a: 1 }, repairs: [], start: 0, end: 8, source: 'whole' }]);
  });

  test('a text that is damaged JSON is one candidate, read as parse reads it', () => {
    assert.deepEqual(brief(parseAll('{"a": 1} {"b": 2}')), [['whole', [{ a: 1 }, { b: 2 }]]]);
    assert.deepEqual(brief(parseAll('[1 2 {"a": 1}]')), [['whole', [1, 2, { a: 1 }]]]);
  });

  test('a candidate that cannot be read is an entry with its error, located in the whole text', () => {
    const all = parseAll('```json\n{"x": 1}\n```\n```json\n{"x": @}\n```');
    assert.deepEqual(brief(all), [['fence', { x: 1 }], ['fence', 'UNREPAIRABLE']]);
    const bad = all[1];
    assert.ok(!bad.ok);
    assert.ok(bad.error instanceof JsonMendError);
    assert.equal(bad.error.line, 5);
    assert.equal(bad.error, bad.error, 'built once');
  });

  test('no candidate: NO_JSON; none readable: the error parse throws', () => {
    assert.throws(() => parseAll('Sorry, I cannot help.'), (e: JsonMendError) => e.code === 'NO_JSON');
    const text = '```json\n{"x": @}\n```';
    let expected: unknown;
    try {
      parse(text);
    } catch (e) {
      expected = (e as JsonMendError).message;
    }
    assert.throws(() => parseAll(text), (e: JsonMendError) => e.code === 'UNREPAIRABLE' && e.message === expected);
    assert.throws(() => parseAll(42 as unknown as string), (e: JsonMendError) => e.code === 'INVALID_ARGUMENT');
  });

  test('onRepair is called once with the repairs of every value', () => {
    const seen: (readonly TextRepair[])[] = [];
    parseAll("A: {'a': 1}\nB: {'b': 2}", { onRepair: (r) => seen.push(r) });
    assert.equal(seen.length, 1);
    assert.deepEqual(seen[0].map((r) => [r.kind, r.line]), [['surrounding_text', 1], ['single_quotes', 1], ['surrounding_text', 2], ['single_quotes', 2]]);
    assert.ok(seen[0].every((r, i, a) => i === 0 || a[i - 1].offset <= r.offset));
  });

  test('strict mode and options apply to every candidate', () => {
    assert.throws(() => parseAll('Here: {"a": 1,}', { disable: ['trailing_comma'] }), (e: JsonMendError) => e.code === 'REPAIR_REFUSED');
  });

  test('many values: positions are counted once (linear), every value is returned', () => {
    const n = 20000;
    const all = parseAll("x {'a': 1} ".repeat(n));
    assert.equal(all.length, n);
    const last = all[n - 1];
    assert.ok(last.ok);
    assert.equal(last.repairs[0].column, 11 * (n - 1) + 3);
  });
});
