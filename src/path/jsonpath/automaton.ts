// A linear-time matcher for parsed I-Regexps: the pattern becomes a Thompson NFA, which is run as a lazily
// built DFA (each DFA state is the set of NFA states reachable so far). Every character of the subject is
// read once and each step costs at most the NFA's size, so no pattern can make matching backtrack; the
// DFA cache is bounded, so a pattern with many states cannot exhaust memory either.
import type { CharSet, RegexNode } from './iregexp-ast.js';

/** Most NFA states one pattern may compile to (counted after `{n,m}` copies); beyond it the pattern is refused. */
export const MAX_AUTOMATON_STATES = 10_000;
/** DFA states kept per pattern before the cache is dropped and rebuilt as needed. */
const MAX_DFA_STATES = 2_000;
/** Cached transitions per DFA state (distinct character classes); more are computed each time. */
const MAX_TRANSITIONS = 256;

const CHAR = 0;
const SPLIT = 1;
const AT_START = 2;
const AT_END = 3;
const MATCH = 4;

/** Thrown while compiling when the pattern needs more than {@link MAX_AUTOMATON_STATES} states. */
export class TooManyStates extends Error {}

/** The DFA cache key of a sorted state set: one UTF-16 unit per state (there are at most 10,000). */
function keyOf(states: Int32Array): string {
  let key = '';
  for (let i = 0; i < states.length; i += 4096) key += String.fromCharCode.apply(null, Array.from(states.subarray(i, i + 4096)));
  return key;
}

class Nfa {
  readonly kind: number[] = [];
  readonly out1: number[] = [];
  readonly out2: number[] = [];
  readonly sets: (CharSet | null)[] = [];

  add(kind: number, out1: number, out2 = -1, set: CharSet | null = null): number {
    if (this.kind.length >= MAX_AUTOMATON_STATES) throw new TooManyStates();
    this.kind.push(kind);
    this.out1.push(out1);
    this.out2.push(out2);
    this.sets.push(set);
    return this.kind.length - 1;
  }

  /** Compiles `node` so that it continues to state `next`; returns the state to enter it by. */
  compile(node: RegexNode, next: number): number {
    switch (node.type) {
      case 'set':
        return this.add(CHAR, next, -1, node.set);
      case 'start':
        return this.add(AT_START, next);
      case 'end':
        return this.add(AT_END, next);
      case 'seq':
        for (let i = node.items.length - 1; i >= 0; i--) next = this.compile(node.items[i], next);
        return next;
      case 'alt': {
        let entry = this.compile(node.items[node.items.length - 1], next);
        for (let i = node.items.length - 2; i >= 0; i--) entry = this.add(SPLIT, this.compile(node.items[i], next), entry);
        return entry;
      }
      case 'repeat': {
        let entry = next;
        if (node.max === Infinity) {
          const loop = this.add(SPLIT, -1, next);
          this.out1[loop] = this.compile(node.body, loop);
          entry = loop;
        } else {
          // x{0,k}: k nested optional copies, (x(x(x)?)?)?
          for (let i = node.min; i < node.max; i++) entry = this.add(SPLIT, this.compile(node.body, entry), next);
        }
        for (let i = 0; i < node.min; i++) entry = this.compile(node.body, entry);
        return entry;
      }
    }
  }
}

interface DfaState {
  /** NFA states that read a character, the MATCH state, and assertions not passed yet; sorted. */
  readonly states: Int32Array;
  /** Contains the MATCH state. */
  readonly accepting: boolean;
  /** Accepting once `$` assertions are passed at the end of the subject; computed when first needed. */
  atEnd: boolean | undefined;
  /** Transitions by character class (see {@link Automaton.classOf}). */
  readonly next: Map<number, DfaState>;
}

/** Pays for work; throws when the budget is spent. */
export type Charge = (units: number) => void;

/** Steps one {@link Automaton.test} may take when the caller brings no budget of its own. */
export const DEFAULT_TEST_STEPS = 10_000_000;
/** Character classes remembered per pattern before the classes and the DFA are dropped and rebuilt. */
const MAX_CLASSES = 4_096;

/** Thrown by the default budget of {@link Automaton.test}. */
export class TooMuchWork extends Error {}

/**
 * A compiled I-Regexp: `test` answers in time linear in the subject. Characters are first mapped to a
 * class (which of the pattern's character sets contain them), and the DFA moves on classes, so a subject
 * of many distinct characters reuses the same few transitions. Work the caches do not absorb (new DFA
 * states, new classes) is paid for from a budget, so no pattern and subject can take unbounded time.
 */
export class Automaton {
  private readonly nfa = new Nfa();
  private readonly start: number;
  private readonly marks: Int32Array;
  private generation = 0;
  private dfa = new Map<string, DfaState>();
  private initial: DfaState | undefined;
  /** The distinct character sets of the pattern, and for each NFA state the index of its set (or -1). */
  private readonly distinctSets: CharSet[] = [];
  private readonly setIndex: Int32Array;
  /** Code point → class id; class id → which distinct sets contain it. */
  private classes = new Map<number, number>();
  private classBySignature = new Map<string, number>();
  private members: Uint8Array[] = [];
  /** Counts resets of the classes (which drop the DFA with them). */
  private epoch = 0;

