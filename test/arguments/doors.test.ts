// Public entry points validate their arguments: misuse is INVALID_ARGUMENT, never a TypeError, and a
// limit given as NaN or a negative number is refused rather than silently switched off (issues 13, 23).
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import {
  applyDeltas, createStreamParser, formatClaimFeedback, parse, parseWithReport, repair, toStrictJsonSchema,
  compareClaimValues, verify, verifyAll, type Delta,
} from '../../src/index.js';
import { thrownCode } from '../helpers.js';

describe('parse options', () => {
  const bad: [string, object][] = [
    ['onRepair: 42', { onRepair: 42 }],
    ['maxLength: NaN', { maxLength: Number.NaN }],
    ['maxLength: -1', { maxLength: -1 }],
    ['maxLength: "5"', { maxLength: '5' }],
    ['maxDepth: NaN', { maxDepth: Number.NaN }],
    ['maxDepth: -3', { maxDepth: -3 }],
    ['maxDepth: 0', { maxDepth: 0 }],
    ['strict: "yes"', { strict: 'yes' }],
    ['disable: "comment"', { disable: 'comment' }],
  ];
  for (const [label, options] of bad) {
    test(`${label} is INVALID_ARGUMENT on every door, for valid and damaged text`, () => {
      for (const text of ['{"a": 1}', "{'a': 1,}"]) {
        assert.equal(thrownCode(() => parse(text, options)), 'INVALID_ARGUMENT', `parse ${text}`);
        assert.equal(thrownCode(() => parseWithReport(text, options)), 'INVALID_ARGUMENT', `parseWithReport ${text}`);
        assert.equal(thrownCode(() => repair(text, options)), 'INVALID_ARGUMENT', `repair ${text}`);
      }
      assert.equal(thrownCode(() => createStreamParser(options)), 'INVALID_ARGUMENT', 'createStreamParser');
    });
  }
  test('options that are not an object', () => {
    assert.equal(thrownCode(() => parse('{}', 42 as never)), 'INVALID_ARGUMENT');
    assert.equal(thrownCode(() => parse('{}', 'strict' as never)), 'INVALID_ARGUMENT');
  });
  test('valid limits still work', () => {
    assert.deepEqual(parse('{"a": [1]}', { maxDepth: 2, maxLength: 100, onRepair: () => {} }), { a: [1] });
    assert.equal(thrownCode(() => parse('[[1]]', { maxDepth: 1 })), 'TOO_DEEP');
    assert.equal(thrownCode(() => parse('[1]', { maxLength: 2 })), 'TOO_LARGE');
  });
});

describe('applyDeltas', () => {
  const bad: [string, unknown[]][] = [
    ['null', [null]],
    ['a number', [5]],
    ['an unknown op', [{ op: 'replace', path: '/a', value: 1 }]],
    ['no op', [{ path: '/a', value: 1 }]],
    ['a path that is not a pointer', [{ op: 'set', path: 'a', value: 1 }]],
    ['a set without value', [{ op: 'set', path: '/a' }]],
    ['an append without text', [{ op: 'append', path: '/s' }]],
    ['an append to a number', [{ op: 'append', path: '/n', text: 'x' }]],
    ['an append to nothing', [{ op: 'append', path: '/missing', text: 'x' }]],
    ['a path through a scalar', [{ op: 'set', path: '/n/x', value: 1 }]],
  ];
  for (const [label, deltas] of bad) {
    test(`${label} is INVALID_ARGUMENT`, () => {
      assert.equal(thrownCode(() => applyDeltas({ n: 1, s: 'ab' }, deltas as Delta[])), 'INVALID_ARGUMENT');
    });
  }
  test('deltas must be an array', () => {
    assert.equal(thrownCode(() => applyDeltas({}, null as never)), 'INVALID_ARGUMENT');
  });
  test('well-formed deltas still apply, without touching the previous value', () => {
    const before = { s: 'ab', list: [1] };
    const after = applyDeltas(before, [
      { op: 'append', path: '/s', text: 'c' },
      { op: 'add', path: '/list/1', value: 2 },
      { op: 'set', path: '/n', value: 3 },
      { op: 'complete', path: '/list' },
    ]);
    assert.deepEqual(after, { s: 'abc', list: [1, 2], n: 3 });
    assert.deepEqual(before, { s: 'ab', list: [1] });
  });
});

describe('other doors', () => {
  test('formatClaimFeedback of something that is not a result', () => {
    for (const v of [null, undefined, 42, 'x', { results: 5 }, [null], [{ ok: false }]]) {
      assert.equal(thrownCode(() => formatClaimFeedback(v as never)), 'INVALID_ARGUMENT', JSON.stringify(v));
    }
    const r = verify({ mode: 'field', path: 'a', value: 2 }, { a: 1 });
    assert.match(formatClaimFeedback(r), /1 of 1 claim/);
  });
  test('toStrictJsonSchema of something that is not a schema object', () => {
    for (const v of [null, undefined, 42, 'x', []]) {
      assert.equal(thrownCode(() => toStrictJsonSchema(v as never)), 'INVALID_ARGUMENT', JSON.stringify(v));
    }
  });
});

describe('verify and compare options', () => {
  test('options that are not an object, or have the wrong types, are INVALID_ARGUMENT', () => {
    const claim = { mode: 'field', path: 'a', value: 1 } as const;
    for (const options of [null, 5, 'x', { tolerance: -1 }, { tolerance: Number.NaN }, { strictTypes: 'yes' }, { pathSyntax: 'xpath' }]) {
      assert.equal(thrownCode(() => verify(claim, { a: 1 }, options as never)), 'INVALID_ARGUMENT', JSON.stringify(options));
      assert.equal(thrownCode(() => verifyAll([claim], { a: 1 }, options as never)), 'INVALID_ARGUMENT', JSON.stringify(options));
    }
    for (const options of [null, 5, { tolerance: '1' }, { caseInsensitive: 1 }]) {
      assert.equal(thrownCode(() => compareClaimValues(1, 1, options as never)), 'INVALID_ARGUMENT', JSON.stringify(options));
    }
    assert.equal(verify(claim, { a: 1.05 }, { tolerance: 0.1 }).ok, true);
  });
});
