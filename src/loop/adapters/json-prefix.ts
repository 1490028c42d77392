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
  /** The reading when the prefix stopped, once the parser read on. */
  private readAtStop: { value: unknown } | undefined;
  /** The reading of the whole text, once read (the parser ends once). */
  private read: { value: unknown } | undefined;

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
          // What the order of the mended text's keys follows: the text read up to here, as before the parser
          // went on reading (see reading()).
          this.readAtStop = { value: snapshot.value };
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
   * The reply read without a schema (the order of its keys is the order they were written, and sent, in;
   * the schema stage may build objects in its own order).
   */
  reading(): unknown {
    if (this.read === undefined) {
      try {
        this.read = { value: this.parser.end() };
        // The end decides what the text left open (a string's closing quote): a value it replaces counts too.
        this.note(this.parser.snapshot.deltas ?? []);
      } catch {
        this.read = { value: this.parser.snapshot.value };
      }
    }
    return (this.readAtStop ?? this.read).value;
  }

  /** Notes a delta that replaces a value written. */
  private note(deltas: readonly Delta[]): void {
    for (const d of deltas) if (d.op !== 'append' && d.op !== 'complete' && this.written.has(d.path)) this.replaced = true;
  }

  /** What was passed on so far. */
  get text(): string {
    return this.sent;
  }

  /** Whether a value written was replaced by a later delta (see {@link JsonPrefix.replaced}); known after reading(). */
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
 * `value` with the keys of each object in the order of the same object in `model` (keys `model` lacks
 * last): the same JSON value, written in the order the model wrote it. An explicit stack: a value may be
 * nested as deep as the text was.
 */
export function inOrderOf(value: unknown, model: unknown): unknown {
  const result: { value?: unknown } = {};
  const work: Array<{ value: unknown; model: unknown; put: (v: unknown) => void }> = [{ value, model, put: (v) => (result.value = v) }];
  for (let item = work.pop(); item !== undefined; item = work.pop()) {
    const { value: v, model: m, put } = item;
    if (Array.isArray(v)) {
      if (!Array.isArray(m)) {
        put(v);
        continue;
      }
      const out: unknown[] = new Array(v.length);
      put(out);
      for (let i = 0; i < v.length; i++) work.push({ value: v[i], model: m[i], put: (x) => (out[i] = x) });
      continue;
    }
    if (v === null || typeof v !== 'object' || m === null || typeof m !== 'object' || Array.isArray(m)) {
      put(v);
      continue;
    }
    const own = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    put(out);
    const keys = [...Object.keys(m).filter((k) => has(own, k)), ...Object.keys(own).filter((k) => !has(m, k))];
    for (const key of keys) {
      // defineProperty: a "__proto__" key stays an own key, as in the value.
      const set = (x: unknown) => void Object.defineProperty(out, key, { value: x, enumerable: true, writable: true, configurable: true });
      set(undefined); // the key's place in the order, filled when its value is done
      work.push({ value: own[key], model: (m as Record<string, unknown>)[key], put: set });
    }
  }
  return result.value;
}

function has(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}
