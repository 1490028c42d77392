// A language-model middleware for the AI SDK's `wrapLanguageModel`: JSON the model wrote is mended before the
// SDK reads it, in `generateText`/`streamText` with `Output.object` (JSON response format) and in tool calls.
// Structural types only: one middleware object fits AI SDK 5, 6 and 7 (their middleware runtimes do not look
// at the version field; the parts it reads are the same in every version).
import { JsonMendError } from '../../errors.js';
import { rereadClosersLeftOut } from '../../parse/closers-at-end.js';
import { parseWithReport } from '../../schema/index.js';
import type { Repair, SchemaLike } from '../../schema/types.js';
import { parseToolArguments } from '../../tools/arguments.js';
import { adapterParseOptions, checkAdapterOptions, reportRepairs, type AiSdkRepairOptions } from './ai-sdk-options.js';
import { JsonPrefix, writeInOrder, type KeyOrder } from './json-prefix.js';
import { ToolInputStreams, type ToolInputMender } from './tool-input-stream.js';
import { stringifyDeep } from '../../parse/write-json.js';

/** Options of {@link jsonmendMiddleware}. */
export interface JsonMendMiddlewareOptions extends AiSdkRepairOptions {
  /**
   * Which tool calls to mend: every function tool (default), or none. Tool inputs are read against the tool's
   * JSON Schema (from the call's `tools`), so schema repairs (`"3"` → `3`) apply too.
   */
  toolCalls?: boolean | undefined;
  /**
   * Which text to mend: only text of calls that ask for JSON (`responseFormat.type === 'json'`, what
   * `Output.object` and `generateObject` send; default), or none. Plain text is never touched.
   */
  text?: boolean | undefined;
  /**
   * While the JSON text streams, pass on the beginning of the mended JSON as it becomes certain, so
   * `streamText`'s partial outputs flow (default `true`); the rest follows when the reply ends, and the whole
   * text is the mended JSON. `false`: hold the text until it ends and send it mended in one piece.
   */
  partialOutput?: boolean | undefined;
}

/** The parts of the call options the middleware reads (structurally `LanguageModelV2/V3/V4CallOptions`). */
export interface CallOptionsLike {
  responseFormat?: { type: string; schema?: unknown } | undefined;
  tools?: readonly unknown[] | undefined;
}

/** The parts of a `doGenerate` result the middleware reads. */
export interface GenerateResultLike {
  content: readonly unknown[];
  finishReason?: unknown;
}

/** The parts of a `doStream` result the middleware reads. */
export interface StreamResultLike {
  stream: ReadableStream<unknown>;
}

/**
 * What {@link jsonmendMiddleware} returns: a `LanguageModelMiddleware` for `wrapLanguageModel` of AI SDK 5, 6
 * and 7 (`specificationVersion` is what AI SDK 6 requires; 5 and 7 ignore it).
 */
export interface JsonMendMiddleware {
  readonly specificationVersion: 'v3';
  wrapGenerate: <R extends GenerateResultLike>(options: { doGenerate: () => PromiseLike<R>; params: CallOptionsLike }) => Promise<R>;
  wrapStream: <R extends StreamResultLike>(options: { doStream: () => PromiseLike<R>; params: CallOptionsLike }) => Promise<R>;
}

interface Part {
  type?: unknown;
  id?: unknown;
  text?: unknown;
  delta?: unknown;
  toolCallId?: unknown;
  toolName?: unknown;
  input?: unknown;
}

/**
 * A text as the middleware hands it on, and the repairs of the reading it came from: none when it is the text as
 * written (unreadable, refused, cut off).
 */
interface Mended {
  text: string;
  repairs: readonly Repair[];
}

