// The look past a closer: does what follows go on in a container the closer would end, and not in
// the one it would leave open? Then the closer was the mistake: reading it as an end would set what
// follows aside, or hand it to a container that cannot take it (an element to an object).
import { Ch, isDigit, isJsonSpace, isNumberPart, isWordStart, isWordPart, lineBreakWithin } from './chars.js';
import { isLabelWord, isLabelWordAnyCase } from './answer-label.js';
import { NOTE_LABELS, opensLostObject, proseParagraphAt, unclosedToEnd } from './containers.js';
import type { Engine } from './engine.js';
import { colonAfter, indentAt, lineBreakBefore, lineSpaceEnd, peekSignificant, quotedKeyNameAt, scanSignificant } from './space.js';
import { isLiteralWord, scanWordLimited } from './words.js';
import { quoteEnd, stopAhead } from './quote-ahead.js';
import { NEED_MORE, Kind, LOOKAHEAD } from './state.js';

/** What follows a run of closers and a comma. */
export const enum Next { NONE, MEMBER, ELEMENT, CONTAINER }

/**
 * Whether the closer at `pos` is stray. The closers from `pos` on (`}}`, `]}]`), then a comma and
 * what follows it: an object's next member (`"key":`), an array's next scalar element (`3]`,
 * `"x",`) or a container. The closers are read in order, each closing what is open, as far as the
 * container they leave open can take what follows; the first one is stray when no reading with it
 * leaves such a container and one without it does: `{"a": 1}}, "b": 2}`, `[1, 2], 3]`,
 * `{"a": {"b": [1}, 2]}}`. A container after the value's last closer is a second value side by
 * side, not a continuation (`[1, 2], [3, 4]`). Looks at most LOOKAHEAD characters ahead; waits for
 * more text rather than guess.
 */
export function strayCloser(e: Engine): boolean {
  const s = e.buf;
  // The usual cases need no look ahead, so a closer at the end of a chunk closes at once: one that
  // leaves an array open (anything goes on in it), or an object in an object (only a member goes on
  // in either, and the reading without this closer is the one with it, a level deeper).
  const depth = e.kinds.length;
  if (depth >= 2 && closes(e.kinds[depth - 1], s.charCodeAt(e.pos))) {
    const parent = e.kinds[depth - 2];
    if (parent === Kind.ARRAY || parent === Kind.TUPLE || (parent === Kind.OBJECT && e.kinds[depth - 1] === Kind.OBJECT)) return false;
  }
  if (e.base + e.pos < e.closersBeforeNothing) return false;
  const limit = e.pos + LOOKAHEAD;
  let i = e.pos;
  let runLength = 0;
  do {
    runLength++;
    i = afterInRun(e, i, limit);
  } while (i < e.end && i < limit && isCloser(s.charCodeAt(i)));
  // `{"code": "f({'a': x"b"})\n", "lang": "py"}`: a string's end quote after the closers, of a
  // string whose unescaped quotes ended it early; the quote is stray (strayQuote) with the comma
  // right after it.
  if (i < e.end && s.charCodeAt(i) === Ch.DQUOTE) {
    if (i + 1 >= e.end && !e.final) throw NEED_MORE;
    if (s.charCodeAt(i + 1) === Ch.COMMA) i++;
  }
  if (i >= e.end || (s.charCodeAt(i) !== Ch.COMMA && s.charCodeAt(i) !== Ch.FULLWIDTH_COMMA)) {
    // `{"a": 1] "b": 2}`, `[1} 2]`: a closer written for a comma, a member or a scalar element
    // right after it, which what it would leave open cannot take.
    const at = i < e.end && i < limit ? pastNotes(e, i, limit) : -1;
    if (at >= 0 && at < e.end) {
      const next = nextAfterComma(e, at);
      if (next === Next.MEMBER && depth === runLength && proseAfterValue(e, at, e.pos)) {
        e.closersBeforeNothing = e.base + i;
        return false;
      }
      if (next === Next.MEMBER || next === Next.ELEMENT) {
        // Of a longer run, the last closer may be the stray one (`{"a": [1]] "b": 2}`): each closer
        // of it looks again.
        if (runLength > 1) return false;
        const top = e.kinds[depth - 1];
        if ((next === Next.MEMBER && top === Kind.OBJECT) || (next === Next.ELEMENT && top === Kind.ARRAY)) {
          return !someReadingTakes(e, runLength, next, false) && someReadingTakes(e, runLength, next, true);
        }
      }
    }
    // Every closer of this run is read as it stands; the next ones need not look again.
    e.closersBeforeNothing = e.base + i;
    return false;
  }
  const after = pastNotes(e, i + 1, limit);
  const next = after < 0 ? Next.NONE : nextAfterComma(e, after);
  if (next === Next.NONE) return false;
  // `{"a": 0}, Answer: {"a": 1}`: past the comma after the closer that ends the whole value, a label
  // in prose (see labelAt), as without the comma.
  if (next === Next.MEMBER && depth === runLength && labelAt(e, after, e.pos)) {
    e.closersBeforeNothing = e.base + i;
    return false;
  }
  // `{"key": ["a"], ["b"], "k": 1}`: a container with no key after an array in an object is where
  // the reply stops making sense (merged into the array, or the array's closer missing?): an error
  // names it, rather than a guess (docs/parse.md, keyless-member).
  // A `}` there (`{"s": [{"q": 1}}, {"t": 2}]}`) closes no array: it is the stray one, the array going on.
  if (next === Next.CONTAINER && depth >= 2 && e.kinds[depth - 1] === Kind.ARRAY && e.kinds[depth - 2] === Kind.OBJECT && s.charCodeAt(e.pos) === Ch.RBRACKET) return false;
  return !someReadingTakes(e, runLength, next, false) && someReadingTakes(e, runLength, next, true);
}

