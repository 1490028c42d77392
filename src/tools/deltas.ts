// Provider tool-call deltas, demultiplexed: OpenAI streams `tool_calls[i].function.arguments` in
// pieces keyed by `index` (the id comes once), Anthropic streams `input_json_delta` pieces keyed by
// the content block's index. Each call gets its own stream parser (fed only its new piece) for partial
// arguments. The whole arguments text is read once, as `parseToolArguments` reads it with the tool's
// schema (as JSON only, for a tool without one), when the provider closes the call, or when its JSON
// has closed and the stream has moved on to another call: a provider may send more of the same call's
// arguments after a closer (`{"path": "a"}` then `, "limit": 40}`, or a second object), and a call
// read at its first closer would lose them. Linear in total size.
import { JsonMendError } from '../errors.js';
import { createStreamParser } from '../stream/index.js';
import { ChunkText } from '../stream/text.js';
import type { StreamParser } from '../stream/types.js';
import { parserOptions } from './context.js';
import { argumentsFromText, cutOff, hasPlaceholder, isReadingError, placeholder, wasCutOff } from './read-call.js';
import { parseToolArguments, readToolArguments } from './arguments.js';
import type { Repair, SchemaLike } from '../schema/types.js';
import { ToolRegistry } from './registry.js';
import { RootCloseHint } from './root-close.js';
import type { ToolCallDelta, ToolCallDeltaEvent, ToolCallDeltaMux, ToolCallDeltaOptions } from './types.js';
import { appendAll } from '../arrays.js';

interface CallState {
  key: string;
  id: string | undefined;
  name: string | undefined;
  /** The arguments so far (in blocks, not one string a delta: joined once when the call finishes). */
  text: ChunkText;
  parser: StreamParser | undefined;
  last: unknown;
  done: boolean;
  /** Where the arguments' JSON closes: the call is read once another call's delta comes, without waiting for the provider's close. */
  hint: RootCloseHint;
  /** Whether more arguments came after the call was read (reported once, as an error event). */
  late: boolean;
  /** An early reading failed: the call waits for the provider's close (read again on every move, it would be quadratic). */
  waits: boolean;
}

