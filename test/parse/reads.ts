// The check most parse tests make of a text and the value it should give: the three ways to read a
// reply (parse, repair then JSON.parse, the stream in small chunks) must agree on it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse, parseWithReport, repair } from '../../src/index.js';
import { streamedEnd } from '../stream/check.js';

/** A test per row: `parse`, `repair` and the stream in 1- and 3-character chunks all give its value. */
export function readsEach(rows: ReadonlyArray<readonly [text: string, value: unknown]>): void {
  for (const [text, value] of rows) {
    test(JSON.stringify(text), () => {
      assert.deepEqual(parse(text), value);
      assert.deepEqual(JSON.parse(repair(text)), value);
      for (const size of [1, 3]) assert.deepEqual(streamedEnd(text, size), value, `in ${size}-character chunks`);
    });
  }
}

/**
 * Asserts (inside a test) that `parseWithReport`, `repair` and the stream in 1- and 3-character chunks
 * read `text` as `expected`, and, when given, that the repairs named are `kinds`, in order.
 */
export function readsAs(text: string, expected: unknown, kinds?: readonly string[]): void {
  const r = parseWithReport(text);
  assert.deepEqual(r.value, expected, text);
  if (kinds) assert.deepEqual(r.repairs.map((x) => x.kind), kinds, `kinds: ${text}`);
  assert.deepEqual(JSON.parse(repair(text)), expected, `repair: ${text}`);
  for (const size of [1, 3]) assert.deepEqual(streamedEnd(text, size), expected, `stream ${size}: ${text}`);
}
