// The structural pass: one left-to-right scan that finds code fences, answer tags and reasoning blocks
// and nests them into a small tree of regions. Nothing here looks at JSON; the gaps between regions
// are prose, scanned later for balanced brackets. Linear: every line is split once, every `<` is
// examined once with a bounded look-ahead, and the scan never moves backwards.
import { IMPLIED_CHANNEL, STRIPPED_HARMONY, reasoningChannel } from './channels.js';
import { LT_TOKENS, LT_TOKEN_SECOND, SearchedTokens, type ChannelToken } from './channel-tokens.js';
import { replyEnd } from './end-tokens.js';
import { atLineStart, isIdentChar, isLetter, isWs, lostKeyQuoteColon, skipWs, trimEnd } from './chars.js';
import { inlineFenceLineEnd, isValueFenceAt, valueFenceEnd } from './value-fence.js';
// Character codes are module-local: imported constants are not folded by V8, and these are hot loops.
const APOS = 0x27;
const BACKSLASH = 0x5c;
const BACKTICK = 0x60;
const COLON = 0x3a;
const COMMA = 0x2c;
const GT = 0x3e;
const LBRACE = 0x7b;
const LBRACK = 0x5b;
const LF = 0x0a;
const LT = 0x3c;
const QUOTE = 0x22;
const RBRACE = 0x7d;
const RBRACK = 0x5d;
const RPAREN = 0x29;
const SLASH = 0x2f;
const SPACE = 0x20;
const TAB = 0x09;
const TILDE = 0x7e;

/** What a region is. `root` is the whole text; `comment` an HTML comment (`<!-- … -->`), a leaf. */
export type RegionKind = 'root' | 'reasoning' | 'tag' | 'fence' | 'comment';

/** A span of the text with a known role, and the regions nested in its content. */
export interface Region {
  kind: RegionKind;
  /** Tag name, lower-cased (reasoning and tag regions). */
  name: string | undefined;
  /** Fence info string's first word, lower-cased. */
  language: string | undefined;
  /** Where the opener starts. */
  start: number;
  contentStart: number;
  contentEnd: number;
  /** Just past the closer (or `contentEnd` when there was none). */
  end: number;
  /** The region never closed (runs to the end of the text or of its container). */
  truncated: boolean;
  /** A reasoning region implied by a closer such as `</think>` with no opener: it starts at 0. */
  implied: boolean;
  children: Region[];
}

/** The tag names the pass recognises, lower-cased. */
export interface TagNames {
  answer: ReadonlySet<string>;
  reasoning: ReadonlySet<string>;
}

/** Longest tag name looked at; configured names are short words. */
const NAME_LIMIT = 40;
/** Longest `<tag attributes>` looked at before deciding it is not a tag. */
const TAG_LIMIT = 1024;

function region(kind: RegionKind, name: string | undefined, start: number, contentStart: number): Region {
  return { kind, name, language: undefined, start, contentStart, contentEnd: contentStart, end: contentStart, truncated: false, implied: false, children: [] };
}

interface TagToken {
  close: boolean;
  name: string;
  end: number;
}

/** Where a reply that starts as gpt-oss's stripped analysis channel reaches its final one (channels.ts), or -1. */
function strippedHarmonyFinal(text: string, n: number): number {
  const start = skipWs(text, 0, n);
  if (!text.startsWith(STRIPPED_HARMONY.start, start)) return -1;
  const at = text.lastIndexOf(STRIPPED_HARMONY.final, n - STRIPPED_HARMONY.final.length);
  return at > start ? at : -1;
}

/** Whether a region named `name` holds reasoning. */
function isReasoningName(name: string, names: TagNames): boolean {
  return names.reasoning.has(name) || reasoningChannel(name) !== undefined;
}

