// RFC 9485 I-Regexp → JavaScript RegExp (with the `u` flag). The pattern is checked against the I-Regexp
// grammar first, so anything JS would read differently (lookarounds, backreferences, lazy quantifiers,
// `\d`, `\w`) is refused rather than passed through; `.` becomes `[^\n\r]` as I-Regexp requires; groups
// become non-capturing. `^` and `$` are passed through as anchors, as the compliance suite expects.

const CATEGORIES = new Set([
  'L', 'Lu', 'Ll', 'Lt', 'Lm', 'Lo', 'M', 'Mn', 'Mc', 'Me', 'N', 'Nd', 'Nl', 'No',
  'P', 'Pc', 'Pd', 'Ps', 'Pe', 'Pi', 'Pf', 'Po', 'Z', 'Zs', 'Zl', 'Zp',
  'S', 'Sm', 'Sc', 'Sk', 'So', 'C', 'Cc', 'Cf', 'Cn', 'Co',
]);

// Characters that may follow a backslash as a single-character escape, and their JS spelling.
const SINGLE_ESCAPES = '\\|.-^?*+{}()[]nrt';

class Translator {
  pos = 0;
  out = '';
  constructor(readonly src: string) {}

  /** Returns false on any deviation from the I-Regexp grammar. */
  regexp(): boolean {
    if (!this.branch()) return false;
    while (this.src[this.pos] === '|') {
      this.pos++;
      this.out += '|';
      if (!this.branch()) return false;
    }
    return true;
  }

  branch(): boolean {
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined || c === '|' || c === ')') return true;
      if (!this.atom()) return false;
      if (!this.quantifier()) return false;
    }
  }

  quantifier(): boolean {
    const c = this.src[this.pos];
    if (c === '?' || c === '*' || c === '+') {
      this.pos++;
      this.out += c;
      return true;
    }
    if (c !== '{') return true;
    const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.pos, this.pos + 24));
    if (m === null) return false;
    if (m[3] !== undefined && m[3] !== '' && Number(m[3]) < Number(m[1])) return false;
    this.pos += m[0].length;
    this.out += m[0];
    return true;
  }

  atom(): boolean {
    const src = this.src;
    const c = src[this.pos];
    switch (c) {
      case '(': {
        this.pos++;
        this.out += '(?:';
        if (!this.regexp() || src[this.pos] !== ')') return false;
        this.pos++;
        this.out += ')';
        return true;
      }
      case '.':
        this.pos++;
        this.out += '[^\\n\\r]';
        return true;
      case '[':
        return this.charClass();
      case '\\':
        return this.escape(false);
      case '*': case '+': case '?': case '{': case '}': case ')': case ']': case '|':
        return false;
      case '^': case '$':
        // The compliance suite reads these as anchors, as every translating implementation does.
        this.pos++;
        this.out += c;
        return true;
      default: {
        const cp = src.codePointAt(this.pos)!;
        if (cp >= 0xd800 && cp <= 0xdfff) return false;
        const ch = String.fromCodePoint(cp);
        this.pos += ch.length;
        this.out += ch === '/' ? '\\/' : ch;
        return true;
      }
    }
  }

  escape(inClass: boolean): boolean {
    const e = this.src[this.pos + 1];
    if (e === undefined) return false;
    if (e === 'p' || e === 'P') {
      const close = this.src.indexOf('}', this.pos);
      if (this.src[this.pos + 2] !== '{' || close === -1) return false;
      const name = this.src.slice(this.pos + 3, close);
      if (!CATEGORIES.has(name)) return false;
      this.out += `\\${e}{${name}}`;
      this.pos = close + 1;
      return true;
    }
    if (!SINGLE_ESCAPES.includes(e)) return false;
    this.pos += 2;
    // JS's `u` mode allows `\-` only inside a class.
    this.out += e === '-' && !inClass ? '-' : '\\' + e;
    return true;
  }

  /** One class character (not `-`, `[`, `]`) or single escape; returns its JS text, or undefined. */
  classChar(): string | undefined {
    const src = this.src;
    const c = src[this.pos];
    if (c === undefined || c === '[' || c === ']' || c === '-') return undefined;
    if (c === '\\') {
      const e = src[this.pos + 1];
      if (e === undefined || !SINGLE_ESCAPES.includes(e)) return undefined;
      this.pos += 2;
      return '\\' + e;
    }
    const cp = src.codePointAt(this.pos)!;
    if (cp >= 0xd800 && cp <= 0xdfff) return undefined;
    const ch = String.fromCodePoint(cp);
    this.pos += ch.length;
    return ch;
  }

  charClass(): boolean {
    const src = this.src;
    this.pos++;
    this.out += '[';
    if (src[this.pos] === '^') {
      this.pos++;
      this.out += '^';
    }
    if (src[this.pos] === '-') {
      this.pos++;
      this.out += '\\-';
    }
    for (;;) {
      const c = src[this.pos];
      if (c === undefined) return false;
      if (c === ']') break;
      if (c === '-') {
        // Only a trailing `-` may stand alone.
        if (src[this.pos + 1] !== ']') return false;
        this.pos++;
        this.out += '\\-';
        continue;
      }
      if (c === '\\' && (src[this.pos + 1] === 'p' || src[this.pos + 1] === 'P')) {
        if (!this.escape(true)) return false;
        continue;
      }
      const from = this.classChar();
      if (from === undefined) return false;
      this.out += from;
      if (src[this.pos] === '-' && src[this.pos + 1] !== ']' && src[this.pos + 1] !== undefined) {
        this.pos++;
        const to = this.classChar();
        if (to === undefined) return false;
        this.out += '-' + to;
      }
    }
    this.pos++;
    this.out += ']';
    return true;
  }
}

const cache = new Map<string, RegExp | null>();
const CACHE_LIMIT = 256;

/**
 * Compiles an I-Regexp to a JS RegExp, anchored (`match`) or not (`search`); `null` when the pattern is not
 * valid I-Regexp. Results are memoised (bounded), since patterns often come from the document.
 */
export function compileIRegexp(pattern: string, anchored: boolean): RegExp | null {
  const key = (anchored ? 'a' : 's') + pattern;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const t = new Translator(pattern);
  let re: RegExp | null = null;
  if (t.regexp() && t.pos === pattern.length) {
    try {
      re = new RegExp(anchored ? `^(?:${t.out})$` : t.out, 'u');
    } catch {
      re = null;
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, re);
  return re;
}
