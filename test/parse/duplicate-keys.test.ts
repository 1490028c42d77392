// Found by session 36's differential hunt (F1–F4): a guessed repair of closers or quotes moved members
// into another object, and a key already there with the same name was replaced, as JSON.parse keeps
// the last, with nothing reported but the guess. In a text that records a guess, before or after
// the repeat, a repeated key is named (duplicate_key); where the repeat tells one reading from the other cheaply, it picks the reading
// that keeps both values. Valid JSON that repeats a key reports nothing new.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createStreamParser, parse, parseWithReport, repair, type TextRepair } from '../../src/index.js';
import { chunk, streamedEnd } from '../stream/check.js';

const at = (repairs: readonly TextRepair[]) => repairs.map((r) => `${r.kind}@${r.offset}`);

/** The repairs repair() reports through onRepair. */
function repairReport(text: string): string[] {
  let seen: readonly TextRepair[] = [];
  repair(text, { onRepair: (r) => (seen = r) });
  return at(seen);
}

/** The repairs the stream's snapshots report, pushed in chunks of `size`. */
function streamReport(text: string, size: number): string[] {
  const p = createStreamParser();
  const out = chunk(text, size).flatMap((c) => at(p.push(c).repairs));
  p.end();
  return [...out, ...at(p.snapshot.repairs)];
}

/** parse, repair and the stream (1- and 3-character chunks) give `value`, and the report holds `kinds`. */
function readsAs(text: string, value: unknown, kinds: readonly string[]): void {
  const report = parseWithReport(text);
  assert.deepEqual(report.value, value);
  assert.deepEqual(at(report.repairs as TextRepair[]), kinds);
  assert.deepEqual(JSON.parse(repair(text)), value);
  assert.deepEqual(repairReport(text), kinds);
  for (const size of [1, 3]) {
    assert.deepEqual(streamedEnd(text, size), value, `stream, chunks of ${size}`);
  }
}

describe('a key repeated after a guessed repair is named', () => {
  const cases: readonly (readonly [string, unknown, readonly string[]])[] = [
    // F3: a doubled `}` closed the nested object early; the later `}` was removed, and the member
    // between them went into the parent, whose own "status" then replaced it.
    ['{"m": {"u": {"x": 1}}, "status": "on"}, "status": "off"}', { m: { u: { x: 1 } }, status: 'off' }, ['early_closer@37', 'duplicate_key@40']],
    ['{"a": 1, "b": {"c": 2, "a": 3}}, "a": 4}', { a: 4, b: { c: 2, a: 3 } }, ['early_closer@30', 'duplicate_key@33']],
    // A string that ran into the next key, which repeats the string's own.
    ['{"a": "x, "a": 2}', { a: 2 }, ['missing_end_quote@8', 'duplicate_key@10']],
    ['{"a": 1, "b": 2 "a": 3}', { a: 3, b: 2 }, ['missing_comma@16', 'duplicate_key@16']],
    // Any guess in the value opens the check, before or after the repeat.
    ['{"n": NaN, "a": 1, "a": 2}', { n: null, a: 2 }, ['non_finite_number@6', 'duplicate_key@19']],
    ['{"a": 1, "a": 2, "b": [1}', { a: 2, b: [1] }, ['duplicate_key@9', 'mismatched_closer@24']],
  ];
  for (const [text, value, kinds] of cases) test(text, () => readsAs(text, value, kinds));

  test('the stream reports it in the push that reads the key, in 1- and 3-character chunks', () => {
    const text = '{"m": {"u": {"x": 1}}, "status": "on"}, "status": "off"}';
    for (const size of [1, 3]) assert.deepEqual(streamReport(text, size), ['early_closer@37', 'duplicate_key@40']);
  });

  test('disable refuses it; strict refuses the guess before it', () => {
    const text = '{"a": "x, "a": 2}';
    assert.throws(() => parse(text, { disable: ['duplicate_key'] }), { code: 'REPAIR_REFUSED' });
    assert.throws(() => parse(text, { strict: true }), (e: Error & { code?: string }) => e.code === 'REPAIR_REFUSED' && e.message.includes('missing_end_quote'));
  });
});

