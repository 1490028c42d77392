// Values one per line after a label (JSON Lines in prose): every value, as a reply of nothing but
// those lines gives them (concatenated values, one array). Each was a candidate of its own, ending
// where its brackets closed, and parse returned the first: the other records were dropped with no word.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extract, parse, parseAll, parseWithReport } from '../../src/index.js';
import { readsAs, readsEach } from './reads.js';

const brief = (text: string) => extract(text).map((c) => [c.source, c.text]);

describe('values one per line after a label are all read', () => {
  readsEach([
    ['Here are the records:\n{"a":1}\n{"a":2}\n{"a":3}', [{ a: 1 }, { a: 2 }, { a: 3 }]],
    ['Records:\n\n{"a":1}\n{"a":2}\n{"a":3}\n', [{ a: 1 }, { a: 2 }, { a: 3 }]],
    ['Records:\r\n{"a":1}\r\n{"a":2}\r\n', [{ a: 1 }, { a: 2 }]],
    ['Records:\n  {"a":1}\n\n  {"a":2}\n', [{ a: 1 }, { a: 2 }]],
    // Files joined with `cat`: the second one's BOM starts its line.
    ['Records:\n{"a":1}\n\uFEFF{"a":2}\n', [{ a: 1 }, { a: 2 }]],
    // Prose after the last line is set aside, as after values that start the reply.
    ['Records:\n{"a":1}\n{"a":2}\nHope it helps!', [{ a: 1 }, { a: 2 }]],
    ['Rows:\n[1, 2]\n[3, 4]', [[1, 2], [3, 4]]],
    ['Records:\n{"a":1}\n{}\n{"a":2}', [{ a: 1 }, {}, { a: 2 }]],
    // Damage inside a line is repaired as in any value.
    ["Records:\n{'a': 1,}\n{a: 2}", [{ a: 1 }, { a: 2 }]],
    ['<think>list them</think>\nRecords:\n{"a":1}\n{"a":2}', [{ a: 1 }, { a: 2 }]],
    ['<answer>Records:\n{"a":1}\n{"a":2}</answer>', [{ a: 1 }, { a: 2 }]],
    ['```\nRecords:\n{"a":1}\n{"a":2}\n```', [{ a: 1 }, { a: 2 }]],
  ]);

  test('as the same lines with nothing before them', () => {
    for (const lines of ['{"a":1}\n{"a":2}\n{"a":3}', '{"a":1}\n\n{"a":2}']) {
      assert.deepEqual(parse(`Here are the records:\n${lines}`), parse(lines));
    }
  });

  test('the reading is reported as concatenated values', () => {
    const kinds = parseWithReport('Here are the records:\n{"a":1}\n{"a":2}').repairs.map((r) => r.kind);
    assert.deepEqual(kinds, ['surrounding_text', 'concatenated_values']);
  });

  test('one candidate from the first line to the last', () => {
    assert.deepEqual(brief('Here are the records:\n{"a":1}\n{"a":2}\n{"a":3}'), [['balanced', '{"a":1}\n{"a":2}\n{"a":3}']]);
    assert.deepEqual(
      parseAll('Records:\n{"a":1}\n{"a":2}').map((c) => (c.ok ? c.value : c.error.code)),
      [[{ a: 1 }, { a: 2 }]],
    );
  });

  test('a last line cut off is read as the same lines alone are', () => {
    const text = 'Records:\n{"a":1}\n{"a":2}\n{"a":';
    readsAs(text, parse('{"a":1}\n{"a":2}\n{"a":'));
  });

  test('with a schema for one of them, which is meant is a guess: a typed error, as without the label', () => {
    const schema = { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] } as const;
    for (const text of ['Records:\n{"a":1}\n{"a":2}', '{"a":1}\n{"a":2}']) {
      assert.throws(() => parse(text, { schema }), { code: 'REPAIR_REFUSED' }, text);
    }
    assert.deepEqual(parse('Records:\n{"a":1}\n{"a":2}', { schema: { type: 'array', items: schema } }), [{ a: 1 }, { a: 2 }]);
  });

  test('a line that cannot be read makes the reply an error, not its first line', () => {
    assert.throws(() => parse('Records:\n{"a":1}\n{"a":@}\n'), { code: 'UNREPAIRABLE' });
  });
});

