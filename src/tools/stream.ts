// Tool calls while the reply streams: the span scanner runs chunk by chunk and hands each body's new
// text over; a JSON body goes to the project's stream parser (only its new piece) for partial
// arguments, and to a root-close hint: when the body's JSON closed and the text after it shows prose,
// the body is read as `extractToolCalls` reads it and the call is reported, before its closing markup
// arrives (text that comes later and changes the reading gets an error event at the span's close);
// else the call is read when the span closes. Elements of a list of calls are reported as the parser
// completes them, and taken back at once when text after the list goes on as JSON (see withdraw). A span that may be text in another call's string gets no events (holder-watch.ts).
// `end()` reads the whole text as `extractToolCalls` does, so the final result is the same whatever
// the chunking. No step re-reads text already passed, except each body once when it closes: linear in
// the reply.
import { JsonMendError } from '../errors.js';
import { ChunkText } from '../stream/text.js';
import { ToolCallScanner, type SpanBody, type ToolCallSpan } from '../extract/tool-calls/index.js';
import { createStreamParser } from '../stream/index.js';
import type { StreamParser } from '../stream/types.js';
import { toolContext, type ToolContext } from './context.js';
import { assemble } from './extract-tool-calls.js';
import { argumentsOf, callFromValue, hasPlaceholder, isCallShaped, isReadingError, nameOf, readSpan, toolCalled } from './read-call.js';
import { HolderWatch } from './holder-watch.js';
import { RootCloseHint } from './root-close.js';
import type { ToolCall, ToolCallOptions, ToolCallStream, ToolCallStreamEvent, ToolCallsResult } from './types.js';
import { parameterMarkup, readParameters } from './xml-params.js';
import { sameJson } from '../same-json.js';
import { RepeatedMemberScan, repeatedMemberError } from './repeated-member.js';

/** A call-object body's `name` is shown only once complete; argument strings grow as written. */
function notName(pointer: string): boolean {
  return !/^(?:\/\d+)?\/name$/.test(pointer);
}

interface SpanState {
  span: ToolCallSpan;
  /** Index of the span's first call among all calls. */
  base: number;
  /** The body so far (joined once, when it is read). */
  body: ChunkText;
  parser: StreamParser | undefined;
  /** Calls already reported complete (or failed). */
  reported: number;
  /** Calls whose start was reported. */
  started: number;
  lastPartial: unknown;
  /** The first two non-space characters of the body: `{{` means doubled braces, which the parser would misread. */
  head: string;
  /** Where the body's root JSON value closes. */
  hint: RootCloseHint;
  /** The early reading was tried (once: repeating it on every push would make the stream quadratic). */
  early: boolean;
  /** The calls reported before the span closed (the early reading's, a list's elements): the reading at the span's close must agree with them. */
  earlyCalls: ToolCall[];
  /** An error was reported for this span: its close reports no second one. */
  failed: boolean;
  /** The parser filled in an ellipsis placeholder (`{…}`): no element is reported early; the reading at the close says what it is. */
  placeholder: boolean;
  /** The parser showed the body's root; then a second value after it (see feed): no element is reported from there on. */
  rootShown: boolean;
  /** The calls of a list that closed in one piece were read, all but its last (see feed). */
  listRead: boolean;
  /** A second value followed the first at the body's root (the parser's root became the array of both): no list element comes from it. */
  secondValue: boolean;
  /** How many calls reported from the span were taken back with an error event before it closed (see withdraw). */
  withdrawn: number;
  /** Qwen3-Coder: the arguments read from closed parameters, the pieces since the last closer, and the last few characters (a closer split over pieces). */
  /** The parameters read so far (the stream's own; each event gets a copy). */
  params: Record<string, unknown>;
  /** How many there are, and how many the last `arguments` event held. */
  paramCount: number;
  paramsReported: number;
  pending: string[];
  tail: string;
  /** A call-object body: a member of a call written twice (see repeated-member.ts), which its parsed elements no longer show. */
  repeat: RepeatedMemberScan | undefined;
}

