// Finding where the JSON starts in a stream, one chunk at a time: prose, an opening code fence and
// reasoning (`<think>…</think>`, the channels of extract/channels.ts such as `[THINK]…[/THINK]`, also
// unterminated) are skipped. Each character is looked at once, except a few characters carried over
// when a chunk ends inside a tag, a token, a fence or a `[` lookahead.
import { Verdict, classifyOpen, isIdentChar, isLetter, isLiteralWord, literalAt, memberStartsAt } from '../extract/chars.js';
import { extractRead } from '../extract/extract.js';
import { inlineFenceLineEnd, languageWordEnd } from '../extract/value-fence.js';
import { REASONING_CHANNELS, type ReasoningChannel } from '../extract/channels.js';
import { DEFAULT_ANSWER_TAGS, DEFAULT_REASONING_TAGS } from '../extract/index.js';
import { Start, citationAt, judgeOpener } from './start.js';

const enum Mode { PROSE, REASONING, FENCE_INFO, STRING }

/** Tags whose content extraction reads as the answer (its defaults): a member there starts an object. */
const ANSWER_TAGS: ReadonlySet<string> = new Set(DEFAULT_ANSWER_TAGS);

/**
 * Whether the text before a value (`text` up to `end`) holds a closed answer tag or code fence that
 * extraction takes a candidate from, outside reasoning and comments: the stream passed over its
 * content, a scalar (`x <output>1</output> and more {"id": 12}`, ```` ```json⏎"hello"⏎``` ```` then
 * `and also {"a": 1}`), and parse ranks a tag's or a fence's content before a later value in prose:
 * the snapshots showed the later value and end() took it back. The stream then leaves the value to
 * end(). Extraction itself reads the text before the value (its fences, doubled openers, languages,
 * attributes), once, where the value starts.
 */
export function answerBefore(text: string, end: number): boolean {
  for (const c of extractRead(text.slice(0, end))) {
    if ((c.source === 'fence' || c.source === 'tag') && c.truncated !== true && c.reasoning !== true && c.comment !== true) return true;
  }
  return false;
}

/** How many characters after a comment that follows a `[` tell whether a value starts there (`-1,`, `true,`). */
const COMMENT_FOLLOWER = 8;

/** Longest tag name or lookahead carried from one chunk to the next. */
const MAX_CARRY = 64;

/** Where the JSON starts, and the text from there on that the scanner has already seen. */
export interface PreludeEnd {
  /** Absolute offset of the opening `{` or `[`. */
  start: number;
  /** The text from `start` to the end of what was pushed so far. */
  rest: string;
  /** True when only whitespace came before the JSON (then `parse` reads the same span). */
  straight: boolean;
  /** The name of the tag whose opener (`<answer>`) the JSON follows, past spaces, in lower case; '' when none. */
  tag: string;
  /** The fence character (`` ` `` or `~`) of the code fence the JSON is inside, or 0 when none. */
  fence: number;
}

/**
 * Whether the backticks ending at `q`, after other text on their line, open a fence (see
 * inlineFenceLineEnd: a short language word, spaces, then the line's end); undefined while the text so
 * far ends before that shows.
 */
function inlineFenceOpens(text: string, q: number, n: number): boolean | undefined {
  if (inlineFenceLineEnd(text, q, n) >= 0) return true;
  let w = languageWordEnd(text, q, n);
  while (w < n && (text.charCodeAt(w) === 0x20 || text.charCodeAt(w) === 0x09 || text.charCodeAt(w) === 0x0d)) w++;
  return w >= n ? undefined : false;
}

function isSpaceLike(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff || (c > 0x7f && /\s/.test(String.fromCharCode(c))) ||
    c === 0x0b || c === 0x0c;
}

function isNameChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d || c === 0x3a;
}

