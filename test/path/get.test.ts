import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { JsonMendError, PathError, get, parsePath, query, tryGet } from '../../src/index.js';
import { corpus } from '../helpers.js';

function pathError(fn: () => unknown): PathError {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof PathError, `expected PathError, got ${String(e)}`);
    assert.ok(e instanceof JsonMendError);
    return e;
  }
  assert.fail('expected a PathError');
}

describe('get: the reference text examples', () => {
  const list = [{ status: 'open' }];
  test('[0].status on a list root', () => assert.equal(get(list, '[0].status'), 'open'));
  test('0.status on a list root', () => assert.equal(get(list, '0.status'), 'open'));
  test('value[0].status', () => assert.equal(get({ value: list }, 'value[0].status'), 'open'));
  test('value.0.status', () => assert.equal(get({ value: list }, 'value.0.status'), 'open'));
  test('items[2].quantity', () => assert.equal(get({ items: [{}, {}, { quantity: 3 }] }, 'items[2].quantity'), 3));
  test('items[0].a / items.0.a / [0].a', () => {
    assert.equal(get([{ a: 1 }], '[0].a'), 1);
    assert.equal(get({ items: [{ a: 1 }] }, 'items[0].a'), 1);
    assert.equal(get({ items: [{ a: 1 }] }, 'items.0.a'), 1);
  });
  test('pure dict paths still work', () => {
    assert.equal(get({ plan: 'Enterprise' }, 'plan'), 'Enterprise');
    assert.equal(get({ a: { b: 1 } }, 'a.b'), 1);
  });
  test('error surfaces from the reference', () => {
    assert.equal(pathError(() => get([{ a: 1 }], '[5].a')).code, 'INDEX_OUT_OF_RANGE');
    assert.equal(pathError(() => get({ a: [1, 2] }, 'a.b')).code, 'MISSING_KEY');
  });
});

