// Integers in JSON text that a double cannot hold. A verbatim claim may quote the JSON text it saw
// (`"12345678901234567891"`), and a range claim may read a string holding one; read as a number,
// such an integer is rounded to the nearest double, which then equals (or lies within the bounds of)
// what the text does not spell. Beyond 2^53 integers are compared exactly, as a field claim compares
// an integer string with a number (compare.ts).
import { firstNumberToken } from './number-tokens.js';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The first integer token of valid JSON `text` (outside strings) that no double holds exactly, or undefined. */
export function inexactIntegerIn(text: string): string | undefined {
  return firstNumberToken(text, (token) => {
    // Past 2^53 only, and integers only (a fraction or an exponent is read by value, as a field claim
    // reads it): every integer within 2^53 is held exactly.
    if (token.length < 16 || !/^-?[0-9]+$/.test(token)) return undefined;
    const exact = BigInt(token);
    return (exact > MAX_SAFE || exact < -MAX_SAFE) && BigInt(Number(token)) !== exact ? token : undefined;
  });
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
