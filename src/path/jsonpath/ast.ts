// The parsed form of an RFC 9535 query. Produced by parser.ts, turned into closures by compile.ts.

/** A whole query: `$…` (absolute) or `@…` (relative, only inside filters). */
export interface QueryNode {
  relative: boolean;
  segments: SegmentNode[];
  /** True when every segment is a child segment with one name or index selector. */
  singular: boolean;
}

export interface SegmentNode {
  descendant: boolean;
  selectors: SelectorNode[];
}

export type SelectorNode =
  | { kind: 'name'; name: string }
  | { kind: 'wildcard' }
  | { kind: 'index'; index: number }
  | { kind: 'slice'; start: number | undefined; end: number | undefined; step: number | undefined }
  | { kind: 'filter'; expr: LogicalNode };

export type ComparisonOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

/** The three types of RFC 9535 §2.4.1. */
export type ExprType = 'value' | 'logical' | 'nodes';

export interface CallNode {
  kind: 'call';
  name: string;
  args: ExprNode[];
  result: ExprType;
  offset: number;
}

export type LogicalNode =
  | { kind: 'or'; items: LogicalNode[] }
  | { kind: 'and'; items: LogicalNode[] }
  | { kind: 'not'; expr: LogicalNode }
  | { kind: 'compare'; op: ComparisonOp; left: ComparableNode; right: ComparableNode }
  | { kind: 'exists'; query: QueryNode }
  | { kind: 'test'; call: CallNode };

export type ComparableNode =
  | { kind: 'literal'; value: unknown }
  | { kind: 'query'; query: QueryNode }
  | CallNode;

/** Anything that may stand as a function argument before type checking decides what it is. */
export type ExprNode = LogicalNode | ComparableNode;
