// How a reply wrote its numbers. A number read from text is a double: `1.10` is 1.1 and the id
// `12345678901234567890` is 12345678901234567000. Where the schema asks for a string, the string is
// the number as written, not as the double prints (`scalar_to_string`).
import { isDigit } from '../parse/chars.js';
import { rewrittenNumberAt } from '../parse/numbers.js';

/**
 * The spelling of `n` in the text (as printed or not); null when the text spells it two ways;
 * undefined when the text does not spell it (a number no reading of the text gave, or one read from
 * a form the scan does not know).
 */
export type NumberText = (n: number) => string | null | undefined;

/**
 * The spellings of the numbers in `text[start, end)`, found in one pass on the first question (most
 * values never ask): the plain number tokens outside `"` strings; the numbers the parser rewrote
 * (`rewrites`: the offsets of its `number_format` and `truncated` repairs), as it wrote them
 * (`12345678901234567890.`, `12_345_678_901_234_567_890`, `0x…` are no plain number text, and the
 * double alone would print other digits), and such tokens the scan meets; and, for a number spelt
 * nowhere else, the numbers inside strings (a document written as a JSON string,
 * `"{\"id\": 1234…}"`, which `unwrap_json_string` reads).
 */
export function numberSpellings(text: string, start: number, end: number, rewrites?: () => readonly number[]): NumberText {
  let found: Map<number, string | null> | undefined;
  let quoted: Map<number, string | null> | undefined;
  return (n) => {
    if (found === undefined) {
      found = new Map();
      quoted = new Map();
      scan(text, start, end, found, quoted);
      if (rewrites !== undefined) for (const at of rewrites()) if (at >= start && at < end) {
        const written = rewrittenNumberAt(text, at, end);
        if (written !== undefined) note(found, Number(written), written);
      }
    }
    const written = found.get(n);
    return written !== undefined ? written : quoted?.get(n);
  };
}

/** Records that `token` spells `n`; a second spelling makes it null (which was meant is a guess). */
function note(found: Map<number, string | null>, n: number, token: string): void {
  const seen = found.get(n);
  found.set(n, seen === undefined || seen === token ? token : null);
}

function scan(text: string, start: number, end: number, found: Map<number, string | null>, quoted: Map<number, string | null>): void {
  let i = start;
  let into = found;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      into = into === found ? quoted : found;
      i++;
      continue;
    }
    // In a string, an escape is skipped, and what follows `\n` or `\"` may start a number.
    if (c === 0x5c && into === quoted) {
      i += 2;
      continue;
    }
    if ((isDigit(c) || c === 0x2d) && (!isWordChar(text.charCodeAt(i - 1)) || (into === quoted && text.charCodeAt(i - 2) === 0x5c))) {
      const j = numberEnd(text, i, end);
      const after = text.charCodeAt(j);
      if (j > i && !isWordChar(after) && after !== 0x2e) note(into, Number(text.slice(i, j)), text.slice(i, j));
      else {
        // A number the parser rewrites (`1_000…`, `0x…`, `12.`), as it writes it: one in a string (a
        // document `unwrap_json_string` reads with the tolerant parser, `'{"id": 12.}'`) has no repair
        // of this text to name it.
        const written = rewrittenNumberAt(text, i, end);
        if (written !== undefined) note(into, Number(written), written);
      }
      i = Math.max(j, i + 1);
      continue;
    }
    if ((c === 0x2e || c === 0x2b) && isDigit(text.charCodeAt(i + 1)) && !isWordChar(text.charCodeAt(i - 1))) {
      const written = rewrittenNumberAt(text, i, end);
      if (written !== undefined) note(into, Number(written), written);
    }
    i++;
  }
}

/** End of `-?digits(.digits)?([eE][+-]?digits)?` at `i`, or `i` when none starts there. */
function numberEnd(text: string, i: number, end: number): number {
  let j = i;
  if (text.charCodeAt(j) === 0x2d) j++;
  const digits = j;
  while (j < end && isDigit(text.charCodeAt(j))) j++;
  if (j === digits) return i;
  if (text.charCodeAt(j) === 0x2e && isDigit(text.charCodeAt(j + 1))) {
    j++;
    while (j < end && isDigit(text.charCodeAt(j))) j++;
  }
  const e = text.charCodeAt(j);
  if (e === 0x65 || e === 0x45) {
    let k = j + 1;
    if (text.charCodeAt(k) === 0x2b || text.charCodeAt(k) === 0x2d) k++;
    if (isDigit(text.charCodeAt(k))) {
      while (k < end && isDigit(text.charCodeAt(k))) k++;
      j = k;
    }
  }
  return j;
}

function isWordChar(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x2e;
}
