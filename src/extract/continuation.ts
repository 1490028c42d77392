// Whether a value that just closed may go on: the parser reads `{"a": 1}}, "b": 2}` and `[1, 2], 3]` as
// one value with a stray closer (see strayCloser in parse/continuation.ts), so the span found in
// prose must reach that far, or what follows the stray closer would be set aside as prose.
import { isDigit, isIdentChar, isLetter, isWs, skipWs } from './chars.js';

const COLON = 0x3a;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LF = 0x0a;
const MINUS = 0x2d;
const RBRACE = 0x7d;
const RBRACK = 0x5d;
const LBRACE = 0x7b;
const LBRACK = 0x5b;

/** How far past the closer the look reaches. */
const LOOK = 160;

/**
 * Where, past spaces and more closers from `i`, a comma and then what may be more of the value
 * follow: a member (`"key":`), a scalar element followed by `,` or `]`, or a container. Returns the
 * comma's offset, or -1 (`, and more` is prose). The caller takes the continuation only if a closer
 * of the value comes after it: `[1, 2], 3]` is one value, `{"a": 1}, {"b": 2} and more` two.
 */
export function continuationAt(text: string, i: number, limit: number): number {
  const end = Math.min(limit, i + LOOK);
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (!isWs(c) && c !== RBRACE && c !== RBRACK) break;
  }
  if (i >= end || text.charCodeAt(i) !== COMMA) return -1;
  const comma = i;
  i = skipWs(text, i + 1, end);
  const c = text.charCodeAt(i);
  let k = i + 1;
  if (c === LBRACE || c === LBRACK) return comma;
  if (c === QUOTE) {
    while (k < end && text.charCodeAt(k) !== QUOTE && text.charCodeAt(k) !== LF) k += text.charCodeAt(k) === BACKSLASH ? 2 : 1;
    if (k >= end || text.charCodeAt(k) !== QUOTE) return -1;
    k++;
    const colon = skipWs(text, k, end);
    if (colon < end && text.charCodeAt(colon) === COLON) return comma;
  } else if (isDigit(c) || c === MINUS) {
    while (k < end && isNumberPart(text.charCodeAt(k))) k++;
  } else if (isLetter(c)) {
    while (k < end && isIdentChar(text.charCodeAt(k))) k++;
    const word = text.slice(i, k);
    if (word !== 'true' && word !== 'false' && word !== 'null') return -1;
  } else {
    return -1;
  }
  const after = skipWs(text, k, end);
  return after < end && (text.charCodeAt(after) === COMMA || text.charCodeAt(after) === RBRACK) ? comma : -1;
}

function isNumberPart(c: number): boolean {
  return isDigit(c) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === MINUS;
}