/**
 * Whether the `[` at `i` that starts the reply opens the value as it stands: true, unless a word
 * follows it that is no literal (`[Note] see below`, `[x]`, `[TOOL_CALLS]`), which extraction judges
 * as it judges a `{` (see judgeOpener); a literal, or a word cut off that may still be a lower-case
 * one (`[tru`), is taken as before. Undefined while the text so far does not tell.
 */
function bracketOpens(text: string, i: number, n: number): boolean | undefined {
  let j = i + 1;
  while (j < n && isSpaceLike(text.charCodeAt(j))) j++;
  if (j >= n) return undefined;
  // `[ ]`: a task list's box (`[]` is an array).
  if (text.charCodeAt(j) === 0x5d) return j === i + 1;
  if (!isLetter(text.charCodeAt(j))) return true;
  let k = j;
  while (k < n && k - j <= 9 && isIdentChar(text.charCodeAt(k))) k++;
  const word = text.slice(j, k);
  if (k < n) return isLiteralWord(word, false);
  // Cut off: the start of `true`, `null`… is taken (`[tru` shows `[]`); that of `None`, `True`… waits
  // for the word's end, as a marker's (`[Note]`, `[TOOL_CALLS]`) starts alike.
  if (!isLiteralWord(word, true)) return false;
  const first = text.charCodeAt(j);
  return first >= 0x61 && first <= 0x7a ? true : undefined;
}

/**
 * Past the comment at `j` (`//` or `#` to the line's end, `/* … *\/`) and the spaces after it: where the
 * next token starts; `n` while the text so far ends before that (a `/` that opens no comment: `j`).
 */
function pastComment(text: string, j: number, n: number): number {
  let k: number;
  if (text.charCodeAt(j) === 0x23 || text.charCodeAt(j + 1) === 0x2f) {
    k = text.indexOf('\n', j);
  } else if (text.charCodeAt(j + 1) === 0x2a) {
    k = text.indexOf('*/', j + 2);
    if (k >= 0) k += 2;
  } else {
    return j + 1 >= n ? n : j;
  }
  if (k < 0) return n;
  while (k < n && isSpaceLike(text.charCodeAt(k))) k++;
  return k;
}

/** Whether a digit follows the `[` at `i`, past spaces (then citationAt judges it). */
function digitFollows(text: string, i: number, n: number): boolean {
  let j = i + 1;
  while (j < n && isSpaceLike(text.charCodeAt(j))) j++;
  const c = text.charCodeAt(j);
  return c >= 0x30 && c <= 0x39;
}

/** Characters after `[` (and spaces) that make it look like the start of a JSON array. */
function startsArrayItem(c: number): boolean {
  return c === 0x7b || c === 0x5b || c === 0x22 || c === 0x27 || c === 0x5d || c === 0x2d || (c >= 0x30 && c <= 0x39);
}

/**
 * The first characters of the channels' openers (`<`, `[` of `[THINK]`), and of the headings' (`H` of
 * Granite's), which count only where the reply starts: prose is not stopped at each of its `H`s.
 */
const OPENER_FIRST: ReadonlySet<number> = firstCharacters(REASONING_CHANNELS.filter((c) => !c.atStart));
const HEADING_FIRST: ReadonlySet<number> = firstCharacters(REASONING_CHANNELS.filter((c) => c.atStart));

function firstCharacters(channels: readonly ReasoningChannel[]): ReadonlySet<number> {
  return new Set(channels.flatMap((c) => c.open.map((o) => o.charCodeAt(0))));
}
/** The characters that follow them (`|` of `<|channel>`, `T` of `[THINK]`): a quick no. */
const OPENER_SECOND: ReadonlySet<number> = new Set(REASONING_CHANNELS.flatMap((c) => c.open.map((o) => o.charCodeAt(1))));

/**
 * The reasoning channel whose opener is at `i` (one of OPENER_FIRST): its closers and the opener's length;
 * null when none is; undefined while the text so far ends inside one's opener. A heading (Granite's)
 * only where the reply starts.
 */
