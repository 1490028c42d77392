// Gemma's arguments as JSON text: Gemma 4 and FunctionGemma write a call's arguments as JavaScript
// writes an object (`{city:<|"|>Oslo<|"|>,days:3}`), every string between two string tokens and
// written raw (no escapes). Each string becomes a JSON string; keys, numbers, literals and brackets
// stay as written, for the tolerant parser.
import { TOKENS } from '../extract/tool-calls/index.js';
import { atLineStart, isDigit, isIdentChar, isToolNameStart, isWs, toolNameEnd } from '../extract/chars.js';

const STRING_TOKENS = [TOKENS.gemmaString, TOKENS.functionGemmaString] as const;

/**
 * The body as JSON-like text, and whether a string lost its opening token (see
 * lostOpenerValueStart); undefined when a string never ends (the call was cut off).
 */
export function gemmaArgumentsText(body: string): { text: string; lostOpener: boolean } | undefined {
  let text = body.trim();
  // `call:NAME(…)`: some replies use parentheses for the braces.
  if (text.startsWith('(')) text = `{${text.endsWith(')') ? `${text.slice(1, -1)}}` : text.slice(1)}`;
  let out = '';
  let from = 0;
  let lostOpener = false;
  // Where each token is next found (-1: nowhere after `from`): each is searched again only once
  // passed, so a token the body never holds is looked for once, not once per string.
  const next = STRING_TOKENS.map((t) => text.indexOf(t));
  for (;;) {
    let pick = -1;
    for (let j = 0; j < next.length; j++) {
      if (next[j] !== -1 && next[j] < from) next[j] = text.indexOf(STRING_TOKENS[j], from);
      if (next[j] !== -1 && (pick === -1 || next[j] < next[pick])) pick = j;
    }
    if (pick === -1) return { text: out + text.slice(from), lostOpener };
    const token = STRING_TOKENS[pick];
    const at = next[pick];
    if (!opensValue(text, at)) {
      // `{query:Paris, France<|"|>,limit:5}` (sglang #39240: 6 calls in 20): a token after text,
      // where a string ends, the string's opening token lost; it ends the value the key's colon began.
      const start = lostOpenerValueStart(text, from, at, at + token.length);
      if (start < 0) return undefined;
      out += text.slice(from, start) + JSON.stringify(text.slice(start, at).trim());
      from = at + token.length;
      lostOpener = true;
      continue;
    }
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

/** Whether the token at `at` stands where a value starts: after `:`, `{`, `[`, `,` or `(` (past space), or first. */
function opensValue(text: string, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && isWs(text.charCodeAt(k))) k--;
  if (k < 0) return true;
  const c = text.charCodeAt(k);
  return c === 0x3a || c === 0x7b || c === 0x5b || c === 0x2c || c === 0x28;
}

/**
 * Where a value whose string token closes at `at` (`after` past it) starts when its opening token was
 * lost: after the last key's colon in [from, at) — a word after `{` or `,` — with text between, and
 * the token followed by `,`, `}`, `]` or the body's end. -1 otherwise.
 */
function lostOpenerValueStart(text: string, from: number, at: number, after: number): number {
  let r = after;
  while (r < text.length && isWs(text.charCodeAt(r))) r++;
  const d = text.charCodeAt(r);
  if (r < text.length && d !== 0x2c && d !== 0x7d && d !== 0x5d) return -1;
  for (let colon = text.lastIndexOf(':', at - 1); colon >= from; colon = text.lastIndexOf(':', colon - 1)) {
    if (!keyBefore(text, colon)) continue;
    return text.slice(colon + 1, at).trim() === '' ? -1 : colon + 1;
  }
  return -1;
}

/** Whether a key (a word) ends right before the colon at `colon`, after `{` or `,` (past space). */
function keyBefore(text: string, colon: number): boolean {
  let k = colon - 1;
  while (k >= 0 && isWs(text.charCodeAt(k))) k--;
  const last = k;
  while (k >= 0 && (isIdentChar(text.charCodeAt(k)) || text.charCodeAt(k) === 0x2d)) k--;
  if (k === last || isDigit(text.charCodeAt(k + 1))) return false;
  while (k >= 0 && isWs(text.charCodeAt(k))) k--;
  return k >= 0 && (text.charCodeAt(k) === 0x7b || text.charCodeAt(k) === 0x2c);
}

/**
 * Where a Gemma call's arguments end in `body` (past the `}` or `)` that closes its first `{` or `(`,
 * strings between string tokens skipped), when text follows them: a call no token closed and the
 * reply's prose after it (`<|tool_call>call:f{a:1} for it.`). Undefined when they never close or
 * nothing follows. One pass.
 */
export function gemmaArgumentsEnd(body: string): number | undefined {
  let k = 0;
  while (k < body.length && isWs(body.charCodeAt(k))) k++;
  const open = body.charCodeAt(k);
  if (open !== 0x7b && open !== 0x28) return undefined;
  let depth = 0;
  while (k < body.length) {
    const token = STRING_TOKENS.find((t) => body.startsWith(t, k));
    if (token !== undefined) {
      const end = body.indexOf(token, k + token.length);
      if (end === -1) return undefined;
      k = end + token.length;
      continue;
    }
    const c = body.charCodeAt(k++);
    if (c === 0x7b || c === 0x28 || c === 0x5b) depth++;
    else if ((c === 0x7d || c === 0x29 || c === 0x5d) && --depth === 0) return body.slice(k).trim() === '' ? undefined : k;
  }
  return undefined;
}

