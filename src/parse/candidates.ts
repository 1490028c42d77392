// The parse front door: the native fast path, then extraction, then the engine on each candidate.
import { JsonMendError } from '../errors.js';
import { scanBalanced } from '../extract/balanced.js';
import { endTokensAt, replyEnd } from '../extract/end-tokens.js';
import { describeNoJson, extract } from '../extract/index.js';
import { isKeyChar, isKeyStart, markedSpan, membersOpenAt, skipWs, valueStartsAt } from '../extract/chars.js';
import { answerStart, endsInsideReasoning, extractAfterValue, extractRead } from '../extract/extract.js';
import { fullwidthDetail, readFullwidthBrackets } from '../extract/fullwidth.js';
import { isTemplateValue } from './template.js';
import { type AnswerLabel, answerLabelBefore } from './answer-label.js';
import { type Span, samePair } from './pair.js';
import type { Candidate, CandidateSource } from '../extract/index.js';
import { Ch, isJsonSpace, isWordStart } from './chars.js';
import { type Edit, Engine, EngineFailure, type EngineOptions, disabledRepair } from './engine.js';
import { GUESSING_REPAIRS, isCutOffRepair } from './kind-flags.js';
import { tryJsonParse } from './native-json.js';
import { LANE_REPAIRS, readNearJson } from './near-json.js';
import { closerRunEnd, repeatsKey } from './closer-run.js';
import { RepairLog } from './repair-log.js';
import { checkLength, engineOptions, publicError, withPositions } from './settings.js';
import { ValueBuilder } from './sink.js';
import type { ParseOptions, TextRepair, TextRepairKind } from './types.js';

const NO_REPAIRS = new RepairLog();
const NONE: readonly number[] = [];

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
    /** The text the value was read from and `edits` splice: the reply, its full-width brackets read as JSON's (see readFullwidthBrackets). */
    readonly text: string,
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

  /** The kinds of the repairs made, also when only those were kept (a caller reading values only). */
  get kinds(): readonly TextRepairKind[] {
    return this.log.kinds;
  }

  /** Where the text the reading set aside after the value starts (`surrounding_text` past its start), or -1. */
  textSetAsideFrom(): number {
    return this.log.setAsideAfter(this.start);
  }

  /** The index in the log of the repair noteCutAfter made, or -1. */
  private cutAfter = -1;

  /** Records that the reply was cut off after this value, inside a later one (see noteLaterCut). */
  noteCutAfter(offset: number, detail: string): void {
    this.cutAfter = this.log.length;
    this.log.push('truncated', offset, detail);
    this.report = undefined;
  }

  /** Whether the text was cut off inside this value. */
  get truncated(): boolean {
    const kinds = this.log.kinds;
    for (let i = 0; i < kinds.length; i++) if (i !== this.cutAfter && isCutOffRepair(kinds[i])) return true;
    return false;
  }

  /** Whether the reply was cut off after this whole value, inside a later one (see noteLaterCut). */
  get cutOffAfter(): boolean {
    return this.cutAfter >= 0;
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
  /** Say on a value read whole that the reply ends inside a later one (see noteLaterCut). Default false: parseAll reads each value for itself. */
  laterCut?: boolean;
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
  for (const reading of readCandidates(text, options, { ...mode, laterCut: true })) {
    if (reading.parsed === undefined) {
      if (firstFailure === undefined) firstFailure = reading.failure;
      continue;
    }
    yielded = true;
    yield reading.parsed;
  }
  if (!yielded) throw nothingParsed(text, firstFailure);
}

/**
 * The first candidate of {@link parseCandidates}, without the generators: `parse` takes only the
 * first, and on a 1 KB reply setting up two generators costs as much as a tenth of the parse.
 */
export function firstParsedCandidate(text: string, options: ParseOptions, mode: CandidateMode): ParsedCandidate {
  const fast = mode.tryNative === false ? undefined : nativeParse(text, options);
  if (fast !== undefined) return new ParsedCandidate(fast.value, 0, text.length, NO_REPAIRS, text);
  const fullwidth = readFullwidthBrackets(text);
  if (fullwidth !== undefined) text = fullwidth.text;
  const settings = new CandidateSettings(text, options, mode, fullwidth?.at);
  let firstFailure: unknown;
  const candidates = candidatesOf(text);
  for (const candidate of candidates) {
    const reading = readCandidate(text, candidate, settings, options);
    if (reading === undefined) continue;
    if (reading.parsed !== undefined) {
      if (!isTemplateValue(reading.parsed.value) && !answerSetAside(text, reading.parsed.textSetAsideFrom(), candidate)) {
        // Asked only where it is read: the report, or a refusal of cut-off text.
        if (mode.wantRepairs !== false || settings.engine.refused.size > 0) noteLaterCut(text, reading.parsed, lastCutStart(text, candidates), settings, candidate);
        return reading.parsed;
      }
      // A template echoed before the answer, or a value labelled the answer in the text set aside after
      // the one that starts the reply (or its fence or tag): the search's own order puts that answer first. Repairs
      // recorded: they say where the text set aside after a whole value starts. A later cut is noted as
      // above (`{"a": 1}⏎Corrected:⏎{`: the labelled value cut off before it began, the old one read).
      for (const r of readCandidates(text, options, { ...mode, wantRepairs: true, laterCut: true })) if (r.parsed !== undefined) return r.parsed;
    }
    if (firstFailure === undefined) firstFailure = reading.failure;
    // A failed whole text ends the search (see readCandidates).
    if (candidate.source === 'whole') break;
  }
  throw nothingParsed(text, firstFailure);
}

