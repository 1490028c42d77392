// Public types of the tolerant parser: repair kinds, repair records and options.

/**
 * Every repair the tolerant parser can make. One row per kind; `disable: [kind]` refuses it.
 *
 * | kind                     | what it fixes                                        | example in → out                          |
 * | ------------------------ | ---------------------------------------------------- | ----------------------------------------- |
 * | `truncated`              | input ended inside a value; open parts are closed    | `{"a": "fo` → `{"a": "fo"}`               |
 * | `trailing_comma`         | comma before a closer                                | `[1, 2,]` → `[1, 2]`                      |
 * | `leading_comma`          | comma right after an opener                          | `[, 1]` → `[1]`                           |
 * | `extra_comma`            | doubled commas                                       | `[1,, 2]` → `[1, 2]`                      |
 * | `missing_comma`          | no comma between members or items                    | `[1 2]` → `[1, 2]`                        |
 * | `missing_colon`          | no colon after a key                                 | `{"a" 1}` → `{"a": 1}`                    |
 * | `missing_value`          | a key with no value                                  | `{"a": , "b": 2}` → `{"a": null, "b": 2}` |
 * | `mismatched_closer`      | closer of the wrong kind                             | `{"a": [1, 2}` → `{"a": [1, 2]}`          |
 * | `extra_closer`           | closer with nothing open                             | `[[1]]]` → `[[1]]`                        |
 * | `single_quotes`          | string in single quotes                              | `'a'` → `"a"`                             |
 * | `curly_quotes`           | string in “smart” quotes                             | `“a”` → `"a"`                             |
 * | `backtick_quotes`        | string in backticks                                  | `` `a` `` → `"a"`                         |
 * | `triple_quotes`          | Python triple-quoted string                          | `"""a"""` → `"a"`                         |
 * | `html_entity_quotes`     | `&quot;` used as quotes                              | `{&quot;a&quot;: 1}` → `{"a": 1}`         |
 * | `unquoted_key`           | key without quotes                                   | `{a: 1}` → `{"a": 1}`                     |
 * | `unquoted_string`        | string value without quotes                          | `{a: John Smith}` → `{"a": "John Smith"}` |
 * | `unescaped_quote`        | `"` inside a string that does not end it             | `"say "hi""` → `"say \"hi\""`             |
 * | `missing_end_quote`      | string that never closed before the next member      | `{"a": "x, "b": 1}` → `{"a": "x", "b": 1}`|
 * | `control_character`      | raw newline, tab or control character in a string    | `"a⏎b"` → `"a\nb"`                        |
 * | `invalid_escape`         | backslash before a character that is no escape       | `"\d"` → `"\\d"`                          |
 * | `escaped_json`           | the whole document's quotes are backslash-escaped    | `{\"a\": 1}` → `{"a": 1}`                 |
 * | `python_literal`         | `True`, `False`, `None`                              | `None` → `null`                           |
 * | `undefined_literal`      | JavaScript `undefined`                               | `undefined` → `null`                      |
 * | `non_finite_number`      | `NaN`, `Infinity`, `-Infinity`                       | `NaN` → `null`                            |
 * | `number_format`          | `.5`, `1.`, `+3`, `1_000`, `0x1F`, leading zeros     | `.5` → `0.5`                              |
 * | `tuple`                  | Python tuple                                         | `(1, 2)` → `[1, 2]`                       |
 * | `comment`                | line (`//`, `#`) and block comments                       | `[1 // one⏎]` → `[1]`                     |
 * | `ellipsis`               | `...` placeholder                                    | `[1, 2, ...]` → `[1, 2]`                  |
 * | `string_concatenation`   | `"a" + "b"`                                          | `"a" + "b"` → `"ab"`                      |
 * | `function_wrapper`       | JSONP or constructor call around a value             | `cb({"a":1});` → `{"a":1}`                |
 * | `special_whitespace`     | BOM, NBSP, zero-width characters outside strings     |                                           |
 * | `concatenated_values`    | several top-level values                             | `{"a":1}⏎{"a":2}` → `[{"a":1},{"a":2}]`   |
 * | `surrounding_text`       | prose, fences or tags around the value               | `Here: {"a":1}.` → `{"a":1}`              |
 * | `reasoning_block`        | the only JSON was inside a reasoning block           | `<think>{"a":1}</think>` → `{"a":1}`      |
 */
export type TextRepairKind =
  | 'truncated'
  | 'trailing_comma'
  | 'leading_comma'
  | 'extra_comma'
  | 'missing_comma'
  | 'missing_colon'
  | 'missing_value'
  | 'mismatched_closer'
  | 'extra_closer'
  | 'single_quotes'
  | 'curly_quotes'
  | 'backtick_quotes'
  | 'triple_quotes'
  | 'html_entity_quotes'
  | 'unquoted_key'
  | 'unquoted_string'
  | 'unescaped_quote'
  | 'missing_end_quote'
  | 'control_character'
  | 'invalid_escape'
  | 'escaped_json'
  | 'python_literal'
  | 'undefined_literal'
  | 'non_finite_number'
  | 'number_format'
  | 'tuple'
  | 'comment'
  | 'ellipsis'
  | 'string_concatenation'
  | 'function_wrapper'
  | 'special_whitespace'
  | 'concatenated_values'
  | 'surrounding_text'
  | 'reasoning_block';

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

/** Options of `parse`, `parseWithReport`, `repair` and the stream parser. */
export interface ParseOptions {
  /** Refuse every repair that has to guess; the error names the repair. Default `false`. */
  strict?: boolean;
  /** Repair kinds to refuse (throw `REPAIR_REFUSED` when one would be needed). */
  disable?: readonly TextRepairKind[];
  /** Deepest nesting accepted; deeper input throws `TOO_DEEP`. Default 100 000. */
  maxDepth?: number;
  /** Longest text accepted, in UTF-16 code units; longer throws `TOO_LARGE`. Default 100 000 000. */
  maxLength?: number;
  /** Called once with every repair, only when at least one fired. */
  onRepair?: (repairs: readonly TextRepair[]) => void;
}
