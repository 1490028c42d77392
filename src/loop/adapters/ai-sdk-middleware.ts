// A language-model middleware for the AI SDK's `wrapLanguageModel`: JSON the model wrote is mended before the
// SDK reads it, in `generateText`/`streamText` with `Output.object` (JSON response format) and in tool calls.
// Structural types only: one middleware object fits AI SDK 5, 6 and 7 (their middleware runtimes do not look
// at the version field; the parts it reads are the same in every version).
import { JsonMendError } from '../../errors.js';
import { rereadClosersLeftOut } from '../../parse/closers-at-end.js';
import { parseWithReport } from '../../schema/index.js';
import type { SchemaLike } from '../../schema/types.js';
import { parseToolArguments } from '../../tools/arguments.js';
import { adapterParseOptions, type AiSdkRepairOptions } from './ai-sdk-options.js';
import { JsonPrefix, inOrderOf } from './json-prefix.js';

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
   * While a JSON text part streams, pass on the beginning of the mended JSON as it becomes certain, so
   * `streamText`'s partial outputs flow (default `true`); the rest follows when the part ends, and the whole
   * text is the mended JSON. `false`: hold the part until it ends and send it mended in one piece.
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
  toolName?: unknown;
  input?: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Whether the finish reason is `reason`: a string in AI SDK 5, `{ unified, raw }` in 6 and 7. */
function finishedWith(finishReason: unknown, reason: 'length' | 'stop'): boolean {
  return finishReason === reason || (isObject(finishReason) && finishReason.unified === reason);
}

/** Cut off by the token limit. */
function cutOff(finishReason: unknown): boolean {
  return finishedWith(finishReason, 'length');
}

/**
 * The model ended the reply itself: a value whole but for its closers is taken (`missing_closer`), as
 * generate() takes it (parse/closers-at-end.ts).
 */
function endedByModel(finishReason: unknown): boolean {
  return finishedWith(finishReason, 'stop');
}

/** The mender for one call: what to do with a JSON text and with a tool call's input. */
class Mender {
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
   * keys in the order of the same objects in `compact.order`. `ended`: the model ended the reply itself
   * (finish reason `stop`), so a value whole but for its closers is taken.
   */
  text(text: string, compact?: { order: unknown }, ended = false): string {
    const options = this.options;
    return this.mend(text, this.textSchema, compact, (t, s) => {
      try {
        return parseWithReport(t, { ...adapterParseOptions(options), schema: s }).value;
      } catch (refused) {
        const read = rereadClosersLeftOut(ended, options.acceptTruncated, refused, () =>
          parseWithReport(t, { ...options.parseOptions, schema: s, acceptTruncated: true }),
        );
        if (read === undefined) throw refused;
        return read.value;
      }
    });
  }

  /** The writer of a streamed JSON text part's mended beginning; undefined when the part is held whole. */
  prefix(): JsonPrefix | undefined {
    if (this.options.partialOutput === false) return undefined;
    // Snapshots read the text so far, which always ends inside the value: the cut-off refusal is for the end.
    return new JsonPrefix(this.options.parseOptions ?? {}, this.textSchema);
  }

