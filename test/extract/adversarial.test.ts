import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeNoJson, extract } from '../../src/extract/index.js';

// These inputs would take hours with a quadratic scan. The assertions check the result; the
// generous per-test timeout only turns a hang into a failure instead of a stuck run.
const MB = 1 << 20;
const slow = { timeout: 120_000 };

function repeat(unit: string, bytes: number): string {
  return unit.repeat(Math.ceil(bytes / unit.length));
}

describe('extract: adversarial input finishes', () => {
  test('10 MB of {', slow, () => {
    const text = repeat('{', 10 * MB);
    assert.deepEqual(extract(text), []); // `{{` is never JSON-looking
    assert.deepEqual(extract(text, { strategy: ['balanced'] }), []);
  });

  test('10 MB of [ : one truncated candidate to the end', slow, () => {
    const text = repeat('[', 10 * MB);
    const found = extract(text, { strategy: ['balanced'] });
    assert.equal(found.length, 1);
    assert.equal(found[0].truncated, true);
    assert.equal(found[0].end, text.length);
    assert.equal(extract(text)[0].source, 'whole');
  });

  test('10 MB of `{"a":` and of [[[x', slow, () => {
    const found = extract(`x ${repeat('{"a":', 10 * MB)}`);
    assert.equal(found.length, 1);
    assert.equal(found[0].truncated, true);
    assert.deepEqual(extract(`x ${repeat('[[[x ', 10 * MB)}`), []);
  });

  test('2 MB of tags on one line after an open quote, and of unclosed quoted tag attributes', slow, () => {
    // Each tag looks back at most 1 000 characters for the string it may sit in.
    const inString = `{"a": "${repeat('<answer>x</answer>', 2 * MB)}`;
    assert.deepEqual(extract(inString).map((c) => c.source), ['whole']);
    const prose = `x {"a": "${repeat('</think>', 2 * MB)}`;
    assert.equal(extract(prose).length, 1);
    assert.deepEqual(extract(repeat(`<answer x='`, 2 * MB)), []);
  });

  test('10 MB of backticks, of ``` lines, of tildes', slow, () => {
    assert.deepEqual(extract(repeat('`', 10 * MB)), []);
    assert.deepEqual(extract(repeat('```\n', 10 * MB)), []);
    assert.deepEqual(extract(repeat('``` a ', 10 * MB)), []);
    assert.deepEqual(extract(repeat('~~~~\n{', 10 * MB)).length, 1);
  });

  test('10 MB of <think>, of </think>, of <answer and of <', slow, () => {
    assert.deepEqual(extract(repeat('<think>', 10 * MB)), []);
    assert.deepEqual(extract(repeat('</think>', 10 * MB)), []);
    assert.deepEqual(extract(repeat('<answer x="1"', 10 * MB)), []);
    assert.deepEqual(extract(repeat('<', 10 * MB)), []);
    assert.match(describeNoJson(repeat('<think>', 10 * MB)), /unclosed <think>/);
  });

  test('10 MB of reasoning channel tokens, opened and closed, and of [THINK without its ]', slow, () => {
    for (const unit of ['<|channel>thought', '<channel|>', '[THINK]', '[/THINK]', '[THINK][/THINK]{', '[THINK', '<|channel|>analysis<|end|>[']) {
      assert.deepEqual(extract(repeat(unit, 10 * MB)).length <= 1, true, unit);
    }
  });

  test('10 MB of " and of \' inside an object, and of \\', slow, () => {
    assert.equal(extract(`x {${repeat('"', 10 * MB)}`).length, 1);
    assert.equal(extract(`x {'a': ${repeat("'", 10 * MB)}`).length, 1);
    assert.equal(extract(`x {"a": ${repeat('\\', 10 * MB)}`).length, 1);
  });

  test('10 MB of call prefixes and of unquoted-key look-alikes', slow, () => {
    assert.deepEqual(extract(repeat('f(', 10 * MB)), []);
    assert.ok(extract(repeat('a({', 10 * MB)).length >= 1);
    assert.deepEqual(extract(`x ${repeat('{aaaaaaaaaaaa ', 10 * MB)}`), []);
    assert.deepEqual(extract(`x ${repeat('{' + ' '.repeat(1000), 10 * MB)}`), []);
  });

  test('1 MB of mixed structure', slow, () => {
    const unit = '<think>{"a":1}\n```json\n{"b":[1,</answer>\n~~~\n</think>[1] [x](y) cb({"c":2}) ';
    const text = repeat(unit, MB);
    const found = extract(text);
    let last = 0;
    for (const c of found) {
      assert.ok(c.start >= last);
      last = c.end;
    }
  });
});
