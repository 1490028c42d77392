// Turns a parsed query into a chain of closures. Each segment step receives a node and hands each node
// it selects straight to the next step (depth first), which yields exactly RFC 9535's node-list order
// without building intermediate lists. A step returns true to stop early (used by existence tests).
// Descendant segments walk the document with an explicit stack, so deep documents cannot overflow.
// Every node a step looks at (and every automaton state a regex test builds) is paid for from one work
// budget per evaluation, so chained descendant segments or per-node absolute queries, which can cost the
// cube of the document's depth while selecting nothing, end in TOO_LARGE instead of running for minutes.
import { JsonMendError } from '../../errors.js';
import type { CallNode, ComparableNode, ComparisonOp, ExprNode, LogicalNode, QueryNode, SegmentNode, SelectorNode } from './ast.js';
import { cyclicDocument } from '../errors.js';
import { elide } from '../get.js';
import { containsCycle } from '../json.js';
import { sameJson } from '../../same-json.js';
import { compileIRegexp } from './iregexp.js';

/** Linked path of a node; only built when the caller asked for paths. */
export class PathLink {
  /** The normalized path, once someone asked for it. */
  text: string | undefined = undefined;
  constructor(readonly parent: PathLink | null, readonly key: string | number) {}
}

/** Receives each selected node; return true to stop the evaluation. */
export type Sink = (value: unknown, path: PathLink | null) => boolean;

/** Nodes (and regex automaton states) one evaluation may visit before it fails, at the least. */
export const MIN_VISITS = 10_000_000;
/** Visits allowed per node of the document, for documents large enough that {@link MIN_VISITS} is too few. */
export const VISITS_PER_NODE = 32;
/** Most visits the default budget grows to, whatever the document's size. */
export const MAX_VISITS = 1_000_000_000;

/** The work budget of one evaluation (see Context). */
export class Work {
  left: number;
  private sized: boolean;
  cycleChecked = false;
  constructor(readonly root: unknown, readonly source: string, private limit: number, fixed: boolean) {
    this.left = limit;
    this.sized = fixed;
  }

  /** Called when `left` went below zero: grow once to the document's share, else fail. */
  exhausted(): void {
    if (!this.sized) {
      this.sized = true;
      const nodes = countNodes(this.root, Math.ceil(MAX_VISITS / VISITS_PER_NODE));
      const limit = Math.min(MAX_VISITS, nodes * VISITS_PER_NODE);
      if (limit > this.limit) {
        this.left += limit - this.limit;
        this.limit = limit;
        if (this.left >= 0) return;
      }
    }
    throw new JsonMendError(
      'TOO_LARGE',
      `the query ${elide(this.source)} needs more than ${this.limit} steps on this document (nodes visited and regex states built); ` +
        'chained descendant segments (..a..b) and absolute queries inside filters multiply the work. Pass a larger maxVisits to allow more',
    );
  }

  spend(units: number): void {
    this.left -= units;
    if (this.left < 0) this.exhausted();
  }

  /** spend, bound: what a regex test is given to charge the automaton states it builds. */
  readonly charge = (units: number): void => this.spend(units);
}

/** Nodes of `value` counted as a tree, stopping at `cap` (so shared or cyclic values end too). */
function countNodes(value: unknown, cap: number): number {
  let n = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && n < cap) {
    const v = stack.pop();
    n++;
    if (typeof v === 'object' && v !== null) {
      for (const c of Array.isArray(v) ? v : Object.values(v)) if (typeof c === 'object' && c !== null) stack.push(c);
      else n++;
    }
  }
  return n;
}

/**
 * Runs `step` on `document` with a fresh work budget: `maxVisits` when given, else {@link MIN_VISITS},
 * grown once to {@link VISITS_PER_NODE} per node of the document (at most {@link MAX_VISITS}).
 * @throws JsonMendError `TOO_LARGE` when the budget runs out
 */
export function evaluate(step: Step, document: unknown, sink: Sink, source: string, maxVisits: number | undefined): void {
  const work = maxVisits === undefined ? new Work(document, source, MIN_VISITS, false) : new Work(document, source, maxVisits, true);
  step(document, null, { root: document, sink, work });
}

/**
 * State shared by one evaluation. The budget travels with it, not in a module variable, so no step
 * runs unbudgeted (one called outside evaluate() has no context to run with).
 */
export interface Context {
  root: unknown;
  sink: Sink;
  work: Work;
}

