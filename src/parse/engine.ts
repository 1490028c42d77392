// The one tolerant parsing engine behind parse, repair and streaming.
//
// A single left-to-right pass over a buffer with an explicit stack of open containers. It is
// resumable: `feed` may be called with more text at any time, and the engine either finishes a token
// or leaves `pos` at the token's start (strings keep their partial content) until more text arrives
// or `finish` says there is no more. Every repair is recorded as data (`repairs`), and, when a text
// writer wants them, as splices of the original text (`edits`).
import type { ErrorCode } from '../errors.js';
import { Ch, isDelimiter, isDigit, isHexDigit, isJsonSpace, isQuoteLike, isSpecialSpace, isWordPart, isWordStart } from './chars.js';
import type { Sink } from './sink.js';
import { RepairLog } from './repair-log.js';
import type { TextRepair, TextRepairKind } from './types.js';

/** A splice of the original text: delete `del` characters at `at`, then insert `ins`. */
export interface Edit {
  at: number;
  del: number;
  ins: string;
}


/** Why the engine gave up; front doors turn it into a JsonMendError with line, column and excerpt. */
export class EngineFailure {
  constructor(readonly code: ErrorCode, readonly reason: string, readonly offset: number) {}
}

/** Engine settings derived from ParseOptions. */
export interface EngineOptions {
  maxDepth: number;
  /** Kinds that must not be applied: needing one throws REPAIR_REFUSED. */
  refused: ReadonlySet<TextRepairKind>;
  /** Record splices for the text writer (repair); the value path leaves this off. */
  wantEdits: boolean;
  /**
   * Record no repairs (refusals still apply): the caller only wants the value. A repair per string,
   * as in a Python repr, otherwise costs about a quarter of the parse.
   */
  quiet: boolean;
}

/**
 * Thrown inside a step when the token needs characters that have not arrived yet. The common waits
 * (a number, word, quote or string end cut by the chunk's end) set `waiting` instead, which costs
 * nothing; a throw costs about a microsecond, and a stream of 4-character chunks waits constantly.
 */
const NEED_MORE: unique symbol = Symbol('need more input');

/** quoteAt's answer when the delimiter is cut by the end of the buffer (`"` or `""` then the end). */
const QUOTE_CUT = -2;

/** What one round of the main loop says: go on, stop (buffer used up or done), or undo and wait. */
const enum Go { STOP, ON, WAIT }

const enum Kind { OBJECT = 1, ARRAY = 2, TUPLE = 3, WRAPPER = 4 }
const enum State { VALUE, AFTER_VALUE, KEY, COLON, STRING, DONE }
/** String delimiters: what opened the string decides what may close it. */
const enum Quote { DOUBLE, SINGLE, CURLY_DOUBLE, CURLY_SINGLE, BACKTICK, TRIPLE_DOUBLE, TRIPLE_SINGLE, ENTITY }
const enum Decision { CLOSE, INNER, SPLIT }

/** How far a heuristic may look ahead; bounds the work per character so the pass stays linear. */
const LOOKAHEAD = 160;
/** A token that waited longer than this is read again only once the text since its start doubles. */
const RETRY_DOUBLING_FROM = 256;

const QUOTE_REPAIR: Partial<Record<Quote, TextRepairKind>> = {
  [Quote.SINGLE]: 'single_quotes',
  [Quote.CURLY_DOUBLE]: 'curly_quotes',
  [Quote.CURLY_SINGLE]: 'curly_quotes',
  [Quote.BACKTICK]: 'backtick_quotes',
  [Quote.TRIPLE_DOUBLE]: 'triple_quotes',
  [Quote.TRIPLE_SINGLE]: 'triple_quotes',
  [Quote.ENTITY]: 'html_entity_quotes',
};

/** Per string style, the characters that may close it (repeated to fill three slots). */
const STOPS: Record<Quote, [number, number, number]> = {
  [Quote.DOUBLE]: [Ch.DQUOTE, Ch.RIGHT_DOUBLE, Ch.RIGHT_DOUBLE],
  [Quote.SINGLE]: [Ch.SQUOTE, Ch.SQUOTE, Ch.SQUOTE],
  [Quote.CURLY_DOUBLE]: [Ch.RIGHT_DOUBLE, Ch.LEFT_DOUBLE, Ch.LEFT_DOUBLE],
  [Quote.CURLY_SINGLE]: [Ch.RIGHT_SINGLE, Ch.LEFT_SINGLE, Ch.SQUOTE],
  [Quote.BACKTICK]: [Ch.BACKTICK, Ch.BACKTICK, Ch.BACKTICK],
  [Quote.TRIPLE_DOUBLE]: [Ch.DQUOTE, Ch.DQUOTE, Ch.DQUOTE],
  [Quote.TRIPLE_SINGLE]: [Ch.SQUOTE, Ch.SQUOTE, Ch.SQUOTE],
  [Quote.ENTITY]: [Ch.AMP, Ch.AMP, Ch.AMP],
};

const QUOTE_DETAIL: Partial<Record<Quote, string>> = {
  [Quote.SINGLE]: `replaced ' quotes with "`,
  [Quote.CURLY_DOUBLE]: 'replaced “” quotes with "',
  [Quote.CURLY_SINGLE]: 'replaced ‘’ quotes with "',
  [Quote.BACKTICK]: 'replaced ` quotes with "',
  [Quote.TRIPLE_DOUBLE]: 'replaced """ quotes with "',
  [Quote.TRIPLE_SINGLE]: `replaced ''' quotes with "`,
  [Quote.ENTITY]: 'replaced &quot; quotes with "',
};

const ESCAPES: Record<number, string> = {
  [Ch.DQUOTE]: '"', [Ch.BACKSLASH]: '\\', [Ch.SLASH]: '/', [Ch.LOWER_B]: '\b', [Ch.LOWER_F]: '\f',
  [Ch.LOWER_N]: '\n', [Ch.LOWER_R]: '\r', [Ch.LOWER_T]: '\t',
};

const CONTROL_ESCAPES: Record<number, string> = { [Ch.LF]: '\\n', [Ch.CR]: '\\r', [Ch.TAB]: '\\t', 0x08: '\\b', 0x0c: '\\f' };

export class Engine {
  /** Unconsumed text; `base` is the offset of buf[0] in the whole input. */
  private buf = '';
  private base = 0;
  private pos = 0;
  private end = 0;
  private final = false;

  private readonly kinds: number[] = [];
  private openObjects = 0;
  private openArrays = 0;
  private openParens = 0;
  private state: State = State.VALUE;
  /** Offset of the comma that put us where we are, or -1: lets a trailing comma be deleted. */
  private commaAt = -1;
  /**
   * Where the current member or element began (its comma, real or inserted, or its key), or -1 for
   * none yet: if the text ends before it has a value, everything from there is dropped.
   */
  private memberAt = -1;
  /** How many edits existed when the current member or element began: a dropped member drops the rest. */
  private memberEdits = 0;
  private topValues = 0;
  private topStart = -1;
  /** Per open constructor call: how many arguments it has, and which edit replaced its opening. */
  private readonly wrapperArgs: number[] = [];
  private readonly wrapperOpenEdit: number[] = [];
  /** Set by a step that needs more text; it must not have changed anything else (see NEED_MORE). */
  private waiting = false;
  /**
   * Absolute offset the text must reach before a long token that waited is read again. A token read
   * again from its start on every chunk would cost its length per chunk (quadratic); waiting until the
   * text since its start has doubled makes the re-reads a geometric series, linear in total.
   */
  private retryAt = 0;

  // The string in progress (state STRING).
  private quote: Quote = Quote.DOUBLE;
  private stopA: number = Ch.DQUOTE;
  private stopB: number = Ch.RIGHT_DOUBLE;
  private stopC: number = Ch.RIGHT_DOUBLE;
  private strIsKey = false;
  private strStart = 0;
  private strText = '';
  private controlReported = false;

  readonly edits: Edit[] = [];

  /** Whether any repair kind is refused: spares a set lookup per repair in the common case. */
  private readonly refusing: boolean;

  /** @param log where repairs are recorded (a caller may have noted some already) */
  constructor(private readonly sink: Sink, private readonly options: EngineOptions, readonly log = new RepairLog()) {
    this.refusing = options.refused.size > 0;
  }

  /** Every repair so far, as report objects (line and column not yet filled in). */
  get repairs(): TextRepair[] {
    return this.log.toArray();
  }

  /** Parses `text[start, end)` in one go and finishes. */
  runAll(text: string, start = 0, end = text.length): void {
    this.buf = text;
    this.pos = start;
    this.end = end;
    this.final = true;
    this.run();
  }

