// `extractToolCalls`: every tool call a reply wrote as text, in any of the known formats, with the
// reply's remaining text. Marked-up calls come from the span scanner; bare JSON calls from the
// extraction stage's candidates, taken only when shaped exactly like a call.
import { extract } from '../extract/index.js';
import { isWs, skipWs } from '../extract/chars.js';
import { resolveExtractOptions } from '../extract/extract.js';
import { isJsonLanguage } from '../extract/languages.js';
import { scanStructure, type Region } from '../extract/structure.js';
import { scanToolCalls, type ToolCallScan } from '../extract/tool-calls/index.js';
import { readToolArguments } from './arguments.js';
import { findReactCalls, observationLine, REACT_WORDS, type ReactWords } from './react.js';
import type { Repair } from '../schema/types.js';
import { assertText, JsonMendError } from '../errors.js';
import { linesOf, toolContext, type ToolContext } from './context.js';
import { cutBetween, cutBetweenCalls, type CallsShape } from './cut-between.js';
import { agentCalls, argumentsFromText, argumentsFromValue, argumentsOfString, callFromValue, cutOff, describe, toolCalled, hasPlaceholder, isCallShaped, isPlaceholder, jsonEndBeforeProse, nameOf, namedBeforeArguments, placeholder, PROSE_START, readSpan, toolCallsOf, wasCutOff } from './read-call.js';
import { findPythonicCalls, pythonicArguments } from './pythonic.js';
import { findWordsCalls } from './gemini-cli.js';
import { RangeSet, type Taken, TakenWithMentions } from './ranges.js';
import { HeldCalls, isHoldable } from './held.js';
import { nameLineCall, type NameLine } from './name-line.js';
import { findAttributeLines, findToolTags, tagArguments } from './tool-tags.js';
import { findBareGemmaCalls, gemmaArgumentsText } from './gemma-args.js';
import type { ToolCall, ToolCallOptions, ToolCallRewrite, ToolCallsResult } from './types.js';
import { appendAll } from '../arrays.js';
import { repeatedEnvelopeMember, repeatedMemberError, type RepeatedMember } from './repeated-member.js';

/**
 * Finds the tool calls in a model's reply text: Hermes/Qwen `<tool_call>` blocks, Qwen3-Coder XML,
 * Llama `<|python_tag|>`, Mistral `[TOOL_CALLS]`, gpt-oss harmony, DeepSeek V3/V3.1 tokens, and bare
 * JSON call objects (see {@link ToolCallFormat}). Each call's arguments are parsed and repaired like
 * {@link parseToolArguments} does and validated against its tool's schema. Prose that only mentions
 * a tool or the markup gives no call.
 * @returns the calls in text order and the reply with them taken out
 * @throws JsonMendError `SCHEMA_MISMATCH` for a call to a tool not in `tools` (the message lists them),
 *   `UNREPAIRABLE` for a call cut off before its arguments end (the message names the call),
 *   `SchemaError` for arguments the schema rejects even after repair; `INVALID_ARGUMENT` for bad options.
 */
export function extractToolCalls(text: string, options: ToolCallOptions): ToolCallsResult {
  assertText(text);
  const ctx = { ...toolContext(options, linesOf(text)), reply: () => text };
  return assemble(text, scanToolCalls(text), ctx);
}

/**
 * The calls of the closed spans and of the bare JSON outside them, and the text that remains. Before
 * `reasoningUntil` (the end of a `</think>` no `<think>` opened) the reply was reasoning: a call
 * written there is a draft, no call, and stays in the text as a draft in a `<think>` block does.
 * After `turnEnd` the message had ended: what follows is text.
 */
