// The streaming middleware's text: while a JSON reply streams, the beginning of the compact JSON the
// mended reply will be, so the SDK's partial outputs flow and the final text is still the mended JSON.
//
// The reply is read by jsonmend's stream parser (the same engine as `parse`); its deltas say what was
// added at the end of the value (a member, an element, more of a string, a closer). Each one that only
// extends the value is written out as compact JSON, which is exactly how the mended reply begins. What
// could still change is held back: the root's closer, a value the schema stage would repair (see
// schema-fit.ts), and everything after any change that is not at the end of the value (a re-read
// string, values joined into an array). When the reply ends, the mended text is checked to begin with
// what was sent, and the rest of it is sent.
import { fromPointer, valueAt } from '../../schema/pointer.js';
import { stringifyDeep } from '../../parse/write-json.js';
import { createStreamParser } from '../../stream/index.js';
import type { Delta, StreamParser } from '../../stream/types.js';
import type { LoopParseOptions } from '../parse-reply.js';
import { type Place, SchemaFit } from './schema-fit.js';

interface Open {
  /** JSON Pointer of the container. */
  path: string;
  array: boolean;
  /** Members or elements written so far. */
  count: number;
  keys: Set<string>;
  place: Place;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The text a JSON string's content is written as (between its quotes), as JSON.stringify writes it. */
function stringContent(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** The compact JSON prefix of one streamed JSON text part. */
export class JsonPrefix {
  private readonly parser: StreamParser;
  private readonly fit: SchemaFit | undefined;
  private readonly stack: Open[] = [];
  /** The partial string being written: its pointer, and a high surrogate waiting for its pair. */
  private string: { path: string; pending: string } | undefined;
  private stopped = false;
  private sent = '';
  /**
   * A string element of an array, sent once the next delta shows it stayed one (`["key": 1]` turns it into
   * the key of an object in the array).
   */
  private held = '';
  private holding = false;
  /** The pointers of the members and elements written (the root's ''). */
  private readonly written = new Set<string>();
  /**
   * Whether a later delta replaced a value written (a key that came again in its object: JSON.parse, and so the
   * mended value, keeps the later value; a re-read), also after the prefix stopped: the end may then contradict
   * what was sent. The parser goes on reading after a stop, once something was sent, to see it.
   */
  private replaced = false;
  /** The parser failed: nothing more is read. */
  private broken = false;
  /** Whether the whole text was read (the parser ends once). */
  private read = false;
  /** The order the keys were read in, from the deltas (see {@link KeyOrder}); the open containers' by pointer. */
  private readonly order = new KeyOrderRecorder();

  constructor(parseOptions: LoopParseOptions, schema: unknown) {
    this.fit = SchemaFit.of(schema as never);
    if (this.fit === undefined) this.stopped = true;
    const fit = this.fit;
    this.parser = createStreamParser({
      ...parseOptions,
      deltas: true,
      // A string is shown while written only as an object's member whose schema takes any string; elsewhere it
      // comes whole (an array's string element may yet turn out to be a key: `["key": 1]`).
      partialStrings: (pointer) => fit !== undefined && this.inObject(pointer) && fit.opens(this.placeOf(pointer), 'string'),
    });
  }

  /** The text to pass on after this delta of the reply ('' while nothing new is certain). */
  push(delta: string): string {
    if (this.broken || (this.stopped && this.sent === '')) return '';
    let out = '';
    try {
      const snapshot = this.parser.push(delta);
      if (snapshot.error !== undefined) {
        this.broken = true;
        return this.stop();
      }
      for (const d of snapshot.deltas ?? []) {
        this.note([d]);
        if (this.stopped) continue;
        const piece = this.write(d, snapshot.value);
        if (piece === undefined) {
          this.stopped = true;
          continue;
        }
        out += this.held;
        this.held = '';
        if (this.holding) this.held = piece;
        else out += piece;
      }
    } catch {
      this.stopped = true;
      this.broken = true;
    }
    this.sent += out;
    return out;
  }

  /**
   * The rest of the text once the reply has ended and `mended` is what the mender made of it: the rest of
   * `mended`, or undefined when `mended` does not begin with what was sent (the SDK is then left with text
   * it cannot read, never with a wrong value).
   */
  end(mended: string): string | undefined {
    return mended.startsWith(this.sent) ? mended.slice(this.sent.length) : undefined;
  }

  /**
   * The order the reply's keys were written, and sent, in, once the whole reply is read: the mended text must
   * write its keys in it (see {@link writeInOrder}). Not the reading's own objects: a JavaScript object lists
   * keys like "2" first, whenever they were read (`{"b": 1, "2": 0}` would end as `{"2":0,"b":1}`, not as the
   * `{"b":1,"2":0` sent).
   */
  keyOrder(): KeyOrder | undefined {
    if (!this.read) {
      this.read = true;
      try {
        this.parser.end();
        // The end decides what the text left open (a string's closing quote): a value it replaces counts too.
        this.note(this.parser.snapshot.deltas ?? []);
      } catch {
        // Unreadable at its end: the order read so far is what there is.
      }
    }
    return this.order.root;
  }

  /** Notes a delta that replaces a value written, and the order of the keys. */
  private note(deltas: readonly Delta[]): void {
    for (const d of deltas) {
      if (d.op === 'append') continue;
      // Only what was sent must keep its order: past the stop, the mended value's own order (a key the schema
      // renames, `City` for `city`, is not the key read).
      if (!this.stopped) this.order.note(d);
      if (d.op !== 'complete' && this.written.has(d.path)) this.replaced = true;
    }
  }

  /** What was passed on so far. */
  get text(): string {
    return this.sent;
  }

  /** Whether a value written was replaced by a later delta (see {@link JsonPrefix.replaced}); known after keyOrder(). */
  get changed(): boolean {
    return this.replaced;
  }

  private stop(): string {
    this.stopped = true;
    return '';
  }

  /** The compact JSON for one delta, or undefined when it changes something already written. */
  private write(d: Delta, root: unknown): string | undefined {
    const s = this.string;
    this.holding = false;
    if (d.op === 'append') {
      if (s === undefined || s.path !== d.path) return undefined;
      return this.content(s, d.text);
    }
    if (d.op === 'complete') {
      if (s !== undefined && s.path === d.path) {
        this.string = undefined;
        if (!this.fit!.fits(this.placeOf(d.path), valueAt(root, fromPointer(d.path)))) return undefined;
        return stringContent(s.pending) + '"';
      }
      const top = this.stack[this.stack.length - 1];
      if (s !== undefined || top === undefined || top.path !== d.path) return undefined;
      // The root's closer waits for the end: more values may follow it (joined into an array).
      if (this.stack.length === 1) return undefined;
      if (!this.fit!.fits(top.place, valueAt(root, fromPointer(d.path)))) return undefined;
      this.stack.pop();
      return top.array ? ']' : '}';
    }
    if (s !== undefined) return undefined;
    return d.path === '' ? this.openRoot(d) : this.member(d);
  }

  private openRoot(d: Extract<Delta, { op: 'add' | 'set' }>): string | undefined {
    // Only a container: a root string or number could still become the first of several joined values.
    if (d.op !== 'add' || typeof d.value !== 'object' || this.sent !== '' || this.stack.length > 0) return undefined;
    const place = this.fit!.root();
    const piece = this.open(d.path, d.value, place);
    if (piece !== undefined) this.written.add(d.path);
    return piece;
  }

  /** A new member or element at the end of the innermost open container. */
  private member(d: Extract<Delta, { op: 'add' | 'set' }>): string | undefined {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined || !d.path.startsWith(top.path + '/') || d.path.indexOf('/', top.path.length + 1) !== -1) return undefined;
    const segment = lastSegment(d.path);
    if (top.array ? segment !== String(top.count) : top.keys.has(segment)) return undefined;
    const place = this.fit!.child(top.place, top.array ? top.count : segment);
    const head = (top.count > 0 ? ',' : '') + (top.array ? '' : JSON.stringify(segment) + ':');
    const body = d.op === 'set' ? (this.fit!.fits(place, d.value) ? JSON.stringify(d.value) : undefined) : this.open(d.path, d.value, place);
    if (body === undefined) return undefined;
    top.count++;
    if (!top.array) top.keys.add(segment);
    this.written.add(d.path);
    this.holding = top.array && d.op === 'set' && typeof d.value === 'string';
    return head + body;
  }

  /** `{`, `[` or a string's opening quote and first text, added at `path`. */
  private open(path: string, value: unknown, place: Place): string | undefined {
    if (typeof value === 'string') {
      if (!this.fit!.opens(place, 'string')) return undefined;
      this.string = { path, pending: '' };
      return '"' + this.content(this.string, value);
    }
    const array = Array.isArray(value);
    if (value === null || typeof value !== 'object' || Object.keys(value).length > 0) return undefined;
    if (!this.fit!.opens(place, array ? 'array' : 'object')) return undefined;
    this.stack.push({ path, array, count: 0, keys: new Set(), place });
    return array ? '[' : '{';
  }

  /** More of a string's content; a high surrogate waits for its pair (JSON.stringify writes a pair as is). */
  private content(s: { pending: string }, text: string): string {
    let whole = s.pending + text;
    s.pending = '';
    if (whole.length > 0 && isHighSurrogate(whole.charCodeAt(whole.length - 1))) {
      s.pending = whole.slice(-1);
      whole = whole.slice(0, -1);
    }
    return stringContent(whole);
  }

  /** Whether the parent of a pointer is an open object. */
  private inObject(pointer: string): boolean {
    const parentPath = pointer.slice(0, pointer.lastIndexOf('/'));
    return this.stack.some((open) => open.path === parentPath && !open.array);
  }

  /** The schema place of a pointer, following the containers written so far. */
  private placeOf(pointer: string): Place {
    const parentPath = pointer.slice(0, pointer.lastIndexOf('/'));
    const parent = this.stack.find((open) => open.path === parentPath);
    if (pointer === '' || parent === undefined || this.fit === undefined) return pointer === '' ? this.fit?.root() : undefined;
    const segment = lastSegment(pointer);
    return this.fit.child(parent.place, parent.array ? Number(segment) : segment);
  }
}

/** The last segment of a non-root JSON Pointer, unescaped. */
function lastSegment(pointer: string): string {
  return fromPointer(pointer.slice(pointer.lastIndexOf('/')))[0];
}

/**
 * The keys of an object in the order they were first read, and the same for the containers inside it (by key, or
 * by index in an array, whose own `keys` stay empty).
 */
export interface KeyOrder {
  keys: Set<string>;
  children: Map<string, KeyOrder>;
}

/** Builds the {@link KeyOrder} of a reply from its deltas, as they come. */
class KeyOrderRecorder {
  root: KeyOrder | undefined;
  /** The containers still open, by pointer (a closed one gets no more members). */
  private readonly open = new Map<string, { node: KeyOrder; array: boolean }>();

