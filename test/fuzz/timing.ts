// Adversarial timing families: inputs built to make a quadratic (or worse) path show. Each family is
// timed at size n and 4n; linear time means the ratio stays near 4, and the harness allows 5.
// Ratios, not absolute times, so the figures mean the same on a loaded machine.
import { coerce, createStreamParser, createToolCallStream, extract, extractToolCalls, parse, parseAll, query, repair, verifyAll } from '../../src/index.js';
import { nearJsonText } from '../../src/parse/near-json.js';

/** One family: a generator of inputs by size, and the entry point that reads them. */
export interface TimingFamily {
  name: string;
  /** The input of (about) size `n` characters. */
  make: (n: number) => string;
  run: (input: string) => void;
  /** Starting size; grown ×4 until one run takes long enough to measure. */
  n: number;
}

/** Streams `text` in chunks of `size` characters and ends the stream (errors are a result too). */
function stream4(text: string, size = 4): void {
  const p = createStreamParser();
  try {
    for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
    p.end();
  } catch {
    // A failure is an outcome; only its cost is measured here.
  }
}

/** The tool-call stream over `text` in 16-character chunks, tool `ls`, ended (errors are a result too). */
function toolStream(text: string): void {
  tolerant(() => {
    const s = createToolCallStream({ tools: [{ name: 'ls' }] });
    for (let i = 0; i < text.length; i += 16) s.push(text.slice(i, i + 16));
    return s.end();
  });
}

function tolerant(fn: () => unknown): void {
  try {
    fn();
  } catch {
    // Measured for time only.
  }
}

/** extract, `k` times over (see the families that use it). */
const extractTimes = (k: number) => (text: string): void => {
  for (let i = 0; i < k; i++) extract(text);
};

/** The near-JSON lane's rewrite, `k` times over (see the families that use it). */
const rewriteTimes = (k: number) => (text: string): void => {
  for (let i = 0; i < k; i++) nearJsonText(text, 0, text.length, Infinity);
};

const times = (s: string, n: number): string => s.repeat(Math.max(1, Math.round(n / s.length)));

