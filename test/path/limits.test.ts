import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { DEFAULT_MAX_RESULTS, compileQuery, query, queryNodes, queryPaths } from '../../src/index.js';
import { thrownCode } from '../helpers.js';

function cyclic(): Record<string, unknown> {
  const a: Record<string, unknown> = { b: 1, list: [] };
  (a.list as unknown[]).push({ back: a });
  return a;
}

describe('query on values that are not JSON trees (issue 13)', () => {
  test('a value that contains itself is INVALID_ARGUMENT for descendant queries, not heap exhaustion', () => {
    for (const q of ['$..b', '$..*', '$..[?@.b]', '$[?count(@..*) > 0]']) {
      assert.equal(thrownCode(() => query(cyclic(), q)), 'INVALID_ARGUMENT', q);
      assert.equal(thrownCode(() => queryPaths(cyclic(), q)), 'INVALID_ARGUMENT', q);
      assert.equal(thrownCode(() => queryNodes([cyclic()], q)), 'INVALID_ARGUMENT', q);
    }
  });
  test('comparing two values that contain themselves is INVALID_ARGUMENT', () => {
    const x = cyclic();
    const y = cyclic();
    assert.equal(thrownCode(() => query([{ p: x, q: y }], '$[?@.p == @.q]')), 'INVALID_ARGUMENT');
  });
  test('shared (but acyclic) values are fine, and a query that does not descend ignores a cycle', () => {
    const shared = { b: 2 };
    assert.deepEqual(query({ x: shared, y: [shared, shared] }, '$..b'), [2, 2, 2]);
    assert.deepEqual(query({ p: shared, q: { b: 2 } }, '$[?@.b == 2].b'), [2, 2]);
    assert.deepEqual(query(cyclic(), '$.list[0].back.b'), [1]);
  });
});

describe('query result limits', () => {
  function deep(n: number): unknown {
    let v: unknown = [];
    for (let i = 0; i < n; i++) v = [v];
    return v;
  }
  test('$..*..* on a deep array stops at maxResults with TOO_LARGE', () => {
    const doc = deep(2_000); // about 2 million nodes selected
    assert.equal(thrownCode(() => queryPaths(doc, '$..*..*')), 'TOO_LARGE');
    assert.equal(thrownCode(() => query(doc, '$..*..*')), 'TOO_LARGE');
    assert.equal(thrownCode(() => queryPaths(deep(50), '$..*..*', { maxResults: 100 })), 'TOO_LARGE');
    assert.equal(queryPaths(deep(50), "$..*..*", { maxResults: 5000 }).length, 1225);
    assert.equal(compileQuery('$..*').values(deep(10), { maxResults: 10 }).length, 10);
    assert.equal(DEFAULT_MAX_RESULTS, 1_000_000);
  });
  test('maxResults must be a non-negative number', () => {
    for (const bad of [-1, Number.NaN, '5', null]) {
      assert.equal(thrownCode(() => query([], '$', { maxResults: bad as number })), 'INVALID_ARGUMENT', String(bad));
    }
    assert.equal(thrownCode(() => query([], '$', 5 as never)), 'INVALID_ARGUMENT');
  });
});

describe('a query of very many segments (session 33 linear-time audit)', () => {
  test('is a SYNTAX error, not a stack overflow, over a value as deep', () => {
    let deep: unknown = { a: 1 };
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    // Before: RangeError (each matching segment a call deeper).
    for (const run of [query, queryPaths, queryNodes]) assert.equal(thrownCode(() => run(deep, '$' + '.a'.repeat(10_000))), 'SYNTAX');
    assert.equal(query(deep, '$' + '.a'.repeat(2_000)).length, 1);
  });
});

