// Replies cut off where the value read from them looked complete (differential hunt, session 36): the
// loop, the schema stage, the CLI and the AI SDK hooks refuse a cut-off reply by its cut-off repair
// (`truncated`, `truncated_literal`), so a cut reply read without one is taken as whole.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createStreamParser, parseWithReport, repair } from '../../src/index.js';
import { isCutOffRepair } from '../../src/parse/kind-flags.js';
import type { TextRepair } from '../../src/parse/types.js';

const cutOff = (repairs: readonly { kind: string }[]): boolean => repairs.some((r) => isCutOffRepair(r.kind as TextRepair['kind']));

/** The stream's end value and whether any snapshot reported a cut, `text` pushed in chunks of `size`. */
function streamed(text: string, size: number): { value: unknown; cut: boolean } {
  const p = createStreamParser();
  let cut = false;
  for (let i = 0; i < text.length; i += size) cut = cutOff(p.push(text.slice(i, i + size)).repairs) || cut;
  const value = p.end();
  return { value, cut: cutOff(p.snapshot.repairs) || cut };
}

/** parse, repair and the stream (1- and 3-character chunks) read `text` as `value`, and say whether it was cut off. */
function reads(text: string, value: unknown, cut: boolean): void {
  const r = parseWithReport(text);
  assert.deepEqual(r.value, value, text);
  assert.equal(cutOff(r.repairs), cut, `${text}: ${r.repairs.map((x) => x.kind).join(', ')}`);
  assert.deepEqual(JSON.parse(repair(text)), value, text);
  for (const size of [1, 3]) {
    const s = streamed(text, size);
    assert.deepEqual(s.value, value, `${text} in ${size}-character chunks`);
    assert.equal(s.cut, cut, `${text} in ${size}-character chunks: cut off`);
  }
}

describe("a string cut off right after a `}` that closes a `{` of its own text (F1)", () => {
  for (const [text, value] of [
    ['{"s": "Hello {name}', { s: 'Hello {name}' }],
    ['{"tex": "$\\\\frac{a}{b}', { tex: '$\\frac{a}{b}' }],
    ['{"c": "function f() { return 1; }', { c: 'function f() { return 1; }' }],
    ['{"a": 1, "c": "obj = {\\"k\\": 1}', { a: 1, c: 'obj = {"k": 1}' }],
    ['{"p": "print(f\\"{name!r}', { p: 'print(f"{name!r}' }],
    ['["see [1]', ['see [1]']],
    ['{"a": {"s": "Hello {name}}', { a: { s: 'Hello {name}}' } }],
  ] as const) {
    test(text, () => reads(text, value, true));
  }
  // The string opens no bracket, or closes its own before the object's `}`: whole but for the quote.
  for (const [text, value] of [
    ['{"a": "x}', { a: 'x' }],
    ['{"a": "x {y}}', { a: 'x {y}' }],
    ['{"url": "https://x.com/}', { url: 'https://x.com/' }],
  ] as const) {
    test(`${text} (not cut off)`, () => reads(text, value, false));
  }
  test('a value holding {…} read at every prefix that ends inside its string is cut off', () => {
    const text = '{"t": "Dear {name}, see {x} and $\\\\frac{a}{b}$ {ok}", "n": 1}';
    const close = text.indexOf('", "n"');
    for (let end = text.indexOf('"Dear') + 2; end <= close; end++) {
      const prefix = text.slice(0, end);
      assert.ok(cutOff(parseWithReport(prefix).repairs), prefix);
    }
  });
});

describe('a draft read from reasoning that the reply ends inside, unclosed (F3)', () => {
  for (const text of [
    '<think>\nDraft:\n{"a": 1}\nHmm, fix',
    '<think>\nDraft:\n{"a": 1}',
    '<think>\nDraft:\n{"a": 1}\nHmm, fix \n',
    '<|channel|>analysis<|message|>Draft {"a": 1} then',
  ]) {
    test(JSON.stringify(text), () => reads(text, { a: 1 }, true));
  }
  // The block closed: the model finished its reasoning (and wrote nothing after it), or the tag around it closed.
  for (const text of [
    '<think>\nDraft:\n{"a": 1}\n</think>',
    '<think>\nDraft:\n{"a": 1}\n</think>\n\n',
    'Draft:\n{"a": 1}\n</think>',
    '<answer><think>{"a": 1} more</answer>',
    '<|channel|>analysis<|message|>Draft {"a": 1}<|end|>',
    '<think>\nDraft:\n{"a": 1}\nHmm<|im_end|>',
  ]) {
    test(`${JSON.stringify(text)} (not cut off)`, () => reads(text, { a: 1 }, false));
  }
  test('refusing truncated refuses the draft', () => {
    assert.throws(() => parseWithReport('<think>\nDraft:\n{"a": 1}\nHmm, fix', { disable: ['truncated'] }), /truncated/);
  });
});

