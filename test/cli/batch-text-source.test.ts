// The batch read from text (batchLines, createBatchStream, an in-process stdin of strings) rather than
// bytes: text may be cut anywhere, between the halves of a surrogate pair too, and each line must
// come out as it would from the same text as UTF-8 bytes.
import assert from 'node:assert/strict';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { test } from 'node:test';
import { batchLines, createBatchStream } from '../../src/cli/batch/library.js';

const EMOJI = '\u{1F600}';
const TEXT = `{"e":"${EMOJI}"}\n{"f":"x${EMOJI}${EMOJI}"}\n`;

/** `text` cut after every code unit: every surrogate pair is split between two pieces. */
function unitByUnit(text: string): string[] {
  return Array.from({ length: text.length }, (_, i) => text[i]);
}

async function lines(source: Iterable<string | Uint8Array>): Promise<string[]> {
  const out: string[] = [];
  for await (const line of batchLines(Readable.from(source, { objectMode: true }))) out.push(line);
  return out;
}

test('batchLines: a surrogate pair cut between two text pieces is one character, as from bytes', async () => {
  const fromBytes = await lines([Buffer.from(TEXT)]);
  assert.deepEqual(fromBytes, [`{"e":"${EMOJI}"}`, `{"f":"x${EMOJI}${EMOJI}"}`]);
  assert.deepEqual(await lines(unitByUnit(TEXT)), fromBytes);
  assert.deepEqual(await lines([TEXT.slice(0, 7), TEXT.slice(7)]), fromBytes);
  // A text piece after a byte piece, and the reverse.
  assert.deepEqual(await lines([Buffer.from(TEXT.slice(0, 10)), TEXT.slice(10)]), fromBytes);
});

test('createBatchStream: text written with a surrogate pair split across writes', async () => {
  const parts: string[] = [];
  const sink = new Writable({ write(chunk, _enc, done) { parts.push(String(chunk)); done(); } });
  await pipeline(Readable.from(unitByUnit(TEXT), { objectMode: true }), createBatchStream(), sink);
  assert.equal(parts.join(''), `{"e":"${EMOJI}"}\n{"f":"x${EMOJI}${EMOJI}"}\n`);
});

test('a lone surrogate in text fails its line (never a U+FFFD in the value); its neighbours are intact', async () => {
  for (const lone of ['\uD83D', '\uDE00']) {
    for (const pieces of [[`{"a":1}\n{"b":"x${lone}"}\n{"c":2}\n`], [`{"a":1}\n{"b":"x${lone}`, '"}\n{"c":2}\n'], [`{"a":1}\n{"b":"x${lone}"}`], [`{"a":1}\n{"b":"x`, lone]]) {
      const out = await lines(pieces);
      assert.equal(out[0], '{"a":1}');
      assert.ok(!out[1].includes('\uFFFD'), out[1]);
      const record = JSON.parse(out[1]) as { line: number; error: { code: string; message: string } };
      assert.equal(record.line, 2);
      assert.equal(record.error.code, 'INVALID_ARGUMENT');
      assert.match(record.error.message, /not valid UTF-8 at byte offset 7 \(0xed 0x[ab][0-9a-f] 0x[89ab][0-9a-f]\)/);
      if (pieces.join('').includes('{"c":2}')) assert.equal(out[2], '{"c":2}');
      assert.equal(out.length, pieces.join('').includes('{"c":2}') ? 3 : 2);
    }
  }
});
