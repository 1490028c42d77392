// Doubled braces: `{{"city": "Paris"}}`, what a model writes after seeing its example in a Python
// f-string (`{{` is how an f-string spells `{`). Undone only when every brace outside strings is
// doubled, so JSON that merely nests (`{"a": {"b": 1}}`) is never touched.

const LBRACE = 0x7b;
const RBRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** `text` with each `{{` / `}}` outside strings made single, or `undefined` when the braces are not all doubled. */
export function undoDoubledBraces(text: string): string | undefined {
  const first = text.trimStart();
  if (first.charCodeAt(0) !== LBRACE || first.charCodeAt(1) !== LBRACE) return undefined;
  let out = '';
  let from = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) {
      inString = true;
    } else if (c === LBRACE || c === RBRACE) {
      // A run of one brace kind must have even length; it is halved.
      let j = i;
      while (j < text.length && text.charCodeAt(j) === c) j++;
      if ((j - i) % 2 !== 0) return undefined;
      out += text.slice(from, i) + text.slice(i, i + (j - i) / 2);
      from = j;
      i = j - 1;
    }
  }
  return out + text.slice(from);
}