/** One step of the chain: apply a segment to `value`, pass results on. */
export type Step = (value: unknown, path: PathLink | null, ctx: Context) => boolean;

type Getter = (current: unknown, ctx: Context) => unknown;
type Test = (current: unknown, ctx: Context) => boolean;

/** Marks "no value" (RFC 9535's Nothing / an empty node list) in comparisons. */
export const NOTHING: unique symbol = Symbol('Nothing');

const hasOwnProperty = Object.prototype.hasOwnProperty;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const TERMINAL: Step = (value, path, ctx) => ctx.sink(value, path);

/** Compiles a query; `withPaths` decides whether steps build {@link PathLink}s. */
export function compileQuery(query: QueryNode, withPaths: boolean): Step {
  let next = TERMINAL;
  for (let i = query.segments.length - 1; i >= 0; i--) next = compileSegment(query.segments[i], next, withPaths);
  return next;
}

function compileSegment(segment: SegmentNode, next: Step, withPaths: boolean): Step {
  const selectors = segment.selectors.map((s) => compileSelector(s, next, withPaths));
  const apply: Step = selectors.length === 1
    ? selectors[0]
    : (value, path, ctx) => {
        for (let i = 0; i < selectors.length; i++) if (selectors[i](value, path, ctx)) return true;
        return false;
      };
  if (!segment.descendant) return apply;
  return (value, path, ctx) => {
    // Pre-order walk: the node itself, then its children in document order. A value that contains
    // itself (not JSON) would be walked forever: the first time the walk gets deeper than
    // CYCLE_CHECK_DEPTH, the value is checked for a cycle once (cheap for real documents, which are
    // rarely that deep, and linear for those that are).
    const values: unknown[] = [value];
    const paths: (PathLink | null)[] = [path];
    const depths: number[] = [0];
    while (values.length > 0) {
      const v = values.pop();
      const p = paths.pop()!;
      const depth = depths.pop()!;
      if (--ctx.work.left < 0) ctx.work.exhausted();
      // Once per evaluation, not per walk: a walk inside an acyclic document is acyclic too.
      if (depth > CYCLE_CHECK_DEPTH && !ctx.work.cycleChecked) {
        if (containsCycle(ctx.work.root)) cyclicDocument();
        ctx.work.cycleChecked = true;
      }
      if (apply(v, p, ctx)) return true;
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--) {
          const c = v[i];
          if (typeof c === 'object' && c !== null) {
            values.push(c);
            paths.push(withPaths ? new PathLink(p, i) : null);
            depths.push(depth + 1);
          }
        }
      } else if (typeof v === 'object' && v !== null) {
        const keys = Object.keys(v);
        for (let i = keys.length - 1; i >= 0; i--) {
          const c = (v as Record<string, unknown>)[keys[i]];
          if (typeof c === 'object' && c !== null) {
            values.push(c);
            paths.push(withPaths ? new PathLink(p, keys[i]) : null);
            depths.push(depth + 1);
          }
        }
      }
    }
    return false;
  };
}

/** How deep a descendant walk goes before it checks the value for a cycle. */
const CYCLE_CHECK_DEPTH = 1000;

function normalizeIndex(index: number, length: number): number {
  return index < 0 ? index + length : index;
}

