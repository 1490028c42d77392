// A list of calls the reply cut off right after a comma (`[{…a…}, {…b…},`, `<tool_call>{…a…},`) or
// right after a whole call (`[{…a…}, {…b…}`): every call written is whole, and what the reply lost is
// the next one, or the list's end. Read as a cut-off value, the
// list's last element would be blamed (`"b" is cut off`), a call that ended; read as whole, the
// comma's promise of another call would be dropped with no word. Either way the error belongs after
// the comma (or the call), where the missing call was to start. A wrapper object the reply left open
// after its list of calls (`{"tool_calls": [{…a…}, {…b…}]`) lost only its own `}`: its calls are whole
// too, and the error stands after the list, not on `b`.
import { JsonMendError } from '../errors.js';
import { isJsonSpace } from '../parse/chars.js';

const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACK = 0x5b;
const RBRACK = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/**
 * Where calls may be listed in a body: one call's arguments alone (`[TOOL_CALLS]f[ARGS]{…},`), values
 * one after another, in a list that is the body, or in a list a wrapper object holds (`{"tool_calls": [`).
 */
export type CallsShape = 'one' | 'values' | 'list' | 'wrapped';

/** Where a body the reply cut ends, between whole calls: `offset` in the body just past the last call or its comma. */
export interface CutBetween {
  offset: number;
  /** A comma followed the last call (`[{…}, {…},`); else the list was left open right after it (`[{…}, {…}`). */
  comma: boolean;
  /** The list of calls closed, the wrapper object holding it was left open (`{"tool_calls": [{…}]`, maybe a comma after the list). */
  wrapper: boolean;
}

/**
 * Where `body` ends between whole calls: after a call object and its comma (spaces after it allowed),
 * at the top level (`{…},`) or in the list that holds the calls (`[{…}, {…},`, and for `wrapped`
 * `{"tool_calls": [{…},`); or, with no comma, right after a call object in that list left open
 * (`[{…}, {…}`); for `wrapped`, also anywhere in the wrapper after its whole list of calls
 * (`{"tool_calls": [{…}]`, `{"tool_calls": [{…}], "role": "assist`) or its one call (`{"tool_call": {…}`). `shape` says which of those the caller's calls came from: `one` takes one object alone
 * then its comma, `values` the top level, `list` the body's own list too, `wrapped` a list one object deep too. Undefined when the body
 * ends inside a call (`{"name": "b", "arguments": {"y": 2},`, `"arguments": {"tags": [{…},`: that call
 * was cut off) or anything else ends it. One pass over `body`, its brackets counted outside strings.
 */
export function cutBetweenCalls(body: string, shape: CallsShape): CutBetween | undefined {
  let end = body.length;
  while (end > 0 && isJsonSpace(body.charCodeAt(end - 1))) end--;
  if (end === 0) return undefined;
  const comma = body.charCodeAt(end - 1) === COMMA;
  const stop = comma ? end - 1 : end;
  // The open brackets at the end, outermost first.
  const stack: number[] = [];
  let inString = false;
  let lastSignificant = -1;
  // A container closed one level deep: in a wrapper, its list of calls or its one call.
  let closedInWrapper = false;
  // A closer that closes no bracket or another kind: no list of whole calls.
  let mismatched = false;
  // What stands at the top level: the values opened there, and anything else (a comma, a word).
  let topValues = 0;
  let topOther = false;
  for (let i = 0; i < stop; i++) {
    const c = body.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (isJsonSpace(c)) continue;
    lastSignificant = c;
    if (stack.length === 0) {
      if (c === LBRACE || c === LBRACK) topValues++;
      else topOther = true;
    }
    if (c === QUOTE) inString = true;
    else if (c === LBRACE || c === LBRACK) stack.push(c);
    else if (c === RBRACE || c === RBRACK) {
      if (stack.pop() !== (c === RBRACE ? LBRACE : LBRACK)) mismatched = true;
      if (stack.length === 1) closedInWrapper = true;
    }
  }
  if (mismatched) return undefined;
  // `{"tool_calls": [{…}, {…}]` (or `{"tool_call": {…}`, or `{"tool_calls": […], "role": "assistant"`):
  // only the wrapper is open, its list of calls (or its one call) closed. Its other members are only
  // `role` and `content` (see toolCallsOf), so whatever the reply cut after the list, the calls are whole.
  if (shape === 'wrapped' && closedInWrapper && stack.length === 1 && stack[0] === LBRACE) return { offset: end, comma, wrapper: true };
  if (inString) return undefined;
  // The element before the end is a whole object, and it stands where calls are listed.
  if (lastSignificant !== RBRACE) return undefined;
  // One call's arguments: that object alone before the comma (`{…}, b[ARGS]{…},` holds more than it).
  if (shape === 'one' && (topValues !== 1 || topOther)) return undefined;
  const between =
    (comma && stack.length === 0) ||
    (shape !== 'values' && shape !== 'one' && stack.length === 1 && stack[0] === LBRACK) ||
    (shape === 'wrapped' && stack.length === 2 && stack[0] === LBRACE && stack[1] === LBRACK);
  return between ? { offset: comma ? end : stop, comma, wrapper: false } : undefined;
}

/**
 * The error for calls cut off between two calls: `last` is the tool of the last whole call, `offset`
 * (in the reply, when known) is just past it or its comma, where the next call or the list's end was to come.
 */
export function cutBetween(format: string, line: number, last: string | undefined, offset: number, comma: boolean, reply: string | undefined, wrapper = false): JsonMendError {
  const after = last === undefined ? 'a whole call' : `the call to ${JSON.stringify(last)}, which is whole`;
  const what = wrapper
    ? 'the object that holds the calls never closes after them'
    : comma ? 'nothing follows its comma, where the next call was to start' : 'the list of calls never closes after it';
  return new JsonMendError('UNREPAIRABLE', `the ${format} tool calls at line ${line} are cut off after ${after}: ${what}`, { offset, text: reply });
}
