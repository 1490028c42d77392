// Shared by the tool tests: a reply read by extractToolCalls, checked against the stream.
import assert from 'node:assert/strict';
import { createToolCallStream, extractToolCalls, type ToolCallOptions } from '../../src/index.js';

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
