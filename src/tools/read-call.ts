// From a span (or a bare JSON value) to tool calls: the name checked against the tools, the arguments
// parsed with `readToolArguments` and repaired by the tool's schema. Line numbers for messages are
// computed only when an error is made (they cost a pass over the text before the call).
import { isWs } from '../extract/chars.js';
import { JsonMendError } from '../errors.js';
import { sameJson } from '../same-json.js';
import { TOKENS as T, type ToolCallFormat, type ToolCallSpan } from '../extract/tool-calls/index.js';
import { readToolArguments } from './arguments.js';
import { isCutOffRepair } from '../parse/kind-flags.js';
import { coerceWithReport } from '../schema/index.js';
import type { TextRepair } from '../parse/types.js';
import type { Repair, SchemaLike } from '../schema/types.js';
import { objectShape, onlyStringParameter, type ToolRegistry } from './registry.js';
import type { ParserSettings, ToolCall, ToolCallRewrite } from './types.js';
import { gemmaArgumentsEnd, gemmaArgumentsText } from './gemma-args.js';
import { dsmlBarsCanonical, parameterMarkup, QWEN_PARAMETERS, readArgPairs, readNamedTags, readParameters } from './xml-params.js';
import { driftedCall, type DriftedCall, hasGlmMarkup, looseParameters, textOutsideParameters, T_NAMELESS_PARAMETER } from './drifted-call.js';
import { RootCloseHint } from './root-close.js';
import { builtinCall, pythonicArguments } from './pythonic.js';
import { arrowCall } from './arrow-call.js';
import { cutBetween, cutBetweenCalls } from './cut-between.js';
import { repeatedEnvelopeMember, repeatedMemberError } from './repeated-member.js';
import { unreadAfter, unreadAfterValue } from './unread-after.js';

/** What reading a call needs besides the call itself. */
export interface ReadContext {
  tools: ToolRegistry;
  parseOptions: ParserSettings;
  /** The 1-based line of an offset in the reply, for messages. */
  lineAt(offset: number): number;
  /** The reply so far, for an error's position (line, column, excerpt); called only when one is made. */
  reply?(): string;
}

/** Where a call came from, for its record and its errors. */
export interface CallOrigin {
  format: ToolCallFormat;
  span: { start: number; end: number };
}

/** A call's description for messages, built only when one is needed. */
type Where = () => string;

/** Prefixes a JsonMendError's message with which call it is about, keeping its class, code and fields. */
function aboutCall(error: unknown, where: Where): unknown {
  if (error instanceof JsonMendError) (error as { message: string }).message = `${where()}: ${error.message}`;
  return error;
}

/**
 * True for an error about reading the text (cut off, unparseable, a refused repair): an early reading
 * that fails so may have stopped at the wrong place and waits for the call's end; any other error
 * (an unknown tool, arguments the schema rejects) is final.
 */
export function isReadingError(error: unknown): boolean {
  return error instanceof JsonMendError && (error.code === 'UNREPAIRABLE' || error.code === 'NO_JSON' || error.code === 'REPAIR_REFUSED');
}

/**
 * The tool a call's `name` calls: the name itself, or the one tool it is but for `_` written for `-` or
 * the reverse (`get-weather` for the tool `get_weather`, lmstudio #1358), with the rewrite
 * `name_separator`. One rule for every format (see ToolRegistry.alike).
 */
export function toolCalled(name: string, tools: ToolRegistry, rewrites: ToolCallRewrite[]): string {
  const alike = tools.alike(name);
  if (alike === undefined) return name;
  rewrites.push('name_separator');
  return alike;
}

export function describe(name: string, format: ToolCallFormat, line: () => number): Where {
  return () => `the call to "${name}" (${format}, line ${line()})`;
}

/** True when the parser had to close something the text left open at its end (any cut-off repair kind). */
export function wasCutOff(repairs: readonly Repair[]): boolean {
  return repairs.some((r) => 'offset' in r && isCutOffRepair(r.kind));
}

/** The error for arguments the reply cut off: a cut-off call is never run with guessed arguments. */
export function cutOff(where: Where): JsonMendError {
  return new JsonMendError('UNREPAIRABLE', `${where()} is cut off: its arguments never end`);
}

/** Errors made by {@link placeholder}: a reader drops the call when its markup stands in prose. */
const PLACEHOLDERS = new WeakSet<JsonMendError>();

/**
 * The error for arguments holding an ellipsis placeholder (`{…}`, `{"a": 1, ...}`; the parser's
 * `ellipsis` repair): read, the call would run with arguments left out (`<|tool_call>call:get_weather{…}`
 * gave `get_weather({})`).
 */
export function placeholder(where: Where, inArguments = true): JsonMendError {
  const what = inArguments ? 'its arguments hold a placeholder ("…" or "...") where values go' : 'a placeholder ("…" or "...") stands where values go';
  const error = new JsonMendError('UNREPAIRABLE', `${where()}: ${what}; a call is never run with what it leaves out`);
  PLACEHOLDERS.add(error);
  return error;
}

/** Whether `error` is a {@link placeholder} error. */
export function isPlaceholder(error: unknown): boolean {
  return error instanceof JsonMendError && PLACEHOLDERS.has(error);
}

/** Whether the parser's repairs filled in an ellipsis placeholder. */
export function hasPlaceholder(repairs: readonly Repair[]): boolean {
  return repairs.some((r) => r.kind === 'ellipsis');
}

/**
 * The error for a GLM call whose `</tool_call>` came but whose arguments are not in its pairs
 * (`<think>query⏎<arg_value>…`, `<arg_key>query⏎<arg_value>…`): no cut, and no parameter to guess at.
 */
export function notArgPairs(where: Where, detail?: string): JsonMendError {
  return new JsonMendError('UNREPAIRABLE', `${where()}: its arguments are not in ${T.argKeyOpen}KEY${T.argKeyClose}${T.argValueOpen}VALUE${T.argValueClose} pairs${detail === undefined ? '' : `: ${detail}`}`);
}

/** Parses `argumentsText` (doubled braces undone), refuses a cut-off (closers left out before a closing token are none) or a placeholder, then applies the schema. */
export function argumentsFromText(
  argumentsText: string, schema: SchemaLike | undefined, options: ParserSettings, rewrites: ToolCallRewrite[], where: Where, closedByToken = false,
): { value: unknown; repairs: Repair[] } {
  let repairs: Repair[] = [];
  let value: unknown;
  try {
    value = readToolArguments(argumentsText, { ...options, onRepair: (r) => (repairs = [...r]) });
  } catch (error) {
    throw aboutCall(error, () => `the arguments of ${where()}`);
  }
  // A closing token right after the arguments: closers left out, not a cut (see closersBeforeCloseToken).
  if (closedByToken) repairs = closersBeforeCloseToken(argumentsText, repairs);
  if (wasCutOff(repairs)) throw cutOff(where);
  if (hasPlaceholder(repairs)) throw placeholder(where);
  return withSchema(value, doubledBracesAsRewrite(repairs, rewrites), schema, where);
}

/**
 * `{{"city": "Paris"}}`, copied from a Python f-string prompt: the parser reads each `{{ }}` pair as
 * one brace (`doubled_braces`); a call names that once, as a rewrite, not per brace as a repair.
 */
