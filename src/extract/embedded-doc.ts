// A JSON document written inside a string value without escaping its quotes:
// `{"arguments": "{"city": "Paris", "days": 3}"}` (dspy #8539). Read quote by quote, the document's
// keys would end the string and climb into the outer object; read as one text, the string keeps it.
// The parser (src/parse/embedded-doc.ts, resumable) and the prose scan (balanced.ts) share these reads.

import { isJsonWs } from './chars.js';

const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const LBRACE = 0x7b;
const LBRACK = 0x5b;
const LF = 0x0a;
const QUOTE = 0x22;
const RBRACE = 0x7d;
const RBRACK = 0x5d;

/** The text ran out before the answer: wait for more, or (at the end) take it as no. */
export const MORE = -2;

/**
 * How far all the searches for documents' closers over one text may read beyond the string that
 * starts one (characters): each search reads from its string on, so this keeps their sum linear.
 */
export const DOCUMENT_SCAN_ALLOWANCE = 1 << 16;

/** How far the quote after a document's closer, and a key's or element's end quote, are looked for. */
const LOOK = 160;

/** Past white space at `k`, raw or escaped (`\n`, `\t`, `\r`), what a document's text may hold between tokens; MORE at `end`. */
function skipSpace(s: string, k: number, end: number): number {
  for (;;) {
    if (k >= end) return MORE;
    const c = s.charCodeAt(k);
    if (isJsonWs(c)) k++;
    else if (c !== BACKSLASH) return k;
    else if (k + 1 >= end) return MORE;
    else if (isEscapedSpace(s.charCodeAt(k + 1))) k += 2;
    else return k;
  }
}

function isEscapedSpace(c: number): boolean {
  return c === 0x6e || c === 0x74 || c === 0x72;
}

/** Whether a string whose text starts at `from` may open a document: the cheap test before documentOpensAt. */
export function mayOpenDocument(s: string, from: number): boolean {
  const c = s.charCodeAt(from);
  return c === LBRACE || c === LBRACK || c === BACKSLASH || isJsonWs(c);
}

/**
 * Whether a string's text starting at `from` opens a document: `{` and a quoted key with its colon,
 * or `[` and a quoted element with its `,` or `]` (or such an object), white space between. Returns
 * the opener's offset, -1 when it does not, MORE when the text up to `end` cannot tell.
 */
export function documentOpensAt(s: string, from: number, end: number): number {
  const open = skipSpace(s, from, end);
  if (open < 0) return open;
  let k = open;
  if (s.charCodeAt(k) === LBRACK) {
    k = skipSpace(s, k + 1, end);
    if (k < 0) return k;
    if (s.charCodeAt(k) !== LBRACE) return either(quotedThen(s, k, end, COMMA, RBRACK), open);
  }
  if (s.charCodeAt(k) !== LBRACE) return -1;
  k = skipSpace(s, k + 1, end);
  return k < 0 ? k : either(quotedThen(s, k, end, COLON, COLON), open);
}

function either(answer: number, open: number): number {
  return answer === 1 ? open : answer;
}

/** Whether a quoted text on one line stands at `k`, followed (past spaces) by `a` or `b`: 1, -1, or MORE. */
function quotedThen(s: string, k: number, end: number, a: number, b: number): number {
  if (s.charCodeAt(k) !== QUOTE) return -1;
  // `"[", "]"`: a delimiter after the quote shows it closed the string that holds the bracket.
  if (k + 1 >= end) return MORE;
  const next = s.charCodeAt(k + 1);
  if (next === COMMA || next === RBRACE || next === RBRACK || next === COLON || isJsonWs(next)) return -1;
  const limit = Math.min(end, k + LOOK);
  k++;
  while (k < limit && s.charCodeAt(k) !== QUOTE && s.charCodeAt(k) !== LF) k++;
  if (k >= end) return MORE;
  if (k >= limit || s.charCodeAt(k) !== QUOTE) return -1;
  k = skipSpace(s, k + 1, end);
  if (k < 0) return k;
  const c = s.charCodeAt(k);
  return c === a || c === b ? 1 : -1;
}

/** A search for a document's closer, resumable: where it goes on, the depth there and whether inside a string. */
export interface DocumentScan {
  at: number;
  depth: number;
  inString: boolean;
}

/**
 * Goes on with `scan` up to the closer that matches the document's opener (quotes paired as JSON
 * pairs them) and returns its offset; -1 when `end` comes first, `scan` then kept for more text (a
 * backslash at the end is read again with the character it escapes).
 */