  /** Appends a chunk and parses as far as the text decides. */
  feed(chunk: string): void {
    // Keep only the undecided tail so a long stream never re-flattens what was consumed; inside a
    // string, keep the stretch before `pos` that a missing end quote may be cut back to.
    let from = this.pos;
    if (this.state === State.STRING) from = Math.max(0, this.strStart - this.base, this.pos - LOOKAHEAD - 1);
    if (from > 0) {
      this.base += from;
      this.buf = this.buf.slice(from);
      this.pos -= from;
    }
    this.buf += chunk;
    this.end = this.buf.length;
    if (this.base + this.end < this.retryAt) return;
    this.run();
  }

  /** Declares the end of input and completes (or repairs) whatever is open. */
  finish(): void {
    this.final = true;
    this.end = this.buf.length;
    this.run();
  }

  /** True once a top-level value started. */
  get started(): boolean {
    return this.topValues > 0 || this.kinds.length > 0 || this.state === State.STRING;
  }

  /** True when the top-level value (or values) ended and trailing text was set aside. */
  get done(): boolean {
    return this.state === State.DONE;
  }

  /** How many top-level values were completed (more than one: concatenated values). */
  get valueCount(): number {
    return this.topValues;
  }

  /** Absolute offset of the next unread character. */
  get offset(): number {
    return this.base + this.pos;
  }

  /**
   * The character at an absolute offset of the input, read from the engine's buffer: only for text it
   * still holds (the current token, or the string being read back to its lookahead bound).
   */
  charCodeAt(offset: number): number {
    return this.buf.charCodeAt(offset - this.base);
  }

  /** `input.slice(from, to)` from the engine's buffer, under the same condition as charCodeAt. */
  slice(from: number, to: number): string {
    return this.buf.slice(from - this.base, to - this.base);
  }

  /** Partial content of the value string being read, if one is (streaming snapshots). */
  get pendingValueString(): string | undefined {
    return this.state === State.STRING && !this.strIsKey ? this.strText : undefined;
  }

  /** True while a string (key or value) is being read. */
  get inString(): boolean {
    return this.state === State.STRING;
  }

  // ---------------------------------------------------------------- main loop

  private run(): void {
    if (this.final) {
      // Nothing waits for more text at the end of input, so no token needs undoing.
      while (this.runToken() === Go.ON);
      return;
    }
    this.retryAt = 0;
    let mark = this.pos;
    let repairsAt = this.log.length;
    let editsAt = this.edits.length;
    try {
      for (;;) {
        mark = this.pos;
        repairsAt = this.log.length;
        editsAt = this.edits.length;
        const go = this.runToken();
        if (go === Go.ON) continue;
        if (go === Go.WAIT) this.waitFrom(mark, repairsAt, editsAt);
        return;
      }
    } catch (e) {
      if (e !== NEED_MORE) throw e;
      this.waitFrom(mark, repairsAt, editsAt);
    }
  }

  /** Undoes the half-read token at `mark` and sets when to read it again (see retryAt). */
  private waitFrom(mark: number, repairsAt: number, editsAt: number): void {
    const waited = this.end - mark;
    this.retryAt = waited > RETRY_DOUBLING_FROM ? this.base + mark + 2 * waited : 0;
    this.undo(mark, repairsAt, editsAt);
  }

  /** Takes back the half-read token; it is read again when more text arrives. */
  private undo(mark: number, repairsAt: number, editsAt: number): void {
    this.pos = mark;
    // Setting an array's length is slow even when it does not change it.
    if (this.log.length > repairsAt) this.log.truncate(repairsAt);
    if (this.edits.length > editsAt) this.edits.length = editsAt;
  }

  /** Reads one token (or a stretch of string). */
  private runToken(): Go {
    if (this.state === State.DONE) return Go.STOP;
    if (this.state === State.STRING) return this.readString() ? Go.ON : Go.STOP;
    if (!this.skipSpace()) return Go.STOP;
    if (this.pos >= this.end) {
      if (this.final) this.finishAtEnd();
      return Go.STOP;
    }
    this.step();
    if (this.waiting) {
      this.waiting = false;
      return Go.WAIT;
    }
    return Go.ON;
  }

  private step(): void {
    const c = this.buf.charCodeAt(this.pos);
    switch (this.state) {
      case State.VALUE:
        this.stepValue(c);
        return;
      case State.AFTER_VALUE:
        this.stepAfterValue(c);
        return;
      case State.KEY:
        this.stepKey(c);
        return;
      case State.COLON:
        this.stepColon(c);
        return;
    }
  }

  // ---------------------------------------------------------------- states

  private stepValue(c: number): void {
    const depth = this.kinds.length;
    if (depth === 0 && this.topValues === 0) this.topStart = this.base + this.pos;
    switch (c) {
      case Ch.LBRACE:
        this.open(Kind.OBJECT);
        return;
      case Ch.LBRACKET:
        this.open(Kind.ARRAY);
        return;
      case Ch.LPAREN:
        this.record('tuple', this.pos, 'read a tuple as an array');
        this.edit(this.pos, 1, '[');
        this.open(Kind.TUPLE);
        return;
      case Ch.COMMA:
        if (depth > 0 && this.top() !== Kind.OBJECT) {
          // `[1,,2]` or `[,1]`: nothing stood between the commas.
          this.record(this.commaAt >= 0 ? 'extra_comma' : 'leading_comma', this.pos, 'removed ","');
          this.edit(this.pos, 1, '');
          this.pos++;
          return;
        }
        this.missingValue();
        return;
      case Ch.RBRACE:
      case Ch.RBRACKET:
      case Ch.RPAREN:
        if (depth > 0 && this.top() !== Kind.OBJECT) {
          if (this.commaAt >= 0) this.dropTrailingComma();
          this.closeWith(c);
          return;
        }
        if (depth > 0) {
          this.missingValue();
          return;
        }
        break;
      case Ch.DOT:
      case Ch.ELLIPSIS:
        if (c === Ch.ELLIPSIS || this.isEllipsisAt(this.pos)) {
          if (depth > 0 && this.top() === Kind.OBJECT) this.elidedValue(c === Ch.DOT ? 3 : 1);
          else this.skipEllipsis(c === Ch.DOT ? 3 : 1);
          return;
        }
        break;
    }
    if (this.startScalar(c)) return;
    throw this.fail('UNREPAIRABLE', `unexpected ${this.describe(this.pos)} where a value was expected`, this.pos);
  }

  private stepAfterValue(c: number): void {
    const depth = this.kinds.length;
    if (depth === 0) {
      this.stepAfterTopValue(c);
      return;
    }
    const kind = this.top();
    if (c === Ch.COMMA) {
      this.commaAt = this.memberAt = this.base + this.pos;
      this.memberEdits = this.edits.length;
      this.pos++;
      this.state = kind === Kind.OBJECT ? State.KEY : State.VALUE;
      return;
    }
    if (c === Ch.RBRACE || c === Ch.RBRACKET || c === Ch.RPAREN) {
      this.closeWith(c);
      return;
    }
    if (c === Ch.ELLIPSIS || (c === Ch.DOT && this.isEllipsisAt(this.pos))) {
      this.skipEllipsis(c === Ch.DOT ? 3 : 1);
      return;
    }
    if (this.isValueStart(c)) {
      // The inserted comma starts the next member: if that is cut off, the comma goes too.
      this.memberAt = this.base + this.pos;
      this.memberEdits = this.edits.length;
      this.record('missing_comma', this.pos, 'inserted ","');
      this.edit(this.pos, 0, ',');
      this.commaAt = -1;
      this.state = kind === Kind.OBJECT ? State.KEY : State.VALUE;
      return;
    }
    throw this.fail('UNREPAIRABLE', `expected ',' or '${kind === Kind.OBJECT ? '}' : kind === Kind.ARRAY ? ']' : ')'}' after ${kind === Kind.OBJECT ? 'property value' : 'array element'}, found ${this.describe(this.pos)}`, this.pos);
  }

  /** After a complete top-level value: end, extra closers, more values, or text to set aside. */
  private stepAfterTopValue(c: number): void {
    if (c === Ch.RBRACE || c === Ch.RBRACKET || c === Ch.RPAREN) {
      this.record('extra_closer', this.pos, `removed "${String.fromCharCode(c)}"`);
      this.edit(this.pos, 1, '');
      this.pos++;
      return;
    }
    if (c === Ch.COMMA || c === Ch.SEMI) {
      // `{…}, {…}` separated values, or the `;` after a JSONP call.
      const next = this.peekSignificant(this.pos + 1);
      const n = next < this.end ? this.buf.charCodeAt(next) : -1;
      if (n === Ch.LBRACE || n === Ch.LBRACKET) {
        this.edit(this.pos, 1, '');
        this.pos++;
        return;
      }
    }
    if (c === Ch.LBRACE || c === Ch.LBRACKET) {
      this.record('concatenated_values', this.pos, 'wrapped several top-level values in an array');
      if (this.topValues === 1) this.edit(this.topStart - this.base, 0, '[');
      this.edit(this.pos, 0, ',');
      this.state = State.VALUE;
      return;
    }
    this.setAsideRest();
  }

