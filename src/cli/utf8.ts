// Input bytes to text, refusing bytes that are not UTF-8: a decoder that replaces them with U+FFFD
// would hand on a value that looks complete while characters of it are gone.

/** A decoder that throws on bytes that are not UTF-8 (as fast as a replacing one). BOMs are kept. */
const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The byte offset of the first sequence in `bytes` that is not UTF-8 (RFC 3629: no overlong forms,
 * no surrogates, nothing above U+10FFFF), or -1 when every byte is. Linear; only called once a
 * decoder has refused the bytes, to say where.
 */
export function invalidUtf8At(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const c = bytes[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let more: number;
    if (c >= 0xc2 && c <= 0xdf) more = 1;
    else if (c >= 0xe0 && c <= 0xef) more = 2;
    else if (c >= 0xf0 && c <= 0xf4) more = 3;
    else return i;
    const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
    if (i + 1 >= n || bytes[i + 1] < lo || bytes[i + 1] > hi) return i;
    for (let k = 2; k <= more; k++) if (i + k >= n || (bytes[i + k] & 0xc0) !== 0x80) return i;
    i += more + 1;
  }
  return -1;
}

/** Why `bytes` is not UTF-8: "not valid UTF-8 at byte offset 7 (0xff)". */
export function invalidUtf8Message(bytes: Uint8Array): string {
  const at = invalidUtf8At(bytes);
  if (at === -1) return 'not valid UTF-8';
  let end = at + 1;
  while (end < bytes.length && end < at + 4 && (bytes[end] & 0xc0) === 0x80) end++;
  const shown = Array.from(bytes.subarray(at, end), (b) => `0x${b.toString(16).padStart(2, '0')}`);
  return `not valid UTF-8 at byte offset ${at} (${shown.join(' ')})`;
}

/** `bytes` as text; `undefined` when they are not UTF-8 (see {@link invalidUtf8Message} for where). */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return fatal.decode(bytes);
  } catch {
    return undefined;
  }
}

/** A surrogate with no partner: a high one not followed by a low one, or a low one not after a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `text` as UTF-8. A lone surrogate (text that is not well-formed UTF-16) is written in its
 * three-byte form (0xed 0xa0–0xbf …), which is not UTF-8, so the line holding it fails as one that is
 * not UTF-8, naming where. `Buffer.from` would write U+FFFD in its place: a value that looks complete
 * with a character gone.
 */
export function utf8Bytes(text: string): Uint8Array {
  LONE_SURROGATE.lastIndex = 0;
  if (!LONE_SURROGATE.test(text)) return Buffer.from(text);
  const parts: Uint8Array[] = [];
  let from = 0;
  LONE_SURROGATE.lastIndex = 0;
  for (let m = LONE_SURROGATE.exec(text); m !== null; m = LONE_SURROGATE.exec(text)) {
    const unit = text.charCodeAt(m.index);
    parts.push(Buffer.from(text.slice(from, m.index)), Uint8Array.of(0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)));
    from = m.index + 1;
  }
  parts.push(Buffer.from(text.slice(from)));
  return Buffer.concat(parts);
}