export const FAMILIES: readonly TimingFamily[] = [
  // issue 13: one token longer than a chunk
  { name: 'stream.long-number', n: 10_000, make: (n) => '[' + '1'.repeat(n) + ']', run: stream4 },
  { name: 'stream.long-unquoted-key', n: 10_000, make: (n) => '{' + 'k'.repeat(n) + ': 1}', run: stream4 },
  { name: 'stream.long-word', n: 10_000, make: (n) => '[' + 'w'.repeat(n) + ']', run: stream4 },
  { name: 'stream.runs-open-key', n: 10_000, make: (n) => times('{"a: ', n), run: stream4 },
  { name: 'stream.runs-callback', n: 10_000, make: (n) => times('cb({', n), run: stream4 },
  { name: 'stream.escapes', n: 50_000, make: (n) => '"' + times('\\n', n) + '"', run: stream4 },
  // issue 23: comments and dots in the stream
  { name: 'stream.line-comments', n: 10_000, make: (n) => '[1, ' + times('// note\n', n) + '2]', run: stream4 },
  { name: 'stream.hash-comments', n: 10_000, make: (n) => '[1, ' + times('# note\n', n) + '2]', run: stream4 },
  { name: 'stream.block-comments', n: 10_000, make: (n) => '[1, ' + times('/* note */', n) + '2]', run: stream4 },
  { name: 'stream.dots', n: 10_000, make: (n) => '[1, ' + '.'.repeat(n), run: stream4 },
  // issue 23: many failing candidates
  { name: 'parse.failing-fences', n: 20_000, make: (n) => times('```json\n{"a": @}\n```\n', n), run: (t) => tolerant(() => parse(t)) },
  { name: 'parse.failing-prose', n: 20_000, make: (n) => times('text {"a": @} ', n), run: (t) => tolerant(() => parse(t)) },
  { name: 'parse.failing-tags', n: 20_000, make: (n) => times('<answer>{"a": @}</answer>', n), run: (t) => tolerant(() => parse(t)) },
  { name: 'repair.failing-fences', n: 20_000, make: (n) => times('```json\n{"a": @}\n```\n', n), run: (t) => tolerant(() => repair(t)) },
  { name: 'stream.failing-fences', n: 20_000, make: (n) => times('```json\n{"a": @}\n```\n', n), run: (t) => stream4(t, 64) },
  // deep nesting
  // A word at the bottom (`[[[x]]]`): valid deep arrays would go to JSON.parse, whose own time on them
  // grows faster than the input (about 13× for 4× at 320k characters), and measure V8, not the engine.
  { name: 'parse.deep-arrays', n: 20_000, make: (n) => '['.repeat(n / 2) + 'x' + ']'.repeat(n / 2), run: (t) => tolerant(() => parse(t)) },
  { name: 'parse.deep-unclosed', n: 20_000, make: (n) => times('{"a": [', n), run: (t) => tolerant(() => parse(t)) },
  { name: 'repair.deep-escaped-json', n: 20_000, make: (n) => times('{\\"a\\": ', n), run: (t) => tolerant(() => repair(t)) },
  { name: 'stream.deep-arrays', n: 20_000, make: (n) => '['.repeat(n / 2) + ']'.repeat(n / 2), run: stream4 },
  // runs of closers followed by a comma (strayCloser looks past each run): stray ones under a deep
  // stack, and legit ones of arrays in objects, each of which looks past the rest of its run
  // (repair: building the value of the last one measures V8's collector more than the engine)
  { name: 'parse.stray-closer-runs', n: 20_000, make: (n) => '['.repeat(200) + times('}'.repeat(150) + ', 1, ', n), run: (t) => tolerant(() => parse(t)) },
  { name: 'stream.stray-closer-runs', n: 20_000, make: (n) => '['.repeat(200) + times('}'.repeat(150) + ', 1, ', n), run: stream4 },
  // a key holding left curly quotes, fed in pieces that end right after one (each waits for the colon look)
  { name: 'stream.curly-quotes-in-keys', n: 20_000, make: (n) => '{"' + times('a“', n) + '": 1}', run: stream4 },
  { name: 'stream.keys-as-elements', n: 20_000, make: (n) => '[' + times('{"a": 1, "a", ', n), run: stream4 },
  // a value in prose that may go on after it closed (scanBalanced's look): every one fails, and is read again as prose
  { name: 'extract.prose-continuations', n: 20_000, make: (n) => 'Here: ' + times('{"a": 1}, "b": [2, ', n), run: (t) => extract(t) },
  // ... past a note after the comma (`}}, // …`, `/* …`, `# …` with no line break or `*/` to end it)
  { name: 'extract.prose-continuation-notes', n: 20_000, make: (n) => 'Here: ' + times('{"a": {}}, // x /* # ', n), run: (t) => extract(t) },
  // members whose first is damaged, their `{` lost (damagedMemberEnd, damagedMemberBefore): none closes
  { name: 'extract.damaged-first-members', n: 20_000, make: (n) => times('"a" "x", "b": 1, ', n), run: (t) => extract(t) },
  { name: 'parse.damaged-first-members', n: 20_000, make: (n) => times('"a"： [1, "x", ', n), run: (t) => tolerant(() => parse(t)) },
  // prose that may hold an array's elements or an object's members with the opener lost (missing-opener.ts):
  // an element list that goes on to the end with containers in it, keys that never close, quotations
  // Openers each followed by a block comment that never closes (session 40's review): each looked for
  // the comment's end to the text's end, quadratic (1.1 s at 32,000 openers).
  { name: 'extract.unclosed-comments-after-openers', n: 20_000, make: (n) => times('[ /* x ', n) + '\n{"a": 1}', run: (t) => extract(t) },
  { name: 'extract.prose-element-lists', n: 20_000, make: (n) => 'Here: ' + times('1, {"a": 1}, "x", ', n), run: (t) => extract(t) },
  // Quotes followed by text, not a delimiter: each string looks ahead (bounded) for the quote that
  // ends it, on one long line and with none to find. Fast enough that one run is measurable only at
  // megabytes, where the cache makes any scan look superlinear: extracted 8 times over.
  { name: 'extract.prose-unescaped-quotes', n: 20_000, make: (n) => 'Here: {"a": ' + times('"x "y" z ', n) + '} ok', run: extractTimes(8) },
  { name: 'extract.prose-apostrophes', n: 20_000, make: (n) => "Here: {'a': " + times("'x'y' z ", n) + '} ok', run: extractTimes(8) },
  { name: 'extract.prose-unescaped-quotes-closed', n: 20_000, make: (n) => 'Here: [' + times('"say "hi" now", ', n) + '] ok', run: extractTimes(8) },
  { name: 'extract.prose-member-looks', n: 20_000, make: (n) => times('Set "k": 1 and "v", 2 or [x] ', n), run: (t) => extract(t) },
  { name: 'repair.closer-runs', n: 20_000, make: (n) => '[' + times('{"a":['.repeat(40) + '1' + ']}'.repeat(40) + ', ', n) + '0', run: (t) => tolerant(() => repair(t)) },
  // quotes whose reading looks along the line (closerStartsText past `""]`, scalarElementFollows past
  // a number): every look fails, the string runs on and the quotes stay text
  { name: 'parse.doubled-quote-closers', n: 20_000, make: (n) => '{"a": "' + times('x""]' + 'y'.repeat(120) + ' ', n), run: (t) => tolerant(() => parse(t)) },
  { name: 'stream.quote-then-number', n: 20_000, make: (n) => '["' + times('x"-1.5' + '0'.repeat(120) + ' ', n), run: stream4 },
  // the near-JSON lane (issue 16): its rewrite, on a plain reply and on a string of escaped quotes
  // found by indexOf, run 8 and 32 times over so that a measurable time comes at sizes that stay in the
  // processor's caches (otherwise what grows faster than the input is memory, not the rewrite); and a
  // text it reads to the end and then gives up on, for the engine to read again
  { name: 'parse.near-json', n: 20_000, make: (n) => '[' + times("{'k': 'v', b: True}, ", n) + ']', run: rewriteTimes(8) },
  { name: 'parse.near-json-escaped-quotes', n: 20_000, make: (n) => `['x', "${times('\\\\\\"', n)}"]`, run: rewriteTimes(32) },
  { name: 'parse.near-json-late-exit', n: 20_000, make: (n) => '[' + times("{'k': 'v'}, ", n) + "'it's']", run: (t) => tolerant(() => parse(t)) },
  // Session 16's looks: past a fence whose value reads as cut off (bounded by the text's length in
  // all), to a sentence's closing quote, over thousands' groups, and past a closer to a note's line end.
  { name: 'parse.fences-cut-in-strings', n: 20_000, make: (n) => times('```json\n{"a": "x\n```\n"}\n', n), run: (t) => tolerant(() => parse(t)) },
  { name: 'parse.unquoted-sentences', n: 20_000, make: (n) => '{"a": x' + times(', y', n) + '}', run: (t) => tolerant(() => parse(t)) },
  { name: 'stream.thousands', n: 20_000, make: (n) => '{"a": 1' + times(',234', n) + ':', run: stream4 },
  { name: 'parse.notes-after-closers', n: 20_000, make: (n) => times('{"a": 1}\nNote: x ', n), run: (t) => tolerant(() => parse(t)) },
  // Session 17's looks: after a full-width comma (the next key), after a `u`/`b` (a string closing on
  // its line), after `{{` (a key's quote) — each bounded; long runs of what starts them.
  { name: 'parse.fullwidth-commas-in-text', n: 20_000, make: (n) => '{"a": x' + times('，y', n) + '}', run: (t) => tolerant(() => parse(t)) },
  { name: 'stream.fullwidth-delimiters', n: 20_000, make: (n) => '[' + times('"a"，', n) + '"b"]', run: stream4 },
  { name: 'parse.string-prefixes', n: 20_000, make: (n) => "{'a': [" + times("u'x, ", n) + ']}', run: (t) => tolerant(() => parse(t)) },
  { name: 'stream.table-rows', n: 20_000, make: (n) => '{"rows": [[1]' + times(', "x", 2], [1', n) + ']]}', run: stream4 },
  { name: 'parse.values-after-row', n: 20_000, make: (n) => '{"rows": [[1]' + times(', "x"', n) + '], [2]}', run: (t) => tolerant(() => parse(t)) },
  { name: 'parse.amount-texts', n: 20_000, make: (n) => '{' + times('"a": 10 - 20, "b": 12:30 PM, "c": ~5 min, ', n) + '"z": 1}', run: (t) => tolerant(() => parse(t)) },
  { name: 'stream.long-amount', n: 20_000, make: (n) => '{"a": 1' + times(' - 2', n) + '}', run: stream4 },
  // Session 19's look-aheads: quoted words listed in a string (each `, "` after a quotation looks
  // along the list), a Windows path's escapes (told once per string), Python sets (a `{` then a
  // number looks to the set's `}`), a key's spaces (each looks at the word after it), keys in arrays,
  // and tool calls written as Python lists.
  { name: 'stream.quoted-word-lists', n: 20_000, make: (n) => '{"msg": "Use ' + times('"a", "b" or ', n) + '"}', run: stream4 },
  { name: 'parse.windows-paths', n: 20_000, make: (n) => '[' + times('"C:\\Users\\bob\\new\\tab", ', n) + '0]', run: (t) => tolerant(() => parse(t)) },
  { name: 'stream.python-sets', n: 20_000, make: (n) => '[' + times('{1, 2, 3}, ', n) + '{1, 2', run: stream4 },
  { name: 'parse.spaced-key-words', n: 20_000, make: (n) => '{' + times('a 1 ', n) + ': 1}', run: (t) => tolerant(() => parse(t)) },
  { name: 'stream.keys-in-arrays', n: 20_000, make: (n) => '[' + times('k: 1, ', n) + ']', run: stream4 },
  // Session 38's review: a run of backticks in the stream's prelude (each scanned the rest of the run),
  // and tool tags left open before many reasoning blocks (each block copied the open tags).
  { name: 'stream.backtick-run', n: 20_000, make: (n) => 'x ' + '`'.repeat(n) + ' {"a": 1}', run: stream4 },
  { name: 'tools.open-tags-and-reasoning', n: 20_000, make: (n) => times('<ls>\n', n / 2) + times('<think>a</think>', n / 2) + '\n<tool_call>{"name": "ls", "arguments": {}}</tool_call>', run: toolStream },
  { name: 'tools.pythonic-lists', n: 20_000, make: (n) => times('[get_weather(city="x", days=3), ls()]\n', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'get_weather' }, { name: 'ls' }] })) },
  // Session 28: quotes a word follows, which do not close a pythonic string; a string with no quote
  // that a delimiter follows searched the text's rest from each string (10× for 4× the input).
  { name: 'tools.pythonic-inner-quotes', n: 5_000, make: (n) => `[ls(a='x'y, ${times("b='x'y, ", n)})]`, run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  // Session 21: spans that name their tool in the markup, each looking for closers that come late or
  // never (<tool_call>, <function=…>: each span searched to the reply's end), found by timing 1 MB;
  // Gemma's string tokens; OLMo 3's and Gemma 3's blocks of calls.
  { name: 'tools.qwen3-coder-spans', n: 20_000, make: (n) => times('<function=ls><parameter=a>x</parameter></function>', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  // One call with many parameters: the look for a value's inner tags (pastInnerTags) is searched once.
  { name: 'tools.qwen3-coder-parameters', n: 20_000, make: (n) => '<tool_call>\n<function=ls>\n' + times('<parameter=a>\nx\n</parameter>\n', n) + '</function>\n</tool_call>', run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  // One Gemma call with many strings whose opening token was lost (the look back for the key).
  { name: 'tools.gemma-lost-tokens', n: 20_000, make: (n) => '<|tool_call>call:ls{' + times('a:x<|"|>,', n) + 'b:1}<tool_call|>', run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  { name: 'tools.gemma-calls', n: 20_000, make: (n) => times('<|tool_call>call:ls{a:<|"|>x<|"|>}<tool_call|>', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  { name: 'tools.dsml-calls', n: 20_000, make: (n) => times('<｜DSML｜invoke name="ls"><｜DSML｜parameter name="a" string="true">x</｜DSML｜parameter></｜DSML｜invoke>', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  { name: 'tools.call-blocks', n: 20_000, make: (n) => times('<function_calls>\nls(a=1)\n</function_calls>\n```tool_code\nls()\n```\n', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  { name: 'extract.reasoning-channels', n: 20_000, make: (n) => times('<|channel>thought {"a": 1}<channel|>[THINK][1][/THINK]', n) + '{"b": 2}', run: (t) => tolerant(() => parse(t)) },
  // Full-width brackets read as JSON's: one pass before extraction; in a stream, openers whose follower
  // is held back to the next chunk, and the reader started late over the text before.
  // Words of backslashes, each looked at once for a relative path (pathWordAt), LOOKAHEAD either side.
  { name: 'parse.path-words', n: 20_000, make: (n) => '{"a": "' + times('ab\\nc\\ud ', n) + times('x\\n', n) + '"}', run: (t) => tolerant(() => parse(t)) },
  { name: 'stream.path-words', n: 20_000, make: (n) => '{"a": "' + times('ab\\nc\\ud ', n) + times('x\\n', n) + '"}', run: stream4 },
  { name: 'parse.fullwidth-brackets', n: 20_000, make: (n) => '［' + times('｛"a"：［1］｝，', n) + '1］', run: (t) => tolerant(() => parse(t)) },
  { name: 'parse.fullwidth-prose', n: 20_000, make: (n) => times('注［1］ ［   ', n), run: (t) => tolerant(() => parse(t)) },
  { name: 'stream.fullwidth-brackets', n: 20_000, make: (n) => 'x'.repeat(n) + '［' + times('｛"a"： ［ 1］｝，', n) + '1］', run: stream4 },
  // A claim's JSONPath whose quoted name is full of dots: each cut tried for the suggestion's rest counts
  // (resolve.ts restAfter), or each cut that does not parse cost the length before it.
  { name: 'verify.dotted-jsonpath-name', n: 20_000, make: (n) => "$['" + times('a.', n) + "'][*].status", run: (t) => tolerant(() => verifyAll([{ mode: 'field', path: t, value: 'open' }], { tickets: [{ status: 'open' }] })) },
  { name: 'extract.doubled-braces', n: 20_000, make: (n) => times('Hi {{name}} {{"a" ', n), run: (t) => tolerant(() => extract(t)) },
  // Session 23: strings that open a document whose quotes are not escaped, each searched to its
  // closer or the text's end (bounded in all by the allowance past each string's start), in the
  // parser, the stream and the prose scan.
  { name: 'parse.documents-in-strings', n: 20_000, make: (n) => '{' + times('"a": "{"k": [1, "b": "x", ', n) + '"z": 1}', run: (t) => tolerant(() => parse(t)) },
  { name: 'stream.documents-in-strings', n: 20_000, make: (n) => '[' + times('"{"k": "v", ', n) + ']', run: stream4 },
  // A string that waits at a quote for a search to its end (the code block's closing fence never
  // comes) is read again only once the text since the quote doubles, not on every chunk.
  { name: 'stream.fenced-string-waiting', n: 20_000, make: (n) => '{"a": "```\n' + times('x = "y"\n', n), run: stream4 },
  // Session 35: tags in strings that run over line breaks or are single-quoted, each read from up to
  // the look-back's length before it (and a string's end looked for as far after it).
  { name: 'extract.tags-in-strings', n: 20_000, make: (n) => 'Here:\n' + times('{"t": "x\n</think> <answer>\n", \'u\': \'<think>\'}\n', n), run: (t) => tolerant(() => extract(t)) },
  { name: 'extract.tags-in-open-strings', n: 20_000, make: (n) => '{"t": "x\n' + times('</think> <answer> y\n', n), run: (t) => tolerant(() => extract(t)) },
  // Session 35: fences whose strings hold code blocks, every one read by parseAll: a string the
  // span ends inside looked back for its container's last closer through the whole text before.
  { name: 'parseAll.fences-of-code-blocks', n: 20_000, make: (n) => 'Here: ' + times('```json\n{"v": "Run:\n```\nls\n```\n', n), run: (t) => tolerant(() => parseAll(t)) },
  { name: 'extract.documents-in-strings', n: 20_000, make: (n) => 'Here: {' + times('"a": "["x", {"k": ', n) + '} ok', run: (t) => tolerant(() => extract(t)) },
  // A reply of numbers read for an array of numbers: split at commas, then white space (long runs of
  // spaces before a comma would make a pattern like `\s*,\s*` backtrack).
  // Session 33's linear-time audit: empty values written one after another through a schema (each
  // part read the whole repair log), and an object of many required properties, present or missing.
  { name: 'schema.concatenated-empties', n: 8_000, make: (n) => times('{}', n) + '{"a": 1}', run: (t) => tolerant(() => parse(t, { schema: { type: 'object' } })) },
  { name: 'schema.many-required', n: 20_000, make: (n) => times('{"a": "1"}', n), run: (t) => tolerant(() => {
    const props: Record<string, unknown> = {};
    for (let i = 0; i < t.length / 10; i++) props[`a${i}`] = { type: 'integer' };
    const schema = { type: 'object', properties: props, required: Object.keys(props) };
    coerce(Object.fromEntries(Object.keys(props).map((k, i) => [k, String(i)])), schema);
    coerce({}, schema);
  }) },
  { name: 'schema.number-lists', n: 20_000, make: (n) => '1' + times('  ', n) + ',2' + times(' 3 ,', n) + 'x', run: (t) => tolerant(() => parse(t, { schema: { type: 'array', items: { type: 'number' } } })) },
  // Session 25: an unquoted value's next lines read for the end that shows they go on it (bounded per
  // value), in the parser and the stream; pythonic lists in prose, each read to see whether it ends
  // its line.
  { name: 'parse.unquoted-lines', n: 20_000, make: (n) => '{' + times('a: x y\n z w\n', n) + '}', run: (t) => tolerant(() => parse(t)) },
  { name: 'stream.unquoted-lines', n: 20_000, make: (n) => '{"a": x' + times('\ny z', n) + ', "b": 1}', run: stream4 },
  // Session 26: a string that never closes, then more quotes, each looked at as an array's elements.
  { name: 'parse.escaped-quote-openers', n: 20_000, make: (n) => times('[\\"', n), run: (t) => tolerant(() => parse(t)) },
  // Session 26: a comma in an unquoted value looks past itself for a key; a line of the value for a comma.
  { name: 'parse.text-commas', n: 20_000, make: (n) => '{"a": x' + times(', Frag 5', n) + '}', run: (t) => tolerant(() => parse(t)) },
  { name: 'stream.text-commas', n: 20_000, make: (n) => '{"a": x' + times(', y z', n) + ', "b": 1}', run: stream4 },
  { name: 'parse.text-comma-lines', n: 20_000, make: (n) => '{"a": x y' + times('\nFrag 2, frag 3 "q" z', n) + '\n}', run: (t) => tolerant(() => parse(t)) },
  { name: 'tools.pythonic-in-prose', n: 20_000, make: (n) => times('See [ls(a=1)] and [ls(a=', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  // Review of session 25: many lists on one line (each searched to the line's end), and a GLM
  // header whose name is followed by a long run of space (each push scanned it again).
  { name: 'tools.pythonic-one-line', n: 20_000, make: (n) => times('[ls(a=1)] x ', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  // GLM headers whose first <arg_key> may have been lost: each looks at most a name past a <tool_call>.
  { name: 'tools.glm-lost-arg-key', n: 20_000, make: (n) => times('<tool_call>ls<tool_call>ls ', n) + '</arg_key>', run: toolStream },
  // ReAct actions: each `Action:` looked at within its line's first NAME_LIMIT characters.
  { name: 'tools.react-actions', n: 20_000, make: (n) => times('Action:Action: ls ', n) + '\n' + times('Action: ls\nAction Input: x\n', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  // Session 32: Qwen3-Coder markup written loosely (drifted-call.ts): many nameless parameters in one call, and many calls named bare.
  { name: 'tools.drifted-markup', n: 20_000, make: (n) => '<tool_call>\n<function>ls</function>\n' + times('<parameter>a</parameter>\nx\n', n) + '</function>\n</tool_call>' + times('<tool_call>ls {"a": 1}</tool_call>', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  // Session 32: Cherry Studio's <tool_use> blocks, headers that never read and calls, streamed.
  { name: 'tools.tool-use-blocks', n: 20_000, make: (n) => times('<tool_use><name>ls', n) + times('<tool_use><name>ls</name><arguments>{"a": 1}</arguments></tool_use>', n), run: toolStream },
  // Session 33: GLM-4's name lines (read, and ones prose follows), Qwen-Agent's ✿FUNCTION✿ words, `<function=NAME={…}`
  // and Kimi calls with the argument token lost (streamed), and prose with JSON in it after a bare call.
  { name: 'tools.name-lines', n: 20_000, make: (n) => times('ls\n{"a": 1}\n\nls {"a": 1} x\n', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  { name: 'tools.qwen-agent-words', n: 20_000, make: (n) => times('✿FUNCTION✿: ls\n✿ARGS✿: {"a": 1}\n✿FUNCTION✿: ls ', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  { name: 'tools.lost-header-tokens', n: 20_000, make: (n) => times('<function=ls={"a": 1}</function><|tool_call_begin|>functions.ls:0 {"a": 1}<|tool_call_end|>', n), run: toolStream },
  { name: 'tools.prose-after-bare-call', n: 20_000, make: (n) => '{"name": "ls", "arguments": {}} ' + times('ok {"a": 1} ', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  // Session 33: thousands of calls in one reply (each later format asked whether a candidate lay in
  // any call read before, one call at a time: the square of their number), and ReAct inputs whose
  // JSON each looked on to the reply's end for more of itself.
  { name: 'tools.many-calls', n: 800_000, make: (n) => times('<tool_call>{"name":"ls","arguments":{"a":1}}</tool_call>\n<|tool_call>call:ls{a:<|"|>x<|"|>}<tool_call|>', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  { name: 'tools.many-react-inputs', n: 200_000, make: (n) => times('Action: ls\nAction Input: {"a": 1}\n', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  // Session 33's linear-time audit: one Qwen3-Coder call of many parameters, streamed (each event
  // copied every parameter so far).
  { name: 'tools.stream-many-parameters', n: 40_000, make: (n) => '<function=ls>' + Array.from({ length: Math.round(n / 30) }, (_, i) => `<parameter=a${i}>x</parameter>`).join('') + '</function>', run: toolStream },
  // Session 33: [TOOL_CALL] blocks: one call with many flags, many calls, and many strings that never end, streamed.
  { name: 'tools.arrow-blocks', n: 20_000, make: (n) => '[TOOL_CALL]{tool => "ls", args => {' + times('--a "x" ', n) + '}}[/TOOL_CALL]' + times('[TOOL_CALL]{tool => "ls"}', n) + times('[TOOL_CALL]{tool => "ls", args => {--a "', n), run: toolStream },
  { name: 'tools.glm-header-space', n: 20_000, make: (n) => '<tool_call>ls' + times('\n', n) + '<arg_key>a</arg_key><arg_value>x</arg_value></tool_call>', run: toolStream },
  // Session 33, round 2: ChatGLM3's fences (named, and in prose with strings that never end), the name in a
  // <tool_call>'s tag (streamed, and headers that never close), ReAct's Chinese words and full-width colons,
  // GLM's doubled <arg_key> and stray </arg_value> (streamed), Kimi ids not functions.NAME:N.
  { name: 'tools.chatglm-fences', n: 20_000, make: (n) => times("ls\n```python\ntool_call(a='x')\n```\n\n", n) + times("x ```python\ntool_call(a='", n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  { name: 'tools.named-tags', n: 20_000, make: (n) => times('<tool_call name="ls">{"a": 1}</tool_call><function_call id="c" name="ls">{}</function_call>', n) + times('<tool_call name="ls" ', n), run: toolStream },
  { name: 'tools.chinese-react', n: 20_000, make: (n) => times('动作：ls\n动作输入：{"a": 1}\n调用工具：ls 工具 ', n) + times('Action：Action ', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  { name: 'tools.glm-doubled-keys', n: 20_000, make: (n) => '<tool_call>ls' + times('<arg_key> ', n) + 'a</arg_key><arg_value>x</arg_value></tool_call>' + times('<tool_call>ls</arg_value></tool_call>', n), run: toolStream },
  { name: 'tools.kimi-ids', n: 20_000, make: (n) => times('<|tool_call_begin|>functionsls0<|tool_call_argument_begin|>{"a": 1}<|tool_call_end|>', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }, { name: 'ls2' }] })) },
  // Session 34: Kimi calls whose <|tool_call_begin|> was lost (after the section's opener and after a call's
  // end, and a look there that finds none), calls in ```xml fences, Qwen-Agent's one-line words, calls after a
  // made-up Observation, and headers in prose that a cut-off header at the reply's end resembles.
  { name: 'tools.kimi-lost-openers', n: 20_000, make: (n) => times('<|tool_calls_section_begin|>ls:0<|tool_call_argument_begin|>{"a": 1}<|tool_call_end|>functions.ls:1 {"a": 1}<|tool_call_end|>Done <|tool_calls_section_begin|>    ', n), run: toolStream },
  { name: 'tools.xml-fences', n: 20_000, make: (n) => times('```xml\n<function_call>{"name": "ls", "arguments": {}}</function_call>\n```\n```xml\n<tool_call>{"name": "ls", "arguments": {}}</tool_call>\n<x/>\n```\n', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  { name: 'tools.qwen-agent-one-line', n: 20_000, make: (n) => times('✿FUNCTION✿: ls, ✿ARGS✿: {"a": 1}\n✿FUNCTION✿: ls ✿ARG ✿ARGS ', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  { name: 'tools.after-observation', n: 20_000, make: (n) => '{"name": "ls", "arguments": {}}\n' + times('Observation: {"name": "ls", "arguments": {}}\n[ls(a=1)]\nAction: ls\nAction Input: {}\n', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  { name: 'tools.cut-headers-in-prose', n: 20_000, make: (n) => times('[TOOL_CALLS]ls x <|tool_call>call:ls x <tool_call>ls x <｜tool▁call▁begin｜>ls x to=functions.ls x <tool_use><name>ls x ', n) + '[TOOL_CALLS]ls', run: toolStream },
  // Session 34 (2): placeholders for a call's arguments in prose (each an error set aside: its line number
  // was counted from the reply's start).
  { name: 'tools.placeholders-in-prose', n: 80_000, make: (n) => times('Write {"name": "ls", "arguments": {…}} to call it. ', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  // Session 34 (2): Gemini CLI's [tool_call: NAME for KEY 'VALUE'] (calls, values with quotes that close no value,
  // openers on one line that never read), langroid's TOOL: label.
  { name: 'tools.gemini-cli-words', n: 20_000, make: (n) => times("[tool_call: ls for a 'x', b \"y\" and c='z']\n", n) + times("[tool_call: ls for a 'it's [tool_call: ls ", n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  { name: 'tools.langroid-labels', n: 20_000, make: (n) => times('TOOL: ls\n{"request": "ls", "a": 1}\n\nTOOL: {"request": "x"} ', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  // Session 35: calls whose markup is a tool's name (tool-tags.ts): tags read, tags with no closer (each
  // looked up once per name), attribute lines standing apart, Gemma calls with their tokens stripped
  // (read, rejected for the prose after them, nested openers never closed).
  { name: 'tools.tool-tags', n: 20_000, make: (n) => times('<ls a="x" />\n<ls>\n<b>y</b>\n</ls>\n', n) + times('<ls a="x">\n<b>y</b>\n', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  { name: 'tools.attribute-lines', n: 20_000, make: (n) => times('ls a="x" b=\'y\'\n', n) + '\n' + times('ls a="x"\nls b="', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  // Paragraphs of attribute values never closed, `"` ones then `'` ones: each value's closing quote is
  // looked for on its line only (it was looked for up to the next quote of its kind, anywhere).
  { name: 'tools.attribute-lines-unclosed', n: 20_000, make: (n) => times('run_command cmd="ls\n\n', n / 2) + times("run_command cmd='ls\n\n", n / 2), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'run_command' }] })) },
  { name: 'tools.stripped-gemma', n: 20_000, make: (n) => times('call:ls{a:<escape>x<escape>}\n', n) + times('call:ls{a:1} x\n', n) + times('call:ls{a:(', n), run: (t) => tolerant(() => extractToolCalls(t, { tools: [{ name: 'ls' }] })) },
  // Session 27: openers whose header never reads (no `>` after `<invoke name=`), streamed: each
  // rejected one kept the text before it in the scanner's window, which every chunk then copied.
  { name: 'tools.rejected-openers-streamed', n: 160_000, make: (n) => times('<invoke name=', n), run: (t) => tolerant(() => { const s = createToolCallStream({ tools: [{ name: 'ls' }] }); for (let i = 0; i < t.length; i += 7) s.push(t.slice(i, i + 7)); return s.end(); }) },
  // Session 27: a wide object streamed in 16-character chunks; each snapshot copied it, a member
  // costing a hundred times an element to copy (the tree now counts it so).
  { name: 'stream.wide-object', n: 200_000, make: (n) => '{' + Array.from({ length: Math.max(1, Math.round(n / 12)) }, (_, i) => `"a${i}": 1, `).join('') + '"z": 0}', run: (t) => { const s = createStreamParser(); for (let i = 0; i < t.length; i += 16) s.push(t.slice(i, i + 16)); return s.end(); } },
  // JSONPath regular expressions (issue 13)
  { name: 'path.regex-nested-plus', n: 20_000, make: (n) => 'a'.repeat(n), run: (s) => query([s], "$[?match(@, '(a+)+b')]") },
  { name: 'path.regex-dot-stars', n: 20_000, make: (n) => 'x'.repeat(n), run: (s) => query([s], "$[?search(@, '.*.*=.*')]") },
  { name: 'path.regex-counted', n: 20_000, make: (n) => 'a'.repeat(n), run: (s) => query([s], "$[?search(@, 'a{0,30}b')]") },
  // Path probe S2: many distinct code points against a counted repeat; the DFA moves on character
  // classes, so each new character costs a class lookup, not a walk over every NFA state.
  { name: 'path.regex-distinct-chars', n: 20_000, make: (n) => Array.from({ length: n }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919) % 20000))).join(''), run: (s) => query([s], "$[?search(@, '.{0,300}X')]") },
  // Path probe S1: chained descendant segments that select nothing, over many short chains: linear in
  // the document (each chain is walked a bounded number of times).
  { name: 'path.descendant-chains', n: 20_000, make: (n) => JSON.stringify(Array.from({ length: Math.max(1, Math.round(n / 40)) }, () => ({ a: { a: { a: { a: { b: 1 } } } } }))), run: (t) => query(JSON.parse(t), '$..a..a..a.zzz') },
];

/** Most characters a family grows to while looking for a measurable time. */
const MAX_SIZE = 16_000_000;
/** A run at the base size should take at least this long for the ratio to mean something. */
const MIN_MS = 25;

/** `gc` when node runs with --expose-gc (`npm run fuzz` does). */
const collect = (globalThis as { gc?: () => void }).gc;

function best(fn: () => void, runs: number): number {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    // The previous run's garbage is collected before the clock starts, not charged to this run: on deep
    // nesting, collection is most of the time and its timing varies the most.
    collect?.();
    const t = performance.now();
    fn();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

/** What one family measured. */
export interface TimingResult {
  name: string;
  n: number;
  ms: number;
  ms4: number;
  ratio: number;
  ok: boolean;
}

/**
 * Times `family` at n and 4n (best of several runs each, the two sizes alternating, up to 3 attempts
 * to rule out noise); ok when the ratio ≤ `limit`. n grows until the small input takes MIN_MS, so the
 * ratio is not the ratio of two timer ticks.
 */
export function measure(family: TimingFamily, limit = 5): TimingResult {
  let n = family.n;
  let input = family.make(n);
  family.run(input); // warm up
  let big: string | undefined;
  let result: TimingResult | undefined;
  for (let attempt = 0; attempt < 3; ) {
    let small = best(() => family.run(input), 5);
    if (small < MIN_MS && n * 16 <= MAX_SIZE) {
      // Too quick to measure: grow (this also happens when the first runs were slowed by the JIT).
      n *= 4;
      input = family.make(n);
      big = undefined;
      result = undefined;
      continue;
    }
    big ??= family.make(n * 4);
    const bigInput = big;
    // One run of the large input when it is slow anyway: a second would not change the verdict.
    let large = best(() => family.run(bigInput), 1);
    if (large < 1_000) {
      small = Math.min(small, best(() => family.run(input), 2));
      large = Math.min(large, best(() => family.run(bigInput), 2));
    }
    const ratio = large / Math.max(small, 0.001);
    if (result === undefined || ratio < result.ratio) result = { name: family.name, n, ms: small, ms4: large, ratio, ok: ratio <= limit };
    // Retries are for noise; a ratio far above the limit on a long run is not noise.
    if (result.ok || (large > 2_000 && ratio > 2 * limit)) break;
    attempt++;
  }
  return result!;
}