  private stepKey(c: number): void {
    switch (c) {
      case Ch.RBRACE:
        if (this.commaAt >= 0) this.dropTrailingComma();
        this.closeWith(c);
        return;
      case Ch.RBRACKET:
      case Ch.RPAREN:
        if (this.commaAt >= 0) this.dropTrailingComma();
        this.closeWith(c);
        return;
      case Ch.COMMA:
        this.record(this.commaAt >= 0 ? 'extra_comma' : 'leading_comma', this.pos, 'removed ","');
        this.edit(this.pos, 1, '');
        this.pos++;
        return;
      case Ch.DOT:
        if (this.isEllipsisAt(this.pos)) {
          this.skipEllipsis(3);
          return;
        }
        break;
      case Ch.ELLIPSIS:
        this.skipEllipsis(1);
        return;
    }
    if (this.memberAt < 0) {
      this.memberAt = this.base + this.pos;
      this.memberEdits = this.edits.length;
    }
    this.commaAt = -1;
    const quote = this.quoteAt(this.pos);
    if (quote >= 0) {
      if (quote > Quote.SINGLE || !this.plainString(quote, true)) this.startString(quote as Quote, true);
      return;
    }
    if (quote === QUOTE_CUT) {
      this.waiting = true;
      return;
    }
    if (isWordStart(c) || isDigit(c) || c === Ch.MINUS) {
      this.readUnquotedKey();
      return;
    }
    throw this.fail('UNREPAIRABLE', `expected a property name or '}', found ${this.describe(this.pos)}`, this.pos);
  }

  private stepColon(c: number): void {
    if (c === Ch.COLON) {
      this.pos++;
      this.state = State.VALUE;
      return;
    }
    if (c === Ch.EQ) {
      this.record('missing_colon', this.pos, 'replaced "=" with ":"');
      this.edit(this.pos, 1, ':');
      this.pos++;
      this.state = State.VALUE;
      return;
    }
    if (c === Ch.COMMA || c === Ch.RBRACE) {
      this.record('missing_value', this.pos, 'inserted ": null" for a key without a value');
      this.edit(this.pos, 0, ': null');
      this.sink.scalar(null);
      this.afterValue();
      return;
    }
    if (this.isValueStart(c)) {
      this.record('missing_colon', this.pos, 'inserted ":"');
      this.edit(this.pos, 0, ':');
      this.state = State.VALUE;
      return;
    }
    throw this.fail('UNREPAIRABLE', `expected ':' after property name, found ${this.describe(this.pos)}`, this.pos);
  }

  // ---------------------------------------------------------------- containers

  private open(kind: Kind): void {
    if (this.kinds.length >= this.options.maxDepth) {
      throw this.fail('TOO_DEEP', `nesting is deeper than maxDepth (${this.options.maxDepth})`, this.pos);
    }
    this.kinds.push(kind);
    if (kind === Kind.OBJECT) {
      this.openObjects++;
      this.sink.openObject();
      this.state = State.KEY;
      this.memberAt = -1;
    } else {
      if (kind === Kind.ARRAY) this.openArrays++;
      else this.openParens++;
      this.sink.openArray();
      this.state = State.VALUE;
    }
    this.commaAt = -1;
    this.memberAt = -1;
    this.pos++;
  }

  private top(): Kind {
    return this.kinds[this.kinds.length - 1] as Kind;
  }

  /** Handles a closer at `pos`: the matching one, a mismatched one, or one with nothing open. */
  private closeWith(c: number): void {
    const wanted = c === Ch.RBRACE ? Kind.OBJECT : c === Ch.RBRACKET ? Kind.ARRAY : Kind.TUPLE;
    const matchesDeeper =
      wanted === Kind.OBJECT ? this.openObjects > 0 : wanted === Kind.ARRAY ? this.openArrays > 0 : this.openParens > 0;
    if (matchesDeeper) {
      // `{"a": [1, 2}`: close what is open above the container this closer belongs to.
      while (!this.closes(this.top(), wanted)) {
        this.record('mismatched_closer', this.pos, `closed "${closerOf(this.top())}" before "${String.fromCharCode(c)}"`);
        this.edit(this.pos, 0, this.popContainer());
      }
      this.popContainer(this.pos++);
      return;
    }
    // Nothing of this kind is open: the closer is of the wrong kind for the innermost container.
    this.record('mismatched_closer', this.pos, `replaced "${String.fromCharCode(c)}" with "${closerOf(this.top())}"`);
    const at = this.pos++;
    this.edit(at, 1, this.popContainer());
  }

  private closes(kind: Kind, wanted: Kind): boolean {
    return kind === wanted || (wanted === Kind.TUPLE && kind === Kind.WRAPPER);
  }

  /**
   * Closes the innermost container; `closerAt` is the `)` being consumed, if any. Returns the text
   * that closes it in repaired output (empty for an unwrapped constructor call).
   */
  private popContainer(closerAt = -1): string {
    const kind = this.kinds.pop() as Kind;
    if (kind === Kind.OBJECT) this.openObjects--;
    else if (kind === Kind.ARRAY) this.openArrays--;
    else this.openParens--;
    let unwrap = false;
    if (kind === Kind.WRAPPER) {
      // `ObjectId("x")` is the string "x"; `Date(2020, 1)` keeps its arguments as an array.
      unwrap = this.wrapperArgs.pop() === 1;
      const openEdit = this.wrapperOpenEdit.pop() as number;
      if (unwrap && openEdit < this.edits.length) this.edits[openEdit].ins = '';
    }
    if (closerAt >= 0 && kind !== Kind.OBJECT && kind !== Kind.ARRAY) this.edit(closerAt, 1, unwrap ? '' : ']');
    this.sink.close(unwrap);
    this.afterValue();
    return unwrap ? '' : closerOf(kind);
  }

  /** A value just completed: decide the next state. */
  private afterValue(): void {
    this.commaAt = -1;
    this.memberAt = -1;
    this.state = State.AFTER_VALUE;
    const depth = this.kinds.length;
    if (depth === 0) this.topValues++;
    else if (this.kinds[depth - 1] === Kind.WRAPPER) this.wrapperArgs[this.wrapperArgs.length - 1]++;
  }

  private dropTrailingComma(): void {
    this.record('trailing_comma', this.commaAt - this.base, 'removed ","');
    this.edit(this.commaAt - this.base, 1, '');
    this.commaAt = -1;
  }

  private missingValue(): void {
    this.record('missing_value', this.pos, 'inserted null for a missing value');
    this.edit(this.pos, 0, 'null');
    this.sink.scalar(null);
    this.afterValue();
  }

  // ---------------------------------------------------------------- end of input

  /** At the end of the text: close what is open, dropping members that never got a value. */
  private finishAtEnd(): void {
    const open = this.kinds.length;
    if (open === 0) {
      if (this.topValues === 0) throw this.fail('NO_JSON', 'no JSON value found', this.pos);
      if (this.topValues > 1) this.edit(this.pos, 0, ']');
      this.state = State.DONE;
      return;
    }
    // A member or element that never got its value is dropped, with the comma before it.
    const cutFrom = this.state !== State.AFTER_VALUE && this.memberAt >= 0 ? this.memberAt - this.base : this.pos;
    if (cutFrom < this.pos) {
      // The dropped member or element takes its own repairs' splices with it.
      if (this.edits.length > this.memberEdits) this.edits.length = this.memberEdits;
      this.edit(cutFrom, this.pos - cutFrom, '');
    }
    let closers = '';
    while (this.kinds.length > 0) closers += this.popContainer();
    this.record('truncated', this.pos, `the text ends inside a value; inserted "${closers}"`);
    this.edit(this.pos, 0, closers);
    if (this.topValues > 1) this.edit(this.pos, 0, ']');
    this.state = State.DONE;
  }

  /** Trailing text after a complete value (prose, a closing fence): keep the value, drop the text. */
  private setAsideRest(): void {
    this.record('surrounding_text', this.pos, 'ignored the text after the JSON value');
    if (this.topValues > 1) this.edit(this.pos, 0, ']');
    this.edit(this.pos, this.end - this.pos, '');
    this.pos = this.end;
    this.state = State.DONE;
  }

