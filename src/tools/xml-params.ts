// Qwen3-Coder's parameters: `<parameter=KEY>value</parameter>`, each value raw text. A value is read by
// its property's schema type: a string property keeps the text as written (`007` stays "007"); any
// other type reads it as JSON (`3` → 3, `[1, 2]` → [1, 2]); without a known type the text stays a
// string and the schema's own repairs (`string_to_integer`, …) decide.
import { TOKENS as T } from '../extract/tool-calls/index.js';
import { isWs } from '../extract/chars.js';
import type { ParserSettings } from './types.js';
import { objectShape } from './registry.js';
import { parse } from '../schema/index.js';
import type { Repair, SchemaLike } from '../schema/types.js';
import type { TextRepair } from '../parse/types.js';

/** The JSON Schema `type`s of each top-level property of `schema`, when it says. */
function propertyTypes(schema: SchemaLike | undefined): Record<string, unknown> | undefined {
  return objectShape(schema)?.properties;
}

function typesOf(property: unknown): string[] {
  if (property === null || typeof property !== 'object') return [];
  const type = (property as { type?: unknown }).type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
}

/**
 * The model writes each value on its own lines: one newline after the tag (spaces before it too) and
 * one before the closer are markup, and so is the closer's indentation; a value of nothing but them is empty. Markup
 * written indented (`⏎    <parameter=city>⏎      Dallas⏎    </parameter>`, llama.cpp's and ollama's
 * tests) indents the value's lines too: when the opening tag's line (`tagIndent`) and the closer have
 * the same indentation, a value of one line loses its indentation, and one of several loses the
 * tag's (if every line that is not blank has it; code keeps its own indentation beyond it: an
 * `old_str` for an editor must match). Markup at the line's start keeps the value as written.
 */
function valueInLines(value: string, tagIndent = ''): string {
  let start = 0;
  let end = value.length;
  // The tag's line may end in spaces (`<parameter=city>  ⏎Paris`): they and its newline are markup.
  let lead = 0;
  while (lead < end && (value.charCodeAt(lead) === 0x20 || value.charCodeAt(lead) === 0x09)) lead++;
  if (value.startsWith('\r\n', lead)) start = lead + 2;
  else if (value.startsWith('\n', lead)) start = lead + 1;
  let k = end;
  while (k > start && (value.charCodeAt(k - 1) === 0x20 || value.charCodeAt(k - 1) === 0x09)) k--;
  if (k === start) return start > 0 ? '' : value;
  if (value.charCodeAt(k - 1) !== 0x0a) return value.slice(start, end);
  const indent = value.slice(k, end);
  end = k - 1;
  if (end > start && value.charCodeAt(end - 1) === 0x0d) end--;
  const body = value.slice(start, end);
  if (indent === '' || indent !== tagIndent) return body;
  const lines = body.split('\n');
  if (lines.length === 1) return body.trimStart();
  if (!lines.every((line) => line.startsWith(indent) || line.trim() === '')) return body;
  return lines.map((line) => line.slice(Math.min(indent.length, line.length))).join('\n');
}

/** The spaces and tabs before `i` back to its line's start: a tag's indentation. */
function indentBefore(text: string, i: number): string {
  let k = i;
  while (k > 0 && (text.charCodeAt(k - 1) === 0x20 || text.charCodeAt(k - 1) === 0x09)) k--;
  return k === 0 || text.charCodeAt(k - 1) === 0x0a ? text.slice(k, i) : '';
}

/**
 * A value as the markup and the property's type say: `asString` (DeepSeek's `string="true"`) keeps
 * the text, `false` (`string="false"`) reads it as JSON whatever the type; otherwise a string type, or
 * none known, keeps the text and any other type reads it as JSON.
 */
function readValue(raw: string, types: string[], options: ParserSettings, asString?: boolean): { value: unknown; repairs: readonly Repair[] } {
  if (asString === true || (asString === undefined && (types.length === 0 || types.includes('string')))) return { value: raw, repairs: [] };
  let repairs: readonly Repair[] = [];
  try {
    return { value: parse(raw, { ...options, onRepair: (r) => (repairs = r) }), repairs };
  } catch {
    // Not JSON: keep the text; the schema says what is wrong with it.
    return { value: raw, repairs: [] };
  }
}

