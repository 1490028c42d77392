// Calls written as Python (the `pythonic` format of Llama 3.2 and Llama 4): a list of calls on a line
// of its own or ending one, `[get_weather(city="Paris", days=3), web_search(query="x")]`, each argument a keyword
// and a Python literal; or calls one per line in OLMo 3's `<function_calls>` and Gemma 3's
// ```` ```tool_code ```` block. Only calls whose every name is one of `tools` count: `[see(x)]` in
// prose is prose. One pass over the text: a list that does not read as calls is skipped past where it
// failed.
import { paragraphs } from './paragraphs.js';
import type { RangeSet, Taken } from './ranges.js';
import { JsonMendError } from '../errors.js';
import { readToolArguments } from './arguments.js';
import type { Repair } from '../schema/types.js';
import type { ReadContext } from './read-call.js';
import { appendAll } from '../arrays.js';
import { DEFAULT_REASONING_TAGS } from '../extract/types.js';
import { standingNameLine } from './name-line.js';
import { cutBetween } from './cut-between.js';
import { linesOf } from './context.js';

/** One call of a pythonic list: its name and its keyword arguments' value texts. */
export interface PythonicCall {
  name: string;
  /** [keyword, value text] in order. */
  args: Array<[string, string]>;
  /**
   * The arguments written as one object instead of keywords, `get_weather({"city": "Paris"})` (Mistral's
   * calls with their `[TOOL_CALLS]` lost): its text, read as a call's arguments (rewrite `call_syntax`).
   */
  object?: string;
}

/** The keyword arguments a call's parentheses hold, or the one object written there instead (see PythonicCall.object). */
interface ReadArguments {
  args: Array<[string, string]>;
  object?: string;
  end: number;
}

/** The call `name` with what its parentheses hold. */
function pythonicCall(name: string, read: ReadArguments): PythonicCall {
  return read.object === undefined ? { name, args: read.args } : { name, args: read.args, object: read.object };
}

/** A list or block of calls, `[start, end)` with its brackets or markup. */
export interface PythonicList {
  start: number;
  end: number;
  calls: PythonicCall[];
  /** In prose: the call with an argument without its keyword, the error if the list is a call after all. */
  positional?: JsonMendError;
  /** The tool was named on the line before the call (ChatGLM3's, see chatGlmCalls): rewrite `name_line`. */
  nameLine?: boolean;
}

const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[\w.]/;

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\r' || c === '\n';
}

/**
 * How calls are grouped: a list, `[a(x=1), b()]`, or a block of calls one per line that a token
 * closes (OLMo 3's `<function_calls>…</function_calls>`, Gemma 3's ```` ```tool_code ```` fence), whose
 * closer the end of the reply may stand for (a stop token ate it).
 */
interface Grouping {
  close: string;
  block: boolean;
}

const LIST: Grouping = { close: ']', block: false };
/** A whole reply of calls one per line, no markup around them (Granite 3.3 and 4.0, vllm #43104): the reply's end closes it. */
const WHOLE_REPLY: Grouping = { close: '\u0000', block: true };

/** The module Gemini's code runner calls tools through: `default_api.NAME(…)`. */
const DEFAULT_API = 'default_api.';

/** The blocks of calls: their opening markup and how they are read. */
const BLOCKS: ReadonlyArray<readonly [open: string, grouping: Grouping]> = [
  ['<function_calls>', { close: '</function_calls>', block: true }],
  ['```tool_code\n', { close: '```', block: true }],
];

/**
 * Reads the calls of a group whose markup starts at `at` and whose first call may start at `from`;
 * the failure offset (a number) when it holds none. `inProse`: a call with a positional argument is
 * noted on the list, not thrown (`I tried [search(q)] first.` is prose); a group cut off still throws.
 */
