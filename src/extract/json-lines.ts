// Values one per line in prose (JSON Lines after a label): one candidate, not one per value.
import type { ProseSpan } from './balanced.js';
import { isWs } from './chars.js';
import { answerLabelBefore } from '../parse/answer-label.js';

const LF = 0x0a;
const COMMA = 0x2c;
const STAR = 0x2a;
const UNDERSCORE = 0x5f;
const COLON = 0x3a;
const LBRACKET = 0x5b;
const FULLWIDTH_COLON = 0xff1a;

/**
 * Whether only white space (spaces, tabs, a BOM, NBSP…) stands between `i` and the start of its line
 * or of the text: the value at `i` begins a line.
 */
function beginsLine(text: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && text.charCodeAt(k) !== LF && isWs(text.charCodeAt(k))) k--;
  return k < 0 || text.charCodeAt(k) === LF;
}

/**
 * Whether [from, to) is white space holding a line break, and at most one comma: values listed one per
 * line with commas (`{"a": 1},⏎{"b": 2}`) are a run as much as JSON Lines are; the first alone lost
 * the rest without a word.
 */
function lineBreakGap(text: string, from: number, to: number): boolean {
  let broke = false;
  let commas = 0;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === LF) broke = true;
    else if (c === COMMA) {
      if (++commas > 1) return false;
    } else if (!isWs(c)) return false;
  }
  return broke;
}

/** Whether only white space stands from `i` to the end of its line, or to `end` (the prose's). */
function endsLine(text: string, i: number, end: number): boolean {
  for (let k = i; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === LF) return true;
    if (!isWs(c)) return false;
  }
  return true;
}

/**
 * Whether the line before the one `i` begins (blank lines and a label's Markdown marks skipped) ends in
 * a colon: a label that introduces what follows (`Here are the records:`, `**Rows:**`). Reads back over
 * white space only, so each gap between spans is read once.
 */
function colonLineBefore(text: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && (isWs(text.charCodeAt(k)) || text.charCodeAt(k) === STAR || text.charCodeAt(k) === UNDERSCORE)) k--;
  return k >= 0 && (text.charCodeAt(k) === COLON || text.charCodeAt(k) === FULLWIDTH_COLON);
}

/**
 * Whether the label on the line of the value at `i` (which ends in a colon) names nothing in
 * particular (`Here:`, `Records:`, `**Rows:**`): its words say values follow, not which one.
 * `Answer:`, `New:`, `Example:` name one value (the answer, the better or the lesser of a pair), and
 * the value on the next line is another one (see parse/answer-label.ts). Reads one line's worth back.
 */
function neutralLabel(text: string, i: number): boolean {
  return answerLabelBefore(text, i, undefined) === undefined;
}

/** Whether the span opens an array (`[`): a lone `[12]` line joins a run of arrays only. */
function isArray(text: string, span: ProseSpan): boolean {
  return text.charCodeAt(span.start) === LBRACKET;
}

/**
 * The index of the last span in the run of values one per line that starts at `spans[i]`, or `i` when
 * none does. A run (`Here are the records:⏎{"a": 1}⏎{"a": 2}`) is values that each begin a line, with
 * only white space between them: JSON Lines, which a reply with nothing before it gives whole, as one
 * array (concatenated values). Read as candidates of their own, the first was the answer and the rest
 * were dropped with no word. The first may stand on the label's own line when that label ends in a
 * colon and names nothing in particular (`Here: {"a": 1}⏎{"b": 2}`; see neutralLabel).
 *
 * A lone `[12]` (a citation as often as an array) is a line of a run only under a label ending in a
 * colon, in a run of arrays alone (`Records:⏎[1]⏎[2, 3]`, `Records: [1]⏎[2]`), and ending its line:
 * a footnote's marker has its text after it on the line (`[1] Smith et al.`), and lines of markers
 * before an object stay markers (`Sources:⏎[1]⏎{"a": 1}` is the object). Lines of them alone make a
 * run too (`Here are the records:⏎[1]⏎[2]`); after a label with no colon they stay weak (`Here are
 * the records⏎[1]⏎[2]`): markers after a sentence as often, and read as a run they would beat a
 * value found later in the reply, which a citation never does.
 *
 * Not a run: values on one line (`Here: {"a": 1} {"b": 2} ok`, a citation beside another), prose
 * between them (`Here: {"a": 1}⏎Hope it helps {"b": 2}`), a call's argument, a span cut off before the
 * last, or a first one that `emptyFirst` says is an empty value side by side with the answer
 * (`Reasoning: []⏎{…}`). `end` is where the prose ends. Each gap is read once: linear.
 */
export function jsonLinesRunEnd(text: string, spans: readonly ProseSpan[], i: number, emptyFirst: boolean, end: number): number {
  const first = spans[i];
  if (emptyFirst || first.jsonp || first.truncated) return i;
  // Both read back over white space and marks only (each gap once). Without a colon, a lone `[12]` is
  // no line of a run, and the run stops before one, so a span is looked past once.
  const ownLine = beginsLine(text, first.start);
  const colon = colonLineBefore(text, first.start);
  if ((!ownLine || first.weak) && !colon) return i;
  // The lines joined by line breaks alone; which of them make the run is read below.
  let last = i;
  let weak = first.weak;
  let arrays = isArray(text, first);
  // The last line that is no lone `[12]`, before the first one that is (the run as strong lines read it).
  let strongEnd = first.weak ? -1 : i;
  while (last + 1 < spans.length) {
    const next = spans[last + 1];
    if (spans[last].truncated || next.jsonp || (next.weak && !colon) || !lineBreakGap(text, spans[last].end, next.start)) break;
    last++;
    if (next.weak) weak = true;
    else if (!weak) strongEnd = last;
    if (!isArray(text, next)) arrays = false;
  }
  // The label's words are read only once a line follows: a span with none costs no look back.
  if (last === i || (!ownLine && !neutralLabel(text, first.start))) return i;
  if (!weak) return last;
  // Lone `[12]` lines: values only in a run of arrays, the last ending its line (else footnote markers).
  if (arrays && (!spans[last].weak || endsLine(text, spans[last].end, end))) return last;
  return first.weak ? i : strongEnd;
}
