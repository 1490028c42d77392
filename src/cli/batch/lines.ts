// The line reader for batches: cuts a byte stream into chunks of whole lines without ever holding
// more than one chunk (plus one partial line) in memory. Every piece the source hands over that
// completes a line ends a chunk, so lines that trickle in (a pipe, a queue) are answered as they
// come; a file read in large pieces (CHUNK_BYTES) gives chunks of about that size. Cutting at '\n' bytes is safe for UTF-8,
// whose multi-byte sequences never contain 0x0A.
import type { Chunk } from './config.js';

const NEWLINE = 0x0a;

/** Read size for files: large enough to amortise a worker round trip, small enough to stay flat. */
export const CHUNK_BYTES = 256 * 1024;

function countLines(bytes: Uint8Array): number {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let n = 0;
  for (let i = view.indexOf(NEWLINE); i !== -1; i = view.indexOf(NEWLINE, i + 1)) n++;
  return n;
}

function concat(parts: Uint8Array[], total: number): Uint8Array {
  // A fresh, unpooled buffer: it may be transferred to a worker, which detaches it.
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/**
 * Chunks of whole lines from `source`, in order. A last line without a final newline is a line too.
 * Pulls from `source` only as the consumer asks, so a slow consumer slows the reading.
 */
export async function* lineChunks(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<Chunk> {
  let parts: Uint8Array[] = [];
  let size = 0;
  let nextLine = 1;
  const flush = (final: boolean): Chunk => {
    const bytes = concat(parts, size);
    parts = [];
    size = 0;
    let lines = countLines(bytes);
    if (final && bytes.byteLength > 0 && bytes[bytes.byteLength - 1] !== NEWLINE) lines++;
    const chunk = { bytes, firstLine: nextLine, lines };
    nextLine += lines;
    return chunk;
  };
  let carry: Uint8Array[] = [];
  let carrySize = 0;
  for await (const piece of source) {
    const buf = typeof piece === 'string' ? Buffer.from(piece) : piece;
    const last = buf.lastIndexOf(NEWLINE);
    if (last === -1) {
      carry.push(buf);
      carrySize += buf.byteLength;
      continue;
    }
    for (const c of carry) parts.push(c);
    size += carrySize;
    parts.push(buf.subarray(0, last + 1));
    size += last + 1;
    carry = last + 1 < buf.byteLength ? [buf.subarray(last + 1)] : [];
    carrySize = buf.byteLength - last - 1;
    yield flush(false);
  }
  for (const c of carry) parts.push(c);
  size += carrySize;
  if (size > 0) yield flush(true);
}
