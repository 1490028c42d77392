// What jsonmend made of a reply, gathered for display: the value and every repair, the candidate that
// was chosen and the ones skipped, or the error with its position and the feedback a model would get.
// Pure functions over the public API (no DOM), so node tests can check them without a browser.
import {
  type Candidate,
  type CandidateSource,
  type JsonSchema,
  JsonMendError,
  type SchemaIssue,
  type SchemaRepair,
  SchemaError,
  type TextRepair,
  extract,
  formatFeedback,
  jsonSchemaValidator,
  parse,
  parseWithReport,
} from '../src/index.js';

/** The schema box, read: nothing, a schema, or why it could not be used. */
export type SchemaInput = { kind: 'none' } | { kind: 'schema'; schema: JsonSchema | boolean } | { kind: 'invalid'; message: string };

/** One candidate span of the reply (as extraction describes it, without its text) and what became of it. */
export interface CandidateView extends Omit<Candidate, 'text'> {
  chosen: boolean;
  /** Why it was chosen or skipped, in a few words. */
  why: string;
}

/** Everything the page shows about one reply (and schema). */
export interface Analysis {
  ok: boolean;
  value?: unknown;
  textRepairs: TextRepair[];
  schemaRepairs: SchemaRepair[];
  candidates: CandidateView[];
  error?: JsonMendError;
  /** Schema problems of the first candidate when no candidate satisfied the schema. */
  issues: readonly SchemaIssue[];
  /** What a model would be told (formatFeedback) when the reply was refused. */
  feedback?: string;
}

/**
 * Reads the schema box. Blank means no schema; the text is read with jsonmend itself, so a schema
 * with a trailing comma or comments still works.
 */
export function readSchema(text: string): SchemaInput {
  if (text.trim() === '') return { kind: 'none' };
  try {
    const schema: unknown = parse(text);
    if (typeof schema === 'boolean' || (schema !== null && typeof schema === 'object' && !Array.isArray(schema))) {
      return { kind: 'schema', schema: schema as JsonSchema | boolean };
    }
    return { kind: 'invalid', message: 'a JSON Schema is an object or a boolean' };
  } catch (error) {
    return { kind: 'invalid', message: error instanceof Error ? error.message : String(error) };
  }
}

function isTextRepair(r: TextRepair | SchemaRepair): r is TextRepair {
  return 'offset' in r;
}

/** Runs the reply (with the schema, when there is one) through `parseWithReport`. */
export function analyse(reply: string, schema: SchemaInput): Analysis {
  // The validator brings the schema stage into the page's bundle (see docs/schema.md, "Validators and bundles").
  const options = schema.kind === 'schema' ? { schema: schema.schema, validator: jsonSchemaValidator() } : {};
  try {
    const report = parseWithReport(reply, options);
    const textRepairs = report.repairs.filter(isTextRepair);
    const schemaRepairs = report.repairs.filter((r): r is SchemaRepair => !isTextRepair(r));
    return { ok: true, value: report.value, textRepairs, schemaRepairs, candidates: candidatesOf(reply, textRepairs, options), issues: [] };
  } catch (caught) {
    const error = caught instanceof JsonMendError ? caught : new JsonMendError('INVALID_ARGUMENT', String(caught));
    const schemaError = error instanceof SchemaError ? error : undefined;
    const textRepairs = schemaError ? schemaError.repairs.filter(isTextRepair) : [];
    return {
      ok: false,
      error,
      textRepairs,
      schemaRepairs: [],
      candidates: candidatesOf(reply, undefined, options),
      issues: schemaError?.issues ?? [],
      feedback: formatFeedback(error),
    };
  }
}

interface Span {
  start: number;
  end: number;
}

/** The chosen span as far as the repairs tell: `at` says which of its ends they fixed. */
export interface ChosenSpan extends Span {
  at?: 'start' | 'end';
}

/**
 * Where the value was read from. The public report does not name the chosen candidate, but it says
 * where the surroundings were cut: `reasoning_block` sits at the chosen span's start, and so does
 * `surrounding_text` when a candidate starts there (text before the value); otherwise it marks where
 * the text after the value begins. Without either, the value was read from the reply itself.
 */
export function chosenSpan(reply: string, repairs: readonly TextRepair[], candidates: readonly Candidate[]): ChosenSpan {
  const start = reply.length - reply.trimStart().length;
  const cut = repairs.find((r) => r.kind === 'surrounding_text' || r.kind === 'reasoning_block');
  if (cut === undefined) return { start, end: reply.length };
  if (cut.kind === 'reasoning_block' || candidates.some((c) => c.start === cut.offset)) return { start: cut.offset, end: reply.length, at: 'start' };
  return { start, end: cut.offset, at: 'end' };
}

function describe(c: Pick<Candidate, 'source' | 'language' | 'tag'>): string {
  switch (c.source) {
    case 'whole':
      return 'the whole reply';
    case 'fence':
      return c.language ? `a \`\`\`${c.language} code fence` : 'a code fence';
    case 'tag':
      return `a <${c.tag ?? 'answer'}> tag`;
    case 'jsonp':
      return 'a function call';
    default:
      return 'brackets in prose';
  }
}

/** Skipped candidates parsed on their own to say what each would give; the rest are only listed. */
const MAX_TRIED_ALONE = 50;

function tryAlone(text: string, options: { schema?: JsonSchema | boolean }): string {
  try {
    parseWithReport(text, options);
    return options.schema === undefined ? 'parses too' : 'parses and fits the schema too';
  } catch (error) {
    if (error instanceof SchemaError) return 'does not fit the schema';
    return error instanceof JsonMendError ? `does not parse (${error.code})` : 'does not parse';
  }
}

