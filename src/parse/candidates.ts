// The parse front door: the native fast path, then extraction, then the engine on each candidate.
import { JsonMendError } from '../errors.js';
import { scanBalanced } from '../extract/balanced.js';
import { describeNoJson, extract } from '../extract/index.js';
import type { Candidate, CandidateSource } from '../extract/index.js';
import { isJsonSpace } from './chars.js';
import { type Edit, Engine, EngineFailure, type EngineOptions } from './engine.js';
import { isCutOffRepair } from './kinds.js';
import { RepairLog } from './repair-log.js';
import { checkLength, engineOptions, publicError, withPositions } from './settings.js';
import { ValueBuilder } from './sink.js';
import type { ParseOptions, TextRepair, TextRepairKind } from './types.js';

const NO_REPAIRS = new RepairLog();

/**
 * One JSON value found and parsed in a text. The repair report is built only when read: `parse`
 * without `onRepair` never pays for it.
 */
export class ParsedCandidate {
  private report: TextRepair[] | undefined;

  constructor(
    readonly value: unknown,
    /** Where the value's text starts and ends in the input. */
    readonly start: number,
    readonly end: number,
    private readonly log: RepairLog,
    private readonly text: string,
    /** Splices of `text` that repair the value's span (only when asked for; see parseCandidates). */
    readonly edits: readonly Edit[] = [],
  ) {}

  /** Every repair made to get this value, in text order, with line and column. */
  get repairs(): TextRepair[] {
    return (this.report ??= withPositions(this.log.toArray(), this.text));
  }

  /**
   * The repairs with line and column still 0, for a caller that fills in the positions of many
   * candidates' repairs in one pass over the text (see `withPositions`).
   */
  unpositionedRepairs(): TextRepair[] {
    return this.log.toArray();
  }

  /** Whether the text was cut off inside this value. */
  get truncated(): boolean {
    return this.log.kinds.some(isCutOffRepair);
  }
}

/** What a front door needs from parseCandidates besides the values. */
export interface CandidateMode {
  /** false: the caller ran nativeParse itself (argument checks included) and it failed. Default true. */
  tryNative?: boolean;
  /** false: the caller reads only values, so candidates' repairs stay empty. Default true. */
  wantRepairs?: boolean;
  /** Record splices too, for repair's text output. Default false. */
  wantEdits?: boolean;
}

/**
 * Every candidate in the text that parses (after repair), best first, lazily. Throws the error of the
 * most promising candidate (`NO_JSON` when there was none) if not one of them parses. Never calls
 * `onRepair`: the caller reports once it has chosen.
 */
export function* parseCandidates(text: string, options: ParseOptions = {}, mode: CandidateMode = {}): Generator<ParsedCandidate, void, undefined> {
  const fast = mode.tryNative === false ? undefined : nativeParse(text, options);
  if (fast !== undefined) {
    yield new ParsedCandidate(fast.value, 0, text.length, NO_REPAIRS, text);
    return;
  }
  // The first failure is kept raw: a public error counts its line and column from the start of the
  // text, which for thousands of failing candidates would make the search quadratic. Only the error
  // that is thrown is built.
  let firstFailure: unknown;
  let yielded = false;
  for (const reading of readCandidates(text, options, mode)) {
    if (reading.parsed === undefined) {
      if (firstFailure === undefined) firstFailure = reading.failure;
      continue;
    }
    yielded = true;
    yield reading.parsed;
  }
  if (!yielded) throw firstFailure === undefined ? noJson(text) : publicError(firstFailure, text);
}

/** One candidate read: its value, or why it failed (kept raw; {@link publicError} builds the error). */
export type CandidateReading =
  | { candidate: Candidate; parsed: ParsedCandidate; failure?: undefined }
  | { candidate: Candidate; parsed?: undefined; failure: unknown };

/**
 * Reads every candidate the engine may try (not the fast path), best first, lazily; yields nothing
 * when there is none. A failure that no other candidate could do better on (too deep, a refused
 * repair) is thrown as a public error. JSON cut off inside a reasoning block is skipped: a draft that
 * was abandoned, not an answer.
 */
