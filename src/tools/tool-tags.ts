// Calls whose only markup is a given tool's name. Cline's and Roo Code's prompts ask for XML tool use,
// the tool's name as the tag and each parameter a child tag (`<read_file>⏎<path>src/a.ts</path>⏎
// </read_file>`, Roo-Code #10464), and apps prompting for tags write the parameters as attributes
// (`<workspace_read path="README.md" />`, data-machine #2436). The scanner knows markup only, not the
// tools' names, so these are found here, only for a name that is one of the tools.
import { atLineStart, isToolNameStart, isWs, toolNameEnd } from '../extract/chars.js';
import { JsonMendError } from '../errors.js';
import type { Repair, SchemaLike } from '../schema/types.js';
import { argumentsFromText, argumentsFromValue, cutOff } from './read-call.js';
import { onlyStringParameter } from './registry.js';
import { paragraphs } from './paragraphs.js';
import type { RangeSet, Taken } from './ranges.js';
import type { ParserSettings, ToolCallRewrite } from './types.js';
import { readAttributeParameters, readNamedTags, type AttributeParameter } from './xml-params.js';

/** A call written with the tool's name as its tag (or, see findAttributeLines, as its line's first word). */
export interface TagCall {
  /** The tool's name as written. */
  name: string;
  /** Where the call starts (its `<`) and ends (past its closer, `/>`, or its line's last attribute). */
  start: number;
  end: number;
  /** Its attributes, each value's text in the reply (quotes excluded). */
  attributes: AttributeParameter[];
  /** The text between the opening tag and its closer, when it has one. */
  body?: { start: number; end: number };
  /** The reply ended inside it. */
  cut?: true;
}

/** The end of the name at `i` (a tool's, or an attribute's key: see toolNameEnd), or `i` when none starts there. */
function nameEnd(text: string, i: number): number {
  return isToolNameStart(text.charCodeAt(i)) ? toolNameEnd(text, i) : i;
}

/** What reading a tag's (or a line's) attributes gave. */
type Attributes =
  | { attributes: AttributeParameter[]; end: number; selfClosing: boolean }
  | { cut: true }
  | { not: number };

/**
 * The attributes from `i` (right after the tag's name), `KEY="value"` or `KEY='value'`, up to the
 * tag's `>` or `/>`; with `lineEnd`, up to the line's end instead (a tag's attributes written bare on
 * a line, see findAttributeLines), at least one. `cut` when the reply ends first; `not` (how far the
 * reading got) when the text is no such attributes. One pass.
 */
function readAttributes(text: string, i: number, lineEnd?: number): Attributes {
  const attributes: AttributeParameter[] = [];
  const limit = lineEnd ?? text.length;
  let k = i;
  for (;;) {
    const before = k;
    while (k < limit && (lineEnd === undefined ? isWs(text.charCodeAt(k)) : text.charCodeAt(k) === 0x20 || text.charCodeAt(k) === 0x09 || text.charCodeAt(k) === 0x0d)) k++;
    if (k >= limit) {
      if (lineEnd !== undefined) return attributes.length > 0 ? { attributes, end: before, selfClosing: true } : { not: k };
      return { cut: true };
    }
    const c = text.charCodeAt(k);
    if (lineEnd === undefined && c === 0x3e) return { attributes, end: k + 1, selfClosing: false };
    if (lineEnd === undefined && c === 0x2f) {
      if (k + 1 >= text.length) return { cut: true };
      return text.charCodeAt(k + 1) === 0x3e ? { attributes, end: k + 2, selfClosing: true } : { not: k };
    }
    // An attribute's key, after a space (not glued to the name or the last value).
    const keyEnd = nameEnd(text, k);
    if (keyEnd === k || k === before) return { not: k };
    let e = keyEnd;
    while (e < limit && (text.charCodeAt(e) === 0x20 || text.charCodeAt(e) === 0x09)) e++;
    if (e >= text.length) return { cut: true };
    if (text.charCodeAt(e) !== 0x3d) return { not: e };
    e++;
    while (e < limit && (text.charCodeAt(e) === 0x20 || text.charCodeAt(e) === 0x09)) e++;
    if (e >= text.length) return { cut: true };
    const q = text.charCodeAt(e);
    if (q !== 0x22 && q !== 0x27) return { not: e };
    // The closing quote is looked for up to `limit` only: reading a line never looks past it, so what
    // a line costs does not hang on the text after its paragraph.
    let close = e + 1;
    while (close < limit && text.charCodeAt(close) !== q) close++;
    if (close >= limit) return limit === text.length ? { cut: true } : { not: limit };
    attributes.push({ key: text.slice(k, keyEnd), start: e + 1, end: close });
    k = close + 1;
  }
}

