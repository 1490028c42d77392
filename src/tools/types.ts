// Public types of tool-call recovery: the tools a reply may call, the calls found, the stream events.
import type { ToolCallFormat } from '../extract/tool-calls/index.js';
import type { JsonMendError } from '../errors.js';
import type { ParseOptions } from '../parse/types.js';
import type { Repair, SchemaLike } from '../schema/types.js';

/** A tool the model may call: its name and the schema of its arguments (JSON Schema or any Standard Schema). */
export interface ToolDefinition {
  name: string;
  /** The arguments' schema; without one, arguments are parsed and repaired as JSON only. */
  schema?: SchemaLike | undefined;
}

/**
 * What was done to a call before its arguments were parsed, beyond the parser's and the schema's repairs.
 * One row per member:
 *
 * | rewrite               | what it fixes                                                     | example                                             |
 * | --------------------- | ----------------------------------------------------------------- | --------------------------------------------------- |
 * | `doubled_braces`      | every brace doubled, as copied from a Python f-string prompt      | `{{"city": "Paris"}}` → `{"city": "Paris"}`         |
 * | `arguments_as_string` | the arguments written as a JSON string holding the object          | `"arguments": "{\"city\": \"Paris\"}"` → `{"city": "Paris"}` |
 * | `arguments_as_text`   | the arguments written as text, no JSON, for a tool whose schema has one string parameter: its value | `"arguments": "df.shape[0]"` → `{"query": "df.shape[0]"}` |
 * | `function_wrapper`    | an OpenAI-style `{"type": "function", "function": {…}}` wrapper  | `{"function": {"name": "f", …}}` → the inner call  |
 * | `call_syntax`         | a call object written as a function call to one of `tools` (in markup, or a pythonic call whose one argument is the object) | `<tool_call>f({"city": "Paris"})</tool_call>` → `f`, `{"city": "Paris"}` |
 * | `flat_arguments`      | the arguments written beside the name, with no arguments member  | `{"name": "f", "city": "Paris"}` → `{"city": "Paris"}` |
 * | `arguments_beside`    | members beside the arguments member, joined to the arguments     | `{"name": "f", "arguments": {"a": 1}, "b": 2}` → `{"a": 1, "b": 2}` |
 * | `inferred_name`       | markup that numbers the call but names no tool (Kimi K2's `<\|tool_call_begin\|>0`): the one tool given, or the one whose parameters the arguments' keys fit; or a Kimi id not written `functions.NAME:N` (`functionsexec5`): the one tool it names | `<\|tool_call_begin\|>0 <\|tool_call_argument_begin\|>{"city": "Tokyo"}` → `get_weather` |
 * | `lost_string_token`   | a Gemma string whose opening `<\|"\|>` was lost: its closing one ends the text the key's colon began | `{query:Paris, France<\|"\|>,limit:5}` → `{"query": "Paris, France", "limit": 5}` |
 * | `lost_arg_key`        | a GLM call's first `<arg_key>` lost: its key glued to the name (split off by the tools' names), after a space, or after a second `<tool_call>` | `<tool_call>runcommand</arg_key><arg_value>ls</arg_value>` → `run`, `{"command": "ls"}` |
 * | `agent_shape`         | a call in an agent framework's shape, naming one of `tools`: smolagents' `tool_name`/`tool_arguments`, LangChain's `action`/`action_input` (an object, or text), MemGPT's `function`/`params`, `tool`/`args`, gpt-oss's `function`/`parameters`, Gemini's `tool_name`/`inputs`, `call`/`arguments`, GPT's `tool_uses` written out, langroid's `{"request": NAME, …arguments}` | `{"action": "f", "action_input": {"a": 1}}` → `f`, `{"a": 1}` |
 * | `name_line`           | GLM-4's own format: the tool's name alone on a line, then its arguments' object, or ChatGLM3's ```` ```python ```` fence holding `tool_call(…)` (only when the name is one of `tools` and the pair stands apart: the reply's start or a blank line before, the reply's end or a blank line after) | `get_weather⏎{"city": "Paris"}` → `get_weather`, `{"city": "Paris"}` |
 * | `drifted_markup`      | Qwen3-Coder's call markup written loosely, as prompted models write it: `<tool_call>function=f>` (the `<` lost), `<function>f</function>`, a tool's name bare before its arguments (`<tool_call>f {…}</tool_call>`), `<parameter>k</parameter>` before the value, `<k>value</k>` tags, or a value in `<value>` tags for a property that takes no string | `<tool_call>f⏎<city>Paris</city>⏎</f>` → `f`, `{"city": "Paris"}` |
 * | `lost_call_token`     | Gemma's call with its special tokens stripped by the server (no tool parser): `call:NAME{…}` starting a line, NAME one of `tools` (any other name there is text) | `call:get_weather{city:<escape>Paris<escape>}` → `get_weather`, `{"city": "Paris"}` |
 * | `name_separator`      | a call's name (any format) that differs from one tool's (and only one) by `_` written for `-` or the reverse (lmstudio #1358) | `resolve_library_id(…)` → `resolve-library-id` |
 */
export type ToolCallRewrite = 'doubled_braces' | 'arguments_as_string' | 'arguments_as_text' | 'function_wrapper' | 'call_syntax' | 'flat_arguments' | 'arguments_beside' | 'inferred_name' | 'lost_string_token' | 'lost_arg_key' | 'agent_shape' | 'drifted_markup' | 'name_line' | 'name_separator' | 'lost_call_token';

