// The middleware's streamed tool inputs: while a call's input streams (`tool-input-delta`), the beginning of
// the compact JSON its mended input will be, so what a UI shows of the call (`streamText`'s partial tool input)
// grows into the input the `tool-call` part carries instead of showing the model's raw text first.
import type { JsonPrefix, KeyOrder } from './json-prefix.js';
import type { Repair } from '../../schema/types.js';

/** A text as handed on, and the repairs of the reading it came from. */
export interface MendedInput {
  text: string;
  repairs: readonly Repair[];
}

/** What the streams need of the middleware's mender. */
export interface ToolInputMender {
  /** The writer of a call's mended beginning; undefined when its deltas pass as written (`toolCalls: false`). */
  toolPrefix(toolName: unknown): JsonPrefix | undefined;
  /** A call's input mended (not reported); `compact`: as compact JSON with the keys in `order`, the order they were streamed in. */
  mendToolInput(toolName: unknown, input: string, compact?: { order: KeyOrder | undefined }): MendedInput;
}

interface Streaming {
  toolName: unknown;
  raw: string[];
  prefix: JsonPrefix | undefined;
}

/**
 * Every call whose input is streaming, by id. Calls may interleave: each has its own reading. When a call's
 * input ends, the rest of its mended input goes as one more delta, and the reading is kept for its `tool-call`
 * part, which then carries the same text (not read twice, and never a second, different mending).
 */
export class ToolInputStreams {
  private readonly open = new Map<unknown, Streaming>();
  private readonly ended = new Map<unknown, { raw: string; mended: MendedInput }>();

  constructor(private readonly mender: ToolInputMender) {}

  start(id: unknown, toolName: unknown): void {
    this.open.set(id, { toolName, raw: [], prefix: this.mender.toolPrefix(toolName) });
  }

  has(id: unknown): boolean {
    return this.open.has(id);
  }

  /** The text to pass on for this delta of call `id` ('' while nothing new is certain). */
  push(id: unknown, delta: string): string {
    const call = this.open.get(id)!;
    call.raw.push(delta);
    return call.prefix === undefined ? delta : call.prefix.push(delta);
  }

  /**
   * The call's input ended: the delta that completes what was shown ('' when none). When nothing was shown, the
   * whole mended input; when the mended input does not begin with what was shown (a later reading changed it,
   * or the input was refused), nothing: the deltas stay a beginning, and the `tool-call` part says the rest.
   */
  end(id: unknown): string {
    const call = this.open.get(id);
    if (call === undefined) return '';
    this.open.delete(id);
    if (call.prefix === undefined) return '';
    const raw = call.raw.join('');
    const shown = call.prefix.text;
    const mended = this.mender.mendToolInput(call.toolName, raw, shown === '' ? undefined : { order: call.prefix.keyOrder() });
    const rest = shown === '' ? mended.text : call.prefix.end(mended.text);
    this.ended.set(id, { raw, mended: rest === undefined && call.prefix.changed ? contradicted(raw, shown, mended) : mended });
    return rest ?? '';
  }

  /** The mending of call `id`'s streamed input, when `input` is what streamed (taken once). */
  take(id: unknown, input: string): MendedInput | undefined {
    const done = this.ended.get(id);
    this.ended.delete(id);
    return done !== undefined && done.raw === input ? done.mended : undefined;
  }
}

/**
 * What the `tool-call` part carries when a value shown was replaced (a key came again after its first value was
 * shown, also after the deltas stopped or at the text's end), and the input, mended, no longer begins with what was
 * shown (`{"city": "Paris", "days": 3, "city": "Rome"}` showed `"Paris"`; mended, or as written read by JSON.parse,
 * it is Rome). A value made from it would contradict the deltas: the call carries
 * what was shown, a beginning the SDK reports as an invalid input, so the stream never shows a value its end
 * contradicts. Text nobody reads as a value (refused) stays as written: the SDK reports it, a repair hook gets all of it.
 */
function contradicted(raw: string, shown: string, mended: MendedInput): MendedInput {
  if (mended.text !== raw) return { text: shown, repairs: [] };
  try {
    JSON.parse(raw);
  } catch {
    return mended;
  }
  return { text: shown, repairs: [] };
}