/**
 * Past comments and an ellipsis from `i`, a note between the comma after a closer and what follows
 * (`{"a": {"b": 1}}, // note⏎  "c": 2}`, `}}, ... "c": 2}`); -1 when they run past `limit`. Waits for
 * more text rather than guess. Extraction's pastNotes (extract/continuation.ts) reads the same notes
 * in prose, so a span there reaches as far as this reads.
 */
function pastNotes(e: Engine, i: number, limit: number): number {
  const s = e.buf;
  for (;;) {
    i = peekSignificant(e, i);
    if (i >= e.end) return i;
    if (i >= limit) return -1;
    const c = s.charCodeAt(i);
    if (c === Ch.ELLIPSIS) {
      i = pastComma(e, i + 1);
      continue;
    }
    if (c !== Ch.SLASH && c !== Ch.HASH && c !== Ch.DOT) return i;
    if (i + 2 >= e.end && !e.final) throw NEED_MORE;
    const d = s.charCodeAt(i + 1);
    if (c === Ch.DOT) {
      if (d !== Ch.DOT || s.charCodeAt(i + 2) !== Ch.DOT) return i;
      i = pastComma(e, i + 3);
      continue;
    }
    if (c === Ch.SLASH && d !== Ch.SLASH && d !== Ch.STAR) return i;
    const block = c === Ch.SLASH && d === Ch.STAR;
    let k = i + 2;
    while (k < e.end && k < limit && !(block ? s.charCodeAt(k) === Ch.SLASH && s.charCodeAt(k - 1) === Ch.STAR && k > i + 2 : s.charCodeAt(k) === Ch.LF)) k++;
    if (k >= limit) return -1;
    if (k >= e.end) {
      if (!e.final) throw NEED_MORE;
      return -1;
    }
    i = k + 1;
  }
}

/** After an ellipsis, past the comma that lists it as an element (`}}, ...,⏎  "c": 2}`), if one follows. */
function pastComma(e: Engine, i: number): number {
  const j = peekSignificant(e, i);
  return j < e.end && e.buf.charCodeAt(j) === Ch.COMMA ? j + 1 : i;
}

/**
 * Whether the closers from `pos` on, read in order as closing what is open (all but the first when
 * `skipFirst`), leave at some point a container that takes `next`. With the first skipped, what is
 * open now counts too.
 */
function someReadingTakes(e: Engine, runLength: number, next: Next, skipFirst: boolean): boolean {
  const s = e.buf;
  let depth = e.kinds.length;
  if (skipFirst && takes(e.kinds[depth - 1], next)) return true;
  let i = e.pos;
  let matched = true;
  const limit = e.pos + LOOKAHEAD;
  for (let n = 0; n < runLength; n++) {
    if (n > 0) i = afterInRun(e, i, limit);
    if (n === 0 && skipFirst) continue;
    const c = s.charCodeAt(i);
    let d = depth - 1;
    if (!closes(e.kinds[d], c) && n + 1 < runLength && d >= 1 && closes(e.kinds[d - 1], c)) {
      // `}]` where `]}` was meant (swappedClosers): the pair closes the two innermost, in stack order.
      const j = afterInRun(e, i, limit);
      if (closes(e.kinds[d], s.charCodeAt(j))) {
        n++;
        i = j;
        depth = d - 1;
        if (leaves(e, depth, matched, next)) return true;
        continue;
      }
    }
    // The closer pops through to the innermost container it closes (`}` with `{"a": [1` open pops
    // both), within the lookahead; one that closes nothing open there ends the reading.
    const floor = Math.max(0, depth - LOOKAHEAD);
    while (d >= floor && !closes(e.kinds[d], c)) d--;
    if (d < floor) return false;
    matched &&= d === depth - 1;
    depth = d;
    if (leaves(e, depth, matched, next)) return true;
  }
  return false;
}

/**
 * Whether what is left open at `depth` takes `next`. Past the value's end, a container is a second
 * value side by side, but only after closers that each closed what was innermost (`matched`): after
 * a repaired closer, the stray reading is the likelier one.
 */
function leaves(e: Engine, depth: number, matched: boolean, next: Next): boolean {
  return depth === 0 ? matched && next === Next.CONTAINER : takes(e.kinds[depth - 1], next);
}

/** What an open container can take after a comma without losing it. */
function takes(container: number, next: Next): boolean {
  if (container === Kind.OBJECT) return next === Next.MEMBER;
  // An array takes anything; a member there is read as an object whose `{` is missing (`["k": 1]`).
  return container !== Kind.WRAPPER || next !== Next.MEMBER;
}

/**
 * Where the run of closers goes on after the closer at `i`: the next significant character, past a
 * trailing comma between two closers as a pretty-printer writes them (`{}},⏎  ],⏎  "b": 1`).
 * strayCloser counts the run and someReadingTakes reads it with this one step, so both see the same
 * closers.
 */
function afterInRun(e: Engine, i: number, limit: number): number {
  const s = e.buf;
  const k = peekSignificant(e, i + 1);
  if (k < e.end && k < limit && s.charCodeAt(k) === Ch.COMMA) {
    const j = peekSignificant(e, k + 1);
    if (j < e.end && j < limit && isCloser(s.charCodeAt(j))) return j;
  }
  return k;
}

