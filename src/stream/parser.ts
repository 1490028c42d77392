// createStreamParser: the prelude scanner, the resumable engine and the snapshot tree, driven one
// chunk at a time. Each character is parsed once; a push costs the chunk plus the copies along the
// path that changed.
import { JsonMendError, assertText } from '../errors.js';
import { Engine, EngineFailure } from '../parse/engine.js';
import { DEFAULT_MAX_LENGTH, engineOptions, publicError, withPositions } from '../parse/settings.js';
import type { ParseOptions, TextRepair } from '../parse/types.js';
import type { Repair } from '../schema/types.js';
import { parseWithReport } from '../parse/api.js';
import { endTokenTailAt, endTokensAt } from '../extract/end-tokens.js';
import { FullwidthBrackets, asWritten, fullwidthDetail, hasFullwidthBracket } from '../extract/fullwidth.js';
import { LATER_CUT, answerSetAside, cutOffAfter, rewrittenDocumentAt, wholeTextFirst } from '../parse/candidates.js';
import { isTemplateValue } from '../parse/template.js';
import { schemaStageFor } from '../parse/stage.js';
import type { SchemaParseOptions } from '../schema/types.js';
import { PreludeScanner, answerBefore } from './prelude.js';
import { SchemaWatch } from './schema.js';
import { ChunkText } from './text.js';
import { SnapshotTree } from './tree.js';
import { type Closing, closingAt } from './closing.js';
import type { StandardSchemaV1 } from '../schema/standard.js';
import type { DeepPartial, Delta, Snapshot, StreamOptions, StreamParser } from './types.js';
import type { SchemaIssue } from '../schema/types.js';

const enum Phase { PRELUDE, FAST, ENGINE, STOPPED, ENDED }

/**
 * How many slots of open containers a change may copy per character pushed since the last shown
 * change. Showing a change under an open array of n elements costs a copy of it (snapshots are
 * immutable plain values), so showing every change of a long array is quadratic; holding changes back
 * until the text has paid for the copy keeps the total linear. Below 8 × the chunk size (32 slots for
 * 4-character chunks) every change shows at once.
 */
const SLOTS_PER_CHAR = 8;

/** The longest end token (`<|END_OF_TURN_TOKEN|>`): a chunk whose last `<` is further back ends in none. */
const END_TAIL = 24;

/**
 * Whether `chunk` may end in an end token or the start of one: a `<` near its end, or a `>` ending it.
 * Every other chunk is fed as it is (one shorter than END_TAIL without a `<` was looked at whole, which
 * cost the stream a fifth).
 */
function mayEndInToken(chunk: string): boolean {
  const lt = chunk.lastIndexOf('<');
  return (lt >= 0 && lt >= chunk.length - END_TAIL) || chunk.charCodeAt(chunk.length - 1) === 0x3e;
}

export class StreamParserImpl<T> implements StreamParser<T> {
  // Snapshots are typed as DeepPartial<T>; the values are whatever the tree holds, checked by tests, not tsc.
  private readonly buf = new ChunkText();
  private readonly prelude: PreludeScanner;
  private readonly engine: Engine;
  private readonly tree: SnapshotTree;
  private readonly parseOptions: SchemaParseOptions;
  private readonly maxLength: number;
  private phase: Phase = Phase.PRELUDE;
  private start = -1;
  private straight = false;
  private reported = 0;
  /** Whether the prelude reported the text before the value (see newRepairs). */
  private setAside = false;
  private completeSent = false;
  private error: JsonMendError | undefined;
  /** `</answer>` when the value follows the opener `<answer>` (see stop), else ''. */
  private tagCloser = '';
  /** The engine stopped at that closer, in text parse reads (see stop): what it read is shown at once. */
  private closedByTag = false;
  /** The closing markup of the tag or fence the value follows (see closing.ts), when there is one. */
  private closing: Closing | undefined;
  /** Text kept from the engine: a tail that may grow into that closing markup (see feed). */
  private pending = '';
  /** Characters fed to the engine. */
  private fed = 0;
  /** Text kept from the engine: a tail of end tokens, the last maybe cut off (see feedEngine). */
  private endHeld = '';
  /** The engine's failure at a `<` while the text after it is too short to tell that closer (see stop). */
  private failedAtLt: EngineFailure | undefined;
  private fatal: JsonMendError | undefined;
  /** Reads full-width brackets as JSON's, from the first chunk that holds one (see readFullwidth). */
  private fullwidth: FullwidthBrackets | undefined;
  /** The text from an opener whose follower has not arrived yet (see FullwidthBrackets.read). */
  private held = '';
  /** How many of its brackets the snapshots have reported. */
  private fullwidthReported = 0;
  /** The value of a first chunk that was a whole JSON document (read by JSON.parse, engine not run yet). */
  private fastValue: unknown;
  /**
   * After more text followed that document: where it ended (absolute), until the engine, reading
   * everything again, has read past it; -1 otherwise. Until then the snapshots repeat the document's
   * value (see takeSnapshot).
   */
  private rebuildUntil = -1;
  /** The value last shown in a snapshot, and the characters pushed since. */
  private shown: unknown = undefined;
  private charsSinceShown = 0;
  /** Deltas and issues of what was shown at a checkpoint (see checkpoint), for the next snapshot. */
  private shownDeltas: Delta[] = [];
  private shownIssues: SchemaIssue[] = [];
  snapshot: Snapshot<DeepPartial<T>> = { value: undefined, complete: false, repairs: [] };

