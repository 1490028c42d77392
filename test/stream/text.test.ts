// The stream's record of its text: positions must stay right however pushes and whole-text reads
// (end(), errors, a whole document followed by more text) interleave.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { ChunkText } from '../../src/stream/text.js';

function expected(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lastBreak = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: offset - lastBreak };
}

test('line and column stay right when the whole text is read between pushes', () => {
  const step = fc.oneof(
    fc.record({ add: fc.stringMatching(/^[ab\n]{0,6}$/) }),
    fc.record({ all: fc.constant(true) }),
    fc.record({ ask: fc.nat() }),
  );
  fc.assert(fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
    const buf = new ChunkText();
    let text = '';
    for (const s of steps) {
      if ('add' in s) {
        buf.add(s.add);
        text += s.add;
      } else if ('all' in s) {
        assert.equal(buf.all(), text);
      } else if (text.length > 0) {
        const offset = s.ask % text.length;
        assert.deepEqual(buf.position(offset), expected(text, offset));
        assert.equal(buf.charCodeAt(offset), text.charCodeAt(offset));
      }
    }
    assert.equal(buf.all(), text);
    assert.equal(buf.length, text.length);
  }), { seed: 240611, numRuns: 400 });
});