/** Every {@link ToolCallRewrite}. */
export const TOOL_CALL_REWRITES: readonly ToolCallRewrite[] = Object.freeze(['doubled_braces', 'arguments_as_string', 'arguments_as_text', 'function_wrapper', 'call_syntax', 'flat_arguments', 'arguments_beside', 'inferred_name', 'lost_string_token', 'lost_arg_key', 'agent_shape', 'drifted_markup', 'name_line', 'name_separator', 'lost_call_token'] as const);

/** One tool call found in a reply. */
export interface ToolCall<A = unknown> {
  /** The tool's name, one of the tools given. */
  name: string;
  /** The arguments, parsed, repaired and valid for the tool's schema. */
  arguments: A;
  /** Every repair made to the arguments: text repairs first, then schema repairs. */
  repairs: Repair[];
  /** Rewrites made before parsing (see {@link ToolCallRewrite}). */
  rewrites: ToolCallRewrite[];
  /** Where the call is in the text: `[start, end)`, markup included. */
  span: { start: number; end: number };
  /** How the call was written. */
  format: ToolCallFormat;
  /** The call's id, when the model wrote one (`"id"` in a Mistral call). */
  id?: string;
}

/** What {@link extractToolCalls} returns. */
export interface ToolCallsResult {
  /** Every call, in text order. */
  calls: ToolCall[];
  /** The reply with the calls (and their markup) taken out, trimmed. */
  text: string;
}

/** The tolerant parser's settings that tool-call reading passes on. */
export type ParserSettings = Pick<ParseOptions, 'strict' | 'disable' | 'maxDepth' | 'maxLength'>;

/** Options of {@link extractToolCalls} and {@link createToolCallStream}. */
export interface ToolCallOptions extends ParserSettings {
  /** The tools the model may call. A call naming any other tool is an error that lists these. */
  tools: readonly ToolDefinition[];
  /** The formats to look for. Default: all of {@link TOOL_CALL_FORMATS}. */
  formats?: readonly ToolCallFormat[] | undefined;
}

/** What a {@link ToolCallStream} reports after a push. */
export type ToolCallStreamEvent =
  /** A call started; `name` is known once its markup or its `"name"` is complete. */
  | { type: 'call_start'; index: number; name: string | undefined; format: ToolCallFormat }
  /** The arguments so far (a partial value; not yet validated). */
  | { type: 'arguments'; index: number; name: string | undefined; arguments: unknown }
  /** The call is complete: its arguments parsed, repaired and validated. */
  | { type: 'call'; index: number; call: ToolCall }
  /** The call could not be read (unknown tool, arguments cut off or invalid); `end()` throws the first such error. */
  | { type: 'error'; index: number; error: JsonMendError };

/** Tool calls recovered from a reply while it streams. */
export interface ToolCallStream {
  /** Adds a chunk of the reply; returns what changed. */
  push(chunk: string): ToolCallStreamEvent[];
  /**
   * Ends the reply; returns exactly what `extractToolCalls(wholeText, options)` returns.
   * @throws what `extractToolCalls` throws on the whole text.
   */
  end(): ToolCallsResult;
}

/** One provider tool-call delta: OpenAI `choices[0].delta.tool_calls[i]` flattened, or an Anthropic block's piece. */
export interface ToolCallDelta {
  /** The call's position (`tool_calls[i].index`, Anthropic's content block `index`). */
  index?: number | undefined;
  /** The call's id; sent once, in the first delta of a call. */
  id?: string | undefined;
  /** The tool's name; sent once (OpenAI may split it over deltas: pieces are joined). */
  name?: string | undefined;
  /** The next piece of the arguments' JSON text. */
  arguments?: string | undefined;
}

/** What a {@link ToolCallDeltaMux} reports. */
export type ToolCallDeltaEvent =
  | { type: 'call_start'; key: string; id: string | undefined; name: string | undefined }
  | { type: 'arguments'; key: string; id: string | undefined; name: string | undefined; arguments: unknown }
  | { type: 'call'; key: string; id: string | undefined; name: string; arguments: unknown; repairs: Repair[] }
  | { type: 'error'; key: string; id: string | undefined; error: JsonMendError };

/** Options of {@link createToolCallDeltaMux}. */
export interface ToolCallDeltaOptions extends ParserSettings {
  /** The tools the model may call; a call to another is an `error` event. Without `tools`, any name is accepted and arguments are parsed without a schema. */
  tools?: readonly ToolDefinition[] | undefined;
}

/** Demultiplexes interleaved tool-call deltas into per-call partial arguments and finished calls. */
export interface ToolCallDeltaMux {
  /** Adds one delta; returns what changed. */
  push(delta: ToolCallDelta): ToolCallDeltaEvent[];
  /** Adds an OpenAI Chat Completions stream chunk (its `choices[0].delta.tool_calls`). */
  pushOpenAI(chunk: unknown): ToolCallDeltaEvent[];
  /** Adds an Anthropic Messages stream event (`content_block_start` / `content_block_delta` / `content_block_stop`). */
  pushAnthropic(event: unknown): ToolCallDeltaEvent[];
  /** Closes the call with this key (its arguments are complete); returns its `call` or `error` event. */
  close(key: string | number): ToolCallDeltaEvent[];
  /** Ends the stream: every call still open is closed. Returns the remaining events. */
  end(): ToolCallDeltaEvent[];
}
