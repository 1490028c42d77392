// What every AI SDK adapter (the hooks and the middleware) accepts, and the parser options it turns into.
import { JsonMendError, describeType } from '../../errors.js';
import { ALL_REPAIR_KINDS, isCutOffRepair } from '../../parse/kind-flags.js';
import { validateParseOptions } from '../../parse/settings.js';
import type { Repair } from '../../schema/types.js';
import type { LoopParseOptions } from '../parse-reply.js';

/**
 * The output part an AI SDK adapter mended: the reply's JSON text (all its text parts, joined as the SDK joins
 * them), or one tool call's input.
 */
export type AiSdkRepairedPart = { type: 'text' } | { type: 'tool-call'; toolCallId: string; toolName: string };

/** What an AI SDK adapter's `onRepair` is called with. */
export interface AiSdkRepairEvent {
  /** What was mended. */
  part: AiSdkRepairedPart;
  /**
   * Every repair that produced the value handed on, as `parseWithReport` gives them: the text repairs (their
   * `offset`, `line` and `column` are in the text that was mended: the text parts joined, or the tool call's
   * `input`), then the schema's. Never empty.
   */
  repairs: readonly Repair[];
}

/** What every AI SDK adapter accepts. */
export interface AiSdkRepairOptions {
  /** Options for the tolerant parser. */
  parseOptions?: LoopParseOptions | undefined;
  /**
   * Repair a reply that was cut off (the text ends inside a value: the cut-off repairs `truncated` and
   * `truncated_literal`). Default `false`:
   * `{"name": "Ada", "age": 3` may have been `36`, so a cut-off reply is left for the SDK to reject, as
   * `generate()` refuses `finish_reason: "length"`.
   */
  acceptTruncated?: boolean | undefined;
  /**
   * Called once for each output part whose mended value is handed on to the SDK, with the part and its repairs,
   * only when at least one repair fired (as `parse`'s `onRepair`): never for valid JSON that needed none, nor
   * for text passed on as written (unreadable, refused, cut off). Streamed, once the part's value is final: a
   * tool call as its `tool-call` part passes, the JSON text when its last delta goes (at the finish part), never
   * per delta. What it throws reaches the caller (`generateText` rejects, the stream errors).
   */
  onRepair?: ((event: AiSdkRepairEvent) => void) | undefined;
}

/**
 * Throws `INVALID_ARGUMENT` for an `onRepair` that is no function (it would fail only when a repair fires) and
 * for parser options of the wrong shape: each read would fail with them, and the adapter, taking that for a reply
 * it cannot read, would hand every reply on as written, mending nothing without a word.
 */
export function checkAdapterOptions(options: AiSdkRepairOptions): void {
  if (options?.parseOptions !== undefined) validateParseOptions(options.parseOptions);
  const onRepair = options?.onRepair;
  if (onRepair !== undefined && typeof onRepair !== 'function') {
    throw new JsonMendError('INVALID_ARGUMENT', `onRepair must be a function, got ${describeType(onRepair)}`);
  }
}

/** Calls the caller's `onRepair` for a mended part, only when a repair fired. */
export function reportRepairs(options: AiSdkRepairOptions, part: AiSdkRepairedPart, repairs: readonly Repair[]): void {
  if (repairs.length > 0) options.onRepair?.({ part, repairs });
}

/** The repairs that mean the text was cut off (`truncated`, `truncated_literal`), from the one table of kinds. */
const CUT_OFF = ALL_REPAIR_KINDS.filter(isCutOffRepair);

/** The parser options an adapter uses: the caller's, plus the cut-off repairs refused unless accepted. */
export function adapterParseOptions(options: AiSdkRepairOptions): LoopParseOptions {
  const parseOptions = options.parseOptions ?? {};
  if (options.acceptTruncated === true) return { ...parseOptions, acceptTruncated: true };
  return { ...parseOptions, disable: [...(parseOptions.disable ?? []), ...CUT_OFF] };
}
