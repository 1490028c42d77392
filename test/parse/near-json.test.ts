// The near-JSON lane (src/parse/near-json.ts): `parse` rewrites near-JSON for JSON.parse instead of
// running the engine, and must give exactly the engine's value — parseWithReport, which records
// repairs, always runs the engine, so the two are compared everywhere the lane may decide.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { parse, parseWithReport, type ParseOptions } from '../../src/index.js';
import { ALL_REPAIR_KINDS } from '../../src/parse/kind-flags.js';
import { nearJsonText } from '../../src/parse/near-json.js';
import { fencedTrailingCommas, jsLiteral, pythonRepr, records, truncated } from '../../bench/corpus.js';
import { hostileText, nearJson } from '../fuzz/inputs.js';

type Outcome = { value: unknown } | { code: unknown };
function outcome(fn: () => unknown): Outcome {
  try {
    return { value: fn() };
  } catch (e) {
    return { code: (e as { code?: unknown }).code ?? String(e) };
  }
}

/** parse's outcome equals the engine's (parseWithReport's value), error codes included. */
function agrees(text: string): boolean {
  return isDeepStrictEqual(outcome(() => parse(text)), outcome(() => parseWithReport(text).value));
}

const lane = (text: string) => nearJsonText(text, 0, text.length, Infinity) !== undefined;

