// The extraction stage: structural pass, then candidates per region, then the choice between answer
// and reasoning candidates.
import { JsonMendError, assertText } from '../errors.js';
import { scanBalanced, scanProse, type ProseSpan } from './balanced.js';
import { Verdict, classifyOpen, elementsStartAt, isWholeScalar, isWs, markedSpan, membersOpenAt, skipComments, skipWs, trimEnd, valueStartsAt } from './chars.js';
// Character codes are module-local: imported constants are not folded by V8, and these are hot loops.
const LBRACE = 0x7b;
const LBRACK = 0x5b;
const RBRACE = 0x7d;
const RBRACK = 0x5d;
const LF = 0x0a;
const LPAREN = 0x28;
const BACKSLASH = 0x5c;
const QUOTE = 0x22;
import { readFullwidthBrackets } from './fullwidth.js';
import { isJsonLanguage } from './languages.js';
import { jsonLinesRunEnd } from './json-lines.js';
import { readInfo, scanStructure, type Region, type TagNames } from './structure.js';
import { CANDIDATE_SOURCES, DEFAULT_ANSWER_TAGS, DEFAULT_REASONING_TAGS, type Candidate, type CandidateSource, type ExtractOptions } from './types.js';

/** A candidate, and whether it stands only when no strong one does (kept beside it, not in it: copying a candidate without the flag cost 2% of a fenced reply's parse). */
interface Found {
  candidate: Candidate;
  weak: boolean;
}

interface Context {
  reasoning: boolean;
  /** Inside an HTML comment (`<!-- … -->`): a note or a commented-out draft. */
  comment: boolean;
  tag: string | undefined;
  language: string | undefined;
}

type Allowed = Record<CandidateSource, boolean>;

/** Options checked and normalised once per call. */
export interface ResolvedExtractOptions {
  names: TagNames;
  allow: Allowed;
}

/** The default tag sets, built once: every parse without tag options uses them. */
const DEFAULT_ANSWER_SET: ReadonlySet<string> = new Set(DEFAULT_ANSWER_TAGS);
const DEFAULT_REASONING_SET: ReadonlySet<string> = new Set(DEFAULT_REASONING_TAGS);

function nameSet(list: readonly string[] | undefined, fallback: ReadonlySet<string>, option: string): ReadonlySet<string> {
  if (list === undefined) return fallback;
  if (!Array.isArray(list)) throw new JsonMendError('INVALID_ARGUMENT', `${option} must be an array of tag names`);
  const set = new Set<string>();
  for (const name of list) {
    if (typeof name !== 'string' || !/^[A-Za-z][A-Za-z0-9_:-]{0,39}$/.test(name)) {
      throw new JsonMendError('INVALID_ARGUMENT', `${option} must hold tag names (a letter, then letters, digits, '_', ':' or '-', at most 40), got ${JSON.stringify(name)}`);
    }
    set.add(name.toLowerCase());
  }
  return set;
}

const DEFAULT_NAMES: TagNames = { answer: DEFAULT_ANSWER_SET, reasoning: DEFAULT_REASONING_SET };
const DEFAULT_ALLOW: Allowed = { whole: true, fence: true, tag: true, balanced: true, jsonp: true };

/** Checks `options` and fills in defaults; throws `INVALID_ARGUMENT` on a malformed option. */
export function resolveExtractOptions(options: ExtractOptions | undefined): ResolvedExtractOptions {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new JsonMendError('INVALID_ARGUMENT', 'extract options must be an object');
  }
  const answer = nameSet(options?.tags, DEFAULT_ANSWER_SET, 'tags');
  const reasoning = nameSet(options?.reasoningTags, DEFAULT_REASONING_SET, 'reasoningTags');
  const allow: Allowed = { ...DEFAULT_ALLOW };
  const strategy = options?.strategy;
  if (strategy !== undefined) {
    if (!Array.isArray(strategy) || strategy.length === 0) {
      throw new JsonMendError('INVALID_ARGUMENT', `strategy must be a non-empty array of ${CANDIDATE_SOURCES.map((s) => `'${s}'`).join(', ')}`);
    }
    for (const s of CANDIDATE_SOURCES) allow[s] = false;
    for (const s of strategy) {
      if (!(CANDIDATE_SOURCES as readonly unknown[]).includes(s)) {
        throw new JsonMendError('INVALID_ARGUMENT', `unknown strategy ${JSON.stringify(s)}; expected one of ${CANDIDATE_SOURCES.map((x) => `'${x}'`).join(', ')}`);
      }
      allow[s as CandidateSource] = true;
    }
  }
  return { names: { answer, reasoning }, allow };
}

