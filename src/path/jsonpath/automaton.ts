// A linear-time matcher for parsed I-Regexps: the pattern becomes a Thompson NFA, which is run as a lazily
// built DFA (each DFA state is the set of NFA states reachable so far). Every character of the subject is
// read once and each step costs at most the NFA's size, so no pattern can make matching backtrack; the
// DFA cache is bounded, so a pattern with many states cannot exhaust memory either.
import type { CharSet, RegexNode } from './iregexp-ast.js';

/** Most NFA states one pattern may compile to (counted after `{n,m}` copies); beyond it the pattern is refused. */
export const MAX_AUTOMATON_STATES = 10_000;
/** DFA states kept per pattern before the cache is dropped and rebuilt as needed. */
const MAX_DFA_STATES = 2_000;
/** Cached transitions per DFA state (distinct code points); more are computed each time. */
const MAX_TRANSITIONS = 256;

const CHAR = 0;
const SPLIT = 1;
const AT_START = 2;
const AT_END = 3;
const MATCH = 4;

/** Thrown while compiling when the pattern needs more than {@link MAX_AUTOMATON_STATES} states. */
export class TooManyStates extends Error {}

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
  readonly next: Map<number, DfaState>;
}

/** A compiled I-Regexp: `test` answers in time linear in the subject. */
export class Automaton {
  private readonly nfa = new Nfa();
  private readonly start: number;
  private readonly marks: Int32Array;
  private generation = 0;
  private dfa = new Map<string, DfaState>();
  private initial: DfaState | undefined;

  /**
   * @param anchored `match` (the whole subject) rather than `search` (any substring)
   * @throws TooManyStates when the pattern is too large
   */
  constructor(root: RegexNode, private readonly anchored: boolean) {
    this.start = this.nfa.compile(root, this.nfa.add(MATCH, -1));
    this.marks = new Int32Array(this.nfa.kind.length);
  }

  test(subject: string): boolean {
    if (subject.length === 0) return this.closureAccepts([this.start], true, true);
    let d = (this.initial ??= this.stateFor(this.closure([this.start], true)));
    for (let i = 0; i < subject.length; ) {
      if (d.accepting && !this.anchored) return true;
      const cp = subject.codePointAt(i)!;
      i += cp > 0xffff ? 2 : 1;
      d = this.step(d, cp);
      if (d.states.length === 0 && this.anchored) return false;
    }
    if (d.accepting) return true;
    d.atEnd ??= this.closureAccepts(Array.from(d.states), false, true);
    return d.atEnd;
  }

  private step(d: DfaState, cp: number): DfaState {
    const cached = d.next.get(cp);
    if (cached !== undefined) return cached;
    const { kind, out1, sets } = this.nfa;
    const seeds: number[] = [];
    for (const s of d.states) if (kind[s] === CHAR && sets[s]!.has(cp)) seeds.push(out1[s]);
    // `search` may start a match at every position.
    if (!this.anchored) seeds.push(this.start);
    const next = this.stateFor(this.closure(seeds, false));
    if (d.next.size < MAX_TRANSITIONS) d.next.set(cp, next);
    return next;
  }

  private stateFor(states: Int32Array): DfaState {
    const key = states.join(',');
    let d = this.dfa.get(key);
    if (d === undefined) {
      if (this.dfa.size >= MAX_DFA_STATES) this.dfa = new Map();
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
