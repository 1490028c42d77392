// The parsed form of an RFC 9485 I-Regexp, shared by its parser (iregexp.ts) and its matcher (automaton.ts).

/** The Unicode general categories I-Regexp allows in `\p{..}` and `\P{..}`. */
export const CATEGORIES: ReadonlySet<string> = new Set([
  'L', 'Lu', 'Ll', 'Lt', 'Lm', 'Lo', 'M', 'Mn', 'Mc', 'Me', 'N', 'Nd', 'Nl', 'No',
  'P', 'Pc', 'Pd', 'Ps', 'Pe', 'Pi', 'Pf', 'Po', 'Z', 'Zs', 'Zl', 'Zp',
  'S', 'Sm', 'Sc', 'Sk', 'So', 'C', 'Cc', 'Cf', 'Cn', 'Co',
]);

// The host RegExp as it was at load: verify's schema check swaps the global one for a linear matcher
// while it validates, and the category tests below must not go through that.
const HostRegExp = RegExp;
const categoryTests = new Map<string, RegExp>();

/** Whether code point `cp` is in general category `name` (one of {@link CATEGORIES}); one character, so linear. */
function inCategory(name: string, cp: number): boolean {
  let re = categoryTests.get(name);
  if (re === undefined) {
    re = new HostRegExp(`^\\p{${name}}$`, 'u');
    categoryTests.set(name, re);
  }
  return re.test(String.fromCodePoint(cp));
}

/** A set of code points: ranges and categories (each possibly complemented), the whole possibly negated. */
export class CharSet {
  /** Inclusive [from, to] pairs, flattened. */
  readonly ranges: number[] = [];
  /** Categories the set includes (`\p{..}`), and those whose complement it includes (`\P{..}`). */
  readonly categories: { name: string; complement: boolean }[] = [];
  constructor(public negated = false) {}

  has(cp: number): boolean {
    let inside = false;
    const r = this.ranges;
    for (let i = 0; i < r.length && !inside; i += 2) inside = cp >= r[i] && cp <= r[i + 1];
    for (let i = 0; i < this.categories.length && !inside; i++) {
      const c = this.categories[i];
      inside = inCategory(c.name, cp) !== c.complement;
    }
    return inside !== this.negated;
  }
}

/** A node of a parsed I-Regexp. `start`/`end` are the `^`/`$` anchors the compliance suite expects. */
export type RegexNode =
  | { type: 'set'; set: CharSet }
  | { type: 'seq'; items: RegexNode[] }
  | { type: 'alt'; items: RegexNode[] }
  | { type: 'repeat'; body: RegexNode; min: number; max: number }
  | { type: 'start' }
  | { type: 'end' };