/** Gemma's call after its `<|tool_call>` (FunctionGemma's `<start_function_call>`), the token stripped: `call:NAME{…}`. */
const CALL_WORD = TOKENS.gemmaCallPrefix;

/** The closing tokens a server may leave after a call whose opener it stripped. */
const CALL_CLOSERS = [TOKENS.gemmaCallClose, TOKENS.functionGemmaClose] as const;

/** A Gemma call found with its special tokens stripped (see findBareGemmaCalls). */
export interface BareGemmaCall {
  name: string;
  /** Where `call:` starts, and where the arguments' closer (or a closing token after it) ends. */
  start: number;
  end: number;
  /** The arguments' text, `{…}` or `(…)`. */
  args: { start: number; end: number };
  /** The reply ended inside the arguments. */
  cut?: true;
}

/**
 * Where the arguments opening at `open` (`{` or `(`) close: past their closer, strings between
 * string tokens, JSON strings and single-quoted values (`call:f(x='a)')`) skipped; -1 when the text
 * ends first. One pass.
 */
function argumentsClose(text: string, open: number): number {
  let depth = 0;
  let k = open;
  while (k < text.length) {
    const c = text.charCodeAt(k);
    if (c === 0x3c) {
      const token = STRING_TOKENS.find((t) => text.startsWith(t, k));
      if (token !== undefined) {
        const end = text.indexOf(token, k + token.length);
        if (end === -1) return -1;
        k = end + token.length;
        continue;
      }
    } else if (c === 0x22 || (c === 0x27 && quoteOpensValue(text, k))) {
      k++;
      while (k < text.length && text.charCodeAt(k) !== c) k += text.charCodeAt(k) === 0x5c ? 2 : 1;
      if (k >= text.length) return -1;
    } else if (c === 0x7b || c === 0x28 || c === 0x5b) depth++;
    else if ((c === 0x7d || c === 0x29 || c === 0x5d) && --depth === 0) return k + 1;
    k++;
  }
  return -1;
}

/**
 * Whether the `'` at `at` opens a value (after `:`, `=`, `(`, `{`, `[` or `,`, past space): a
 * single-quoted string, whose `)` or `}` closes nothing. An apostrophe in a bare word (`{note:it's
 * fine}`) opens no string. Linear over a reply: the space looked back over is the quote's own.
 */
function quoteOpensValue(text: string, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && isWs(text.charCodeAt(k))) k--;
  const c = text.charCodeAt(k);
  return c === 0x3a || c === 0x3d || c === 0x28 || c === 0x7b || c === 0x5b || c === 0x2c;
}

/**
 * Gemma's calls whose special tokens the server stripped (it skips special tokens when it has no
 * tool parser; mattn/tensai #217): `call:NAME{…}` (or `(…)`) starting a line, NAME one of the tools
 * (`known`: without the tokens, any other name may be prose), outside `taken` and `code`, the line
 * ending after the arguments (a closing token left there goes with the call). With prose after it on
 * its line it is mentioned, text; the reply ending inside the arguments is a call cut off. Linear: the
 * search goes on after what was read.
 */
export function findBareGemmaCalls(text: string, taken: { overlaps(start: number, end: number): boolean }, code: { overlaps(start: number, end: number): boolean }, known: (name: string) => boolean): BareGemmaCall[] {
  const calls: BareGemmaCall[] = [];
  for (let at = text.indexOf(CALL_WORD); at !== -1; at = text.indexOf(CALL_WORD, at + 1)) {
    const nameStart = at + CALL_WORD.length;
    if (!isToolNameStart(text.charCodeAt(nameStart))) continue;
    const nameEnd = toolNameEnd(text, nameStart);
    const open = text.charCodeAt(nameEnd);
    if (open !== 0x7b && open !== 0x28) continue;
    const name = text.slice(nameStart, nameEnd);
    if (!known(name) || !atLineStart(text, at) || taken.overlaps(at, at + 1) || code.overlaps(at, at + 1)) continue;
    const close = argumentsClose(text, nameEnd);
    if (close === -1) {
      calls.push({ name, start: at, end: text.length, args: { start: nameEnd, end: text.length }, cut: true });
      break;
    }
    let end = close;
    let k = close;
    while (k < text.length && (text.charCodeAt(k) === 0x20 || text.charCodeAt(k) === 0x09 || text.charCodeAt(k) === 0x0d)) k++;
    const closer = CALL_CLOSERS.find((t) => text.startsWith(t, k));
    if (closer !== undefined) {
      end = k + closer.length;
      k = end;
      while (k < text.length && (text.charCodeAt(k) === 0x20 || text.charCodeAt(k) === 0x09 || text.charCodeAt(k) === 0x0d)) k++;
    }
    const start = at;
    at = close - 1;
    // `call:get_weather{…} is how you call it.`: the notation mentioned.
    if (k < text.length && text.charCodeAt(k) !== 0x0a) continue;
    if (taken.overlaps(start, end)) continue;
    calls.push({ name, start, end, args: { start: nameEnd, end: close } });
  }
  return calls;
}