describe('a key repeated before the guess that explains it is named too', () => {
  // recovery.repeated-keys: the damage that moved members into an object holding their key shows
  // only later, at a closer or at the text's end; the repeat is noted, and named at the guess.
  const cases: readonly (readonly [string, unknown, readonly string[]])[] = [
    // A `}` lost after 1000: "text": 1001 replaced it inside "id"; the guess comes at the `]`.
    ['[{},{"id":{"text":1000,"text":1001}]', [{}, { id: { text: 1001 } }], ['duplicate_key@23', 'mismatched_closer@35']],
    // The lost `}` shows only at the text's end.
    ['{"t": {"k": 1\n  ,\n  "k": 2\n}', { t: { k: 2 } }, ['duplicate_key@20', 'truncated@28']],
    // fuzz (seed 1): a `}` written as a comma; "id": [...] replaced the object "id" that held 1000.
    ['{"a":{"id":{,"items":1000},"id":[{},{}]}', { a: { id: [{}, {}] } }, ['leading_comma@12', 'duplicate_key@27', 'truncated@40']],
    // A closer left over after the value is its own guess.
    ['{"a": 1, "a": 2}]', { a: 2 }, ['duplicate_key@9', 'extra_closer@16']],
  ];
  for (const [text, value, kinds] of cases) test(text, () => readsAs(text, value, kinds));

  test('a guess anywhere in the text names them, as it names the repeats after it', () => {
    // fuzz (seed 2): a `{` written as `]` shows only as values concatenated after the first.
    readsAs('{"a":[{"items":1000,"id":[]}],"a":{}},{},{}]}', [{ a: {} }, {}, {}], ['duplicate_key@30', 'concatenated_values@38', 'concatenated_values@41', 'extra_closer@43', 'extra_closer@44']);
    readsAs('{"a": 1, "a": 2}\n{"b": 1 "c": 2}', [{ a: 2 }, { b: 1, c: 2 }], ['duplicate_key@9', 'concatenated_values@17', 'missing_comma@25']);
    readsAs('{"a": 1 "b": 2}\n{"c": 1, "c": 2}', [{ a: 1, b: 2 }, { c: 2 }], ['missing_comma@8', 'concatenated_values@16', 'duplicate_key@25']);
  });

  test('the stream reports it with the guess, once, in 1- and 3-character chunks', () => {
    const text = '[{},{"id":{"text":1000,"text":1001}]';
    for (const size of [1, 3]) assert.deepEqual(streamReport(text, size), ['duplicate_key@23', 'mismatched_closer@35']);
    const cut = '{"t": {"k": 1\n  ,\n  "k": 2\n}';
    for (const size of [1, 3]) assert.deepEqual(streamReport(cut, size), ['duplicate_key@20', 'truncated@28']);
  });

  test('parse with onRepair names it; without, the value is the same', () => {
    const text = '[{},{"id":{"text":1000,"text":1001}]';
    let seen: readonly TextRepair[] = [];
    const value = parse(text, { onRepair: (r) => (seen = r as readonly TextRepair[]) });
    assert.deepEqual(at(seen), ['duplicate_key@23', 'mismatched_closer@35']);
    assert.deepEqual(parse(text), value);
  });

  test('disable refuses it at the repeated key; strict refuses the guess', () => {
    const text = '[{},{"id":{"text":1000,"text":1001}]';
    assert.throws(() => parse(text, { disable: ['duplicate_key'] }), (e: Error & { code?: string; offset?: number }) => e.code === 'REPAIR_REFUSED' && e.message.includes('duplicate_key') && e.offset === 23);
    assert.throws(() => parse(text, { strict: true }), (e: Error & { code?: string }) => e.code === 'REPAIR_REFUSED' && e.message.includes('mismatched_closer'));
  });
});

describe('in prose, closers right after a value that repeats a key are read with it', () => {
  // recovery.repeated-keys: the damage left the value balanced, valid JSON that repeats a key, and
  // the closers it left over went with the prose set aside after it; nothing named the loss.
  const cases: readonly (readonly [string, unknown, readonly string[]])[] = [
    // A `{` written as `]` closed the array early; "a": [] replaced the array that held 1000.
    ['Here is the result: {"a":[{"id":{},"a":1000},{"id":[]},{}],"a":[]}]} Hope it helps.', { a: [] }, ['surrounding_text@20', 'duplicate_key@59', 'extra_closer@66', 'extra_closer@67']],
    // fuzz (seed 1): a doubled `}` closed "id" early; "name": null replaced 1000, and the `}` left
    // over stands on a line of its own.
    ['Here is the result: {\n  "name": 1000,\n  "id": {\n    "id": {}},\n    "name": null\n  }\n} Hope it helps.', { name: null, id: { id: {} } }, ['surrounding_text@20', 'duplicate_key@67', 'extra_closer@84']],
  ];
  for (const [text, value, kinds] of cases) test(text, () => readsAs(text, value, kinds));

  test('the stream reports them once, in 1- and 3-character chunks', () => {
    const text = cases[0]![0];
    for (const size of [1, 3]) assert.deepEqual(streamReport(text, size), ['surrounding_text@20', 'duplicate_key@59', 'extra_closer@66', 'extra_closer@67']);
  });

  test('parse with or without onRepair takes the same reading; disable and strict refuse it', () => {
    const text = cases[0]![0];
    let seen: readonly TextRepair[] = [];
    assert.deepEqual(parse(text, { onRepair: (r) => (seen = r as readonly TextRepair[]) }), parse(text));
    assert.deepEqual(at(seen), ['surrounding_text@20', 'duplicate_key@59', 'extra_closer@66', 'extra_closer@67']);
    assert.throws(() => parse(text, { disable: ['duplicate_key'] }), (e: Error & { code?: string; offset?: number }) => e.code === 'REPAIR_REFUSED' && e.offset === 59);
    assert.throws(() => parse(text, { strict: true }), (e: Error & { code?: string }) => e.code === 'REPAIR_REFUSED' && e.message.includes('extra_closer'));
  });

  test('a value that repeats no key, or closers further on, keep their reading', () => {
    readsAs('Here: [Output: {"a": 1}] ok', { a: 1 }, ['surrounding_text@15']);
    readsAs('Here: {"a": 1}] ok', { a: 1 }, ['surrounding_text@6']);
    readsAs('Here: {"a": 1, "a": 2} ok ]', { a: 2 }, ['surrounding_text@6']);
    assert.deepEqual(parse('Here: {"a": 1}] ok', { strict: true }), { a: 1 });
  });
});

