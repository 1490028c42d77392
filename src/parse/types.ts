// Public types of the tolerant parser: repair kinds, repair records and options.

import type { TextRepairKind } from './kinds.js';

/** Every repair the tolerant parser can make: one row each in the table in `kinds.ts`. */
export type { TextRepairKind };

/** One repair the parser made to the text: what, where, and a short human-readable detail. */
export interface TextRepair {
  kind: TextRepairKind;
  /** 0-based UTF-16 offset in the original text. */
  offset: number;
  /** 1-based line of `offset`. */
  line: number;
  /** 1-based column of `offset`. */
  column: number;
  /** A short description, e.g. `inserted "}"`, `removed "//…" comment`. */
  detail: string;
}

/**
 * Options of `repair` and `parseAll`, and the text options every front door takes: `parse`,
 * `parseWithReport`, `parseAsync` and the stream parser accept a `ParseOptions` as it is (their own
 * options, `SchemaParseOptions` and `StreamOptions`, add `schema` and the rest).
 */
export interface ParseOptions {
  /** Refuse every repair that has to guess; the error names the repair. Default `false`. */
  strict?: boolean | undefined;
  /** Repair kinds to refuse (throw `REPAIR_REFUSED` when one would be needed). */
  disable?: readonly TextRepairKind[] | undefined;
  /** Deepest nesting accepted; deeper input throws `TOO_DEEP`. Default: no limit (the parser's stack is its own, not the call stack's). */
  maxDepth?: number | undefined;
  /** Longest text accepted, in UTF-16 code units; longer throws `TOO_LARGE`. Default 100 000 000. */
  maxLength?: number | undefined;
  /** Called once with every repair, only when at least one fired. */
  onRepair?: ((repairs: readonly TextRepair[]) => void) | undefined;
}