function channelAt(text: string, i: number, atStart: boolean): { closers: readonly string[]; length: number } | null | undefined {
  if (i + 1 < text.length && !OPENER_SECOND.has(text.charCodeAt(i + 1))) return null;
  for (const channel of REASONING_CHANNELS) {
    if (channel.atStart && !atStart) continue;
    for (const open of channel.open) {
      if (text.startsWith(open, i)) return { closers: channel.close, length: open.length };
      if (i + open.length > text.length && open.startsWith(text.slice(i))) return undefined;
    }
  }
  return null;
}

export class PreludeScanner {
  private mode: Mode = Mode.PROSE;
  private carry = '';
  private carryStart = 0;
  private straight = true;
  private atLineStart = true;
  private inFence = false;
  /** Only spaces came since the fence's opening line: a member here opens the fence's object (see above). */
  private fenceFresh = false;
  /** The reasoning block being skipped opened the fence's content: fenceFresh again after it. */
  private freshAfterBlock = false;
  /** In a quoted scalar (Mode.STRING): its quote, and whether a backslash came last. */
  private quote = 0;
  private escaped = false;
  /** The character of the fence that opened inFence. */
  private fenceChar = 0;
  /** In a reasoning block: the closers that end it. */
  private closers: readonly string[] = [];
  /** The last character of prose passed that is not white space (0: none): a backtick before `<!--`, a `(` or `>` before an opener. */
  private last = 0;
  /**
   * The carry starts with an opener the text so far did not decide (see judgeOpener), judged again
   * once the carry is `recheckAt` long: twice as long each time, so a long wait stays linear.
   */
  private holding = false;
  private recheckAt = 0;
  /**
   * The block being skipped opened mid-line (`Use <!-- for notes.`, `emits <think> tags`): with no
   * closer to the reply's end, extraction reads its opener as a mention (extract/structure.ts), which
   * only the whole text decides. The stream skips it as a block meanwhile; end() reads the whole.
   */
  private midLine = false;
  /** The name of the last tag opened in prose (`<answer`), and that of the tag whose `>` is the last character passed. */
  private tag = '';
  private tagOpen = '';
  /** No opener is taken before the reply ends (Start.NEVER): end() decides. */
  private never = false;
  private readonly reasoning: ReadonlySet<string>;

  /**
   * @param asItStands parsePartial: the text is all there is, and a `[` that starts it is taken as it
   * stands; a stream judges it by what follows (see bracketOpens).
   */
  constructor(reasoningTags: readonly string[] = DEFAULT_REASONING_TAGS, private readonly asItStands = false) {
    this.reasoning = new Set(reasoningTags.map((t) => t.toLowerCase()));
  }

  /** No value is taken before the reply ends: end() decides (see answerBefore). */
  leaveToEnd(): void {
    this.never = true;
  }

