// Character tests and the short, bounded look-aheads that decide whether a `{` or `[` starts JSON.
// Every look-ahead here reads a bounded number of characters past any whitespace, so callers stay
// linear: a whitespace run is only ever skipped by the look-ahead of the one opener just before it.

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const QUOTE = 0x22;
const APOS = 0x27;
const LPAREN = 0x28;
const RPAREN = 0x29;
const COMMA = 0x2c;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const SLASH = 0x2f;
const HASH = 0x23;
const COLON = 0x3a;
const FULLWIDTH_COLON = 0xff1a;
const FULLWIDTH_COMMA = 0xff0c;
const AT = 0x40;
const LBRACK = 0x5b;
const BACKSLASH = 0x5c;
const RBRACK = 0x5d;
const BACKTICK = 0x60;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const STAR = 0x2a;
const LEFT_DOUBLE_CURLY = 0x201c;
const LEFT_SINGLE_CURLY = 0x2018;
// A right curly quote opens a string too, where a model's keyboard or font turned the wrong way.
const RIGHT_DOUBLE_CURLY = 0x201d;

/** How far a key, number or word is read before giving up; real keys and numbers are far shorter. */
const TOKEN_LIMIT = 64;
/** Longest key {@link memberStartsAt} reads: the parser's look-ahead (keyOpensText in parse/containers.ts). */
const KEY_LIMIT = 160;

/**
 * Whether the word at `i` (before its colon, ahead of `v`) is a name as code writes one, not
 * prose's: it holds a `_` or a digit, or a capital after a small letter (`userInfo`). `Here`,
 * `answer`, `JSON` are prose's labels.
 */
export function codeName(text: string, i: number, v: number): boolean {
  let lower = false;
  for (let k = i; k < v; k++) {
    const c = text.charCodeAt(k);
    if (c === COLON || c === SPACE || c === TAB) break;
    if (c === 0x5f || isDigit(c) || (lower && c >= 0x41 && c <= 0x5a)) return true;
    lower = c >= 0x61 && c <= 0x7a;
  }
  return false;
}

/** A comma, or the full-width one a CJK keyboard types. */
export function isComma(c: number): boolean {
  return c === COMMA || c === FULLWIDTH_COMMA;
}

/** JSON's own whitespace: space, line feed, carriage return, tab. */
export function isJsonWs(c: number): boolean {
  return c === SPACE || c === LF || c === CR || c === TAB;
}

/** Whitespace as models emit it: ASCII, NBSP, BOM, zero-width and the Unicode space separators. */
export function isWs(c: number): boolean {
  if (c <= SPACE) return c === SPACE || c === LF || c === CR || c === TAB || c === 0x0b || c === 0x0c;
  if (c < 0xa0) return false;
  return (
    c === 0xa0 || c === 0xfeff || c === 0x1680 || (c >= 0x2000 && c <= 0x200b) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000
  );
}

export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

export function isLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

/** `[A-Za-z_$]`: the first character of an unquoted key. */
export function isIdentStart(c: number): boolean {
  return isIdentChar(c) && !isDigit(c);
}

/** `[A-Za-z0-9_$]`: identifier characters of unquoted keys and function names. */
export function isIdentChar(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === 0x5f || c === 0x24;
}

/** A letter, mark or digit beyond ASCII: a word's character in keys people write unquoted (`{名前: "太郎"}`, `{café: 1}`). */
const NON_ASCII_WORD = /[\p{L}\p{M}\p{N}]/u;
/** NON_ASCII_WORD's answer per UTF-16 unit, learnt on first sight (0 not yet, 1 yes, 2 no): prose in CJK asks for every character. */
let wordUnits: Uint8Array | undefined;

/** A character of an unquoted key: an identifier's, or a letter, mark or digit beyond ASCII. */
export function isKeyChar(c: number): boolean {
  if (c <= 0x7f) return isIdentChar(c);
  // Half of a character beyond the basic plane (`𝑥`, a CJK extension, an emoji): taken as a word's.
  if (c >= 0xd800 && c <= 0xdfff) return true;
  wordUnits ??= new Uint8Array(0x10000);
  let known = wordUnits[c];
  if (known === 0) known = wordUnits[c] = NON_ASCII_WORD.test(String.fromCharCode(c)) ? 1 : 2;
  return known === 1;
}

/** The first character of an unquoted key (see isKeyChar): no ASCII digit. */
export function isKeyStart(c: number): boolean {
  return isKeyChar(c) && !isDigit(c);
}

/** Longest tool name read (TOOL_NAME's bound): a look for one stays bounded. */
export const TOOL_NAME_LIMIT = 128;
/** A letter, mark or digit beyond ASCII: part of a tool's name (`获取天气`). */
const WIDE_NAME_CHAR = /[\p{L}\p{M}\p{N}]/u;
/** A letter beyond ASCII: a tool's name may start with one. */
const WIDE_LETTER = /\p{L}/u;

/** A character of a tool's name (TOOL_NAME): a letter, mark or digit of any script, `_`, `-`, `.` or `:`. */
export function isToolNameChar(c: number): boolean {
  if (c >= 0x80) return WIDE_NAME_CHAR.test(String.fromCharCode(c));
  return isLetter(c) || isDigit(c) || c === 0x5f || c === MINUS || c === DOT || c === COLON;
}

/** The first character of a tool's name where the markup alone does not mark one (a tag, `call:NAME`): a letter of any script or `_`. */
export function isToolNameStart(c: number): boolean {
  if (c >= 0x80) return WIDE_LETTER.test(String.fromCharCode(c));
  return isLetter(c) || c === 0x5f;
}

/**
 * The end of the tool name's characters from `i`, before `end` and at most TOOL_NAME_LIMIT of them;
 * `i` when none is there. The one reader of tool names: the scanner's headers, tags named for a tool,
 * Gemma's stripped `call:NAME`.
 */
export function toolNameEnd(text: string, i: number, end = text.length): number {
  const limit = Math.min(end, i + TOOL_NAME_LIMIT);
  let k = i;
  while (k < limit && isToolNameChar(text.charCodeAt(k))) k++;
  return k;
}

/** First index in [i, end) that is not whitespace, or `end`. */
export function skipWs(text: string, i: number, end: number): number {
  while (i < end && isWs(text.charCodeAt(i))) i++;
  return i;
}

/** The last search for a block comment's end: in `closeText`, from `closeFrom`, found at `closeAt` (-1: none). */
let closeText: string | undefined;
let closeFrom = 0;
let closeAt = -1;

/**
 * Where the first end of a block comment at or after `k` starts, or -1. The search is kept for the
 * text: a comment that never closes (`[ /` + `* x [ /` + `* x …`) is looked past from every opener
 * before it, and searched anew each time that was quadratic.
 */
function commentCloseAt(text: string, k: number): number {
  if (text !== closeText || k < closeFrom || (closeAt !== -1 && closeAt < k)) {
    closeText = text;
    closeFrom = k;
    closeAt = text.indexOf('*/', k);
  }
  return closeAt;
}

/**
 * Past any `//` and `/* … *\/` comments (and the whitespace around them) from `i`: the first index in
 * [i, end) that is neither, or `end`. An unclosed block comment runs to `end`.
 */
