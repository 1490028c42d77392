// A call object that writes a member of its envelope twice, each time something else: two calls run
// together in one object (`{"name": "a", "arguments": {…}, "name": "b", "arguments": {…}}`), or a
// name written over (`{"name": "a", "arguments": {…}, "name": "b"}`). Read as `JSON.parse` reads it,
// the later value replaces the earlier: the first call is dropped, or its arguments go to the other
// tool, and nothing says so. The parsed value no longer shows the repeat, so the text is scanned.
import { isIdentChar, isIdentStart, isWs } from '../extract/chars.js';
import { JsonMendError } from '../errors.js';
import { sameJson } from '../same-json.js';
import { Ch } from '../parse/chars.js';
import { parseWithReport } from '../parse/index.js';

/**
 * The members that say which tool a call object calls and what it passes, in every shape read as a
 * call (see read-call.ts: the usual one, OpenAI's wrapper, the agents' shapes). Other members repeated
 * are the arguments' own (flat arguments), read as JSON reads them.
 */
const ENVELOPE: ReadonlySet<string> = new Set([
  'name', 'arguments', 'parameters', 'input', 'args', 'argument', 'function',
  'tool_name', 'tool_arguments', 'tool_args', 'action', 'action_input', 'params', 'tool', 'inputs', 'call',
]);

/** A member written twice in one call object: its key and the two values' texts. */
export interface RepeatedMember {
  key: string;
  first: string;
  second: string;
}

/** Two values' texts that say the same: the same text, or the same JSON. */
function same(a: string, b: string): boolean {
  if (a === b) return true;
  const x = valueOf(a);
  const y = valueOf(b);
  return x !== undefined && y !== undefined && sameJson(x.value, y.value);
}

/**
 * A member's value text as JSON reads it, comments aside (`"get" /* the tool *\/`), or undefined when
 * reading it takes any other repair: only then are two texts known to say the same thing.
 */
function valueOf(text: string): { value: unknown } | undefined {
  try {
    const read = parseWithReport(`[${text}]`);
    if (!read.repairs.every((r) => r.kind === 'comment') || !Array.isArray(read.value) || read.value.length !== 1) return undefined;
    return { value: read.value[0] };
  } catch {
    return undefined;
  }
}

/**
 * Finds the first envelope member (see ENVELOPE) written twice, with different values, in one call
 * object: a top-level object, or an object in a top-level array (a list of calls). Fed the text in
 * pieces (a streamed body) or whole; linear, each character looked at once. Strings in either quote
 * are skipped; keys quoted or bare.
 */
export class RepeatedMemberScan {
  /** The first repeat found; once found, the rest of the text is not looked at. */
  found: RepeatedMember | undefined;
  /** The open brackets; a call object is the top one when the stack is `{` or `[{`. */
  private readonly stack: number[] = [];
  /** The envelope members of the call object being read, and their values' texts. */
  private seen = new Map<string, string>();
  /** After a call object's `{` or `,`: what comes next may be a key. */
  private expectKey = false;
  /** The quote of the string being read, or 0. */
  private quote = 0;
  private escaped = false;
  /** A key being read (in quotes, or bare). */
  private word: string | undefined;
  /** A key read, waiting for its colon. */
  private candidate: string | undefined;
  /** The envelope member whose value is being read, and its text so far. */
  private key: string | undefined;
  private value = '';
  /** The last character of the previous piece: what stands before a piece's first. */
  private lastChar = 0;

  private atCall(): boolean {
    const depth = this.stack.length;
    return this.stack[depth - 1] === Ch.LBRACE && (depth === 1 || (depth === 2 && this.stack[0] === Ch.LBRACKET));
  }

  /** Ends the member being read; records the repeat when it repeats one with another value. */
  private endMember(): void {
    const key = this.key;
    if (key === undefined) return;
    this.key = undefined;
    const value = this.value.trim();
    const first = this.seen.get(key);
    if (first === undefined) this.seen.set(key, value);
    else if (!same(first, value)) this.found = { key, first, second: value };
  }

