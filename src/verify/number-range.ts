// Numbers written as text that no double holds: `1e400` reads as Infinity and `1e-400` as 0, so read as
// numbers they would equal (or lie within the bounds of) what the text does not spell: `"1e-400"` would
// equal 0, and no pass may rest on that. Such a text is compared exactly instead, which needs no
// arithmetic: a text beyond the largest double exceeds every finite number in magnitude, and a non-zero
// text below the smallest one lies strictly between 0 and every non-zero number.
import { firstNumberToken } from './number-tokens.js';

/** Why a JSON number literal has no double: `overflow` (read as ±Infinity) or `underflow` (non-zero, read as 0). */
export type OutOfRange = 'overflow' | 'underflow';

/** Whether a JSON number literal (already checked to be one) is beyond the range of a double, and how. */
export function outOfRange(literal: string): OutOfRange | undefined {
  const n = Number(literal);
  if (!Number.isFinite(n)) return 'overflow';
  if (n !== 0) return undefined;
  // Zero only when a digit of the mantissa is not 0 (`0.000e5` is 0; `1e-400` is not).
  for (let i = 0; i < literal.length; i++) {
    const c = literal.charCodeAt(i);
    if (c === 0x65 || c === 0x45) break;
    if (c >= 0x31 && c <= 0x39) return 'underflow';
  }
  return undefined;
}

/** A string that spells (trimmed) a JSON number no double holds, with why; undefined for any other string. */
export function outOfRangeString(s: string): { literal: string; why: OutOfRange } | undefined {
  const literal = s.trim();
  if (literal.length > 400 || !JSON_NUMBER.test(literal)) return undefined;
  const why = outOfRange(literal);
  return why === undefined ? undefined : { literal, why };
}

/** The sign of the literal's value (-1 or 1); only asked of a non-zero one. */
function signOf(literal: string): number {
  return literal.charCodeAt(0) === 0x2d ? -1 : 1;
}

/** Where a literal out of range lies, for messages: `beyond the range of a double`. */
export function whereOutOfRange(why: OutOfRange): string {
  return why === 'overflow' ? 'beyond the range of a double' : 'closer to 0 than any double';
}

/** A literal out of range and what reading it as a number would do, for messages. */
export function describeOutOfRange(literal: string, why: OutOfRange): string {
  return why === 'overflow'
    ? `${literal} is beyond the range of a double: read as a number it is ${signOf(literal) < 0 ? '-' : ''}Infinity, its digits lost`
    : `${literal} is closer to 0 than any double: read as a number it is 0, which it is not`;
}

/** The sign of `literal` − `b` for a finite double `b`, exactly (NaN for a NaN `b`). */
export function outOfRangeCmp(literal: string, why: OutOfRange): (b: number) => number {
  const sign = signOf(literal);
  return (b) => {
    if (Number.isNaN(b)) return NaN;
    // Beyond every finite double in magnitude: its sign decides.
    if (why === 'overflow') return sign;
    // Strictly between 0 and every non-zero double: against 0 its sign decides, against b the sign of −b.
    return b === 0 ? sign : b > 0 ? -1 : 1;
  };
}

/**
 * Whether `literal` (out of range) equals the finite double `n` within `tolerance` (≥ 0), exactly: never
 * when there is no tolerance (no double has its value); beyond the largest double, never (its distance to
 * any double exceeds every finite tolerance); below the smallest, when |literal − n| ≤ tolerance.
 */
export function withinTolerance(literal: string, why: OutOfRange, n: number, tolerance: number): boolean {
  if (tolerance <= 0 || why === 'overflow' || !Number.isFinite(n)) return false;
  // |literal| is smaller than any non-zero double, so |literal − n| is |n| nudged by less than one step:
  // below the tolerance when |n| is, above it when |n| is; at |n| = tolerance it depends on the direction.
  const an = Math.abs(n);
  if (an !== tolerance) return an < tolerance;
  return n !== 0 && Math.sign(n) === signOf(literal);
}

/**
 * The first number token of JSON text (outside strings) that no double holds, or undefined: a claim
 * quoting JSON text (`"[1e-400]"`) that JSON.parse would read as `[0]`. `only` limits it to one kind.
 */
export function outOfRangeNumberIn(text: string, only?: OutOfRange): { literal: string; why: OutOfRange } | undefined {
  return firstNumberToken(text, (literal) => {
    // Only the long or exponent-bearing tokens can be out of range: every other is skipped unread.
    if (literal.length <= 300 && !/[eE]/.test(literal)) return undefined;
    const why = JSON_NUMBER.test(literal) ? outOfRange(literal) : undefined;
    return why !== undefined && (only === undefined || why === only) ? { literal, why } : undefined;
  });
}

/**
 * A number the claims hold as 0 that the text they were read from wrote as a non-zero number closer to 0
 * than any double (`{"value": 1e-400}`, `{"min": 1e-400}`), or undefined. Parsed, such a claim would verify
 * against a 0 found, so the caller refuses it. The text is scanned once, and only when the claims hold a 0
 * where one is compared (`value`, `min`, `max`, `exclusiveMin`, `exclusiveMax`); which 0 was written so
 * cannot be told from the value, so any such 0 is refused while the text holds one. (A number beyond the
 * largest double reads as ±Infinity, which no claim compares equal or accepts as a bound.) `jsonText`
 * gives the JSON text the claims were read from, asked only then: for a model's reply, its repair, not
 * the reply, whose prose (`a 5" screen`) would turn the scan's idea of what is inside a string around.
 */
export function underflowedClaimNumber(claims: readonly unknown[], jsonText: () => string): { literal: string; why: OutOfRange } | undefined {
  return claims.some(holdsComparedZero) ? outOfRangeNumberIn(jsonText(), 'underflow') : undefined;
}

function holdsComparedZero(claim: unknown): boolean {
  if (claim === null || typeof claim !== 'object') return false;
  const c = claim as Record<string, unknown>;
  for (const k of ['min', 'max', 'exclusiveMin', 'exclusiveMax']) if (c[k] === 0) return true;
  // The value may be a container: walked with a stack (and a set, as a value could contain itself).
  const stack: unknown[] = [c.value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === 0) return true;
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    for (const child of Object.values(v)) stack.push(child);
  }
  return false;
}


const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
