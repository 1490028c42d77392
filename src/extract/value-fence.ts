// A code block written as a JSON value (`"code": ```python ⏎ … ⏎ ```}`): the parser reads it as a
// string (repair kind fenced_value), so extraction must not take it for a fence around the answer, nor
// count the brackets and quotes of the code inside it.
import { isIdentChar, isJsonWs } from './chars.js';

const BACKTICK = 0x60;
const COLON = 0x3a;
const QUOTE = 0x22;
const APOS = 0x27;
const COMMA = 0x2c;
const RBRACE = 0x7d;
const RBRACK = 0x5d;

/** How far back from the backticks the `":` of the key is looked for (spaces and line breaks only). */
const KEY_LOOKBACK = 16;

/**
 * Whether the run of three or more backticks at `p` opens a value: a quoted key and its colon come
 * right before it (`"code": ```py`), or those and the quote of a string whose text opens with it
 * (`"code": "```py`, json_repair #159). A fence after prose (`Here it is: ```json`) or a bracket
 * (`[```json … ```]`) still wraps the answer.
 */
export function isValueFenceAt(text: string, p: number): boolean {
  if (text.charCodeAt(p + 1) !== BACKTICK || text.charCodeAt(p + 2) !== BACKTICK) return false;
  const floor = Math.max(0, p - KEY_LOOKBACK);
  let k = p - 1;
  if (k >= floor && text.charCodeAt(k) === QUOTE) {
    // In a string, only a code block's opening line is one (```` ```py⏎ ````): `"```"` is a string of backticks.
    if (!opensBlock(text, p)) return false;
    k--;
  }
  while (k >= floor && isJsonWs(text.charCodeAt(k))) k--;
  if (k < floor || text.charCodeAt(k) !== COLON) return false;
  k--;
  while (k >= floor && (text.charCodeAt(k) === 0x20 || text.charCodeAt(k) === 0x09)) k--;
  const q = k >= 0 ? text.charCodeAt(k) : -1;
  if (q !== QUOTE && q !== APOS) return false;
  // Backticks that no later run closes close the fence around the answer, cut off after a key's
  // colon (`"a":⏎```⏎Done.`): read as a value, they made up an empty string or took the prose after.
  let end = p + 3;
  while (text.charCodeAt(end) === BACKTICK) end++;
  return lastFenceIn(text) >= end;
}

/** The text last asked about and where its last run of three backticks starts: one search per text. */
let lastText = '';
let lastFence = -1;

function lastFenceIn(text: string): number {
  if (text !== lastText) {
    lastText = text;
    lastFence = text.lastIndexOf('```');
  }
  return lastFence;
}

/** Longest language tag read on a fence's opening line written after other text (`Here it is: ```json`). */
const INLINE_INFO_LIMIT = 32;

/**
 * Where the line of a fence whose backticks end at `q` ends (its line break), when only a short
 * language word (`json`, `c++`, `objective-c`) and spaces follow them there; else -1. A fence opened
 * after other text on its line (prose's `Here it is: ```json`, a string's `"```py`) opens a block only so.
 */
export function inlineFenceLineEnd(text: string, q: number, n: number): number {
  const w = languageWordEnd(text, q, n);
  let e = w;
  while (e < n && e - w <= INLINE_INFO_LIMIT && (text.charCodeAt(e) === 0x20 || text.charCodeAt(e) === 0x09 || text.charCodeAt(e) === 0x0d)) e++;
  return e < n && text.charCodeAt(e) === 0x0a && w - q <= INLINE_INFO_LIMIT ? e : -1;
}

/** One past the language word at `q` (`json`, `c++`, `objective-c`), or where it passes the short word's limit. */
export function languageWordEnd(text: string, q: number, n: number): number {
  let w = q;
  while (w < n && w - q <= INLINE_INFO_LIMIT && (isIdentChar(text.charCodeAt(w)) || text.charCodeAt(w) === 0x2d || text.charCodeAt(w) === 0x2b)) w++;
  return w;
}

/** Whether the backticks at `p` are the whole line of a code block's opening but for a language tag. */
function opensBlock(text: string, p: number): boolean {
  let k = p;
  while (text.charCodeAt(k) === BACKTICK) k++;
  return inlineFenceLineEnd(text, k, text.length) >= 0;
}

/**
 * Where the value fence opened at `p` ends: after the first later run of three or more backticks that
 * the value's end follows (space, the string's quote when one opened the fence, then `,` `}` `]` or
 * the end of the text) — the engine's reading, in short. `limit` when it never closes. Linear: each
 * run is looked at once.
 */
export function valueFenceEnd(text: string, p: number, limit: number): number {
  let k = p;
  const quoted = p > 0 && text.charCodeAt(p - 1) === QUOTE;
  while (k < limit && text.charCodeAt(k) === BACKTICK) k++;
  for (;;) {
    const run = text.indexOf('```', k);
    if (run < 0 || run >= limit) return limit;
    let end = run + 3;
    while (end < limit && text.charCodeAt(end) === BACKTICK) end++;
    let j = end;
    while (j < limit && isJsonWs(text.charCodeAt(j))) j++;
    if (quoted) {
      if (j >= limit || text.charCodeAt(j) !== QUOTE) {
        k = end;
        continue;
      }
      j++;
      while (j < limit && isJsonWs(text.charCodeAt(j))) j++;
    }
    const c = j < limit ? text.charCodeAt(j) : -1;
    if (c === -1 || c === COMMA || c === RBRACE || c === RBRACK) return quoted ? j : end;
    k = end;
  }
}
