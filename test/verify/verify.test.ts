import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { thrownCode } from '../helpers.js';
import { JsonMendError, compareClaimValues, formatClaimFeedback, parse, verify, verifyAll, type Claim } from '../../src/index.js';

const payload = {
  customer: 'Acme',
  tickets: [
    { id: 1, subject: 'Printer jam', status: 'open', total: '12.50', urgent: true },
    { id: 2, subject: 'VPN down', status: 'closed', total: 7, urgent: false, assignee: null },
  ],
};

function invalidClaim(claim: unknown): JsonMendError {
  try {
    verify(claim as Claim, payload);
  } catch (e) {
    assert.ok(e instanceof JsonMendError);
    assert.equal(e.code, 'INVALID_CLAIM');
    return e;
  }
  assert.fail('expected INVALID_CLAIM');
}

describe('verify: modes and aliases', () => {
  test('field and field_extraction on a list-returning tool (the reference case)', () => {
    const list = [{ subject: 'Printer jam', status: 'open' }];
    for (const path of ['[0].status', '0.status', '$[0].status', '/0/status']) {
      const r = verify({ mode: 'field_extraction', path, value: 'open' }, list);
      assert.equal(r.ok, true, path);
      assert.equal(r.mode, 'field');
      assert.equal(r.actual, 'open');
    }
    assert.equal(verify({ mode: 'field', path: 'value.0.status', value: 'open' }, { value: list }).ok, true);
  });
  test('verbatim compares canonical JSON of the payload or the value at path', () => {
    assert.equal(verify({ mode: 'verbatim', value: JSON.parse(JSON.stringify(payload)) }, payload).ok, true);
    const second = { assignee: null, urgent: false, total: 7, status: 'closed', subject: 'VPN down', id: 2 };
    assert.equal(verify({ mode: 'verbatim', path: 'tickets[1]', value: second }, payload).ok, true);
    assert.equal(verify({ mode: 'verbatim', path: 'tickets[1]', value: JSON.stringify(second) }, payload).ok, true);
    const r = verify({ mode: 'verbatim', path: 'tickets[1].id', value: '2' }, payload);
    assert.equal(r.ok, true, 'JSON text "2" is the number 2');
    const bad = verify({ mode: 'verbatim', path: 'tickets[0].total', value: 12.5 }, payload);
    assert.equal(bad.ok, false);
    assert.equal(bad.code, 'MISMATCH');
  });
  test('type and schema_type: bare names, lists of names, JSON Schemas', () => {
    assert.equal(verify({ mode: 'type', path: 'tickets[0].id', schema: 'integer' }, payload).ok, true);
    assert.equal(verify({ mode: 'schema_type', path: 'tickets[0].id', schema: 'INT' }, payload).ok, true);
    assert.equal(verify({ mode: 'type', path: 'tickets[1].assignee', schema: ['string', 'null'] }, payload).ok, true);
    assert.equal(verify({ mode: 'type', path: 'tickets', schema: { type: 'array', items: { required: ['id', 'status'] } } }, payload).ok, true);
    const r = verify({ mode: 'type', path: 'tickets', schema: { type: 'array', items: { required: ['assignee'] } } }, payload);
    assert.equal(r.ok, false);
    assert.equal(r.code, 'SCHEMA_MISMATCH');
    assert.match(r.reason, /assignee/);
    assert.equal(verify({ mode: 'type', path: 'customer', schema: 'number' }, payload).code, 'SCHEMA_MISMATCH');
  });
  test('range and range_threshold with bounds and exclusive variants', () => {
    const ok = (c: Partial<Claim>) => verify({ mode: 'range', path: 'tickets[1].total', ...c } as Claim, payload).ok;
    assert.equal(ok({ min: 7, max: 7 }), true);
    assert.equal(ok({ min: 7, exclusiveMin: true }), false);
    assert.equal(ok({ max: 7, exclusiveMax: true }), false);
    assert.equal(ok({ exclusiveMin: 6.9 }), true);
    assert.equal(ok({ exclusiveMax: 7 }), false);
    assert.equal(ok({ min: 8 }), false);
    assert.equal(verify({ mode: 'range_threshold', path: 'tickets[0].total', min: 10, max: 20 }, payload).ok, true, 'numeric string read as a number');
    assert.equal(verify({ mode: 'range', path: 'tickets[0].total', min: 10, strictTypes: true }, payload).code, 'NOT_A_NUMBER');
    const r = verify({ mode: 'range', path: 'tickets[1].total', max: 5 }, payload);
    assert.equal(r.code, 'OUT_OF_RANGE');
    assert.equal(r.actual, 7);
    assert.match(r.reason, /7 is above the maximum 5/);
    assert.deepEqual(r.expected, { max: 5 });
  });
  test('aggregates', () => {
    const agg = (aggregate: Claim['aggregate'], path: string, min: number, max: number) =>
      verify({ mode: 'range', path, aggregate, min, max }, payload);
    assert.equal(agg('count', 'tickets', 2, 2).ok, true);
    assert.equal(agg('sum', '$.tickets[*].total', 19.5, 19.5).ok, true);
    assert.equal(agg('mean', '$.tickets[*].total', 9.75, 9.75).ok, true);
    assert.equal(agg('min', '$.tickets[*].total', 7, 7).ok, true);
    assert.equal(agg('max', '$.tickets[*].total', 12.5, 12.5).ok, true);
    assert.equal(agg('count', '$.tickets[?@.status == "open"]', 1, 1).ok, true);
    assert.equal(agg('sum', '$.tickets[*].subject', 0, 1).code, 'NOT_A_NUMBER');
    assert.equal(agg('mean', '$.tickets[?@.id > 5]', 0, 1).code, 'EMPTY_LIST');
    assert.equal(agg('sum', '$.tickets[?@.id > 5]', 0, 0).ok, true);
    assert.equal(agg('count', 'customer', 0, 9).code, 'NOT_A_LIST');
    assert.equal(verify({ mode: 'range', path: 'tickets', min: 1 }, payload).code, 'NOT_A_NUMBER');
    assert.equal(verify({ mode: 'field', path: 'tickets', aggregate: 'count', value: '2' }, payload).ok, true);
  });
});

