// Full-width brackets: `［` `］` `｛` `｝`, the ones CJK text writes, which models also write for JSON's
// own (`［{…}, {…}］`, `［｛"a"：1｝］`; NoFxAiOS/nofx#446). Read as ASCII brackets where they stand
// outside strings, before extraction, the engine or the stream look at the text, so all of them see one
// document. A full-width form is its ASCII character's code plus 0xfee0 and one UTF-16 unit, as the
// ASCII one is: offsets into the rewritten text are offsets into the reply.

const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;
const SPACE = 0x20;
const QUOTE = 0x22;
const APOS = 0x27;
const BACKSLASH = 0x5c;
const LPAREN = 0x28;
const COMMA = 0x2c;
const COLON = 0x3a;
const LBRACK = 0x5b;
const RBRACK = 0x5d;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LEFT_DOUBLE = 0x201c;
const RIGHT_DOUBLE = 0x201d;
const FW_COMMA = 0xff0c;
const FW_COLON = 0xff1a;
const FW_LBRACK = 0xff3b;
const FW_RBRACK = 0xff3d;
const FW_LBRACE = 0xff5b;
const FW_RBRACE = 0xff5d;
/** What a full-width character's code is above its ASCII one's. */
const FULLWIDTH_SHIFT = 0xfee0;

/**
 * How many characters past a full-width opener outside every bracket are read for what follows it:
 * only white space may stand between them (`［⏎  {`).
 */
export const FULLWIDTH_LOOKAHEAD = 16;

/** Whether `text` holds a full-width bracket at all (on text with no character past U+00FF, at once). */
export function hasFullwidthBracket(text: string): boolean {
  return text.indexOf('［') >= 0 || text.indexOf('｛') >= 0 || text.indexOf('］') >= 0 || text.indexOf('｝') >= 0;
}

/** What follows an opener outside every bracket that makes it a document's (`［{`, `｛"a"`, `［［`). */
function opensDocument(c: number): boolean {
  return c === LBRACE || c === LBRACK || c === QUOTE || c === APOS || c === LEFT_DOUBLE || c === FW_LBRACE || c === FW_LBRACK;
}

/** What, before an opener inside a bracket, says a value starts there (`"a": ［1］`, `, ［`), not text (`见［1］`). */
function valueGoesAfter(c: number): boolean {
  return c === COLON || c === COMMA || c === LBRACK || c === LBRACE || c === LPAREN || c === FW_COLON || c === FW_COMMA;
}

function isSpace(c: number): boolean {
  return c === SPACE || c === LF || c === CR || c === TAB;
}

/**
 * Reads text left to right, once, in as many pieces as it comes in, and rewrites the full-width
 * brackets that are JSON's as ASCII ones. Inside a bracket (an ASCII one, or a full-width one read as
 * ASCII), an opener outside a string is JSON's where a value goes (after `:`, `,` or an opener) or
 * where a container or a string follows it, and a closer is JSON's unless it closes such an opener
 * that was text (`{"note": 见［1］}`). Outside every bracket an opener is JSON's only when a container,
 * a string or another opener follows it (`［{`), or at the very start of the text: prose's `注：［1］`
 * stays prose. Strings are `"…"` with backslash escapes and `“…”`; outside every bracket a line break
 * ends one (prose's quotes seldom pair across lines).
 */
export class FullwidthBrackets {
  /** Offsets of the brackets rewritten, in order. */
  readonly at: number[] = [];
  /** The ASCII bracket each was rewritten as. */
  readonly as: number[] = [];
  /** 0 outside a string, else the curly or straight quote that opened it. */
  private quote = 0;
  private escaped = false;
  /** Brackets open, ASCII or read as ASCII. */
  private depth = 0;
  /** Full-width openers read as text inside them, not closed yet (`见［1`): their closers are text too. */
  private textOpen = 0;
  /** The last character outside strings that was not white space (ASCII for a rewritten bracket); 0 at the start. */
  private prev = 0;
  /** How much of the text has been read (the next piece starts here). */
  private offset = 0;

