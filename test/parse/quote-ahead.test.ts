// The one bounded look ahead to a quote (src/parse/quote-ahead.ts) that the string-end, key and
// continuation rules share (review S5): where it stops, how far it looks, and when it waits.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Ch } from '../../src/parse/chars.js';
import type { Engine } from '../../src/parse/engine.js';
import { isKeyStop, isLineBreak, noStop, quoteEnd, stopAhead } from '../../src/parse/quote-ahead.js';
import { NEED_MORE } from '../../src/parse/state.js';

/** The parts of an engine the look reads: the buffer, where it ends, and whether more text comes. */
function text(buf: string, final = true): Engine {
  return { buf, end: buf.length, final } as unknown as Engine;
}

describe('stopAhead', () => {
  test('stops at the quote or at the first character the rule stops at', () => {
    assert.equal(stopAhead(text('rating": 4'), 0, 160, Ch.DQUOTE, isKeyStop), 6);
    assert.equal(stopAhead(text('a, b": 4'), 0, 160, Ch.DQUOTE, isKeyStop), 1);
    assert.equal(stopAhead(text('line\nnext"'), 0, 160, Ch.DQUOTE, isLineBreak), 4);
    assert.equal(stopAhead(text('line\nnext"'), 0, 160, Ch.DQUOTE, noStop), 9);
  });
  test('steps over an escape only when told', () => {
    assert.equal(stopAhead(text('say \\"hi\\" now"'), 0, 160, Ch.DQUOTE, noStop, true), 14);
    assert.equal(stopAhead(text('say \\"hi\\" now"'), 0, 160, Ch.DQUOTE, noStop), 5);
  });
  test('looks no further than its span', () => {
    assert.equal(stopAhead(text('abcdef"'), 0, 6, Ch.DQUOTE, noStop), -1);
    assert.equal(stopAhead(text('abcdef"'), 0, 7, Ch.DQUOTE, noStop), 6);
  });
  test('waits while the buffer ends inside the span, and only then', () => {
    assert.throws(() => stopAhead(text('abc', false), 0, 10, Ch.DQUOTE, noStop), (err) => err === NEED_MORE);
    assert.equal(stopAhead(text('abc', true), 0, 10, Ch.DQUOTE, noStop), -1);
    // The span wholly in the buffer: no later text can place a quote in it.
    assert.equal(stopAhead(text('abc', false), 0, 3, Ch.DQUOTE, noStop), -1);
    // A stop already read decides, whatever comes next.
    assert.equal(stopAhead(text('a"b', false), 0, 10, Ch.DQUOTE, noStop), 1);
  });
});

describe('quoteEnd', () => {
  test('the quote that closes the one at `i`, on its line unless told', () => {
    assert.equal(quoteEnd(text('"ab\\"c" x'), 0), 6);
    assert.equal(quoteEnd(text("'ab' x"), 0), 3);
    assert.equal(quoteEnd(text('"ab\ncd"'), 0), -1);
    assert.equal(quoteEnd(text('"ab\ncd"'), 0, 160, true), 6);
    assert.equal(quoteEnd(text('"abcd"'), 0, 3), -1);
  });
});