  // ---------------------------------------------------------------- whitespace and comments

  /** Skips whitespace and comments; false when a run of special spaces reaches the buffer's end (wait). */
  private skipSpace(): boolean {
    const s = this.buf;
    const end = this.end;
    let i = this.pos;
    for (;;) {
      while (i < end && isJsonSpace(s.charCodeAt(i))) i++;
      if (i >= end) break;
      const c = s.charCodeAt(i);
      if (c === Ch.SLASH || c === Ch.HASH) {
        const after = this.skipComment(i);
        if (after === i) break;
        i = after;
        continue;
      }
      if (isSpecialSpace(c)) {
        const from = i;
        while (i < end && isSpecialSpace(s.charCodeAt(i))) i++;
        if (i >= end && !this.final) {
          // The run may go on in the next chunk: one run, one repair, whatever the chunking.
          this.pos = from;
          return false;
        }
        this.record('special_whitespace', from, 'removed a BOM or non-JSON whitespace');
        this.edit(from, i - from, '');
        continue;
      }
      break;
    }
    this.pos = i;
    return true;
  }

  /** Skips one comment starting at `i`; returns `i` when there is none. */
  private skipComment(i: number): number {
    const s = this.buf;
    const c = s.charCodeAt(i);
    let j: number;
    if (c === Ch.HASH) {
      j = this.lineEnd(i + 1);
    } else {
      if (i + 1 >= this.end) {
        if (!this.final) throw NEED_MORE;
        return i;
      }
      const d = s.charCodeAt(i + 1);
      if (d === Ch.SLASH) {
        j = this.lineEnd(i + 2);
      } else if (d === Ch.STAR) {
        const close = s.indexOf('*/', i + 2);
        if (close === -1 || close + 2 > this.end) {
          if (!this.final) throw NEED_MORE;
          j = this.end;
        } else {
          j = close + 2;
        }
      } else {
        return i;
      }
    }
    this.record('comment', i, 'removed a comment');
    this.edit(i, j - i, '');
    return j;
  }

  private lineEnd(i: number): number {
    const s = this.buf;
    while (i < this.end) {
      const c = s.charCodeAt(i);
      if (c === Ch.LF || c === Ch.CR) return i;
      i++;
    }
    if (!this.final) throw NEED_MORE;
    return i;
  }

  // ---------------------------------------------------------------- scalars

  private isValueStart(c: number): boolean {
    // Any quote character starts a string, whatever its delimiter turns out to be.
    return c === Ch.LBRACE || c === Ch.LBRACKET || c === Ch.LPAREN || c === Ch.DQUOTE || c === Ch.SQUOTE ||
      c === Ch.BACKTICK || isQuoteLike(c) || (c === Ch.AMP && this.quoteAt(this.pos) >= 0) ||
      isDigit(c) || c === Ch.MINUS || c === Ch.PLUS || c === Ch.DOT || isWordStart(c);
  }

  /** Starts a string, number or word at `pos`; false if the character starts none of them. */
  private startScalar(c: number): boolean {
    const quote = this.quoteAt(this.pos);
    if (quote >= 0) {
      if (quote > Quote.SINGLE || !this.plainString(quote, false)) this.startString(quote as Quote, false);
      return true;
    }
    if (quote === QUOTE_CUT) {
      this.waiting = true;
      return true;
    }
    if (isDigit(c) || c === Ch.MINUS || c === Ch.PLUS || c === Ch.DOT) {
      this.readNumber();
      return true;
    }
    if (isWordStart(c)) {
      this.readWord();
      return true;
    }
    return false;
  }

  /**
   * Which string delimiter starts at `i`, -1 for none, or QUOTE_CUT when `"` or `'` may start a
   * triple quote that the buffer's end cuts. Needs up to 6 characters of lookahead.
   */
  private quoteAt(i: number): number {
    const s = this.buf;
    const c = s.charCodeAt(i);
    switch (c) {
      case Ch.DQUOTE:
      case Ch.SQUOTE: {
        const triple = this.isTriple(i, c);
        if (triple === undefined) return QUOTE_CUT;
        return c === Ch.DQUOTE ? (triple ? Quote.TRIPLE_DOUBLE : Quote.DOUBLE) : triple ? Quote.TRIPLE_SINGLE : Quote.SINGLE;
      }
      case Ch.LEFT_DOUBLE:
      case Ch.RIGHT_DOUBLE:
        return Quote.CURLY_DOUBLE;
      case Ch.LEFT_SINGLE:
      case Ch.RIGHT_SINGLE:
        return Quote.CURLY_SINGLE;
      case Ch.BACKTICK:
        return Quote.BACKTICK;
      case Ch.AMP:
        if (i + 6 > this.end && !this.final && '&quot;'.startsWith(s.slice(i, this.end))) throw NEED_MORE;
        return s.startsWith('&quot;', i) ? Quote.ENTITY : -1;
    }
    return -1;
  }

  /** `"""` (but not `""` followed by something else: that is an empty string); undefined: cut off. */
  private isTriple(i: number, c: number): boolean | undefined {
    const s = this.buf;
    if (i + 2 >= this.end) {
      if (!this.final && (i + 1 >= this.end || s.charCodeAt(i + 1) === c)) return undefined;
      return false;
    }
    return s.charCodeAt(i + 1) === c && s.charCodeAt(i + 2) === c;
  }

  /**
   * The common case in one go: a `"…"` or `'…'` string with nothing to escape, whose end is plain to
   * see (a key's quote; a value's quote followed by `,` and another member, or by a closer). Returns
   * false, having changed nothing, for anything else: the general string reader takes it from there.
   * Mirrors what startString, readString and closeString do for such a string, without the state
   * machine's round trips.
   */
  private plainString(quote: Quote, isKey: boolean): boolean {
    const s = this.buf;
    const end = this.end;
    const q = quote === Quote.DOUBLE ? Ch.DQUOTE : Ch.SQUOTE;
    const start = this.pos;
    let i = start + 1;
    for (;;) {
      if (i >= end) return false;
      const c = s.charCodeAt(i);
      if (c === q) break;
      if (c === Ch.BACKSLASH || c < 0x20 || c === Ch.DQUOTE || c === Ch.RIGHT_DOUBLE) return false;
      i++;
    }
    if (isKey) {
      this.closePlainString(q, start, i);
      this.sink.key(s.slice(start + 1, i));
      // The colon, usually right there.
      let j = i + 1;
      while (j < end && isJsonSpace(s.charCodeAt(j))) j++;
      if (j < end && s.charCodeAt(j) === Ch.COLON) {
        this.pos = j + 1;
        this.state = State.VALUE;
      } else {
        this.pos = i + 1;
        this.state = State.COLON;
      }
      return true;
    }
    // A value's quote ends it only if what follows says so (see decideClose); past plain spaces:
    let j = i + 1;
    const limit = Math.min(end, j + LOOKAHEAD);
    while (j < limit && isJsonSpace(s.charCodeAt(j))) j++;
    if (j >= limit) return false;
    const next = s.charCodeAt(j);
    if (next === Ch.COMMA) {
      // `"x", "y"` and `"x",\n  "k": …` end the string; `"know "michael", jackson"` may not.
      if (this.kinds.length === 0) return false;
      let k = j + 1;
      const kLimit = Math.min(end, k + LOOKAHEAD);
      while (k < kLimit && isJsonSpace(s.charCodeAt(k))) k++;
      if (k >= kLimit) return false;
      const after = s.charCodeAt(k);
      if (isSpecialSpace(after)) return false;
      // `"x", key: …` in an object: an unquoted key follows.
      if (isWordStart(after) && !(this.top() === Kind.OBJECT && this.unquotedKeyAt(k))) return false;
    } else if (next !== Ch.RBRACE && next !== Ch.RBRACKET && next !== Ch.RPAREN && next !== Ch.COLON) {
      return false;
    }
    this.closePlainString(q, start, i);
    this.sink.scalar(s.slice(start + 1, i));
    this.afterValue();
    if (next === Ch.COMMA) {
      // The comma too: what the next round of the main loop would do with it.
      this.pos = j;
      this.stepAfterValue(next);
    } else {
      this.pos = i + 1;
    }
    return true;
  }

  /** Whether a word at `k` is followed by a colon (decideClose's test), without waiting for more text. */
  private unquotedKeyAt(k: number): boolean {
    const j = this.scanSignificant(this.wordEnd(k));
    return j < this.end && this.buf.charCodeAt(j) === Ch.COLON;
  }