/** The error when no candidate parsed: the first failure's, or `NO_JSON` when there was no candidate. */
function nothingParsed(text: string, firstFailure: unknown): unknown {
  return firstFailure === undefined ? noJson(text) : publicError(firstFailure, text);
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
  const fullwidth = readFullwidthBrackets(text);
  if (fullwidth !== undefined) text = fullwidth.text;
  const settings = new CandidateSettings(text, options, mode, fullwidth?.at);
  const candidates = candidatesOf(text);
  const cutStart = mode.laterCut === true ? lastCutStart(text, candidates) : -1;
  let setAside = -1;
  // Where the reply's end cut off a value in the text set aside (see cutOffAfter), once looked for.
  let asideCut: number | undefined;
  // `{"name": "<name>"}⏎Answer: {"name": "Ada"}`: a template echoed before the answer comes last.
  const templates: CandidateReading[] = [];
  const tried = new Set<number>();
  for (const candidate of candidates) {
    const reading = readCandidate(text, candidate, settings, options);
    if (reading === undefined) continue;
    if (mode.laterCut === true && reading.parsed !== undefined) noteLaterCut(text, reading.parsed, cutStart, settings, candidate);
    if (reading.parsed !== undefined && (candidate.source === 'fence' || candidate.source === 'tag')) {
      // `⏎```json⏎{"a": 0}⏎## Answer⏎{"a": 1}⏎```⏎`: as for a value that starts the reply (below),
      // within the fence's or tag's content.
      for (const labelled of labelledAfter(text, reading.parsed.textSetAsideFrom(), candidate.start, candidate.end)) {
        const r = readCandidate(text, labelled, settings, options);
        if (r === undefined) continue;
        if (mode.laterCut === true && r.parsed !== undefined) noteLaterCut(text, r.parsed, cutStart, settings, labelled);
        if (r.parsed !== undefined && isTemplateValue(r.parsed.value)) templates.push(r);
        else yield r;
      }
    }
    if (candidate.source === 'whole' && reading.parsed !== undefined) {
      setAside = reading.parsed.textSetAsideFrom();
      // `{"a": 0}⏎Answer: {"a": 1}`: the value that starts the reply has no label, and one set aside
      // after it is labelled the answer. That one goes first; the leading value stands behind it.
      // Where the reply's end cut off a value set aside, found once: the labelled one that wins
      // says so too (`{"a": 0}⏎Answer: {"a": 1}⏎{"a": 2, "x": [1`).
      for (const labelled of labelledAfter(text, setAside, candidate.start)) {
        tried.add(labelled.start);
        const r = readCandidate(text, labelled, settings, options);
        if (r === undefined) continue;
        if (mode.laterCut === true && r.parsed !== undefined) noteLaterCut(text, r.parsed, (asideCut ??= cutOffAfter(text, setAside)), settings, labelled);
        if (r.parsed !== undefined && isTemplateValue(r.parsed.value)) templates.push(r);
        else yield r;
      }
    }
    if (reading.parsed !== undefined && isTemplateValue(reading.parsed.value)) templates.push(reading);
    else yield reading;
    // The whole text, a document from its first bracket to its end, failed: every other candidate
    // lies inside it (see withWholeText), and taking one would drop the rest of the document.
    if (reading.failure !== undefined && candidate.source === 'whole') return;
  }
  // `{"id": 1} and {"id": 2}`: the reply started with a value and went on in prose holding more.
  // Those values are candidates too (parseAll, a schema's collect_into_array), not text set aside.
  if (setAside >= 0) {
    for (const c of candidates) tried.add(c.start);
    for (const candidate of candidatesAfter(text, setAside)) {
      if (tried.has(candidate.start)) continue;
      const reading = readCandidate(text, candidate, settings, options);
      if (reading === undefined) continue;
      if (mode.laterCut === true && reading.parsed !== undefined) noteLaterCut(text, reading.parsed, (asideCut ??= cutOffAfter(text, setAside)), settings, candidate);
      if (reading.parsed !== undefined && isTemplateValue(reading.parsed.value)) templates.push(reading);
      else yield reading;
    }
  }
  yield* templates;
}



/**
 * The candidates in the text set aside from `from` after a value that started the reply (see
 * extractAfterValue), at their places in `text`; none when `from` is -1. Not those in reasoning or
 * in an HTML comment: the leading value is an answer the reader sees, and a draft (`{"a": 1}⏎<!--
 * {"a": 0} -->`) is no value beside it, as extraction drops one beside an answer in prose.
 */
function candidatesAfter(text: string, from: number, end = text.length): Candidate[] {
  if (from < 0 || from >= end) return [];
  const found = extractAfterValue(text.slice(from, end)).filter((c) => c.reasoning !== true && c.comment !== true);
  for (const c of found) {
    c.start += from;
    c.end += from;
  }
  return found;
}

/**
 * Of the candidates set aside from `from` up to `end` (see candidatesAfter), those outside reasoning
 * labelled the answer (`Final answer:`, see answer-label.ts) or the better of a pair (`New:`), best
 * first. The value that starts
 * the reply, or a fence's or a tag's content, has no words before it to label it, so these name the
 * answer where it does not. Only a text that starts with a value and goes on past it (never valid
 * JSON: the fast path took that) looks here.
 */
