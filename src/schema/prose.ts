// A reply with no JSON at all, read through a scalar, enum or string schema: the schema is the prior
// for the text. Without a schema (or with one that asks for a container) prose stays NO_JSON.
import type { Schema } from '@cfworker/json-schema';
import { NO, type Converted, foldCaseAndSpace, propertyKey, stringToNumber, writtenNumber } from './convert.js';
import { type Guide, type JsonType, expectedTypes, itemSchema, resolveSchema } from './guide.js';
import type { SchemaRepair } from './types.js';

/** The value read out of the prose, and the repair that says so; undefined when none or several fit. */
export function readProse(text: string, guide: Guide): { value: unknown; repair: SchemaRepair } | undefined {
  let node = withoutNullBranch(guide, resolveSchema(guide, guide.root));
  if (typeof node === 'boolean') return undefined;
  // A union of literals (Zod's `z.union([z.literal('a'), …])`) is an enum of them; a union of
  // scalars with a string among them takes the text as that string, as a string alone does (BAML's
  // test_unions: the `1` of `1 cup butter` is no number answer).
  const union = scalarUnion(guide, node);
  if (union !== undefined) node = union;
  const members = Array.isArray(node.enum) ? (node.enum as unknown[]) : 'const' in node ? [node.const] : undefined;
  const types = expectedTypes(node).filter((t) => t !== 'null');
  if (types.length === 1 && types[0] === 'object') {
    const object = labelledLines(text, node);
    return object === undefined ? undefined : { value: object, repair: { kind: 'read_from_prose', path: '', before: text, after: object } };
  }
  if (members === undefined && types.includes('string') && types.every(isScalarType)) {
    const body = withoutFence(text.trim());
    if (body.length === 0) return undefined;
    return { value: body, repair: { kind: 'prose_as_string', path: '', before: text, after: body } };
  }
  if (types.length === 1 && types[0] === 'array' && members === undefined) {
    const items = resolveSchema(guide, itemSchema(node, 0));
    const itemTypes = expectedTypes(items);
    // Numbers listed; or, for booleans or enum members, the one the prose holds (`The answer is true`
    // for boolean[] is [true]). One number alone is no list: `1,234` and `1.5, 2` are ambiguous.
    const numbers = itemTypes.includes('number') || itemTypes.includes('integer');
    // Written more than once (`true and true`), the value may be one item or several: no list.
    const list = numbers ? numberList(withoutFence(text.trim()), itemTypes) : oneScalar(text, items, true);
    return list === undefined ? undefined : { value: list, repair: { kind: 'read_from_prose', path: '', before: text, after: list } };
  }
  const one = oneScalar(text, node);
  // `before` is the reply: the value's own spelling is in it, and that is what was read.
  return one === undefined ? undefined : { value: one[0], repair: { kind: 'read_from_prose', path: '', before: text, after: one[0] } };
}

/**
 * The one scalar or enum member that `node` asks for written in the prose, as a one-element list;
 * undefined when none or several are, or, `once`, when it is written more than once.
 */
function oneScalar(text: string, node: Schema | boolean, once = false): [unknown] | undefined {
  if (typeof node === 'boolean') return undefined;
  const members = Array.isArray(node.enum) ? (node.enum as unknown[]) : 'const' in node ? [node.const] : undefined;
  const types = expectedTypes(node).filter((t) => t !== 'null');
  if (types.some((t) => t === 'object' || t === 'array' || t === 'string') && members === undefined) return undefined;
  let found = members !== undefined ? membersIn(text, members) : scalarsIn(text, types);
  // `TWO is one of the answers`: of members written in capitals only, one written so in the text,
  // the others only ignoring case (`one`, a common word): that one (BAML's test_enum). Other members
  // (`positive`, `Yes`) are not told apart so: a sentence's first word is capitalised.
  if (found.length > 1 && members !== undefined && found.every(([written]) => typeof written === 'string' && written.length > 1 && written === written.toUpperCase() && written !== written.toLowerCase())) {
    const exact = found.filter(([written]) => exactlyIn(text, written));
    if (exact.length === 1) found = exact;
  }
  return found.length === 1 && (!once || found[0][2] === 1) ? [found[0][1]] : undefined;
}

