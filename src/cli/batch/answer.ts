// One batch line in, its output line out: how the line carries its reply (unwrap) and what each
// mode writes for it (the single-reply command of the same name, on one line). Throws for a line
// that fails; the caller turns that into the line's error record.
import { JsonMendError } from '../../index.js';
import { formatClaimFeedback, parse, repair, verifyAll, type Claim, type SchemaParseOptions } from '../api.js';
import { chosenCandidates, locatedJson } from '../candidates.js';
import { jsonText } from '../json-out.js';
import type { BatchConfig } from './config.js';

/** How a line carried its reply, so `repair` can answer in the same form. */
type Form = { kind: 'string' } | { kind: 'raw' } | { kind: 'field'; envelope: Record<string, unknown> };

interface Unwrapped {
  form: Form;
  /** The reply text, or undefined when --field held a value that is already JSON (not a string). */
  reply: string | undefined;
  value?: unknown;
}

const STRING_FORM: Form = { kind: 'string' };
const RAW_FORM: Form = { kind: 'raw' };

function unwrap(line: string, config: BatchConfig): Unwrapped {
  if (config.field !== undefined) {
    let envelope: unknown;
    try {
      envelope = JSON.parse(line);
    } catch {
      throw new JsonMendError('INVALID_ARGUMENT', `the line is not a JSON object, which --field ${config.field} needs`);
    }
    if (envelope === null || typeof envelope !== 'object' || Array.isArray(envelope)) {
      throw new JsonMendError('INVALID_ARGUMENT', `the line is not a JSON object, which --field ${config.field} needs`);
    }
    const record = envelope as Record<string, unknown>;
    if (!Object.prototype.hasOwnProperty.call(record, config.field)) {
      throw new JsonMendError('INVALID_ARGUMENT', `the line has no field "${config.field}"`);
    }
    const held = record[config.field];
    const form: Form = { kind: 'field', envelope: record };
    return typeof held === 'string' ? { form, reply: held } : { form, reply: undefined, value: held };
  }
  if (line.charCodeAt(0) === 0x22 /* " */) {
    try {
      const decoded: unknown = JSON.parse(line);
      if (typeof decoded === 'string') return { form: STRING_FORM, reply: decoded };
    } catch {
      // Not a JSON string after all (a damaged reply that starts with a quote): the line is the reply.
    }
  }
  return { form: RAW_FORM, reply: line };
}

/** `repair`'s answer in the form the line came in. */
function sameForm(form: Form, text: string, field: string | undefined): string {
  if (form.kind === 'string') return JSON.stringify(text);
  if (form.kind === 'field' && field !== undefined) {
    // defineProperty, not assignment: a field named "__proto__" stays a plain key.
    Object.defineProperty(form.envelope, field, { value: text, enumerable: true, writable: true, configurable: true });
    return JSON.stringify(form.envelope);
  }
  // A raw line comes back raw, unless the repaired text would span lines and break the JSONL.
  return text.includes('\n') || text.includes('\r') ? JSON.stringify(text) : text;
}

/** A line's answer, and whether its claims all held (`verify`; true otherwise). */
export interface Answer {
  out: string;
  held: boolean;
}

/** The output line (without its newline) for one input line. */
export function answerLine(line: string, config: BatchConfig, options: SchemaParseOptions): Answer {
  const { form, reply, value } = unwrap(line, config);
  switch (config.mode) {
    case 'parse':
      // Not JSON.stringify: a value nested 5,000 deep would overflow the stack (json-out.ts, C2).
      return { out: jsonText(reply === undefined ? value : parse(reply, options), false).text.slice(0, -1), held: true };
    case 'repair':
      return { out: reply === undefined ? JSON.stringify((form as { envelope: unknown }).envelope) : sameForm(form, repair(reply, options), config.field), held: true };
    case 'extract': {
      if (reply === undefined) throw new JsonMendError('INVALID_ARGUMENT', `the field "${config.field}" holds a JSON value, not a reply's text`);
      const chosen = chosenCandidates(reply, config.all === true);
      if (config.text === true) return { out: JSON.stringify(config.all === true ? chosen.map((c) => c.text) : chosen[0].text), held: true };
      return { out: config.all === true ? `[${chosen.map((c) => locatedJson(c, reply)).join(',')}]` : locatedJson(chosen[0], reply), held: true };
    }
    case 'verify': {
      const outcome = verifyAll((config.claims ?? []) as Claim[], reply === undefined ? value : parse(reply, options));
      if (config.feedback !== true) return { out: JSON.stringify(outcome), held: outcome.ok };
      return { out: JSON.stringify(outcome.ok ? 'All claims hold.' : formatClaimFeedback(outcome)), held: outcome.ok };
    }
  }
}