  /** The repair a single-quoted string needs, as readString would record it. */
  private closePlainString(q: number, start: number, close: number): void {
    if (q === Ch.DQUOTE) return;
    this.record('single_quotes', start, QUOTE_DETAIL[Quote.SINGLE] as string);
    this.edit(start, 1, '"');
    this.edit(close, 1, '"');
  }

  private startString(quote: Quote, isKey: boolean): void {
    const width = quoteWidth(quote);
    const kind = QUOTE_REPAIR[quote];
    if (kind) {
      this.record(kind, this.pos, QUOTE_DETAIL[quote] as string);
      this.edit(this.pos, width, '"');
    }
    this.quote = quote;
    this.setStops(quote);
    this.strIsKey = isKey;
    this.strStart = this.base + this.pos;
    this.strText = '';
    this.controlReported = false;
    this.pos += width;
    this.state = State.STRING;
  }

  /**
   * Reads string content until the string closes (true) or the buffer runs out (false, state kept,
   * so streaming resumes here). Decisions that need lookahead wait at the quote for more text.
   */
  private readString(): boolean {
    const s = this.buf;
    const end = this.end;
    const quote = this.quote;
    const plain = quote === Quote.DOUBLE;
    let i = this.pos;
    let run = i;
    for (;;) {
      // Hot loop: characters that can neither end the string nor need escaping.
      const stopA = this.stopA;
      const stopB = this.stopB;
      const stopC = this.stopC;
      while (i < end) {
        const c = s.charCodeAt(i);
        if (c === stopA || c === Ch.BACKSLASH || c < 0x20 || c === Ch.DQUOTE || c === stopB || c === stopC) break;
        i++;
      }
      if (i >= end) {
        this.strText += s.slice(run, i);
        this.pos = i;
        if (this.final) this.finishString();
        return this.final;
      }
      const c = s.charCodeAt(i);
      if (c === Ch.BACKSLASH) {
        this.strText += s.slice(run, i);
        this.pos = i;
        const next = this.readEscape(i);
        if (next < 0) return false;
        this.pos = i = run = next;
        continue;
      }
      if (c < 0x20) {
        this.strText += s.slice(run, i);
        this.controlCharacter(i, c);
        this.pos = i = run = i + 1;
        continue;
      }
      if (!plain && (quote === Quote.TRIPLE_DOUBLE || quote === Quote.TRIPLE_SINGLE || quote === Quote.ENTITY)) {
        // The closing delimiter may straddle the buffer's end: commit what was read first.
        this.strText += s.slice(run, i);
        this.pos = run = i;
      }
      let closeLen: number;
      try {
        closeLen = this.closingLength(i, c, quote);
      } catch (e) {
        if (e !== NEED_MORE) throw e;
        return false;
      }
      if (closeLen === 0) {
        if (!plain && c === Ch.DQUOTE) {
          // A `"` inside a string delimited otherwise: escape it in the repaired text.
          this.edit(i, 0, '\\');
        }
        i++;
        continue;
      }
      this.strText += s.slice(run, i);
      this.pos = i;
      const decision = this.decideClose(i, closeLen);
      if (decision === undefined) return false;
      if (decision === Decision.INNER) {
        // A quote character that belongs to the text. Only the string's own delimiter is a repair;
        // a `"` needs a backslash in the repaired text, an apostrophe or curly quote does not.
        if (!(plain && c === Ch.RIGHT_DOUBLE)) this.record('unescaped_quote', i, 'kept a quote inside a string as text');
        if (c === Ch.DQUOTE) this.edit(i, 0, '\\');
        this.strText += s.slice(i, i + closeLen);
        this.pos = i = run = i + closeLen;
        continue;
      }
      if (decision === Decision.SPLIT) return true;
      try {
        this.closeString(i, c, closeLen);
      } catch (e) {
        if (e !== NEED_MORE) throw e;
        return false; // whether `+ "…"` continues the string is not known yet
      }
      return true;
    }
  }

  /** The characters (besides `"`, `\\` and controls) at which a string of this style may end. */
  private setStops(quote: Quote): void {
    const [a, b, c] = STOPS[quote];
    this.stopA = a;
    this.stopB = b;
    this.stopC = c;
  }

  /** Length of the closing delimiter at `i` for this string, or 0 if `c` cannot close it. */
  private closingLength(i: number, c: number, quote: Quote): number {
    const s = this.buf;
    switch (quote) {
      case Quote.DOUBLE:
        return c === Ch.DQUOTE || c === Ch.RIGHT_DOUBLE ? 1 : 0;
      case Quote.SINGLE:
        return c === Ch.SQUOTE ? 1 : 0;
      case Quote.CURLY_DOUBLE:
        return c === Ch.RIGHT_DOUBLE || c === Ch.LEFT_DOUBLE ? 1 : 0;
      case Quote.CURLY_SINGLE:
        return c === Ch.RIGHT_SINGLE || c === Ch.LEFT_SINGLE || c === Ch.SQUOTE ? 1 : 0;
      case Quote.BACKTICK:
        return c === Ch.BACKTICK ? 1 : 0;
      case Quote.TRIPLE_DOUBLE:
      case Quote.TRIPLE_SINGLE: {
        const q = quote === Quote.TRIPLE_DOUBLE ? Ch.DQUOTE : Ch.SQUOTE;
        if (c !== q) return 0;
        if (i + 3 > this.end) {
          if (!this.final) throw NEED_MORE;
          return 0;
        }
        return s.charCodeAt(i + 1) === q && s.charCodeAt(i + 2) === q ? 3 : 0;
      }
      case Quote.ENTITY:
        if (c !== Ch.AMP) return 0;
        if (i + 6 > this.end && !this.final) throw NEED_MORE;
        return s.startsWith('&quot;', i) ? 6 : 0;
    }
  }

  /**
   * Does the quote at `i` end the string? Looks at what follows it (bounded). Returns undefined when
   * the answer depends on text that has not arrived (streaming waits at the quote).
   */
  private decideClose(i: number, closeLen: number): Decision | undefined {
    try {
      return this.decideCloseOrWait(i, closeLen);
    } catch (e) {
      if (e !== NEED_MORE) throw e;
      return undefined;
    }
  }

  /** decideClose's rules; undefined (or NEED_MORE, on rarer paths) when the text so far cannot tell. */
  private decideCloseOrWait(i: number, closeLen: number): Decision | undefined {
    // Unambiguous delimiters, and keys (which never hold quotes), always close.
    if (this.strIsKey || this.quote >= Quote.BACKTICK) return Decision.CLOSE;
    const s = this.buf;
    const j = this.scanSignificant(i + closeLen);
    if (j >= this.end) return this.final ? Decision.CLOSE : undefined;
    const c2 = s.charCodeAt(j);
    const inObject = this.kinds.length > 0 && this.top() === Kind.OBJECT;
    if (c2 === Ch.RBRACE || c2 === Ch.RBRACKET || c2 === Ch.RPAREN || c2 === Ch.COLON) return Decision.CLOSE;
    if (c2 === Ch.PLUS && this.concatenation(i + closeLen) !== undefined) return Decision.CLOSE;
    if (c2 === Ch.SLASH) {
      // `"x" // note`: a comment after the quote, so the string ended.
      if (j + 1 >= this.end && !this.final) throw NEED_MORE;
      const d = s.charCodeAt(j + 1);
      if (d === Ch.SLASH || d === Ch.STAR) return Decision.CLOSE;
    }
    if (c2 === Ch.COMMA) {
      const k = this.scanSignificant(j + 1);
      if (k >= this.end) return this.final ? Decision.CLOSE : undefined;
      const c3 = s.charCodeAt(k);
      if (!isWordStart(c3)) return Decision.CLOSE;
      // `"know "michael", jackson"`: a word after the comma that is not a key or literal is text.
      const wordEnd = this.scanWordLimited(k);
      if (inObject) return this.colonAfter(wordEnd) ? Decision.CLOSE : Decision.INNER;
      return isLiteralWord(s.slice(k, wordEnd)) ? Decision.CLOSE : Decision.INNER;
    }
    if (c2 === Ch.DQUOTE || c2 === Ch.SQUOTE) {
      // `"x" "y"`: a missing comma; `"say "hi""`: a doubled quote at the end of the string.
      const k = this.peekSignificant(j + 1);
      if (k >= this.end) return Decision.INNER;
      const c3 = s.charCodeAt(k);
      return c3 === Ch.RBRACE || c3 === Ch.RBRACKET || c3 === Ch.COMMA ? Decision.INNER : Decision.CLOSE;
    }
    if (this.splitAtComma(i, j)) return Decision.SPLIT;
    if (inObject && isWordStart(c2)) {
      // `{"a": "x" b: 1}`: the next member's unquoted key.
      return this.colonAfter(this.scanWordLimited(j)) && j > i + closeLen ? Decision.CLOSE : Decision.INNER;
    }
    if (j > i + closeLen) {
      // Space after the quote, then a value: a missing comma, if the space holds a line break or
      // the value is unmistakably one (a number, a container, a literal).
      for (let k = i + closeLen; k < j; k++) if (s.charCodeAt(k) === Ch.LF) return Decision.CLOSE;
      if (c2 === Ch.LBRACE || c2 === Ch.LBRACKET || isDigit(c2) || c2 === Ch.MINUS) return Decision.CLOSE;
      if (isWordStart(c2) && isLiteralWord(s.slice(j, this.scanWordLimited(j)))) return Decision.CLOSE;
    }
    return Decision.INNER;
  }

