// The reasoning channels' tokens (channels.ts) as the structure pass meets them: those that start
// with `<` where its scan stops at a `<`, and the others through searches of their own.
import { REASONING_CHANNELS, type ReasoningChannel } from './channels.js';
import { skipWs } from './chars.js';

const LT = 0x3c;

/** A channel's opener or closer, named by the channel. */
export interface ChannelToken {
  readonly token: string;
  readonly close: boolean;
  readonly name: string;
}

const CHANNEL_TOKENS: readonly ChannelToken[] = REASONING_CHANNELS.flatMap((c) => [
  ...c.open.map((token) => ({ token, close: false, name: c.name })),
  ...c.close.map((token) => ({ token, close: true, name: c.name })),
]);

/** The tokens that start with `<`. */
export const LT_TOKENS: readonly ChannelToken[] = CHANNEL_TOKENS.filter((t) => t.token.charCodeAt(0) === LT);
/** The characters that follow their `<`: a quick no. */
export const LT_TOKEN_SECOND: ReadonlySet<number> = new Set(LT_TOKENS.map((t) => t.token.charCodeAt(1)));

/** A channel's searched text (channels.ts's `search`), and where it sits in each token that holds it. */
interface SearchKey {
  readonly key: string;
  readonly tokens: ReadonlyArray<{ readonly token: ChannelToken; readonly offset: number }>;
}

/** The tokens that start with no `<`, each held by a searched text of its channel (a test checks). */
export const SEARCHED_TOKENS: readonly ChannelToken[] = CHANNEL_TOKENS.filter((t) => t.token.charCodeAt(0) !== LT);

function searchKeys(c: ReasoningChannel): SearchKey[] {
  return (c.search ?? []).map((key) => ({
    key,
    tokens: SEARCHED_TOKENS.filter((t) => t.name === c.name && t.token.includes(key)).map((token) => ({ token, offset: token.token.indexOf(key) })),
  }));
}

/** The searches made in every text, and those of the headings (made only in a text that starts with one). */
const ALWAYS: readonly SearchKey[] = REASONING_CHANNELS.filter((c) => !c.atStart).flatMap(searchKeys);
const HEADINGS: ReadonlyArray<readonly [channel: ReasoningChannel, keys: readonly SearchKey[]]> = REASONING_CHANNELS.filter((c) => c.atStart).map((c) => [c, searchKeys(c)]);
/** The first characters of the headings' openers: a quick no for nearly every text. */
const HEADING_FIRST: ReadonlySet<number> = new Set(HEADINGS.flatMap(([c]) => c.open.map((o) => o.charCodeAt(0))));

function searchesOf(text: string): readonly SearchKey[] {
  const start = skipWs(text, 0, text.length);
  if (!HEADING_FIRST.has(text.charCodeAt(start))) return ALWAYS;
  // A loop, not find/some with closures: most replies that start with H start "Here is…", and pay it.
  for (const [channel, keys] of HEADINGS) {
    for (const opener of channel.open) if (text.startsWith(opener, start)) return [...ALWAYS, ...keys];
  }
  return ALWAYS;
}

/**
 * The searched tokens of `text` in order (a heading's only where the text starts with one of them):
 * `next(from)` gives where the first at or after `from` starts (-1: none) and leaves it in `token`.
 * Each search's last find is kept until the scan has passed it, so a whole pass costs one search of
 * the text per searched text.
 */
export class SearchedTokens {
  /** The token `next` found last. */
  token: ChannelToken | undefined;
  private readonly searches: readonly SearchKey[];
  private readonly at: number[];
  private readonly found: Array<ChannelToken | undefined>;

  private constructor(private readonly text: string, searches: readonly SearchKey[]) {
    this.searches = searches;
    this.at = this.searches.map(() => -2);
    this.found = this.searches.map(() => undefined);
  }

  /** The searches of `text`, or undefined when none finds anything (nearly every reply: nothing to keep). */
  static of(text: string): SearchedTokens | undefined {
    const searches = searchesOf(text);
    for (const { key } of searches) if (text.indexOf(key) !== -1) return new SearchedTokens(text, searches);
    return undefined;
  }

  next(from: number): number {
    let best = -1;
    this.token = undefined;
    for (let s = 0; s < this.searches.length; s++) {
      if (this.at[s] !== -1 && this.at[s] < from) this.firstFrom(s, from);
      if (this.at[s] !== -1 && (best === -1 || this.at[s] < best)) {
        best = this.at[s];
        this.token = this.found[s];
      }
    }
    return best;
  }

  private firstFrom(s: number, from: number): void {
    const { key, tokens } = this.searches[s];
    const text = this.text;
    for (let k = text.indexOf(key, from); k !== -1; k = text.indexOf(key, k + 1)) {
      for (const { token, offset } of tokens) {
        const start = k - offset;
        if (start >= from && text.startsWith(token.token, start)) {
          this.at[s] = start;
          this.found[s] = token;
          return;
        }
      }
    }
    this.at[s] = -1;
    this.found[s] = undefined;
  }
}
