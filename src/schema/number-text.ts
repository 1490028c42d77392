// How a reply wrote its numbers. A number read from text is a double: `1.10` is 1.1 and the id
// `12345678901234567890` is 12345678901234567000. Where the schema asks for a string, the string is
// the number as written, not as the double prints (`scalar_to_string`).

/** The spelling of `n` in the text when it differs from `String(n)`; null when the text spells it two ways; undefined when as printed or absent. */
export type NumberText = (n: number) => string | null | undefined;

/**
 * The spellings of the numbers in `text[start, end)` outside `"` strings, found in one pass on the
 * first question (most values never ask).
 */
export function numberSpellings(text: string, start: number, end: number): NumberText {
  let found: Map<number, string | null> | undefined;
  return (n) => {
    found ??= scan(text, start, end);
    const written = found.get(n);
    return written === String(n) ? undefined : written;
  };
}

function scan(text: string, start: number, end: number): Map<number, string | null> {
  const found = new Map<number, string | null>();
  let i = start;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i++;
      while (i < end && text.charCodeAt(i) !== 0x22) i += text.charCodeAt(i) === 0x5c ? 2 : 1;
      i++;
      continue;
    }
    if ((isDigit(c) || c === 0x2d) && !isWordChar(text.charCodeAt(i - 1))) {
      const j = numberEnd(text, i, end);
      if (j > i && !isWordChar(text.charCodeAt(j)) && text.charCodeAt(j) !== 0x2e) {
        const token = text.slice(i, j);
        const n = Number(token);
        const seen = found.get(n);
        found.set(n, seen === undefined || seen === token ? token : null);
      }
      i = Math.max(j, i + 1);
      continue;
    }
    i++;
  }
  return found;
}

/** End of `-?digits(.digits)?([eE][+-]?digits)?` at `i`, or `i` when none starts there. */
function numberEnd(text: string, i: number, end: number): number {
  let j = i;
  if (text.charCodeAt(j) === 0x2d) j++;
  const digits = j;
  while (j < end && isDigit(text.charCodeAt(j))) j++;
  if (j === digits) return i;
  if (text.charCodeAt(j) === 0x2e && isDigit(text.charCodeAt(j + 1))) {
    j++;
    while (j < end && isDigit(text.charCodeAt(j))) j++;
  }
  const e = text.charCodeAt(j);
  if (e === 0x65 || e === 0x45) {
    let k = j + 1;
    if (text.charCodeAt(k) === 0x2b || text.charCodeAt(k) === 0x2d) k++;
    if (isDigit(text.charCodeAt(k))) {
      while (k < end && isDigit(text.charCodeAt(k))) k++;
      j = k;
    }
  }
  return j;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isWordChar(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x2e;
}