/**
 * The text repairs of a call's parameter values, located in the body the values were cut from (a
 * value's own offsets start at its text). Values come in the body's order, so one cursor counts the
 * lines: linear in the body.
 */
export class ValueRepairs {
  readonly list: TextRepair[] = [];
  /** Whether a value was written in markup of its own (see valueTagUnwrapped): the call's rewrite `drifted_markup`. */
  drifted = false;
  private at = 0;
  private line = 1;
  private lineStart = 0;

  constructor(private readonly body: string) {}

  /**
   * Adds the repairs of the value whose text starts at `base` in the body; `pinned`: the value is no
   * slice of the body (dedented line by line), so each is located at its start.
   */
  add(repairs: readonly Repair[], base: number, pinned: boolean): void {
    const text = repairs.filter((r): r is TextRepair => 'offset' in r).sort((a, b) => a.offset - b.offset);
    for (const r of text) {
      const offset = Math.min(pinned ? base : base + r.offset, this.body.length);
      for (; this.at < offset; this.at++) {
        if (this.body.charCodeAt(this.at) === 0x0a) {
          this.line++;
          this.lineStart = this.at + 1;
        }
      }
      this.list.push({ ...r, offset, line: this.line, column: offset - this.lineStart + 1 });
    }
  }
}

/**
 * Sets `key` of the arguments to the text `body.slice(start, end)` read by its property's type (see
 * readValue), as an own data property: a key such as "__proto__" cannot reach the prototype. The
 * parser's repairs of it go to `repairs`.
 */
function setParameter(
  value: Record<string, unknown>, key: string, body: string, start: number, end: number, properties: Record<string, unknown> | undefined,
  options: ParserSettings, repairs: ValueRepairs, asString?: boolean, tagIndent?: string,
): void {
  const property = properties && Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : undefined;
  const raw = body.slice(start, end);
  const types = typesOf(property);
  const lines = valueInLines(raw, tagIndent);
  const text = valueTagUnwrapped(lines, types);
  if (text !== lines) repairs.drifted = true;
  const read = readValue(text, types, options, asString);
  if (read.repairs.length > 0) {
    const at = raw.indexOf(text);
    repairs.add(read.repairs, start + Math.max(0, at), at < 0);
  }
  Object.defineProperty(value, key, { value: read.value, enumerable: true, writable: true, configurable: true });
}

/**
 * `<parameter=volume><value>0.8</value></parameter>` (Llama 3.1 under a Qwen3-Coder prompt,
 * ai-sdk-tool-call-middleware #360): a value wrapped in `<value>` tags, for a property whose schema
 * takes no string (a string's text may hold such tags of its own).
 */
function valueTagUnwrapped(text: string, types: readonly string[]): string {
  if (types.length === 0 || types.includes('string') || !text.startsWith('<value>') || !text.endsWith('</value>')) return text;
  const inner = text.slice('<value>'.length, -'</value>'.length);
  return inner.includes('<value>') ? text : inner.trim();
}

/** Whether `text.slice(from, to)` is only space (or nothing). */
function onlySpace(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (!isWs(text.charCodeAt(k))) return false;
  return true;
}

/** Whether `body` from `from` ends with a line break and spaces: what follows it starts a line. */
function endsLine(body: string, from: number): boolean {
  let k = body.length;
  while (k > from && (body.charCodeAt(k - 1) === 0x20 || body.charCodeAt(k - 1) === 0x09)) k--;
  return k > from && body.charCodeAt(k - 1) === 0x0a;
}

/** How a format writes a parameter: the tag that opens one (up to its name) and the one that closes it. */
export interface ParameterMarkup {
  open: string;
  close: string;
  /** A value may be an XML `<![CDATA[…]]>` section, its text the value as written. */
  cdata?: boolean;
}