  /** @param asItStands parsePartial: show strings a later `:` could make keys (see TreeOptions). */
  constructor(private readonly options: StreamOptions, asItStands = false) {
    if (options !== undefined && (options === null || typeof options !== 'object')) {
      throw new JsonMendError('INVALID_ARGUMENT', 'options must be an object');
    }
    const { partialStrings, deltas, defaults, eager, ...rest } = options;
    if (asItStands) {
      // parsePartial reads a prefix of a reply still being written, not the whole value: the schema
      // types it and fills defaults as a snapshot does, but is not asked to accept it (a required
      // member not written yet, a value cut off: SCHEMA_MISMATCH, REPAIR_REFUSED).
      const { schema: _schema, validator: _validator, draft: _draft, maxRounds: _maxRounds, salvage: _salvage, acceptTruncated: _accept, ...text } = rest;
      this.parseOptions = text;
    } else {
      this.parseOptions = rest;
      // end() needs the schema stage: a bundle that left it out fails here, not after a stream whose
      // snapshots showed no issues because nothing could check them.
      if (options.schema !== undefined) schemaStageFor({ validator: options.validator });
    }
    this.prelude = new PreludeScanner(undefined, asItStands);
    this.maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
    const watch = options.schema !== undefined && (defaults || isJsonSchemaLike(options.schema))
      ? new SchemaWatch(options.schema, defaults === true, options.validator, options.draft)
      : undefined;
    this.tree = new SnapshotTree(
      {
        charCodeAt: (o) => this.engine.charCodeAt(o),
        slice: (a, b) => this.engine.slice(a, b),
      },
      () => this.engine.offset,
      { deltas: deltas === true, partialStrings: partialStrings ?? true, schema: watch?.root ? watch : undefined, asItStands },
    );
    this.engine = new Engine(this.tree, engineOptions(rest, false));
    // parsePartial reads the text as it stands, as a reply that starts with the value (see partial.ts):
    // nothing is held back for the text after it.
    if (!asItStands) this.engine.onGoingOn = () => this.checkpoint();
  }

  text(): string {
    return this.written(this.buf.all()) + this.held;
  }

  /** `text` (of this.buf) as the model wrote it: the full-width brackets read as JSON's given back. */
  private written(text: string): string {
    return this.fullwidth === undefined ? text : asWritten(text, this.fullwidth.at);
  }

  push(chunk: string): Snapshot<DeepPartial<T>> {
    if (this.phase === Phase.ENDED) throw new JsonMendError('STREAM_CLOSED', 'push() after end(): the stream is closed');
    if (this.fatal) throw this.fatal;
    assertText(chunk, 'chunk');
    const length = this.buf.length + this.held.length + chunk.length;
    if (length > this.maxLength) {
      this.fatal = new JsonMendError('TOO_LARGE', `the text is ${length} characters long, more than maxLength (${this.maxLength})`);
      throw this.fatal;
    }
    return this.take(this.readFullwidth(chunk, false));
  }