/**
 * Whether the run of closers at `pos` (stepped as afterInRun steps) holds a closer for every open
 * container: read as written, it ends the whole value, where extraction's scan of the brackets ends
 * its span unless the value closes again (see Engine.awaitsClose). `{"a": []}, 3, 4`: its `]` and `}`
 * are read as stray (the array goes on with `3, 4`), and parse reads `{"a": []}`.
 */
export function runEndsValue(e: Engine): boolean {
  const limit = e.pos + LOOKAHEAD;
  let i = e.pos;
  for (let n = 1; i < e.end && i < limit && isCloser(e.buf.charCodeAt(i)); n++) {
    if (n >= e.kinds.length) return true;
    i = afterInRun(e, i, limit);
  }
  return false;
}

function closes(kind: number, closer: number): boolean {
  if (closer === Ch.RBRACE) return kind === Kind.OBJECT;
  if (closer === Ch.RBRACKET) return kind === Kind.ARRAY;
  return kind === Kind.TUPLE || kind === Kind.WRAPPER;
}

function isCloser(c: number): boolean {
  return c === Ch.RBRACE || c === Ch.RBRACKET || c === Ch.RPAREN;
}

/**
 * Whether the member at `i`, after the closer at `closerAt` that ends the whole value, is prose after
 * the value and not a member the closer cut off or the object whose `{` it was: a note on a later
 * line (noteAt) or a label (labelAt). strayCloser (a closer before a member) and
 * openerWrittenAsCloser (a closer where a value belongs, `[] Answer: {"a": 1}`) both ask here, so a
 * label reads the same after `{"a": 0}` as after an empty `[]`.
 */
function proseAfterValue(e: Engine, i: number, closerAt: number): boolean {
  return noteAt(e, i) || labelAt(e, i, closerAt);
}

/**
 * `{"a": 1}⏎⏎Note: this is important.`: whether the member at `i` after the closer that ends the whole
 * value — a word and a colon on a later line, a line that does not end as a member's does (`b: 2}`,
 * `b: 2,`) — is a note after the value in prose, not a member the closer cut off (or an object's
 * members whose `{` it was: `[]⏎Note: …`). A line whose last closer is its own (`Example: {"b": 2}`)
 * closes nothing the value left open: it is a note too.
 */
function noteAt(e: Engine, i: number): boolean {
  return isWordStart(e.buf.charCodeAt(i)) && lineBreakBefore(e, i) && !lineEndsInDelimiter(e, i);
}

/**
 * `{"a": 0} Answer: {"a": 1}`, `{"a": 1} Note: the values are estimates.`: whether the member at `i`
 * after the closer that ends the whole value, on its line, is a label's word (`Answer`, `Output`,
 * `Example`: see isLabelWord; a note's, `Note`, `Explanation`: NOTE_LABELS) with a capital and its
 * colon, on a line that does not end as a member's does (see noteAt). That is prose labelling what
 * follows, not a member the closer cut off: read as one, `Answer` became a key the model never wrote.
 * Any other capitalised word counts too when a container follows its colon (`{"a": 0} New: {"a":
 * 1}`): a second value labelled in prose, which the closed document's own line cannot go on with.
 * That other word only on the line of the closer at `closerAt`: on a line of its own, `A1: [` after
 * `_0: },` is a member of an object written as code whose `{` was lost. A label's word in lower case
 * counts on that line too when a container follows its colon (`{"a": 0} answer: {"a": 1}`: read as a
 * member, `answer` was a key the model never wrote, and the object read as cut off); any other
 * lower-case word there is a member as before (`{"a": 0} b: {"c": 1}}`).
 */
export function labelAt(e: Engine, i: number, closerAt: number): boolean {
  const s = e.buf;
  const c = s.charCodeAt(i);
  const upper = c >= Ch.UPPER_A && c <= Ch.UPPER_Z;
  if (!upper && !(c >= Ch.LOWER_A && c <= Ch.LOWER_Z)) return false;
  const end = scan(e, i + 1, isWordPart);
  const word = s.slice(i, end);
  if (upper ? !isLabelWord(word) && !NOTE_LABELS.has(word.toLowerCase()) && (lineBreakWithin(s, closerAt, i) || !containerAfterColon(e, end))
    : !isLabelWordAnyCase(word) || lineBreakWithin(s, closerAt, i) || !containerAfterColon(e, end)) return false;
  return !lineEndsInDelimiter(e, i);
}

/** Whether a colon, then on its line a `{` or `[`, comes at `i` (spaces first). Waits for more text rather than guess. */
function containerAfterColon(e: Engine, i: number): boolean {
  const s = e.buf;
  const colon = lineSpaceEnd(e, i);
  if (colon >= e.end || s.charCodeAt(colon) !== Ch.COLON) return false;
  const k = lineSpaceEnd(e, colon + 1);
  return k < e.end && (s.charCodeAt(k) === Ch.LBRACE || s.charCodeAt(k) === Ch.LBRACKET);
}

/**
 * Whether the line from `i` ends (spaces aside) in `,`, or in a `}` or `]` that no opener on the line
 * matches, or the next line starts with one, within the lookahead; waits for the line's end.
 */