export function* readCandidates(text: string, options: ParseOptions, mode: CandidateMode = {}): Generator<CandidateReading, void, undefined> {
  const settings = engineOptions(options, mode.wantEdits === true, mode.wantRepairs === false);
  // A candidate from reasoning is read with its repairs recorded, to see whether it was cut off.
  let reasoningSettings: EngineOptions | undefined;
  for (const candidate of withWholeText(text, orderCandidates(extract(text)))) {
    let parsed: ParsedCandidate;
    try {
      const use = candidate.reasoning === true && settings.quiet ? (reasoningSettings ??= engineOptions(options, mode.wantEdits === true)) : settings;
      parsed = parseSpan(text, candidate, use, options);
    } catch (error) {
      if (isFatal(error)) throw publicError(error, text);
      yield { candidate, failure: error };
      continue;
    }
    if (candidate.reasoning === true && (candidate.truncated === true || parsed.truncated)) continue;
    yield { candidate, parsed };
  }
}

/** Failures that end the search: no other candidate can do better (too deep, a refused repair). */
function isFatal(error: unknown): boolean {
  if (error instanceof EngineFailure || error instanceof JsonMendError) return error.code === 'TOO_DEEP' || error.code === 'REPAIR_REFUSED';
  return error instanceof RangeError;
}

/**
 * Parses one span; the repairs include how the span was found. A span that is valid JSON is read by
 * `JSON.parse` (its value is exactly JSON's, whatever its strings hold); anything else by the engine.
 */
function parseSpan(text: string, candidate: Candidate, settings: EngineOptions, options: ParseOptions): ParsedCandidate {
  const log = new RepairLog();
  noteSurroundings(text, candidate, log, settings);
  // A whole-text span is the text the fast path already tried.
  if (candidate.source !== 'whole') {
    const native = fastPath(candidate.text, options);
    if (native !== undefined) return new ParsedCandidate(native.value, candidate.start, candidate.end, log, text);
  }
  const unescaped = unescapeDocument(candidate.text);
  const builder = new ValueBuilder();
  const engine = new Engine(builder, settings, log);
  // A whole-text candidate runs to the very end: trailing spaces may be inside a cut-off string.
  const end = candidate.source === 'whole' ? text.length : candidate.end;
  if (unescaped !== undefined) {
    note(log, settings, 'escaped_json', candidate.start, 'read a backslash-escaped JSON document');
    const from = log.length;
    try {
      engine.runAll(unescaped);
    } catch (error) {
      if (error instanceof EngineFailure) throw new EngineFailure(error.code, error.reason, candidate.start);
      throw error;
    }
    // Offsets into the unescaped copy mean nothing in the reply: point them at the candidate.
    for (let i = from; i < log.length; i++) log.offsets[i] = candidate.start;
  } else {
    engine.runAll(text, candidate.start, end);
  }
  const tops = builder.tops;
  return new ParsedCandidate(tops.length === 1 ? tops[0] : tops, candidate.start, end, log, text, engine.edits);
}

function note(log: RepairLog, settings: EngineOptions, kind: TextRepairKind, offset: number, detail: string): void {
  if (settings.refused.has(kind)) {
    throw new EngineFailure('REPAIR_REFUSED', `the text needs a "${kind}" repair (${detail}), which is disabled`, offset);
  }
  log.push(kind, offset, detail);
}

/** Prose, fences and tags around the value are a repair worth reporting; so is an answer taken from reasoning. */
function noteSurroundings(text: string, candidate: Candidate, repairs: RepairLog, settings: EngineOptions): void {
  if (candidate.reasoning) {
    note(repairs, settings, 'reasoning_block', candidate.start, 'the only JSON was inside a reasoning block');
    return;
  }
  // Looks only at the space next to the span: slicing the whole text before and after each of
  // thousands of candidates would be quadratic.
  const before = lastVisibleBefore(text, candidate.start);
  const after = candidate.source !== 'whole' && firstVisibleFrom(text, candidate.end) < text.length;
  if (before >= 0) {
    note(repairs, settings, 'surrounding_text', candidate.start, `read the JSON ${describeSource(candidate)}, ignoring the text around it`);
  } else if (after) {
    note(repairs, settings, 'surrounding_text', candidate.end, 'ignored the text after the JSON value');
  }
}

