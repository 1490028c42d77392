// The playground's pure parts, without a browser: what it says about a reply, where it draws the
// marks, and the shareable fragment.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { analyse, changeOf, readSchema } from '../../playground/analyse.js';
import { marksOf } from '../../playground/marks.js';
import { decodeFragment, encodeFragment } from '../../playground/share.js';

const example = (name: string): string => readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8');
const NO_SCHEMA = readSchema('');

describe('playground analysis', () => {
  test('the shipped reply: value, every text repair, the fence chosen', () => {
    const reply = example('reply.txt');
    const a = analyse(reply, NO_SCHEMA);
    assert.equal(a.ok, true);
    assert.deepEqual(a.value, {
      customer: 'Ada Lovelace', order_id: 48213, issue: 'Package arrived damaged', refund_requested: true,
      items: ['analytical engine manual', 'punch cards'],
    });
    assert.deepEqual(a.textRepairs.map((r) => r.kind), ['surrounding_text', 'single_quotes', 'python_literal', 'trailing_comma', 'trailing_comma']);
    const chosen = a.candidates.filter((c) => c.chosen);
    assert.equal(chosen.length, 1);
    assert.equal(chosen[0].source, 'fence');
    assert.equal(reply.slice(chosen[0].start, chosen[0].end).trim().startsWith('{'), true);
  });

  test('a candidate in a reasoning block is listed as skipped, the answer tag as chosen', () => {
    const reply = '<think>maybe {"sentiment": "positive"}? No.</think>\n<answer>{"sentiment": "negative"}</answer>';
    const a = analyse(reply, NO_SCHEMA);
    assert.deepEqual(a.value, { sentiment: 'negative' });
    assert.deepEqual(a.candidates.map((c) => [c.source, c.chosen, c.reasoning === true]), [['balanced', false, true], ['tag', true, false]]);
    assert.match(a.candidates[0].why, /reasoning block/);
  });

  test('text after the value only: the whole reply is chosen, and ends where that text begins', () => {
    const a = analyse('{"a": 1} thanks!', NO_SCHEMA);
    const chosen = a.candidates.filter((c) => c.chosen);
    assert.equal(chosen.length, 1);
    assert.equal(chosen[0].start, 0);
    assert.ok(chosen[0].end <= 9, `chosen span ends at ${chosen[0].end}`);
  });

  test('of two values in prose the first is chosen and the second skipped with what it gives alone', () => {
    const a = analyse('Sure: {"a": 1} and also {"b": 2}', NO_SCHEMA);
    assert.deepEqual(a.candidates.map((c) => c.chosen), [true, false]);
    assert.match(a.candidates[1].why, /parses too/);
  });

  test('a schema repair is reported with its JSON Pointer path', () => {
    const schema = readSchema(example('schema.json'));
    assert.equal(schema.kind, 'schema');
    const a = analyse(example('reply.txt').replace('48213', '"48213"'), schema);
    assert.deepEqual(a.schemaRepairs, [{ kind: 'string_to_integer', path: '/order_id', before: '48213', after: 48213 }]);
  });

  test('a reply the schema refuses gives the issues and the feedback a model would get', () => {
    const a = analyse('{"order_id": "x"}', readSchema(example('schema.json')));
    assert.equal(a.ok, false);
    assert.equal(a.error?.code, 'SCHEMA_MISMATCH');
    assert.ok(a.issues.some((i) => i.path === '/order_id'));
    assert.match(a.feedback ?? '', /^The JSON does not match the required schema/);
  });

  test('an unreadable reply gives the error with its position; prose gives NO_JSON', () => {
    const bad = analyse('{"a": 1 @}', NO_SCHEMA);
    assert.equal(bad.error?.code, 'UNREPAIRABLE');
    assert.equal(bad.error?.offset, 8);
    assert.match(bad.feedback ?? '', /line 1 column 9/);
    assert.equal(analyse("I can't help with that.", NO_SCHEMA).error?.code, 'NO_JSON');
  });

  test('the schema box is read tolerantly, and a non-schema is refused with a reason', () => {
    assert.equal(readSchema('{"type": "object",}').kind, 'schema');
    assert.equal(readSchema('true').kind, 'schema');
    assert.equal(readSchema('  ').kind, 'none');
    assert.equal(readSchema('[1, 2]').kind, 'invalid');
    assert.equal(readSchema('no schema here').kind, 'invalid');
  });
});

describe('playground marks', () => {
  test('before and after of the repairs whose detail names both sides', () => {
    const reply = '{"a": True, "b": [1,],';
    const a = analyse(reply, NO_SCHEMA);
    const byKind = new Map(a.textRepairs.map((r) => [r.kind, changeOf(r, reply)]));
    assert.deepEqual(byKind.get('python_literal'), { before: 'True', after: 'true' });
    assert.deepEqual(byKind.get('trailing_comma'), { before: '","', after: '(removed)' });
    assert.equal(byKind.get('truncated')?.before, '(nothing)');
  });

  test('a string in other quotes shows whole on both sides, and its mark covers it', () => {
    const reply = "{'a': \u201cx y\u201d, `b`: 1}";
    const a = analyse(reply, NO_SCHEMA);
    assert.deepEqual(a.textRepairs.map((r) => [r.kind, changeOf(r, reply)]), [
      ['single_quotes', { before: "'a'", after: '"a"' }],
      ['curly_quotes', { before: '\u201cx y\u201d', after: '"x y"' }],
      ['backtick_quotes', { before: '`b`', after: '"b"' }],
    ]);
    assert.deepEqual(marksOf(reply, a.textRepairs, undefined).map((m) => reply.slice(m.start, m.end)), ["'a'", '\u201cx y\u201d', '`b`']);
  });

  test('marks cover the repaired text, are sorted and never overlap; the error gets its own', () => {
    const reply = '{"a": True, "b": [1,],';
    const a = analyse(reply, NO_SCHEMA);
    const marks = marksOf(reply, a.textRepairs, 3);
    const literal = marks.find((m) => m.repairs.some((i) => a.textRepairs[i].kind === 'python_literal'));
    assert.equal(reply.slice(literal?.start, literal?.end), 'True');
    assert.equal(marks.filter((m) => m.error).length, 1);
    for (let i = 1; i < marks.length; i++) assert.ok(marks[i - 1].end <= marks[i].start);
    assert.equal(new Set(marks.flatMap((m) => m.repairs)).size, a.textRepairs.length);
  });

  test('property: marks stay inside the text, in order, without overlap, for any reply', () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), (reply) => {
      const a = analyse(reply, NO_SCHEMA);
      const marks = marksOf(reply, a.textRepairs, a.error?.offset);
      let at = 0;
      for (const m of marks) {
        assert.ok(m.start >= at && m.end >= m.start && m.end <= reply.length);
        at = m.end;
      }
    }), { seed: 639850969 });
  });
});

describe('playground links', () => {
  test('the fragment carries the reply and the schema exactly', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), fc.string(), (reply, schema) => {
      assert.deepEqual(decodeFragment(encodeFragment({ reply, schema })), { reply, schema });
    }), { seed: 1361340751 });
  });

  test('spaces are written as %20 and a fragment without a reply carries nothing', () => {
    assert.equal(encodeFragment({ reply: 'a b', schema: '' }), '#reply=a%20b');
    assert.equal(decodeFragment(''), undefined);
    assert.equal(decodeFragment('#value'), undefined);
  });
});
