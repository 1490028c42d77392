// `[TOOL_CALL]{tool => "NAME", args => {--key "value"}}[/TOOL_CALL]`: the call MiniMax-M2, Grok and
// Gemma 3 write when an app's prompt, not their template, asks for tools (anything-llm #4675,
// Roo-Code #11187). A Perl hash names the tool; its arguments are command-line flags (`--key
// "value"`, the dashes and quotes often typographic: `–key “value”`), Perl pairs (`key => 3`) or
// JSON. They are read into JSON text, each string quoted anew, for the tolerant parser and the
// tool's schema. One pass, each character looked at a bounded number of times.
import { TOOL_NAME } from '../extract/tool-calls/index.js';
import { isJsonSpace } from '../parse/chars.js';

/** A body read as this syntax: the tool, and its arguments as JSON text. */
export interface ArrowCall {
  name: string;
  args: string;
  /** Whether the hash's own `}` closed it (not only the block's `[/TOOL_CALL]`). */
  closed: boolean;
  /** Where the hash ends in the body (past its `}`): text after it is not the call's. */
  end: number;
}

/** A body that opens `{tool =>` and reads no further: cut off at its end, or text that is none of it. */
export interface ArrowFailure {
  name: string | undefined;
  failure: 'cut_off' | string;
}

/**
 * The call a `[TOOL_CALL]` body holds, when it opens as a Perl hash naming its tool (`{tool =>`);
 * undefined for any other body (JSON, or prose naming the block). Past `{tool =>`, what does not
 * read is a failure: the body said it was a call.
 */
export function arrowCall(body: string): ArrowCall | ArrowFailure | undefined {
  const r = new Reader(body);
  r.space();
  if (!r.eat('{')) return undefined;
  r.space();
  if (!r.word(['tool', 'name'])) return undefined;
  r.space();
  if (!r.eat('=>')) return undefined;
  r.space();
  const quoted = r.quoted();
  const name = quoted === CUT ? undefined : quoted ?? r.bare((c) => c === 0x2c || c === 0x7d || isJsonSpace(c));
  if (quoted === CUT || (name === undefined && r.done())) return { name, failure: 'cut_off' };
  if (name === undefined || !TOOL_NAME.test(name)) return { name: undefined, failure: 'its tool is no name' };
  r.space();
  r.eat(',');
  r.space();
  let args = '{}';
  if (r.word(['args', 'arguments', 'params', 'parameters', 'input'])) {
    r.space();
    if (!r.eat('=>')) return r.done() ? { name, failure: 'cut_off' } : { name, failure: 'its args have no `=>`' };
    r.space();
    if (!r.eat('{')) return r.done() ? { name, failure: 'cut_off' } : { name, failure: 'its args are no `{…}`' };
    const members = r.members();
    if (typeof members !== 'string') return { name, failure: members.failure };
    args = members;
  }
  r.space();
  if (r.done()) return { name, args, closed: false, end: r.i };
  if (!r.eat('}')) return { name, failure: 'text follows its arguments inside the hash' };
  // `}}}`: a brace too many (zeroclaw's tests keep one).
  let end = r.i;
  while (r.eat('}') || r.space()) if (body.charCodeAt(r.i - 1) === 0x7d) end = r.i;
  return { name, args, closed: true, end };
}

const CUT = Symbol('cut');

/** The quotes a value or key may open with, and each one's closer. */
const CLOSERS: ReadonlyMap<number, number> = new Map([
  [0x22, 0x22], [0x27, 0x27], [0x201c, 0x201d], [0x2018, 0x2019], [0x201d, 0x201d],
]);

/** `-`, and the dashes a typesetting model writes for `--`: en, em, minus. */
function isDash(c: number): boolean {
  return c === 0x2d || c === 0x2013 || c === 0x2014 || c === 0x2212;
}

function isKeyChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d || c === 0x2e || c >= 0x80;
}

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

class Reader {
  i = 0;
  constructor(private readonly s: string) {}

  done(): boolean {
    return this.i >= this.s.length;
  }

  private at(k = 0): number {
    return this.s.charCodeAt(this.i + k);
  }

  /** Skips white space; true when there was some. */
  space(): boolean {
    const from = this.i;
    while (!this.done() && isJsonSpace(this.at())) this.i++;
    return this.i > from;
  }

  eat(token: string): boolean {
    if (!this.s.startsWith(token, this.i)) return false;
    this.i += token.length;
    return true;
  }

  /** One of `words`, whole (not the start of a longer key). */
  word(words: readonly string[]): boolean {
    for (const w of words) {
      if (this.s.startsWith(w, this.i) && !isKeyChar(this.at(w.length))) {
        this.i += w.length;
        return true;
      }
    }
    return false;
  }

