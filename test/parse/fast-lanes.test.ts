// The engine reads plain strings, JSON numbers and literals in one go and falls back to the general
// rules for anything else. These cases sit on the boundary between the two: each must give the same
// value and repairs as the general rules, whole or fed in chunks, and repair() must agree.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { FUZZ_PIECES } from './kinds-table.js';
import { Engine, EngineFailure } from '../../src/parse/engine.js';
import { repair } from '../../src/parse/index.js';
import { ValueBuilder } from '../../src/parse/sink.js';
import { parse, parseWithReport } from '../../src/schema/index.js';
import { createStreamParser } from '../../src/stream/index.js';

interface Case {
  input: string;
  expected: unknown;
  kinds: string[];
}

const cases: Case[] = [
  // Strings: the fast lane ends a value at `,` + quote, a closer, or `,` + an unquoted key.
  { input: '{"a": "x", "b": "y"}', expected: { a: 'x', b: 'y' }, kinds: [] },
  { input: "{'a': 'x', 'b': 'y'}", expected: { a: 'x', b: 'y' }, kinds: ['single_quotes', 'single_quotes', 'single_quotes', 'single_quotes'] },
  { input: '{"a": "x", b: 1}', expected: { a: 'x', b: 1 }, kinds: ['unquoted_key'] },
  { input: '{"a": "x",\n  // note\n  "b": 1}', expected: { a: 'x', b: 1 }, kinds: ['comment'] },
  { input: '{"a": "x",\u00a0"b": 1}', expected: { a: 'x', b: 1 }, kinds: ['special_whitespace'] },
  { input: '["know "michael", jackson"]', expected: ['know "michael", jackson'], kinds: ['unescaped_quote', 'unescaped_quote'] },
  { input: '{"a": "say \\"hi\\"", "b": 2}', expected: { a: 'say "hi"', b: 2 }, kinds: [] },
  { input: "{'a': 'say \"hi\"'}", expected: { a: 'say "hi"' }, kinds: ['single_quotes', 'single_quotes'] },
  { input: '{"a": "tab\there"}', expected: { a: 'tab\there' }, kinds: ['control_character'] },
  { input: '{"a": "x”, "b": 1}', expected: { a: 'x', b: 1 }, kinds: ['curly_quotes'] },
  { input: '["a", "b"', expected: ['a', 'b'], kinds: ['truncated'] },
  { input: '{"a": "x" , "b": "y" }', expected: { a: 'x', b: 'y' }, kinds: [] },
  { input: '["x" , "y"]', expected: ['x', 'y'], kinds: [] },
  // Numbers: JSON numbers in one go; anything else through the number repairs.
  { input: '[-0, 0, 7, 123456789012345, 1234567890123456789, 9007199254740993]', expected: JSON.parse('[-0, 0, 7, 123456789012345, 1234567890123456789, 9007199254740993]'), kinds: [] },
  { input: '[1.5e3, -2.5E-3, 1e400, 0.1]', expected: [1500, -0.0025, Infinity, 0.1], kinds: [] },
  { input: '[007, 1_000, .5, 1., +3, 0x1F]', expected: ['007', 1000, 0.5, 1, 3, 31], kinds: ['leading_zero', 'number_format', 'number_format', 'number_format', 'number_format', 'number_format'] },
  { input: '[12abc, 3]', expected: ['12abc', 3], kinds: ['unquoted_string'] },
  { input: '[1, 2', expected: [1, 2], kinds: ['truncated'] },
  { input: '[1e', expected: [1], kinds: ['truncated', 'truncated'] },
  // Literals.
  { input: '[true, false, null]', expected: [true, false, null], kinds: [] },
  { input: '[True, False, None]', expected: [true, false, null], kinds: ['python_literal', 'python_literal', 'python_literal'] },
  { input: '[truex, True.x, nullable]', expected: ['truex', 'True.x', 'nullable'], kinds: ['unquoted_string', 'unquoted_string', 'unquoted_string'] },
  { input: '[tru', expected: [true], kinds: ['truncated_literal', 'truncated'] },
];

function chunked(text: string, size: number): unknown {
  const p = createStreamParser();
  for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
  return p.end();
}

describe('fast lanes agree with the general rules', () => {
  for (const c of cases) {
    test(JSON.stringify(c.input), () => {
      const { value, repairs } = parseWithReport(c.input);
      assert.deepEqual(value, c.expected);
      assert.deepEqual(repairs.map((r) => r.kind), c.kinds);
      assert.deepEqual(JSON.parse(repair(c.input)), value);
      for (const size of [1, 2, 3, 5]) assert.deepEqual(chunked(c.input, size), value, `in ${size}-character chunks`);
    });
  }

  test('a number at the end of a span found in prose stops at the span', () => {
    assert.deepEqual(parse('The result is [1, 23] and then 45 more'), [1, 23]);
    assert.deepEqual(parse('The flags are [true] and truer'), [true]);
  });
});

describe('the engine in one go and fed one character at a time agree', () => {
  // Whole, the fast lanes see every token complete; one character at a time they almost never do,
  // so the general rules decide. Both must build the same value with the same repairs, or fail alike.
  function run(text: string, feed: boolean): unknown {
    const builder = new ValueBuilder();
    const engine = new Engine(builder, { maxDepth: Infinity, refused: new Set(), wantEdits: true, quiet: false });
    try {
      if (feed) {
        for (const c of text) engine.feed(c);
        engine.finish();
      } else {
        engine.runAll(text);
      }
    } catch (error) {
      return error instanceof EngineFailure ? { code: error.code, offset: error.offset } : error;
    }
    // Two repairs at one offset may be recorded in either order, whole or fed (`{'b''b':`: the second
    // quote and the missing value); what and where must agree.
    const repairs = engine.repairs.map((r) => `${r.kind}@${r.offset}`).sort((a, b) => Number(a.split('@')[1]) - Number(b.split('@')[1]) || (a < b ? -1 : a > b ? 1 : 0));
    // Fed in pieces, text set aside after the value is cut only as far as it had arrived; only
    // repair() uses edits, and it never feeds.
    const edits = repairs.some((r) => r.startsWith('surrounding_text')) ? [] : engine.edits;
    return { value: builder.tops, repairs, edits };
  }

  test('on text built from JSON-ish pieces', () => {
    const piece = fc.constantFrom(...FUZZ_PIECES);
    fc.assert(fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
      const text = pieces.join('');
      assert.deepEqual(run(text, true), run(text, false), JSON.stringify(text));
    }), { seed: 260609230, numRuns: 3000 });
  });

  test("elements whose `[` was lost, at the text's start: fed, the engine waits for the whole text", () => {
    // Found by the property above once its pieces grew (session 21): fed, these read as a string.
    for (const text of ["'b', }]", " 'd']", '"a", ["b"]]', '1, 2]']) assert.deepEqual(run(text, true), run(text, false), JSON.stringify(text));
  });
});