export const QWEN_PARAMETERS: ParameterMarkup = { open: T.parameterOpen, close: T.parameterClose };
const INVOKE_PARAMETERS: ParameterMarkup = { open: T.invokeParameterOpen, close: T.parameterClose };
const DSML_PARAMETERS: ParameterMarkup = { open: T.dsmlParameterOpen, close: T.dsmlParameterClose };
const DSML2_PARAMETERS: ParameterMarkup = { open: T.dsml2ParameterOpen, close: T.dsml2ParameterClose };
/** MiniCPM5's (mlx-lm #1316): `<param name="KEY">`, attributes in either quotes, values maybe in CDATA. */
const PARAM_PARAMETERS: ParameterMarkup = { open: T.paramOpen, close: T.paramClose, cdata: true };

/** A DSML marker's bars, `|DSML|` or `‖DSML‖` (doubled too), as models write them instead of `｜`. */
const DSML_MARKER = /[|‖｜]{1,2}DSML[|‖｜]{1,2}/g;

/**
 * A DSML body with its markers' bars written `｜`, as DeepSeek's template writes them: a model may
 * write `|` or `‖` instead, and several spellings in one call (GenericAgent #804). Each bar is one
 * UTF-16 unit, so offsets in the body stay.
 */
export function dsmlBarsCanonical(body: string): string {
  return body.replace(DSML_MARKER, (marker) => marker.replace(/[|‖]/g, '｜'));
}

/**
 * The parameter markup of a span of `format` whose body is `body`: Qwen3-Coder's `<parameter=` (or,
 * when its body holds none, MiniCPM5's `<param name=`, or `invoke`'s `<parameter name=` as MiniMax
 * M2.5 mixes it with `<function=NAME>`, strix #439), `invoke`'s `<parameter name=`, DeepSeek's DSML.
 */
export function parameterMarkup(format: string, body = ''): ParameterMarkup {
  if (format === 'invoke') return INVOKE_PARAMETERS;
  if (format === 'deepseek_dsml') return body.includes(T.dsml2ParameterOpen) ? DSML2_PARAMETERS : DSML_PARAMETERS;
  if (body.includes(T.parameterOpen)) return QWEN_PARAMETERS;
  if (body.includes(T.invokeParameterOpen)) return INVOKE_PARAMETERS;
  return body.includes(T.paramOpen) ? PARAM_PARAMETERS : QWEN_PARAMETERS;
}

const CDATA_OPEN = '<![CDATA[';
const CDATA_CLOSE = ']]>';

/** The bounds of a value, or of the text of the one CDATA section it is (spaces around it allowed). */
function cdataText(body: string, start: number, end: number): readonly [number, number] {
  let s = start;
  while (s < end && isWs(body.charCodeAt(s))) s++;
  let e = end;
  while (e > s && isWs(body.charCodeAt(e - 1))) e--;
  if (e - s < CDATA_OPEN.length + CDATA_CLOSE.length || !body.startsWith(CDATA_OPEN, s) || !body.startsWith(CDATA_CLOSE, e - CDATA_CLOSE.length)) return [start, end];
  const inner = [s + CDATA_OPEN.length, e - CDATA_CLOSE.length] as const;
  return body.slice(inner[0], inner[1]).includes(CDATA_CLOSE) ? [start, end] : inner;
}

/**
 * The name and `string` attribute of a parameter tag's text between its opener and `>`: `city`
 * (Qwen3-Coder), `"city"` (`invoke`), `"city" string="true"` (DeepSeek's DSML).
 */