function make(text: string, start: number, end: number, source: CandidateSource, ctx: Context, truncated: boolean, weak: boolean): Found {
  const c: Candidate = { text: text.slice(start, end), start, end, source };
  if (ctx.language !== undefined) c.language = ctx.language;
  if (ctx.tag !== undefined) c.tag = ctx.tag;
  if (ctx.reasoning) c.reasoning = true;
  if (ctx.comment) c.comment = true;
  if (truncated) c.truncated = true;
  return { candidate: c, weak };
}

/** Whether a run of three backticks, then spaces and a `"`, stands in [from, to). */
function fenceThenQuote(text: string, from: number, to: number): boolean {
  for (let k = text.indexOf('```', from); k >= 0 && k < to; k = text.indexOf('```', k + 3)) {
    let q = k + 3;
    while (q < to && text.charCodeAt(q) === 0x60) q++;
    while (q < to && (text.charCodeAt(q) === 0x20 || text.charCodeAt(q) === 0x09)) q++;
    if (q < to && text.charCodeAt(q) === QUOTE) return true;
  }
  return false;
}

/** Whether [from, to) holds an odd number of double quotes not escaped by a backslash: it ends inside a string. */
function oddQuotes(text: string, from: number, to: number): boolean {
  let odd = false;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === BACKSLASH) k++;
    else if (c === QUOTE) odd = !odd;
  }
  return odd;
}

/**
 * Whether `span` is an empty `[]` or `{}` with only white space (one line break at most) between it and
 * the next span at `next` (`Reasoning: []{"answer": 42}`, promptfoo #5283): a value side by side with
 * one that holds data is no answer beside it; taken first, the answer was dropped with no word.
 */
function emptyBefore(text: string, span: ProseSpan, next: number): boolean {
  if (span.truncated || span.jsonp) return false;
  const inner = skipWs(text, span.start + 1, span.end);
  const closer = text.charCodeAt(inner);
  const opener = text.charCodeAt(span.start);
  if (inner !== span.end - 1 || !((opener === LBRACE && closer === RBRACE) || (opener === LBRACK && closer === RBRACK))) return false;
  let lines = 0;
  for (let k = span.end; k < next; k++) {
    const c = text.charCodeAt(k);
    if (c === LF && ++lines > 1) return false;
    if (c !== LF && !isWs(c)) return false;
  }
  return true;
}

/** Candidates of one call, gathered region by region in document order. */
class Gatherer {
  readonly out: Found[] = [];
  private readonly spans: ProseSpan[] = [];

  constructor(
    private readonly text: string,
    private readonly allow: Allowed,
  ) {}

  prose(start: number, end: number, ctx: Context): void {
    if (!this.allow.balanced && !this.allow.jsonp) return;
    const spans = this.spans;
    // Setting an array's length calls into the runtime even when it is 0 already.
    if (spans.length > 0) spans.length = 0;
    scanProse(this.text, start, end, this.allow.balanced, this.allow.jsonp, spans);
    for (let i = 0; i < spans.length; i++) {
      const s = spans[i];
      const empty = i + 1 < spans.length && emptyBefore(this.text, s, spans[i + 1].start);
      const weak = s.weak || empty;
      // Values one per line (JSON Lines after a label) are one candidate, read as concatenated values.
      const last = i + 1 < spans.length ? jsonLinesRunEnd(this.text, spans, i, empty, end) : i;
      if (last > i) {
        const e = spans[last];
        this.out.push(make(this.text, s.start, e.end, 'balanced', ctx, e.truncated, false));
        i = last;
        continue;
      }
      this.out.push(make(this.text, s.start, s.end, s.jsonp ? 'jsonp' : 'balanced', ctx, s.truncated, weak));
    }
  }

  content(node: Region, ctx: Context): void {
    let pos = node.contentStart;
    for (const child of node.children) {
      // A fence inside a value that prose took across it (see acrossFence): its content is the value's.
      if (child.start < pos) continue;
      const from = this.out.length;
      if (child.start > pos) this.prose(pos, child.start, ctx);
      const across = child.kind === 'fence' ? this.acrossFence(from, child, node.contentEnd, ctx) : -1;
      if (across >= 0) {
        pos = across;
        continue;
      }
      this.region(child, ctx);
      if (child.end > pos) pos = child.end;
    }
    if (node.contentEnd > pos) this.prose(pos, node.contentEnd, ctx);
  }

