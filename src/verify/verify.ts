// `verify` / `verifyAll`: check a model's claims against a tool's payload. A false claim is a result,
// never an exception; only a malformed claim throws (INVALID_CLAIM).
import { JsonMendError } from '../errors.js';
import { containsCycle } from '../path/json.js';
import { canonicalize } from './canonicalize.js';
import { checkCompareOptions, compareClaimValues, numberFromString, preview } from './compare.js';
import { inexactIntegerIn, integerCmp } from './integer-text.js';
import { describeOutOfRange, outOfRangeCmp, outOfRangeNumberIn, outOfRangeString, whereOutOfRange } from './number-range.js';
import { resolveClaimPath, type PayloadFacts } from './resolve.js';
import { schemaFailure, validatorFor } from './schema.js';
import type { Claim, ClaimAggregate, ClaimFailureCode, ClaimMode, ClaimPathSyntax, ClaimResult, CompareOptions, VerifyAllResult } from './types.js';

const MODES: Readonly<Record<string, ClaimMode>> = {
  verbatim: 'verbatim',
  field: 'field',
  field_extraction: 'field',
  type: 'type',
  schema_type: 'type',
  range: 'range',
  range_threshold: 'range',
};
const AGGREGATES: readonly ClaimAggregate[] = ['count', 'sum', 'mean', 'min', 'max'];
const SYNTAXES: readonly ClaimPathSyntax[] = ['auto', 'get', 'jsonpath'];

/** Options of {@link verify} and {@link verifyAll}: defaults for the comparison (claims may override). */
export interface VerifyOptions extends CompareOptions {
  /** Default `pathSyntax` of claims that do not set one. Default `auto`. */
  pathSyntax?: ClaimPathSyntax | undefined;
  /**
   * {@link verifyAll} only: accept an empty list of claims (`ok: true`, nothing checked). Default `false`:
   * an empty list is `INVALID_CLAIM`, since it verifies nothing and would read as verified.
   */
  allowEmpty?: boolean | undefined;
}

function malformed(reason: string): never {
  throw new JsonMendError('INVALID_CLAIM', `malformed claim: ${reason}`);
}

const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k) && (o as Record<string, unknown>)[k] !== undefined;

function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** Checks the claim's shape; returns its canonical mode. */
function checkClaim(claim: unknown): ClaimMode {
  if (typeof claim !== 'object' || claim === null || Array.isArray(claim)) malformed('a claim must be an object');
  const c = claim as Record<string, unknown>;
  const mode = typeof c.mode === 'string' && Object.prototype.hasOwnProperty.call(MODES, c.mode) ? MODES[c.mode] : undefined;
  if (mode === undefined) malformed(`unknown mode ${preview(c.mode)}; use verbatim, field, type or range`);
  if (own(c, 'path') && typeof c.path !== 'string') malformed('path must be a string');
  if (own(c, 'pathSyntax') && !SYNTAXES.includes(c.pathSyntax as ClaimPathSyntax)) malformed(`pathSyntax must be one of ${SYNTAXES.join(', ')}`);
  if (own(c, 'aggregate') && !AGGREGATES.includes(c.aggregate as ClaimAggregate)) malformed(`aggregate must be one of ${AGGREGATES.join(', ')}`);
  if (own(c, 'aggregate') && mode !== 'range' && mode !== 'field') malformed('aggregate applies only to range and field claims');
  for (const k of ['tolerance']) if (own(c, k) && !(isFiniteNumber(c[k]) && (c[k] as number) >= 0)) malformed(`${k} must be a non-negative number`);
  for (const k of ['caseInsensitive', 'ignoreWhitespace', 'strictTypes']) if (own(c, k) && typeof c[k] !== 'boolean') malformed(`${k} must be a boolean`);
  if ((mode === 'verbatim' || mode === 'field') && !own(c, 'value')) malformed(`a ${mode} claim needs a value`);
  if (mode === 'type' && !own(c, 'schema')) malformed('a type claim needs a schema (a JSON Schema or a type name)');
  if (mode === 'range') {
    for (const k of ['min', 'max']) if (own(c, k) && !isFiniteNumber(c[k])) malformed(`${k} must be a finite number`);
    for (const k of ['exclusiveMin', 'exclusiveMax']) {
      if (own(c, k) && !isFiniteNumber(c[k]) && typeof c[k] !== 'boolean') malformed(`${k} must be a finite number or a boolean`);
    }
    if (c.exclusiveMin === true && !own(c, 'min')) malformed('exclusiveMin: true needs min');
    if (c.exclusiveMax === true && !own(c, 'max')) malformed('exclusiveMax: true needs max');
    if (!own(c, 'min') && !own(c, 'max') && !isFiniteNumber(c.exclusiveMin) && !isFiniteNumber(c.exclusiveMax)) {
      malformed('a range claim needs at least one of min, max, exclusiveMin, exclusiveMax');
    }
  }
  return mode;
}