function readCalls(text: string, at: number, from: number, grouping: Grouping, known: (name: string) => boolean, inProse: boolean, quotes: QuoteLook): PythonicList | number {
  const calls: PythonicCall[] = [];
  let positional: JsonMendError | undefined;
  const kind = grouping.block ? 'block' : 'list';
  let i = from;
  /** The tool of the call read last. */
  let last: string | undefined;
  /** Just past the `,` after the call read last, once one follows it. */
  let comma = -1;
  for (;;) {
    while (i < text.length && isSpace(text[i])) i++;
    let call = callNameAt(text, i);
    // A list the reply ends in after a call and its `,` (`[f(a=1), `): the calls go on past the reply's
    // end, cut off; as prose, the calls read so far were lost with no word. The call before the comma
    // is whole: the error stands past the comma, where the next call was to start (see cut-between.ts).
    // Cut in the next name (`[f(a=1), g`): that call is the one cut off.
    if (!grouping.block && last !== undefined && i >= text.length) throw cutBetween('pythonic', linesOf(text)(at), last, comma, true, text);
    if (!grouping.block && last !== undefined && call?.end === text.length) throw new JsonMendError('UNREPAIRABLE', `the call after "${last}" (pythonic) is cut off in its name: its ${kind} never ends`);
    if (grouping.block && grouping !== WHOLE_REPLY && last !== undefined) {
      // A block the reply ends in: in its closer (`⏎</function_ca`), its calls are whole, as with no
      // closer at all; in the next call's name (`⏎web_se`), that call is cut off.
      if (i < text.length && text.length - i <= grouping.close.length && grouping.close.startsWith(text.slice(i))) return { start: at, end: text.length, calls };
      if (call?.end === text.length) throw new JsonMendError('UNREPAIRABLE', `the call after "${last}" (pythonic) is cut off in its name: its ${kind} never ends`);
    }
    if (call === undefined) return i;
    // Gemini's `print(default_api.NAME(…))` (python-genai #1836): the call inside `print(`, its tool
    // named after the module the API's code runner calls it through.
    const printed = call.name === 'print' && text[call.end] === '(' ? callNameAt(text, call.end + 1) : undefined;
    if (printed !== undefined && printed.name.startsWith(DEFAULT_API)) call = printed;
    i = call.end;
    const name = call.name.startsWith(DEFAULT_API) ? call.name.slice(DEFAULT_API.length) : call.name;
    // `[get_weather` ending the reply: the list's first call, cut off in its name's end.
    if (!grouping.block && i === text.length && known(name)) throw new JsonMendError('UNREPAIRABLE', `the call to "${name}" (pythonic) is cut off: its arguments never end`);
    if (!known(name) || text[i] !== '(') return i;
    last = name;
    const args = readArguments(text, i + 1, quotes);
    // The reply ends inside the calls to known tools: a call cut off, not prose.
    if (args === text.length) throw new JsonMendError('UNREPAIRABLE', `the call to "${name}" (pythonic) is cut off: its arguments never end`);
    if (typeof args === 'number') return args;
    // Calls to known tools, one argument without its keyword: the call cannot be read.
    if ('positional' in args) {
      const error = new JsonMendError('UNREPAIRABLE', `the call to "${name}" (pythonic) has an argument without its keyword; write each argument as keyword=value`);
      if (!inProse) throw error;
      positional ??= error;
      // Read on to the call's `)`, for the list's end.
      const close = readArguments(text, args.positional, quotes, true);
      if (typeof close === 'number') return close;
      if ('positional' in close) return close.positional;
      i = close.end;
    } else {
      calls.push(pythonicCall(name, args));
      i = args.end;
    }
    if (call === printed) {
      while (i < text.length && isSpace(text[i])) i++;
      if (i >= text.length) throw new JsonMendError('UNREPAIRABLE', `the call to "${name}" (pythonic) is cut off: its print( never closes`);
      if (text[i] !== ')') return i;
      i++;
    }
    const afterCall = i;
    while (i < text.length && isSpace(text[i])) i++;
    if (text[i] === ',') {
      comma = ++i;
      continue;
    }
    if (text.startsWith(grouping.close, i)) return { start: at, end: i + grouping.close.length, calls, positional };
    if (i >= text.length) {
      if (grouping.block) return { start: at, end: text.length, calls };
      // `[f(a=1)` ending the reply: the call is whole, the list's `]` was cut (see cut-between.ts).
      throw cutBetween('pythonic', linesOf(text)(at), name, afterCall, false, text);
    }
    // In a block, the next call on the next line; or glued to this one on its line, a call to a known
    // tool right after its `)` (`print(default_api.f(…))print(default_api.g(…))`, vscode-copilot-release
    // #8177): each call's parentheses close it, so where one ends and the next starts is not in doubt.
    if (!grouping.block || (text.slice(afterCall, i).indexOf('\n') < 0 && !gluedCallAt(text, i, known))) return i;
  }
}