function labelledAfter(text: string, from: number, lead: number, end = text.length): Candidate[] {
  if (from < 0) return [];
  const after = candidatesAfter(text, from, end);
  const labelled = after
    .map((c, i) => ({ c, i, label: pairedLabel(text, after, i, labelOf(text, c), { start: lead, end: from }) }))
    .filter((x) => x.label !== 'none' && x.label !== 'other' && !cutOffEmpty(text, x.c));
  return labelled.sort((a, b) => LABEL_RANK[a.label] - LABEL_RANK[b.label] || labelledOrder(a, b)).map((x) => x.c);
}

/**
 * `{"url": ""]}answer: [{`: a labelled candidate the reply's end cut off before it held anything
 * but openers. It names no answer to prefer over the leading value, which holds content (it read as
 * `[{}]` and dropped the whole object); the leading value is read and the cut noted, as after
 * `Answer: {` (see openerAtEnd).
 */
function cutOffEmpty(text: string, c: Candidate): boolean {
  if (!endsInside(text, c)) return false;
  for (let i = c.start; i < c.end; i++) {
    const k = text.charCodeAt(i);
    if (k !== Ch.LBRACE && k !== Ch.LBRACKET && !isJsonSpace(k)) return false;
  }
  return true;
}

/**
 * Whether the text set aside from `from` after a value that started the reply (or the content of
 * `candidate`, a fence or a tag) holds a value labelled the answer, which parse takes before it (see
 * labelledAfter). For a stream's end that read the leading value itself, too.
 */
export function answerSetAside(text: string, from: number, candidate?: Candidate, lead = candidate?.start ?? 0): boolean {
  if (candidate === undefined || candidate.source === 'whole') return labelledAfter(text, from, lead).length > 0;
  return (candidate.source === 'fence' || candidate.source === 'tag') && labelledAfter(text, from, lead, candidate.end).length > 0;
}

/**
 * `Calling: {"city": "Oslo"} and also {"city": "Par`: a value read whole from a reply that ends inside a
 * later value (in prose, or in the text set aside after a value that starts the reply). The reply was
 * cut off, and what it went on to say is lost: a `truncated` repair at the later value's start says
 * so, and a caller that refuses cut-off replies (a schema, tool arguments, the loop) refuses it.
 * A draft cut off in reasoning is no such value.
 */
function noteLaterCut(text: string, parsed: ParsedCandidate, cutStart: number, settings: CandidateSettings, candidate: Candidate): void {
  if (parsed.truncated) return;
  let at = cutStart >= parsed.end ? cutStart : -1;
  const aside = at < 0 ? parsed.textSetAsideFrom() : -1;
  if (aside >= 0) at = cutOffAfter(text, aside);
  // `Here: {"a": 1}⏎Corrected:⏎{`: a value begun after this one, cut off before it held anything.
  else if (at < 0) at = openerAtEnd(text, parsed.end);
  let detail = LATER_CUT;
  // `<think>⏎Draft: {"a": 1}⏎Hmm, fix`: a draft taken from reasoning the reply's end cut off.
  if (at < 0 && candidate.reasoning === true && endsInsideReasoning(text, candidate.start)) {
    at = text.length;
    detail = CUT_IN_REASONING;
  }
  if (at < 0) return;
  if (settings.engine.refused.has('truncated')) throw publicError(disabledRepair('truncated', detail, at), text);
  parsed.noteCutAfter(at, detail);
}

/** The detail of the `truncated` repair noteLaterCut makes for a draft taken from reasoning that never closed. */
const CUT_IN_REASONING = 'the reply ends inside a reasoning block that never closed: it was cut off after the draft read';

/**
 * Where the candidate the reply's end cut off starts (see endsInside), or -1. Candidates never
 * overlap, so only the last in the text can hold the end: found once per search, in one pass.
 */
function lastCutStart(text: string, candidates: readonly Candidate[]): number {
  let last: Candidate | undefined;
  for (const c of candidates) if (last === undefined || c.start > last.start) last = c;
  if (last === undefined) return -1;
  return endsInside(text, last) || hiddenCutAtEnd(text, last) ? last.start : -1;
}

/**
 * `<think>⏎{"a": 0}⏎</think>⏎<think>⏎{"a": 1, "x": [1`: a hidden candidate (reasoning, an HTML
 * comment; extraction offers those only when nothing else is there) that the reply's end cut off,
 * in a block that never closed. The draft read instead is no whole reply: the reply was cut off.
 */
function hiddenCutAtEnd(text: string, c: Candidate): boolean {
  if (c.truncated !== true || (c.reasoning !== true && c.comment !== true)) return false;
  const first = text.charCodeAt(c.start);
  return (first === Ch.LBRACE || first === Ch.LBRACKET) && scanBalanced(text, c.start, c.end).truncated && endsInsideReasoning(text, c.start, true);
}

/** The detail of the `truncated` repair noteLaterCut makes. */
export const LATER_CUT = 'the reply ends inside a later value, unfinished: it was cut off after the value read';

/**
 * Where a value in the text set aside from `from` (after a value that started the reply) starts that
 * the reply's end cut off, or -1. For noteLaterCut, and a stream's end that read its value itself.
 */
export function cutOffAfter(text: string, from: number): number {
  const rest = text.slice(from);
  for (const c of extractAfterValue(rest)) if (endsInside(rest, c)) return c.start + from;
  return openerAtEnd(text, from);
}