  /** Scans a chunk that starts at absolute offset `at`; returns where the JSON starts once known. */
  scan(chunk: string, at: number): PreludeEnd | undefined {
    if (this.never) return undefined;
    const text = this.carry.length > 0 ? this.carry + chunk : chunk;
    const base = this.carry.length > 0 ? this.carryStart : at;
    if (this.holding && text.length < this.recheckAt) {
      this.carry = text;
      return undefined;
    }
    this.holding = false;
    this.carry = '';
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (this.mode === Mode.REASONING) {
        // A block's closers all start with the same character (`<`, or `[` for `[/THINK]`; a test checks).
        const lt = text.indexOf(this.closers[0].charAt(0), i);
        if (lt === -1) return undefined;
        let matched = 0;
        let cut = false;
        for (const want of this.closers) {
          if (lt + want.length > n) {
            cut = true;
            continue;
          }
          const closer = text.slice(lt, lt + want.length);
          // A tag's closer in any case (`</THINK`); a channel's token exactly.
          if (closer === want || closer.toLowerCase() === want) matched = want.length;
        }
        if (matched === 0 && cut) return this.keep(text, lt, base);
        if (matched > 0 && this.freshAfterBlock) {
          // A tag's closer is matched up to its name (`</think`): its `>` is no content of the fence either.
          const named = this.closers[0].charCodeAt(this.closers[0].length - 1) !== 0x3e;
          if (named && lt + matched >= n) return this.keep(text, lt, base);
          if (named && text.charCodeAt(lt + matched) === 0x3e) matched++;
          this.fenceFresh = true;
          this.freshAfterBlock = false;
        }
        if (matched > 0) {
          this.mode = Mode.PROSE;
          this.atLineStart = false;
          // A value right after a closer (`</think>{…}`) is taken as it was before openers were judged.
          this.last = text.charCodeAt(lt + matched - 1);
          this.tagOpen = '';
          i = lt + matched;
        } else {
          i = lt + 1;
        }
        continue;
      }
      if (this.mode === Mode.STRING) {
        // A quoted scalar that starts the reply, a fence's or an answer tag's content (see below): its
        // text is no opener, to its closing quote (or the line's end, where a lost quote would leave it).
        for (; i < n; i++) {
          const d = text.charCodeAt(i);
          if (this.escaped) this.escaped = false;
          else if (d === 0x5c) this.escaped = true;
          else if (d === this.quote || d === 0x0a) break;
        }
        if (i >= n) return undefined;
        this.mode = Mode.PROSE;
        this.last = text.charCodeAt(i);
        this.tagOpen = '';
        i++;
        continue;
      }
      if (this.mode === Mode.FENCE_INFO) {
        const nl = text.indexOf('\n', i);
        if (nl === -1) return undefined;
        this.mode = Mode.PROSE;
        this.atLineStart = true;
        this.fenceFresh = true;
        i = nl + 1;
        continue;
      }
      const c = text.charCodeAt(i);
      // Whatever else comes first in the fence (a tag, a channel) is no member (a quote is judged below).
      // A `<` is judged below, once the text so far tells a reasoning block's opener (see freshAfterBlock).
      if (this.fenceFresh && c !== 0x22 && c !== 0x27 && c !== 0x3c && !isSpaceLike(c)) this.fenceFresh = false;
      if (OPENER_FIRST.has(c) || (this.straight && HEADING_FIRST.has(c))) {
        const channel = channelAt(text, i, this.straight);
        if (channel === undefined) return this.keep(text, i, base);
        if (channel !== null) {
          this.fenceFresh = false;
          this.midLine = false;
          this.mode = Mode.REASONING;
          this.closers = channel.closers;
          this.straight = false;
          i += channel.length;
          continue;
        }
      }
      // A `{` in prose or where the reply starts is judged as extraction judges it; in a fence, after a
      // call's `(` or a tag's `>`, it is the value as it stands (a fence's, a call's argument or a tag's
      // content is taken whatever it looks like). A `[` is taken as before: `Sure! [1` shows `[1]`
      // (parsePartial's prefixes), where extraction waits to see a citation or an array.
      // A `[` that starts the reply likewise, when a word that is no literal follows it: taken, `[Note]
      // see below⏎{"a": 1}` showed `[]`, and end() gave the object after it.
      // parsePartial reads the reply as it stands, from its first `[` (`[Note]` is `["Note"]`, as parse reads it alone).
      // A lone `[3]` in prose, where the reply starts or after reasoning is a citation unless nothing
      // better comes: passed over (a fence's, a call's or a tag's content is taken as it stands).
      const cited = c === 0x5b && !this.inFence && !this.asItStands && this.last !== 0x28 && !(this.last === 0x3e && this.tagOpen !== '') &&
        digitFollows(text, i, n) ? citationAt(text, i) : false;
      if (cited === undefined && n - i < MAX_CARRY) return this.keep(text, i, base);
      const opens = cited ? false : c === 0x5b && this.straight && !this.inFence && !this.asItStands ? bracketOpens(text, i, n) : true;
      if (opens === undefined && n - i < MAX_CARRY) return this.keep(text, i, base);
      if ((c === 0x7b || opens === false) && !this.inFence && (cited === true || (this.last !== 0x28 && this.last !== 0x3e))) {
        const judged = judgeOpener(text, i, this.straight);
        if (judged.start === Start.TAKE) return this.found(text, i, base);
        if (judged.start === Start.WAIT) return this.hold(text, i, base);
        if (judged.start === Start.NEVER) {
          this.never = true;
          return undefined;
        }
        this.straight = false;
        this.atLineStart = false;
        this.last = text.charCodeAt(judged.resume - 1);
        this.tagOpen = '';
        i = judged.resume;
        continue;
      }
      if (c === 0x7b || (c === 0x5b && this.straight)) return this.found(text, i, base);
      if ((c === 0x22 || c === 0x27) && (this.straight || this.fenceFresh || (this.last === 0x3e && ANSWER_TAGS.has(this.tagOpen)))) {
        // `"name": "Ann", …}` (or Python's `'name': 'Ann', …}`): a reply that opens with a member, its
        // `{` written by the application (extraction's memberStartsAt): the engine supplies the `{`.
        // So does an answer tag's or a fence's content (`<output>"a": [1], …}</output>`), which
        // extraction reads alike; taken from the `[` on, it showed `[1]`, then an error at the tag's closer.
        const member = memberStartsAt(text, i, n);
        if (member === undefined) return this.keep(text, i, base);
        if (member) return this.found(text, i, base);
        // No member: the content is a string (```` ```json⏎"[1]"⏎``` ````), the value parse reads, and
        // a scalar the stream does not show. Its brackets are its text: taken, `[1]` was shown.
        this.mode = Mode.STRING;
        this.quote = c;
        this.escaped = false;
        this.straight = false;
        this.fenceFresh = false;
        this.atLineStart = false;
        i++;
        continue;
      }
      if (c === 0x5b) {
        let j = i + 1;
        while (j < n && isSpaceLike(text.charCodeAt(j))) j++;
        if (j >= n) {
          if (n - i < MAX_CARRY) return this.keep(text, i, base);
        } else if (this.inFence || startsArrayItem(text.charCodeAt(j))) {
          return this.found(text, i, base);
        } else if (text.charCodeAt(j) === 0x2f || text.charCodeAt(j) === 0x23) {
          // `[ // ids⏎  1, 2]`: a comment before the first element, which extraction takes when a value
          // follows it (classifyOpen). Passed over, the first container inside it was shown as the root.
          const after = pastComment(text, j, n);
          if (after < n && classifyOpen(text, i, n).verdict === Verdict.Accept) return this.found(text, i, base);
          // The token after the comment may be cut short (`-`, `tr`): it waits for a few characters.
          if (n - after < COMMENT_FOLLOWER && n - i < MAX_CARRY) return this.keep(text, i, base);
        } else if (isIdentChar(text.charCodeAt(j))) {
          // `[true, …]`, `[None]`: extraction takes a `[` before a literal (classifyOpen), so the array
          // starts here; passing it over showed the first container inside it as the root. Only an
          // element, a `,` or `]` after it: prose's `[None of these](…)` is passed over as before
          // (parse reads a later value). Text cut before that decides waits.
          let k = j;
          while (k < n && isIdentChar(text.charCodeAt(k))) k++;
          while (k < n && isSpaceLike(text.charCodeAt(k))) k++;
          if (k >= n) {
            if (n - i < MAX_CARRY) return this.keep(text, i, base);
          } else if ((text.charCodeAt(k) === 0x2c || text.charCodeAt(k) === 0x5d) && literalAt(text, j, n) >= 0) {
            return this.found(text, i, base);
          }
        }
      } else if (c === 0x3c) {
        // `<!-- … -->`: an HTML comment, a note or a commented-out draft (extract/structure.ts): skipped
        // as reasoning is, unless written as inline code (`` `<!--` ``).
        if (n - i < 4 && '<!--'.startsWith(text.slice(i))) return this.keep(text, i, base);
        if (text.startsWith('<!--', i) && this.last !== 0x60) {
          this.freshAfterBlock = this.fenceFresh;
          this.fenceFresh = false;
          this.midLine = !this.atLineStart;
          this.mode = Mode.REASONING;
          this.closers = ['-->'];
          this.straight = false;
          i += 4;
          continue;
        }
        let j = i + 1;
        const closing = j < n && text.charCodeAt(j) === 0x2f;
        if (closing) j++;
        const nameStart = j;
        while (j < n && isNameChar(text.charCodeAt(j))) j++;
        if (j >= n && n - i < MAX_CARRY) return this.keep(text, i, base);
        const name = text.slice(nameStart, j).toLowerCase();
        const fresh = this.fenceFresh;
        this.fenceFresh = false;
        if (!closing && this.reasoning.has(name)) {
          this.midLine = !this.atLineStart;
          // One that opens a fence's content: the content starts after it (extraction's leadingReasoning).
          this.freshAfterBlock = fresh;
          this.mode = Mode.REASONING;
          this.closers = [`</${name}`];
          this.straight = false;
          i = j;
          continue;
        }
        if (!closing) this.tag = name;
      } else if ((c === 0x60 || c === 0x7e) && this.atLineStart) {
        let j = i;
        while (j < n && text.charCodeAt(j) === c) j++;
        if (j >= n && n - i < MAX_CARRY) return this.keep(text, i, base);
        if (j - i >= 3) {
          this.straight = false;
          if (this.inFence) {
            this.inFence = false;
            this.atLineStart = false;
            i = j;
          } else {
            this.inFence = true;
            this.fenceChar = c;
            this.mode = Mode.FENCE_INFO;
            i = j;
          }
          continue;
        }
      } else if (c === 0x60 && !this.inFence) {
        // `Here it is: ```json⏎`: backticks that end a prose line, but for a language word, open a
        // fence as extraction reads them (inlineFenceLineEnd); the value's snapshots then stop at its
        // closing line as parse's reading of the fence's content does.
        let j = i;
        while (j < n && text.charCodeAt(j) === c) j++;
        const opens = j - i >= 3 ? inlineFenceOpens(text, j, n) : j >= n ? undefined : false;
        if (opens === undefined && n - i < MAX_CARRY) return this.keep(text, i, base);
        if (opens === true) {
          this.straight = false;
          this.inFence = true;
          this.fenceChar = c;
          this.mode = Mode.FENCE_INFO;
          i = j;
          continue;
        }
        // No fence: on from the run's last backtick, which leaves the state each of them would. Looked
        // at one by one, each would scan the rest of the run again: a run of k backticks cost k².
        i = j - 1;
      }
      if (c === 0x0a) {
        this.atLineStart = true;
      } else if (!isSpaceLike(c)) {
        this.atLineStart = false;
        this.fenceFresh = false;
        this.straight = false;
        this.last = c;
        this.tagOpen = c === 0x3e ? this.tag : '';
      }
      i++;
    }
    return undefined;
  }

  /** Whether the text so far ends in a block (an HTML comment, a reasoning tag) opened mid-line (see midLine). */
  inMidLineBlock(): boolean {
    return this.mode === Mode.REASONING && this.midLine;
  }

  /** Keeps the text from the opener at `from` that the text so far did not decide (see judgeOpener). */
  private hold(text: string, from: number, base: number): undefined {
    this.holding = true;
    this.recheckAt = 2 * (text.length - from);
    return this.keep(text, from, base);
  }

  private keep(text: string, from: number, base: number): undefined {
    this.carry = text.slice(from);
    this.carryStart = base + from;
    return undefined;
  }

  private found(text: string, i: number, base: number): PreludeEnd {
    return { start: base + i, rest: text.slice(i), straight: this.straight, tag: this.last === 0x3e ? this.tagOpen : '', fence: this.inFence ? this.fenceChar : 0 };
  }
}
