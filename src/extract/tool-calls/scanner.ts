// Finding tool-call spans in a reply, one chunk at a time. The scanner knows the formats' markup only:
// what a span's body holds (a call object, arguments, XML parameters) is read by the tools layer.
// Each opener and closer is searched with `indexOf` from where the last search stopped, and the
// scanner keeps only a window of undecided text (a waiting header, a possible closer's first
// characters): body text is handed to the listener as it is passed and then dropped. So every
// character is looked at a bounded number of times however the text is chunked: linear in total.
import { DEFAULT_REASONING_TAGS } from '../types.js';
import { toolNameEnd } from '../chars.js';
import { TOKENS as T, type SpanBody, type ToolCallFormat } from './formats.js';

/** One tool call's place in the text, as far as the markup tells it. */
export interface ToolCallSpan {
  format: Exclude<ToolCallFormat, 'json' | 'pythonic'>;
  /** Offset of the span's first character (its opening markup). */
  start: number;
  /** Offset just past the span (its closing markup, when it had one). */
  end: number;
  /** The tool name, when the markup carries it (`<function=NAME>`, `to=functions.NAME`, …). */
  name: string | undefined;
  /** Offset of the name in the text, when the markup carries it. */
  nameStart: number | undefined;
  /** The call's id, when the markup carries it (Kimi K2's `functions.NAME:0`). */
  id?: string;
  /** What the body holds. */
  body: SpanBody;
  /** The body is `text.slice(bodyStart, bodyEnd)`. While the span is open, `bodyEnd` is how far it is known. */
  bodyStart: number;
  bodyEnd: number;
  /** True when the span's own closing markup was seen (not the end of the text or the next call). */
  closed: boolean;
  /**
   * The reply ended in the header right after the tool's name, in markup that says a call only with a
   * tool's name (plain tags, `<tool_use><name>NAME`, `<tool_call name="NAME"`; a bare word after a Kimi
   * call's end): a call cut off when NAME is one of the tools, else the markup mentioned.
   */
  cut?: true;
}

/** Told about spans as they are found; the span object is the scanner's and changes until closed. */
export interface ScanListener {
  /** The header is read: format, name and where the body starts are known. */
  open?(span: ToolCallSpan): void;
  /** More of the body is known: `piece` is the body text from the previous `bodyEnd` to the new one. */
  grow?(span: ToolCallSpan, piece: string): void;
  /** The span ended; it will not change again. */
  close?(span: ToolCallSpan): void;
  /**
   * A `</think>` that no `<think>` opened, before any did, ends at `at`: the reply began inside
   * reasoning (the prompt opened the block, as Qwen3's, QwQ's and DeepSeek-R1's templates do), and a
   * call before it is a draft.
   */
  reasoningEnds?(at: number): void;
}

interface End {
  token: string;
  /** True when the token belongs to the span (its closer); false when it starts what comes next. */
  consume: boolean;
}

interface Header {
  format: ToolCallSpan['format'];
  start: number;
  name?: string;
  nameStart?: number;
  id?: string;
  body: SpanBody;
  bodyStart: number;
  ends: readonly End[];
  cut?: true;
}

const WAIT = 0;
const REJECT = 1;
const STRIP = 2;
type HeaderResult = Header | typeof WAIT | typeof REJECT | typeof STRIP;

/** Reasoning blocks (`<think>…</think>`, Gemma 4's thought channel, Magistral's `[THINK]`): a call drafted while thinking is not a call. */
const REASONING: ReadonlyMap<string, string> = new Map([
  ...DEFAULT_REASONING_TAGS.map((tag): [string, string] => [`<${tag}>`, `</${tag}>`]),
  [T.gemmaThoughtOpen, T.gemmaThoughtClose],
  [T.mistralThinkOpen, T.mistralThinkClose],
  [T.apertusThoughtOpen, T.apertusThoughtClose],
]);

/**
 * DSML's bar as models write it: the full-width `｜` of DeepSeek's template, an ASCII `|` or `‖`
 * (GenericAgent #804), one spelling or several in one reply (`<｜DSML｜invoke …>` closed by
 * `</|DSML|invoke>`). Each is one UTF-16 unit, so a token keeps its length in every spelling.
 */
const DSML_BARS: readonly string[] = ['｜', '|', '‖'];

/** `token` (DSML markup written with `｜`) in each spelling of DSML_BARS. */
function barSpellings(token: string): string[] {
  return DSML_BARS.map((bar) => token.replaceAll('｜', bar));
}

/** The DSML invoke openers, single and doubled bars, in every spelling. */
const DSML_INVOKE_OPENS: ReadonlySet<string> = new Set(barSpellings(T.dsmlInvokeOpen));
const DSML2_INVOKE_OPENS: ReadonlySet<string> = new Set(barSpellings(T.dsml2InvokeOpen));

/** DeepSeek's call section openers: the tokenizer's, and as R1 and its distills also write it. */
const DEEPSEEK_SECTIONS: ReadonlySet<string> = new Set([T.deepseekCallsBegin, T.deepseekCallsMerged, T.deepseekCallsUnderscored, T.deepseekCallsSpaced, T.deepseekCallsEscaped]);

/**
 * The call sections whose opener ends a `<think>` block, as the serving engines' parsers read them:
 * Kimi K2 Thinking writes its calls before its `</think>` (llxprt-code #749), and DeepSeek's
 * templates open no section while thinking. A draft in Gemma's channel or in `[THINK]` stays one.
 */
const ENDS_THINKING: readonly string[] = [T.kimiSectionBegin, ...DEEPSEEK_SECTIONS, ...[T.dsmlToolCallsOpen, T.dsmlFunctionCallsOpen, T.dsml2ToolCallsOpen, T.dsml2FunctionCallsOpen].flatMap(barSpellings)];
const LONGEST_END_OF_THINKING = Math.max(...ENDS_THINKING.map((t) => t.length));

/** The openers of `<think>` tags' blocks, which a call section ends (not Gemma's channel or `[THINK]`). */
const THINK_TAGS: ReadonlySet<string> = new Set(DEFAULT_REASONING_TAGS.map((tag) => `<${tag}>`));

/** The closers of those blocks: one with no opener before it ends reasoning the prompt opened. */
const THINK_CLOSERS: ReadonlySet<string> = new Set(DEFAULT_REASONING_TAGS.map((tag) => `</${tag}>`));

/**
 * The reasoning tags, searched for in any case (`<THINK>`, `<Think>`, closed by `</think>`), as the
 * structure pass reads tag names (src/extract/structure.ts): in the window with A-Z folded (see `low`).
 */
const FOLDED: ReadonlySet<string> = new Set([...THINK_TAGS, ...THINK_CLOSERS]);

/** `chunk` with A-Z lower-cased and every other character kept: the same length, offsets unchanged. */
function foldAscii(chunk: string): string {
  return chunk.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}

/** How far past a closer the look for what follows it goes (see closesAgain). */
const CLOSER_LOOKAHEAD = 64;

const STRIP_ONLY: ReadonlySet<string> = new Set([
  T.deepseekCallsEnd, T.kimiSectionBegin, T.kimiSectionEnd, T.toolCallClose,
  T.minimaxOpen, T.minimaxClose, T.functionCallsOpen, T.functionCallsClose, T.toolCallsOpen, T.toolCallsClose, T.pythonStart, T.pythonEnd, T.gemmaResponse,
  ...[T.dsmlFunctionCallsOpen, T.dsmlFunctionCallsClose, T.dsmlToolCallsOpen, T.dsmlToolCallsClose].flatMap(barSpellings),
  ...[T.dsml2FunctionCallsOpen, T.dsml2FunctionCallsClose, T.dsml2ToolCallsOpen, T.dsml2ToolCallsClose].flatMap(barSpellings), T.seedCallOpen, T.seedCallClose,
  T.minimaxNamespace, T.toolUseClose, T.arrowClose,
]);
const ANCHORS: ReadonlySet<string> = new Set([T.harmonyStart, T.harmonyChannel, T.harmonyMessage, T.harmonyEnd, T.harmonyCall]);
/**
 * gpt-oss's analysis message, right after a `<|channel|>`: its reasoning, where a call written (a
 * `<tool_call>` an app's prompt asked for, drafted) is a draft, as in `<think>`. It ends at its
 * `<|end|>`, or where the next message starts (`<|start|>`, `<|channel|>`: the model left `<|end|>`
 * out), or at `<|call|>`/`<|return|>`; those tokens are not taken, so they anchor what follows.
 */
