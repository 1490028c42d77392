/**
 * Streaming: stable, structurally shared partial values in linear time.
 * @module
 */
export { createStreamParser } from './parser.js';
export { parseStream } from './source.js';
export { parsePartial } from './partial.js';
export { applyDeltas } from './apply.js';
export type { DeepPartial, Delta, DeltaOp, Snapshot, StreamOptions, StreamParser, StreamSource } from './types.js';
