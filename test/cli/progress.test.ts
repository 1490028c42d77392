// The batch progress bar's figures and its plain-text form for TERM=dumb.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatBytes, formatCount, progressText, ProgressBar } from '../../src/cli/progress.js';
import { makeStyle } from '../../src/cli/term.js';

function recorder(): { stream: NodeJS.WritableStream; text: () => string } {
  const parts: string[] = [];
  const stream = { write: (s: string) => (parts.push(s), true) } as unknown as NodeJS.WritableStream;
  return { stream, text: () => parts.join('') };
}

describe('progress bar', () => {
  test('sizes: whole bytes below 1 KB, one decimal above, decimal units', () => {
    assert.equal(formatBytes(0), '0 B');
    assert.equal(formatBytes(312), '312 B');
    assert.equal(formatBytes(999), '999 B');
    assert.equal(formatBytes(1000), '1.0 KB');
    assert.equal(formatBytes(4_200), '4.2 KB');
    assert.equal(formatBytes(18_000_000), '18.0 MB');
    assert.equal(formatBytes(2.5e9), '2.5 GB');
  });

  test('counts: thousands separators for lines and failures alike', () => {
    assert.equal(formatCount(1234567), '1,234,567');
    const { tail } = progressText(0, undefined, 12_345, 1_002);
    assert.equal(tail, '12,345 lines, 1,002 failed');
    assert.equal(progressText(0, undefined, 1, 0).tail, '1 line');
  });

  test('a tiny file shows real figures, not 0.0/0.0 MB', () => {
    const { bar } = progressText(120, 500, 3, 0);
    assert.match(bar, /\] {2}24% 120 B of 500 B $/);
    assert.match(progressText(500, 500, 7, 0).bar, /100% 500 B of 500 B/);
  });

  test('TERM=dumb: no escape sequences, spaces erase what was drawn', () => {
    const out = recorder();
    const bar = new ProgressBar(out.stream, makeStyle(false), 2_000_000, { TERM: 'dumb' });
    bar.update(1_000_000, 10_000, 1);
    bar.clear();
    const text = out.text();
    assert.doesNotMatch(text, /\u001b/);
    assert.match(text, /^\r\[#{12}\.{12}\] {2}50% 1\.0 MB of 2\.0 MB 10,000 lines, 1 failed\r +\r$/);
  });

  test('a real terminal: erase-line sequences, the failure count coloured', () => {
    const out = recorder();
    const bar = new ProgressBar(out.stream, makeStyle(true), undefined, { TERM: 'xterm' });
    bar.update(2048, 5, 2);
    assert.match(out.text(), /^\r\u001b\[K\u001b\[36m2\.0 KB \u001b\[39m5 lines, \u001b\[31m2 failed\u001b\[39m$/);
  });
});