export function assemble(text: string, scan: ToolCallScan, ctx: ToolContext): ToolCallsResult {
  const { spans, strips, reasoningUntil, turnEnd, analyses } = scan;
  const fences = fencesOf(text);
  const closed = closedParts(text, fences);
  const calls: ToolCall[] = [];
  const removed: Array<readonly [number, number]> = [];
  // Spans read as markup mentioned, no call: bare JSON may still hold one (see bareCalls).
  const silent = new Set<Range>();
  // A span may be text in another call's string (see held.ts): its calls, or its error, wait for
  // the formats read after it, which see it as markup mentioned.
  const held = new HeldCalls();
  for (const span of spans) {
    if (!ctx.formats.has(span.format) || span.start < reasoningUntil) continue;
    let found: ToolCall[];
    try {
      found = readSpan(span, text.slice(span.bodyStart, span.bodyEnd), span.end === text.length, ctx);
    } catch (error) {
      if (!isHoldable(error)) throw error;
      held.failMarked(span.start, span.end, text.slice(span.start, span.bodyStart).trim(), error);
      found = [];
    }
    silent.add(span);
    if (found.length === 0) continue;
    appendAll(calls, found);
    // The calls' span: the JSON's, when prose follows it in a span no token closes (see readSpan);
    // with the wrapper some models write around their calls (`<tools>…</tools>`).
    const range = widenToWrapper(text, [span.start, found[0].span.end]);
    removed.push(range);
    held.addMarked(span.start, span.end, text.slice(span.start, span.bodyStart).trim(), found, range);
  }
  // Where no bare, pythonic or ReAct call is read from: the spans, and the text after the message's end.
  // A span read as the markup mentioned, or read first (held), keeps out only what starts inside it
  // (see TakenWithMentions).
  const read: Range[] = spans.map((span) => (silent.has(span) ? { start: span.start, end: span.end, mentioned: true } : span));
  // A stripped analysis message is reasoning (see the scanner's STRIPPED_ANALYSIS_ENDS): no call in any format is read there.
  for (const [start, end] of analyses) read.push({ start, end });
  const taken: readonly Range[] = turnEnd === -1 ? read : [...read, { start: turnEnd, end: text.length }];
  const marked = { calls: calls.length, ranges: removed.length };
  const markedRanges = new Set(removed);
  if (ctx.formats.has('json')) appendAll(calls, bareCalls(text, taken, removed, ctx, fences, held));
  // A pythonic call's string or a tool tag's value may hold a call's JSON as its text too: those
  // finders see the bare calls' ranges as markup mentioned as well; a bare call inside what they read
  // is dropped (dropHeld).
  const bare = new Set(removed.slice(marked.ranges));
  const holding = new Set([...markedRanges, ...bare]);
  /** A finder run with the ranges `open` seen as markup mentioned, the rest of `removed` as read. */
  const readAfter = (open: ReadonlySet<readonly [number, number]>, find: (spans: readonly Range[], ranges: Array<readonly [number, number]>) => ToolCall[]): ToolCall[] => {
    const ranges = removed.filter((r) => !open.has(r));
    const from = ranges.length;
    const found = find([...taken, ...[...open].map(([start, end]) => ({ start, end, mentioned: true as const }))], ranges);
    appendAll(removed, ranges.slice(from));
    return found;
  };
  const bareCallsEnd = calls.length;
  try {
    if (ctx.formats.has('pythonic')) appendAll(calls, readAfter(holding, (s, r) => pythonicCalls(text, s, r, ctx, reasoningUntil, closed, held)));
    if (ctx.formats.has('gemini_cli')) appendAll(calls, readAfter(markedRanges, (s, r) => geminiCliCalls(text, s, r, ctx, reasoningUntil, closed, held)));
    if (ctx.formats.has('react')) appendAll(calls, readAfter(markedRanges, (s, r) => reactCalls(text, s, r, ctx, reasoningUntil, held)));
    if (ctx.formats.has('gemma')) appendAll(calls, readAfter(markedRanges, (s, r) => strippedGemmaCalls(text, s, r, ctx, reasoningUntil, closed, held)));
    if (ctx.formats.has('tool_tags')) appendAll(calls, readAfter(holding, (s, r) => toolTagCalls(text, s, r, ctx, reasoningUntil, closed, held)));
  } catch (error) {
    throw isHoldable(error) ? held.first(error) : error;
  }
  const dropped = held.settle(calls, removed, calls.slice(marked.calls), calls.slice(bareCallsEnd).filter(holdsBare));
  marked.calls -= dropped.calls;
  marked.ranges -= dropped.ranges;
  dropHeld(calls, marked.calls, bareCallsEnd - dropped.calls);
  afterObservation(text, calls, removed, marked);
  if (calls.length === 0) return { calls, text: text.trim() };
  appendAll(removed, strips);
  fenceLinesOfCalls(text, fences, removed);
  calls.sort((a, b) => a.span.start - b.span.start);
  return { calls, text: without(text, removed) };
}

/**
 * `read()`, the reading of a call found at `[start, end)` (its rewrites in `rewrites`, filled by then);
 * undefined when it throws over a marked span read first, or does not hold it (see held.ts): no holder,
 * the span stands as read (before, it kept this finder out).
 */
function holding<T extends { value: unknown }>(held: HeldCalls, found: { start: number; end: number }, rewrites: readonly string[], read: () => T): T | undefined {
  let args: T;
  try {
    args = read();
  } catch (error) {
    if (isHoldable(error) && held.overMarked(found.start, found.end)) return undefined;
    throw error;
  }
  // Over a marked span, a reading that does not hold it as a string's text holds nothing (see HeldCalls.holds).
  return held.holds(found.start, found.end, [{ arguments: args.value, rewrites }]) ? args : undefined;
}

/** The calls that may hold a bare call's JSON as a string's text: pythonic calls and tool tags. */
function holdsBare(call: ToolCall): boolean {
  return call.format === 'pythonic' || call.format === 'tool_tags';
}

/** Drops the bare calls (`calls[from, to)`) that start inside a pythonic call or a tool tag read after them: their text. */
function dropHeld(calls: ToolCall[], from: number, to: number): void {
  const holders = new RangeSet(calls.slice(to).filter(holdsBare).map((c) => [c.span.start, c.span.end] as const));
  let kept = from;
  for (let i = from; i < calls.length; i++) {
    if (i < to && holders.overlaps(calls[i].span.start, calls[i].span.start)) continue;
    calls[kept++] = calls[i];
  }
  calls.length = kept;
}

