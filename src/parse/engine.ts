// The one tolerant parsing engine behind parse, repair and streaming.
//
// A single left-to-right pass over a buffer with an explicit stack of open containers. It is
// resumable: `feed` may be called with more text at any time, and the engine either finishes a token
// or leaves `pos` at the token's start (strings keep their partial content) until more text arrives
// or `finish` says there is no more. Every repair is recorded as data (`repairs`), and, when a text
// writer wants them, as splices of the original text (`edits`).
import type { ErrorCode } from '../errors.js';
import type { Sink } from './sink.js';
import { RepairLog } from './repair-log.js';
import { ALL_REPAIR_KINDS, GUESSING_REPAIRS, isCutOffRepair } from './kind-flags.js';
import type { TextRepair, TextRepairKind } from './types.js';
import type { DocumentScan } from '../extract/embedded-doc.js';
import { Ch, isDigit, isWordStart } from './chars.js';
import { closeBeforeSibling, emptyObjectEndsAtComma, openEmptyArrayBefore, popContainer, closeWith, commaEndsObject, proseEndsValue, closingFence, doubledKeyQuote, doubledOpener, droppedEmptyKey, droppedKnownKey, elementAfter, endObjectBeforeKey, finishAtEnd, keyOpensText, missingValue, noteParagraph, unquotedKeyOpensText, elementsOpenText, openArrayAt, objectInArray, open, openLostRow, openObjectAt, pythonSet, setAsideRest, setMayOpen, strayOpener } from './containers.js';
import { Next, bracketedProse, colonAfterCloser, emptyValueOpenerLost, memberValueFollows, nextAfterComma, elementsIndentedUnderKey, labelAt, scalarElementFollows, openerWrittenAsCloser, rowOpenerLost, strayQuote } from './continuation.js';
import { elidedValue, isEllipsisAt, skipEllipsis } from './elisions.js';
import { isValueStart, startScalar, tokenCutByEnd } from './scalars.js';
import { indentAt, lineBreakBefore, peekSignificant, skipSpace, spaceRunBreaks, spaceRunIndent } from './space.js';
import { NEED_MORE, QUOTE_CUT, Kind, State, Quote, LOOKAHEAD, RETRY_DOUBLING_FROM } from './state.js';
import { plainString, quoteAt, readString, startString, stringMayBeKey, stringPrefix } from './strings.js';
import { readUnquotedKey, strayMarkBeforeKey } from './words.js';

/**
 * The kinds logged even when nobody reads the repairs, since they decide between candidates: the
 * cut-off ones (whether a value is complete, see ParsedCandidate.truncated), and a lost end quote
 * (between a fence's span and a longer one, see lostEndQuote in candidates.ts), and where text was set
 * aside after a value (a later value it holds may show the reply cut off, see noteLaterCut).
 */
const KEPT_WHEN_QUIET: ReadonlySet<TextRepairKind> = new Set([...ALL_REPAIR_KINDS.filter(isCutOffRepair), 'missing_end_quote', 'surrounding_text']);

/** The kinds that guess (see Engine.guessed). */
const GUESSES: ReadonlySet<TextRepairKind> = new Set(GUESSING_REPAIRS);

/** A splice of the original text: delete `del` characters at `at`, then insert `ins`. */
export interface Edit {
  at: number;
  del: number;
  ins: string;
}

/** Why the engine gave up; front doors turn it into a JsonMendError with line, column and excerpt. */
export class EngineFailure {
  /**
   * `emptyTopAt`: the text ended in a value at the top that holds nothing yet, after values that are
   * whole (`{"a": 1}⏎{`): where that value starts, so the caller can read the text before it.
   */
  constructor(readonly code: ErrorCode, readonly reason: string, readonly offset: number, readonly emptyTopAt = -1, readonly refusedKind?: TextRepairKind) {}
}