describe('verify: JSONPath in claims', () => {
  test('a quoted integer on an array is a key in JSONPath, and in get\'s grammar unless canonical: MISSING_KEY with the index to write', () => {
    const P = { items: ['a', 'b'] };
    // Read by get's grammar (no pathSyntax), canonical digits are an index as in JavaScript.
    for (const path of ['items["1"]', "$.items['1']"]) assert.equal(verify({ mode: 'field', path, value: 'b' }, P).ok, true, path);
    for (const path of ['items["01"]', "$['items']['01']"]) {
      const r = verify({ mode: 'field', path, value: 'b' }, P);
      assert.equal(r.ok, false, path);
      assert.equal(r.code, 'MISSING_KEY', path);
      assert.deepEqual(r.suggestions, ['items[1]'], path);
    }
    for (const path of ['items[1]', '$.items[1]']) assert.equal(verify({ mode: 'field', path, value: 'b' }, P).ok, true, path);
    const jp = verify({ mode: 'field', path: "$.items['1']", pathSyntax: 'jsonpath', value: 'b' }, P);
    assert.equal(jp.code, 'MISSING_KEY');
    assert.match(jp.reason, /a quoted name is a key, not an index/);
    assert.deepEqual(jp.suggestions, ['$.items[1]']);
  });
  test('pathSyntax jsonpath forces JSONPath', () => {
    const r = verify({ mode: 'field', path: '$.tickets[0].id', pathSyntax: 'jsonpath', value: 1 }, payload);
    assert.equal(r.ok, true);
    const miss = verify({ mode: 'field', path: '$.tickets[5].id', pathSyntax: 'jsonpath', value: 1 }, payload);
    assert.equal(miss.code, 'INDEX_OUT_OF_RANGE');
    assert.deepEqual(miss.suggestions, ['$.tickets[1].id', '$.tickets[0].id']);
  });
  test('suggestions for a JSONPath claim are JSONPath: each one, as the path, reads (they were get paths, SYNTAX there)', () => {
    const doc = { tickets: [{ id: 1, status: 'open' }], 'a b': { 'c.d': 1 } };
    const claims = [
      { mode: 'field', path: '$.tickets[0].stauts', value: 'open' },
      { mode: 'field', path: '$.tickets[5].status', value: 'open' },
      { mode: 'field', path: '$.tickets.status', value: 'open' },
      { mode: 'field', path: "$['a b'].x", value: 1 },
      { mode: 'field', path: '$.tikets[*].status', value: ['open'] },
    ] as const;
    for (const c of claims) {
      const r = verify({ ...c, pathSyntax: 'jsonpath' }, doc);
      assert.equal(r.ok, false, c.path);
      assert.ok(r.suggestions.length > 0, c.path);
      for (const s of r.suggestions) assert.notEqual(verify({ ...c, path: s, pathSyntax: 'jsonpath' }, doc).code, 'SYNTAX', `${c.path} → ${s}`);
      assert.equal(verify({ ...c, path: r.suggestions[0], pathSyntax: 'jsonpath' }, doc).ok, true, `${c.path} → ${r.suggestions[0]}`);
    }
    // The leading names of a non-singular query: the suggestion keeps the rest of it when that selects something.
    assert.deepEqual(verify({ ...claims[4], pathSyntax: 'jsonpath' }, doc).suggestions, ['$.tickets[*].status', "$['a b']"]);
  });
  test('auto: a $-path get rejects is read as JSONPath; a non-singular one yields the list of values', () => {
    assert.equal(verify({ mode: 'field', path: '$.tickets[?@.status=="open"].subject', value: ['Printer jam'] }, payload).ok, true);
    assert.equal(verify({ mode: 'field', path: '$..subject', value: ['Printer jam', 'VPN down'] }, payload).ok, true);
    const r = verify({ mode: 'field', path: '$..subject', value: 'Printer jam' }, payload);
    assert.equal(r.ok, false);
    assert.match(r.reason, /selects 2 values/);
  });
  test('pathSyntax get never falls back', () => {
    assert.equal(verify({ mode: 'field', path: '$..subject', pathSyntax: 'get', value: [] }, payload).code, 'SYNTAX');
  });
  test('a malformed path is a failed claim with SYNTAX, so the model can fix it', () => {
    const r = verify({ mode: 'field', path: 'tickets[0', value: 1 }, payload);
    assert.equal(r.ok, false);
    assert.equal(r.code, 'SYNTAX');
  });
});

describe('compareClaimValues: the comparison rules', () => {
  const eq = (a: unknown, b: unknown, o = {}) => compareClaimValues(a, b, o).equal;
  test('numbers by value, with tolerance', () => {
    assert.equal(eq(1, 1.0), true);
    assert.equal(eq(0.1 + 0.2, 0.3), false);
    assert.equal(eq(0.1 + 0.2, 0.3, { tolerance: 1e-9 }), true);
    assert.equal(eq(10, 10.4, { tolerance: 0.5 }), true);
  });
  test('a string equals the number, boolean or null it spells, unless strictTypes', () => {
    assert.equal(eq('1', 1), true);
    assert.equal(eq(1, ' 1.0 '), true);
    assert.equal(eq('1e2', 100), true);
    assert.equal(eq('01', 1), false);
    assert.equal(eq('1 apple', 1), false);
    assert.equal(eq('true', true), true);
    assert.equal(eq(true, 'TRUE'), true);
    assert.equal(eq('yes', true), false);
    assert.equal(eq(1, true), false);
    assert.equal(eq('null', null), true);
    assert.equal(eq('', null), false);
    assert.equal(eq(0, null), false);
    assert.equal(eq('1', 1, { strictTypes: true }), false);
    assert.equal(eq('true', true, { strictTypes: true }), false);
    assert.match(compareClaimValues('1', 1).reason, /read as the number 1/);
  });
  test('strings: NFC always, case and whitespace on request', () => {
    assert.equal(eq('Å', 'A\u030a'), true);
    assert.equal(eq('Open', 'open'), false);
    assert.equal(eq('Open', 'open', { caseInsensitive: true }), true);
    assert.equal(eq(' printer   jam\n', 'printer jam'), false);
    assert.equal(eq(' printer   jam\n', 'printer jam', { ignoreWhitespace: true }), true);
  });
  test('arrays and objects member by member, reasons name the location', () => {
    assert.equal(eq([1, '2', { a: 'true' }], [1, 2, { a: true }]), true);
    const r = compareClaimValues({ a: [1, 2] }, { a: [1, 3] });
    assert.equal(r.equal, false);
    assert.match(r.reason, /at \.a\[1\]/);
    assert.match(compareClaimValues({ a: 1 }, { a: 1, b: 2 }).reason, /unexpected key "b"/);
    assert.match(compareClaimValues({ a: 1, b: 2 }, { a: 1 }).reason, /key "b" but it is missing/);
    assert.match(compareClaimValues([1], [1, 2]).reason, /1 items but found 2/);
    assert.match(compareClaimValues('x', [1]).reason, /found array/);
  });
  test('options on the claim override those of the call', () => {
    assert.equal(verify({ mode: 'field', path: 'customer', value: 'ACME' }, payload, { caseInsensitive: true }).ok, true);
    assert.equal(verify({ mode: 'field', path: 'customer', value: 'ACME', caseInsensitive: false }, payload, { caseInsensitive: true }).ok, false);
  });
});