/**
 * `{"a": 1}⏎⏎Corrected:⏎{`: where the text from `from` ends with a `{` or `[` that opens a line or
 * follows a colon (a value begun, then cut off before its first character; extraction makes no
 * candidate of a lone opener), the opener's offset; else -1.
 */
function openerAtEnd(text: string, from: number): number {
  let k = text.length - 1;
  while (k >= from && isJsonSpace(text.charCodeAt(k))) k--;
  if (k < from || (text.charCodeAt(k) !== Ch.LBRACE && text.charCodeAt(k) !== Ch.LBRACKET)) return -1;
  let j = k - 1;
  while (j >= from && (text.charCodeAt(j) === Ch.SPACE || text.charCodeAt(j) === Ch.TAB)) j--;
  if (j < from) return k;
  const c = text.charCodeAt(j);
  return c === Ch.LF || c === Ch.CR || c === Ch.COLON ? k : -1;
}

/**
 * Whether the reply ends inside candidate `c`'s value: its brackets never close. A fence or tag that
 * never closed may still hold a whole value (` ```json⏎{"a": 1}` at the end); a draft in reasoning
 * or in an HTML comment is no part of the answer.
 */
function endsInside(text: string, c: Candidate): boolean {
  if (c.truncated !== true || c.reasoning === true || c.comment === true) return false;
  if (c.source === 'balanced') return true;
  const first = text.charCodeAt(c.start);
  return (first === Ch.LBRACE || first === Ch.LBRACKET) && scanBalanced(text, c.start, c.end).truncated;
}

/** The candidates the engine tries, best first. */
function candidatesOf(text: string): Candidate[] {
  return withWholeText(text, orderCandidates(text, extractRead(text)));
}

/** The engine settings for a search, and what it may still spend looking past fences. */
class CandidateSettings {
  readonly engine: EngineOptions;
  private checkingSettings: EngineOptions | undefined;
  /** How much further fenceInString may still look past fences' ends, in all. */
  fenceLookLeft: number;

  constructor(
    text: string,
    private readonly options: ParseOptions,
    private readonly mode: CandidateMode,
    /** Where full-width brackets were read as JSON's, in order (see readFullwidthBrackets). */
    readonly fullwidth: readonly number[] = NONE,
  ) {
    this.engine = engineOptions(options, mode.wantEdits === true, mode.wantRepairs === false);
    this.fenceLookLeft = text.length;
  }

  /** Settings that record repairs, to see whether a reading guessed (see fenceInString). */
  get checking(): EngineOptions {
    return this.engine.quiet ? (this.checkingSettings ??= engineOptions(this.options, this.mode.wantEdits === true)) : this.engine;
  }
}

/** Reads one candidate; undefined for a draft cut off inside a reasoning block (see readCandidates). */
function readCandidate(text: string, candidate: Candidate, settings: CandidateSettings, options: ParseOptions): CandidateReading | undefined {
  let parsed: ParsedCandidate;
  try {
    parsed = parseSpan(text, candidate, settings.engine, options, settings.fullwidth);
    // The source first: `truncated` looks through every repair the candidate logged.
    if (candidate.source === 'fence' && candidate.truncated !== true && (parsed.truncated || lostEndQuote(parsed))) parsed = fenceInString(text, candidate, settings, options) ?? parsed;
  } catch (error) {
    if (isFatal(error)) throw publicError(error, text);
    return { candidate, failure: error };
  }
  if (candidate.reasoning === true && (candidate.truncated === true || parsed.truncated)) return undefined;
  return { candidate, parsed };
}

/**
 * Whether a string of the value lost its end quote: in a fence, also the sign that the reply's fence
 * closed at a fence inside the string, whose text then ran to the span's closers.
 */
function lostEndQuote(parsed: ParsedCandidate): boolean {
  return parsed.kinds.includes('missing_end_quote');
}

/**
 * A fenced value whose string holds a fence of its own, its line breaks raw (`"text": "Run:⏎```⏎ls⏎```⏎
 * then…", "n": 2}`): the reply's fence closed at the string's first one, and the value read as cut off
 * there. When the value's brackets close further on, right before a fence's closing line, and that
 * longer span needs no repair that guesses, it is the value. Looked for only when the fence's value
 * read as cut off or lost an end quote, and no further in all than the text is long (a reply of many
 * such fences stays linear).
 */
function fenceInString(text: string, candidate: Candidate, settings: CandidateSettings, options: ParseOptions): ParsedCandidate | undefined {
  if (settings.fenceLookLeft <= 0) return undefined;
  const first = text.charCodeAt(candidate.start);
  if (first !== Ch.LBRACE && first !== Ch.LBRACKET) return undefined;
  const limit = Math.min(text.length, candidate.end + settings.fenceLookLeft);
  const closed = scanBalanced(text, candidate.start, limit);
  settings.fenceLookLeft -= closed.end - candidate.end;
  if (closed.truncated || closed.end <= candidate.end || !fenceCloserFollows(text, closed.end)) return undefined;
  const longer: Candidate = { ...candidate, text: text.slice(candidate.start, closed.end), end: closed.end };
  let parsed: ParsedCandidate;
  try {
    parsed = parseSpan(text, longer, settings.checking, options, settings.fullwidth);
  } catch {
    return undefined;
  }
  return parsed.unpositionedRepairs().some((r) => GUESSES.has(r.kind)) ? undefined : parsed;
}

