// Valid JSON gives exactly JSON.parse's value wherever it stands (alone, in a fence, in a tag, in
// prose) and however it is streamed, for strings holding any character a valid string may hold:
// curly quotes, backticks, apostrophes, escaped quotes, closers and full Unicode.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parse } from '../../src/schema/index.js';
import { createStreamParser } from '../../src/stream/index.js';
import { chunk } from '../stream/check.js';

const tricky = fc.constantFrom('”', '“', '’', '‘', '´', '`', "'", '"', '\\', '\n', ':', ',', '}', ']', '{', '[', '(', ')', ' ', '/', '*', '#', 'a', 'é', '😀', '\u2028');
const unit = fc.oneof({ weight: 3, arbitrary: tricky }, { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) });
const str = fc.string({ unit, maxLength: 8 });
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, str, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(str, tie('value'), { maxKeys: 4 })),
}));
const container = fc.oneof(fc.array(value, { maxLength: 4 }), fc.dictionary(str, value, { maxKeys: 4 }));
const text = fc.tuple(container, fc.constantFrom(0, 2)).map(([v, indent]) => JSON.stringify(v, null, indent));

const WRAPS: Record<string, (json: string) => string> = {
  fence: (j) => `Here you go:\n\`\`\`json\n${j}\n\`\`\`\nDone.`,
  'bare fence': (j) => `\`\`\`\n${j}\n\`\`\``,
  tag: (j) => `<answer>${j}</answer>`,
  'tag after reasoning': (j) => `<think>let me see</think>\n<json>${j}</json>`,
  prose: (j) => `The result is ${j} as requested.`,
  'prose on its own lines': (j) => `Result:\n${j}\nThanks.`,
};

describe('valid JSON anywhere is JSON.parse', () => {
  test('alone', () => {
    fc.assert(fc.property(text, (t) => assert.deepEqual(parse(t), JSON.parse(t))), { seed: 168338849, numRuns: 400 });
  });

  for (const [name, wrap] of Object.entries(WRAPS)) {
    test(`in a ${name}`, () => {
      fc.assert(fc.property(text, (t) => assert.deepEqual(parse(wrap(t)), JSON.parse(t))), { seed: 130933047, numRuns: 250 });
    });
  }

  test('streamed in random chunks, end() equals parse()', () => {
    fc.assert(fc.property(text, fc.constantFrom(1, 3, 0), fc.nat(), (t, size, seed) => {
      const p = createStreamParser();
      for (const c of chunk(t, size, seed)) p.push(c);
      assert.deepEqual(p.end(), parse(t));
    }), { seed: 1865439373, numRuns: 300 });
  });

  test('the cases that found it', () => {
    assert.deepEqual(parse('```json\n{"q”": 1}\n```'), { 'q”': 1 });
    assert.deepEqual(parse('{"a”b": 1 ,}'), { 'a”b': 1 });
    const p = createStreamParser();
    for (const c of chunk('{"a”b":[1]}', 2)) p.push(c);
    assert.deepEqual(p.end(), { 'a”b': [1] });
  });
});