// Session 42: lone `[1]`, `[2]` lines after a label were each a weak span (a citation as often as an
// array): the first was the answer and `[2]` was dropped with no word, where `{"a":1}` lines gave both.
describe('lone short arrays one per line after a label ending in a colon are all read', () => {
  readsEach([
    ['Here are the records:\n[1]\n[2]\n', [[1], [2]]],
    ['Records:\n[1]\n[2]\n[3]', [[1], [2], [3]]],
    ['Records:\n\n[1]\n\n[2]\n', [[1], [2]]],
    ['**Records:**\n[1]\n[2]', [[1], [2]]],
    ['Records:\n[1]\n[2]\nHope it helps!', [[1], [2]]],
    ['<answer>Records:\n[1]\n[2]</answer>', [[1], [2]]],
  ]);

  test('as the same lines with nothing before them, one candidate reported as concatenated values', () => {
    assert.deepEqual(parse('Here are the records:\n[1]\n[2]\n'), parse('[1]\n[2]\n'));
    assert.deepEqual(brief('Here are the records:\n[1]\n[2]\n'), [['balanced', '[1]\n[2]']]);
    assert.deepEqual(parseWithReport('Records:\n[1]\n[2]').repairs.map((r) => r.kind), ['surrounding_text', 'concatenated_values']);
  });

  test('footnote markers, one alone, or no label ending in a colon: read as before', () => {
    // A marker with its text after it on the line is a footnote's: the run stops short of two lone lines.
    assert.deepEqual(brief('Sources:\n[1]\n[2] Jones.\n'), [['balanced', '[1]'], ['balanced', '[2]']]);
    assert.deepEqual(brief('Sources:\n[1] Smith et al.\n[2] Jones.\n'), [['balanced', '[1]'], ['balanced', '[2]']]);
    // One lone marker before an object stays no line of a run (below), and so does a label without its colon.
    assert.deepEqual(brief('Sources:\n[1]\n{"a": 1}'), [['balanced', '{"a": 1}']]);
    assert.deepEqual(brief('Sources:\n[1]\n[2]\n{"a": 1}'), [['balanced', '{"a": 1}']]);
    assert.deepEqual(brief('Here are the records\n[1]\n[2]\n'), [['balanced', '[1]'], ['balanced', '[2]']]);
  });
});

// Session 42 (lines2): three more ways the run was cut short, the rest dropped with no word.
describe('a run of arrays with lone short arrays among them is one run', () => {
  // Before: `[2, 3]` (the first strong span) alone, `[1]` (a weak one) dropped; or `[1, 2]` alone.
  readsEach([
    ['Records:\n[1]\n[2, 3]', [[1], [2, 3]]],
    ['Records:\n[1, 2]\n[3]', [[1, 2], [3]]],
    ['Records:\n[1]\n[2]\n[3, 4]', [[1], [2], [3, 4]]],
    ['Records:\n[1, 2]\n[3]\n[4, 5]\nDone.', [[1, 2], [3], [4, 5]]],
  ]);

  test('reported as concatenated values, one candidate', () => {
    assert.deepEqual(brief('Records:\n[1]\n[2, 3]'), [['balanced', '[1]\n[2, 3]']]);
    assert.deepEqual(parseWithReport('Records:\n[1]\n[2, 3]').repairs.map((r) => r.kind), ['surrounding_text', 'concatenated_values']);
  });

  test('markers before an object, one with its text after it, or no colon: read as before', () => {
    // (A weak candidate is left out when a stronger one is found, as before.)
    assert.deepEqual(brief('Sources:\n[1]\n[2, 3]\n{"a": 1}'), [['balanced', '[2, 3]\n{"a": 1}']]);
    assert.deepEqual(brief('Sources:\n[1, 2]\n[3] Smith et al.'), [['balanced', '[1, 2]']]);
    assert.deepEqual(brief('Here are the records\n[1]\n[2, 3]'), [['balanced', '[2, 3]']]);
  });
});