const HARMONY_ANALYSIS = `analysis${T.harmonyMessage}`;
const ANALYSIS_ENDS: readonly string[] = [T.harmonyEnd, T.harmonyStart, T.harmonyChannel, T.harmonyCall, '<|return|>'];
const LONGEST_ANALYSIS_END = Math.max(...ANALYSIS_ENDS.map((t) => t.length));
/**
 * The same message served with its special tokens stripped (`analysisWe need…assistantcommentary
 * to=functions.f json{…}`): reasoning from the reply's first word, `analysis` glued to its text, up to
 * the next message's role and channel (`assistantcommentary`, `assistantfinal`; `assistantanalysis` opens
 * another), or up to `commentary to=` glued to the text before it (`…it.commentary to=`: the message's
 * `<|end|><|start|>assistant` left out), or any token ANALYSIS_ENDS holds. `commentary to=` after a space
 * is the model's words, a draft. Those ends are not taken: the call after them is read as ever.
 */
const STRIPPED_ANALYSIS_ENDS: readonly string[] = [...ANALYSIS_ENDS, T.strippedAssistantCommentaryWord, T.strippedAssistantFinal, T.strippedCommentaryWord];
const LONGEST_STRIPPED_ANALYSIS_END = Math.max(...STRIPPED_ANALYSIS_ENDS.map((t) => t.length));
/** How many spaces may stand before the reply's first word for it to open a stripped analysis message. */
const LEADING_SPACE_LIMIT = 256;
/**
 * The markup that starts a span; then markup stripped from the text on its own; then harmony's
 * message tokens, only noted (where a message starts, where one ended) so that a call's span can
 * start at its message's `<|start|>` without looking back.
 */
const OPENERS: readonly string[] = [
  T.toolCallOpen, T.toolCallNamedOpen, T.functionCallNamedOpen, T.toolUseOpen, T.arrowOpen, T.functionOpen, T.functionNameOpen, T.pythonTag, T.apertusCallsOpen, ...DEEPSEEK_SECTIONS, T.mistralCalls, T.harmonyRecipient, T.deepseekCallBegin, T.kimiCallBegin, T.invokeOpen,
  T.gemmaCallOpen, T.functionGemmaOpen, ...DSML_INVOKE_OPENS, ...DSML2_INVOKE_OPENS, T.minimaxM3InvokeOpen, T.strippedAssistantCommentary, T.strippedCommentary, T.bareAssistantCommentary, T.bareCommentary, ...STRIP_ONLY, ...ANCHORS, HARMONY_ANALYSIS, T.strippedAssistantAnalysis, ...REASONING.keys(),
  ...THINK_CLOSERS,
];

/**
 * The openers that a markup token stripped on its own also starts (MiniMax-M3's namespace token starts
 * its call opener): while the text so far ends inside one of them, the token waits.
 */
const LONGER_OPENERS: ReadonlyMap<string, readonly string[]> = new Map(
  [...STRIP_ONLY].map((token) => [token, OPENERS.filter((o) => o.length > token.length && o.startsWith(token))] as const).filter(([, longer]) => longer.length > 0),
);

