// Invariants over replies assembled from markup fragments, prose and JSON pieces (fast-check):
// extractToolCalls either returns or throws a JsonMendError; spans are ordered, disjoint and inside
// the text; the remaining text holds no call's span; and the stream, chunked at random, ends with
// exactly the same result (or the same error).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { JsonMendError, createToolCallStream, extractToolCalls, type ToolCallsResult } from '../../src/index.js';

const tools = [{ name: 'f', schema: { type: 'object' } }, { name: 'g' }];

const FRAGMENTS = [
  '<tool_call>', '</tool_call>', '<function=f>', '</function>', '<parameter=a>', '</parameter>', '<|python_tag|>', '<|eom_id|>',
  '[TOOL_CALLS]', '[ARGS]', '<|start|>assistant', '<|channel|>commentary ', 'to=functions.f', ' <|constrain|>json', '<|message|>',
  '<|call|>', '<|end|>', '<｜tool▁calls▁begin｜>', '<｜tool▁call▁begin｜>', 'function', '<｜tool▁sep｜>', '<｜tool▁call▁end｜>',
  '{"name": "f", "arguments": {"a": 1}}', '{"name": "g", "parameters": {}}', '{"a": [1, "x"]}', '{{"a": 1}}', '"arguments": ', '{', '}', '[', ']',
  '"', ',', ':', '\n', '```json\n', '\n```', 'f', 'g', ' hello ', 'text with a } and a {', '<think>', '</think>', '<reasoning>', '</reasoning>',
];

const reply = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 14 }).map((parts) => parts.join(''));

function outcome(run: () => ToolCallsResult): ToolCallsResult | { error: string } {
  try {
    return run();
  } catch (error) {
    assert.ok(error instanceof JsonMendError, `not a JsonMendError: ${String(error)}`);
    return { error: `${error.code}: ${error.message}` };
  }
}

describe('tool calls: properties', () => {
  test('a result or a JsonMendError; spans ordered, disjoint, inside the text', () => {
    fc.assert(fc.property(reply, (text) => {
      const r = outcome(() => extractToolCalls(text, { tools }));
      if ('error' in r) return;
      let last = 0;
      for (const call of r.calls) {
        assert.ok(call.span.start >= 0 && call.span.end <= text.length && call.span.start < call.span.end);
        assert.ok(call.span.start >= last || r.calls.filter((c) => c.span.start === call.span.start).length > 1, 'ordered and disjoint');
        last = call.span.end;
        assert.ok(['f', 'g'].includes(call.name));
      }
      if (r.calls.length === 0) assert.equal(r.text, text.trim());
    }), { seed: 180413897, numRuns: 1500 });
  });

  test('prose without markup or JSON gives no call and the text back', () => {
    fc.assert(fc.property(fc.string().filter((s) => !/[<[{"]|to=|｜/.test(s)), (text) => {
      assert.deepEqual(extractToolCalls(text, { tools }), { calls: [], text: text.trim() });
    }), { seed: 385198431 });
  });

  test('the stream, chunked at random, ends with the same result or error', () => {
    fc.assert(fc.property(reply, fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 10 }), (text, sizes) => {
      const whole = outcome(() => extractToolCalls(text, { tools }));
      const streamed = outcome(() => {
        const s = createToolCallStream({ tools });
        let i = 0;
        for (let k = 0; i < text.length; k++) {
          const n = sizes[k % sizes.length];
          for (const e of s.push(text.slice(i, i + n))) assert.ok(e.type !== 'error' || e.error instanceof JsonMendError);
          i += n;
        }
        return s.end();
      });
      assert.deepEqual(streamed, whole);
    }), { seed: 388132069, numRuns: 1500 });
  });
});