/** A configured tag opener or closer at `i` (where `text[i] === '<'`), or a channel token; else null. Bounded look-ahead. */
function matchTag(text: string, i: number, n: number, names: TagNames): TagToken | null {
  let j = i + 1;
  if (LT_TOKEN_SECOND.has(text.charCodeAt(j))) {
    for (const { token, close, name } of LT_TOKENS) if (text.startsWith(token, i)) return { close, name, end: i + token.length };
  }
  const close = j < n && text.charCodeAt(j) === SLASH;
  if (close) j++;
  const nameStart = j;
  if (j >= n || !isLetter(text.charCodeAt(j))) return null;
  while (j < n && (isIdentChar(text.charCodeAt(j)) || text.charCodeAt(j) === 0x2d || text.charCodeAt(j) === 0x3a)) {
    if (j - nameStart >= NAME_LIMIT) return null;
    j++;
  }
  const name = text.slice(nameStart, j).toLowerCase();
  if (!names.answer.has(name) && !names.reasoning.has(name)) return null;
  if (close) {
    const k = skipWs(text, j, Math.min(n, j + 16));
    return k < n && text.charCodeAt(k) === GT ? { close, name, end: k + 1 } : null;
  }
  if (j >= n) return null;
  const c = text.charCodeAt(j);
  if (c === GT) return { close, name, end: j + 1 };
  if (!isWs(c) && c !== SLASH) return null;
  // Attributes: up to the next `>` outside a quoted value (`x='>'`), bounded, and never across
  // another `<` outside quotes.
  const limit = Math.min(n, j + TAG_LIMIT);
  for (let k = j; k < limit; k++) {
    const d = text.charCodeAt(k);
    if (d === QUOTE || d === APOS) {
      // A bounded loop, not indexOf: an unclosed quote must not send every tag scan to the text's end.
      let q = k + 1;
      while (q < limit && text.charCodeAt(q) !== d) q++;
      if (q >= limit) return null;
      k = q;
      continue;
    }
    if (d === LT) return null;
    if (d === GT) return text.charCodeAt(k - 1) === SLASH ? null : { close, name, end: k + 1 };
  }
  return null;
}

/** An opening fence line, as found. */
interface FenceOpen {
  char: number;
  len: number;
  start: number;
  language: string | undefined;
  contentStart: number;
  /** First index to look for the closing fence from. */
  bodyStart: number;
  /** Set when opener, content and closer share one line. */
  oneLine: { contentEnd: number; end: number } | undefined;
}

/** Splits an info string into language (first word) and where JSON starts on the same line, if it does. */
export function readInfo(text: string, s: number, e: number): { language: string | undefined; jsonAt: number } {
  const c = text.charCodeAt(s);
  if (s >= e) return { language: undefined, jsonAt: -1 };
  if (c === LBRACE || c === LBRACK) return { language: undefined, jsonAt: s };
  let w = s;
  while (w < e && !isWs(text.charCodeAt(w)) && text.charCodeAt(w) !== LBRACE && text.charCodeAt(w) !== LBRACK) w++;
  let word = text.slice(s, w).toLowerCase();
  if (word.startsWith('.')) word = word.slice(1);
  const r = skipWs(text, w, e);
  const d = text.charCodeAt(r);
  return { language: word === '' ? undefined : word, jsonAt: r < e && (d === LBRACE || d === LBRACK) ? r : -1 };
}

/**
 * A fence opener whose run of backticks or tildes starts at `p`: at a line start (only indentation
 * before it), or a backtick fence that ends a prose line (`Here it is: ```json`).
 */
