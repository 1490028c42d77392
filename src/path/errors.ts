import { JsonMendError } from '../errors.js';

/**
 * The codes a {@link PathError} can carry.
 *
 * | code                 | when                                                                  |
 * | -------------------- | --------------------------------------------------------------------- |
 * | `MISSING_KEY`        | an object has no own property of that name, or a name (quoted ones too) was used on an array |
 * | `INDEX_OUT_OF_RANGE` | an array index lies outside the array (one past 2^53 − 1 included)     |
 * | `NOT_A_CONTAINER`    | a segment was applied to a string, number, boolean or null            |
 * | `SYNTAX`             | the path or JSONPath query is malformed (carries a position)          |
 */
export type PathErrorCode = 'MISSING_KEY' | 'INDEX_OUT_OF_RANGE' | 'NOT_A_CONTAINER' | 'SYNTAX';

/** Facts a {@link PathError} carries besides its message. */
export interface PathErrorInfo {
  /** The path expression or query text the error is about. */
  expression: string;
  /** 0-based offset into `expression` of the failing segment or syntax error. */
  offset?: number | undefined;
  /** The segment that failed, as written (a key or an index; an index past 2^53 − 1 is its digits, a string). */
  segment?: string | number | undefined;
  /** Normalized path (`$['a'][0]`) of the value the segment was applied to. */
  resolved?: string | undefined;
  /** JSON type found at `resolved`: `object`, `array`, `string`, `number`, `boolean` or `null`. */
  found?: string | undefined;
  /** A few of the keys available at `resolved` (closest to the segment first). */
  available?: string[] | undefined;
  /** Number of keys (objects) or elements (arrays) at `resolved`. */
  length?: number | undefined;
  /** Nearest valid paths a caller (or a model) could use instead, in `get` syntax. */
  suggestions?: string[] | undefined;
}

/**
 * A path could not be resolved, or a path or query is malformed.
 *
 * `code` says why; the other fields say where and what was there, so the message can be handed to a model
 * that wrote the path.
 */
export class PathError extends JsonMendError {
  declare readonly code: PathErrorCode;
  /** See {@link PathErrorInfo.expression}. */
  readonly expression: string;
  /** See {@link PathErrorInfo.segment}. */
  readonly segment: string | number | undefined;
  /** See {@link PathErrorInfo.resolved}. */
  readonly resolved: string | undefined;
  /** See {@link PathErrorInfo.found}. */
  readonly found: string | undefined;
  /** See {@link PathErrorInfo.available}. */
  readonly available: readonly string[];
  /** See {@link PathErrorInfo.length}. */
  readonly length: number | undefined;
  /** See {@link PathErrorInfo.suggestions}. */
  readonly suggestions: readonly string[];

  constructor(code: PathErrorCode, reason: string, info: PathErrorInfo) {
    super(code, reason, {
      path: info.expression,
      // Only syntax errors are about the text itself, so only they get a line/column suffix.
      ...(code === 'SYNTAX' && info.offset !== undefined ? { offset: info.offset, text: info.expression } : {}),
    });
    this.name = 'PathError';
    this.expression = info.expression;
    this.segment = info.segment;
    this.resolved = info.resolved;
    this.found = info.found;
    this.available = info.available ?? [];
    this.length = info.length;
    this.suggestions = info.suggestions ?? [];
    if (code !== 'SYNTAX' && info.offset !== undefined) {
      (this as { offset: number | undefined }).offset = info.offset;
    }
  }
}

/** Throws a `SYNTAX` {@link PathError} at `offset` of `text`. */
export function syntaxError(text: string, offset: number, reason: string): never {
  throw new PathError('SYNTAX', reason, { expression: text, offset });
}

/** Throws `INVALID_ARGUMENT` for a value that contains itself: it is not JSON, and walking it would never end. */
export function cyclicDocument(what = 'the document'): never {
  throw new JsonMendError('INVALID_ARGUMENT', `${what} contains a cycle (an object or array inside itself), so it is not JSON`);
}