export function skipComments(text: string, i: number, end: number): number {
  i = skipWs(text, i, end);
  while (i + 1 < end && text.charCodeAt(i) === SLASH) {
    const d = text.charCodeAt(i + 1);
    // Scanned only up to `end`: a caller's bound keeps its look linear.
    if (d === SLASH) {
      i = lineEnd(text, i + 2, end);
      if (i < end) i++;
    } else if (d === STAR) {
      const k = commentCloseAt(text, i + 2);
      i = k !== -1 && k + 1 < end ? k + 2 : end;
    } else break;
    i = skipWs(text, i, end);
  }
  return i;
}

/**
 * Whether a `#` comment (as Python and YAML write one, read by the parser to the end of its line)
 * starts at `i`: `#` then a space. A heading, a `#1` or a `#fff` is none.
 */
export function hashCommentAt(text: string, i: number, end: number): boolean {
  return text.charCodeAt(i) === HASH && i + 1 < end && (text.charCodeAt(i + 1) === SPACE || text.charCodeAt(i + 1) === TAB);
}

/** The `quote` that closes the string opened at `k` on its line (escapes skipped) before `end`, or -1. */
export function quoteOnLine(text: string, k: number, end: number, quote: number): number {
  for (let j = k + 1; j < end; j++) {
    const c = text.charCodeAt(j);
    if (c === quote) return j;
    if (c === LF) return -1;
    if (c === BACKSLASH) j++;
  }
  return -1;
}

/** The line break that ends the line at `i`, or `end`. */
export function lineEnd(text: string, i: number, end: number): number {
  // Scanned by hand: indexOf would read on to the text's end when no line break comes before `end`.
  while (i < end && text.charCodeAt(i) !== LF) i++;
  return i;
}

/** Whether only spaces and tabs stand between `i` and the start of its line (or the text's). */
export function atLineStart(text: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && (text.charCodeAt(k) === SPACE || text.charCodeAt(k) === TAB)) k--;
  return k < 0 || text.charCodeAt(k) === LF;
}

/**
 * `[CONTENT]`⏎…⏎`[/CONTENT]`, the markers MetaGPT asks a model to put around its JSON: a word in
 * capitals in brackets on the text's first line, at `i`. The span between the markers (the closing
 * one, `[/WORD]` or `[WORD]` again at a line's start, may be missing: `closed` says; text after it is
 * the reply's, not the value's); undefined when no marker line starts at `i`.
 */
export function markedSpan(text: string, i: number, end: number): { start: number; end: number; closed: boolean } | undefined {
  const word = markerAt(text, i, end);
  if (word < 0) return undefined;
  let j = word;
  while (j < end && (text.charCodeAt(j) === 0x20 || text.charCodeAt(j) === 0x09 || text.charCodeAt(j) === 0x0d)) j++;
  if (j >= end || text.charCodeAt(j) !== LF) return undefined;
  const start = skipWs(text, j + 1, end);
  const name = text.slice(i + 1, word - 1);
  let close = -1;
  for (const closer of [`[/${name}]`, `[${name}]`]) {
    const at = markerLineAt(text, closer, start, close < 0 ? end : close);
    if (at >= 0) close = at;
  }
  return close < 0 ? { start, end, closed: false } : { start, end: trimEnd(text, start, close), closed: true };
}

/** The first `marker` at a line's start in [from, end) (spaces before it aside), or -1. One forward search. */
function markerLineAt(text: string, marker: string, from: number, end: number): number {
  for (let at = text.indexOf(marker, from); at >= 0 && at < end; at = text.indexOf(marker, at + 1)) {
    let k = at;
    while (k > from && (text.charCodeAt(k - 1) === 0x20 || text.charCodeAt(k - 1) === 0x09)) k--;
    if (k === from || text.charCodeAt(k - 1) === LF) return at;
  }
  return -1;
}

/** Past `[WORD]` (capitals and `_`, 2 to 32 of them) at `i`, or -1. */
function markerAt(text: string, i: number, end: number): number {
  if (text.charCodeAt(i) !== LBRACK) return -1;
  let j = i + 1;
  while (j < end && j - i <= 32 && ((text.charCodeAt(j) >= 0x41 && text.charCodeAt(j) <= 0x5a) || text.charCodeAt(j) === 0x5f)) j++;
  return j - i >= 3 && text.charCodeAt(j) === RBRACK ? j + 1 : -1;
}

/** One past the last index in [start, end) that is not whitespace, or `start`. */
export function trimEnd(text: string, start: number, end: number): number {
  while (end > start && isWs(text.charCodeAt(end - 1))) end--;
  return end;
}

const LITERALS = ['true', 'false', 'null', 'True', 'False', 'None', 'undefined', 'NaN', 'Infinity'];
const LONGEST_LITERAL = 9;

/**
 * End of an unquoted key at `i` (bounded), or -1: a word with `-`, `.` and `@` (`user.name`, `@id`),
 * and indexes (`items[0]`, as form fields name them).
 */
function unquotedKeyEnd(text: string, i: number, end: number): number {
  let j = i;
  for (;;) {
    while (j < end && (isKeyChar(text.charCodeAt(j)) || text.charCodeAt(j) === MINUS || text.charCodeAt(j) === DOT || text.charCodeAt(j) === AT)) {
      if (j - i >= TOKEN_LIMIT) return -1;
      j++;
    }
    if (j >= end || text.charCodeAt(j) !== LBRACK) return j;
    const k = wordEnd(text, j + 1, end, false);
    if (k < 0 || k >= end || text.charCodeAt(k) !== RBRACK) return -1;
    j = k + 1;
  }
}

/**
 * Where the value of an unquoted member at `i` starts (`k: [1]`, `name: "Ann"`), or -1: a key word
 * (see unquotedKeyEnd), `:`, and a value that JSON (or Python) spells. The caller knows `i` starts a word.
 * The key may have its closing quote, its opening one lost (`command": "ls"`, a stream whose first
 * piece, `{"`, was dropped).
 */
export function unquotedMemberValueAt(text: string, i: number, end: number): number {
  let q = unquotedKeyEnd(text, i, end);
  if (q <= i || q >= end) return -1;
  if (text.charCodeAt(q) === QUOTE) q++;
  const colon = skipWs(text, q, Math.min(end, q + TOKEN_LIMIT));
  if (colon >= end || text.charCodeAt(colon) !== COLON) return -1;
  const v = skipWs(text, colon + 1, Math.min(end, colon + 1 + TOKEN_LIMIT));
  const c = text.charCodeAt(v);
  if (v >= end || c === SLASH || c === LEFT_DOUBLE_CURLY || !valueStartsAt(text, v, end)) return -1;
  return v;
}

/** One past the closer that ends the container at `k` (any closer counts), or -1. */
export function containerEnd(text: string, k: number, end: number): number {
  let depth = 0;
  for (; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === QUOTE) k = closingQuote(text, k, end);
    else if (c === LBRACE || c === LBRACK) depth++;
    else if ((c === RBRACE || c === RBRACK) && --depth === 0) return k + 1;
  }
  return -1;
}

