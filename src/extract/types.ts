/**
 * Public types of the extraction stage: where a JSON candidate came from and how the search is set up.
 * @module
 */

/**
 * How a candidate was found. One row per member:
 *
 * | source     | found by                                                                                  |
 * | ---------- | ----------------------------------------------------------------------------------------- |
 * | `whole`    | the reply itself starts with a JSON value (`{`, `[`, or is one string, number or literal)  |
 * | `fence`    | the content of a Markdown code fence (```` ``` ```` or `~~~`), also inside a tag           |
 * | `tag`      | the content of an answer tag such as `<answer>…</answer>` that starts like a JSON value   |
 * | `balanced` | a `{…}` or `[…]` in prose, scanned to its matching closer                                  |
 * | `jsonp`    | the argument of a function-call wrapper such as `callback({…});`                           |
 */
export type CandidateSource = 'whole' | 'fence' | 'tag' | 'balanced' | 'jsonp';

/** Every {@link CandidateSource}, in the order a region falls back through them. */
export const CANDIDATE_SOURCES: readonly CandidateSource[] = Object.freeze(['whole', 'fence', 'tag', 'balanced', 'jsonp'] as const);

/** One span of the input that may hold the JSON the model meant. */
export interface Candidate {
  /** The span's text; always `input.slice(start, end)`. */
  text: string;
  /** UTF-16 offset of the span's first character in the input. */
  start: number;
  /** UTF-16 offset just past the span's last character. */
  end: number;
  /** How the span was found. */
  source: CandidateSource;
  /** The enclosing fence's info string (first word, lower-cased), when the span lies in a fence that had one. */
  language?: string;
  /** The enclosing answer tag's name (lower-cased), when the span lies in one. */
  tag?: string;
  /** True when the span lies inside a reasoning block such as `<think>…</think>`. */
  reasoning?: boolean;
  /**
   * True when the span lies inside an HTML comment (`<!-- … -->`, also one the reply's end cut off): a
   * note or a commented-out draft, returned only when nothing outside comments was found.
   */
  comment?: boolean;
  /** True when the span's container never closed: unterminated fence or tag, or brackets still open at its end. */
  truncated?: boolean;
}

/** Options of {@link extract}. */
export interface ExtractOptions {
  /** Tags whose content is the answer (case-insensitive). Default `['answer', 'json', 'output', 'result']`. */
  tags?: readonly string[] | undefined;
  /**
   * Tags whose content is reasoning, not the answer (case-insensitive). Default `['think', 'thinking',
   * 'reasoning', 'reflection', 'seed:think', 'mm:think', 'longcat_think']` (the last three Seed-OSS's,
   * MiniMax M3's and LongCat's).
   */
  reasoningTags?: readonly string[] | undefined;
  /** The only sources allowed to produce candidates. Default: all of {@link CANDIDATE_SOURCES}. */
  strategy?: readonly CandidateSource[] | undefined;
}

/** Default of {@link ExtractOptions.tags}. */
export const DEFAULT_ANSWER_TAGS: readonly string[] = Object.freeze(['answer', 'json', 'output', 'result']);

/** Default of {@link ExtractOptions.reasoningTags}. */
export const DEFAULT_REASONING_TAGS: readonly string[] = Object.freeze(['think', 'thinking', 'reasoning', 'reflection', 'seed:think', 'mm:think', 'longcat_think']);