  /**
   * `chunk` with its full-width brackets read as JSON's, as parse reads them (see FullwidthBrackets);
   * an opener whose follower has not arrived is held back for the next chunk. The reader starts at the
   * first chunk that holds one, reading the text before it first: a stream without any pays nothing.
   */
  private readFullwidth(chunk: string, final: boolean): string {
    if (this.fullwidth === undefined) {
      if (!hasFullwidthBracket(chunk)) return chunk;
      this.fullwidth = new FullwidthBrackets();
      this.fullwidth.read(this.buf.all(), false);
    }
    const read = this.fullwidth.read(this.held + chunk, final);
    this.held = read.held;
    return read.text;
  }

  /** Reads `chunk` (its full-width brackets read already): the prelude, the fast path or the engine. */
  private take(chunk: string): Snapshot<DeepPartial<T>> {
    const at = this.buf.length;
    this.buf.add(chunk);
    this.charsSinceShown += chunk.length;
    const extra: TextRepair[] = [];
    if (this.phase === Phase.PRELUDE) {
      let found = this.prelude.scan(chunk, at);
      if (found !== undefined && !found.straight && answerBefore(this.buf.all(), found.start)) {
        this.prelude.leaveToEnd();
        found = undefined;
      }
      if (found !== undefined) {
        this.start = found.start;
        this.straight = found.straight;
        if (found.tag !== '') this.tagCloser = `</${found.tag}>`;
        if (found.tag !== '' || found.fence !== 0) this.closing = { tag: this.tagCloser, fence: found.fence };
        // In prose (not straight, in no tag or fence), extraction's span ends where the value's brackets
        // close, and a value after it is a candidate of its own: concatenated, the snapshots showed an
        // array of both (`Here: {"a": 1}⏎{"b": 2}`), and end() gave the first.
        else if (!found.straight) this.engine.oneValue = true;
        this.phase = Phase.ENGINE;
        if (found.start > 0) this.engine.startAfter(this.buf.all(), found.start);
        if (!found.straight) {
          this.setAside = true;
          const { line, column } = this.buf.position(found.start);
          extra.push({ kind: 'surrounding_text', offset: found.start, line, column, detail: 'skipped the text before the JSON value' });
        }
        if (!this.tryWhole(found)) this.feed(found.rest);
      }
    } else if (this.phase === Phase.FAST) {
      if (!isBlank(chunk)) {
        // More than whitespace after a whole document: run the engine over everything from the start.
        this.phase = Phase.ENGINE;
        this.rebuildUntil = at;
        this.feed(this.buf.all().slice(this.start));
      }
    } else if (this.phase === Phase.ENGINE) {
      this.feed(chunk);
    } else if (this.failedAtLt !== undefined) {
      this.judgeFailure();
    }
    return this.takeSnapshot(extra);
  }

  /**
   * A push that holds a whole valid document (the one-chunk case) is read by JSON.parse, as `parse`
   * would; the engine runs only if more than whitespace follows.
   */
  private tryWhole(found: { straight: boolean; rest: string }): boolean {
    if (!found.straight || this.options.schema !== undefined || this.options.maxDepth !== undefined) return false;
    // Full-width brackets, or a BOM or NBSP before the value, are repairs parse reports (JSON.parse
    // reads neither); the engine's reading reports them.
    if (this.fullwidth !== undefined || !isBlank(this.buf.all().slice(0, this.start))) return false;
    const rest = found.rest;
    let k = rest.length - 1;
    while (k > 0 && isBlankCode(rest.charCodeAt(k))) k--;
    const last = rest.charCodeAt(k);
    if (k < 1 || (last !== 0x7d && last !== 0x5d)) return false;
    try {
      this.fastValue = JSON.parse(rest);
    } catch {
      return false;
    }
    // Its plain values after an array element are a row that lost its `[` if `, [` follows the `]`
    // (`[["a", 1], "b", 2], ["c", 3]]`, see rowOpenerLost): shown now, the next chunk would take
    // them back. The engine holds them until the text after the `]` says.
    if (lostRowMayFollow(this.fastValue)) return false;
    this.phase = Phase.FAST;
    this.tree.replaceRoot(this.fastValue);
    return true;
  }