  /**
   * Rewrites `piece`, the text from where the last piece ended. Returns the part read; the rest (an
   * opener whose follower is not in the text yet) is `held` and must come first in the next piece.
   * `final`: no text follows, so nothing is held.
   */
  read(piece: string, final: boolean): { text: string; held: string } {
    let out = '';
    let from = 0;
    for (let i = 0; i < piece.length; i++) {
      let c = piece.charCodeAt(i);
      if (this.quote !== 0) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE || (c === RIGHT_DOUBLE && this.quote === LEFT_DOUBLE) || (c === LF && this.depth === 0)) {
          this.quote = 0;
          this.prev = c;
        }
        continue;
      }
      if (isSpace(c)) continue;
      if (c === QUOTE || c === LEFT_DOUBLE) {
        this.quote = c;
      } else if (c === LBRACE || c === LBRACK || c === RBRACE || c === RBRACK || c === COMMA || c === COLON) {
        // What a text bracket held ends with the value it was in.
        this.textOpen = 0;
        if (c === LBRACE || c === LBRACK) this.depth++;
        else if ((c === RBRACE || c === RBRACK) && this.depth > 0) this.depth--;
      } else if (c === FW_LBRACK || c === FW_LBRACE || c === FW_RBRACK || c === FW_RBRACE) {
        let json: boolean;
        if (c === FW_RBRACK || c === FW_RBRACE) {
          json = this.textOpen === 0 && this.depth > 0;
          if (json) this.depth--;
          else if (this.textOpen > 0) this.textOpen--;
        } else {
          // At the very start of the text it is read as an ASCII `[` there is (`［1, 2］`, `［］`).
          const follows = this.prev === 0 || (this.depth > 0 && valueGoesAfter(this.prev)) ? 1 : this.follower(piece, i + 1, final);
          if (follows < 0) {
            this.offset += i;
            return { text: out + piece.slice(from, i), held: piece.slice(i) };
          }
          json = follows === 1;
          if (json) this.depth++;
          else if (this.depth > 0) this.textOpen++;
        }
        if (json) {
          c -= FULLWIDTH_SHIFT;
          out += piece.slice(from, i) + String.fromCharCode(c);
          from = i + 1;
          this.at.push(this.offset + i);
          this.as.push(c);
        }
      }
      this.prev = c;
    }
    this.offset += piece.length;
    return { text: from === 0 ? piece : out + piece.slice(from), held: '' };
  }

  /** Past the opener, from `k`: 1 when a document's start follows it (see opensDocument), 0 when not, -1 when the text to tell is not here yet. */
  private follower(piece: string, k: number, final: boolean): number {
    const limit = k + FULLWIDTH_LOOKAHEAD;
    for (; k < limit; k++) {
      if (k >= piece.length) return final ? 0 : -1;
      const c = piece.charCodeAt(k);
      if (!isSpace(c)) return opensDocument(c) ? 1 : 0;
    }
    return 0;
  }
}

/** A `fullwidth_delimiter` repair's detail for the bracket rewritten as `ascii` (its code). */
export function fullwidthDetail(ascii: number): string {
  return `replaced "${String.fromCharCode(ascii + FULLWIDTH_SHIFT)}" with "${String.fromCharCode(ascii)}"`;
}

/** The text with its full-width brackets read as JSON's (see FullwidthBrackets), and where they were; undefined when none was. */
export function readFullwidthBrackets(text: string): { text: string; at: readonly number[] } | undefined {
  if (!hasFullwidthBracket(text)) return undefined;
  const reader = new FullwidthBrackets();
  const read = reader.read(text, true);
  return reader.at.length === 0 ? undefined : { text: read.text, at: reader.at };
}

/** `text` (read by readFullwidthBrackets) as it was written: the brackets at `at` full-width again. */
export function asWritten(text: string, at: readonly number[]): string {
  if (at.length === 0) return text;
  let out = '';
  let from = 0;
  for (const k of at) {
    if (k >= text.length) break;
    out += text.slice(from, k) + String.fromCharCode(text.charCodeAt(k) + FULLWIDTH_SHIFT);
    from = k + 1;
  }
  return out + text.slice(from);
}