function checkVerifyOptions(options: unknown): void {
  checkCompareOptions(options);
  const syntax = (options as VerifyOptions).pathSyntax;
  if (syntax !== undefined && !SYNTAXES.includes(syntax)) {
    throw new JsonMendError('INVALID_ARGUMENT', `options: pathSyntax must be one of ${SYNTAXES.join(', ')}`);
  }
  const allowEmpty = (options as VerifyOptions).allowEmpty;
  if (allowEmpty !== undefined && typeof allowEmpty !== 'boolean') throw new JsonMendError('INVALID_ARGUMENT', 'options: allowEmpty must be a boolean');
}

function compareOptions(claim: Claim, options: VerifyOptions): CompareOptions {
  return {
    tolerance: claim.tolerance ?? options.tolerance,
    caseInsensitive: claim.caseInsensitive ?? options.caseInsensitive,
    ignoreWhitespace: claim.ignoreWhitespace ?? options.ignoreWhitespace,
    strictTypes: claim.strictTypes ?? options.strictTypes,
  };
}

type Reduced = { ok: true; value: number } | { ok: false; code: ClaimFailureCode; reason: string };

function asNumber(v: unknown, strict: boolean | undefined): number | undefined {
  if (isFiniteNumber(v)) return v;
  return typeof v === 'string' && !strict ? numberFromString(v) : undefined;
}

/**
 * The mean of numbers whose sum is `sum`; when the sum overflows (`[1e308, 1e308]`), the items are divided
 * before they are added, which cannot overflow since the mean lies between the smallest and the largest.
 */
function mean(items: unknown[], sum: number, strict: boolean | undefined): number {
  if (Number.isFinite(sum)) return sum / items.length;
  let scaled = 0;
  for (const item of items) scaled += asNumber(item, strict)! / items.length;
  return scaled;
}

function reduce(list: unknown, aggregate: ClaimAggregate, strict: boolean | undefined): Reduced {
  const items = Array.isArray(list) ? list : typeof list === 'object' && list !== null ? Object.values(list) : undefined;
  if (items === undefined) return { ok: false, code: 'NOT_A_LIST', reason: `${aggregate} needs a list, but found ${preview(list)}` };
  if (aggregate === 'count') return { ok: true, value: items.length };
  if (items.length === 0 && aggregate !== 'sum') return { ok: false, code: 'EMPTY_LIST', reason: `${aggregate} of an empty list is undefined` };
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < items.length; i++) {
    // A string no double holds (`"1e-400"`, read as 0) would change the result without a trace: refused.
    const beyond = typeof items[i] === 'string' && !strict ? outOfRangeString(items[i] as string) : undefined;
    if (beyond !== undefined) {
      return { ok: false, code: 'NOT_A_NUMBER', reason: `${aggregate} needs numbers a double holds, but item [${i}] is not one: ${describeOutOfRange(beyond.literal, beyond.why)}` };
    }
    const n = asNumber(items[i], strict);
    if (n === undefined) return { ok: false, code: 'NOT_A_NUMBER', reason: `${aggregate} needs numbers, but item [${i}] is ${preview(items[i])}` };
    sum += n;
    if (n < min) min = n;
    if (n > max) max = n;
  }
  if (!Number.isFinite(sum) && Number.isFinite(min) && Number.isFinite(max)) sum = sumWithoutOverflow(items, strict);
  const value = aggregate === 'sum' ? sum : aggregate === 'mean' ? mean(items, sum, strict) : aggregate === 'min' ? min : max;
  return { ok: true, value };
}