function lineEndsInDelimiter(e: Engine, i: number): boolean {
  const s = e.buf;
  const limit = Math.min(e.end, i + LOOKAHEAD);
  let last = 0;
  let depth = 0;
  let inString = false;
  for (; i < limit; i++) {
    const c = s.charCodeAt(i);
    if (c === Ch.LF) break;
    if (c !== Ch.SPACE && c !== Ch.TAB && c !== Ch.CR) last = c;
    if (inString) {
      if (c === Ch.BACKSLASH) i++;
      else if (c === Ch.DQUOTE) inString = false;
    } else if (c === Ch.DQUOTE) inString = true;
    else if (c === Ch.LBRACE || c === Ch.LBRACKET) depth++;
    else if (c === Ch.RBRACE || c === Ch.RBRACKET) depth--;
  }
  if (i >= e.end && !e.final) throw NEED_MORE;
  if ((i < limit || i >= e.end) && (last === Ch.COMMA || ((last === Ch.RBRACE || last === Ch.RBRACKET) && depth < 0))) return true;
  // `  b: 1⏎}`: the member is the object's last, its `}` on the next line.
  if (i >= limit || i >= e.end || depth !== 0) return false;
  const next = peekSignificant(e, i + 1);
  if (next >= e.end && !e.final) throw NEED_MORE;
  return next < e.end && (s.charCodeAt(next) === Ch.RBRACE || s.charCodeAt(next) === Ch.RBRACKET);
}

/**
 * What starts at `i` (after a comma): a member, a scalar element, a container, or none of these. A
 * scalar that ends the text is an element only when `lastMayEnd` (top-level values already listed:
 * `1, 2, 3`).
 */
export function nextAfterComma(e: Engine, i: number, lastMayEnd = false, nested = false): Next {
  const s = e.buf;
  i = peekSignificant(e, i);
  if (i >= e.end) return Next.NONE;
  const c = s.charCodeAt(i);
  if (c === Ch.LBRACE || c === Ch.LBRACKET) return Next.CONTAINER;
  let k: number;
  if (c === Ch.DQUOTE || c === Ch.SQUOTE) {
    // `"a⏎b"]`: a string whose line breaks are raw ends at its quote all the same.
    k = quoteEnd(e, i, LOOKAHEAD, true);
    // `"c"": 2`: the key's closing quote doubled; `"y""]`, an element's.
    if (k >= 0 && s.charCodeAt(k + 1) === c && colonAfter(e, k + 2)) return Next.MEMBER;
    if (k >= 0 && s.charCodeAt(k + 1) === c && k + 2 < e.end && (s.charCodeAt(k + 2) === Ch.RBRACKET || s.charCodeAt(k + 2) === Ch.COMMA)) return elementAfterQuote(e, k + 2, nested);
    // A quote on a later line may close a value that lost its opening one (`"b: [⏎  x"`): the key
    // first, when a container opens after its colon (`"Note: this⏎is text"` is a string).
    const acrossLines = k >= 0 && lineBreakWithin(s, i, k);
    if (k < 0 || (acrossLines && keyThenOpenerAt(e, i + 1)) || !delimiterAt(e, k + 1)) {
      // `"c: 2`: a key that lost its closing quote, its colon right after its word (the next quote,
      // if any, opens something else: `"c: 2, "d": 3`; `"http://x",` is a string); `"c”: 2`: a key
      // closed with a curly quote.
      const word = scan(e, i + 1, isWordPart);
      if (word > i + 1 && word < e.end && s.charCodeAt(word) === Ch.COLON) return Next.MEMBER;
      if (word > i + 1 && word < e.end && (s.charCodeAt(word) === Ch.RIGHT_DOUBLE || s.charCodeAt(word) === Ch.LEFT_DOUBLE) && colonAfter(e, word + 1)) return Next.MEMBER;
      if (k < 0) return Next.NONE;
    }
    k++;
  } else if (c === Ch.LEFT_DOUBLE || c === Ch.RIGHT_DOUBLE) {
    // `“c": 2`: a key opened with a curly quote, closed with a straight or curly one.
    k = curlyKeyEnd(e, i);
    return k >= 0 && colonAfter(e, k) ? Next.MEMBER : Next.NONE;
  } else if (isDigit(c) || c === Ch.MINUS) {
    k = scan(e, i + 1, isNumberPart);
  } else if (isWordStart(c)) {
    k = scan(e, i + 1, isWordPart);
    const after = peekSignificant(e, k);
    // `b: 2`, a key as JavaScript writes it; `b": 2`, a key that lost its opening quote.
    if (after < e.end && s.charCodeAt(after) === Ch.COLON) return Next.MEMBER;
    if (after === k && s.charCodeAt(k) === Ch.DQUOTE && colonAfter(e, k + 1)) return Next.MEMBER;
    // `x"]`, `x", "y"]`: a string that lost its opening quote, the array's element (a key that lost
    // its quote and whose colon became a comma, `b", {}`, `b",: 1`, is not).
    if (after === k && s.charCodeAt(k) === Ch.DQUOTE) return elementAfterQuote(e, k + 1, nested);
    if (!isLiteralToken(s, i, k)) return Next.NONE;
  } else {
    return Next.NONE;
  }
  const after = peekSignificant(e, k);
  if (after >= e.end) return lastMayEnd && e.final ? Next.ELEMENT : Next.NONE;
  const d = s.charCodeAt(after);
  const quoted = c === Ch.DQUOTE || c === Ch.SQUOTE;
  if (d === Ch.COLON || d === Ch.FULLWIDTH_COLON) return quoted ? Next.MEMBER : Next.NONE;
  // `"b" 2}`: a member whose colon was lost, the object's last (a next one would make it a chain
  // to follow past the lookahead).
  // (`": "x"}` after a closer: no key's text starts with a colon.)
  if (quoted && s.charCodeAt(i + 1) !== Ch.COLON && !isJsonSpace(s.charCodeAt(i + 1)) && valueThenObjectEnd(e, after)) return Next.MEMBER;
  // Prose after a value (`[1, 2], 3 more`) is not an element.
  return d === Ch.COMMA || d === Ch.RBRACKET ? Next.ELEMENT : Next.NONE;
}