/** The failure when the text needs a repair of `kind` that the options disabled (`offset` absolute). */
export function disabledRepair(kind: TextRepairKind, detail: string, offset: number): EngineFailure {
  return new EngineFailure('REPAIR_REFUSED', `the text needs a "${kind}" repair (${detail}), which is disabled`, offset, -1, kind);
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

/** What one round of the main loop says: go on, stop (buffer used up or value done), or wait for more text. */
const enum Go { STOP, ON, WAIT }

export class Engine {
  /** Unconsumed text; `base` is the offset of buf[0] in the whole input. @internal */
  buf = '';
  /** @internal */ base = 0;
  /** @internal */ pos = 0;
  /** @internal */ end = 0;
  /** @internal */ final = false;

  /** @internal */ readonly kinds: number[] = [];
  /** @internal */ openObjects = 0;
  /** @internal */ openArrays = 0;
  /** @internal */ openParens = 0;
  /** @internal */ state: State = State.VALUE;
  /** Offset of the comma that put us where we are, or -1: lets a trailing comma be deleted. @internal */
  commaAt = -1;
  /**
   * Where the current member or element began (its comma, real or inserted, or its key), or -1 for
   * none yet: if the text ends before it has a value, everything from there is dropped.
   * @internal
   */
  memberAt = -1;
  /**
   * Offset of the comma after the last key that got no value (`{"a", …`): a number after that comma
   * is no sign of a lost `}` (`[{, 0, 1]` has no member the document gave a value). @internal
   */
  keylessAt = -1;
  /**
   * Offset of the last comma read after a member or an element: the member starts there when it
   * equals memberAt (not the object's first member, nor one whose comma was inserted). @internal
   */
  lastCommaAt = -1;
  /** Offset where the last missing comma was inserted (the next member's start), or -1. @internal */
  insertedCommaAt = -1;
  /** Where each open object opened (absolute), innermost last: whether a key is its object's first (see keyQuote). @internal */
  readonly objectStarts: number[] = [];
  /** How many edits existed when the current member or element began: a dropped member drops the rest. @internal */
  memberEdits = 0;
  /** @internal */ topValues = 0;
  /** Whether a value was completed inside a container (a cut-off reply with none holds no value). @internal */
  heldValue = false;
  /** Where the value at the top being read started (its opener), absolute. @internal */
  topOpenedAt = -1;
  /** The kind of the container completed last when it is the value completed last, else -1 (see arrayEndsBeforeKey). @internal */
  closedLast = -1;
  /**
   * Absolute offset before which the closers in a run were found to be followed by no comma (see
   * strayCloser): each closer of a long run need not look past the run again. @internal
   */
  closersBeforeNothing = 0;
  /** @internal */ topStart = -1;
  /**
   * The depths (kinds.length) of the open objects that opened with `{{` (doubled_braces): their `}}`
   * closes them as one `}`. @internal
   */
  readonly doubledAt: number[] = [];
  /** Absolute offset right after the `{` of the object opened last (see doubledOpener). @internal */
  objectOpenedAt = -1;
  /** Per open constructor call: how many arguments it has, and which edit replaced its opening. @internal */
  readonly wrapperArgs: number[] = [];
  /** @internal */ readonly wrapperOpenEdit: number[] = [];
  /**
   * Absolute offset the text must reach before a long token that waited is read again. A token read
   * again from its start on every chunk would cost its length per chunk (quadratic); waiting until the
   * text since its start has doubled makes the re-reads a geometric series, linear in total.
   */
  private retryAt = 0;

  // The string in progress (state STRING).
  /** @internal */ quote: Quote = Quote.DOUBLE;
  /** @internal */ stopA: number = Ch.DQUOTE;
  /** @internal */ stopB: number = Ch.RIGHT_DOUBLE;
  /** @internal */ stopC: number = Ch.LEFT_DOUBLE;
  /** @internal */ strIsKey = false;
  /**
   * The name of a key read as a string and waiting for its colon, or undefined for a key that was a
   * bare word: `[{"a": 1, "x", {}]` may yet show the string to be the array's element.
   * @internal
   */
  keyString: string | undefined = undefined;
  /** The name of the key last read: a bare word that repeats it is a variable's name (see readUnquotedValue). @internal */
  keyName = '';
  /** @internal */ strStart = 0;
  /** Absolute offset of a value's quote whose backslash was dropped (`"q": \"foo\"`: see strayBackslash), or -1. @internal */
  escapedQuoteAt = -1;
  /** How many backslashes stood before that quote: 1, or 2 for a value escaped twice (`"q": \\"foo\\"`). @internal */
  escapedQuoteWidth = 1;
  /**
   * A LaTeX command's backslash was kept (latex.ts): a reading `JSON.parse` does not make on valid
   * JSON, so a stream that ends with a valid document reads it again as `parse` does. @internal
   */
  keptLatex = false;
  /**
   * For the value string at fencedFor (its strStart): when its text opens a code fence (see
   * fencedText in fenced-string.ts), the absolute offset of the quote after its closing fence; -2 when
   * there is none or its text opens no fence; -1 while not known. @internal
   */
  fencedFor = -1;
  /** @internal */ fencedQuote = -1;
  /**
   * What the searches for a fence's closing run (quoteAfterFence) learnt: no run a quote follows
   * starts in [fenceScanFrom, fenceScanAt), or the first one is at fenceRunAt (-1: none yet), its
   * quote at fenceQuoteAt. Absolute offsets. @internal
   */
  fenceScanFrom = -1;
  /** @internal */ fenceScanAt = -1;
  /** @internal */ fenceRunAt = -1;
  /** @internal */ fenceQuoteAt = -1;
  /**
   * The last text found to read as JSON up to a fence's quote (see readsAsJson in fenced-string.ts):
   * from the quote at fencedJsonFrom to the one at fencedJsonTo (absolute; -1: none). @internal
   */
  fencedJsonFrom = -1;
  /** @internal */ fencedJsonTo = -1;
  /**
   * For the value string at docFor (its strStart): when its text opens a JSON document whose quotes
   * are not escaped (see embeddedDocText in embedded-doc.ts), the absolute offset of the string's end
   * quote after it; -2 when there is none; -1 while not known. @internal
   */
  docFor = -1;
  /** @internal */ docQuote = -1;
  /** Where that search goes on (`at` absolute), the depth and whether inside a string there. @internal */
  readonly docScan: DocumentScan = { at: 0, depth: 0, inString: false };
  /** How many characters those searches have read in all. @internal */
  docScanned = 0;
  /** strStart of the last string found to be a Windows path written with single backslashes (see settleWindowsPath in strings.ts), or -1. @internal */
  pathAt = -1;
  /** Where the last backslash kept as a string's text is (see invalidEscape and pathGoesOn in strings.ts), or -1. @internal */
  keptBackslashAt = -1;
  /**
   * Where the text of the string part being read starts (after its opening quote; after `+ "` for a
   * part joined by string_concatenation): rules that look back into the string's raw text stop here,
   * since before it the raw text is not the string's text one for one. @internal
   */
  textStart = 0;
  /** How many repairs were logged when the string in progress began: cutting it back takes back only its own. @internal */
  strLogAt = 0;
  /** How many edits existed when the string in progress began (its opening quote's splice is the next). @internal */
  strEdits = 0;
  /** @internal */ strText = '';
  /**
   * The start of the string in progress that the stream has already read (see pendingValueFrom); the
   * string is strHead + strText. Kept apart so that reading the newest text never flattens the whole.
   * @internal
   */
  strHead = '';
  /** @internal */ controlReported = false;
  /** Whether a line break came between the value string in progress and the `:` before it (see lineBreakBefore). @internal */
  strAfterBreak = false;
  /**
   * How many line breaks (see spaceRunBreaks) the run of whitespace that ends the text dropped from
   * the buffer's front holds: lineBreakBefore reads on from it, so a break cut off by a chunk's end
   * still counts. @internal
   */
  breaksBeforeBuf = 0;
  /** The same for indentation (see spaceRunIndent): the text's start is a line's. @internal */
  indentBeforeBuf = 0;
  /** Where the key being read or last read starts (absolute): its indentation is measured only when asked (keyIndent). @internal */
  keyAt = -1;
  /** The indentation of the key at keyAt, measured when a chunk dropped its text (see feed). @internal */
  keyIndentDropped = -1;
  /** The indentation of the value string in progress, when it starts a line in an object (strAfterBreak); else -1. @internal */
  strIndent = -1;

  /**
   * A word that unquotedKeyAt found followed at once by `:`, as absolute offsets [keyWordAt,
   * keyWordEnd): the key after a value's comma is looked at once by plainString, and unquotedKeyEnd
   * then reads it without scanning its characters again. A fact about the text, never stale.
   * @internal
   */
  keyWordAt = -1;
  /** @internal */ keyWordEnd = -1;

  readonly edits: Edit[] = [];

  /**
   * Whether a guessing repair was recorded. A guess about closers or quotes can move members into
   * another object, where a key of the same name already stands: from the first guess on, a key its
   * object already holds is reported (duplicate_key), as the later value replaces the earlier one.
   * @internal
   */
  guessed = false;

  /**
   * Keys found repeated in their object before any guess (absolute offsets, names): the document's
   * own (valid JSON may repeat keys) unless the text records a guess later, whose damage may have
   * moved the members before it (a `}` lost after `"k": 1` shows only at the `]` or the text's end;
   * `{"a": [{"x": 1, "id": []}], "a": {}}, {}]`: a `{` written as `]` shows only as values
   * concatenated after the first). That guess reports them (see reportEarlierRepeats), as `guessed`
   * reports every repeat after it, in the whole text. Kept, not emptied, when reported: a stream that
   * takes the guess back takes back their reports with it, and the next guess reports them again.
   */
  private readonly repeatedAt: number[] = [];
  private readonly repeatedNames: string[] = [];

  /**
   * Whether key() looks each key up in its object (one own-property check): only when somebody
   * reads the repairs, or duplicate_key is refused. parse without onRepair pays nothing.
   */
  private readonly watchesKeys: boolean;

  /** Whether any repair kind is refused: spares a set lookup per repair in the common case. @internal */
  readonly refusing: boolean;

  /** @param log where repairs are recorded (a caller may have noted some already) */
  constructor(
    /** @internal */ readonly sink: Sink,
    /** @internal */ readonly options: EngineOptions,
    readonly log = new RepairLog(),
  ) {
    this.refusing = options.refused.size > 0;
    this.watchesKeys = !options.quiet || options.refused.has('duplicate_key');
  }

  /** The next value in the current object belongs to `name`, a key at `at` (relative to the buffer). @internal */
  key(name: string, at: number): void {
    this.keyName = name;
    this.sink.key(name);
    if (this.watchesKeys && this.sink.keyTaken()) {
      if (this.guessed) {
        this.record('duplicate_key', at, `the key ${JSON.stringify(name)} repeats in its object after a guessed repair: its later value replaces the earlier one`);
      } else {
        this.repeatedAt.push(this.base + at);
        this.repeatedNames.push(name);
      }
    }
  }

  /**
   * The first guess: the keys repeated before it are reported now, logged before the guess (a
   * string's tail that takes the guess back cuts the log from its end, down to an earlier offset).
   */
  private reportEarlierRepeats(): void {
    for (let i = 0; i < this.repeatedAt.length; i++) {
      this.record('duplicate_key', this.repeatedAt[i] - this.base, `the key ${JSON.stringify(this.repeatedNames[i])} repeats in its object, and a repair later in the text was guessed: its later value replaced the earlier one`);
    }
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

  /**
   * Before the first chunk: `text` up to `at` came before the value, and a stream's prelude kept it
   * from the engine. What it ends with (a line break, indentation) counts as it does when `runAll`
   * reads the value inside the whole text: a key's indentation measured at the buffer's start is then
   * the same.
   */
  startAfter(text: string, at: number): void {
    this.breaksBeforeBuf = spaceRunBreaks(text, at, 0);
    this.indentBeforeBuf = spaceRunIndent(text, at, 0);
  }

  /** Appends a chunk and parses as far as the text decides. */
  feed(chunk: string): void {
    // Keep only the undecided tail so a long stream never re-flattens what was consumed; inside a
    // string, keep the stretch before `pos` that a missing end quote may be cut back to.
    let from = this.pos;
    if (this.state === State.STRING) from = Math.max(0, this.strStart - this.base, this.pos - LOOKAHEAD - 1);
    if (from > 0) {
      this.breaksBeforeBuf = spaceRunBreaks(this.buf, from, this.breaksBeforeBuf);
      if (this.keyAt >= this.base && this.keyAt < this.base + from) this.keyIndentDropped = indentAt(this, this.keyAt - this.base);
      this.indentBeforeBuf = indentAt(this, from);
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

  /**
   * A second top-level value (`{…}⏎{…}`, `{…}, […]`) is set aside as text, not wrapped in an array
   * with the first: a stream whose value starts in prose reads what extraction takes there, a
   * balanced span that ends where its brackets close (the value after it is a candidate of its own,
   * which parse ranks after it). Set by the stream (see StreamParserImpl.take).
   */
  oneValue = false;

  /**
   * With oneValue: a closer of the root's own kind at the root's depth (the `]` of `[]`, the `}` of
   * `{…}`) did not end the value: read as stray, or as an opener or a colon written as a closer
   * (`[] "a": 1}]`, `[1, 2], 3]`). Extraction's span in prose reaches past where the brackets first
   * closed only if the value closes again (extract/balanced.ts, continuationAt); until it does, what
   * the engine reads after that closer may be prose that parse sets aside (`[Note] [] Answer:` is
   * `[]`), so the stream holds it back (see awaitsClose). Set by step, by closeWith (a stray closer
   * deeper in a run that ends the value: `{"a": []}, 3, 4`) and by concatenate; never cleared.
   */
  private wentOnPastClose = false;

  /** The value went on past where its brackets first closed (see wentOnPastClose). @internal */
  wentOn(): void {
    if (this.onGoingOn !== undefined && !this.awaitsClose) this.onGoingOn();
    this.wentOnPastClose = true;
  }

  /**
   * With oneValue: called where the value may go on past where its brackets first closed, before the
   * engine reads on (see wentOnPastClose): what the sink holds then is the value as extraction reads it
   * if it never closes again, and the stream shows that much (a push that read `Here: [1, 2], 3, 4`
   * whole shows `[1, 2]`, not nothing).
   */
  onGoingOn: (() => void) | undefined = undefined;

  /**
   * With oneValue: values listed after the value's end (`{"a": 1}, 3, 4`) that no `]` has closed yet.
   * Extraction reads them as an array whose `[` was lost only once that `]` comes (extract/balanced.ts);
   * until then parse reads the first value alone.
   */
  private listOpen = false;

  /**
   * Whether what this engine read after the value first closed (see wentOnPastClose, listOpen) is still
   * waiting for the closer that makes it part of the value as extraction reads it. The stream shows
   * none of it meanwhile, nor once the engine set the rest aside without that closer (`Here: {"a": 1},
   * 3, 4 and more`): parse reads the value alone.
   */
  get awaitsClose(): boolean {
    return this.wentOnPastClose && (this.kinds.length > 0 || this.listOpen);
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

  /** Length of the value string being read, or -1 when none is (streaming snapshots). */
  get pendingValueLength(): number {
    return this.state === State.STRING && !this.strIsKey ? this.strHead.length + this.strText.length : -1;
  }

  /**
   * The value string being read, from character `from` on (streaming snapshots). Reading it moves the
   * text read so far aside, so a stream that reads a long string push by push never copies all of it.
   */
  pendingValueFrom(from: number): string {
    const head = this.strHead;
    const out = from >= head.length ? this.strText.slice(from - head.length) : (head + this.strText).slice(from);
    this.strHead = head + this.strText;
    this.strText = '';
    return out;
  }

  /**
   * Whether a `:` after the value string being read could still make it a key (see stringMayBeKey):
   * the stream holds such a string back rather than show a value that turns into a key.
   */
  get pendingValueMayBeKey(): boolean {
    return this.state === State.STRING && !this.strIsKey && stringMayBeKey(this, this.strHead + this.strText);
  }

  /** Puts the string in progress back in one piece (before cutting its end). @internal */
  joinStringText(): void {
    this.strText = this.strHead + this.strText;
    this.strHead = '';
  }

  /** True while a string (key or value) is being read. */
  get inString(): boolean {
    return this.state === State.STRING;
  }

  // ---------------------------------------------------------------- main loop

  /** @internal */ run(): void {
    if (this.final) {
      // Nothing waits for more text at the end of input, so no token needs undoing.
      while (this.runToken() === Go.ON);
      return;
    }
    this.retryAt = 0;
    let mark = this.pos;
    let repairsAt = this.log.length;
    let editsAt = this.edits.length;
    let guessed = this.guessed;
    let repeats = this.repeatedAt.length;
    try {
      for (;;) {
        mark = this.pos;
        repairsAt = this.log.length;
        editsAt = this.edits.length;
        guessed = this.guessed;
        repeats = this.repeatedAt.length;
        const go = this.runToken();
        if (go === Go.ON) continue;
        if (go === Go.WAIT) this.waitFrom(mark, repairsAt, editsAt, guessed, repeats);
        return;
      }
    } catch (err) {
      if (err !== NEED_MORE) throw err;
      this.waitFrom(mark, repairsAt, editsAt, guessed, repeats);
    }
  }

  /** Undoes the half-read token at `mark` and sets when to read it again (see retryAt). */
  private waitFrom(mark: number, repairsAt: number, editsAt: number, guessed: boolean, repeats: number): void {
    const waited = this.end - mark;
    this.retryAt = waited > RETRY_DOUBLING_FROM ? this.base + mark + 2 * waited : 0;
    this.undo(mark, repairsAt, editsAt);
    // A guess the token made is taken back with it, as parse, reading the whole text, may not make it;
    // so is a repeated key it read, which it reads again.
    this.guessed = guessed;
    if (this.repeatedAt.length > repeats) {
      this.repeatedAt.length = repeats;
      this.repeatedNames.length = repeats;
    }
  }

  /**
   * A string waits at its quote at `i` for the text that tells whether the string ends there: after
   * a long wait (a document or code block in it, searched to its end), it is read again only once
   * the text since `i` has doubled, as a token is (see retryAt). @internal
   */
  waitAtQuote(i: number): void {
    const waited = this.end - i;
    if (waited > RETRY_DOUBLING_FROM) this.retryAt = this.base + i + 2 * waited;
  }

  /** Takes back the half-read token; it is read again when more text arrives. @internal */
  undo(mark: number, repairsAt: number, editsAt: number): void {
    this.pos = mark;
    // Setting an array's length is slow even when it does not change it.
    if (this.log.length > repairsAt) this.log.truncate(repairsAt);
    if (this.edits.length > editsAt) this.edits.length = editsAt;
  }

  /**
   * Reads one token (or a stretch of string). A token that the chunk's end may cut is not read yet
   * (WAIT); a rule that finds it needs more text throws NEED_MORE. Either way run() takes it back.
   * @internal
   */
  runToken(): Go {
    if (this.state === State.DONE) return Go.STOP;
    if (this.state === State.STRING) return readString(this) ? Go.ON : Go.STOP;
    if (!skipSpace(this)) return Go.STOP;
    if (this.pos >= this.end) {
      if (this.final) finishAtEnd(this);
      return Go.STOP;
    }
    if (!this.final && (this.state === State.VALUE || this.state === State.KEY) && tokenCutByEnd(this)) return Go.WAIT;
    this.step();
    return Go.ON;
  }

  /** @internal */ step(): void {
    const c = this.buf.charCodeAt(this.pos);
    if (this.oneValue && this.kinds.length === 1 && (c === Ch.RBRACE || c === Ch.RBRACKET)) {
      const own = this.kinds[0] === (c === Ch.RBRACE ? Kind.OBJECT : Kind.ARRAY);
      // Before the closer is read (it may rewrite the closer as an opener): the value as it stands.
      if (own && this.onGoingOn !== undefined && !this.awaitsClose) this.onGoingOn();
      this.stepIn(c);
      if (own && this.kinds.length > 0) this.wentOnPastClose = true;
      return;
    }
    this.stepIn(c);
  }

  /** One step in the current state. @internal */ stepIn(c: number): void {
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

  /** @internal */ stepValue(c: number): void {
    const depth = this.kinds.length;
    if (depth === 0 && this.topValues === 0) {
      this.topStart = this.base + this.pos;
      // `"a": 1, "b": 2}`: the text opens with a member, the object's `{` left out.
      if (((c === Ch.DQUOTE || c === Ch.SQUOTE || c === Ch.LEFT_DOUBLE || c === Ch.RIGHT_DOUBLE) && keyOpensText(this, this.pos)) || (isWordStart(c) && unquotedKeyOpensText(this, this.pos))) {
        openObjectAt(this, this.pos, 'inserted the "{" of an object whose first member opens the text');
        return;
      }
      if (c !== Ch.LBRACE && c !== Ch.LBRACKET && elementsOpenText(this, this.pos)) {
        openArrayAt(this, this.pos);
        return;
      }
    }
    if (depth > 0 && this.kinds[depth - 1] === Kind.OBJECT && lineBreakBefore(this, this.pos) && elementsIndentedUnderKey(this)) {
      openArrayAt(this, this.pos, 'inserted the "[" of a value whose elements are indented under its key');
      return;
    }
    switch (c) {
      case Ch.LBRACE:
        // `{'a', 'b'}`: a Python set (see pythonSet); what follows the `{` decides.
        if (setMayOpen(this, this.pos + 1) && pythonSet(this)) return;
        open(this, Kind.OBJECT);
        return;
      case Ch.LBRACKET:
        open(this, Kind.ARRAY);
        return;
      case Ch.LPAREN:
        this.record('tuple', this.pos, 'read a tuple as an array');
        this.edit(this.pos, 1, '[');
        open(this, Kind.TUPLE);
        return;
      case Ch.COMMA:
      case Ch.FULLWIDTH_COMMA:
        if (depth > 0 && this.top() !== Kind.OBJECT) {
          // `[1,,2]` or `[,1]`: nothing stood between the commas.
          this.record(this.commaAt >= 0 ? 'extra_comma' : 'leading_comma', this.pos, `removed "${String.fromCharCode(c)}"`);
          this.edit(this.pos, 1, '');
          this.pos++;
          return;
        }
        missingValue(this);
        return;
      case Ch.COLON:
      case Ch.FULLWIDTH_COLON:
        if (depth > 0 && this.top() === Kind.OBJECT) {
          // `{"a":: 1}`: a member's value comes after one colon; nothing stood between the two.
          this.record('extra_colon', this.pos, `removed "${String.fromCharCode(c)}"`);
          this.edit(this.pos, 1, '');
          this.pos++;
          return;
        }
        break;
      case Ch.RBRACE:
      case Ch.RBRACKET:
      case Ch.RPAREN: {
        if (depth > 0 && c === Ch.RBRACKET && this.top() === Kind.OBJECT && emptyValueOpenerLost(this)) {
          openEmptyArrayBefore(this);
          return;
        }
        if (depth > 0 && c !== Ch.RPAREN) {
          const opener = openerWrittenAsCloser(this);
          if (opener !== 0) {
            this.record('missing_opener', this.pos, `replaced "${String.fromCharCode(c)}" with "${String.fromCharCode(opener)}"`);
            this.edit(this.pos, 1, String.fromCharCode(opener));
            open(this, opener === Ch.LBRACE ? Kind.OBJECT : Kind.ARRAY);
            return;
          }
          if (this.top() === Kind.OBJECT && memberValueFollows(this)) {
            this.record('early_closer', this.pos, `removed a "${String.fromCharCode(c)}" before a value`);
            this.edit(this.pos, 1, '');
            this.pos++;
            return;
          }
        }
        if (depth > 0 && this.top() !== Kind.OBJECT) {
          closeWith(this, c);
          return;
        }
        if (depth > 0) {
          missingValue(this);
          return;
        }
        break;
      }
      case Ch.DOT:
      case Ch.ELLIPSIS:
        if (c === Ch.ELLIPSIS || isEllipsisAt(this, this.pos)) {
          if (depth > 0 && this.top() === Kind.OBJECT) elidedValue(this, c === Ch.DOT ? 3 : 1);
          else skipEllipsis(this, c === Ch.DOT ? 3 : 1);
          return;
        }
        break;
    }
    if (this.closedLast === Kind.ARRAY && this.commaAt >= 0 && rowOpenerLost(this)) {
      openLostRow(this);
      return;
    }
    // `[1, 2,⏎⏎Note: …`: an array's element after its comma is a note's paragraph.
    if (depth > 0 && this.commaAt >= 0 && this.top() !== Kind.OBJECT && isWordStart(c) && noteParagraph(this)) return;
    if (startScalar(this, c)) return;
    throw this.fail('UNREPAIRABLE', `unexpected ${this.describe(this.pos)} where a value was expected`, this.pos);
  }

  /** @internal */ stepAfterValue(c: number): void {
    const depth = this.kinds.length;
    if (depth === 0) {
      this.stepAfterTopValue(c);
      return;
    }
    const kind = this.top();
    if (c === Ch.COMMA || c === Ch.FULLWIDTH_COMMA) {
      this.commaAt = this.memberAt = this.lastCommaAt = this.base + this.pos;
      // The comma belongs to the member after it: dropped with it if that is cut off.
      this.memberEdits = this.edits.length;
      if (c === Ch.FULLWIDTH_COMMA) this.asciiDelimiter(c);
      this.pos++;
      this.state = kind === Kind.OBJECT ? State.KEY : State.VALUE;
      return;
    }
    if (c === Ch.RBRACE || c === Ch.RBRACKET || c === Ch.RPAREN) {
      closeWith(this, c);
      return;
    }
    if (c === Ch.ELLIPSIS || (c === Ch.DOT && isEllipsisAt(this, this.pos))) {
      skipEllipsis(this, c === Ch.DOT ? 3 : 1);
      return;
    }
    if (c === Ch.LBRACE && objectInArray(this)) {
      closeBeforeSibling(this);
      return;
    }
    if (c === Ch.BACKTICK && closingFence(this)) return;
    if (this.droppedStrayQuote(c)) return;
    if (isWordStart(c) && (noteParagraph(this) || proseEndsValue(this))) return;
    if (isValueStart(this, c)) {
      // The inserted comma starts the next member: if that is cut off, the comma goes too.
      this.memberAt = this.insertedCommaAt = this.base + this.pos;
      this.memberEdits = this.edits.length;
      this.record('missing_comma', this.pos, 'inserted ","');
      this.edit(this.pos, 0, ',');
      this.commaAt = -1;
      this.state = kind === Kind.OBJECT ? State.KEY : State.VALUE;
      return;
    }
    throw this.fail('UNREPAIRABLE', `expected ',' or '${kind === Kind.OBJECT ? '}' : kind === Kind.ARRAY ? ']' : ')'}' after ${kind === Kind.OBJECT ? 'property value' : 'array element'}, found ${this.describe(this.pos)}`, this.pos);
  }

  /** After a complete top-level value: end, extra closers, more values, or text to set aside. @internal */
  stepAfterTopValue(c: number): void {
    if (c === Ch.RBRACE || c === Ch.RBRACKET || c === Ch.RPAREN) {
      if (c === Ch.RBRACKET) this.listOpen = false;
      this.record('extra_closer', this.pos, `removed "${String.fromCharCode(c)}"`);
      this.edit(this.pos, 1, '');
      this.pos++;
      return;
    }
    if (c === Ch.COMMA || c === Ch.SEMI) {
      // `{…}, {…}` separated values, or the `;` after a JSONP call.
      const next = peekSignificant(this, this.pos + 1);
      const n = next < this.end ? this.buf.charCodeAt(next) : -1;
      if ((n === Ch.LBRACE || n === Ch.LBRACKET) && this.oneValue) {
        setAsideRest(this);
        return;
      }
      if (n === Ch.LBRACE || n === Ch.LBRACKET) {
        this.edit(this.pos, 1, '');
        this.pos++;
        return;
      }
      // `[{"a": 1}]}, {"b": 2}, 3]`: what goes on as an element or a member after a closer read as the
      // value's end (strayCloser looks one piece ahead) is a value of its own too, never text to set aside.
      // `1, 2, 3` (in a fence): once values are listed, the last one ends the text.
      const after = c === Ch.COMMA ? nextAfterComma(this, next, this.topValues > 1) : Next.NONE;
      // `{"a": 0}, Answer: {"a": 1}`: a label in prose (see labelAt), no member of an object of its own.
      if (after === Next.MEMBER && labelAt(this, next, this.pos)) {
        setAsideRest(this);
        return;
      }
      if (after === Next.ELEMENT || after === Next.MEMBER) {
        this.concatenate('');
        this.pos++;
        // The space and comments before the member, as the main loop reads them (a BOM or NBSP
        // there is no JSON's), then its `{`.
        if (after === Next.MEMBER && skipSpace(this)) openObjectAt(this, this.pos, 'inserted the "{" of an object whose members follow the end of the value');
        return;
      }
    }
    if ((c === Ch.LBRACE || (c === Ch.LBRACKET && !bracketedProse(this))) && !this.oneValue) {
      this.concatenate(',');
      return;
    }
    setAsideRest(this);
  }

  /**
   * Another top-level value starts after the separator at `pos` (`,` inserted before it when `sep`
   * says so): the values are wrapped in an array. @internal
   */
  concatenate(sep: string): void {
    this.record('concatenated_values', this.pos, 'wrapped several top-level values in an array');
    if (this.oneValue) {
      this.wentOn();
      this.listOpen = true;
    }
    if (this.topValues === 1 && this.options.wantEdits) {
      // Before the first value's own splices at its start (`null` for `,` in `,[]`): they are inside it.
      let k = this.edits.length;
      while (k > 0 && this.edits[k - 1].at >= this.topStart) k--;
      this.edits.splice(k, 0, { at: this.topStart, del: 0, ins: '[' });
    }
    if (sep) this.edit(this.pos, 0, sep);
    this.state = State.VALUE;
  }

  /** The `，` or `：` at `pos`, where a comma or a colon belongs, read as that delimiter (returned). */
  private asciiDelimiter(c: number): number {
    const ascii = c === Ch.FULLWIDTH_COMMA ? ',' : ':';
    this.record('fullwidth_delimiter', this.pos, `replaced "${String.fromCharCode(c)}" with "${ascii}"`);
    this.edit(this.pos, 1, ascii);
    return ascii.charCodeAt(0);
  }

  /** Drops the `"` at `pos` if it is stray (see strayQuote), where a key or a delimiter belongs. */
  private droppedStrayQuote(c: number): boolean {
    if (c !== Ch.DQUOTE || !strayQuote(this, this.state === State.COLON)) return false;
    this.record('stray_quote', this.pos, 'removed a stray \'"\' before a delimiter');
    this.edit(this.pos, 1, '');
    this.pos++;
    return true;
  }

  /** @internal */ stepKey(c: number): void {
    switch (c) {
      case Ch.RBRACE:
        closeWith(this, c);
        return;
      case Ch.RBRACKET:
      case Ch.RPAREN:
        closeWith(this, c);
        return;
      case Ch.COMMA:
      case Ch.FULLWIDTH_COMMA:
        if (commaEndsObject(this)) {
          // The `}` goes before the object's last comma, which becomes the array's: this one is extra.
          const comma = this.commaAt;
          closeBeforeSibling(this, 'element');
          this.commaAt = comma;
          return;
        }
        if (emptyObjectEndsAtComma(this)) {
          this.record('missing_closer', this.pos, 'inserted the "}" of an empty object before the comma after it');
          this.edit(this.pos, 0, '}');
          popContainer(this);
          return;
        }
        this.record(this.commaAt >= 0 ? 'extra_comma' : 'leading_comma', this.pos, `removed "${String.fromCharCode(c)}"`);
        this.edit(this.pos, 1, '');
        this.pos++;
        return;
      case Ch.DOT:
        if (isEllipsisAt(this, this.pos)) {
          skipEllipsis(this, 3);
          return;
        }
        break;
      case Ch.ELLIPSIS:
        skipEllipsis(this, 1);
        return;
      case Ch.BACKTICK:
        if (closingFence(this)) return;
        break;
      case Ch.LBRACE:
        if (doubledOpener(this)) return;
        if (objectInArray(this)) {
          closeBeforeSibling(this);
          return;
        }
        break;
    }
    if (this.droppedStrayQuote(c)) return;
    if (strayMarkBeforeKey(this, c)) return;
    if (isWordStart(c) && noteParagraph(this)) return;
    if ((isDigit(c) || c === Ch.MINUS || isWordStart(c)) && this.commaAt >= 0 && this.commaAt !== this.keylessAt && objectInArray(this) && scalarElementFollows(this, c)) {
      // `[{"a": 1, 3, "x"]`: read as a key, the number would take a null and could replace a member.
      closeBeforeSibling(this, isWordStart(c) ? 'literal' : 'number');
      return;
    }
    if (this.memberAt < 0) {
      if ((c === Ch.DQUOTE || c === Ch.SQUOTE) && strayOpener(this)) return;
      this.memberAt = this.base + this.pos;
      this.memberEdits = this.edits.length;
    }
    if (c === Ch.DQUOTE && doubledKeyQuote(this)) return;
    this.commaAt = -1;
    this.keyAt = this.base + this.pos;
    const quote = quoteAt(this, this.pos);
    if (quote >= 0) {
      if (quote > Quote.SINGLE || !plainString(this, quote, true)) startString(this, quote as Quote, true);
      return;
    }
    if (quote === QUOTE_CUT) {
      throw NEED_MORE;
    }
    if (isWordStart(c) || isDigit(c) || c === Ch.MINUS) {
      if (!stringPrefix(this, c)) readUnquotedKey(this);
      return;
    }
    throw this.fail('UNREPAIRABLE', `expected a property name or '}', found ${this.describe(this.pos)}`, this.pos);
  }

  /** @internal */ stepColon(c: number): void {
    if (c === Ch.FULLWIDTH_COLON) c = this.asciiDelimiter(c);
    if (c === Ch.COLON) {
      this.pos++;
      this.state = State.VALUE;
      return;
    }
    if (this.droppedStrayQuote(c)) return;
    if (c === Ch.EQ) {
      this.record('missing_colon', this.pos, 'replaced "=" with ":"');
      this.edit(this.pos, 1, ':');
      this.pos++;
      this.state = State.VALUE;
      return;
    }
    if (c === Ch.COMMA && this.keyString !== undefined && objectInArray(this) && elementAfter(this)) {
      endObjectBeforeKey(this, this.keyString);
      return;
    }
    if (c === Ch.COMMA || c === Ch.RBRACE || c === Ch.RBRACKET) {
      if (c !== Ch.COMMA && colonAfterCloser(this)) {
        // `{"a"}: 1, "b": 2}`: no closer stands between a key and its colon.
        this.record('early_closer', this.pos, `removed a "${String.fromCharCode(c)}" between a key and its colon`);
        this.edit(this.pos, 1, '');
        this.pos++;
        return;
      }
      // `{"a": 1, "b", 2}`, `{"a": 1, "b"} 2}`: the key's colon written as a comma or a closer.
      if (memberValueFollows(this)) {
        this.record('missing_colon', this.pos, `replaced "${String.fromCharCode(c)}" with ":"`);
        this.edit(this.pos, 1, ':');
        this.pos++;
        this.state = State.VALUE;
        return;
      }
    }
    if (c === Ch.COMMA || c === Ch.RBRACE) {
      this.keylessAt = this.base + this.pos;
      if (droppedKnownKey(this, this.pos) || droppedEmptyKey(this, this.pos)) {
        this.afterValue();
        return;
      }
      this.record('missing_value', this.pos, 'inserted ": null" for a key without a value');
      this.edit(this.pos, 0, ': null');
      this.sink.scalar(null);
      this.afterValue();
      return;
    }
    if (isValueStart(this, c)) {
      this.record('missing_colon', this.pos, 'inserted ":"');
      this.edit(this.pos, 0, ':');
      this.state = State.VALUE;
      return;
    }
    throw this.fail('UNREPAIRABLE', `expected ':' after property name, found ${this.describe(this.pos)}`, this.pos);
  }

  // ---------------------------------------------------------------- containers

  /** @internal */ top(): Kind {
    return this.kinds[this.kinds.length - 1] as Kind;
  }

  /** A value just completed: decide the next state. @internal */
  afterValue(): void {
    this.commaAt = -1;
    this.memberAt = -1;
    this.state = State.AFTER_VALUE;
    this.closedLast = -1;
    const depth = this.kinds.length;
    if (depth === 0) this.topValues++;
    else {
      this.heldValue = true;
      if (this.kinds[depth - 1] === Kind.WRAPPER) this.wrapperArgs[this.wrapperArgs.length - 1]++;
    }
  }

  // ---------------------------------------------------------------- end of input

  // ---------------------------------------------------------------- whitespace and comments

  // ---------------------------------------------------------------- numbers and words

  // ---------------------------------------------------------------- bookkeeping

  /**
   * Whether record() reads its detail: repairs are logged, or a refused kind puts it in the error. A
   * rule whose detail costs a string per token (an unquoted key's name) builds it only then.
   * @internal
   */
  get recording(): boolean {
    return !this.options.quiet || this.refusing;
  }

  /** @internal */ record(kind: TextRepairKind, at: number, detail: string): void {
    const offset = this.base + at;
    if (this.refusing && this.options.refused.has(kind)) {
      throw disabledRepair(kind, detail, offset);
    }
    if (!this.guessed && GUESSES.has(kind)) {
      this.guessed = true;
      if (this.repeatedAt.length > 0) this.reportEarlierRepeats();
    }
    if (!this.options.quiet || KEPT_WHEN_QUIET.has(kind)) this.log.push(kind, offset, detail);
  }

  /** @internal */ edit(at: number, del: number, ins: string): void {
    if (this.options.wantEdits) this.edits.push({ at: this.base + at, del, ins });
  }

  /**
   * Deletes the comma at `at` (`commaAt`, a buffer offset here). A full-width one was rewritten as
   * `,` already (asciiDelimiter): that edit becomes the deletion, as two could not both apply.
   * @internal
   */
  removeComma(at: number): void {
    if (!this.options.wantEdits) return;
    const offset = this.base + at;
    for (let k = this.edits.length - 1; k >= 0 && this.edits[k].at >= offset; k--) {
      if (this.edits[k].at === offset && this.edits[k].del === 1) {
        this.edits[k] = { at: offset, del: 1, ins: '' };
        return;
      }
    }
    this.edits.push({ at: offset, del: 1, ins: '' });
  }

  /** @internal */ fail(code: ErrorCode, reason: string, at: number, emptyTopAt = -1): EngineFailure {
    return new EngineFailure(code, reason, this.base + at, emptyTopAt);
  }

  /** @internal */ describe(i: number): string {
    if (i >= this.end) return 'the end of the text';
    const c = this.buf.codePointAt(i) as number;
    return `'${String.fromCodePoint(c)}'`;
  }
}
