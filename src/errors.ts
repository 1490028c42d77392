/**
 * The one error type that leaves jsonmend's public API.
 *
 * Every failure carries a {@link ErrorCode}; parse failures also carry a position and an excerpt,
 * schema and path failures a JSON path. Messages are written for whoever fixes the text — often a
 * model — so they say what was expected and what was found.
 *
 * | code                 | raised by       | meaning                                                        |
 * | -------------------- | --------------- | -------------------------------------------------------------- |
 * | `NO_JSON`            | parse, extract  | the text holds no JSON value at all (prose, refusal, blank)     |
 * | `UNREPAIRABLE`       | parse           | JSON was found but could not be repaired into a value          |
 * | `REPAIR_REFUSED`     | parse, schema, tools, loop, cli | a needed repair was refused: `strict` mode or a disabled repair, a reply cut off (unless `acceptTruncated`), or a pick between values that would be a guess |
 * | `TOO_DEEP`           | parse, stream   | nesting exceeded `maxDepth`                                     |
 * | `TOO_LARGE`          | parse, stream, path, verify | the text exceeded `maxLength`; a query exceeded `maxResults` or its work budget `maxVisits`; a pattern its step budget |
 * | `SCHEMA_MISMATCH`    | schema          | the value does not satisfy the schema, even after repairs       |
 * | `INVALID_SCHEMA`     | schema, verify  | the schema itself cannot be used (or, for a claim's schema, the validator's format registry cannot be written) |
 * | `MISSING_KEY`        | path            | an object has no property with the segment's name               |
 * | `INDEX_OUT_OF_RANGE` | path            | an array index lies outside the array                           |
 * | `NOT_A_CONTAINER`    | path            | a segment was applied to a string, number, boolean or null      |
 * | `SYNTAX`             | path            | a path or JSONPath query is malformed                           |
 * | `INVALID_CLAIM`      | verify          | a claim is malformed (unknown mode, missing fields, a pattern that is no I-Regexp) |
 * | `STREAM_CLOSED`      | stream          | `push` or `end` after the stream was ended                      |
 * | `INVALID_ARGUMENT`   | any             | an argument has the wrong type (e.g. `parse(42)`)               |
 * | `RETRIES_EXHAUSTED`  | loop            | every attempt failed; the error holds each attempt              |
 * | `CLAIMS_UNVERIFIED`  | loop            | claims in the reply did not hold against the tool's output      |
 * | `PROVIDER_ERROR`     | loop            | the model's server answered with an error or an unreadable body |
 * | `TIMEOUT`            | loop            | the model did not answer in time                                |
 * | `ABORTED`            | loop            | the caller's `AbortSignal` fired                                |
 */
export type ErrorCode =
  | 'NO_JSON'
  | 'UNREPAIRABLE'
  | 'REPAIR_REFUSED'
  | 'TOO_DEEP'
  | 'TOO_LARGE'
  | 'SCHEMA_MISMATCH'
  | 'INVALID_SCHEMA'
  | 'MISSING_KEY'
  | 'INDEX_OUT_OF_RANGE'
  | 'NOT_A_CONTAINER'
  | 'SYNTAX'
  | 'INVALID_CLAIM'
  | 'STREAM_CLOSED'
  | 'INVALID_ARGUMENT'
  | 'RETRIES_EXHAUSTED'
  | 'CLAIMS_UNVERIFIED'
  | 'PROVIDER_ERROR'
  | 'TIMEOUT'
  | 'ABORTED';

/** Where in a text an error was found. Line and column are 1-based; offset is a 0-based UTF-16 index. */
export interface TextPosition {
  offset: number;
  line: number;
  column: number;
}

/**
 * Why a `REPAIR_REFUSED` error refused: a repair the options disabled (`strict`, `disable`; `kind` names
 * it), a reply cut off (`acceptTruncated` takes it), or a choice between values that would be a guess.
 */