/**
 * After an element's damaged closing quote (at `i`): ELEMENT when the array's `]` follows, or a
 * comma and another element (looked at once: `nested` reads no further), else NONE.
 */
function elementAfterQuote(e: Engine, i: number, nested: boolean): Next {
  const end = peekSignificant(e, i);
  if (end >= e.end) return Next.NONE;
  const c = e.buf.charCodeAt(end);
  if (c === Ch.RBRACKET) return Next.ELEMENT;
  if (c !== Ch.COMMA) return Next.NONE;
  return nested || nextAfterComma(e, end + 1, false, true) === Next.ELEMENT ? Next.ELEMENT : Next.NONE;
}

/** Whether a word, its colon and an opener (`b: [`) stand at `i`, on one line. */
function keyThenOpenerAt(e: Engine, i: number): boolean {
  const word = scan(e, i, isWordPart);
  if (word === i || e.buf.charCodeAt(word) !== Ch.COLON) return false;
  const v = peekSignificant(e, word + 1);
  const c = e.buf.charCodeAt(v);
  return v < e.end && (c === Ch.LBRACE || c === Ch.LBRACKET);
}

/** Whether a delimiter (`,` `:` `]` `}`) or the text's end follows `i`, past spaces. */
function delimiterAt(e: Engine, i: number): boolean {
  const j = peekSignificant(e, i);
  if (j >= e.end) return true;
  const c = e.buf.charCodeAt(j);
  return c === Ch.COMMA || c === Ch.COLON || c === Ch.RBRACKET || c === Ch.RBRACE;
}

/** One past the quote (straight or curly) that closes the curly-quoted key at `i` on its line, within the lookahead; -1 if none. */
function curlyKeyEnd(e: Engine, i: number): number {
  const k = stopAhead(e, i + 1, LOOKAHEAD, Ch.DQUOTE, isLineOrCurlyQuote);
  return k >= 0 && e.buf.charCodeAt(k) !== Ch.LF ? k + 1 : -1;
}

/** A line break, or a curly double quote that may close a key a curly one opened. */
function isLineOrCurlyQuote(c: number): boolean {
  return c === Ch.LF || c === Ch.RIGHT_DOUBLE || c === Ch.LEFT_DOUBLE;
}

/**
 * Whether the number or literal at `pos`, where an object's next key was expected, is the array's
 * next element (`[{"a": 1}, 3, "x"]`, `[{"a": 1}, True, "x"]` with the `}` lost): neither is a key
 * unless a colon follows it, and here the array goes on after it (`]`, or a comma and then an
 * element or the `]`, not a member). Read as a key, it would take a null, and `true` would be lost.
 */
export function scalarElementFollows(e: Engine, c: number): boolean {
  const word = isWordStart(c) ? literalEnd(e, c) : scan(e, e.pos + 1, isNumberPart);
  if (word < 0) return false;
  const after = peekSignificant(e, word);
  if (after >= e.end) return false;
  const d = e.buf.charCodeAt(after);
  if (d === Ch.RBRACKET) return true;
  if (d !== Ch.COMMA) return false;
  const k = peekSignificant(e, after + 1);
  // `True,⏎]`: a trailing comma before the array's `]`.
  if (k >= e.end || e.buf.charCodeAt(k) === Ch.RBRACKET) return true;
  const next = nextAfterComma(e, after + 1);
  return next === Next.CONTAINER || next === Next.ELEMENT;
}

/** JSON's and Python's literals by their first letter (a key such as `name` fails at its second). */
const LITERAL_BY_LETTER: Record<number, string> = { [Ch.LOWER_T]: 'true', [Ch.LOWER_F]: 'false', [Ch.LOWER_N]: 'null', [Ch.UPPER_T]: 'True', [Ch.UPPER_F]: 'False', [Ch.UPPER_N]: 'None' };

/** One past the literal word at `pos` (whose first letter is `c`), or -1 when none stands there; waits while the text so far is a literal's start. */
function literalEnd(e: Engine, c: number): number {
  const word = LITERAL_BY_LETTER[c];
  if (word === undefined) return -1;
  const s = e.buf;
  const available = Math.min(word.length, e.end - e.pos);
  for (let i = 1; i < available; i++) if (s.charCodeAt(e.pos + i) !== word.charCodeAt(i)) return -1;
  const k = e.pos + word.length;
  if (k >= e.end) {
    if (!e.final) throw NEED_MORE;
    return available === word.length ? k : -1;
  }
  return isWordPart(s.charCodeAt(k)) ? -1 : k;
}

/** Whether a colon follows the closer at `pos` (past spaces): the closer, right after a key, is stray. */
export function colonAfterCloser(e: Engine): boolean {
  const i = peekSignificant(e, e.pos + 1);
  return i < e.end && (e.buf.charCodeAt(i) === Ch.COLON || e.buf.charCodeAt(i) === Ch.FULLWIDTH_COLON);
}

/**
 * Whether a member's value follows the closer at `pos`: a value, and after it the object goes on
 * (`, "key":`) or ends (`}`). Right after a key, the closer was written for the key's colon
 * (`{"a": 1, "b"} 2, "c": 3}`); after a key's colon, it is stray (`{"a": }1, "b": 2}`). Read as an
 * end, it would set the rest of the object aside. A value with nothing after it is a second value
 * side by side (`{"a": 1, "b"} {"c": 2}`). A value no reading ends (it lost a quote, or was never
 * quoted) counts when the object's `}` ends the text after it (see valueEndsText). Looks at most
 * LOOKAHEAD characters into the value; waits for more text rather than guess.
 */
