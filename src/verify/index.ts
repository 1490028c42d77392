/**
 * Checking a model's claims against tool outputs, and RFC 8785 canonical JSON.
 * See docs/path-and-verify.md.
 * @module
 */
export { canonicalize } from './canonicalize.js';
export { compareClaimValues } from './compare.js';
export type { ComparisonOutcome } from './compare.js';
export { verify, verifyAll } from './verify.js';
export type { VerifyOptions } from './verify.js';
export { formatClaimFeedback } from './feedback.js';
export type {
  Claim, ClaimAggregate, ClaimFailureCode, ClaimMode, ClaimModeAlias, ClaimPathSyntax, ClaimResult, ClaimSchema,
  ClaimSummary, CompareOptions, VerifyAllResult,
} from './types.js';