export type Refusal =
  | { readonly reason: 'disabled_repair'; readonly kind: string }
  | { readonly reason: 'cut_off' }
  | { readonly reason: 'ambiguous' };

/** Extra facts an error may carry. */
export interface JsonMendErrorDetails {
  /** 0-based UTF-16 offset into the text the error is about. */
  offset?: number | undefined;
  /** The text the offset points into; used to compute line, column and excerpt. */
  text?: string | undefined;
  /** JSON Pointer (schema errors) or path expression (path errors) the error is about. */
  path?: string | undefined;
  /** The underlying cause, when another error led to this one. */
  cause?: unknown;
  /** Why a `REPAIR_REFUSED` refused. */
  refusal?: Refusal | undefined;
}

/** Base class of every error jsonmend throws. */
export class JsonMendError extends Error {
  /** What went wrong, from {@link ErrorCode}. */
  readonly code: ErrorCode;
  /** 0-based UTF-16 offset of the problem in the text, when the error is about a text. */
  readonly offset: number | undefined;
  /** 1-based line of the problem, when the error is about a text. */
  readonly line: number | undefined;
  /** 1-based column of the problem, when the error is about a text. */
  readonly column: number | undefined;
  /** A short excerpt of the text around the problem, with a caret line under it. */
  readonly excerpt: string | undefined;
  /** JSON Pointer or path expression the error is about, when there is one. */
  readonly path: string | undefined;
  /** Why the reply was refused, for `REPAIR_REFUSED`: read this, not the message, to tell the reasons apart. */
  readonly refusal: Refusal | undefined;

  /**
   * @param code what went wrong
   * @param reason the sentence that explains it; the position is appended when there is one
   */
  constructor(code: ErrorCode, reason: string, details: JsonMendErrorDetails = {}) {
    const where =
      details.offset !== undefined && details.text !== undefined
        ? positionOf(details.text, details.offset)
        : undefined;
    super(where ? `${reason} at line ${where.line} column ${where.column}` : reason,
      details.cause !== undefined ? { cause: details.cause } : undefined);
    this.name = 'JsonMendError';
    this.code = code;
    this.offset = details.offset;
    this.line = where?.line;
    this.column = where?.column;
    this.excerpt =
      details.offset !== undefined && details.text !== undefined
        ? excerptAt(details.text, details.offset)
        : undefined;
    this.path = details.path;
    this.refusal = details.refusal;
  }
}

/** Line and column (1-based) of a UTF-16 offset. Linear in the offset; called only when read. */
export function positionOf(text: string, offset: number): TextPosition {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { offset: end, line, column: end - lineStart + 1 };
}

const EXCERPT_RADIUS = 30;

/** One line of the text around `offset` (at most 60 characters) and a caret line pointing at it. */
export function excerptAt(text: string, offset: number): string {
  const at = Math.max(0, Math.min(offset, text.length));
  // lastIndexOf clamps a negative start to 0 and would find a newline at offset 0 *after* `at`.
  let lineStart = at === 0 ? 0 : text.lastIndexOf('\n', at - 1) + 1;
  let lineEnd = text.indexOf('\n', at);
  if (lineEnd === -1) lineEnd = text.length;
  lineStart = Math.max(lineStart, at - EXCERPT_RADIUS);
  lineEnd = Math.min(lineEnd, at + EXCERPT_RADIUS);
  const shown = text.slice(lineStart, lineEnd).replace(/[\t\r]/g, ' ');
  return `${shown}\n${' '.repeat(at - lineStart)}^`;
}

/** Throws `INVALID_ARGUMENT` unless `text` is a string; the public entry points call it first. */
export function assertText(text: unknown, what = 'text'): asserts text is string {
  if (typeof text !== 'string') {
    throw new JsonMendError('INVALID_ARGUMENT', `${what} must be a string, got ${describeType(text)}`);
  }
}

/** A short JSON-ish type name for messages: `null`, `array`, `object`, `string`, … */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