export function memberValueFollows(e: Engine): boolean {
  const i = peekSignificant(e, e.pos + 1);
  if (i >= e.end) return false;
  const after = afterValue(e, i);
  if (after < 0) return valueEndsText(e, i);
  const c = e.buf.charCodeAt(after);
  if (c === Ch.RBRACE || memberFollows(e, after)) return true;
  // `"b"} "x",}`: a trailing comma before the object's end; `"b"} "x" "c": 1}`: the comma lost too.
  if (c === Ch.COMMA) {
    const k = peekSignificant(e, after + 1);
    return k < e.end && e.buf.charCodeAt(k) === Ch.RBRACE;
  }
  return (c === Ch.DQUOTE || c === Ch.SQUOTE) && nextAfterComma(e, after) === Next.MEMBER;
}

/**
 * `{"a"} x}`, `{"a"} "x}`: whether from `i` to the text's end only a value's text stands (no
 * delimiter, bracket or colon), then the object's `}`, within the lookahead; a value that lost a
 * quote as well as the key's colon. Waits while the text may go on.
 */
function valueEndsText(e: Engine, i: number): boolean {
  const s = e.buf;
  const limit = Math.min(e.end, i + LOOKAHEAD);
  let last = -1;
  for (let k = i; k < limit; k++) {
    const c = s.charCodeAt(k);
    if (last >= 0) {
      if (!isJsonSpace(c)) return false;
    } else if (c === Ch.COMMA || c === Ch.COLON || c === Ch.LBRACE || c === Ch.LBRACKET || c === Ch.RBRACKET || c === Ch.LF) {
      return false;
    } else if (c === Ch.RBRACE) {
      last = k;
    }
  }
  if (limit < e.end) return false;
  if (!e.final) throw NEED_MORE;
  return last > i;
}

/** Whether a value starts at `i` and the object's `}` follows it. */
function valueThenObjectEnd(e: Engine, i: number): boolean {
  const after = afterValue(e, i);
  return after >= 0 && e.buf.charCodeAt(after) === Ch.RBRACE;
}

/** Whether the container at `i` closes within the lookahead and a comma or the object's `}` follows it: a member's value. */
export function containerEndsMember(e: Engine, i: number): boolean {
  const after = afterValue(e, i);
  return after >= 0 && (e.buf.charCodeAt(after) === Ch.COMMA || e.buf.charCodeAt(after) === Ch.RBRACE);
}

/** Where the text goes on (past spaces) after the value that starts at `i`; -1 if no value starts there or nothing follows it. */
function afterValue(e: Engine, i: number): number {
  const end = valueEnd(e, i);
  if (end < 0) return -1;
  const after = peekSignificant(e, end);
  return after < e.end ? after : -1;
}

/**
 * The opener that the closer at `pos`, where a value belongs, was written for, or 0. An object's
 * member follows it (`[1, ]"a": 2}]`: `{`), or, after a key, a scalar element, more elements and a `]`
 * (`{"k": }1, 2], "b": 3}`: `[`). Read as a closer, it would end the container and set the rest aside.
 * Right after an array's opener, `]` ends an empty array, and a member after it is its object's next
 * (`{"x": [] "a": 1}`): there only in an array or at the top (`[]"a": 1}]`).
 */
export function openerWrittenAsCloser(e: Engine): number {
  const depth = e.kinds.length;
  const top = e.kinds[depth - 1];
  if (top !== Kind.OBJECT && !(top === Kind.ARRAY && (e.commaAt >= 0 || e.buf.charCodeAt(e.pos) === Ch.RBRACE || e.kinds[depth - 2] !== Kind.OBJECT))) return 0;
  const i = peekSignificant(e, e.pos + 1);
  if (i >= e.end) return 0;
  const next = nextAfterComma(e, i);
  // `[] Answer: {"a": 1}`: the `]` that ends the whole value, then prose (a label, a note), as
  // strayCloser reads it: read as `{`, `Answer` became a key the model never wrote.
  if (next === Next.MEMBER) return depth === 1 && proseAfterValue(e, i, e.pos) ? 0 : Ch.LBRACE;
  return next === Next.ELEMENT && top === Kind.OBJECT && elementsThenCloser(e, i) ? Ch.LBRACKET : 0;
}

/**
 * `"a1": ],⏎  "b": 2`, `{"k": ]}`: a `]` right after a key's colon, then the next member or the
 * object's end: an empty array whose `[` was lost. Read as a closer, it closed the array around the
 * object and set the rest aside. (A `}` there is a value left out more often than a lost `{`.)
 */
