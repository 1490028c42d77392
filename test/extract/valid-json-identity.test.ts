// Valid JSON wrapped the ways models wrap it — in a code fence, an answer tag, or prose — parses to
// exactly JSON.parse's value, whatever its strings hold (issue 19): curly quotes, backticks, fence
// runs, reasoning tags, brackets, any Unicode.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parse } from '../../src/index.js';

/** Pieces that have fooled extraction or the engine, mixed with any Unicode. */
const TRICKY = ['</answer>', '</json>', '<answer>', '”', '“', '‘', '’', '„', '`', '```', '~~~', '´', '</think>', '<think>', '</reasoning>', '<json>', '</output>', '<answer x=">">',
  '\n```\n', '{', '}', '[', ']', '(', ')', '"', "'", '\\', '\\"', ':', ',', '//', '/*', '*/', '#', '\u2028', '\ufeff', '\u00a0', 'True', 'None', 'NaN'];

const text = (avoid: readonly string[]) =>
  fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 6 }), fc.string({ unit: 'binary', maxLength: 4 }), fc.constantFrom(...TRICKY)), { maxLength: 5 })
    .map((parts) => parts.join(''))
    .filter((s) => avoid.every((a) => !s.toLowerCase().includes(a)));

/** JSON values whose strings and keys come from `text`. */
const json = (avoid: readonly string[]) =>
  fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, text(avoid), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc.dictionary(text(avoid), tie('value'), { maxKeys: 4 }),
  })).value;

const container = (avoid: readonly string[]) => fc.oneof(fc.array(json(avoid), { maxLength: 4 }), fc.dictionary(text(avoid), json(avoid), { maxKeys: 4 }));

const layout = fc.constantFrom<(v: unknown) => string>((v) => JSON.stringify(v), (v) => JSON.stringify(v, null, 2), (v) => JSON.stringify(v, null, '\t'));

/** Prose around the value: no brackets, quotes, backticks or angle brackets of its own. */
const prose = fc.string({ unit: fc.constantFrom(...'abcdefghij XYZ.,;:!?-\n'.split('')), minLength: 1, maxLength: 30 }).filter((s) => /[a-z]/i.test(s));

function same(wrapped: string, doc: string): void {
  const expected = JSON.parse(doc) as unknown;
  assert.deepEqual(parse(wrapped), expected, `input: ${JSON.stringify(wrapped)}`);
}

describe('parse: valid JSON wrapped in a fence, a tag or prose gives JSON.parse\'s value', () => {
  test('in a code fence (``` or ~~~, with or without a language, with prose around it)', () => {
    fc.assert(
      fc.property(container([]), layout, prose, prose, fc.constantFrom('```json', '```', '~~~json', '```JSON', '````js'), (value, write, before, after, open) => {
        const doc = write(value);
        const close = open.startsWith('~') ? '~~~' : open.startsWith('````') ? '````' : '```';
        same(`${before}\n${open}\n${doc}\n${close}\n${after}`, doc);
      }),
      { seed: 1774778839, numRuns: 400 },
    );
  });

  test('in an answer tag (any of the default tags, attributes, prose around it)', () => {
    const tags = ['answer', 'json', 'output', 'result'];
    for (const tag of tags) {
      fc.assert(
        fc.property(container([]), layout, prose, prose, fc.constantFrom('', ' id="1"', " x='>'"), (value, write, before, after, attrs) => {
          const doc = write(value);
          same(`${before}<${tag}${attrs}>${doc}</${tag}>${after}`, doc);
        }),
        { seed: 549726529, numRuns: 100 },
      );
    }
  });

  test('in prose (a sentence before it, another after it)', () => {
    fc.assert(
      fc.property(container([]), layout, prose, prose, (value, write, before, after) => {
        const doc = write(value);
        same(`${before} ${doc} ${after}`, doc);
      }),
      { seed: 250670331, numRuns: 400 },
    );
  });
});
