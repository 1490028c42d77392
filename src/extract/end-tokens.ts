// The special tokens a model writes when it stops (end of turn, end of text): at the end of a reply
// served raw they are markup, not text. Read as text, `{"city": "Paris"<|im_end|>` put the token in
// the value (`"Paris\"<|im_end|>"`) instead of closing the object the model forgot to close.
import { isWs } from './chars.js';

/** End-of-turn and end-of-text tokens, as the models' tokenizers spell them. */
const END_TOKENS: readonly string[] = [
  '<|im_end|>', '<|endoftext|>', '<|end_of_text|>', '<|eot_id|>', '<|eom_id|>', '<|eot|>', '<|end|>', '<|return|>',
  '</s>', '<eos>', '<end_of_turn>', '<turn|>', '<|END_OF_TURN_TOKEN|>', '<｜end▁of▁sentence｜>', '<|end_of_sentence|>',
];

/**
 * Where the end tokens after the reply's last text start (spaces between and after them included),
 * or the text's length when none follows it. The spaces before them stay: a string cut off may end
 * in them.
 */
export function endTokensAt(text: string): number {
  let at = text.length;
  let end = text.length;
  for (;;) {
    while (end > 0 && isWs(text.charCodeAt(end - 1))) end--;
    const token = end > 0 && text.charCodeAt(end - 1) === 0x3e ? END_TOKENS.find((t) => text.endsWith(t, end)) : undefined;
    if (token === undefined) return at;
    end -= token.length;
    at = end;
  }
}

/** Where the reply ends: before its end tokens and the spaces before them. */
export function replyEnd(text: string): number {
  let end = endTokensAt(text);
  while (end > 0 && isWs(text.charCodeAt(end - 1))) end--;
  return end;
}

/** The longest end token's length: a tail longer than it is no token. */
const LONGEST = Math.max(...END_TOKENS.map((t) => t.length));

/**
 * Where a tail of `s[from, to)` made of end tokens and spaces starts, the token it ends in maybe cut
 * off (`<|im_e`, `<`); else `to`. A stream shows a string's text up to there: when the reply ends at
 * the tail, the tokens are no part of the string (`{"note": "unfinish<|im_end|>` reads `"unfinish"`),
 * and text shown from them would be taken back; once more text follows, they are the string's.
 */
export function endTokenTailAt(s: string, from: number, to: number): number {
  let at = to;
  let end = to;
  for (;;) {
    while (end > from && isWs(s.charCodeAt(end - 1))) end--;
    const lt = end > from ? s.lastIndexOf('<', end - 1) : -1;
    if (lt < from || end - lt > LONGEST) return at;
    const tail = s.slice(lt, end);
    // Each token `<` starts holds no other `<`; only the one the text ends in may be cut off.
    if (!END_TOKENS.some((t) => t === tail || (end === to && t.startsWith(tail)))) return at;
    at = lt;
    end = lt;
  }
}