/** Whether `word` stands in `text` as written (its case too), at word boundaries. */
function exactlyIn(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (!isWordChar(text, at - 1) && !isWordChar(text, at + word.length)) return true;
  }
  return false;
}

/**
 * `anyOf: [T, {type: "null"}]` (Zod's `.nullable()`, Pydantic's `Optional[T]`, BAML's `T?`) reads prose
 * as `T` does: the text is no null. Any other schema is returned as it is.
 */
function withoutNullBranch(guide: Guide, node: Schema | boolean): Schema | boolean {
  // A node with its own type, enum or const says more than its branches: left as it is.
  if (typeof node === 'boolean' || node.type !== undefined || node.enum !== undefined || 'const' in node) return node;
  const branches = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
  if (branches === undefined || branches.length !== 2) return node;
  const resolved = branches.map((b) => resolveSchema(guide, b as Schema | boolean));
  const isNull = (b: Schema | boolean) => typeof b !== 'boolean' && (b.type === 'null' || ('const' in b && b.const === null) || (Array.isArray(b.enum) && b.enum.length === 1 && b.enum[0] === null));
  const others = resolved.filter((b) => !isNull(b));
  return others.length === 1 ? others[0] : node;
}

/**
 * An `anyOf`/`oneOf` (no type of its own) whose branches are all literals, as `{enum: […]}`, or all
 * scalar types with a string among them, as `{type: "string"}`; undefined for any other node.
 */
function scalarUnion(guide: Guide, node: Schema): Schema | undefined {
  if (node.type !== undefined || node.enum !== undefined || 'const' in node) return undefined;
  const branches = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
  if (branches === undefined || branches.length === 0) return undefined;
  const resolved = branches.map((b) => resolveSchema(guide, b as Schema | boolean));
  const literals: unknown[] = [];
  let allLiterals = true;
  let types: string[] = [];
  for (const b of resolved) {
    if (typeof b === 'boolean') return undefined;
    if (Array.isArray(b.enum)) literals.push(...(b.enum as unknown[]));
    else if ('const' in b) literals.push(b.const);
    else allLiterals = false;
    types = [...types, ...expectedTypes(b)];
  }
  if (allLiterals) return { enum: literals };
  return types.every(isScalarType) && types.includes('string') && resolved.every((b) => typeof b !== 'boolean' && expectedTypes(b).length > 0) ? { type: 'string' } : undefined;
}

function isScalarType(t: string): boolean {
  return t === 'string' || t === 'number' || t === 'integer' || t === 'boolean' || t === 'null';
}

/**
 * `- **Name**: John Doe⏎- **Age**: 30` (deepseek-chat, langchain #29282): a reply of `Label: value`
 * lines (a list's mark and emphasis around them allowed) read through an object schema. Each label
 * names a declared property as rename_property compares names; every required property is there,
 * two at least (or all there are), and none is named twice. The values stay as written: the repair
 * loop then reads each as its property asks (`"30"` for an integer is 30). Nothing in the block is
 * dropped: a line that is no label goes on the value before it (a list under an empty value is its
 * items), and a label no property declares is a member of its own, as written (stripped, reported,
 * by a schema that allows no others). The block ends at a blank line before text that is no label:
 * prose after it is set aside, as after JSON. Undefined otherwise.
 */