  note(d: Delta): void {
    if (d.op === 'complete') {
      this.open.delete(d.path);
      return;
    }
    if (d.op === 'append') return;
    const container = d.op === 'add' && d.value !== null && typeof d.value === 'object';
    const node: KeyOrder | undefined = container ? { keys: new Set(), children: new Map() } : undefined;
    if (d.path === '') {
      this.root = node;
    } else {
      const parent = this.open.get(d.path.slice(0, d.path.lastIndexOf('/')));
      if (parent === undefined) return;
      const key = lastSegment(d.path);
      if (!parent.array) parent.node.keys.add(key);
      // A value set whole (or a scalar) has no order of its own to keep: its keys are written as they come.
      if (node === undefined) parent.node.children.delete(key);
      else parent.node.children.set(key, node);
    }
    if (node !== undefined) this.open.set(d.path, { node, array: Array.isArray(d.value) });
    else this.open.delete(d.path);
  }
}

/**
 * Compact JSON of `value` with each object's keys in `order` (keys it lacks after them, as the object lists
 * them): the same text JSON.stringify writes but for the order of the members. An explicit stack: a value may
 * be nested as deep as the text was. Undefined only for `undefined`.
 */
export function writeInOrder(value: unknown, order: KeyOrder | undefined): string | undefined {
  if (value === undefined) return undefined;
  let out = ''; // appended to: V8 joins such text without copying it each time
  type Frame = { node: Record<string, unknown> | unknown[]; keys: string[] | undefined; order: KeyOrder | undefined; next: number; count: number };
  const stack: Frame[] = [];
  let pending: { value: unknown; order: KeyOrder | undefined } | undefined = { value, order };
  for (;;) {
    if (pending !== undefined) {
      const { value: v, order: o } = pending;
      pending = undefined;
      if (o === undefined) {
        out += stringifyDeep(v) ?? 'null'; // no order to keep in it: the platform's writer, many times faster
      } else if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON !== 'function') {
        const array = Array.isArray(v);
        out += array ? '[' : '{';
        const keys = array ? undefined : keysInOrder(v as Record<string, unknown>, o);
        stack.push({ node: v as Record<string, unknown>, keys, order: o, next: 0, count: 0 });
      } else {
        out += JSON.stringify(v) ?? 'null';
      }
    }
    const top = stack[stack.length - 1];
    if (top === undefined) return out;
    if (top.keys === undefined) {
      const items = top.node as unknown[];
      if (top.next === items.length) {
        stack.pop();
        out += ']';
        continue;
      }
      const i = top.next++;
      if (i > 0) out += ',';
      pending = { value: items[i], order: top.order?.children.get(String(i)) };
      continue;
    }
    if (top.next === top.keys.length) {
      stack.pop();
      out += '}';
      continue;
    }
    const key = top.keys[top.next++];
    const v = (top.node as Record<string, unknown>)[key];
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue; // left out, as JSON.stringify does
    out += `${top.count++ > 0 ? ',' : ''}${JSON.stringify(key)}:`;
    pending = { value: v, order: top.order?.children.get(key) };
  }
}

/** An object's own keys: those in `order` first, in it, then the others as the object lists them. */
function keysInOrder(object: Record<string, unknown>, order: KeyOrder | undefined): string[] {
  const own = Object.keys(object);
  if (order === undefined || order.keys.size === 0) return own;
  const first = [...order.keys].filter((k) => has(object, k));
  return first.length === own.length ? first : [...first, ...own.filter((k) => !order.keys.has(k))];
}

function has(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}
