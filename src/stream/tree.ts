// The snapshot builder: a Sink that keeps the partial value as immutable, structurally shared
// snapshots. Containers handed out in a snapshot are sealed; the first change under a sealed
// container in a push copies it and its open ancestors (once per push), so untouched subtrees keep
// their identity and earlier snapshots never change. Only open containers (the engine's stack) can
// change, so copy-on-write only ever walks that stack.
import { type Sink, ValueBuilder, holdsKey, setMember } from '../parse/sink.js';
import { escapeSegment } from '../schema/pointer.js';
import type { SchemaIssue } from '../schema/types.js';
import type { SchemaWatch } from './schema.js';
import type { Delta } from './types.js';
import { isWordPart } from '../parse/chars.js';
import { LOOKAHEAD } from '../parse/state.js';

type Container = unknown[] | Record<string, unknown>;

interface Frame {
  node: Container;
  isArray: boolean;
  /** Where the node sits in its parent frame (a key or an index); -1 for the root. */
  slot: string | number;
  /** JSON Pointer of the node ('' unless paths are needed). */
  path: string;
  /** Subschema of the node, when a schema is watched. */
  schema: unknown;
  /** Slots placed in the node (elements, or members counting repeated keys). */
  width: number;
  /** What copying the node costs, in an array's slots (see slotCost). */
  cost: number;
}

/**
 * Members an object holds before each further one costs OBJECT_SLOT_COST to copy. Copying an
 * object's member costs a hundred times an array element's (a wide object is a hash table: 200–900 ns
 * a member, against a few for an element); counted alike, streaming a wide object spent seconds a
 * megabyte copying it for snapshots.
 */
const OBJECT_FAST_SLOTS = 32;
const OBJECT_SLOT_COST = 16;
/** Past this many members a member costs WIDE_OBJECT_SLOT_COST: the table outgrows the caches. */
const WIDE_OBJECT_SLOTS = 1024;
const WIDE_OBJECT_SLOT_COST = 64;

/** What the slot placed last in `frame` adds to the cost of copying it. */
function slotCost(frame: Frame): number {
  if (frame.isArray || frame.width <= OBJECT_FAST_SLOTS) return 1;
  return frame.width <= WIDE_OBJECT_SLOTS ? OBJECT_SLOT_COST : WIDE_OBJECT_SLOT_COST;
}

/** The value string the engine is reading, for showing it while it grows. */
export interface PendingString {
  /** Its length so far, or -1 when no value string is being read. */
  readonly pendingValueLength: number;
  /** Its text from character `from` on. */
  pendingValueFrom(from: number): string;
  /** Whether a `:` after it could still make it a key. */
  readonly pendingValueMayBeKey: boolean;
}

/** Reads the text the engine is fed, by the engine's own offsets. */
export interface EngineText {
  charCodeAt(offset: number): number;
  slice(from: number, to: number): string;
}

/**
 * How far back the engine may cut a string it is reading (missing_end_quote looks back LOOKAHEAD
 * characters from a quote and cuts at the comma before them): the engine's bound plus two.
 */
const MAX_RETRACT = LOOKAHEAD + 2;

const enum Str { NONE, SHOWN, HIDDEN }

/**
 * Below this depth, or where a node's JSON Pointer would pass SHOWN_PATH characters, a container or a
 * string is built aside and shown once complete. Showing a change copies every open container on its
 * path and a delta carries the whole path, so without a bound a deeply nested reply would cost the
 * square of its size in copies and in delta text.
 */
export const SHOWN_DEPTH = 64;
export const SHOWN_PATH = 256;

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** White space, `}` or `]`. */
function closerOrSpace(c: number): boolean {
  return isWs(c) || c === 0x7d || c === 0x5d;
}

/**
 * Where a partial string's shown text may end: before a high surrogate at its end, before a trailing
 * run of whitespace and closers, one comma and whitespace and closers again, and, with `inObject`,
 * before a tail that is, or may grow into, `, key: ` — a quote right after it means the string's own
 * end quote was missing before that comma (`{"a": "x, b: "y"}`), and the engine cuts the string
 * there (only in an object).
 */