describe('the near-JSON lane', () => {
  test('reads the bench corpus itself (Python repr, JS literal, fenced with trailing commas, cut off)', () => {
    const value = records(5_000, 3);
    const fenced = fencedTrailingCommas(value);
    const spans: [string, string, number, number][] = [
      ['python', pythonRepr(value), 0, -1],
      ['js literal', jsLiteral(value), 0, -1],
      ['fenced', fenced, fenced.indexOf('['), fenced.lastIndexOf(']') + 1],
      ['cut off', truncated(value), 0, -1],
    ];
    for (const [name, text, start, end] of spans) {
      assert.ok(nearJsonText(text, start, end < 0 ? text.length : end, Infinity) !== undefined, `${name} went to the engine`);
      assert.ok(agrees(text), name);
    }
    assert.deepEqual(parse(pythonRepr(value)), value);
    assert.deepEqual(parse(jsLiteral(value)), value);
    assert.deepEqual(parse(fenced), value);
  });

  test('every prefix of near-JSON documents gives the engine\'s value', () => {
    const docs: unknown[] = [
      records(700, 5),
      { a: [1, -2.5e3, true, null, 'x'], 'b c': { d: [], e: {} }, f: "it's", g: 'say "hi"', h: 'back\\slash\n', i: [[[]]], j: -0, k: 'café ✓ 😀' },
      [{ k: 'v' }, ['w'], 3, 'z', false],
    ];
    const styles = [
      pythonRepr,
      (v: unknown) => jsLiteral(v),
      fencedTrailingCommas,
      (v: unknown) => JSON.stringify(v, null, 2).replace(/\n(\s*)([\]}])/g, ',\n$1$2'),
      (v: unknown) => `/* lead */ ${JSON.stringify(v, null, 1)} // done`,
    ];
    let count = 0;
    for (const doc of docs) {
      for (const style of styles) {
        const text = style(doc);
        for (let n = 0; n <= text.length; n++) {
          const prefix = text.slice(0, n);
          if (!agrees(prefix)) assert.fail(`parse and the engine differ on ${JSON.stringify(prefix)}`);
          count++;
        }
      }
    }
    assert.ok(count > 5_000);
  });

  test('near-JSON and damaged text, generated: parse gives the engine\'s value (fast-check)', () => {
    fc.assert(fc.property(fc.oneof(nearJson, hostileText), (text) => agrees(text)), { numRuns: 3_000, seed: 20_261_124 });
  });

  // What the lane leaves to the engine, and what it reads itself; the value is the engine's either way.
  const cases: [text: string, laneReads: boolean, value: unknown][] = [
    ["{'a': 'x', 'b': True, 'c': None, 'd': False}", true, { a: 'x', b: true, c: null, d: false }],
    ["{'a': 'it's'}", false, { a: "it's" }],
    ['{ a: 1, /* c */ b: [1, 2, ], // d\n}', true, { a: 1, b: [1, 2] }],
    ['{a:1}', false, { a: 1 }],
    ['[1, /* why */ ]', true, [1]],
    ['{"a": "x", "b', true, { a: 'x' }],
    ['{"a": 1, "b": ', true, { a: 1 }],
    ['{"a": 1, b', false, { a: 1 }],
    ['["x",\n  f', true, ['x', false]],
    ['[1, tr', true, [1, true]],
    ['[1, -', false, [1]],
    ['{"a": "x\\', false, { a: 'x' }],
    ['{"a": "café', true, { a: 'café' }],
    ["{'a': '\ud800'}", false, { a: '\ud800' }],
    ['{"a": "x”"}', false, { a: 'x”' }],
    ['{"a": NaN}', false, { a: null }],
    ["{'a': 1, 'a': 2}", true, { a: 2 }],
  ];
  for (const [text, laneReads, value] of cases) {
    test(`${JSON.stringify(text)}: ${laneReads ? 'the lane reads it' : 'the engine reads it'}`, () => {
      assert.equal(lane(text), laneReads);
      assert.deepEqual(parse(text), value);
      assert.ok(agrees(text));
    });
  }

  // `verify --jsonl` refuses cut-off replies line by line (disable: the cut-off kinds): the lane still
  // reads what was not cut off, and leaves what was to the engine, which refuses it. Any refusal, of
  // any kind, and strict: parse (which may take the lane) gives the engine's outcome, error included.
  test('a call that refuses repairs gives the engine\'s outcome, lane or not', () => {
    const refusals: ParseOptions[] = [{ strict: true }, { disable: ['truncated', 'truncated_literal'] }, ...ALL_REPAIR_KINDS.map((kind) => ({ disable: [kind] }))];
    const value = records(400, 5);
    const texts = [pythonRepr(value), jsLiteral(value), fencedTrailingCommas(value), truncated(value), "{'a': tr", '{"a": Non', '[1, 2,', "{'k': None}"];
    const samples = [...texts.flatMap((t) => Array.from({ length: 40 }, (_, i) => t.slice(0, Math.round((t.length * (i + 1)) / 40)))), ...fc.sample(fc.oneof(nearJson, hostileText), { numRuns: 150, seed: 20_261_130 })];
    let laneRead = 0;
    for (const text of samples) {
      if (lane(text)) laneRead++;
      for (const options of refusals) {
        const quiet = outcome(() => parse(text, options));
        const engine = outcome(() => parseWithReport(text, options).value);
        if (!isDeepStrictEqual(quiet, engine)) assert.fail(`${JSON.stringify(options)} on ${JSON.stringify(text)}: parse ${JSON.stringify(quiet)}, the engine ${JSON.stringify(engine)}`);
      }
    }
    assert.ok(laneRead > 100, `the lane read ${laneRead} of ${samples.length}`);
    assert.throws(() => parse(truncated(value), { disable: ['truncated'] }), { code: 'REPAIR_REFUSED' });
    assert.deepEqual(parse(pythonRepr(value), { disable: ['truncated'] }), value);
  });

  test('two values, or text after the value, are the engine\'s', () => {
    assert.equal(lane("{'a': 1} {'b': 2}"), false);
    assert.equal(lane("{'a': 1} and more"), false);
    assert.ok(agrees("{'a': 1} {'b': 2}"));
  });

  test('a key named __proto__ is an own property, as JSON.parse makes it', () => {
    const value = parse("{'__proto__': {'polluted': True}}") as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(value), Object.prototype);
    assert.deepEqual(Object.keys(value), ['__proto__']);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('maxDepth: deeper text goes to the engine, which refuses it', () => {
    assert.throws(() => parse("[[['x']]]", { maxDepth: 2 }), { code: 'TOO_DEEP' });
    assert.deepEqual(parse("[['x']]", { maxDepth: 2 }), [['x']]);
  });

  test('a text longer than the kept buffer, then a short one', () => {
    const big = pythonRepr(records(2_000_000, 9));
    assert.deepEqual(parse(big), records(2_000_000, 9));
    assert.deepEqual(parse("{'a': [1, 2,]}"), { a: [1, 2] });
  });

  // A rewrite past 96 KB is decoded and parsed a run of top-level members at a time (json-pieces.ts:
  // each string past 128 KB would be fresh memory to V8): the runs joined must be the whole's value.
  test('a long text read in runs of members gives the value JSON.parse gives on the whole', () => {
    // Keys repeated runs apart, and `__proto__` first met in a later run (assigned, it would set the prototype).
    const entries: [string, unknown][] = [];
    for (let k = 0; k < 6_000; k++) entries.push([`k${k % 4_000}`, { n: k, s: `café ✓ 😀 ${k}`, ok: k % 2 === 0, none: null }]);
    entries.splice(3_000, 0, ['__proto__', { polluted: true }]);
    entries.push(['__proto__', { polluted: 'again' }]);
    const python = (v: unknown) => pythonRepr(v);
    const objectText = `{${entries.map(([k, v]) => `'${k}': ${python(v)}`).join(', ')}, }`;
    const expected = JSON.parse(`{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')}}`) as Record<string, unknown>;
    assert.ok(objectText.length > 400_000 && lane(objectText));
    const read = parse(objectText) as Record<string, unknown>;
    assert.deepStrictEqual(read, expected);
    assert.deepEqual(Object.keys(read), Object.keys(expected));
    assert.equal(Object.getPrototypeOf(read), Object.prototype);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);

    const value = records(300_000, 4);
    const long = [pythonRepr(value), jsLiteral(value), `${pythonRepr(value).slice(0, -1)}, ]`, truncated(value)];
    for (const text of long) assert.ok(agrees(text) && lane(text));
    assert.deepEqual(parse(long[2]), value);
    // Cut off anywhere, a run JSON.parse refuses (`01` in the last member), and two-byte text.
    for (let i = 1; i <= 12; i++) assert.ok(agrees(long[0].slice(0, Math.round((long[0].length * i) / 12) - 3)));
    assert.ok(agrees(`${long[0].slice(0, -1)}, 01]`));
    assert.ok(agrees(objectText.slice(0, -20)));
    assert.throws(() => parse(`${long[0].slice(0, -1)}, 01]`, { strict: true }));
  });

  test('long arrays and objects of generated near-JSON members: parse gives the engine\'s value (fast-check)', () => {
    // Members the lane reads whole, not cut off (a cut-off one is closed, which lengthens it): joined
    // by the thousand, cut-off ones would nest thousands deep.
    const whole = nearJson.filter((m) => nearJsonText(m, 0, m.length, Infinity)?.length === m.length);
    const long = fc.tuple(fc.array(whole, { minLength: 1, maxLength: 40 }), fc.boolean(), fc.nat()).map(([members, object, cut]) => {
      const inner: string[] = [];
      for (let k = 0, length = 0; length < 120_000; k++) {
        const member = members[k % members.length];
        inner.push(object ? `'k${k % 3_000}': ${member}` : member);
        length += member.length + 8;
      }
      const text = object ? `{${inner.join(', ')}}` : `[${inner.join(',\n')}]`;
      return cut % 3 === 0 ? text.slice(0, text.length - (cut % 5_000)) : text;
    });
    fc.assert(fc.property(long, (text) => agrees(text)), { numRuns: 40, seed: 20_261_201 });
  });

  // Found by the fuzz harness: the lane keeps one buffer between calls, and a comment check read the
  // byte after the text — left there by the previous text — so a `/` at the very end became a comment
  // and `{"a": /` parsed to `{}`, the member silently dropped.
  test('the byte after the text is never read: a previous text left behind cannot turn a / into a comment', () => {
    parse(`{'k':'${'/'.repeat(20)}'}`);
    assert.throws(() => parse('{"a": /'), { code: 'UNREPAIRABLE' });
    parse(`{'k':'${'*'.repeat(20)}'}`);
    assert.throws(() => parse('{"a": /'), { code: 'UNREPAIRABLE' });
  });
});