describe('a whole value, a line naming a correction, then a value cut off at its opener (F4)', () => {
  for (const text of [
    '{"a": 1}\n\nCorrected:\n{',
    '{"a": 1}\n\nCorrected:\n[',
    '{"a": 1}\n\nCorrected: {\n',
    '{"a": 1}\n\nCorrected:\n{"',
    '```json\n{"a": 1}\n```\nCorrected:\n{',
    'Here: {"a": 1}\n\nCorrected:\n{',
    '<answer>{"a": 1}</answer>\nAlso:\n[',
  ]) {
    test(JSON.stringify(text), () => reads(text, { a: 1 }, true));
  }
  test('the corrected value, when whole, is the answer', () => reads('{"a": 1}\n\nCorrected:\n{"a": 2}', { a: 2 }, false));
});

describe('a labelled value cut off before it held anything but openers does not beat the value read (regression R4)', () => {
  for (const [text, value] of [
    ['{"a": 1}\nAnswer: [{', { a: 1 }],
    ['{"a": 1}\nCorrected:\n[ {\n', { a: 1 }],
    // diff2 seed 5149: a broken string ends the object early, and its own `"answer": [` member is
    // cut off empty. It was read as `[{}]`, the whole object dropped.
    ['"url":""]}answer:[{', { url: '' }],
    ['{\n "url": "return {\'a\': [x, "y"]}  # trailing\\n",\n "answer": [\n {\n', { url: 'return {\'a\': [x, "y' }],
  ] as const) {
    test(JSON.stringify(text), () => reads(text, value, true));
  }
  test('a labelled value with content, cut off, is still the answer', () => reads('{"a": 1}\nAnswer: [{"b": 2', [{ b: 2 }], true));
});

describe('a text that ends inside a block comment (F6, cut texts)', () => {
  for (const [text, value] of [
    ['{"a": 1} /* note', { a: 1 }],
    ['{"a": 1} /*/', { a: 1 }],
    ['[1, /* a */ 2] /* b', [1, 2]],
  ] as const) {
    test(text, () => reads(text, value, true));
  }
  for (const [text, value] of [
    ['{"a": 1} /* note */', { a: 1 }],
    ['{"a": 1} /**/', { a: 1 }],
    ['{"a": /* x */ 1}', { a: 1 }],
  ] as const) {
    test(`${text} (not cut off)`, () => reads(text, value, false));
  }
});

describe('a single-quoted string that quotes JSON, cut off, is not ended at a `"` of its own text (regression R6)', () => {
  // diff2 seed 5075 (a JS rendering cut inside `title: '{"inner": …`): the `"` closing `"v"` was read
  // as the string's mismatched closer, `"s"` became a made-up member and the cut went unreported.
  for (const [text, value] of [
    [`{e:'{"k": "v"}, "s": 1} w`, { e: '{"k": "v"}, "s": 1} w' }],
    [`{e:'{"s": "q"} w`, { e: '{"s": "q"} w' }],
    [`{e:'{"inner": [1, {"k": "v"}], "s": "q\\\\"x"} w5075x5`, { e: '{"inner": [1, {"k": "v"}], "s": "q\\"x"} w5075x5' }],
  ] as const) {
    test(text, () => reads(text, value, true));
  }
  // A `"` that opens no pair of the string's text still closes it, as a typo for its `'`.
  for (const [text, value] of [
    [`{'a": 1}`, { a: 1 }],
    [`{'a': 'x"}`, { a: 'x' }],
  ] as const) {
    test(`${text} (not cut off)`, () => reads(text, value, false));
  }
});