/** Whether two readings of a call agree on its name and arguments (nested however deep). */
function sameCall(a: ToolCall, b: ToolCall): boolean {
  return a.name === b.name && sameJson(a.arguments, b.arguments);
}

function sameCalls(a: readonly ToolCall[], b: readonly ToolCall[]): boolean {
  return a.length === b.length && a.every((call, i) => sameCall(call, b[i]));
}

/** The first character of `piece` from `from` on that is not whitespace, or -1. */
function firstNonSpace(piece: string, from: number): number {
  for (let i = from; i < piece.length; i++) {
    const c = piece.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return c;
  }
  return -1;
}

/** Whether text after a JSON value's close that starts with `c` may go on with it: a member, an element, a second value. */
function goesOnAsJson(c: number): boolean {
  // Only a new value or a comma: after a closed list a quote, a colon or a closer is text around it,
  // which extraction and end() set aside with the calls kept (`[TOOL_CALLS][…]⏎"done"`).
  return c === 0x7b || c === 0x5b || c === 0x2c;
}

/** Bodies read only once whole: no partial arguments before their call closes. */
const READ_WHOLE: ReadonlySet<SpanBody> = new Set<SpanBody>(['arg_pairs', 'gemma_args', 'named_tags', 'arrow']);

/**
 * A tool-call reader for a streamed reply: push text chunks as they arrive; each push returns
 * `call_start`, partial `arguments`, complete `call` and `error` events. A marked-up call is reported
 * as soon as its arguments are complete; bare JSON calls (format `json`), and a call whose JSON's end
 * is only known once more text comes (the last Mistral call), come with `end()`'s result. Text after a
 * call's JSON that changes a call already reported gives an `error` event with that call's index.
 * Work is linear in the reply's length.
 */
