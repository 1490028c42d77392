import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { extract } from '../../src/extract/index.js';

/** Prose without braces, brackets, quotes, backticks or angle brackets. */
const proseChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789.,;:!?-\n\t'.split(''));
const prose = fc.string({ unit: proseChar, maxLength: 60 });
const container = fc.jsonValue().filter((v) => v !== null && typeof v === 'object');

describe('extract: properties', () => {
  test('any object or array embedded in bracket-free prose is found exactly', () => {
    fc.assert(
      fc.property(prose, container, prose, fc.boolean(), (before, value, after, pretty) => {
        const json = pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
        // A separator keeps the prose's last word from reading as a call name or an unquoted key.
        const text = `${before} ${json} ${after}`;
        const found = extract(text);
        assert.ok(found.length >= 1, 'no candidate');
        const [c] = found;
        assert.equal(c.text, text.slice(c.start, c.end));
        if (c.source === 'whole') {
          assert.equal(before.trim(), '');
          assert.equal(c.text, `${json} ${after}`.trim());
        } else {
          assert.equal(c.source, 'balanced');
          assert.equal(c.text, json);
          assert.equal(found.length, 1);
        }
      }),
      { seed: 1497657842, numRuns: 1500 },
    );
  });

  test('the same value in a fence or an answer tag is found exactly', () => {
    fc.assert(
      fc.property(prose, container, prose, fc.constantFrom('fence', 'tag'), (before, value, after, how) => {
        const json = JSON.stringify(value, null, 2);
        const text = how === 'fence' ? `${before}\n\`\`\`json\n${json}\n\`\`\`\n${after}` : `${before}<answer>${json}</answer>${after}`;
        const found = extract(text);
        assert.deepEqual(found.map((c) => [c.source, c.text]), [[how, json]]);
      }),
      { seed: 776159588, numRuns: 500 },
    );
  });

  test('candidates are in document order, never overlap, and are exact slices', () => {
    const piece = fc.oneof(
      prose,
      container.map((v) => JSON.stringify(v)),
      fc.constantFrom('```json\n', '```\n', '~~~\n', '<think>', '</think>', '<|channel>thought', '<channel|>', '<|channel|>analysis', '<|end|>', '[THINK]', '[/THINK]', '<answer>', '</answer>', '[1]', '[x](y)', '{', '[', '}', ']', '"', "'", 'cb(', ')', '\n'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const text = pieces.join('');
        const found = extract(text);
        let last = 0;
        for (const c of found) {
          assert.equal(c.text, text.slice(c.start, c.end));
          assert.ok(c.start >= last && c.end > c.start, `overlap or empty at ${c.start}`);
          last = c.end;
        }
      }),
      { seed: 1075084510, numRuns: 1500 },
    );
  });
});
