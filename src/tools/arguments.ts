// Tool-call arguments from any SDK: a JSON text the model wrote, repaired and checked against the tool's schema.
import { assertText, JsonMendError } from '../errors.js';
import { TOKENS } from '../extract/tool-calls/index.js';
import { coerceWithReport, parseWithReport, SchemaError } from '../schema/index.js';
import { isPlainObject } from '../schema/guide.js';
import type { Repair, SchemaLike } from '../schema/types.js';
import { parserOptions } from './context.js';
import { objectShape, onlyStringParameter } from './registry.js';
import { parameterMarkup, readParameters } from './xml-params.js';
import type { OutputOf, SchemaParseOptions } from '../schema/types.js';
import type { ParseOptions } from '../parse/types.js';

/** Options of {@link parseToolArguments}. */
export interface ToolArgumentsOptions extends Omit<ParseOptions, 'onRepair'>, Pick<SchemaParseOptions, 'acceptTruncated'> {
  /** Called once with every repair (text and schema), only when one fired. */
  onRepair?: ((repairs: readonly Repair[]) => void) | undefined;
}

/** What arguments meet when no schema is given: an object, as every provider's API sends them. */
const AN_OBJECT = { type: 'object' } as const;

/**
 * Parses tool-call arguments (`tool_calls[i].function.arguments`, an AI SDK tool call's `input`, …) and
 * validates them against `schema`, repairing what the schema allows. Without a schema they must be an
 * object, as every provider sends them: `"foo"` or `[1]` is a `SchemaError`, and of objects written
 * one after another (`{}{"city": "Paris"}`, a stream's stub then the arguments) the one that says
 * something is taken (`pick_concatenated_value`; two that differ are refused). Blank arguments — what
 * OpenAI-style APIs send for a call without arguments — are read as `{}` and then validated like any
 * other value, so a schema with required properties still rejects them. Arguments cut off before they
 * end (`{"command": "rm -rf /tmp/bu`) are refused (`REPAIR_REFUSED`): a tool run with them would run on
 * what was left of them. `acceptTruncated: true` takes them. The whole call written where its arguments go
 * (`{"name": "get_weather", "arguments": {…}}`) gives its arguments when the schema declares properties and
 * none of the call's members (`unwrap_tool_call`); otherwise it stays as written. Arguments that are no
 * JSON are read as `extractToolCalls` reads them in a call: Qwen3-Coder's parameter markup
 * (`<parameter=KEY>value</parameter>`, `parameter_markup`), and text for a schema whose one property takes
 * a string (`ls -R`, `arguments_as_text`). Throws `JsonMendError` / `SchemaError`.
 */
export function parseToolArguments<S extends SchemaLike | undefined = undefined, T = OutputOf<S>>(
  argumentsText: string,
  schema?: S,
  options: ToolArgumentsOptions = {},
): T {
  assertText(argumentsText, 'argumentsText');
  const written = argumentsNotJson(argumentsText, schema, options);
  if (written !== undefined) return written.value as T;
  if (schema === undefined) return readToolArguments(argumentsText, { ...options, schema: AN_OBJECT }) as T;
  const declared = objectShape(schema)?.properties;
  if (declared === undefined || Object.keys(declared).length === 0) return readToolArguments(argumentsText, { ...options, schema }) as T;
  let repairs: readonly Repair[] = [];
  const onRepair = (r: readonly Repair[]): void => {
    repairs = r;
  };
  let value: unknown;
  try {
    value = readToolArguments(argumentsText, { ...options, schema, onRepair });
  } catch (error) {
    // The envelope may fail the schema (a required property is inside it): read as written, it may be one.
    if (!(error instanceof SchemaError)) throw error;
    value = readToolArguments(argumentsText, { ...options, onRepair });
    if (callArguments(value, declared) === undefined) throw error;
  }
  const inner = callArguments(value, declared);
  if (inner === undefined) {
    if (repairs.length > 0) options.onRepair?.(repairs);
    return value as T;
  }
  const checked = coerceWithReport(inner, schema, options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth });
  // The parser's repairs of the text stay; the schema's, if any, were of the envelope, read again below.
  const all: Repair[] = [...repairs.filter((r) => 'offset' in r), { kind: 'unwrap_tool_call', path: '', before: value, after: inner }, ...checked.repairs];
  options.onRepair?.(all);
  return checked.value as T;
}

/**
 * Arguments that are no JSON, read as a call's are: Qwen3-Coder's (or `invoke`'s) parameter tags, the
 * object of their parameters (`parameter_markup`); text for a schema whose one property takes a string,
 * its value (`arguments_as_text`). Each then checked by the schema (an object, with none), the repairs
 * reported. Undefined for any other text (JSON, or text another schema cannot take: read as before).
 */