  /**
   * `{"a": "foo, "b": 2}`: the quote at `i` opens the next key, so the string should have ended
   * before the comma (or line break) in front of it. On a match, ends the string there.
   */
  private splitAtComma(i: number, j: number): boolean {
    if (j !== i + 1 || this.kinds.length === 0 || this.top() !== Kind.OBJECT) return false;
    const s = this.buf;
    // Backwards over spaces to a comma or a line break, staying inside this string's text.
    const floor = Math.max(this.strStart - this.base + 1, i - LOOKAHEAD, 0);
    let b = i - 1;
    let sawBreak = false;
    while (b >= floor && isJsonSpace(s.charCodeAt(b))) {
      if (s.charCodeAt(b) === Ch.LF) sawBreak = true;
      b--;
    }
    if (b < floor) return false;
    const atComma = s.charCodeAt(b) === Ch.COMMA;
    if (!atComma && !sawBreak) return false;
    // Forwards: `key"` then `:`.
    let k = i + 1;
    const limit = Math.min(this.end, k + LOOKAHEAD);
    while (k < limit) {
      const c = s.charCodeAt(k);
      if (c === Ch.DQUOTE || c === Ch.LF || c === Ch.LBRACE || c === Ch.RBRACE || c === Ch.COMMA) break;
      k++;
    }
    if (k >= this.end && !this.final) throw NEED_MORE;
    if (k >= limit || s.charCodeAt(k) !== Ch.DQUOTE) return false;
    const colon = this.peekSignificant(k + 1);
    if (colon >= this.end || s.charCodeAt(colon) !== Ch.COLON) return false;
    const cut = atComma ? b : b + 1;
    // The raw tail [cut, i) is plain text (a comma, spaces, line breaks) already in strText, one
    // character each: drop it, and any escaping of those line breaks.
    this.strText = this.strText.slice(0, this.strText.length - (i - cut));
    const cutAt = this.base + cut;
    while (this.edits.length > 0 && this.edits[this.edits.length - 1].at >= cutAt) this.edits.pop();
    let keep = this.log.length;
    while (keep > 0 && this.log.offsets[keep - 1] >= cutAt) keep--;
    this.log.truncate(keep);
    this.record('missing_end_quote', cut, 'inserted the missing closing quote');
    this.edit(cut, 0, '"');
    this.pos = cut;
    this.completeString();
    return true;
  }

  /** Offset after a word starting at `k`, looking at most LOOKAHEAD characters. */
  private scanWordLimited(k: number): number {
    k = this.wordEnd(k);
    if (k >= this.end && !this.final) throw NEED_MORE;
    return k;
  }

  /** As scanWordLimited, but returns `end` when the buffer runs out: the caller decides to wait. */
  private wordEnd(k: number): number {
    const s = this.buf;
    const limit = Math.min(this.end, k + LOOKAHEAD);
    while (k < limit && (isWordPart(s.charCodeAt(k)) || s.charCodeAt(k) === Ch.SPACE || s.charCodeAt(k) === Ch.MINUS)) k++;
    return k;
  }

  private colonAfter(k: number): boolean {
    const j = this.peekSignificant(k);
    return j < this.end && this.buf.charCodeAt(j) === Ch.COLON;
  }

  /** Index of the next non-space character at or after `i`; needs more text rather than guess. */
  private peekSignificant(i: number): number {
    i = this.scanSignificant(i);
    if (i >= this.end && !this.final) throw NEED_MORE;
    return i;
  }

  /** As peekSignificant, but returns `end` when the buffer runs out: the caller decides to wait. */
  private scanSignificant(i: number): number {
    const s = this.buf;
    const limit = Math.min(this.end, i + LOOKAHEAD);
    while (i < limit && (isJsonSpace(s.charCodeAt(i)) || isSpecialSpace(s.charCodeAt(i)))) i++;
    return i;
  }

  /** The string's closing delimiter is at `i`: finish it, or continue it across `+ "…"`. */
  private closeString(i: number, c: number, closeLen: number): void {
    const plain = this.quote === Quote.DOUBLE;
    const next = this.strIsKey ? undefined : this.concatenation(i + closeLen);
    if (next !== undefined) {
      this.record('string_concatenation', i, 'joined strings separated by "+"');
      this.edit(i, next.at - i, '');
      this.quote = next.quote;
      this.setStops(next.quote);
      this.pos = next.at;
      return;
    }
    if (plain && c === Ch.RIGHT_DOUBLE) this.record('curly_quotes', i, 'replaced ” closing quote with "');
    if (!plain || c !== Ch.DQUOTE) this.edit(i, closeLen, '"');
    this.pos = i + closeLen;
    this.completeString();
  }

  /** `"a" + "b"`: where the next string's content starts and its delimiter, if a `+` joins one. */
  private concatenation(from: number): { at: number; quote: Quote } | undefined {
    const s = this.buf;
    let j = this.peekSignificant(from);
    if (j >= this.end || s.charCodeAt(j) !== Ch.PLUS) return undefined;
    j = this.peekSignificant(j + 1);
    const quote = j < this.end ? this.quoteAt(j) : -1;
    if (quote === QUOTE_CUT) throw NEED_MORE;
    if (quote < 0) return undefined;
    return { at: j + quoteWidth(quote as Quote), quote: quote as Quote };
  }

  private completeString(): void {
    const text = this.strText;
    this.strText = '';
    if (this.strIsKey) {
      this.sink.key(text);
      this.state = State.COLON;
    } else {
      this.sink.scalar(text);
      this.afterValue();
    }
  }

  /** End of input inside a string: keep what was read, close it, and say it was cut off. */
  private finishString(): void {
    if (this.strIsKey) {
      // A key that never finished has no value: the member is dropped when containers close.
      this.state = State.COLON;
      this.strText = '';
      return;
    }
    this.record('truncated', this.pos, 'the text ends inside a string; closed it');
    this.edit(this.pos, 0, '"');
    this.completeString();
  }

  /**
   * Reads the escape at `i` (a backslash). Returns the offset after it, or -1 when the escape is
   * cut off by the end of the buffer (streaming waits; at the end of input it is dropped).
   */
  private readEscape(i: number): number {
    const s = this.buf;
    if (i + 1 >= this.end) return this.cutEscape(i);
    const e = s.charCodeAt(i + 1);
    const simple = ESCAPES[e];
    if (simple !== undefined) {
      this.strText += simple;
      return i + 2;
    }
    if (e === Ch.LOWER_U) {
      if (i + 6 > this.end) {
        for (let k = i + 2; k < this.end; k++) if (!isHexDigit(s.charCodeAt(k))) return this.invalidEscape(i);
        return this.cutEscape(i);
      }
      for (let k = i + 2; k < i + 6; k++) if (!isHexDigit(s.charCodeAt(k))) return this.invalidEscape(i);
      this.strText += String.fromCharCode(parseInt(s.slice(i + 2, i + 6), 16));
      return i + 6;
    }
    if (e === Ch.SQUOTE) {
      // `\'` is JavaScript, not JSON: the apostrophe itself.
      this.strText += "'";
      if (this.quote !== Quote.SINGLE && this.quote !== Quote.TRIPLE_SINGLE) {
        this.record('invalid_escape', i, "read \\' as an apostrophe");
      }
      this.edit(i, 1, '');
      return i + 2;
    }
    if (e === Ch.LF || e === Ch.CR) {
      // A backslash-continued line: the line break is not part of the string.
      this.record('invalid_escape', i, 'removed a line continuation');
      this.edit(i, 2, '');
      return i + 2;
    }
    return this.invalidEscape(i);
  }

  /** An escape cut off by the end of the buffer. */
  private cutEscape(i: number): number {
    if (!this.final) return -1;
    // End of input: drop the half escape; finishString reports the truncation.
    this.edit(i, this.end - i, '');
    return this.end;
  }