function visibleEnd(s: string, inObject: boolean): number {
  const floor = Math.max(0, s.length - MAX_RETRACT);
  const k = visibleEndBeforeLines(s, inObject, floor);
  // `{"a": "x}⏎Hope this helps!`: a string that lost its closing quote before a closer that ends its
  // line, prose after it; at the reply's end the engine ends the string there (looking back
  // LOOKAHEAD characters), and a snapshot that showed the lines after it took them back. They wait
  // until the string ends or runs past that look.
  return closerLineBreakAt(s, floor, k);
}

/** {@link visibleEnd} but for a closer that ends its line. */
function visibleEndBeforeLines(s: string, inObject: boolean, floor: number): number {
  let k = s.length;
  // A high surrogate waits for its low half: shown alone (or sent alone in a delta), it is a lone code
  // unit, which any UTF-8 encoding of the snapshot or the delta turns into U+FFFD for good.
  if (k > 0 && (s.charCodeAt(k - 1) & 0xfc00) === 0xd800) return k - 1;
  // `⏎  },⏎  {⏎    ` in an object: the next element's `{` after the object's `}` (a key's quote after
  // it, and the engine ends the string at the line break: see closedObjectBeforeSibling).
  if (inObject) k = openerAfterCloser(s, k, floor);
  k = closingMarkupStart(s, k, floor);
  // A tail of closers too: where the text ends there, the engine reads them as the containers' own
  // (`{"a": "x}` is `{"a": "x"}`), and a snapshot that showed them would take them back.
  while (k > floor && closerOrSpace(s.charCodeAt(k - 1))) k--;
  if (k > floor && s.charCodeAt(k - 1) === 0x2c) {
    // `["x …],` then `"key":`: the engine ends the string before the `]` too (a string that lost its
    // closing quote before its array's `]`, its object's next key after it).
    k--;
    while (k > floor && closerOrSpace(s.charCodeAt(k - 1))) k--;
  } else {
    const member = inObject ? memberTailStart(s, floor) : -1;
    if (member >= 0) return member;
  }
  // `[⏎  "a ,⏎  2,⏎  3,⏎  "b"` in an array: a string whose line ends in a comma may have lost its
  // closing quote there, the lines after it its array's elements (the engine decides so once a later
  // element's quote comes, looking back LOOKAHEAD characters); shown, that text was taken back. It
  // waits until the string ends or runs past that look.
  return inObject ? k : commaLineBreakAt(s, floor, k);
}

/** The first `,` in `s[from, to)` that only spaces or tabs and then a line break follow; else `to`. */
function commaLineBreakAt(s: string, from: number, to: number): number {
  return lineEndingAt(s, ',', from, to);
}

/** The first `}` or `]` in `s[from, to)` that only spaces or tabs and then a line break follow; else `to`. */
function closerLineBreakAt(s: string, from: number, to: number): number {
  return Math.min(lineEndingAt(s, '}', from, to), lineEndingAt(s, ']', from, to));
}

/** The first `mark` in `s[from, to)` that only spaces or tabs and then a line break follow; else `to`. */
function lineEndingAt(s: string, mark: string, from: number, to: number): number {
  for (let c = s.indexOf(mark, from); c !== -1 && c < to; c = s.indexOf(mark, c + 1)) if (endsLine(s, c + 1, to)) return c;
  return to;
}

/** Whether only spaces or tabs and then a line break follow from `j` (before `to`). */
function endsLine(s: string, j: number, to: number): boolean {
  while (j < to && (s.charCodeAt(j) === 0x20 || s.charCodeAt(j) === 0x09)) j++;
  return j < to && (s.charCodeAt(j) === 0x0a || s.charCodeAt(j) === 0x0d);
}

/**
 * Where a tail of `s[0, k)` that is a code fence's run of backticks on a line of its own, or a closing
 * tag (`</answer>`, or what may grow into one) after spaces or closers, starts; else `k`. After the
 * value's closers it ends the reply's value (`{"a": "x}⏎```⏎`: parse ends the string before the
 * closers, see fenceBeforeEnd), so it waits with them; it shows once more text follows it.
 */