/**
 * Every call written as a tag named for a tool (`known`), outside `taken` (spans and calls read
 * before, reasoning) and `code` (fences: an example), in text order: `<NAME>` with child tags, JSON or
 * text up to its `</NAME>`, `<NAME KEY="value" …/>`, or `<NAME KEY="value" …>` and its closer. The tag
 * starts its line (past spaces): `<read_file>` inside a sentence names the markup. An opening tag with
 * no closer is a call cut off when it is the reply's last and only tags follow it to the reply's end;
 * else the tag mentioned. Linear: each tool's closer is searched again only once passed, and the search
 * goes on after what was read.
 */
export function findToolTags(text: string, taken: Taken, code: RangeSet, known: (name: string) => boolean): TagCall[] {
  const calls: TagCall[] = [];
  const closers = new Map<string, number>();
  // The last opening tag that found no closer: a cut-off call when it is the reply's last.
  let unclosed: TagCall | undefined;
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    const end = nameEnd(text, at + 1);
    if (end === at + 1) continue;
    const name = text.slice(at + 1, end);
    if (!known(name) || !atLineStart(text, at) || taken.overlaps(at, at + 1) || code.overlaps(at, at + 1)) continue;
    const head = readAttributes(text, end);
    if ('not' in head) {
      at = Math.max(at, head.not - 1);
      continue;
    }
    if ('cut' in head) {
      unclosed = { name, start: at, end: text.length, attributes: [], cut: true };
      break;
    }
    if (head.selfClosing) {
      calls.push({ name, start: at, end: head.end, attributes: head.attributes });
      at = head.end - 1;
      continue;
    }
    const closer = `</${name}>`;
    let close = closers.get(name);
    if (close === undefined || (close !== -1 && close < head.end)) {
      close = text.indexOf(closer, head.end);
      closers.set(name, close);
    }
    if (close === -1) {
      unclosed = { name, start: at, end: text.length, attributes: head.attributes, body: { start: head.end, end: text.length }, cut: true };
      at = head.end - 1;
      continue;
    }
    const call: TagCall = { name, start: at, end: close + closer.length, attributes: head.attributes, body: { start: head.end, end: close } };
    if (taken.overlaps(call.start, call.end)) continue;
    calls.push(call);
    at = call.end - 1;
  }
  if (unclosed !== undefined && (calls.length === 0 || calls[calls.length - 1].start < unclosed.start) && onlyTagsFollow(text, unclosed)) calls.push(unclosed);
  return calls;
}

/**
 * A tag's attributes written bare on a line after the tool's name, `web_fetch url="https://…"`
 * (odysseus #2447: local models write calls so), standing apart as `call_syntax`'s calls must: a
 * paragraph (the reply's start or a blank line before it, a blank line or the end after it) that is
 * nothing but such lines, each a tool's name (`known`) and at least one `KEY="value"`, outside `taken`
 * and `code`. `Use run_command command="ls" to list.` and a call in a paragraph with prose are text. A
 * last line the reply ends inside a value of is a call cut off. Each paragraph is read once: linear.
 */
export function findAttributeLines(text: string, taken: Taken, code: RangeSet, known: (name: string) => boolean): TagCall[] {
  const found: TagCall[] = [];
  for (const [start, end] of paragraphs(text)) {
    let k = start;
    while (k < end && isWs(text.charCodeAt(k))) k++;
    if (k < end && !taken.overlaps(k, end) && !code.overlaps(k, end)) {
      const lines = attributeLines(text, k, end, known);
      if (lines !== undefined) for (const line of lines) found.push(line);
    }
  }
  return found;
}

