// The typed comparison behind `field` claims: JSON type first, then value, with a few documented
// conversions between a string and the scalar it spells. Iterative, so deep values cannot overflow.
import { JsonMendError, describeType } from '../errors.js';
import { cyclicDocument } from '../path/errors.js';
import { writeJson } from '../parse/write-json.js';
import { describeOutOfRange, outOfRangeString, whereOutOfRange, withinTolerance, type OutOfRange } from './number-range.js';
import type { CompareOptions } from './types.js';

/** Outcome of {@link compareClaimValues}. */
export interface ComparisonOutcome {
  equal: boolean;
  /** Why not equal (first difference, with its location), or which conversion made them equal. */
  reason: string;
}

const END: unique symbol = Symbol('end of a container');
const NUMBER_TEXT = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const hasOwnProperty = Object.prototype.hasOwnProperty;

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** A short JSON rendering for messages, cut at `limit` characters. */
export function preview(v: unknown, limit = 60): string {
  // JSON.stringify spells these `null`, which would tell the reader the wrong thing.
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  let text: string | undefined;
  try {
    text = JSON.stringify(v);
  } catch (error) {
    // Nested too deep for JSON.stringify's recursion (a parsed payload can be): the iterative writer,
    // not String(v), which says `[object Object]`.
    text = error instanceof RangeError ? writeJson(v, { maxChars: limit }) : undefined;
  }
  if (text === undefined) return String(v);
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/** The number a string spells as a JSON number (surrounding whitespace allowed), or undefined. */
export function numberFromString(s: string): number | undefined {
  const t = s.trim();
  return t.length <= 400 && NUMBER_TEXT.test(t) ? Number(t) : undefined;
}

function normalizeString(s: string, o: CompareOptions): string {
  let t = s.normalize('NFC');
  if (o.ignoreWhitespace) t = t.trim().replace(/\s+/g, ' ');
  if (o.caseInsensitive) t = t.toLowerCase();
  return t;
}

/** Equal numbers; within a tolerance, the note says by how much (a pass must not hide that it was not exact). */
function compareNumbers(a: number, b: number, o: CompareOptions): { equal: boolean; note?: string; why?: string } {
  // A number beyond the range of a double (`1e400`, `"2e400"`) is read as Infinity, its digits lost:
  // 1e400 and 2e400 would be "equal". Nothing can be said of such a number, so no claim about one holds.
  if (!Number.isFinite(a) || !Number.isFinite(b)) {
    return { equal: false, why: 'a number beyond the range of a double is read as Infinity, its digits lost, so it cannot be compared' };
  }
  if (a === b) return { equal: true };
  const tolerance = o.tolerance ?? 0;
  const difference = Math.abs(a - b);
  if (difference <= tolerance) {
    return { equal: true, note: `${a} and ${b} differ by ${Number(difference.toPrecision(6))}, within the tolerance ${tolerance}` };
  }
  return { equal: false, ...(tolerance > 0 ? { why: `they differ by ${Number(difference.toPrecision(6))}, more than the tolerance ${tolerance}` } : {}) };
}

const INTEGER_TEXT = /^-?[0-9]+$/;

/**
 * A string spelling an integer against a number, when either lies beyond 2^53 (where a number cannot
 * hold every integer, so reading the string as a number would round it): equal only when the exact
 * integers are; undefined when the ordinary reading applies.
 */
function compareBigInteger(text: string, n: number, o: CompareOptions): { equal: boolean; note?: string; why?: string } | undefined {
  const t = text.trim();
  if ((o.tolerance ?? 0) > 0 || t.length > 400 || !INTEGER_TEXT.test(t)) return undefined;
  const spelled = BigInt(t);
  const unsafe = spelled > BigInt(Number.MAX_SAFE_INTEGER) || spelled < -BigInt(Number.MAX_SAFE_INTEGER) || (Number.isInteger(n) && !Number.isSafeInteger(n));
  if (!unsafe) return undefined;
  if (Number.isInteger(n) && BigInt(n) === spelled) return { equal: true, note: `the string ${preview(text)} was read as the integer ${spelled}, exactly the number found` };
  if (Number(t) !== n) return { equal: false };
  return {
    equal: false,
    why: `beyond 2^53 a number cannot hold every integer: the string spells ${spelled} exactly, the number found is exactly ${Number.isInteger(n) ? BigInt(n) : n}, so they are compared as exact integers`,
  };
}

/**
 * A string spelling a number no double holds (`"1e400"`, `"1e-400"`) against a number, compared exactly:
 * read as a number it would be ±Infinity or 0, and `"1e-400"` would equal 0.
 */
function compareOutOfRange(literal: string, why: OutOfRange, n: number, o: CompareOptions): { equal: boolean; note?: string; why?: string } {
  if (!Number.isFinite(n)) return compareNumbers(Infinity, n, o);
  const tolerance = o.tolerance ?? 0;
  if (withinTolerance(literal, why, n, tolerance)) {
    return { equal: true, note: `the string ${preview(literal)}, ${whereOutOfRange(why)}, was compared exactly: it differs from ${n} by at most the tolerance ${tolerance}` };
  }
  return { equal: false, why: `${describeOutOfRange(literal, why)}; compared exactly, ${tolerance > 0 ? `it differs from ${n} by more than the tolerance ${tolerance}` : 'no number equals it'}` };
}

/** Compares two scalars (or a scalar and a string spelling it); undefined when either is a container. */
function compareScalars(e: unknown, a: unknown, o: CompareOptions): { equal: boolean; note?: string; why?: string } | undefined {
  const te = typeName(e);
  const ta = typeName(a);
  if (te === 'array' || te === 'object' || ta === 'array' || ta === 'object') return undefined;
  if (te === ta) {
    if (te === 'number') return compareNumbers(e as number, a as number, o);
    if (te === 'string') return { equal: normalizeString(e as string, o) === normalizeString(a as string, o) };
    return { equal: e === a };
  }
  if (o.strictTypes || (te !== 'string' && ta !== 'string')) return { equal: false };
  const [text, other] = te === 'string' ? [e as string, a] : [a as string, e];
  const spelled = text.trim().toLowerCase();
  if (typeof other === 'number') {
    const exact = compareBigInteger(text, other, o);
    if (exact !== undefined) return exact;
    const beyond = outOfRangeString(text);
    if (beyond !== undefined) return compareOutOfRange(beyond.literal, beyond.why, other, o);
    const n = numberFromString(text);
    if (n === undefined) return { equal: false };
    const r = compareNumbers(n, other, o);
    if (!r.equal) return r;
    return { equal: true, note: `the string ${preview(text)} was read as the number ${n}${r.note === undefined ? '' : `; ${r.note}`}` };
  }
  if (typeof other === 'boolean') {
    return spelled === String(other) ? { equal: true, note: `the string ${preview(text)} was read as ${other}` } : { equal: false };
  }
  if (other === null) {
    return spelled === 'null' ? { equal: true, note: `the string ${preview(text)} was read as null` } : { equal: false };
  }
  return { equal: false };
}

/** Throws `INVALID_ARGUMENT` unless `options` is an object whose comparison options have the documented types. */
export function checkCompareOptions(options: unknown): asserts options is CompareOptions {
  const bad = (reason: string): never => {
    throw new JsonMendError('INVALID_ARGUMENT', `options: ${reason}`);
  };
  if (typeof options !== 'object' || options === null || Array.isArray(options)) bad(`must be an object, got ${describeType(options)}`);
  const o = options as Record<string, unknown>;
  if (o.tolerance !== undefined && !(typeof o.tolerance === 'number' && Number.isFinite(o.tolerance) && o.tolerance >= 0)) bad('tolerance must be a non-negative number');
  for (const k of ['caseInsensitive', 'ignoreWhitespace', 'strictTypes']) if (o[k] !== undefined && typeof o[k] !== 'boolean') bad(`${k} must be a boolean`);
}

function at(path: string): string {
  return path === '' ? '' : ` at ${path}`;
}

/**
 * Compares a claimed value with the value found, by JSON type and value (rules table in
 * docs/path-and-verify.md): numbers by value within `tolerance`; strings after Unicode NFC (and optionally
 * case and whitespace folding); a string equals a number, boolean or null it spells unless `strictTypes`;
 * arrays item by item; objects key by key with the same key set.
 */
export function compareClaimValues(expected: unknown, actual: unknown, options: CompareOptions = {}): ComparisonOutcome {
  checkCompareOptions(options);
  const notes: string[] = [];
  const es: unknown[] = [expected];
  const as: unknown[] = [actual];
  const ps: string[] = [''];
  // The claimed containers on the way down to the current pair (closed by an END mark after their children):
  // meeting one again means the claimed value contains itself, which would be compared forever.
  const open = new Set<unknown>();
  while (es.length > 0) {
    const e = es.pop();
    const a = as.pop();
    const p = ps.pop()!;
    if (a === END) {
      open.delete(e);
      continue;
    }
    const scalar = compareScalars(e, a, options);
    if (scalar !== undefined) {
      if (!scalar.equal) {
        const te = typeName(e);
        const ta = typeName(a);
        const kind = te === ta || (options.strictTypes !== true && (te === 'string' || ta === 'string')) ? '' : ` (${ta}, not ${te})`;
        return { equal: false, reason: `expected ${preview(e)} but found ${preview(a)}${kind}${at(p)}${scalar.why === undefined ? '' : ` (${scalar.why})`}` };
      }
      if (scalar.note !== undefined && notes.length < 3) notes.push(scalar.note + at(p));
      continue;
    }
    const te = typeName(e);
    const ta = typeName(a);
    if (te !== ta) return { equal: false, reason: `expected ${te === 'array' || te === 'object' ? `an ${te}` : preview(e)} but found ${ta} ${preview(a)}${at(p)}` };
    if (open.has(e)) cyclicDocument('the claimed value');
    open.add(e);
    es.push(e);
    as.push(END);
    ps.push(p);
    if (te === 'array') {
      const ea = e as unknown[];
      const aa = a as unknown[];
      if (ea.length !== aa.length) return { equal: false, reason: `expected an array of ${ea.length} items but found ${aa.length}${at(p)}` };
      for (let i = ea.length - 1; i >= 0; i--) {
        es.push(ea[i]);
        as.push(aa[i]);
        ps.push(`${p}[${i}]`);
      }
    } else {
      const eo = e as Record<string, unknown>;
      const ao = a as Record<string, unknown>;
      const ek = Object.keys(eo);
      for (const k of ek) if (!hasOwnProperty.call(ao, k)) return { equal: false, reason: `expected key ${JSON.stringify(k)} but it is missing${at(p)}` };
      for (const k of Object.keys(ao)) if (!hasOwnProperty.call(eo, k)) return { equal: false, reason: `found unexpected key ${JSON.stringify(k)}${at(p)}` };
      for (let i = ek.length - 1; i >= 0; i--) {
        es.push(eo[ek[i]]);
        as.push(ao[ek[i]]);
        ps.push(`${p}.${ek[i]}`);
      }
    }
  }
  if (notes.length === 0) return { equal: true, reason: 'equal' };
  const converted = notes.some((n) => n.startsWith('the string'));
  return { equal: true, reason: `${converted ? 'equal after conversion' : 'equal within tolerance'}: ${notes.join('; ')}` };
}