/** A chosen span matches a candidate when it starts where the candidate starts (or ends where it ends). */
function matches(c: Span, chosen: ChosenSpan): boolean {
  return chosen.at === 'end' ? c.end === chosen.end || c.start === chosen.start : c.start === chosen.start;
}

/**
 * The candidates extraction found, the chosen one marked (`repairs` is undefined when the reply was
 * refused: then every candidate is listed with what it gives alone). Candidates inside reasoning blocks that
 * extraction set aside (because an answer outside them exists) are listed as skipped too: they are what
 * extraction finds when no tag counts as reasoning, minus what it finds by default.
 */
export function candidatesOf(reply: string, repairs: readonly TextRepair[] | undefined, options: { schema?: JsonSchema | boolean }): CandidateView[] {
  let found: Candidate[];
  let all: Candidate[];
  try {
    found = extract(reply);
    all = extract(reply, { reasoningTags: [] });
  } catch {
    return [];
  }
  const chosen = repairs === undefined ? undefined : chosenSpan(reply, repairs, found);
  const views: CandidateView[] = [];
  let chosenSeen = false;
  let tries = 0;
  const alone = (c: Candidate): string => (tries++ < MAX_TRIED_ALONE ? `${chosen ? 'alone it ' : ''}${tryAlone(c.text, options)}` : 'not tried alone');
  for (const c of found) {
    const isChosen: boolean = !chosenSeen && chosen !== undefined && matches(c, chosen);
    chosenSeen ||= isChosen;
    // With only text after the value cut, the value ends where that text begins.
    const span = isChosen && chosen?.at === 'end' && chosen !== undefined ? { ...c, end: Math.min(c.end, chosen.end) } : c;
    views.push(view(span, isChosen, isChosen ? `chosen: the value was read from ${describe(c)}` : `skipped: ${describe(c)}; ${alone(c)}`));
  }
  for (const c of all) {
    if (found.some((f) => f.start < c.end && c.start < f.end)) continue;
    views.push(view({ ...c, reasoning: true }, false, 'skipped: inside a reasoning block; an answer outside it wins'));
  }
  if (chosen !== undefined && !chosenSeen) {
    views.unshift({ start: chosen.start, end: chosen.end, source: 'whole', chosen: true, why: 'chosen: the value was read from the reply itself' });
  }
  return views.sort((a, b) => a.start - b.start);
}

function view(c: Candidate, chosen: boolean, why: string): CandidateView {
  const { text: _text, ...span } = c;
  return { ...span, chosen, why };
}

/** What a text repair changed, as far as its detail says: `True` → `true`, `","` → nothing, … */
export interface Change {
  before: string;
  after: string;
}

const QUOTED = '("(?:[^"\\\\]|\\\\.)*"|\\S+)';
const REPLACED = new RegExp(`^replaced ${QUOTED} with ${QUOTED}$`);
const REMOVED = new RegExp(`^removed ${QUOTED}$`);
const INSERTED = new RegExp(`inserted ${QUOTED}$`);
const QUOTED_NAME = /^quoted (?:key )?(.+)$/;

/**
 * Before and after of a text repair. The public report carries a sentence, not the splice; the few
 * sentence shapes that name both sides are read, others fall back to the text at the offset and the
 * sentence itself.
 */
export function changeOf(repair: TextRepair, reply: string): Change {
  const d = repair.detail;
  if (repair.kind === 'surrounding_text') return { before: '(text around the value)', after: d };
  if (repair.kind === 'reasoning_block') return { before: '(reasoning block)', after: d };
  const quoted = QUOTE_KINDS.has(repair.kind) ? quotedAt(reply, repair.offset) : undefined;
  if (quoted !== undefined) return { before: quoted, after: JSON.stringify(quoted.slice(1, -1)) };
  let m = REPLACED.exec(d);
  if (m) return { before: m[1], after: m[2] };
  m = REMOVED.exec(d);
  if (m) return { before: m[1], after: '(removed)' };
  m = INSERTED.exec(d);
  if (m) return { before: '(nothing)', after: m[1] };
  m = QUOTED_NAME.exec(d);
  if (m && repair.kind !== 'single_quotes') return { before: m[1], after: JSON.stringify(m[1]) };
  return { before: tokenAt(reply, repair.offset), after: d };
}

/** Repairs that swap a string's quotes; the string is read from the reply to show both sides. */
const QUOTE_KINDS: ReadonlySet<string> = new Set(['single_quotes', 'backtick_quotes', 'curly_quotes']);
const CLOSER: ReadonlyMap<string, string> = new Map([["'", "'"], ['`', '`'], ['\u201c', '\u201d'], ['\u2018', '\u2019'], ['\u201d', '\u201d']]);
const MAX_QUOTED = 200;

/**
 * The quoted string starting at `offset` (quotes included), when it closes on the same line, has no
 * backslash (so the text shown is the text read) and is short; else undefined.
 */
export function quotedAt(reply: string, offset: number): string | undefined {
  const closer = CLOSER.get(reply[offset]);
  if (closer === undefined) return undefined;
  for (let i = offset + 1; i < reply.length && i - offset <= MAX_QUOTED; i++) {
    const c = reply[i];
    if (c === '\\' || c === '\n') return undefined;
    if (c === closer) return reply.slice(offset, i + 1);
  }
  return undefined;
}

/** A short piece of the reply from `offset`: up to the next space or punctuation, at most 24 characters. */
export function tokenAt(reply: string, offset: number): string {
  let end = offset;
  while (end < reply.length && end - offset < 24 && (end === offset || !/[\s,:{}[\]]/.test(reply[end]))) end++;
  const token = reply.slice(offset, end);
  return token === '' ? '(end of text)' : JSON.stringify(token);
}
