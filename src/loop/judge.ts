// Deciding whether one reply is accepted: refusal, truncation, parse, schema, then the claims it makes.
// Error messages built here say what happened in codes, paths and lengths only: they reach logs and
// telemetry, while the reply's words go to the model through the feedback alone.
import { JsonMendError } from '../errors.js';
import { SchemaError } from '../schema/index.js';
import type { Repair, SchemaLike } from '../schema/types.js';
import { formatClaimFeedback, verifyAll } from '../verify/index.js';
import { underflowedClaimNumber } from '../verify/number-range.js';
import type { Claim, VerifyAllResult, VerifyOptions } from '../verify/index.js';
import type { ClaimFailureSummary, FailureStage } from './events.js';
import { parseReply, type LoopParseOptions } from './parse-reply.js';
import { inReplyTerms, replyFeedback } from './feedback.js';
import { FILTERED_FEEDBACK, REFUSAL_FEEDBACK, TRUNCATED_FEEDBACK } from './prompt.js';
import type { JsonSchemaObject, ModelReply } from './types.js';
import { claimPathRedactor, type PathRedactor } from './telemetry-path.js';
import { appendAll } from '../arrays.js';
import { closersLeftOut, mayBeClosersLeftOut } from '../parse/closers-at-end.js';
import { repairedOrSelf } from '../parse/repair.js';

/** The `verify` option of `generate`: claims in the value, checked against a tool's output. */
export interface VerifyClaimsOption<T = unknown> {
  /** The tool output the claims are about. */
  against: unknown;
  /**
   * The claims to check, read from the validated value. Default: the value's `claims` array. A value without
   * one, or with an empty one (unless `options.allowEmpty`), fails the attempt (`INVALID_CLAIM`) and the model
   * is told to include its claims.
   */
  claims?: ((value: T) => readonly Claim[] | undefined) | undefined;
  /** Comparison defaults for every claim (tolerance, case, whitespace, path syntax). */
  options?: VerifyOptions | undefined;
  /**
   * The tool output's JSON Schema, when there is one (an MCP tool's `outputSchema`). Only read for telemetry:
   * claim paths there show the keys it or the reply's schema declares, and hide every other key.
   */
  outputSchema?: JsonSchemaObject | boolean | undefined;
}

/** A reply's verdict. `repairs` are those made to the reply, accepted or not. */
export type Verdict =
  | { ok: true; value: unknown; repairs: Repair[]; claims: VerifyAllResult | undefined }
  | { ok: false; stage: FailureStage; error: JsonMendError; feedback: string; repairs: Repair[]; claims: VerifyAllResult | undefined };

/** How the loop wants a reply judged. */
export interface JudgeSettings {
  schema: SchemaLike | undefined;
  parseOptions: LoopParseOptions;
  acceptTruncated: boolean;
  verify: VerifyClaimsOption | undefined;
}

/** Decides whether a reply is accepted. */
export async function judge(reply: ModelReply, settings: JudgeSettings): Promise<Verdict> {
  if (reply.refusal !== undefined || reply.finishReason === 'refusal') {
    const said = reply.refusal ?? reply.text;
    return failure('refusal', new JsonMendError('NO_JSON', `the model refused (${said.length} characters of refusal text)`), REFUSAL_FEEDBACK);
  }
  // A content filter stops a reply where the limit does, anywhere: `12` may be what is left of `1234`.
  if ((reply.finishReason === 'length' || reply.finishReason === 'content_filter') && !settings.acceptTruncated) {
    const filtered = reply.finishReason === 'content_filter';
    const by = filtered ? "the provider's content filter" : 'the output-token limit';
    return failure(
      'truncated',
      new JsonMendError('UNREPAIRABLE', `the reply was cut off by ${by} after ${reply.text.length} characters`),
      filtered ? FILTERED_FEEDBACK : TRUNCATED_FEEDBACK,
    );
  }
  let repairs: Repair[] = [];
  let value: unknown;
  try {
    const parseOptions = settings.acceptTruncated ? { ...settings.parseOptions, acceptTruncated: true } : settings.parseOptions;
    try {
      value = (await parseReply(reply.text, settings.schema, parseOptions, reply.restore, repairs)).value;
    } catch (refused) {
      const ended = await endedWithoutClosers(reply, settings, refused);
      if (ended === undefined) throw refused;
      ({ value, repairs } = ended);
    }
  } catch (caught) {
    if (!(caught instanceof JsonMendError)) {
      // Neither the parser nor the schema layer throws foreign errors for a reply: this came from the caller's
      // schema code, which no retry of the model can fix.
      const why = caught instanceof Error ? caught.name : typeof caught;
      throw new JsonMendError('INVALID_SCHEMA', `the schema failed while validating (${why})`, { cause: caught });
    }
    const schemaFailed = caught instanceof SchemaError || caught.code === 'SCHEMA_MISMATCH';
    if (caught instanceof SchemaError && repairs.length === 0) appendAll(repairs, caught.repairs);
    const told = inReplyTerms(caught, repairs, reply, settings.parseOptions);
    return failure(schemaFailed ? 'schema' : 'parse', caught, replyFeedback(told.error, told.repairs), repairs);
  }
  if (!settings.verify) return { ok: true, value, repairs, claims: undefined };
  return checkClaims(value, repairs, settings.verify, reply.text, settings.parseOptions);
}

