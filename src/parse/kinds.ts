// The one table of repair kinds. The kind type, the strict-mode list and the "was this cut off?" test,
// the docs table in docs/parse.md, one test per kind and the property tests' alphabet all come from it.
// What the engine needs at run time (the kind list, the guesses, the cut-off kinds) is generated from it
// into kind-flags.ts, so an application's bundle carries those short lists and not this table's prose
// and examples: outside tests, docs and the playground only types are imported from here. After editing
// a row run `UPDATE_DOCS=1 node --import tsx --test test/parse/kinds.test.ts` (it rewrites kind-flags.ts
// and the docs table; without UPDATE_DOCS it fails while either differs from this table).

/** One row of the repair kind table. */
export interface RepairKindRow {
  /** What the repair fixes, in a phrase (docs/parse.md's "what it fixes" column). */
  readonly fixes: string;
  /** An input that needs this repair (checked by test/parse/kinds.test.ts). */
  readonly input: string;
  /** The value `parse(input)` gives. */
  readonly value: unknown;
  /** Offset in `input` at which the repair is reported. */
  readonly at: number;
  /**
   * Other kinds the example needs too, and why it cannot do without them; the kind test then checks
   * that this kind is present at `at` rather than alone.
   */
  readonly alsoNeeds?: { readonly kinds: readonly string[]; readonly why: string };
  /** The repair guesses at what the writer meant: `strict: true` refuses it. */
  readonly guess: boolean;
  /** The repair means the text was cut off: the value is not complete, whatever it looks like. */
  readonly cutOff: boolean;
  /** Pieces of text that lead the engine to this repair: the property tests draw from them. */
  readonly fuzz: readonly string[];
}

/**
 * Every repair the tolerant parser can make, one row per kind. `disable: [kind]` refuses a kind;
 * `strict: true` refuses every kind whose row says `guess: true`.
 */