  /**
   * Feeds the engine, up to the closing markup of the value's tag or fence (see closing.ts) while it is
   * reading a string, a word or a number there: parse reads that span's content, which ends there, so
   * the value stops growing (what is shown is what the text before the markup decided). A tail that
   * may still grow into that markup waits for the next chunk.
   */
  private feed(chunk: string): void {
    if (this.closing === undefined) {
      this.feedEngine(chunk);
      return;
    }
    const text = this.pending.length > 0 ? this.pending + chunk : chunk;
    this.pending = '';
    const found = closingAt(text, 0, this.closing);
    if (found === undefined) {
      this.feedEngine(text);
      return;
    }
    if (found.at > 0 && !this.feedEngine(text.slice(0, found.at))) return;
    if (!found.whole) {
      this.pending = text.slice(found.at);
      return;
    }
    // The engine would read the markup as the string's text, or end a word or number at it: parse
    // ends them before it. Anywhere else the engine reads it as it does (and fails at a tag's closer,
    // see stop).
    if (this.engine.inString || this.engine.offset < this.fed) {
      this.phase = Phase.STOPPED;
      this.closedByTag = true;
      return;
    }
    this.feedEngine(text.slice(found.at));
  }

  /**
   * Feeds `chunk` to the engine; false once the stream stopped (an error, or the value ended). A tail of
   * end tokens (`<|im_end|>`, or what may grow into one: `<|im_e`) waits for the text after it: at
   * the reply's end they are no part of it, and parse reads the text before them as the reply's end
   * (`"unfinish<|im_end|>` is `"unfinish"`, `"a.ts\\<|im_end|>` drops the cut escape, `"The "Best"<|im_end|>`
   * closes at the last quote); read as text, the snapshots showed `<|im_end` in the string, or an
   * escape or a quote read otherwise, and end() took it back. A tail longer than a few tokens is fed:
   * holding it would cost its length at each push.
   */
  private feedEngine(chunk: string): boolean {
    if (this.endHeld !== '' || mayEndInToken(chunk)) {
      chunk = this.holdEndTokens(chunk);
      if (chunk === '') return true;
    }
    this.fed += chunk.length;
    try {
      this.engine.feed(chunk);
    } catch (e) {
      this.stop(e);
      return false;
    }
    this.tree.sync(this.engine);
    if (this.engine.done) this.phase = Phase.STOPPED;
    return this.phase === Phase.ENGINE;
  }

  /** `chunk` less the tail of end tokens it ends in, which (with any held before) is held (see feedEngine). */
  private holdEndTokens(chunk: string): string {
    const text = this.endHeld + chunk;
    const at = endTokenTailAt(text, 0, text.length);
    this.endHeld = text.length - at > 4 * END_TAIL ? '' : text.slice(at);
    return this.endHeld === '' ? text : text.slice(0, at);
  }

  private stop(e: unknown): void {
    const shifted = e instanceof EngineFailure ? new EngineFailure(e.code, e.reason, e.offset + this.start) : e;
    this.phase = Phase.STOPPED;
    if (shifted instanceof EngineFailure && this.tagCloser !== '') {
      this.failedAtLt = shifted;
      this.judgeFailure();
      return;
    }
    this.error = publicError(shifted, this.buf.all());
  }

  /** Judges a failure held by stop once the text after it can tell the tag's closer: no error, or the error. */
  private judgeFailure(): void {
    const failure = this.failedAtLt!;
    const text = this.buf.all();
    const closer = this.tagCloser;
    const at = text.slice(failure.offset, failure.offset + closer.length).toLowerCase();
    if (at.length < closer.length && closer.startsWith(at)) return;
    this.failedAtLt = undefined;
    if (at === closer && this.readsAsItStands(text)) this.closedByTag = true;
    else this.error = publicError(failure, text);
  }