/** One past the value at `v` that {@link valueStartsAt} found: a container, a string or a scalar; -1 when it does not end before `end`. */
export function valueEnd(text: string, v: number, end: number): number {
  const c = text.charCodeAt(v);
  if (c === LBRACE || c === LBRACK) return containerEnd(text, v, end);
  if (c === QUOTE) {
    const close = closerOf(text, v, end);
    return close < 0 ? -1 : close + 1;
  }
  return scalarElementEnd(text, v, end);
}

/**
 * Whether, after a value that ends at `k`, a comma and the next member follow: a quoted key (see
 * memberStartsAt) or a word, `:` and a value (`, b: 2`). Members do; prose around a value rarely does.
 */
export function memberAfterValue(text: string, k: number, end: number): boolean {
  const comma = skipWs(text, k, end);
  if (comma >= end || text.charCodeAt(comma) !== COMMA) return false;
  const next = skipWs(text, comma + 1, end);
  if (next >= end) return false;
  const c = text.charCodeAt(next);
  if (c === QUOTE || c === APOS) return memberStartsAt(text, next, end) === true;
  return isIdentStart(c) && unquotedMemberValueAt(text, next, end) >= 0;
}

/**
 * Whether the key word [p, q) goes on with more words, each after one space (`first name`, read whole
 * as an unquoted key), then `:` and the start of a value: `{first name: "Ann"}`. Prose in braces
 * (`{see below}`, `{Step 1: do it}`) has no value after its colon.
 */
function spacedKeyStartsMember(text: string, p: number, q: number, end: number): boolean {
  let words = 1;
  while (q + 1 < end && text.charCodeAt(q) === SPACE && isIdentChar(text.charCodeAt(q + 1))) {
    q = wordEnd(text, q + 1, end, false);
    if (q < 0 || q - p > TOKEN_LIMIT) return false;
    words++;
  }
  if (words === 1 || q >= end || text.charCodeAt(q) !== COLON) return false;
  return valueStartsAfter(text, q + 1, end);
}

/**
 * See classifyOpen: the value at `r` after a key whose colon was lost. Read within KEY_LIMIT, as
 * every opener in prose asks (a look to the text's end would make prose of openers quadratic).
 */
function lostColonValue(text: string, r: number, end: number): boolean {
  const c = text.charCodeAt(r);
  if (c === LBRACE || c === LBRACK) {
    const k = skipWs(text, r + 1, Math.min(end, r + 1 + TOKEN_LIMIT));
    if (k >= end || text.charCodeAt(k) !== (c === LBRACE ? RBRACE : RBRACK)) return false;
    const d = skipWs(text, k + 1, Math.min(end, k + 1 + TOKEN_LIMIT));
    return d < end && (text.charCodeAt(d) === RBRACE || text.charCodeAt(d) === COMMA);
  }
  if (!valueStartsAt(text, r, end)) return false;
  const k = valueEnd(text, r, Math.min(end, r + KEY_LIMIT));
  return k >= 0 && memberAfterValue(text, k, end);
}

/**
 * Whether the `{` or `[` at `r` opens a container that is plainly JSON: an object's first member (a
 * quoted key, or a word and `:`), or an array whose first element a comma follows, or which the
 * object's end or next member follows (`{see [1]}` is a citation in prose).
 */
function containerAfterKey(text: string, r: number, end: number): boolean {
  const c = text.charCodeAt(r);
  const k = skipWs(text, r + 1, Math.min(end, r + 1 + TOKEN_LIMIT));
  if (k >= end) return false;
  if (c === LBRACE) {
    if (text.charCodeAt(k) === QUOTE || text.charCodeAt(k) === APOS) return true;
    const q = isIdentChar(text.charCodeAt(k)) ? unquotedKeyEnd(text, k, end) : -1;
    return q > k && q < end && text.charCodeAt(skipWs(text, q, Math.min(end, q + TOKEN_LIMIT))) === COLON;
  }
  if (c !== LBRACK) return false;
  // `{k [⏎  {"a": 1}, …`: an array of objects, its first one plainly JSON.
  if (text.charCodeAt(k) === LBRACE && containerAfterKey(text, k, end)) return true;
  // `{k [1], j: 2}`, `{k [[]], j: 'L'}`: the array, then the object's next member; `{k [None]}`,
  // `{k [[]]}`: then the object's end (`{see [1]}` cites a source: a number first is no value there).
  const whole = valueEnd(text, r, Math.min(end, r + KEY_LIMIT));
  if (whole >= 0 && (memberAfterValue(text, whole, end) || (delimiterAfter(text, whole, end) === RBRACE && !startsNumber(text, k, end)))) return true;
  // `{k [1, …`, `{k [[1, 2], …`, `{k [[[], None], …`: the innermost array's first element (or its `]`,
  // when it is empty) and a comma. Through the run of `[` in a loop: a long run must not exhaust the stack.
  const limit = Math.min(end, k + TOKEN_LIMIT);
  let p = k;
  while (p < limit && text.charCodeAt(p) === LBRACK) p = skipWs(text, p + 1, limit);
  if (p >= limit) return false;
  const j = p > k && text.charCodeAt(p) === RBRACK ? p + 1 : scalarElementEnd(text, p, end);
  return j > p && j < end && delimiterAfter(text, j, end) === COMMA;
}

/**
 * One past the scalar element at `i`: a string in `"` or `'` on its line with no escape, a number or
 * a literal; -1 when none starts there.
 */
export function scalarElementEnd(text: string, i: number, end: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE || c === APOS) {
    const limit = Math.min(end, i + 1 + KEY_LIMIT);
    const j = lineStringStop(text, i, limit, c);
    return j < limit && text.charCodeAt(j) === c ? j + 1 : -1;
  }
  return startsNumber(text, i, end) ? numberEnd(text, i, end) : literalAt(text, i, end);
}

/** End of the identifier-like word at `i` (bounded), or -1 when it is longer than any key would be. */
function wordEnd(text: string, i: number, end: number, allowDash: boolean): number {
  let j = i;
  while (j < end && (isIdentChar(text.charCodeAt(j)) || (allowDash && text.charCodeAt(j) === MINUS))) {
    if (j - i >= TOKEN_LIMIT) return -1;
    j++;
  }
  return j;
}

/** Whether `word` is a literal (see literalAt) or, with `cut`, the start of one (`tru`, `N`). */
export function isLiteralWord(word: string, cut: boolean): boolean {
  return LITERALS.some((literal) => (cut ? literal.startsWith(word) : literal === word));
}

/** True when a JSON (or Python/JS) literal such as `true`, `None`, `NaN` starts at `i` and ends there. */
export function literalAt(text: string, i: number, end: number): number {
  const j = wordEnd(text, i, end, false);
  if (j <= i || j - i > LONGEST_LITERAL) return -1;
  // Compared in place: prose calls this at many a word, and a slice per word costs more than the look.
  for (const literal of LITERALS) if (literal.length === j - i && text.startsWith(literal, i)) return j;
  return -1;
}

/** End of a number-like token at `i` (`-1.5e3`, `1_000`), bounded, or -1. */
export function numberEnd(text: string, i: number, end: number): number {
  let j = i;
  while (j < end) {
    const c = text.charCodeAt(j);
    if (!(isDigit(c) || c === DOT || c === MINUS || c === PLUS || c === 0x65 || c === 0x45 || c === 0x5f)) break;
    if (j - i >= TOKEN_LIMIT) return -1;
    j++;
  }
  return j;
}