/** The call as messages name it: `the call to "get_weather" (call_a)`. */
function describeCall(state: CallState): string {
  return `the call to "${state.name ?? ''}" (${state.id ?? `index ${state.key}`})`;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * A demultiplexer for streamed provider tool calls. Push deltas (or whole OpenAI chunks / Anthropic
 * events); each push returns `call_start`, partial `arguments`, and — once a call's arguments have
 * closed and a delta of another call comes, or the provider closes the call — its `call` (parsed,
 * repaired, validated) or `error` event.
 */
export function createToolCallDeltaMux(options: ToolCallDeltaOptions = {}): ToolCallDeltaMux {
  if (options === null || typeof options !== 'object') throw new JsonMendError('INVALID_ARGUMENT', 'options must be an object');
  const tools = new ToolRegistry(options.tools, options.tools === undefined);
  const parseOptions = parserOptions(options);
  const calls = new Map<string, CallState>();
  const keyOfId = new Map<string, string>();
  /** Calls whose JSON has closed, read when a delta of another call comes. */
  const closed = new Set<CallState>();
  let lastKey: string | undefined;

  function stateFor(delta: ToolCallDelta, events: ToolCallDeltaEvent[]): CallState {
    let key: string;
    if (delta.index !== undefined) key = String(delta.index);
    else if (delta.id !== undefined) key = keyOfId.get(delta.id) ?? delta.id;
    else if (lastKey !== undefined) key = lastKey;
    else throw new JsonMendError('INVALID_ARGUMENT', 'a tool-call delta needs an index or an id');
    lastKey = key;
    let state = calls.get(key);
    if (!state) {
      state = { key, id: delta.id, name: undefined, text: new ChunkText(), parser: createStreamParser(parseOptions), last: undefined, done: false, hint: new RootCloseHint(), late: false, waits: false };
      calls.set(key, state);
      if (delta.id !== undefined) keyOfId.set(delta.id, key);
      events.push({ type: 'call_start', key, id: delta.id, name: delta.name || undefined });
    }
    if (delta.id !== undefined && state.id === undefined) {
      state.id = delta.id;
      keyOfId.set(delta.id, key);
    }
    return state;
  }

  /**
   * Reads the call's whole arguments text. `early`: the JSON seems to have closed (a hint); a reading
   * error then is not reported, the call waits for the provider's close instead.
   */
  function finish(state: CallState, events: ToolCallDeltaEvent[], early = false): void {
    closed.delete(state);
    if (state.done) return;
    const name = state.name ?? '';
    let event: ToolCallDeltaEvent;
    try {
      if (name === '') throw new JsonMendError('UNREPAIRABLE', `the tool call ${state.id ?? state.key} has no name`);
      const schema = tools.schemaOf(name);
      const read = readArguments(state.text.all(), schema, () => describeCall(state));
      event = { type: 'call', key: state.key, id: state.id, name, arguments: read.value, repairs: read.repairs };
    } catch (error) {
      if (!(error instanceof JsonMendError)) throw error;
      if (early && isReadingError(error)) {
        state.waits = true;
        return;
      }
      event = { type: 'error', key: state.key, id: state.id, error };
    }
    state.done = true;
    state.parser = undefined;
    events.push(event);
  }

  /**
   * A call's whole arguments text, read: with a schema as `parseToolArguments` reads it (the whole call
   * written where its arguments go, parameter markup, text for one string parameter), its errors naming
   * the call; cut off, or holding a placeholder, an error as in a reply's calls. Without one (no
   * `tools`, or a tool given none), as JSON only: any value.
   */
  function readArguments(text: string, schema: SchemaLike | undefined, where: () => string): { value: unknown; repairs: Repair[] } {
    if (schema === undefined) return argumentsFromText(text, schema, parseOptions, [], where);
    let seen: Repair[] = [];
    try {
      readToolArguments(text, { ...parseOptions, onRepair: (r) => (seen = [...r]) });
    } catch {
      seen = []; // no JSON (markup, text): parseToolArguments says what it is
    }
    if (wasCutOff(seen)) throw cutOff(where);
    if (hasPlaceholder(seen)) throw placeholder(where);
    let repairs: Repair[] = [];
    try {
      const value = parseToolArguments(text, schema, { ...parseOptions, onRepair: (r) => (repairs = [...r]) });
      return { value, repairs };
    } catch (error) {
      if (error instanceof JsonMendError) (error as { message: string }).message = `the arguments of ${where()}: ${error.message}`;
      throw error;
    }
  }

  function push(delta: ToolCallDelta, events: ToolCallDeltaEvent[] = []): ToolCallDeltaEvent[] {
    if (record(delta) === undefined) throw new JsonMendError('INVALID_ARGUMENT', 'a tool-call delta must be an object');
    const state = stateFor(delta, events);
    // The stream moved on from the calls whose JSON closed: they are read now.
    for (const other of closed) if (other !== state) finish(other, events, true);
    if (typeof delta.name === 'string' && delta.name !== '') state.name = (state.name ?? '') + delta.name;
    const piece = delta.arguments;
    if (typeof piece !== 'string' || piece === '') return events;
    if (state.done) {
      if (!state.late && piece.trim() !== '') {
        // Read already (another call's delta came between): what comes now is not part of that call.
        state.late = true;
        events.push({ type: 'error', key: state.key, id: state.id, error: new JsonMendError('UNREPAIRABLE', `more arguments came for ${describeCall(state)} after it was read: ${JSON.stringify(piece.slice(0, 40))}`) });
      }
      return events;
    }
    state.text.add(piece);
    if (!state.parser) {
      seeClose(state, piece);
      return events;
    }
    let snapshot;
    try {
      snapshot = state.parser.push(piece);
    } catch {
      state.parser = undefined; // the reading at the close reports it
      return events;
    }
    if (snapshot.error) {
      state.parser = undefined;
      return events;
    }
    if (snapshot.value !== undefined && snapshot.value !== state.last) {
      state.last = snapshot.value;
      events.push({ type: 'arguments', key: state.key, id: state.id, name: state.name, arguments: snapshot.value });
    }
    seeClose(state, piece);
    return events;
  }

  /** Feeds the call's close hint: once its JSON has closed, the call is read when another call's delta comes. */
  function seeClose(state: CallState, piece: string): void {
    if (state.hint.close !== -1) return;
    state.hint.feed(piece);
    if (state.hint.close !== -1 && !state.waits) closed.add(state);
  }

  function close(key: string | number): ToolCallDeltaEvent[] {
    const events: ToolCallDeltaEvent[] = [];
    const state = calls.get(String(key));
    if (state) finish(state, events);
    return events;
  }

  function end(): ToolCallDeltaEvent[] {
    const events: ToolCallDeltaEvent[] = [];
    for (const state of calls.values()) finish(state, events);
    return events;
  }

  return {
    push: (delta) => push(delta),
    pushOpenAI(chunk) {
      const events: ToolCallDeltaEvent[] = [];
      const choice = record(record(chunk)?.choices && Array.isArray(record(chunk)!.choices) ? (record(chunk)!.choices as unknown[])[0] : undefined);
      const list = record(choice?.delta)?.tool_calls;
      if (Array.isArray(list)) {
        for (const item of list) {
          const call = record(item);
          if (!call) continue;
          const fn = record(call.function);
          push({ index: typeof call.index === 'number' ? call.index : undefined, id: str(call.id), name: str(fn?.name), arguments: str(fn?.arguments) }, events);
        }
      }
      if (typeof choice?.finish_reason === 'string') appendAll(events, end());
      return events;
    },
    pushAnthropic(event) {
      const e = record(event);
      const index = typeof e?.index === 'number' ? e.index : undefined;
      if (!e || index === undefined) return [];
      if (e.type === 'content_block_start') {
        const block = record(e.content_block);
        if (block?.type !== 'tool_use') return [];
        return push({ index, id: str(block.id), name: str(block.name) });
      }
      if (e.type === 'content_block_delta') {
        const delta = record(e.delta);
        if (delta?.type !== 'input_json_delta' || !calls.has(String(index))) return [];
        return push({ index, arguments: str(delta.partial_json) ?? '' });
      }
      if (e.type === 'content_block_stop') return close(index);
      return [];
    },
    close,
    end,
  };
}
