// Generated from the repair kind table (src/parse/kinds.ts) by test/parse/kinds-table.ts: do not edit.
// `UPDATE_DOCS=1 node --import tsx --test test/parse/kinds.test.ts` rewrites it; without UPDATE_DOCS that
// test fails while it differs from the table. The engine loads these lists, not the table itself.
import type { TextRepairKind } from './kinds.js';

/** Every kind, in table order. */
export const ALL_REPAIR_KINDS: readonly TextRepairKind[] = Object.freeze([
  'truncated', 'truncated_literal', 'escaped_whitespace', 'markdown_escape', 'swapped_closers',
  'stray_opener', 'unterminated_key', 'run_on_string', 'trailing_comma', 'leading_comma', 'extra_comma',
  'extra_colon', 'missing_comma', 'missing_colon', 'missing_value', 'mismatched_closer', 'early_closer',
  'missing_closer', 'missing_opener', 'extra_closer', 'single_quotes', 'curly_quotes', 'doubled_braces',
  'fullwidth_delimiter', 'string_prefix', 'backtick_quotes', 'triple_quotes', 'fenced_value',
  'html_entity_quotes', 'quote_tokens', 'unquoted_key', 'stray_word', 'unquoted_string', 'unescaped_quote',
  'missing_start_quote', 'missing_end_quote', 'stray_quote', 'quote_on_own_line', 'control_character',
  'invalid_escape', 'escaped_json', 'doubled_quotes', 'python_literal', 'literal_case', 'undefined_literal',
  'non_finite_number', 'number_format', 'number_like_text', 'leading_zero', 'regex_literal', 'tuple',
  'python_set', 'comment', 'ellipsis', 'string_concatenation', 'adjacent_strings', 'function_wrapper',
  'special_whitespace', 'concatenated_values', 'duplicate_key', 'surrounding_text', 'reasoning_block',
  'html_comment',
] as const);

/**
 * Repairs that guess at what the writer meant rather than fix an unambiguous slip (the rows marked
 * `guess`); `strict: true` refuses these.
 */
export const GUESSING_REPAIRS: readonly TextRepairKind[] = Object.freeze([
  'truncated', 'truncated_literal', 'swapped_closers', 'stray_opener', 'unterminated_key', 'run_on_string',
  'missing_comma', 'missing_colon', 'missing_value', 'mismatched_closer', 'early_closer', 'missing_closer',
  'missing_opener', 'extra_closer', 'stray_word', 'unquoted_string', 'unescaped_quote', 'missing_start_quote',
  'missing_end_quote', 'stray_quote', 'quote_on_own_line', 'invalid_escape', 'escaped_json', 'doubled_quotes',
  'non_finite_number', 'number_like_text', 'leading_zero', 'ellipsis', 'adjacent_strings',
  'concatenated_values', 'reasoning_block', 'html_comment',
] as const);

const CUT_OFF: ReadonlySet<string> = new Set<TextRepairKind>([
  'truncated', 'truncated_literal',
]);

/** Whether a repair of this kind means the text was cut off, so the value is not complete (the rows marked `cutOff`). */
export function isCutOffRepair(kind: TextRepairKind): boolean {
  return CUT_OFF.has(kind);
}
