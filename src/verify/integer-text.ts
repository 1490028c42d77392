// Integers in JSON text that a double cannot hold. A verbatim claim may quote the JSON text it saw
// (`"12345678901234567891"`), and a range claim may read a string holding one; read as a number,
// such an integer is rounded to the nearest double, which then equals (or lies within the bounds of)
// what the text does not spell. Beyond 2^53 integers are compared exactly, as a field claim compares
// an integer string with a number (compare.ts).

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The first integer token of valid JSON `text` (outside strings) that no double holds exactly, or undefined. */
export function inexactIntegerIn(text: string): string | undefined {
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string, escapes included (the text parsed, so every string ends).
      i++;
      while (i < n && text.charCodeAt(i) !== 0x22) i += text.charCodeAt(i) === 0x5c ? 2 : 1;
      i++;
      continue;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      i++;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      const next = text.charCodeAt(i);
      if (next === 0x2e || next === 0x65 || next === 0x45) {
        // A fraction or an exponent: read by value, as a field claim reads it.
        i++;
        while (i < n && /[0-9eE+\-.]/.test(text[i])) i++;
        continue;
      }
      const token = text.slice(start, i);
      // Past 2^53 only: every integer within it is held exactly.
      if (token.length >= 16) {
        const exact = BigInt(token);
        if ((exact > MAX_SAFE || exact < -MAX_SAFE) && BigInt(Number(token)) !== exact) return token;
      }
      continue;
    }
    i++;
  }
  return undefined;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** The sign of the integer `digits` − `b` (a finite double), compared exactly. */
export function integerCmp(digits: string): (b: number) => number {
  const x = BigInt(digits);
  return (b) => {
    const floor = Math.floor(b);
    const f = BigInt(floor);
    if (x > f) return 1;
    if (x < f) return -1;
    return floor === b ? 0 : -1;
  };
}
