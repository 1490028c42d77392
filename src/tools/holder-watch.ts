// While the reply streams: whether a marked-up call's span may be text in another call's string (see
// held.ts). The calls that hold such text (a tool tag's value, a bare JSON call's or a ReAct input's
// string, a pythonic call's string) are read only at `end()`, which then drops the span's calls; a
// `call` event sent for them would have an agent run a call that never was one. So the stream sends
// no event for a span that starts where such a holder may be open: its calls come with `end()`.
//
// The test is lexical and errs towards holding: the text outside the stream's spans is read for
// brackets and the strings in them, and for tags named for a tool that start their line. A span that
// starts inside a string in brackets (or after `=`), or inside such a tag before its closer, may be
// held. One pass over the text, each character once.
import { isToolNameStart, toolNameEnd } from '../extract/chars.js';
import { DEFAULT_REASONING_TAGS } from '../extract/index.js';

const LF = 0x0a;
const QUOTE = 0x22;
const APOS = 0x27;
const BACKSLASH = 0x5c;
const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const EQUALS = 0x3d;

/** Reasoning blocks: no holder starts in one (extraction reads none there), so what their text opened is forgotten at their closer. */
const REASONING: ReadonlySet<string> = new Set(DEFAULT_REASONING_TAGS);

/** What the reading had open: kept at a reasoning block's opener, taken back at its closer. */
interface Open {
  depth: number;
  /** How many tags were open (none opens or closes inside the block). */
  tags: number;
}

/**
 * Tags open at once that are told apart; past them the watch holds every later span (it errs towards
 * holding), so a closer's search among the open ones stays bounded.
 */
const MAX_OPEN_TAGS = 64;

/** Characters after which a `'` opens a string (a value's place), not an apostrophe (`don't`); so does a space. */
function opensValue(c: number): boolean {
  return c === EQUALS || c === 0x3a || c === 0x2c || c === 0x28 || c === 0x5b || c === 0x7b || c === -1;
}

/**
 * Reads the text outside a tool-call stream's spans as it comes, and says whether a span starting at an
 * offset may be another call's string text (see the file's comment); fed by the stream, read lazily.
 */
export class HolderWatch {
  /** Text pushed and not read yet: from `pos` on (a span's text is dropped when it closes). */
  private pending = '';
  private pos = 0;
  /** Open `{`, `[`, `(` outside strings. */
  private depth = 0;
  /** The quote of the string being read, or 0. */
  private quote = 0;
  private escaped = false;
  /** The last character read that was not space, outside strings (-1: none). */
  private last = -1;
  /** Tags named for a tool that are open, innermost last; `head`: the innermost's `>` has not come. */
  private readonly tags: string[] = [];
  private head = false;
  /** More than MAX_OPEN_TAGS tags opened: every later span may be held. */
  private saturated = false;
  /** The last character read was white space: a `'` after it opens a string (`for code 'x'`, Gemini CLI's pairs). */
  private spaced = false;
  /** Only spaces came since the last line break (or the start): a tag here starts its line. */
  private lineStart = true;
  /** Inside a reasoning block: its name and what was open before it. */
  private reasoning: { name: string; before: Open } | undefined;
  /** A span is open: its text is not read. */
  private inSpan = false;

  constructor(private readonly known: (name: string) => boolean) {}

  push(chunk: string): void {
    this.pending += chunk;
  }

  /** Whether a span that starts at `start` may be held: reads the text up to there first. */
  mayHold(start: number): boolean {
    this.readTo(start);
    return this.quote !== 0 || this.tags.length > 0 || this.saturated;
  }

  /** A span starting at `start` opened: its text is skipped until it closes. */
  openSpan(start: number): void {
    this.readTo(start);
    this.inSpan = true;
  }

  /**
   * The open span closed at `end`, its body at `[bodyStart, end)`: reading goes on from `end`. A span
   * its own closing markup ended (`closed`) is skipped whole. One that the next opener ended was cut
   * there, maybe inside its own string (`{"code": "<b>x</b> <tool_call>…`): the next span may be that
   * string's text, so its body is read as the text outside spans is.
   */
  closeSpan(bodyStart: number, end: number, closed: boolean): void {
    if (!this.inSpan) return;
    this.inSpan = false;
    if (closed) {
      this.skipTo(end);
      return;
    }
    this.skipTo(bodyStart);
    this.readTo(end);
  }

