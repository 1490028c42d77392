/**
 * Paths into JSON values: `get` (one forgiving grammar) and RFC 9535 JSONPath (`query`).
 * Zero runtime dependencies. See docs/path-and-verify.md.
 * @module
 */
export { PathError } from './errors.js';
export type { PathErrorCode, PathErrorInfo } from './errors.js';
export { get, tryGet, parsePath } from './get.js';
export type { GetResult, PathSegment } from './get.js';
export { compileQuery, query, queryPaths, queryNodes, DEFAULT_MAX_RESULTS } from './query.js';
export type { CompiledJsonPath, JsonPathNode, QueryOptions } from './query.js';
