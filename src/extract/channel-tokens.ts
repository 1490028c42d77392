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

function searchesOf(text: string): readonly SearchKey[] {
  const start = skipWs(text, 0, text.length);
  const heading = HEADINGS.find(([c]) => c.open.some((o) => text.startsWith(o, start)));
  return heading === undefined ? ALWAYS : [...ALWAYS, ...heading[1]];
}

/**
 * The searched tokens of `text` in order (a heading's only where the text starts with one of them):
 * `next(from)` gives the first at or after `from`. Each search's last find is kept until the scan has
 * passed it, so a whole pass costs one search of the text per searched text.
 */
export function searchedTokens(text: string): (from: number) => [at: number, token: ChannelToken | undefined] {
  const searches = searchesOf(text);
  const at = searches.map(() => -2);
  const found: Array<ChannelToken | undefined> = searches.map(() => undefined);
  return (from) => {
    let best = -1;
    let bestToken: ChannelToken | undefined;
    for (let s = 0; s < searches.length; s++) {
      if (at[s] !== -1 && at[s] < from) [at[s], found[s]] = firstFrom(text, searches[s], from);
      if (at[s] !== -1 && (best === -1 || at[s] < best)) {
        best = at[s];
        bestToken = found[s];
      }
    }
    return [best, bestToken];
  };
}

function firstFrom(text: string, search: SearchKey, from: number): [at: number, token: ChannelToken | undefined] {
  for (let k = text.indexOf(search.key, from); k !== -1; k = text.indexOf(search.key, k + 1)) {
    for (const { token, offset } of search.tokens) {
      const start = k - offset;
      if (start >= from && text.startsWith(token.token, start)) return [start, token];
    }
  }
  return [-1, undefined];
}