function doubledBracesAsRewrite(repairs: Repair[], rewrites: ToolCallRewrite[]): Repair[] {
  const rest = repairs.filter((r) => r.kind !== 'doubled_braces');
  if (rest.length < repairs.length) rewrites.push('doubled_braces');
  return rest;
}

/** Arguments a reader built as a value (no text to parse; the repairs made reading its values first), checked by the tool's schema. */
export function argumentsFromValue(value: unknown, schema: SchemaLike | undefined, where: Where, repairs: Repair[] = []): { value: unknown; repairs: Repair[] } {
  return withSchema(value, repairs, schema, where);
}

/** Applies the tool's schema to parsed arguments; the repairs so far come first. */
function withSchema(value: unknown, repairs: Repair[], schema: SchemaLike | undefined, where: Where): { value: unknown; repairs: Repair[] } {
  if (schema === undefined) return { value, repairs };
  try {
    const checked = coerceWithReport(value, schema);
    return { value: checked.value, repairs: checked.repairs.length === 0 ? repairs : [...repairs, ...checked.repairs] };
  } catch (error) {
    throw aboutCall(error, () => `the arguments of ${where()}`);
  }
}

const ARGUMENT_KEYS = ['arguments', 'parameters', 'input', 'args'] as const;
const CALL_KEYS: ReadonlySet<string> = new Set(['name', 'arguments', 'parameters', 'input', 'args', 'id', 'type']);
/**
 * Qwen3's singular `"argument"` (sglang #12894) holds the arguments when it holds an object; as text
 * (`{"name": "Alice", "argument": "…"}`, a debate's answer) it names no call's member.
 */
const SINGULAR_ARGUMENT = 'argument';

/** Whether `key` of a call object may hold its arguments: one of ARGUMENT_KEYS, or `argument` holding an object. */
function isArgumentsKey(call: Record<string, unknown>, key: string): boolean {
  return (ARGUMENT_KEYS as readonly string[]).includes(key) || (key === SINGULAR_ARGUMENT && isObject(call[key]));
}

/**
 * The member of a call object that holds its arguments: of those written (ARGUMENT_KEYS, then
 * `argument`), the first that holds something, else the first. `{"arguments": {}, "parameters": {…}}`
 * passes what `parameters` holds.
 */
function argumentsMember(call: Record<string, unknown>): string | undefined {
  const written = [...ARGUMENT_KEYS, SINGULAR_ARGUMENT].filter((k) => call[k] !== undefined && isArgumentsKey(call, k));
  return written.find((k) => !isEmptyArguments(call[k])) ?? written[0];
}