  /** A tool call's input as compact JSON, read against its tool's schema; unchanged when it cannot be read. */
  toolInput(toolName: unknown, input: string): string {
    if (this.options.toolCalls === false) return input;
    return this.mend(input, this.toolSchema(toolName), undefined, (t, s) => parseToolArguments(t, s, adapterParseOptions(this.options)));
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
   */
  private mend(
    text: string,
    schema: SchemaLike | undefined,
    compact: { order: unknown } | undefined,
    read: (text: string, schema: SchemaLike | undefined) => unknown,
  ): string {
    for (const s of schema === undefined ? [undefined] : [schema, undefined]) {
      try {
        const value = read(text, s);
        if (compact) return JSON.stringify(inOrderOf(value, compact.order)) ?? text;
        const out = JSON.stringify(value);
        if (out === undefined) return text;
        try {
          // Already valid and equal: keep the model's own text (its spacing, its number forms).
          if (JSON.stringify(JSON.parse(text)) === out) return text;
        } catch {
          // not valid JSON: the mended text it is
        }
        return out;
      } catch (error) {
        if (!(error instanceof JsonMendError)) throw error;
        if (error.code === 'REPAIR_REFUSED') return text;
      }
    }
    return text;
  }
}

/**
 * Mends the content parts of a `doGenerate` result. `finishReason`: a reply cut off by the token limit keeps
 * its text as written unless `acceptTruncated` (what was cut may have been a second value), and at `stop`
 * a value whole but for its closers is taken. Tool calls are mended whatever the finish: each is its own
 * part, a cut input is refused by the parser, and the stream mends them before it sees the finish.
 */
function mendContent(content: readonly unknown[], mender: Mender, finishReason: unknown, acceptTruncated: boolean): unknown[] {
  const mendText = mender.jsonText && (acceptTruncated || !cutOff(finishReason));
  const ended = endedByModel(finishReason);
  return content.map((part) => {
    if (!isObject(part)) return part;
    const p = part as Part;
    if (p.type === 'text' && mendText && typeof p.text === 'string') return { ...part, text: mender.text(p.text, undefined, ended) };
    if (p.type === 'tool-call' && typeof p.input === 'string') return { ...part, input: mender.toolInput(p.toolName, p.input) };
    return part;
  });
}

/** A JSON text part on its way: the model's text so far, and the writer of its mended beginning. */
interface TextPart {
  raw: string[];
  prefix: JsonPrefix | undefined;
}

/**
 * A JSON text part that has ended, waiting for the finish part: `rest` (the end of the mended text, read
 * once the finish part tells whether the model ended the reply itself) is sent only when the reply was not
 * cut off by the token limit; when it was, `raw` (the text as written) is sent instead if nothing of the
 * part was sent yet, else nothing more.
 */
interface EndedPart {
  ended: Record<string, unknown>;
  id: unknown;
  rest: (endedByModel: boolean) => string | undefined;
  raw: string;
  sentAny: boolean;
}

/**
 * Mends a `doStream` stream. A JSON text part's deltas are replaced by the mended JSON's beginning as it becomes
 * certain (see json-prefix.ts) and, at its `text-end`, the rest of the mended JSON, so the concatenated text is
 * the mended JSON; with `partialOutput: false` the part is held and sent as one mended `text-delta`. A
 * `tool-call` part's `input` is mended as it passes (its `tool-input-delta`s pass unchanged).
 *
 * The finish part comes after `text-end`, and a reply cut off by the token limit (finish `length`) is not
 * mended (unless `acceptTruncated`): so the rest of each JSON text part, its `text-end` and every part after
 * it wait for the finish part. Only that last correction waits; the beginning flows as it is written.
 */
function mendStream(mender: Mender, acceptTruncated: boolean): TransformStream<unknown, unknown> {
  const parts = new Map<unknown, TextPart>();
  // Parts held until the finish part tells whether the reply was cut off: ended text parts and what follows them.
  const held: Array<EndedPart | { part: unknown }> = [];
  const release = (controller: TransformStreamDefaultController<unknown>, finishReason: unknown): void => {
    const cut = cutOff(finishReason);
    const ended = endedByModel(finishReason);
    for (const item of held.splice(0)) {
      if ('part' in item) {
        controller.enqueue(item.part);
        continue;
      }
      const delta = cut ? (item.sentAny ? '' : item.raw) : (item.rest(ended) ?? '');
      if (delta !== '') controller.enqueue({ type: 'text-delta', id: item.id, delta });
      controller.enqueue(item.ended);
    }
  };
  return new TransformStream<unknown, unknown>({
    transform(part, controller) {
      if (isObject(part) && part.type === 'finish') {
        release(controller, part.finishReason);
        return controller.enqueue(part);
      }
      if (!isObject(part)) return enqueue(controller, part);
      const p = part as Part;
      const open = parts.get(p.id);
      if (mender.jsonText && p.type === 'text-start') {
        parts.set(p.id, { raw: [], prefix: mender.prefix() });
      } else if (p.type === 'text-delta' && open !== undefined && typeof p.delta === 'string') {
        open.raw.push(p.delta);
        const delta = open.prefix?.push(p.delta) ?? '';
        if (delta !== '') enqueue(controller, { ...part, delta });
        return;
      } else if (p.type === 'text-end' && open !== undefined) {
        parts.delete(p.id);
        const text = open.raw.join('');
        const sent = open.prefix?.text ?? '';
        const prefix = open.prefix;
        // Once something was sent the text must stay compact JSON; before that, as in generate.
        const rest = (ended: boolean): string | undefined =>
          text === '' ? '' : sent === '' ? mender.text(text, undefined, ended) : prefix!.end(mender.text(text, { order: prefix!.reading() }, ended));
        // undefined: the mended text does not begin with what was sent (or the reply could not be read, e.g. a
        // refused cut-off): nothing is added, and the SDK reports text it cannot parse.
        if (acceptTruncated) {
          const end = rest(false);
          if (end !== undefined && end !== '') enqueue(controller, { type: 'text-delta', id: p.id, delta: end });
          return enqueue(controller, part);
        }
        held.push({ ended: part, id: p.id, rest, raw: text, sentAny: sent !== '' });
        return;
      } else if (p.type === 'tool-call' && typeof p.input === 'string') {
        return enqueue(controller, { ...part, input: mender.toolInput(p.toolName, p.input) });
      }
      enqueue(controller, part);
    },
    flush(controller) {
      // No finish part (not what the SDK's providers send): the held parts go as they would after any finish but
      // `length` and `stop` (who ended the reply is not known, so closers left out stay refused).
      release(controller, undefined);
      // A stream that ended without text-end (an error upstream): what was held, unmended, if nothing was sent.
      for (const [id, open] of parts) {
        if ((open.prefix?.text ?? '') === '' && open.raw.length > 0) controller.enqueue({ type: 'text-delta', id, delta: open.raw.join('') });
      }
      parts.clear();
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