/**
 * The sum of finite numbers whose running sum overflowed (`[1e308, 1e308, -1e308, -1e308]` is 0, not
 * Infinity): each is divided by a power of two at least their count, exactly, so no running sum can
 * pass the largest item, and the result multiplied back (Infinity only when the sum itself is beyond a
 * double).
 */
function sumWithoutOverflow(items: unknown[], strict: boolean | undefined): number {
  const scale = 2 ** Math.ceil(Math.log2(items.length));
  let scaled = 0;
  for (const item of items) scaled += asNumber(item, strict)! / scale;
  return scaled * scale;
}

function boundsOf(claim: Claim): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['min', 'max', 'exclusiveMin', 'exclusiveMax', 'aggregate'] as const) if (claim[k] !== undefined) out[k] = claim[k];
  return out;
}

/**
 * The first bound the value breaks, as a sentence, or undefined when it is within all of them.
 * `cmp(b)` is the sign of value − b (NaN when they do not compare: a NaN sum); `n` is the value as shown.
 */
function rangeFailure(cmp: (bound: number) => number, n: string, c: Claim): string | undefined {
  if (c.min !== undefined) {
    if (c.exclusiveMin === true ? !(cmp(c.min) > 0) : !(cmp(c.min) >= 0)) return `${n} is ${c.exclusiveMin === true ? 'not above' : 'below'} the minimum ${c.min}`;
  }
  if (c.max !== undefined) {
    if (c.exclusiveMax === true ? !(cmp(c.max) < 0) : !(cmp(c.max) <= 0)) return `${n} is ${c.exclusiveMax === true ? 'not below' : 'above'} the maximum ${c.max}`;
  }
  if (typeof c.exclusiveMin === 'number' && !(cmp(c.exclusiveMin) > 0)) return `${n} is not above the exclusive minimum ${c.exclusiveMin}`;
  if (typeof c.exclusiveMax === 'number' && !(cmp(c.exclusiveMax) < 0)) return `${n} is not below the exclusive maximum ${c.exclusiveMax}`;
  return undefined;
}

/** The sign of `n` − `b`; NaN when either is NaN. */
const numberCmp = (n: number) => (b: number): number => (n < b ? -1 : n > b ? 1 : n === b ? 0 : NaN);

function describeRange(c: Claim): string {
  const parts: string[] = [];
  if (c.min !== undefined) parts.push(`${c.exclusiveMin === true ? '>' : '>='} ${c.min}`);
  if (typeof c.exclusiveMin === 'number') parts.push(`> ${c.exclusiveMin}`);
  if (c.max !== undefined) parts.push(`${c.exclusiveMax === true ? '<' : '<='} ${c.max}`);
  if (typeof c.exclusiveMax === 'number') parts.push(`< ${c.exclusiveMax}`);
  return parts.join(' and ');
}

function canonicalClaimValue(value: unknown): string {
  try {
    return canonicalize(value);
  } catch (e) {
    if (e instanceof JsonMendError) malformed(`value is not JSON: ${e.message}`);
    throw e;
  }
}

/**
 * The canonical JSON of a value read from the payload, or why it has none: a payload parsed from valid
 * JSON text can hold a number beyond the range of a double (`1e400`, read as Infinity) or an escaped lone
 * surrogate (`"\ud800"`), which RFC 8785 cannot write. That fails the claim, not the whole check; a value
 * that contains itself still throws, as for every mode.
 */
function canonicalOrWhyNot(value: unknown): { text: string; why?: undefined } | { text?: undefined; why: string } {
  try {
    return { text: canonicalize(value) };
  } catch (e) {
    if (!(e instanceof JsonMendError) || e.code !== 'INVALID_ARGUMENT' || containsCycle(value)) throw e;
    return { why: e.message.replace(/^cannot canonicalize (the value: )?/, '') };
  }
}

/**
 * Checks one claim against a payload (a tool's output, already parsed).
 *
 * @returns `{ ok, mode, path, expected, actual, reason, code?, suggestions }`; a false claim gives `ok: false`
 * @throws JsonMendError `INVALID_CLAIM` when the claim itself is malformed (unknown mode, missing fields,
 *   a schema pattern that is not I-Regexp, `patternProperties`); `TOO_DEEP` when a `type` claim's value is
 *   nested too deeply to validate; `INVALID_ARGUMENT` when the payload contains itself (a cycle); `TOO_LARGE`
 *   when a JSONPath or a schema's patterns need more work than their budget; `INVALID_SCHEMA` when a schema
 *   has a pattern and @cfworker/json-schema's format registry cannot be written to (frozen)
 */