/** Arguments that pass nothing: none, `{}`, or text holding nothing but `{}`. */
function isEmptyArguments(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '' || value.trim() === '{}';
  return isObject(value) && Object.keys(value).length === 0;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The call object inside an OpenAI-style `{"type": "function", "function": {…}}` wrapper, else the
 * value; a `tool_name` (Command R's actions) stands for `name`, and its `tool_call_id` for `id`.
 */
export function unwrapFunction(value: unknown, rewrites?: ToolCallRewrite[]): unknown {
  if (isFunctionWrapper(value)) {
    rewrites?.push('function_wrapper');
    return withWrapperMembers(value.function, value);
  }
  if (isObject(value) && typeof value.tool_name === 'string' && value.name === undefined) {
    // Command R7B writes each action's `tool_call_id` too: the call's `id` (an `id` given wins).
    const { tool_name: name, tool_call_id: callId, ...rest } = value;
    const id = rest.id ?? (typeof callId === 'number' ? String(callId) : callId);
    return id === undefined ? { name, ...rest } : { ...rest, name, id };
  }
  return value;
}

function isFunctionWrapper(value: unknown): value is Record<string, unknown> & { function: Record<string, unknown> } {
  return isObject(value) && isObject(value.function) && value.name === undefined && (value.type === undefined || value.type === 'function');
}

/** The wrapper's members that say which call it is (its stream's `index` too), not what the call passes. */
const WRAPPER_KEYS: ReadonlySet<string> = new Set(['function', 'id', 'type', 'index']);

/**
 * The call in a wrapper with the wrapper's other members joined to it, as members written beside a
 * call's name are (see withMembersBeside): `{"function": {"name": "f"}, "parameters": {…}}` (Llama 3
 * on Groq, groq-typescript #103), or `{"function": {"name": "f", "arguments": {}}, "parameters": {…}}`.
 * Dropped, they were lost without a word. A member the call holds already stays the call's (when it
 * holds something: see wrapperClash).
 */
function withWrapperMembers(inner: Record<string, unknown>, wrapper: Record<string, unknown>): Record<string, unknown> {
  let joined: Record<string, unknown> | undefined;
  for (const key of Object.keys(wrapper)) {
    if (WRAPPER_KEYS.has(key) || (Object.hasOwn(inner, key) && !isEmptyArguments(inner[key]))) continue;
    joined ??= { ...inner };
    Object.defineProperty(joined, key, { value: wrapper[key], enumerable: true, writable: true, configurable: true });
  }
  return joined ?? inner;
}

/** A member both the wrapper and its call hold, each something else (`"arguments"` in both): neither may win silently. */
function wrapperClash(value: unknown): string | undefined {
  if (!isFunctionWrapper(value)) return undefined;
  const inner = value.function;
  return Object.keys(value).find((key) => !WRAPPER_KEYS.has(key) && Object.hasOwn(inner, key) && !isEmptyArguments(inner[key])
    && !isEmptyArguments(value[key]) && !sameJson(inner[key], value[key]));
}

/**
 * The name and arguments members of the call shapes agent frameworks prompt models to write:
 * smolagents' `tool_name`/`tool_arguments`, agent-zero's `tool_name`/`tool_args`, LangChain's
 * `action`/`action_input`, MemGPT's `function`/`params`, `tool`/`args`, and the envelopes gpt-oss
 * (`function`/`parameters`) and Nemotron (`tool`/`parameters`) write when told of tools in a prompt,
 * GLM-4.7's `function`/`arguments` (mlx-lm #792), Gemini's `tool_name`/`inputs` (vscode-copilot-release
 * #7280) and `call`/`arguments` (opencompany #2010, maybe beside an `id`).
 */
const AGENT_SHAPES: ReadonlyArray<readonly [name: string, args: string]> = [
  ['tool_name', 'tool_arguments'], ['tool_name', 'tool_args'], ['action', 'action_input'], ['function', 'params'], ['function', 'parameters'],
  ['function', 'arguments'], ['tool', 'args'], ['tool', 'parameters'], ['tool_name', 'inputs'], ['call', 'arguments'],
];

/** The members of an agent's call object that name it and pass its arguments: not its thinking, nor a string `id` beside them. */
function shapeKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((k) => !THINKING_KEYS.has(k) && !(k === 'id' && typeof value.id === 'string'));
}

/** The name an object in one of AGENT_SHAPES gives, whether or not it is a tool's; else undefined. */
function agentShapeName(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  if (shapeKeys(value).length !== 2) return undefined;
  const shape = AGENT_SHAPES.find(([name, args]) => typeof value[name] === 'string' && value[args] !== undefined);
  return shape === undefined ? undefined : (value[shape[0]] as string);
}

/**
 * The tool a call object cut off before its arguments names (`{"name": "f", "argu`, an agent's
 * `{"action": "f", "actio`): its `name`, or the string member an agent's shape names it by; else undefined.
 */
export function namedBeforeArguments(value: unknown): string | undefined {
  const named = nameOf(value);
  if (named !== undefined || !isObject(value)) return named;
  for (const [name] of AGENT_SHAPES) if (typeof value[name] === 'string') return value[name] as string;
  return undefined;
}

/** GPT's parallel calls written out as text: `{"tool_uses": [{"recipient_name": "functions.NAME", "parameters": {…}}]}`. */
function parallelToolUses(list: unknown): unknown[] | undefined {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const calls: unknown[] = [];
  for (const use of list) {
    if (!isObject(use) || typeof use.recipient_name !== 'string' || !isObject(use.parameters) || Object.keys(use).length !== 2) return undefined;
    calls.push({ name: use.recipient_name.replace(/^functions\./, ''), arguments: use.parameters });
  }
  return calls;
}

/** Members beside an agent's call that hold its thinking, not its arguments (`"thought": "…"`, AutoGPT's `thoughts`, AgentScope's `speak`). */
const THINKING_KEYS: ReadonlySet<string> = new Set(['thought', 'thoughts', 'reasoning', 'speak']);

/**
 * `{"action": "Calculator", "action_input": {…}}`: calls in an agent framework's shape, as
 * `{"name": …, "arguments": …}` (rewrite `agent_shape`), beside members of its thinking (see
 * THINKING_KEYS) or none: a name and arguments pair of AGENT_SHAPES (the arguments an object or a
 * string), the usual `name` and `arguments` beside thinking, AutoGPT's `{"command": {"name": …,
 * "args": {…}}}`, AgentScope's `{"function": [{"name": …, "arguments": {…}}, …]}`, or GPT's
 * `{"tool_uses": […]}` (see parallelToolUses). Each name must be one of `tools`: an answer that
 * happens to have an `action` (a trading decision's `"action": "hold"`) names no tool and stays one;
 * `tool_uses` says its items are calls, and a tool not given there is an error. langroid's
 * `{"request": NAME, …}` (its other members the arguments), when NAME is one of `tools`. Else `[value]`.
 */
export function agentCalls(value: unknown, ctx: ReadContext, rewrites: ToolCallRewrite[]): unknown[] {
  if (!isObject(value)) return [value];
  // langroid's tool message: the tool named by `request`, its arguments the other members.
  if (typeof value.request === 'string' && value.name === undefined && ctx.tools.has(value.request)) {
    const args: Record<string, unknown> = {};
    for (const key of Object.keys(value)) if (key !== 'request') Object.defineProperty(args, key, { value: value[key], enumerable: true, writable: true, configurable: true });
    rewrites.push('agent_shape');
    return [{ name: value.request, arguments: args }];
  }
  const all = Object.keys(value);
  const keys = all.filter((k) => !THINKING_KEYS.has(k));
  const thinking = keys.length < all.length;
  let calls: unknown[] | undefined;
  if (keys.length === 2) {
    // The usual shape with thinking beside it (`{"thought": …, "name": …, "arguments": {…}}`).
    const rest = thinking ? Object.fromEntries(keys.map((k) => [k, value[k]])) : undefined;
    if (rest !== undefined && isCallShaped(rest) && ctx.tools.has(nameOf(rest)!)) calls = [rest];
  }
  const named = shapeKeys(value);
  if (named.length === 2) {
    // The arguments an object, or text (`"action_input": "x"`, read as a call's string arguments are).
    const shape = AGENT_SHAPES.find(([name, args]) => named.includes(name) && named.includes(args) && typeof value[name] === 'string'
      && (isObject(value[args]) || typeof value[args] === 'string') && ctx.tools.has(value[name] as string));
    // An `id` beside them (opencompany #2010's `{"id": …, "call": NAME, "arguments": {…}}`) is the call's.
    if (shape !== undefined) calls = [typeof value.id === 'string' ? { name: value[shape[0]], arguments: value[shape[1]], id: value.id } : { name: value[shape[0]], arguments: value[shape[1]] }];
  }
  if (calls === undefined && keys.length === 1) {
    const inner = value[keys[0]];
    // GPT's `tool_uses` says they are calls: a tool not given is an error (callFromValue), not the reply.
    const uses = !thinking && keys[0] === 'tool_uses' ? parallelToolUses(inner) : undefined;
    const list = uses ?? (!thinking ? undefined : keys[0] === 'command' && isObject(inner) ? [inner] : keys[0] === 'function' && Array.isArray(inner) ? inner : undefined);
    if (list !== undefined && list.length > 0 && list.every((c) => isCallShaped(c) && (uses !== undefined || ctx.tools.has(nameOf(c)!)))) calls = list;
  }
  if (calls === undefined) return [value];
  rewrites.push('agent_shape');
  return calls;
}

/**
 * The calls of an assistant message written out as text, `{"tool_calls": [{…}, …]}` (OpenAI's shape,
 * maybe with `"role": "assistant"` and an empty `content`), or the one call of llama.cpp's generic
 * format, `{"tool_call": {…}}`; else undefined.
 */
export function toolCallsOf(value: unknown): unknown[] | undefined {
  if (isObject(value) && isObject(value.tool_call) && Object.keys(value).length === 1) return [value.tool_call];
  if (!isObject(value) || !Array.isArray(value.tool_calls)) return undefined;
  for (const [key, v] of Object.entries(value)) {
    if (key === 'tool_calls' || (key === 'role' && v === 'assistant') || (key === 'content' && (v === null || v === ''))) continue;
    return undefined;
  }
  return value.tool_calls;
}

/** The arguments of a (possibly partial) call object: its `arguments`, `parameters`, `input` or `args`. */
export function argumentsOf(call: unknown): unknown {
  const inner = unwrapFunction(call);
  if (!isObject(inner)) return undefined;
  const key = argumentsMember(inner);
  return key === undefined ? undefined : inner[key];
}

/** The name of a (possibly partial) call object, when it is a string. */
export function nameOf(call: unknown): string | undefined {
  const inner = unwrapFunction(call);
  return isObject(inner) && typeof inner.name === 'string' ? inner.name : undefined;
}

/**
 * True when `value` is shaped like a tool call and nothing else: a string `name`, one of
 * `arguments` / `parameters` / `input` / `args`, and no keys besides `id` and `type` (or the same inside a
 * `function` wrapper). What a bare JSON value must be to count as a call; an answer that happens to
 * have a `name` is not one.
 */
export function isCallShaped(value: unknown): boolean {
  const inner = unwrapFunction(value);
  if (!isObject(inner) || typeof inner.name !== 'string') return false;
  let args = 0;
  let full = 0;
  for (const key of Object.keys(inner)) {
    const member = isArgumentsKey(inner, key);
    if (!CALL_KEYS.has(key) && !member) return false;
    if (member) args++;
    if (member && !isEmptyArguments(inner[key])) full++;
  }
  // Two members each passing something: in a wrapper, a call still (whose reading is an error); bare, an answer.
  return args === 1 || (args > 1 && (full <= 1 || isFunctionWrapper(value)));
}

/**
 * One call from a parsed call object. `textRepairs` are the parser's repairs of the text the object
 * came from; `truncated` says that text was cut off.
 */
export function callFromValue(
  value: unknown, origin: CallOrigin, ctx: ReadContext, textRepairs: Repair[], truncated: boolean, rewrites: ToolCallRewrite[],
): ToolCall {
  const line = () => ctx.lineAt(origin.span.start);
  const inner = unwrapFunction(value, rewrites);
  if (!isObject(inner) || typeof inner.name !== 'string' || inner.name === '') {
    // `[TOOL_CALLS][{"na`: the reply ended before the call named its tool.
    if (truncated) throw new JsonMendError('UNREPAIRABLE', `the ${origin.format} tool call at line ${line()} is cut off before it names its tool`);
    // In a call's markup, an agent's shape naming a tool not given (`{"function": "rm", …}`): that
    // tool is the error, as for any call.
    const agent = agentShapeName(value);
    if (agent !== undefined) ctx.tools.schemaOf(agent, line);
    throw new JsonMendError('UNREPAIRABLE', `the ${origin.format} tool call at line ${line()} names no tool (expected {"name": …, "arguments": {…}})`);
  }
  const name = toolCalled(inner.name, ctx.tools, rewrites);
  const where = describe(name, origin.format, line);
  // `{"name": "get_wea`: the reply ended in the name, or right after it; either way before the arguments.
  if (truncated && !ctx.tools.has(name) && Object.keys(inner).every((k) => k === 'name' || k === 'id' || k === 'type')) {
    const known = ctx.tools.names.map((n) => `"${n}"`).join(', ') || '(none)';
    throw new JsonMendError('UNREPAIRABLE', `the ${origin.format} tool call at line ${line()} is cut off before its arguments: its name so far, ${JSON.stringify(name)}, is none of the tools (${known})`);
  }
  const schema = ctx.tools.schemaOf(name, line);
  if (truncated) throw cutOff(where);
  // The text the object came from may hold more than this call (a list of calls): not "its arguments".
  if (hasPlaceholder(textRepairs)) throw placeholder(where, false);
  const clash = wrapperClash(value);
  if (clash !== undefined) throw new JsonMendError('UNREPAIRABLE', `${where()} has ${JSON.stringify(clash)} both in its "function" and beside it`);
  const raw = withMembersBeside(inner, rewrites, where);
  let read: { value: unknown; repairs: Repair[] };
  if (typeof raw === 'string') {
    if (jsonText(raw)) rewrites.push('arguments_as_string');
    read = argumentsOfString(raw, schema, ctx.parseOptions, rewrites, where);
    read = { value: read.value, repairs: [...textRepairs, ...read.repairs] };
  } else {
    read = withSchema(raw, textRepairs, schema, where);
  }
  const call: ToolCall = { name, arguments: read.value, repairs: read.repairs, rewrites, span: origin.span, format: origin.format };
  // The id is the wrapper's in OpenAI's shape (`{"id": …, "type": "function", "function": {…}}`).
  const id = typeof inner.id === 'string' ? inner.id : isObject(value) && typeof value.id === 'string' ? value.id : undefined;
  if (id !== undefined) call.id = id;
  return call;
}

/**
 * The call's arguments, with the members written beside them: a call object's members other than its
 * name, arguments, id and type belong to the arguments. Models write them flat, with no arguments
 * member (`{"name": "f", "city": "Paris"}`), or beside it, where a closer written early put them
 * (`{"name": "f", "arguments": {"a": 1}}, "b": 2}`). Dropped, they would be lost without a word; the
 * schema then checks them as it checks the rest.
 */
function withMembersBeside(call: Record<string, unknown>, rewrites: ToolCallRewrite[], where: () => string): unknown {
  const member = argumentsMember(call);
  const args = member === undefined ? undefined : call[member];
  let beside: Record<string, unknown> | undefined;
  for (const key of Object.keys(call)) {
    if (key === member) continue;
    if (member !== undefined && isArgumentsKey(call, key)) {
      // A second arguments member holding something: which one the model meant, nothing says.
      if (isEmptyArguments(call[key])) continue;
      throw new JsonMendError('UNREPAIRABLE', `${where()} has arguments both in ${JSON.stringify(member)} and in ${JSON.stringify(key)}`);
    }
    if (CALL_KEYS.has(key)) continue;
    beside ??= {};
    Object.defineProperty(beside, key, { value: call[key], enumerable: true, writable: true, configurable: true });
  }
  if (beside === undefined) return args ?? {};
  if (args === undefined) {
    rewrites.push('flat_arguments');
    return beside;
  }
  const names = Object.keys(beside).map((k) => JSON.stringify(k)).join(', ');
  if (!isObject(args)) throw new JsonMendError('UNREPAIRABLE', `${where()} has members beside its arguments (${names}) that cannot join them: its arguments are not an object`);
  const clash = Object.keys(beside).find((k) => Object.hasOwn(args, k));
  if (clash !== undefined) throw new JsonMendError('UNREPAIRABLE', `${where()} has ${JSON.stringify(clash)} both in its arguments and beside them`);
  rewrites.push('arguments_beside');
  const merged: Record<string, unknown> = {};
  for (const from of [args, beside]) for (const key of Object.keys(from)) Object.defineProperty(merged, key, { value: from[key], enumerable: true, writable: true, configurable: true });
  return merged;
}

/**
 * Apertus writes each call as `{"NAME": {…arguments}}`: an object of one member, named for the tool,
 * becomes `{name, arguments}`; one already shaped so stays.
 */
function namedByKey(item: unknown): unknown {
  if (!isObject(item) || isCallShaped(item)) return item;
  const keys = Object.keys(item);
  return keys.length === 1 ? { name: keys[0], arguments: item[keys[0]] } : item;
}

/** `NAME(` then an object: a call written as a function call. */
const CALLED_TOOL = /^\s*([A-Za-z_][\w.-]{0,127})\s*\(\s*\{/;

/**
 * `<tool_call>get_weather({"city": "Paris"})</tool_call>` (vLLM #39172): a call-object body written
 * as a call to one of `tools` with its arguments object; its name and the arguments' text, or
 * undefined when the body is no such call.
 */
function calledTool(body: string, ctx: ReadContext): { name: string; arguments: string } | undefined {
  const m = CALLED_TOOL.exec(body);
  if (m === null || !ctx.tools.has(m[1])) return undefined;
  const end = body.trimEnd();
  if (!end.endsWith(')')) return undefined;
  return { name: m[1], arguments: end.slice(m[0].length - 1, -1) };
}

/**
 * Every call a closed span holds (none when its body holds no JSON at all: markup mentioned in prose).
 * `body` is the span's body text; `atEnd` says the span ends the reply.
 */
export function readSpan(span: ToolCallSpan, body: string, atEnd: boolean, ctx: ReadContext): ToolCall[] {
  try {
    return readSpanWhole(span, body, atEnd, ctx);
  } catch (error) {
    // `You can write <|tool_call>call:get_weather{…} for it.`: a placeholder for the arguments, then
    // prose, in a span no token closed: the markup mentioned, not a call.
    if (isPlaceholder(error) && !span.closed && proseAfterArguments(body)) return [];
    throw error;
  }
}

/**
 * Whether prose follows the arguments that `body` starts with: after a placeholder standing for them
 * (`{…}`, `(...)`), or after a JSON value (see jsonEndBeforeProse).
 */
function proseAfterArguments(body: string): boolean {
  const m = PLACEHOLDER_ARGUMENTS.exec(body);
  if (m !== null) return PROSE_START.test(body.slice(m[0].length).trimStart());
  return jsonEndBeforeProse(body) !== undefined;
}

/** Arguments that are a placeholder only: `{…}`, `{...}`, `(…)`, spaces allowed. */
const PLACEHOLDER_ARGUMENTS = /^\s*[{(]\s*(?:…|\.{3,})\s*[})]/;

function readSpanWhole(span: ToolCallSpan, body: string, atEnd: boolean, ctx: ReadContext): ToolCall[] {
  const json = jsonBodyEnd(span, body);
  if (json !== undefined) {
    // Read up to the JSON's end; a reading that fails or is cut off there (the hint misled by a
    // bracket in a single-quoted string) gives way to the whole body's.
    try {
      const calls = readSpanBody({ ...span, end: span.bodyStart + json, bodyEnd: span.bodyStart + json }, body.slice(0, json), atEnd, ctx);
      if (calls.length > 0 && calls.every((c) => !wasCutOff(c.repairs))) return calls;
    } catch (error) {
      if (!(error instanceof JsonMendError)) throw error;
      // read whole below
    }
  }
  return readSpanBody(span, body, atEnd, ctx);
}

/**
 * The calls of a body's array: `[{…a…}][{…b…}]` (or `[{…a…}], [{…b…}]`), lists of calls one after
 * another, are one list, as values one after another (`{…a…}, {…b…}`) are; the parser wrapped them in
 * an array (`concatenated_values`), each list an element, which named no tool. A list the model wrote
 * inside the list (`[[{…}]]`) is no such repair and stays as written, and so does a list with an
 * object after it (`[{…a…}] {…b…}`: which the model meant, nothing says; an error, stream.test.ts).
 */
function listsOneAfterAnother(value: unknown[], repairs: readonly Repair[]): unknown[] {
  if (!repairs.some((r) => r.kind === 'concatenated_values') || !value.every(Array.isArray)) return value;
  return value.flat();
}

/**
 * Prose's start after a call's JSON: a letter, after at most eight marks that are neither space, a
 * letter or digit, a quote or backtick, nor a JSON or list delimiter (`,` `;` `:` `.` `+` `-` brackets
 * and parentheses): `]$$ In order…` (vllm #5649), `**Note**`, `=> result`, `<|im_end|>`.
 */
export const PROSE_START = /^[^\s\p{L}\p{N}"'`,;:.+\-[\]{}()]{0,8}\s*\p{L}/u;

/**
 * Where the JSON value that `text` starts with ends, when prose follows it: the prose is the reply's
 * text, not part of the call (set aside as the parser's surrounding text, it was lost). Only prose
 * is set apart: it starts as PROSE_START says and closes no bracket it did not open. More JSON after
 * the root (`{…}; {…}`, a second list) is more calls, and members after a closer written early
 * (`{…}}, "days": 2}`, `{…}} limit: 5}`) are the call's; JSON of its own in the prose (`{…} Done.
 * {"ok": true}`, home-assistant #126392: a result the model wrote) leaves the prose the text's.
 */
export function jsonEndBeforeProse(text: string): number | undefined {
  const first = text.trimStart().charCodeAt(0);
  if (first !== 0x7b && first !== 0x5b) return undefined;
  const hint = new RootCloseHint();
  hint.feed(text);
  if (hint.close === -1) return undefined;
  const rest = text.slice(hint.close).trimStart();
  return PROSE_START.test(rest) && !closesUnopened(rest) ? hint.close : undefined;
}

/** Whether `text` has a `}` or `]` that no bracket in it opened (outside double-quoted strings). */
function closesUnopened(text: string): boolean {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === 0x5c) i++;
      else if (c === 0x22) quoted = false;
    } else if (c === 0x22) quoted = true;
    else if (c === 0x7b || c === 0x5b) depth++;
    else if ((c === 0x7d || c === 0x5d) && --depth < 0) return true;
  }
  return false;
}

/**
 * Where a span's JSON body ends, when no token closes the span (it runs to the reply's end) and prose
 * follows the JSON (`[TOOL_CALLS][{…}]⏎extra text`, vLLM's test_mistral_tool_parser; see jsonEndBeforeProse).
 */
function jsonBodyEnd(span: ToolCallSpan, body: string): number | undefined {
  if (span.closed) return undefined;
  // `Use <|tool_call>call:f{a:<|"|>x<|"|>} for it.`: the prose after Gemma's arguments is the reply's.
  if (span.body === 'gemma_args') return gemmaArgumentsEnd(body);
  if (span.body !== 'call' && span.body !== 'arguments') return undefined;
  return jsonEndBeforeProse(body);
}

/**
 * `<tool_call>{"name": "terminal", "arguments": {"command": "ls -la"}</tool_call>` (hermes-agent
 * #5315): a body the call's closing token ends right after a closer, with only closers left open
 * (however many), was written whole; the model left out a `}`, it was not cut off. The one cut-off
 * repair (closers inserted at the end; a string or a literal cut too would make two) is then a
 * `missing_closer`. A body that ends in a value's text stays cut off: the token may have come early.
 */
function closersBeforeCloseToken(body: string, repairs: Repair[]): Repair[] {
  const trimmed = body.trimEnd();
  const last = trimmed.charCodeAt(trimmed.length - 1);
  if (last !== 0x7d && last !== 0x5d && !(last === 0x22 && endsInStringValue(trimmed))) return repairs;
  const cut = repairs.filter((r): r is TextRepair => 'offset' in r && isCutOffRepair(r.kind));
  if (cut.length !== 1) return repairs;
  const closers: TextRepair = { ...cut[0], kind: 'missing_closer', detail: 'inserted the closers left out before the call\'s closing token' };
  return repairs.map((r) => (r === cut[0] ? closers : r));
}

/**
 * Whether `text`, ending in `"`, ends in a member's string value (`{"city": "Rome"`): the string after a
 * `:`, whole. A key (`{"city": "Rome", "unit"`) is no value: its member was cut.
 */
function endsInStringValue(text: string): boolean {
  let k = text.length - 2;
  for (; k >= 0; k--) {
    if (text.charCodeAt(k) !== 0x22) continue;
    let slashes = 0;
    while (k - 1 - slashes >= 0 && text.charCodeAt(k - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) break;
  }
  k--;
  while (k >= 0 && isWs(text.charCodeAt(k))) k--;
  return k >= 0 && text.charCodeAt(k) === 0x3a;
}

/**
 * Whether `tail`, the whole of a body, is a tag cut off: the start of the parameter's `open` (or of
 * any parameter tag a call may hold: MiniCPM's `<param name=` in `<function name=…>`) or of a closer
 * (`</…`), no `>`.
 */
function tagCutOff(tail: string, open: string): boolean {
  if (!tail.startsWith('<') || tail.includes('>')) return false;
  return tail.startsWith('</') || [open, T.parameterOpen, T.invokeParameterOpen, T.paramOpen].some((tag) => tag.startsWith(tail));
}

function readSpanBody(span: ToolCallSpan, body: string, atEnd: boolean, ctx: ReadContext): ToolCall[] {
  const origin: CallOrigin = { format: span.format, span: { start: span.start, end: span.end } };
  const line = () => ctx.lineAt(span.start);
  // Plain tags the reply's end cut off after the tool's name (`<tool_use><name>get_weather`): a call
  // cut off when it is one of the tools, else the tags mentioned.
  if (span.cut === true && span.name !== undefined) {
    const name = toolCalled(span.name, ctx.tools, []);
    if (!ctx.tools.has(name)) return [];
    throw cutOff(describe(name, span.format, line));
  }
  if (span.body === 'call') {
    if (body.trim() === '') return [];
    if (span.format === 'llama') {
      const builtin = builtinCall(body);
      if (builtin !== undefined) {
        const args = pythonicArguments(builtin, ctx);
        return [callFromValue({ name: builtin.name, arguments: args.value }, origin, ctx, args.repairs, false, builtin.object === undefined ? [] : ['call_syntax'])];
      }
    }
    // The name from `function=NAME>` or `<function>NAME</function>` says it is a call: a tool not
    // given is an error (schemaOf throws), as for `<function=NAME>`.
    const drifted = driftedCall(body, ctx.tools.names);
    if (drifted !== undefined) {
      // `<tool_call>web_search⏎<think>query⏎<arg_value>…` (GLM): its pairs' markup, not whole.
      if (drifted.kind === 'arg_pairs') throw notArgPairs(describe(drifted.name, 'glm45', line), drifted.closed || span.closed ? undefined : 'and the reply ended in them');
      const where = describe(drifted.name, span.format, line);
      const schema = ctx.tools.schemaOf(drifted.name, line);
      if (!span.closed && !drifted.closed && atEnd) throw cutOff(where);
      // `<tool_call>web_search⏎<think>query</think>⏎<arg_value>…</arg_value>`: GLM's pairs written with
      // another tag for the key; read as `<KEY>value</KEY>` tags, `arg_value` was a parameter's name.
      if (drifted.kind === 'tags' && hasGlmMarkup(drifted.args)) {
        const tags = readNamedTags(drifted.args, schema, ctx.parseOptions);
        if (tags.cutOff || tags.stray || Object.hasOwn(tags.value, 'arg_value') || Object.hasOwn(tags.value, 'arg_key')) throw notArgPairs(describe(drifted.name, 'glm45', line));
      }
      const read = readDrifted(drifted.args, drifted.kind, schema, ctx, where);
      return [spanCall(span, origin, drifted.name, read, ['drifted_markup'])];
    }
    const called = calledTool(body, ctx);
    if (called !== undefined) {
      const where = describe(called.name, span.format, line);
      const read = argumentsFromText(called.arguments, ctx.tools.schemaOf(called.name, line), ctx.parseOptions, [], where);
      return [{ name: called.name, arguments: read.value, repairs: read.repairs, rewrites: ['call_syntax'], span: origin.span, format: span.format }];
    }
    const rewrites: ToolCallRewrite[] = [];
    let value: unknown;
    let repairs: Repair[] = [];
    try {
      value = readToolArguments(body, { ...ctx.parseOptions, onRepair: (r) => (repairs = [...r]) });
    } catch (error) {
      if (error instanceof JsonMendError && error.code === 'NO_JSON') return [];
      throw aboutCall(error, () => `the ${span.format} tool call at line ${line()}`);
    }
    if (span.closed) repairs = closersBeforeCloseToken(body, repairs);
    const truncated = wasCutOff(repairs);
    repairs = doubledBracesAsRewrite(repairs, rewrites);
    const items = Array.isArray(value) ? listsOneAfterAnother(value, repairs) : [value];
    // `[{"name": "a", …}, {"name": "b", "arguments": {…}}]`: which call it is in, nothing here says.
    if (items.length > 1 && hasPlaceholder(repairs)) throw placeholder(() => `the ${span.format} tool calls at line ${line()}`, false);
    // `{"name": "a", "arguments": {…}, "name": "b", …}`: the value keeps only the later (see repeated-member.ts).
    const repeated = truncated ? undefined : repeatedEnvelopeMember(body);
    if (repeated !== undefined) throw repeatedMemberError(span.format, line(), repeated);
    // `[{…a…}, {…b…},` (or `{…a…},`, or `[{…a…}, {…b…}`) ending the reply: every call written is whole,
    // the next one (or the list's end) was cut, not `b` (see cut-between.ts). Closed by its markup, a
    // list cut so is still cut.
    // An assistant message written out (`{"tool_calls": [{…a…}, {…b…}]`) left open after its list: its `}` was cut.
    const wrapped = Array.isArray(value) ? undefined : toolCallsOf(value);
    const cut = truncated || (atEnd && !span.closed) ? cutBetweenCalls(body, wrapped === undefined ? 'list' : 'wrapped') : undefined;
    if (cut !== undefined && (cut.comma || truncated)) {
      const lastCall = wrapped === undefined ? items[items.length - 1] : wrapped[wrapped.length - 1];
      throw cutBetween(span.format, line(), nameOf(span.format === 'apertus' ? namedByKey(lastCall) : lastCall), span.bodyStart + cut.offset, cut.comma, ctx.reply?.(), cut.wrapper);
    }
    // `<tool_call>{…a…}, note {…b…}</tool_call>`: what follows the value was set aside, a call in it lost (see unread-after.ts).
    const unread = unreadAfterValue(body, repairs);
    if (unread !== undefined) throw unreadAfter(`the ${span.format} tool call at line ${line()}`, body.slice(unread).trim(), span.bodyStart + unread, ctx.reply?.());
    const last = items.length - 1;
    const read = (item: unknown, i: number): ToolCall[] => {
      const call = span.format === 'apertus' ? namedByKey(item) : item;
      // A call with no `name` may be in an agent's shape (`{"function": "f", "arguments": {…}}`); one
      // with it keeps the members beside it as arguments (see withMembersBeside).
      const own = [...rewrites];
      const shaped = nameOf(call) === undefined ? agentCalls(call, ctx, own) : [call];
      // Only the last can be what the reply's end cut off: the calls before it ended.
      return shaped.map((c) => callFromValue(c, origin, ctx, repairs, truncated && i === last, [...own]));
    };
    // A list cut off: the error names the call cut off (its last), before any other's.
    if (truncated && last > 0) read(items[last], last);
    return items.flatMap(read);
  }
  if (span.body === 'arrow') return readArrow(span, body, atEnd, ctx, origin);
  if (span.name === undefined) return [unnamedCall(span, body, ctx, origin)];
  let name = span.name;
  const rewrites: ToolCallRewrite[] = [];
  if (span.format === 'kimi_k2' && !ctx.tools.has(name)) {
    const tool = kimiIdTool(span.id ?? name, ctx.tools.names);
    if (tool !== undefined) {
      span = { ...span, id: span.id ?? name };
      name = tool;
      rewrites.push('inferred_name');
    }
  }
  name = toolCalled(name, ctx.tools, rewrites);
  // `<tool_call>NAME</arg_value>` (GLM 5.2, fw-ai python-sdk #119; the scanner takes it only when
  // `</tool_call>` or the reply's end follows): no arguments, the stray closer standing for the call's.
  const stray = span.body === 'arg_pairs' && body.trim() === T.argValueClose;
  if (stray) {
    body = '';
    span = { ...span, closed: true };
  }
  // `Use <tool_call>NAME</tool_call> blocks`: with no arguments, only a tool's name makes it a call.
  if (span.body === 'arg_pairs' && body.trim() === '' && !stray && !ctx.tools.has(name)) return [];
  if (span.body === 'arg_pairs') {
    const lost = lostArgKey(name, body, ctx.tools.names);
    if (lost !== undefined) {
      ({ name, body } = lost);
      rewrites.push('lost_arg_key');
    }
  }
  // `</|DSML|parameter>` closing `<｜DSML｜parameter …>`: DSML's bars in any spelling.
  if (span.format === 'deepseek_dsml') body = dsmlBarsCanonical(body);
  const markup = parameterMarkup(span.format, body);
  const open = markup.open;
  const json = body.trimStart().startsWith('{');
  const where = describe(name, span.format, line);
  // `The <invoke name="x"> tag is…`: a header, prose after it, no parameter and no closer: the
  // markup mentioned, not a call. But a tag the reply's end cut off right after the header
  // (`<invoke name="get_weather">⏎<par`, `⏎</inv`) is the body begun: a call to one of the tools cut off.
  if (span.body === 'parameters' && !span.closed && !json && body.trim() !== '' && !body.includes(open)) {
    if (atEnd && ctx.tools.has(name) && tagCutOff(body.trim(), open)) throw cutOff(where);
    return [];
  }
  const schema = ctx.tools.schemaOf(name, () => ctx.lineAt(span.nameStart ?? span.start));
  let read: { value: unknown; repairs: Repair[] };
  if (span.body === 'gemma_args') {
    // Nothing, or only the object's `{` (or `(`), before the reply's end: cut off, not `{}`.
    if (!span.closed && atEnd && /^[{(]?$/.test(body.trim())) throw cutOff(where);
    const args = gemmaArgumentsText(body);
    if (args === undefined) throw cutOff(where);
    if (args.lostOpener) rewrites.push('lost_string_token');
    read = argumentsFromText(args.text, schema, ctx.parseOptions, rewrites, where);
  } else if (span.body === 'arguments' || (!body.includes(open) && json)) {
    // `<function=NAME>{…}</function>` (Llama 3.1's custom format): the header is Qwen3-Coder's, the body JSON.
    // Nothing, or only a fence's opening line (DeepSeek V3's ```` ```json ````) or the object's `{`, before
    // the reply's end: cut off.
    if (!span.closed && atEnd && /^(?:```[\w-]*)?\s*[{[]?$/.test(body.trim())) throw cutOff(where);
    // `[TOOL_CALLS]a[ARGS]{"x": 1},` ending the reply: the call is whole, the next one after its comma cut (see cut-between.ts).
    const cut = !span.closed && atEnd ? cutBetweenCalls(body, 'one') : undefined;
    if (cut?.comma === true) throw cutBetween(span.format, line(), name, span.bodyStart + cut.offset, true, ctx.reply?.());
    // Ended by the call's token (harmony's `<|call|>`, rancher-ai-agent #147): closers left out, as in a `<tool_call>`.
    read = argumentsFromText(body, schema, ctx.parseOptions, rewrites, where, span.closed);
    // `[TOOL_CALLS]a[ARGS]{…}, b[ARGS]{…}`: the call after the comma was set aside with no word (see unread-after.ts).
    const unread = unreadAfterValue(body, read.repairs);
    if (unread !== undefined) throw unreadAfter(where(), body.slice(unread).trim(), span.bodyStart + unread, ctx.reply?.());
  } else if (span.body === 'named_tags') {
    const tags = readNamedTags(body, schema, ctx.parseOptions);
    if (tags.drifted) rewrites.push('drifted_markup');
    if (tags.stray) throw new JsonMendError('UNREPAIRABLE', `${where()}: its body holds text that is no <KEY>value</KEY> parameter`);
    if (tags.cutOff || (!span.closed && atEnd)) throw cutOff(where);
    read = withSchema(tags.value, tags.repairs, schema, where);
  } else if (span.body === 'arg_pairs') {
    const pairs = readArgPairs(body, schema, ctx.parseOptions, span.closed);
    if (pairs.drifted) rewrites.push('drifted_markup');
    if (pairs.broken !== undefined) throw notArgPairs(where, pairs.broken);
    if (pairs.cutOff || (!span.closed && atEnd)) throw cutOff(where);
    read = withSchema(pairs.value, pairs.repairs, schema, where);
  } else if (markup === QWEN_PARAMETERS && !body.includes(open) && body.trim().startsWith('<')) {
    // `<parameter>KEY</parameter>⏎value` or `<KEY>value</KEY>` in a Qwen3-Coder call (see drifted-call.ts).
    if (!span.closed && atEnd) throw cutOff(where);
    rewrites.push('drifted_markup');
    read = readDrifted(body, body.includes(T_NAMELESS_PARAMETER) ? 'parameters' : 'tags', schema, ctx, where);
  } else {
    // Text that is no parameter would be dropped from the arguments without a word.
    if (!body.includes(open) && body.trim() !== '') throw new JsonMendError('UNREPAIRABLE', `${where()}: its body holds text that is neither JSON nor ${open}…> tags`);
    const params = readParameters(body, schema, ctx.parseOptions, markup);
    // `</parameter>⏎"days">3</parameter>` (a parameter's opener lost): text among the parameters
    // that is none of them would be dropped from the arguments without a word.
    if (params.stray) throw new JsonMendError('UNREPAIRABLE', `${where()}: its body holds text that is no ${open}…> tag among the parameters`);
    if (params.drifted) rewrites.push('drifted_markup');
    // A closed call whose last parameter lost its closer (`print(1)⏎</function>`): the call's closer,
    // on a line of its own, ends it.
    if (params.cutOff || params.unclosed === 'inline' || (!span.closed && (params.unclosed === 'line' || atEnd))) throw cutOff(where);
    read = withSchema(params.value, params.repairs, schema, where);
  }
  return [spanCall(span, origin, name, read, rewrites)];
}

/**
 * A `[TOOL_CALL]` block: the Perl hash naming its tool (see arrow-call.ts), or a JSON call object.
 * Any other body (`Use [TOOL_CALL] blocks…`) names the markup and is the reply's text.
 */
function readArrow(span: ToolCallSpan, body: string, atEnd: boolean, ctx: ReadContext, origin: CallOrigin): ToolCall[] {
  const arrow = arrowCall(body);
  if (arrow === undefined) return body.trimStart().startsWith('{') ? readSpanBody({ ...span, body: 'call' }, body, atEnd, ctx) : [];
  const line = () => ctx.lineAt(span.start);
  const where = arrow.name === undefined ? () => `the arrow tool call at line ${line()}` : describe(arrow.name, span.format, line);
  if ('failure' in arrow) throw arrow.failure === 'cut_off' ? cutOff(where) : new JsonMendError('UNREPAIRABLE', `${where()}: ${arrow.failure}`);
  const rewrites: ToolCallRewrite[] = [];
  const name = toolCalled(arrow.name, ctx.tools, rewrites);
  const schema = ctx.tools.schemaOf(name, line);
  if (!arrow.closed && !span.closed && atEnd) throw cutOff(where);
  const after = body.slice(arrow.end).trim();
  // Text after the hash: in the block, none of the call's; with no `[/TOOL_CALL]`, the reply's.
  if (after !== '' && span.closed) throw new JsonMendError('UNREPAIRABLE', `${where()}: text follows the hash`);
  const read = argumentsFromText(arrow.args, schema, ctx.parseOptions, [], where);
  return [spanCall(span, after === '' ? origin : { ...origin, span: { start: span.start, end: span.bodyStart + arrow.end } }, name, read, rewrites)];
}

/** The call a span's reading gives, with the id its markup carries (Kimi K2's `functions.NAME:0`). */
/**
 * Arguments written as a string: its JSON, or, when it holds none (`"df.shape[0]"`: code or words),
 * the value of the tool's one string parameter (rewrite `arguments_as_text`), else an error. Read as
 * JSON, the `[0]` in such code was the arguments and the rest was lost (Qwen #919).
 */
export function argumentsOfString(
  raw: string, schema: SchemaLike | undefined, options: ParserSettings, rewrites: ToolCallRewrite[], where: Where,
): { value: unknown; repairs: Repair[] } {
  if (jsonText(raw)) return argumentsFromText(raw, schema, options, rewrites, where);
  const only = onlyStringParameter(schema);
  if (only === undefined) throw new JsonMendError('UNREPAIRABLE', `${where()}: its arguments are text, not JSON, and its tool has no one string parameter to take them`);
  rewrites.push('arguments_as_text');
  return withSchema({ [only]: raw }, [], schema, where);
}

/** Whether arguments written as a string hold JSON: an object or an array, maybe fenced, or nothing (`""`: none). */
function jsonText(raw: string): boolean {
  const t = raw.trimStart();
  return t === '' || t.startsWith('{') || t.startsWith('[') || t.startsWith('```');
}

/**
 * A GLM call whose first `<arg_key>` was lost (see the scanner's lostArgKeyAt): its body starts with
 * the key and `</arg_key>`, or, the key glued to the name (`runcommand</arg_key>`), with `</arg_key>`,
 * and the longest of `tools` that the name starts with is the name, the rest the key. The name and
 * the body with the `<arg_key>` given back; undefined when the body lost none, or a glued name starts
 * with no tool's (then it names no tool, an error).
 */
function lostArgKey(name: string, body: string, tools: readonly string[]): { name: string; body: string } | undefined {
  const close = body.indexOf('</arg_key>');
  const open = body.indexOf('<arg_key>');
  if (close < 0 || (open >= 0 && open < close)) return undefined;
  if (body.slice(0, close).trim() !== '') return { name, body: `<arg_key>${body}` };
  let tool: string | undefined;
  for (const t of tools) if (name.length > t.length && name.startsWith(t) && (tool === undefined || t.length > tool.length)) tool = t;
  return tool === undefined ? undefined : { name: tool, body: `<arg_key>${name.slice(tool.length)}${body}` };
}

/**
 * The tool a Kimi call id names when it is not written `functions.NAME:N`: Kimi K2.5 and later also
 * write `functionsNAME5`, `functions.NAME5` (sglang #21377) and `functions_NAME_1` (exo #2281). The
 * one tool of `tools` that the id is, with `functions`, a `.` or `_` after it and an index after the
 * name (a `.`, `_` or `:` before it) taken away; undefined when none or more than one is.
 */
function kimiIdTool(id: string, tools: readonly string[]): string | undefined {
  const prefix = 'functions';
  if (!id.startsWith(prefix)) return undefined;
  let at = prefix.length;
  if (id[at] === '.' || id[at] === '_') at++;
  let found: string | undefined;
  for (const tool of tools) {
    if (!id.startsWith(tool, at)) continue;
    let k = at + tool.length;
    if (id[k] === '.' || id[k] === '_' || id[k] === ':') k++;
    if (k === id.length || !/^\d{1,9}$/.test(id.slice(k))) continue;
    if (found !== undefined) return undefined;
    found = tool;
  }
  return found;
}

/**
 * The arguments of a call written in drifted markup (see drifted-call.ts): JSON, parameter tags made
 * whole, or named tags. Text that is no parameter (another form among them) is an error: read, it
 * would be dropped.
 */
function readDrifted(args: string, kind: DriftedCall['kind'], schema: SchemaLike | undefined, ctx: ReadContext, where: Where): { value: unknown; repairs: Repair[] } {
  if (kind === 'json') return argumentsFromText(args, schema, ctx.parseOptions, [], where);
  if (kind === 'parameters') {
    const whole = looseParameters(args) ?? args;
    if (textOutsideParameters(whole)) throw new JsonMendError('UNREPAIRABLE', `${where()}: its body holds text that is no <parameter=…> tag`);
    const params = readParameters(whole, schema, ctx.parseOptions);
    if (params.cutOff || params.unclosed !== 'no') throw cutOff(where);
    return withSchema(params.value, params.repairs, schema, where);
  }
  const tags = readNamedTags(args, schema, ctx.parseOptions);
  if (tags.stray) throw new JsonMendError('UNREPAIRABLE', `${where()}: its body holds text that is no <KEY>value</KEY> parameter`);
  if (tags.cutOff) throw cutOff(where);
  return withSchema(tags.value, tags.repairs, schema, where);
}

function spanCall(span: ToolCallSpan, origin: CallOrigin, name: string, read: { value: unknown; repairs: Repair[] }, rewrites: ToolCallRewrite[]): ToolCall {
  const call: ToolCall = { name, arguments: read.value, repairs: read.repairs, rewrites, span: origin.span, format: span.format };
  if (span.id !== undefined) call.id = span.id;
  return call;
}

/**
 * A call whose markup numbers it but names no tool (Kimi K2's `<|tool_call_begin|>0`): the one tool
 * given, or the one whose parameters the arguments' keys fit (`inferred_name`). When neither says,
 * an error: the call is never dropped without a word.
 */
function unnamedCall(span: ToolCallSpan, body: string, ctx: ReadContext, origin: CallOrigin): ToolCall {
  const line = () => ctx.lineAt(span.start);
  const where: Where = () => `the ${span.format} tool call ${JSON.stringify(span.id ?? '')} at line ${line()}`;
  if (!span.closed && body.trim() === '') throw cutOff(where);
  const names = ctx.tools.names;
  let fits = names;
  // One tool given: it, unless its schema says the arguments do not fit it.
  if (names.length !== 1 || objectShape(ctx.tools.schemaOf(names[0])) !== undefined) {
    let value: unknown;
    try {
      value = readToolArguments(body, ctx.parseOptions);
    } catch (error) {
      throw aboutCall(error, where);
    }
    fits = isObject(value) ? ctx.tools.fitting(Object.keys(value)) : [];
  }
  if (fits.length !== 1) {
    const known = names.map((n) => `"${n}"`).join(', ') || '(none)';
    throw new JsonMendError('UNREPAIRABLE', `${where()} names no tool, and its arguments fit ${fits.length === 0 ? 'none' : 'more than one'} of the tools (${known})`);
  }
  const name = fits[0];
  const rewrites: ToolCallRewrite[] = ['inferred_name'];
  const read = argumentsFromText(body, ctx.tools.schemaOf(name), ctx.parseOptions, rewrites, describe(name, span.format, line));
  return spanCall(span, origin, name, read, rewrites);
}