  /**
   * @param anchored `match` (the whole subject) rather than `search` (any substring)
   * @throws TooManyStates when the pattern is too large
   */
  constructor(root: RegexNode, private readonly anchored: boolean) {
    this.start = this.nfa.compile(root, this.nfa.add(MATCH, -1));
    const n = this.nfa.kind.length;
    this.marks = new Int32Array(n);
    this.setIndex = new Int32Array(n).fill(-1);
    const seen = new Map<CharSet, number>();
    for (let s = 0; s < n; s++) {
      const set = this.nfa.sets[s];
      if (set === null) continue;
      let i = seen.get(set);
      if (i === undefined) {
        i = this.distinctSets.length;
        this.distinctSets.push(set);
        seen.set(set, i);
      }
      this.setIndex[s] = i;
    }
  }

  /**
   * Whether the pattern matches `subject`. `charge` pays for the work caches do not absorb; without one,
   * a test may take {@link DEFAULT_TEST_STEPS} steps and then throws {@link TooMuchWork}.
   */
  test(subject: string, charge?: Charge): boolean {
    if (charge === undefined) {
      let left = DEFAULT_TEST_STEPS;
      charge = (units) => {
        left -= units;
        if (left < 0) throw new TooMuchWork();
      };
    }
    if (subject.length === 0) return this.closureAccepts([this.start], true, true);
    let d = (this.initial ??= this.stateFor(this.closure([this.start], true)));
    for (let i = 0; i < subject.length; ) {
      if (d.accepting && !this.anchored) return true;
      const cp = subject.codePointAt(i)!;
      i += cp > 0xffff ? 2 : 1;
      let c = this.classes.get(cp);
      if (c === undefined) {
        const epoch = this.epoch;
        c = this.classOf(cp, charge);
        // The classes were renumbered: `d`'s transitions are stale, so start again from its states.
        if (epoch !== this.epoch) d = this.stateFor(d.states);
      }
      d = this.step(d, c, charge);
      if (d.states.length === 0 && this.anchored) return false;
    }
    if (d.accepting) return true;
    d.atEnd ??= this.closureAccepts(Array.from(d.states), false, true);
    return d.atEnd;
  }

  /** The class of `cp`: characters contained by the same sets of the pattern share one. */
  private classOf(cp: number, charge: Charge): number {
    const sets = this.distinctSets;
    charge(1 + sets.length);
    const member = new Uint8Array(sets.length);
    let signature = '';
    for (let i = 0; i < sets.length; i++) {
      if (sets[i].has(cp)) {
        member[i] = 1;
        signature += String.fromCharCode(i & 0xffff, i >>> 16);
      }
    }
    let c = this.classBySignature.get(signature);
    if (c === undefined) {
      if (this.members.length >= MAX_CLASSES) {
        this.epoch++;
        this.classes = new Map();
        this.classBySignature = new Map();
        this.members = [];
        this.dfa = new Map();
        this.initial = undefined;
      }
      c = this.members.length;
      this.members.push(member);
      this.classBySignature.set(signature, c);
    }
    if (this.classes.size >= MAX_CLASSES * 4) this.classes = new Map();
    this.classes.set(cp, c);
    return c;
  }

  private step(d: DfaState, c: number, charge: Charge): DfaState {
    const cached = d.next.get(c);
    if (cached !== undefined) return cached;
    const { kind, out1 } = this.nfa;
    const member = this.members[c];
    const setIndex = this.setIndex;
    const seeds: number[] = [];
    for (const s of d.states) if (kind[s] === CHAR && member[setIndex[s]] === 1) seeds.push(out1[s]);
    // `search` may start a match at every position.
    if (!this.anchored) seeds.push(this.start);
    const states = this.closure(seeds, false);
    charge(d.states.length + states.length);
    const next = this.stateFor(states);
    if (d.next.size < MAX_TRANSITIONS) d.next.set(c, next);
    return next;
  }

  private stateFor(states: Int32Array): DfaState {
    const key = keyOf(states);
    let d = this.dfa.get(key);
    if (d === undefined) {
      if (this.dfa.size >= MAX_DFA_STATES) {
        this.dfa = new Map();
        this.initial = undefined;
      }
      let accepting = false;
      for (const s of states) if (this.nfa.kind[s] === MATCH) accepting = true;
      d = { states, accepting, atEnd: undefined, next: new Map() };
      this.dfa.set(key, d);
    }
    return d;
  }

  /** The states reachable from `seeds` without reading a character, in the middle of the subject or at its start. */
  private closure(seeds: number[], atStart: boolean): Int32Array {
    const found: number[] = [];
    this.walk(seeds, atStart, false, found);
    return Int32Array.from(found).sort();
  }

  private closureAccepts(seeds: number[], atStart: boolean, atEnd: boolean): boolean {
    const found: number[] = [];
    this.walk(seeds, atStart, atEnd, found);
    return found.some((s) => this.nfa.kind[s] === MATCH);
  }

  /** Depth-first walk over empty moves; an assertion that does not hold here is kept, unpassed. */
  private walk(seeds: number[], atStart: boolean, atEnd: boolean, found: number[]): void {
    const { kind, out1, out2 } = this.nfa;
    const marks = this.marks;
    const gen = ++this.generation;
    const stack = seeds.slice();
    while (stack.length > 0) {
      const s = stack.pop()!;
      if (marks[s] === gen) continue;
      marks[s] = gen;
      switch (kind[s]) {
        case SPLIT:
          stack.push(out2[s], out1[s]);
          break;
        case AT_START:
          if (atStart) stack.push(out1[s]);
          else found.push(s);
          break;
        case AT_END:
          if (atEnd) stack.push(out1[s]);
          else found.push(s);
          break;
        default:
          found.push(s);
      }
    }
  }
}