/**
 * ReAct's `Observation:` line (Qwen-Agent's `✿RESULT✿`, `观察:`) after the reply's first call is the
 * tool's result, written by a model that did not stop there: JSON in it is that made-up result, and
 * calls after it answer it. The bare JSON, pythonic and ReAct calls there (those after `marked`) are
 * dropped, their text left to the reply; marked-up calls, reported while the reply streams, stay.
 */
function afterObservation(text: string, calls: ToolCall[], removed: Array<readonly [number, number]>, marked: { calls: number; ranges: number }): void {
  if (calls.length === marked.calls) return;
  let first = calls[0];
  for (const call of calls) if (call.span.start < first.span.start) first = call;
  const from = observationLine(text, first.span.end);
  if (from < 0) return;
  let kept = marked.calls;
  for (let i = marked.calls; i < calls.length; i++) if (calls[i].span.start < from) calls[kept++] = calls[i];
  calls.length = kept;
  kept = marked.ranges;
  for (let i = marked.ranges; i < removed.length; i++) if (removed[i][0] < from) removed[kept++] = removed[i];
  removed.length = kept;
}

/** Where a span, or text closed to calls, starts and ends. */
interface Range {
  readonly start: number;
  readonly end: number;
  /** A span read as the markup mentioned, no call (see TakenWithMentions). */
  readonly mentioned?: true;
}

/** Calls written as bare JSON: candidates outside every span whose value is call-shaped (or an array of such). */
function bareCalls(text: string, spans: readonly Range[], removed: Array<readonly [number, number]>, ctx: ToolContext, fences: readonly Region[], held: HeldCalls): ToolCall[] {
  const taken = closedTo(spans, [], 0);
  const calls: ToolCall[] = [];
  const candidates = extract(text);
  // `<function_call>{…}</function_call>` in an ```` ```xml ```` fence: code of another language, whose
  // JSON extraction leaves alone; in a call's wrapper tags it is a call (it gave none, and no error).
  for (const fence of fences) {
    if (fence.language === undefined || isJsonLanguage(fence.language)) continue;
    const at = skipWs(text, fence.contentStart, fence.contentEnd);
    if (!CALL_WRAPPERS.some(([open]) => open.startsWith('<') && text.startsWith(open, at))) continue;
    for (const c of extract(text.slice(fence.contentStart, fence.contentEnd))) candidates.push({ ...c, start: c.start + fence.contentStart, end: c.end + fence.contentStart });
  }
  // Where the last call written as a tool's name line and its object ended (see name-line.ts).
  let lastNameLine = -1;
  for (let c = 0; c < candidates.length; c++) {
    const candidate = candidates[c];
    if (candidate.reasoning || taken.overlaps(candidate.start, candidate.end)) continue;
    // Over a marked span read first (see held.ts), a call holds it only when it reads whole and clean.
    let over = held.overMarked(candidate.start, candidate.end);
    try {
      // A reply that starts with the call runs on to its end as one candidate: prose after the call's
      // JSON is the reply's text (SGLang's test_json_with_trailing_text: it was removed with the call).
      // Read up to the JSON's end; a reading cut off there (the hint misled) gives way to the whole's.
      const jsonEnd = candidate.source === 'whole' ? jsonEndBeforeProse(candidate.text) : undefined;
      let read = jsonEnd === undefined ? undefined : readBare(candidate.text.slice(0, jsonEnd), ctx);
      let end = candidate.start + (jsonEnd ?? 0);
      if (read === undefined || read.truncated) {
        read = readBare(candidate.text, ctx);
        end = candidate.end;
      } else {
        // The prose after the call may hold more calls (`{…} and then {…}`): its own candidates.
        for (const more of extract(text.slice(end))) candidates.push({ ...more, start: more.start + end, end: more.end + end });
      }
      // Read up to the JSON's end, the candidate may run on over a marked span it does not reach.
      over &&= held.overMarked(candidate.start, end);
      if (read === undefined) {
        if (over) continue;
        const named = nameLineCall(text, candidate.start, candidate.end, lastNameLine, (name) => ctx.tools.has(name));
        const call = named === undefined ? undefined : nameLineArguments(named, candidate.text, { start: named.start, end: candidate.end }, ctx);
        if (call === undefined) continue;
        calls.push(call);
        lastNameLine = candidate.end;
        taken.add(call.span.start, call.span.end);
        removed.push([call.span.start, call.span.end]);
        continue;
      }
      if (over && (read.truncated || hasPlaceholder(read.repairs))) continue;
      const wrapped = widenToWrapper(text, candidate.source === 'fence' ? widenToFence(text, candidate.start, end) : [candidate.start, end]);
      const range = [toolLabelBefore(text, wrapped[0], read.items), wrapped[1]] as const;
      // `Reply with {"name": "f", "arguments": {…}} to call it.`: a call's shape with a placeholder for
      // its arguments, prose after it on its line: an example in the prose, not a call.
      if (hasPlaceholder(read.repairs) && proseFollows(text, range[1])) continue;
      if (read.items.length > 1 && hasPlaceholder(read.repairs)) throw placeholder(() => `the json tool calls at line ${ctx.lineAt(range[0])}`, false);
      if (read.repeated !== undefined) throw repeatedMemberError('json', ctx.lineAt(range[0]), read.repeated);
      // `[{…a…}, {…b…},`, `{…a…},` or `[{…a…}, {…b…}` ending the reply: the next call (or the list's
      // end) was cut, not `b`; `{"tool_calls": [{…a…}, {…b…}]`: the wrapper's `}` (see cut-between.ts). Only a candidate the reply ends in (spaces after it):
      // scanned once, not once per candidate to the reply's end.
      const cut = skipWs(text, candidate.end, text.length) === text.length ? cutBetweenCalls(text.slice(candidate.start, text.length), read.shape) : undefined;
      if (cut !== undefined && (cut.comma || read.truncated)) throw cutBetween('json', ctx.lineAt(range[0]), nameOf(read.items[read.items.length - 1].value), candidate.start + cut.offset, cut.comma, ctx.reply?.(), cut.wrapper);
      let found: ToolCall[];
      try {
        // Only the last can be what the reply's end cut off: an error names that call, not the first.
        const last = read.items.length - 1;
        found = read.items.map((item, i) => callFromValue(item.value, { format: 'json', span: { start: range[0], end: range[1] } }, ctx, read.repairs, read.truncated && i === last, item.rewrites));
      } catch (error) {
        if (isPlaceholder(error) && proseFollows(text, range[1])) continue;
        throw error;
      }
      if (!held.holds(candidate.start, end, found)) continue;
      appendAll(calls, found);
      taken.add(range[0], range[1]);
      removed.push(range);
    } catch (error) {
      if (!isHoldable(error)) throw error;
      // A call's JSON in a pythonic string or a tool tag's value (see held.ts): its error waits for
      // those finders. Over a marked span read first, a reading that fails holds nothing: the span stands.
      if (!over) held.failBare(candidate.start, error);
      taken.add(candidate.start, candidate.end);
    }
  }
  return calls;
}

