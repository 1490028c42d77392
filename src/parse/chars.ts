// Character codes and classes the engine's scanners test against. Plain functions on char codes keep
// the hot loops monomorphic and free of regular expressions.

export const enum Ch {
  TAB = 0x09, LF = 0x0a, CR = 0x0d, SPACE = 0x20,
  BANG = 0x21, DQUOTE = 0x22, HASH = 0x23, DOLLAR = 0x24, PERCENT = 0x25, AMP = 0x26, SQUOTE = 0x27,
  LPAREN = 0x28, RPAREN = 0x29, STAR = 0x2a, PLUS = 0x2b, COMMA = 0x2c, MINUS = 0x2d, DOT = 0x2e,
  SLASH = 0x2f, ZERO = 0x30, NINE = 0x39, COLON = 0x3a, SEMI = 0x3b, LT = 0x3c, EQ = 0x3d, GT = 0x3e, QUESTION = 0x3f,
  UPPER_A = 0x41, UPPER_E = 0x45, UPPER_F = 0x46, UPPER_N = 0x4e, UPPER_T = 0x54, UPPER_Z = 0x5a, LBRACKET = 0x5b, BACKSLASH = 0x5c,
  RBRACKET = 0x5d, CARET = 0x5e, UNDERSCORE = 0x5f, BACKTICK = 0x60, LOWER_A = 0x61, LOWER_B = 0x62, LOWER_E = 0x65,
  LOWER_F = 0x66, LOWER_N = 0x6e, LOWER_R = 0x72, LOWER_T = 0x74, LOWER_U = 0x75, LOWER_X = 0x78,
  LOWER_Z = 0x7a, LBRACE = 0x7b, RBRACE = 0x7d, TILDE = 0x7e,
  NBSP = 0xa0, ACUTE = 0xb4, LEFT_SINGLE = 0x2018, RIGHT_SINGLE = 0x2019, LEFT_DOUBLE = 0x201c, RIGHT_DOUBLE = 0x201d,
  EN_DASH = 0x2013, EM_DASH = 0x2014, ELLIPSIS = 0x2026, ALMOST_EQUAL = 0x2248, LESS_EQUAL = 0x2264, GREATER_EQUAL = 0x2265,
  BOM = 0xfeff, FULLWIDTH_COMMA = 0xff0c, FULLWIDTH_COLON = 0xff1a,
}

/** JSON's own whitespace. */
export function isJsonSpace(c: number): boolean {
  return c === Ch.SPACE || c === Ch.LF || c === Ch.CR || c === Ch.TAB;
}

/** Whitespace JSON does not allow but models and editors emit: NBSP, the Unicode spaces (U+180E too), zero-width marks, BOM. */
export function isSpecialSpace(c: number): boolean {
  return c === Ch.NBSP || c === Ch.BOM || c === 0x0b || c === 0x0c || c === 0x1680 || c === 0x180e ||
    (c >= 0x2000 && c <= 0x200d) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f ||
    c === 0x2060 || c === 0x3000;
}

export function isDigit(c: number): boolean {
  return c >= Ch.ZERO && c <= Ch.NINE;
}

/** A character of a number's literal (digits, `.`, an exponent's `e` and sign): what look-aheads skip over. */
export function isNumberPart(c: number): boolean {
  return isDigit(c) || c === Ch.DOT || c === Ch.LOWER_E || c === Ch.UPPER_E || c === Ch.PLUS || c === Ch.MINUS;
}

export function isHexDigit(c: number): boolean {
  return (c >= Ch.ZERO && c <= Ch.NINE) || (c >= Ch.UPPER_A && c <= Ch.UPPER_F) || (c >= Ch.LOWER_A && c <= Ch.LOWER_F);
}

/** Characters that may start an identifier-like word (unquoted keys, literals, unquoted strings). */
export function isWordStart(c: number): boolean {
  return (c >= Ch.LOWER_A && c <= Ch.LOWER_Z) || (c >= Ch.UPPER_A && c <= Ch.UPPER_Z) ||
    c === Ch.UNDERSCORE || c === Ch.DOLLAR || (c > 0x7f && !isSpecialSpace(c) && !isQuoteLike(c) && c !== Ch.ELLIPSIS && !isFullwidthDelimiter(c));
}

/** `，` and `：`, the comma and colon CJK text writes, which models also write between JSON's tokens. */
export function isFullwidthDelimiter(c: number): boolean {
  return c === Ch.FULLWIDTH_COMMA || c === Ch.FULLWIDTH_COLON;
}

export function isWordPart(c: number): boolean {
  return isWordStart(c) || isDigit(c);
}

/** Quote characters other than `"` that models use to delimit strings. */
export function isQuoteLike(c: number): boolean {
  return c === Ch.LEFT_DOUBLE || c === Ch.RIGHT_DOUBLE || c === Ch.LEFT_SINGLE || c === Ch.RIGHT_SINGLE;
}

/** Structural characters that end an unquoted token. */
export function isDelimiter(c: number): boolean {
  return c === Ch.COMMA || c === Ch.COLON || c === Ch.LBRACE || c === Ch.RBRACE || c === Ch.LBRACKET ||
    c === Ch.RBRACKET || c === Ch.LPAREN || c === Ch.RPAREN || c === Ch.DQUOTE || isJsonSpace(c);
}

/** Whether a raw line break stands in [from, to). */
export function lineBreakWithin(s: string, from: number, to: number): boolean {
  for (let k = to - 1; k >= from; k--) if (s.charCodeAt(k) === Ch.LF) return true;
  return false;
}
