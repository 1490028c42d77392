import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { PathError, compileQuery, query, queryNodes, queryPaths } from '../../src/index.js';
import { corpus } from '../helpers.js';

interface CtsCase {
  name: string;
  selector: string;
  document?: unknown;
  result?: unknown[];
  results?: unknown[][];
  result_paths?: string[];
  results_paths?: string[][];
  invalid_selector?: boolean;
}

function syntaxError(fn: () => unknown): PathError {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof PathError, `expected PathError, got ${String(e)}`);
    assert.equal(e.code, 'SYNTAX');
    return e;
  }
  assert.fail('expected a SYNTAX PathError');
}

function sameAsOneOf(actual: unknown, alternatives: unknown[]): boolean {
  return alternatives.some((alt) => {
    try {
      assert.deepEqual(actual, alt);
      return true;
    } catch {
      return false;
    }
  });
}

const cts = corpus('jsonpath-cts/cts.json');
describe('JSONPath Compliance Test Suite', { skip: cts.skip }, () => {
  const cases: CtsCase[] = cts.path === undefined ? [] : JSON.parse(readFileSync(cts.path, 'utf8')).tests;
  test('the suite is all there', () => assert.ok(cases.length >= 700));
  for (const c of cases) {
    test(c.name, () => {
      if (c.invalid_selector) {
        const e = syntaxError(() => compileQuery(c.selector));
        assert.equal(typeof e.offset, 'number');
        return;
      }
      const values = query(c.document, c.selector);
      const paths = queryPaths(c.document, c.selector);
      assert.ok(sameAsOneOf(values, c.result !== undefined ? [c.result] : c.results!), `values ${JSON.stringify(values)}`);
      assert.ok(sameAsOneOf(paths, c.result_paths !== undefined ? [c.result_paths] : c.results_paths!), `paths ${JSON.stringify(paths)}`);
    });
  }
});