function tagAttributes(text: string): { key: string; asString: boolean | undefined } {
  const t = text.trim();
  const q = t.charAt(0);
  if (q !== '"' && q !== "'") return { key: t, asString: undefined };
  const end = t.indexOf(q, 1);
  if (end === -1) return { key: t, asString: undefined };
  const rest = t.slice(end + 1);
  const flag = /\bstring\s*=\s*["']?(true|false)\b/.exec(rest);
  return { key: t.slice(1, end), asString: flag === null ? undefined : flag[1] === 'true' };
}

/**
 * The arguments object of a Qwen3-Coder call body (or an `invoke` or DSML one: `markup`). `cutOff` is
 * true when the body ends inside a parameter's tag. `unclosed` says how the last value ran to the
 * body's end (no closer and no next parameter after it): `line` when the body ends a line there (the
 * call's own closer, on a line of its own, may end it), `inline` when inside a line (`Use </function>
 * to close.`: that closer is the value's text, the call cut off). `stray` is true when text that is no
 * parameter stands before, between or after them.
 */
export function readParameters(body: string, schema: SchemaLike | undefined, options: ParserSettings, markup: ParameterMarkup = QWEN_PARAMETERS): { value: Record<string, unknown>; repairs: TextRepair[]; cutOff: boolean; unclosed: 'no' | 'line' | 'inline'; drifted: boolean; stray: boolean } {
  const { open, close } = markup;
  const properties = propertyTypes(schema);
  const value: Record<string, unknown> = {};
  const repairs = new ValueRepairs(body);
  let cutOff = false;
  let unclosed: 'no' | 'line' | 'inline' = 'no';
  let stray = false;
  // The next closer, and the next bare opener (see pastInnerTags), at or after the current value;
  // each searched again only once passed (linear).
  let closeAt = -2;
  const inner = { bare: `<${close.slice(2)}`, at: -2 };
  let i = body.indexOf(open);
  stray = !onlySpace(body, 0, i === -1 ? body.length : i);
  while (i !== -1) {
    let keyStart = i + open.length;
    const gt = body.indexOf('>', keyStart);
    if (gt === -1) {
      cutOff = true;
      break;
    }
    // `<parameter name=<parameter name="city">`: the opener written twice is one tag (read once, the
    // key was `<parameter name="city"`, an argument no tool has).
    for (let again = body.indexOf(open, keyStart); again !== -1 && again < gt; again = body.indexOf(open, keyStart)) keyStart = again + open.length;
    const { key, asString } = tagAttributes(body.slice(keyStart, gt));
    const next = body.indexOf(open, gt + 1);
    if (closeAt !== -1 && closeAt < gt + 1) closeAt = body.indexOf(close, gt + 1);
    if (closeAt !== -1) closeAt = pastInnerTags(body, gt + 1, closeAt, next, close, inner);
    let end: number;
    if (closeAt !== -1 && (next === -1 || closeAt < next)) end = closeAt;
    else if (next !== -1) end = next; // a missing closer before the next parameter
    else {
      end = body.length;
      unclosed = endsLine(body, gt + 1) ? 'line' : 'inline';
    }
    const [from, to] = markup.cdata ? cdataText(body, gt + 1, end) : [gt + 1, end];
    setParameter(value, key, body, from, to, properties, options, repairs, asString, indentBefore(body, i));
    if (end === closeAt && !onlySpace(body, end + close.length, next === -1 ? body.length : next)) stray = true;
    i = next;
  }
  return { value, repairs: repairs.list, cutOff, unclosed, drifted: repairs.drifted, stray };
}

/**
 * `<parameter name="content"><parameter>⏎  <a></a>⏎</parameter></parameter>` (vLLM #44060): a value
 * of markup that holds the parameter's own tag, bare. Each such opener before the value's closer at
 * `closeAt` takes that closer; the value's own is the next (before the next parameter, `next`).
 * Cut at the first, the value lost its end and the last closer was dropped without a word. `inner`:
 * the bare opener and where it was found last (searched again only once passed: linear in the body).
 */
function pastInnerTags(body: string, from: number, closeAt: number, next: number, close: string, inner: { bare: string; at: number }): number {
  if (inner.at !== -1 && inner.at < from) inner.at = body.indexOf(inner.bare, from);
  while (inner.at !== -1 && inner.at < closeAt) {
    const later = body.indexOf(close, closeAt + close.length);
    if (later === -1 || (next !== -1 && later > next)) return closeAt;
    closeAt = later;
    inner.at = body.indexOf(inner.bare, inner.at + inner.bare.length);
  }
  return closeAt;
}

/**
 * The arguments object of a GLM call body: `<arg_key>KEY</arg_key>` then `<arg_value>value</arg_value>`,
 * each value read by its property's type as Qwen3-Coder's are. `cutOff` is true when the body ends
 * inside a pair (a key without its value's closer), unless `closedCall`: the call's `</tool_call>`
 * came, and the body's end ends its last value. In a closed call, a pair that is not whole (an
 * `<arg_key>` with no `</arg_key>`, a key with no value) is no cut: `broken` says what is wrong.
 */
export function readArgPairs(body: string, schema: SchemaLike | undefined, options: ParserSettings, closedCall = false): { value: Record<string, unknown>; repairs: TextRepair[]; cutOff: boolean; drifted: boolean; broken?: string } {
  const properties = propertyTypes(schema);
  const value: Record<string, unknown> = {};
  const repairs = new ValueRepairs(body);
  // The next <arg_value>, </arg_value> and <arg_key> at or after the current key; each searched again
  // only once passed (linear).
  let nextOpen = -2;
  let closeAt = -2;
  let nextKey = -2;
  let valueAfterKey = -2;
  let i = body.indexOf(T.argKeyOpen);
  while (i !== -1) {
    const keyStart = pastRepeats(body, i, T.argKeyOpen);
    const keyEnd = body.indexOf(T.argKeyClose, keyStart);
    if (keyEnd === -1) {
      if (closedCall) return { value, repairs: repairs.list, cutOff: false, drifted: repairs.drifted, broken: `an ${T.argKeyOpen} has no ${T.argKeyClose}` };
      return { value, repairs: repairs.list, cutOff: true, drifted: repairs.drifted };
    }
    // `<arg_key>city⏎<arg_value>Oslo</arg_value>⏎<arg_key>days</arg_key>`: the key lost its
    // `</arg_key>`; read to the next one, its name took a value and a key (a made-up argument).
    const keyText = body.slice(keyStart, keyEnd);
    if (keyText.includes(T.argValueOpen) || keyText.includes(T.argKeyOpen)) {
      return { value, repairs: repairs.list, cutOff: false, drifted: repairs.drifted, broken: `the ${T.argKeyOpen} of ${JSON.stringify(keyText.slice(0, keyText.indexOf('<')).trim())} has no ${T.argKeyClose}` };
    }
    if (closeAt !== -1 && closeAt < keyEnd) closeAt = body.indexOf(T.argValueClose, keyEnd);
    if (nextKey !== -1 && nextKey <= keyEnd) nextKey = body.indexOf(T.argKeyOpen, keyEnd);
    // `<arg_value>Paris<arg_key>unit</arg_key>⏎<arg_value>celsius</arg_value>`: a value whose closer
    // was lost ends at the next key, when that key's own `<arg_value>` comes before the closer (read
    // to the closer, the value took that member into its text). A key only written in the text
    // (`<arg_value>use <arg_key> tags</arg_value>`) has none.
    if (nextKey !== -1 && closeAt !== -1 && nextKey < closeAt && valueAfterKey !== -1 && valueAfterKey < nextKey) valueAfterKey = body.indexOf(T.argValueOpen, nextKey);
    const lostCloser = nextKey !== -1 && (closeAt === -1 || (nextKey < closeAt && valueAfterKey !== -1 && valueAfterKey < closeAt));
    // `<arg_value>Paris</tool_call>`: the last value's closer lost in a call whose own closer came
    // (ollama's glm46 tests): the body's end ends it (a key with no `<arg_value>` after it is cut off).
    if (nextOpen !== -1 && nextOpen < keyEnd) nextOpen = body.indexOf(T.argValueOpen, keyEnd);
    const end = lostCloser ? nextKey : closeAt !== -1 ? closeAt : closedCall && nextOpen !== -1 ? body.length : -1;
    if (end === -1) {
      if (closedCall) return { value, repairs: repairs.list, cutOff: false, drifted: repairs.drifted, broken: `the key ${JSON.stringify(body.slice(keyStart, keyEnd).trim())} has no value` };
      return { value, repairs: repairs.list, cutOff: true, drifted: repairs.drifted };
    }
    // `<arg_key>q</arg_key>text</arg_value>`: GLM-4.7 drops the `<arg_value>` in some calls (vLLM
    // #49249 saw it in 5–17% of them under load); the value is the text up to its closer.
    // `<arg_value><arg_value>Oslo</arg_value>`: the opener written twice is one (as `<arg_key>`'s).
    const valueStart = nextOpen !== -1 && nextOpen < end ? pastRepeats(body, nextOpen, T.argValueOpen) : keyEnd + T.argKeyClose.length;
    const key = keyText.trim();
    setParameter(value, key, body, valueStart, end, properties, options, repairs);
    i = lostCloser ? nextKey : body.indexOf(T.argKeyOpen, end);
    // `</arg_value>⏎days</arg_key>⏎<arg_value>3</arg_value>`: a key whose `<arg_key>` was lost, or other
    // text, between this pair and the next (or the body's end): no pair, and it would be dropped.
    if (end === closeAt) {
      const gap = body.slice(end + T.argValueClose.length, i === -1 ? body.length : i).split(T.argValueClose).join('');
      if (gap.trim() !== '') return { value, repairs: repairs.list, cutOff: false, drifted: repairs.drifted, broken: `text that is no pair follows the value of ${JSON.stringify(key)}` };
    }
  }
  return { value, repairs: repairs.list, cutOff: false, drifted: repairs.drifted };
}

/**
 * Past the `tag` at `i` and any copies of it right after (spaces between): GLM-4.7 doubles its
 * `<arg_key>` (`<arg_key><arg_key>path</arg_key>`, vLLM #54971), which read once made the key
 * `"<arg_key>path"`.
 */
function pastRepeats(body: string, i: number, tag: string): number {
  let k = i + tag.length;
  for (;;) {
    let j = k;
    while (j < body.length && isWs(body.charCodeAt(j))) j++;
    if (!body.startsWith(tag, j)) return k;
    k = j + tag.length;
  }
}

const TAG_NAME = /^[A-Za-z_][\w.-]*$/;

/**
 * The arguments object of a MiniMax-M3 call body: parameters named by their tags, `<KEY>value</KEY>`,
 * each value read by its property's type as Qwen3-Coder's are; the namespace token before each tag
 * is dropped. `cutOff` is true when the body ends inside a parameter; `stray` when text that is no
 * parameter stands among them (it would be lost without a word).
 */
export function readNamedTags(body: string, schema: SchemaLike | undefined, options: ParserSettings): { value: Record<string, unknown>; repairs: TextRepair[]; cutOff: boolean; stray: boolean; drifted: boolean } {
  // Offsets of repairs are in this text: the body without its namespace tokens.
  const text = body.split(T.minimaxNamespace).join('');
  const properties = propertyTypes(schema);
  const value: Record<string, unknown> = {};
  const repairs = new ValueRepairs(text);
  const done = (cutOff: boolean, stray: boolean) => ({ value, repairs: repairs.list, cutOff, stray, drifted: repairs.drifted });
  const n = text.length;
  let i = 0;
  for (;;) {
    while (i < n && isWs(text.charCodeAt(i))) i++;
    if (i >= n) return done(false, false);
    if (text.charCodeAt(i) !== 0x3c) return done(false, true);
    const gt = text.indexOf('>', i + 1);
    if (gt === -1) return done(true, false);
    const key = text.slice(i + 1, gt).trim();
    if (!TAG_NAME.test(key)) return done(false, true);
    const closer = `</${key}>`;
    const close = text.indexOf(closer, gt + 1);
    if (close === -1) return done(true, false);
    setParameter(value, key, text, gt + 1, close, properties, options, repairs);
    i = close + closer.length;
  }
}

/** A parameter written as an attribute, `KEY="value"`: its key and where its value's text is (quotes excluded). */
export interface AttributeParameter {
  key: string;
  start: number;
  end: number;
}

/**
 * The arguments object of parameters written as attributes (`<run_command command="ls" cwd="/tmp" />`,
 * see tool-tags.ts): each value's text read by its property's type, as a tag's value is (a string
 * type, or none known, keeps the text; any other type reads it as JSON). Repairs are located in `text`.
 */
export function readAttributeParameters(text: string, attributes: readonly AttributeParameter[], schema: SchemaLike | undefined, options: ParserSettings): { value: Record<string, unknown>; repairs: TextRepair[] } {
  const properties = propertyTypes(schema);
  const value: Record<string, unknown> = {};
  const repairs = new ValueRepairs(text);
  for (const a of attributes) setParameter(value, a.key, text, a.start, a.end, properties, options, repairs);
  return { value, repairs: repairs.list };
}