  /**
   * `Here: {"v": "Run:⏎```bash⏎ls⏎```⏎ok"}`: a code block written in a value's string, in prose. The
   * fence's opener cut the prose short, and the value before it read as cut off (`{"v": "Run:"}`, the
   * rest lost). When the last span found before the fence ran to it inside a string (an odd number of
   * quotes) and its brackets close past the fence, that longer span is the candidate and the fences
   * inside it are its text; where the prose goes on from is returned, else -1. Each span is looked
   * past once, and the look stops where the brackets close: linear.
   */
  private acrossFence(from: number, fence: Region, limit: number, ctx: Context): number {
    const out = this.out;
    if (out.length <= from) return -1;
    const last = out[out.length - 1].candidate;
    if (last.source !== 'balanced' || last.truncated !== true || trimEnd(this.text, last.start, fence.start) > last.end) return -1;
    if (!oddQuotes(this.text, last.start, fence.start)) return -1;
    const closed = scanBalanced(this.text, last.start, limit);
    if (closed.truncated) return -1;
    // A fence that closed: the brackets close past it. One that never did (its closer, quoted, was
    // no fence's: `⏎```"]`): a run of backticks then the string's quote inside the span says so.
    if (fence.truncated ? !fenceThenQuote(this.text, fence.contentStart, closed.end) : closed.end <= fence.contentEnd) return -1;
    out[out.length - 1] = make(this.text, last.start, closed.end, 'balanced', ctx, false, false);
    return closed.end;
  }

  region(node: Region, ctx: Context): void {
    const text = this.text;
    if (node.kind === 'reasoning') {
      this.content(node, { ...ctx, reasoning: true });
      return;
    }
    if (node.kind === 'comment') {
      this.content(node, { ...ctx, comment: true });
      return;
    }
    let a = skipWs(text, node.contentStart, node.contentEnd);
    const b = trimEnd(text, a, node.contentEnd);
    if (node.kind === 'tag') {
      const inner = { ...ctx, tag: node.name };
      if (this.allow.tag && valueStartsAt(text, a, b)) this.out.push(make(text, a, b, 'tag', inner, node.truncated, false));
      else this.content(node, inner);
      return;
    }
    // Fence: its content is the value when it starts like one; JSON-ish fences that start with
    // something else (a comment, `const x =`, prose) are scanned like prose; other languages' code
    // counts only when it is itself an object or array. A reasoning block that opens it is reasoning
    // (see leadingReasoning), and the content starts after it.
    const lead = node.children[0];
    if (lead !== undefined && lead.kind === 'reasoning') {
      this.region(lead, { ...ctx, language: node.language });
      a = skipWs(text, lead.end, node.contentEnd);
    }
    if (a >= b) return;
    const doubled = node.language === undefined ? doubledOpenerLanguage(text, a, b) : undefined;
    if (doubled !== undefined) {
      // ```` ``` ```` then ```` ```json ````: one opener written twice (langchainjs #1429). Read as a bare
      // fence holding text, its value ranked after a later fence's: there a made-up answer.
      a = skipWs(text, doubled.end, b);
      if (a >= b) return;
    }
    const language = doubled?.language ?? node.language;
    const inner = { ...ctx, language };
    const jsonish = language === undefined || isJsonLanguage(language);
    const first = text.charCodeAt(a);
    const startsValue = jsonish ? valueStartsAt(text, a, b) : first === LBRACE || first === LBRACK;
    // A Python tuple in a JSON fence (`(1, 2)`) is the answer only when nothing else is: weak.
    const tuple = jsonish && first === LPAREN;
    if ((startsValue || tuple) && this.allow.fence) this.out.push(make(text, a, b, 'fence', inner, node.truncated, tuple));
    else if (startsValue || jsonish) this.prose(a, b, inner);
  }
}

/**
 * A fence opener with a language (```` ```json ````) on a line of its own at `a`, its info string read
 * as a fence's is (readInfo): the language and the line's end.
 */
function doubledOpenerLanguage(text: string, a: number, b: number): { language: string; end: number } | undefined {
  if (!text.startsWith('```', a)) return undefined;
  let end = text.indexOf('\n', a + 3);
  if (end < 0 || end >= b) return undefined;
  if (text.charCodeAt(end - 1) === 0x0d) end--;
  const info = text.slice(a + 3, end).trim();
  const { language, jsonAt } = readInfo(info, 0, info.length);
  return language === undefined || jsonAt >= 0 || /\s/.test(info) ? undefined : { language, end };
}

/**
 * The span `whole` would produce, or undefined when the reply does not start with a value (or an
 * object's first member, or an array's first element, its opener missing). Comments
 * before the value belong to it (the parser reads a comment between values as space). `weak`: the
 * reply starts with a lone `[12]`, a citation as often as an array.
 */