/**
 * The keyword arguments from `i` (after the `(`) to the matching `)`: strings (with escapes) and
 * nested brackets are skipped whole. `positional` when one is not `keyword=value` (unless
 * `skipPositional`, which only finds the end); the failure offset when the `)` never comes.
 */
function readArguments(text: string, i: number, quotes: QuoteLook, skipPositional = false): ReadArguments | { positional: number } | number {
  const args: Array<[string, string]> = [];
  const first = i;
  let depth = 0;
  let segment = i;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const close = stringEnd(text, i, quotes);
      if (close < 0) return text.length;
      i = close;
    } else if (c === '(' || c === '[' || c === '{') {
      depth++;
    } else if ((c === ')' || c === ']' || c === '}') && depth > 0) {
      depth--;
    } else if (depth === 0 && (c === ',' || c === ')')) {
      const arg = keywordArgument(text.slice(segment, i));
      if (arg === undefined) {
        // `f({"city": "Paris"})`: one object, the only argument, is the arguments (Mistral's calls as
        // Python calls; vLLM #39172 inside <tool_call>).
        const raw = text.slice(segment, i).trim();
        if (c === ')' && segment === first && raw.startsWith('{') && raw.endsWith('}')) return { args, object: raw, end: i + 1 };
        // `f()` and `f(a=1,)` have nothing here; anything else is a positional argument.
        if (!skipPositional && (text.slice(segment, i).trim() !== '' || (c === ',' && args.length === 0))) return { positional: segment };
      } else {
        args.push(arg);
      }
      segment = i + 1;
      if (c === ')') return { args, end: i + 1 };
    }
  }
  return text.length;
}

/**
 * Where, for each quote character, no quote that a delimiter follows comes any more (from there on a
 * string ends at its first quote): found once per text, so a text of many strings whose quotes a
 * word follows is not searched to its end from each of them.
 */
interface QuoteLook {
  noCloserFrom: Record<string, number>;
}

function newQuoteLook(): QuoteLook {
  return { noCloserFrom: { "'": Infinity, '"': Infinity } };
}

/**
 * The offset of the quote that closes the Python string opened at `i`, or -1. A quote that a word
 * follows is the text's own, not escaped (`command='sed -n '360,450p' a.py'`, vLLM's LFM2 tests:
 * shell commands written into a single-quoted argument): only one that a delimiter follows (`,` `)`
 * `]` `}` `:`, spaces before it) or the end closes the string; when none does, the first quote.
 */
function stringEnd(text: string, i: number, quotes: QuoteLook): number {
  const q = text[i];
  const firstOnly = i >= quotes.noCloserFrom[q];
  let first = -1;
  for (let k = i + 1; k < text.length; k++) {
    if (text[k] === '\\') k++;
    else if (text[k] === q) {
      if (first < 0) first = k;
      if (firstOnly || closesArgument(text, k + 1)) return k;
    }
  }
  quotes.noCloserFrom[q] = Math.min(quotes.noCloserFrom[q], i);
  return first;
}

/** Whether a delimiter of the call (or the text's end) follows `k`, past spaces. */
function closesArgument(text: string, k: number): boolean {
  while (k < text.length && (text[k] === ' ' || text[k] === '\t')) k++;
  if (k >= text.length) return true;
  const c = text[k];
  return c === ',' || c === ')' || c === ']' || c === '}' || c === ':' || c === '\n' || c === '\r';
}

/** `keyword=value` → [keyword, value text]; undefined when the segment is not one. */
function keywordArgument(segment: string): [string, string] | undefined {
  const eq = segment.indexOf('=');
  if (eq < 0 || segment[eq + 1] === '=') return undefined;
  const key = segment.slice(0, eq).trim();
  if (!/^[A-Za-z_]\w*$/.test(key)) return undefined;
  const value = segment.slice(eq + 1).trim();
  return value === '' ? undefined : [key, value];
}

/** Whether the `[` at `i` starts a line (spaces before it), or follows Llama 4's `<|python_start|>` or another call token. */
function startsLine(text: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && (text[k] === ' ' || text[k] === '\t')) k--;
  return k < 0 || text[k] === '\n' || text.endsWith('|>', k + 1) || afterCallToken(text, i);
}