/** Index of the last character before `i` that is not whitespace (as `String.prototype.trim` sees it), or -1. */
function lastVisibleBefore(text: string, i: number): number {
  let k = i - 1;
  while (k >= 0 && isTrimmedSpace(text.charCodeAt(k))) k--;
  return k;
}

/** Index of the first character from `i` on that is not whitespace, or `text.length`. */
function firstVisibleFrom(text: string, i: number): number {
  let k = i;
  while (k < text.length && isTrimmedSpace(text.charCodeAt(k))) k++;
  return k;
}

/** What `String.prototype.trim` removes; a BOM included. */
function isTrimmedSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c > 0x7f && TRIMMED.test(String.fromCharCode(c)));
}
const TRIMMED = /\s/;

function describeSource(candidate: Candidate): string {
  switch (candidate.source) {
    case 'fence':
      return 'inside a code fence';
    case 'tag':
      return `inside <${candidate.tag ?? 'answer'}>`;
    case 'jsonp':
      return 'inside a function call';
    default:
      return 'found in the text';
  }
}

/** Explicit containers (answer tags, code fences) beat a bracket found in prose; otherwise document order. */
const PRIORITY: Record<CandidateSource, number> = { tag: 0, fence: 1, whole: 2, jsonp: 2, balanced: 2 };

function orderCandidates(candidates: Candidate[]): Candidate[] {
  return candidates
    .map((c, i) => ({ c, i }))
    .sort((a, b) => PRIORITY[a.c.source] - PRIORITY[b.c.source] || a.i - b.i)
    .map((x) => x.c);
}

/**
 * Whether `parse` reads `text` first as the value starting at `start` (its first non-space character),
 * read on to the end: the span a stream that began straight with `{` or `[` has read itself. When a
 * fence, a tag or a candidate after the first value's brackets comes first, the stream's own value is
 * not what `parse` gives.
 */
export function wholeTextFirst(text: string, start: number): boolean {
  const first = withWholeText(text, orderCandidates(extract(text)))[0];
  return first !== undefined && first.source === 'whole' && first.start === start;
}

/**
 * A text that starts with `{`, `[` or `(` that extraction did not take for JSON (`{name}`, `[x]`,
 * `[1 2]`, a Python tuple) is parsed from there to its end by the engine itself, which knows what may
 * follow a value — but only when it may be the answer. It is dropped when a fence or a tag holds the
 * answer, or when another candidate starts after its brackets close: then it was a fragment of prose
 * before the answer (a label, a citation, a Markdown link, a checkbox, a template placeholder, a
 * numbered note). When every other candidate lies inside its brackets, it holds them and goes first.
 */
function withWholeText(text: string, candidates: Candidate[]): Candidate[] {
  // The span starts after JSON whitespace but keeps a BOM or NBSP, which the engine reports.
  let start = 0;
  while (start < text.length && ' \t\r\n'.includes(text[start])) start++;
  let look = start;
  for (;;) {
    while (look < text.length && /[\s\ufeff\u200b-\u200d\u2060]/.test(text[look])) look++;
    // `/* 1 */ {…} /* 2 */ {…}`: comments before the value are space to the engine too.
    const close = text.startsWith('/*', look) ? text.indexOf('*/', look + 2) : -1;
    const after = close >= 0 ? close + 2 : text.startsWith('//', look) ? text.indexOf('\n', look) : -1;
    if (after < 0) break;
    look = after;
  }
  const c = text[look];
  const opens = c === '{' || c === '[' || c === '(';
  if (!opens || candidates.some((x) => x.source === 'whole' && x.start === start)) return candidates;
  const whole: Candidate = { text: text.slice(start), start, end: text.length, source: 'whole' };
  if (candidates.length === 0) return [whole];
  if (candidates.some((x) => x.source === 'fence' || x.source === 'tag')) return candidates;
  const closes = scanBalanced(text, look, text.length, true).end;
  return candidates.every((x) => x.start < closes) ? [whole, ...candidates] : candidates;
}

