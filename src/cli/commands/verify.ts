// `jsonmend verify`: check a model's claims against the tool output they cite.
import { JsonMendError } from '../../index.js';
import { formatClaimFeedback, verifyAll, type Claim } from '../api.js';
import { commonOptions, flag, parseInputOptions, type Command } from '../command.js';
import { write } from '../io.js';
import { jsonText, nonFiniteWarnings } from '../json-out.js';
import { escapeControls } from '../term.js';
import { EXIT } from '../usage.js';
import { batchOptions, checkBatchOptions, runBatchCommand } from '../batch/command.js';
import { acceptTruncatedOption, fail, loadValue } from './shared.js';
import { underflowedClaimNumber } from '../../verify/number-range.js';
import { repairedOrSelf } from '../../parse/repair.js';

/** A claims file holds an array of claims, an object with a `claims` array, or one claim. */
function claimList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === 'object' && Array.isArray((value as { claims?: unknown }).claims)) {
    return (value as { claims: unknown[] }).claims;
  }
  return [value];
}

export const verifyCommand: Command = {
  name: 'verify',
  summary: 'check claims about a tool output; exit 1 when any fails',
  usage: 'jsonmend verify CLAIMS.json [FILE] [--feedback] [--strict] [--accept-truncated]\n' +
    'jsonmend verify --jsonl CLAIMS.json [FILE] [--field NAME] [--workers N] [--feedback] [--strict] [--accept-truncated]',
  help: `Checks each claim in CLAIMS.json against the JSON in FILE (standard input when absent or "-")
and prints one result per claim as a JSON line {ok, mode, path, expected, actual, reason}. Both
files are parsed tolerantly, so CLAIMS.json may be a model's raw reply.

CLAIMS.json holds an array of claims, an object {"claims": [...]}, or a single claim. A claim is
{mode, path?, value?, schema?, min?, max?, exclusiveMin?, exclusiveMax?, aggregate?} with mode
verbatim, field, type or range, e.g. {"mode": "range", "path": "total", "min": 10, "max": 20}.

Options:
  --feedback      print a short text for the model about the failed claims instead of the results
  --strict        refuse every repair of the inputs that has to guess
  --accept-truncated
                  read FILE (with --jsonl: each line) and CLAIMS.json even when they were
                  cut off (refused by default: a cut-off FILE exits 1, a cut-off line is an
                  error record, a cut-off CLAIMS.json exits 2); where is written to stderr
  --jsonl         batch: one tool output per line of FILE, checked against the same claims
  --field NAME    batch: each line is an object holding the tool output under NAME
  --workers N     batch: process the lines on N threads (default 1)
  --quiet         batch: no progress bar and no summary
  -h, --help      show this help

Exit code 0 when every claim holds, 1 when any fails, 2 when CLAIMS.json holds no claims or a
malformed one.

In batch mode each output line is {ok, results, summary} for one input line (with --feedback,
the feedback text as a JSON string); a line that cannot be read becomes
{"line": N, "error": {...}} and the batch goes on.

Examples:
  jsonmend verify claims.json tool-output.json
  jsonmend verify --jsonl claims.json tool-outputs.jsonl`,
  options: { ...commonOptions, ...parseInputOptions, ...acceptTruncatedOption, ...batchOptions, feedback: { type: 'boolean' } },
  positionals: ['CLAIMS.json', '[FILE]'],
  async run(ctx) {
    checkBatchOptions(ctx);
    const [claimsFile, file] = ctx.positionals;
    // Claims are refused when cut off, as the payload is: a lost claim would not be checked, and a
    // claim whose end is lost (a min without its max) checks less than it says.
    const claimsLoaded = await loadValue(ctx, claimsFile, true, 'claims');
    if (typeof claimsLoaded === 'number') return claimsLoaded;
    const claimsInput = claimsLoaded.input;
    const claims = claimList(claimsLoaded.value);
    // No claims would print "all 0 claims hold" and exit 0: a gate that passes a reply whose model
    // wrote no claims at all.
    if (claims.length === 0) {
      return fail(ctx, new JsonMendError('INVALID_CLAIM', 'the claims file holds no claims (an empty list checks nothing)'), claimsInput.name);
    }
    // `{"value": 1e-400}` was read as 0 and would hold against a 0 found: refused as malformed (exit 2).
    const underflowed = underflowedClaimNumber(claims, () => repairedOrSelf(claimsInput.text));
    if (underflowed !== undefined) {
      const why = `a claim holds the number ${underflowed.literal}, which is closer to 0 than any double (read as a number it is 0); ` +
        `write it as a string ("${underflowed.literal}") to have it compared exactly`;
      return fail(ctx, new JsonMendError('INVALID_CLAIM', why), claimsInput.name);
    }
    // A malformed claim is the command line's fault (exit 2): say so before reading FILE, so an
    // unreadable FILE (exit 1) cannot hide it, and in a batch once, not on every line.
    try {
      verifyAll(claims as Claim[], null);
    } catch (error) {
      return fail(ctx, error, claimsInput.name);
    }
    if (flag(ctx.values, 'jsonl')) return runBatchCommand(ctx, 'verify', file, { claims });
    const loaded = await loadValue(ctx, file, true);
    if (typeof loaded === 'number') return loaded;
    let outcome;
    try {
      // verifyAll checks each claim's shape itself and throws INVALID_CLAIM for a malformed one.
      outcome = verifyAll(claims as Claim[], loaded.value);
    } catch (error) {
      return fail(ctx, error, claimsInput.name);
    }
    const failed = outcome.summary.failed;
    if (flag(ctx.values, 'feedback')) {
      const text = failed > 0 ? formatClaimFeedback(outcome) : 'All claims hold.';
      await write(ctx.io.stdout, text.endsWith('\n') ? text : `${text}\n`);
    } else {
      // The results hold the values found and claimed: the writer that prints values, so a deep one is
      // written whole and ±Infinity is written 1e999 and named on stderr, not a silent null.
      let out = '';
      let warnings = '';
      for (const [i, r] of outcome.results.entries()) {
        const json = jsonText(r, false);
        out += json.text;
        warnings += nonFiniteWarnings(json.nonFinite, `${escapeControls(loaded.input.name)} claim ${r.id ?? `#${i + 1}`}`);
      }
      await write(ctx.io.stdout, out);
      if (warnings !== '') await write(ctx.io.stderr, warnings);
    }
    const total = outcome.summary.total;
    const line = failed === 0 ? ctx.err.green(`all ${total} claims hold`) : ctx.err.red(`${failed} of ${total} claims failed`);
    await write(ctx.io.stderr, `jsonmend: ${line}\n`);
    return failed === 0 ? EXIT.ok : EXIT.failed;
  },
};