/** Labels before a call: langroid's `TOOL:` (maybe with the tool's name after it), and `function_call:` (opencompany #2010). */
const TOOL_LABELS: readonly string[] = ['TOOL:', 'function_call:'];

/** The label of TOOL_LABELS that ends at `k`, else undefined. */
function labelEndingAt(text: string, k: number): string | undefined {
  return TOOL_LABELS.find((label) => text.endsWith(label, k));
}

/**
 * Where a bare call at `start` begins with a label of TOOL_LABELS before it (langroid's prompt asks for
 * `TOOL:`, maybe followed by the called tool's name, `TOOL: web_search⏎{…}`), at a line's start: taken out
 * with the call. `start` when no such label is there.
 */
function toolLabelBefore(text: string, start: number, items: ReadonlyArray<{ value: unknown }>): number {
  const from = Math.max(0, start - 200);
  let k = start;
  while (k > from && isWs(text.charCodeAt(k - 1))) k--;
  let label = labelEndingAt(text, k);
  if (label === undefined) {
    const name = items.length === 1 ? nameOf(items[0].value) : undefined;
    if (name === undefined || !text.endsWith(name, k)) return start;
    k -= name.length;
    while (k > from && (text.charCodeAt(k - 1) === 0x20 || text.charCodeAt(k - 1) === 0x09)) k--;
    label = labelEndingAt(text, k);
    if (label === undefined) return start;
  }
  k -= label.length;
  let line = k;
  while (line > 0 && (text.charCodeAt(line - 1) === 0x20 || text.charCodeAt(line - 1) === 0x09)) line--;
  return line === 0 || text.charCodeAt(line - 1) === 0x0a ? k : start;
}

/** Whether prose follows `at` on its line (past spaces): a sentence goes on after what ended there. */
function proseFollows(text: string, at: number): boolean {
  let k = at;
  while (k < text.length && (text.charCodeAt(k) === 0x20 || text.charCodeAt(k) === 0x09)) k++;
  const rest = text.slice(k, k + 200);
  const line = rest.indexOf('\n');
  return PROSE_START.test(line === -1 ? rest : rest.slice(0, line));
}