function openFenceAt(text: string, p: number, n: number, lineStart: boolean): FenceOpen | null {
  const ch = text.charCodeAt(p);
  if (ch !== BACKTICK && ch !== TILDE) return null;
  let q = p;
  while (q < n && text.charCodeAt(q) === ch) q++;
  const len = q - p;
  if (len < 3) return null;
  if (!lineStart) {
    // "Here it is: ```json⏎" — only a single short word may follow, then the line must end.
    if (ch !== BACKTICK) return null;
    const e = inlineFenceLineEnd(text, q, n);
    if (e < 0) return null;
    const word = text.slice(q, trimEnd(text, q, e)).toLowerCase();
    return { char: ch, len, start: p, language: word === '' ? undefined : word, contentStart: e + 1, bodyStart: e + 1, oneLine: undefined };
  }
  let le = text.indexOf('\n', q);
  if (le < 0) le = n;
  const te = trimEnd(text, q, le);
  const infoStart = skipWs(text, q, te);
  if (ch === BACKTICK) {
    const tick = text.indexOf('`', infoStart);
    if (tick >= 0 && tick < te) {
      // Backticks in the info string: either ```json {...}``` on one line, or inline code, not a fence.
      let r = te;
      while (r > infoStart && text.charCodeAt(r - 1) === BACKTICK) r--;
      if (te - r < len || tick < r) return null;
      const info = readInfo(text, infoStart, r);
      const cs = info.jsonAt >= 0 ? info.jsonAt : skipWs(text, infoStart, r);
      const contentStart = info.jsonAt >= 0 ? cs : r;
      return { char: ch, len, start: p, language: info.language, contentStart, bodyStart: te, oneLine: { contentEnd: r, end: te } };
    }
  }
  const info = readInfo(text, infoStart, te);
  const next = le < n ? le + 1 : n;
  return { char: ch, len, start: p, language: info.language, contentStart: info.jsonAt >= 0 ? info.jsonAt : next, bodyStart: next, oneLine: undefined };
}

function isCloser(c: number): boolean {
  return c === RBRACK || c === RBRACE || c === RPAREN;
}

/** How far back a tag looks for the string it may sit in. */
const STRING_LOOKBACK = 1000;

/**
 * Does the tag at `i` sit inside a JSON string (`{"html": "</answer>"}`, `"note": "<think>"`,
 * `{'note': '</think>'}`, `"text": "line1⏎</think> more"`)? Read forward from the first line that
 * starts within the look-back (none when the tag's own line is longer): prose until a `{` or `[`, or a
 * line that starts with a quote as the members of pretty-printed JSON do; then a value, whose strings
 * are `"…"` or `'…'` after `{ [ , :`, may run over line breaks, and hold brackets; the value ends when
 * its brackets close, and quotes in prose do not count (`The 5" screen: <answer>`). Bounded, so the
 * pass stays linear; a tag with no line start within the look-back counts as a tag.
 */
function insideJsonString(text: string, i: number, mustEnd = false): boolean {
  let s = 0;
  if (i > STRING_LOOKBACK) {
    // A loop, not indexOf: on a text with no line break that would search to its end from every tag.
    s = i - STRING_LOOKBACK;
    while (s < i && text.charCodeAt(s - 1) !== LF) s++;
    if (s >= i) return false; // the tag's line is longer than the look-back
  }
  let depth = 0; // 0: prose
  let quote = 0; // the quote of the string open, or 0
  let opened = -1; // where it opened
  let key = false; // whether it opened where a key does (after `{` or `,`)
  let last = LF; // the last character outside strings that is not white space (a line start reads as LF)
  const ends = new LaterEnds();
  for (let k = s; k < i; k++) {
    const c = text.charCodeAt(k);
    if (quote !== 0) {
      if (c === BACKSLASH) k++;
      else if (c === quote) {
        // `[{"s:{"b": "<think>x</think>"}}]`, `{"name: "Ann", "note": "<b>"}`: a quote that text, not
        // a delimiter, follows is one the model did not escape, or the end of a key that lost its own;
        // the string ends at a later quote on the line that a delimiter follows, as the prose scan
        // reads it (balanced.ts, StringEnds). Closed here, every string after it was read inside out,
        // and a tag in one was taken for markup: the value was cut there, the rest lost.
        if (textFollows(text, k + 1)) {
          // `{"user: {"id": 6}, "msg": "<think>"}`: a key that lost its closing quote ends at its
          // colon, as the parser reads it; the value's `{` after it is the value's.
          const colon = key && quote === QUOTE ? lostKeyQuoteColon(text, opened, k, Math.min(text.length, k + STRING_LOOKBACK)) : -1;
          if (colon >= 0) {
            k = colon;
            quote = 0;
            last = COLON;
            continue;
          }
          const end = ends.at(text, k, quote);
          if (end >= i) return true;
          k = end;
        }
        quote = 0;
        last = c;
      }
      continue;
    }
    if (isWs(c) && c !== LF) continue;
    if (depth === 0) {
      if (c === LBRACE || c === LBRACK) depth = 1;
      else if (c === QUOTE && last === LF) {
        depth = 1; // a member line of pretty-printed JSON
        quote = c;
        opened = k;
      }
    } else if (c === QUOTE || (c === APOS && (last === LBRACE || last === LBRACK || last === COMMA || last === COLON))) {
      quote = c;
      opened = k;
      key = last === LBRACE || last === COMMA;
    }
    else if (c === LBRACE || c === LBRACK) depth++;
    else if (c === RBRACE || c === RBRACK) depth--;
    if (c !== LF || depth === 0) last = c;
  }
  if (quote === 0) return false;
  // A string that opened on an earlier line must be seen to end as a JSON string does: a draft in
  // reasoning with an odd quote (`{"a": "b⏎</think>⏎{"a": "c"}`) holds no string the closer is in.
  // So must one on the closer's line, for the closer of an open reasoning block (`mustEnd`): a draft
  // cut off in a string (`<think>{"b</think> Here: <answer>[…]</answer>`) kept the block open to the
  // reply's end, and the answer became the draft's text (a key holding it) or NO_JSON.
  return (!mustEnd && text.lastIndexOf('\n', i - 1) < opened) || stringEndsAhead(text, i, quote); // (the line starts at or after s)
}