describe('verify: failures are results, malformed claims throw', () => {
  test('a false claim never throws and says why, with nearest valid paths', () => {
    const r = verify({ mode: 'field', path: 'tickets[0].stauts', value: 'open' }, payload);
    assert.equal(r.ok, false);
    assert.equal(r.code, 'MISSING_KEY');
    assert.equal(r.actual, undefined);
    assert.equal(r.suggestions[0], 'tickets[0].status');
    const idx = verify({ mode: 'field', path: 'tickets[2].status', value: 'open' }, payload);
    assert.equal(idx.code, 'INDEX_OUT_OF_RANGE');
    assert.deepEqual(idx.suggestions, ['tickets[1].status', 'tickets[0].status']);
    const nc = verify({ mode: 'field', path: 'customer.name', value: 'Acme' }, payload);
    assert.equal(nc.code, 'NOT_A_CONTAINER');
    const mm = verify({ mode: 'field', path: 'tickets[0].status', value: 'closed' }, payload);
    assert.equal(mm.code, 'MISMATCH');
    assert.equal(mm.actual, 'open');
    assert.equal(mm.expected, 'closed');
    assert.equal(mm.path, 'tickets[0].status');
  });
  test('malformed claims are INVALID_CLAIM', () => {
    invalidClaim(null);
    invalidClaim([]);
    invalidClaim({ mode: 'guess', path: 'a', value: 1 });
    invalidClaim({ path: 'a', value: 1 });
    invalidClaim({ mode: 'field', path: 'customer' });
    invalidClaim({ mode: 'verbatim' });
    invalidClaim({ mode: 'type', path: 'customer' });
    invalidClaim({ mode: 'type', path: 'customer', schema: 'strng' });
    invalidClaim({ mode: 'type', path: 'customer', schema: 5 });
    invalidClaim({ mode: 'range', path: 'tickets[1].total' });
    invalidClaim({ mode: 'range', path: 'tickets[1].total', min: '5' });
    invalidClaim({ mode: 'range', path: 'tickets[1].total', exclusiveMin: true });
    invalidClaim({ mode: 'range', path: 'tickets', aggregate: 'median', min: 1 });
    invalidClaim({ mode: 'type', path: 'tickets', aggregate: 'count', schema: 'integer' });
    invalidClaim({ mode: 'field', path: 5, value: 1 });
    invalidClaim({ mode: 'field', path: 'a', value: 1, pathSyntax: 'xpath' });
    invalidClaim({ mode: 'field', path: 'a', value: 1, tolerance: -1 });
    invalidClaim({ mode: 'verbatim', value: NaN });
  });
});