function labelledLines(text: string, node: Schema): Record<string, unknown> | undefined {
  const properties = node.properties;
  if (properties === undefined || typeof properties !== 'object') return undefined;
  const declared = Object.keys(properties);
  const byKey = new Map(declared.map((name) => [propertyKey(name), name]));
  const members: Array<{ name: string; first: string; more: string[] }> = [];
  let matched = 0;
  let blank = false;
  for (const raw of text.split('\n')) {
    const trimmed = raw.trim();
    if (trimmed === '') {
      blank = members.length > 0;
      continue;
    }
    const last = members[members.length - 1];
    const line = withoutListMark(trimmed);
    let colon = 0;
    while (colon < line.length && line[colon] !== ':' && line[colon] !== '：') colon++;
    const label = colon > 0 && colon < line.length ? trimMarks(line.slice(0, colon)) : '';
    const name = label === '' ? undefined : byKey.get(propertyKey(label));
    if (name !== undefined) {
      if (members.some((m) => m.name === name)) return undefined;
      members.push({ name, first: trimMarks(line.slice(colon + 1)), more: [] });
      matched++;
    } else if (last === undefined) {
      continue; // prose before the block
    } else if (isLabel(label)) {
      if (members.some((m) => m.name === label)) return undefined;
      members.push({ name: label, first: trimMarks(line.slice(colon + 1)), more: [] });
    } else if (blank) {
      break; // prose after the block
    } else {
      last.more.push(trimmed);
      continue;
    }
    blank = false;
  }
  const value: Record<string, unknown> = {};
  for (const m of members) Object.defineProperty(value, m.name, { value: memberValue(m.first, m.more), enumerable: true, writable: true, configurable: true });
  const required = Array.isArray(node.required) ? (node.required as unknown[]) : [];
  if (matched < Math.min(2, declared.length) || !required.every((r) => typeof r === 'string' && Object.prototype.hasOwnProperty.call(value, r))) return undefined;
  return value;
}

/** A label a model writes before a value: a few words, a letter first (not a sentence that holds a colon). */
function isLabel(label: string): boolean {
  return label.length > 0 && label.length <= 40 && /^\p{L}/u.test(label) && label.split(' ').length <= 4;
}

/** A member's value: its line's text, the lines under it joined; lines that are all list items under an empty one, those items. */
function memberValue(first: string, more: readonly string[]): unknown {
  if (more.length === 0) return first;
  const items = more.map(withoutListMark);
  if (first === '' && items.every((item, i) => item !== more[i])) return items.map(trimMarks);
  return [first, ...more].filter((line) => line !== '').join('\n');
}

/** `line` without a list's mark before it (`-`, `*`, `•`, `+`, `1.`, `1)`). */
function withoutListMark(line: string): string {
  let k = 0;
  if (line[0] === '-' || line[0] === '*' || line[0] === '•' || line[0] === '+') k = 1;
  else {
    while (k < line.length && k < 3 && line[k] >= '0' && line[k] <= '9') k++;
    if (k === 0 || (line[k] !== '.' && line[k] !== ')')) return line;
    k++;
  }
  return line[k] === ' ' || line[k] === '\t' ? line.slice(k).trim() : line;
}

/** `text` without the markdown emphasis (`**`, `__`, `*`) and spaces around it. */
function trimMarks(text: string): string {
  let a = 0;
  let b = text.length;
  while (a < b && (text[a] === '*' || text[a] === '_' || text[a] === ' ' || text[a] === '\t')) a++;
  while (b > a && (text[b - 1] === '*' || text[b - 1] === '_' || text[b - 1] === ' ' || text[b - 1] === '\t' || text[b - 1] === '\r')) b--;
  return text.slice(a, b);
}

/** The inside of a reply that is one code fence (its info string dropped), else the text itself. */
function withoutFence(t: string): string {
  if (t.length < 6 || !t.startsWith('```') || !t.endsWith('```')) return t;
  const newline = t.indexOf('\n');
  if (newline === -1 || newline > t.length - 3) return t;
  return t.slice(newline + 1, t.length - 3).trim();
}

/**
 * Distinct values found, each with the text it was read from (for messages) and how many times it was
 * written, in order of first appearance.
 */
type Found = Array<[written: string, value: unknown, times: number]>;

function addFound(found: Found, written: string, value: unknown): void {
  const seen = found.find(([, v]) => v === value);
  if (seen) seen[2]++;
  else found.push([written, value, 1]);
}

/** Whether the character at `i` is a letter or digit (so a match next to it is part of a longer word). */
function isWordChar(text: string, i: number): boolean {
  return i >= 0 && i < text.length && /[\p{L}\p{N}_]/u.test(text[i]);
}