export const REPAIR_KINDS = {
  truncated: {
    fixes: 'the text ends inside a value: strings, escapes, numbers, keys, containers are closed (literals: `truncated_literal`); a member with no value is dropped. A reply cut off before any value (`{`, `[`, `{"a":`) is `UNREPAIRABLE`, not `{}` or `[]`; a value cut off so after whole ones (`{"a": 1}⏎{`) is dropped. A note after a blank line, starting with a note\'s label (`Note:`, `Explanation:`, `Caveat:`, …) and only prose after it, ends a value whose closers were left out, reported so (`{"a": 1⏎⏎Note: the id is {required}.`). A whole value read from a reply that ends inside a later one (`{"a": 1} and also {"b": 2`, `{"a": 1}⏎Corrected:⏎{`) carries it too, at the later value: the reply was cut off, and what it went on to say is lost, whichever value is chosen (`{"a": 0}⏎Answer: {"a": 1}⏎{"a": 2, "x": [1` gives `{"a": 1}` so marked); so does a draft read from reasoning or a comment when the reply ends inside a later one that never closed (`<think>{"a": 0}</think>⏎<think>{"a": 1, "x": [1`), and a draft taken from a reasoning block the reply ends inside, never closed (`<think>⏎{"a": 1}⏎Hmm, fix`), at the text\'s end; and a block comment the text ends inside (`{"a": 1} /* note`)',
    input: '{"a": "fo', value: { a: 'fo' }, at: 9, guess: true, cutOff: true, fuzz: ['"x', 'nul', '1e'],
  },
  truncated_literal: {
    fixes: 'a literal cut off by the end of the text: `tru`, `fals`, `nul`, `Tr`, `Fal`, `Non`; `Na`, `Infinit` read as their whole word, null (see `non_finite_number`)',
    input: '{"a": Fal', value: { a: false }, at: 6, guess: true, cutOff: true, fuzz: ['Fal'],
    alsoNeeds: { kinds: ['truncated'], why: 'the object around the literal is cut off too' },
  },
  escaped_whitespace: {
    fixes: 'the two characters `\\n` (or `\\r`, `\\t`) between tokens, from a reply escaped twice',
    input: '{\\n"a": 1}', value: { a: 1 }, at: 1, guess: false, cutOff: false, fuzz: ['\\n'],
  },
  markdown_escape: {
    fixes: 'JSON escaped for markdown as chat UIs render it: `\\[`, `\\]`, `\\{`, `\\}`, `\\_`, `\\*` between tokens, `\\_` in keys',
    input: '{"a\\_b": \\[1\\]}', value: { a_b: [1] }, at: 3, guess: false, cutOff: false, fuzz: ['\\[', '\\_'],
  },
  swapped_closers: {
    fixes: '`}]` where `]}` was meant (or `]}` for `}]`), read by the stack of open containers; not when the closers after them close the whole value and nothing of it follows (`{"a": [{"b": 1]}}`: the inner `}` was lost, a `mismatched_closer`)',
    input: '{"a": {"b": [1}], "c": 2}', value: { a: { b: [1] }, c: 2 }, at: 14, guess: true, cutOff: false, fuzz: ['}]', ']}'],
  },
  stray_opener: {
    fixes: 'a stray `{"` or `{\'` before the real object',
    input: '{"{"a": 1}', value: { a: 1 }, at: 1, guess: true, cutOff: false, fuzz: ['{"{'],
  },
  unterminated_key: {
    fixes: 'a key that lost its closing quote, read up to its colon; an object\'s first key whose quotes were lost around its colon, no colon after it, splits there (`{"a: true"}` → `{"a": true}`; a plain label and value only)',
    input: '{"a: 1, "b": 2}', value: { a: 1, b: 2 }, at: 3, guess: true, cutOff: false, fuzz: ['"k: '],
  },
  run_on_string: {
    fixes: 'a string that runs into the next `"key":` because its closing quote and comma were dropped',
    input: '{"a": "x"b": 1}', value: { a: 'x', b: 1 }, at: 8, guess: true, cutOff: false, fuzz: ['"x"k":'],
    alsoNeeds: { kinds: ['missing_comma'], why: 'the comma before the next key was dropped too' },
  },
  trailing_comma: {
    fixes: 'comma before a closer',
    input: '[1, 2,]', value: [1, 2], at: 5, guess: false, cutOff: false, fuzz: [','],
  },
  leading_comma: {
    fixes: 'comma right after an opener',
    input: '[, 1]', value: [1], at: 1, guess: false, cutOff: false, fuzz: [', '],
  },
  extra_comma: {
    fixes: 'doubled commas',
    input: '[1,, 2]', value: [1, 2], at: 3, guess: false, cutOff: false, fuzz: [',\n  '],
  },
  extra_colon: {
    fixes: 'doubled colons between a key and its value',
    input: '{"a":: 1}', value: { a: 1 }, at: 5, guess: false, cutOff: false, fuzz: ['::'],
  },
  missing_comma: {
    fixes: 'no comma between members or items, at line breaks, `[{}{}]`, `[1 2]`',
    input: '[1 2]', value: [1, 2], at: 3, guess: true, cutOff: false, fuzz: [' ', '\n'],
  },
  missing_colon: {
    fixes: 'no colon after a key (or `=`; or a `}` written for it, the value and the object\'s `}` after it: `{"a"} x}`)',
    input: '{"a" 1}', value: { a: 1 }, at: 5, guess: true, cutOff: false, fuzz: ['"a"', '='],
  },
  missing_value: {
    fixes: 'a key with no value: null, or no member when the object already holds the key (`{"a": 1, "a"}` keeps 1)',
    input: '{"a": , "b": 2}', value: { a: null, b: 2 }, at: 6, guess: true, cutOff: false, fuzz: [':'],
  },
  mismatched_closer: {
    fixes: 'closer of the wrong kind',
    input: '{"a": [1, 2}', value: { a: [1, 2] }, at: 11, guess: true, cutOff: false, fuzz: ['}', ']'],
  },
  early_closer: {
    fixes: 'a closer that more of what it would close follows (`}}, "key":` in an object, `], 3]` in an array, also an element that lost a quote: `], x"]`): the closer was the mistake',
    input: '{"a": 1}, "b": 2}', value: { a: 1, b: 2 }, at: 7, guess: true, cutOff: false, fuzz: ['}, "k": '],
  },
  missing_closer: {
    fixes: 'an object in an array that the next element follows without its `}` (a number, a literal, a container; `[{, true]`: right after its `{`), or an array of plain values in an object that the next key of that object follows without its `]`; the closers of a value that a line of prose follows (`{"a": 1⏎Thanks!`: words with no colon, and nothing of the object after them)',
    input: '[{"i":1{"i":2}]', value: [{ i: 1 }, { i: 2 }], at: 7, guess: true, cutOff: false, fuzz: ['[{"i":1{'],
  },
  missing_opener: {
    fixes: 'a key and its value where an array element should be, after the value ended, or opening the text (a reply that goes on from a prefilled `{`): the object around them was not opened; a nested object\'s `{` lost on its key\'s line, its members then a `}` that more members follow (`{k: u: None}, j: 2}`); an array\'s elements opening the text up to the `]` that ends it (`1, "b", [2]]`), or indented under their key on the lines after it (`"k":⏎    1,⏎    2,⏎  ],`); or a table row whose `[` was lost (values after an array element, up to `], [`)',
    input: '["key":"value"]', value: [{ key: 'value' }], at: 1, guess: true, cutOff: false, fuzz: ['["k":'],
    alsoNeeds: { kinds: ['mismatched_closer'], why: 'the `]` closes the object that was never opened, too' },
  },
  extra_closer: {
    fixes: 'closer with nothing open',
    input: '[[1]]]', value: [[1]], at: 5, guess: true, cutOff: false, fuzz: ['{', '[', ')'],
  },
  single_quotes: {
    fixes: 'string in single quotes (escaped or embedded apostrophes kept)',
    input: "{'a': 'it\\'s'}", value: { a: "it's" }, at: 1, guess: false, cutOff: false, fuzz: ["'", "'d'", "'b'"],
  },
  curly_quotes: {
    fixes: '“smart” quotes, or `"` closed by `”`',
    input: '{“a”: “b”}', value: { a: 'b' }, at: 1, guess: false, cutOff: false, fuzz: ['“', '”'],
  },
  doubled_braces: {
    fixes: "an object written `{{` … `}}` (a prompt template's escaped braces, copied), or `{{{` … `}}}`: each run read as one brace",
    input: '{{"a": {{"b": 1}}}}', value: { a: { b: 1 } }, at: 1, guess: false, cutOff: false, fuzz: ['{{', '}}'],
  },
  fullwidth_delimiter: {
    fixes: 'a full-width `，` `：` `［` `］` `｛` or `｝` (as CJK text writes them) used as the comma, colon or bracket between tokens (`［{…}, {…}］`); inside a string, or in unquoted text, they stay text',
    input: '{"a"：1，"b"：2}', value: { a: 1, b: 2 }, at: 4, guess: false, cutOff: false, fuzz: ['，', '：'],
  },
  string_prefix: {
    fixes: "a Python string prefix before a quote (`u'…'`, `b'…'`, from Python 2's repr or bytes): dropped",
    input: "{u'a': u'x'}", value: { a: 'x' }, at: 1, guess: false, cutOff: false, fuzz: ["u'", 'b"'],
    alsoNeeds: { kinds: ['single_quotes'], why: 'the prefixed strings are in single quotes, as Python writes them' },
  },
  backtick_quotes: {
    fixes: 'string in backticks',
    input: '[`a`]', value: ['a'], at: 1, guess: false, cutOff: false, fuzz: ['`'],
  },
  triple_quotes: {
    fixes: 'Python triple-quoted string',
    input: '["""a"""]', value: ['a'], at: 1, guess: false, cutOff: false, fuzz: ['"'],
  },
  fenced_value: {
    fixes: 'a value written as a markdown code block (```` ```lang ⏎ … ⏎ ``` ````, or ```` ```…``` ```` on one line): the code between the fence lines, language tag dropped (and a known language\'s info string: ```` ```typescript main.ts ````); backticks inside that cannot end the value are code',
    input: '{"code": ```py\nx = `a`\n```}', value: { code: 'x = `a`' }, at: 9, guess: false, cutOff: false, fuzz: ['```', '```py\n'],
  },
  html_entity_quotes: {
    fixes: '`&quot;` used as quotes',
    input: '{&quot;a&quot;: 1}', value: { a: 1 }, at: 1, guess: false, cutOff: false, fuzz: ['&quot;'],
  },
  quote_tokens: {
    fixes: "Gemma 4's string token `<|\"|>` used as quotes (a chat template's token that reached the text, as a reply served raw carries it); the text between is raw, as Gemma's tool calls write it",
    input: '{"tags": [<|"|>a<|"|>]}', value: { tags: ['a'] }, at: 10, guess: false, cutOff: false, fuzz: ['<|"|>'],
  },
  unquoted_key: {
    fixes: 'key without quotes; one that holds a sentence (a `!` or `?` then more words: `{Hey there! How can I help? :D}`) is prose in braces, `UNREPAIRABLE`, not made-up members',
    input: '{a: 1}', value: { a: 1 }, at: 1, guess: false, cutOff: false, fuzz: ['a', 'key'],
  },
  stray_word: {
    fixes: 'a word between members, before the next quoted key (`COMMENT`, a label); a mark where a key belongs, before a quoted key (`="key": 1`, a list\'s `*` or `-`); a word glued to the `{` of an object where a value belongs (`[{"a": 1}, 결{"a": 2}]`)',
    input: '{"a": 1, NOTE "b": 2}', value: { a: 1, b: 2 }, at: 9, guess: true, cutOff: false, fuzz: ['NOTE '],
  },
  unquoted_string: {
    fixes: 'value without quotes (a path of marks alone too: `{route: /}`), up to `,` `}` `]` or the line end, or over the lines after it when they are words with no colon, quote or bracket and the last ends at a `,` before the next key or at the object\'s `}` (`b: hey world⏎  so that we can,⏎  c: 1`) (URLs keep their `//`; in an object, a comma between thousands does not end it: `$1,299.99`; an amount after `~` `<` `>` `≈` `≤` `≥`: `~5 min`, `>=5`; a path or a name: `/usr/bin/env python`, `.NET`; a word that repeats its key, `{"keywords": keywords}`, is a variable\'s name, code: `UNREPAIRABLE`)',
    input: '{"name": John Smith}', value: { name: 'John Smith' }, at: 9, guess: true, cutOff: false, fuzz: ['x', 'x y'],
  },
  unescaped_quote: {
    fixes: 'a quote inside a string that does not end it',
    input: '{"q": "He said "hi" to me"}', value: { q: 'He said "hi" to me' }, at: 15, guess: true, cutOff: false, fuzz: ['"b c"'],
  },
  missing_start_quote: {
    fixes: 'a key or value with its closing quote but not its opening one; such a value is read as the string it was, its JSON escapes too (`{"a": Line one\\nLine two", …}`, `{"s": if (x) { y(); }", …}`), while an unquoted value with no closing quote keeps its backslashes (`C:\\new`)',
    input: '{a":"foo"}', value: { a: 'foo' }, at: 1, guess: true, cutOff: false, fuzz: ['a"'],
  },
  missing_end_quote: {
    fixes: 'a string that ran into the next key, or into the closers that end the text and close exactly what is open (`{"a": "x}`: the reply is whole but for the quote, so it is not `truncated`). A closer that closes a bracket the string\'s own text opened (`{"s": "Hello {name}`) is the string\'s: cut off there, it is `truncated`. A string opened with another quote and ended by a `"` that only closers and the text\'s end follow (`{\'a\': \'x"}`) lost its own',
    input: '{"a": "foo, "b": 2}', value: { a: 'foo', b: 2 }, at: 10, guess: true, cutOff: false, fuzz: ['"x'],
  },
  stray_quote: {
    fixes: 'a `"` after a value, right before its comma or closer, that opens no string: its closer is not on the line, or what follows that is no delimiter; `""` where a key belongs, with no colon or value after it; a key\'s opening quote written twice (`{""a": 1}`)',
    input: '{"a": true"}', value: { a: true }, at: 10, guess: true, cutOff: false, fuzz: ['true"}', ']",'],
  },
  quote_on_own_line: {
    fixes: 'a closing quote written at the start of its own line: the raw line break (and indentation) before it was layout, not text; in text written over several lines, only the indentation (the text ends with its own line break, as a file does)',
    input: '{"a": "x\n  ", "b": 1}', value: { a: 'x', b: 1 }, at: 8, guess: true, cutOff: false, fuzz: ['\n"'],
  },
  control_character: {
    fixes: 'raw newline, tab or control character inside a string',
    input: '"a\nb"', value: 'a\nb', at: 2, guess: false, cutOff: false, fuzz: ['\n'],
  },
  invalid_escape: {
    fixes: 'a backslash that starts no JSON escape keeps its backslash; `\\\'` is an apostrophe; in a Windows path written with single backslashes (`"C:\\Users\\bob\\new"`, also after a command, or relative: `src\\utils\\new.py`), every backslash is the path\'s (`\\n` `\\t` `\\u` there are folders); a LaTeX command written with one backslash keeps it (`\\frac`, and `\\times` `\\nu` in maths), not a form feed or a tab; a backslash at a line\'s end continues the line, as in JavaScript, but between two words the line break is kept (`carrot\\⏎turnip`)',
    input: '"\\d+"', value: '\\d+', at: 1, guess: true, cutOff: false, fuzz: ['\\', 'u'],
  },
  escaped_json: {
    fixes: "the whole document's quotes are backslash-escaped (inner quotes escaped again included: `\\\\\"`), or a value's own (`{\"q\": \\\"foo\\\"}`, arguments escaped once too often; `\\\\\"`, escaped twice)",
    input: '{\\"a\\": 1}', value: { a: 1 }, at: 0, guess: true, cutOff: false, fuzz: ['\\'],
  },
  doubled_quotes: {
    fixes: 'every quote of the document written twice, as CSV writes a cell (`{""a"": ""x""}`); `""""` is an empty string',
    input: '{""a"": ""x""}', value: { a: 'x' }, at: 0, guess: true, cutOff: false, fuzz: ['{""a""'],
  },
  python_literal: {
    fixes: '`True`, `False`, `None`',
    input: 'None', value: null, at: 0, guess: false, cutOff: false, fuzz: ['True', 'None'],
  },
  literal_case: {
    fixes: '`TRUE`, `FALSE`, `Null` and other casings of the JSON literals',
    input: '{"a": TRUE, "b": Null}', value: { a: true, b: null }, at: 6, guess: false, cutOff: false, fuzz: ['TRUE', 'Null'],
  },
  undefined_literal: {
    fixes: 'JavaScript `undefined`',
    input: 'undefined', value: null, at: 0, guess: false, cutOff: false, fuzz: [],
  },
  non_finite_number: {
    fixes: '`NaN`, `Infinity`, `-Infinity`; Python\'s `nan`, `inf`, `-inf`',
    input: 'NaN', value: null, at: 0, guess: true, cutOff: false, fuzz: ['nan', 'inf'],
  },
  number_format: {
    fixes: '`.5`, `1.`, `+3`, `-.25`, `1_000`, `0x1F` (written as its exact decimal, past 2^53 too: `0x1234567890ABCDEF1` → `20988295476718395121`)',
    input: '.5', value: 0.5, at: 0, guess: false, cutOff: false, fuzz: ['1', '-', '.', 'e', '007', '+', '-2.5', '1e3'],
  },
  number_like_text: {
    fixes: 'a token that starts as a number but is not one is kept as a string: it goes on with `-`, `/`, `:`, `+` or `*` and digits (a date, a time, a fraction, a range, a sum: `2+2`), or is made of a number\'s characters in a wrong order (`2e`, `1_234.5_6`), or is a measure in feet and inches (`15.6"`, `5\'11"`), or a percentage (`45%`); in an object also thousands written with commas (`1,299.99`) and a number, date or time with words, digits or an operator after it on its line that are no key (`12 apples`, `+1 555 1234`, `10 - 20`, `12:30 PM`, `2024-01-15 10:00`)',
    input: '{"date": 2024-10-18T18:35:22.229Z, "n": 1/3}', value: { date: '2024-10-18T18:35:22.229Z', n: '1/3' }, at: 9, guess: true, cutOff: false, fuzz: ['1/3', '10-20'],
  },
  leading_zero: {
    fixes: 'a number written with leading zeros is kept as its text (a zip code, an id); a schema asking for a number converts it',
    input: '{"zip": 0789}', value: { zip: '0789' }, at: 8, guess: true, cutOff: false, fuzz: ['007'],
  },
  regex_literal: {
    fixes: 'a JavaScript regular expression as a value is kept as its text',
    input: '{re: /a.css/}', value: { re: '/a.css/' }, at: 5, guess: false, cutOff: false, fuzz: ['/a/'],
    alsoNeeds: { kinds: ['unquoted_key'], why: 'the JavaScript object around it has an unquoted key' },
  },
  tuple: {
    fixes: 'Python tuple (a `(` that opens the text only when its first element, a string or a name, is followed by `,`, `)`, another element, a call\'s `(` or the end: `(see above)` and GraphRAG\'s `("entity"<|>…)` records are no value)',
    input: '(1, 2)', value: [1, 2], at: 0, guess: false, cutOff: false, fuzz: ['(', ')'],
  },
  python_set: {
    fixes: "a Python set of strings or numbers, `{'a', 'b'}`, `{\"a\", \"b\"}` or `{1, 2}`, is an array (not an object whose keys have no values, or whose numbers pair up as keys and values); cut off, the members so far",
    input: "{'a', 'b'}", value: ['a', 'b'], at: 0, guess: false, cutOff: false, fuzz: ["{'a', 'b'}"],
  },
  comment: {
    fixes: '`//`, `#` and block comments (where a value belongs, `#ff0000,` is the value\'s text: a word character after the `#`, and a `,` `}` or `]` after it on its line or first on the next); a line comment ends before a closer of what is open when the document goes on after it on the line (`"b" # note }, "c": 1}`) or the line is the text\'s last. After a whole value, a Markdown heading that names the answer or a correction (`## Answer`, `### Corrected JSON`) is no comment but prose labelling the value after it (`{"a": 0}⏎## Answer⏎{"a": 1}` gives `{"a": 1}`)',
    input: '[1 // one\n]', value: [1], at: 3, guess: false, cutOff: false, fuzz: ['/', '*', '#', '// c\n'],
  },
  ellipsis: {
    fixes: '`...` or `…` placeholder',
    input: '[1, 2, ...]', value: [1, 2], at: 7, guess: true, cutOff: false, fuzz: ['...'],
  },
  string_concatenation: {
    fixes: '`"a" + "b"`',
    input: '["a" + "b"]', value: ['ab'], at: 3, guess: false, cutOff: false, fuzz: ['+'],
  },
  adjacent_strings: {
    fixes: 'strings side by side in an object\'s value, as Python wraps a long one (`"a long "⏎    "text",`), joined when the second ends at a comma, the object\'s `}` or another such string, on the same line or indented deeper than the key (followed by a colon it is the next key, its comma lost)',
    input: '{"a": "x" "y"}', value: { a: 'xy' }, at: 8, guess: true, cutOff: false, fuzz: ['"'],
  },
  function_wrapper: {
    fixes: 'constructor calls: `ObjectId("…")`, `NumberLong(2)`, `ISODate("…")`, `new Date(…)`; one argument is unwrapped, several become an array (a call with keyword arguments or none, `get_weather(city="Paris")` or `ls()`, or one a block follows, `if (x) { y(); }`, is no constructor: its text is the value, as `unquoted_string`)',
    input: '{"id": ObjectId("x")}', value: { id: 'x' }, at: 7, guess: false, cutOff: false, fuzz: ['(', ')'],
  },
  special_whitespace: {
    fixes: 'BOM, NBSP, zero-width and other Unicode spaces outside strings',
    input: '\u00a0[1]', value: [1], at: 0, guess: false, cutOff: false, fuzz: ['\u00a0'],
  },
  concatenated_values: {
    fixes: 'several top-level values (NDJSON, `{…} {…}`) become an array',
    input: '{"a":1}\n{"a":2}', value: [{ a: 1 }, { a: 2 }], at: 8, guess: true, cutOff: false, fuzz: ['{', '}'],
  },
  duplicate_key: {
    fixes: 'not a fix but a loss named: a key its object already holds, in a text where a guessing repair (a closer, a quote or a comma guessed) was recorded before or after it, whose later value replaced the earlier one, as `JSON.parse` keeps the last. A guess can move members into another object, so the repeat is likely the guess\'s doing (a `}` lost after `"k": 1` may show only at a later closer or the text\'s end); in a text with no guess a repeated key is the document\'s own, read as `JSON.parse` reads it and not reported. Not a guess itself (the guess is, so `strict` refuses that); `disable` it to refuse such a reading',
    input: '{"a": 1, "b": 2 "a": 3}', value: { a: 3, b: 2 }, at: 16, guess: false, cutOff: false, fuzz: [],
    alsoNeeds: { kinds: ['missing_comma'], why: 'a key is reported only after a guess: here the comma before it' },
  },
  surrounding_text: {
    fixes: 'prose, a fence, a tag or a JSONP call around the value',
    input: 'Here: {"a": 1}.', value: { a: 1 }, at: 6, guess: false, cutOff: false, fuzz: [],
  },
  reasoning_block: {
    fixes: 'the only JSON was inside `<think>…</think>`',
    input: '<think>{"a":1}</think>', value: { a: 1 }, at: 7, guess: true, cutOff: false, fuzz: [],
  },
  html_comment: {
    fixes: 'the only JSON was inside an HTML comment (`<!-- … -->`, also one the reply\'s end cut off): a note or a commented-out draft, taken when nothing outside comments is',
    input: '<!-- {"a":1} -->', value: { a: 1 }, at: 5, guess: true, cutOff: false, fuzz: [],
  },} as const satisfies Record<string, RepairKindRow>;

/** Every repair the tolerant parser can make; see {@link REPAIR_KINDS}. `disable: [kind]` refuses it. */
export type TextRepairKind = keyof typeof REPAIR_KINDS;
