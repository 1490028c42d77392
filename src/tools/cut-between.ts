// A list of calls the reply cut off right after a comma (`[{…a…}, {…b…},`, `<tool_call>{…a…},`):
// every call written is whole, and what the reply lost is the next one. Read as a cut-off value, the
// list's last element would be blamed (`"b" is cut off`), a call that ended; read as whole, the
// comma's promise of another call would be dropped with no word. Either way the error belongs after
// the comma, where the missing call was to start.
import { JsonMendError } from '../errors.js';

const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACK = 0x5b;
const RBRACK = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/**
 * The offset in `body` just past a comma that ends it (spaces after it allowed) and follows a whole
 * call object between calls: at the top level (`{…},`) or in the one list that holds the calls
 * (`[{…}, {…},`, `{"tool_calls": [{…},`). Undefined when the comma is inside a call (`{"name": "b",
 * "arguments": {"y": 2},`, `"arguments": {"tags": ["a",`: that call was cut off) or anything else
 * ends the body. One pass over `body`, its brackets counted outside strings.
 */
export function commaAfterWholeCall(body: string): number | undefined {
  let end = body.length;
  while (end > 0 && isWs(body.charCodeAt(end - 1))) end--;
  if (end === 0 || body.charCodeAt(end - 1) !== COMMA) return undefined;
  const comma = end - 1;
  // The open brackets at the comma; only `[`'s count matters beyond the innermost.
  const stack: number[] = [];
  let lists = 0;
  let inString = false;
  let lastSignificant = -1;
  for (let i = 0; i < comma; i++) {
    const c = body.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (isWs(c)) continue;
    lastSignificant = c;
    if (c === QUOTE) inString = true;
    else if (c === LBRACE || c === LBRACK) {
      stack.push(c);
      if (c === LBRACK) lists++;
    } else if (c === RBRACE || c === RBRACK) {
      if (stack.pop() === LBRACK) lists--;
    }
  }
  // The element before the comma is a whole object, and the comma stands where calls are listed.
  if (inString || lastSignificant !== RBRACE) return undefined;
  const top = stack.length === 0 ? undefined : stack[stack.length - 1];
  if (top === undefined || (top === LBRACK && lists === 1)) return comma + 1;
  return undefined;
}

/**
 * The error for calls cut off after a comma: `last` is the tool of the last whole call, `offset` (in
 * the reply `reply()`, when known) is just past the comma, where the next call was to start.
 */
export function cutAfterComma(format: string, line: number, last: string | undefined, offset: number, reply: string | undefined): JsonMendError {
  const after = last === undefined ? 'a whole call' : `the call to ${JSON.stringify(last)}, which is whole`;
  return new JsonMendError('UNREPAIRABLE', `the ${format} tool calls at line ${line} are cut off after ${after}: nothing follows its comma, where the next call was to start`, { offset, text: reply });
}