/**
 * The guesses that keep a longer fenced span from being the value. A closing quote on its own line
 * (quote_on_own_line) is not one of them: a string whose line breaks are raw, the very shape this
 * reading is for, often ends so (`…⏎```⏎"⏎}`).
 */
const GUESSES: ReadonlySet<TextRepairKind> = new Set(GUESSING_REPAIRS.filter((kind) => kind !== 'quote_on_own_line'));

/** Whether a fence's closing run (three backticks or tildes, alone on its line) comes next, after spaces and at most one line break. */
function fenceCloserFollows(text: string, i: number): boolean {
  let k = skipLineSpace(text, i);
  if (text.charCodeAt(k) === Ch.LF) k = skipLineSpace(text, k + 1);
  const mark = text.charCodeAt(k);
  if (mark !== Ch.BACKTICK && mark !== Ch.TILDE) return false;
  let run = k;
  while (run < text.length && text.charCodeAt(run) === mark) run++;
  if (run - k < 3) return false;
  run = skipLineSpace(text, run);
  return run >= text.length || text.charCodeAt(run) === Ch.LF;
}

/** After the spaces, tabs and carriage returns from `i`. */
function skipLineSpace(text: string, i: number): number {
  while (i < text.length && (text.charCodeAt(i) === Ch.SPACE || text.charCodeAt(i) === Ch.TAB || text.charCodeAt(i) === Ch.CR)) i++;
  return i;
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
function parseSpan(text: string, candidate: Candidate, settings: EngineOptions, options: ParseOptions, fullwidth: readonly number[]): ParsedCandidate {
  const log = new RepairLog();
  // A whole-text candidate runs to the very end: trailing spaces may be inside a cut-off string. Not
  // into the tokens a model writes when it stops (`<|im_end|>`): they are markup, not its text.
  let end = candidate.source === 'whole' ? wholeEnd(text, candidate) : cutOffEnd(text, candidate);
  // Closers right after a value in prose that repeats a key: damage inside it, read as standalone
  // (see closer-run.ts). Looked at in every mode alike: parse and its report take one reading.
  if (candidate.source === 'balanced') {
    const closed = closerRunEnd(text, end);
    if (closed > end && repeatsKey(text, candidate.start, closed, settings.maxDepth)) end = closed;
  }
  noteSurroundings(text, candidate, end, log, settings);
  if (fullwidth.length > 0) noteFullwidth(text, fullwidth, candidate.start, end, log, settings);
  // A whole-text span is the text the fast path already tried; a span taken past the candidate's
  // end is valid JSON no longer.
  if (candidate.source !== 'whole' && end === candidate.end) {
    const native = fastPath(candidate.text, options);
    if (native !== undefined) return new ParsedCandidate(native.value, candidate.start, candidate.end, log, text);
  }
  // Only when nobody reads the repairs (the lane records none, but says whether it closed a cut-off)
  // and the call refuses none the lane would make: a refused cut-off (`verify` refuses them line by
  // line) is the engine's to refuse, with its position.
  if (settings.quiet && !settings.wantEdits && laneMayRead(settings.refused)) {
    const near = readNearJson(text, candidate.start, end, settings.maxDepth);
    if (near !== undefined && !(near.cutOff && settings.refused.size > 0)) {
      // Nobody reads the repairs, but whether the value is complete decides between readings.
      if (near.cutOff) log.push('truncated', end, 'the text ends inside a value');
      return new ParsedCandidate(near.value, candidate.start, end, log, text);
    }
  }
  const unescaped = unescapeDocument(candidate.text);
  if (unescaped !== undefined) {
    const how = unescaped.kind === 'escaped_json' ? 'backslash-escaped' : 'quote-doubled (CSV)';
    note(log, settings, unescaped.kind, candidate.start, `read a ${how} JSON document`);
    const from = log.length;
    let read: EngineRead;
    try {
      read = runEngine(unescaped.text, 0, unescaped.text.length, settings, log);
    } catch (error) {
      if (error instanceof EngineFailure) throw new EngineFailure(error.code, error.reason, candidate.start);
      throw error;
    }
    // Offsets into the unescaped copy mean nothing in the reply: point them at the candidate.
    for (let i = from; i < log.length; i++) log.offsets[i] = candidate.start;
    return new ParsedCandidate(read.value, candidate.start, end, log, text, read.edits);
  }
  const before = log.length;
  try {
    const read = runEngine(text, candidate.start, end, settings, log);
    return new ParsedCandidate(read.value, candidate.start, end, log, text, read.edits);
  } catch (error) {
    if (!(error instanceof EngineFailure) || error.emptyTopAt <= candidate.start) throw error;
    // Whole values, then one cut off before it held anything (`{"a": 1}⏎{"b": 2}⏎{`, lines of JSON
    // cut off as the next began): the values before it, its opener dropped and the cut reported. An
    // error would lose the values; `{}` would be a value the reply never gave.
    log.truncate(before);
    const read = runEngine(text, candidate.start, error.emptyTopAt, settings, log);
    log.push('truncated', error.emptyTopAt, 'the text ends in a value that holds nothing yet; dropped its opener');
    return new ParsedCandidate(read.value, candidate.start, error.emptyTopAt, log, text, read.edits);
  }
}

/** Whether a call refusing `refused` may take the near-JSON lane's reading (see LANE_REPAIRS). */
function laneMayRead(refused: ReadonlySet<TextRepairKind>): boolean {
  if (refused.size === 0) return true;
  for (const kind of LANE_REPAIRS) if (refused.has(kind)) return false;
  return true;
}

/**
 * Where a whole-text candidate's reading ends: before the closing marker of a text between
 * `[CONTENT]` markers (see markedSpan), else at the text's end, before the tokens a model writes
 * when it stops.
 */
function wholeEnd(text: string, candidate: Candidate): number {
  const marked = markedSpan(text, skipWs(text, 0, text.length), text.length);
  return marked !== undefined && marked.closed && marked.start === candidate.start ? marked.end : endTokensAt(text);
}

/**
 * Where a span cut off at the reply's end is read to: the reply's end, its trailing white space
 * included (`x {"a": "see `), as the whole text is (wholeEnd): the span's end trims it, and a string
 * cut off after prose lost the spaces it ends in. Any other span, its own end.
 */
function cutOffEnd(text: string, candidate: Candidate): number {
  if (candidate.truncated !== true || candidate.end !== replyEnd(text)) return candidate.end;
  return Math.max(candidate.end, endTokensAt(text));
}

/** What the engine read from a span: its value (several at the top: an array of them) and the splices. */
interface EngineRead {
  value: unknown;
  edits: readonly Edit[];
}

/** Runs the engine over `text` from `start` to `end`, logging its repairs into `log`. */
function runEngine(text: string, start: number, end: number, settings: EngineOptions, log: RepairLog): EngineRead {
  const builder = new ValueBuilder();
  const engine = new Engine(builder, settings, log);
  engine.runAll(text, start, end);
  const tops = builder.tops;
  return { value: tops.length === 1 ? tops[0] : tops, edits: engine.edits };
}

function note(log: RepairLog, settings: EngineOptions, kind: TextRepairKind, offset: number, detail: string): void {
  if (settings.refused.has(kind)) {
    throw disabledRepair(kind, detail, offset);
  }
  log.push(kind, offset, detail);
}

/** The full-width brackets in [start, end) that were read as JSON's (`at`, in order), one repair each. */
function noteFullwidth(text: string, at: readonly number[], start: number, end: number, repairs: RepairLog, settings: EngineOptions): void {
  // The first at or after `start`, found by halving: each of thousands of candidates looks once.
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at[mid] < start) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < at.length && at[i] < end; i++) note(repairs, settings, 'fullwidth_delimiter', at[i], fullwidthDetail(text.charCodeAt(at[i])));
}