/** Whether only spaces come after `i` on its line. */
function endsLine(text: string, i: number): boolean {
  let k = i;
  while (k < text.length && (text[k] === ' ' || text[k] === '\t')) k++;
  return k >= text.length || text[k] === '\n' || text[k] === '\r';
}

/**
 * Every list or block of calls in `text` outside `taken` (ranges already read as other formats), in
 * text order; with `wholeReply` (nothing else read as calls), a reply of bare calls too (wholeReplyCalls).
 */
export function findPythonicCalls(text: string, taken: Taken, known: (name: string) => boolean, wholeReply = false, code?: RangeSet): PythonicList[] {
  const quotes = newQuoteLook();
  const outside = (at: number): boolean => !taken.overlaps(at, at + 1);
  let found: PythonicList[] = chatGlmCalls(text, outside, known, quotes);
  for (const [open, grouping] of BLOCKS) {
    const before = found;
    const added: PythonicList[] = [];
    // `at` only grows: the groups found before are passed once (sorted), not searched per match.
    let k = 0;
    let from = 0;
    for (;;) {
      const at = text.indexOf(open, from);
      if (at < 0) break;
      from = at + open.length;
      while (k < before.length && before[k].end <= at) k++;
      if ((k < before.length && before[k].start <= at) || !outside(at)) continue;
      const block = readCalls(text, at, at + open.length, grouping, known, false, quotes);
      if (typeof block === 'number') continue;
      added.push(block);
      from = block.end;
    }
    found = [...before, ...added].sort((a, b) => a.start - b.start);
  }
  const blocks = found;
  let k = 0;
  let from = 0;
  /** Where the line of the last list read as calls ends: a list after it on that line is calls too. */
  let listLineEnd = -1;
  /** A list in prose was cut off (read to the text's end): lists in prose are no longer looked at. */
  let proseCutOff = false;
  for (;;) {
    const at = text.indexOf('[', from);
    if (at < 0) break;
    from = at + 1;
    while (k < blocks.length && blocks[k].end <= at) k++;
    if ((k < blocks.length && blocks[k].start <= at) || !outside(at)) continue;
    // On a line of its own, or after calls on the same line (`[f(x=1)] and [g(y=2)]`), or ending the
    // line after prose (`Here's a tool call: [f(x=1)]`); `See [f(x=1)] in the docs.` is prose, and so
    // is a list in prose that does not read as calls (`See [f(x)]`: no error).
    const placed = startsLine(text, at) || at < listLineEnd;
    if (!placed && proseCutOff) continue;
    // After a call token (`<|tool_call_start|>[…]`) the markup says calls come: a name that is no tool
    // is read, for the error that names the tools (not left as text).
    const knownHere = afterCallToken(text, at) ? anyName : known;
    let list: PythonicList | number;
    try {
      list = readCalls(text, at, at + 1, LIST, knownHere, !placed, quotes);
    } catch (error) {
      if (placed) throw error;
      // A list cut off read to the text's end: looking again at every later `[` in prose would be
      // quadratic.
      proseCutOff = true;
      continue;
    }
    if (typeof list === 'number') {
      // After a call token (`<|tool_call_start|>[bash(…)…`), a list that starts with a call to a
      // known tool and then does not read is that call, unreadable: an error, not text.
      const name = afterCallToken(text, at) ? knownCallAt(text, at + 1, known) : undefined;
      if (name !== undefined) throw new JsonMendError('UNREPAIRABLE', `the call to "${name}" (pythonic) cannot be read: its list does not go on as calls after it`);
      from = Math.max(from, list);
      continue;
    }
    from = list.end;
    if (!placed && !endsLine(text, list.end)) continue;
    if (list.positional) throw list.positional;
    found.push(list);
    // Once per line: lists that share a line would each search to its end again.
    if (list.end > listLineEnd) {
      const lf = text.indexOf('\n', list.end);
      listLineEnd = lf < 0 ? text.length : lf;
    }
  }
  if (found.length === 0 && wholeReply) {
    const whole = wholeReplyCalls(text, taken, known, quotes);
    if (whole !== undefined) found.push(whole);
    else appendAll(found, standingCalls(text, taken, known, code));
  }
  return found.sort((a, b) => a.start - b.start);
}