  private skipTo(to: number): void {
    const skip = Math.min(Math.max(to - this.pos, 0), this.pending.length);
    this.pending = this.pending.slice(skip);
    this.pos += skip;
  }

  /** Reads the pending text up to offset `to` (a tag's name cut by `to` is read whole). */
  private readTo(to: number): void {
    if (this.inSpan || to <= this.pos) return;
    const text = this.pending;
    const n = Math.min(to - this.pos, text.length);
    let i = 0;
    while (i < n) i = this.step(text, i);
    const used = Math.min(i, text.length);
    this.pending = text.slice(used);
    this.pos += used;
  }

  /** Reads the character at `i` of `text`; returns where to go on. */
  private step(text: string, i: number): number {
    const c = text.charCodeAt(i);
    // A reasoning block's closer ends it even inside a string its text opened (`{"a: 1}` in a draft).
    if (this.reasoning !== undefined && c === LT && this.closesReasoning(text, i)) {
      const { name, before } = this.reasoning;
      this.reasoning = undefined;
      this.depth = before.depth;
      this.tags.length = before.tags;
      this.quote = 0;
      this.head = false;
      this.last = GT;
      this.lineStart = false;
      return i + name.length + 3;
    }
    if (this.quote !== 0) {
      if (this.escaped) this.escaped = false;
      else if (c === BACKSLASH) this.escaped = true;
      else if (c === this.quote) {
        this.quote = 0;
        this.spaced = false;
      }
      return i + 1;
    }
    if (c === QUOTE || c === APOS) {
      if ((this.depth > 0 || this.head || this.last === EQUALS) && (c === QUOTE || opensValue(this.last) || this.spaced)) {
        this.quote = c;
        this.escaped = false;
        return i + 1;
      }
    } else if (c === 0x7b || c === 0x5b || c === 0x28) {
      this.depth++;
    } else if (c === 0x7d || c === 0x5d || c === 0x29) {
      if (this.depth > 0) this.depth--;
    } else if (c === GT && this.head) {
      this.head = false;
      if (this.last === SLASH) this.tags.pop();
    } else if (c === LT && !this.head) {
      return this.tag(text, i);
    }
    this.spaced = c === LF || c === 0x20 || c === 0x09 || c === 0x0d;
    if (c === LF) this.lineStart = true;
    else if (!this.spaced) {
      this.last = c;
      this.lineStart = false;
    }
    return i + 1;
  }

  /** Whether the reasoning block's closer (`</think>`) starts at `i`. */
  private closesReasoning(text: string, i: number): boolean {
    const name = (this.reasoning as { name: string }).name;
    return text.charCodeAt(i + 1) === SLASH && text.startsWith(name, i + 2) && text.charCodeAt(i + 2 + name.length) === GT;
  }

  /** At a `<`: a tag named for a tool, starting its line, opens; its closer closes it (and those inside it). */
  private tag(text: string, i: number): number {
    const lineStart = this.lineStart;
    this.lineStart = false;
    this.spaced = false;
    const closing = text.charCodeAt(i + 1) === SLASH;
    const at = closing ? i + 2 : i + 1;
    if (!isToolNameStart(text.charCodeAt(at))) {
      this.last = LT;
      return i + 1;
    }
    const end = toolNameEnd(text, at);
    const name = text.slice(at, end);
    this.last = text.charCodeAt(end - 1);
    if (!closing && this.reasoning === undefined && REASONING.has(name) && text.charCodeAt(end) === GT) {
      // Nothing is copied: a block's tags are not kept (no holder starts in one), so each block costs the
      // same however many tags are open (copying them cost open tags × blocks).
      this.reasoning = { name, before: { depth: this.depth, tags: this.tags.length } };
      return end;
    }
    if (this.reasoning !== undefined) return end;
    if (closing) {
      const k = this.tags.lastIndexOf(name);
      if (k !== -1) this.tags.length = k;
    } else if (lineStart && this.known(name)) {
      if (this.tags.length < MAX_OPEN_TAGS) {
        this.tags.push(name);
        this.head = true;
      } else {
        this.saturated = true;
      }
    }
    return end;
  }
}