function closingMarkupStart(s: string, k: number, floor: number): number {
  let b = k;
  while (b > floor && isWs(s.charCodeAt(b - 1))) b--;
  let r = b;
  while (r > floor && s.charCodeAt(r - 1) === 0x60) r--;
  if (r < b) {
    let c = r;
    while (c > floor && (s.charCodeAt(c - 1) === 0x20 || s.charCodeAt(c - 1) === 0x09)) c--;
    return c > floor && s.charCodeAt(c - 1) === 0x0a ? r : k;
  }
  let t = b;
  if (t > floor && s.charCodeAt(t - 1) === 0x3e) t--;
  while (t > floor && isTagNameChar(s.charCodeAt(t - 1))) t--;
  if (t > floor && s.charCodeAt(t - 1) === 0x2f) t--;
  if (t <= floor || s.charCodeAt(t - 1) !== 0x3c) return k;
  // Only what a closing tag can be: `</name>` or a start of it (`<`, `</ans`), after spaces or closers.
  if (t < b && s.charCodeAt(t) !== 0x2f) return k;
  return t - 1 > floor && closerOrSpace(s.charCodeAt(t - 2)) ? t - 1 : k;
}

function isTagNameChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d;
}

/** Where a tail `}`, spaces, an optional `,`, spaces, `{`, spaces of `s[0, k)` has its `{`, else `k`. */
function openerAfterCloser(s: string, k: number, floor: number): number {
  let b = k;
  while (b > floor && isWs(s.charCodeAt(b - 1))) b--;
  if (b <= floor || s.charCodeAt(b - 1) !== 0x7b) return k;
  let c = b - 1;
  while (c > floor && isWs(s.charCodeAt(c - 1))) c--;
  if (c > floor && s.charCodeAt(c - 1) === 0x2c) c--;
  while (c > floor && isWs(s.charCodeAt(c - 1))) c--;
  return c > floor && s.charCodeAt(c - 1) === 0x7d ? b - 1 : k;
}

