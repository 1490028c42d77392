// Found in session 8 by a survey of damage written into valid documents (a deleted opener, closer,
// comma or colon; an extra opener): the one silent loss left. A comma missing between a string and a
// number (`"abc"-1.5`) makes the quote read as text inside the string, which runs on; a closer inside
// a later string then ends the value and the rest is set aside. Real replies rarely hold `}` or `]`
// in strings right after such a slip, generated ones often do. A todo until the engine keeps it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JsonMendError, parse } from '../../src/index.js';

test('a string run on by a missing comma, then a closer inside a later string: nothing set aside', { todo: 'the rest after "}Ue1" is set aside today (session 8 note)' }, () => {
  const text = '["O#B>RA"-1.02e95, 9.6, null, "}Ue1", 1.1, false]';
  let value: unknown;
  try {
    value = parse(text);
  } catch (e) {
    assert.ok(e instanceof JsonMendError);
    return;
  }
  const out = JSON.stringify(value);
  for (const scalar of ['Ue1', '1.1', 'false']) assert.ok(out.includes(scalar), `${scalar} lost: ${out}`);
});
