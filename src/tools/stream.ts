// Tool calls while the reply streams: the span scanner runs chunk by chunk; each JSON body is fed to
// the project's stream parser (only its new text), whose `complete` deltas say when a call object or
// the arguments closed, so a call is reported as soon as it is complete. `end()` runs the same reading
// as `extractToolCalls`, so the final result is the same whatever the chunking.
import { JsonMendError } from '../errors.js';
import { ToolCallScanner, type ToolCallSpan } from '../extract/tool-calls/index.js';
import { createStreamParser } from '../stream/index.js';
import type { StreamParser } from '../stream/types.js';
import { toolContext, type ToolContext } from './context.js';
import { assemble } from './extract-tool-calls.js';
import { callFromValue, isCallShaped, isReadingError, readSpan } from './read-call.js';
import type { ToolCall, ToolCallOptions, ToolCallStream, ToolCallStreamEvent, ToolCallsResult } from './types.js';
import { RootCloseHint } from './root-close.js';
import { readParameters } from './xml-params.js';

/** A call-object body's `name` is shown only once complete; argument strings grow as written. */
function notName(pointer: string): boolean {
  return !/^(?:\/\d+)?\/name$/.test(pointer);
}

const ARGUMENT_KEYS = ['arguments', 'parameters', 'input'] as const;

interface SpanState {
  span: ToolCallSpan;
  /** Index of the span's first call among all calls. */
  base: number;
  parser: StreamParser | undefined;
  /** Body text fed so far ends here. */
  fed: number;
  /** Calls already reported complete (or failed). */
  reported: number;
  /** Calls whose start was reported. */
  started: number;
  lastPartial: unknown;
  /** Qwen3-Coder: the arguments read from complete parameters, and where the next one starts. */
  params: Record<string, unknown>;
  paramsFrom: number;
  /** The body starts with `{{`: the parser's view of it is wrong, so only whole readings count. */
  doubled: boolean | undefined;
  /** Where the body's root JSON value closes. */
  hint: RootCloseHint;
  /** The early reading was tried (once: repeating it on every push would make the stream quadratic). */
  early: boolean;
  /** An error was reported for this span: its close reports no second one. */
  failed: boolean;
}

function argumentsOf(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const inner = record.function !== null && typeof record.function === 'object' && record.name === undefined ? (record.function as Record<string, unknown>) : record;
  for (const key of ARGUMENT_KEYS) if (inner[key] !== undefined) return inner[key];
  return undefined;
}

function nameOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const inner = record.function !== null && typeof record.function === 'object' && record.name === undefined ? (record.function as Record<string, unknown>) : record;
  return typeof inner.name === 'string' ? inner.name : undefined;
}

/**
 * A tool-call reader for a streamed reply: push text chunks as they arrive; each push returns
 * `call_start`, partial `arguments`, complete `call` and `error` events. A marked-up call is reported
 * as soon as its arguments are complete; bare JSON calls (format `json`) only in `end()`'s result.
 * Work is linear in the reply's length.
 */