export function verify(claim: Claim, payload: unknown, options: VerifyOptions = {}): ClaimResult {
  checkVerifyOptions(options);
  return check(claim, payload, options, {});
}

/** {@link verify} with checked options; `facts` is shared by the claims of one {@link verifyAll}. */
function check(claim: Claim, payload: unknown, options: VerifyOptions, facts: PayloadFacts): ClaimResult {
  const mode = checkClaim(claim);
  const opts = compareOptions(claim, options);
  const path = claim.path;
  const base = { mode, path, ...(claim.id !== undefined ? { id: String(claim.id) } : {}) };
  const expected = mode === 'range' ? boundsOf(claim) : mode === 'type' ? claim.schema : claim.value;
  // Validate the parts that do not depend on the payload before reading it, so malformed claims always throw.
  const validator = mode === 'type' ? validatorFor(claim.schema) : undefined;
  const claimedText = mode === 'verbatim' ? canonicalClaimValue(claim.value) : undefined;

  const fail = (code: ClaimFailureCode, reason: string, actual: unknown, suggestions: string[] = []): ClaimResult =>
    ({ ok: false, ...base, expected, actual, reason, code, suggestions });
  const pass = (reason: string, actual: unknown): ClaimResult => ({ ok: true, ...base, expected, actual, reason, suggestions: [] });

  const where = resolveClaimPath(payload, path, claim.pathSyntax ?? options.pathSyntax ?? 'auto', facts);
  if (!where.ok) return fail(where.code, where.reason, undefined, where.suggestions);
  let actual = where.value;
  const at = path === undefined || path === '' ? 'the payload' : path;

  if (claim.aggregate !== undefined) {
    const r = reduce(actual, claim.aggregate, opts.strictTypes);
    if (!r.ok) return fail(r.code, `${at}: ${r.reason}`, actual);
    actual = r.value;
  }

  switch (mode) {
    case 'verbatim': {
      const found = canonicalOrWhyNot(actual);
      if (found.text === undefined) return fail('MISMATCH', `${at} has no canonical JSON form to compare: ${found.why}`, actual);
      if (found.text === claimedText) return pass(`${at} is exactly the claimed value`, actual);
      if (typeof claim.value === 'string' && typeof actual !== 'string') {
        // A model often quotes the JSON text it saw; read it as JSON before declaring a mismatch.
        let parsed: unknown;
        try {
          parsed = JSON.parse(claim.value);
        } catch {
          parsed = undefined;
        }
        // JSON text that JSON.parse reads into no JSON value (`1e400` → Infinity) is no match either.
        if (parsed !== undefined && canonicalOrWhyNot(parsed).text === found.text) {
          // Nor is text spelling an integer no double holds: JSON.parse rounded it to the number found.
          const inexact = inexactIntegerIn(claim.value);
          if (inexact !== undefined) {
            return fail('MISMATCH', `${at} differs from the claimed JSON text: it spells the integer ${inexact}, which no number holds exactly ` +
              `(read as a number it is ${BigInt(Number(inexact))}); beyond 2^53 integers are compared exactly`, actual);
          }
          // Nor text spelling a number beyond the range of a double: `1e-400` reads as 0.
          const beyond = outOfRangeNumberIn(claim.value);
          if (beyond !== undefined) {
            return fail('MISMATCH', `${at} differs from the claimed JSON text: it spells ${beyond.literal}, ${whereOutOfRange(beyond.why)}, which no number equals ` +
              `(JSON.parse reads it as ${beyond.why === 'overflow' ? 'Infinity' : '0'})`, actual);
          }
          return pass(`${at} is exactly the claimed JSON text`, actual);
        }
      }
      const diff = compareClaimValues(claim.value, actual, { strictTypes: true });
      return fail('MISMATCH', `${at} differs from the claimed value as canonical JSON: ${diff.equal ? 'they differ in number formatting or key spelling' : diff.reason}`, actual);
    }
    case 'field': {
      if (where.list && claim.aggregate === undefined && !Array.isArray(claim.value)) {
        return fail('MISMATCH', `${at} selects ${(actual as unknown[]).length} values ${preview(actual)}, not one; use a path to a single value or an aggregate`, actual);
      }
      const outcome = compareClaimValues(claim.value, actual, opts);
      return outcome.equal ? pass(`${at}: ${outcome.reason}`, actual) : fail('MISMATCH', `${at}: ${outcome.reason}`, actual);
    }
    case 'type': {
      const problem = schemaFailure(validator!, actual);
      return problem === undefined
        ? pass(`${at} satisfies the schema`, actual)
        : fail('SCHEMA_MISMATCH', `${at} = ${preview(actual)} does not satisfy the schema: ${problem}`, actual);
    }
    case 'range': {
      // An aggregate is already a number (a sum may be ±Infinity when it overflows; it still compares).
      const n = claim.aggregate !== undefined ? (actual as number) : asNumber(actual, opts.strictTypes);
      if (n === undefined) {
        const hint = Array.isArray(actual) || (typeof actual === 'object' && actual !== null) ? '; add an aggregate (count, sum, mean, min, max) to reduce a list' : '';
        return fail('NOT_A_NUMBER', `${at} is ${preview(actual)}, not a number${hint}`, actual);
      }
      // A string spelling an integer beyond 2^53 that no number holds ("9007199254740993") is compared
      // exactly, as a field claim compares it: read as a number it would be rounded into the range.
      const exact = claim.aggregate === undefined && typeof actual === 'string' ? inexactIntegerIn(actual.trim()) : undefined;
      // So is one beyond the range of a double ("1e-400", which reads as 0 and would be within [0, 0]).
      const beyond = claim.aggregate === undefined && exact === undefined && typeof actual === 'string' ? outOfRangeString(actual) : undefined;
      const shown = exact ?? beyond?.literal ?? String(n);
      const cmp = exact !== undefined ? integerCmp(exact) : beyond !== undefined ? outOfRangeCmp(beyond.literal, beyond.why) : numberCmp(n);
      const problem = rangeFailure(cmp, shown, claim);
      const what = claim.aggregate !== undefined ? `${claim.aggregate} of ${at}` : at;
      // The value found is the text, not the double it would read as (0 for "1e-400").
      const found = beyond !== undefined ? actual : n;
      return problem === undefined ? pass(`${what} = ${shown} is ${describeRange(claim)}`, found) : fail('OUT_OF_RANGE', `${what}: ${problem}`, found);
    }
  }
}