describe('query work budget (path probe S1, S2)', () => {
  function deepObj(n: number): unknown {
    let v: unknown = 1;
    for (let i = 0; i < n; i++) v = { a: v };
    return v;
  }
  test('chained descendant segments that select nothing end in TOO_LARGE, not minutes of work', () => {
    const t0 = performance.now();
    assert.equal(thrownCode(() => query(deepObj(2000), '$..a..a..a.zzz')), 'TOO_LARGE');
    assert.ok(performance.now() - t0 < 20_000);
    // Two chained segments stay within the default budget, and a smaller maxVisits is honoured.
    assert.deepEqual(query(deepObj(1500), '$..a..a.zzz'), []);
    assert.equal(thrownCode(() => query(deepObj(1500), '$..a..a.zzz', { maxVisits: 10_000 })), 'TOO_LARGE');
    assert.equal(thrownCode(() => query({}, '$', { maxVisits: -1 })), 'INVALID_ARGUMENT');
  });
  test('an absolute query inside a filter pays for every node it visits', () => {
    const wide = Array.from({ length: 5000 }, (_, i) => ({ i }));
    assert.equal(thrownCode(() => query(wide, '$[?count($[*]) > 0]')), 'TOO_LARGE');
    assert.equal(query(wide.slice(0, 1000), '$[?count($[*]) > 0]').length, 1000);
  });
  test('a large document earns a proportional budget', () => {
    // 40,000 chains 30 deep: about 18 million visits for `..a..a`, above the 10 million floor and
    // below 32 per node of the document.
    const big = Array.from({ length: 40_000 }, () => deepObj(30));
    assert.deepEqual(query(big, '$..a..a.zzz'), []);
    assert.equal(thrownCode(() => query(big.slice(0, 20_000), '$..a..a..a.zzz')), 'TOO_LARGE');
  });
  test('I-Regexp matching over many distinct characters is bounded (classes, not code points, key the DFA)', () => {
    let s = '';
    for (let i = 0; i < 100_000; i++) s += String.fromCharCode(0x4e00 + ((i * 7919) % 20000));
    const t0 = performance.now();
    assert.deepEqual(query([{ s }], "$[?search(@.s, '.{0,3000}X')]"), []);
    assert.deepEqual(query([{ s: s + 'X' }], "$[?search(@.s, '.{0,3000}X')]").length, 1);
    assert.ok(performance.now() - t0 < 20_000);
    // Patterns taken from the document are paid for when compiled.
    const items = Array.from({ length: 4000 }, (_, i) => ({ s: 'x', p: String.fromCharCode(0x4e00 + (i % 300)) + '{9000}' }));
    assert.equal(thrownCode(() => query(items, '$[?match(@.s, @.p)]')), 'TOO_LARGE');
  });
});

describe('query syntax details (path probe W1, W2, D1)', () => {
  test('a shorthand name may start with a supplementary-plane character (RFC 9535 §2.5.1.1)', () => {
    assert.deepEqual(query({ '😀': 1 }, '$.😀'), [1]);
    assert.deepEqual(query({ a: { '😀x': 2 } }, '$..😀x'), [2]);
    assert.equal(thrownCode(() => query({}, '$.\uD800')), 'SYNTAX');
    assert.equal(thrownCode(() => query({}, '$.\uDC00a')), 'SYNTAX');
  });
  test('an unescaped lone surrogate in a string literal is a SYNTAX error (RFC 9535 §2.3.1.1); pairs and escapes are fine', () => {
    assert.equal(thrownCode(() => query({ '\uD800': 1 }, "$['\uD800']")), 'SYNTAX');
    assert.equal(thrownCode(() => query({ '\uDC00': 1 }, "$['\uDC00']")), 'SYNTAX');
    assert.equal(thrownCode(() => query([{ a: 1 }], "$[?@.a == '\uD800']")), 'SYNTAX');
    assert.deepEqual(query({ '😀': 1 }, "$['😀']"), [1]);
    assert.deepEqual(query({ '😀': 1 }, "$['\\uD83D\\uDE00']"), [1]);
  });
  test('nested filters are capped at 128 levels, as documented (each filter counts once)', () => {
    const nested = (n: number) => '$' + '[?@'.repeat(n) + ']'.repeat(n);
    assert.deepEqual(query({ a: 1 }, nested(128)), []);
    assert.equal(thrownCode(() => query({ a: 1 }, nested(129))), 'SYNTAX');
  });
});