export function emptyValueOpenerLost(e: Engine): boolean {
  const j = peekSignificant(e, e.pos + 1);
  if (j >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  const d = e.buf.charCodeAt(j);
  if (d === Ch.RBRACE) return true;
  if (d !== Ch.COMMA) return false;
  // The next member, or the object's `}` after a trailing comma (`a0: ],⏎  },`).
  const k = peekSignificant(e, j + 1);
  if (k >= e.end && !e.final) throw NEED_MORE;
  return (k < e.end && e.buf.charCodeAt(k) === Ch.RBRACE) || nextAfterComma(e, j + 1) === Next.MEMBER;
}

/**
 * Whether the `"` at `pos` is stray: where a key's colon belongs (`colon`), a colon follows it at once
 * (`{"a"": 1}`); where a key or a value's comma or closer belongs, one of those does (`{"a": true"}`,
 * `[1, [2]", 3]`, `[{"}, 2]`). And read as an opener, it makes no element or key: its closer is not on
 * the line (within the lookahead), or no delimiter follows that closer. Read as an opener, it would
 * take the rest of the line, or of the document, into a string.
 */
export function strayQuote(e: Engine, colon: boolean): boolean {
  const s = e.buf;
  if (e.pos + 1 >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  const c = s.charCodeAt(e.pos + 1);
  if (colon ? c !== Ch.COLON : c !== Ch.COMMA && c !== Ch.FULLWIDTH_COMMA && c !== Ch.RBRACE && c !== Ch.RBRACKET) {
    // `{"a": [1]" "b": 2}`: after a value, a stray quote and then the next key, its comma lost; on the
    // next line too, the key maybe as Python quotes it (`{'a': 1"⏎  'b': 2}`) or as code writes it
    // (`{"a": 1"⏎  b: 2}`).
    if (colon || !(c === Ch.SPACE || c === Ch.LF || c === Ch.CR || c === Ch.TAB)) return false;
    const k = peekSignificant(e, e.pos + 1);
    const q = k < e.end ? s.charCodeAt(k) : -1;
    if (q === Ch.DQUOTE || q === Ch.SQUOTE) return quotedKeyNameAt(e, k + 1, q);
    if (!isWordStart(q) || !lineBreakWithin(s, e.pos + 1, k)) return false;
    // Past a blank line a note's paragraph may stand (`1"⏎⏎Note: the …`): the value's closers go
    // before it (see noteParagraph). Any other paragraph after which nothing closes is no member.
    if (lineBreakWithin(s, s.indexOf('\n', e.pos + 1) + 1, k)) {
      if (proseParagraphAt(e, k)) return true;
      if (unclosedToEnd(e, k)) return false;
    }
    const wordEnd = scanWordLimited(e, k);
    if (wordEnd >= e.end && !e.final) throw NEED_MORE;
    return colonAfter(e, wordEnd);
  }
  const close = quoteEnd(e, e.pos);
  if (close < 0) return true;
  const after = peekSignificant(e, close + 1);
  if (after >= e.end) return false;
  const d = s.charCodeAt(after);
  return d !== Ch.COMMA && d !== Ch.RBRACE && d !== Ch.RBRACKET && d !== Ch.COLON;
}

/**
 * Whether values separated by commas, then `]`, follow at `i`, within the lookahead. A container
 * after the first value and its comma, or the lookahead's end after two, settles it: no member
 * follows a key's value that way.
 */
function elementsThenCloser(e: Engine, i: number): boolean {
  const limit = e.pos + LOOKAHEAD;
  for (let values = 0; ; values++) {
    if (i >= limit) return values >= 2;
    const c = e.buf.charCodeAt(i);
    if (values >= 1 && (c === Ch.LBRACE || c === Ch.LBRACKET)) return true;
    const end = valueEnd(e, i);
    if (end < 0) return false;
    const after = peekSignificant(e, end);
    if (after >= e.end) return false;
    const d = e.buf.charCodeAt(after);
    if (d === Ch.RBRACKET) return true;
    if (d !== Ch.COMMA) return false;
    i = peekSignificant(e, after + 1);
  }
}

/**
 * Whether the plain values from `pos` (after an array element) run to a `]` that a comma and
 * another row of plain values follow, within the lookahead: `[["a", "b"], "c", "d"], ["e", "f"]]`, a table whose
 * row lost its `[` (json_repair #176). Read as they stand, the `]` would end the table and the rows
 * after it would be an error: the table stands in an object or at the top. In an array, `], [` goes
 * on there (`[[[1], 2], [3]]`); a container among the values, or any other text after the `]`
 * (`[[1, 2], 3, 4]`, a mixed array), settles it the other way too.
 */
export function rowOpenerLost(e: Engine): boolean {
  const depth = e.kinds.length;
  if (depth > 1 && e.kinds[depth - 2] !== Kind.OBJECT) return false;
  const s = e.buf;
  const limit = e.pos + LOOKAHEAD;
  for (let i = e.pos; i < limit;) {
    const c = s.charCodeAt(i);
    if (c === Ch.LBRACE || c === Ch.LBRACKET) return false;
    const end = valueEnd(e, i);
    if (end < 0) return false;
    const after = peekSignificant(e, end);
    if (after >= e.end) return false;
    const d = s.charCodeAt(after);
    if (d === Ch.RBRACKET) {
      const comma = peekSignificant(e, after + 1);
      if (comma >= e.end || s.charCodeAt(comma) !== Ch.COMMA) return false;
      const row = peekSignificant(e, comma + 1);
      if (row >= e.end || s.charCodeAt(row) !== Ch.LBRACKET) return false;
      const first = peekSignificant(e, row + 1);
      return first < e.end && s.charCodeAt(first) !== Ch.LBRACKET && s.charCodeAt(first) !== Ch.LBRACE;
    }
    if (d !== Ch.COMMA) return false;
    i = peekSignificant(e, after + 1);
  }
  return false;
}

/**
 * Whether the value at `pos`, in an object and first on its line (the caller knows both), after a
 * key's colon and indented deeper than the key, is the first element of the key's array whose `[`
 * was lost (`k:⏎    'v',⏎    None,⏎  ],`): a comma after it, then on the next line, indented as
 * deep, a value that no colon follows, or the array's `]` indented less (`k:⏎    0,⏎  ],`). Read as
 * members, `None` would become a key and its value be lost.
 */
export function elementsIndentedUnderKey(e: Engine): boolean {
  if (!opensLostObject(e, indentAt(e, e.pos))) return false;
  const end = valueEnd(e, e.pos);
  if (end < 0) return false;
  const comma = peekSignificant(e, end);
  if (comma >= e.end || e.buf.charCodeAt(comma) !== Ch.COMMA) return false;
  const next = peekSignificant(e, comma + 1);
  if (next >= e.end || !lineBreakBefore(e, next)) return false;
  // `k:⏎    0,⏎  ],`: the one element, then the array's `]` on a line of its own, indented less.
  if (e.buf.charCodeAt(next) === Ch.RBRACKET) return indentAt(e, next) >= 0 && indentAt(e, next) < indentAt(e, e.pos);
  if (indentAt(e, next) !== indentAt(e, e.pos)) return false;
  const nextEnd = valueEnd(e, next);
  if (nextEnd < 0) return false;
  const after = peekSignificant(e, nextEnd);
  if (after >= e.end) return true;
  const d = e.buf.charCodeAt(after);
  return d === Ch.COMMA || d === Ch.RBRACKET;
}

/** The end of the value that starts at `i` (a quoted string, a number, a JSON word or a container), within the lookahead; -1 if none. */
export function valueEnd(e: Engine, i: number): number {
  const s = e.buf;
  const c = s.charCodeAt(i);
  if (c === Ch.DQUOTE || c === Ch.SQUOTE) {
    // `"x⏎y"`: a string whose line breaks are raw ends at its quote all the same.
    let k = quoteEnd(e, i, LOOKAHEAD, true);
    if (k < 0) return -1;
    // `"x"",`: its closing quote doubled, before a delimiter.
    if (s.charCodeAt(k + 1) === c && delimiterAt(e, k + 2)) k++;
    return k + 1;
  }
  if (isDigit(c) || c === Ch.MINUS) return scan(e, i + 1, isNumberPart);
  if (isWordStart(c)) {
    const k = scan(e, i + 1, isWordPart);
    if (isLiteralToken(s, i, k)) return k;
    // `x",`: a string that lost its opening quote, its closing one before a delimiter.
    const q = lostOpenerQuote(e, k);
    return q < 0 ? -1 : q + 1;
  }
  if (c !== Ch.LBRACE && c !== Ch.LBRACKET) return -1;
  const limit = Math.min(e.end, i + LOOKAHEAD);
  let depth = 0;
  for (let k = i; k < limit; k++) {
    const d = s.charCodeAt(k);
    if (d === Ch.DQUOTE) {
      k = quoteEnd(e, k);
      if (k < 0) return -1;
    } else if (d === Ch.LBRACE || d === Ch.LBRACKET) depth++;
    else if ((d === Ch.RBRACE || d === Ch.RBRACKET) && --depth === 0) return k + 1;
  }
  if (limit >= e.end && !e.final) throw NEED_MORE;
  return -1;
}

/**
 * The `"` that ends, on its line, the words of a string from before `i` that lost its opening quote
 * (words and spaces only up to it), when a delimiter follows it; -1 otherwise. Within the lookahead.
 */
function lostOpenerQuote(e: Engine, i: number): number {
  const k = scan(e, i, isTextPart);
  return k < e.end && e.buf.charCodeAt(k) === Ch.DQUOTE && delimiterAt(e, k + 1) ? k : -1;
}

/** A word's character, a space or a full stop: plain text on a line. */
function isTextPart(c: number): boolean {
  return isWordPart(c) || c === Ch.SPACE || c === Ch.DOT;
}

/**
 * Whether `, "key":` follows at `i` (the comma full-width too, a note after it: see pastNotes): the
 * container a closer would end goes on. Looks at most LOOKAHEAD characters into the key; waits for
 * more text rather than guess.
 */
export function memberFollows(e: Engine, i: number): boolean {
  i = peekSignificant(e, i);
  if (i >= e.end || (e.buf.charCodeAt(i) !== Ch.COMMA && e.buf.charCodeAt(i) !== Ch.FULLWIDTH_COMMA)) return false;
  // `, // note⏎ "key":`, `, … "key":`: a note between the comma and the key.
  const after = pastNotes(e, i + 1, i + LOOKAHEAD);
  return after >= 0 && nextAfterComma(e, after) === Next.MEMBER;
}

/** The end of a run of characters that `part` accepts from `i`, within the lookahead; waits at the buffer's end. */
export function scan(e: Engine, i: number, part: (c: number) => boolean): number {
  const s = e.buf;
  const limit = Math.min(e.end, i + LOOKAHEAD);
  while (i < limit && part(s.charCodeAt(i))) i++;
  if (i >= e.end && !e.final) throw NEED_MORE;
  return i;
}

/** Whether `s.slice(i, k)` is a literal the engine reads as a value: JSON's, Python's (`None`, `True`), `undefined`, `NaN`. */
function isLiteralToken(s: string, i: number, k: number): boolean {
  return isLiteralWord(s.slice(i, k));
}

/**
 * `{"a": 1} [end]`, `{…}⏎⏎[1]: https://…` (a Markdown link's reference): a `[` after the whole value
 * that opens a word no literal is, or a reference `[12]:`, is text after the value, not a second
 * value (read as one, the reply became an array of the value and the bracketed text).
 */
export function bracketedProse(e: Engine): boolean {
  const s = e.buf;
  const k = scanSignificant(e, e.pos + 1);
  if (k >= e.end) {
    if (!e.final) throw NEED_MORE;
    return false;
  }
  const d = s.charCodeAt(k);
  if (isWordStart(d)) return !isLiteralWord(s.slice(k, scanWordLimited(e, k)));
  if (!isDigit(d)) return false;
  const limit = Math.min(e.end, k + LOOKAHEAD);
  let m = k;
  while (m < limit && isDigit(s.charCodeAt(m))) m++;
  if (m + 1 >= e.end && !e.final) throw NEED_MORE;
  return s.charCodeAt(m) === Ch.RBRACKET && s.charCodeAt(m + 1) === Ch.COLON;
}