describe('get: every syntax', () => {
  const doc = { a: { b: [10, 20, { c: 'x' }], 'b.c': 'dotted', 'a b': 'spaced', '0': 'zero-key', "it's": 'apos' }, '$x': 5, 'a/b': { '~k': 7 } };
  const cases: [string, unknown][] = [
    ['a.b', doc.a.b],
    ['a.b[0]', 10],
    ['a.b.1', 20],
    ['a.b[-1].c', 'x'],
    ['a.b.-3', 10],
    ['a.b[2].c', 'x'],
    ["a['b.c']", 'dotted'],
    ['a["b.c"]', 'dotted'],
    ['a["a b"]', 'spaced'],
    ["a['it\\'s']", 'apos'],
    ['a[ "a b" ]', 'spaced'],
    ['a.0', 'zero-key'],
    ['a[0]', 'zero-key'],
    ['$', doc],
    ['', doc],
    ['$.a.b[1]', 20],
    ['$a', undefined],
    ['$x', 5],
    ['$["$x"]', 5],
    ['$[\'a\'].b', doc.a.b],
    ['.a.b[1]', 20],
    ['a.b.[1]', 20],
    ['  a.b[1]  ', 20],
    ['/a/b/2/c', 'x'],
    ['/a/b.c', 'dotted'],
    ['/a~1b/~0k', 7],
    ['/a/0', 'zero-key'],
  ];
  for (const [path, expected] of cases) {
    if (path === '$a') continue;
    test(JSON.stringify(path), () => assert.deepEqual(get(doc, path), expected));
  }
  test('$-prefixed key without separator is a key', () => assert.equal(get({ $a: 1 }, '$a'), 1));
  test('leading bracket on a root array', () => assert.equal(get([[1, [2, 3]]], '[0][1][1]'), 3));
  test('parsePath returns segments with offsets', () => {
    assert.deepEqual(parsePath('items[0].subject'), [
      { key: 'items', index: undefined, offset: 0 },
      { key: '0', index: 0, offset: 5 },
      { key: 'subject', index: undefined, offset: 9 },
    ]);
  });
  test('quoted integer applies to arrays as an index in canonical form, as in JavaScript', () => {
    assert.equal(get([5, 6], '["1"]'), 6);
    assert.equal(get({ items: ['a', 'b'] }, "items['1']"), 'b');
    assert.equal(get({ items: ['a', 'b'] }, 'items[ "0" ]'), 'a');
  });
  test('a quoted integer in any other spelling is a key: it reads an object key, and on an array it is MISSING_KEY naming the index', () => {
    // As JavaScript (`["a", "b"]["01"]` is undefined) and the pointer `/items/01` (RFC 6901) read it.
    assert.equal(get({ 1: 'one' }, '["1"]'), 'one');
    assert.equal(get({ '01': 'zero-one' }, "['01']"), 'zero-one');
    for (const [path, index] of [['items["01"]', 1], ["items['01']", 1], ['items["-1"]', 1], ['items[ "00" ]', 0]] as const) {
      const e = pathError(() => get({ items: ['a', 'b'] }, path));
      assert.equal(e.code, 'MISSING_KEY', path);
      assert.equal(e.found, 'array', path);
      assert.match(e.message, /quoted, an index has no sign and no leading zero/, path);
      assert.ok(e.message.includes(`use the index items[${index}]`), e.message);
      assert.deepEqual(e.suggestions, [`items[${index}]`], path);
      assert.deepEqual(parsePath(path)[1], { key: JSON.parse(path.slice(6, -1).trim().replace(/'/g, '"')), index: undefined, offset: 5, quoted: true });
    }
    // The suggestion keeps the rest of the path when it resolves.
    assert.deepEqual(pathError(() => get({ items: [{ s: 1 }, { s: 2 }] }, 'items["01"].s')).suggestions, ['items[1].s']);
    // Unquoted, the same digits stay an index (the forgiving grammar).
    assert.equal(get({ items: ['a', 'b'] }, 'items[1]'), 'b');
    assert.equal(get({ items: ['a', 'b'] }, 'items.1'), 'b');
  });
});

describe('get: error codes', () => {
  test('MISSING_KEY names the segment, the type and nearby keys', () => {
    const e = pathError(() => get({ user: { name: 'a', email: 'b', nmae: 'c' } }, 'user.nam'));
    assert.equal(e.code, 'MISSING_KEY');
    assert.equal(e.segment, 'nam');
    assert.equal(e.found, 'object');
    assert.equal(e.resolved, "$['user']");
    assert.equal(e.length, 3);
    assert.ok(e.available.includes('name'));
    assert.ok(e.suggestions.includes('user.name'));
    assert.match(e.message, /no key "nam" at user/);
    assert.equal(e.path, 'user.nam');
  });
  test('MISSING_KEY for a name applied to an array suggests an index', () => {
    const e = pathError(() => get({ items: [{ name: 'n' }] }, 'items.name'));
    assert.equal(e.code, 'MISSING_KEY');
    assert.equal(e.found, 'array');
    assert.equal(e.length, 1);
    assert.deepEqual(e.suggestions, ['items[0].name']);
  });
  test('only own properties count', () => {
    for (const k of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      assert.equal(pathError(() => get({}, k)).code, 'MISSING_KEY', k);
    }
    assert.equal(pathError(() => get([], 'length')).code, 'MISSING_KEY');
    assert.equal(pathError(() => get({ a: 'str' }, 'a.length')).code, 'NOT_A_CONTAINER');
    assert.deepEqual(get(JSON.parse('{"__proto__": {"x": 1}}'), '__proto__.x'), 1);
  });
  test('INDEX_OUT_OF_RANGE gives the length and valid indices', () => {
    const e = pathError(() => get({ items: [{ q: 1 }, { q: 2 }] }, 'items[2].q'));
    assert.equal(e.code, 'INDEX_OUT_OF_RANGE');
    assert.equal(e.segment, 2);
    assert.equal(e.length, 2);
    assert.match(e.message, /length 2, valid indices are 0\.\.1/);
    assert.deepEqual(e.suggestions, ['items[1].q', 'items[0].q']);
    assert.equal(pathError(() => get([1], '[-2]')).code, 'INDEX_OUT_OF_RANGE');
    assert.equal(pathError(() => get([], '[0]')).message.includes('empty'), true);
    assert.equal(pathError(() => get([1], '/-')).code, 'INDEX_OUT_OF_RANGE');
  });
  test('NOT_A_CONTAINER names what was found', () => {
    for (const v of ['s', 1, true, null]) {
      const e = pathError(() => get({ a: v }, 'a.b'));
      assert.equal(e.code, 'NOT_A_CONTAINER');
      assert.equal(e.found, v === null ? 'null' : typeof v);
      assert.deepEqual(e.suggestions, ['a']);
    }
    assert.equal(pathError(() => get(5, '[0]')).code, 'NOT_A_CONTAINER');
  });
  test('SYNTAX carries a position', () => {
    const bad: [string, number][] = [
      ['a..b', 2], ['a[', 2], ['a[0', 3], ['a[x]', 2], ['a[*]', 2], ['a[1:2]', 2], ['a.', 2], ['a]', 1], ["a['b]", 2],
      ['a[0]b', 4], ['$.', 1], ['/a~2', 2], ['*', 0], ['a[?@.x]', 2], ["a['\\q']", 3],
    ];
    for (const [path, offset] of bad) {
      const e = pathError(() => get({ a: [1] }, path));
      assert.equal(e.code, 'SYNTAX', path);
      assert.equal(e.offset, offset, path);
      assert.equal(typeof e.column, 'number', path);
    }
    assert.equal(pathError(() => get({}, 42 as unknown as string)).code, 'SYNTAX');
  });
  test('tryGet returns the outcome instead of throwing', () => {
    assert.deepEqual(tryGet({ a: [1, 2] }, 'a[-1]'), { ok: true, value: 2, path: "$['a'][1]" });
    const r = tryGet({ a: [1, 2] }, 'a[9]');
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.error.code, 'INDEX_OUT_OF_RANGE');
  });
});

const replies = corpus('llm-replies/cases.json');
describe('get: llm-replies corpus (kind "get")', { skip: replies.skip }, () => {
  const cases = replies.path === undefined ? [] : (JSON.parse(readFileSync(replies.path, 'utf8')) as Record<string, unknown>[]).filter((c) => c.kind === 'get');
  test('has get cases', () => assert.ok(cases.length > 0));
  for (const c of cases) {
    test(String(c.name), () => {
      const doc = JSON.parse(String(c.input));
      if (c.error === true) {
        pathError(() => get(doc, String(c.path)));
      } else if (Array.isArray(c.any_of)) {
        const got = get(doc, String(c.path));
        assert.ok(c.any_of.some((v) => { try { assert.deepEqual(got, v); return true; } catch { return false; } }));
      } else {
        assert.deepEqual(get(doc, String(c.path)), c.expected);
      }
    });
  }
});

describe('get: property tests', () => {
  const plain = (k: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(k);
  // Walks `value` by `choices`, returning the keys taken and the value reached.
  function walk(value: unknown, choices: number[]): { keys: (string | number)[]; value: unknown } {
    const keys: (string | number)[] = [];
    let cur = value;
    for (const c of choices) {
      if (Array.isArray(cur) && cur.length > 0) {
        const i = c % cur.length;
        keys.push(i);
        cur = cur[i];
      } else if (typeof cur === 'object' && cur !== null && Object.keys(cur).length > 0) {
        const ks = Object.keys(cur);
        const k = ks[c % ks.length];
        keys.push(k);
        cur = (cur as Record<string, unknown>)[k];
      } else break;
    }
    return { keys, value: cur };
  }
  const spellings = {
    brackets: (keys: (string | number)[]) => keys.map((k) => (typeof k === 'number' ? `[${k}]` : `[${JSON.stringify(k)}]`)).join(''),
    dotted: (keys: (string | number)[]) => (keys.some((k) => typeof k === 'string' && !plain(k)) ? undefined : keys.map(String).join('.')),
    mixed: (keys: (string | number)[]) => '$' + keys.map((k) => (typeof k === 'number' ? `[${k}]` : plain(k) ? `.${k}` : `['${k.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`)).join(''),
    pointer: (keys: (string | number)[]) => keys.map((k) => '/' + String(k).replace(/~/g, '~0').replace(/\//g, '~1')).join(''),
    negative: (keys: (string | number)[], value: unknown) => {
      let cur = value;
      return keys.map((k) => {
        const out = typeof k === 'number' ? `[${k - (cur as unknown[]).length}]` : `[${JSON.stringify(k)}]`;
        cur = (cur as Record<string | number, unknown>)[k];
        return out;
      }).join('');
    },
  };
  const json = fc.jsonValue({ maxDepth: 4 });
  const choices = fc.array(fc.nat(), { maxLength: 6 });
  test('get agrees with walking the value, in every spelling', () => {
    fc.assert(fc.property(json, choices, (value, cs) => {
      const { keys, value: expected } = walk(value, cs);
      for (const [name, spell] of Object.entries(spellings)) {
        const p = spell(keys, value);
        if (p === undefined || (name === 'pointer' && keys.length === 0)) continue;
        assert.deepEqual(get(value, p), expected, `${name}: ${p}`);
      }
    }), { seed: 438768058, numRuns: 300 });
  });
  test('the normalized path of a walk selects the same node with query()', () => {
    fc.assert(fc.property(json, choices, (value, cs) => {
      const { keys, value: expected } = walk(value, cs);
      const normalized = '$' + keys.map((k) => (typeof k === 'number' ? `[${k}]` : `[${JSON.stringify(k)}]`)).join('');
      assert.deepEqual(query(value, normalized), [expected]);
    }), { seed: 1830822188, numRuns: 200 });
  });
  test('a step past the end of a walk fails with a PathError, never another error', () => {
    fc.assert(fc.property(json, choices, fc.oneof(fc.string(), fc.integer({ min: -5, max: 50 })), (value, cs, extra) => {
      const { keys } = walk(value, cs);
      const p = spellings.brackets([...keys, extra]);
      try {
        get(value, p);
      } catch (e) {
        assert.ok(e instanceof PathError);
        assert.notEqual(e.code, 'SYNTAX');
      }
    }), { seed: 96356502, numRuns: 300 });
  });
});

describe('get: error messages stay short and say the right thing (path probe E1, E3, E4)', () => {
  test('a long path is elided in the middle of the message; suggestions too long to show are left out', () => {
    let v: unknown = 1;
    for (let i = 0; i < 100_000; i++) v = [v];
    const r = tryGet(v, '[0]'.repeat(100_001));
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.ok(r.error.message.length < 1_000, String(r.error.message.length));
      assert.match(r.error.message, /…\(\d+ characters\)…/);
      assert.ok(r.error.suggestions.every((s) => s.length <= 1_000));
    }
  });
  test('null is named once: "found null", not "found null null"', () => {
    assert.throws(() => get({ n: null }, 'n.x'), (e: unknown) => /found null, not an object/.test(String(e)));
  });
  test('an integer index beyond 2^53 is named as such, not "must hold an integer"', () => {
    assert.throws(() => get({ a: [1] }, 'a[99999999999999999999]'), (e: unknown) => /beyond 9007199254740991/.test(String(e)) && (e as { code?: string }).code === 'SYNTAX');
  });
  test('an integer past 2^53 on an array is INDEX_OUT_OF_RANGE quoting the written digits, not MISSING_KEY (pointer, dotted, quoted)', () => {
    const doc = { items: [1, 2, 3], obj: { '9007199254740993': 'k' } };
    assert.equal(get(doc, 'obj["9007199254740993"]'), 'k');
    for (const path of ['/items/9007199254740993', 'items.9007199254740993', 'items["9007199254740993"]', '/items/99999999999999999999', 'items.-9007199254740993']) {
      const r = tryGet(doc, path);
      assert.equal(r.ok, false, path);
      if (r.ok) continue;
      assert.equal(r.error.code, 'INDEX_OUT_OF_RANGE', `${path}: ${r.error.message}`);
      const written = path.match(/-?[0-9]{16,}/)![0];
      assert.equal(r.error.segment, written, path);
      assert.ok(r.error.message.includes(`index ${written} `), r.error.message);
      assert.match(r.error.message, /beyond 9007199254740991 \(2\^53 − 1\)/);
      assert.deepEqual(r.error.suggestions, ['items[2]', 'items[0]'], path);
    }
    // On an object the same digits are a key, as before.
    assert.equal(get(doc, '/obj/9007199254740993'), 'k');
    assert.equal(get(doc, 'obj.9007199254740993'), 'k');
    // A non-canonical pointer index that a double holds stays a bad key (RFC 6901 allows no leading zero).
    assert.equal(tryGet(doc, '/items/01').ok, false);
    assert.equal((tryGet(doc, '/items/01') as { error: PathError }).error.code, 'MISSING_KEY');
  });
  test('a JSON Pointer index is canonical (RFC 6901): /items/01, /items/-, /items/1e0, /items/+1, /items/-1 are errors', () => {
    const doc = { items: ['a', 'b'] };
    for (const [path, code] of [['/items/01', 'MISSING_KEY'], ['/items/-', 'INDEX_OUT_OF_RANGE'], ['/items/1e0', 'MISSING_KEY'], ['/items/+1', 'MISSING_KEY'], ['/items/-1', 'MISSING_KEY'], ['/items/ 1', 'MISSING_KEY']] as const) {
      const e = pathError(() => get(doc, path));
      assert.equal(e.code, code, `${path}: ${e.message}`);
    }
    assert.match(pathError(() => get(doc, '/items/01')).message, /no leading zero, RFC 6901\); use the index items\[1\]/);
    assert.equal(get(doc, '/items/1'), 'b');
    assert.equal(get({ items: { '01': 'k' } }, '/items/01'), 'k');
  });
  test("JSONPath agrees: a name never selects an array element, and an index with a leading zero is a SYNTAX error", () => {
    const doc = { items: ['a', 'b'] };
    assert.deepEqual(query(doc, "$.items['01']"), []);
    assert.deepEqual(query(doc, '$.items["1"]'), []);
    for (const q of ['$.items[01]', '$.items[-01]', '$.items[00]']) assert.equal(pathError(() => query(doc, q)).code, 'SYNTAX', q);
    assert.deepEqual(query(doc, '$.items[1]'), ['b']);
  });
  test('a suggested path reads back the key it names, even one with non-ASCII whitespace at its ends', () => {
    // get() trims the path; a suggestion that wrote such a key bare (`\u3000a`) read a different key, or the root.
    for (const key of ['\u3000a', 'x\u00a0', '\ufeffk', '\u2028', '\u00a0']) {
      const doc = { [key]: { v: 1 }, other: 2 };
      const e = pathError(() => get(doc, 'zzz'));
      const suggestion = e.suggestions.find((s) => s.includes(key));
      assert.ok(suggestion !== undefined, `${JSON.stringify(key)}: ${JSON.stringify(e.suggestions)}`);
      assert.deepEqual(get(doc, suggestion), { v: 1 }, JSON.stringify(suggestion));
      const deep = pathError(() => get({ [key]: [] }, `[${JSON.stringify(key)}][0]`));
      assert.deepEqual(deep.suggestions.map((s) => tryGet({ [key]: [] }, s).ok), [true], JSON.stringify(deep.suggestions));
    }
  });
  test('a key with dots in it, written dotted, is named and suggested first, quoted', () => {
    // Flattened names (telemetry attributes, search indices): `attributes.http.status_code` means the key "http.status_code".
    const doc = { attributes: { host: 'x', 'http.method': 'GET', 'http.status_code': 200, 'a.b': { c: [1] } } };
    const e = pathError(() => get(doc, 'attributes.http.status_code'));
    assert.equal(e.code, 'MISSING_KEY');
    assert.match(e.message, /the key "http\.status_code" has dots in it: quote it, as in attributes\["http\.status_code"\]/);
    assert.equal(get(doc, e.suggestions[0]), 200);
    assert.ok(e.suggestions.length <= 3 && new Set(e.suggestions).size === e.suggestions.length, JSON.stringify(e.suggestions));
    const deep = pathError(() => get(doc, 'attributes.a.b.c[0]'));
    assert.equal(deep.suggestions[0], 'attributes["a.b"].c[0]');
    assert.equal(get(doc, deep.suggestions[0]), 1);
  });
  test('$..name in get syntax says ".." selects many values, like a..b', () => {
    assert.throws(() => get({}, '$..total'), /"\.\." \(descendants\) selects many values/);
  });
});