/**
 * The fast path alone, after the argument checks every front door makes: the value when the whole
 * text is valid JSON, else undefined. `parse` calls it before setting up candidate search.
 */
export function nativeParse(text: string, options: ParseOptions): { value: unknown } | undefined {
  if (typeof text !== 'string') {
    throw new JsonMendError('INVALID_ARGUMENT', `text must be a string, got ${text === null ? 'null' : typeof text}`);
  }
  checkLength(text, options);
  return fastPath(text, options);
}

/**
 * `JSON.parse` on the whole text when it could be a complete JSON value. Valid JSON never reaches the
 * engine, so it pays nothing for tolerance.
 */
function fastPath(text: string, options: ParseOptions): { value: unknown } | undefined {
  if (!couldBeJson(text)) return undefined;
  let value: unknown;
  // A failed JSON.parse costs mostly its stack trace, which nobody reads here.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  } finally {
    Error.stackTraceLimit = limit;
  }
  if (options.maxDepth !== undefined && nestingDepth(text) > options.maxDepth) {
    throw new JsonMendError('TOO_DEEP', `nesting is deeper than maxDepth (${options.maxDepth})`);
  }
  return { value };
}

/**
 * A cheap look at both ends of the text: false when it certainly is not one JSON value (a cut-off
 * document, single quotes, unquoted keys, prose), so damaged text skips a doomed `JSON.parse`.
 */
function couldBeJson(text: string): boolean {
  let i = 0;
  let c = text.charCodeAt(0);
  while (isJsonSpace(c)) c = text.charCodeAt(++i);
  let last = text.length - 1;
  let z = text.charCodeAt(last);
  while (isJsonSpace(z)) z = text.charCodeAt(--last);
  if (c === 0x7b) return z === 0x7d && startsLikeJson(text, i); // { … }
  if (c === 0x5b) return z === 0x5d && startsLikeJson(text, i); // [ … ]
  if (c === 0x22) return z === 0x22; // " … "
  // digit - t f n
  return (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x74 || c === 0x66 || c === 0x6e;
}

/** Past the opening brackets at `i`, whether the first member starts as JSON requires. */
function startsLikeJson(text: string, i: number): boolean {
  for (;;) {
    const open = text.charCodeAt(i);
    let c = text.charCodeAt(++i);
    while (isJsonSpace(c)) c = text.charCodeAt(++i);
    if (open === 0x7b) return c === 0x22 || c === 0x7d; // a key or `}`
    if (c === 0x7b || c === 0x5b) continue;
    // a string, number, literal or `]`
    return c === 0x22 || c === 0x5d || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x74 || c === 0x66 || c === 0x6e;
  }
}

/** Deepest bracket nesting of a valid JSON text (strings skipped). Only run when maxDepth is set. */
function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) max = depth;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return max;
}

/**
 * `{\"a\": 1}`: a document whose quotes are all backslash-escaped (a JSON string's content pasted
 * without its quotes). Returns the unescaped text, or undefined when the candidate is not one.
 */
function unescapeDocument(span: string): string | undefined {
  let i = 0;
  while (i < span.length && /\s/.test(span[i])) i++;
  const open = span[i];
  if ((open !== '{' && open !== '[') || span[i + 1] !== '\\' || span[i + 2] !== '"') return undefined;
  try {
    return JSON.parse(`"${span.slice(i).replace(/\n/g, '\\n').replace(/(^|[^\\])"/g, '$1\\"')}"`) as string;
  } catch {
    return undefined;
  }
}

/** The `NO_JSON` error for a text, with extraction's reason why. */
export function noJson(text: string): JsonMendError {
  return new JsonMendError('NO_JSON', `no JSON value found: ${describeNoJson(text)}`);
}
