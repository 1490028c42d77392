// repair() must always write JSON text that JSON.parse reads as exactly parse()'s value: found by the
// reliability sweep (issue 13) where it did not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse, parseWithReport, repair } from '../../src/index.js';
import { writeJson } from '../../src/parse/write-json.js';

test('several values in a fence whose first is rewritten give valid JSON', () => {
  for (const text of ['```json\nTrue\n[1]\n```', "```json\n'a'\n[1]\n```", '```json\nNone\n{"a": 1}\n```', "```\nTrue 'x'\n```"]) {
    const out = repair(text);
    assert.deepEqual(JSON.parse(out), parse(text), `${JSON.stringify(text)} gave ${JSON.stringify(out)}`);
  }
  assert.deepEqual(JSON.parse(repair('```json\nTrue\n[1]\n```')), [true, [1]]);
});

test('escaped JSON keeps the sign of -0', () => {
  const out = repair('{\\"a\\": -0, \\"b\\": [-0]}');
  assert.ok(Object.is(JSON.parse(out).a, -0), out);
  assert.ok(Object.is(JSON.parse(out).b[0], -0), out);
});

test('escaped JSON nested 5,000 deep is repaired without overflowing the stack', () => {
  const depth = 5000;
  const text = '{\\"a\\": '.repeat(depth) + '1' + '}'.repeat(depth);
  const out = repair(text);
  assert.equal(out, '{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
});

test('writeJson with maxChars stops soon after that many characters, even on a cyclic value', () => {
  const long = Array.from({ length: 1000 }, (_, i) => ({ i }));
  const cut = writeJson(long, { maxChars: 20 });
  assert.ok(cut.length > 20 && cut.length < 40, `${cut.length} characters`);
  assert.ok(JSON.stringify(long).startsWith(cut));
  assert.equal(writeJson({ a: [1] }, { maxChars: 100 }), '{"a":[1]}');
  const cyclic: Record<string, unknown> = { k: 1 };
  cyclic.self = cyclic;
  assert.ok(writeJson(cyclic, { maxChars: 50 }).startsWith('{"k":1,"self":{"k":1,"self":'));
});

test('writeJson agrees with JSON.stringify on plain values, and keeps -0', () => {
  const values: unknown[] = [null, true, false, 0, 1.5, -3e-7, 'a"\\\u2028', [], {}, [1, [2, [3]]], { a: { b: [null, 'x'] }, '': 0, __proto__x: 1 }];
  for (const v of values) assert.equal(writeJson(v), JSON.stringify(v));
  assert.equal(writeJson([-0, { z: -0 }]), '[-0,{"z":-0}]');
  const obj = Object.create(null) as Record<string, unknown>;
  Object.defineProperty(obj, '__proto__', { value: 1, enumerable: true });
  assert.equal(writeJson(obj), '{"__proto__":1}');
});

test('a cut-off string in escaped JSON inside a fence keeps the fence and escape notes, so repair writes valid JSON (found by npm run fuzz)', () => {
  const text = '```json\n[\\"[]';
  const kinds = parseWithReport(text).repairs.map((r) => r.kind);
  assert.ok(kinds.includes('escaped_json') && kinds.includes('surrounding_text'), kinds.join(', '));
  assert.deepEqual(JSON.parse(repair(text)), parse(text));
});