describe('the first value on the label\'s own line, the rest one per line below it', () => {
  // Before: the first alone (`{"a": 1}`, `[1]`), the lines below it dropped with no word.
  readsEach([
    ['Here: {"a": 1}\n{"b": 2}', [{ a: 1 }, { b: 2 }]],
    ['Records: [1]\n[2]', [[1], [2]]],
    ['Records: [1]\n[2, 3]\n', [[1], [2, 3]]],
    ['Here are the rows: {"a": 1}\n{"a": 2}\n{"a": 3}\nHope it helps!', [{ a: 1 }, { a: 2 }, { a: 3 }]],
    ['**Records:** {"a": 1}\n{"a": 2}', [{ a: 1 }, { a: 2 }]],
  ]);

  test('as the same lines after a label alone on its line', () => {
    assert.deepEqual(parse('Here: {"a": 1}\n{"b": 2}'), parse('Here:\n{"a": 1}\n{"b": 2}'));
    assert.deepEqual(parseWithReport('Here: {"a": 1}\n{"b": 2}').repairs.map((r) => r.kind), ['surrounding_text', 'concatenated_values']);
  });

  test('a label that names one value, prose between, or values side by side: read as before', () => {
    readsAs('Answer: {"a": 1}\n{"a": 0}', { a: 1 });
    readsAs('New: {"a": 1}\n{"a": 0}', { a: 1 });
    readsAs('Example: {"a": 0}\n{"a": 1}', { a: 1 });
    readsAs('Example: {"a": 0}\nAnswer: {"a": 1}', { a: 1 });
    readsAs('Reasoning: []\n{"a": 1}', { a: 1 });
    readsAs('Here: {"a": 1} {"b": 2} ok', { a: 1 });
    readsAs('Sources: [1]\n[2] Smith et al.', [1]);
    readsAs('See [1]\n[2]', [1]);
  });
});

describe('values that are not one per line are read as before', () => {
  readsEach([
    // Prose between the values: a citation, then another.
    ['Here: {"a":1}\nHope it helps {"b":2}', { a: 1 }],
    ['Here: {"a": 1}\nAlso: {"a": 2}', { a: 1 }],
    ['Note the final answer below.\n{"a": 1}\nThen {"a": 2}', { a: 1 }],
    // Examples, then the answer.
    ['Example:\n{"a":0}\nAnswer:\n{"a":1}', { a: 1 }],
    ['**Example output:**\n{"n": 0}\n\nBased on the input, here is the result:\n{"n": 3}', { n: 3 }],
    // Values side by side on one line.
    ['Here: {"a":1} {"b":2} ok', { a: 1 }],
    // An empty value beside the answer (promptfoo #5283).
    ['Reasoning: []\n{"a": 1}', { a: 1 }],
    ['Reasoning:\n[]\n{"a": 1}', { a: 1 }],
    // Separate fences are separate candidates.
    ['```json\n{"a":1}\n```\n```json\n{"a":2}\n```', { a: 1 }],
  ]);

  test('a lone citation-like [1] is no line of a run', () => {
    assert.deepEqual(brief('Sources:\n[1]\n{"a": 1}'), [['balanced', '{"a": 1}']]);
  });
});

// Review of session 42: values one per line with a comma after each (a list without its brackets) gave
// the first alone, the others dropped with no word, though the same lines alone were read whole.
describe('values one per line with commas between them are a run too', () => {
  readsEach([
    ['Records:\n{"a":1},\n{"b":2}', [{ a: 1 }, { b: 2 }]],
    ['Records:\n{"a":1},\n{"b":2},\n{"c":3}', [{ a: 1 }, { b: 2 }, { c: 3 }]],
    ['Records:\n{"a":1}\n,{"b":2}', [{ a: 1 }, { b: 2 }]],
    ['Records:\n[1, 2],\n[3]', [[1, 2], [3]]],
  ]);
  test('one comma only, and a line break still needed', () => {
    // Two commas are a hole, not a list; values side by side on one line stay as they were read.
    assert.deepEqual(parse('Records:\n{"a":1},,\n{"b":2}'), parse('Records:\n{"a":1} ok'));
    assert.deepEqual(parse('Here: {"a":1}, {"b":2} ok'), { a: 1 });
  });
});