/** The call a tool's name line and the object after it make (see name-line.ts), or undefined when the object is no JSON object. */
function nameLineArguments(named: NameLine, json: string, span: { start: number; end: number }, ctx: ToolContext): ToolCall | undefined {
  let repairs: Repair[] = [];
  let value: unknown;
  try {
    value = readToolArguments(json, { ...ctx.parseOptions, onRepair: (r) => (repairs = [...r]) });
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return callFromValue({ name: named.name, arguments: value }, { format: 'json', span }, ctx, repairs, wasCutOff(repairs), ['name_line']);
}

/** The call objects a bare candidate's text holds, or undefined when it is not JSON or not calls. */
function readBare(json: string, ctx: ToolContext): { items: Array<{ value: unknown; rewrites: ToolCallRewrite[] }>; repairs: Repair[]; truncated: boolean; repeated: RepeatedMember | undefined; shape: CallsShape } | undefined {
  let repairs: Repair[] = [];
  let value: unknown;
  try {
    value = readToolArguments(json, { ...ctx.parseOptions, onRepair: (r) => (repairs = [...r]) });
  } catch {
    return undefined; // not JSON after all: prose
  }
  // Each in the usual shape, or in an agent framework's (see agentCalls).
  const listed = Array.isArray(value) ? undefined : toolCallsOf(value);
  const items = (Array.isArray(value) ? value : listed ?? [value]).flatMap((item) => {
    const rewrites: ToolCallRewrite[] = [];
    return agentCalls(item, ctx, rewrites).map((call) => ({ value: call, rewrites: [...rewrites] }));
  });
  const truncated = wasCutOff(repairs);
  // Cut off after its first call (`[{"name": …}, {`), a list of calls is one still: an error
  // naming the call, not prose with the calls lost.
  // Cut off before its arguments (`{"name": "get_weather", "argu`), a call that names one of the tools
  // is one too: the reply's end took its arguments, and an error says so (as prose, the call was lost).
  const named = (item: { value: unknown }) => {
    const name = namedBeforeArguments(item.value);
    return name !== undefined && ctx.tools.has(name);
  };
  if (items.length === 0 || !(items.every((item) => isCallShaped(item.value)) || (truncated && (isCallShaped(items[0].value) || named(items[0]))))) return undefined;
  // An agent's call cut off before its arguments (`{"action": "f", "actio`): the call to that tool, cut off.
  const end = items[items.length - 1];
  if (truncated && !isCallShaped(end.value) && nameOf(end.value) === undefined && named(end)) end.value = { name: namedBeforeArguments(end.value) };
  // `{"name": "a", "arguments": {…}, "name": "b", …}`: the value keeps only the later (see repeated-member.ts).
  // Where its calls were listed, for a cut between them (see cut-between.ts).
  const shape: CallsShape = listed !== undefined ? 'wrapped' : 'list';
  return { items, repairs, truncated, repeated: truncated ? undefined : repeatedEnvelopeMember(json), shape };
}

/** Calls written as Python lists (see pythonic.ts), outside every span and bare call. */
function pythonicCalls(text: string, spans: readonly Range[], removed: Array<readonly [number, number]>, ctx: ToolContext, reasoningUntil: number, closed: ClosedParts, held: HeldCalls): ToolCall[] {
  // A list drafted in a reasoning block (`<think>[f(x=1)]</think>`) is no call, as in every other format.
  const taken = closedTo(spans, removed, reasoningUntil, closed.reasoning());
  const calls: ToolCall[] = [];
  // The last wrapped list's range: a list right after it may be its echo.
  let last: readonly [number, number] | undefined;
  // A reply of bare calls (`get_weather(city="x")`) only when nothing else in it was a call: after a
  // call in another format, the same call written again would run twice.
  const wholeReply = spans.length === 0 && removed.length === 0;
  // Calls in a fence standing apart in prose are an example (a ```tool_code block is read as such).
  for (const list of findPythonicCalls(text, taken, (name) => ctx.tools.knows(name), wholeReply, closed.code)) {
    const range = widenToWrapper(text, [list.start, list.end]);
    if (last !== undefined && echoes(text, last, range, list)) {
      removed.push(range);
      continue;
    }
    let read: ToolCall[];
    try {
      read = list.calls.map((call) => {
        const args = pythonicArguments(call, ctx);
        const rewrites: ToolCallRewrite[] = list.nameLine === true ? ['name_line'] : [];
        if (call.object !== undefined) rewrites.push('call_syntax');
        // callFromValue takes a name one tool's but for `_` and `-` as that tool's (name_separator).
        return callFromValue({ name: call.name, arguments: args.value }, { format: 'pythonic', span: { start: list.start, end: list.end } }, ctx, args.repairs, false, rewrites);
      });
    } catch (error) {
      if (isHoldable(error) && held.overMarked(list.start, list.end)) continue;
      throw error;
    }
    if (!held.holds(list.start, list.end, read)) continue;
    removed.push(range);
    appendAll(calls, read);
    last = range[0] < list.start && range[1] > list.end ? range : undefined;
  }
  return calls;
}

/** ReAct agents' calls (see react.ts), in each agent's words, outside every span, bare call and pythonic list. */
function reactCalls(text: string, spans: readonly Range[], removed: Array<readonly [number, number]>, ctx: ToolContext, reasoningUntil: number, held: HeldCalls): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const words of REACT_WORDS) appendAll(calls, reactCallsIn(text, closedTo(spans, removed, reasoningUntil), removed, ctx, words, held));
  return calls;
}

