// The containers: opening, closing (matched, mismatched or missing closers), commas, members
// without a value, and what is left open or set aside at the end of the text.
import { CLOSERS_AT_END } from './closers-at-end.js';
import { damagedMemberEnd, elementsStartAt, memberStartsAt } from '../extract/chars.js';
import { unquotedMembersEnd } from '../extract/missing-opener.js';
import { Ch, isDigit, isJsonSpace, isWordPart, isWordStart } from './chars.js';
import type { Edit, Engine } from './engine.js';
import { Next, memberFollows, nextAfterComma, runEndsValue, strayCloser } from './continuation.js';
import { quoteEnd } from './quote-ahead.js';
import { blankLineBefore, indentAt, lineBreakBefore, peekSignificant, quotedKeyName, quotedKeyNameAt, scanSignificant } from './space.js';
import { NEED_MORE, Kind, State, KEY_MAX, LOOKAHEAD, closerOf } from './state.js';
import { colonLostAt, keyStartsAt } from './words.js';

export function open(e: Engine, kind: Kind): void {
  push(e, kind);
  e.pos++;
  if (kind === Kind.OBJECT) e.objectOpenedAt = e.base + e.pos;
}

/**
 * An empty array's `[` lost before the `]` at `pos` (`"a": ],`, see emptyValueOpenerLost): it goes in
 * there, and the `]` then closes the empty array.
 */
export function openEmptyArrayBefore(e: Engine): void {
  e.record('missing_opener', e.pos, 'inserted the "[" of an empty array before its "]"');
  e.edit(e.pos, 0, '[');
  push(e, Kind.ARRAY);
}

/**
 * The member at `at` starts an object whose `{` is missing: after a closer read as the value's end
 * (`{"a": 1}, "b": 2}`, a value of its own), or at the very start (`"a": 1, "b": 2}`, a reply that
 * goes on from a `{` the application wrote).
 */
export function openObjectAt(e: Engine, at: number, detail: string): void {
  e.record('missing_opener', at, detail);
  e.edit(at, 0, '{');
  e.pos = at;
  push(e, Kind.OBJECT);
}

/**
 * Whether the text, read whole, is an array's elements whose `[` was left out (`1, "b", [2]]`;
 * extraction's elementsStartAt, which takes such a span from prose): then the `[` is supplied, and
 * the elements are read as an array's, containers among them (`'a', [], 'b']`) included.
 */
export function elementsOpenText(e: Engine, at: number): boolean {
  // Told on the whole text: fed in pieces, the engine waits for it (the property in
  // test/parse/fast-lanes.test.ts found `'b', }]` and ` 'd']` read as a string fed and as an array
  // whole). The look starts at `at`, which a buffer cut back to the undecided tail still holds.
  if (!e.final) throw NEED_MORE;
  return elementsStartAt(e.buf, at, e.end);
}

/** Opens the array whose elements start at `at` (see elementsOpenText, elementsIndentedUnderKey). */
export function openArrayAt(e: Engine, at: number, detail = 'inserted the "[" of an array whose elements open the text'): void {
  e.record('missing_opener', at, detail);
  e.edit(at, 0, '[');
  e.pos = at;
  push(e, Kind.ARRAY);
}

/**
 * Whether the text opens with a member at `at` (extraction's memberStartsAt, which takes such a reply
 * as a whole candidate): then the object's `{` was left out.
 */
export function keyOpensText(e: Engine, at: number): boolean {
  const member = memberStartsAt(e.buf, at, e.end);
  if (member === true) return true;
  // `"a" "x", "b": 1}`: a first member damaged, a clean one after it (damagedMemberEnd).
  const damaged = member === false || e.final ? damagedMemberEnd(e.buf, at, e.end) : undefined;
  if (damaged === undefined && !e.final) throw NEED_MORE;
  return damaged !== undefined && damaged >= 0;
}

/**
 * Whether the text opens with members whose first key is unquoted (`k: [1, 2], j: 2}`; extraction's
 * unquotedMembersEnd, which takes such a span from prose): then the object's `{` was left out.
 */
export function unquotedKeyOpensText(e: Engine, at: number): boolean {
  if (!e.final) throw NEED_MORE;
  // `b': 1, 'c': 2}`: a key whose opening quote was lost (damagedMemberEnd).
  return unquotedMembersEnd(e.buf, at, e.end, at) >= 0 || (damagedMemberEnd(e.buf, at, e.end) ?? -1) >= 0;
}

function push(e: Engine, kind: Kind): void {
  if (e.kinds.length >= e.options.maxDepth) {
    throw e.fail('TOO_DEEP', `nesting is deeper than maxDepth (${e.options.maxDepth})`, e.pos);
  }
  // Each value at the top starts holding nothing (see finishAtEnd).
  if (e.kinds.length === 0) {
    e.heldValue = false;
    e.topOpenedAt = e.base + e.pos;
  }
  e.kinds.push(kind);
  if (kind === Kind.OBJECT) {
    e.objectStarts.push(e.base + e.pos);
    e.openObjects++;
    e.sink.openObject();
    e.state = State.KEY;
    e.memberAt = -1;
  } else {
    if (kind === Kind.ARRAY) e.openArrays++;
    else e.openParens++;
    e.sink.openArray();
    e.state = State.VALUE;
  }
  e.commaAt = -1;
  e.memberAt = -1;
}

/**
 * Handles a closer at `pos` (and the trailing comma before it): the matching one, a mismatched one,
 * one with nothing open, or a stray one that what is open goes on after (see strayCloser).
 */
export function closeWith(e: Engine, c: number): void {
  if (c === Ch.RBRACE && openedDoubled(e) && doubledCloser(e)) return;
  const wanted = c === Ch.RBRACE ? Kind.OBJECT : c === Ch.RBRACKET ? Kind.ARRAY : Kind.TUPLE;
  // The lookaheads may wait for more text: nothing may have changed before they do.
  const stray = strayCloser(e);
  // Right after a value only.
  if (e.state === State.AFTER_VALUE && !closes(e, e.top(), wanted) && ((!stray && swappedClosers(e, wanted)) || closerBeforeMember(e, wanted))) return;
  const depth = e.kinds.length;
  if (wanted === Kind.OBJECT && depth >= 2 && e.top() === Kind.ARRAY && e.kinds[depth - 2] === Kind.OBJECT && memberFollows(e, e.pos + 1) && !keyRepeatsBelow(e, e.pos + 1, 1)) {
    // `{"k": ["v",}, "k2": 1}`: the `}` was meant to close the array, and the object goes on.
    if (e.commaAt >= 0) dropTrailingComma(e);
    e.record('mismatched_closer', e.pos, `replaced "}" with "]"`);
    e.edit(e.pos, 1, popContainer(e, -1));
    e.pos++;
    return;
  }
  if (stray) {
    // `{"a": 1}}, "b": 2}`, `[1, 2], 3]`: what is open goes on after it, so this closer came too early.
    if (e.oneValue && runEndsValue(e)) e.wentOn();
    e.record('early_closer', e.pos, `removed a "${String.fromCharCode(c)}" that more of what it would close follows`);
    e.edit(e.pos, 1, '');
    e.pos++;
    return;
  }
  if (e.commaAt >= 0) dropTrailingComma(e);
  const matchesDeeper =
    wanted === Kind.OBJECT ? e.openObjects > 0 : wanted === Kind.ARRAY ? e.openArrays > 0 : e.openParens > 0;
  if (matchesDeeper) {
    // `{"a": [1, 2}`: close what is open above the container this closer belongs to.
    while (!closes(e, e.top(), wanted)) {
      e.record('mismatched_closer', e.pos, `closed "${closerOf(e.top())}" before "${String.fromCharCode(c)}"`);
      e.edit(e.pos, 0, popContainer(e));
    }
    popContainer(e, e.pos++);
    return;
  }
  // Nothing of this kind is open: the closer is of the wrong kind for the innermost container.
  e.record('mismatched_closer', e.pos, `replaced "${String.fromCharCode(c)}" with "${closerOf(e.top())}"`);
  const at = e.pos++;
  e.edit(at, 1, popContainer(e));
}