/** Where a tail of `s` of the form `,` spaces, a word, spaces, `:`, spaces (or its start) begins, or -1. */
function memberTailStart(s: string, floor: number): number {
  let k = s.length;
  while (k > floor && s.charCodeAt(k - 1) === 0x20) k--;
  if (k > floor && s.charCodeAt(k - 1) === 0x3a) {
    k--;
    while (k > floor && s.charCodeAt(k - 1) === 0x20) k--;
  }
  while (k > floor && isWordPart(s.charCodeAt(k - 1))) k--;
  while (k > floor && s.charCodeAt(k - 1) === 0x20) k--;
  return k > floor && s.charCodeAt(k - 1) === 0x2c ? k - 1 : -1;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

export interface TreeOptions {
  deltas: boolean;
  partialStrings: boolean | ((pointer: string) => boolean);
  schema: SchemaWatch | undefined;
  /**
   * Show a string that a `:` after it may still turn into a key (parsePartial: the text is read as it
   * stands, and nothing comes later that a snapshot must agree with).
   */
  asItStands?: boolean;
}

export class SnapshotTree implements Sink {
  root: unknown = undefined;
  hasRoot = false;
  /** Whether the value changed since it was last sealed. */
  changed = false;
  /** Sum of the open frames' copy costs. */
  private openSlots = 0;
  private readonly stack: Frame[] = [];
  /** Frames [0, fresh) were created or copied during this push and may be mutated in place. */
  private fresh = 0;
  private pendingKey = '';
  private tops = 0;
  private topsFrame = false;
  /** Containers opened by `(` (tuples, constructor wrappers) are built aside and shown when closed. */
  private hidden: ValueBuilder | undefined;
  private hiddenDepth = 0;
  private hiddenKey = '';

  // The string being read, when it is a value.
  private str: Str = Str.NONE;
  private strSlot: string | number = -1;
  private strPath = '';
  private shown = '';
  private held = '';
  private engineLen = 0;
  private lastOffset = 0;

  deltas: Delta[] = [];
  issues: SchemaIssue[] = [];
  private readonly wantDeltas: boolean;
  private readonly needPaths: boolean;

  constructor(private readonly text: EngineText, private readonly engineOffset: () => number, private readonly options: TreeOptions) {
    this.wantDeltas = options.deltas;
    this.needPaths = options.deltas || typeof options.partialStrings === 'function' || options.schema !== undefined;
  }

  // ---------------------------------------------------------------- Sink

  openObject(): void {
    if (this.hiddenDepth > 0) {
      this.hiddenDepth++;
      (this.hidden as ValueBuilder).openObject();
      return;
    }
    if (this.tooDeep()) {
      this.hideFromHere().openObject();
      return;
    }
    this.openFrame({}, false);
  }

  openArray(): void {
    if (this.hiddenDepth > 0) {
      this.hiddenDepth++;
      (this.hidden as ValueBuilder).openArray();
      return;
    }
    // `(`: a tuple stays an array, a one-argument wrapper becomes its argument; show it once closed.
    if (this.text.charCodeAt(this.engineOffset()) === 0x28 || this.tooDeep()) {
      this.hideFromHere().openArray();
      return;
    }
    this.openFrame([], true);
  }

  /** Whether a node placed next would sit deeper or at a longer path than is shown while open. */
  private tooDeep(): boolean {
    const n = this.stack.length;
    if (n === 0) return false;
    if (n >= SHOWN_DEPTH) return true;
    const parent = this.stack[n - 1];
    return this.needPaths && parent.path.length + (parent.isArray ? 10 : this.pendingKey.length) >= SHOWN_PATH;
  }

  /** Starts building the next node aside; it is placed (and shown) when it closes. */
  private hideFromHere(): ValueBuilder {
    this.hidden = new ValueBuilder();
    this.hiddenDepth = 1;
    this.hiddenKey = this.pendingKey;
    return this.hidden;
  }

  close(unwrapSingle: boolean): void {
    if (this.hiddenDepth > 0) {
      const hidden = this.hidden as ValueBuilder;
      hidden.close(unwrapSingle);
      if (--this.hiddenDepth === 0) {
        this.hidden = undefined;
        this.pendingKey = this.hiddenKey;
        this.placeComplete(hidden.tops[0]);
      }
      return;
    }
    const frame = this.stack.pop() as Frame;
    this.openSlots -= frame.cost;
    if (this.fresh > this.stack.length) this.fresh = this.stack.length;
    // The root is complete only when nothing can follow it (a second value would make it an array).
    if (this.wantDeltas && (this.stack.length > 0 || this.topsFrame)) this.deltas.push({ op: 'complete', path: frame.path });
    if (this.options.schema && frame.schema !== undefined) this.options.schema.check(frame.node, frame.schema, frame.path, this.issues);
  }

  key(name: string): void {
    if (this.hiddenDepth > 0) {
      (this.hidden as ValueBuilder).key(name);
      return;
    }
    this.pendingKey = name;
    // A string held back (not shown) that turned out to be this key: the next value is a new one.
    this.str = Str.NONE;
  }

  keyTaken(): boolean {
    if (this.hiddenDepth > 0) return (this.hidden as ValueBuilder).keyTaken();
    return holdsKey(this.stack[this.stack.length - 1]?.node, this.pendingKey);
  }

  holds(levels: number, name: string): boolean {
    // The innermost hiddenDepth containers are built aside.
    if (levels < this.hiddenDepth) return (this.hidden as ValueBuilder).holds(levels, name);
    return holdsKey(this.stack[this.stack.length - 1 - (levels - this.hiddenDepth)]?.node, name);
  }

  scalar(value: unknown): void {
    // A number past 2^53 (rare): the watch keeps how the text spelt it, to flag lost digits. Also in a
    // container built aside (a tuple, a wrapper, deep nesting): checked once placed, it needs the spelling too.
    if (typeof value === 'number' && (value > MAX_SAFE || value < -MAX_SAFE) && this.options.schema !== undefined) this.options.schema.noteNumber(value, this.text, this.engineOffset());
    if (this.hiddenDepth > 0) {
      (this.hidden as ValueBuilder).scalar(value);
      return;
    }
    if (this.str === Str.SHOWN) {
      // The string shown so far completed: its final text extends what was shown.
      this.str = Str.NONE;
      const d = this.stack.length - 1;
      this.writable(d);
      this.setSlot(this.stack[d], this.strSlot, value);
      if (this.wantDeltas) {
        const tail = (value as string).length > this.shown.length ? (value as string).slice(this.shown.length) : '';
        if (tail.length > 0) this.deltas.push({ op: 'append', path: this.strPath, text: tail });
        this.deltas.push({ op: 'complete', path: this.strPath });
      }
      this.shown = this.held = '';
      const frame = this.stack[d];
      if (this.options.schema && frame.schema !== undefined) {
        const sub = this.options.schema.child(frame.schema, this.strSlot);
        if (sub !== undefined) this.options.schema.check(value, sub, this.strPath, this.issues);
      }
      return;
    }
    this.str = Str.NONE;
    this.placeComplete(value);
  }

  // ---------------------------------------------------------------- partial strings

  /** After each feed: show the value string being read, withholding a tail the engine may still cut. */
  sync(pending: PendingString): void {
    const len = pending.pendingValueLength;
    if (len < 0 || this.hiddenDepth > 0 || this.stack.length === 0) return;
    const offset = this.engineOffset();
    if (this.str === Str.HIDDEN) return;
    if (this.str === Str.NONE) {
      const frame = this.stack[this.stack.length - 1];
      const slot = frame.isArray ? (frame.node as unknown[]).length : this.pendingKey;
      const path = this.needPaths ? `${frame.path}/${frame.isArray ? String(slot) : escapeSegment(slot as string)}` : '';
      const allowed = this.options.partialStrings;
      if (allowed === false || this.tooDeep() || (typeof allowed === 'function' && !allowed(path))) {
        this.str = Str.HIDDEN;
        return;
      }
      // Shown now, a string that a `:` then turns into a key would break the stable prefix: it waits
      // until it is too long to be a key (KEY_MAX), holds a line break, or is complete.
      if (this.options.asItStands !== true && pending.pendingValueMayBeKey) return;
      const text = pending.pendingValueFrom(0);
      const k = visibleEnd(text, this.holdsMembers());
      this.shown = k === text.length ? text : text.slice(0, k);
      this.held = k === text.length ? '' : text.slice(k);
      this.engineLen = text.length;
      this.lastOffset = offset;
      this.str = Str.SHOWN;
      this.strSlot = slot;
      this.strPath = path;
      this.place(this.shown);
      if (this.wantDeltas) this.deltas.push({ op: 'add', path, value: this.shown });
      return;
    }
    if (len <= this.engineLen) return;
    // The new characters, read from the input when they are plain (same length, no escapes), which
    // avoids flattening the engine's growing string on every push.
    const raw = this.text.slice(this.lastOffset, offset);
    const fragment = raw.length === len - this.engineLen && raw.indexOf('\\') === -1 ? raw : pending.pendingValueFrom(this.engineLen);
    this.engineLen = len;
    this.lastOffset = offset;
    const combined = this.held.length > 0 ? this.held + fragment : fragment;
    const k = visibleEnd(combined, this.holdsMembers());
    if (k === 0) {
      this.held = combined;
      return;
    }
    const add = k === combined.length ? combined : combined.slice(0, k);
    this.held = k === combined.length ? '' : combined.slice(k);
    this.shown += add;
    const d = this.stack.length - 1;
    this.writable(d);
    this.setSlot(this.stack[d], this.strSlot, this.shown);
    if (this.wantDeltas) this.deltas.push({ op: 'append', path: this.strPath, text: add });
  }

  /**
   * Whether a `, key: ` tail of the string being shown may still be cut off it (see visibleEnd): in an
   * object, unless the text is read as it stands (parsePartial), with nothing later to agree with.
   */
  private holdsMembers(): boolean {
    return this.options.asItStands !== true && !this.stack[this.stack.length - 1].isArray;
  }

  // ---------------------------------------------------------------- snapshots

  /** Hands the current value out: everything now visible is sealed. */
  seal(): void {
    this.fresh = 0;
    this.changed = false;
  }

  /** What the next change will cost to copy: the slots of every open container. */
  get openWidth(): number {
    return this.openSlots;
  }

  takeDeltas(): Delta[] {
    const d = this.deltas;
    this.deltas = [];
    return d;
  }

  takeIssues(): SchemaIssue[] {
    const i = this.issues;
    this.issues = [];
    return i;
  }

  /** Replaces the whole value (the final value from a full re-parse). */
  replaceRoot(value: unknown): void {
    this.changed = true;
    this.root = value;
    this.hasRoot = true;
    this.lastSlot = -1;
    if (this.wantDeltas) this.deltas.push({ op: 'set', path: '', value });
  }

  // ---------------------------------------------------------------- building

  private openFrame(node: Container, isArray: boolean): void {
    const path = this.place(node);
    const parent = this.stack.length > 0 ? this.stack[this.stack.length - 1] : undefined;
    const schemaWatch = this.options.schema;
    const schema = schemaWatch === undefined ? undefined : parent === undefined ? schemaWatch.root : parent.schema === undefined ? undefined : schemaWatch.child(parent.schema, this.lastSlot);
    this.stack.push({ node, isArray, slot: this.lastSlot, path, schema, width: 0, cost: 0 });
    this.fresh = this.stack.length;
    if (this.wantDeltas) this.deltas.push({ op: 'add', path, value: isArray ? [] : {} });
    if (!isArray && schemaWatch?.defaults && schema !== undefined) {
      for (const [name, value] of schemaWatch.defaultsOf(schema)) {
        setMember(node as Record<string, unknown>, name, value);
        if (this.wantDeltas) this.deltas.push({ op: 'set', path: `${path}/${escapeSegment(name)}`, value });
      }
    }
  }

  private lastSlot: string | number = -1;

  /** A complete value in the next slot. */
  private placeComplete(value: unknown): void {
    const path = this.place(value);
    if (this.wantDeltas) this.deltas.push({ op: 'set', path, value });
    const parent = this.stack.length > 0 ? this.stack[this.stack.length - 1] : undefined;
    const watch = this.options.schema;
    if (watch && parent !== undefined && parent.schema !== undefined) {
      const sub = watch.child(parent.schema, this.lastSlot);
      if (sub !== undefined) watch.check(value, sub, path, this.issues);
    }
  }

  /** Attaches `value` in the next slot of the innermost container (or as the root); returns its path. */
  private place(value: unknown): string {
    let n = this.stack.length;
    if (n === 0) {
      if (this.tops === 0) {
        this.tops = 1;
        this.changed = true;
        this.root = value;
        this.hasRoot = true;
        this.lastSlot = -1;
        return '';
      }
      // A second top-level value: the result becomes an array of all of them.
      const all = [this.root];
      this.root = all;
      this.stack.push({ node: all, isArray: true, slot: -1, path: '', schema: undefined, width: 1, cost: 1 });
      this.fresh = 1;
      this.openSlots++;
      this.topsFrame = true;
      if (this.wantDeltas) this.deltas.push({ op: 'set', path: '', value: [all[0]] });
      n = 1;
    }
    if (this.topsFrame && n === 1) this.tops++;
    const frame = this.stack[n - 1];
    this.writable(n - 1);
    frame.width++;
    const cost = slotCost(frame);
    frame.cost += cost;
    this.openSlots += cost;
    let path = '';
    if (frame.isArray) {
      const arr = frame.node as unknown[];
      this.lastSlot = arr.length;
      if (this.needPaths) path = `${frame.path}/${arr.length}`;
      arr.push(value);
    } else {
      this.lastSlot = this.pendingKey;
      if (this.needPaths) path = `${frame.path}/${escapeSegment(this.pendingKey)}`;
      setMember(frame.node as Record<string, unknown>, this.pendingKey, value);
    }
    return path;
  }

  /** Makes frames 0..d mutable for this push, copying sealed ones (and re-linking them in their parents). */
  private writable(d: number): void {
    this.changed = true;
    for (let i = this.fresh; i <= d; i++) {
      const f = this.stack[i];
      f.node = f.isArray ? (f.node as unknown[]).slice() : { ...(f.node as Record<string, unknown>) };
      if (i === 0) this.root = f.node;
      else this.setSlot(this.stack[i - 1], f.slot, f.node);
    }
    if (d + 1 > this.fresh) this.fresh = d + 1;
  }

  private setSlot(frame: Frame, slot: string | number, value: unknown): void {
    if (frame.isArray) (frame.node as unknown[])[slot as number] = value;
    else setMember(frame.node as Record<string, unknown>, slot as string, value);
  }
}
