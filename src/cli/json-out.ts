// The JSON text the commands print for a value (parse, get, query, verify's results): written without recursion, so a
// value nested as deep as the parser reads it (a million levels) is printed instead of overflowing the
// stack as JSON.stringify does from about 5,000 levels; and with every number JSON cannot write
// (±Infinity, from a `1e400` the parser read as JSON.parse does) found and named, never turned into
// `null` without a word.
import { flag, type Context } from './command.js';
import { write } from './io.js';
import { escapeControls } from './term.js';
import { stringifyDeep, writeJson } from '../parse/write-json.js';

/** A number of the value that JSON cannot write as it was read. */
export interface NonFinite {
  /** JSON Pointer to the number inside the printed value (`""` for the value itself). */
  pointer: string;
  value: number;
}

/** The JSON text of a value, and the numbers in it that JSON cannot write. */
export interface JsonOut {
  text: string;
  nonFinite: NonFinite[];
}

/**
 * Compact JSON text of `value` (two-space indented when `pretty`, as `JSON.stringify(value, null, 2)`
 * lays it out), with a final newline, and the numbers in it JSON cannot write (see writeJson).
 */
export function jsonText(value: unknown, pretty: boolean): JsonOut {
  const nonFinite: NonFinite[] = [];
  const text = writeJson(value, { pretty, onNonFinite: (pointer, n) => nonFinite.push({ pointer, value: n }) });
  return { text: `${text}\n`, nonFinite };
}

/**
 * Compact JSON text of `value` (without a final newline): JSON.stringify's, the platform's own writer
 * and many times faster, unless `exact` (the value may hold a number JSON.stringify would not write
 * back as read: see {@link mayNotRoundTrip}) or the value is nested too deep for it; then
 * {@link jsonText}'s, which tells `onNonFinite` of each number JSON cannot write.
 */
export function compactJson(value: unknown, exact: boolean, onNonFinite?: (pointer: string, value: number) => void): string {
  return (exact ? undefined : stringifyDeep(value)) ?? writeJson(value, { onNonFinite });
}

/**
 * Whether a value read from `source` may hold a number JSON.stringify would not write back as read:
 * an exponent of three digits or 309 digits in a row (a number beyond a double, read as ±Infinity,
 * which it writes as `null`), or a `-0` (which it writes as `0`). False means it cannot.
 */
export function mayNotRoundTrip(source: string): boolean {
  // Three tests, not one regex of three alternatives: that one tried each at every `e`, digit and
  // minus sign of every batch line (4–5% of `parse --jsonl`'s CPU time); these skip ahead
  // to what they look for, and the rarer two run only when what they need is there.
  return BIG_EXPONENT.test(source) || (source.includes('-0') && NEGATIVE_ZERO.test(source)) || (source.length >= 309 && DIGITS_309.test(source));
}

// Number text JSON.stringify would not write back as read (see mayNotRoundTrip); no nested quantifier.
const BIG_EXPONENT = /[eE][+-]?\d\d\d/;
const NEGATIVE_ZERO = /-0(?![\d.eE])/;
const DIGITS_309 = /\d{309}/;

/**
 * The stderr warnings for the numbers JSON cannot write, one line each, naming the input and where the
 * number is in the printed value.
 */
export function nonFiniteWarnings(nonFinite: readonly NonFinite[], source: string): string {
  let out = '';
  for (const n of nonFinite) {
    // A key may hold control characters a terminal would act on.
    const at = n.pointer === '' ? '(the value itself)' : escapeControls(n.pointer);
    out += Number.isNaN(n.value)
      ? `jsonmend: warning: ${source}: NaN at ${at} is not a JSON number; written as null\n`
      : `jsonmend: warning: ${source}: a number at ${at} is beyond the range of a double (read as ${n.value}); written as ${n.value > 0 ? '1e999' : '-1e999'}, its digits are lost\n`;
  }
  return out;
}

/**
 * Prints `value` as JSON on stdout (the output of parse, get and query) and, on stderr, a warning for
 * each number in it that JSON cannot write.
 */
export async function writeValue(ctx: Context, value: unknown, source: string): Promise<void> {
  const out = jsonText(value, flag(ctx.values, 'pretty'));
  await write(ctx.io.stdout, out.text);
  if (out.nonFinite.length > 0) await write(ctx.io.stderr, nonFiniteWarnings(out.nonFinite, escapeControls(source)));
}
