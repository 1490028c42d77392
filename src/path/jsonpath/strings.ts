// String literals as RFC 9535 writes them: '…' or "…", JSON escapes plus an escaped quote of the same kind.
import { syntaxError } from '../errors.js';

/** Result of reading one quoted literal: its value and the offset just past the closing quote. */
export interface StringLiteral {
  value: string;
  end: number;
}

function hex4(text: string, at: number): number {
  if (at + 4 > text.length) return -1;
  let n = 0;
  for (let i = at; i < at + 4; i++) {
    const c = text.charCodeAt(i);
    let d: number;
    if (c >= 0x30 && c <= 0x39) d = c - 0x30;
    else if (c >= 0x41 && c <= 0x46) d = c - 0x37;
    else if (c >= 0x61 && c <= 0x66) d = c - 0x57;
    else return -1;
    n = n * 16 + d;
  }
  return n;
}

/** Reads the literal whose opening quote is at `start`; throws `SYNTAX` on bad escapes or no closing quote. */
export function readStringLiteral(text: string, start: number): StringLiteral {
  const quote = text.charCodeAt(start);
  let out = '';
  let run = start + 1;
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === quote) return { value: out + text.slice(run, i), end: i + 1 };
    if (c < 0x20) syntaxError(text, i, 'control character in a string literal must be escaped');
    if (c !== 0x5c) {
      // RFC 9535 §2.3.1.1: unescaped characters exclude the surrogates D800-DFFF; a pair is one
      // supplementary character, a lone half is not a character at all.
      if (c >= 0xd800 && c <= 0xdfff) {
        const d = text.charCodeAt(i + 1);
        if (c > 0xdbff || !(d >= 0xdc00 && d <= 0xdfff)) syntaxError(text, i, 'lone surrogate in a string literal');
        i += 2;
        continue;
      }
      i++;
      continue;
    }
    out += text.slice(run, i);
    const e = text.charCodeAt(i + 1);
    switch (e) {
      case 0x62: out += '\b'; i += 2; break;
      case 0x66: out += '\f'; i += 2; break;
      case 0x6e: out += '\n'; i += 2; break;
      case 0x72: out += '\r'; i += 2; break;
      case 0x74: out += '\t'; i += 2; break;
      case 0x2f: out += '/'; i += 2; break;
      case 0x5c: out += '\\'; i += 2; break;
      case 0x75: {
        const u = hex4(text, i + 2);
        if (u < 0) syntaxError(text, i, 'a \\u escape needs four hex digits');
        if (u >= 0xdc00 && u <= 0xdfff) syntaxError(text, i, 'a low surrogate escape must follow a high surrogate');
        if (u >= 0xd800 && u <= 0xdbff) {
          const low = text.charCodeAt(i + 6) === 0x5c && text.charCodeAt(i + 7) === 0x75 ? hex4(text, i + 8) : -1;
          if (low < 0xdc00 || low > 0xdfff) syntaxError(text, i, 'a high surrogate escape must be followed by a \\u low surrogate');
          out += String.fromCharCode(u, low);
          i += 12;
        } else {
          out += String.fromCharCode(u);
          i += 6;
        }
        break;
      }
      default:
        if (e === quote) {
          out += text[i + 1];
          i += 2;
          break;
        }
        syntaxError(text, i, `invalid escape \\${text[i + 1] ?? ''} in a string literal`);
    }
    run = i;
  }
  return syntaxError(text, start, 'unterminated string literal');
}
