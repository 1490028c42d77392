// The number tokens of JSON text, outside strings: what a claim quoting JSON text (`"[1e-400]"`,
// `"12345678901234567891"`) would lose read by JSON.parse is found among them (integer-text.ts,
// number-range.ts).

/**
 * Calls `visit` with each number token of `text` outside strings (a `-` or digit not after a word
 * character, and the number characters after it; not checked to be valid JSON) until it returns a
 * result, which is returned; undefined when none does. One pass: linear.
 */
export function firstNumberToken<R>(text: string, visit: (token: string) => R | undefined): R | undefined {
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string, escapes included.
      i++;
      while (i < n && text.charCodeAt(i) !== 0x22) i += text.charCodeAt(i) === 0x5c ? 2 : 1;
      i++;
      continue;
    }
    // A token starts a number only after a non-word character (`sha1e400` holds none).
    if ((c === 0x2d || (c >= 0x30 && c <= 0x39)) && !isWordChar(text.charCodeAt(i - 1))) {
      const start = i;
      i++;
      while (i < n && isNumberChar(text.charCodeAt(i))) i++;
      const found = visit(text.slice(start, i));
      if (found !== undefined) return found;
      continue;
    }
    i++;
  }
  return undefined;
}

function isWordChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x2e;
}

function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
}