function wholeSpan(text: string, root: Region): { start: number; end: number; weak: boolean } | undefined {
  let s = skipWs(text, 0, root.end);
  let e = trimEnd(text, s, root.end);
  // `[CONTENT]⏎{…}⏎[/CONTENT]`: the value between the markers, never an array of the word.
  const marked = markedSpan(text, s, e);
  if (marked !== undefined) {
    s = marked.start;
    e = marked.end;
  }
  if (s >= e) return undefined;
  const first = root.children[0];
  if (first !== undefined && first.kind === 'reasoning' && first.contentStart <= s && s < first.end) return undefined;
  const v = skipComments(text, s, e);
  if (v >= e) return undefined;
  const c = text.charCodeAt(v);
  if (c === LBRACE || c === LBRACK) {
    const verdict = classifyOpen(text, v, e).verdict;
    return verdict === Verdict.Reject ? undefined : { start: s, end: e, weak: verdict === Verdict.Weak };
  }
  if (isWholeScalar(text, v, e)) return { start: s, end: e, weak: false };
  // `"name": "Ann", "tags": ["a"]}`: an object's members, its `{` written by the application (a
  // prefilled answer). Read whole (the parser supplies the `{`), never as the array inside it.
  // `1, "b", [2]]` likewise: an array's elements, its `[` left out.
  // `"a" "x", "b": 1}`: the same, its first member damaged too (damagedMemberEnd).
  return membersOpenAt(text, v, e) || elementsStartAt(text, v, e) ? { start: s, end: e, weak: false } : undefined;
}

/**
 * `<think>…</think>⏎391`: a judge's score, a label or a flag written alone after the reasoning that
 * opens the reply. The span of that one string, number or literal, else undefined.
 */
function scalarAfterReasoning(text: string, root: Region): { start: number; end: number } | undefined {
  const rest = afterReasoning(text, root);
  if (rest === undefined) return undefined;
  const v = skipComments(text, rest.start, rest.end);
  return v < rest.end && isWholeScalar(text, v, rest.end) ? rest : undefined;
}

/** The text after a reasoning block that opens the reply, spaces trimmed; undefined when the reply opens otherwise. */
function afterReasoning(text: string, root: Region): { start: number; end: number } | undefined {
  const first = leadingReasoning(text, root);
  if (first === undefined) return undefined;
  const a = skipWs(text, first.end, root.end);
  return { start: a, end: trimEnd(text, a, root.end) };
}

/** The reasoning block that opens the reply (`<think>…</think>`, or text before a `</think>` no opener opened), if any. */
function leadingReasoning(text: string, root: Region): Region | undefined {
  const first = root.children[0];
  const s = skipWs(text, 0, root.end);
  return first !== undefined && first.kind === 'reasoning' && first.start <= s && s < first.end ? first : undefined;
}

/**
 * Where the answer starts when the reply opens with a reasoning block (`<think>…</think>`, or text
 * before a `</think>` that no opener opened): just past it, else 0. For the parser's look at the
 * answer as a whole text (parse/candidates.ts, withWholeText).
 * @internal
 */
export function answerStart(text: string): number {
  return leadingReasoning(text, scanStructure(text, resolveExtractOptions(undefined).names))?.end ?? 0;
}

/**
 * Whether the reply ends inside a reasoning block that never closed (`<think>…` with no `</think>`)
 * that holds offset `at`: a draft read from it there was followed by reasoning the reply's end cut
 * off. A block that closed, the reply ending after it, is reasoning the model finished. For the
 * parser's report of a draft taken from reasoning (parse/candidates.ts, noteLaterCut). With
 * `comments`, an HTML comment that never closed counts too (`<!-- {"a": 1, "x": [1`: a hidden
 * draft the reply's end cut off).
 * @internal
 */
export function endsInsideReasoning(text: string, at: number, comments = false): boolean {
  let node: Region | undefined = scanStructure(text, DEFAULT_NAMES);
  // Down through the regions that hold `at`: a reasoning block may lie in an answer tag, which may
  // close (then the block ran to the tag's end, not the reply's). The end is the text's own: a block
  // that ran into the tokens a model writes when it stops (`<|end|>`, `<|im_end|>`) was ended by the model.
  while (node !== undefined) {
    if ((node.kind === 'reasoning' || (comments && node.kind === 'comment')) && node.truncated) return node.end >= trimEnd(text, 0, text.length);
    node = node.children.find((c) => c.contentStart <= at && at < c.end);
  }
  return false;
}