/** How many closers {@link innerCloserLost} reads ahead at most: a bound per closer, so the engine stays linear. */
const CLOSER_RUN_LOOK = 32;

/**
 * `{"a": [{"b": 1]}}`: the innermost container's own closer was lost, so the closer at `pos` closes
 * it and the one below, when the closers from `j` on then close the rest of the value, kind by kind,
 * and nothing of the value follows them (the end, or prose). Read as two swapped closers instead,
 * the value's own closer would be missing and the whole reply would read as cut off. Reads at most
 * CLOSER_RUN_LOOK closers ahead.
 */
function innerCloserLost(e: Engine, j: number, depth: number): boolean {
  if (depth - 2 > CLOSER_RUN_LOOK) return false;
  let k = j;
  for (let level = depth - 3; level >= 0; level--) {
    const kind = e.kinds[level];
    if (kind !== Kind.OBJECT && kind !== Kind.ARRAY) return false;
    if (k >= e.end || e.buf.charCodeAt(k) !== (kind === Kind.OBJECT ? Ch.RBRACE : Ch.RBRACKET)) return false;
    k = peekSignificant(e, k + 1);
  }
  if (k >= e.end) return true;
  // Nothing of the value may follow: a comma or a member (`{"rows": [{"a": 1]}, "n": 2}`) says the
  // closers were swapped and the value goes on.
  const c = e.buf.charCodeAt(k);
  return c !== Ch.RBRACE && c !== Ch.RBRACKET && c !== Ch.COMMA && c !== Ch.COLON && c !== Ch.DQUOTE && c !== Ch.SQUOTE;
}

/**
 * `}]` where `]}` was meant: the closer at `pos` belongs to the container below the innermost one,
 * and the next closer is the innermost one's. Both close, in stack order, so nothing after them is
 * read as outside the value (`{"a": {"b": [1}], "c": 2}` keeps `c` inside `a`'s parent).
 */
function swappedClosers(e: Engine, wanted: Kind): boolean {
  const depth = e.kinds.length;
  if (depth < 2 || e.kinds[depth - 2] !== wanted) return false;
  const top = e.top();
  if (top !== Kind.OBJECT && top !== Kind.ARRAY) return false;
  const j = peekSignificant(e, e.pos + 1);
  if (j >= e.end || e.buf.charCodeAt(j) !== (top === Kind.OBJECT ? Ch.RBRACE : Ch.RBRACKET)) return false;
  if (innerCloserLost(e, j, depth)) return false;
  // `[{"u": {"a": "A", "id": [{"x": 1]}, "a": "B"}]`: read as swapped, the closers would put the `"a"`
  // after them into `u`, which holds one; the innermost object's `}` was lost instead, and the closer
  // at `j` closes `u` (the closers then close by kind, mismatched_closer).
  if (top === Kind.OBJECT && keyRepeatsBelow(e, j + 1, 2)) return false;
  const at = e.pos;
  e.record('swapped_closers', at, `read "${String.fromCharCode(e.buf.charCodeAt(at))}${String.fromCharCode(e.buf.charCodeAt(j))}" as the closers in the order they were opened`);
  e.edit(at, 1, closerOf(top));
  // The look past the first closer skipped non-JSON spaces (NBSP, …) too: the repaired text drops them.
  const gap = e.buf.slice(at + 1, j);
  let plain = '';
  for (let k = 0; k < gap.length; k++) if (isJsonSpace(gap.charCodeAt(k))) plain += gap[k];
  if (plain.length < gap.length) e.edit(at + 1, gap.length, plain);
  e.edit(j, 1, closerOf(wanted));
  popContainer(e);
  popContainer(e);
  e.pos = j + 1;
  return true;
}

/**
 * A closer of the wrong kind followed by a comma and more of the container it should close:
 * `{"a": ["x", "y"}, "b": 1}` (the array's `]` written `}`: `"b"` is still the object's) and
 * `[{"a": 1}}, {"a": 2}]` (a `}` with no object open: the array goes on). Without this, closing by
 * kind would end the whole value there and set the rest aside.
 */
function closerBeforeMember(e: Engine, wanted: Kind): boolean {
  const j = peekSignificant(e, e.pos + 1);
  if (j >= e.end || e.buf.charCodeAt(j) !== Ch.COMMA) return false;
  const depth = e.kinds.length;
  const open = wanted === Kind.OBJECT ? e.openObjects : wanted === Kind.ARRAY ? e.openArrays : e.openParens;
  const c = String.fromCharCode(e.buf.charCodeAt(e.pos));
  if (open === 0) {
    // Nothing of its kind is open, and the innermost container goes on after the comma.
    e.record('extra_closer', e.pos, `removed "${c}" followed by more of the same container`);
    e.edit(e.pos, 1, '');
    e.pos++;
    return true;
  }
  // A `}` inside an array directly inside an object, with the object's next key after the comma.
  if (wanted !== Kind.OBJECT || e.top() !== Kind.ARRAY || e.kinds[depth - 2] !== Kind.OBJECT) return false;
  const k = peekSignificant(e, j + 1);
  if (k >= e.end || e.buf.charCodeAt(k) !== Ch.DQUOTE || !quotedKeyNameAt(e, k + 1)) return false;
  if (keyRepeatsBelow(e, e.pos + 1, 1)) return false;
  e.record('mismatched_closer', e.pos, `replaced "${c}" with "]"`);
  const at = e.pos++;
  e.edit(at, 1, popContainer(e));
  return true;
}

/**
 * The clue a repeated key gives between two readings of a closer: whether `, "key":` follows at `at`
 * with a key that the object `levels` below the innermost container already holds (where reading the
 * closer as the innermost one's, kind aside, puts the members after it) and the object below that
 * does not (where they go if the innermost container lost its own closer and this one closes the
 * object too). `{"t": {"k": [1, 2⏎},⏎"k": true⏎}`: a `]` lost before the `}`, not a `}` written for
 * `]`, which would replace the array by `true` and leave the text looking cut off. Reads one key ahead.
 */
