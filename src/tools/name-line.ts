// GLM-4's own tool-call format (glm-4-9b-chat, GLM-4-9B-0414: its chat template defines no markers,
// mlx-swift-lm #491; BFCL's glm handler splits the reply at its line break): the tool's name alone on
// a line, then the arguments' object. A word before JSON is prose often enough (`Result⏎{…}`, the
// worry of mlx-swift-lm #623), so the rule is narrow: the name is exactly one of `tools`, the object
// follows at once (on the next line, or after spaces on the name's), and the pair stands apart: it
// starts the reply or follows a blank line, a reasoning block or the call before it, and the object
// ends the reply or a blank line or the next such call follows it. Every look is bounded or passes
// over white space that belongs to this call alone: linear in the reply.
import { DEFAULT_REASONING_TAGS } from '../extract/types.js';

/** How far a name line reaches from its object: the name and the spaces around it. */
const NAME_LIMIT = 160;
const REASONING_CLOSERS: readonly string[] = DEFAULT_REASONING_TAGS.map((tag) => `</${tag}>`);

/** Space within a line. */
function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d;
}

/** A tool's name line and its object, found before the object's `{`. */
export interface NameLine {
  /** Where the name starts. */
  start: number;
  name: string;
}

/**
 * The call whose object starts at `open` and ends at `end`, when a tool's name line stands right
 * before it and the pair stands apart (see above); `previousEnd` is where the last such call ended.
 */
export function nameLineCall(text: string, open: number, end: number, previousEnd: number, known: (name: string) => boolean): NameLine | undefined {
  return text.charCodeAt(open) === 0x7b ? standingNameLine(text, open, end, previousEnd, known) : undefined;
}

/**
 * The tool's name line before the arguments that start at `open` (whatever they are written in:
 * ChatGLM3 writes a ```` ```python ```` fence there, see pythonic.ts) and end at `end`, when the pair
 * stands apart (see above).
 */
export function standingNameLine(text: string, open: number, end: number, previousEnd: number, known: (name: string) => boolean): NameLine | undefined {
  const line = nameLineBefore(text, open, known);
  if (line === undefined || !startsApart(text, line.start, previousEnd) || !endsApart(text, end, known)) return undefined;
  return line;
}

/** The tool's name on the line before `open`, or before it on its own line, spaces between. */
function nameLineBefore(text: string, open: number, known: (name: string) => boolean): NameLine | undefined {
  let k = open;
  let breaks = 0;
  for (; k > 0 && open - k < NAME_LIMIT; k--) {
    const c = text.charCodeAt(k - 1);
    if (c === 0x0a) {
      if (++breaks > 1) return undefined;
    } else if (!isBlank(c)) break;
  }
  const nameEnd = k;
  while (k > 0 && open - k < NAME_LIMIT && text.charCodeAt(k - 1) !== 0x0a) k--;
  if (k > 0 && text.charCodeAt(k - 1) !== 0x0a) return undefined;
  const written = text.slice(k, nameEnd);
  const name = written.trim();
  if (name === '' || !known(name)) return undefined;
  return { start: k + written.length - written.trimStart().length, name };
}

/** Whether the line at `lineStart` follows the reply's start, a blank line, a reasoning block, or the call that ended at `previousEnd`. */
function startsApart(text: string, lineStart: number, previousEnd: number): boolean {
  let k = lineStart;
  let breaks = 0;
  for (; k > 0; k--) {
    const c = text.charCodeAt(k - 1);
    if (c === 0x0a) {
      if (++breaks === 2) return true;
    } else if (!isBlank(c)) break;
  }
  return k === 0 || k === previousEnd || REASONING_CLOSERS.some((closer) => text.endsWith(closer, k));
}

/** Whether the object that ends at `end` ends the reply, or a blank line or another tool's name line follows it. */
function endsApart(text: string, end: number, known: (name: string) => boolean): boolean {
  let k = end;
  while (k < text.length && isBlank(text.charCodeAt(k))) k++;
  if (k === text.length) return true;
  if (text.charCodeAt(k) !== 0x0a) return false;
  k++;
  while (k < text.length && isBlank(text.charCodeAt(k))) k++;
  return k === text.length || text.charCodeAt(k) === 0x0a || nameLineAt(text, k, known);
}

/** Whether a tool's name line, then its object, starts at `start`. */
function nameLineAt(text: string, start: number, known: (name: string) => boolean): boolean {
  let k = start;
  while (k < text.length && k - start < NAME_LIMIT && text.charCodeAt(k) !== 0x0a && text.charCodeAt(k) !== 0x7b) k++;
  if (!known(text.slice(start, k).trim())) return false;
  if (text.charCodeAt(k) === 0x0a) k++;
  while (k < text.length && isBlank(text.charCodeAt(k))) k++;
  return text.charCodeAt(k) === 0x7b;
}