  /**
   * `<answer>{"a": 1</answer>`: the engine, reading on from the value, fails at the closer of the
   * tag the value follows, where the value lost its own closers. Extraction reads the tag's content,
   * so the text so far is no unrepairable one: the value stops growing, with no error, when parse
   * reads the text so far (asked once: the stream stops here). Before, the snapshots showed an
   * UNREPAIRABLE error that end() then contradicted.
   */
  private readsAsItStands(text: string): boolean {
    const { schema: _schema, onRepair: _onRepair, ...textOptions } = this.parseOptions;
    try {
      parseWithReport(this.written(text), textOptions);
      return true;
    } catch {
      return false;
    }
  }

  private newRepairs(into: TextRepair[]): TextRepair[] {
    const log = this.engine.log;
    // The engine may take back repairs in a string tail it cuts; never report one twice.
    if (log.truncatedTo < this.reported) this.reported = log.truncatedTo;
    log.truncatedTo = Infinity;
    // A raw control character in the string being read is reported once the string ends: its end
    // quote may yet prove lost before it (`"x,⏎"b": 1}`), and the engine then takes the repair back
    // (reported, it stayed, a repair parse never made). What the string logged after it waits too.
    // The held repair is the first one looked at on every push, so the wait costs nothing.
    let upTo = log.length;
    if (this.engine.inString) {
      for (let i = Math.max(this.reported, this.engine.strLogAt); i < upTo; i++) {
        if (log.kinds[i] === 'control_character') upTo = i;
      }
    }
    for (let i = this.reported; i < upTo; i++) {
      // parse reports the text around the value once: the prelude did, at the value's start.
      if (this.setAside && log.kinds[i] === 'surrounding_text') continue;
      const r = log.at(i, this.start);
      const { line, column } = this.buf.position(r.offset);
      r.line = line;
      r.column = column;
      into.push(r);
    }
    this.reported = upTo;
    if (this.fullwidth !== undefined) this.newFullwidth(into);
    return into;
  }

  /** The full-width brackets read as JSON's (see readFullwidth) in the value, up to where the engine has read. */
  private newFullwidth(into: TextRepair[]): void {
    const { at, as } = this.fullwidth!;
    const upTo = this.start < 0 ? -1 : this.start + this.engine.offset;
    for (; this.fullwidthReported < at.length && at[this.fullwidthReported] < upTo; this.fullwidthReported++) {
      const offset = at[this.fullwidthReported];
      if (offset < this.start) continue;
      const { line, column } = this.buf.position(offset);
      into.push({ kind: 'fullwidth_delimiter', offset, line, column, detail: fullwidthDetail(as[this.fullwidthReported]) });
    }
  }

  /**
   * The text repairs of `parse`'s report that no snapshot reported (matched by kind and offset). What
   * the snapshots reported is read back from where newRepairs took it (the prelude's, the engine's
   * log up to `reported`, the full-width brackets up to `fullwidthReported`): nothing is kept per push.
   */
  private unreported(repairs: readonly Repair[]): TextRepair[] {
    const shown = new Map<string, number>();
    const count = (kind: string, offset: number) => {
      const key = `${kind}@${offset}`;
      shown.set(key, (shown.get(key) ?? 0) + 1);
    };
    if (this.setAside) count('surrounding_text', this.start);
    const log = this.engine.log;
    for (let i = 0; i < Math.min(this.reported, log.length); i++) {
      if (!(this.setAside && log.kinds[i] === 'surrounding_text')) count(log.kinds[i], log.offsets[i] + this.start);
    }
    if (this.fullwidth !== undefined) {
      for (let i = 0; i < this.fullwidthReported; i++) if (this.fullwidth.at[i] >= this.start) count('fullwidth_delimiter', this.fullwidth.at[i]);
    }
    const out: TextRepair[] = [];
    for (const r of repairs) {
      if (!('offset' in r)) continue;
      const key = `${r.kind}@${r.offset}`;
      const n = shown.get(key) ?? 0;
      if (n > 0) shown.set(key, n - 1);
      else out.push(r);
    }
    return out;
  }