/** ChatGLM3's call: a ```` ```python ```` fence holding `tool_call(…)`, the tool named before it. */
const GLM_FENCE = '```python';
const GLM_CALL = 'tool_call(';

/**
 * ChatGLM3's own calls (its chat template; ChatGLM3 #138): the tool's name alone on a line, then a
 * ```` ```python ```` fence holding `tool_call(key='value', …)`, or the name run straight into the
 * fence (`get_weather```python`, ChatGLM3 #27). The name line stands apart as GLM-4's does (see
 * name-line.ts), so a fence in prose is prose. The fence's closer may be lost at the reply's end (a
 * stop token). Each fence is read once, and only after a tool's name line: linear.
 */
function chatGlmCalls(text: string, outside: (at: number) => boolean, known: (name: string) => boolean, quotes: QuoteLook): PythonicList[] {
  const found: PythonicList[] = [];
  let previousEnd = -1;
  for (let at = text.indexOf(GLM_FENCE); at >= 0; at = text.indexOf(GLM_FENCE, at + GLM_FENCE.length)) {
    let i = at + GLM_FENCE.length;
    while (i < text.length && isSpace(text[i])) i++;
    if (!text.startsWith(GLM_CALL, i) || !outside(at)) continue;
    // The name line first (a bounded look): fences in prose are not read. Unreadable (cut off, a
    // positional argument, more code after it), the call runs to the reply's end.
    const line = standingNameLine(text, at, text.length, previousEnd, known);
    if (line === undefined) continue;
    const args = readArguments(text, i + GLM_CALL.length, quotes);
    const end = typeof args === 'object' && 'args' in args ? fenceEnd(text, args.end) : undefined;
    if (end === undefined) throw chatGlmError(line.name, args);
    if (standingNameLine(text, at, end, previousEnd, known) === undefined) continue;
    found.push({ start: line.start, end, calls: [pythonicCall(line.name, args as ReadArguments)], nameLine: true });
    previousEnd = end;
    at = end - GLM_FENCE.length;
  }
  return found;
}

/** Where the fence closing after a call's `)` at `i` ends (spaces before it), or the reply's end; undefined when more follows. */
function fenceEnd(text: string, i: number): number | undefined {
  let k = i;
  while (k < text.length && isSpace(text[k])) k++;
  if (k >= text.length) return text.length;
  return text.startsWith('```', k) ? k + 3 : undefined;
}

/** Why a ChatGLM3 call to `name` cannot be read, from its arguments' reading. */
function chatGlmError(name: string, args: ReturnType<typeof readArguments>): JsonMendError {
  const why = typeof args === 'object' && 'positional' in args ? 'has an argument without its keyword; write each argument as keyword=value'
    : typeof args === 'object' ? 'has text after its tool_call(…) in its fence' : 'is cut off: its arguments never end';
  return new JsonMendError('UNREPAIRABLE', `the call to "${name}" (pythonic) ${why}`);
}

/**
 * The tokens a pythonic list of calls follows (Llama 4's, LFM2's; Gemma's call token, which a Gemma 3
 * prompted for Python lists writes before one, `<|tool_call>call:[f(x=1)]`): the markup says calls come.
 */
const CALL_TOKENS = ['<|python_start|>', '<|tool_call_start|>', '<|tool_call>call:', '<|tool_call>'];

/** Whether a call to a known tool (`NAME(` or Gemini's `print(default_api.NAME(`) starts at `i`. */
function gluedCallAt(text: string, i: number, known: (name: string) => boolean): boolean {
  let call = callNameAt(text, i);
  if (call === undefined) return false;
  if (call.name === 'print' && text[call.end] === '(') {
    const printed = callNameAt(text, call.end + 1);
    if (printed === undefined || !printed.name.startsWith(DEFAULT_API)) return false;
    call = { name: printed.name.slice(DEFAULT_API.length), end: printed.end };
  } else if (call.name.startsWith(DEFAULT_API)) {
    call = { name: call.name.slice(DEFAULT_API.length), end: call.end };
  }
  return text[call.end] === '(' && known(call.name);
}

/** Any name: after a call token, every call is one (see findPythonicCalls). */
const anyName = (): boolean => true;