/** Prose, fences and tags around the value are a repair worth reporting; so is an answer taken from reasoning. */
function noteSurroundings(text: string, candidate: Candidate, end: number, repairs: RepairLog, settings: EngineOptions): void {
  if (candidate.reasoning) {
    note(repairs, settings, 'reasoning_block', candidate.start, 'the only JSON was inside a reasoning block');
    return;
  }
  if (candidate.comment) {
    note(repairs, settings, 'html_comment', candidate.start, 'the only JSON was inside an HTML comment (<!-- … -->), a note or a commented-out draft');
    return;
  }
  // Looks only at the space next to the span: slicing the whole text before and after each of
  // thousands of candidates would be quadratic.
  const before = lastVisibleBefore(text, candidate.start);
  const after = firstVisibleFrom(text, end) < text.length;
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

/**
 * A value labelled the answer (`Final answer:`) beats one not labelled, which beats one labelled
 * otherwise (`Example:`, `Input:`, `Draft:`, `Schema:`), wherever each was written: an example in a
 * fence is no answer for being fenced. Among those alike, explicit containers (answer tags, code
 * fences) beat a bracket found in prose; otherwise document order.
 */
const PRIORITY: Record<CandidateSource, number> = { tag: 0, fence: 1, whole: 2, jsonp: 2, balanced: 2 };

function orderCandidates(text: string, candidates: Candidate[]): Candidate[] {
  if (candidates.length < 2) return candidates;
  return candidates
    .map((c, i) => ({ c, i, label: pairedLabel(text, candidates, i, labelOf(text, c)) }))
    .sort((a, b) => LABEL_RANK[a.label] - LABEL_RANK[b.label] || sourceOrder(a) - sourceOrder(b) || labelledOrder(a, b))
    .map((x) => x.c);
}

/**
 * A candidate's place by its source among those labelled alike (see PRIORITY), but none among
 * corrections: each corrects the one before it wherever it was written (`Corrected:` and a fence,
 * then `Corrected: {…}` in prose gives the later one), so document order alone decides.
 */
function sourceOrder(x: { c: Candidate; label: AnswerLabel | 'none' }): number {
  return x.label === 'correction' ? 0 : PRIORITY[x.c.source];
}

/** What the words before candidate `c` call it (see answer-label.ts). */
function labelOf(text: string, c: Candidate): AnswerLabel | 'none' {
  return answerLabelBefore(text, c.start, c.source === 'fence' || c.source === 'tag' ? c.source : undefined) ?? 'none';
}

/**
 * `label`, but a better one (`New:`, see answer-label.ts) only when the value before it, its pair's
 * first, is the same thing written again (see pair.ts): after a value of another shape it names a
 * new thing beside it, no replacement, and is read as no label. The value before is the candidate
 * before it in `list` (document order), or `lead` for the first (the value whose set-aside text
 * holds them).
 */
function pairedLabel(text: string, list: readonly Candidate[], i: number, label: AnswerLabel | 'none', lead?: Span): AnswerLabel | 'none' {
  if (label !== 'better') return label;
  const first = i > 0 ? list[i - 1] : lead;
  return first === undefined || samePair(text, first, list[i]) ? label : 'none';
}

/**
 * A correction goes first, then a value labelled the answer, then the better of a pair (`New:`), and
 * one labelled otherwise last (see answer-label.ts).
 */
const LABEL_RANK: Record<AnswerLabel | 'none', number> = { correction: -3, answer: -2, better: -1, none: 0, other: 1 };

/** Document order, but the last of several corrections first: each corrects the one before it. */
function labelledOrder(a: { i: number; label: AnswerLabel | 'none' }, b: { i: number }): number {
  return a.label === 'correction' ? b.i - a.i : a.i - b.i;
}

/**
 * Whether `parse` reads `text` first as the value starting at `start` (its first non-space character),
 * read on to the end: the span a stream that began straight with `{` or `[` has read itself. When a
 * fence, a tag or a candidate after the first value's brackets comes first, the stream's own value is
 * not what `parse` gives.
 */
export function wholeTextFirst(text: string, start: number): boolean {
  const first = withWholeText(text, orderCandidates(text, extract(text)))[0];
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
  // The span starts after JSON whitespace but keeps a BOM or NBSP, which the engine reports. When
  // only a reasoning block held candidates, the answer after it is looked at so (`<think>{"a": 1}
  // </think>⏎{a 2}`: the draft was the value, the answer set aside).
  let start = candidates.length > 0 && candidates.every((x) => x.reasoning === true) ? answerStart(text) : 0;
  const afterReasoning = start > 0;
  while (start < text.length && ' \t\r\n'.includes(text[start])) start++;
  // `[CONTENT]⏎…⏎[/CONTENT]` (see markedSpan): the text between the markers.
  const marked = markedSpan(text, start, text.length);
  if (marked !== undefined) start = marked.start;
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
  // After reasoning, only an object whose first key a value or colon follows (`{a 2}`, not `{ I will
  // not answer }`, `(see above)` or `[note]`), or its first member with the `{` lost (`"a"： 2}`):
  // the draft stands against anything else.
  const opens = afterReasoning
    ? (c === '{' && keyThenValueAt(text, look + 1)) || membersOpenAt(text, look, text.length)
    : c === '{' || c === '[' || (c === '(' && tupleOpensAt(text, look));
  if (!opens || candidates.some((x) => x.source === 'whole' && x.start === start)) return candidates;
  const whole: Candidate = { text: text.slice(start), start, end: text.length, source: 'whole' };
  if (candidates.length === 0) return [whole];
  if (candidates.some((x) => x.source === 'fence' || x.source === 'tag')) return candidates;
  // Where the opener's own brackets close: not past a stray closer (scanBalanced's continuation, with
  // no budget left), which read `[x] [1]]` as one value `[[x], [1]]` and `[TOOL_CALLS] [{…}]]` as an
  // array holding the marker, where the stream, showing the value after the marker, then took it back.
  const closes = scanBalanced(text, look, text.length, true, { left: 0 }).end;
  return candidates.every((x) => x.start < closes) ? [whole, ...candidates] : candidates;
}

/**
 * Whether the `(` at `i` opens a Python tuple: its first element, when a quoted string or a name
 * (dotted too), is followed by `,`, `)`, another quoted element, a call's `(` right after the name,
 * or the text's end (any other first element: yes). Prose in parentheses (`(see above)`) and
 * records that only borrow a tuple's look (GraphRAG's `("entity"<|>name<|>type)`) are no value.
 */
function tupleOpensAt(text: string, i: number): boolean {
  const k = skipWs(text, i + 1, text.length);
  const c = text.charCodeAt(k);
  let j: number;
  if (c === 0x22 || c === 0x27) {
    j = k + 1;
    while (j < text.length && text.charCodeAt(j) !== c) j += text.charCodeAt(j) === 0x5c ? 2 : 1;
    if (j >= text.length) return true;
    j++;
  } else if (isKeyStart(c)) {
    // A name, dotted too (`np.float64(0.5)`, `Color.RED`).
    j = k + 1;
    while (j < text.length && (isKeyChar(text.charCodeAt(j)) || (text.charCodeAt(j) === 0x2e && isKeyStart(text.charCodeAt(j + 1))))) j++;
  } else {
    return true;
  }
  const after = skipWs(text, j, text.length);
  const d = text.charCodeAt(after);
  return after >= text.length || d === 0x2c || d === 0x29 || d === 0x22 || d === 0x27 || (d === 0x28 && after === j);
}

/** Whether a key (quoted, or a word) and then a colon or a value's start come at `i`, past spaces. */
function keyThenValueAt(text: string, i: number): boolean {
  const k = skipWs(text, i, text.length);
  const c = text.charCodeAt(k);
  if (c === 0x22 || c === 0x27) return true;
  if (!isKeyStart(c)) return false;
  let j = k + 1;
  while (j < text.length && isKeyChar(text.charCodeAt(j))) j++;
  const v = skipWs(text, j, text.length);
  return v < text.length && (text.charCodeAt(v) === 0x3a || valueStartsAt(text, v, text.length));
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
  const parsed = tryJsonParse(text);
  if (parsed !== undefined && options.maxDepth !== undefined && nestingDepth(text) > options.maxDepth) {
    throw new JsonMendError('TOO_DEEP', `nesting is deeper than maxDepth (${options.maxDepth})`);
  }
  return parsed;
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
  if (c === 0x7b) return z === 0x7d && startsLikeJson(text, i) && endsLikeJson(text, last); // { … }
  if (c === 0x5b) return z === 0x5d && startsLikeJson(text, i) && endsLikeJson(text, last); // [ … ]
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

/**
 * Before the closers at the end (`last` is the final one), whether the last value ends as JSON allows.
 * In JSON only closers and space follow the last value, so walking back over them lands on its end —
 * a string's quote, a digit, a literal's last letter — or on an empty container's opener; a comma there
 * (`[1, 2,]`, the trailing commas a model leaves) or anything else rules JSON.parse out without
 * trying it. A failed JSON.parse builds its error message, which costs as much as reading 1 KB.
 */
function endsLikeJson(text: string, last: number): boolean {
  let k = last;
  let c: number;
  do c = text.charCodeAt(--k); while (c === 0x7d || c === 0x5d || isJsonSpace(c));
  // `"`, a digit, the e/l of true/false/null, or an empty container's `{` / `[`
  return c === 0x22 || (c >= 0x30 && c <= 0x39) || c === 0x65 || c === 0x6c || c === 0x7b || c === 0x5b;
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

/** Where a document starts in `span`: after leading space. */
function documentStart(span: string): number {
  let i = 0;
  while (i < span.length && isJsonSpace(span.charCodeAt(i))) i++;
  return i;
}

/** How many openers an escaped document may start with before its first escaped quote. */
const ESCAPED_OPENERS = 8;

/**
 * How a document whose every quote is written twice over starts: `{\"a\": 1}` or `[{\"a\": 1}]`
 * (backslash-escaped: a JSON string's content pasted without its quotes), or `{""a"": 1}` (quotes doubled, as CSV writes a
 * cell). Either is read as a whole rewritten copy. `{"": 1}` (an empty key) is neither: a doubled quote
 * is followed by a letter, and the word ends in a doubled quote.
 */
export function rewrittenDocumentAt(text: { charCodeAt(i: number): number }, i: number): 'escaped_json' | 'doubled_quotes' | undefined {
  const open = text.charCodeAt(i);
  if (open !== 0x7b && open !== 0x5b) return undefined;
  // `{\"a\": 1}`, and after a few more openers `[{\"id\": 1}]`, `[[\"a\"]]`: an escaped quote.
  let k = i + 1;
  while (k < i + ESCAPED_OPENERS && (text.charCodeAt(k) === 0x7b || text.charCodeAt(k) === 0x5b)) k++;
  if (text.charCodeAt(k) === 0x5c && text.charCodeAt(k + 1) === 0x22) return 'escaped_json';
  const a = text.charCodeAt(i + 1);
  if (a === 0x22 && text.charCodeAt(i + 2) === 0x22 && isWordStart(text.charCodeAt(i + 3)) && doubledQuoteAfter(text, i + 4)) return 'doubled_quotes';
  return undefined;
}

/**
 * Whether the next quote after `from` (within a key's length) is doubled too: `{""a"": 1}` closes
 * its key as it opened it, `[""false,{"k": 1}]` (an empty string, its comma lost) does not.
 */
function doubledQuoteAfter(text: { charCodeAt(i: number): number }, from: number): boolean {
  for (let k = from; k < from + 256; k++) {
    const c = text.charCodeAt(k);
    if (!(c >= 0)) return false; // past the end: NaN from a string, -1 from a stream buffer
    if (c === 0x22) return text.charCodeAt(k + 1) === 0x22;
  }
  return false;
}

/** Whether a repair of this kind means the engine read a rewritten copy of the candidate (see rewrittenDocumentAt). */
export function readRewrittenCopy(kind: string): boolean {
  return kind === 'escaped_json' || kind === 'doubled_quotes';
}

/** The rewritten document's text and its kind, or undefined when the candidate is not one (see rewrittenDocumentAt). */
function unescapeDocument(span: string): { text: string; kind: 'escaped_json' | 'doubled_quotes' } | undefined {
  const i = documentStart(span);
  const kind = rewrittenDocumentAt(span, i);
  if (kind === undefined) return undefined;
  // Each pair of quotes is one quote (`""""` is an empty string); a writer that doubles quotes doubles
  // single quotes too (`''Female''`).
  if (kind === 'doubled_quotes') return { text: span.slice(i).replaceAll('""', '"').replaceAll("''", "'"), kind };
  try {
    return { text: JSON.parse(`"${escapeBareQuotes(span.slice(i).replace(/\n/g, '\\n'))}"`) as string, kind };
  } catch {
    return undefined;
  }
}

/**
 * Escapes each `"` that an even number of backslashes precedes (none included): after one level of
 * unescaping, `\"` is a quote again, and `\\"` (escaped twice over, or a backslash then a quote) is
 * a backslash then a quote, as in `{\"a\": \"say \\"hi\\"\"}`.
 */
function escapeBareQuotes(text: string): string {
  let out = '';
  let from = 0;
  let slashes = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x22 && slashes % 2 === 0) {
      out += `${text.slice(from, k)}\\`;
      from = k;
    }
    slashes = c === 0x5c ? slashes + 1 : 0;
  }
  return out + text.slice(from);
}

/** The `NO_JSON` error for a text, with extraction's reason why. */
export function noJson(text: string): JsonMendError {
  return new JsonMendError('NO_JSON', `no JSON value found: ${describeNoJson(text)}`);
}