export function startsNumber(text: string, i: number, end: number): boolean {
  const c = text.charCodeAt(i);
  if (isDigit(c)) return true;
  if ((c === MINUS || c === PLUS || c === DOT) && i + 1 < end) {
    const d = text.charCodeAt(i + 1);
    return isDigit(d) || (c !== DOT && d === DOT && i + 2 < end && isDigit(text.charCodeAt(i + 2)));
  }
  return false;
}

export function lineBreakIn(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (text.charCodeAt(k) === LF) return true;
  return false;
}

/** Verdict on an opener: not JSON, JSON, or a citation-like `[12]` that counts only when nothing better exists. */
export const Verdict = { Reject: 0, Accept: 1, Weak: 2 } as const;
/** One of {@link Verdict}'s values. */
export type Verdict = (typeof Verdict)[keyof typeof Verdict];

/** Result of {@link classifyOpen}: the verdict, and where to resume scanning after a rejection. */
export interface Classified {
  verdict: Verdict;
  /** Index to resume the prose scan from when rejected (past a run of `[` that all reject alike). */
  resume: number;
}

/**
 * Does the `{` or `[` at `i` start something that looks like JSON? Reads the first token of the
 * content only. Rules (documented in docs/extract.md):
 * - `{` then a quote (`"`, `'`, backtick, curly, or one after a Python prefix: `u'`), `}`, `\"`, a comment, or a key (`word` or number, `a.b`, `@id`, `word[0]`) followed by `:`;
 *   `{{` then `"`, `'` or `}` (a template's escaped braces);
 * - `[` (after any run of further `[`) then `{`, `"`, `'`, curly quote, `(`, a literal (`true`, `None`…),
 *   a number followed by `,`, `]`, `{`, `[` or `"`, a bare word followed by `,`, or `]` (`[]` — but `[ ]` is a checkbox).
 *   A lone non-negative integer `[12]` is a citation or a JSON array: {@link Verdict.Weak}.
 */