export function createToolCallStream(options: ToolCallOptions): ToolCallStream {
  const ctx: ToolContext = toolContext('', options);
  let events: ToolCallStreamEvent[] = [];
  let nextIndex = 0;
  let open: SpanState | undefined;
  let ended = false;

  const scanner = new ToolCallScanner({
    open(span) {
      if (!ctx.formats.has(span.format)) return;
      const json = span.body !== 'parameters';
      open = {
        span, base: nextIndex, fed: span.bodyStart, reported: 0, started: 0, lastPartial: undefined,
        parser: json ? createStreamParser({ ...ctx.parseOptions, deltas: true, partialStrings: span.body === 'call' ? notName : true }) : undefined,
        params: {}, paramsFrom: 0, doubled: undefined, hint: new RootCloseHint(), early: false, failed: false,
      };
      if (span.name !== undefined) {
        events.push({ type: 'call_start', index: nextIndex, name: span.name, format: span.format });
        open.started = 1;
      }
    },
    grow(span) {
      if (open?.span === span) feed(open);
    },
    close(span) {
      if (open?.span !== span) return;
      const state = open;
      open = undefined;
      finish(state);
    },
  });

  function fail(state: SpanState, index: number, error: unknown): void {
    if (!(error instanceof JsonMendError)) throw error;
    events.push({ type: 'error', index, error });
    state.failed = true;
  }

  function report(state: SpanState, call: ToolCall): void {
    const index = state.base + state.reported;
    if (state.started <= state.reported) {
      events.push({ type: 'call_start', index, name: call.name, format: call.format });
      state.started = state.reported + 1;
    }
    events.push({ type: 'call', index, call });
    state.reported++;
  }

  /** Feeds the body's new text; reports partial arguments and calls whose JSON closed. */
  function feed(state: SpanState): void {
    const text = scanner.source;
    const span = state.span;
    if (span.body === 'parameters') return feedParameters(state, text);
    const piece = text.slice(state.fed, span.bodyEnd);
    state.fed = span.bodyEnd;
    if (state.doubled === undefined) {
      const head = text.slice(span.bodyStart, span.bodyEnd).trimStart();
      if (head.length >= 2) state.doubled = head.startsWith('{{');
    }
    if (piece === '') return;
    state.hint.feed(piece);
    if (state.hint.close !== -1 && !state.early) {
      state.early = true;
      // The root closed: read the body up to there as extractToolCalls would; a reading that is not
      // clean (a bracket in a single-quoted string misled the hint) waits for the span to close.
      readEarly(state, text, span.bodyStart + state.hint.close);
      if (state.parser === undefined || state.doubled) return;
    }
    if (!state.parser || state.doubled) return;
    let snapshot;
    try {
      snapshot = state.parser.push(piece);
    } catch {
      state.parser = undefined; // the final reading at close reports the error
      return;
    }
    if (snapshot.error) {
      state.parser = undefined;
      return;
    }
    const value = snapshot.value;
    if (span.body === 'call' && Array.isArray(value)) {
      const origin = { format: span.format, span: { start: span.start, end: span.bodyEnd } };
      for (const delta of snapshot.deltas ?? []) {
        if (delta.op !== 'complete' && delta.op !== 'set') continue;
        const m = /^\/(\d+)$/.exec(delta.path);
        if (!m || Number(m[1]) !== state.reported) continue;
        const element = value[state.reported];
        if (!isCallShaped(element) && nameOf(element) === undefined) continue;
        try {
          report(state, callFromValue(element, origin, { ...ctx, text }, [], false, []));
        } catch (error) {
          fail(state, state.base + state.reported, error);
          state.reported++;
        }
      }
    }
    partial(state, value);
  }

  /** The calls of the body up to `end`, read whole; reported when the reading is clean. */
  function readEarly(state: SpanState, text: string, end: number): void {
    let calls: ToolCall[];
    try {
      calls = readSpan({ ...state.span, bodyEnd: end, end, closed: true }, { ...ctx, text });
    } catch (error) {
      if (isReadingError(error)) return;
      fail(state, state.base + state.reported, error);
      state.reported++;
      state.parser = undefined;
      return;
    }
    for (let i = state.reported; i < calls.length; i++) report(state, calls[i]);
    state.parser = undefined; // nothing more to show for this span
  }

  /** Reports the arguments so far of the call being written, when they changed. */
  function partial(state: SpanState, value: unknown): void {
    const span = state.span;
    let current = value;
    let offset = 0;
    if (span.body === 'call' && Array.isArray(value)) {
      if (value.length === 0) return;
      offset = value.length - 1;
      current = value[offset];
    }
    const index = state.base + offset;
    if (index < state.base + state.reported) return;
    const name = span.name ?? nameOf(current);
    if (name !== undefined && state.started <= offset) {
      events.push({ type: 'call_start', index, name, format: span.format });
      state.started = offset + 1;
    }
    const args = span.body === 'call' ? argumentsOf(current) : current;
    if (args === undefined || args === state.lastPartial) return;
    state.lastPartial = args;
    events.push({ type: 'arguments', index, name, arguments: args });
  }

  /** Qwen3-Coder: each newly closed `</parameter>` adds a property to the partial arguments. */
  function feedParameters(state: SpanState, text: string): void {
    const span = state.span;
    const body = text.slice(span.bodyStart, span.bodyEnd);
    const close = body.lastIndexOf('</parameter>');
    if (close === -1 || close + 12 <= state.paramsFrom) return;
    const segment = body.slice(state.paramsFrom, close + 12);
    state.paramsFrom = close + 12;
    let schema;
    try {
      schema = ctx.tools.schemaOf(span.name as string, { offset: span.nameStart ?? span.start, text });
    } catch {
      return; // reported when the span closes
    }
    const read = readParameters(segment, schema, ctx.parseOptions).value;
    state.params = { ...state.params, ...read };
    events.push({ type: 'arguments', index: state.base, name: span.name, arguments: state.params });
  }

  /** The span closed: its calls not yet reported are read as `extractToolCalls` reads them. */
  function finish(state: SpanState): void {
    const text = scanner.source;
    let calls: ToolCall[];
    try {
      calls = readSpan(state.span, { ...ctx, text });
    } catch (error) {
      if (!state.failed) fail(state, state.base + state.reported, error);
      nextIndex = state.base + Math.max(state.reported, 1);
      return;
    }
    for (let i = state.reported; i < calls.length; i++) report(state, calls[i]);
    nextIndex = state.base + Math.max(state.reported, calls.length);
  }

  return {
    push(chunk: string): ToolCallStreamEvent[] {
      if (ended) throw new JsonMendError('STREAM_CLOSED', 'push after end() on a tool-call stream');
      if (typeof chunk !== 'string') throw new JsonMendError('INVALID_ARGUMENT', `chunk must be a string, got ${typeof chunk}`);
      scanner.push(chunk);
      const out = events;
      events = [];
      return out;
    },
    end(): ToolCallsResult {
      if (ended) throw new JsonMendError('STREAM_CLOSED', 'end() called twice on a tool-call stream');
      ended = true;
      scanner.end();
      events = [];
      return assemble(scanner.spans, scanner.strips, { ...ctx, text: scanner.source });
    },
  };
}
