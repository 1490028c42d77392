import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { query } from '../../src/index.js';
import { MAX_AUTOMATON_STATES, MAX_GROUP_DEPTH, compileIRegexp } from '../../src/path/jsonpath/iregexp.js';

const matches = (pattern: string, subject: string): boolean => query([subject], `$[?match(@, ${JSON.stringify(pattern)})]`).length === 1;
const searches = (pattern: string, subject: string): boolean => query([subject], `$[?search(@, ${JSON.stringify(pattern)})]`).length === 1;

describe('I-Regexp: our own linear-time matcher (issue 13)', () => {
  test('patterns the host RegExp rejects or crashes on are "no match", never an exception', () => {
    assert.equal(matches('('.repeat(10_000), 'a'), false);
    assert.equal(matches('('.repeat(10_000) + 'a' + ')'.repeat(10_000), 'a'), false, 'deeper than MAX_GROUP_DEPTH');
    assert.equal(matches('('.repeat(MAX_GROUP_DEPTH) + 'a' + ')'.repeat(MAX_GROUP_DEPTH), 'a'), true, 'at the limit');
    assert.equal(matches('a?'.repeat(50_000), 'aaa'), false, 'more automaton states than allowed');
    assert.equal(matches('a?'.repeat(2_000) + 'a'.repeat(3), 'aaa'), true);
    assert.equal(matches('a{99999999999}', 'a'), false);
    assert.equal(matches('(a{100}){1000}', 'a'), false);
    assert.equal(compileIRegexp('a{0,' + (MAX_AUTOMATON_STATES + 1) + '}', true), null);
  });
  test('patterns that make a backtracking engine exponential or quadratic run in linear time', { timeout: 20_000 }, () => {
    assert.equal(matches('(a+)+b', 'a'.repeat(30)), false);
    assert.equal(matches('(a|a)*b', 'a'.repeat(5_000)), false);
    assert.equal(matches('(a*)*b', 'a'.repeat(5_000)), false);
    assert.equal(searches('.*.*=.*', 'x'.repeat(5_000)), false);
    assert.equal(searches('.*.*=.*', 'x'.repeat(5_000) + '='), true);
    assert.equal(matches('(x+x+)+y', 'x'.repeat(10_000)), false);
    assert.equal(searches('a{0,50}b', 'a'.repeat(100_000)), false);
  });
  test('semantics: anchoring, dot, classes, categories, escapes, counted repetition', () => {
    assert.equal(matches('a.c', 'abc'), true);
    assert.equal(matches('a.c', 'a\nc'), false);
    assert.equal(matches('a.c', 'a\rc'), false);
    assert.equal(matches('a.c', 'a\u{1F600}c'), true, 'a character outside the BMP is one character');
    assert.equal(matches('ab', 'abc'), false);
    assert.equal(searches('ab', 'xabc'), true);
    assert.equal(searches('^ab', 'xab'), false);
    assert.equal(searches('ab$', 'abx'), false);
    assert.equal(searches('ab$', 'xab'), true);
    assert.equal(matches('[^a-c]+', 'xyz'), true);
    assert.equal(matches('[^a-c]+', 'xbz'), false);
    assert.equal(matches('[a\\-]+', 'a-a'), true);
    assert.equal(matches('[-a]+', '-a'), true);
    assert.equal(matches('\\p{Lu}\\P{Lu}*', 'Ábc'), true);
    assert.equal(matches('[\\p{Nd}x]+', '1x٣'), true);
    assert.equal(matches('\\n\\t\\.', '\n\t.'), true);
    assert.equal(matches('a{2,3}', 'a'), false);
    assert.equal(matches('a{2,3}', 'aaa'), true);
    assert.equal(matches('a{2,3}', 'aaaa'), false);
    assert.equal(matches('a{2,}', 'aaaaaa'), true);
    assert.equal(matches('', ''), true);
    assert.equal(searches('', 'abc'), true);
    assert.equal(matches('a|', ''), true);
    for (const invalid of ['a{2,1}', '\\d', '(?:a)', 'a*?', '[b-a]', '[a-]b]', 'a{,2}', '\\p{Xx}', '[', 'a)', '\ud800']) {
      assert.equal(compileIRegexp(invalid, true), null, invalid);
    }
  });

  // Patterns from a small grammar that means the same in I-Regexp and in a JS `u` regexp.
  const atom = fc.constantFrom('a', 'b', '.', '[ab]', '[^a]', '\\.', '\\p{Lu}', '[a-c]');
  const pattern: fc.Arbitrary<string> = fc.letrec<{ p: string }>((tie) => ({
    p: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      atom,
      fc.tuple(tie('p'), tie('p')).map(([x, y]) => x + y),
      fc.tuple(tie('p'), tie('p')).map(([x, y]) => `(${x}|${y})`),
      fc.tuple(tie('p'), fc.constantFrom('*', '+', '?', '{2}', '{1,3}', '{2,}')).map(([x, q]) => `(${x})${q}`),
    ),
  })).p;
  test('agrees with the host RegExp on patterns both read the same way', () => {
    fc.assert(fc.property(pattern, fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'A', '.', '\n'), maxLength: 12 }), (p, s) => {
      const js = p.replaceAll('.', '[^\\n\\r]').replaceAll('\\[^\\n\\r]', '\\.');
      assert.equal(compileIRegexp(p, true)!.test(s), new RegExp(`^(?:${js})$`, 'u').test(s), `match ${p} ${JSON.stringify(s)}`);
      assert.equal(compileIRegexp(p, false)!.test(s), new RegExp(js, 'u').test(s), `search ${p} ${JSON.stringify(s)}`);
    }), { seed: 9485, numRuns: 1000 });
  });
});

describe('I-Regexp: bounded work and empty classes (path probe S2, W3)', () => {
  test('many distinct characters share the DFA transitions of their class', { timeout: 30_000 }, () => {
    let s = '';
    for (let i = 0; i < 50_000; i++) s += String.fromCharCode(0x4e00 + ((i * 7919) % 20000));
    const re = compileIRegexp('[^X]{0,3000}X', true)!;
    const t0 = performance.now();
    assert.equal(re.test(s), false);
    assert.equal(re.test(s.slice(0, 2000) + 'X'), true);
    assert.ok(performance.now() - t0 < 10_000);
  });
  test('a test without a budget of its own stops with TOO_LARGE rather than running on', () => {
    let units = 0;
    const re = compileIRegexp('(a|\\p{L}){0,2000}Z', false)!;
    let s = '';
    for (let i = 0; i < 20_000; i++) s += String.fromCharCode(0x4e00 + ((i * 7919) % 20000), 0x61 + (i % 26));
    assert.throws(() => re.test(s, (n) => { units += n; if (units > 1_000_000) throw new RangeError('budget'); }), RangeError);
    let code: unknown;
    try { re.test(s); } catch (e) { code = (e as { code?: string }).code; }
    assert.ok(code === undefined || code === 'TOO_LARGE');
  });
  test('a class needs at least one item (RFC 9485): [] and [^] are not patterns, so no match', () => {
    assert.equal(matches('[^]', 'a'), false);
    assert.equal(matches('[]', 'a'), false);
    assert.equal(compileIRegexp('[^]', true), null);
    assert.equal(matches('[-]', '-'), true);
    assert.equal(matches('[^-]', 'a'), true);
  });
});