/**
 * Every JSON candidate in what a model wrote, in document order, never overlapping.
 *
 * Candidates from inside reasoning blocks (`<think>…</think>`, or everything before a `</think>` that
 * has no opener) are returned only when nothing outside reasoning was found, and then carry
 * `reasoning: true`. Likewise candidates inside an HTML comment (`<!-- … -->`: a note or a
 * commented-out draft), which carry `comment: true`. A lone `[12]` in prose (a citation as often as an array) is returned only when
 * nothing else was found. Linear in the length of `text`.
 *
 * @param text what the model wrote
 * @param options tag names and allowed sources; see {@link ExtractOptions}
 * @returns the candidates, possibly none
 * @throws JsonMendError `INVALID_ARGUMENT` when `text` is not a string or an option is malformed
 */
export function extract(text: string, options?: ExtractOptions): Candidate[] {
  assertText(text);
  const { names, allow } = resolveExtractOptions(options);
  // `［{…}, {…}］`: full-width brackets read as JSON's; each candidate's text is still the reply's.
  const fullwidth = readFullwidthBrackets(text);
  if (fullwidth === undefined) return extractResolved(text, names, allow);
  const found = extractResolved(fullwidth.text, names, allow);
  for (const c of found) c.text = text.slice(c.start, c.end);
  return found;
}

/**
 * {@link extract} with its default options, of text whose full-width brackets were read already (see
 * readFullwidthBrackets): the parser's candidates. @internal
 */
export function extractRead(text: string): Candidate[] {
  return extractResolved(text, DEFAULT_NAMES, DEFAULT_ALLOW);
}

const NOT_WHOLE: Allowed = { ...DEFAULT_ALLOW, whole: false };

/**
 * {@link extractRead} of the text after a value that started the reply (the text its reading set
 * aside): what it holds found in one pass, never again as a whole text of its own. @internal
 */
export function extractAfterValue(text: string): Candidate[] {
  return extractResolved(text, DEFAULT_NAMES, NOT_WHOLE);
}

function extractResolved(text: string, names: TagNames, allow: Allowed): Candidate[] {
  const root = scanStructure(text, names);
  const ctx: Context = { reasoning: false, comment: false, tag: undefined, language: undefined };
  const w = allow.whole ? wholeSpan(text, root) : undefined;
  if (w !== undefined && !w.weak) return [finish(make(text, w.start, w.end, 'whole', ctx, false, false))];
  const g = new Gatherer(text, allow);
  g.content(root, ctx);
  // A reply that starts with `[1]` is whole only when nothing else in it looks like JSON; otherwise
  // the `[1]` was a citation or a numbered note before the answer.
  if (w !== undefined && !g.out.some((c) => !c.weak)) return [finish(make(text, w.start, w.end, 'whole', ctx, false, false))];
  if (allow.whole && g.out.every((c) => c.candidate.reasoning === true)) {
    const answer = scalarAfterReasoning(text, root);
    if (answer !== undefined) g.out.push(make(text, answer.start, answer.end, 'whole', ctx, false, false));
  } else if (allow.whole) keepLoneAnswer(text, root, g.out);
  return choose(g.out);
}

/**
 * A lone `[1]` that is all the reply says after its reasoning (`<think>…{"a": 1}…</think>⏎[1]`) is
 * the answer, not a citation: the draft in the reasoning no longer beats it.
 */
function keepLoneAnswer(text: string, root: Region, found: Found[]): void {
  if (found.some((c) => !c.weak && c.candidate.reasoning !== true)) return;
  const rest = afterReasoning(text, root);
  if (rest === undefined) return;
  const lone = found.find((c) => c.weak && c.candidate.start === rest.start && c.candidate.end === rest.end);
  if (lone !== undefined) lone.weak = false;
}

/**
 * Drops weak candidates when a strong one exists, then reasoning ones when an answer one exists, and
 * of those, ones in an HTML comment when one outside exists: a commented-out draft or a note is no
 * answer beside one the reader sees, but it is the answer when nothing else is (reported so).
 */
function choose(found: Found[]): Candidate[] {
  let pool = found;
  if (pool.some((c) => !c.weak)) pool = pool.filter((c) => !c.weak);
  const answers = pool.filter((c) => c.candidate.reasoning !== true);
  if (answers.length > 0) pool = answers;
  const shown = pool.filter((c) => c.candidate.comment !== true);
  return (shown.length > 0 ? shown : pool).map(finish);
}

function finish(c: Found): Candidate {
  return c.candidate;
}