export function classifyOpen(text: string, i: number, end: number): Classified {
  const c = text.charCodeAt(i);
  const reject: Classified = { verdict: Verdict.Reject, resume: i + 1 };
  // `<![CDATA[{"a": 1}]]>`: XML's wrapper around the JSON, not an array around it.
  if (c === LBRACK && i >= 8 && text.startsWith('<![CDATA', i - 8)) return reject;
  if (c === LBRACE) {
    const p = skipWs(text, i + 1, end);
    if (p >= end) return reject;
    const d = text.charCodeAt(p);
    // A backtick-quoted key, but not a run of three: that opens a code fence (`{```json`).
    const fence = d === BACKTICK && p + 2 < end && text.charCodeAt(p + 1) === BACKTICK && text.charCodeAt(p + 2) === BACKTICK;
    if (d === QUOTE || d === APOS || (d === BACKTICK && !fence) || d === RBRACE || d === LEFT_DOUBLE_CURLY || d === RIGHT_DOUBLE_CURLY || d === LEFT_SINGLE_CURLY || prefixedQuoteAt(text, p, end)) {
      return { verdict: Verdict.Accept, resume: i + 1 };
    }
    // `{{"a": 1}}`: a prompt template's escaped braces, copied (the parser reads `{{` as `{`); a
    // template's own `{{name}}` has no quote after them.
    if (d === LBRACE && p === i + 1) {
      const q = skipWs(text, p + 1, end);
      const e = q < end ? text.charCodeAt(q) : -1;
      if (e === QUOTE || e === APOS || e === RBRACE) return { verdict: Verdict.Accept, resume: i + 1 };
    }
    // `{⏎  [` or `{⏎  true,`: a pretty-printed object whose first line (a key and an array's `[`) was
    // lost. It starts JSON (the parser reports the damage), so the elements are not the answer.
    if (lineBreakIn(text, i + 1, p) && (d === LBRACK || scalarElementAt(text, p, end))) return { verdict: Verdict.Accept, resume: i + 1 };
    if (p + 1 < end) {
      const e = text.charCodeAt(p + 1);
      if (d === BACKSLASH && e === QUOTE) return { verdict: Verdict.Accept, resume: i + 1 };
      if (d === SLASH && (e === SLASH || e === STAR)) return { verdict: Verdict.Accept, resume: i + 1 };
    }
    if (isKeyChar(d) || d === MINUS || d === AT) {
      const q = unquotedKeyEnd(text, p, end);
      if (q < 0) return reject;
      const r = skipWs(text, q, Math.min(end, q + TOKEN_LIMIT));
      if (r < end && delimiterAt(text, r) === COLON) return { verdict: Verdict.Accept, resume: i + 1 };
      // `{name": "Ann"}`: a key that lost its opening quote.
      if (q < end && text.charCodeAt(q) === QUOTE && delimiterAfter(text, q + 1, end) === COLON) return { verdict: Verdict.Accept, resume: i + 1 };
      if (spacedKeyStartsMember(text, p, q, end)) return { verdict: Verdict.Accept, resume: i + 1 };
      // `{k {"a": 1}, …}`, `{k [1, 2], …}`: a key whose colon was lost before its container.
      if (r > q && r < end && containerAfterKey(text, r, end)) return { verdict: Verdict.Accept, resume: i + 1 };
      // `{k 'v', j: 2}`, `{k {}}`: a key whose colon was lost before a scalar and the next member, or
      // before an empty container and the object's end. Prose in braces (`{Step 1}`) has neither.
      if (r > q && r < end && lostColonValue(text, r, end)) return { verdict: Verdict.Accept, resume: i + 1 };
    }
    return reject;
  }
  // `[`: skip the whole run of `[` and whitespace once; every `[` in the run sees the same first token.
  let p = i + 1;
  let run = 1;
  for (;;) {
    p = skipWs(text, p, end);
    if (p < end && text.charCodeAt(p) === LBRACK) {
      run++;
      p++;
      continue;
    }
    break;
  }
  const rejectRun: Classified = { verdict: Verdict.Reject, resume: run > 1 ? p : i + 1 };
  const accept: Classified = { verdict: Verdict.Accept, resume: i + 1 };
  if (p >= end) return run > 1 ? accept : rejectRun;
  // `[ // the ids⏎  1, 2]`, `[ # ids⏎  1, 2]`: a comment before the first element; what follows it
  // decides.
  if (text.charCodeAt(p) === SLASH || hashCommentAt(text, p, end)) {
    const q = text.charCodeAt(p) === SLASH ? skipComments(text, p, end) : skipWs(text, lineEnd(text, p, end), end);
    return q > p && valueStartsAt(text, q, end) ? accept : rejectRun;
  }
  const d = text.charCodeAt(p);
  if (d === QUOTE) return stringElementAt(text, p, end) ? accept : rejectRun;
  if (d === LBRACE || d === APOS || d === LPAREN || d === LEFT_DOUBLE_CURLY || d === RIGHT_DOUBLE_CURLY || d === LEFT_SINGLE_CURLY || prefixedQuoteAt(text, p, end)) return accept;
  // `[⏎  ]⏎  "a": 1`, `[⏎  ]⏎  null,`: an element's `{` or `[` written as `]` (the parser reads it so);
  // `[⏎  ],⏎  "a"⏎]`: an inner array's `[` lost (the parser reads the `]` as early). A task list's box
  // (`[ ]`) holds no line break.
  if (d === RBRACK) return run > 1 || p === i + 1 || (lineBreakIn(text, i + 1, p) && (valueStartsAfter(text, p + 1, end) || commaThenValue(text, p + 1, end))) ? accept : rejectRun;
  // `[}, 0]`: an element's `{` lost (the parser reads the `}` as stray); `[[, 1]`: an inner array's
  // `]` lost, or its first element; `[, "a"]`: a comma before a value. Prose writes none of these.
  if (d === RBRACE || (d === COMMA && (run > 1 || valueStartsAfter(text, p + 1, end)))) return accept;
  // `[[:], 1]`, `[:null, 1]`: a stray colon where the first element would be (see strayAt), or
  // before it (`[:0]`): a slice indexes a name (`a[:5]`).
  if (d === COLON && (strayAt(text, p, end) || (!indexes(text, i) && scalarElementAt(text, skipWs(text, p + 1, end), end)))) return accept;
  if (startsNumber(text, p, end)) {
    const q = numberEnd(text, p, end);
    if (q < 0) return rejectRun;
    const r = skipWs(text, q, Math.min(end, q + TOKEN_LIMIT));
    if (r >= end) return rejectRun;
    const e = delimiterAt(text, r);
    // `[1 {"a": 2}, 3]`, `[1 None, 2]`: a container, a string or a literal after the number is the
    // next element, its comma lost; so is any value on the next line (`[\n  1\n  true,`).
    if (e === COMMA || e === LBRACE || e === LBRACK || e === QUOTE) return accept;
    // `[1000 false, []]`, and `[1000false, []]` with the space lost too: a literal, then a comma.
    const literal = literalAt(text, r, end);
    if (literal >= 0 && delimiterAfter(text, literal, end) === COMMA) return accept;
    if (lineBreakIn(text, q, r) && valueStartsAt(text, r, end)) return accept;
    // `[1.5 // the mean`, `[1.5 # the mean`: a comment after the first element.
    if ((e === SLASH && r + 1 < end && (text.charCodeAt(r + 1) === SLASH || text.charCodeAt(r + 1) === STAR)) || hashCommentAt(text, r, end)) return accept;
    // `[2.5:, {"a": 1}]`, `[0:null, 1]`: a stray colon after the first element, or one written for
    // a comma. Prose writes `[10:30]`, never `:,` or `:null,`.
    if (e === COLON && strayAt(text, r, end)) return accept;
    // `[[0:0], []]`, `[[0:0, 0, null], []]`: in a run of `[`, a colon written for a comma between two
    // numbers, the inner array then closed with the outer one going on, or going on itself (prose's
    // `[10:30]` stands alone).
    if (e === COLON && run > 1 && numberThenCloserOrComma(text, r + 1, end)) return accept;
    // `[-3}, {}]`, `[[0}], 1]`, `[0}{}]`, `[0}1, 2]`: a stray `}` after the first element, then a
    // delimiter or the next element. Prose writes `[3]`, never `[3},`.
    if (e === RBRACE) return strayAt(text, r, end) || scalarElementAt(text, skipWs(text, r + 1, end), end) ? accept : rejectRun;
    if (e === RBRACK) {
      let plain = true;
      for (let k = p; k < q; k++) if (!isDigit(text.charCodeAt(k))) plain = false;
      return plain && run === 1 ? { verdict: Verdict.Weak, resume: i + 1 } : accept;
    }
    return rejectRun;
  }
  if (isIdentStart(d)) {
    if (literalAt(text, p, end) >= 0) return accept;
    // `[k: 1, j: 2}]`, `[k: 'v'}, 2]`: an element object's `{` lost (two members, or its `}` right
    // after the first, a trailing comma allowed: `[Note: 5]` is prose).
    const v = unquotedMemberValueAt(text, p, end);
    if (v >= 0) {
      // `[⏎    user_id: {⏎      …`: a pretty-printed element object's first key, named as code names
      // it, and a container, however long it is (`Notes [⏎Result: {…}` is prose's label).
      const w = text.charCodeAt(v);
      if ((w === LBRACE || w === LBRACK) && lineBreakIn(text, i + 1, p) && codeName(text, p, v)) return accept;
      const k = valueEnd(text, v, Math.min(end, v + KEY_LIMIT));
      if (k >= 0 && (memberAfterValue(text, k, end) || closerAfterMember(text, k, end))) return accept;
    }
    const q = wordEnd(text, p, end, true);
    if (q < 0) return rejectRun;
    const r = skipWs(text, q, Math.min(end, q + TOKEN_LIMIT));
    if (r < end && delimiterAt(text, r) === COMMA) return accept;
    // `[Ann Lee", 3]`, `[Ann⏎Lee", 3]`: a string that lost its opening quote, then `,` or `]`.
    const k = plainTextEnd(text, p, end);
    if (k >= 0 && text.charCodeAt(k) === QUOTE) {
      const f = delimiterAfter(text, k + 1, end);
      if (f === COMMA || f === RBRACK) return accept;
    }
  }
  return rejectRun;
}

/** Whether a number at `i` (past spaces) is followed by `]` and then `,`, or by `,`. */
function numberThenCloserOrComma(text: string, i: number, end: number): boolean {
  const p = skipWs(text, i, Math.min(end, i + TOKEN_LIMIT));
  if (p >= end || !startsNumber(text, p, end)) return false;
  const q = numberEnd(text, p, end);
  if (q < 0) return false;
  const r = skipWs(text, q, Math.min(end, q + TOKEN_LIMIT));
  // `0], [`: the inner array closed and the outer going on; `0, 0]`: more elements of the inner one.
  return r < end && ((text.charCodeAt(r) === RBRACK && delimiterAfter(text, r + 1, end) === COMMA) || text.charCodeAt(r) === COMMA);
}

/** Whether the object's `}` follows a member's value that ends at `k`, a trailing comma allowed (`k: 1,⏎}`, as a pretty-printer writes it). */
function closerAfterMember(text: string, k: number, end: number): boolean {
  let d = skipWs(text, k, Math.min(end, k + TOKEN_LIMIT));
  if (d < end && text.charCodeAt(d) === COMMA) d = skipWs(text, d + 1, Math.min(end, d + 1 + TOKEN_LIMIT));
  return d < end && text.charCodeAt(d) === RBRACE;
}

/** `u` or `b` in either case: a Python string prefix when a quote follows (`u'…'`, `b"…"`; the parser drops it). */
export function isStringPrefix(c: number): boolean {
  const lower = c | 0x20;
  return lower === 0x75 || lower === 0x62;
}

/** `u'`, `b"`: a Python string prefix and its quote. */
function prefixedQuoteAt(text: string, p: number, end: number): boolean {
  const q = p + 1 < end ? text.charCodeAt(p + 1) : -1;
  return isStringPrefix(text.charCodeAt(p)) && (q === APOS || q === QUOTE);
}