  /** `\d` and friends: keep the backslash as a character (the regex a model meant). */
  private invalidEscape(i: number): number {
    this.record('invalid_escape', i, 'kept a backslash that starts no JSON escape');
    this.edit(i, 0, '\\');
    this.strText += '\\';
    return i + 1;
  }

  private controlCharacter(i: number, c: number): void {
    if (!this.controlReported) {
      this.record('control_character', i, 'escaped a raw control character inside a string');
      this.controlReported = true;
    }
    this.strText += String.fromCharCode(c);
    this.edit(i, 1, CONTROL_ESCAPES[c] ?? `\\u${c.toString(16).padStart(4, '0')}`);
  }

  // ---------------------------------------------------------------- numbers and words

  /**
   * A number already in JSON form, read in one go: true when done; false, with nothing changed, when
   * readNumber must look at it (a repair, or the end of the buffer).
   */
  private plainNumberToken(): boolean {
    const s = this.buf;
    const end = this.end;
    const start = this.pos;
    // Reads past the span's end see NaN, which no test below accepts.
    const at = (k: number): number => (k < end ? s.charCodeAt(k) : NaN);
    let i = start;
    let c = at(i);
    const negative = c === Ch.MINUS;
    if (negative) c = at(++i);
    let value = 0;
    if (c === Ch.ZERO) {
      c = at(++i);
    } else if (isDigit(c)) {
      do {
        value = value * 10 + (c - Ch.ZERO);
        c = at(++i);
      } while (isDigit(c));
    } else {
      return false;
    }
    // Fifteen digits or fewer: the running integer is exact.
    let exact = i - start - (negative ? 1 : 0) <= 15;
    if (c === Ch.DOT) {
      c = at(++i);
      if (!isDigit(c)) return false;
      do c = at(++i); while (isDigit(c));
      exact = false;
    }
    if ((c | 0x20) === Ch.LOWER_E) {
      c = at(++i);
      if (c === Ch.PLUS || c === Ch.MINUS) c = at(++i);
      if (!isDigit(c)) return false;
      do c = at(++i); while (isDigit(c));
      exact = false;
    }
    // The token must end here, as readNumber's scan would end it.
    if (i >= end ? !this.final : isWordPart(c) || c === Ch.DOT || c === Ch.UNDERSCORE) return false;
    this.pos = i;
    this.sink.scalar(exact ? (negative ? -value : value) : Number(s.slice(start, i)));
    this.afterValue();
    return true;
  }

  /** Reads a number, repairing `.5`, `1.`, `+3`, `1_000`, hex and leading zeros. */
  private readNumber(): void {
    if (this.plainNumberToken()) return;
    const s = this.buf;
    const start = this.pos;
    let i = start;
    const c0 = s.charCodeAt(i);
    if (c0 === Ch.MINUS || c0 === Ch.PLUS) {
      i++;
      if (i >= this.end && !this.final) {
        this.waiting = true;
        return;
      }
      if (i < this.end && isWordStart(s.charCodeAt(i))) {
        this.readWord();
        return;
      }
    }
    while (i < this.end) {
      const c = s.charCodeAt(i);
      if (isDigit(c) || c === Ch.DOT || c === Ch.UNDERSCORE || isWordPart(c)) {
        i++;
      } else if ((c === Ch.PLUS || c === Ch.MINUS) && (s.charCodeAt(i - 1) | 0x20) === Ch.LOWER_E) {
        i++;
      } else {
        break;
      }
    }
    if (i >= this.end && !this.final) {
      this.waiting = true;
      return;
    }
    const token = s.slice(start, i);
    const value = plainNumber(token);
    if (value !== undefined) {
      this.pos = i;
      this.sink.scalar(value);
      this.afterValue();
      return;
    }
    const repaired = repairNumber(token, i >= this.end);
    if (repaired !== undefined) {
      this.record(repaired.truncated ? 'truncated' : 'number_format', start,
        repaired.truncated ? `the text ends inside a number; read ${repaired.text}` : `rewrote number ${token} as ${repaired.text}`);
      this.edit(start, i - start, repaired.text);
      this.pos = i;
      this.sink.scalar(Number(repaired.text));
      this.afterValue();
      return;
    }
    if (!/[0-9]/.test(token)) {
      if (i < this.end) throw this.fail('UNREPAIRABLE', `unexpected ${this.describe(start)} where a value was expected`, start);
      // Only a sign or a dot before the end: no value was given.
      this.edit(start, i - start, '');
      this.pos = i;
      return;
    }
    this.pos = start;
    this.readUnquotedValue();
  }

  /**
   * `true`, `false`, `null` and Python's `True`, `False`, `None`, read without slicing: true when
   * done; false, with nothing changed, when readWord must look at the word.
   */
  private literalToken(c: number): boolean {
    const s = this.buf;
    const start = this.pos;
    let word: string;
    let value: boolean | null;
    switch (c) {
      case Ch.LOWER_T: word = 'true'; value = true; break;
      case Ch.LOWER_F: word = 'false'; value = false; break;
      case Ch.LOWER_N: word = 'null'; value = null; break;
      case Ch.UPPER_T: word = 'True'; value = true; break;
      case Ch.UPPER_F: word = 'False'; value = false; break;
      case Ch.UPPER_N: word = 'None'; value = null; break;
      default: return false;
    }
    const i = start + word.length;
    if (i > this.end || !s.startsWith(word, start)) return false;
    // The word must end here, as readWord's scan would end it.
    if (i === this.end ? !this.final : isWordPart(s.charCodeAt(i)) || s.charCodeAt(i) === Ch.DOT) return false;
    if (c < Ch.LOWER_A) {
      const literal = LITERALS[word];
      this.record('python_literal', start, literal[2]);
      this.edit(start, word.length, String(value));
    }
    this.pos = i;
    this.sink.scalar(value);
    this.afterValue();
    return true;
  }

  /** Reads an identifier-like word: a literal, a constructor call, or an unquoted string. */
  private readWord(): void {
    if (this.literalToken(this.buf.charCodeAt(this.pos))) return;
    const s = this.buf;
    const start = this.pos;
    let i = start;
    const signed = s.charCodeAt(i) === Ch.MINUS || s.charCodeAt(i) === Ch.PLUS;
    if (signed) i++;
    const wordStart = i;
    while (i < this.end && (isWordPart(s.charCodeAt(i)) || s.charCodeAt(i) === Ch.DOT)) i++;
    if (i >= this.end && !this.final) {
      this.waiting = true;
      return;
    }
    const word = s.slice(wordStart, i);
    const literal = LITERALS[word];
    if (literal !== undefined && (i >= this.end || !isWordPart(s.charCodeAt(i)))) {
      const [value, kind] = literal;
      if (kind === 'non_finite_number') {
        this.record(kind, start, `replaced ${s.slice(start, i)} with null`);
        this.edit(start, i - start, 'null');
        this.sink.scalar(null);
      } else {
        if (signed) {
          this.pos = start;
          this.readUnquotedValue();
          return;
        }
        if (kind) {
          this.record(kind, start, literal[2]);
          this.edit(start, i - start, String(value));
        }
        this.sink.scalar(value);
      }
      this.pos = i;
      this.afterValue();
      return;
    }
    if (i >= this.end && !signed) {
      // Cut off inside a literal: `tru`, `fals`, `nul`.
      const completed = completeLiteral(word);
      if (completed !== undefined) {
        this.record('truncated', start, `the text ends inside a literal; read ${JSON.stringify(completed)}`);
        this.edit(start, i - start, JSON.stringify(completed));
        this.pos = i;
        this.sink.scalar(completed);
        this.afterValue();
        return;
      }
    }
    if (!signed && this.wrapperFollows(start, i, word)) return;
    this.pos = start;
    this.readUnquotedValue();
  }

  /** `ObjectId("…")`, `NumberLong(2)`, `new Date(…)`, `callback({…})`: keep the argument(s). */
  private wrapperFollows(start: number, i: number, word: string): boolean {
    const s = this.buf;
    let j = i;
    if (word === 'new') {
      j = this.peekSignificant(j);
      const nameStart = j;
      while (j < this.end && (isWordPart(s.charCodeAt(j)) || s.charCodeAt(j) === Ch.DOT)) j++;
      if (j === nameStart) return false;
    }
    j = this.peekSignificant(j);
    if (j >= this.end || s.charCodeAt(j) !== Ch.LPAREN) return false;
    this.record('function_wrapper', start, `removed the wrapper ${s.slice(start, j)}(…)`);
    this.wrapperArgs.push(0);
    this.wrapperOpenEdit.push(this.edits.length);
    this.edit(start, j + 1 - start, '[');
    this.pos = j;
    this.open(Kind.WRAPPER);
    return true;
  }