  private takeSnapshot(extra: TextRepair[]): Snapshot<DeepPartial<T>> {
    const tree = this.tree;
    // The root completes at end(), never before: until the reply ends, text still to come can change what
    // parse chooses (a `</think>` with no opener makes everything before it reasoning, a labelled answer or
    // a fence may follow), and a completion once sent is never taken back.
    // Show what changed now, or hold it back until enough text has arrived to pay for the copies the
    // next change will make (see SLOTS_PER_CHAR); held-back changes stay mutable and cost nothing more.
    const show = tree.changed && !this.rebuilding() && !this.pastFirstClose() &&
      (this.error !== undefined || this.closedByTag || this.options.eager === true || this.charsSinceShown * SLOTS_PER_CHAR >= tree.openWidth);
    if (show) {
      this.shown = tree.hasRoot ? tree.root : undefined;
      this.charsSinceShown = 0;
      tree.seal();
    }
    const snap: Snapshot<DeepPartial<T>> = { value: this.shown as DeepPartial<T> | undefined, complete: false, repairs: this.newRepairs(extra) };
    // With the value unchanged, what is pending is completion and schema issues: never held back.
    const deliver = show || !tree.changed;
    if (this.options.deltas) snap.deltas = withShown(this.shownDeltas, deliver ? tree.takeDeltas() : []);
    if (this.options.schema !== undefined) snap.issues = withShown(this.shownIssues, deliver ? tree.takeIssues() : []);
    if (this.shownDeltas.length > 0) this.shownDeltas = [];
    if (this.shownIssues.length > 0) this.shownIssues = [];
    if (this.error) snap.error = this.error;
    this.snapshot = snap;
    return snap;
  }

  /**
   * Whether what the engine read past where a value found in prose first closed (`[Note] [] Answer:`,
   * `Here: [1, 2], 3, 4`, `Here: {"a": 1}, 3, 4`) waits for the closer that makes it part of the value
   * (see Engine.awaitsClose): extraction's span reaches past where the brackets first closed only then,
   * and parse reads the value as it first closed otherwise. Shown, `[{}]` was taken back by end()'s
   * `[]`. It is held back as changes under wide containers are, but an error does not show it either;
   * that closer shows it all, with its deltas.
   */
  private pastFirstClose(): boolean {
    return this.engine.onGoingOn !== undefined && this.engine.awaitsClose;
  }

  /**
   * Where the value may go on past where it first closed (Engine.onGoingOn): what the tree holds is
   * shown in this push's snapshot, with its deltas and issues, whatever the engine reads after it in
   * the same push (held back, see pastFirstClose). Read whole in one push, `Here: [1, 2], 3, 4` showed
   * nothing. Sealing makes the changes after it copy what they change, as after a shown snapshot.
   */
  private checkpoint(): void {
    // A value in prose: never the fast path's document being read again (see rebuilding).
    const tree = this.tree;
    if (tree.changed) {
      this.shown = tree.hasRoot ? tree.root : undefined;
      this.charsSinceShown = 0;
      tree.seal();
    }
    if (this.options.deltas) for (const d of tree.takeDeltas()) this.shownDeltas.push(d);
    if (this.options.schema !== undefined) for (const i of tree.takeIssues()) this.shownIssues.push(i);
  }

  /**
   * Whether the engine, reading again from the start after text followed a whole first document (the
   * fast path), has yet to read past that document's end. Until it has, it holds back what the text
   * after decides (a last string's quote in `["a", "b"]` then `"`; a string it then reads on, `b"]`,
   * while a `:` could still make it a key), and showing its value would take elements back that the
   * snapshot already showed: the snapshot keeps the document's value.
   */
  private rebuilding(): boolean {
    if (this.rebuildUntil < 0) return false;
    const engine = this.engine;
    const read = engine.inString ? engine.strStart : engine.offset;
    if (this.error === undefined && !engine.done && this.start + read < this.rebuildUntil) return true;
    this.rebuildUntil = -1;
    return false;
  }

  /**
   * Where the value starts when text before it was skipped (prose, reasoning, a fence's opener), or
   * -1 when the reply starts with it (after whitespace) or no value has started.
   * @internal
   */
  skippedTo(): number {
    return this.start > 0 && !this.straight ? this.start : -1;
  }

  /**
   * The text the engine is still waiting on (a number that more digits may follow, values whose next
   * text decides how they are read), or undefined when it waits on none or is inside a string.
   * @internal
   */
  waitingText(): string | undefined {
    if (this.phase !== Phase.ENGINE || this.engine.inString) return undefined;
    return this.buf.all().slice(this.start + this.engine.offset);
  }

