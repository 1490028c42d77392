// The feedback the loop sends a model after a reply it could not use (parse and schema failures): what the model
// can act on. The errors themselves are written for developers and may advise on options (`acceptTruncated`) or
// functions; none of that is the model's to act on, so a refusal's feedback is built from why it refused
// (JsonMendError.refusal), never from its message.
import { JsonMendError } from '../errors.js';
import { formatFeedback, SchemaError } from '../schema/index.js';
import type { Repair } from '../schema/types.js';
import { isCutOffRepair } from '../parse/kind-flags.js';
import type { TextRepair, TextRepairKind } from '../parse/types.js';
import { feedbackFor, looseValue, type LoopParseOptions } from './parse-reply.js';
import { wrappedIn } from './strict.js';
import type { ModelReply } from './types.js';

function isCutOff(r: Repair): r is TextRepair {
  return 'offset' in r && isCutOffRepair(r.kind as TextRepairKind);
}

function cutSentence(cut: { line?: number | undefined; column?: number | undefined } | undefined): string {
  const where = cut?.line !== undefined && cut.column !== undefined ? ` (it stops at line ${cut.line} column ${cut.column})` : '';
  return `The reply was cut off before the JSON value was complete${where}: what should have followed is missing.`;
}

/**
 * Feedback for a reply the parser or the schema layer refused. `repairs` are those made to the reply before it
 * failed. A reply that was cut off is told so, whatever else failed: a value that fails the schema only because
 * its end is missing (`{"name": "Ada Lovel` with `age` required) is told it was cut off, and the closing of the
 * cut is not listed among the repairs "already made", since the reply was not taken.
 */
export function replyFeedback(error: JsonMendError, repairs: readonly Repair[]): string {
  const made = error instanceof SchemaError && error.repairs.length > 0 ? error.repairs : repairs;
  const cut = made.find(isCutOff);
  if (error instanceof SchemaError && cut) {
    const schema = formatFeedback(new SchemaError(error.issues, made.filter((r) => !isCutOff(r))));
    return `${cutSentence(cut)}\n${schema.replace(/Reply with the corrected JSON only\.$/, 'Reply with the complete, corrected JSON only.')}`;
  }
  if (error.refusal?.reason === 'cut_off') {
    const lines = [cutSentence(cut ?? error)];
    if (error.excerpt) lines.push(error.excerpt);
    lines.push('Write the whole value, with every string, array and object closed.', 'Reply with the complete JSON value only.');
    return lines.join('\n');
  }
  if (error.refusal?.reason === 'ambiguous') {
    return 'The reply holds several JSON values, and more than one of them matches the schema: which one is meant is unclear.\nReply with exactly one JSON value.';
  }
  return feedbackFor(error);
}

/**
 * A schema failure with its paths in the terms of the reply the model wrote. A provider that wrapped a
 * non-object root in `{ value }` unwraps it before the schema runs, so the schema names `/1/n` where the model
 * wrote `{"value": [… , {"n": "x"}]}`: it is told `/value/1/n`. Other errors, and replies not in the envelope,
 * are left as they are.
 */
export function inReplyTerms(
  error: JsonMendError, repairs: readonly Repair[], reply: ModelReply, options: LoopParseOptions,
): { error: JsonMendError; repairs: readonly Repair[] } {
  if (!(error instanceof SchemaError) || reply.restore === undefined) return { error, repairs };
  const prefix = wrappedIn(reply.restore, looseValue(reply.text, options)?.value);
  if (prefix === '') return { error, repairs };
  const shift = (r: Repair): Repair => ('path' in r ? { ...r, path: prefix + r.path } : r);
  const issues = error.issues.map((issue) => ({ ...issue, path: prefix + issue.path }));
  return { error: new SchemaError(issues, error.repairs.map(shift)), repairs: repairs.map(shift) };
}