describe('query', () => {
  const store = {
    store: {
      book: [
        { category: 'reference', author: 'Nigel Rees', title: 'Sayings of the Century', price: 8.95 },
        { category: 'fiction', author: 'Evelyn Waugh', title: 'Sword of Honour', price: 12.99 },
        { category: 'fiction', author: 'Herman Melville', title: 'Moby Dick', isbn: '0-553-21311-3', price: 8.99 },
        { category: 'fiction', author: 'J. R. R. Tolkien', title: 'The Lord of the Rings', isbn: '0-395-19395-8', price: 22.99 },
      ],
      bicycle: { color: 'red', price: 399 },
    },
  };
  test('RFC 9535 table 2 examples', () => {
    assert.equal(query(store, '$.store.book[*].author').length, 4);
    assert.equal(query(store, '$..author').length, 4);
    assert.equal(query(store, '$.store.*').length, 2);
    assert.equal(query(store, '$.store..price').length, 5);
    assert.deepEqual(query(store, '$..book[2].title'), ['Moby Dick']);
    assert.deepEqual(query(store, '$..book[-1].title'), ['The Lord of the Rings']);
    assert.equal(query(store, '$..book[0,1]').length, 2);
    assert.equal(query(store, '$..book[:2]').length, 2);
    assert.deepEqual(query(store, '$..book[?@.isbn].title'), ['Moby Dick', 'The Lord of the Rings']);
    assert.deepEqual(query(store, '$..book[?@.price<10].title'), ['Sayings of the Century', 'Moby Dick']);
    assert.equal(query(store, '$..*').length, 27);
  });
  test('functions', () => {
    assert.deepEqual(query(store, '$..book[?length(@.title) > 20].title'), ['Sayings of the Century', 'The Lord of the Rings']);
    assert.deepEqual(query(store, '$.store[?count(@.*) == 2].color'), ['red']);
    assert.deepEqual(query(store, "$..book[?match(@.author, 'J.*')].price"), [22.99]);
    assert.deepEqual(query(store, "$..book[?search(@.title, 'of')].price"), [8.95, 12.99, 22.99]);
    assert.deepEqual(query(store, "$..book[?value(@..isbn) == '0-553-21311-3'].title"), ['Moby Dick']);
  });
  test('I-Regexp: "." excludes \\n and \\r only; match is anchored, search is not', () => {
    const doc = ['a\nb', 'a\rb', 'a\u2028b', 'xab', 'ab'];
    assert.deepEqual(query(doc, "$[?match(@, 'a.b')]"), ['a\u2028b']);
    assert.deepEqual(query(doc, "$[?match(@, 'ab')]"), ['ab']);
    assert.deepEqual(query(doc, "$[?search(@, 'ab')]"), ['xab', 'ab']);
    assert.deepEqual(query(['😀'], "$[?match(@, '.')]"), ['😀']);
    assert.deepEqual(query(['Ж', 'ж'], "$[?match(@, '\\\\p{Lu}')]"), ['Ж']);
  });
  test('I-Regexp: syntax outside RFC 9485 never matches (and never throws)', () => {
    for (const re of ['(?=a)a', 'a*?', '\\\\d', '\\\\w', '(a)\\\\1', 'a{2,1}', '[', '\\\\p{IsBasicLatin}']) {
      assert.deepEqual(query(['a', 'aa', '1'], `$[?match(@, '${re}')]`), [], re);
    }
    // Groups are non-capturing and alternation works.
    assert.deepEqual(query(['ab', 'cd', 'x'], "$[?match(@, '(ab|cd)')]"), ['ab', 'cd']);
  });
  test('queryNodes and normalized paths', () => {
    assert.deepEqual(queryNodes({ "a'b": [1, { '\n': 2 }] }, '$..*'), [
      { value: [1, { '\n': 2 }], path: "$['a\\'b']" },
      { value: 1, path: "$['a\\'b'][0]" },
      { value: { '\n': 2 }, path: "$['a\\'b'][1]" },
      { value: 2, path: "$['a\\'b'][1]['\\n']" },
    ]);
    assert.deepEqual(queryPaths({ a: { '\u0001': 1 } }, '$.a.*'), ["$['a']['\\u0001']"]);
  });
  test('inherited properties are never selected', () => {
    assert.deepEqual(query({}, '$.constructor'), []);
    assert.deepEqual(query({}, "$['__proto__']"), []);
    assert.deepEqual(query([], '$.length'), []);
    assert.deepEqual(query({ a: {} }, '$[?@.toString]'), []);
  });
  test('descendants of a very deep document do not overflow the stack', () => {
    let deep: unknown = { x: 1 };
    for (let i = 0; i < 100_000; i++) deep = [deep];
    assert.deepEqual(query(deep, '$..x'), [1]);
    assert.equal(query(deep, '$..*').length, 100_001);
  });
  test('compile once, evaluate many: the same compiled object is reused', () => {
    const q = compileQuery('$.items[?@.n > 1].n');
    assert.equal(compileQuery('$.items[?@.n > 1].n'), q);
    assert.equal(q.singular, false);
    assert.equal(compileQuery('$.a[0]').singular, true);
    assert.deepEqual(q.values({ items: [{ n: 1 }, { n: 2 }] }), [2]);
    assert.deepEqual(q.values({ items: [{ n: 5 }] }), [5]);
    assert.deepEqual(query({ items: [{ n: 3 }] }, q), [3]);
    assert.equal(q.first({ items: [{ n: 1 }, { n: 7 }, { n: 9 }] }), 7);
    assert.equal(q.first({ items: [] }), undefined);
  });
  test('existence tests stop at the first node (work count)', () => {
    let reads = 0;
    const item = new Proxy({ v: 1 }, { get: (t, k) => ((reads += k === 'v' ? 1 : 0), Reflect.get(t, k)) });
    const doc = [{ list: Array.from({ length: 50 }, () => item) }];
    assert.equal(query(doc, '$[?@.list[*].v]').length, 1);
    assert.equal(reads, 1);
  });
});

describe('query: invalid queries throw SYNTAX at compile time with a position', () => {
  const bad: [string, number][] = [
    ['', 0], ['a', 0], ['$ ', 1], [' $', 0], ['$.', 2], ['$[', 2], ['$[0', 3], ['$[01]', 2], ['$[-0]', 2],
    ['$[?@.a == 1 == 2]', 12], ['$[?length(@.a)]', 3], ['$[?@.* == 1]', 3], ['$[?count(1) == 1]', 9],
    ['$[?match(@.a)]', 3], ['$[?foo(@.a)]', 3], ["$['\\x']", 3], ['$[9007199254740992]', 2], ['$[?true]', 3],
    ['$.a b', 3], ['$..', 3], ['$[?(@.a]', 7], ['$[?!!@.a]', 4],
  ];
  for (const [q, offset] of bad) {
    test(JSON.stringify(q), () => {
      const e = syntaxError(() => compileQuery(q));
      assert.equal(e.offset, offset);
      assert.match(e.message, /invalid JSONPath|string literal/);
      assert.equal(e.expression, q);
    });
  }
  test('deeply nested parentheses are refused, not a stack overflow', () => {
    syntaxError(() => compileQuery(`$[?${'('.repeat(10_000)}@.a${')'.repeat(10_000)}]`));
  });
  test('errors do not depend on the document', () => {
    syntaxError(() => query(null, '$[?@.a ==]'));
    syntaxError(() => query({ a: 1 }, '$[?@.a ==]'));
  });
  test('a non-string query is INVALID_ARGUMENT', () => {
    assert.throws(() => query({}, 5 as unknown as string), { code: 'INVALID_ARGUMENT' });
  });
});