/** Gemini CLI's `[tool_call: NAME for KEY 'VALUE']` (see gemini-cli.ts), outside every span and call read before. */
function geminiCliCalls(text: string, spans: readonly Range[], removed: Array<readonly [number, number]>, ctx: ToolContext, reasoningUntil: number, closed: ClosedParts, held: HeldCalls): ToolCall[] {
  const calls: ToolCall[] = [];
  if (!text.includes('[tool_call:')) return calls;
  // A call drafted in a reasoning block is no call (the scanner's formats and bare JSON skip them too).
  const taken = closedTo(spans, removed, reasoningUntil, closed.reasoning());
  for (const found of findWordsCalls(text, taken, (name) => ctx.tools.has(name))) {
    const where = describe(found.name, 'gemini_cli', () => ctx.lineAt(found.start));
    const read = holding(held, found, [], () => {
      if (found.cut === true) throw cutOff(where);
      if (found.args === undefined) throw new JsonMendError('UNREPAIRABLE', `${where()} is written in words: its arguments are not KEY 'VALUE' pairs closed by "]" on its line ([tool_call: NAME for KEY 'VALUE', …])`);
      return argumentsFromValue(found.args, ctx.tools.schemaOf(found.name, () => ctx.lineAt(found.start)), where);
    });
    if (read === undefined) continue;
    calls.push({ name: found.name, arguments: read.value, repairs: read.repairs, rewrites: [], span: { start: found.start, end: found.end }, format: 'gemini_cli' });
    removed.push([found.start, found.end]);
  }
  return calls;
}

/**
 * Calls whose markup is a tool's name (see tool-tags.ts): `<read_file>⏎<path>…</path>⏎</read_file>`,
 * `<run_command command="ls" />`, or `run_command command="ls"` standing apart; outside every span and
 * call read before, reasoning and fences.
 */
function toolTagCalls(text: string, spans: readonly Range[], removed: Array<readonly [number, number]>, ctx: ToolContext, reasoningUntil: number, closed: ClosedParts, held: HeldCalls): ToolCall[] {
  const calls: ToolCall[] = [];
  if (ctx.tools.names.length === 0) return calls;
  // Calls written bare on their lines (`web_fetch url="…"`) only when nothing else in the reply was a
  // call, as call_syntax's: after a call in another format, the same call written again would run twice.
  const wholeReply = spans.length === 0 && removed.length === 0;
  const taken = closedTo(spans, removed, reasoningUntil, closed.reasoning());
  const known = (name: string): boolean => ctx.tools.knows(name);
  let tags = text.includes('<') ? findToolTags(text, taken, closed.code, known) : [];
  if (tags.length === 0 && wholeReply) tags = findAttributeLines(text, taken, closed.code, known);
  for (const found of tags) {
    const rewrites: ToolCallRewrite[] = [];
    const name = toolCalled(found.name, ctx.tools, rewrites);
    const line = () => ctx.lineAt(found.start);
    const where = describe(name, 'tool_tags', line);
    const read = holding(held, found, rewrites, () => tagArguments(text, found, ctx.tools.schemaOf(name, line), ctx.parseOptions, rewrites, where));
    if (read === undefined) continue;
    calls.push({ name, arguments: read.value, repairs: read.repairs, rewrites, span: { start: found.start, end: found.end }, format: 'tool_tags' });
    removed.push(wholeLines(text, found.start, found.end));
  }
  return calls;
}

/**
 * Gemma's calls with their special tokens stripped by the server, `call:NAME{…}` starting a line (see
 * findBareGemmaCalls), NAME one of the tools: read as after `<|tool_call>` (rewrite `lost_call_token`).
 * Outside every span and call read before, reasoning and fences.
 */
function strippedGemmaCalls(text: string, spans: readonly Range[], removed: Array<readonly [number, number]>, ctx: ToolContext, reasoningUntil: number, closed: ClosedParts, held: HeldCalls): ToolCall[] {
  const calls: ToolCall[] = [];
  if (ctx.tools.names.length === 0 || !text.includes('call:')) return calls;
  const taken = closedTo(spans, removed, reasoningUntil, closed.reasoning());
  for (const found of findBareGemmaCalls(text, taken, closed.code, (name) => ctx.tools.knows(name))) {
    const rewrites: ToolCallRewrite[] = ['lost_call_token'];
    const name = toolCalled(found.name, ctx.tools, rewrites);
    const line = () => ctx.lineAt(found.start);
    const where = describe(name, 'gemma', line);
    const read = holding(held, found, rewrites, () => {
      const schema = ctx.tools.schemaOf(name, line);
      const args = found.cut === true ? undefined : gemmaArgumentsText(text.slice(found.args.start, found.args.end));
      if (args === undefined) throw cutOff(where);
      if (args.lostOpener) rewrites.push('lost_string_token');
      return argumentsFromText(args.text, schema, ctx.parseOptions, rewrites, where);
    });
    if (read === undefined) continue;
    calls.push({ name, arguments: read.value, repairs: read.repairs, rewrites, span: { start: found.start, end: found.end }, format: 'gemma' });
    removed.push(wholeLines(text, found.start, found.end));
  }
  return calls;
}

/**
 * `[start, end)` with its line's break after it when it is the whole line (spaces around): a call on
 * lines of its own leaves no empty line in the text (`First:⏎<call/>⏎Then:` is `First:⏎Then:`).
 */