/**
 * A reply the model ended itself (finish reason `stop`) whose value is whole but for its closers
 * (`{"name": "Ann"`): the closers were left out, not cut off by a limit, and the value is taken; the
 * repair says so (`missing_closer`). Anything else cut off stays refused. Undefined: not this case.
 * The adapters apply the same rule (`rereadClosersLeftOut`, the same two steps around a synchronous read).
 */
async function endedWithoutClosers(reply: ModelReply, settings: JudgeSettings, refused: unknown): Promise<{ value: unknown; repairs: Repair[] } | undefined> {
  if (!mayBeClosersLeftOut(reply.finishReason === 'stop', settings.acceptTruncated, refused)) return undefined;
  const repairs: Repair[] = [];
  let value: unknown;
  try {
    value = (await parseReply(reply.text, settings.schema, { ...settings.parseOptions, acceptTruncated: true }, reply.restore, repairs)).value;
  } catch {
    return undefined;
  }
  const ended = closersLeftOut(repairs);
  if (ended === undefined) return undefined;
  return { value, repairs: ended };
}

function failure(stage: FailureStage, error: JsonMendError, feedback: string, repairs: Repair[] = [], claims?: VerifyAllResult): Verdict {
  return { ok: false, stage, error, feedback, repairs, claims };
}

const CLAIMS_MISSING_FEEDBACK = 'The value must include a "claims" array: the claims your answer makes about the tool output.';
const CLAIMS_EMPTY_FEEDBACK = 'The "claims" array is empty, so nothing in your answer can be verified: list the claims your answer makes about the tool output.';

/** What the model is told when a claim holds a number the reply wrote closer to 0 than any double (`1e-400`). */
function underflowFeedback(literal: string): string {
  return `A claim holds the number ${literal}, which is closer to 0 than any double: read as a number it is 0, so the ` +
    `claim would be checked as a claim about 0. Write the number as a string ("${literal}"), which is compared exactly, ` +
    'or withdraw the claim.';
}

function checkClaims(value: unknown, repairs: Repair[], verify: VerifyClaimsOption, text: string, parseOptions: LoopParseOptions): Verdict {
  let claims: unknown;
  try {
    claims = verify.claims ? verify.claims(value) : (value !== null && typeof value === 'object' ? (value as { claims?: unknown }).claims : undefined);
  } catch (caught) {
    throw new JsonMendError('INVALID_ARGUMENT', 'verify.claims threw while reading the claims from the value', { cause: caught });
  }
  if (!Array.isArray(claims)) {
    return failure('claims', new JsonMendError('INVALID_CLAIM', 'the value holds no claims array'), CLAIMS_MISSING_FEEDBACK, repairs);
  }
  // No claims verify nothing (verifyAll refuses them unless allowEmpty): the model is told to make some.
  if (claims.length === 0 && verify.options?.allowEmpty !== true) {
    return failure('claims', new JsonMendError('INVALID_CLAIM', 'the value holds an empty claims array'), CLAIMS_EMPTY_FEEDBACK, repairs);
  }
  // `{"value": 1e-400}` was read as 0 and would verify against a 0 found: refused, the model told to quote it.
  // The error says what happened without the reply's text (it reaches logs); the feedback quotes it.
  const underflowed = underflowedClaimNumber(claims, () => repairedOrSelf(text, parseOptions));
  if (underflowed !== undefined) {
    const error = new JsonMendError('INVALID_CLAIM', 'a claim holds a number closer to 0 than any double, which would be compared as 0');
    return failure('claims', error, underflowFeedback(underflowed.literal), repairs);
  }
  let result: VerifyAllResult;
  try {
    result = verifyAll(claims as readonly Claim[], verify.against, verify.options);
  } catch (caught) {
    if (caught instanceof JsonMendError && caught.code === 'INVALID_CLAIM') {
      // A malformed claim is the model's to fix: its message names the claim and the field.
      return failure('claims', new JsonMendError('INVALID_CLAIM', 'a claim in the value is malformed', { cause: caught }), caught.message, repairs);
    }
    throw caught;
  }
  if (result.ok) return { ok: true, value, repairs, claims: result };
  const first = result.results.find((r) => !r.ok);
  const error = new JsonMendError(
    'CLAIMS_UNVERIFIED',
    `${result.summary.failed} of ${result.summary.total} claims could not be verified against the tool output`,
    first?.path !== undefined ? { path: first.path } : {},
  );
  return failure('claims', error, formatClaimFeedback(result), repairs, result);
}

/**
 * Telemetry view of failed claims: position, path, code — never the claimed or found values, nor the label the
 * model gave the claim (its words). `redact` shows a path's keys only when a schema names them (default: none).
 */
export function claimFailures(result: VerifyAllResult, redact: PathRedactor = claimPathRedactor()): ClaimFailureSummary[] {
  const out: ClaimFailureSummary[] = [];
  result.results.forEach((r, index) => {
    if (!r.ok) out.push({ index, path: redact(r.path), code: r.code });
  });
  return out;
}
