// The engine's shared vocabulary: its states, container and quote kinds, the one way to wait for more
// text from deep inside a rule, and the constants every rule file reads.
import type { TextRepairKind } from './types.js';
import { Ch } from './chars.js';

/**
 * The one way for a rule to say "wait for more text": thrown inside a step when the token needs
 * characters that have not arrived yet. The main loop (Engine.run) catches it and takes the token
 * back, so a rule must throw it before changing anything. Never thrown at the end of input.
 */
export const NEED_MORE: unique symbol = Symbol('need more input');

/** quoteAt's answer when the delimiter is cut by the end of the buffer (`"` or `""` then the end). */
export const QUOTE_CUT = -2;


export const enum Kind { OBJECT = 1, ARRAY = 2, TUPLE = 3, WRAPPER = 4 }
export const enum State { VALUE, AFTER_VALUE, KEY, COLON, STRING, DONE }
/**
 * String delimiters: what opened the string decides what may close it. FENCE: a markdown code fence
 * (three or more backticks) written as a value; its opener's width varies (see code-blocks.ts).
 */
export const enum Quote { DOUBLE, SINGLE, CURLY_DOUBLE, CURLY_SINGLE, BACKTICK, TRIPLE_DOUBLE, TRIPLE_SINGLE, ENTITY, FENCE, TOKEN }

/** Gemma 4's string token, leaked into JSON as quotes when a reply is served raw (hermes-agent #19887). */
export const QUOTE_TOKEN = '<|"|>';
export const enum Decision { CLOSE, INNER, SPLIT }

/**
 * How far a heuristic may look ahead (or back, to cut a string short); bounds the work per character so
 * the pass stays linear. The stream derives its retract window from it (src/stream/tree.ts).
 */
export const LOOKAHEAD = 160;

/**
 * The longest value string a `:` after it can turn into a key (`{"a":\n "b": 1}`, `["k": 1]`). Keys
 * are short; a bound lets a stream show a longer string while it is written, knowing it stays a string.
 */
export const KEY_MAX = 64;

/** A token that waited longer than this is read again only once the text since its start doubles. */
export const RETRY_DOUBLING_FROM = 256;

export const QUOTE_REPAIR: Partial<Record<Quote, TextRepairKind>> = {
  [Quote.SINGLE]: 'single_quotes',
  [Quote.CURLY_DOUBLE]: 'curly_quotes',
  [Quote.CURLY_SINGLE]: 'curly_quotes',
  [Quote.BACKTICK]: 'backtick_quotes',
  [Quote.TRIPLE_DOUBLE]: 'triple_quotes',
  [Quote.TRIPLE_SINGLE]: 'triple_quotes',
  [Quote.ENTITY]: 'html_entity_quotes',
  [Quote.FENCE]: 'fenced_value',
  [Quote.TOKEN]: 'quote_tokens',
};

/** Per string style, the characters that may close it (repeated to fill three slots). */
export const STOPS: Record<Quote, [number, number, number]> = {
  [Quote.DOUBLE]: [Ch.DQUOTE, Ch.RIGHT_DOUBLE, Ch.LEFT_DOUBLE],
  [Quote.SINGLE]: [Ch.SQUOTE, Ch.SQUOTE, Ch.SQUOTE],
  [Quote.CURLY_DOUBLE]: [Ch.RIGHT_DOUBLE, Ch.LEFT_DOUBLE, Ch.LEFT_DOUBLE],
  [Quote.CURLY_SINGLE]: [Ch.RIGHT_SINGLE, Ch.LEFT_SINGLE, Ch.SQUOTE],
  [Quote.BACKTICK]: [Ch.BACKTICK, Ch.ACUTE, Ch.ACUTE],
  [Quote.TRIPLE_DOUBLE]: [Ch.DQUOTE, Ch.DQUOTE, Ch.DQUOTE],
  [Quote.TRIPLE_SINGLE]: [Ch.SQUOTE, Ch.SQUOTE, Ch.SQUOTE],
  [Quote.ENTITY]: [Ch.AMP, Ch.AMP, Ch.AMP],
  [Quote.FENCE]: [Ch.BACKTICK, Ch.BACKTICK, Ch.BACKTICK],
  [Quote.TOKEN]: [Ch.LT, Ch.LT, Ch.LT],
};

export const QUOTE_DETAIL: Partial<Record<Quote, string>> = {
  [Quote.SINGLE]: `replaced ' quotes with "`,
  [Quote.CURLY_DOUBLE]: 'replaced “” quotes with "',
  [Quote.CURLY_SINGLE]: 'replaced ‘’ quotes with "',
  [Quote.BACKTICK]: 'replaced ` quotes with "',
  [Quote.TRIPLE_DOUBLE]: 'replaced """ quotes with "',
  [Quote.TRIPLE_SINGLE]: `replaced ''' quotes with "`,
  [Quote.ENTITY]: 'replaced &quot; quotes with "',
  [Quote.FENCE]: 'read a value written as a ``` code block as a string, without its fence lines and language tag',
  [Quote.TOKEN]: 'replaced <|"|> tokens with "',
};

/** What closes a container in repaired text: tuples and constructor calls become arrays. */
export function closerOf(kind: Kind): string {
  return kind === Kind.OBJECT ? '}' : ']';
}

/** Characters in a string style's delimiter (a fence's opener: its shortest, three backticks). */
export function quoteWidth(quote: Quote): number {
  return quote === Quote.TRIPLE_DOUBLE || quote === Quote.TRIPLE_SINGLE || quote === Quote.FENCE ? 3 : quote === Quote.ENTITY ? 6 : quote === Quote.TOKEN ? QUOTE_TOKEN.length : 1;
}
