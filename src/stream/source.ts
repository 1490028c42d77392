// parseStream: snapshots from an async iterable or a web ReadableStream of text chunks.
import { JsonMendError, describeType } from '../errors.js';
import { createStreamParser } from './parser.js';
import type { StandardSchemaV1 } from '../schema/standard.js';
import type { ParseOptions } from '../parse/types.js';
import type { DeepPartial, Snapshot, StreamOptions, StreamSource } from './types.js';

async function* chunksOf(source: StreamSource): AsyncGenerator<unknown, void, undefined> {
  if (source !== null && typeof source === 'object' && typeof (source as ReadableStream<string>).getReader === 'function') {
    const reader = (source as ReadableStream<string>).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  if (source !== null && typeof source === 'object' && typeof (source as AsyncIterable<string>)[Symbol.asyncIterator] === 'function') {
    yield* source as AsyncIterable<string>;
    return;
  }
  throw new JsonMendError('INVALID_ARGUMENT', `source must be an async iterable or a ReadableStream of strings, got ${describeType(source)}`);
}

/**
 * Snapshots of the value as `source` delivers text: one per chunk, then a final one (`complete: true`)
 * whose value is exactly what `parse(wholeText, options)` returns. Decode bytes first, e.g.
 * `response.body.pipeThrough(new TextDecoderStream())`.
 * @throws what `parse` throws on the whole text (after the last chunk); `INVALID_ARGUMENT` for a
 *   source that is not one, or a chunk that is not a string; errors of the source itself pass through.
 */
export function parseStream<S extends StandardSchemaV1>(
  source: StreamSource,
  options: StreamOptions<S> & { schema: S },
): AsyncGenerator<Snapshot<DeepPartial<StandardSchemaV1.InferOutput<S>>>, void, undefined>;
export function parseStream<T = unknown>(source: StreamSource, options?: StreamOptions): AsyncGenerator<Snapshot<DeepPartial<T>>, void, undefined>;
// A ParseOptions (typed for `repair`, or by a caller) is taken as it is: it names no schema, so its
// onRepair, written for text repairs, sees only text repairs. Other options may come with it.
export function parseStream<T = unknown>(source: StreamSource, options: ParseOptions & Omit<StreamOptions, 'schema' | 'onRepair'>): AsyncGenerator<Snapshot<DeepPartial<T>>, void, undefined>;
export async function* parseStream(source: StreamSource, options: StreamOptions | ParseOptions = {}): AsyncGenerator<Snapshot<unknown>, void, undefined> {
  const parser = createStreamParser<unknown>(options as StreamOptions);
  for await (const chunk of chunksOf(source)) {
    if (typeof chunk !== 'string') {
      throw new JsonMendError('INVALID_ARGUMENT', `chunks must be strings, got ${describeType(chunk)} (decode bytes with TextDecoderStream)`);
    }
    yield parser.push(chunk);
  }
  parser.end();
  yield parser.snapshot;
}
