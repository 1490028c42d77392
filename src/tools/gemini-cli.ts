// Gemini CLI's notation for a call in its system prompt's examples, `[tool_call: read_file for
// absolute_path '/path/to/requirements.txt']`, which models under that prompt (Gemini CLI, its forks
// easy-llm-cli and Qwen Code) write as text when they do not call the tool (easy-llm-cli #57). Read
// only when NAME is one of the tools and its arguments are KEY 'VALUE' pairs; the examples' other
// forms are words (`for 'node server.js &' because it must run in the background`, `to apply the
// refactoring to 'src/auth.py'`), which name the tool but no argument: an error, not a guess.
import type { Taken } from './ranges.js';

const OPENER = '[tool_call:';

/** How long a tool's name or a key may be: looks stay bounded. */
const NAME_LIMIT = 128;

/** One `[tool_call: …]` naming a tool, found in a reply. */
export interface WordsCall {
  name: string;
  /** The arguments, each value the text between its quotes; undefined when they are no KEY 'VALUE' pairs (words). */
  args: Record<string, string> | undefined;
  /** Where the `[tool_call:` starts, and where its `]` ends it (the line's end for words). */
  start: number;
  end: number;
  /** The reply ended inside it, before its `]`. */
  cut?: true;
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

function isWordStart(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

function isWordChar(c: number): boolean {
  return isWordStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d;
}

/** Past the spaces and tabs from `i`. */
function skipBlanks(text: string, i: number): number {
  let k = i;
  while (k < text.length && isBlank(text.charCodeAt(k))) k++;
  return k;
}

/** The word (name characters) at `i`, bounded by NAME_LIMIT: its end, or `i` when none starts there. */
function wordEnd(text: string, i: number, extra = ''): number {
  if (i >= text.length || !isWordStart(text.charCodeAt(i))) return i;
  let k = i + 1;
  while (k < text.length && k - i < NAME_LIMIT && (isWordChar(text.charCodeAt(k)) || extra.includes(text.charAt(k)))) k++;
  return k;
}

/** Whether a pair's key starts at `i`: a word, then `=` or blanks, then a quote. */
function pairAt(text: string, i: number): boolean {
  const end = wordEnd(text, i);
  if (end === i) return false;
  let k = skipBlanks(text, end);
  if (text.charCodeAt(k) === 0x3d) k = skipBlanks(text, k + 1);
  else if (k === end) return false;
  const q = text.charCodeAt(k);
  return q === 0x27 || q === 0x22;
}

/**
 * Whether the quote at `i` closes a value: after it (past blanks) comes `]`, `,`, `and` and a pair, or
 * another pair (`'it's fine'`: the `'` after `it` is followed by no pair).
 */
function closesValue(text: string, i: number): boolean {
  let k = skipBlanks(text, i + 1);
  const c = text.charCodeAt(k);
  if (c === 0x5d || c === 0x2c) return true;
  if (k === i + 1) return false;
  if (text.startsWith('and', k) && isBlank(text.charCodeAt(k + 3))) k = skipBlanks(text, k + 3);
  return pairAt(text, k);
}

/**
 * The pairs from `i` (after `for`) up to the `]` that ends them, on one line; else how they fail
 * (`words`: the text there is no such pairs; `cut`: the line or the text ends first) and how far the
 * reading got.
 */
function readPairs(text: string, i: number, lineEnd: number): { args: Record<string, string>; end: number } | { fail: 'words' | 'cut'; at: number } {
  const args: Record<string, string> = {};
  let k = skipBlanks(text, i);
  const fail = (at: number) => ({ fail: at >= lineEnd ? 'cut' as const : 'words' as const, at: Math.max(at, i) });
  for (;;) {
    const keyEnd = wordEnd(text, k);
    if (keyEnd === k) return fail(k);
    const key = text.slice(k, keyEnd);
    k = skipBlanks(text, keyEnd);
    if (text.charCodeAt(k) === 0x3d) k = skipBlanks(text, k + 1);
    else if (k === keyEnd) return fail(k);
    const q = text.charCodeAt(k);
    if (q !== 0x27 && q !== 0x22) return fail(k);
    let close = k + 1;
    for (;;) {
      close = text.indexOf(String.fromCharCode(q), close);
      if (close < 0 || close >= lineEnd) return fail(lineEnd);
      if (closesValue(text, close)) break;
      close++;
    }
    if (Object.hasOwn(args, key)) return { fail: 'words', at: close };
    Object.defineProperty(args, key, { value: text.slice(k + 1, close), enumerable: true, writable: true, configurable: true });
    k = skipBlanks(text, close + 1);
    const c = text.charCodeAt(k);
    if (c === 0x5d) return { args, end: k + 1 };
    if (c === 0x2c) k = skipBlanks(text, k + 1);
    if (text.startsWith('and', k) && isBlank(text.charCodeAt(k + 3))) k = skipBlanks(text, k + 3);
    if (k >= lineEnd) return fail(k);
  }
}

/**
 * Every `[tool_call: NAME …]` whose NAME is a tool (`known`), outside `taken`, in document order: with
 * its KEY 'VALUE' pairs (`KEY='VALUE'` too, `"` quotes too, pairs apart by `,`, `and` or blanks), with
 * none (`[tool_call: NAME]`), or in words (`args` undefined). One in inline code (a backtick before it)
 * is mentioned, not written. Linear: each opener is read once, up to its `]` or its line's end, and
 * the search goes on after what was read.
 */
export function findWordsCalls(text: string, taken: Taken, known: (name: string) => boolean): WordsCall[] {
  const calls: WordsCall[] = [];
  // The next line break at or after the opener being read: searched again only once passed (linear).
  let nl = -2;
  for (let at = text.indexOf(OPENER); at >= 0; at = text.indexOf(OPENER, at + 1)) {
    if (at > 0 && text.charCodeAt(at - 1) === 0x60) continue;
    const nameStart = skipBlanks(text, at + OPENER.length);
    const nameEnd = wordEnd(text, nameStart, ':');
    if (nameEnd === nameStart) continue;
    const name = text.slice(nameStart, nameEnd);
    if (!known(name)) continue;
    if (nl !== -1 && nl < nameEnd) nl = text.indexOf('\n', nameEnd);
    const lineEnd = nl < 0 ? text.length : nl;
    const cut = lineEnd === text.length ? { cut: true as const } : {};
    const k = skipBlanks(text, nameEnd);
    let found: WordsCall;
    // How far the reading got: an opener before it (in a value, or in words already read) starts no call.
    let read: number;
    if (text.charCodeAt(k) === 0x5d) {
      read = k + 1;
      found = { name, args: {}, start: at, end: read };
    } else if (k >= lineEnd) {
      read = lineEnd;
      found = { name, args: undefined, start: at, end: lineEnd, ...cut };
    } else if (text.startsWith('for', k) && isBlank(text.charCodeAt(k + 3))) {
      const pairs = readPairs(text, k + 3, lineEnd);
      read = 'args' in pairs ? pairs.end : pairs.at;
      found = 'args' in pairs ? { name, args: pairs.args, start: at, end: pairs.end } : { name, args: undefined, start: at, end: lineEnd, ...(pairs.fail === 'cut' ? cut : {}) };
    } else {
      read = k;
      found = { name, args: undefined, start: at, end: lineEnd };
    }
    at = Math.max(at, read - 1);
    if (taken.overlaps(found.start, found.end)) continue;
    calls.push(found);
  }
  return calls;
}
