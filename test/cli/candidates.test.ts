// The batch writes each extract candidate as JSON text directly (locatedJson); it must be exactly
// the text of the object the single-reply command prints (located), for every kind of candidate.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { extract } from '../../src/index.js';
import { located, locatedJson } from '../../src/cli/candidates.js';
import { hostileText, wrappedJson } from '../fuzz/inputs.js';

const replies = [
  'Sure:\n```JSON\n{"a": "é\\"\\n"}\n```',
  '<think>{"draft": 1}</think>',
  '<Answer>\n[1, 2</Answer>',
  'text {"a": [1, 2',
  'cb({"x": "\u2028"})',
  '```py\n{"k": "\ud800"}\n```',
];

test('locatedJson is JSON.stringify(located(...)) for every candidate of typical replies', () => {
  for (const reply of replies) {
    const found = extract(reply);
    assert.ok(found.length > 0, reply);
    for (const c of found) assert.equal(locatedJson(c, reply), JSON.stringify(located(c, reply)));
  }
});

test('locatedJson is JSON.stringify(located(...)) on generated replies', () => {
  fc.assert(
    fc.property(fc.oneof(wrappedJson.map((w) => w.text), hostileText), (reply) => {
      for (const c of extract(reply)) assert.equal(locatedJson(c, reply), JSON.stringify(located(c, reply)));
    }),
    { numRuns: 2000, seed: 7 },
  );
});
