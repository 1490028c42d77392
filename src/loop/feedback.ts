// The feedback the loop sends a model after a reply it could not use (parse and schema failures): what the model
// can act on. The errors themselves are written for developers and may advise on options (`acceptTruncated`) or
// functions; none of that is the model's to act on, so it never reaches the conversation.
import { JsonMendError } from '../errors.js';
import { formatFeedback, SchemaError } from '../schema/index.js';
import type { Repair } from '../schema/types.js';
import { isCutOffRepair } from '../parse/kind-flags.js';
import type { TextRepair, TextRepairKind } from '../parse/types.js';
import { feedbackFor } from './parse-reply.js';

/** Advice in error messages addressed to the developer, each as a parenthesis at the end of a sentence. */
const DEVELOPER_ADVICE = / \((?:acceptTruncated: true takes (?:it|them)|a schema for an array of them takes them all)\)/g;

/** `the reply holds 3 values written one after another, and values 1 and 2 both match the schema: …` */
const SEVERAL_VALUES = /^the reply holds (\d+) values written one after another, and values \d+ and \d+ both match the schema/;

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
  if (error.code === 'REPAIR_REFUSED' && /\bcut off\b/.test(error.message)) {
    const lines = [cutSentence(cut ?? error)];
    if (error.excerpt) lines.push(error.excerpt);
    lines.push('Write the whole value, with every string, array and object closed.', 'Reply with the complete JSON value only.');
    return lines.join('\n');
  }
  const several = error.code === 'REPAIR_REFUSED' ? SEVERAL_VALUES.exec(error.message) : null;
  if (several) {
    return (
      `The reply holds ${several[1]} JSON values written one after another, and more than one of them matches the schema: ` +
      'which one is meant is unclear.\nReply with exactly one JSON value.'
    );
  }
  return withoutDeveloperAdvice(feedbackFor(error));
}

/** `text` without the advice addressed to developers that error messages carry. */
export function withoutDeveloperAdvice(text: string): string {
  return text.replace(DEVELOPER_ADVICE, '');
}