/**
 * Whether text follows the closing quote just before `k` on its line: no delimiter, bracket or line
 * end, nor a closing tag (`<answer>{"a": "x y"</answer>`: the value lost its closers, and the quote
 * ends its string before the tag's closer, as the stream reads it).
 */
function textFollows(text: string, k: number): boolean {
  const stop = Math.min(text.length, k + 64);
  while (k < stop && (text.charCodeAt(k) === SPACE || text.charCodeAt(k) === TAB)) k++;
  if (k >= stop) return false;
  const c = text.charCodeAt(k);
  if (c === LT && text.charCodeAt(k + 1) === SLASH) return false;
  return !(c === LF || c === 0x0d || c === COMMA || c === COLON || c === RBRACE || c === RBRACK || c === LBRACE || c === LBRACK);
}

/** Whether past white space from `k` (a bounded look) a value ends: `,` `:` `}` `]` or the text's end. */
function delimiterAfter(text: string, k: number): boolean {
  const n = text.length;
  const j = skipWs(text, k, Math.min(n, k + 64));
  if (j >= n) return true;
  const d = text.charCodeAt(j);
  return d === COMMA || d === COLON || d === RBRACE || d === RBRACK;
}

/**
 * The later end of a string whose closing quote is followed by text (see insideJsonString): the next
 * quote of its kind on the line, within the look-back's length, that a delimiter follows, or the
 * text's end when the reply was cut off on that line; else the first quote after all. Quotes a
 * failed look passed are not looked at again (one per tag), so the look stays linear in the
 * look-back.
 */
class LaterEnds {
  private double = -1;
  private single = -1;

  at(text: string, first: number, quote: number): number {
    const limit = Math.min(text.length, first + STRING_LOOKBACK);
    const seen = quote === QUOTE ? this.double : this.single;
    let k = Math.max(first + 1, seen);
    for (; k < limit; k++) {
      const c = text.charCodeAt(k);
      if (c === LF) break;
      if (c === BACKSLASH) k++;
      else if (c === quote && delimiterAfter(text, k + 1)) return k;
    }
    // `{"s": {"b: "<answer>42`: the reply was cut off on the string's line, inside it.
    if (k >= text.length) return k;
    if (quote === QUOTE) this.double = k;
    else this.single = k;
    return first;
  }
}

/**
 * Whether the string around the tag at `i` ends ahead, within the look-back's length: its next
 * unescaped `quote` is followed (after white space) by `,` `:` `}` `]` or the text's end.
 */