function argumentsNotJson(text: string, schema: SchemaLike | undefined, options: ToolArgumentsOptions): { value: unknown } | undefined {
  const head = text.trimStart();
  let value: Record<string, unknown>;
  let repairs: Repair[];
  if (head.startsWith(TOKENS.parameterOpen) || head.startsWith(TOKENS.invokeParameterOpen)) {
    const params = readParameters(text, schema, parserOptions(options), parameterMarkup('', head));
    if (params.stray) throw new JsonMendError('UNREPAIRABLE', 'the arguments are parameter markup with text that is no <parameter> tag among the tags');
    if ((params.cutOff || params.unclosed !== 'no') && options.acceptTruncated !== true) {
      throw new JsonMendError('REPAIR_REFUSED', 'the arguments are parameter markup cut off before the last </parameter>: a tool run with them would run on what was left of them (acceptTruncated: true takes them)', { refusal: { reason: 'cut_off' } });
    }
    value = params.value;
    repairs = [...params.repairs, { kind: 'parameter_markup', path: '', before: text, after: value }];
  } else {
    const only = onlyStringParameter(schema);
    if (only === undefined || !isPlainText(head)) return undefined;
    value = {};
    Object.defineProperty(value, only, { value: withoutEndBreaks(text), enumerable: true, writable: true, configurable: true });
    repairs = [{ kind: 'arguments_as_text', path: '', before: text, after: value }];
  }
  const checked = coerceWithReport(value, schema ?? AN_OBJECT, options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth });
  const all = [...repairs, ...checked.repairs];
  options.onRepair?.(all);
  return { value: checked.value };
}

/**
 * Whether arguments (`head`: past leading space) are text with no JSON: something written, not
 * starting as JSON or a string does (`{`, `[`, a quote, a fence), nor a JSON number or literal.
 */
function isPlainText(head: string): boolean {
  const c = head.charAt(0);
  if (c === '' || c === '{' || c === '[' || c === '"' || c === "'" || c === '`') return false;
  try {
    JSON.parse(head);
    return false;
  } catch {
    return true;
  }
}

/** `text` without one line break at its start and one at its end (what a value on lines of its own carries). */
function withoutEndBreaks(text: string): string {
  let start = 0;
  let end = text.length;
  if (text.startsWith('\r\n')) start = 2;
  else if (text.startsWith('\n')) start = 1;
  if (text.endsWith('\r\n') && end - 2 >= start) end -= 2;
  else if (text.endsWith('\n') && end - 1 >= start) end -= 1;
  return text.slice(start, end);
}

/** The members a tool call written whole may hold its arguments in. */
const ARGUMENT_MEMBERS: ReadonlySet<string> = new Set(['arguments', 'parameters', 'input', 'args']);

/**
 * The arguments of `value` when it is a whole tool call, `{"name": …, "arguments": {…}}` (or `parameters`,
 * `input`, `args`, beside an `id` and `type` only; the arguments an object or a JSON string of one), maybe in
 * OpenAI's `{"type": "function", "function": {…}}`, and `declared` (the schema's properties) names none of
 * its members; else undefined.
 */
function callArguments(value: unknown, declared: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) return undefined;
  let call = value;
  if (isPlainObject(value.function) && value.name === undefined) {
    if (Object.keys(value).some((k) => k !== 'function' && k !== 'type' && k !== 'id') || (value.type !== undefined && value.type !== 'function')) return undefined;
    call = value.function;
  }
  if (typeof call.name !== 'string') return undefined;
  let args: unknown;
  for (const key of Object.keys(call)) {
    if (key !== 'name' && key !== 'id' && key !== 'type' && (!ARGUMENT_MEMBERS.has(key) || args !== undefined)) return undefined;
    if (ARGUMENT_MEMBERS.has(key)) args = call[key];
  }
  if ([...Object.keys(value), ...Object.keys(call)].some((k) => Object.hasOwn(declared, k))) return undefined;
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args);
    } catch {
      return undefined;
    }
  }
  return isPlainObject(args) ? args : undefined;
}

/**
 * Tool-call arguments read by the tolerant parser (blank ones as `{}`), validated only when `options`
 * carry a schema: without one a cut-off value is taken, for the tool-call readers, which name a cut-off
 * call themselves. @internal
 */
export function readToolArguments(argumentsText: string, options: ToolArgumentsOptions & { schema?: SchemaLike }): unknown {
  assertText(argumentsText, 'argumentsText');
  return parseWithReport(argumentsText.trim() === '' ? '{}' : argumentsText, options).value;
}
