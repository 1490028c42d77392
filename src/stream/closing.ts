// The closing markup of the span a streamed value sits in: the closer of the tag it follows
// (`</answer>`) or the closing line of its code fence (⏎```). Extraction hands parse that span's
// content, so a string, word or number still being read when the markup comes ends there for parse
// (`<answer>{"a": [1, t</answer>` is `[1, true]`), while the engine, reading on, would take the markup
// for the string's text or end the word at it (`"t</answer>"`). The stream stops its value there.

/** Longest run of spaces or tabs before a closing fence's backticks that is looked for. */
const MAX_FENCE_INDENT = 8;

export interface Closing {
  /** `</answer>` in lower case, or ''. */
  readonly tag: string;
  /** The fence character (`` ` `` or `~`), or 0. */
  readonly fence: number;
}

/**
 * Where, in `text` from `from` on, the first closing markup starts (a complete `</tag>`, any case; or
 * a line break, spaces or tabs, then three fence characters), as `{ at, whole: true }`; else where a
 * tail that may still grow into one starts, as `{ at, whole: false }`; else undefined. Each character
 * is looked at a bounded number of times (a closer's length, MAX_FENCE_INDENT + 3).
 */
export function closingAt(text: string, from: number, closing: Closing): { at: number; whole: boolean } | undefined {
  const found = markupAt(text, from, closing);
  // The spaces before it go with it: the engine would end a word or number at them (`-⏎</answer>`
  // fails there), which parse reads as the span's end.
  const at = spacesBefore(text, found === undefined ? text.length : found.at, from);
  if (found !== undefined) return { at, whole: found.whole };
  return at < text.length ? { at, whole: false } : undefined;
}

/** Longest run of white space before closing markup that goes with it; a longer one is fed on. */
const MAX_SPACES = 16;

function spacesBefore(text: string, at: number, from: number): number {
  const floor = Math.max(from, at - MAX_SPACES);
  let k = at;
  while (k > floor && isSpace(text.charCodeAt(k - 1))) k--;
  return k > floor || !isSpace(text.charCodeAt(k - 1)) ? k : at;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function markupAt(text: string, from: number, closing: Closing): { at: number; whole: boolean } | undefined {
  const { tag, fence } = closing;
  const n = text.length;
  for (let i = from; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3c && tag !== '') {
      const m = matchTag(text, i, tag);
      if (m === n - i && m < tag.length) return { at: i, whole: false };
      if (m === tag.length) return { at: i, whole: true };
    } else if ((c === 0x0a || c === 0x0d) && fence !== 0) {
      let j = i + 1;
      if (c === 0x0d && j < n && text.charCodeAt(j) === 0x0a) j++;
      const indentEnd = Math.min(n, j + MAX_FENCE_INDENT);
      while (j < indentEnd && (text.charCodeAt(j) === 0x20 || text.charCodeAt(j) === 0x09)) j++;
      let k = j;
      while (k < n && k < j + 3 && text.charCodeAt(k) === fence) k++;
      if (k === j + 3) return { at: i, whole: true };
      if (k === n) return { at: i, whole: false };
    }
  }
  return undefined;
}

/** How many characters of `tag` match `text` from `i` on (ASCII case ignored). */
function matchTag(text: string, i: number, tag: string): number {
  let m = 0;
  while (m < tag.length && i + m < text.length) {
    let c = text.charCodeAt(i + m);
    if (c >= 0x41 && c <= 0x5a) c += 0x20;
    if (c !== tag.charCodeAt(m)) break;
    m++;
  }
  return m;
}