function stringEndsAhead(text: string, i: number, quote: number): boolean {
  const n = text.length;
  const limit = Math.min(n, i + STRING_LOOKBACK);
  for (let k = i; k < limit; k++) {
    const c = text.charCodeAt(k);
    if (c === BACKSLASH) k++;
    else if (c === quote) {
      const j = skipWs(text, k + 1, limit);
      if (j >= limit) return limit === n;
      const d = text.charCodeAt(j);
      return d === COMMA || d === COLON || d === RBRACE || d === RBRACK;
    }
  }
  return false;
}

/**
 * Is the tag at `i` (ending at `end`) written in inline code (`` `</think>` ``, `` `<think>…</think>` ``)?
 * Then it is a mention in prose, not markup. True when an odd number of backtick runs stand before it
 * on its line and a backtick follows it there, within the look-back either side, and the code holds
 * no value (`` `<answer>42</answer>` `` is the reply's markup written as code).
 */
function inInlineCode(text: string, i: number, end: number): boolean {
  const floor = Math.max(0, i - STRING_LOOKBACK);
  let runs = 0;
  let open = -1;
  let k = i - 1;
  for (; k >= floor; k--) {
    const c = text.charCodeAt(k);
    if (c === LF) break;
    if (c !== BACKTICK) continue;
    if (open < 0) open = k;
    runs++;
    while (k - 1 >= floor && text.charCodeAt(k - 1) === BACKTICK) k--;
  }
  if (runs % 2 === 0 || (k < floor && floor > 0)) return false;
  const limit = Math.min(text.length, end + STRING_LOOKBACK);
  let close = end;
  while (close < limit && text.charCodeAt(close) !== BACKTICK && text.charCodeAt(close) !== LF) close++;
  if (close >= limit || text.charCodeAt(close) !== BACKTICK) return false;
  for (let j = open + 1; j < close; j++) {
    const c = text.charCodeAt(j);
    if (c === LBRACE || c === LBRACK || c === QUOTE || (c >= 0x30 && c <= 0x39)) return false;
  }
  return true;
}

/**
 * Is the tag at `i` (ending at `end`) mentioned mid-sentence (`Note: no </think> tags were used`,
 * `The model emits <think> tags`)? A word and a space before it, a space and a lower-case word after
 * it. A closer that ends reasoning follows a sentence (`Provide.</think>`, `right. </think>`) or
 * stands on its own line, and the answer after it starts a line, a sentence or a value; an opener
 * starts the reply or a line.
 */
function midSentence(text: string, i: number, end: number): boolean {
  const b = text.charCodeAt(i - 1);
  if (b !== SPACE && b !== TAB) return false;
  let k = i - 1;
  while (k > 0 && (text.charCodeAt(k - 1) === SPACE || text.charCodeAt(k - 1) === TAB)) k--;
  if (k === 0 || !isLetter(text.charCodeAt(k - 1))) return false;
  const a = text.charCodeAt(end);
  if (a !== SPACE && a !== TAB) return false;
  let j = end;
  while (j < text.length && (text.charCodeAt(j) === SPACE || text.charCodeAt(j) === TAB)) j++;
  const w = text.charCodeAt(j);
  return w >= 0x61 && w <= 0x7a;
}

/**
 * A reasoning block (`<think>…</think>`) that opens a fence's content and closes inside it: the
 * model's reasoning, written inside the fence, before the value (```` ```json⏎<think>{"a": 0}</think>⏎{"a": 1}⏎``` ````).
 * The stream skips it as it skips reasoning before a fence; read as the fence's text, its draft was the
 * answer. Only a leading block: further in, a tag may be a JSON string's text. Looked at once per fence.
 */
