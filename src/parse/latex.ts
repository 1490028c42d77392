// LaTeX written into a JSON string with single backslashes (`"$\frac{1}{2} \times \sum_i x_i$"`):
// `\f`, `\t`, `\b`, `\n` and `\r` start JSON escapes, so `\frac` became a form feed and `rac`, `\times`
// a tab and `imes`, while `\sum` kept its backslash. Models write maths this way all the time.
import { Ch } from './chars.js';
import type { Engine } from './engine.js';

/**
 * LaTeX commands whose name starts with a JSON escape's letter (`b` `f` `n` `r` `t`). Only the whole
 * command counts: `\nother` is a line break and `other`.
 */
const COMMANDS: ReadonlySet<string> = new Set([
  'backslash', 'bar', 'begin', 'beta', 'bf', 'big', 'bigcap', 'bigcup', 'bigg', 'biggl', 'biggr', 'bigl', 'bigr', 'binom',
  'bmod', 'boldsymbol', 'bot', 'boxed', 'breve', 'bullet',
  'flat', 'forall', 'frac', 'frown',
  'nabla', 'ne', 'nearrow', 'neg', 'neq', 'newline', 'ngeq', 'ni', 'nleq', 'nmid', 'nolimits', 'nonumber', 'not', 'notin', 'nu',
  'rangle', 'rbrace', 'rceil', 'rfloor', 'rho', 'right', 'rightarrow', 'rightharpoonup', 'rm', 'rvert',
  'tan', 'tanh', 'tau', 'text', 'textbf', 'textit', 'textrm', 'texttt', 'tfrac', 'therefore', 'theta', 'tilde', 'times', 'to',
  'top', 'triangle',
]);

/** Every beginning of a name in COMMANDS, the names included. */
const PREFIXES: ReadonlySet<string> = new Set([...COMMANDS].flatMap((name) => [...name].map((_, n) => name.slice(0, n + 1))));

/** Longest name in COMMANDS, plus one: how far a name is read. */
export const LATEX_NAME_LOOK = 16;

/** Whether `name` is one of the LaTeX commands a JSON escape's letter starts. */
export function isLatexCommand(name: string): boolean {
  return COMMANDS.has(name);
}

/**
 * Whether the escape at `i` (`\b` `\f` `\n` `\r` `\t`) is a LaTeX command's backslash. A backspace or
 * a form feed is never meant in a reply, so for those the command's name is enough. A line break or
 * a tab is (`\nu` may be a line break and "u"), so those also need a sign of maths: right after the
 * name `{` `_` `^` `\` or `$` (`\times 2` alone is not enough), or in the string's LOOK_BACK
 * characters before it a `$` or a command that starts no JSON escape (`\sum`, `\alpha`). Undefined
 * while the name may go on (the text so far cannot tell).
 */
export function latexCommandAt(e: Engine, i: number): boolean | undefined {
  const s = e.buf;
  // Every name is two lower-case letters or more: `\n\n`, `\nThe` and `\n ` are settled at once.
  if (i + 2 < e.end && !isLowerAscii(s.charCodeAt(i + 2))) return false;
  const limit = Math.min(e.end, i + 1 + LATEX_NAME_LOOK);
  let k = i + 1;
  while (k < limit && isAsciiLetter(s.charCodeAt(k))) k++;
  // Cut off inside the name: wait only while it may still become a command (`\nyo` will not).
  if (k >= e.end && !e.final) return PREFIXES.has(s.slice(i + 1, k)) ? undefined : false;
  if (k >= limit && k < e.end) return false;
  if (!COMMANDS.has(s.slice(i + 1, k))) return false;
  const letter = s.charCodeAt(i + 1);
  if (letter === Ch.LOWER_B || letter === Ch.LOWER_F) return true;
  const after = k < e.end ? s.charCodeAt(k) : -1;
  if (after === Ch.LBRACE || after === Ch.UNDERSCORE || after === Ch.CARET || after === Ch.BACKSLASH || after === Ch.DOLLAR) return true;
  return mathsBefore(e, i);
}

/**
 * Whether the string's LOOK_BACK characters before `i` hold a `$` or another LaTeX command: a
 * backslash and two letters or more, the first none of `b f n r t u` (`\sum`, `\alpha`; `\d+` is a
 * regular expression's), or a name in COMMANDS (`\frac`; `\nThe` is a line break). Read in the raw
 * text, so the answer is the same however the text was chunked.
 */
function mathsBefore(e: Engine, i: number): boolean {
  const s = e.buf;
  const from = Math.max(e.textStart - e.base, i - LOOK_BACK, 0);
  for (let k = i - 1; k >= from; k--) {
    const c = s.charCodeAt(k);
    if (c === Ch.DOLLAR) return true;
    if (c !== Ch.BACKSLASH) continue;
    let j = k + 1;
    while (j < i && j - k <= LATEX_NAME_LOOK && isAsciiLetter(s.charCodeAt(j))) j++;
    if (j - k > 2 && (!JSON_ESCAPE_LETTERS.includes(s[k + 1]) || COMMANDS.has(s.slice(k + 1, j)))) return true;
  }
  return false;
}

const JSON_ESCAPE_LETTERS = 'bfnrtu';

/** How far back a sign of maths is looked for. */
const LOOK_BACK = 80;

function isAsciiLetter(c: number): boolean {
  return isLowerAscii(c) || (c >= Ch.UPPER_A && c <= Ch.UPPER_Z);
}

function isLowerAscii(c: number): boolean {
  return c >= Ch.LOWER_A && c <= Ch.LOWER_Z;
}
