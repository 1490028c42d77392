// RFC 9485 I-Regexp for JSONPath's `match` and `search`, matched by our own linear-time automaton (never
// by the host RegExp, which backtracks). The pattern is parsed strictly against the I-Regexp grammar:
// anything outside it (lookarounds, backreferences, lazy quantifiers, `\d`, `\w`) is invalid, and an
// invalid or oversized pattern makes `match`/`search` false, as the RFC asks. Matching itself is paid
// from a work budget (the query's, or a test's own), whose exhaustion is a TOO_LARGE error.
// `.` is any character but `\n` and `\r`; `^` and `$` act as anchors, as the compliance suite expects.
import { Automaton, DEFAULT_TEST_STEPS, MAX_AUTOMATON_STATES, TooManyStates, TooMuchWork, type Charge } from './automaton.js';
import { JsonMendError } from '../../errors.js';
import { elide } from '../get.js';
import { CATEGORIES, CharSet, type RegexNode } from './iregexp-ast.js';

export { DEFAULT_TEST_STEPS, MAX_AUTOMATON_STATES, type Charge } from './automaton.js';

/** Deepest nesting of groups a pattern may have; deeper patterns are refused (no match). */
export const MAX_GROUP_DEPTH = 100;

// Characters that may follow a backslash as a single-character escape.
const SINGLE_ESCAPES = '\\|.-^?*+{}()[]nrt';

function escapedCodePoint(e: string): number {
  return e === 'n' ? 10 : e === 'r' ? 13 : e === 't' ? 9 : e.charCodeAt(0);
}

function single(cp: number): RegexNode {
  const set = new CharSet();
  set.ranges.push(cp, cp);
  return { type: 'set', set };
}

/** Thrown on any deviation from the grammar. */
class Invalid extends Error {}

class Parser {
  pos = 0;
  depth = 0;
  constructor(readonly src: string) {}

  fail(): never {
    throw new Invalid();
  }

  regexp(): RegexNode {
    const items = [this.branch()];
    while (this.src[this.pos] === '|') {
      this.pos++;
      items.push(this.branch());
    }
    return items.length === 1 ? items[0] : { type: 'alt', items };
  }

  branch(): RegexNode {
    const items: RegexNode[] = [];
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined || c === '|' || c === ')') return items.length === 1 ? items[0] : { type: 'seq', items };
      items.push(this.quantified(this.atom()));
    }
  }

  quantified(body: RegexNode): RegexNode {
    const c = this.src[this.pos];
    if (c === '?' || c === '*' || c === '+') {
      this.pos++;
      return { type: 'repeat', body, min: c === '+' ? 1 : 0, max: c === '?' ? 1 : Infinity };
    }
    if (c !== '{') return body;
    this.pos++;
    const min = this.count();
    let max = min;
    if (this.src[this.pos] === ',') {
      this.pos++;
      max = this.src[this.pos] === '}' ? Infinity : this.count();
    }
    if (this.src[this.pos] !== '}' || max < min) this.fail();
    this.pos++;
    return { type: 'repeat', body, min, max };
  }

  /** A decimal count; one beyond the automaton's size can never compile, so it is refused early. */
  count(): number {
    const from = this.pos;
    while (this.src[this.pos] >= '0' && this.src[this.pos] <= '9') this.pos++;
    if (this.pos === from) this.fail();
    const n = Number(this.src.slice(from, this.pos));
    if (n > MAX_AUTOMATON_STATES) throw new TooManyStates();
    return n;
  }

  atom(): RegexNode {
    const src = this.src;
    const c = src[this.pos];
    switch (c) {
      case '(': {
        this.pos++;
        if (++this.depth > MAX_GROUP_DEPTH) throw new TooManyStates();
        const inner = this.regexp();
        if (src[this.pos] !== ')') this.fail();
        this.pos++;
        this.depth--;
        return inner;
      }
      case '.': {
        this.pos++;
        const set = new CharSet(true);
        set.ranges.push(10, 10, 13, 13);
        return { type: 'set', set };
      }
      case '[':
        return { type: 'set', set: this.charClass() };
      case '\\': {
        const set = this.categoryEscape();
        if (set !== undefined) return { type: 'set', set };
        return single(this.singleEscape());
      }
      case '*': case '+': case '?': case '{': case '}': case ')': case ']': case '|':
        return this.fail();
      case '^':
        this.pos++;
        return { type: 'start' };
      case '$':
        this.pos++;
        return { type: 'end' };
      default:
        return single(this.plainCodePoint());
    }
  }

  /** A code point that is not a lone surrogate (those are not characters). */
  plainCodePoint(): number {
    const cp = this.src.codePointAt(this.pos)!;
    if (cp >= 0xd800 && cp <= 0xdfff) this.fail();
    this.pos += cp > 0xffff ? 2 : 1;
    return cp;
  }

  /** `\p{Name}` or `\P{Name}` at pos, as a set; undefined when pos holds another escape. */
  categoryEscape(): CharSet | undefined {
    const e = this.src[this.pos + 1];
    if (e !== 'p' && e !== 'P') return undefined;
    if (this.src[this.pos + 2] !== '{') this.fail();
    const close = this.src.indexOf('}', this.pos + 3);
    if (close === -1) this.fail();
    const name = this.src.slice(this.pos + 3, close);
    if (!CATEGORIES.has(name)) this.fail();
    this.pos = close + 1;
    const set = new CharSet();
    set.categories.push({ name, complement: e === 'P' });
    return set;
  }

  singleEscape(): number {
    const e = this.src[this.pos + 1];
    if (e === undefined || !SINGLE_ESCAPES.includes(e)) this.fail();
    this.pos += 2;
    return escapedCodePoint(e);
  }

  /** One class character (not `-`, `[`, `]`) or single escape. */
  classChar(): number {
    const c = this.src[this.pos];
    if (c === undefined || c === '[' || c === ']' || c === '-') this.fail();
    return c === '\\' ? this.singleEscape() : this.plainCodePoint();
  }

  charClass(): CharSet {
    const src = this.src;
    this.pos++;
    const set = new CharSet(src[this.pos] === '^');
    if (set.negated) this.pos++;
    // RFC 9485: a class holds at least one item, so `[]` and `[^]` are not patterns.
    let items = 0;
    if (src[this.pos] === '-') {
      this.pos++;
      items++;
      set.ranges.push(45, 45);
    }
    for (;; items++) {
      const c = src[this.pos];
      if (c === undefined) this.fail();
      if (c === ']') {
        if (items === 0) this.fail();
        break;
      }
      if (c === '-') {
        // Only a trailing `-` may stand alone.
        if (src[this.pos + 1] !== ']') this.fail();
        this.pos++;
        set.ranges.push(45, 45);
        continue;
      }
      if (c === '\\') {
        const category = this.categoryEscape();
        if (category !== undefined) {
          set.categories.push(...category.categories);
          continue;
        }
      }
      const from = this.classChar();
      let to = from;
      if (src[this.pos] === '-' && src[this.pos + 1] !== ']' && src[this.pos + 1] !== undefined) {
        this.pos++;
        to = this.classChar();
        if (to < from) this.fail();
      }
      set.ranges.push(from, to);
    }
    this.pos++;
    return set;
  }
}