/** Whether a call token stands right before `at` (spaces between). */
function afterCallToken(text: string, at: number): boolean {
  let k = at;
  while (k > 0 && isSpace(text[k - 1])) k--;
  return CALL_TOKENS.some((token) => text.endsWith(token, k));
}

/** The known tool whose call, `NAME(`, starts at `i` (past spaces), else undefined. */
function knownCallAt(text: string, i: number, known: (name: string) => boolean): string | undefined {
  while (i < text.length && isSpace(text[i])) i++;
  const call = callNameAt(text, i);
  return call !== undefined && text[call.end] === '(' && known(call.name) ? call.name : undefined;
}

/** The name (a dotted one too) that starts at `i` and where it ends, else undefined. */
function callNameAt(text: string, i: number): { name: string; end: number } | undefined {
  if (!NAME_START.test(text[i] ?? '')) return undefined;
  let end = i + 1;
  while (end < text.length && NAME_PART.test(text[end])) end++;
  return { name: text.slice(i, end), end };
}

/**
 * `get_weather(location="Paris")`: a reply that is nothing but calls to known tools, one per line and
 * no list around them. Prose that starts with a tool's name (`search(q) finds it.`) reads as no call;
 * a reply that ends inside a call's arguments is that call cut off.
 */
function wholeReplyCalls(text: string, taken: Taken, known: (name: string) => boolean, quotes: QuoteLook): PythonicList | undefined {
  // After what was read already (other calls, reasoning the prompt opened) and a reasoning block: the
  // rest of the reply.
  let start = 0;
  for (;;) {
    while (start < text.length && isSpace(text[start])) start++;
    const rangeEnd = taken.endOfRangeAt(start);
    const tag = rangeEnd < 0 ? DEFAULT_REASONING_TAGS.find((t) => text.startsWith(`<${t}>`, start)) : undefined;
    if (rangeEnd >= 0) start = rangeEnd;
    else if (tag !== undefined) {
      const close = text.indexOf(`</${tag}>`, start);
      if (close < 0) return undefined;
      start = close + tag.length + 3;
    } else break;
  }
  if (start >= text.length || !NAME_START.test(text[start])) return undefined;
  const list = readCalls(text, start, start, WHOLE_REPLY, known, true, quotes);
  if (typeof list === 'number') {
    // Lines of calls, then a line that starts with a call to a known tool and does not read as calls
    // (`print(default_api.f(…)))print(…)`, glued and broken): the calls before it would be lost with
    // it, without a word. The line is the error.
    const lineStart = text.lastIndexOf('\n', Math.min(list, text.length - 1)) + 1;
    let k = lineStart;
    while (k < text.length && (text[k] === ' ' || text[k] === '\t')) k++;
    if (lineStart > start && gluedCallAt(text, k, known)) {
      let line = 1;
      for (let j = text.indexOf('\n'); j >= 0 && j < lineStart; j = text.indexOf('\n', j + 1)) line++;
      throw new JsonMendError('UNREPAIRABLE', `the pythonic calls at line ${line} cannot be read: the line starts with a call, then does not go on as calls (one call per line, each closed)`);
    }
    return undefined;
  }
  return list.positional !== undefined || list.end !== text.length ? undefined : list;
}

/**
 * Calls standing apart in prose: a paragraph (the reply's start or a blank line before it, a blank line
 * or the end after it) that is nothing but calls to known tools, one per line, as a whole reply of them
 * is (see wholeReplyCalls): `Sure.⏎⏎get_weather({"city": "Paris"})` (Mistral's call with its
 * `[TOOL_CALLS]` lost) or `get_weather(city="Paris")`. A call in a paragraph with prose (`Call it
 * so:⏎get_weather(…)`), or in a fence (`code`: an example), is prose. Each paragraph is read once, on
 * its own: linear in the reply.
 */
