// Turns failed claims into a few lines a model can act on.
import { preview } from './compare.js';
import type { ClaimResult, VerifyAllResult } from './types.js';

/**
 * A short text listing each failed claim: which path, what was there, and the nearest valid paths.
 * Accepts one result, a list of results, or what {@link verifyAll} returns.
 */
export function formatClaimFeedback(resultsOrSummary: ClaimResult | readonly ClaimResult[] | VerifyAllResult): string {
  const results: readonly ClaimResult[] = Array.isArray(resultsOrSummary)
    ? resultsOrSummary
    : 'results' in (resultsOrSummary as object)
      ? (resultsOrSummary as VerifyAllResult).results
      : [resultsOrSummary as ClaimResult];
  const failed = results.filter((r) => !r.ok);
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