  /**
   * Whether the text so far ends inside an HTML comment or a reasoning block whose opener stood
   * mid-line with no closer yet: extraction may read it as a mention (see PreludeScanner.inMidLineBlock).
   * @internal
   */
  inMidLineBlock(): boolean {
    return this.phase === Phase.PRELUDE && this.prelude.inMidLineBlock();
  }

  /**
   * The text from a string's closing quote that the engine has yet to judge (`["a", null`: what
   * follows it decides whether it closes), or undefined when it waits on no such quote.
   * @internal
   */
  quoteWaitText(): string | undefined {
    if (this.phase !== Phase.ENGINE || !this.engine.inString || this.engine.strIsKey) return undefined;
    const rest = this.buf.all().slice(this.start + this.engine.offset);
    return rest.charCodeAt(0) === 0x22 ? rest : undefined;
  }

  end(): T {
    if (this.phase === Phase.ENDED) throw new JsonMendError('STREAM_CLOSED', 'end() was already called');
    // An opener held back for its follower: the text ends, so it is read now.
    if (this.held !== '' && this.fatal === undefined) this.take(this.readFullwidth('', true));
    // No push comes any more: the final snapshot takes what the engine reads from here.
    this.engine.onGoingOn = undefined;
    if (this.phase === Phase.FAST) {
      this.phase = Phase.ENDED;
      this.finalSnapshot(this.fastValue as T, false);
      return this.fastValue as T;
    }
    if (this.fatal) throw this.fatal;
    // A tail kept from the engine as maybe closing markup: the text ends, so the engine reads it.
    if (this.pending !== '' && this.phase === Phase.ENGINE) {
      const tail = this.pending;
      this.pending = '';
      this.feedEngine(tail);
    }
    // End tokens kept from the engine (see feedEngine): when whole, the reply ends before them and
    // parse reads it (no own reading below); a token cut off (`<|im_e`) is text, which the engine reads.
    if (this.endHeld !== '' && this.phase === Phase.ENGINE && endTokensAt(this.buf.all()) === this.buf.length) {
      const tail = this.endHeld;
      this.endHeld = '';
      this.fed += tail.length;
      try {
        this.engine.feed(tail);
        this.tree.sync(this.engine);
        if (this.engine.done) this.phase = Phase.STOPPED;
      } catch (e) {
        this.stop(e);
      }
    }
    const wasStopped = this.phase === Phase.STOPPED;
    this.phase = Phase.ENDED;
    const buf = this.buf;
    // A LaTeX backslash the engine kept is JSON's escape when the whole document is valid, and the
    // tokens a model writes when it stops are no text of the reply: parse decides. So does it where
    // full-width brackets were read as JSON's (it reports them).
    const text = buf.all();
    const own = this.start >= 0 && this.straight && this.parseOptions.schema === undefined && this.error === undefined && this.fullwidth === undefined &&
      !this.engine.keptLatex && endTokensAt(text) === text.length && rewrittenDocumentAt(buf, this.start) === undefined;
    // Extraction may still prefer another span (`{a} {"b": 1}`, a fence after the value): ask it.
    if (own && wholeTextFirst(text, this.start)) {
      let ok = true;
      if (!wasStopped) {
        try {
          this.engine.finish();
        } catch {
          ok = false;
        }
      }
      // Where the text set aside after the value starts (absolute), or -1.
      const aside = ok ? this.engine.log.setAsideAfter(0) : -1;
      const asideAt = aside < 0 ? -1 : aside + this.start;
      // A template echoed before the answer (see parse/template.ts), or a value labelled the answer in
      // the text set aside (`{"a": 0}⏎Answer: {"a": 1}`): parse looks past it.
      if (ok && !isTemplateValue(this.tree.root) && !answerSetAside(text, asideAt, undefined, this.start)) {
        const value = this.tree.root as T;
        const all = this.engine.log.toArray(this.start);
        // Text set aside after the value that ends inside another: the reply was cut off (as parse says).
        const cut = asideAt < 0 ? -1 : cutOffAfter(text, asideAt);
        const repairs = this.newRepairs([]);
        if (cut >= 0) {
          const later: TextRepair = { kind: 'truncated', offset: cut, line: 0, column: 0, detail: LATER_CUT };
          all.push(later);
          repairs.push(withPositions([later], text)[0]!);
        }
        this.finalSnapshot(value, false, repairs);
        if (this.options.onRepair && all.length > 0) this.options.onRepair(withPositions(all, text));
        return value;
      }
    }
    // Extraction must see the whole reply to choose between candidates: the same call as parse (its
    // report holds the value parse returns, and calls onRepair as parse does). The engine's own reading
    // ends first where a schema is watched: the last member and the root complete, and are validated
    // as every other subtree was (a closer waits for the text after it, so at the reply's end they
    // had not completed, and their issues, the ones parse's coercion then fixes, went unreported).
    if (this.options.schema !== undefined && !wasStopped && this.start >= 0) {
      try {
        this.engine.finish();
      } catch {
        // The text cannot be read as it stands: parse says what it makes of it.
      }
    }
    const report = parseWithReport<T>(this.written(text), this.parseOptions);
    this.finalSnapshot(report.value, true, this.unreported(report.repairs));
    return report.value;
  }

