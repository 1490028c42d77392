// parsePartial: the partial value of a prefix in one call, read as the text stands.
import { JsonMendError } from '../errors.js';
import type { StandardSchemaV1 } from '../schema/standard.js';
import { StreamParserImpl } from './parser.js';
import type { DeepPartial, StreamOptions } from './types.js';

/**
 * The partial value of `text`, a prefix of a reply still being written: a drop-in for partial-json's
 * `parse` and the AI SDK's `parsePartialJson`. Text before the JSON is skipped; strings show what
 * was written so far; `true`/`false`/`null` inside a container appear only when complete; an
 * unfinished key is left out. Unlike a stream's snapshot, the text is read as it stands: a number at
 * the very end is complete (`[1, 2` → `[1, 2]`; a stream holds the `2` back because more digits may
 * follow), and a reply that is one bare string, number or literal gives it (`'"abc"'` → `'abc'`).
 * @returns the partial value, or `undefined` when no JSON value has started yet (prose, blank text).
 * @throws JsonMendError when the text so far cannot be repaired (e.g. `UNREPAIRABLE`), `TOO_LARGE`.
 */
export function parsePartial<S extends StandardSchemaV1>(text: string, options: StreamOptions<S> & { schema: S }): DeepPartial<StandardSchemaV1.InferOutput<S>> | undefined;
export function parsePartial<T = unknown>(text: string, options?: StreamOptions): DeepPartial<T> | undefined;
export function parsePartial(text: string, options: StreamOptions = {}): unknown {
  const parser = new StreamParserImpl<unknown>({ ...options, deltas: false }, true);
  const snap = parser.push(text);
  if (snap.error) throw snap.error;
  if (snap.value === undefined) return bareScalar(text) ? wholeOrNothing(parser) : undefined;
  return parser.endsInNumber() ? parser.end() : snap.value;
}

/** A reply that starts (after space) like a top-level string, number or literal. */
function bareScalar(text: string): boolean {
  const t = text.trim();
  const c = t.charCodeAt(0);
  if (c === 0x22 || c === 0x27 || c === 0x2d || (c >= 0x30 && c <= 0x39)) return true;
  return LITERALS.has(t);
}

const LITERALS = new Set(['true', 'false', 'null', 'True', 'False', 'None']);

function wholeOrNothing(parser: StreamParserImpl<unknown>): unknown {
  try {
    return parser.end();
  } catch (e) {
    if (e instanceof JsonMendError && e.code === 'NO_JSON') return undefined;
    throw e;
  }
}