const TOOL_USE_ENDS: readonly End[] = [{ token: T.toolUseArgumentsClose, consume: true }, { token: T.toolUseClose, consume: false }, { token: T.toolUseOpen, consume: false }];
const ARROW_ENDS: readonly End[] = [{ token: T.arrowClose, consume: true }, { token: T.arrowOpen, consume: false }];
const HERMES_ENDS: readonly End[] = [{ token: T.toolCallClose, consume: true }, { token: T.toolCallOpen, consume: false }];
const NAMED_TOOL_CALL_ENDS: readonly End[] = [...HERMES_ENDS, { token: T.toolCallNamedOpen, consume: false }];
const NAMED_FUNCTION_CALL_ENDS: readonly End[] = [
  { token: T.functionCallClose, consume: true }, { token: T.functionCallNamedOpen, consume: false }, { token: T.functionCallOpen, consume: false },
];
/** A `</tool_call>` ends the call too when its `</function>` was left out (lmstudio #825); it stays to be stripped. */
const QWEN_ENDS: readonly End[] = [
  { token: T.functionClose, consume: true }, { token: T.toolCallOpen, consume: false }, { token: T.functionOpen, consume: false },
  { token: T.functionNameOpen, consume: false }, { token: T.toolCallClose, consume: false },
];
const LLAMA_ENDS: readonly End[] = [
  { token: T.eomId, consume: true }, { token: T.eotId, consume: true }, { token: T.pythonTag, consume: false },
];
const MISTRAL_ENDS: readonly End[] = [{ token: T.mistralEos, consume: true }, { token: T.mistralCallsClose, consume: true }, { token: T.mistralCalls, consume: false }];
const HARMONY_ENDS: readonly End[] = [
  { token: T.harmonyCall, consume: true }, { token: T.harmonyEnd, consume: true }, { token: T.harmonyReturn, consume: true },
  { token: T.harmonyStart, consume: false }, { token: T.harmonyChannel, consume: false },
];
/** The stripped form's arguments: `json` (or nothing) and the object's `{`, after the name. */
const STRIPPED_HARMONY_ARGS = /^[ \t]*(?:json[ \t]*)?\{/;
/** The same after a bare recipient (`to=NAME`): the `json` word required. */
const BARE_STRIPPED_HARMONY_ARGS = /^[ \t]*json[ \t]*\{/;
/** A harmony header token (`<|constrain|>`), and what may stand between the recipient and `<|message|>` once they are spaces. */
const HARMONY_TOKEN = /<\|[a-z_]{1,20}\|>/g;
const HARMONY_HEADER_WORDS = /^[\w\s-]*$/;
/** With its tokens stripped, a harmony message ends where the next one's role and channel start. */
const STRIPPED_HARMONY_ENDS: readonly End[] = [
  ...HARMONY_ENDS,
  { token: 'assistantcommentary', consume: false }, { token: 'assistantanalysis', consume: false }, { token: 'assistantfinal', consume: false },
];
const DEEPSEEK_ENDS: readonly End[] = [
  { token: T.deepseekCallEnd, consume: true }, { token: T.deepseekCallsEnd, consume: false }, { token: T.deepseekCallBegin, consume: false },
];

const INVOKE_ENDS: readonly End[] = [
  { token: T.invokeClose, consume: true }, { token: T.invokeOpen, consume: false }, { token: T.toolCallClose, consume: false },
  { token: T.minimaxClose, consume: false }, { token: T.functionCallsClose, consume: false }, { token: T.toolCallsClose, consume: false },
];
const MINIMAX_M3_ENDS: readonly End[] = [
  { token: T.minimaxM3InvokeClose, consume: true }, { token: T.invokeClose, consume: true }, { token: T.minimaxM3InvokeOpen, consume: false },
  { token: T.toolCallClose, consume: false }, { token: T.minimaxClose, consume: false },
];
/** DSML's closers in every spelling of its bars (see DSML_BARS): a call opened in one may close in another. */
function dsmlEnds(invokeClose: string, invokeOpen: string, functionCallsClose: string, toolCallsClose: string): End[] {
  return [
    ...barSpellings(invokeClose).map((token) => ({ token, consume: true })),
    ...[invokeOpen, functionCallsClose, toolCallsClose].flatMap(barSpellings).map((token) => ({ token, consume: false })),
  ];
}
const DSML_ENDS: readonly End[] = dsmlEnds(T.dsmlInvokeClose, T.dsmlInvokeOpen, T.dsmlFunctionCallsClose, T.dsmlToolCallsClose);
/** DSML with each bar doubled (see formats.ts). */
const DSML2_ENDS: readonly End[] = dsmlEnds(T.dsml2InvokeClose, T.dsml2InvokeOpen, T.dsml2FunctionCallsClose, T.dsml2ToolCallsClose);
const KIMI_ENDS: readonly End[] = [
  { token: T.kimiCallEnd, consume: true }, { token: T.kimiSectionEnd, consume: false }, { token: T.kimiCallBegin, consume: false },
];

const GEMMA_ENDS: readonly End[] = [
  { token: T.gemmaCallClose, consume: true }, { token: T.gemmaTurnEnd, consume: true }, { token: T.gemmaCallOpen, consume: false },
  { token: T.gemmaResponse, consume: false },
];
const FUNCTION_GEMMA_ENDS: readonly End[] = [{ token: T.functionGemmaClose, consume: true }, { token: T.functionGemmaOpen, consume: false }];
const APERTUS_ENDS: readonly End[] = [{ token: T.apertusCallsClose, consume: true }, { token: T.apertusCallsOpen, consume: false }];

/** The headers a `<tool_call>` may hold, which decide its format. */
const HEADERS_IN_TOOL_CALL: readonly string[] = [T.functionOpen, T.functionNameOpen, T.invokeOpen, T.minimaxM3InvokeOpen];

/** How far a header may reach before the opener is taken for prose. */
const HEADER_LIMIT = 120;
/** A tool name: a letter (of any script) or `_`, then letters, digits, `_`, `-`, `.`, `:` (no backtracking). */
export const NAME = /^[\p{L}_][\p{L}\p{M}\p{N}_.:-]{0,127}$/u;

function isAsciiLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

interface OpenSpan {
  span: ToolCallSpan;
  ends: readonly End[];
  /** Per end token: where it was found (-1: search again from `from`). */
  found: number[];
  from: number[];
}

/** How many characters at the end of `text` could be the start of one of the closers (at most the longest minus one). */
function heldBack(text: string, ends: readonly End[]): number {
  let held = 0;
  for (const { token } of ends) {
    for (let k = Math.min(token.length - 1, text.length); k > held; k--) {
      if (text.endsWith(token.slice(0, k))) {
        held = k;
        break;
      }
    }
  }
  return held;
}

/** A resumable scanner: `push` text, then `end()`; spans and stripped markup are reported as they are decided. */
export class ToolCallScanner {
  /** Every closed span, in text order. */
  readonly spans: ToolCallSpan[] = [];
  /** Markup that belongs to no span but is not prose (`<｜tool▁calls▁begin｜>`, a stray `</tool_call>`): `[start, end)`. */
  readonly strips: Array<[number, number]> = [];
  /** The undecided text: `win[0]` is at offset `winStart` of the whole text. */
  private win = '';
  /** `win` with A-Z folded (foldAscii), where the reasoning tags are searched for (FOLDED). */
  private low = '';
  private winStart = 0;
  /** Openers are searched from here; everything before is decided. */
  private pos = 0;
  /** Where the harmony message being written started (`<|start|>`, `<|channel|>`), or -1. */
  private startAnchor = -1;
  private channelAnchor = -1;
  private ended = false;
  private current: OpenSpan | undefined;
  /** Inside a reasoning block: its closer, and where to search for it next. */
  private skipping: string | undefined;
  private skipFrom = 0;
  /** Whether that block is a tag's (`<think>`), which a call section ends (ENDS_THINKING). */
  private skippingTag = false;
  /** Whether that block is gpt-oss's analysis message, which any of ANALYSIS_ENDS ends (see HARMONY_ANALYSIS). */
  private skippingAnalysis = false;
  /** Whether that analysis message is one with its tokens stripped (STRIPPED_ANALYSIS_ENDS), and where it started. */
  private skippingStripped = false;
  private strippedFrom = 0;
  /** Whether the reply's first word was looked at (see strippedAnalysisStart). */
  private startRead = false;
  /** The stripped analysis messages, `[start, end)`: reasoning, where no call is read in any format. */
  readonly analyses: Array<[number, number]> = [];
  /** Whether a reasoning block opened, or one closed that none opened: later closers are text (but see tagBlockClosed). */
  private reasoningSeen = false;
  /**
   * Whether the last reasoning block was a tag's (`<think>`) and ended at its closer, no call section
   * ending it: a second closer after it (`<think>a <think>b</think> c</think>`, the inner `<think>`
   * text, as the structure pass reads it) ends reasoning again (see closesAgain).
   */
  private tagBlockClosed = false;
  /** The end of a `</think>` that no `<think>` opened (see ScanListener.reasoningEnds), or -1. */
  reasoningUntil = -1;
  /**
   * Where a Llama call that ended with `<|eom_id|>` ends, or -1: the message ended there, waiting for
   * the tool's result. What a model wrote after it (ogx-ai/ogx #389: the same call again, twice)
   * answers no result it was given: its text, no call.
   */
  turnEnd = -1;
  /**
   * Where a Kimi call whose `<|tool_call_begin|>` was lost may start (right after the section's opener
   * or a Kimi call's `<|tool_call_end|>`), or -1: see kimiLostBegin.
   */
  private kimiNext = -1;
  /** Whether the text dropped from the window ended a line (or nothing was dropped): see startsLine. */
  private droppedEndsLine = true;
  private readonly found: number[] = OPENERS.map(() => -1);
  private readonly from: number[] = OPENERS.map(() => 0);

  constructor(private readonly listener: ScanListener = {}) {}

  /** Adds a chunk and reports what it decided. */
  push(chunk: string): void {
    this.win += chunk;
    this.low += foldAscii(chunk);
    this.scan();
    // Drop what is decided, so the window stays small (a long string that grows by concatenation
    // would be copied whole by every search).
    const keep = this.current ? this.current.span.bodyEnd : this.skipping ? this.skipFrom - (this.skippingStripped ? 1 : 0) : this.pos;
    if (keep > this.winStart) {
      this.droppedEndsLine = this.code(keep - 1) === 0x0a;
      this.win = this.win.slice(keep - this.winStart);
      this.low = this.low.slice(keep - this.winStart);
      this.winStart = keep;
    }
  }

  /** Declares the end of the text: open spans close, waiting headers are decided. */
  end(): void {
    this.ended = true;
    this.scan();
  }

  /** Length of all the text pushed so far. */
  private get total(): number {
    return this.winStart + this.win.length;
  }

  /**
   * `indexOf` in the whole text, from an offset inside the window (earlier offsets are decided). Each
   * span searches its closers from its own start: what a search learnt is kept per token (the first
   * occurrence at or after `from`, or none up to `to`), so a closer that comes late or never (a
   * `<tool_call>` that 20,000 `<function=…>` spans would each look for) is not searched for again
   * over the same text: linear in the reply.
   */
  private find(token: string, from: number): number {
    const known = this.known.get(token);
    let start = from;
    let since = from;
    if (known !== undefined && known.from <= from) {
      if (known.at !== -1 && from <= known.at) return known.at;
      if (known.at === -1) {
        start = Math.max(from, known.to - token.length + 1);
        since = known.from;
      }
    }
    const r = (FOLDED.has(token) ? this.low : this.win).indexOf(token, Math.max(0, start - this.winStart));
    const at = r === -1 ? -1 : r + this.winStart;
    this.known.set(token, { from: since, at, to: this.total });
    return at;
  }

  /** Per token, what the last search found: its first occurrence at or after `from` (`at`), or none up to `to` (`at` -1). */
  private readonly known = new Map<string, { from: number; at: number; to: number }>();

  /** Whether only spaces stand between the line's start (or the text's) and `at`. */
  private startsLine(at: number): boolean {
    let k = at;
    while (k > this.winStart && (this.code(k - 1) === 0x20 || this.code(k - 1) === 0x09)) k--;
    return k > this.winStart ? this.code(k - 1) === 0x0a : this.droppedEndsLine;
  }

  private code(i: number): number {
    return this.win.charCodeAt(i - this.winStart);
  }

  private slice(start: number, end: number): string {
    return this.win.slice(start - this.winStart, end - this.winStart);
  }

  private startsWith(token: string, i: number): boolean {
    return this.win.startsWith(token, i - this.winStart);
  }

  private scan(): void {
    for (;;) {
      if (this.current) {
        if (!this.advanceBody(this.current)) return;
        continue;
      }
      if (!this.startRead) {
        const start = this.strippedAnalysisStart();
        if (start === undefined) return;
        this.startRead = true;
        if (start !== -1) this.skipStripped(start, start + T.strippedAnalysis.length);
        continue;
      }
      if (this.skipping !== undefined && this.skippingAnalysis) {
        const ends = this.skippingStripped ? STRIPPED_ANALYSIS_ENDS : ANALYSIS_ENDS;
        let close = -1;
        for (const end of ends) {
          let at = this.find(end, this.skipFrom);
          // `commentary to=` after a space is the model's words in its reasoning; glued to the text, a
          // message's start. Listed last: no other end comes before one passed over, so the search
          // resumes after it (the window keeps the character before skipFrom, see push).
          while (at !== -1 && end === T.strippedCommentaryWord && (close === -1 || at < close) && isSpace(this.code(at - 1))) {
            this.skipFrom = at + 1;
            at = this.find(end, at + 1);
          }
          if (at !== -1 && (close === -1 || at < close)) close = at;
        }
        if (close === -1) {
          if (this.ended && this.skippingStripped) this.analyses.push([this.strippedFrom, this.total]);
          this.skipFrom = Math.max(this.skipFrom, this.total - (this.skippingStripped ? LONGEST_STRIPPED_ANALYSIS_END : LONGEST_ANALYSIS_END) + 1);
          return;
        }
        if (this.skippingStripped) this.analyses.push([this.strippedFrom, close]);
        this.pos = close;
        this.skipping = undefined;
        this.skippingAnalysis = this.skippingStripped = false;
        continue;
      }
      if (this.skipping !== undefined) {
        const close = this.find(this.skipping, this.skipFrom);
        const section = this.skippingTag ? this.sectionIn(close) : -1;
        if (section !== -1) {
          this.pos = section;
          this.skipping = undefined;
          this.tagBlockClosed = false;
          continue;
        }
        if (close === -1) {
          const carry = this.skippingTag ? Math.max(this.skipping.length, LONGEST_END_OF_THINKING) : this.skipping.length;
          this.skipFrom = Math.max(this.skipFrom, this.total - carry + 1);
          return;
        }
        this.pos = close + this.skipping.length;
        this.skipping = undefined;
        this.tagBlockClosed = this.skippingTag;
        continue;
      }
      if (this.turnEnd !== -1) {
        this.pos = this.total;
        return;
      }
      if (this.kimiNext !== -1) {
        const lost = this.kimiLostBegin(this.kimiNext);
        if (lost === WAIT) return;
        this.kimiNext = -1;
        if (lost !== REJECT && lost !== STRIP) {
          this.openSpan(lost);
          continue;
        }
      }
      const i = this.nextOpener();
      if (i === -1) {
        // No opener can start before the earliest place a search resumes from.
        this.pos = Math.max(this.pos, Math.min(...this.from));
        return;
      }
      const at = this.found[i];
      const token = OPENERS[i];
      if (THINK_CLOSERS.has(token)) {
        // On a line of its own, as templates end reasoning (`…⏎</think>⏎⏎`); one in a sentence
        // (`The \`</think>\` tag…`) is a mention.
        const again = this.reasoningSeen && this.tagBlockClosed ? this.closesAgain(at, at + token.length) : false;
        if (again === WAIT) return;
        if ((!this.reasoningSeen && this.startsLine(at)) || again) {
          this.reasoningSeen = true;
          this.reasoningUntil = at + token.length;
          this.listener.reasoningEnds?.(this.reasoningUntil);
        }
        this.pos = at + token.length;
        continue;
      }
      if (token === T.strippedAssistantAnalysis) {
        // `…assistantanalysisOk.`: another analysis message, its tokens stripped.
        this.skipStripped(at, at + token.length);
        continue;
      }
      if (token === HARMONY_ANALYSIS) {
        // Only as the channel's word: `analysis<|message|>` after anything else is text.
        if (this.channelAnchor !== -1 && this.channelAnchor + T.harmonyChannel.length === at) {
          this.skipping = T.harmonyEnd;
          this.skippingAnalysis = true;
          this.skippingTag = false;
          this.skipFrom = this.pos = at + token.length;
        } else this.pos = at + token.length;
        continue;
      }
      const reasoningEnd = REASONING.get(token);
      if (reasoningEnd !== undefined) {
        this.reasoningSeen = true;
        this.skipping = reasoningEnd;
        this.skippingTag = THINK_TAGS.has(token);
        this.skipFrom = this.pos = at + token.length;
        continue;
      }
      if (ANCHORS.has(token)) {
        this.anchor(token, at);
        this.pos = at + token.length;
        continue;
      }
      const header = STRIP_ONLY.has(token) ? (this.mayStartLonger(token, at) ? WAIT : STRIP) : this.header(token, at);
      if (header === WAIT) return;
      if (header === REJECT) {
        this.found[i] = -1;
        this.from[i] = at + 1;
        // No opener starts before this one (it was the earliest): what lies before is decided, and
        // the window may drop it. Kept, a run of rejected openers grew the window with every chunk.
        this.pos = Math.max(this.pos, at);
        continue;
      }
      if (header === STRIP) {
        // A call section that ends thinking (Kimi K2's, DeepSeek's) ends reasoning the prompt opened
        // too: a `</think>` after it closes nothing that holds drafts.
        if (ENDS_THINKING.includes(token)) {
          this.reasoningSeen = true;
          this.tagBlockClosed = false;
        }
        this.strips.push([at, at + token.length]);
        this.pos = at + token.length;
        if (token === T.kimiSectionBegin) this.kimiNext = this.pos;
        continue;
      }
      if (ENDS_THINKING.includes(token)) {
        this.reasoningSeen = true;
        this.tagBlockClosed = false;
      }
      this.openSpan(header);
    }
  }

  /**
   * Whether a reasoning closer ending at `end`, after a `<think>` block closed, ends reasoning again:
   * the block held a nested `<think>`, text to the structure pass, whose closer ended the block early
   * (`<think>a <think>b</think> c</think>`); the structure pass makes all before such a closer
   * reasoning (src/extract/structure.ts), and a call drafted in `c` is a draft. Only a closer that ends
   * its line, or that markup or a value follows (`</think><tool_call>`), and that no word and space come
   * before (`c</think>`, `⏎</think>`): one in a sentence (`the </think> tag`, `See </think>`, `"</think>"`)
   * is a mention. WAIT while what follows it is not yet known.
   */
  private closesAgain(at: number, end: number): boolean | typeof WAIT {
    // After a word and a space (`See </think>`), a mention, as the structure pass's midSentence reads it.
    let b = at;
    while (b > this.winStart && b > at - CLOSER_LOOKAHEAD && (this.code(b - 1) === 0x20 || this.code(b - 1) === 0x09)) b--;
    if (b < at && b > this.winStart && isAsciiLetter(this.code(b - 1))) return false;
    let k = end;
    while (k < this.total && k - end < CLOSER_LOOKAHEAD && (this.code(k) === 0x20 || this.code(k) === 0x09 || this.code(k) === 0x0d)) k++;
    if (k >= this.total) return this.ended ? true : WAIT;
    const c = this.code(k);
    return c === 0x0a || c === 0x3c || c === 0x5b || c === 0x7b;
  }

  /**
   * Where the reply's first word opens an analysis message with its tokens stripped: `analysis` after
   * spaces only, glued to its text, a capital letter or markup right after it (`analysisWe need…`,
   * `analysis<tool_call>`); `analysis of the logs`, `analysis: …` and `analysisfirst` are words, and a
   * reply that is not gpt-oss's would lose its calls to a reasoning that never ends.
   * -1 when it does not; undefined while the text so far cannot tell.
   */
  private strippedAnalysisStart(): number | undefined {
    let k = this.winStart;
    while (k < this.total && k - this.winStart < LEADING_SPACE_LIMIT && isSpace(this.code(k))) k++;
    const word = T.strippedAnalysis;
    if (k - this.winStart >= LEADING_SPACE_LIMIT) return -1;
    if (k + word.length >= this.total) {
      if (!this.ended && word.startsWith(this.slice(k, this.total))) return undefined;
      return -1;
    }
    if (!this.startsWith(word, k)) return -1;
    const c = this.code(k + word.length);
    return (c >= 0x41 && c <= 0x5a) || c === 0x3c ? k : -1;
  }

  /** Skips an analysis message with its tokens stripped, its word at `start`, its text from `from`. */
  private skipStripped(start: number, from: number): void {
    this.skipping = T.harmonyEnd;
    this.skippingAnalysis = this.skippingStripped = true;
    this.skippingTag = false;
    this.strippedFrom = start;
    this.skipFrom = this.pos = from;
  }

  /** Opens the span a header starts. */
  private openSpan(header: Header): void {
    const span: ToolCallSpan = {
      format: header.format, start: header.start, end: header.bodyStart, name: header.name, nameStart: header.nameStart,
      body: header.body, bodyStart: header.bodyStart, bodyEnd: header.bodyStart, closed: false,
    };
    if (header.id !== undefined) span.id = header.id;
    if (header.cut) span.cut = true;
    this.current = { span, ends: header.ends, found: header.ends.map(() => -1), from: header.ends.map(() => header.bodyStart) };
    this.pos = header.bodyStart;
    this.startAnchor = this.channelAnchor = -1;
    this.listener.open?.(span);
  }

  /** Whether the stripped token at `at` may still turn out to start a longer opener (see LONGER_OPENERS). */
  private mayStartLonger(token: string, at: number): boolean {
    const longer = LONGER_OPENERS.get(token);
    return longer !== undefined && !this.ended && longer.some((o) => this.cutInside(o, at));
  }

  /** Where the first call section that ends the `<think>` block being skipped starts, before its closer at `close` (-1: none yet), or -1. */
  private sectionIn(close: number): number {
    let first = -1;
    for (const token of ENDS_THINKING) {
      const at = this.find(token, this.skipFrom);
      if (at !== -1 && (close === -1 || at < close) && (first === -1 || at < first)) first = at;
    }
    return first;
  }

  /** Notes where a harmony message starts and where one ended. */
  private anchor(token: string, at: number): void {
    if (token === T.harmonyStart) {
      this.startAnchor = at;
      this.channelAnchor = -1;
    } else if (token === T.harmonyChannel) {
      this.channelAnchor = at;
    } else {
      this.startAnchor = this.channelAnchor = -1;
    }
  }

  /** Index in OPENERS of the earliest opener at or after `pos`, or -1 (none yet). */
  private nextOpener(): number {
    let best = -1;
    for (let i = 0; i < OPENERS.length; i++) {
      if (this.found[i] === -1 || this.found[i] < this.pos) {
        const token = OPENERS[i];
        const f = this.find(token, Math.max(this.pos, this.from[i]));
        if (f === -1) {
          this.found[i] = -1;
          this.from[i] = Math.max(this.pos, this.total - token.length + 1);
          continue;
        }
        this.found[i] = f;
        this.from[i] = f;
      }
      if (best === -1 || this.found[i] < this.found[best]) best = i;
    }
    return best;
  }

  /** Moves an open span's body forward; true when the span closed. */
  private advanceBody(open: OpenSpan): boolean {
    const span = open.span;
    let endAt = -1;
    let endIndex = -1;
    for (let j = 0; j < open.ends.length; j++) {
      if (open.found[j] === -1) {
        const token = open.ends[j].token;
        const f = this.find(token, open.from[j]);
        if (f === -1) {
          open.from[j] = Math.max(span.bodyStart, this.total - token.length + 1);
          continue;
        }
        open.found[j] = f;
      }
      if (endAt === -1 || open.found[j] < endAt) {
        endAt = open.found[j];
        endIndex = j;
      }
    }
    if (endAt === -1 && !this.ended) {
      // Text that may still be the start of a closer is not body yet.
      this.growTo(span, Math.max(span.bodyEnd, this.total - heldBack(this.win, open.ends)));
      return false;
    }
    const end = endAt === -1 ? undefined : open.ends[endIndex];
    this.growTo(span, endAt === -1 ? this.total : endAt);
    span.closed = end?.consume === true;
    span.end = end === undefined ? this.total : end.consume ? endAt + end.token.length : endAt;
    if (end?.token === T.eomId) this.turnEnd = span.end;
    if (end?.token === T.kimiCallEnd) this.kimiNext = span.end;
    this.current = undefined;
    this.pos = span.end;
    this.spans.push(span);
    this.listener.close?.(span);
    return true;
  }

  private growTo(span: ToolCallSpan, bodyEnd: number): void {
    if (bodyEnd <= span.bodyEnd) return;
    const piece = this.slice(span.bodyEnd, bodyEnd);
    span.bodyEnd = bodyEnd;
    this.listener.grow?.(span, piece);
  }

  /** Reads the markup after an opener: a header, or wait for more text, or not a call after all. */
  private header(token: string, at: number): HeaderResult {
    switch (token) {
      case T.toolCallOpen: {
        const i = this.skipSpace(at + token.length);
        if (i - at > HEADER_LIMIT) return this.hermes(at);
        if (HEADERS_IN_TOOL_CALL.some((o) => this.cutInside(o, i))) return this.ended ? this.hermes(at) : WAIT;
        // MiniMax-M3's calls in a `<tool_call>` whose namespace token was lost: the wrapper goes with them.
        if (this.startsWith(T.minimaxM3InvokeOpen, i)) return STRIP;
        if (this.startsWith(T.functionOpen, i)) return this.functionHeader(at, i);
        if (this.startsWith(T.functionNameOpen, i)) return this.invokeHeader(at, i, T.functionNameOpen);
        if (this.startsWith(T.invokeOpen, i)) return this.invokeHeader(at, i, T.invokeOpen);
        return this.glmHeader(at, i) ?? this.hermes(at);
      }
      case T.toolCallNamedOpen:
        return this.namedTagHeader(at, token, NAMED_TOOL_CALL_ENDS);
      case T.functionCallNamedOpen:
        return this.namedTagHeader(at, token, NAMED_FUNCTION_CALL_ENDS);
      case T.functionOpen:
        return this.functionHeader(at, at);
      case T.functionNameOpen:
        return this.invokeHeader(at, at, token);
      case T.apertusCallsOpen:
        return { format: 'apertus', start: at, body: 'call', bodyStart: at + token.length, ends: APERTUS_ENDS };
      case T.pythonTag:
        return { format: 'llama', start: at, body: 'call', bodyStart: at + token.length, ends: LLAMA_ENDS };
      case T.mistralCalls:
        return this.mistralHeader(at);
      case T.harmonyRecipient:
      case T.strippedCommentary:
      case T.strippedAssistantCommentary:
        return this.harmonyHeader(at, at + token.length - T.harmonyRecipient.length, at + token.length);
      case T.bareCommentary:
      case T.bareAssistantCommentary:
        // After `commentary to=functions.` (listed first) only: the name follows `to=` at once. In a
        // message with its tokens stripped, only `json{` after the name says a call (`… commentary
        // to=everyone {…}` in a log line is prose).
        return this.harmonyHeader(at, at + token.length - 'to='.length, at + token.length, true);
      case T.kimiCallBegin:
        return this.kimiHeader(at);
      case T.toolUseOpen:
        return this.toolUseHeader(at);
      case T.arrowOpen:
        return { format: 'arrow', start: at, body: 'arrow', bodyStart: at + token.length, ends: ARROW_ENDS };
      case T.invokeOpen:
        return this.invokeHeader(at, at, T.invokeOpen);
      case T.minimaxM3InvokeOpen:
        return this.invokeHeader(at, at, token);
      case T.gemmaCallOpen:
        return this.gemmaHeader(at, token, GEMMA_ENDS);
      case T.functionGemmaOpen:
        return this.gemmaHeader(at, token, FUNCTION_GEMMA_ENDS);
      case T.deepseekCallBegin:
        return this.deepseekHeader(at, at + token.length);
      default:
        if (DSML_INVOKE_OPENS.has(token) || DSML2_INVOKE_OPENS.has(token)) return this.invokeHeader(at, at, token);
        return this.deepseekSection(token, at);
    }
  }

  private hermes(at: number): Header {
    return { format: 'hermes', start: at, body: 'call', bodyStart: at + T.toolCallOpen.length, ends: HERMES_ENDS };
  }

  /** Whether the text so far ends inside `token` at `i` (what comes next decides whether it is there). */
  private cutInside(token: string, i: number): boolean {
    return i + token.length > this.total && token.startsWith(this.slice(i, this.total));
  }

  private skipSpace(i: number): number {
    while (i < this.total && isSpace(this.code(i))) i++;
    return i;
  }

  /** Not enough text to decide yet: wait, unless the text has ended or the header is already too long. */
  private undecided(at: number): HeaderResult {
    return this.ended || this.total - at > HEADER_LIMIT ? REJECT : WAIT;
  }

  /** Reads a name of name characters at `i`; `undefined` when the text ends inside it. */
  private nameAt(i: number): { name: string; end: number } | undefined {
    const j = this.winStart + toolNameEnd(this.win, i - this.winStart);
    if (j === this.total && !this.ended) return undefined;
    return { name: this.slice(i, j), end: j };
  }

  /**
   * `<function=NAME>`: the Qwen3-Coder header, inside `<tool_call>` (span starts at `start`) or bare.
   * `<function=NAME={…}</function>` (Llama 3.3 on Groq, freellmapi #291) lost the `>`: a `{` before
   * any `>`, after the name (and `=` or space), starts the JSON arguments.
   */
  private functionHeader(start: number, at: number): HeaderResult {
    const nameStart = at + T.functionOpen.length;
    const window = this.slice(nameStart, nameStart + HEADER_LIMIT);
    const gt = window.indexOf('>');
    const brace = window.indexOf('{');
    if (brace !== -1 && (gt === -1 || brace < gt)) {
      const head = window.slice(0, brace).trimEnd();
      const name = (head.endsWith('=') ? head.slice(0, -1) : head).trim();
      if (!NAME.test(name)) return REJECT;
      return { format: 'qwen3_coder', start, name, nameStart, body: 'arguments', bodyStart: nameStart + brace, ends: QWEN_ENDS };
    }
    if (gt === -1) {
      const cut = this.cutHeaderName(nameStart, window, false);
      if (cut !== undefined) return { format: 'qwen3_coder', start, name: cut, nameStart, body: 'parameters', bodyStart: this.total, ends: QWEN_ENDS };
      return window.length >= HEADER_LIMIT ? REJECT : this.undecided(at);
    }
    const close = nameStart + gt;
    const name = window.slice(0, gt).trim();
    if (!NAME.test(name)) return REJECT;
    return { format: 'qwen3_coder', start, name, nameStart, body: 'parameters', bodyStart: close + 1, ends: QWEN_ENDS };
  }

  /**
   * The tool's name of a header the reply's end cut off before its `>` (`<function=get_weather`,
   * `<invoke name="get_wea`): the call was being written, so it is read as one cut off (the reader's
   * error), not left as text with no word. Undefined while more may come, or when the header holds
   * more than a name (`quoted`: in quotes, the closing one maybe written; `next`: the token after the
   * name, which the end may have cut, `get_weather<｜tool▁s`).
   */
  private cutHeaderName(nameStart: number, window: string, quoted: boolean, next?: string): string | undefined {
    if (!this.ended || nameStart + window.length !== this.total) return undefined;
    let name = (next === undefined ? window : withoutStartOf(window, next)).trim();
    if (quoted) {
      const q = name.charAt(0);
      if (q !== '"' && q !== "'") return undefined;
      name = name.endsWith(q) && name.length > 1 ? name.slice(1, -1) : name.slice(1);
    }
    return NAME.test(name) ? name : undefined;
  }

  /**
   * `<tool_call>NAME` then `<arg_key>` (or `</tool_call>`: no arguments): GLM's call, its name at `i`.
   * Undefined when it is not one (a hermes body), WAIT while the text so far cannot tell.
   */
  private glmHeader(at: number, i: number): Header | typeof WAIT | undefined {
    if (i >= this.total) return this.ended ? undefined : WAIT;
    const read = this.nameAt(i);
    if (!read) return this.ended ? undefined : WAIT;
    if (read.end === i || !NAME.test(read.name)) return undefined;
    const k = this.skipSpace(read.end);
    // Space past the header's bound is no GLM header: waiting on it, each push would scan it again.
    if (k - at > HEADER_LIMIT) return undefined;
    // `<tool_call>get_weather` (or inside its first `<arg_key>`) ending the reply: a GLM call cut off,
    // which the reader reports when NAME is one of the tools (else the markup mentioned, as with no arguments).
    for (const token of [T.argKeyOpen, T.toolCallClose, T.argValueClose]) {
      if (this.cutInside(token, k)) return this.ended ? { format: 'glm45', start: at, name: read.name, nameStart: i, body: 'arg_pairs', bodyStart: this.total, ends: HERMES_ENDS } : WAIT;
      if (!this.startsWith(token, k)) continue;
      const stray = token === T.argValueClose ? this.endsAfterStrayCloser(at, k + token.length) : true;
      if (stray !== true) return stray === WAIT ? WAIT : undefined;
      return { format: 'glm45', start: at, name: read.name, nameStart: i, body: 'arg_pairs', bodyStart: k, ends: HERMES_ENDS };
    }
    const key = this.lostArgKeyAt(read.end, k);
    if (key === WAIT) return this.ended ? undefined : WAIT;
    return key === undefined ? undefined : { format: 'glm45', start: at, name: read.name, nameStart: i, body: 'arg_pairs', bodyStart: key, ends: HERMES_ENDS };
  }

  /**
   * `<tool_call>NAME</arg_value>`: GLM 5.2's call with no arguments and a stray closer (fw-ai python-sdk
   * #119), is a GLM call when only `</tool_call>` or the reply's end follows (from `i`); false when
   * something else does (a hermes body, then), WAIT while the text cannot tell.
   */
  private endsAfterStrayCloser(at: number, i: number): boolean | typeof WAIT {
    const k = this.skipSpace(i);
    if (k - at > HEADER_LIMIT) return false;
    if (k >= this.total) return this.ended || WAIT;
    if (this.cutInside(T.toolCallClose, k)) return this.ended ? false : WAIT;
    return this.startsWith(T.toolCallClose, k);
  }

  /**
   * A GLM call's first key whose `<arg_key>` was lost (GLM-4.7 under load, vLLM #47190): glued to the
   * name (`<tool_call>runcommand</arg_key>`: its key starts inside the name, at `end`, and the reader
   * splits it off by the tools' names), after a space (`<tool_call>run command</arg_key>`), or after a
   * second `<tool_call>` (`<tool_call>run<tool_call>command</arg_key>`, sigit #95). Where the key
   * starts; undefined when no `</arg_key>` closes one there, WAIT while the text cannot tell.
   */
  private lostArgKeyAt(end: number, k: number): number | undefined | typeof WAIT {
    let key = end;
    if (k > end) key = k;
    else if (this.cutInside(T.toolCallOpen, k)) return WAIT;
    else if (this.startsWith(T.toolCallOpen, k)) key = k + T.toolCallOpen.length;
    const word = key === end ? { end } : this.nameAt(key);
    if (word === undefined) return WAIT;
    if (word.end === key && key !== end) return undefined;
    if (this.cutInside(T.argKeyClose, word.end)) return WAIT;
    return this.startsWith(T.argKeyClose, word.end) ? key : undefined;
  }

  /**
   * `<invoke name="NAME">`: MiniMax-M2's (and Kimi K2's XML, Claude-style) header, inside `<tool_call>`
   * (span starts at `start`) or bare; or DeepSeek's `<｜DSML｜invoke name="NAME">` or MiniMax-M3's
   * `]<]minimax[>[<invoke name="NAME">` (`open`).
   */
  private invokeHeader(start: number, at: number, open: string): HeaderResult {
    const nameStart = at + open.length;
    const window = this.slice(nameStart, nameStart + HEADER_LIMIT);
    const gt = window.indexOf('>');
    if (gt === -1) {
      // `<invoke name="get_weather"` (DeepSeek's, MiniMax-M3's too) ending the reply: a call cut off in its header (an error, not text).
      const cut = this.cutHeaderName(nameStart, window, true);
      if (cut !== undefined) return { ...invokeKind(open), start, name: cut, nameStart, bodyStart: this.total };
      return window.length >= HEADER_LIMIT ? REJECT : this.undecided(at);
    }
    const quoted = window.slice(0, gt).trim();
    const q = quoted.charAt(0);
    if ((q !== '"' && q !== "'") || quoted.length < 3 || quoted.charAt(quoted.length - 1) !== q) return REJECT;
    const name = quoted.slice(1, -1);
    if (!NAME.test(name)) return REJECT;
    return { ...invokeKind(open), start, name, nameStart: nameStart + window.indexOf(name), bodyStart: nameStart + gt + 1 };
  }

  /**
   * `<tool_call name="NAME">` or `<function_call name="NAME">`, maybe with an `id` (Memoh #435:
   * `<tool_call id="call_00_xxx" name="NAME">`): the call named in its tag, its body the arguments (JSON,
   * or parameter tags, read as `<function name="NAME">`'s are). Any other attribute: no call.
   */
  private namedTagHeader(at: number, token: string, ends: readonly End[]): HeaderResult {
    const attrStart = at + token.length;
    const window = this.slice(attrStart, attrStart + HEADER_LIMIT);
    const gt = window.indexOf('>');
    // `<tool_call name="get_weather"` ending the reply (the value's closing quote maybe not written):
    // plain tags, so a call cut off only when the name is one of the tools (`cut`), else the tag mentioned.
    const cut = gt === -1 && this.ended && attrStart + window.length === this.total;
    if (gt === -1 && !cut) return window.length >= HEADER_LIMIT ? REJECT : this.undecided(at);
    const attrs = cut ? nameAndId(window) ?? nameAndId(`${window}"`) ?? nameAndId(`${window}'`) : nameAndId(window.slice(0, gt));
    if (attrs === undefined || !NAME.test(attrs.name)) return REJECT;
    const header: Header = { format: 'hermes', start: at, name: attrs.name, nameStart: attrStart + attrs.nameAt, body: 'parameters', bodyStart: cut ? this.total : attrStart + gt + 1, ends };
    if (attrs.id !== undefined) header.id = attrs.id;
    if (cut) header.cut = true;
    return header;
  }

  /** `<|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>`: Kimi K2's header (`functions.` and the index are optional). */
  private kimiHeader(at: number): HeaderResult {
    const i = this.skipSpace(at + T.kimiCallBegin.length);
    const read = i < this.total ? this.nameAt(i) : undefined;
    if (!read) return this.undecided(at);
    const name = read.name.replace(/^functions\./, '').replace(/:\d+$/, '');
    // `<|tool_call_begin|>0 <|tool_call_argument_begin|>`: a counter and no name (vLLM's
    // test_kimi_k2_tool_parser); the reader takes the tool from the tools given, or reports the call.
    const counter = /^(?:functions\.)?:?\d+$/.test(read.name);
    if (!counter && !NAME.test(name)) return REJECT;
    const k = this.skipSpace(read.end);
    const begin = T.kimiArgumentBegin;
    // The reply ends after the call's id (or inside the argument token): a call cut off, which the
    // reader reports as one with no arguments yet; rejected, it was lost without a word.
    const cut = this.ended && (k >= this.total || this.cutInside(begin, k));
    if (!cut && (this.cutInside(begin, k) || k >= this.total)) return this.undecided(at);
    // `functions.NAME:0 {…}` (Bedrock's stream, vLLM #31207): the argument token lost, the JSON follows.
    const lost = !cut && this.code(k) === 0x7b;
    if (!cut && !lost && !this.startsWith(begin, k)) return REJECT;
    const bodyStart = cut ? this.total : lost ? k : k + begin.length;
    const header: Header = { format: 'kimi_k2', start: at, nameStart: i + read.name.indexOf(name), body: 'arguments', bodyStart, ends: KIMI_ENDS };
    if (!counter) header.name = name;
    // `functions.NAME:0` is the call's id as Kimi writes it back in the tool result.
    if (read.name !== name || counter) header.id = read.name;
    return header;
  }

  /**
   * Kimi K2.6's call whose `<|tool_call_begin|>` was lost (mlxcel #766, skales #185), right after the
   * section's opener or a Kimi call's `<|tool_call_end|>` (at `from`, spaces after it): its id
   * (`functions.NAME:0`, `NAME:0`, or the name alone) and `<|tool_call_argument_begin|>`, or an id
   * and the JSON at once (`functions.NAME:0{…}`, both tokens lost). The reply ending after the id is a
   * call cut off (a bare word, only when it is a tool's name: `cut`). REJECT for anything else (the
   * usual `<|tool_call_begin|>`, the section's end, prose).
   */
  private kimiLostBegin(from: number): HeaderResult {
    const i = this.skipSpace(from);
    if (i >= this.total || this.cutInside(T.kimiCallBegin, i)) return this.ended ? REJECT : this.undecided(from);
    const read = this.nameAt(i);
    if (!read) return this.undecided(from);
    const name = read.name.replace(/^functions\./, '').replace(/:\d+$/, '');
    if (read.end === i || !NAME.test(name)) return REJECT;
    // `functions.` before the name or an index after it: Kimi's id, no word of prose.
    const id = read.name !== name;
    const k = this.skipSpace(read.end);
    const begin = T.kimiArgumentBegin;
    const header = (bodyStart: number): Header => {
      const h: Header = { format: 'kimi_k2', start: i, name, nameStart: i + read.name.indexOf(name), body: 'arguments', bodyStart, ends: KIMI_ENDS };
      if (id) h.id = read.name;
      return h;
    };
    if (k >= this.total || this.cutInside(begin, k)) {
      if (!this.ended) return this.undecided(from);
      return id ? header(this.total) : { ...header(this.total), cut: true };
    }
    if (this.startsWith(begin, k)) return header(k + begin.length);
    return id && this.code(k) === 0x7b ? header(k) : REJECT;
  }

  /** `<tool_use>` `<name>NAME</name>` `<arguments>` (Cherry Studio's prompt mode), spaces between; the body is the arguments' JSON. */
  private toolUseHeader(at: number): HeaderResult {
    let i = this.skipSpace(at + T.toolUseOpen.length);
    if (this.cutInside(T.toolUseName, i)) return this.undecided(at);
    if (!this.startsWith(T.toolUseName, i)) return REJECT;
    const nameStart = this.skipSpace(i + T.toolUseName.length);
    const read = nameStart < this.total ? this.nameAt(nameStart) : undefined;
    if (!read) return this.undecided(at);
    if (!NAME.test(read.name)) return REJECT;
    i = this.skipSpace(read.end);
    for (const token of [T.toolUseNameClose, T.toolUseArguments]) {
      // `<tool_use><name>get_weather` (or `</name>`) ending the reply: plain tags, so a call cut off only
      // when the name is one of the tools (`cut`), else the tags mentioned.
      if (this.cutInside(token, i)) return this.ended ? { format: 'tool_use', start: at, name: read.name, nameStart, body: 'arguments', bodyStart: this.total, ends: TOOL_USE_ENDS, cut: true } : this.undecided(at);
      if (!this.startsWith(token, i)) return REJECT;
      i = this.skipSpace(i + token.length);
    }
    if (i >= this.total && !this.ended) return this.undecided(at);
    return { format: 'tool_use', start: at, name: read.name, nameStart, body: 'arguments', bodyStart: i, ends: TOOL_USE_ENDS };
  }

  /** `<|tool_call>call:NAME{` (Gemma 4) or `<start_function_call>call:NAME{` (FunctionGemma); `(` for `{` too. */
  private gemmaHeader(at: number, token: string, ends: readonly End[]): HeaderResult {
    const i = this.skipSpace(at + token.length);
    const prefix = T.gemmaCallPrefix;
    if (this.cutInside(prefix, i)) return this.undecided(at);
    // `<|tool_call>:NAME{…}`: some Gemma 4 builds drop the `call` (vLLM #53444).
    const bare = this.code(i) === 0x3a;
    if (!bare && !this.startsWith(prefix, i)) return REJECT;
    const nameStart = bare ? i + 1 : i + prefix.length;
    const read = this.nameAt(nameStart);
    if (!read) return this.undecided(at);
    if (!NAME.test(read.name)) return REJECT;
    const k = this.skipSpace(read.end);
    // `<|tool_call>call:get_weather` ending the reply: a call cut off in its header (the reader's error), not text.
    if (k >= this.total) return this.ended ? { format: 'gemma', start: at, name: read.name, nameStart, body: 'gemma_args', bodyStart: this.total, ends } : this.undecided(at);
    const c = this.code(k);
    if (c !== 0x7b && c !== 0x28) return REJECT;
    return { format: 'gemma', start: at, name: read.name, nameStart, body: 'gemma_args', bodyStart: k, ends };
  }

  /** `[TOOL_CALLS]` then a JSON array (or object), or `NAME[ARGS]{…}` (`NAME[CALL_ID]ID[ARGS]{…}`), or `NAME{…}`. */
  private mistralHeader(at: number): HeaderResult {
    const i = this.skipSpace(at + T.mistralCalls.length);
    if (i >= this.total) return this.undecided(at);
    const c = this.code(i);
    if (c === 0x5b || c === 0x7b) return { format: 'mistral', start: at, body: 'call', bodyStart: i, ends: MISTRAL_ENDS };
    const read = this.nameAt(i);
    if (!read) return this.undecided(at);
    if (!NAME.test(read.name)) return REJECT;
    const k = this.skipSpace(read.end);
    let id: string | undefined;
    const header = (bodyStart: number): Header => {
      const h: Header = { format: 'mistral', start: at, name: read.name, nameStart: i, body: 'arguments', bodyStart, ends: MISTRAL_ENDS };
      if (id !== undefined) h.id = id;
      return h;
    };
    // The reply ends in the header after the name (`[TOOL_CALLS]get_weather`, `…[AR`, `…[CALL_ID]a5jR`):
    // a call cut off (the reader's error), not text.
    const cut = (): HeaderResult => (this.ended ? header(this.total) : this.undecided(at));
    if (k >= this.total) return cut();
    // `[TOOL_CALLS]NAME{…}`: Devstral 2 as served with its special tokens skipped (`[ARGS]` gone).
    if (this.code(k) === 0x7b) return header(k);
    // `NAME[CALL_ID]a5jR3k2lP[ARGS]{…}` (tokenizer v13): the call's id before its arguments.
    let a = k;
    if (this.cutInside(T.mistralCallId, k)) return cut();
    if (this.startsWith(T.mistralCallId, k)) {
      const idStart = this.skipSpace(k + T.mistralCallId.length);
      const idRead = this.nameAt(idStart);
      if (!idRead) return this.undecided(at);
      if (idRead.end > idStart) id = idRead.name;
      a = this.skipSpace(idRead.end);
    }
    const args = T.mistralArgs;
    if (this.cutInside(args, a)) return cut();
    if (!this.startsWith(args, a)) return REJECT;
    return header(a + args.length);
  }

  /**
   * `to=functions.NAME` (`recipient` its `to=`, `nameStart` the name's), then header words and tokens
   * up to `<|message|>`; the span starts at the message's `<|start|>` or `<|channel|>`.
   */
  private harmonyHeader(at: number, recipient: number, nameStart: number, bare = false): HeaderResult {
    const read = this.nameAt(nameStart);
    if (!read) return this.undecided(at);
    const name = read.name.replace(/[.:]+$/, '');
    if (!NAME.test(name)) return REJECT;
    const window = this.slice(read.end, read.end + HEADER_LIMIT + T.harmonyMessage.length);
    // `commentary to=functions.NAME json{…}`: served with its special tokens stripped, the arguments
    // right after the constraint's word (LM Studio, MLX servers: Rapid-MLX #480); the span starts at
    // the channel's word (an opener of its own, `at`). Told before looking for `<|message|>`, so the
    // reading is the same however the text arrives.
    const stripped = (bare ? BARE_STRIPPED_HARMONY_ARGS : STRIPPED_HARMONY_ARGS).exec(window);
    if (stripped !== null) {
      return { format: 'harmony', start: at, name, nameStart, body: 'arguments', bodyStart: read.end + stripped[0].length - 1, ends: STRIPPED_HARMONY_ENDS };
    }
    const m = window.indexOf(T.harmonyMessage);
    if (m === -1) {
      // `to=functions.get_weather <|constrain|>json` ending the reply (maybe inside a token): a call cut
      // off in its header (the reader's error), not text.
      // `to=NAME` with no `functions.` (gpt-oss told its tools in the prompt) too, after the message's
      // `<|channel|>` token: the markup, not words of a log line.
      const marked = !bare || (this.channelAnchor !== -1 && this.channelAnchor + T.harmonyChannel.length === at);
      const cut = marked && this.ended && read.end + window.length === this.total && HARMONY_HEADER_WORDS.test(window.replace(HARMONY_TOKEN, ' ').replace(/<\|?[a-z_]{0,20}\|?$/, ''));
      if (cut) return { format: 'harmony', start: this.harmonyStart(recipient), name, nameStart, body: 'arguments', bodyStart: this.total, ends: HARMONY_ENDS };
      return window.length >= HEADER_LIMIT + T.harmonyMessage.length ? REJECT : this.undecided(at);
    }
    // Between the name and <|message|>: only header tokens and words (`<|constrain|>json`, `<|channel|>commentary`).
    const between = window.slice(0, m).replace(HARMONY_TOKEN, ' ');
    if (!HARMONY_HEADER_WORDS.test(between)) return REJECT;
    const bodyStart = read.end + m + T.harmonyMessage.length;
    return { format: 'harmony', start: this.harmonyStart(recipient), name, nameStart, body: 'arguments', bodyStart, ends: HARMONY_ENDS };
  }

  /** Where the harmony message holding `to=` at `at` starts: its `<|start|>`, else its `<|channel|>`, else `to=` itself. */
  private harmonyStart(at: number): number {
    for (const anchor of [this.startAnchor, this.channelAnchor]) {
      if (anchor !== -1 && at - anchor <= HEADER_LIMIT) return anchor;
    }
    return at;
  }

  /**
   * A DeepSeek section opener: markup of its own before a call's `<｜tool▁call▁begin｜>`; R1 may go
   * straight on to the call (`<｜tool▁calls｜>function<｜tool▁sep｜>NAME`), which then starts there.
   */
  private deepseekSection(token: string, at: number): HeaderResult {
    const a = this.skipSpace(at + token.length);
    if (this.cutInside(T.deepseekCallBegin, a) && !this.ended) return WAIT;
    if (this.startsWith(T.deepseekCallBegin, a)) return STRIP;
    const call = this.deepseekHeader(at, a);
    return call === REJECT ? STRIP : call;
  }

  /** After `<｜tool▁call▁begin｜>` (at `a`): `function<｜tool▁sep｜>NAME\n…` (V3, R1) or `NAME<｜tool▁sep｜>…` (V3.1). */
  private deepseekHeader(at: number, a: number): HeaderResult {
    const window = this.slice(a, a + HEADER_LIMIT + T.deepseekSep.length);
    const s = window.indexOf(T.deepseekSep);
    if (s === -1) {
      // `<｜tool▁call▁begin｜>get_weather` ending the reply (maybe inside its separator): a V3.1 call cut off.
      const cut = this.cutHeaderName(a, window, false, T.deepseekSep);
      if (cut !== undefined && cut !== 'function') return { format: 'deepseek_v31', start: at, name: cut, nameStart: a + window.indexOf(cut), body: 'arguments', bodyStart: this.total, ends: DEEPSEEK_ENDS };
      return window.length >= HEADER_LIMIT + T.deepseekSep.length ? REJECT : this.undecided(at);
    }
    const before = window.slice(0, s).trim();
    const afterSep = a + s + T.deepseekSep.length;
    if (before === 'function') {
      const line = this.slice(afterSep, afterSep + HEADER_LIMIT);
      const nl = line.indexOf('\n');
      if (nl === -1) {
        // `function<｜tool▁sep｜>get_weather` ending the reply before its line does: a V3 call cut off.
        const cut = this.cutHeaderName(afterSep, line, false);
        if (cut !== undefined) return { format: 'deepseek_v3', start: at, name: cut, nameStart: afterSep + line.indexOf(cut), body: 'arguments', bodyStart: this.total, ends: DEEPSEEK_ENDS };
        return line.length >= HEADER_LIMIT ? REJECT : this.undecided(at);
      }
      const name = line.slice(0, nl).trim();
      if (!NAME.test(name)) return REJECT;
      const nameStart = afterSep + line.indexOf(name);
      return { format: 'deepseek_v3', start: at, name, nameStart, body: 'arguments', bodyStart: afterSep + nl + 1, ends: DEEPSEEK_ENDS };
    }
    if (!NAME.test(before)) return REJECT;
    const nameStart = a + window.indexOf(before);
    return { format: 'deepseek_v31', start: at, name: before, nameStart, body: 'arguments', bodyStart: afterSep, ends: DEEPSEEK_ENDS };
  }
}

/** `text` without the end that is the start of `token` (`get_weather<｜tool▁s` → `get_weather`). */
function withoutStartOf(text: string, token: string): string {
  for (let k = Math.min(token.length - 1, text.length); k > 0; k--) if (text.endsWith(token.slice(0, k))) return text.slice(0, -k);
  return text;
}

/** The format, body and closers of a call whose header `open` starts (`<invoke name=` and its kin). */
function invokeKind(open: string): Pick<Header, 'format' | 'body' | 'ends'> {
  if (open === T.minimaxM3InvokeOpen) return { format: 'minimax_m3', body: 'named_tags', ends: MINIMAX_M3_ENDS };
  if (open === T.functionNameOpen) return { format: 'qwen3_coder', body: 'parameters', ends: QWEN_ENDS };
  if (DSML_INVOKE_OPENS.has(open)) return { format: 'deepseek_dsml', body: 'parameters', ends: DSML_ENDS };
  if (DSML2_INVOKE_OPENS.has(open)) return { format: 'deepseek_dsml', body: 'parameters', ends: DSML2_ENDS };
  return { format: 'invoke', body: 'parameters', ends: INVOKE_ENDS };
}

/** One `key="value"` (or `'value'`) attribute of a tag; the header's window bounds it. */
const ATTRIBUTE = /[ \t]*([A-Za-z_]{1,16})[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)')/y;

/**
 * A tag's attributes when they are a `name` and maybe an `id`, each once; undefined for any other
 * attribute or text. `nameAt`: where the name's value starts in `text`.
 */
function nameAndId(text: string): { name: string; nameAt: number; id?: string } | undefined {
  const seen = new Map<string, { value: string; at: number }>();
  let consumed = 0;
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(text); m !== null; m = ATTRIBUTE.exec(text)) {
    const value = m[2] ?? m[3];
    if ((m[1] !== 'name' && m[1] !== 'id') || seen.has(m[1])) return undefined;
    consumed = ATTRIBUTE.lastIndex;
    seen.set(m[1], { value, at: consumed - value.length - 1 });
  }
  const name = seen.get('name');
  if (name === undefined || text.slice(consumed).trim() !== '') return undefined;
  const id = seen.get('id');
  return id === undefined ? { name: name.value, nameAt: name.at } : { name: name.value, nameAt: name.at, id: id.value };
}

/** Every span and stripped markup in a whole text. */
export function scanToolCalls(text: string): ToolCallScan {
  const scanner = new ToolCallScanner();
  scanner.push(text);
  scanner.end();
  return scanner;
}

/** What scanning a whole text found: the spans, the markup stripped on its own, and where reasoning and the message end. */
export interface ToolCallScan {
  readonly spans: readonly ToolCallSpan[];
  readonly strips: ReadonlyArray<readonly [number, number]>;
  /** The end of a `</think>` that no `<think>` opened, or -1. */
  readonly reasoningUntil: number;
  /** gpt-oss's analysis messages with their tokens stripped, `[start, end)`: reasoning (see STRIPPED_ANALYSIS_ENDS). */
  readonly analyses: ReadonlyArray<readonly [number, number]>;
  /** Where the message ended waiting for a tool's result (Llama's `<|eom_id|>`), or -1. */
  readonly turnEnd: number;
}
