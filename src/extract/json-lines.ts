// Values one per line in prose (JSON Lines after a label): one candidate, not one per value.
import type { ProseSpan } from './balanced.js';
import { isWs } from './chars.js';

const LF = 0x0a;

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

/**
 * The index of the last span in the run of values one per line that starts at `spans[i]`, or `i` when
 * none does. A run (`Here are the records:⏎{"a": 1}⏎{"a": 2}`) is values that each begin a line, with
 * only white space between them: JSON Lines, which a reply with nothing before it gives whole, as one
 * array (concatenated values). Read as candidates of their own, the first was the answer and the rest
 * were dropped with no word. Not a run: values on one line (`Here: {"a": 1} {"b": 2} ok`, a citation
 * beside another), a value after the label on its line (`Here: {"a": 1}⏎{"b": 2}`), prose between
 * them (`Here: {"a": 1}⏎Hope it helps {"b": 2}`), a call's argument, a span cut off before the last,
 * a lone `[12]` (a citation as often as an array), or a first one that `emptyFirst` says is an empty
 * value side by side with the answer (`Reasoning: []⏎{…}`). Each gap is read once: linear.
 */
export function jsonLinesRunEnd(text: string, spans: readonly ProseSpan[], i: number, emptyFirst: boolean): number {
  const first = spans[i];
  if (emptyFirst || first.jsonp || first.weak || first.truncated || !beginsLine(text, first.start)) return i;
  let j = i;
  while (j + 1 < spans.length) {
    const cur = spans[j];
    const next = spans[j + 1];
    if (cur.truncated || next.jsonp || next.weak || !lineBreakGap(text, cur.end, next.start)) break;
    j++;
  }
  return j;
}