  push(text: string): void {
    // Where the member's value began in this piece, while one is read.
    let from = this.key === undefined ? -1 : 0;
    for (let i = 0; i < text.length && this.found === undefined; i++) {
      const c = text.charCodeAt(i);
      if (this.quote !== 0) {
        // To the string's closing quote in a loop of its own: most of a call's text is in strings.
        const quote = this.quote;
        let escaped = this.escaped;
        let k = i;
        for (; k < text.length; k++) {
          const d = text.charCodeAt(k);
          if (escaped) escaped = false;
          else if (d === Ch.BACKSLASH) escaped = true;
          else if (d === quote) break;
        }
        this.escaped = escaped;
        if (this.word !== undefined) this.word += text.slice(i, k);
        i = k;
        if (k === text.length) break; // the piece ends in the string
        this.quote = 0;
        if (this.word !== undefined) [this.candidate, this.word] = [this.word, undefined];
        continue;
      }
      if (this.word !== undefined) {
        if (isIdentChar(c)) {
          this.word += text[i];
          continue;
        }
        [this.candidate, this.word] = [this.word, undefined];
      }
      if (this.candidate !== undefined) {
        if (isWs(c)) continue;
        const name = this.candidate;
        this.candidate = undefined;
        if (c === Ch.COLON) {
          this.expectKey = false;
          if (ENVELOPE.has(name)) {
            this.key = name;
            this.value = '';
            from = i + 1;
          }
          continue;
        }
      }
      // Quotes count only inside brackets: prose around the value (`Here's`) opens no string. Nor does
      // an apostrophe glued to a word (`[Note: it's two] {…}`): it ran to the text's end, and a repeat
      // after it went unseen.
      const before = i > 0 ? text.charCodeAt(i - 1) : this.lastChar;
      if ((c === Ch.DQUOTE || (c === Ch.SQUOTE && !isIdentChar(before))) && this.stack.length > 0) {
        this.quote = c;
        if (this.expectKey && this.atCall()) this.word = '';
      } else if (c === Ch.LBRACE || c === Ch.LBRACKET) {
        this.stack.push(c);
        if (c === Ch.LBRACE && this.atCall()) {
          this.seen = new Map();
          this.expectKey = true;
          this.key = undefined;
          from = -1;
        }
      } else if ((c === Ch.RBRACE || c === Ch.COMMA) && this.atCall()) {
        if (this.key !== undefined) this.value += text.slice(from, i);
        from = -1;
        this.endMember();
        if (c === Ch.RBRACE) this.stack.pop();
        else this.expectKey = true;
      } else if (c === Ch.RBRACE || c === Ch.RBRACKET) {
        this.stack.pop();
      } else if (this.expectKey && isIdentStart(c) && this.atCall()) {
        this.word = text[i];
      }
    }
    if (this.key !== undefined && from >= 0) this.value += text.slice(from);
    if (text.length > 0) this.lastChar = text.charCodeAt(text.length - 1);
  }
}

/** The first envelope member written twice, with different values, in a call object of `text` (see RepeatedMemberScan). */
export function repeatedEnvelopeMember(text: string): RepeatedMember | undefined {
  const scan = new RepeatedMemberScan();
  scan.push(text);
  return scan.found;
}

/** A value's text for a message: short enough to read. */
function shown(value: string): string {
  return value.length <= 40 ? value : `${value.slice(0, 37)}...`;
}

/** The error for a call object of `format` at `line` that writes `repeated.key` twice. */
export function repeatedMemberError(format: string, line: number, repeated: RepeatedMember): JsonMendError {
  return new JsonMendError('UNREPAIRABLE', `the ${format} tool call at line ${line} writes ${JSON.stringify(repeated.key)} twice in one object `
    + `(${shown(repeated.first)}, then ${shown(repeated.second)}): read, the later would replace the earlier without a word; `
    + 'write each call in an object of its own');
}