function leadingReasoning(text: string, fence: Region, names: TagNames): Region | undefined {
  const limit = fence.contentEnd;
  const a = skipWs(text, fence.contentStart, limit);
  if (a >= limit || text.charCodeAt(a) !== LT) return undefined;
  const open = matchTag(text, a, limit, names);
  if (open === null || open.close || !names.reasoning.has(open.name)) return undefined;
  for (let k = text.indexOf('</', open.end); k >= 0 && k < limit; k = text.indexOf('</', k + 2)) {
    const t = matchTag(text, k, limit, names);
    if (t !== null && t.close && t.name === open.name) {
      const node = region('reasoning', open.name, a, open.end);
      node.contentEnd = k;
      node.end = t.end;
      return node;
    }
  }
  return undefined;
}

/** Runs the structural pass over `text`. */
export function scanStructure(text: string, names: TagNames): Region {
  // The end tokens after the reply's last text are no part of it (end-tokens.ts).
  const n = replyEnd(text);
  const root = region('root', undefined, 0, 0);
  root.contentEnd = n;
  root.end = n;
  const stack: Region[] = [root];
  let nextLt = -2; // cached `text.indexOf('<', …)` so fence bodies never rescan for it

  const onStack = (name: string): number => {
    for (let k = stack.length - 1; k >= 1; k--) if (stack[k].name === name) return k;
    return -1;
  };

  const applyTag = (t: TagToken, at: number): void => {
    if (!t.close) {
      if (onStack(t.name) >= 0) return; // `<think>` inside `<think>` is just text
      const node = region(isReasoningName(t.name, names) ? 'reasoning' : 'tag', t.name, at, t.end);
      stack[stack.length - 1].children.push(node);
      stack.push(node);
      return;
    }
    const k = onStack(t.name);
    if (k >= 1) {
      for (let j = stack.length - 1; j > k; j--) {
        stack[j].contentEnd = stack[j].end = at;
        stack[j].truncated = true;
      }
      stack[k].contentEnd = at;
      stack[k].end = t.end;
      stack.length = k;
      return;
    }
    if ((names.reasoning.has(t.name) || t.name === IMPLIED_CHANNEL || t.name === STRIPPED_HARMONY.final) && stack.length === 1) {
      // `</think>` with no opener: the chat template opened it, so everything before is reasoning.
      const first = root.children[0];
      if (first !== undefined && first.implied) {
        for (let j = 1; j < root.children.length; j++) first.children.push(root.children[j]);
        first.contentEnd = at;
        first.end = t.end;
        root.children.length = 1;
      } else {
        const node = region('reasoning', t.name, 0, 0);
        node.implied = true;
        node.contentEnd = at;
        node.end = t.end;
        node.children = root.children;
        root.children = [node];
      }
    }
  };

  // Where the first `}` or `]` is: a closer mentioned mid-sentence is a mention only after a value.
  let firstCloser = -2;
  /** A reasoning closer with nothing open for it, mentioned mid-sentence after a value (midSentence). */
  const mentionedCloser = (t: TagToken, at: number): boolean => {
    if (!t.close || stack.length > 1 || !names.reasoning.has(t.name) || !midSentence(text, at, t.end)) return false;
    if (firstCloser === -2) {
      const a = text.indexOf('}');
      const b = text.indexOf(']');
      firstCloser = a < 0 ? b : b < 0 ? a : Math.min(a, b);
    }
    return firstCloser >= 0 && firstCloser < at;
  };

  // Where the last closer of each reasoning tag stands (`</think>` → its index), found on first need.
  let lastClosers: Map<string, number> | undefined;
  /**
   * A reasoning opener mentioned mid-sentence (`The model emits <think> tags before answering.`):
   * written after words on its line and before a lower-case word (midSentence), with no closer of its
   * name anywhere after it. Reasoning opens the reply or a line; a block opened mid-sentence ran to the
   * reply's end and made the answer after it a draft. Where a closer follows, the opener opens the
   * block as before, so a draft between the two never becomes the answer.
   */
  const mentionedOpener = (t: TagToken, at: number): boolean => {
    if (t.close || !names.reasoning.has(t.name) || !midSentence(text, at, t.end)) return false;
    if (lastClosers === undefined) {
      lastClosers = new Map();
      for (let k = text.indexOf('</'); k >= 0 && k < n; k = text.indexOf('</', k + 2)) {
        const c = matchTag(text, k, n, names);
        if (c !== null && c.close) lastClosers.set(c.name, k);
      }
    }
    return (lastClosers.get(t.name) ?? -1) < at;
  };

  /** Scans a fence body for its closer; returns where the main scan resumes. */
  const runFence = (f: FenceOpen): number => {
    const node = region('fence', undefined, f.start, f.contentStart);
    node.language = f.language;
    stack[stack.length - 1].children.push(node);
    if (f.oneLine) {
      node.contentEnd = f.oneLine.contentEnd;
      node.end = f.oneLine.end;
      return node.end;
    }
    // Jump from one run of the fence character to the next: a run closes the fence when at least as
    // long as the opener's and only whitespace follows it on its line — alone on its line
    // (CommonMark) or right after the last value (`}```` as models write).
    const runText = f.char === BACKTICK ? '```' : '~~~';
    let pos = f.bodyStart;
    for (;;) {
      let k = pos < n ? text.indexOf(runText, pos) : -1;
      if (k < 0) k = n;
      // A closer of an enclosing tag, or of a reasoning block, ends a fence that forgot to close.
      if (nextLt !== -1 && nextLt < pos) nextLt = text.indexOf('<', pos);
      while (nextLt !== -1 && nextLt < k) {
        const t = matchTag(text, nextLt, n, names);
        // Only a closer of a block that is open: a stray `</think>` in a fence is content (a JSON
        // string may hold one), not the end of a reasoning block opened by the chat template.
        if (t !== null && t.close && onStack(t.name) >= 0) {
          let r = trimEnd(text, f.contentStart, nextLt);
          const runEnd = r;
          while (r > f.contentStart && text.charCodeAt(r - 1) === f.char) r--;
          if (runEnd - r >= f.len) node.contentEnd = r;
          else {
            node.contentEnd = nextLt;
            node.truncated = true;
          }
          node.end = nextLt;
          return nextLt;
        }
        nextLt = text.indexOf('<', nextLt + 1);
      }
      if (k >= n) break;
      if (f.char === BACKTICK && isValueFenceAt(text, k)) {
        // `"code": ```py … ```` inside the fenced answer: a value of the JSON, not this fence's end.
        pos = valueFenceEnd(text, k, n);
        continue;
      }
      let runEnd = k + 3;
      while (runEnd < n && text.charCodeAt(runEnd) === f.char) runEnd++;
      // Closers of the brackets a fence was written in may follow the run (`[```json … ```]`).
      let e = runEnd;
      while (e < n && text.charCodeAt(e) !== LF && (isWs(text.charCodeAt(e)) || isCloser(text.charCodeAt(e)))) e++;
      if (runEnd - k >= f.len && (e >= n || text.charCodeAt(e) === LF)) {
        node.contentEnd = k;
        node.end = runEnd;
        return runEnd;
      }
      pos = runEnd;
    }
    node.contentEnd = node.end = n;
    node.truncated = true;
    return n;
  };

  // Where the next `-->` stands (-1: none after the last search), so that many `<!--` with no closer
  // search the text once, not each to its end. One inside a JSON string (`<!-- {"a": "b --> c"} -->`)
  // is text, as a reasoning closer there is (insideJsonString, the same rule).
  let commentClose = -2;
  const nextCommentClose = (from: number): number => {
    let k = text.indexOf('-->', from);
    while (k >= 0 && k < n && insideJsonString(text, k)) k = text.indexOf('-->', k + 3);
    return k >= n ? -1 : k;
  };
  /**
   * An HTML comment opened at `i` (`<!-- … -->`): Markdown's way to leave a note or a commented-out
   * draft in a reply, which a reader never sees. A leaf region up to the first `-->` outside a JSON
   * string (nothing inside is structure). One with no `-->` runs to the reply's end (a reply cut off in
   * it) only when it starts a line; mid-line with no closer it is a mention (`Use <!-- for notes`).
   * Not in a JSON string or inline code. Returns where the scan resumes.
   */
  const comment = (i: number): number => {
    if (insideJsonString(text, i) || inInlineCode(text, i, i + 4)) return i + 4;
    if (commentClose !== -1 && commentClose < i + 4) {
      commentClose = nextCommentClose(i + 4);
    }
    if (commentClose < 0 && !atLineStart(text, i)) return i + 4;
    const node = region('comment', undefined, i, i + 4);
    node.contentEnd = commentClose < 0 ? n : commentClose;
    node.end = commentClose < 0 ? n : commentClose + 3;
    node.truncated = commentClose < 0;
    stack[stack.length - 1].children.push(node);
    return node.end;
  };

  // Only `<`, backticks and tildes can start structure; jump between them with indexOf, each cached
  // position refreshed only once the scan has passed it, so the whole pass stays linear.
  let nextTick = -2;
  let nextTilde = -2;
  // Channel tokens that start with no `<` (`[THINK]`) are found with searches of their own.
  const searches = SearchedTokens.of(text);
  let searchedAt = -2;
  let searchedToken: ChannelToken | undefined;
  let strippedFinal = strippedHarmonyFinal(text, n);
  let i = 0;
  while (i < n) {
    if (nextLt !== -1 && nextLt < i) nextLt = text.indexOf('<', i);
    if (nextTick !== -1 && nextTick < i) nextTick = text.indexOf('`', i);
    if (nextTilde !== -1 && nextTilde < i) nextTilde = text.indexOf('~', i);
    let j = n;
    if (nextLt !== -1 && nextLt < j) j = nextLt;
    if (nextTick !== -1 && nextTick < j) j = nextTick;
    if (nextTilde !== -1 && nextTilde < j) j = nextTilde;
    if (searchedAt !== -1 && searchedAt < i) {
      searchedAt = searches === undefined ? -1 : searches.next(i);
      searchedToken = searches?.token;
    }
    const searched = searchedAt !== -1 && searchedAt < j;
    if (searched) j = searchedAt;
    if (strippedFinal >= i && strippedFinal < j) {
      const end = strippedFinal + STRIPPED_HARMONY.final.length;
      applyTag({ close: true, name: STRIPPED_HARMONY.final, end }, strippedFinal);
      strippedFinal = -1;
      i = end;
      continue;
    }
    if (j >= n) break;
    i = j;
    if (searched && searchedToken !== undefined) {
      const { token, close, name } = searchedToken;
      if (!insideJsonString(text, i) && !inInlineCode(text, i, i + token.length)) applyTag({ close, name, end: i + token.length }, i);
      i += token.length;
      continue;
    }
    const c = text.charCodeAt(i);
    if (c === LT && text.startsWith('<!--', i)) {
      i = comment(i);
      continue;
    }
    if (c === LT) {
      const t = matchTag(text, i, n, names);
      // The closer of an open reasoning block: a string around it must be seen to end (see insideJsonString).
      const closesReasoning = t !== null && t.close && names.reasoning.has(t.name) && onStack(t.name) >= 0;
      if (t !== null && !insideJsonString(text, i, closesReasoning) && !inInlineCode(text, i, t.end) && !mentionedCloser(t, i) && !mentionedOpener(t, i)) {
        applyTag(t, i);
        i = t.end;
      } else i++;
      continue;
    }
    if (c === BACKTICK && isValueFenceAt(text, i)) {
      // A code block written as a value (`"code": ```py`): part of the JSON around it, not a region.
      i = valueFenceEnd(text, i, n);
      continue;
    }
    const f = openFenceAt(text, i, n, atLineStart(text, i));
    if (f !== null) {
      i = runFence(f);
      const fence = stack[stack.length - 1].children.at(-1)!;
      const lead = leadingReasoning(text, fence, names);
      if (lead !== undefined) fence.children.push(lead);
    }
    else while (i < n && text.charCodeAt(i) === c) i++; // a run is judged once
  }
  for (let j = stack.length - 1; j >= 1; j--) {
    stack[j].contentEnd = stack[j].end = n;
    stack[j].truncated = true;
  }
  return root;
}
