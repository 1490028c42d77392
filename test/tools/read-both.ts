// Shared by the tool tests: a reply read by extractToolCalls (or the error it throws), checked against the stream.
import assert from 'node:assert/strict';
import { JsonMendError, createToolCallStream, extractToolCalls, type ToolCallOptions } from '../../src/index.js';

/** extractToolCalls on `text`, after checking that the stream in 1- and 3-character chunks ends with the same. */
export function readBoth(text: string, given: ToolCallOptions['tools']): ReturnType<typeof extractToolCalls> {
  const whole = extractToolCalls(text, { tools: given });
  for (const size of [1, 3]) {
    const s = createToolCallStream({ tools: given });
    for (let k = 0; k < text.length; k += size) s.push(text.slice(k, k + size));
    assert.deepEqual(s.end(), whole, `in ${size}-character chunks`);
  }
  return whole;
}

/** The error extractToolCalls throws for `text`, after checking the stream's end() throws the same (1- and 3-character chunks). */
export function errorOfBoth(text: string, tools: ToolCallOptions['tools']): JsonMendError {
  let error: unknown;
  try {
    extractToolCalls(text, { tools });
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof JsonMendError, `${text}: no error`);
  for (const size of [1, 3]) {
    const s = createToolCallStream({ tools });
    for (let k = 0; k < text.length; k += size) s.push(text.slice(k, k + size));
    assert.throws(() => s.end(), (e: unknown) => e instanceof JsonMendError && e.message === error.message && e.offset === error.offset, `${text} in ${size}-character chunks`);
  }
  return error;
}