  /**
   * End of an unquoted token from `pos` to the first stop character, trailing spaces excluded. A
   * value stops at `,`, a closer or a line break; a key also at `:`, `=` and `"`.
   */
  private unquotedEnd(isKey: boolean): number {
    const s = this.buf;
    const closesParen = this.openParens > 0;
    let i = this.pos;
    let last = i;
    for (; i < this.end; i++) {
      const c = s.charCodeAt(i);
      if (c === Ch.COMMA || c === Ch.RBRACE || c === Ch.LF) break;
      if (isKey ? c === Ch.COLON || c === Ch.DQUOTE || c === Ch.EQ : c === Ch.RBRACKET || c === Ch.CR || (c === Ch.RPAREN && closesParen)) break;
      if (!isJsonSpace(c)) last = i + 1;
    }
    if (i >= this.end && !this.final) throw NEED_MORE;
    return last;
  }

  /** A value without quotes: read to the next `,`, closer or line end, and trim. */
  private readUnquotedValue(): void {
    const start = this.pos;
    const last = this.unquotedEnd(false);
    const text = this.buf.slice(start, last);
    this.record('unquoted_string', start, `quoted ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`);
    if (this.options.wantEdits) this.edit(start, last - start, JSON.stringify(text));
    this.pos = last;
    this.sink.scalar(text);
    this.afterValue();
  }

  /** A key without quotes: everything up to the colon on the same line. */
  private readUnquotedKey(): void {
    const start = this.pos;
    const last = this.unquotedEnd(true);
    const name = this.buf.slice(start, last);
    this.record('unquoted_key', start, `quoted key ${name}`);
    if (this.options.wantEdits) this.edit(start, last - start, JSON.stringify(name));
    this.pos = last;
    this.sink.key(name);
    this.state = State.COLON;
  }

  private isEllipsisAt(i: number): boolean {
    const s = this.buf;
    if (i + 3 > this.end) {
      if (!this.final && s.charCodeAt(i) === Ch.DOT) throw NEED_MORE;
      return false;
    }
    return s.charCodeAt(i) === Ch.DOT && s.charCodeAt(i + 1) === Ch.DOT && s.charCodeAt(i + 2) === Ch.DOT;
  }

  /** End of the placeholder at `pos` (`width` characters, then any more dots), or -1 to wait for more. */
  private ellipsisEnd(width: number): number {
    let i = this.pos + width;
    while (i < this.end && this.buf.charCodeAt(i) === Ch.DOT) i++;
    if (i >= this.end && !this.final) {
      this.waiting = true; // more dots may follow
      return -1;
    }
    return i;
  }

  /** `{"a": ...}`: the value was left out; it reads as null. */
  private elidedValue(width: number): void {
    const i = this.ellipsisEnd(width);
    if (i < 0) return;
    this.record('ellipsis', this.pos, 'replaced a "..." placeholder value with null');
    this.edit(this.pos, i - this.pos, 'null');
    this.pos = i;
    this.sink.scalar(null);
    this.afterValue();
  }

  /** `[1, 2, ...]`: a placeholder, not a value; the comma before it goes too. */
  private skipEllipsis(width: number): void {
    const i = this.ellipsisEnd(width);
    if (i < 0) return;
    this.record('ellipsis', this.pos, 'removed a "..." placeholder');
    if (this.commaAt >= 0) {
      this.edit(this.commaAt - this.base, 1, '');
    }
    this.edit(this.pos, i - this.pos, '');
    this.pos = i;
    // `[1, ...]`: the comma went with the placeholder, so what follows is what follows a value.
    // `[..., 1]`: nothing came before, so the comma after it is a leading comma.
    if (this.commaAt >= 0) {
      this.commaAt = this.memberAt = -1;
      this.state = State.AFTER_VALUE;
    }
  }

  // ---------------------------------------------------------------- bookkeeping

  private record(kind: TextRepairKind, at: number, detail: string): void {
    const offset = this.base + at;
    if (this.refusing && this.options.refused.has(kind)) {
      throw this.fail('REPAIR_REFUSED', `the text needs a "${kind}" repair (${detail}), which is disabled`, at);
    }
    if (!this.options.quiet) this.log.push(kind, offset, detail);
  }

  private edit(at: number, del: number, ins: string): void {
    if (this.options.wantEdits) this.edits.push({ at: this.base + at, del, ins });
  }

  private fail(code: ErrorCode, reason: string, at: number): EngineFailure {
    return new EngineFailure(code, reason, this.base + at);
  }

  private describe(i: number): string {
    if (i >= this.end) return 'the end of the text';
    const c = this.buf.codePointAt(i) as number;
    return `'${String.fromCodePoint(c)}'`;
  }
}

/** What closes a container in repaired text: tuples and constructor calls become arrays. */
function closerOf(kind: Kind): string {
  return kind === Kind.OBJECT ? '}' : ']';
}

/** Characters in a string style's delimiter. */
function quoteWidth(quote: Quote): number {
  return quote === Quote.TRIPLE_DOUBLE || quote === Quote.TRIPLE_SINGLE ? 3 : quote === Quote.ENTITY ? 6 : 1;
}

/** Literal words, their values, and the repair they need (undefined: plain JSON). */
const LITERALS: Record<string, [unknown, TextRepairKind | undefined, string]> = Object.assign(Object.create(null), {
  true: [true, undefined, ''],
  false: [false, undefined, ''],
  null: [null, undefined, ''],
  True: [true, 'python_literal', 'replaced True with true'],
  False: [false, 'python_literal', 'replaced False with false'],
  None: [null, 'python_literal', 'replaced None with null'],
  undefined: [null, 'undefined_literal', 'replaced undefined with null'],
  NaN: [null, 'non_finite_number', 'replaced NaN with null'],
  Infinity: [null, 'non_finite_number', 'replaced Infinity with null'],
});

function isLiteralWord(word: string): boolean {
  return LITERALS[word.trim()] !== undefined;
}

function completeLiteral(word: string): unknown {
  for (const full of ['true', 'false', 'null']) {
    if (word.length > 0 && word.length < full.length && full.startsWith(word)) return LITERALS[full][0];
  }
  return undefined;
}

/** The value of a token that is already a JSON number, else undefined. */
function plainNumber(t: string): number | undefined {
  let i = 0;
  const n = t.length;
  if (t.charCodeAt(0) === Ch.MINUS) i++;
  if (i >= n) return undefined;
  if (t.charCodeAt(i) === Ch.ZERO) i++;
  else if (isDigit(t.charCodeAt(i))) while (i < n && isDigit(t.charCodeAt(i))) i++;
  else return undefined;
  if (i < n && t.charCodeAt(i) === Ch.DOT) {
    i++;
    const from = i;
    while (i < n && isDigit(t.charCodeAt(i))) i++;
    if (i === from) return undefined;
  }
  if (i < n && (t.charCodeAt(i) | 0x20) === Ch.LOWER_E) {
    i++;
    if (i < n && (t.charCodeAt(i) === Ch.PLUS || t.charCodeAt(i) === Ch.MINUS)) i++;
    const from = i;
    while (i < n && isDigit(t.charCodeAt(i))) i++;
    if (i === from) return undefined;
  }
  return i === n ? Number(t) : undefined;
}

/** Rewrites a number-like token into JSON number text, or undefined if it is not a number. */
function repairNumber(token: string, atEnd: boolean): { text: string; truncated: boolean } | undefined {
  let t = token;
  let sign = '';
  if (t[0] === '+' || t[0] === '-') {
    sign = t[0] === '-' ? '-' : '';
    t = t.slice(1);
  }
  if (/^0[xX][0-9a-fA-F]+$/.test(t)) return { text: sign + String(parseInt(t.slice(2), 16)), truncated: false };
  if (/^[0-9]+(_[0-9]+)+(\.[0-9]+)?$/.test(t)) t = t.replace(/_/g, '');
  let truncated = false;
  if (atEnd && /[eE][+-]?$/.test(t)) {
    t = t.replace(/[eE][+-]?$/, '');
    truncated = true;
  }
  if (t.startsWith('.')) t = `0${t}`;
  if (t.endsWith('.')) {
    t = t.slice(0, -1);
    if (atEnd) truncated = true;
  }
  t = t.replace(/\.(?=[eE])/, '');
  if (/^0[0-9]+/.test(t)) t = t.replace(/^0+(?=[0-9])/, '');
  const text = sign + t;
  if (plainNumber(text) === undefined) return undefined;
  return { text, truncated: truncated && text !== token };
}