/** A reading of a text: its value and its repairs. */
interface Reading {
  value: unknown;
  repairs: readonly Repair[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Whether the finish reason is `reason`: a string in AI SDK 5, `{ unified, raw }` in 6 and 7. */
function finishedWith(finishReason: unknown, reason: 'length' | 'content-filter' | 'stop'): boolean {
  return finishReason === reason || (isObject(finishReason) && finishReason.unified === reason);
}

/** Cut off by the token limit, or by a content filter (which stops a reply anywhere, as the limit does). */
function cutOff(finishReason: unknown): boolean {
  return finishedWith(finishReason, 'length') || finishedWith(finishReason, 'content-filter');
}

/**
 * The model ended the reply itself: a value whole but for its closers is taken (`missing_closer`), as
 * generate() takes it (parse/closers-at-end.ts).
 */
function endedByModel(finishReason: unknown): boolean {
  return finishedWith(finishReason, 'stop');
}

/** The mender for one call: what to do with a JSON text and with a tool call's input. */
class Mender implements ToolInputMender {
  readonly jsonText: boolean;
  private readonly textSchema: SchemaLike | undefined;

  constructor(
    private readonly options: JsonMendMiddlewareOptions,
    private readonly params: CallOptionsLike,
  ) {
    const format = params?.responseFormat;
    this.jsonText = options.text !== false && format?.type === 'json';
    this.textSchema = isObject(format?.schema) ? (format.schema as SchemaLike) : undefined;
  }

  /**
   * The text as compact JSON, or the text itself when jsonmend cannot read it (the SDK reports that). Valid JSON
   * that needs no repair keeps the model's own spacing unless `compact` is given: then always compact JSON, its
   * keys in `compact.order` (the order they were streamed in). `ended`: the model ended the reply itself
   * (finish reason `stop`), so a value whole but for its closers is taken.
   */
  text(text: string, compact?: { order: KeyOrder | undefined }, ended = false): Mended {
    const options = this.options;
    return this.mend(text, this.textSchema, compact, (t, s) => {
      try {
        return parseWithReport(t, { ...adapterParseOptions(options), schema: s });
      } catch (refused) {
        const read = rereadClosersLeftOut(ended, options.acceptTruncated, refused, () =>
          parseWithReport(t, { ...options.parseOptions, schema: s, acceptTruncated: true }),
        );
        if (read === undefined) throw refused;
        return read;
      }
    });
  }

  /**
   * Tells the caller's `onRepair` of the repairs behind a part handed on mended (only when there are some):
   * `call` a tool call, else the JSON text. Called outside the readings, so what it throws is never taken for a
   * reply jsonmend could not read.
   */
  report(call: Part | undefined, repairs: readonly Repair[]): void {
    const part = call === undefined ? { type: 'text' as const } : { type: 'tool-call' as const, toolCallId: String(call.toolCallId), toolName: String(call.toolName) };
    reportRepairs(this.options, part, repairs);
  }

  /** The writer of a streamed JSON text part's mended beginning; undefined when the part is held whole. */
  prefix(): JsonPrefix | undefined {
    if (this.options.partialOutput === false) return undefined;
    // Snapshots read the text so far, which always ends inside the value: the cut-off refusal is for the end.
    return new JsonPrefix(this.options.parseOptions ?? {}, this.textSchema);
  }

  /**
   * A tool call's input as compact JSON, read against its tool's schema; unchanged when it cannot be read. Its
   * repairs are reported here: a tool call is final as it passes. `mended`: its input's mending, already made
   * while it streamed.
   */
  toolInput(call: Part & { input: string }, mended = this.mendToolInput(call.toolName, call.input)): string {
    this.report(call, mended.repairs);
    return mended.text;
  }

  /** A tool call's input mended, not reported; `compact` as in {@link text}. */
  mendToolInput(toolName: unknown, input: string, compact?: { order: KeyOrder | undefined }): Mended {
    if (this.options.toolCalls === false) return { text: input, repairs: [] };
    return this.mend(input, this.toolSchema(toolName), compact, (t, s) => {
      let repairs: readonly Repair[] = [];
      const value = parseToolArguments(t, s, { ...adapterParseOptions(this.options), onRepair: (r) => (repairs = r) });
      return { value, repairs };
    });
  }

  /** The writer of a streamed tool input's mended beginning; undefined when tool calls are not mended. */
  toolPrefix(toolName: unknown): JsonPrefix | undefined {
    if (this.options.toolCalls === false) return undefined;
    return new JsonPrefix(this.options.parseOptions ?? {}, this.toolSchema(toolName));
  }

  private toolSchema(toolName: unknown): SchemaLike | undefined {
    for (const tool of this.params?.tools ?? []) {
      if (isObject(tool) && tool.type === 'function' && tool.name === toolName && isObject(tool.inputSchema)) {
        return tool.inputSchema as SchemaLike;
      }
    }
    return undefined;
  }

  /**
   * With the schema first; when the value cannot be made to fit, syntax repairs only, so the SDK's own validation
   * reports the mismatch on readable JSON. Valid JSON comes back as it was written. A reading the schema stage
   * refused (`REPAIR_REFUSED`: two values that both fit, a refused cut-off) is not read again without the schema:
   * that reading would hand on what jsonmend refused (both values as an array), so the text passes unchanged.
   * The repairs are those of the reading handed on (none when the text passes as written).
   */
  private mend(
    text: string,
    schema: SchemaLike | undefined,
    compact: { order: KeyOrder | undefined } | undefined,
    read: (text: string, schema: SchemaLike | undefined) => Reading,
  ): Mended {
    const asWritten = { text, repairs: [] };
    for (const s of schema === undefined ? [undefined] : [schema, undefined]) {
      try {
        const { value, repairs } = read(text, s);
        if (compact) {
          const out = writeInOrder(value, compact.order);
          return out === undefined ? asWritten : { text: out, repairs };
        }
        const out = stringifyDeep(value);
        if (out === undefined) return asWritten;
        try {
          // Already valid and equal: keep the model's own text (its spacing, its number forms).
          if (JSON.stringify(JSON.parse(text)) === out) return { text, repairs };
        } catch {
          // not valid JSON: the mended text it is
        }
        return { text: out, repairs };
      } catch (error) {
        if (!(error instanceof JsonMendError)) throw error;
        if (error.code === 'REPAIR_REFUSED') return asWritten;
        if (error.code === 'TOO_LARGE') return compact ? parsedAsWritten(text, compact.order) ?? asWritten : asWritten;
      }
    }
    return asWritten;
  }
}

/**
 * A text longer than `maxLength`, not read by jsonmend, whose compact beginning was already streamed (the stream
 * parser reads up to `maxLength`): when it is valid JSON, the compact JSON `JSON.parse` (which the SDK would use on
 * the text as written) reads, so the streamed beginning is completed instead of being followed by other text
 * (pretty-printed JSON, as written). No repairs: none was made.
 */
function parsedAsWritten(text: string, order: KeyOrder | undefined): Mended | undefined {
  try {
    const out = writeInOrder(JSON.parse(text), order);
    return out === undefined ? undefined : { text: out, repairs: [] };
  } catch {
    return undefined;
  }
}

/**
 * Mends the content parts of a `doGenerate` result. The SDK reads the reply as its text parts joined (a model
 * may split one JSON value over several: Gemini does), so the join is mended, not each part: the mended text
 * goes into the first text part and the others are left empty (their other fields kept), or every part stays as
 * written when nothing changes. `finishReason`: a reply cut off by the token limit keeps its text as written
 * unless `acceptTruncated` (what was cut may have been a second value), and at `stop` a value whole but for its
 * closers is taken. Tool calls are mended whatever the finish: each is its own part, a cut input is refused by
 * the parser, and the stream mends them before it sees the finish.
 */
function mendContent(content: readonly unknown[], mender: Mender, finishReason: unknown, acceptTruncated: boolean): unknown[] {
  const texts = content.filter((part): part is Part => isObject(part) && part.type === 'text' && typeof part.text === 'string');
  let mendedText: string | undefined;
  let textRepairs: readonly Repair[] = [];
  if (mender.jsonText && texts.length > 0 && (acceptTruncated || !cutOff(finishReason))) {
    const joined = texts.map((part) => part.text as string).join('');
    const mended = mender.text(joined, undefined, endedByModel(finishReason));
    if (mended.text !== joined) mendedText = mended.text;
    textRepairs = mended.repairs;
  }
  return content.map((part) => {
    if (!isObject(part)) return part;
    const p = part as Part;
    // Reported where the text begins, so that parts are reported in the order they came.
    if (p === texts[0]) mender.report(undefined, textRepairs);
    if (mendedText !== undefined && texts.includes(p)) return { ...part, text: p === texts[0] ? mendedText : '' };
    if (p.type === 'tool-call' && typeof p.input === 'string') return { ...part, input: mender.toolInput(p as Part & { input: string }) };
    return part;
  });
}

/**
 * The JSON text of a streamed reply: every JSON text part's deltas, joined in the order they came (what the SDK
 * reads), and the writer of its mended beginning.
 */
interface Reply {
  raw: string[];
  prefix: JsonPrefix | undefined;
}

/**
 * Mends a `doStream` stream. The JSON text parts' deltas are replaced by the mended JSON's beginning as it
 * becomes certain (see json-prefix.ts), read from the text of all of them joined (the SDK joins them: one value
 * may be split over several parts); the last part gets the rest of the mended JSON before its `text-end`, so the
 * concatenated text is the mended JSON. With `partialOutput: false` the text is held and sent mended in one delta
 * of the last part. A `tool-call` part's `input` is mended as it passes; its `tool-input-delta`s are the beginning
 * of that mended input as it becomes certain, the rest sent before its `tool-input-end` (see tool-input-stream.ts).
 *
 * Which part is the last is known when another begins (the `text-end` before it goes on) or at the finish part,
 * which also tells whether the reply was cut off by the token limit (finish `length`: not mended unless
 * `acceptTruncated`): so the rest, the last `text-end` and every part after it wait for the finish part. Only
 * that last correction waits; the beginning flows as it is written.
 */
function mendStream(mender: Mender, acceptTruncated: boolean): TransformStream<unknown, unknown> {
  let reply: Reply | undefined;
  const open = new Set<unknown>();
  const tools = new ToolInputStreams(mender);
  // Parts held until the finish part: the text-end of the text part that ended last, and what follows it.
  const held: Array<{ ended: Record<string, unknown>; id: unknown } | { part: unknown }> = [];
  const sent = (): string => reply?.prefix?.text ?? '';
  /** What goes before the last text-end: the rest of the mended text, or (cut off) what nothing else shows. */
  const lastDelta = (finishReason: unknown): string => {
    if (reply === undefined) return '';
    const text = reply.raw.join('');
    if (cutOff(finishReason) && !acceptTruncated) return sent() === '' ? text : '';
    if (text === '') return '';
    const ended = endedByModel(finishReason);
    const prefix = reply.prefix;
    // Once something was sent the text must stay compact JSON; before that, as in generate. undefined: the mended
    // text does not begin with what was sent (or the reply could not be read, e.g. a refused cut-off): nothing is
    // added, and the SDK reports text it cannot parse, so no repair was handed on either.
    if (prefix === undefined || prefix.text === '') {
      const mended = mender.text(text, undefined, ended);
      mender.report(undefined, mended.repairs);
      return mended.text;
    }
    const mended = mender.text(text, { order: prefix.keyOrder() }, ended);
    const rest = prefix.end(mended.text);
    if (rest === undefined) return '';
    mender.report(undefined, mended.repairs);
    return rest;
  };
  /** Sends what is held; `finish` when the finish part has come, else the held text-end was not the last. */
  const release = (controller: TransformStreamDefaultController<unknown>, finish: { reason: unknown } | undefined): void => {
    for (const item of held.splice(0)) {
      if ('part' in item) {
        controller.enqueue(item.part);
        continue;
      }
      const delta = finish === undefined ? '' : lastDelta(finish.reason);
      if (delta !== '') controller.enqueue({ type: 'text-delta', id: item.id, delta });
      controller.enqueue(item.ended);
    }
  };
  return new TransformStream<unknown, unknown>({
    transform(part, controller) {
      if (isObject(part) && part.type === 'finish') {
        release(controller, { reason: part.finishReason });
        return controller.enqueue(part);
      }
      if (!isObject(part)) return enqueue(controller, part);
      const p = part as Part;
      if (mender.jsonText && p.type === 'text-start') {
        // The text part that ended before this one was not the last: its text-end goes on, and what followed it.
        release(controller, undefined);
        reply ??= { raw: [], prefix: mender.prefix() };
        open.add(p.id);
      } else if (p.type === 'text-delta' && open.has(p.id) && typeof p.delta === 'string') {
        reply!.raw.push(p.delta);
        const delta = reply!.prefix?.push(p.delta) ?? '';
        if (delta !== '') enqueue(controller, { ...part, delta });
        return;
      } else if (p.type === 'text-end' && open.has(p.id)) {
        open.delete(p.id);
        // Another text part still open: this one is not the last.
        if (open.size > 0) return enqueue(controller, part);
        held.push({ ended: part, id: p.id });
        return;
      } else if (p.type === 'tool-input-start') {
        tools.start(p.id, p.toolName);
      } else if (p.type === 'tool-input-delta' && typeof p.delta === 'string' && tools.has(p.id)) {
        const delta = tools.push(p.id, p.delta);
        if (delta !== '') enqueue(controller, { ...part, delta });
        return;
      } else if (p.type === 'tool-input-end' && tools.has(p.id)) {
        const rest = tools.end(p.id);
        if (rest !== '') enqueue(controller, { type: 'tool-input-delta', id: p.id, delta: rest });
      } else if (p.type === 'tool-call' && typeof p.input === 'string') {
        // A call whose input streamed without its tool-input-end: what it showed is completed first.
        if (tools.has(p.toolCallId)) {
          const rest = tools.end(p.toolCallId);
          if (rest !== '') enqueue(controller, { type: 'tool-input-delta', id: p.toolCallId, delta: rest });
        }
        const call = p as Part & { input: string };
        return enqueue(controller, { ...part, input: mender.toolInput(call, tools.take(p.toolCallId, call.input)) });
      }
      enqueue(controller, part);
    },
    flush(controller) {
      // No finish part (not what the SDK's providers send): the held parts go as they would after any finish but
      // `length` and `stop` (who ended the reply is not known, so closers left out stay refused).
      if (open.size === 0) return release(controller, { reason: undefined });
      // A stream that ended without text-end (an error upstream): the text as written, if nothing of it was sent.
      release(controller, undefined);
      const last = [...open].at(-1);
      if (sent() === '' && reply !== undefined && reply.raw.length > 0) controller.enqueue({ type: 'text-delta', id: last, delta: reply.raw.join('') });
      open.clear();
    },
  });

  /** Parts of another text part or after the held ones: behind what is held, in order. */
  function enqueue(controller: TransformStreamDefaultController<unknown>, part: unknown): void {
    if (held.length > 0) held.push({ part });
    else controller.enqueue(part);
  }
}

/**
 * A language-model middleware that mends the JSON a model writes before the AI SDK reads it: text of calls that
 * ask for JSON (`generateText`/`streamText` with `Output.object`, `generateObject`/`streamObject`), read against
 * the response format's schema, and every tool call's input, read against its tool's schema. Text that cannot be
 * read is passed on unchanged, so the SDK's own errors still happen; the text of a reply cut off by the token
 * limit is not completed unless `acceptTruncated` (its tool calls are mended, a cut input refused by the parser), while one the model ended itself (finish `stop`) whose value is whole but
 * for its closers is taken, as `generate()` takes it.
 *
 * ```ts
 * import { wrapLanguageModel, generateText, Output } from 'ai';
 * const model = wrapLanguageModel({ model: openai('gpt-4o-mini'), middleware: jsonmendMiddleware() });
 * const { output } = await generateText({ model, output: Output.object({ schema }), prompt });
 * ```
 */
export function jsonmendMiddleware(options: JsonMendMiddlewareOptions = {}): JsonMendMiddleware {
  checkAdapterOptions(options);
  return {
    specificationVersion: 'v3',
    async wrapGenerate<R extends GenerateResultLike>({ doGenerate, params }: { doGenerate: () => PromiseLike<R>; params: CallOptionsLike }): Promise<R> {
      const result = await doGenerate();
      if (!isObject(result) || !Array.isArray(result.content)) return result;
      return { ...result, content: mendContent(result.content, new Mender(options, params), result.finishReason, options.acceptTruncated === true) };
    },
    async wrapStream<R extends StreamResultLike>({ doStream, params }: { doStream: () => PromiseLike<R>; params: CallOptionsLike }): Promise<R> {
      const result = await doStream();
      // Duck-typed: a ReadableStream from another realm or a polyfill is not `instanceof` this one.
      if (!isObject(result) || typeof (result.stream as { pipeThrough?: unknown } | undefined)?.pipeThrough !== 'function') return result;
      return { ...result, stream: result.stream.pipeThrough(mendStream(new Mender(options, params), options.acceptTruncated === true)) };
    },
  };
}