function compileSelector(selector: SelectorNode, next: Step, withPaths: boolean): Step {
  switch (selector.kind) {
    case 'name': {
      const name = selector.name;
      return (value, path, ctx) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value) || !hasOwnProperty.call(value, name)) return false;
        return next((value as Record<string, unknown>)[name], withPaths ? new PathLink(path, name) : null, ctx);
      };
    }
    case 'index': {
      const index = selector.index;
      return (value, path, ctx) => {
        if (!Array.isArray(value)) return false;
        const i = normalizeIndex(index, value.length);
        if (i < 0 || i >= value.length) return false;
        return next(value[i], withPaths ? new PathLink(path, i) : null, ctx);
      };
    }
    case 'wildcard':
      return (value, path, ctx) => {
        if (Array.isArray(value)) {
          ctx.work.spend(value.length);
          for (let i = 0; i < value.length; i++) if (next(value[i], withPaths ? new PathLink(path, i) : null, ctx)) return true;
        } else if (typeof value === 'object' && value !== null) {
          const keys = Object.keys(value);
          ctx.work.spend(keys.length);
          for (const k of keys) {
            if (next((value as Record<string, unknown>)[k], withPaths ? new PathLink(path, k) : null, ctx)) return true;
          }
        }
        return false;
      };
    case 'slice': {
      const { start, end } = selector;
      const step = selector.step ?? 1;
      return (value, path, ctx) => {
        if (!Array.isArray(value) || step === 0) return false;
        const len = value.length;
        ctx.work.spend(1 + Math.ceil(len / Math.abs(step)));
        if (step > 0) {
          const lo = Math.min(Math.max(start === undefined ? 0 : normalizeIndex(start, len), 0), len);
          const hi = Math.min(Math.max(end === undefined ? len : normalizeIndex(end, len), 0), len);
          for (let i = lo; i < hi; i += step) if (next(value[i], withPaths ? new PathLink(path, i) : null, ctx)) return true;
        } else {
          const hi = Math.min(Math.max(start === undefined ? len - 1 : normalizeIndex(start, len), -1), len - 1);
          const lo = Math.min(Math.max(end === undefined ? -len - 1 : normalizeIndex(end, len), -1), len - 1);
          for (let i = hi; lo < i; i += step) if (next(value[i], withPaths ? new PathLink(path, i) : null, ctx)) return true;
        }
        return false;
      };
    }
    case 'filter': {
      const test = compileLogical(selector.expr);
      return (value, path, ctx) => {
        if (Array.isArray(value)) {
          ctx.work.spend(value.length);
          for (let i = 0; i < value.length; i++) {
            const c = value[i];
            if (test(c, ctx) && next(c, withPaths ? new PathLink(path, i) : null, ctx)) return true;
          }
        } else if (typeof value === 'object' && value !== null) {
          const keys = Object.keys(value);
          ctx.work.spend(keys.length);
          for (const k of keys) {
            const c = (value as Record<string, unknown>)[k];
            if (test(c, ctx) && next(c, withPaths ? new PathLink(path, k) : null, ctx)) return true;
          }
        }
        return false;
      };
    }
  }
}

// ---- filter expressions ----

const STOP: Sink = () => true;

function compileLogical(node: LogicalNode): Test {
  switch (node.kind) {
    case 'or': {
      const items = node.items.map(compileLogical);
      if (items.length === 2) {
        const [a, b] = items;
        return (c, ctx) => a(c, ctx) || b(c, ctx);
      }
      return (c, ctx) => {
        for (let i = 0; i < items.length; i++) if (items[i](c, ctx)) return true;
        return false;
      };
    }
    case 'and': {
      const items = node.items.map(compileLogical);
      if (items.length === 2) {
        const [a, b] = items;
        return (c, ctx) => a(c, ctx) && b(c, ctx);
      }
      return (c, ctx) => {
        for (let i = 0; i < items.length; i++) if (!items[i](c, ctx)) return false;
        return true;
      };
    }
    case 'not': {
      const inner = compileLogical(node.expr);
      return (c, ctx) => !inner(c, ctx);
    }
    case 'exists': {
      if (node.query.singular) {
        const get = compileSingular(node.query);
        return (c, ctx) => get(c, ctx) !== NOTHING;
      }
      const step = compileQuery(node.query, false);
      const relative = node.query.relative;
      return (c, ctx) => step(relative ? c : ctx.root, null, { root: ctx.root, work: ctx.work, sink: STOP });
    }
    case 'test':
      return compileCallLogical(node.call);
    case 'compare':
      return compileComparison(node.op, compileComparable(node.left), compileComparable(node.right));
  }
}

function compileSingular(query: QueryNode): Getter {
  const keys = query.segments.map((s) => {
    const sel = s.selectors[0];
    return sel.kind === 'name' ? sel.name : (sel as { index: number }).index;
  });
  const relative = query.relative;
  if (keys.length === 1 && typeof keys[0] === 'string') {
    const name = keys[0];
    return (c, ctx) => {
      const v = relative ? c : ctx.root;
      return isObject(v) && hasOwnProperty.call(v, name) ? v[name] : NOTHING;
    };
  }
  return (c, ctx) => {
    let v = relative ? c : ctx.root;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      if (typeof k === 'string') {
        if (!isObject(v) || !hasOwnProperty.call(v, k)) return NOTHING;
        v = v[k];
      } else {
        if (!Array.isArray(v)) return NOTHING;
        const j = normalizeIndex(k, v.length);
        if (j < 0 || j >= v.length) return NOTHING;
        v = v[j];
      }
    }
    return v;
  };
}

