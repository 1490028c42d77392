// A hand-written recursive-descent parser for RFC 9535 JSONPath, with well-typedness checks (§2.4.3).
// Recursion follows the nesting of the query text (not the document) and is capped at MAX_NESTING.
import { syntaxError } from '../errors.js';
import type { CallNode, ComparableNode, ComparisonOp, ExprNode, ExprType, LogicalNode, QueryNode, SegmentNode, SelectorNode } from './ast.js';
import { readStringLiteral } from './strings.js';

/** Segments in one query (or filter query) at most. */
const MAX_SEGMENTS = 2000;

/** Parameter and result types of the function extensions this library knows. */
export const FUNCTION_TYPES: Readonly<Record<string, { params: readonly ExprType[]; result: ExprType }>> = {
  length: { params: ['value'], result: 'value' },
  count: { params: ['nodes'], result: 'value' },
  match: { params: ['value', 'value'], result: 'logical' },
  search: { params: ['value', 'value'], result: 'logical' },
  value: { params: ['nodes'], result: 'value' },
};

const MAX_NESTING = 128;
const MAX_INT = 9007199254740991;

function isNameFirst(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || (c >= 0x80 && (c < 0xd800 || c > 0xdfff));
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

class Parser {
  pos = 0;
  depth = 0;
  constructor(readonly text: string) {}

  fail(reason: string, at = this.pos): never {
    return syntaxError(this.text, at, `invalid JSONPath: ${reason}`);
  }

  skip(): void {
    while (isBlank(this.text.charCodeAt(this.pos))) this.pos++;
  }

  at(): number {
    return this.text.charCodeAt(this.pos);
  }

  enter(): void {
    if (++this.depth > MAX_NESTING) this.fail(`nesting deeper than ${MAX_NESTING}`);
  }

  parseRoot(): QueryNode {
    if (this.at() !== 0x24) this.fail('a query must start with "$"');
    this.pos++;
    const query = this.parseSegments(false);
    if (this.pos < this.text.length) {
      this.fail(isBlank(this.at()) ? 'whitespace at the end of the query' : `unexpected "${this.text[this.pos]}"`);
    }
    return query;
  }

  parseSegments(relative: boolean): QueryNode {
    const segments: SegmentNode[] = [];
    let singular = true;
    for (;;) {
      const save = this.pos;
      this.skip();
      const c = this.at();
      let segment: SegmentNode;
      if (c === 0x2e) {
        if (this.text.charCodeAt(this.pos + 1) === 0x2e) {
          this.pos += 2;
          const d = this.at();
          if (d === 0x5b) segment = { descendant: true, selectors: this.parseBracket() };
          else segment = { descendant: true, selectors: [this.parseShorthand()] };
        } else {
          this.pos++;
          segment = { descendant: false, selectors: [this.parseShorthand()] };
        }
      } else if (c === 0x5b) {
        segment = { descendant: false, selectors: this.parseBracket() };
      } else {
        this.pos = save;
        return { relative, segments, singular };
      }
      if (segment.descendant || segment.selectors.length !== 1 || (segment.selectors[0].kind !== 'name' && segment.selectors[0].kind !== 'index')) {
        singular = false;
      }
      // Each segment of a compiled query is a call deeper when it matches: a bound, not a stack overflow.
      if (segments.length >= MAX_SEGMENTS) this.fail(`more than ${MAX_SEGMENTS} segments in one query`);
      segments.push(segment);
    }
  }

  parseShorthand(): SelectorNode {
    const c = this.at();
    if (c === 0x2a) {
      this.pos++;
      return { kind: 'wildcard' };
    }
    const start = this.pos;
    // name-first includes %x10000-10FFFF (RFC 9535 §2.5.1.1): a surrogate pair may start a name.
    const pairFirst = c >= 0xd800 && c <= 0xdbff && this.text.charCodeAt(this.pos + 1) >= 0xdc00 && this.text.charCodeAt(this.pos + 1) <= 0xdfff;
    if (!isNameFirst(c) && !pairFirst) this.fail(c >= 0xd800 && c <= 0xdfff ? 'lone surrogate in a member name' : 'expected a member name or "*"');
    while (this.pos < this.text.length) {
      const d = this.at();
      if (d >= 0xd800 && d <= 0xdbff) {
        const low = this.text.charCodeAt(this.pos + 1);
        if (!(low >= 0xdc00 && low <= 0xdfff)) this.fail('lone surrogate in a member name');
        this.pos += 2;
        continue;
      }
      if (!(isNameFirst(d) || isDigit(d))) break;
      this.pos++;
    }
    if (this.text.charCodeAt(start) >= 0xdc00 && this.text.charCodeAt(start) <= 0xdfff) this.fail('lone surrogate in a member name', start);
    return { kind: 'name', name: this.text.slice(start, this.pos) };
  }

  parseBracket(): SelectorNode[] {
    this.pos++; // [
    const selectors: SelectorNode[] = [];
    for (;;) {
      this.skip();
      selectors.push(this.parseSelector());
      this.skip();
      const c = this.at();
      if (c === 0x5d) {
        this.pos++;
        return selectors;
      }
      if (c !== 0x2c) this.fail(this.pos >= this.text.length ? 'missing "]"' : 'expected "," or "]"');
      this.pos++;
    }
  }

  parseInt(): number | undefined {
    const start = this.pos;
    let c = this.at();
    if (c === 0x2d) {
      this.pos++;
      c = this.at();
    }
    if (!isDigit(c)) {
      if (this.pos !== start) this.fail('expected digits after "-"');
      return undefined;
    }
    if (c === 0x30) {
      this.pos++;
      if (isDigit(this.at())) this.fail('integers must not have leading zeros', start);
      if (this.pos - start === 2) this.fail('"-0" is not a valid index', start);
      return 0;
    }
    while (isDigit(this.at())) this.pos++;
    const n = Number(this.text.slice(start, this.pos));
    if (Math.abs(n) > MAX_INT) this.fail('integer outside the interoperable range ±(2^53-1)', start);
    return n;
  }

  parseSelector(): SelectorNode {
    const c = this.at();
    if (c === 0x27 || c === 0x22) {
      const lit = readStringLiteral(this.text, this.pos);
      this.pos = lit.end;
      return { kind: 'name', name: lit.value };
    }
    if (c === 0x2a) {
      this.pos++;
      return { kind: 'wildcard' };
    }
    if (c === 0x3f) {
      this.pos++;
      this.skip();
      this.enter();
      const start = this.pos;
      const expr = this.toLogical(this.parseOr(), start);
      this.depth--;
      return { kind: 'filter', expr };
    }
    const start = this.parseInt();
    const save = this.pos;
    this.skip();
    if (this.at() !== 0x3a) {
      this.pos = save;
      if (start === undefined) this.fail(this.pos >= this.text.length ? 'missing "]"' : 'expected a selector');
      return { kind: 'index', index: start };
    }
    this.pos++;
    this.skip();
    const end = this.parseInt();
    const save2 = this.pos;
    this.skip();
    let step: number | undefined;
    if (this.at() === 0x3a) {
      this.pos++;
      this.skip();
      step = this.parseInt();
    } else {
      this.pos = save2;
    }
    return { kind: 'slice', start, end, step };
  }

  // ---- filter expressions ----

  parseOr(): ExprNode {
    const first = this.parseAnd();
    const items: ExprNode[] = [first];
    for (;;) {
      const save = this.pos;
      this.skip();
      if (this.at() === 0x7c && this.text.charCodeAt(this.pos + 1) === 0x7c) {
        this.pos += 2;
        this.skip();
        items.push(this.parseAnd());
      } else {
        this.pos = save;
        break;
      }
    }
    return items.length === 1 ? first : { kind: 'or', items: items.map((e) => this.toLogical(e)) };
  }

  parseAnd(): ExprNode {
    const first = this.parseBasic();
    const items: ExprNode[] = [first];
    for (;;) {
      const save = this.pos;
      this.skip();
      if (this.at() === 0x26 && this.text.charCodeAt(this.pos + 1) === 0x26) {
        this.pos += 2;
        this.skip();
        items.push(this.parseBasic());
      } else {
        this.pos = save;
        break;
      }
    }
    return items.length === 1 ? first : { kind: 'and', items: items.map((e) => this.toLogical(e)) };
  }

  parseBasic(): ExprNode {
    const c = this.at();
    if (c === 0x21) {
      this.pos++;
      this.skip();
      const start = this.pos;
      this.enter();
      let inner: LogicalNode;
      if (this.at() === 0x28) inner = this.parseParen();
      else {
        const operand = this.parsePrimary();
        if (operand.kind === 'literal') this.fail('"!" must be followed by a query, a function or "("', start);
        inner = this.toLogical(operand, start);
      }
      this.depth--;
      return { kind: 'not', expr: inner };
    }
    if (c === 0x28) {
      this.enter();
      const inner = this.parseParen();
      this.depth--;
      return inner;
    }
    const start = this.pos;
    const left = this.parsePrimary();
    const save = this.pos;
    this.skip();
    const op = this.parseOp();
    if (op === undefined) {
      this.pos = save;
      return left;
    }
    this.skip();
    const rightStart = this.pos;
    const right = this.parsePrimary();
    this.checkComparable(left, start);
    this.checkComparable(right, rightStart);
    return { kind: 'compare', op, left, right };
  }

  parseParen(): LogicalNode {
    this.pos++; // (
    this.skip();
    const start = this.pos;
    const inner = this.toLogical(this.parseOr(), start);
    this.skip();
    if (this.at() !== 0x29) this.fail('expected ")"');
    this.pos++;
    return inner;
  }

  parseOp(): ComparisonOp | undefined {
    const c = this.at();
    const d = this.text.charCodeAt(this.pos + 1);
    if (c === 0x3d && d === 0x3d) return (this.pos += 2), '==';
    if (c === 0x21 && d === 0x3d) return (this.pos += 2), '!=';
    if (c === 0x3c) return d === 0x3d ? ((this.pos += 2), '<=') : (this.pos++, '<');
    if (c === 0x3e) return d === 0x3d ? ((this.pos += 2), '>=') : (this.pos++, '>');
    return undefined;
  }

  /** A literal, a query or a function call. */
  parsePrimary(): ComparableNode {
    const c = this.at();
    if (c === 0x40 || c === 0x24) {
      this.pos++;
      // Not a level of its own: a query nests deeper only through a filter, which counts itself (counting
      // both made the documented 128 nested filters 64).
      const query = this.parseSegments(c === 0x40);
      return { kind: 'query', query };
    }
    if (c === 0x27 || c === 0x22) {
      const lit = readStringLiteral(this.text, this.pos);
      this.pos = lit.end;
      return { kind: 'literal', value: lit.value };
    }
    if (c === 0x2d || isDigit(c)) return { kind: 'literal', value: this.parseNumber() };
    if (c >= 0x61 && c <= 0x7a) {
      const start = this.pos;
      while (this.pos < this.text.length) {
        const d = this.at();
        if ((d >= 0x61 && d <= 0x7a) || d === 0x5f || isDigit(d)) this.pos++;
        else break;
      }
      const word = this.text.slice(start, this.pos);
      if (this.at() === 0x28) return this.parseCall(word, start);
      if (word === 'true') return { kind: 'literal', value: true };
      if (word === 'false') return { kind: 'literal', value: false };
      if (word === 'null') return { kind: 'literal', value: null };
      this.fail(`unknown word "${word}"`, start);
    }
    return this.fail(this.pos >= this.text.length ? 'unexpected end of the query' : 'expected a query, a literal or a function');
  }

  parseNumber(): number {
    const start = this.pos;
    if (this.at() === 0x2d) this.pos++;
    if (!isDigit(this.at())) this.fail('expected digits', start);
    if (this.at() === 0x30) {
      this.pos++;
      if (isDigit(this.at())) this.fail('numbers must not have leading zeros', start);
    } else {
      while (isDigit(this.at())) this.pos++;
    }
    if (this.at() === 0x2e) {
      this.pos++;
      if (!isDigit(this.at())) this.fail('expected digits after "."');
      while (isDigit(this.at())) this.pos++;
    }
    if (this.at() === 0x65 || this.at() === 0x45) {
      this.pos++;
      if (this.at() === 0x2b || this.at() === 0x2d) this.pos++;
      if (!isDigit(this.at())) this.fail('expected digits in the exponent');
      while (isDigit(this.at())) this.pos++;
    }
    return Number(this.text.slice(start, this.pos));
  }

  parseCall(name: string, start: number): CallNode {
    const signature = FUNCTION_TYPES[name];
    if (signature === undefined || !Object.prototype.hasOwnProperty.call(FUNCTION_TYPES, name)) this.fail(`unknown function "${name}"`, start);
    this.pos++; // (
    this.enter();
    const args: ExprNode[] = [];
    const offsets: number[] = [];
    this.skip();
    if (this.at() !== 0x29) {
      for (;;) {
        offsets.push(this.pos);
        args.push(this.parseOr());
        this.skip();
        if (this.at() === 0x29) break;
        if (this.at() !== 0x2c) this.fail('expected "," or ")" in the function arguments');
        this.pos++;
        this.skip();
      }
    }
    this.pos++; // )
    this.depth--;
    if (args.length !== signature.params.length) {
      this.fail(`${name}() takes ${signature.params.length} argument${signature.params.length === 1 ? '' : 's'}, got ${args.length}`, start);
    }
    const typed = args.map((a, i) => this.checkArgument(a, signature.params[i], name, offsets[i]));
    return { kind: 'call', name, args: typed, result: signature.result, offset: start };
  }

  checkArgument(arg: ExprNode, type: ExprType, fn: string, at: number): ExprNode {
    if (type === 'value') {
      if (arg.kind === 'literal' || (arg.kind === 'query' && arg.query.singular) || (arg.kind === 'call' && arg.result === 'value')) return arg;
      this.fail(`argument of ${fn}() must be a value: a literal, a singular query or a value function`, at);
    }
    if (type === 'nodes') {
      if (arg.kind === 'query' || (arg.kind === 'call' && arg.result === 'nodes')) return arg;
      this.fail(`argument of ${fn}() must be a query`, at);
    }
    return this.toLogical(arg, at);
  }

  checkComparable(node: ComparableNode, at: number): void {
    if (node.kind === 'query' && !node.query.singular) this.fail('only singular queries (names and indices) can be compared', at);
    if (node.kind === 'call' && node.result !== 'value') this.fail(`${node.name}() does not return a value and cannot be compared`, at);
  }

  /** Reads an expression in a logical position: a query tests existence, a function must be logical or nodes. */
  toLogical(node: ExprNode, at = this.pos): LogicalNode {
    switch (node.kind) {
      case 'literal':
        return this.fail('a literal cannot stand alone as a filter test', at);
      case 'query':
        return { kind: 'exists', query: node.query };
      case 'call':
        if (node.result === 'value') this.fail(`${node.name}() returns a value; compare it with something`, node.offset);
        return { kind: 'test', call: node };
      default:
        return node;
    }
  }
}

/**
 * Parses an RFC 9535 query into its syntax tree.
 *
 * @throws PathError `SYNTAX` with the offset of the first problem
 */
export function parseJsonPath(text: string): QueryNode {
  return new Parser(text).parseRoot();
}
