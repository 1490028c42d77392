// Turns failed claims into a few lines a model can act on.
import { JsonMendError, describeType } from '../errors.js';
import { preview } from './compare.js';
import type { ClaimResult, VerifyAllResult } from './types.js';

function notResults(value: unknown, where = ''): never {
  throw new JsonMendError('INVALID_ARGUMENT', `formatClaimFeedback needs what verify or verifyAll returned${where}, got ${describeType(value)}`);
}

/**
 * A short text listing each failed claim: which path, what was there, and the nearest valid paths.
 * Accepts one result, a list of results, or what {@link verifyAll} returns.
 */
export function formatClaimFeedback(resultsOrSummary: ClaimResult | readonly ClaimResult[] | VerifyAllResult): string {
  if (typeof resultsOrSummary !== 'object' || resultsOrSummary === null) notResults(resultsOrSummary);
  const results: readonly ClaimResult[] = Array.isArray(resultsOrSummary)
    ? resultsOrSummary
    : 'results' in resultsOrSummary
      ? (resultsOrSummary as VerifyAllResult).results
      : [resultsOrSummary as ClaimResult];
  if (!Array.isArray(results)) notResults(results);
  results.forEach((r, i) => {
    if (typeof r !== 'object' || r === null || typeof r.ok !== 'boolean') notResults(r, ` (item #${i + 1})`);
    if (!r.ok && (typeof r.reason !== 'string' || !Array.isArray(r.suggestions))) notResults(r, ` (item #${i + 1} has no reason or suggestions)`);
  });
  const failed = results.filter((r) => !r.ok);
  // "All 0 claims verified." would read as a pass: nothing was checked.
  if (results.length === 0) return 'No claims were given, so nothing was verified.';
  if (failed.length === 0) return `All ${results.length} claim${results.length === 1 ? '' : 's'} verified.`;
  const lines = [`${failed.length} of ${results.length} claim${results.length === 1 ? '' : 's'} could not be verified:`];
  results.forEach((r, i) => {
    if (r.ok) return;
    const label = r.id ?? `#${i + 1}`;
    const where = r.path === undefined || r.path === '' ? '' : ` at ${JSON.stringify(r.path)}`;
    let line = `- claim ${label} (${r.mode}${where}): ${r.reason}`;
    if (!/[.!?]$/.test(line)) line += '.';
    const found = r.actual !== undefined && !r.reason.includes(preview(r.actual)) ? ` Found: ${preview(r.actual)}.` : '';
    line += found;
    if (r.suggestions.length > 0) line += ` Valid paths nearby: ${r.suggestions.join(', ')}.`;
    lines.push(line);
  });
  lines.push('Correct the paths or values above, or withdraw those claims.');
  return lines.join('\n');
}
