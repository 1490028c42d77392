// Public types of the streaming parser: options, snapshots and deltas.
import type { JsonMendError } from '../errors.js';
import type { ParseOptions, TextRepair } from '../parse/types.js';
import type { SchemaIssue, SchemaLike, SchemaParseOptions } from '../schema/types.js';

/**
 * What a snapshot can hold of a value of type `T` while it is being written: every property optional, at every
 * depth, arrays of partial elements. Strings may be cut short (with `partialStrings`), numbers and literals appear
 * only when complete. `DeepPartial<unknown>` is `unknown`.
 */
export type DeepPartial<T> = T extends readonly (infer E)[]
  ? T extends unknown[]
    ? DeepPartial<E>[]
    : readonly DeepPartial<E>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

/**
 * One change between two snapshots, on a JSON Pointer path (`""` is the root). Applying a push's
 * deltas in order to the previous snapshot's value gives the new one (see {@link applyDeltas}).
 *
 * | op         | meaning                                                                                  |
 * | ---------- | ---------------------------------------------------------------------------------------- |
 * | `add`      | a property or element appeared: `{}`, `[]`, or a string shown partially (its text so far) |
 * | `append`   | text was appended to the partial string at `path`                                        |
 * | `set`      | a complete value was placed at `path` (number, literal, string not streamed partially, a tuple or wrapper, a schema default); it is complete — no `complete` follows. Except the root becoming an array of concatenated values (`set ""`): the deltas after it add the later values |
 * | `complete` | the container or partial string at `path` closed: its value can no longer change          |
 */
export type Delta =
  | { op: 'add'; path: string; value: unknown }
  | { op: 'append'; path: string; text: string }
  | { op: 'set'; path: string; value: unknown }
  | { op: 'complete'; path: string };

/** Every {@link Delta} operation name. */
export type DeltaOp = Delta['op'];

/** Options of {@link createStreamParser}, {@link parseStream} and {@link parsePartial}. */
export interface StreamOptions<S extends SchemaLike = SchemaLike> extends SchemaParseOptions<S> {
  /**
   * Which strings are shown while they are still being written: `true` (default) for all, `false` for
   * none (strings appear once complete), or a function of the string's JSON Pointer.
   */
  partialStrings?: boolean | ((pointer: string) => boolean) | undefined;
  /** Report what changed in each snapshot as {@link Delta}s. Default `false`. */
  deltas?: boolean | undefined;
  /**
   * With a JSON `schema`: show a property's `default` in snapshots as soon as its object opens, until
   * the model writes the property (then the model's value replaces it). Default `false`. `end()` still
   * returns exactly what `parse` returns: a default the model never wrote is in it only where `parse`
   * fills it (`salvage: true`, or a Standard Schema that fills defaults itself).
   */
  defaults?: boolean | undefined;
  /**
   * Show every change in the snapshot of the push that made it. Default `false`: a change under open
   * containers wider than 8 slots per character pushed since the last shown change (32 for
   * 4-character chunks) waits for more text, because each shown change copies the open containers
   * (snapshots are immutable plain values) and showing every one would make a long array quadratic.
   * Held-back changes show a few chunks later, in order, with their deltas; completion, errors and
   * `end()` always show at once. `true` trades the linear bound for immediacy.
   */
  eager?: boolean | undefined;
}

/** The partial value after a push. Snapshots are immutable and share every unchanged subtree. */
export interface Snapshot<T = unknown> {
  /** The value so far; `undefined` until a JSON value has started. */
  value: T | undefined;
  /** True once the value can no longer change (the stream ended, or text after the value was set aside). */
  complete: boolean;
  /** Repairs made to the text since the previous snapshot. */
  repairs: TextRepair[];
  /** What changed since the previous snapshot (only with `deltas: true`). */
  deltas?: Delta[];
  /** Schema issues of subtrees that completed since the previous snapshot (only with a JSON `schema`). */
  issues?: SchemaIssue[];
  /**
   * Set when the text so far cannot be repaired (the value stops growing); `end()` then returns or
   * throws what `parse` does on the whole text.
   */
  error?: JsonMendError;
}

/**
 * An incremental parser: push chunks as they arrive, read snapshots, end with the final value. With a Standard
 * Schema, `T` is its output type: snapshots hold a {@link DeepPartial} of it, `end()` the whole.
 */
export interface StreamParser<T = unknown> {
  /**
   * Adds a chunk of text and returns the snapshot after it.
   * @throws JsonMendError `STREAM_CLOSED` after `end()`, `TOO_LARGE` beyond `maxLength`, `INVALID_ARGUMENT` for a non-string.
   */
  push(chunk: string): Snapshot<DeepPartial<T>>;
  /**
   * Declares the end of the text and returns exactly what `parse(wholeText, options)` returns.
   * @throws exactly what `parse(wholeText, options)` throws; `STREAM_CLOSED` when called twice.
   */
  end(): T;
  /** The latest snapshot (after `end()`, the final one, with the final value and `complete: true`). */
  readonly snapshot: Snapshot<DeepPartial<T>>;
  /** All text pushed so far, joined. */
  text(): string;
}

/** What {@link parseStream} reads: an async iterable or a web ReadableStream of strings. */
export type StreamSource = AsyncIterable<string> | ReadableStream<string>;