/**
 * Enum members written in the prose: strings as phrases at word boundaries, ignoring case and space
 * (`_` read as a space); one inside another's longer match is part of it, and, `readNegation`, one
 * after `not` is not written.
 */
function membersIn(text: string, members: readonly unknown[], readNegation = true): Found {
  const folded = foldForProse(text);
  const found: Found = [];
  const others = members.filter((m) => typeof m !== 'string');
  const matches: Array<{ member: string; at: number; end: number }> = [];
  for (const m of members) {
    if (typeof m !== 'string') continue;
    const wanted = foldForProse(m);
    if (wanted.length === 0) continue;
    for (let at = folded.indexOf(wanted); at !== -1; at = folded.indexOf(wanted, at + 1)) {
      if (isWordChar(folded, at - 1) || isWordChar(folded, at + wanted.length)) continue;
      // `This is not spam` holds `spam`, but says the opposite: not that member.
      if (readNegation && folded.endsWith('not ', at) && !wanted.startsWith('not ')) continue;
      matches.push({ member: m, at, end: at + wanted.length });
    }
  }
  // `not spam` for [spam, not_spam]: a member found inside another's longer match is part of it.
  for (const x of matches) {
    if (!matches.some((y) => y !== x && y.at <= x.at && x.end <= y.end && y.end - y.at > x.end - x.at)) addFound(found, x.member, x.member);
  }
  // Numbers and booleans among the members: read as scalars, kept when they are members.
  if (others.length > 0) {
    for (const [written, value] of scalarsIn(text, ['boolean', 'number'])) if (others.includes(value)) addFound(found, written, value);
  }
  return found;
}

/** Text folded for finding members in prose: case and space, and `_` read as the space it stands for (`not_spam`). */
function foldForProse(text: string): string {
  return foldCaseAndSpace(text.replace(/_/g, ' '));
}

/** The marks after an enum member that start a note about it (`ONE: the first`, `TWO - because`, `TWO!`). */
const NOTE_MARKS = ':-\u2013\u2014.,;(!';

/** Of those, the ones that also join a word's parts: a mark only before a space or the end. */
const WORD_JOINERS = '-\u2013\u2014.';

/**
 * `"ONE: The description of k1"`, `"TWO - because…"` for an enum (BAML's from_string_with_extra_text):
 * the member a string starts with (ignoring case; the longest, when several do), then a mark and a
 * note; NO when none does, or the note names another member (`"ONE - is the answer, not TWO"`). A member then a space and
 * more words (`"no idea"` for `[yes, no]`) is no member.
 */
export function enumWithText(text: string, members: readonly unknown[]): Converted<string> {
  const t = text.trimStart();
  let found: Converted<string> = NO;
  for (const m of members) {
    if (typeof m !== 'string' || m.length === 0 || t.length <= m.length) continue;
    if (t.slice(0, m.length).toLowerCase() !== m.toLowerCase()) continue;
    let k = m.length;
    while (k < t.length && t[k] === ' ') k++;
    if (k >= t.length || !NOTE_MARKS.includes(t[k])) continue;
    // A dash or full stop inside a word (`No-one`, `in-progress`, `v1.2`) is no mark.
    if (WORD_JOINERS.includes(t[k]) && k + 1 < t.length && t[k + 1] !== ' ') continue;
    // Members that match are prefixes of one another (`ONE`, `ONE-TWO`): the longest was written.
    if (found === NO || m.length > found.length) found = m;
  }
  if (found === NO) return NO;
  // `"open, \"priority: 2"`: a string that ran on past its lost closing quote and swallowed the next
  // member (`"priority": 2`); the note is that member, not a note, and cutting it would lose it.
  if (holdsQuotedKey(t, found.length)) return NO;
  const others = members.filter((m) => m !== found);
  // Named in the note at all, even denied (`ONE - is the answer, not TWO`): which one is meant is a guess.
  return membersIn(t.slice(found.length), others, false).length > 0 ? NO : found;
}

/**
 * Whether `text` from `start` holds a JSON quote, then a key-like word (letters, digits, `_`, `-`),
 * maybe its closing quote, then `:`: a member's key written into the string. One pass; each quote
 * starts a scan that stops at the first character that is no part of the pattern.
 */