/**
 * Checks every claim against the same payload.
 *
 * @throws JsonMendError `INVALID_CLAIM` (naming the claim) when any claim is malformed, or when the list is
 *   empty (unless `allowEmpty`); the payload errors of {@link verify} (`TOO_DEEP`, `INVALID_ARGUMENT`,
 *   `TOO_LARGE`, `INVALID_SCHEMA`)
 */
export function verifyAll(claims: readonly Claim[], payload: unknown, options: VerifyOptions = {}): VerifyAllResult {
  checkVerifyOptions(options);
  if (!Array.isArray(claims)) throw new JsonMendError('INVALID_ARGUMENT', `claims must be an array, got ${claims === null ? 'null' : typeof claims}`);
  // An empty list would pass (all 0 claims hold): a gate that lets through a reply whose model wrote
  // no claims at all. The CLI's verify refuses it too.
  if (claims.length === 0 && options.allowEmpty !== true) {
    throw new JsonMendError('INVALID_CLAIM', 'no claims to verify: an empty list checks nothing (pass allowEmpty: true to accept it)');
  }
  // Every key in the payload, looked for when a query selects nothing, is collected once for all claims.
  const facts: PayloadFacts = {};
  const results = claims.map((claim, i) => {
    try {
      const r = check(claim, payload, options, facts);
      r.id ??= `#${i + 1}`;
      return r;
    } catch (e) {
      if (e instanceof JsonMendError && e.code === 'INVALID_CLAIM') {
        throw new JsonMendError('INVALID_CLAIM', `claim #${i + 1}: ${e.message}`, { cause: e });
      }
      throw e;
    }
  });
  const passed = results.filter((r) => r.ok).length;
  return { ok: passed === results.length, results, summary: { total: results.length, passed, failed: results.length - passed } };
}
