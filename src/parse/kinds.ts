// The one table of repair kinds, in two files with the same rows: this file holds the columns the engine
// reads at run time (guess, cutOff) and so gives the kind type; kind-examples.ts holds, per kind, what it
// fixes, an example and the property tests' fuzz pieces, which only the tests, the docs table and the
// playground read. The split keeps the examples out of an application's bundle (`parse` alone ships this
// file's 50 short rows, not 8 KB of prose and examples); the types make both files list every kind
// (kind-examples.ts is a `Record<TextRepairKind, …>`), and test/parse/kinds.test.ts checks they list them in
// the same order. A new kind is one row here and one row there (docs/parse.md, "Adding a repair kind").

/** The run-time columns of one row of the repair kind table. */
export interface RepairKindFlags {
  /** The repair guesses at what the writer meant: `strict: true` refuses it. */
  readonly guess: boolean;
  /** The repair means the text was cut off: the value is not complete, whatever it looks like. */
  readonly cutOff: boolean;
}

/**
 * Every repair the tolerant parser can make, one row per kind (its example row is in kind-examples.ts).
 * `disable: [kind]` refuses a kind; `strict: true` refuses every kind whose row says `guess: true`.
 */
export const REPAIR_KINDS = {
  truncated: { guess: true, cutOff: true },
  truncated_literal: { guess: true, cutOff: true },
  escaped_whitespace: { guess: false, cutOff: false },
  markdown_escape: { guess: false, cutOff: false },
  swapped_closers: { guess: true, cutOff: false },
  stray_opener: { guess: true, cutOff: false },
  unterminated_key: { guess: true, cutOff: false },
  run_on_string: { guess: true, cutOff: false },
  trailing_comma: { guess: false, cutOff: false },
  leading_comma: { guess: false, cutOff: false },
  extra_comma: { guess: false, cutOff: false },
  missing_comma: { guess: true, cutOff: false },
  missing_colon: { guess: true, cutOff: false },
  missing_value: { guess: true, cutOff: false },
  mismatched_closer: { guess: true, cutOff: false },
  early_closer: { guess: true, cutOff: false },
  missing_closer: { guess: true, cutOff: false },
  missing_opener: { guess: true, cutOff: false },
  extra_closer: { guess: true, cutOff: false },
  single_quotes: { guess: false, cutOff: false },
  curly_quotes: { guess: false, cutOff: false },
  backtick_quotes: { guess: false, cutOff: false },
  triple_quotes: { guess: false, cutOff: false },
  fenced_value: { guess: false, cutOff: false },
  html_entity_quotes: { guess: false, cutOff: false },
  unquoted_key: { guess: false, cutOff: false },
  stray_word: { guess: true, cutOff: false },
  unquoted_string: { guess: true, cutOff: false },
  unescaped_quote: { guess: true, cutOff: false },
  missing_start_quote: { guess: true, cutOff: false },
  missing_end_quote: { guess: true, cutOff: false },
  control_character: { guess: false, cutOff: false },
  invalid_escape: { guess: true, cutOff: false },
  escaped_json: { guess: true, cutOff: false },
  python_literal: { guess: false, cutOff: false },
  literal_case: { guess: false, cutOff: false },
  undefined_literal: { guess: false, cutOff: false },
  non_finite_number: { guess: true, cutOff: false },
  number_format: { guess: false, cutOff: false },
  number_like_text: { guess: true, cutOff: false },
  leading_zero: { guess: true, cutOff: false },
  regex_literal: { guess: false, cutOff: false },
  tuple: { guess: false, cutOff: false },
  comment: { guess: false, cutOff: false },
  ellipsis: { guess: true, cutOff: false },
  string_concatenation: { guess: false, cutOff: false },
  function_wrapper: { guess: false, cutOff: false },
  special_whitespace: { guess: false, cutOff: false },
  concatenated_values: { guess: true, cutOff: false },
  surrounding_text: { guess: false, cutOff: false },
  reasoning_block: { guess: true, cutOff: false },
} as const satisfies Record<string, RepairKindFlags>;

/** Every repair the tolerant parser can make; see {@link REPAIR_KINDS}. `disable: [kind]` refuses it. */
export type TextRepairKind = keyof typeof REPAIR_KINDS;

/** Every kind, in table order. */
export const ALL_REPAIR_KINDS: readonly TextRepairKind[] = Object.freeze(Object.keys(REPAIR_KINDS) as TextRepairKind[]);

/**
 * Repairs that guess at what the writer meant rather than fix an unambiguous slip; `strict: true`
 * refuses these.
 */
export const GUESSING_REPAIRS: readonly TextRepairKind[] = Object.freeze(
  ALL_REPAIR_KINDS.filter((kind) => REPAIR_KINDS[kind].guess),
);

const CUT_OFF: ReadonlySet<string> = new Set(ALL_REPAIR_KINDS.filter((kind) => REPAIR_KINDS[kind].cutOff));

/** Whether a repair of this kind means the text was cut off, so the value is not complete. */
export function isCutOffRepair(kind: TextRepairKind): boolean {
  return CUT_OFF.has(kind);
}