function holdsQuotedKey(text: string, start: number): boolean {
  for (let i = start; i < text.length; i++) {
    if (text[i] !== '"') continue;
    let j = i + 1;
    while (j < text.length && isKeyChar(text.charCodeAt(j))) j++;
    if (j === i + 1) continue;
    if (text[j] === '"') j++;
    while (text[j] === ' ') j++;
    if (text[j] === ':') return true;
    i = j - 1;
  }
  return false;
}

function isKeyChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x2d;
}

/** Booleans (`true`/`false` as words) and numbers (as written, `$5` and `1,234` too) in the prose. */
function scalarsIn(text: string, types: readonly JsonType[]): Found {
  const wantsBoolean = types.includes('boolean');
  const wantsNumber = types.includes('number') || types.includes('integer');
  const integerOnly = wantsNumber && !types.includes('number');
  const found: Found = [];
  // A reply escaped twice writes its line breaks as `\n` (`False.\n\nThe statement…`): they part words too.
  const tokens = text.split(/\s+|\\[nrt]/).map((raw) => raw.replace(/^[("'*_`[]+/, '').replace(/[)"'*_`\].,;:!?]+$/, '')).filter((t) => t.length > 0);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const lower = token.toLowerCase();
    // `The statement is not true.`: the word is negated, and says its opposite.
    if (wantsBoolean && (lower === 'true' || lower === 'false')) addFound(found, token, (lower === 'true') !== (tokens[i - 1]?.toLowerCase() === 'not'));
    if (!wantsNumber) continue;
    let n = stringToNumber(token);
    if (n === NO) n = writtenNumber(token);
    if (n === NO) continue;
    // `about 2.5 million`: the word scales the number (in decimal, so 1.1 million is 1100000).
    const scale = SCALES.get(tokens[i + 1]?.toLowerCase() ?? '');
    if (scale !== undefined) n = Number(`${n}e${scale}`);
    // For an integer, a fraction does not fit (`About 2.5 hours, so 3 slots.`).
    if (!integerOnly || Number.isSafeInteger(n)) addFound(found, token, n);
  }
  return found;
}

/** Words that scale the number before them, as powers of ten. */
const SCALES: ReadonlyMap<string, number> = new Map([['thousand', 3], ['million', 6], ['billion', 9], ['trillion', 12]]);

/**
 * `10,0,0,10,5` or `3 4 5` for an array of numbers (langchain #12667): the numbers of a reply that is
 * nothing but them, separated by commas or white space; undefined for anything else, and for what
 * reads as one number with thousands' groups (`1,234`).
 */
function numberList(body: string, itemTypes: readonly JsonType[]): number[] | undefined {
  if (!itemTypes.includes('number') && !itemTypes.includes('integer')) return undefined;
  if (!/\s/.test(body) && /^\d{1,3}(,\d{3})+$/.test(body)) return undefined;
  // `5, 1,000`: commas with space after them and commas without: one of them groups thousands.
  if (/,\s/.test(body) && /,\d/.test(body)) return undefined;
  // Split at commas, then at white space: no pattern that can backtrack over a long run of spaces.
  const tokens: string[] = [];
  for (const piece of body.split(',')) {
    const words = piece.trim().split(/\s+/);
    if (words[0] === '') return undefined;
    for (const word of words) tokens.push(word);
  }
  if (tokens.length < 2) return undefined;
  const values: number[] = [];
  for (const token of tokens) {
    if (!/^-?\d+(\.\d+)?$/.test(token)) return undefined;
    const value = Number(token);
    if (!itemTypes.includes('number') && !Number.isInteger(value)) return undefined;
    values.push(value);
  }
  return values;
}

/** Whether `schema`'s root asks for an array and nothing else (so several values found become its items). */
export function wantsArrayOnly(guide: Guide): Schema | undefined {
  const node = resolveSchema(guide, guide.root);
  if (typeof node === 'boolean') return undefined;
  const types = expectedTypes(node);
  return types.length === 1 && types[0] === 'array' ? node : undefined;
}
