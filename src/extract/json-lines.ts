// Values one per line in prose (JSON Lines after a label): one candidate, not one per value.
import type { ProseSpan } from './balanced.js';
import { isWs } from './chars.js';

const LF = 0x0a;
const STAR = 0x2a;
const UNDERSCORE = 0x5f;
const COLON = 0x3a;
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

/** Whether [from, to) is white space holding a line break. */
function lineBreakGap(text: string, from: number, to: number): boolean {
  let broke = false;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === LF) broke = true;
    else if (!isWs(c)) return false;
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
 * A run of lone `[12]` lines after a label whose line ends in a colon (`Here are the records:⏎[1]⏎[2]`):
 * the index of its last span, or `i` when there is none. Alone, such a span is weak, a citation as
 * often as an array; two or more of them, each alone on its line, under a label that says values
 * follow, are the values: a footnote's marker has its text after it on the line (`[1] Smith et al.`),
 * and a list of markers with nothing after them is none. Read as weak candidates, the first was the
 * answer and the rest were dropped with no word. A run of them takes only such lines, and none is
 * read when a stronger value follows on the next line (`Sources:⏎[1]⏎[2]⏎{"a": 1}`): lines of markers
 * before an object stay markers, as one does (`Sources:⏎[1]⏎{"a": 1}` is the object).
 */
function loneBracketsRunEnd(text: string, spans: readonly ProseSpan[], i: number, end: number): number {
  if (!beginsLine(text, spans[i].start) || !colonLineBefore(text, spans[i].start)) return i;
  let j = i;
  while (j + 1 < spans.length && spans[j + 1].weak && lineBreakGap(text, spans[j].end, spans[j + 1].start)) j++;
  if (j + 1 < spans.length && lineBreakGap(text, spans[j].end, spans[j + 1].start)) return i;
  return j > i && endsLine(text, spans[j].end, end) ? j : i;
}

/**
 * The index of the last span in the run of values one per line that starts at `spans[i]`, or `i` when
 * none does. A run (`Here are the records:⏎{"a": 1}⏎{"a": 2}`) is values that each begin a line, with
 * only white space between them: JSON Lines, which a reply with nothing before it gives whole, as one
 * array (concatenated values). Read as candidates of their own, the first was the answer and the rest
 * were dropped with no word. Not a run: values on one line (`Here: {"a": 1} {"b": 2} ok`, a citation
 * beside another), a value after the label on its line (`Here: {"a": 1}⏎{"b": 2}`), prose between
 * them (`Here: {"a": 1}⏎Hope it helps {"b": 2}`), a call's argument, a span cut off before the last,
 * a lone `[12]` (a citation as often as an array: a run of them only as loneBracketsRunEnd reads
 * it), or a first one that `emptyFirst` says is an empty value side by side with the answer
 * (`Reasoning: []⏎{…}`). `end` is where the prose ends. Each gap is read once: linear.
 */
export function jsonLinesRunEnd(text: string, spans: readonly ProseSpan[], i: number, emptyFirst: boolean, end: number): number {
  const first = spans[i];
  if (first.weak) return loneBracketsRunEnd(text, spans, i, end);
  if (emptyFirst || first.jsonp || first.truncated || !beginsLine(text, first.start)) return i;
  let j = i;
  while (j + 1 < spans.length) {
    const cur = spans[j];
    const next = spans[j + 1];
    if (cur.truncated || next.jsonp || next.weak || !lineBreakGap(text, cur.end, next.start)) break;
    j++;
  }
  return j;
}