/** The character at `i` past spaces, or -1 at the end (a token's length at most). */
function delimiterAfter(text: string, i: number, end: number): number {
  const k = skipWs(text, i, Math.min(end, i + TOKEN_LIMIT));
  return k < end ? delimiterAt(text, k) : -1;
}

/** The character at `k`, a full-width `，` or `：` read as the `,` or `:` the parser reads it as. */
export function delimiterAt(text: string, k: number): number {
  const c = text.charCodeAt(k);
  return c === FULLWIDTH_COMMA ? COMMA : c === FULLWIDTH_COLON ? COLON : c;
}

/**
 * The offset of the first quote or bracket from `i`, or of a line break that no word follows (a
 * string's raw line break does), within a token's length; -1 past it.
 */
function plainTextEnd(text: string, i: number, end: number): number {
  const limit = Math.min(end, i + TOKEN_LIMIT);
  for (let k = i; k < limit; k++) {
    const c = text.charCodeAt(k);
    if (c === QUOTE || c === LBRACE || c === RBRACE || c === LBRACK || c === RBRACK) return k;
    if (c === LF) {
      const w = skipWs(text, k + 1, limit);
      if (w >= limit || !isIdentStart(text.charCodeAt(w))) return k;
      k = w;
    }
  }
  return -1;
}

/**
 * Whether the colon or `}` at `i` is followed by `,`, a closer, a container, a string or `true`,
 * `false` or `null` as an element (space between): no key's colon (none stands before it), no time's
 * (`[10:30]`). A stray delimiter, or one written for a comma or an opener (`[0:{}]`, `[:"a": 1}]`,
 * `[-3}, {}]`, `[:}, 1]`, `[0}null, 1]`).
 */
function strayAt(text: string, i: number, end: number): boolean {
  const f = delimiterAfter(text, i + 1, end);
  return f === COMMA || f === RBRACK || f === RBRACE || f === LBRACE || f === LBRACK || f === QUOTE || jsonWordElementAt(text, skipWs(text, i + 1, end), end);
}

/** Whether the `[` at `i` indexes what stands right before it: a name, a call or another index (`a[`, `f()[`, `a[0][`). */
function indexes(text: string, i: number): boolean {
  const b = i > 0 ? text.charCodeAt(i - 1) : -1;
  return isIdentChar(b) || b === RPAREN || b === RBRACK;
}

/** Whether `true`, `false` or `null`, then `,` or `]`, starts at `p`: an element. */
function jsonWordElementAt(text: string, p: number, end: number): boolean {
  const q = literalAt(text, p, end);
  const word = q < 0 ? '' : text.slice(p, q);
  const f = word === 'true' || word === 'false' || word === 'null' ? delimiterAfter(text, q, end) : -1;
  return f === COMMA || f === RBRACK;
}

/** Whether a number or a literal, then `,` or `]`, starts at `p`: an element. */
function scalarElementAt(text: string, p: number, end: number): boolean {
  const q = startsNumber(text, p, end) ? numberEnd(text, p, end) : literalAt(text, p, end);
  const f = q >= 0 ? delimiterAfter(text, q, end) : -1;
  return f === COMMA || f === RBRACK;
}

/** Whether a value starts at `i` past spaces (a token's length at most). */
function valueStartsAfter(text: string, i: number, end: number): boolean {
  return valueStartsAt(text, skipWs(text, i, Math.min(end, i + TOKEN_LIMIT)), end);
}

/** Whether a comma and then a value follow at `i`, past spaces. */
function commaThenValue(text: string, i: number, end: number): boolean {
  const k = skipWs(text, i, Math.min(end, i + TOKEN_LIMIT));
  return k < end && text.charCodeAt(k) === COMMA && valueStartsAfter(text, k + 1, end);
}

/**
 * Does a JSON value of any kind start at `i` (the content of a fence or an answer tag, already trimmed)?
 * Lenient, because the container already says "this is the answer": `{`, `[`, a quote, a number, a
 * literal, or a comment that precedes the value.
 */
export function valueStartsAt(text: string, i: number, end: number): boolean {
  if (i >= end) return false;
  const c = text.charCodeAt(i);
  if (c === LBRACE || c === LBRACK || c === QUOTE || c === APOS || c === LEFT_DOUBLE_CURLY) return true;
  if (startsNumber(text, i, end) || signedNonFinite(text, i, end)) return true;
  if (c === SLASH && i + 1 < end) {
    const d = text.charCodeAt(i + 1);
    return d === SLASH || d === STAR;
  }
  if (isLetter(c)) {
    const j = literalAt(text, i, end);
    return j >= 0 && (j >= end || !isIdentChar(text.charCodeAt(j)));
  }
  return false;
}

/**
 * Where a double-quoted string on one line with no escape, opened at `i`, stops before `limit`: its
 * closing quote, or a line break or backslash (or `limit`) that make it no such string.
 */
function lineStringStop(text: string, i: number, limit: number, quote = QUOTE): number {
  let j = i + 1;
  while (j < limit) {
    const c = text.charCodeAt(j);
    if (c === quote || c === LF || c === BACKSLASH) break;
    j++;
  }
  return j;
}

/**
 * Whether [i, end) starts with an object's member, its `{` missing: a key in double quotes (or single,
 * as Python writes one) on one line with no escape, `:`, and the start of a value (`"name": "Ann", …}`). What a reply holds when the
 * application wrote the `{` itself (a prefilled answer) and the model went on from there. Undefined
 * when the text ends before that shows: a stream waits (src/stream/prelude.ts), the parser decides
 * at the text's end (keyOpensText in src/parse/containers.ts).
 */
export function memberStartsAt(text: string, i: number, end: number): boolean | undefined {
  const quote = text.charCodeAt(i);
  if (quote !== QUOTE && quote !== APOS) return false;
  const limit = Math.min(end, i + 1 + KEY_LIMIT);
  const j = lineStringStop(text, i, limit, quote);
  if (j >= limit) return limit === end ? undefined : false;
  if (text.charCodeAt(j) !== quote) return false;
  let bound = Math.min(end, j + 1 + TOKEN_LIMIT);
  const colon = skipWs(text, j + 1, bound);
  if (colon >= bound) return bound === end ? undefined : false;
  if (text.charCodeAt(colon) !== COLON) return false;
  bound = Math.min(end, colon + 1 + TOKEN_LIMIT);
  const v = skipWs(text, colon + 1, bound);
  if (v >= bound) return bound === end ? undefined : false;
  if (valueStartsAt(text, v, end)) return true;
  // A literal the text cuts short (`"a": tr`) may still start a value.
  return end - v < LONGEST_LITERAL ? undefined : false;
}

/**
 * Past spaces, comments (`//`, `/* *\/`, `# `) and an ellipsis (`...`, `…`, and a comma after it)
 * from `i`: the notes the parser's pastNotes (parse/continuation.ts) reads past after a closer.
 */
export function pastNotes(text: string, i: number, end: number): number {
  for (;;) {
    i = skipComments(text, i, end);
    if (i >= end) return i;
    if (hashCommentAt(text, i, end)) {
      i = lineEnd(text, i, end);
      continue;
    }
    const dots = text.charCodeAt(i) === 0x2026 ? 1 : text.startsWith('...', i) ? 3 : 0;
    if (dots === 0) return i;
    i = skipWs(text, i + dots, end);
    if (i < end && isComma(text.charCodeAt(i))) i++;
  }
}

