// The line reader for batches: cuts a byte stream into chunks of whole lines without ever holding
// more than one chunk (plus one partial line) in memory. Every piece the source hands over that
// completes a line ends a chunk, so lines that trickle in (a pipe, a queue) are answered as they
// come; a file read in large pieces (CHUNK_BYTES) gives chunks of about that size. Cutting at '\n' bytes is safe for UTF-8,
// whose multi-byte sequences never contain 0x0A.
import { open } from 'node:fs/promises';
import { CHUNK_BYTES, type BufferPool } from './buffers.js';
import type { Chunk } from './config.js';
import { utf8Bytes } from '../utf8.js';

const NEWLINE = 0x0a;

function countLines(bytes: Uint8Array): number {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let n = 0;
  for (let i = view.indexOf(NEWLINE); i !== -1; i = view.indexOf(NEWLINE, i + 1)) n++;
  return n;
}

function concat(parts: Uint8Array[], total: number, buffers: BufferPool | undefined): Uint8Array {
  // A buffer of its own (from the pool or fresh, never a slice of a shared one): it may be
  // transferred to a worker, which detaches it.
  const out = buffers === undefined ? new Uint8Array(total) : buffers.take(total).subarray(0, total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/**
 * The file's bytes, read into buffers lent by `buffers`: whoever reads a piece gives its buffer back
 * (as {@link lineChunks} does) once done with it.
 */
export async function* fileSource(path: string, buffers: BufferPool): AsyncGenerator<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    for (;;) {
      const buffer = buffers.take(CHUNK_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) {
        buffers.give(buffer);
        return;
      }
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

/**
 * `source`'s pieces as bytes. Text is encoded as UTF-8 (see {@link utf8Bytes}: a lone surrogate makes
 * its line fail, never a U+FFFD); a source of text may be cut anywhere, between the two halves of a
 * surrogate pair too, so a high surrogate that ends a piece waits for the next piece's first unit.
 * Encoded piece by piece, each half alone was a U+FFFD: an emoji became two, and the line parsed.
 */
async function* bytePieces(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<Uint8Array> {
  let high = '';
  for await (const piece of source) {
    if (typeof piece !== 'string') {
      if (high !== '') yield utf8Bytes(high);
      high = '';
      yield piece;
      continue;
    }
    let text = high === '' ? piece : high + piece;
    high = '';
    if (isHighSurrogate(text.charCodeAt(text.length - 1))) {
      high = text.slice(-1);
      text = text.slice(0, -1);
    }
    if (text !== '') yield utf8Bytes(text);
  }
  if (high !== '') yield utf8Bytes(high);
}

/**
 * Chunks of whole lines from `source`, in order. A last line without a final newline is a line too.
 * Pulls from `source` only as the consumer asks, so a slow consumer slows the reading. With
 * `buffers`, each chunk's bytes are lent by it, and each piece of `source` it lent (see
 * {@link fileSource}) is given back once copied.
 */
export async function* lineChunks(source: AsyncIterable<Uint8Array | string>, buffers?: BufferPool): AsyncGenerator<Chunk> {
  let parts: Uint8Array[] = [];
  let size = 0;
  let nextLine = 1;
  const flush = (final: boolean): Chunk => {
    const bytes = concat(parts, size, buffers);
    parts = [];
    size = 0;
    let lines = countLines(bytes);
    if (final && bytes.byteLength > 0 && bytes[bytes.byteLength - 1] !== NEWLINE) lines++;
    const chunk = { bytes, firstLine: nextLine, lines };
    nextLine += lines;
    return chunk;
  };
  // A line's start carried to the next piece is copied when pieces are given back: the buffer it
  // lies in is about to be read into again. (Not `part.slice()`: a Buffer's is a view, not a copy.)
  const kept = (part: Uint8Array) => (buffers === undefined ? part : new Uint8Array(part));
  let carry: Uint8Array[] = [];
  let carrySize = 0;
  for await (const buf of bytePieces(source)) {
    const last = buf.lastIndexOf(NEWLINE);
    if (last === -1) {
      carry.push(kept(buf));
      carrySize += buf.byteLength;
      buffers?.give(buf);
      continue;
    }
    for (const c of carry) parts.push(c);
    size += carrySize;
    parts.push(buf.subarray(0, last + 1));
    size += last + 1;
    carry = last + 1 < buf.byteLength ? [kept(buf.subarray(last + 1))] : [];
    carrySize = buf.byteLength - last - 1;
    const chunk = flush(false);
    buffers?.give(buf);
    yield chunk;
  }
  for (const c of carry) parts.push(c);
  size += carrySize;
  if (size > 0) yield flush(true);
}