/** The calls of the paragraph `[at, end)` when each of its lines is one (see findAttributeLines), else undefined. */
function attributeLines(text: string, at: number, end: number, known: (name: string) => boolean): TagCall[] | undefined {
  const calls: TagCall[] = [];
  let k = at;
  while (k < end) {
    const e = nameEnd(text, k);
    const c = text.charCodeAt(e);
    if (e === k || (c !== 0x20 && c !== 0x09) || !known(text.slice(k, e))) return undefined;
    let nl = text.indexOf('\n', e);
    if (nl === -1 || nl > end) nl = end;
    const read = readAttributes(text, e, nl);
    if ('cut' in read) {
      if (nl !== text.length) return undefined;
      calls.push({ name: text.slice(k, e), start: k, end: text.length, attributes: [], cut: true });
      return calls;
    }
    if ('not' in read) return undefined;
    calls.push({ name: text.slice(k, e), start: k, end: read.end, attributes: read.attributes });
    k = nl;
    while (k < end && isWs(text.charCodeAt(k))) k++;
  }
  return calls;
}

/** Whether an opening tag with no closer is followed by nothing but parameter tags (maybe cut) to the reply's end. */
function onlyTagsFollow(text: string, call: TagCall): boolean {
  if (call.body === undefined) return true;
  const rest = text.slice(call.body.start);
  return rest.trim() === '' || !readNamedTags(rest, undefined, {}).stray;
}

/** The arguments of a tag call (see findToolTags), read by the tool's schema. */
export function tagArguments(
  text: string, call: TagCall, schema: SchemaLike | undefined, options: ParserSettings, rewrites: ToolCallRewrite[], where: () => string,
): { value: unknown; repairs: Repair[] } {
  if (call.cut === true) throw cutOff(where);
  const keys = new Set<string>();
  for (const a of call.attributes) {
    if (keys.has(a.key)) throw new JsonMendError('UNREPAIRABLE', `${where()}: it gives the attribute "${a.key}" twice`);
    keys.add(a.key);
  }
  // Attributes' repairs are located in the call's text, its body's in the body.
  const attrs = readAttributeParameters(text.slice(call.start, call.end), call.attributes.map((a) => ({ ...a, start: a.start - call.start, end: a.end - call.start })), schema, options);
  const body = call.body === undefined ? '' : text.slice(call.body.start, call.body.end);
  if (body.trim() === '') return argumentsFromValue(attrs.value, schema, where, attrs.repairs);
  const trimmed = body.trim();
  if (call.attributes.length === 0 && (trimmed.startsWith('{') || trimmed.startsWith('['))) return argumentsFromText(body, schema, options, rewrites, where, true);
  const tags = readNamedTags(body, schema, options);
  if (tags.stray && call.attributes.length === 0 && !trimmed.startsWith('<')) {
    // `<web_fetch>https://example.com</web_fetch>`: text for a tool whose one parameter takes a string is its value.
    const key = onlyStringParameter(schema);
    if (key !== undefined) {
      rewrites.push('arguments_as_text');
      return argumentsFromValue({ [key]: trimmed }, schema, where);
    }
  }
  if (tags.stray) throw new JsonMendError('UNREPAIRABLE', `${where()}: its body holds text that is no <KEY>value</KEY> parameter`);
  if (tags.cutOff) throw cutOff(where);
  if (tags.drifted) rewrites.push('drifted_markup');
  const value = attrs.value;
  for (const key of Object.keys(tags.value)) {
    if (Object.hasOwn(value, key)) throw new JsonMendError('UNREPAIRABLE', `${where()}: it gives the parameter "${key}" twice, as an attribute and as a tag`);
    Object.defineProperty(value, key, { value: tags.value[key], enumerable: true, writable: true, configurable: true });
  }
  return argumentsFromValue(value, schema, where, [...attrs.repairs, ...tags.repairs]);
}
