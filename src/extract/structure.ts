// The structural pass: one left-to-right scan that finds code fences, answer tags and reasoning blocks
// and nests them into a small tree of regions. Nothing here looks at JSON; the gaps between regions
// are prose, scanned later for balanced brackets. Linear: every line is split once, every `<` is
// examined once with a bounded look-ahead, and the scan never moves backwards.
import { BACKTICK, GT, LBRACE, LBRACK, LF, LT, SLASH, TAB, SPACE, TILDE, isIdentChar, isLetter, isWs, skipWs, trimEnd } from './chars.js';

/** What a region is. `root` is the whole text. */
export type RegionKind = 'root' | 'reasoning' | 'tag' | 'fence';

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
/** Longest info word of a fence opened in the middle of a line (`Here it is: ```json`). */
const INLINE_INFO_LIMIT = 32;

function region(kind: RegionKind, name: string | undefined, start: number, contentStart: number): Region {
  return { kind, name, language: undefined, start, contentStart, contentEnd: contentStart, end: contentStart, truncated: false, implied: false, children: [] };
}

interface TagToken {
  close: boolean;
  name: string;
  end: number;
}

/** A configured tag opener or closer at `i` (where `text[i] === '<'`), or null. Bounded look-ahead. */
function matchTag(text: string, i: number, n: number, names: TagNames): TagToken | null {
  let j = i + 1;
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
  // Attributes: up to the next `>`, bounded, and never across another `<`.
  const limit = Math.min(n, j + TAG_LIMIT);
  for (let k = j; k < limit; k++) {
    const d = text.charCodeAt(k);
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
function readInfo(text: string, s: number, e: number): { language: string | undefined; jsonAt: number } {
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

/** A fence opener at `i`: at a line start (after indentation), or a backtick fence closing a prose line. */
function openFenceAt(text: string, i: number, n: number, lineStart: boolean): FenceOpen | null {
  let p = i;
  if (lineStart) while (p < n && (text.charCodeAt(p) === SPACE || text.charCodeAt(p) === TAB)) p++;
  const ch = text.charCodeAt(p);
  if (ch !== BACKTICK && ch !== TILDE) return null;
  let q = p;
  while (q < n && text.charCodeAt(q) === ch) q++;
  const len = q - p;
  if (len < 3) return null;
  if (!lineStart) {
    // "Here it is: ```json⏎" — only a single short word may follow, then the line must end.
    if (ch !== BACKTICK) return null;
    let w = q;
    while (w < n && w - q <= INLINE_INFO_LIMIT && (isIdentChar(text.charCodeAt(w)) || text.charCodeAt(w) === 0x2d || text.charCodeAt(w) === 0x2b)) w++;
    let e = w;
    while (e < n && e - w <= INLINE_INFO_LIMIT && (text.charCodeAt(e) === SPACE || text.charCodeAt(e) === TAB || text.charCodeAt(e) === 0x0d)) e++;
    if (e >= n || text.charCodeAt(e) !== LF || w - q > INLINE_INFO_LIMIT) return null;
    const word = text.slice(q, w).toLowerCase();
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

/** Runs the structural pass over `text`. */
export function scanStructure(text: string, names: TagNames): Region {
  const n = text.length;
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
      const node = region(names.reasoning.has(t.name) ? 'reasoning' : 'tag', t.name, at, t.end);
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
    if (names.reasoning.has(t.name) && stack.length === 1) {
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
    let ls = f.bodyStart;
    while (ls < n) {
      let le = text.indexOf('\n', ls);
      if (le < 0) le = n;
      const te = trimEnd(text, ls, le);
      // A closer of an enclosing tag, or of a reasoning block, ends a fence that forgot to close.
      if (nextLt !== -1 && nextLt < ls) nextLt = text.indexOf('<', ls);
      while (nextLt !== -1 && nextLt < te) {
        const t = matchTag(text, nextLt, n, names);
        if (t !== null && t.close && (names.reasoning.has(t.name) || onStack(t.name) >= 0)) {
          let r = trimEnd(text, ls, nextLt);
          const runEnd = r;
          while (r > ls && text.charCodeAt(r - 1) === f.char) r--;
          if (runEnd - r >= f.len) {
            node.contentEnd = r;
          } else {
            node.contentEnd = nextLt;
            node.truncated = true;
          }
          node.end = nextLt;
          return nextLt;
        }
        nextLt = text.indexOf('<', nextLt + 1);
      }
      // Closing fence: the trimmed line ends with a run of the fence character at least as long as
      // the opener — alone on its line (CommonMark) or right after the last value (`}```` models write).
      let r = te;
      while (r > ls && text.charCodeAt(r - 1) === f.char) r--;
      if (te - r >= f.len) {
        node.contentEnd = r;
        node.end = te;
        return te;
      }
      ls = le + 1;
    }
    node.contentEnd = node.end = n;
    node.truncated = true;
    return n;
  };

  let i = 0;
  let lineStart = true;
  while (i < n) {
    if (lineStart) {
      lineStart = false;
      const f = openFenceAt(text, i, n, true);
      if (f !== null) {
        i = runFence(f);
        continue;
      }
    }
    const c = text.charCodeAt(i);
    if (c === LF) {
      lineStart = true;
      i++;
    } else if (c === LT) {
      const t = matchTag(text, i, n, names);
      if (t !== null) {
        applyTag(t, i);
        i = t.end;
      } else i++;
    } else if (c === BACKTICK) {
      const f = openFenceAt(text, i, n, false);
      if (f !== null) i = runFence(f);
      else while (i < n && text.charCodeAt(i) === BACKTICK) i++; // a run is judged once
    } else i++;
  }
  for (let j = stack.length - 1; j >= 1; j--) {
    stack[j].contentEnd = stack[j].end = n;
    stack[j].truncated = true;
  }
  return root;
}