function compileComparable(node: ComparableNode | ExprNode): Getter {
  switch (node.kind) {
    case 'literal': {
      const value = node.value;
      return () => value;
    }
    case 'query':
      return compileSingular(node.query);
    case 'call':
      return compileCallValue(node);
    default:
      // The parser's type check admits nothing else here.
      return () => NOTHING;
  }
}

/** Collects a nodes-typed argument into a list of values. */
function compileNodes(node: ExprNode): (c: unknown, ctx: Context) => unknown[] {
  if (node.kind !== 'query') return () => [];
  const step = compileQuery(node.query, false);
  const relative = node.query.relative;
  return (c, ctx) => {
    const out: unknown[] = [];
    step(relative ? c : ctx.root, null, { root: ctx.root, work: ctx.work, sink: (v) => (out.push(v), false) });
    return out;
  };
}

function compileCallValue(call: CallNode): Getter {
  switch (call.name) {
    case 'length': {
      const arg = compileComparable(call.args[0]);
      return (c, ctx) => {
        const v = arg(c, ctx);
        if (typeof v === 'string') return codePointLength(v);
        if (Array.isArray(v)) return v.length;
        if (isObject(v)) return Object.keys(v).length;
        return NOTHING;
      };
    }
    case 'count': {
      const a = call.args[0];
      if (a.kind !== 'query') return () => 0;
      const step = compileQuery(a.query, false);
      const relative = a.query.relative;
      return (c, ctx) => {
        let n = 0;
        step(relative ? c : ctx.root, null, { root: ctx.root, work: ctx.work, sink: () => (n++, false) });
        return n;
      };
    }
    case 'value': {
      const a = call.args[0];
      if (a.kind === 'query' && a.query.singular) return compileSingular(a.query);
      const nodes = compileNodes(a);
      return (c, ctx) => {
        const list = nodes(c, ctx);
        return list.length === 1 ? list[0] : NOTHING;
      };
    }
    default:
      return () => NOTHING;
  }
}

function compileCallLogical(call: CallNode): Test {
  if (call.name === 'match' || call.name === 'search') {
    const anchored = call.name === 'match';
    const subject = compileComparable(call.args[0]);
    const patternArg = call.args[1];
    if (patternArg.kind === 'literal') {
      const re = typeof patternArg.value === 'string' ? compileIRegexp(patternArg.value, anchored) : null;
      if (re === null) return () => false;
      return (c, ctx) => {
        const s = subject(c, ctx);
        return typeof s === 'string' && re.test(s, ctx.work.charge);
      };
    }
    const pattern = compileComparable(patternArg);
    return (c, ctx) => {
      const s = subject(c, ctx);
      if (typeof s !== 'string') return false;
      const p = pattern(c, ctx);
      if (typeof p !== 'string') return false;
      const re = compileIRegexp(p, anchored, ctx.work.charge);
      return re !== null && re.test(s, ctx.work.charge);
    };
  }
  // A nodes-typed function used as a test is true when its node list is non-empty; none is built in.
  return () => false;
}

function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

function compileComparison(op: ComparisonOp, left: Getter, right: Getter): Test {
  switch (op) {
    case '==': return (c, ctx) => jsonEquals(left(c, ctx), right(c, ctx));
    case '!=': return (c, ctx) => !jsonEquals(left(c, ctx), right(c, ctx));
    case '<': return (c, ctx) => lessThan(left(c, ctx), right(c, ctx));
    case '>': return (c, ctx) => lessThan(right(c, ctx), left(c, ctx));
    case '<=': return (c, ctx) => {
      const a = left(c, ctx);
      const b = right(c, ctx);
      return lessThan(a, b) || jsonEquals(a, b);
    };
    case '>=': return (c, ctx) => {
      const a = left(c, ctx);
      const b = right(c, ctx);
      return lessThan(b, a) || jsonEquals(a, b);
    };
  }
}

/** Compares strings by Unicode scalar value (JS `<` compares UTF-16 units, which differs past U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

function lessThan(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a < b;
  if (typeof a === 'string' && typeof b === 'string') return compareCodePoints(a, b) < 0;
  return false;
}

/** Structural equality of JSON values (Nothing equals only Nothing); a value that contains itself is INVALID_ARGUMENT. */
export function jsonEquals(a: unknown, b: unknown): boolean {
  return sameJson(a, b, cyclicDocument);
}