describe('valid JSON that repeats a key reports what it did before', () => {
  const cases: readonly (readonly [string, unknown, readonly string[]])[] = [
    ['{"a": 1, "a": 2}', { a: 2 }, []],
    ['[{"a": {"a": 1, "a": 2}, "a": 3}]', [{ a: 3 }], []],
    ['```json\n{"a": 1, "a": 2}\n```', { a: 2 }, ['surrounding_text@8']],
    ['Here: {"a": 1, "a": 2} ok', { a: 2 }, ['surrounding_text@6']],
    // Repairs that are no guess do not open the check.
    ["{'a': 1, 'a': 2}", { a: 2 }, ['single_quotes@1', 'single_quotes@9']],
  ];
  for (const [text, value, kinds] of cases) test(text, () => readsAs(text, value, kinds));
});

describe('the repeated key picks the reading that keeps both values', () => {
  test('F1: a `}` lost before `]`, not swapped closers', () => {
    readsAs('[{"u": {"author": "A", "id": [{"x": 1]}, "author": "B"}]', [{ u: { author: 'A', id: [{ x: 1 }] }, author: 'B' }], ['mismatched_closer@37']);
  });
  test('F4: a `]` lost before `}`, not a `}` written for `]`, and the text is not cut off', () => {
    readsAs('{"text": {"title": [1, 2\n  },\n  "title": true\n}', { text: { title: [1, 2] }, title: true }, ['mismatched_closer@27']);
    readsAs('{"v": {"value": [}, "value": {"p": 1}}', { v: { value: [] }, value: { p: 1 } }, ['mismatched_closer@17']);
    // The repeated key read with a full-width colon, as every key is (review S4: one key scan). Before:
    // {"text": {"title": true}}, the array replaced and the text called cut off.
    readsAs('{"text": {"title": [1, 2\n  },\n  "title"： true\n}', { text: { title: [1, 2] }, title: true }, ['mismatched_closer@27', 'fullwidth_delimiter@39']);
  });
  test('without a repeated key, the pinned readings stand', () => {
    readsAs('{"rows": [{"a": 1]}, "n": 2}', { rows: [{ a: 1 }], n: 2 }, ['swapped_closers@17']);
    readsAs('{"a": {"b": [1}], "c": 2}', { a: { b: [1] }, c: 2 }, ['swapped_closers@14']);
    readsAs('{"a": ["x", "y"}, "b": 1}', { a: ['x', 'y'], b: 1 }, ['mismatched_closer@15']);
  });
});

describe('F2: a string missing its end quote at a line end before `},` and the next element\'s `{`', () => {
  test('the records stay apart, whatever their keys', () => {
    readsAs('[\n  {\n    "a": "hello world\n  },\n  {\n    "a": "xyz"\n  }\n]', [{ a: 'hello world' }, { a: 'xyz' }], ['missing_end_quote@27']);
    readsAs('[\n  {\n    "a": "hello world\n  },\n  {\n    "b": "xyz"\n  }\n]', [{ a: 'hello world' }, { b: 'xyz' }], ['missing_end_quote@27']);
    readsAs('[\n  {\n    "a": "hello world\n  }\n  {\n    "a": "xyz"\n  }\n]', [{ a: 'hello world' }, { a: 'xyz' }], ['missing_end_quote@27', 'missing_comma@34']);
  });
  test('code whose `{` the `}` closes stays the string\'s text', () => {
    const text = '[{"code": "function f() {\n  return 1;\n},\n{\n  "a": 1}]';
    assert.deepEqual(parse(text), [{ code: 'function f() {\n  return 1;\n},\n{', a: 1 }]);
  });
  test('an escaped `{` in the text counts as code\'s too (review S6: the look for it stays in the string\'s text)', () => {
    const text = '[{"code": "function f() \\{\n  return 1;\n},\n{\n  "a": 1}]';
    const expected = [{ code: 'function f() \\{\n  return 1;\n},\n{', a: 1 }];
    assert.deepEqual(parse(text), expected);
    for (const size of [1, 3]) assert.deepEqual(streamedEnd(text, size), expected, `chunks of ${size}`);
  });
  test('the stream reports the end quote that replaced the string\'s tail', () => {
    const text = '[\n  {\n    "a": "hello world\n  },\n  {\n    "a": "xyz"\n  }\n]';
    for (const size of [1, 3]) assert.ok(streamReport(text, size).includes('missing_end_quote@27'), `chunks of ${size}`);
  });
});