function keyRepeatsBelow(e: Engine, at: number, levels: number): boolean {
  const depth = e.kinds.length;
  if (depth < levels + 2 || e.kinds[depth - 1 - levels] !== Kind.OBJECT || e.kinds[depth - 2 - levels] !== Kind.OBJECT) return false;
  const j = peekSignificant(e, at);
  if (j >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  if (e.buf.charCodeAt(j) !== Ch.COMMA) return false;
  const k = peekSignificant(e, j + 1);
  if (k >= e.end && !e.final) throw NEED_MORE;
  if (k >= e.end || e.buf.charCodeAt(k) !== Ch.DQUOTE) return false;
  const name = quotedKeyName(e, k + 1);
  return name !== undefined && e.sink.holds(levels, name) && !e.sink.holds(levels + 1, name);
}

export function closes(e: Engine, kind: Kind, wanted: Kind): boolean {
  return kind === wanted || (wanted === Kind.TUPLE && kind === Kind.WRAPPER);
}

/**
 * Closes the innermost container; `closerAt` is the `)` being consumed, if any. Returns the text
 * that closes it in repaired output (empty for an unwrapped constructor call).
 */
export function popContainer(e: Engine, closerAt = -1): string {
  while (openedDoubled(e)) e.doubledAt.pop();
  const kind = e.kinds.pop() as Kind;
  if (kind === Kind.OBJECT) {
    e.openObjects--;
    e.objectStarts.pop();
  }
  else if (kind === Kind.ARRAY) e.openArrays--;
  else e.openParens--;
  let unwrap = false;
  if (kind === Kind.WRAPPER) {
    // `ObjectId("x")` is the string "x"; `Date(2020, 1)` keeps its arguments as an array.
    unwrap = e.wrapperArgs.pop() === 1;
    const openEdit = e.wrapperOpenEdit.pop() as number;
    if (unwrap && openEdit < e.edits.length) e.edits[openEdit].ins = '';
  }
  if (closerAt >= 0 && kind !== Kind.OBJECT && kind !== Kind.ARRAY) e.edit(closerAt, 1, unwrap ? '' : ']');
  e.sink.close(unwrap);
  e.afterValue();
  e.closedLast = unwrap ? -1 : kind;
  return unwrap ? '' : closerOf(kind);
}

/**
 * `[{"i":1{"i":2}]` and `[{"i":1,{"i":2}]`: a `{` where the next key of an object in an array was
 * expected. The object ended without its `}`; the `{` opens the array's next element.
 */
export function closeBeforeSibling(e: Engine, what = 'object'): void {
  e.record('missing_closer', e.pos, `inserted the "}" before the next ${what} in the array`);
  if (e.commaAt >= 0) e.edit(e.commaAt - e.base, 0, '}');
  else e.edit(e.pos, 0, '},');
  popContainer(e);
  e.state = State.VALUE;
}

/**
 * `[{"a": 1, "b": 2, "a", {}]`: a key without a value, then an array's element rather than a member.
 * The object's `}` was lost before the string, which is the array's element: read as a key, its
 * missing value's null would replace the key's earlier value.
 */
export function elementAfter(e: Engine): boolean {
  // Nothing after the comma (a cut-off reply): the string is the last element read, and the key's
  // earlier value stays.
  if (peekSignificant(e, e.pos + 1) >= e.end) return true;
  const next = nextAfterComma(e, e.pos + 1);
  return next === Next.CONTAINER || next === Next.ELEMENT;
}

/**
 * `[{, true, 1]`, `{"a": {,⏎  },`: a comma right after an object's `{`, then the array's next element
 * or, in an object's object, the outer object's `}`: the object's own `}` was lost right after its
 * `{`, and the comma is the container's around it. Removed as a leading comma, it would make the
 * element a key (`true` lost to a null) or the outer `}` the empty object's.
 */
export function emptyObjectEndsAtComma(e: Engine): boolean {
  const n = e.kinds.length;
  if (e.commaAt >= 0 || e.memberAt >= 0 || n < 2) return false;
  if (e.kinds[n - 2] === Kind.ARRAY) return elementAfter(e);
  if (e.kinds[n - 2] !== Kind.OBJECT) return false;
  const next = peekSignificant(e, e.pos + 1);
  return next < e.end && e.buf.charCodeAt(next) === Ch.RBRACE;
}

/** Closes the object before the member that holds the key `name`, and places `name` in the array as a string. */
export function endObjectBeforeKey(e: Engine, name: string): void {
  const at = e.memberAt - e.base;
  e.record('missing_closer', at, 'inserted the "}" before a string that is the array\'s next element');
  // Before the member's own splices (a comma inserted before the key, its quotes). A first member
  // has no comma before it (`[{"i": 1 {"d",`): the element needs one after the `}`.
  if (e.options.wantEdits) {
    const inserted = e.edits[e.memberEdits];
    const comma = e.buf.charCodeAt(at) === Ch.COMMA || (inserted !== undefined && inserted.at === e.memberAt && inserted.ins === ',');
    e.edits.splice(e.memberEdits, 0, { at: e.memberAt, del: 0, ins: comma ? '}' : '},' });
  }
  popContainer(e);
  e.sink.scalar(name);
  e.afterValue();
}

/** Whether the innermost container is an object whose parent is an array. */
export function objectInArray(e: Engine): boolean {
  const n = e.kinds.length;
  return n >= 2 && e.kinds[n - 1] === Kind.OBJECT && e.kinds[n - 2] === Kind.ARRAY;
}

/**
 * `{⏎  "a":⏎    "b": 1,⏎    "c": 2⏎  }⏎}`: a key on its own line after a key's colon, indented
 * deeper than that key, is the first key of the value's object whose `{` was lost. Read as the next
 * member of the same object, its key could replace one the object already holds.
 */
export function opensLostObject(e: Engine, indent: number): boolean {
  const keyIndent = lastKeyIndent(e);
  return keyIndent >= 0 && indent > keyIndent;
}

/** The indentation of the line the last key starts (-1 when it does not start one). */
export function lastKeyIndent(e: Engine): number {
  const at = e.keyAt - e.base;
  return at >= 0 ? indentAt(e, at) : e.keyIndentDropped;
}

/**
 * `[⏎  {⏎    "a": 1,⏎  ,⏎  false⏎]`: a second comma where an object in an array expects a key, first on
 * its line and indented less than the object's last key: the object's `}` was lost before it, and
 * the comma is the array's. Read as the object's, the element after it would be a key.
 */
export function commaEndsObject(e: Engine): boolean {
  if (e.commaAt < 0 || !objectInArray(e) || !lineBreakBefore(e, e.pos)) return false;
  const indent = indentAt(e, e.pos);
  return indent >= 0 && indent < lastKeyIndent(e);
}

/**
 * `["key": "value"]`: a string followed by `:` in an array is a key, so the object around it was not
 * opened (in an object, `"a":⏎    "b": 1`: see opensLostObject); opens it, with the `{` written
 * before the key at `at` (and before the key's own splices, which start at `editsAt`). The caller
 * emits the key.
 */
export function openMissingObject(e: Engine, at: number, editsAt: number, detail?: string): void {
  if (e.kinds.length >= e.options.maxDepth) {
    throw e.fail('TOO_DEEP', `nesting is deeper than maxDepth (${e.options.maxDepth})`, at);
  }
  e.record('missing_opener', at, detail ?? (e.top() === Kind.ARRAY ? 'inserted the "{" of an object whose key stands in an array' : 'inserted the "{" of a value whose first key is indented under its key'));
  // The key's own splices (its quotes) belong to the member, which a cut-off text drops: the `{` goes
  // before them, and the member starts after it.
  const k = editsAt;
  if (e.options.wantEdits) e.edits.splice(k, 0, { at: e.base + at, del: 0, ins: '{' });
  e.kinds.push(Kind.OBJECT);
  e.objectStarts.push(e.base + at);
  e.openObjects++;
  e.sink.openObject();
  e.commaAt = -1;
  e.memberAt = e.base + at;
  e.memberEdits = e.options.wantEdits ? k + 1 : 0;
}

/**
 * `{"tags": ["x", "y", "b": 2}`: a key after a comma in an array of plain values that stands directly
 * in an object is that object's next key; the array lost its `]`. Read as an element, it would open
 * an object the text never closes (`{"b": 2}` in the array, the rest cut off). The comma may be lost
 * with it (`["x", "y"⏎"b": 2}`). After an object element (`[{"a": 1}, "b": 2}]`) or as the first
 * element, the key's `{` is what was lost instead.
 */
function arrayEndsBeforeKey(e: Engine, at: number): boolean {
  const n = e.kinds.length;
  const afterComma = e.memberAt === e.lastCommaAt || e.memberAt === e.insertedCommaAt;
  if (!(n >= 2 && e.kinds[n - 2] === Kind.OBJECT && e.memberAt >= 0 && afterComma && e.closedLast < 0)) return false;
  // `"ids": [⏎    1,⏎      k: 2,`: a key on its own line indented deeper than the array's own key
  // stands in the array, as the first key of an element whose `{` was lost.
  if (!lineBreakBefore(e, at)) return true;
  const keyIndent = lastKeyIndent(e);
  // The array's key after others on its line (`{"items": [`): with the comma written, an element
  // object's `{` lost is as likely (`[⏎  1,⏎  "name": "x"},`); with the comma lost too, the `]` is.
  if (keyIndent < 0) return e.memberAt === e.insertedCommaAt;
  return indentAt(e, at) <= keyIndent;
}

/**
 * A string in an array that a colon follows, at `at` (its own splices from `editsAt` on), is a key:
 * of the array's object when the array lost its `]` (arrayEndsBeforeKey), else of an object whose
 * `{` was lost (`["key": "value"]`). The caller emits the key.
 */
export function placeKeyInArray(e: Engine, at: number, editsAt: number): void {
  if (arrayEndsBeforeKey(e, at)) closeArrayBeforeKey(e, e.base + at);
  else openMissingObject(e, at, editsAt);
}

/**
 * Closes the array before the comma that starts the member whose key, at `keyAt` (absolute), is
 * being read (see arrayEndsBeforeKey).
 */
function closeArrayBeforeKey(e: Engine, keyAt: number): void {
  const comma = e.memberAt;
  const k = e.memberEdits;
  e.record('missing_closer', comma - e.base, 'inserted the "]" of an array before its object\'s next key');
  if (e.options.wantEdits) e.edits.splice(k, 0, { at: comma, del: 0, ins: ']' });
  popContainer(e);
  // An inserted comma stays one: no comma of the text's own to blank if a closer follows.
  if (comma !== e.insertedCommaAt) e.commaAt = e.lastCommaAt = comma;
  e.memberAt = comma;
  e.memberEdits = e.options.wantEdits ? k + 1 : 0;
  e.keyAt = keyAt;
}

/**
 * `[["a", "b"], "c", "d"], ["e", "f"]]`: plain values after an array element, up to a `]` that a
 * comma and another array follow, are an element whose `[` was lost (see rowOpenerLost); opens it
 * before the value at `pos`, which is read as its first element.
 */
export function openLostRow(e: Engine): void {
  e.record('missing_opener', e.pos, 'inserted the "[" of an array element whose "]" and the next element follow');
  e.edit(e.pos, 0, '[');
  push(e, Kind.ARRAY);
}

/**
 * `{{"a": 1}}`: a `{` right after the `{` of an object that has nothing yet, a key next (quoted, or
 * a word and its colon: `{{tool: "X"}}`) or `}`, maybe after more such braces (`{{{"a": 1}}}`, a
 * brace added on each retry: tinyagents #68), is a doubled brace (a prompt template's escaped `{{`,
 * copied by the model), dropped; the object's `}}` then closes it as one `}` (doubledCloser). Read as
 * written, the second `{` was an error.
 */
export function doubledOpener(e: Engine): boolean {
  if (e.memberAt >= 0 || e.top() !== Kind.OBJECT || !onlySpaceSinceOpener(e)) return false;
  // A key or the `}}` of an empty object next (`[{{]` is `[{}, {}]` with a `}` lost).
  let next = scanSignificant(e, e.pos + 1);
  for (let more = 0; more < DOUBLED_BRACES_MAX && next < e.end && e.buf.charCodeAt(next) === Ch.LBRACE; more++) next = scanSignificant(e, next + 1);
  if (next >= e.end && !e.final) throw NEED_MORE;
  const c = next < e.end ? e.buf.charCodeAt(next) : -1;
  if (c !== Ch.DQUOTE && c !== Ch.SQUOTE && c !== Ch.RBRACE && !(isWordStart(c) && keyStartsAt(e, next))) return false;
  e.record('doubled_braces', e.pos, 'removed the second "{" of "{{"');
  e.edit(e.pos, 1, '');
  e.pos++;
  e.doubledAt.push(e.kinds.length);
  return true;
}

/**
 * Whether nothing but space (or a comment) was read since the object's `{` (`{{`, `{⏎{`, LangChain
 * #23297): still before its first key, with no comma. Told from the state, which a buffer fed in
 * pieces keeps when the text before `pos` is gone.
 */
function onlySpaceSinceOpener(e: Engine): boolean {
  return e.state === State.KEY && e.commaAt < 0;
}

/** Whether the innermost open container is an object that opened with `{{`. */
function openedDoubled(e: Engine): boolean {
  return e.doubledAt.length > 0 && e.doubledAt[e.doubledAt.length - 1] === e.kinds.length;
}

/** How many more braces a doubled opener looks past for the key (`{{{"a"`); each is dropped in turn. */
const DOUBLED_BRACES_MAX = 3;

/**
 * The `}` at `pos` closes an object that opened with `{{` (or `{{{`): the `}` right after it, one for
 * each brace dropped at its opening, are the run's others, dropped.
 */
function doubledCloser(e: Engine): boolean {
  // Found first, then dropped: waiting for more text must leave nothing changed.
  const others: number[] = [];
  let at = e.pos;
  for (let k = e.doubledAt.length - 1; k >= 0 && e.doubledAt[k] === e.kinds.length; k--) {
    const next = scanSignificant(e, at + 1);
    if (next >= e.end) {
      if (!e.final) throw NEED_MORE;
      break;
    }
    if (e.buf.charCodeAt(next) !== Ch.RBRACE) break;
    others.push(next);
    at = next;
  }
  if (others.length === 0) return false;
  if (e.commaAt >= 0) dropTrailingComma(e);
  for (const next of others) {
    e.record('doubled_braces', next, 'removed the second "}" of "}}"');
    e.edit(next, 1, '');
  }
  popContainer(e, e.pos);
  e.pos = at + 1;
  return true;
}

export function dropTrailingComma(e: Engine): void {
  e.record('trailing_comma', e.commaAt - e.base, 'removed ","');
  e.removeComma(e.commaAt - e.base);
  e.commaAt = -1;
}

export function missingValue(e: Engine): void {
  if (droppedKnownKey(e, e.pos)) {
    e.afterValue();
    return;
  }
  e.record('missing_value', e.pos, 'inserted null for a missing value');
  e.edit(e.pos, 0, 'null');
  e.sink.scalar(null);
  e.afterValue();
}

/**
 * `{"a":\n "b": 1}`: the string at `at` (relative to the buffer, maybe before it) is the next key, so
 * the key before it had no value: null for it, and the string is read again as a key. The comma is
 * its own splice, part of the new member, so a member cut off after it leaves no comma behind (nor
 * the string's quotes, from `editsAt` on).
 */
export function missingValueBeforeKey(e: Engine, at: number, editsAt = e.edits.length): void {
  // A key the object already holds loses its keyless member, whose splices become one deletion.
  const dropped = droppedKnownKey(e, at, editsAt);
  if (!dropped) {
    e.record('missing_value', at, 'inserted null for a key followed by the next key');
    e.sink.scalar(null);
  }
  const stringEdits = dropped ? e.memberEdits + 1 : editsAt;
  e.afterValue();
  e.memberAt = e.base + at;
  e.memberEdits = 0;
  if (e.options.wantEdits) {
    // Before the string's own splices (its quotes), which belong to the new member: the null of the
    // member before it, if it keeps one, then the new member's comma.
    const inserted: Edit[] = dropped ? [] : [{ at: e.memberAt, del: 0, ins: 'null' }];
    inserted.push({ at: e.memberAt, del: 0, ins: ',' });
    e.edits.splice(stringEdits, 0, ...inserted);
    e.memberEdits = stringEdits + inserted.length - 1;
  }
  e.state = State.KEY;
}

/**
 * `{"a": 1, "a"}`: a key without a value that the object already holds. A null for it would
 * replace the value the document gave, so the keyless member goes instead. Returns false, having
 * changed nothing, when the key is new.
 */
export function droppedKnownKey(e: Engine, to: number, editsEnd = e.edits.length): boolean {
  if (!e.sink.keyTaken()) return false;
  dropMember(e, to, editsEnd, 'missing_value', 'removed a key without a value that the object already holds');
  return true;
}

/**
 * `{"a": 1, "", "b": 2}`: two quotes with nothing between them, neither a colon nor a value after
 * them, are stray quotes rather than an empty key (json_repair #102). Returns false, having changed
 * nothing, for any other key.
 */
export function droppedEmptyKey(e: Engine, to: number): boolean {
  // Only after a comma the document wrote: dropping the member then drops the comma before it.
  if (e.keyString !== '' || e.lastCommaAt !== e.memberAt) return false;
  dropMember(e, to, e.edits.length, 'stray_quote', 'removed a pair of quotes where a key belongs, with no colon or value after it');
  return true;
}

/**
 * Drops the member being read: its text from its start (its comma) to `to` (relative to the
 * buffer), with the splices it had (from memberEdits to `editsEnd`).
 */
function dropMember(e: Engine, to: number, editsEnd: number, kind: 'missing_value' | 'stray_quote', detail: string): void {
  e.record(kind, e.memberAt - e.base, detail);
  if (e.options.wantEdits) e.edits.splice(e.memberEdits, editsEnd - e.memberEdits, { at: e.memberAt, del: e.base + to - e.memberAt, ins: '' });
}

/**
 * `{"{"summary": …}`: a quote and an opener right after an object's opener, then the real first key.
 * The model started the object twice: the stray `"{` goes, and the object already open is the one.
 * Returns false, having changed nothing, when the text is something else (`{"{": 1}` is a key).
 */
export function strayOpener(e: Engine): boolean {
  const s = e.buf;
  const i = e.pos;
  if (i + 1 < e.end && s.charCodeAt(i + 1) !== Ch.LBRACE) return false;
  if (i + 3 >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  // The first quote may open a real key itself: `{"{'A":[], "b":["':"]}` holds the key `{'A`, even
  // though `'A":[], "b":["'` then a colon looks like the real first key too.
  if (quotedKeyEndsAt(e, i + 1, s.charCodeAt(i))) return false;
  // A quote opening a real key (its closing quote, then a colon) must follow the stray opener.
  const q = s.charCodeAt(i + 2);
  if ((q !== Ch.DQUOTE && q !== Ch.SQUOTE) || !isWordStart(s.charCodeAt(i + 3)) || !quotedKeyEndsAt(e, i + 3, q)) return false;
  e.record('stray_opener', i, 'removed a stray opening quote and brace before the first key');
  e.edit(i, 2, '');
  e.pos = i + 2;
  return true;
}

/**
 * `{""name": 1}`: a key's opening quote written twice. Read as they stand, the quotes are an empty
 * key whose value is the rest of the member (`{"": "name\": 1"}`). The first goes when a key's name
 * follows the second, with its closing quote and a colon. Returns false, having changed nothing,
 * otherwise.
 */
export function doubledKeyQuote(e: Engine): boolean {
  const s = e.buf;
  const i = e.pos;
  if (s.charCodeAt(i) !== Ch.DQUOTE || (i + 1 < e.end && s.charCodeAt(i + 1) !== Ch.DQUOTE)) return false;
  if (i + 2 >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  if (!isWordPart(s.charCodeAt(i + 2)) || !quotedKeyEndsAt(e, i + 2, Ch.DQUOTE)) return false;
  e.record('stray_quote', i, 'removed a doubled opening quote of a key');
  e.edit(i, 1, '');
  e.pos = i + 1;
  return true;
}

/**
 * Whether a key's name runs from `from` to a closing `quote` on the same line, within the lookahead,
 * with a colon after it. Waits for more text while that is undecided.
 */
function quotedKeyEndsAt(e: Engine, from: number, quote: number): boolean {
  const s = e.buf;
  const limit = Math.min(e.end, from + LOOKAHEAD);
  let k = from;
  while (k < limit && s.charCodeAt(k) !== quote && s.charCodeAt(k) !== Ch.LF) k++;
  if (k >= e.end && !e.final) throw NEED_MORE;
  if (k >= limit || s.charCodeAt(k) !== quote) return false;
  const colon = peekSignificant(e, k + 1);
  if (colon >= e.end && !e.final) throw NEED_MORE;
  return colon < e.end && s.charCodeAt(colon) === Ch.COLON;
}

/** At the end of the text: close what is open, dropping members that never got a value. */
export function finishAtEnd(e: Engine): void {
  const open = e.kinds.length;
  if (open === 0) {
    if (e.topValues === 0) throw e.fail('NO_JSON', 'no JSON value found', e.pos);
    if (e.topValues > 1) e.edit(e.pos, 0, ']');
    e.state = State.DONE;
    return;
  }
  // `{`, `[⏎`, `{"a":`, `{"a": 1}⏎{`: cut off before any value was given, in the only container open.
  // Closed, it would be `{}` or `[]`, a value that looks complete and holds nothing the reply said.
  // (A container open inside it, `{"a": [`, keeps its key as a cut-off value does.)
  if (!e.heldValue && open === 1) {
    const opener = e.kinds[0] === Kind.OBJECT ? '{' : e.kinds[0] === Kind.ARRAY ? '[' : '(';
    if (e.topValues === 0) throw e.fail('UNREPAIRABLE', `the text ends before any value: the "${opener}" it opened holds nothing`, e.end);
    // After whole values (`{"a": 1}⏎{"b": 2}⏎{`): the caller reads the text before this one.
    throw e.fail('UNREPAIRABLE', `the text ends before the value after the first ${e.topValues} holds anything: the "${opener}" it opened holds nothing`, e.end, e.topOpenedAt);
  }
  // A member or element that never got its value is dropped, with the comma before it.
  const cutFrom = e.state !== State.AFTER_VALUE && e.memberAt >= 0 ? e.memberAt - e.base : e.pos;
  if (cutFrom < e.pos) {
    // The dropped member or element takes its own repairs' splices with it.
    if (e.edits.length > e.memberEdits) e.edits.length = e.memberEdits;
    e.edit(cutFrom, e.pos - cutFrom, '');
  }
  // After a whole value, with nothing dropped, only closers are missing (see closers-at-end.ts).
  const afterWhole = cutFrom === e.pos && e.state === State.AFTER_VALUE;
  let closers = '';
  while (e.kinds.length > 0) closers += popContainer(e);
  e.record('truncated', e.pos, `${afterWhole ? CLOSERS_AT_END : 'the text ends inside a value; inserted '}"${closers}"`);
  e.edit(e.pos, 0, closers);
  if (e.topValues > 1) e.edit(e.pos, 0, ']');
  e.state = State.DONE;
}

/** How far a line of prose after a value is read for its end, and the next line for its start. */
const PROSE_LINE_LIMIT = 4 * LOOKAHEAD;

/**
 * `{"function": "send_message", "params": {…}⏎FUNCTION RETURN {"status": "OK"}` (letta #288): where
 * the next member belongs, a line of its own that starts with words, two or more, and holds no colon
 * before any `{`, `[` or `"`, with nothing of the object after it (the next line, if any, starts
 * neither a quoted key nor a closer, nor a key that the object's `}` follows: `Note: it is
 * approximate.` is prose's label): prose after a value whose closers were left out. They go in
 * (`missing_closer`) and the prose is set aside; read as a key, it became a member (the model's
 * made-up tool reply an argument of the call). Waits while the text so far cannot tell.
 */
export function proseEndsValue(e: Engine): boolean {
  if (e.top() !== Kind.OBJECT || !lineBreakBefore(e, e.pos)) return false;
  // `age 30`: a member whose colon was lost, not prose.
  if (colonLostAt(e, e.pos)) return false;
  const s = e.buf;
  const limit = Math.min(e.end, e.pos + PROSE_LINE_LIMIT);
  const { words, end } = lineWords(s, e.pos, limit, true);
  let k = end;
  if (k >= e.end && !e.final) throw NEED_MORE;
  if (words < 2 || (k >= limit && limit < e.end) || (k < e.end && s.charCodeAt(k) === Ch.COLON)) return false;
  // The rest of the line, then the next line's start.
  while (k < limit && s.charCodeAt(k) !== Ch.LF) k++;
  while (k < limit && isJsonSpace(s.charCodeAt(k))) k++;
  if (k >= e.end && !e.final) throw NEED_MORE;
  if (k >= limit && k < e.end) return false;
  const next = k < e.end ? s.charCodeAt(k) : -1;
  if (next === Ch.DQUOTE || next === Ch.SQUOTE || next === Ch.RBRACE || next === Ch.RBRACKET) return false;
  if (k < e.end && keyStartsAt(e, k) && braceAhead(e, k)) return false;
  closeBeforeProse(e);
  return true;
}

/**
 * At `pos`, after a value or its comma (dropped then), a note paragraph (see proseParagraphAt): the
 * closers of what is open go before it and it is set aside.
 */
export function noteParagraph(e: Engine): boolean {
  // A note's label is capitalised: every other key or word is passed at once (the engine asks at
  // each unquoted key), before the look back over the white space.
  if (!isCapital(e.buf.charCodeAt(e.pos)) || !blankLineBefore(e, e.pos) || !proseParagraphAt(e, e.pos)) return false;
  if (e.commaAt >= 0) dropTrailingComma(e);
  // A comma inserted for the member the note was taken for (`"a":⏎⏎Note: …`, see
  // missingValueBeforeKey) goes with it.
  else if (e.state === State.KEY && e.memberAt >= 0 && e.edits.length > e.memberEdits) e.edits.length = e.memberEdits;
  // Reported as cut off: a value the model left open may be missing what it never wrote (`[1, 2⏎⏎
  // Note: I stopped here.`), and a caller refusing cut-off replies refuses it too.
  closeBeforeProse(e, 'truncated', 'before a note after the value, which may have been cut off there');
  return true;
}

/** Closes what is open at `pos` (repair `kind`) and sets the text from there aside. */
function closeBeforeProse(e: Engine, kind: 'missing_closer' | 'truncated' = 'missing_closer', why = 'before the text after the value'): void {
  let closers = '';
  while (e.kinds.length > 0) closers += popContainer(e);
  e.record(kind, e.pos, `inserted "${closers}" ${why}`);
  e.edit(e.pos, 0, closers);
  setAsideRest(e);
}

/**
 * The labels a model's notes after its answer start with (`Note: …`, `Explanation: …`): a paragraph
 * after a blank line that starts with one is no member of the value before it. A closed list: a
 * member whose key lost its quotes (`Name: John Smith`) reads the same otherwise.
 */
export const NOTE_LABELS: ReadonlySet<string> = new Set([
  'note', 'notes', 'nb', 'explanation', 'reasoning', 'rationale', 'justification', 'comment', 'comments', 'remark', 'remarks',
  'caveat', 'caveats', 'warning', 'disclaimer', 'assumption', 'assumptions', 'important', 'tip', 'ps', 'observation', 'sources', 'references',
]);

/**
 * `{"a": 1⏎⏎Note: the "id" field is {required}.`: at `k`, after a blank line, a paragraph that
 * starts with a note's label (NOTE_LABELS, capitalised), its colon and words (`Note: the …`), and
 * then to the text's end only prose: no closer of what is open, and no line that starts a member or
 * an element (a quote or a bracket). That is a note after a value whose closers were left out, not
 * a member whose key lost its quotes. Looks PROSE_LINE_LIMIT on; waits while the text may bring more.
 */
export function proseParagraphAt(e: Engine, k: number): boolean {
  const s = e.buf;
  if (!isCapital(s.charCodeAt(k))) return false;
  let j = k + 1;
  while (j < e.end && j - k <= 13 && isWordPart(s.charCodeAt(j))) j++;
  if (j + 1 >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  if ((s.charCodeAt(j) !== Ch.COLON && s.charCodeAt(j) !== Ch.FULLWIDTH_COLON) || s.charCodeAt(j + 1) !== Ch.SPACE) return false;
  if (!NOTE_LABELS.has(s.slice(k, j).toLowerCase())) return false;
  // Words, two or more, before the line's end: prose, not a value.
  const { words, end, firstIsWord } = lineWords(s, j + 1, Math.min(e.end, k + PROSE_LINE_LIMIT), false);
  if (end >= e.end && !e.final) throw NEED_MORE;
  return words >= 2 && firstIsWord && unclosedToEnd(e, j + 1, true);
}

/** `A`–`Z`: how a note's label starts. */
function isCapital(c: number): boolean {
  return c >= 0x41 && c <= 0x5a;
}

/**
 * The words from `from` to the line's end (with `marks`, to a `:` `{` `[` or `"` before it), within
 * `limit`: how many, where the count stopped, and whether the first starts as a word does.
 */
function lineWords(s: string, from: number, limit: number, marks: boolean): { words: number; end: number; firstIsWord: boolean } {
  let words = 0;
  let inWord = false;
  let firstIsWord = false;
  let k = from;
  for (; k < limit; k++) {
    const c = s.charCodeAt(k);
    if (c === Ch.LF || (marks && (c === Ch.COLON || c === Ch.LBRACE || c === Ch.LBRACKET || c === Ch.DQUOTE))) break;
    const word = c !== Ch.SPACE && c !== Ch.TAB && c !== Ch.CR;
    if (word && !inWord && ++words === 1) firstIsWord = isWordStart(c);
    inWord = word;
  }
  return { words, end: k, firstIsWord };
}

/** Whether a word and its colon start at `i` (`b: 2`): a member's key as code writes one. */
function labelAt(s: string, i: number, limit: number): boolean {
  if (!isWordStart(s.charCodeAt(i))) return false;
  let k = i + 1;
  while (k < limit && isWordPart(s.charCodeAt(k))) k++;
  return k < limit && s.charCodeAt(k) === Ch.COLON;
}

/**
 * Whether no closer of what is open comes from `k` to the text's end: the brackets and braces there
 * pair up; with `prose`, no later line starts with a quote, a bracket or a word and its colon either
 * (a member or an element after a note). False when that end is more than PROSE_LINE_LIMIT away; waits while more text may
 * come.
 */
export function unclosedToEnd(e: Engine, k: number, prose = false): boolean {
  const s = e.buf;
  const limit = Math.min(e.end, k + PROSE_LINE_LIMIT);
  let depth = 0;
  let lineStart = false;
  for (let i = k; i < limit; i++) {
    const d = s.charCodeAt(i);
    if (d === Ch.LBRACE || d === Ch.LBRACKET) depth++;
    else if ((d === Ch.RBRACE || d === Ch.RBRACKET) && --depth < 0) return false;
    if (d === Ch.LF) lineStart = true;
    else if (lineStart && d !== Ch.SPACE && d !== Ch.TAB && d !== Ch.CR) {
      if (prose && (d === Ch.DQUOTE || d === Ch.SQUOTE || d === Ch.LBRACE || d === Ch.LBRACKET || d === Ch.RBRACE || d === Ch.RBRACKET || labelAt(s, i, limit))) return false;
      lineStart = false;
    }
  }
  if (limit < e.end) return false;
  if (!e.final) throw NEED_MORE;
  return true;
}

/** Whether a `}` comes within PROSE_LINE_LIMIT of `k` (waits while the text may still bring one). */
function braceAhead(e: Engine, k: number): boolean {
  const limit = Math.min(e.end, k + PROSE_LINE_LIMIT);
  for (let j = k; j < limit; j++) if (e.buf.charCodeAt(j) === Ch.RBRACE) return true;
  if (limit === e.end && !e.final) throw NEED_MORE;
  return false;
}

/** Trailing text after a complete value (prose, a closing fence): keep the value, drop the text. */
export function setAsideRest(e: Engine): void {
  e.record('surrounding_text', e.pos, 'ignored the text after the JSON value');
  if (e.topValues > 1) e.edit(e.pos, 0, ']');
  e.edit(e.pos, e.end - e.pos, '');
  e.pos = e.end;
  e.state = State.DONE;
}

/**
 * Whether a closing fence (```) at `i` is all that is left of the text, spaces aside: the reply's
 * markdown closed the block while the value was still open (`{"key": 1```). Waits while the text
 * after it is only spaces and more may come.
 */
export function fenceEndsText(e: Engine, i: number): boolean {
  const s = e.buf;
  if (i + 3 > e.end) {
    if (!e.final && '```'.startsWith(s.slice(i, e.end))) throw NEED_MORE;
    return false;
  }
  if (s.charCodeAt(i + 1) !== Ch.BACKTICK || s.charCodeAt(i + 2) !== Ch.BACKTICK) return false;
  let k = i + 3;
  while (k < e.end && isJsonSpace(s.charCodeAt(k))) k++;
  if (k < e.end) return false;
  if (!e.final) throw NEED_MORE;
  return true;
}

/**
 * `{"key": 1```: the closing fence at `pos` ends the text; the value was cut off there. The fence
 * is set aside and the end of the text closes what is open (reported as cut off).
 */
export function closingFence(e: Engine): boolean {
  if (e.kinds.length === 0 || !fenceEndsText(e, e.pos)) return false;
  e.record('surrounding_text', e.pos, 'ignored a closing fence that ends the text inside the value');
  e.edit(e.pos, e.end - e.pos, '');
  e.pos = e.end;
  return true;
}

/**
 * Whether a Python set's first member may start at `i` (or after one space), just after a `{` (see
 * pythonSet): a number, or a quoted string that is not an object's key (`'key':` or `"key":`, found
 * for the price of one indexOf). One space at most: an object's line break and indentation after its `{`
 * would make a stream wait on every `{` cut from its first key.
 */
export function setMayOpen(e: Engine, i: number): boolean {
  const s = e.buf;
  if (i < e.end && s.charCodeAt(i) === Ch.SPACE) i++;
  if (i >= e.end && !e.final) throw NEED_MORE;
  const c = s.charCodeAt(i);
  if (c !== Ch.SQUOTE && c !== Ch.DQUOTE) return isDigit(c) || c === Ch.MINUS;
  // A loop, not indexOf: every object's first key comes here, and keys are short.
  const limit = Math.min(e.end, i + 1 + KEY_MAX);
  let q = i + 1;
  while (q < limit && s.charCodeAt(q) !== c) q++;
  return !(q < limit && s.charCodeAt(q + 1) === Ch.COLON);
}

/**
 * Whether a colon (ASCII or full-width) comes next from `i`, past space, or on the same line a
 * quoted string followed by `,` or `}` (a member's value: `{'a'} 'x', …`, not `[{'a'} 'b']`).
 * Waits for it.
 */
function colonOrStringAfter(e: Engine, i: number): boolean {
  const j = peekSignificant(e, i);
  if (j >= e.end) return false;
  const c = e.buf.charCodeAt(j);
  if (c === Ch.COLON || c === Ch.FULLWIDTH_COLON) return true;
  if ((c !== Ch.SQUOTE && c !== Ch.DQUOTE) || lineBreakBefore(e, j)) return false;
  const close = quoteEnd(e, j);
  if (close < 0) return false;
  const d = peekSignificant(e, close + 1);
  return d < e.end && (e.buf.charCodeAt(d) === Ch.COMMA || e.buf.charCodeAt(d) === Ch.RBRACE);
}

/** How far a Python set literal is looked at before it is read as an object after all. */
const SET_LIMIT = 4 * LOOKAHEAD;

/**
 * `{'a', 'b'}`, `{1, 2}`: a Python set of strings or numbers (its repr), read as an array; also
 * `{"a", "b"}`, a set a model wrote in JSON's quotes (as an object, its members would be keys with no
 * values, or pair up as keys and values). At a `{` whose first member is a quoted string or a JSON
 * number followed by `,` or `}`; every member must be such a string (with no escape or line break)
 * or number, up to the `}` within SET_LIMIT characters. Returns false, having changed nothing, for
 * anything else.
 */
export function pythonSet(e: Engine): boolean {
  const s = e.buf;
  const start = e.pos;
  const limit = Math.min(e.end, start + SET_LIMIT);
  let i = start + 1;
  while (i < limit && isJsonSpace(s.charCodeAt(i))) i++;
  let items: number[] | undefined;
  while (i < limit) {
    // A member: '…' or "…" (an object's first key ends here, at its colon, for the price of one indexOf) or a number.
    let last: number;
    const quote = s.charCodeAt(i);
    if (quote === Ch.SQUOTE || quote === Ch.DQUOTE) {
      last = s.indexOf(quote === Ch.SQUOTE ? "'" : '"', i + 1);
      if (last < 0 || last >= limit) break;
      // With no backslash or line break inside.
      for (let n = i + 1; n < last; n++) if (s.charCodeAt(n) === Ch.BACKSLASH || s.charCodeAt(n) === Ch.LF) return false;
    } else {
      const end = jsonNumberEnd(s, i, limit);
      if (end < 0) break;
      if (end === i) return false;
      last = end - 1;
    }
    let k = last + 1;
    while (k < limit && isJsonSpace(s.charCodeAt(k))) k++;
    if (k >= limit) break;
    const c = s.charCodeAt(k);
    if (c !== Ch.RBRACE && c !== Ch.COMMA) return false;
    // `{"a"}` alone is a key that lost its value, or a `}` written for a colon (`{"a"}: 1`); so is
    // `{'a'}` before a colon or a value (`{'a'} 'x', 'b': 1}`).
    if (c === Ch.RBRACE && items === undefined && (quote === Ch.DQUOTE || colonOrStringAfter(e, k + 1))) return false;
    (items ??= []).push(i, last);
    if (c === Ch.RBRACE) return readSet(e, items, k);
    k++;
    while (k < limit && isJsonSpace(s.charCodeAt(k))) k++;
    i = k;
  }
  // The window ran out: wait for more text if it may still come.
  if (limit === e.end && !e.final) throw NEED_MORE;
  // `{1, 2`: the text ends with no `}` after a member and its comma; the elements are read as an
  // array's, which the end of the text closes.
  if (limit === e.end && items !== undefined) {
    e.record('python_set', e.pos, 'read a Python set as an array');
    e.edit(e.pos, 1, '[');
    open(e, Kind.ARRAY);
    return true;
  }
  return false;
}

/** Where the JSON number at `i` ends, `i` when none starts there, -1 when `limit` comes first. */
function jsonNumberEnd(s: string, i: number, limit: number): number {
  const start = i;
  if (s.charCodeAt(i) === Ch.MINUS) i++;
  let from = i;
  if (s.charCodeAt(i) === Ch.ZERO) i++;
  else while (i < limit && isDigit(s.charCodeAt(i))) i++;
  if (i >= limit) return -1;
  if (i === from) return start;
  if (s.charCodeAt(i) === Ch.DOT) {
    from = ++i;
    while (i < limit && isDigit(s.charCodeAt(i))) i++;
    if (i >= limit) return -1;
    if (i === from) return start;
  }
  if ((s.charCodeAt(i) | 0x20) === Ch.LOWER_E) {
    i++;
    if (s.charCodeAt(i) === Ch.PLUS || s.charCodeAt(i) === Ch.MINUS) i++;
    from = i;
    while (i < limit && isDigit(s.charCodeAt(i))) i++;
    if (i >= limit) return -1;
    if (i === from) return start;
  }
  return i;
}

/** Emits the set found by pythonSet: its members (first and last offsets in pairs) and its `}` at `close`. */
function readSet(e: Engine, items: number[], close: number): boolean {
  if (e.kinds.length >= e.options.maxDepth) {
    throw e.fail('TOO_DEEP', `nesting is deeper than maxDepth (${e.options.maxDepth})`, e.pos);
  }
  const s = e.buf;
  e.record('python_set', e.pos, 'read a Python set as an array');
  e.edit(e.pos, 1, '[');
  e.sink.openArray();
  for (let n = 0; n < items.length; n += 2) {
    const quote = s.charCodeAt(items[n]);
    if (quote !== Ch.SQUOTE && quote !== Ch.DQUOTE) {
      e.sink.scalar(Number(s.slice(items[n], items[n + 1] + 1)));
      continue;
    }
    const text = s.slice(items[n] + 1, items[n + 1]);
    if (quote === Ch.SQUOTE) e.edit(items[n], items[n + 1] + 1 - items[n], JSON.stringify(text));
    e.sink.scalar(text);
  }
  e.edit(close, 1, ']');
  e.sink.close(false);
  e.pos = close + 1;
  e.afterValue();
  return true;
}