function wholeLines(text: string, start: number, end: number): readonly [number, number] {
  let after = end;
  while (after < text.length && (text.charCodeAt(after) === 0x20 || text.charCodeAt(after) === 0x09 || text.charCodeAt(after) === 0x0d)) after++;
  if (after < text.length && text.charCodeAt(after) !== 0x0a) return [start, end];
  let before = start;
  while (before > 0 && (text.charCodeAt(before - 1) === 0x20 || text.charCodeAt(before - 1) === 0x09)) before--;
  if (before > 0 && text.charCodeAt(before - 1) !== 0x0a) return [start, end];
  return [before, after < text.length ? after + 1 : after];
}

/** What every format read after the spans keeps out of, the same for all: built once per reply. */
interface ClosedParts {
  /** The fences: a call in one standing apart in prose is an example. */
  code: RangeSet;
  /** The reasoning blocks' ranges: a call drafted there is no call. Found on first need (a scan of the reply). */
  reasoning(): ReadonlyArray<readonly [number, number]>;
}

function closedParts(text: string, fences: readonly Region[]): ClosedParts {
  let reasoning: ReadonlyArray<readonly [number, number]> | undefined;
  return {
    code: new RangeSet(fences.map((f) => [f.start, f.end] as const)),
    reasoning: () => (reasoning ??= reasoningRegions(text).map((r) => [r.start, r.end] as const)),
  };
}

/** The text closed to a format read after the others: their spans and calls, and the reasoning before the answer. */
function closedTo(spans: readonly Range[], removed: ReadonlyArray<readonly [number, number]>, reasoningUntil: number, more: ReadonlyArray<readonly [number, number]> = []): Taken {
  const ranges: Array<readonly [number, number]> = [];
  const mentioned: Array<readonly [number, number]> = [];
  for (const s of spans) (s.mentioned === true ? mentioned : ranges).push([s.start, s.end]);
  appendAll(ranges, removed);
  appendAll(ranges, more);
  if (reasoningUntil > 0) ranges.push([0, reasoningUntil]);
  return mentioned.length === 0 ? new RangeSet(ranges) : new TakenWithMentions(new RangeSet(ranges), new RangeSet(mentioned));
}

function reactCallsIn(text: string, taken: Taken, removed: Array<readonly [number, number]>, ctx: ToolContext, words: ReactWords, held: HeldCalls): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const found of findReactCalls(text, taken, (name) => ctx.tools.has(name), words)) {
    const span = { start: found.start, end: found.end };
    const where = describe(found.name, 'react', () => ctx.lineAt(found.start));
    const rewrites: ToolCallRewrite[] = [];
    const read = holding(held, found, rewrites, () => {
      if (found.cut === true) throw cutOff(where);
      return argumentsOfString(found.input, ctx.tools.schemaOf(found.name, () => ctx.lineAt(found.start)), ctx.parseOptions, rewrites, where);
    });
    if (read === undefined) continue;
    calls.push({ name: found.name, arguments: read.value, repairs: read.repairs, rewrites, span, format: 'react' });
    removed.push([found.start, found.end]);
  }
  return calls;
}

/**
 * `<|tool_call_start|>[f(x=1)]<|tool_call_end|>[f(x=1)]<|tool_call_end|>` (vLLM's LFM2 tests): the
 * list written again right after the wrapped one, closed by a closer nothing opened, is an echo of it;
 * read as calls, the tool would run twice. Taken out of the text with the calls, not called.
 */
function echoes(text: string, previous: readonly [number, number], range: readonly [number, number], list: { start: number; end: number }): boolean {
  if (text.slice(previous[1], list.start).trim() !== '' || range[0] !== list.start || range[1] === list.end) return false;
  return text.slice(previous[0], previous[1]).includes(text.slice(list.start, list.end));
}

/** `[start, end)` widened to the fence lines around it (```` ```json ```` … ```` ``` ````), when they are right there. */
function widenToFence(text: string, start: number, end: number): readonly [number, number] {
  const before = text.slice(Math.max(0, start - 40), start);
  const open = before.lastIndexOf('```');
  const after = text.slice(end, end + 8);
  const close = after.indexOf('```');
  if (open === -1 || close === -1 || /\S/.test(after.slice(0, close))) return [start, end];
  return [start - (before.length - open), end + close + 3];
}

/**
 * The markup some models write around a bare JSON call or a pythonic list, taken out with it:
 * Granite's and Phi-4's `<|tool_call|>` (closed by `<|/tool_call|>` or not at all), Phi-4-mini's
 * `functools` prefix, the `<tool_calls>` / `<function_call>` tags fine-tunes write, Groq's `<tool-use>` (Llama 3), Cohere Command's
 * `<|START_ACTION|>`, InternLM2's `<|action_start|><|plugin|>` and LFM2's `<|tool_call_start|>`; and the
 * `<tools>` some models echo from their prompt around the calls (around marked-up calls too), and
 * Gemma's call tokens around a Python list (`<|tool_call>call:[f(x=1)]<tool_call|>`).
 */
