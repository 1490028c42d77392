// One batch line in, its output line out: how the line carries its reply (unwrap) and what each
// mode writes for it (the single-reply command of the same name, on one line). Throws for a line
// that fails; the caller turns that into the line's error record.
import { JsonMendError } from '../../index.js';
import { formatClaimFeedback, parse, repair, verifyAll, type Claim, type SchemaParseOptions } from '../api.js';
import { chosenCandidates, locatedJson } from '../candidates.js';
import { compactJson, jsonText, mayNotRoundTrip } from '../json-out.js';
import type { BatchConfig } from './config.js';
import { envelopeLine, envelopeText } from './envelope.js';

/** How a line carried its reply, so `repair` can answer in the same form. */
type Form = { kind: 'string' } | { kind: 'raw' } | { kind: 'field'; line: string };

interface Unwrapped {
  form: Form;
  /** The reply text, or undefined when --field held a value that is already JSON (not a string). */
  reply: string | undefined;
  value?: unknown;
}

const STRING_FORM: Form = { kind: 'string' };
const RAW_FORM: Form = { kind: 'raw' };

function unwrap(line: string, config: BatchConfig): Unwrapped {
  const text = envelopeText(line);
  if (config.field !== undefined) {
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
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
    // Spliced into the line as written (sameForm), its spacing kept.
    const form: Form = { kind: 'field', line: envelopeLine(line) };
    return typeof held === 'string' ? { form, reply: held } : { form, reply: undefined, value: held };
  }
  if (text.charCodeAt(0) === 0x22 /* " */) {
    try {
      const decoded: unknown = JSON.parse(text);
      if (typeof decoded === 'string') return { form: STRING_FORM, reply: decoded };
    } catch {
      // Not a JSON string after all (a damaged reply that starts with a quote): the line is the reply.
    }
  }
  return { form: RAW_FORM, reply: line };
}

/** The end of the JSON string that starts at `i` (its opening quote) in valid JSON `text`. */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; ; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x5c /* \\ */) j++;
    else if (c === 0x22 /* " */) return j + 1;
  }
}

/** The end of the JSON value that starts at `i` in valid JSON `text`. */
function valueEnd(text: string, i: number): number {
  const first = text.charCodeAt(i);
  if (first === 0x22) return stringEnd(text, i);
  if (first !== 0x7b /* { */ && first !== 0x5b /* [ */) {
    let j = i;
    while (j < text.length && !',}] \t\n\r'.includes(text[j])) j++;
    return j;
  }
  let depth = 0;
  for (let j = i; ; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x22) j = stringEnd(text, j) - 1;
    else if (c === 0x7b || c === 0x5b) depth++;
    else if ((c === 0x7d || c === 0x5d) && --depth === 0) return j + 1;
  }
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  return i;
}

/**
 * Where the value of the top-level member `field` is in `line`, a JSON object `JSON.parse` has
 * accepted: one linear scan; escaped keys are decoded; of duplicate keys the last, the one
 * `JSON.parse` reads.
 */
export function memberValueSpan(line: string, field: string): [number, number] | undefined {
  let found: [number, number] | undefined;
  let i = line.length - line.trimStart().length + 1; // past the white space before the object (trim's set, as the envelope is read) and its '{'
  for (;;) {
    i = skipSpace(line, i);
    if (line.charCodeAt(i) !== 0x22) return found; // '}': the end of the object
    const keyEnd = stringEnd(line, i);
    const raw = line.slice(i + 1, keyEnd - 1);
    const key = raw.includes('\\') ? (JSON.parse(line.slice(i, keyEnd)) as string) : raw;
    const start = skipSpace(line, skipSpace(line, keyEnd) + 1); // past ':'
    const end = valueEnd(line, start);
    if (key === field) found = [start, end];
    i = skipSpace(line, end);
    if (line.charCodeAt(i) === 0x2c /* , */) i++;
  }
}

/**
 * `repair`'s answer in the form the line came in. With --field, the repaired text is spliced into
 * the line where the field's value was: every other byte stays as written (a number JSON.parse would
 * round, a duplicate key, the spacing), which a round trip through JSON.parse would not keep.
 */
function sameForm(form: Form, text: string, field: string | undefined): string {
  if (form.kind === 'string') return JSON.stringify(text);
  if (form.kind === 'field' && field !== undefined) {
    const span = memberValueSpan(form.line, field);
    if (span === undefined) throw new JsonMendError('INVALID_ARGUMENT', `the line has no field "${field}"`);
    return `${form.line.slice(0, span[0])}${JSON.stringify(text)}${form.line.slice(span[1])}`;
  }
  // A raw line comes back raw, unless the repaired text would span lines and break the JSONL.
  return text.includes('\n') || text.includes('\r') ? JSON.stringify(text) : text;
}

/** A line's answer, and whether its claims all held (`verify`; true otherwise). */
export interface Answer {
  out: string;
  held: boolean;
}

/** Told of each number of a line's value that JSON cannot write as it was read, with its JSON Pointer. */
export type OnNonFinite = (pointer: string, value: number) => void;

/** Whether the claims hold a number JSON.stringify would not write back as read (worked out once per batch). */
const claimsExact = new WeakMap<BatchConfig, boolean>();

function claimsMayNotRoundTrip(config: BatchConfig): boolean {
  let exact = claimsExact.get(config);
  if (exact === undefined) {
    exact = mayNotRoundTrip(jsonText(config.claims ?? [], false).text);
    claimsExact.set(config, exact);
  }
  return exact;
}

/** The output line (without its newline) for one input line. */
export function answerLine(line: string, config: BatchConfig, options: SchemaParseOptions, onNonFinite?: OnNonFinite): Answer {
  const { form, reply, value } = unwrap(line, config);
  const source = reply ?? line;
  switch (config.mode) {
    case 'parse':
      // JSON.stringify where it writes the value back as read (json-out.ts: not for a value nested 5,000
      // deep, nor a number beyond a double, which is written as 1e999 and named on stderr).
      return { out: compactJson(reply === undefined ? value : parse(reply, options), mayNotRoundTrip(source), onNonFinite), held: true };
    case 'repair':
      // A field that already holds JSON needs no repair: the line comes back as it was (its envelope).
      return { out: reply === undefined ? (form.kind === 'field' ? form.line : line) : sameForm(form, repair(reply, options), config.field), held: true };
    case 'extract': {
      if (reply === undefined) throw new JsonMendError('INVALID_ARGUMENT', `the field "${config.field}" holds a JSON value, not a reply's text`);
      const chosen = chosenCandidates(reply, config.all === true);
      if (config.text === true) return { out: JSON.stringify(config.all === true ? chosen.map((c) => c.text) : chosen[0].text), held: true };
      return { out: config.all === true ? `[${chosen.map((c) => locatedJson(c, reply)).join(',')}]` : locatedJson(chosen[0], reply), held: true };
    }
    case 'verify': {
      const outcome = verifyAll((config.claims ?? []) as Claim[], reply === undefined ? value : parse(reply, options));
      if (config.feedback !== true) {
        // The results hold the values found (`actual`) and claimed (`expected`): the same writer as
        // parse's, so a deep one is written, not an INTERNAL error, and ±Infinity is not a silent null.
        return { out: compactJson(outcome, claimsMayNotRoundTrip(config) || mayNotRoundTrip(source), onNonFinite), held: outcome.ok };
      }
      return { out: JSON.stringify(outcome.ok ? 'All claims hold.' : formatClaimFeedback(outcome)), held: outcome.ok };
    }
  }
}