/** Whether a word and then a curly closing quote and a colon follow the `"` at `i` (`"b”: 2`): a key. */
export function curlyClosedKeyAt(text: string, i: number, end: number): boolean {
  let k = i + 1;
  while (k < end && isKeyChar(text.charCodeAt(k))) k++;
  if (k === i + 1 || k >= end || (text.charCodeAt(k) !== RIGHT_DOUBLE_CURLY && text.charCodeAt(k) !== LEFT_DOUBLE_CURLY)) return false;
  const colon = skipWs(text, k + 1, end);
  return colon < end && text.charCodeAt(colon) === COLON;
}

/** How far {@link damagedMemberEnd} reads a damaged first member, on its line. */
export const DAMAGED_MEMBER_LIMIT = 240;

/** A quote a damaged key may open or close with: straight or curly, double or single. */
export function isAnyQuote(c: number): boolean {
  return c === QUOTE || c === APOS || c === LEFT_DOUBLE_CURLY || c === RIGHT_DOUBLE_CURLY;
}

/**
 * Where the next member starts when [i, end) opens with an object's first member damaged, its `{`
 * missing (`"a" "x", "b": 1}`, `"a"： [1, 2], …`, `"a: 1, …`, `'a'] 'x', …`, `"a", "x", …`,
 * `b': 1, …`): a key that a quote opens or closes, then on the same line its value (text besides
 * quotes, with no second key's colon after it), a comma (ASCII or full-width) and a member
 * {@link memberStartsAt} takes. After the key's second quote comes what
 * a colon or a value starts with, or a comma and a value, unless its text already holds a colon
 * (`"a: "x"`): prose's quoted words go on otherwise (`"Hello", she said`, `"x" is fine`). Or the
 * object's `}` after the value, the member its only one (`"a"： 2}`: then where that `}` is). -1
 * when it is not that; undefined when the text ends before that shows. What a prefilled `{` gets when
 * the model slips twice at once: without this the first member was set aside, the object taken
 * from the second.
 */
export function damagedMemberEnd(text: string, i: number, end: number): number | undefined {
  const first = text.charCodeAt(i);
  if (!isAnyQuote(first) && !isKeyStart(first)) return -1;
  const limit = Math.min(end, i + DAMAGED_MEMBER_LIMIT);
  // A word's key (`b': 1`) lost its opening quote: the first quote closes it. (A word and a colon
  // are unquotedMembersEnd's.)
  const word = !isAnyQuote(first);
  let quotes = 1;
  let colon = false;
  // Whether text stands after the key (its second quote, or a colon): the member's value.
  let keyDone = false;
  let valued = false;
  let depth = 0;
  for (let k = i + 1; k < limit; k++) {
    const c = text.charCodeAt(k);
    if (c === LF) return -1;
    if (depth > 0) {
      if (c === QUOTE) {
        k = quoteOnLine(text, k, limit, QUOTE);
        if (k < 0) return limit === end ? undefined : -1;
      } else if (c === LBRACE || c === LBRACK) depth++;
      else if (c === RBRACE || c === RBRACK) depth--;
      continue;
    }
    if (word && !keyDone && !isAnyQuote(c) && !isKeyChar(c)) return -1;
    if (isAnyQuote(c) && !keyDone) {
      if (++quotes < 2) continue;
      keyDone = true;
      const next = skipWs(text, k + 1, limit);
      if (next >= limit) return limit === end ? undefined : -1;
      if (!colon && !afterKeyAt(text, next, limit)) return -1;
      continue;
    }
    if (c === COLON || c === FULLWIDTH_COLON) {
      if (word && !keyDone) return -1;
      // A colon after the value's text is a second key's (`"yes", "b": 1}`): no damaged member.
      if (valued) return -1;
      if (!keyDone) colon = keyDone = true;
    } else if (c === LBRACE || c === LBRACK) {
      if (!keyDone) return -1;
      depth++;
      valued = true;
    } else if (c === RBRACE || c === RBRACK) {
      // `'a'] 'x'`: a closer written for the key's colon; `"a"： 2}`: the object's own `}`, the
      // member its only one.
      if (!keyDone) return -1;
      if (valued) return c === RBRACE ? k : -1;
    } else if (isComma(c)) {
      if (!keyDone || !valued) continue;
      // `"a"": 1, ... "b": 2}`, `"a"": 1, b: 2, …`: a note before the next member, or its key as code writes it.
      const n = pastNotes(text, k + 1, end);
      if (n >= end) return undefined;
      const member = memberStartsAt(text, n, end);
      if (member !== false) return member === true ? n : undefined;
      if (unquotedMemberValueAt(text, n, end) >= 0) return n;
    } else if (keyDone && !isWs(c) && !isAnyQuote(c)) valued = true;
  }
  return limit === end ? undefined : -1;
}

/**
 * Whether what follows a damaged key's second quote at `k` goes on as a member: a colon, a closer
 * written for one, a value's start, or a comma written for the colon and then a value's start.
 */
function afterKeyAt(text: string, k: number, end: number): boolean {
  const c = text.charCodeAt(k);
  if (c === RBRACE || c === RBRACK || c === LBRACE || c === LBRACK || valueOrColonAt(text, k, end)) return true;
  if (!isComma(c)) return false;
  const v = skipWs(text, k + 1, end);
  return v < end && (isAnyQuote(text.charCodeAt(v)) || startsNumber(text, v, end));
}

/**
 * Whether an object's members, its `{` lost, open [i, end): a clean first member
 * ({@link memberStartsAt}) or a damaged one ({@link damagedMemberEnd}).
 */
export function membersOpenAt(text: string, i: number, end: number): boolean {
  return memberStartsAt(text, i, end) === true || (damagedMemberEnd(text, i, end) ?? -1) >= 0;
}

/** Whether a colon or a scalar's start (a quote, a number, a literal) is at `k`. */
function valueOrColonAt(text: string, k: number, end: number): boolean {
  const c = text.charCodeAt(k);
  if (c === COLON || c === FULLWIDTH_COLON || isAnyQuote(c) || startsNumber(text, k, end)) return true;
  const j = literalAt(text, k, end);
  return j >= 0 && (j >= end || !isIdentChar(text.charCodeAt(j)));
}

/**
 * Whether [i, end) is an array's elements, its `[` missing: a scalar (a double-quoted string on one
 * line, a number, a literal), then `,` and the `]` that ends the text (`"a", "b", ["c"]]`), or that
 * `]` at once (`"a {b}"]`); a `]` that no `[` opened.
 */