const CALL_WRAPPERS: ReadonlyArray<readonly [open: string, close: string]> = [
  ['<|tool_call|>', '<|/tool_call|>'],
  ['functools', ''],
  ['<tool_calls>', '</tool_calls>'],
  ['<function_call>', '</function_call>'],
  ['<tool-use>', '</tool-use>'],
  ['<|START_ACTION|>', '<|END_ACTION|>'],
  ['<|action_start|><|plugin|>', '<|action_end|>'],
  ['<|tool_call_start|>', '<|tool_call_end|>'],
  ['<tools>', '</tools>'],
  ['<|tool_call>call:', '<tool_call|>'],
  ['<|tool_call>', '<tool_call|>'],
];

/** `[start, end)` widened to a wrapper's opening markup right before it and its closing markup right after (spaces between). */
function widenToWrapper(text: string, [start, end]: readonly [number, number]): readonly [number, number] {
  let before = start;
  while (before > 0 && isWs(text.charCodeAt(before - 1))) before--;
  let after = end;
  while (after < text.length && isWs(text.charCodeAt(after))) after++;
  // Each end on its own: of two calls in one wrapper, the first takes the opener and the last the closer.
  const open = CALL_WRAPPERS.find(([o]) => text.endsWith(o, before));
  const close = CALL_WRAPPERS.find(([, c]) => c !== '' && text.startsWith(c, after));
  return [open ? before - open[0].length : start, close ? after + close[1].length : end];
}

/** The tag names extraction reads (reasoning tags among them), for finding the reply's fences as it does. */
const STRUCTURE_NAMES = resolveExtractOptions(undefined).names;

/** The reply's reasoning blocks (`<think>…</think>` and the like, one never closed too), outermost only. */
function reasoningRegions(text: string): Region[] {
  const found: Region[] = [];
  const open: Region[] = [scanStructure(text, STRUCTURE_NAMES)];
  for (let region = open.pop(); region !== undefined; region = open.pop()) {
    for (const child of region.children) {
      if (child.kind === 'reasoning') found.push(child);
      else open.push(child);
    }
  }
  return found;
}

/** The reply's fences (```` ```xml ```` … ```` ``` ````, `~~~`) outside reasoning, in text order. */
function fencesOf(text: string): Region[] {
  if (!text.includes('```') && !text.includes('~~~')) return [];
  const fences: Region[] = [];
  const open: Region[] = [scanStructure(text, STRUCTURE_NAMES)];
  for (let region = open.pop(); region !== undefined; region = open.pop()) {
    for (const child of region.children) {
      if (child.kind === 'fence') fences.push(child);
      else if (child.kind !== 'reasoning') open.push(child);
    }
  }
  return fences.sort((a, b) => a.start - b.start);
}

/**
 * The lines of each fence that holds nothing but calls and their markup (```` ```xml ```` around
 * `<tool_call>` blocks): taken out with them, not left as an empty fence in the text. A fence that
 * holds anything else keeps its lines. Linear: the ranges are walked once, in order, beside the fences.
 */
function fenceLinesOfCalls(text: string, fences: readonly Region[], removed: Array<readonly [number, number]>): void {
  if (fences.length === 0) return;
  const sorted = [...removed].sort((a, b) => a[0] - b[0]);
  let r = 0;
  for (const fence of fences) {
    while (r < sorted.length && sorted[r][1] <= fence.contentStart) r++;
    let at = fence.contentStart;
    let k = r;
    for (; k < sorted.length && sorted[k][0] < fence.contentEnd && onlySpace(text, at, sorted[k][0]); k++) at = Math.max(at, sorted[k][1]);
    if (k === r || (k < sorted.length && sorted[k][0] < fence.contentEnd) || !onlySpace(text, at, fence.contentEnd)) continue;
    let start = fence.start;
    while (start > 0 && (text.charCodeAt(start - 1) === 0x20 || text.charCodeAt(start - 1) === 0x09)) start--;
    removed.push([start, fence.contentStart], [fence.contentEnd, fence.end]);
  }
}

/** Whether `text.slice(from, to)` is only space (or nothing). */
function onlySpace(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isWs(text.charCodeAt(i))) return false;
  return true;
}

/** Whether `text.slice(from, to)` holds nothing but space, commas and semicolons. */
function onlySeparators(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x2c && c !== 0x3b && !isWs(c)) return false;
  }
  return true;
}

/**
 * `text` without the ranges, trimmed; blank lines left where a call stood are collapsed, and so are
 * the commas and semicolons that only separate two calls (Phi-4-mini's `<|tool_call|>{…}, {…}`,
 * BFCL's phi_fc handler: the `,` was left as the reply's text).
 */
function without(text: string, ranges: Array<readonly [number, number]>): string {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [s, e] of sorted) {
    if (s > at && !(at > 0 && onlySeparators(text, at, s))) out += text.slice(at, s);
    at = Math.max(at, e);
  }
  out += text.slice(at);
  return out.replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, '\n\n').trim();
}
