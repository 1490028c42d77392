// Property tests for the parser's invariants: valid-JSON identity, totality, idempotence and the
// recovery of known damage.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { FUZZ_PIECES } from './kinds-table.js';
import { JsonMendError } from '../../src/errors.js';
import { parse } from '../../src/schema/index.js';
import { repair } from '../../src/parse/index.js';
import { pythonRepr } from '../../bench/corpus.js';

const RUNS = { numRuns: 300 };

/** Same value, and -0 kept apart from 0 (deepEqual uses Object.is). */
function sameValue(actual: unknown, expected: unknown): void {
  assert.deepEqual(actual, expected);
}

/** Calls `fn`; it may return or throw JsonMendError, nothing else. */
function total<T>(fn: () => T): T | JsonMendError {
  try {
    return fn();
  } catch (e) {
    if (e instanceof JsonMendError) return e;
    throw e;
  }
}

describe('valid-JSON identity', () => {
  test('any JSON text parses to exactly JSON.parse\'s value', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 2 }), (v, indent) => {
      const text = JSON.stringify(v, null, indent);
      sameValue(parse(text), JSON.parse(text));
    }), { ...RUNS, seed: 1573864049 });
  });

  test('the engine (reached through surrounding prose) builds the same value as JSON.parse', () => {
    fc.assert(fc.property(fc.jsonValue().filter((v) => typeof v === 'object' && v !== null), (v) => {
      const text = JSON.stringify(v);
      sameValue(parse(`Result:\n${text}\n`), JSON.parse(text));
    }), { ...RUNS, seed: 718164711 });
  });

  test('duplicate keys: the last wins, in the first key\'s position', () => {
    const text = '{"a": 1, "b": 2, "a": 3}';
    assert.deepEqual(Object.entries(parse(text) as object), Object.entries(JSON.parse(text)));
    assert.deepEqual(Object.entries(parse(`x ${text}`) as object), Object.entries(JSON.parse(text)));
  });

  test('__proto__ is a plain own key and Object.prototype is untouched', () => {
    for (const text of ['{"__proto__": {"polluted": 1}}', "{'__proto__': {'polluted': 1},}", '{__proto__: {polluted: 1}}']) {
      const value = parse(text) as Record<string, unknown>;
      assert.ok(Object.prototype.hasOwnProperty.call(value, '__proto__'));
      assert.deepEqual(value['__proto__'], { polluted: 1 });
      assert.equal(Object.getPrototypeOf(value), Object.prototype);
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    }
  });

  test('-0, huge integers, exponents and lone surrogates convert exactly as JSON.parse does', () => {
    for (const text of ['-0', '[-0, 0, -0.0]', '[12345678901234567890123]', '[1e400, -1e400, 1E-400]', '["\\ud800", "\\udc00x"]', '[9007199254740993]']) {
      sameValue(parse(text), JSON.parse(text));
      sameValue(parse(`${text} `.replace(/]\s*$/, ',]')), JSON.parse(text));
    }
  });
});

describe('totality', () => {
  test('any string returns a value or throws JsonMendError', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 80 }), (s) => {
      total(() => parse(s));
      total(() => repair(s));
    }), { seed: 990558045, numRuns: 1000 });
  });

  test('any string built from JSON punctuation returns a value or throws JsonMendError', () => {
    const piece = fc.constantFrom(...FUZZ_PIECES);
    fc.assert(fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
      const s = parts.join('');
      const value = total(() => parse(s));
      const text = total(() => repair(s));
      if (typeof text === 'string') {
        assert.deepEqual(JSON.parse(text), value, `repair(${JSON.stringify(s)}) = ${text}`);
      }
    }), { seed: 1275955147, numRuns: 3000 });
  });

  test('mutations of valid JSON return a value or throw JsonMendError', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.nat(), fc.nat(), fc.constantFrom('', '"', ',', '}', ']', '{', '[', ':', "'", '\\'), (v, a, b, insert) => {
      const text = JSON.stringify(v) ?? 'null';
      const i = a % (text.length + 1);
      const j = Math.min(text.length, i + (b % 4));
      const damaged = text.slice(0, i) + insert + text.slice(j);
      const value = total(() => parse(damaged));
      const out = total(() => repair(damaged));
      if (typeof out === 'string') assert.deepEqual(JSON.parse(out), value);
    }), { seed: 1530101352, numRuns: 2000 });
  });
});

describe('idempotence', () => {
  test('parse(repair(x)) equals parse(x), and repair(repair(x)) === repair(x)', () => {
    const piece = fc.constantFrom('{', '}', '[', ']', '"a"', "'b'", ':', ',', ' ', '\n', '1', 'True', 'None', '// c\n', 'x y', '...');
    fc.assert(fc.property(fc.array(piece, { minLength: 1, maxLength: 30 }), (parts) => {
      const s = parts.join('');
      const once = total(() => repair(s));
      if (typeof once !== 'string') return;
      assert.deepEqual(parse(once), parse(s));
      assert.equal(repair(once), once);
    }), { seed: 775458558, numRuns: 2000 });
  });
});

describe('damage recovery', () => {
  const key = fc.string({ unit: fc.constantFrom(...'abcdefghij_'.split('')), minLength: 1, maxLength: 6 });
  const text = fc.string({ unit: fc.constantFrom(...'abc xyz.,!?-'.split('')), maxLength: 12 }).map((s) => s.trim()).filter((s) => s.length > 0 && !/^[,.!?-]/.test(s));
  const leaf = fc.oneof(text, fc.integer({ min: -1000, max: 1000 }), fc.boolean(), fc.constant(null));
  const value = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
    array: fc.array(tie('node'), { maxLength: 4 }),
    object: fc.dictionary(key, tie('node'), { maxKeys: 4, noNullPrototype: true }),
  })).node;
  const root = fc.oneof(fc.array(value, { minLength: 1, maxLength: 4 }), fc.dictionary(key, value, { minKeys: 1, maxKeys: 4, noNullPrototype: true }));

  test('Python repr comes back exactly', () => {
    fc.assert(fc.property(root, (v) => assert.deepEqual(parse(pythonRepr(v)), v)), { ...RUNS, seed: 1013412676 });
  });

  test('trailing commas come back exactly', () => {
    fc.assert(fc.property(root, (v) => {
      const damaged = JSON.stringify(v, null, 1).replace(/([\]}])/g, ',$1').replace(/([[{]),/g, '$1');
      assert.deepEqual(parse(damaged), v);
    }), { ...RUNS, seed: 1264600018 });
  });

  test('dropped closers come back exactly (reported as truncation)', () => {
    fc.assert(fc.property(root, (v) => {
      const damaged = JSON.stringify(v).replace(/[\]}]+$/, '');
      assert.deepEqual(parse(damaged), v);
    }), { ...RUNS, seed: 1688848963 });
  });

  test('commas removed between elements on separate lines come back exactly', () => {
    fc.assert(fc.property(root, (v) => {
      const damaged = JSON.stringify(v, null, 2).replace(/,\n/g, '\n');
      assert.deepEqual(parse(damaged), v);
    }), { ...RUNS, seed: 899865301 });
  });

  test('single quotes and unquoted keys come back exactly', () => {
    fc.assert(fc.property(root, (v) => {
      const damaged = JSON.stringify(v).replace(/"([a-j_]+)":/g, '$1:').replace(/"/g, "'");
      assert.deepEqual(parse(damaged), v);
    }), { ...RUNS, seed: 1390548764 });
  });
});