export function documentCloser(s: string, scan: DocumentScan, end: number): number {
  let k = scan.at;
  let depth = scan.depth;
  let inString = scan.inString;
  for (; k < end; k++) {
    const c = s.charCodeAt(k);
    if (inString) {
      if (c === BACKSLASH) {
        if (k + 1 >= end) break;
        k++;
      } else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === LBRACE || c === LBRACK) {
      depth++;
    } else if ((c === RBRACE || c === RBRACK) && --depth === 0) {
      // Kept as before the closer, so a search resumed finds it again.
      scan.at = k;
      scan.depth = 1;
      scan.inString = false;
      return k;
    }
  }
  scan.at = Math.min(k, end);
  scan.depth = depth;
  scan.inString = inString;
  return -1;
}

/**
 * The first quote at or after `k`, within LOOK characters, that a `,` `}` `]` or the text's end
 * follows (past white space): the end of the string that holds a document closed just before `k`.
 * -1 when none does; MORE when the text up to `end` cannot tell (`final`: the end is the text's).
 */
export function quoteAfterDocument(s: string, k: number, end: number, final: boolean): number {
  const limit = Math.min(end, k + LOOK);
  for (; k < limit; k++) {
    if (s.charCodeAt(k) !== QUOTE) continue;
    let n = k + 1;
    while (n < end && isJsonWs(s.charCodeAt(n))) n++;
    if (n >= end) return final ? k : MORE;
    const c = s.charCodeAt(n);
    if (c === COMMA || c === RBRACE || c === RBRACK) return k;
  }
  return k >= end && !final ? MORE : -1;
}

const NO_DOCUMENT = { at: -1, scanned: 0 } as const;

/**
 * In a whole text (the prose scan): the end quote of the string whose text starts at `from`, when
 * that text opens a document, else -1; and how many characters the search for its closer read.
 */
export function documentStringEnd(s: string, from: number, limit: number): { at: number; scanned: number } {
  const open = documentOpensAt(s, from, limit);
  if (open < 0) return NO_DOCUMENT;
  const scan: DocumentScan = { at: open, depth: 0, inString: false };
  const closer = documentCloser(s, scan, limit);
  return { at: closer < 0 ? -1 : quoteAfterDocument(s, closer + 1, limit, true), scanned: scan.at - open };
}

/** How far past its opener a document quoted after words of a string is searched for its closer. */
export const INNER_DOCUMENT_REACH = 640;

/**
 * `"use {"k": "v", "j": 2} ok"`: the outermost `{` or `[` (only `{` without `arrays`) in a string's
 * raw text [from, to) that a `quote` follows (spaces between) and no closer in the range closed, where
 * a document quoted after words of the text opened; -1 when none.
 */
export function innerDocumentOpener(s: string, from: number, to: number, quote: number, arrays = true): number {
  const open: number[] = [];
  for (let k = from; k < to; k++) {
    const c = s.charCodeAt(k);
    if (c === LBRACE || (arrays && c === LBRACK)) {
      let n = k + 1;
      while (n < to && s.charCodeAt(n) === 0x20) n++;
      if (n < to && s.charCodeAt(n) === quote) open.push(k);
    } else if (open.length > 0 && (c === RBRACE || c === RBRACK) && s.charCodeAt(open[open.length - 1]) === c - 2) {
      open.pop();
    }
  }
  return open.length > 0 ? open[0] : -1;
}

/** How far back in a string's text the opener of a document quoted after its words is looked for: the parser's LOOKAHEAD. */
export const INNER_DOCUMENT_LOOK_BACK = 160;

/**
 * In a whole text (the prose scan): the end quote of a value string whose quote at `at`, before a
 * comma, belongs to a document its text [from, at) opened after some words (innerDocumentText in
 * parse/embedded-doc.ts reads it so): the first quote after that document's closer that a `,` `}`
 * `]` or the end follows; -1 when there is none.
 */
export function innerDocumentStringEnd(s: string, from: number, at: number, limit: number): number {
  const open = innerDocumentOpener(s, Math.max(from, at - INNER_DOCUMENT_LOOK_BACK), at, QUOTE);
  if (open < 0) return -1;
  const closer = documentCloser(s, { at: open, depth: 0, inString: false }, Math.min(limit, open + INNER_DOCUMENT_REACH));
  if (closer < at) return -1;
  return quoteAfterDocument(s, closer + 1, limit, true);
}
