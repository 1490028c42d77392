// Whether an opener the prelude met starts the value `parse` will choose, judged as extraction judges
// it (extract/chars.ts classifyOpen), as soon as the text so far decides it. Before, the prelude took
// the first `{` it met: `Use {{var}} then {"a": 1}` showed an error until end(), and `{x | x > 0}
// then {"a": 1}` a member the model never wrote (`{"x | x >": 0}`), while end() gave `{"a": 1}`.
import { scanBalanced } from '../extract/balanced.js';
import { Verdict, classifyOpen } from '../extract/chars.js';

/** What the prelude does with the opener at `i`. */
export const enum Start {
  /** The value starts here. */
  TAKE,
  /** Not the answer: scan on from `resume` (see StartJudgement). */
  SKIP,
  /** The text so far does not decide: wait for more. */
  WAIT,
  /** No opener from here on is known to be the answer before the reply ends: end() decides. */
  NEVER,
}

export interface StartJudgement {
  start: Start;
  /** With SKIP: where the prose goes on. */
  resume: number;
}

/**
 * How far past an opener classifyOpen may read (its key, a value after it and the next member) before
 * a rejection stands even though the brackets have not closed: a key's length (64), a value's (160),
 * and room for what follows them.
 */
export const DECIDE = 512;

const TAKE: StartJudgement = { start: Start.TAKE, resume: -1 };
const WAIT: StartJudgement = { start: Start.WAIT, resume: -1 };
const NEVER: StartJudgement = { start: Start.NEVER, resume: -1 };

/**
 * The opener `{` at `i` of `text` (the text so far), met in prose; `straight`: only white space came
 * before it.
 *
 * In prose, extraction takes an opener that classifyOpen accepts; one it rejects (`{{var}}`, `{x | x
 * > 0}`, `{see below}`) is prose, and the scan goes on right after it. A rejection stands once the opener's brackets closed with text after them, or DECIDE
 * characters came after it.
 *
 * At the reply's start a rejected opener is still read whole (parse/candidates.ts, withWholeText)
 * unless a candidate starts after its brackets close: the scan goes on past them, once they closed.
 * When an opener inside them counts (`{see {"a": 1} here}`), the whole reading or that one is the
 * answer depending on what comes after: end() decides.
 */
export function judgeOpener(text: string, i: number, straight: boolean): StartJudgement {
  const n = text.length;
  if (classifyOpen(text, i, n).verdict === Verdict.Accept) return TAKE;
  // Scanned only while the text past the opener is shorter than DECIDE: each opener costs at most that.
  const far = n - i >= DECIDE;
  if (!straight) {
    if (!far) {
      const closed = scanBalanced(text, i, n);
      if (closed.truncated || closed.end >= n) return WAIT;
    }
    return { start: Start.SKIP, resume: i + 1 };
  }
  // At the reply's start, where its brackets close (withWholeText's reading): once per reply, the text
  // read again only each time it has doubled (see PreludeScanner.hold).
  // Its own brackets, not going on past a stray closer (no budget), as withWholeText reads them.
  const closed = scanBalanced(text, i, n, true, { left: 0 });
  if (closed.truncated || (closed.end >= n && !far)) return WAIT;
  for (let k = i + 1; k < closed.end; k++) {
    const c = text.charCodeAt(k);
    if ((c === 0x7b || c === 0x5b) && classifyOpen(text, k, n).verdict !== Verdict.Reject) return NEVER;
  }
  return { start: Start.SKIP, resume: closed.end };
}

/**
 * Whether the `[` at `i`, a digit its first element, is a lone plain integer (`[3]`, `[ 12 ]`): a
 * citation as often as an array, which extraction takes only when nothing better comes (Verdict.Weak).
 * Only the reply's end tells, so the prelude passes over it and end() decides; taken, `See [3] for
 * details. {"a": 1}` showed `[3]` and end() gave the object. Undefined while the text so far ends
 * before the first token after the number.
 */
export function citationAt(text: string, i: number): boolean | undefined {
  const n = text.length;
  let k = i + 1;
  while (k < n && isSpace(text.charCodeAt(k))) k++;
  while (k < n && isNumberChar(text.charCodeAt(k))) k++;
  while (k < n && isSpace(text.charCodeAt(k))) k++;
  if (k >= n) return undefined;
  return classifyOpen(text, i, n).verdict === Verdict.Weak;
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Characters a number token may hold (digits, `.`, an exponent, `_`, hex): its end is the next other one. */
function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) || c === 0x2e || c === 0x5f || c === 0x2b || c === 0x2d;
}
