// Why a reply was refused is a field of the error (JsonMendError.refusal), read by the loop's feedback and
// the CLI: never guessed from the message's words, which are written for developers and may change.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonMendError, parse, parseToolArguments } from '../../src/index.js';

function refusalOf(run: () => unknown): JsonMendError['refusal'] {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof JsonMendError && error.code === 'REPAIR_REFUSED', String(error));
    return error.refusal;
  }
  assert.fail('no error');
}

describe('JsonMendError.refusal', () => {
  const schema = { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] } as const;
  test('a disabled repair names its kind', () => {
    assert.deepEqual(refusalOf(() => parse("{'a': 1}", { disable: ['single_quotes'] })), { reason: 'disabled_repair', kind: 'single_quotes' });
    assert.deepEqual(refusalOf(() => parse('{"a": 1} and {"a": ', { disable: ['truncated'] })), { reason: 'disabled_repair', kind: 'truncated' });
  });
  test('a reply cut off, and a pick between values that would be a guess', () => {
    assert.deepEqual(refusalOf(() => parse('{"a": 1, "b": "x', { schema })), { reason: 'cut_off' });
    assert.deepEqual(refusalOf(() => parse('{"a": 1}{"a": 2}', { schema })), { reason: 'ambiguous' });
    assert.deepEqual(refusalOf(() => parseToolArguments('<parameter=a>\n1\n', schema)), { reason: 'cut_off' });
  });
  test('other errors carry none', () => {
    try {
      parse('no json here');
    } catch (error) {
      assert.ok(error instanceof JsonMendError && error.refusal === undefined);
    }
  });
});