function standingCalls(text: string, taken: Taken, known: (name: string) => boolean, code: RangeSet | undefined): PythonicList[] {
  const found: PythonicList[] = [];
  for (const [start, end] of paragraphs(text)) {
    let k = start;
    while (k < end && isSpace(text[k])) k++;
    if (k < end && !taken.overlaps(k, end) && !(code?.overlaps(k, end) ?? false) && knownCallAt(text, k, known) !== undefined) {
      // The paragraph on its own, its end the text's: calls that run past it do not read.
      const paragraph = text.slice(k, end);
      let list: PythonicList | number | undefined;
      try {
        list = readCalls(paragraph, 0, 0, WHOLE_REPLY, known, true, newQuoteLook());
      } catch (error) {
        // Cut off by the reply's end: the call cut off. At a blank line, the rest of the reply is not its arguments.
        if (end === text.length) throw error;
        list = undefined;
      }
      if (typeof list === 'object' && list.positional === undefined && list.end === paragraph.length) found.push({ ...list, start: k, end });
    }
  }
  return found;
}

/** Llama 3.1's built-in tool call, `NAME.call(`, up to its `(` (no backtracking: one name, fixed words). */
const BUILTIN_CALL = /^\s*([A-Za-z_]\w{0,127})\s*\.\s*call\s*\(/;

/**
 * The call after Llama 3.1's `<|python_tag|>` when it is a built-in tool's,
 * `brave_search.call(query="…")` or `python.call(code="…")`: its keyword arguments, read as a
 * pythonic call's; undefined when the body is no such call (JSON, as custom tools are written).
 * @throws JsonMendError `UNREPAIRABLE` for a call cut off, or with an argument without its keyword
 */
export function builtinCall(body: string): PythonicCall | undefined {
  const m = BUILTIN_CALL.exec(body);
  if (m === null) return undefined;
  const name = m[1];
  const args = readArguments(body, m[0].length, newQuoteLook());
  if (args === body.length) throw new JsonMendError('UNREPAIRABLE', `the call to "${name}" (llama) is cut off: its arguments never end`);
  if (typeof args === 'number') return undefined;
  if ('positional' in args) throw new JsonMendError('UNREPAIRABLE', `the call to "${name}" (llama) has an argument without its keyword; write each argument as keyword=value`);
  if (body.slice(args.end).trim() !== '') return undefined;
  return pythonicCall(name, args);
}

/** A call's arguments object: each keyword's value read as the tolerant parser reads a Python literal. */
export function pythonicArguments(call: PythonicCall, ctx: ReadContext): { value: Record<string, unknown>; repairs: Repair[] } {
  const value: Record<string, unknown> = {};
  const repairs: Repair[] = [];
  if (call.object !== undefined) return objectArguments(call.name, call.object, ctx);
  for (const [key, text] of call.args) {
    let read: unknown;
    try {
      // As a member's value, which it is: a lone `'text'` or `3` is a value there, not prose, and a
      // quote the text holds unescaped (`'sed -n '1,5p' a.py'`) is read as a value string's is.
      const member = readToolArguments(`{"v": ${text}}`, { ...ctx.parseOptions, onRepair: (r) => appendAll(repairs, r) }) as Record<string, unknown>;
      // Read as more than the one value (`q="a", "b": 1`): part of it would be dropped.
      const keys = member !== null && typeof member === 'object' && !Array.isArray(member) ? Object.keys(member) : [];
      if (keys.length !== 1 || keys[0] !== 'v') throw new JsonMendError('UNREPAIRABLE', 'it does not read as one value');
      read = member.v;
    } catch (error) {
      if (error instanceof JsonMendError) {
        throw new JsonMendError(error.code, `the argument ${key} of the call to "${call.name}" (pythonic): ${error.message}`);
      }
      throw error;
    }
    // An own data property: a keyword such as __proto__ cannot reach the prototype.
    Object.defineProperty(value, key, { value: read, enumerable: true, writable: true, configurable: true });
  }
  return { value, repairs };
}

/** The arguments of a call written `NAME({…})` (see PythonicCall.object): the object, read as JSON or a Python dict. */
function objectArguments(name: string, text: string, ctx: ReadContext): { value: Record<string, unknown>; repairs: Repair[] } {
  let repairs: Repair[] = [];
  let value: unknown;
  try {
    value = readToolArguments(text, { ...ctx.parseOptions, onRepair: (r) => (repairs = [...r]) });
  } catch (error) {
    if (error instanceof JsonMendError) throw new JsonMendError(error.code, `the arguments of the call to "${name}" (pythonic): ${error.message}`);
    throw error;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new JsonMendError('UNREPAIRABLE', `the arguments of the call to "${name}" (pythonic) do not read as one object`);
  }
  return { value: value as Record<string, unknown>, repairs };
}
