// parsePartial: the partial value of a prefix in one call.
import { createStreamParser } from './parser.js';
import type { StandardSchemaV1 } from '../schema/standard.js';
import type { DeepPartial, StreamOptions } from './types.js';

/**
 * The partial value of `text`, a prefix of a reply still being written: a drop-in for partial-json's
 * `parse` and the AI SDK's `parsePartialJson`. Text before the JSON is skipped; strings show what
 * was written so far; numbers and `true`/`false`/`null` appear only when complete; an unfinished key
 * is left out.
 * @returns the partial value, or `undefined` when no JSON value has started yet (prose, blank text).
 * @throws JsonMendError when the text so far cannot be repaired (e.g. `UNREPAIRABLE`), `TOO_LARGE`.
 */
export function parsePartial<S extends StandardSchemaV1>(text: string, options: StreamOptions<S> & { schema: S }): DeepPartial<StandardSchemaV1.InferOutput<S>> | undefined;
export function parsePartial<T = unknown>(text: string, options?: StreamOptions): DeepPartial<T> | undefined;
export function parsePartial(text: string, options: StreamOptions = {}): unknown {
  const parser = createStreamParser<unknown>({ ...options, deltas: false });
  const snap = parser.push(text);
  if (snap.error) throw snap.error;
  return snap.value;
}