  /** A quoted string's text (a `"` string's escapes read as JSON's, when they are), CUT when it never ends, undefined when none opens here. */
  quoted(): string | typeof CUT | undefined {
    const close = CLOSERS.get(this.at());
    if (close === undefined) return undefined;
    const open = this.at();
    const start = this.i + 1;
    let j = start;
    for (; j < this.s.length; j++) {
      const c = this.s.charCodeAt(j);
      if (c === 0x5c && open === 0x22) j++;
      else if (c === close) break;
    }
    if (j >= this.s.length) return CUT;
    this.i = j + 1;
    const raw = this.s.slice(start, j);
    return open === 0x22 && raw.includes('\\') ? unescaped(raw) : raw;
  }

  /** A bare token up to a character `stops` accepts (or the end); undefined when empty. */
  bare(stops: (c: number) => boolean): string | undefined {
    const start = this.i;
    while (!this.done() && !stops(this.at())) this.i++;
    return this.i > start ? this.s.slice(start, this.i) : undefined;
  }

  /**
   * The members after an arguments `{`, as a JSON object's text, up to and past its `}`: flags
   * (`--key value`, a flag alone is `true`), Perl pairs (`key => value`) or JSON members (`"key":
   * value`), any key quoted or not, separated by space, line breaks or commas.
   */
  members(): string | { failure: string } {
    const out: string[] = [];
    for (;;) {
      while (this.space() || this.eat(',')) continue;
      if (this.done()) return { failure: 'cut_off' };
      if (this.eat('}')) return `{${out.join(', ')}}`;
      const flag = isDash(this.at());
      while (isDash(this.at())) this.i++;
      const q = this.quoted();
      if (q === CUT) return { failure: 'cut_off' };
      const key = q ?? this.bare((c) => !isKeyChar(c) || (c === 0x2d && this.at(1) === 0x3e));
      if (key === undefined) return { failure: `its arguments hold ${JSON.stringify(this.s.charAt(this.i))} where a key belongs` };
      this.space();
      const separated = this.eat('=>') || this.eat(':') || this.eat('=');
      if (!separated && !flag) return this.done() ? { failure: 'cut_off' } : { failure: `its argument ${JSON.stringify(key)} has no \`=>\`, \`:\` or \`--\`` };
      this.space();
      if (this.done()) return { failure: 'cut_off' };
      // `--verbose --q x`, `--verbose}`: a flag with no value is set.
      const value = flag && !separated && this.flagAt(0) ? 'true' : this.value();
      if (value === CUT) return { failure: 'cut_off' };
      if (value === undefined && !flag) return { failure: `its argument ${JSON.stringify(key)} has no value` };
      out.push(`${JSON.stringify(key)}: ${value ?? 'true'}`);
    }
  }

  /** Whether a flag's dashes start `k` characters on: `--`, or one typographic dash. */
  private flagAt(k: number): boolean {
    const c = this.at(k);
    return c === 0x2d ? this.at(k + 1) === 0x2d : isDash(c);
  }

  /**
   * A value as JSON text: a string quoted anew, a bracketed value kept as written, a number or
   * literal, else a bare word's text; undefined when there is none (`--verbose}`).
   */
  private value(): string | typeof CUT | undefined {
    const q = this.quoted();
    if (q === CUT) return CUT;
    if (q !== undefined) return JSON.stringify(q);
    const c = this.at();
    if (c === 0x7b || c === 0x5b) return this.bracketed();
    // Up to a line break, a `,`, the arguments' `}` or the next flag.
    const start = this.i;
    while (!this.done()) {
      const d = this.at();
      if (d === 0x0a || d === 0x2c || d === 0x7d || (isJsonSpace(d) && this.flagAt(1))) break;
      this.i++;
    }
    const token = this.s.slice(start, this.i).trim();
    if (token === '') return undefined;
    return NUMBER.test(token) || token === 'true' || token === 'false' || token === 'null' ? token : JSON.stringify(token);
  }

  /** A `{…}` or `[…]` value as written (for the parser), `"` strings skipped; CUT when it never closes. */
  private bracketed(): string | typeof CUT {
    const start = this.i;
    let depth = 0;
    for (; this.i < this.s.length; this.i++) {
      const c = this.at();
      if (c === 0x22) {
        this.i++;
        while (this.i < this.s.length && this.at() !== 0x22) this.i += this.at() === 0x5c ? 2 : 1;
      } else if (c === 0x7b || c === 0x5b) depth++;
      else if ((c === 0x7d || c === 0x5d) && --depth === 0) {
        this.i++;
        return this.s.slice(start, this.i);
      }
    }
    return CUT;
  }
}

/** A `"` string's text with its escapes read as JSON reads them; as written when they are not JSON's (`C:\Users`). */
function unescaped(raw: string): string {
  try {
    return JSON.parse(`"${raw.replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`) as string;
  } catch {
    return raw;
  }
}
