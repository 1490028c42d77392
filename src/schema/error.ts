// SchemaError and the feedback text a model can act on.
import type { TextRepair } from '../parse/types.js';
import { JsonMendError } from '../errors.js';
import { shortValue } from './pointer.js';
import type { Repair, SchemaIssue, SchemaRepair } from './types.js';

/** Limits of {@link formatFeedback}. */
export interface FeedbackOptions {
  /** Most problem lines listed; the rest are counted. Default 20. */
  maxIssues?: number | undefined;
  /** Longest text returned, in characters. Default 2000. */
  maxLength?: number | undefined;
}

function where(path: string): string {
  return path === '' ? '(root)' : path;
}

function issueLine(issue: SchemaIssue): string {
  // No words for what is expected but the validator's own sentence (a refinement's message, Zod's
  // `.refine(…, "ratio must be at most 1")`): the sentence, not "expected <sentence>".
  if (issue.expected === issue.message && issue.message !== '') return `${where(issue.path)}: ${issue.message.replace(/\.$/, '')}, got ${issue.received}`;
  return `${where(issue.path)}: expected ${issue.expected}, got ${issue.received}`;
}

/** The value did not satisfy the schema, even after every repair that applied. */
export class SchemaError extends JsonMendError {
  /**
   * The problems found by the first, strict validation: what the model actually sent; after repairs
   * that kept every path, with what the repaired value still fails (`received` saying what the reply wrote).
   */
  readonly issues: readonly SchemaIssue[];
  /** Repairs already applied to the text before validation (the model can stop making these mistakes). */
  readonly repairs: readonly Repair[];

  constructor(issues: readonly SchemaIssue[], repairs: readonly Repair[] = []) {
    const first = issues[0];
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
    super(
      'SCHEMA_MISMATCH',
      first ? `the value does not match the schema: ${issueLine(first)}${more}` : 'the value does not match the schema',
      first ? { path: first.path } : {},
    );
    this.name = 'SchemaError';
    this.issues = issues;
    this.repairs = repairs;
  }

  /** A short text for a model: one line per problem, then the repairs already made. */
  toFeedback(options?: FeedbackOptions): string {
    return formatFeedback(this, options);
  }
}

function isSchemaRepair(r: Repair): r is SchemaRepair {
  return typeof (r as SchemaRepair).path === 'string' && !('offset' in r);
}

function repairLine(r: Repair): string {
  if (isSchemaRepair(r)) {
    const after = r.after === undefined ? 'removed' : shortValue(r.after);
    return `${r.kind} at ${where(r.path)}: ${shortValue(r.before)} → ${after}`;
  }
  const t = r as TextRepair;
  return `${t.kind} at line ${t.line} column ${t.column}${t.detail ? `: ${t.detail}` : ''}`;
}

function cap(lines: string[], maxLength: number): string {
  let text = lines.join('\n');
  if (text.length > maxLength) text = text.slice(0, Math.max(0, maxLength - 1)) + '…';
  return text;
}

/**
 * Feedback a model can act on, for any error jsonmend throws: for a {@link SchemaError}, one line per
 * problem (`<path>: expected <type or allowed values>, got <short value>`) and the repairs already
 * applied; for a parse error, the message with its position, the excerpt with a caret, and what was
 * expected. Capped in length.
 */
export function formatFeedback(error: unknown, options: FeedbackOptions = {}): string {
  const maxIssues = options.maxIssues ?? 20;
  const maxLength = options.maxLength ?? 2000;
  if (error instanceof SchemaError) {
    const lines = ['The JSON does not match the required schema:'];
    for (const issue of error.issues.slice(0, maxIssues)) lines.push(issueLine(issue));
    if (error.issues.length > maxIssues) lines.push(`… and ${error.issues.length - maxIssues} more problems`);
    if (error.repairs.length > 0) {
      lines.push('Already repaired automatically (avoid these next time):');
      for (const r of error.repairs.slice(0, maxIssues)) lines.push(`- ${repairLine(r)}`);
      if (error.repairs.length > maxIssues) lines.push(`- … and ${error.repairs.length - maxIssues} more`);
    }
    lines.push('Reply with the corrected JSON only.');
    return cap(lines, maxLength);
  }
  if (error instanceof JsonMendError) {
    const lines: string[] = [];
    if (error.code === 'NO_JSON') {
      lines.push(`No JSON value was found in the reply: ${error.message}.`, 'Reply with the JSON value only.');
    } else if (error.line !== undefined) {
      lines.push(`The JSON could not be read (${error.code}): ${error.message}.`);
      if (error.excerpt) lines.push(error.excerpt);
      lines.push('Reply with the complete, corrected JSON only.');
    } else {
      lines.push(`${error.code}: ${error.message}${error.path ? ` (at ${error.path})` : ''}`);
    }
    return cap(lines, maxLength);
  }
  const message = error instanceof Error ? error.message : String(error);
  return cap([`Error: ${message}`], maxLength);
}

/** Lines describing `repairs`, one per repair (for logs and feedback). */
export function describeRepairs(repairs: readonly Repair[]): string[] {
  return repairs.map(repairLine);
}