export function createToolCallStream(options: ToolCallOptions): ToolCallStream {
  /** The whole text so far: read only for an error message's line number, and at the end. */
  const text = new ChunkText();
  const ctx: ToolContext = { ...toolContext(options, (offset) => text.position(offset).line), reply: () => text.all() };
  let events: ToolCallStreamEvent[] = [];
  let nextIndex = 0;
  /** The calls below this index were withdrawn as drafts by a `</think>` after them (reasoningEnds). */
  let withdrawnTo = 0;
  let open: SpanState | undefined;
  let ended = false;
  // A span that may be text in a call read only at the end (see holder-watch.ts) gets no events.
  const watch = new HolderWatch((name) => ctx.tools.knows(name));

  const scanner = new ToolCallScanner({
    open(span) {
      if (!ctx.formats.has(span.format)) return;
      const held = watch.mayHold(span.start);
      watch.openSpan(span.start);
      if (held) return;
      open = {
        span, base: nextIndex, body: new ChunkText(), reported: 0, started: 0, lastPartial: undefined, head: '', hint: new RootCloseHint(),
        early: false, earlyCalls: [], failed: false, placeholder: false, rootShown: false, secondValue: false, withdrawn: 0, listRead: false, params: {}, paramCount: 0, paramsReported: 0, pending: [], tail: '', repeat: span.body === 'call' ? new RepeatedMemberScan() : undefined,
        parser: span.body === 'parameters' || READ_WHOLE.has(span.body) || (span.body === 'arguments' && span.name === undefined) ? undefined : createStreamParser({ ...ctx.parseOptions, deltas: span.body === 'call', partialStrings: span.body === 'call' ? notName : true }),
      };
      if (span.name !== undefined) {
        events.push({ type: 'call_start', index: nextIndex, name: toolCalled(span.name, ctx.tools, []), format: span.format });
        open.started = 1;
      }
    },
    grow(span, piece) {
      if (open?.span !== span) return;
      open.body.add(piece);
      if (span.body === 'parameters') feedParameters(open, piece);
      else if (!READ_WHOLE.has(span.body)) feed(open, piece);
    },
    close(span) {
      watch.closeSpan(span.bodyStart, span.end, span.closed);
      if (open?.span !== span) return;
      const state = open;
      open = undefined;
      finish(state);
    },
    reasoningEnds() {
      // Every call reported so far was written before it: a draft, which end() does not return. A
      // second such closer (a nested `<think>`'s, see the scanner's closesAgain) withdraws only the
      // calls reported since the first.
      for (let index = withdrawnTo; index < nextIndex; index++) {
        events.push({ type: 'error', index, error: new JsonMendError('UNREPAIRABLE', 'the call was written before a </think> that no <think> opened: what came before it was reasoning (the prompt opened it, or a <think> written inside another ended the block early), and the call is a draft, not a call') });
      }
      withdrawnTo = nextIndex;
    },
  });

  function fail(state: SpanState, error: unknown): void {
    if (!(error instanceof JsonMendError)) throw error;
    events.push({ type: 'error', index: state.base + state.reported, error });
    state.reported++;
    state.failed = true;
  }

  function report(state: SpanState, call: ToolCall): void {
    const index = state.base + state.reported;
    if (state.started <= state.reported) {
      events.push({ type: 'call_start', index, name: call.name, format: call.format });
      state.started = state.reported + 1;
    }
    events.push({ type: 'call', index, call });
    state.earlyCalls[state.reported] = call;
    state.reported++;
  }

  /** Feeds a JSON body's new piece: early reading at the root's close, list elements, partial arguments. */
  function feed(state: SpanState, piece: string): void {
    if (state.head.length < 2) state.head = (state.head + piece.trimStart()).slice(0, 2);
    state.hint.feed(piece);
    state.repeat?.push(piece);
    if (state.hint.close !== -1 && !state.early) {
      // The root closed: once the text after it shows more than spaces, read the body up to there as
      // extractToolCalls would. Not at the closer itself: what comes next may still change the call
      // (`{}⏎{"a": 1}` makes the arguments an array of both, a `,` a closer written early), and a span
      // that no closing markup ends closes only at end(), too late for an error event to take the call
      // back. The closing markup itself is never body (the scanner holds it back, then closes the
      // span): the call is read when it closes. Text that goes on as JSON waits for the span to
      // close; prose, or a reading error (the hint misled by a bracket in a single-quoted string),
      // too when the body so far reads otherwise.
      const next = firstNonSpace(piece, Math.max(0, state.hint.close - (state.body.length - piece.length)));
      if (next !== -1) {
        state.early = true;
        if (goesOnAsJson(next)) withdraw(state);
        else {
          const body = state.body.all();
          readEarly(state, body.slice(0, state.hint.close), body);
        }
      } else if (!state.listRead && state.head.startsWith('[')) {
        // A list of calls that closed in this piece, before the parser showed its elements one by one
        // (a piece holding the whole list): each but the last has a `,` after it and is reported; the
        // last waits as above.
        state.listRead = true;
        readEarly(state, state.body.all().slice(0, state.hint.close), undefined, 1);
      }
    }
    if (!state.parser || state.head === '{{') return;
    let snapshot;
    try {
      snapshot = state.parser.push(piece);
    } catch {
      state.parser = undefined; // the reading at the close reports the error
      return;
    }
    if (snapshot.error) {
      state.parser = undefined;
      return;
    }
    const value = snapshot.value;
    if (hasPlaceholder(snapshot.repairs)) state.placeholder = true;
    // A second value after the list (`[{…}]⏎{"note": 1}`) makes the parser's root the array of both
    // (`set ""`): its elements are no longer the list's calls, and the whole body's reading may be an
    // error, so nothing more is reported from the list.
    if (state.rootShown && snapshot.deltas?.some((d) => d.op === 'set' && d.path === '') === true) state.secondValue = true;
    if (value !== undefined) state.rootShown = true;
    if (state.span.body === 'call' && Array.isArray(value) && !state.placeholder && !state.secondValue) {
      for (const delta of snapshot.deltas ?? []) {
        if (delta.op !== 'complete' && delta.op !== 'set') continue;
        if (delta.path !== `/${state.reported}`) continue;
        const element = value[state.reported];
        if (!isCallShaped(element) && nameOf(element) === undefined) continue;
        try {
          // `{"name": "a", …, "name": "b"}`: the element holds the later only; read whole, the span is an error.
          const repeated = state.repeat?.found;
          if (repeated !== undefined) throw repeatedMemberError(state.span.format, ctx.lineAt(state.span.start), repeated);
          report(state, callFromValue(element, { format: state.span.format, span: { start: state.span.start, end: state.span.bodyEnd } }, ctx, [], false, []));
        } catch (error) {
          fail(state, error);
        }
      }
    }
    partial(state, value);
  }

  /**
   * Text after the body's root goes on as JSON (`[{…}]⏎{"note": 1}`, `[{…}], {…}`): read whole, the
   * list's elements reported as they closed may read otherwise, or the span not at all. A span that
   * no closing markup ends (Mistral's `[TOOL_CALLS][…]`) closes only at end(), which returns no
   * events: the calls reported stood, and end() threw. Each is taken back now, with an error event of
   * its index, and no more elements are reported from the span; its close reports what the whole
   * body reads past them, and end() has every call as the whole text reads it.
   */
  function withdraw(state: SpanState): void {
    state.secondValue = true;
    if (state.failed) return;
    for (let i = state.withdrawn; i < state.reported; i++) {
      const name = state.earlyCalls[i]?.name ?? 'a tool';
      events.push({ type: 'error', index: state.base + i, error: new JsonMendError('UNREPAIRABLE', `the call to "${name}" was reported when it closed, and the text after its list goes on as JSON: read whole, the span may call otherwise or not at all`) });
    }
    state.withdrawn = state.reported;
  }

  /**
   * The calls of the body's text `body`, read whole; reported when the reading is clean, and when the
   * body so far, `sofar` (when text came after the root's close), reads the same; the last `held`
   * calls are not reported yet.
   */
  function readEarly(state: SpanState, body: string, sofar?: string, held = 0): void {
    let calls: ToolCall[];
    try {
      calls = readBody(state, body);
      if (sofar !== undefined && !sameCalls(calls, readBody(state, sofar))) return;
    } catch (error) {
      if (isReadingError(error) || sofar !== undefined || held > 0) return;
      fail(state, error);
      state.parser = undefined;
      return;
    }
    const shown = Math.max(calls.length - held, state.reported);
    for (let i = state.reported; i < shown; i++) report(state, calls[i]);
    state.earlyCalls = calls.slice(0, shown);
    if (held === 0) state.parser = undefined; // nothing more to show for this span
  }

  /**
   * The span closed after an early reading: text after the JSON's close (`{"name": "f", "arguments":
   * {"a": 1}}, "b": 2}`, a closer written early) may change a call already reported. Each such call
   * gets an error event with its index, which says so; `end()` has the call as the whole text reads.
   */
  function checkEarly(state: SpanState, calls: readonly ToolCall[]): void {
    for (let i = state.withdrawn; i < state.earlyCalls.length && i < calls.length; i++) {
      const early = state.earlyCalls[i];
      const now = calls[i];
      if (early === undefined || sameCall(early, now)) continue;
      const args = JSON.stringify(now.arguments);
      events.push({
        type: 'error', index: state.base + i,
        error: new JsonMendError('UNREPAIRABLE', `the call to "${early.name}" was reported when its JSON closed, and the text after that changes it: read whole, it calls "${now.name}" with ${args.length > 120 ? `${args.slice(0, 120)}…` : args}`),
      });
    }
  }

  /** The calls of the open span's body text `body`, read as if the span closed after it. */
  function readBody(state: SpanState, body: string): ToolCall[] {
    const span = { ...state.span, bodyEnd: state.span.bodyStart + body.length, end: state.span.bodyStart + body.length, closed: true };
    return readSpan(span, body, false, ctx);
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
    if (offset < state.reported) return;
    const index = state.base + offset;
    const written = span.name ?? nameOf(current);
    const name = written === undefined ? undefined : toolCalled(written, ctx.tools, []);
    if (name !== undefined && state.started <= offset) {
      events.push({ type: 'call_start', index, name, format: span.format });
      state.started = offset + 1;
    }
    const args = span.body === 'call' ? argumentsOf(current) : current;
    if (args === undefined || args === state.lastPartial) return;
    state.lastPartial = args;
    events.push({ type: 'arguments', index, name, arguments: args });
  }

  /** Qwen3-Coder: each newly closed `</parameter>` adds properties to the partial arguments. */
  function feedParameters(state: SpanState, piece: string): void {
    const markup = parameterMarkup(state.span.format);
    state.pending.push(piece);
    const seen = state.tail + piece;
    state.tail = seen.slice(-(markup.close.length - 1));
    if (!seen.includes(markup.close)) return;
    const segment = state.pending.join('');
    const close = segment.lastIndexOf(markup.close) + markup.close.length;
    state.pending = [segment.slice(close)];
    let schema;
    try {
      schema = ctx.tools.schemaOf(toolCalled(state.span.name as string, ctx.tools, []));
    } catch {
      return; // reported when the span closes
    }
    const read = readParameters(segment.slice(0, close), schema, ctx.parseOptions, markup).value;
    for (const key of Object.keys(read)) {
      if (!Object.hasOwn(state.params, key)) state.paramCount++;
      Object.defineProperty(state.params, key, { value: read[key], enumerable: true, writable: true, configurable: true });
    }
    // Each event holds a copy of every parameter so far: one per parameter would cost the square of
    // their number (4,096 parameters took 2.3 s). Past 16 of them, an event when an eighth more came.
    const count = state.paramCount;
    if (count > 16 && count - state.paramsReported < state.paramsReported / 8) return;
    state.paramsReported = count;
    events.push({ type: 'arguments', index: state.base, name: state.span.name, arguments: { ...state.params } });
  }

  /** The span closed: its calls not yet reported are read as `extractToolCalls` reads them. */
  function finish(state: SpanState): void {
    let calls: ToolCall[];
    try {
      calls = readSpan(state.span, state.body.all(), false, ctx);
    } catch (error) {
      if (!state.failed) {
        // Calls reported from the span before it closed (a list's elements: `[{…}]⏎{"note": 1}`) are
        // taken back, each with an error event of its index: read whole, the span is an error.
        if (error instanceof JsonMendError) {
          for (let i = state.withdrawn; i < state.reported; i++) {
            const name = state.earlyCalls[i]?.name ?? 'a tool';
            events.push({ type: 'error', index: state.base + i, error: new JsonMendError('UNREPAIRABLE', `the call to "${name}" was reported when it closed, and the text after it makes its span unreadable: ${error.message}`) });
          }
        }
        fail(state, error);
      }
      nextIndex = state.base + Math.max(state.reported, 1);
      return;
    }
    if (state.earlyCalls.length > 0) checkEarly(state, calls);
    for (let i = state.reported; i < calls.length; i++) report(state, calls[i]);
    nextIndex = state.base + Math.max(state.reported, calls.length);
  }

  return {
    push(chunk: string): ToolCallStreamEvent[] {
      if (ended) throw new JsonMendError('STREAM_CLOSED', 'push after end() on a tool-call stream');
      if (typeof chunk !== 'string') throw new JsonMendError('INVALID_ARGUMENT', `chunk must be a string, got ${typeof chunk}`);
      text.add(chunk);
      watch.push(chunk);
      scanner.push(chunk);
      const out = events;
      events = [];
      return out;
    },
    end(): ToolCallsResult {
      if (ended) throw new JsonMendError('STREAM_CLOSED', 'end() called twice on a tool-call stream');
      ended = true;
      const all = text.all();
      // The spans found so far are the whole text's; the open one (if any) closes at the end.
      open = undefined;
      scanner.end();
      events = [];
      return assemble(all, scanner, { ...ctx, lineAt: (offset) => text.position(offset).line, reply: () => all });
    },
  };
}