/** A compiled I-Regexp. */
export interface IRegexp {
  /**
   * Whether the pattern matches `subject` (all of it for `match`, some substring for `search`); linear
   * time. `charge` pays for the work the automaton's caches do not absorb (it throws to stop the test);
   * without it a test may take {@link DEFAULT_TEST_STEPS} steps, then throws `TOO_LARGE`.
   */
  test(subject: string, charge?: Charge): boolean;
}

/** Adapts an automaton: its own budget's exhaustion becomes a typed `TOO_LARGE`. */
class Compiled implements IRegexp {
  constructor(private readonly automaton: Automaton, private readonly pattern: string) {}
  test(subject: string, charge?: Charge): boolean {
    try {
      return this.automaton.test(subject, charge);
    } catch (e) {
      if (e instanceof TooMuchWork) {
        throw new JsonMendError('TOO_LARGE', `matching the I-Regexp ${elide(this.pattern, 120)} against a string of ${subject.length} characters needs more than ${DEFAULT_TEST_STEPS} steps`);
      }
      throw e;
    }
  }
}

/** Parses an I-Regexp; undefined when it is not valid I-Regexp or exceeds the size limits. */
function build(pattern: string, anchored: boolean): IRegexp | null {
  try {
    const parser = new Parser(pattern);
    const root = parser.regexp();
    if (parser.pos !== pattern.length) return null;
    return new Compiled(new Automaton(root, anchored), pattern);
  } catch (e) {
    if (e instanceof Invalid || e instanceof TooManyStates) return null;
    throw e;
  }
}

/** A rough upper bound of the automaton's size: the pattern's length times its counted repeats, capped. */
function expandedSizeBound(pattern: string): number {
  let size = pattern.length;
  for (let i = pattern.indexOf('{'); i !== -1 && size < MAX_AUTOMATON_STATES; i = pattern.indexOf('{', i + 1)) {
    let j = i + 1;
    let n = 0;
    while (j < pattern.length && j < i + 12 && pattern.charCodeAt(j) >= 48 && pattern.charCodeAt(j) <= 57) n = n * 10 + pattern.charCodeAt(j++) - 48;
    if (pattern[j] === ',') {
      j++;
      let m = 0;
      while (j < pattern.length && j < i + 24 && pattern.charCodeAt(j) >= 48 && pattern.charCodeAt(j) <= 57) m = m * 10 + pattern.charCodeAt(j++) - 48;
      n = Math.max(n, m);
    }
    size += n;
  }
  return Math.min(size, MAX_AUTOMATON_STATES);
}

const cache = new Map<string, IRegexp | null>();
const CACHE_LIMIT = 256;

/**
 * Compiles an I-Regexp, anchored (`match`) or not (`search`); `null` when the pattern is not valid
 * I-Regexp, nests groups deeper than {@link MAX_GROUP_DEPTH}, or needs more than
 * {@link MAX_AUTOMATON_STATES} automaton states (about one per character, `{n,m}` counting its copies).
 * Results are memoised (bounded), since patterns often come from the document; `charge`, when given,
 * pays for compiling one that is not (the pattern's length).
 */
export function compileIRegexp(pattern: string, anchored: boolean, charge?: Charge): IRegexp | null {
  const key = (anchored ? 'a' : 's') + pattern;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  // Compiling costs about the expanded pattern; a counted repeat ({0,3000}) is what makes it large.
  charge?.(pattern.length + expandedSizeBound(pattern));
  const re = build(pattern, anchored);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, re);
  return re;
}