describe('verifyAll and formatClaimFeedback', () => {
  const claims: Claim[] = [
    { mode: 'field', path: 'tickets[0].subject', value: 'Printer jam' },
    { mode: 'field', path: 'tickets[3].subject', value: 'VPN down', id: 'vpn' },
    { mode: 'range', path: 'tickets', aggregate: 'count', min: 5 },
  ];
  test('summary counts', () => {
    const r = verifyAll(claims, payload);
    assert.equal(r.ok, false);
    assert.deepEqual(r.summary, { total: 3, passed: 1, failed: 2 });
    assert.deepEqual(r.results.map((x) => x.id), ['#1', 'vpn', '#3']);
  });
  test('a malformed claim names its position', () => {
    assert.throws(() => verifyAll([claims[0], { mode: 'nope' } as unknown as Claim], payload), (e: unknown) =>
      e instanceof JsonMendError && e.code === 'INVALID_CLAIM' && /claim #2/.test(e.message));
    assert.throws(() => verifyAll('x' as unknown as Claim[], payload), { code: 'INVALID_ARGUMENT' });
  });
  test('feedback lists each failure with the path, what was there and nearby paths', () => {
    const text = formatClaimFeedback(verifyAll(claims, payload));
    const lines = text.split('\n');
    assert.equal(lines[0], '2 of 3 claims could not be verified:');
    assert.match(lines[1], /^- claim vpn \(field at "tickets\[3\]\.subject"\): index 3 is out of range/);
    assert.match(lines[1], /Valid paths nearby: tickets\[1\]\.subject, tickets\[0\]\.subject\./);
    assert.match(lines[2], /^- claim #3 \(range at "tickets"\): count of tickets: 2 is below the minimum 5\./);
    assert.equal(lines.length, 4);
    assert.equal(formatClaimFeedback(verifyAll([claims[0]], payload)), 'All 1 claim verified.');
    assert.equal(formatClaimFeedback(verifyAll([claims[0]], payload).results), 'All 1 claim verified.');
    assert.match(formatClaimFeedback(verify(claims[1], payload)), /^1 of 1 claim could not be verified/);
  });
  test('an empty list verifies nothing: INVALID_CLAIM unless allowEmpty, and its feedback does not read as verified', () => {
    // Before: verifyAll([]) was { ok: true, summary: { total: 0, … } } and its feedback "All 0 claims
    // verified.", a pass for a model that made no claims (the CLI's verify refuses an empty list).
    assert.throws(() => verifyAll([], payload), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_CLAIM' && /empty list checks nothing/.test(e.message));
    const none = verifyAll([], payload, { allowEmpty: true });
    assert.deepEqual([none.ok, none.summary], [true, { total: 0, passed: 0, failed: 0 }]);
    assert.equal(formatClaimFeedback(none), 'No claims were given, so nothing was verified.');
    assert.equal(formatClaimFeedback([]), 'No claims were given, so nothing was verified.');
    assert.throws(() => verifyAll([], payload, { allowEmpty: 'yes' } as never), { code: 'INVALID_ARGUMENT' });
  });
  test('feedback shows what was found when the reason does not', () => {
    const r = verify({ mode: 'type', path: 'tickets[0]', schema: { type: 'object', required: ['owner'] } }, payload);
    assert.match(formatClaimFeedback([r]), /owner/);
  });
});

describe('verify: overflow and values that are not JSON trees (issues 13, 23)', () => {
  test('mean of numbers whose sum overflows is computed without overflow', () => {
    const r = verify({ mode: 'range', path: 'a', aggregate: 'mean', min: 1e308, max: 1e308 }, { a: [1e308, 1e308] });
    assert.equal(r.ok, true, r.reason);
    assert.equal(r.actual, 1e308);
    assert.equal(verify({ mode: 'range', path: 'a', aggregate: 'mean', min: -1, max: 1 }, { a: [1.5e308, -1.5e308, 1.5e308, -1.5e308] }).ok, true);
    assert.equal(verify({ mode: 'range', path: 'a', aggregate: 'mean', min: 2, max: 2 }, { a: [1, 2, 3] }).ok, true);
  });
  test('a sum that overflows still compares as Infinity, and messages do not call it null', () => {
    assert.equal(verify({ mode: 'range', path: 'a', aggregate: 'sum', min: 1e308 }, { a: [1e308, 1e308] }).ok, true);
    const r = verify({ mode: 'range', path: 'a', aggregate: 'sum', max: 5 }, { a: [1e308, 1e308] });
    assert.equal(r.ok, false);
    assert.equal(r.code, 'OUT_OF_RANGE');
    assert.match(r.reason, /Infinity/);
    assert.doesNotMatch(r.reason, /null/);
  });
  test('a sum whose running total overflows but whose total does not is that total (it was Infinity)', () => {
    const r = verify({ mode: 'range', path: 'a', aggregate: 'sum', min: -1, max: 1 }, { a: [1e308, 1e308, -1e308, -1e308] });
    assert.equal(r.ok, true, r.reason);
    assert.equal(r.actual, 0);
    assert.equal(verify({ mode: 'range', path: 'a', aggregate: 'sum', min: 1e308, max: 1e308 }, { a: [1.5e308, 1.5e308, 1.5e308, -1.5e308, -1.5e308, -0.5e308] }).actual, 1e308);
    assert.equal(verify({ mode: 'range', path: 'a', aggregate: 'sum', max: 5 }, { a: [1e308, 1e308, 1e308] }).actual, Infinity);
  });
  test('a number beyond the range of a double (read as Infinity) equals nothing: 2e400 is not 1e400', () => {
    // parse reads JSON's 1e400 as JSON.parse does, as Infinity: the digits are gone on both sides.
    const payload = parse('{"a": 1e400, "n": [1e400]}');
    for (const value of [parse('2e400'), '2e400', parse('1e400')]) {
      const r = verify({ mode: 'field', path: 'a', value }, payload);
      assert.equal(r.ok, false, `${String(value)}: ${r.reason}`);
      assert.match(r.reason, /beyond the range of a double/);
    }
    assert.equal(verify({ mode: 'field', path: 'n', value: [Infinity] }, payload).ok, false);
  });
  test('verbatim over a value with no canonical JSON (1e400, an escaped lone surrogate) fails the claim, not the whole check', () => {
    const payload = parse('{"a": 1e400, "b": 1, "s": "\\ud800x"}');
    const all = verifyAll([
      { mode: 'verbatim', value: { a: 1, b: 1, s: 'x' } },
      { mode: 'verbatim', path: 's', value: 'x' },
      { mode: 'verbatim', path: 'b', value: '1e400' },
      { mode: 'verbatim', path: 'b', value: 1 },
    ], payload);
    assert.deepEqual(all.results.map((r) => r.ok), [false, false, false, true]);
    assert.match(all.results[0].reason, /no canonical JSON form.*Infinity is not a JSON number/);
    assert.match(all.results[1].reason, /no canonical JSON form.*unpaired surrogate/);
    assert.equal(all.results[2].code, 'MISMATCH');
  });
  function cyclic(): Record<string, unknown> {
    const a: Record<string, unknown> = { k: 1 };
    a.self = a;
    return a;
  }
  test('claim comparison of values that contain themselves is INVALID_ARGUMENT', () => {
    assert.equal(thrownCode(() => compareClaimValues(cyclic(), cyclic())), 'INVALID_ARGUMENT');
    const x = cyclic();
    assert.equal(thrownCode(() => verify({ mode: 'field', path: 'a', value: x }, { a: x })), 'INVALID_ARGUMENT');
    assert.equal(thrownCode(() => verify({ mode: 'field', path: 'a', value: cyclic() }, { a: cyclic() })), 'INVALID_ARGUMENT');
    assert.equal(thrownCode(() => verify({ mode: 'field', path: '$..k', pathSyntax: 'jsonpath', value: [1] }, { a: cyclic() })), 'INVALID_ARGUMENT');
    assert.equal(thrownCode(() => verify({ mode: 'verbatim', path: 'a', value: 1 }, { a: cyclic() })), 'INVALID_ARGUMENT');
    assert.equal(thrownCode(() => verify({ mode: 'type', path: 'a', schema: { $ref: '#/$defs/n', $defs: { n: { type: 'object', properties: { self: { $ref: '#/$defs/n' } } } } } }, { a: cyclic() })), 'INVALID_ARGUMENT');
    assert.equal(compareClaimValues({ k: 1, self: { k: 2 } }, cyclic()).equal, false, 'a finite claim against a cyclic value just differs');
  });
  test('a value nested too deep for JSON.stringify is shown in the reason and the feedback, not as [object Object]', () => {
    // 12,000 levels: JSON.stringify overflows the main thread's stack (and answered differently on a batch worker's larger one).
    const deep = JSON.parse(`${'{"id":'.repeat(12_000)}3${'}'.repeat(12_000)}`) as unknown;
    const outcome = verifyAll([{ mode: 'field', path: 'id', value: 3 }], deep);
    assert.equal(outcome.ok, false);
    assert.match(outcome.results[0].reason, /found object \{"id":\{"id":/);
    const text = formatClaimFeedback(outcome);
    assert.doesNotMatch(text, /\[object Object\]/);
    assert.match(text, /found object \{"id":\{"id":.*…/);
  });
});

describe('verify: schema patterns run on the linear I-Regexp automaton (path probe S3)', () => {
  test('a backtracking pattern from the model answers at once, with the same result', () => {
    const t0 = performance.now();
    const schema = { type: 'string', pattern: '^(a+)+$' };
    assert.equal(verify({ mode: 'type', schema }, 'a'.repeat(5_000) + '!').ok, false);
    assert.equal(verify({ mode: 'type', schema }, 'a'.repeat(5_000)).ok, true);
    const keys = { type: 'object', propertyNames: { pattern: '^(a+)+$' }, additionalProperties: { type: 'number' } };
    assert.equal(verify({ mode: 'type', schema: keys }, { ['a'.repeat(5_000) + '!']: 1 }).ok, false);
    assert.equal(verify({ mode: 'type', schema: keys }, { aaa: 1 }).ok, true);
    assert.equal(verify({ mode: 'type', schema: keys }, { aaa: 'x' }).ok, false);
    assert.ok(performance.now() - t0 < 5_000);
  });
  test('no global changes while a schema with patterns validates; the format registry is as before afterwards', async () => {
    const { format } = await import('@cfworker/json-schema');
    const registryBefore = Object.keys(format).join();
    const HostRegExp = RegExp;
    let seen: unknown[] = [];
    const value = {
      get a() {
        seen = [RegExp === HostRegExp, /x/ instanceof RegExp, typeof new RegExp('y').exec];
        return 'abc';
      },
    };
    const schema = { type: 'object', properties: { a: { type: 'string', pattern: '^a' } } };
    assert.equal(verify({ mode: 'type', schema }, value).ok, true);
    assert.deepEqual(seen, [true, true, 'function']);
    assert.equal(Object.keys(format).join(), registryBefore);
  });
  test('a validation nested in a payload getter (same schema) leaves the outer one its patterns', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', pattern: '^a' }, b: { type: 'string', pattern: '^b' } } };
    const value = {
      get a() {
        assert.equal(verify({ mode: 'type', schema }, { a: 'a', b: 'b' }).ok, true);
        return 'a';
      },
      b: 'x',
    };
    const r = verify({ mode: 'type', schema }, value);
    assert.equal(r.ok, false, 'b still checked after the nested validation');
    assert.match(r.reason, /b: String does not match pattern "\^b"/);
  });
  test('a failing pattern reads as a pattern, not as the format that stands for it', () => {
    const r = verify({ mode: 'type', path: 'id', schema: { type: 'string', pattern: '^[0-9]+$' } }, { id: 'x1' });
    assert.equal(r.ok, false);
    assert.match(r.reason, /String does not match pattern "\^\[0-9\]\+\$"/);
    assert.doesNotMatch(r.reason, /x-jsonmend|format/);
  });
  test('patterns everywhere the validator can use a schema: beside allOf, under $defs and $ref, in not', () => {
    const withAllOf = { type: 'string', pattern: '^a', allOf: [{ minLength: 2 }] };
    assert.equal(verify({ mode: 'type', schema: withAllOf }, 'ab').ok, true);
    assert.equal(verify({ mode: 'type', schema: withAllOf }, 'a').ok, false);
    assert.equal(verify({ mode: 'type', schema: withAllOf }, 'ba').ok, false);
    const viaRef = { $defs: { code: { type: 'string', pattern: '^[A-Z]{3}$' } }, type: 'array', items: { $ref: '#/$defs/code' } };
    assert.equal(verify({ mode: 'type', schema: viaRef }, ['USD', 'EUR']).ok, true);
    assert.equal(verify({ mode: 'type', schema: viaRef }, ['USD', 'eur']).ok, false);
    assert.equal(verify({ mode: 'type', schema: { not: { pattern: '^x' } } }, 'xy').ok, false);
    assert.equal(verify({ mode: 'type', schema: { not: { pattern: '^x' } } }, 'yx').ok, true);
    // `examples` is not data to the validator's $ref lookup: a pattern there is checked too.
    const t0 = performance.now();
    const hidden = { examples: { pattern: '^(a+)+$' }, $ref: '#/examples' };
    assert.equal(verify({ mode: 'type', schema: hidden }, 'a'.repeat(5_000) + '!').ok, false);
    assert.ok(performance.now() - t0 < 5_000);
    assert.equal(thrownCode(() => verify({ mode: 'type', schema: { examples: { pattern: '(?=a)' }, $ref: '#/examples' } }, 'a')), 'INVALID_CLAIM');
  });
  test('format "regex" still checks that a string is a regular expression', () => {
    assert.equal(verify({ mode: 'type', schema: { type: 'string', format: 'regex' } }, '^(a+)+$').ok, true);
    assert.equal(verify({ mode: 'type', schema: { type: 'string', format: 'regex' } }, '(').ok, false);
  });
  test('patternProperties, a pattern that is not a string, and the reserved format names are INVALID_CLAIM, saying why', () => {
    const props = { type: 'object', patternProperties: { '^a+$': { type: 'number' } } };
    assert.match(invalidClaim({ mode: 'type', schema: props }).message, /patternProperties is not supported in claims .*propertyNames/);
    assert.match(invalidClaim({ mode: 'type', schema: { type: 'string', pattern: ['^(a+)+$'] } }).message, /a pattern must be a string, got an array/);
    assert.match(invalidClaim({ mode: 'type', schema: { format: 'x-jsonmend-pattern-0' } }).message, /reserved/);
    // Property names and data are not keywords.
    assert.equal(verify({ mode: 'type', schema: { properties: { patternProperties: { type: 'number' } } } }, { patternProperties: 1 }).ok, true);
    assert.equal(verify({ mode: 'type', schema: { const: { patternProperties: {} } } }, { patternProperties: {} }).ok, true);
  });
  test('a schema that contains itself is INVALID_CLAIM at once (path review MUST 2)', () => {
    const schema: Record<string, unknown> = { type: 'object', pattern: '^a' };
    schema.properties = { self: schema };
    assert.equal(thrownCode(() => verify({ mode: 'type', schema }, {})), 'INVALID_CLAIM');
  });
  test('JSON Schema patterns are unanchored; ^ and $ anchor', () => {
    assert.equal(verify({ mode: 'type', schema: { type: 'string', pattern: 'b' } }, 'abc').ok, true);
    assert.equal(verify({ mode: 'type', schema: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}$' } }, '2024-03').ok, true);
    assert.equal(verify({ mode: 'type', schema: { type: 'string', pattern: '^[0-9]{4}$' } }, '20245').ok, false);
  });
  test('a pattern that is not I-Regexp is INVALID_CLAIM, with the spelling to use instead', () => {
    assert.equal(thrownCode(() => verify({ mode: 'type', schema: { type: 'string', pattern: '^\\d+$' } }, '1')), 'INVALID_CLAIM');
    assert.throws(() => verify({ mode: 'type', schema: { pattern: 'a\\w' } }, 'ab'), /\[0-9\]/);
    // Data keywords and properties that happen to be called "pattern" are not patterns.
    assert.equal(verify({ mode: 'type', schema: { const: { pattern: '\\d' } } }, { pattern: '\\d' }).ok, true);
    assert.equal(verify({ mode: 'type', schema: { properties: { pattern: { type: 'string' } } } }, { pattern: 'x' }).ok, true);
  });
});

describe('verify: a get path that selects many values is told what to write, from the path, not from a message (review SHOULD 8)', () => {
  const P = { items: [{ amount: 15.5 }, { amount: 3 }], a: { b: 1 } };
  test('auto: write it as JSONPath, with the spelling', () => {
    for (const [path, want] of [['items[*].amount', '$.items[*].amount'], ['.items[*].amount', '$.items[*].amount'], ['[*]', '$[*]'], ['a..b', '$.a..b'], ['items[0,1]', '$.items[0,1]']]) {
      const r = verify({ mode: 'range', path, aggregate: 'sum', min: 0 }, P);
      assert.equal(r.ok, false, path);
      assert.equal(r.code, 'SYNTAX');
      assert.ok(r.reason.includes(`write the path as JSONPath starting with $: "${want}"`), r.reason);
      assert.deepEqual(r.suggestions, [want]);
      assert.doesNotMatch(r.reason, /query\(\)/);
    }
  });
  test('get: name one value', () => {
    for (const path of ['items[*].amount', '$..amount']) {
      const r = verify({ mode: 'range', path, pathSyntax: 'get', aggregate: 'sum', min: 0 }, P);
      assert.equal(r.code, 'SYNTAX');
      assert.match(r.reason, /selects many values, and this path syntax names one; name one value, with an index like \[0\]/);
    }
  });
  test('other syntax errors keep get\'s own explanation', () => {
    const r = verify({ mode: 'field', path: 'items[x', value: 1 }, P);
    assert.equal(r.code, 'SYNTAX');
    assert.doesNotMatch(r.reason, /selects many values/);
  });
});

describe('verify: a JSONPath that selects nothing because the path is wrong fails (path probe L1)', () => {
  const P = { total: 1000, name: 'Acme', items: [{ id: 1, name: 'x' }, { id: 2, name: 'y' }], meta: { tags: [] } };
  test('leading names that do not resolve: the get-style explanation', () => {
    const r = verify({ mode: 'field', path: '$.nope[*]', value: [] }, P);
    assert.equal(r.ok, false);
    assert.equal(r.code, 'MISSING_KEY');
    assert.match(r.reason, /selects nothing: no key "nope"/);
    assert.equal(verify({ mode: 'field', path: '$.items[5].x[*]', value: [] }, P).code, 'INDEX_OUT_OF_RANGE');
  });
  test('a name that is no key anywhere in the payload (a typo) fails, naming it and the keys near it', () => {
    const r = verify({ mode: 'range', path: '$..nmae', aggregate: 'count', max: 0 }, P);
    assert.equal(r.ok, false);
    assert.equal(r.code, 'MISSING_KEY');
    assert.match(r.reason, /"nmae"/);
    assert.ok(r.suggestions.includes('$..name'));
    assert.equal(verify({ mode: 'range', path: '$.items[*].nmae', aggregate: 'count', max: 0 }, P).ok, false);
  });
  test('empty answers that are provable still pass', () => {
    assert.equal(verify({ mode: 'range', path: '$.meta..name', aggregate: 'count', max: 0 }, P).ok, true);
    assert.equal(verify({ mode: 'verbatim', path: '$.items[?@.id==9]', value: [] }, P).ok, true);
    assert.equal(verify({ mode: 'field', path: '$.meta.tags[*]', value: [] }, P).ok, true);
  });
  test('a name after an empty collection is an empty answer, not a wrong path (review MUST 1)', () => {
    assert.equal(verify({ mode: 'range', path: '$.errors[*].code', aggregate: 'count', max: 0 }, { errors: [] }).ok, true);
    assert.equal(verify({ mode: 'field', path: '$.results[*].id', value: [] }, { results: [] }).ok, true);
    assert.equal(verify({ mode: 'field', path: '$.results[*].id', value: [] }, { results: [[1], [2]] }).ok, true, 'arrays hold no keys to look in');
    assert.equal(verify({ mode: 'field', path: '$.a[?@.x==2].id', value: [] }, { a: [{ x: 2 }] }).ok, false, 'the filter selected an object, and no object has "id"');
    assert.equal(verify({ mode: 'field', path: '$.a[?@.x==3].id', value: [] }, { a: [{ x: 2 }] }).ok, true, 'the filter selected nothing');
    assert.equal(verify({ mode: 'field', path: '$.results..id', value: [] }, { results: [[], [[]]] }).ok, true, 'no object below to look in');
    assert.equal(verify({ mode: 'field', path: '$.results..id', value: [] }, { results: [[], [{}]] }).ok, false);
  });
  test('a suggestion changes the name that was wrong, and a key is text, not a replacement pattern (review SHOULD 10)', () => {
    const data = { data: [{ date: 1 }] };
    const r = verify({ mode: 'field', path: '$.data[*].dat', value: [] }, data);
    assert.equal(r.ok, false);
    assert.ok(r.suggestions.includes('$.data[*].date'), r.suggestions.join());
    assert.ok(r.suggestions.every((p) => p.startsWith('$.data[*].')), r.suggestions.join());
    const odd = verify({ mode: 'field', path: '$.rows[*].ab', value: [] }, { rows: [{ 'a$&b': 1 }] });
    assert.equal(odd.suggestions[0], '$.rows[*]["a$&b"]');
    assert.equal(verify({ mode: 'field', path: "$.rows[*]['ab']", value: [] }, { rows: [{ abc: 1 }] }).suggestions[0], "$.rows[*]['abc']");
    assert.deepEqual(verify({ mode: 'field', path: '$..nmae', value: [] }, P).suggestions.slice(0, 1), ['$..name']);
  });
  test('verifyAll collects the payload\'s keys once for all its claims (review SHOULD 11)', () => {
    let scans = 0;
    const other = new Proxy({ x: 1 }, { ownKeys: (t) => (scans++, Reflect.ownKeys(t)) });
    const payload = { other, items: [{ id: 1 }] };
    const claims: Claim[] = [1, 2, 3].map(() => ({ mode: 'range', path: '$.items[*].nmae', aggregate: 'count', max: 0 }));
    assert.equal(verifyAll(claims, payload).summary.failed, 3);
    assert.equal(scans, 1);
    scans = 0;
    for (const c of claims) verify(c, payload);
    assert.equal(scans, 3, 'each verify call looks again (the payload may have changed between calls)');
  });
});

describe('verify: tolerance and integers beyond 2^53 are visible in the result (path probe E2, L3)', () => {
  test('a pass within the tolerance says the difference and the tolerance', () => {
    const r = verify({ mode: 'field', path: 'p', value: 20, tolerance: 0.05 }, { p: 19.99 });
    assert.equal(r.ok, true);
    assert.match(r.reason, /differ by 0\.01, within the tolerance 0\.05/);
    const s = verify({ mode: 'field', path: 'p', value: '20', tolerance: 0.05 }, { p: 19.99 });
    assert.equal(s.ok, true);
    assert.match(s.reason, /read as the number 20;/);
    assert.doesNotMatch(s.reason, /read as the number 19\.99/);
    const f = verify({ mode: 'field', path: 'p', value: 20, tolerance: 0.001 }, { p: 19.99 });
    assert.match(f.reason, /more than the tolerance 0\.001/);
  });
  test('a string integer beyond 2^53 is compared with the number exactly, not after rounding', () => {
    const P = { big: 12345678901234567890 };
    const r = verify({ mode: 'field', path: 'big', value: '12345678901234567891' }, P);
    assert.equal(r.ok, false);
    assert.match(r.reason, /exact integers/);
    assert.equal(verify({ mode: 'field', path: 'big', value: '12345678901234567168' }, P).ok, true);
    assert.equal(verify({ mode: 'field', path: 'n', value: '9007199254740993' }, { n: 9007199254740992 }).ok, false);
    assert.equal(verify({ mode: 'field', path: 'n', value: ' 42 ' }, { n: 42 }).ok, true);
  });
  test('a verbatim claim quoting JSON text with an integer beyond 2^53 is compared exactly, as a field claim is', () => {
    // Before: "12345678901234567891" passed verbatim against 12345678901234567890 ("exactly the claimed
    // JSON text"): JSON.parse rounded the claimed digits to the very double found.
    const P = { big: 12345678901234567890, list: [9007199254740992], s: '9007199254740993' };
    for (const [path, value] of [['big', '12345678901234567891'], ['', '{"big": 12345678901234567891, "list": [9007199254740992], "s": "9007199254740993"}'], ['list', '[9007199254740993]']]) {
      const r = verify({ mode: 'verbatim', path, value }, P);
      assert.equal(r.ok, false, `${path}: ${r.reason}`);
      assert.equal(r.code, 'MISMATCH');
      assert.match(r.reason, /no number holds exactly/);
    }
    // The digits the double holds exactly, and digits inside a string, still pass.
    assert.equal(verify({ mode: 'verbatim', path: 'big', value: '12345678901234567168' }, P).ok, true);
    assert.equal(verify({ mode: 'verbatim', path: 'list', value: '[9007199254740992]' }, P).ok, true);
    assert.equal(verify({ mode: 'verbatim', path: '', value: '{"s": "9007199254740993", "list": [9007199254740992], "big": 12345678901234567168}' }, P).ok, true);
    assert.equal(verify({ mode: 'verbatim', path: 'big', value: '1.2345678901234567e19' }, P).ok, true);
  });
  test('a range claim on a string integer beyond 2^53 compares its digits exactly, not the double they round to', () => {
    // Before: "9007199254740993" was read as 9007199254740992 and passed max 9007199254740992.
    const P = { n: '9007199254740993', m: '-9007199254740993', big: ' 12345678901234567891 ' };
    const out = (c: Claim) => { const r = verify(c, P); return [r.ok, r.code, r.reason]; };
    assert.deepEqual(out({ mode: 'range', path: 'n', max: 9007199254740992 }), [false, 'OUT_OF_RANGE', 'n: 9007199254740993 is above the maximum 9007199254740992']);
    assert.deepEqual(out({ mode: 'range', path: 'n', min: 9007199254740992, exclusiveMin: true }), [true, undefined, 'n = 9007199254740993 is > 9007199254740992']);
    assert.equal(verify({ mode: 'range', path: 'n', exclusiveMax: 9007199254740994 }, P).ok, true);
    assert.equal(verify({ mode: 'range', path: 'm', min: -9007199254740992 }, P).ok, false);
    assert.equal(verify({ mode: 'range', path: 'big', max: 12345678901234567890 }, P).ok, false);
    assert.equal(verify({ mode: 'range', path: 'big', min: 12345678901234567890 }, P).ok, true);
    // A fractional bound: the integer is compared with it exactly too.
    assert.equal(verify({ mode: 'range', path: 'n', max: 9007199254740993.5 }, { n: '9007199254740993' }).ok, true);
    // Within 2^53, or held exactly, nothing changes.
    assert.equal(verify({ mode: 'range', path: 'k', max: 9007199254740992 }, { k: '9007199254740992' }).ok, true);
    assert.equal(verify({ mode: 'range', path: 'k', min: 1, max: 3 }, { k: ' 2 ' }).ok, true);
  });
});

describe('verify: numbers beyond the range of a double are compared exactly, never as Infinity or 0', () => {
  const MAX = 1.7976931348623157e308;
  test('a field claim of "1e400" / "-1e400" equals no finite number, "1e-400" is not 0 (either side)', () => {
    for (const [value, found] of [['1e400', MAX], ['-1e400', -MAX], ['1e400', Infinity], ['1e-400', 0], ['-1e-400', 0], ['1e-400', -0], ['1E-400', 5e-324], ['2e-324', 0], [' 1e-400 ', 0]] as const) {
      const r = verify({ mode: 'field', path: 'x', value }, { x: found });
      assert.equal(r.ok, false, `${value} vs ${found}: ${r.reason}`);
      assert.equal(r.code, 'MISMATCH');
      const flipped = verify({ mode: 'field', path: 'x', value: found }, { x: value });
      assert.equal(flipped.ok, false, `${found} vs ${value}: ${flipped.reason}`);
    }
    assert.match(verify({ mode: 'field', path: 'x', value: '1e-400' }, { x: 0 }).reason, /1e-400 is closer to 0 than any double: read as a number it is 0, which it is not; compared exactly, no number equals it/);
    assert.match(verify({ mode: 'field', path: 'x', value: '1e400' }, { x: MAX }).reason, /1e400 is beyond the range of a double/);
    // Zero written other ways is still 0; a subnormal the text rounds to stays a rounding, as 0.1 is.
    for (const value of ['0e5', '0.000', '-0', '0E-400']) assert.equal(verify({ mode: 'field', path: 'x', value }, { x: 0 }).ok, true, value);
  });
  test('with a tolerance, the exact distance decides, and the pass says it was compared exactly', () => {
    const r = verify({ mode: 'field', path: 'x', value: '1e-400', tolerance: 1e-9 }, { x: 0 });
    assert.equal(r.ok, true);
    assert.match(r.reason, /closer to 0 than any double, was compared exactly: it differs from 0 by at most the tolerance 1e-9/);
    assert.equal(verify({ mode: 'field', path: 'x', value: '1e400', tolerance: 1e300 }, { x: MAX }).ok, false);
    // At |n| = tolerance the side of 0 the text lies on decides.
    assert.equal(compareClaimValues('1e-400', 1e-9, { tolerance: 1e-9 }).equal, true);
    assert.equal(compareClaimValues('-1e-400', 1e-9, { tolerance: 1e-9 }).equal, false);
    assert.equal(compareClaimValues('1e-400', 2e-9, { tolerance: 1e-9 }).equal, false);
  });
  test('a range claim on a string out of range compares it exactly: "1e-400" is above a maximum of 0', () => {
    const r = verify({ mode: 'range', path: 'x', min: 0, max: 0 }, { x: '1e-400' });
    assert.equal(r.ok, false);
    assert.equal(r.code, 'OUT_OF_RANGE');
    assert.equal(r.reason, 'x: 1e-400 is above the maximum 0');
    assert.equal(r.actual, '1e-400', 'the value found is the text, not the 0 it reads as');
    assert.equal(verify({ mode: 'range', path: 'x', exclusiveMin: 0 }, { x: '1e-400' }).ok, true);
    assert.equal(verify({ mode: 'range', path: 'x', max: 0 }, { x: '-1e-400' }).ok, true);
    assert.equal(verify({ mode: 'range', path: 'x', min: -1e-300 }, { x: '-1e-400' }).ok, true);
    assert.equal(verify({ mode: 'range', path: 'x', max: MAX }, { x: '1e400' }).ok, false);
    assert.equal(verify({ mode: 'range', path: 'x', min: -MAX }, { x: '-1e400' }).ok, false);
  });
  test('an aggregate over a string out of range is refused (NOT_A_NUMBER), not summed as 0 or Infinity', () => {
    for (const item of ['1e-400', '1e400']) {
      const r = verify({ mode: 'range', path: 'x', aggregate: 'sum', max: 1 }, { x: [item, 0] });
      assert.equal(r.ok, false, item);
      assert.equal(r.code, 'NOT_A_NUMBER', item);
      assert.match(r.reason, /item \[0\] is not one: 1e-?400 is/, r.reason);
    }
  });
  test('a verbatim claim quoting JSON text with 1e-400 does not match the 0 JSON.parse reads it as', () => {
    for (const [value, found] of [['1e-400', 0], ['[1e-400]', [0]], ['{"a": -1e-400}', { a: -0 }]] as const) {
      const r = verify({ mode: 'verbatim', path: 'x', value }, { x: found });
      assert.equal(r.ok, false, value);
      assert.match(r.reason, /it spells -?1e-400, closer to 0 than any double, which no number equals/);
    }
    assert.equal(verify({ mode: 'verbatim', path: 'x', value: '[0e-400, "1e-400"]' }, { x: [0, '1e-400'] }).ok, true);
  });
});
