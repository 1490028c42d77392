// A JSON document written inside a string value without escaping its quotes (see
// src/extract/embedded-doc.ts): the parser's side, which keeps each search's progress on the engine
// so a stream reads every character once.
import { DOCUMENT_SCAN_ALLOWANCE, INNER_DOCUMENT_REACH, mayOpenDocument, documentCloser, documentOpensAt, innerDocumentOpener, quoteAfterDocument, MORE } from '../extract/embedded-doc.js';
import type { Engine } from './engine.js';
import { NEED_MORE } from './state.js';
import { lookBackFloor } from './strings.js';

/**
 * Whether the quote at `i`, in a value string inside a container, belongs to a JSON document that opens the
 * string's text (documentOpensAt), up to its matching closer, then the first quote that a `,` `}`
 * `]` or the text's end follows (quoteAfterDocument: `}⏎</invoke>"` keeps its tail). Quotes before
 * that one are the document's text. Each string is looked at once, its search resumed as text
 * arrives (NEED_MORE while the text so far cannot tell); no such document, or a search past the
 * text's allowance: the usual rules decide.
 */
export function embeddedDocText(e: Engine, i: number): boolean {
  if (e.docFor !== e.strStart) {
    const from = e.textStart - e.base;
    const open = from < 0 || !inContainer(e) || !mayOpenDocument(e.buf, from) ? -1 : answer(e, documentOpensAt(e.buf, from, e.end));
    e.docQuote = open >= 0 && e.docScanned <= e.strStart + DOCUMENT_SCAN_ALLOWANCE ? -1 : -2;
    e.docFor = e.strStart;
    e.docScan.at = e.base + open;
    e.docScan.depth = 0;
    e.docScan.inString = false;
  }
  if (e.docQuote === -1) e.docQuote = documentEnd(e);
  return e.base + i < e.docQuote;
}

/** Whether the string being read is a member's value or an element (a key, or a string alone, is not looked at). */
function inContainer(e: Engine): boolean {
  return !e.strIsKey && e.kinds.length > 0;
}

/** `found`, or NEED_MORE when it is MORE and more text may come (-1 at the text's end). */
function answer(e: Engine, found: number): number {
  if (found !== MORE) return found;
  if (!e.final) throw NEED_MORE;
  return -1;
}

/** Goes on with the search for the document's closer, then its string's end quote: that quote's absolute offset, or -2. */
function documentEnd(e: Engine): number {
  // The search reads offsets in the buffer; the engine keeps them absolute (a stream's buffer moves).
  const scan = e.docScan;
  const from = scan.at - e.base;
  scan.at = from;
  const closer = documentCloser(e.buf, scan, e.end);
  e.docScanned += scan.at - from;
  scan.at += e.base;
  if (closer < 0) {
    if (!e.final) throw NEED_MORE;
    return -2;
  }
  const quote = answer(e, quoteAfterDocument(e.buf, closer + 1, e.end, e.final));
  return quote < 0 ? -2 : e.base + quote;
}

/**
 * `{"text": "use {"k": "v", "j": 2} ok"}`: a document quoted after some words of a value string, its
 * quotes not escaped. The quote at `i`, before a `,`, belongs to it when the string's text up to
 * `i` opened it (a `{"` or `["` whose quote was read as text, not closed since) and, from that opener,
 * its matching closer comes and then a quote that a `,` `}` `]` or the text's end follows (the
 * string's end, after `i`). Read at the comma, the document's members climbed into the outer object
 * and the words after it became an element. Looks back at most LOOKAHEAD characters and on at most
 * INNER_DOCUMENT_REACH; waits (NEED_MORE) while the text so far cannot tell. Found, the string's end
 * is kept as embeddedDocText's, which then answers for the quotes before it.
 */
export function innerDocumentText(e: Engine, i: number): boolean {
  if (e.strIsKey || e.kinds.length === 0) return false;
  const s = e.buf;
  const open = innerDocumentOpener(s, lookBackFloor(e, i), i, s.charCodeAt(i));
  if (open < 0) return false;
  const limit = Math.min(e.end, open + INNER_DOCUMENT_REACH);
  const closer = documentCloser(s, { at: open, depth: 0, inString: false }, limit);
  if (closer < 0) {
    if (limit >= e.end && !e.final) throw NEED_MORE;
    return false;
  }
  if (closer < i) return false;
  const quote = answer(e, quoteAfterDocument(s, closer + 1, e.end, e.final));
  if (quote <= i) return false;
  // The quotes up to the string's end are the document's: embeddedDocText answers for them now.
  e.docFor = e.strStart;
  e.docQuote = e.base + quote;
  return true;
}