export function elementsStartAt(text: string, i: number, end: number): boolean {
  if (text.charCodeAt(end - 1) !== RBRACK) return false;
  // `'a', {…}]`: a single-quoted string too, as Python writes one.
  let j = scalarElementEnd(text, i, end);
  if (j < 0) return false;
  let comma = skipWs(text, j, Math.min(end, j + TOKEN_LIMIT));
  // `"x" "y", "z"]`: the comma after the first element lost as well.
  if (comma < end && text.charCodeAt(comma) === QUOTE && !lineBreakIn(text, j, comma)) {
    j = scalarElementEnd(text, comma, end);
    if (j < 0) return false;
    comma = skipWs(text, j, Math.min(end, j + TOKEN_LIMIT));
  }
  if (comma >= end || (!isComma(text.charCodeAt(comma)) && comma !== end - 1)) return false;
  // The last `]` closes nothing (`7, [1, 2]` is prose, then an array).
  return bracketsLeftOpen(text, i, end) < 0;
}

/** `[` minus `]` in [i, end), outside double-quoted strings. */
function bracketsLeftOpen(text: string, i: number, end: number): number {
  let depth = 0;
  for (let k = i; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === QUOTE) k = closingQuote(text, k, end);
    else if (c === LBRACK) depth++;
    else if (c === RBRACK) depth--;
  }
  return depth;
}

/** How far past a string's first closing quote a look for the quote that really ends it goes. */
export const INNER_QUOTE_LOOK = 240;

/**
 * Whether the `"` at `p`, an array's first token, opens a string element. Prose quotes a bracket
 * (`Use "[" then {"a": 1}`, `starting with "I, ["⏎⏎{`): there the quote closes the quotation, and
 * what follows it, space first, is no element. So a string that starts with space is an element
 * only when it ends before a `,` or `]` (at its first closing quote, or at a later one on the same
 * line, within INNER_QUOTE_LOOK, when the model did not escape a quote inside it), or when the text
 * ends inside it (a reply cut off). Any other string is, whatever damage follows it.
 */
function stringElementAt(text: string, p: number, end: number): boolean {
  if (p + 1 >= end || !isWs(text.charCodeAt(p + 1))) return true;
  let k = closingQuote(text, p, end);
  const far = Math.min(end, k + INNER_QUOTE_LOOK);
  while (k < end) {
    const after = skipWs(text, k + 1, end);
    if (after >= end) return true;
    const c = text.charCodeAt(after);
    if (c === COMMA || c === RBRACK) return true;
    do k++;
    while (k < far && text.charCodeAt(k) !== QUOTE && text.charCodeAt(k) !== LF);
    if (k >= far || text.charCodeAt(k) === LF) return false;
  }
  return true;
}

/**
 * The `quote` (`"` or `'`) that closes the string opened at `open`, before `limit`, or -1. One after
 * an odd run of backslashes is escaped.
 */
export function closerOf(text: string, open: number, limit: number, quote = '"'): number {
  for (let k = open; ; ) {
    k = text.indexOf(quote, k + 1);
    if (k < 0 || k >= limit) return -1;
    let b = k - 1;
    while (b > open && text.charCodeAt(b) === BACKSLASH) b--;
    if ((k - 1 - b) % 2 === 0) return k;
  }
}

/** Longest key text looked at for a colon in {@link lostKeyQuoteColon}. */
const KEY_LOOK = 64;

/**
 * The colon that ends a key that lost its closing quote, or -1: the `"` at `j` opens a key (the
 * caller knows it stands where one does), its first closing quote at `first` is followed by text,
 * and the key's text before it holds a colon within KEY_LOOK that a container's opener follows
 * (`"s:{"b"`), or that quote, opening a string that ends before a delimiter (`"name: "Ann",`; not
 * `{"a:"b} and then "quoted"`, where the key ended at the quote). The parser ends such a key at the
 * colon (unterminated_key). Looks for that string's end before `limit`; each string is looked at
 * once, so a scan that asks at every key stays linear.
 */
export function lostKeyQuoteColon(text: string, j: number, first: number, limit: number): number {
  const stop = Math.min(first, j + 1 + KEY_LOOK);
  let colon = j + 1;
  while (colon < stop && text.charCodeAt(colon) !== COLON) colon++;
  if (colon >= stop || colon === j + 1) return -1;
  let v = colon + 1;
  while (v < first && (text.charCodeAt(v) === SPACE || text.charCodeAt(v) === TAB)) v++;
  const c = text.charCodeAt(v);
  if (c === LBRACE || c === LBRACK) return colon;
  if (v !== first) return -1;
  const end = closerOf(text, first, limit);
  if (end < 0) return -1;
  const d = skipWs(text, end + 1, limit);
  const e = text.charCodeAt(d);
  return d >= limit || e === COMMA || e === RBRACE || e === RBRACK ? colon : -1;
}

/** The quote that closes the double-quoted string opened at `k` (escapes skipped), or `end`. */
export function closingQuote(text: string, k: number, end: number): number {
  const close = closerOf(text, k, end);
  return close < 0 ? end : close;
}

/**
 * True when [i, end) is exactly one scalar token, comments around it aside: a string in double or
 * single quotes (no unescaped quote of its kind inside), a number (hexadecimal too, as JavaScript
 * and JSON5 write one), or a literal (a signed `Infinity` or `NaN` too). Used by `whole` for replies
 * such as `"{\"a\": 1}"`, `42`, `'done'` or `null // nothing found`.
 */
export function isWholeScalar(text: string, i: number, end: number): boolean {
  const t = scalarTokenEnd(text, i, end);
  if (t <= i || skipComments(text, t, end) < end) return false;
  // `'{"a": 1}'`: a JSON document in a Python repr is the document (the parser unwraps it), and
  // `42 // see {"b": 1}`: a comment holding an opener may hold the answer.
  if (text.charCodeAt(i) === APOS && (text.charCodeAt(i + 1) === LBRACE || text.charCodeAt(i + 1) === LBRACK)) return false;
  for (let k = t; k < end; k++) if (text.charCodeAt(k) === LBRACE || text.charCodeAt(k) === LBRACK) return false;
  return true;
}

/** One past the scalar token at `i` (see {@link isWholeScalar}), or -1. */
function scalarTokenEnd(text: string, i: number, end: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE || c === APOS) {
    for (let j = i + 1; j < end; j++) {
      const d = text.charCodeAt(j);
      if (d === BACKSLASH) j++;
      else if (d === c) return j + 1;
    }
    return -1;
  }
  const digits = c === MINUS || c === PLUS ? i + 1 : i;
  if (text.charCodeAt(digits) === 0x30 && (text.charCodeAt(digits + 1) | 0x20) === 0x78) {
    let j = digits + 2;
    while (j < end && isHexDigit(text.charCodeAt(j))) j++;
    return j > digits + 2 ? j : -1;
  }
  if (startsNumber(text, i, end)) return numberEnd(text, i, end);
  const j = literalAt(text, digits, end);
  return j < 0 || (digits > i && !signedNonFinite(text, i, end)) ? -1 : j;
}

/** Whether `-Infinity`, `+Infinity`, `-NaN` or `+NaN` starts at `i`, as JavaScript and JSON5 write one. */
function signedNonFinite(text: string, i: number, end: number): boolean {
  const c = text.charCodeAt(i);
  if (c !== MINUS && c !== PLUS) return false;
  return (i + 9 <= end && text.startsWith('Infinity', i + 1)) || (i + 4 <= end && text.startsWith('NaN', i + 1));
}

function isHexDigit(c: number): boolean {
  return isDigit(c) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
}
