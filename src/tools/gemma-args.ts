// Gemma's arguments as JSON text: Gemma 4 and FunctionGemma write a call's arguments as JavaScript
// writes an object (`{city:<|"|>Oslo<|"|>,days:3}`), every string between two string tokens and
// written raw (no escapes). Each string becomes a JSON string; keys, numbers, literals and brackets
// stay as written, for the tolerant parser.
import { TOKENS } from '../extract/tool-calls/index.js';

const STRING_TOKENS = [TOKENS.gemmaString, TOKENS.functionGemmaString] as const;

/** The body as JSON-like text, or undefined when a string never ends (the call was cut off). */
export function gemmaArgumentsText(body: string): string | undefined {
  let text = body.trim();
  // `call:NAME(…)`: some replies use parentheses for the braces.
  if (text.startsWith('(')) text = `{${text.endsWith(')') ? `${text.slice(1, -1)}}` : text.slice(1)}`;
  let out = '';
  let from = 0;
  // Where each token is next found (-1: nowhere after `from`): each is searched again only once
  // passed, so a token the body never holds is looked for once, not once per string.
  const next = STRING_TOKENS.map((t) => text.indexOf(t));
  for (;;) {
    let pick = -1;
    for (let j = 0; j < next.length; j++) {
      if (next[j] !== -1 && next[j] < from) next[j] = text.indexOf(STRING_TOKENS[j], from);
      if (next[j] !== -1 && (pick === -1 || next[j] < next[pick])) pick = j;
    }
    if (pick === -1) return out + text.slice(from);
    const token = STRING_TOKENS[pick];
    const at = next[pick];
    const end = text.indexOf(token, at + token.length);
    if (end === -1) return undefined;
    out += text.slice(from, at) + JSON.stringify(text.slice(at + token.length, end));
    from = end + token.length;
    // `city:<escape>NYC<escape>unit:<escape>celsius<escape>` (vLLM's FunctionGemma tests): the next
    // argument right after a string, its comma left out. The tokens leave no doubt where the string
    // ends, which a quote right before a word does not tell the parser; after a space it does, and
    // names the comma it inserts (`missing_comma`).
    NEXT_KEY.lastIndex = from;
    if (NEXT_KEY.test(text)) out += ' ';
  }
}

/** A key and its colon (`unit:`), maybe after space: one word, so a match is linear in what it reads. */
const NEXT_KEY = /[ \t\r\n]*[A-Za-z_][\w-]*[ \t]*:/y;