  /** @param repairs the final snapshot's repairs; by default, the engine's not reported yet. */
  private finalSnapshot(value: T, replaced: boolean, repairs?: TextRepair[]): void {
    if (replaced && value !== this.tree.root) {
      // The `set ""` replaces everything: changes held back, never shown (see pastFirstClose), go unsent.
      this.tree.takeDeltas();
      this.tree.replaceRoot(value);
    }
    if (!this.completeSent) {
      this.completeSent = true;
      this.tree.deltas.push({ op: 'complete', path: '' });
    }
    const snap: Snapshot<DeepPartial<T>> = { value: value as DeepPartial<T>, complete: true, repairs: repairs ?? this.newRepairs([]) };
    if (this.options.deltas) snap.deltas = this.tree.takeDeltas();
    if (this.options.schema !== undefined) snap.issues = this.tree.takeIssues();
    this.snapshot = snap;
  }
}

/** `later` after what a checkpoint showed (see StreamParserImpl.checkpoint); `later` itself when that is nothing. */
function withShown<X>(shown: X[], later: X[]): X[] {
  if (shown.length === 0) return later;
  for (const x of later) shown.push(x);
  return shown;
}

function isBlankCode(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function isBlank(chunk: string): boolean {
  for (let i = 0; i < chunk.length; i++) if (!isBlankCode(chunk.charCodeAt(i))) return false;
  return true;
}

/** A root array with an array element followed only by plain values (see rowOpenerLost). */
function lostRowMayFollow(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = value.length - 1; i >= 0; i--) {
    const v = value[i];
    if (v !== null && typeof v === 'object') return Array.isArray(v) && i < value.length - 1;
  }
  return false;
}

function isJsonSchemaLike(schema: unknown): boolean {
  return schema !== null && typeof schema === 'object';
}

/**
 * An incremental parser for a reply that arrives in chunks. Each `push` parses only the new text and
 * returns an immutable, structurally shared {@link Snapshot}; `end()` returns exactly what
 * `parse(wholeText, options)` returns (or throws what it throws).
 *
 * @example
 * const p = createStreamParser({ deltas: true });
 * for await (const chunk of reply) render(p.push(chunk).value);
 * const value = p.end();
 */
export function createStreamParser<S extends StandardSchemaV1>(options: StreamOptions<S> & { schema: S }): StreamParser<StandardSchemaV1.InferOutput<S>>;
export function createStreamParser<T = unknown>(options?: StreamOptions): StreamParser<T>;
// A ParseOptions (typed for `repair`, or by a caller) is taken as it is: it names no schema, so its
// onRepair, written for text repairs, sees only text repairs. Other options may come with it.
export function createStreamParser<T = unknown>(options: ParseOptions & Omit<StreamOptions, 'schema' | 'onRepair'>): StreamParser<T>;
export function createStreamParser(options: StreamOptions | ParseOptions = {}): StreamParser<unknown> {
  return new StreamParserImpl<unknown>(options as StreamOptions);
}
