// Generators for the fuzz harness: damaged model replies, random chunkings, JSONPath queries, claims.
import fc from 'fast-check';
import { TOKENS } from '../../src/extract/tool-calls/index.js';

/** Fragments models and damage produce: brackets, quotes, literals of other languages, fences, tags, comments. */
const PIECES = [
  '{', '}', '[', ']', '"', "'", ':', ',', ' ', '\n', '\r\n', '\t', '\\', 'a', 'key', '1', '-', '.', 'e', '0', '12.5',
  'true', 'false', 'null', 'True', 'False', 'None', 'undefined', 'NaN', 'Infinity', 'nan', '-inf', '-0', '1e999', '0x1F',
  '/', '*', '#', '(', ')', '“', '”', '`', '```json\n', '```\n', '```', '<answer>', '</answer>', '<think>', '</think>',
  '<|channel>thought', '<channel|>', '<|channel|>analysis', '<|end|>', '[THINK]', '[/THINK]', '<|im_end|>', '</s>', 'analysis', 'assistantfinal', '<|channel|>commentary', '<|call|>', '...', '…', '+', 'u', 'x', '//', '/*', '*/', '# c\n', '\\"', '\\n', '\\u00', '\u2028', '\u00a0', '\ud800', '\u001b',
  'cb(', ');', 'Here is the JSON:', '@', '{"a": ', '"b": [', '&quot;', '{\\"a\\": 1}', '［', '］', '｛', '｝', '，', '：',
  // Session 32: a note paragraph, a word glued to an object, a path alone, a label with its colon in a key, a doubled fence, a tuple's look.
  '\n\nNote: the id is required.', '결{', './', '"a: b"', '```\n```json\n', '("entity"<|>', 'Note: ',
];

export const piece = fc.constantFrom(...PIECES);

/** A JSON value small enough that a failure prints on one line. */
export const jsonValue = fc.jsonValue({ maxDepth: 4, depthSize: 'small' });

/** A container value: what a model is asked for. */
export const jsonContainer = jsonValue.filter((v) => typeof v === 'object' && v !== null);

/** Valid JSON with one edit: a piece inserted, or a slice removed. */
const damagedJson = fc.tuple(jsonValue, fc.nat(), fc.nat({ max: 6 }), piece, fc.boolean()).map(([v, at, len, p, insert]) => {
  const text = JSON.stringify(v, null, at % 3 === 0 ? 2 : undefined);
  const i = at % (text.length + 1);
  return insert ? text.slice(0, i) + p + text.slice(i) : text.slice(0, i) + text.slice(i + len);
});

/** The offsets of `text`'s structural characters (valid JSON): those outside strings. */
function structuralOffsets(text: string): number[] {
  const out: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if ('{}[],:'.includes(c)) out.push(i);
  }
  return out;
}

/** The offsets just after each closer of `text` (valid JSON) that is not inside a string. */
function closerEnds(text: string): number[] {
  return structuralOffsets(text).filter((i) => text[i] === '}' || text[i] === ']').map((i) => i + 1);
}

/** `v` with each key made unique in the document (a number appended). */
function uniqueKeys(v: unknown, count: { n: number }): unknown {
  if (Array.isArray(v)) return v.map((x) => uniqueKeys(x, count));
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[`${k}${count.n++}`] = uniqueKeys(x, count);
  return out;
}

/**
 * A container's JSON with one or two stray closers written right after one of its closers:
 * `{"a": 1}}, "b": 2}`, alone or in prose (which extraction must not cut at the stray closer). The
 * value it was made from comes with it.
 */
export const strayCloser = fc.tuple(jsonContainer, fc.nat(), fc.constantFrom('}', ']', '}}', ']]', '}]', ']}'), fc.boolean(), fc.boolean())
  .map(([container, at, stray, pretty, inProse]) => {
    // Keys unique in the whole document: a closer read too early moves the members after it to the
    // parent object, where a key it already has replaces its value (nothing in the text tells).
    const value = uniqueKeys(container, { n: 0 });
    const text = JSON.stringify(value, null, pretty ? 2 : undefined);
    const ends = closerEnds(text);
    const i = ends[at % ends.length];
    const damaged = text.slice(0, i) + stray + text.slice(i);
    return { value, text: inProse ? `Here is the result: ${damaged} Hope it helps.` : damaged };
  });

/**
 * Text a model writes in strings and keys, punctuation and brackets included, without quotes or
 * backslashes and not starting with space or a delimiter: after a deleted comma, `"a"",b": 1` (an
 * empty string, then a key starting with `,`) reads as a doubled quote at a string's end just as
 * well, so no reading can promise that text back.
 */
const plainText = fc.string({ maxLength: 12 }).map((x) => x.replace(/["\\]/g, '_').replace(/^[\s,:[\]{}]/, '_'));

/** A container of scalars, arrays and objects whose strings are `strings` ({@link plainText}), and its keys `keys`. */
function containerOf(keys: fc.Arbitrary<string>, strings = plainText): fc.Arbitrary<unknown> {
  return fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 4 },
      fc.constant(null), fc.boolean(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), strings,
      fc.array(tie('value'), { maxLength: 5 }),
      fc.dictionary(keys, tie('value'), { maxKeys: 5 }),
    ),
  })).value.filter((v) => typeof v === 'object' && v !== null);
}

/**
 * A container whose strings are {@link plainText}, and its keys too but for colons: a key that holds
 * a colon and a bracket after it (`"a:}"`), its own colon deleted, reads as well as a key that lost
 * its closing quote at that colon (`"a: }`), so no reading can promise that text back.
 */
const plainContainer = containerOf(plainText.map((x) => x.replace(/:/g, '_')));

/**
 * A container whose keys are identifiers, as models name fields: a key that lost its closing quote
 * ends at its first colon, and a key with colons of its own (`"a:b`) cannot say which one that is.
 */
const identifier = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/);
const identifierContainer = containerOf(identifier);

/**
 * A container whose keys are identifiers and whose strings are words, as models write labels and
 * names (`"Ann Lee"`, `"v1.2"`): a string that lost a quote runs on through delimiters, and only
 * words tell where it ended. None ends in a space (cut at a line break, trailing spaces go).
 */
const wordContainer = containerOf(identifier, fc.stringMatching(/^[A-Za-z]([A-Za-z0-9 .]{0,11}[A-Za-z0-9])?$/));

/**
 * The offsets of `text`'s delimiters `which` (valid JSON) outside strings, but commas between two
 * words or numbers: `12,34` or `null,false` without the comma is one token (`1234`), and nothing
 * tells where it split.
 */
function delimitersOf(text: string, which: string): number[] {
  return structuralOffsets(text).filter((i) => text[i] === which && !(which === ',' && /[\w.]/.test(text[i - 1]) && /[\w-]/.test(text[i + 1])));
}

/**
 * A container's JSON with one delimiter deleted: a comma (`["abc"-1.5, 2]`), a colon, an opener (the
 * first one too: `"a": 1}`, a reply that goes on from a `{` the application wrote) or a closer, alone
 * or in prose, where extraction must still take the whole container (`Here: "a": 1, "b": [2]}`), not
 * one nested in it. Keys are unique (see strayCloser). The value it was made from comes with it.
 */
export const deletedDelimiter = fc.tuple(plainContainer, fc.nat(), fc.constantFrom(',', ',', ':', '{', '}', '[', ']'), fc.boolean(), fc.boolean())
  .map(([container, at, which, pretty, inProse]) => {
    const value = uniqueKeys(container, { n: 0 });
    const text = JSON.stringify(value, null, pretty ? 2 : undefined);
    const found = delimitersOf(text, which);
    const i = found.length > 0 ? found[at % found.length] : -1;
    const damaged = i < 0 ? text : text.slice(0, i) + text.slice(i + 1);
    return { value, text: inProse ? `Here is the result: ${damaged} Hope it helps.` : damaged, inProse };
  });

/** `v` as JavaScript and Python write it by hand: keys unquoted, strings single-quoted, Python's literals, trailing commas when pretty. */
function scriptLiteral(v: unknown, pretty: boolean, indent = ''): string {
  const inner = indent + '  ';
  const list = (items: string[], open: string, close: string): string =>
    items.length === 0 ? open + close : pretty ? `${open}\n${items.map((x) => `${inner}${x},\n`).join('')}${indent}${close}` : `${open}${items.join(', ')}${close}`;
  if (Array.isArray(v)) return list(v.map((x) => scriptLiteral(x, pretty, inner)), '[', ']');
  if (v !== null && typeof v === 'object') return list(Object.entries(v).map(([k, x]) => `${k}: ${scriptLiteral(x, pretty, inner)}`), '{', '}');
  if (typeof v === 'string') return `'${v}'`;
  return v === true ? 'True' : v === false ? 'False' : v === null ? 'None' : JSON.stringify(v);
}

/**
 * recovery.deleted-delimiter's damage on a container written as JavaScript and Python write it
 * (`{name: 'Ann', ok: True, tags: ['a',],}`): one comma, colon, opener or closer deleted, alone or in
 * prose. Keys are identifiers, strings words, keys unique.
 */
export const deletedScriptDelimiter = fc.tuple(wordContainer, fc.nat(), fc.constantFrom(',', ',', ':', '{', '}', '[', ']'), fc.boolean(), fc.boolean())
  .map(([container, at, which, pretty, inProse]) => {
    const value = uniqueKeys(container, { n: 0 });
    const text = scriptLiteral(value, pretty);
    // Outside the single-quoted strings (words hold no quote).
    const found: number[] = [];
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === "'") quoted = !quoted;
      else if (!quoted && text[i] === which) found.push(i);
    }
    const i = found.length > 0 ? found[at % found.length] : -1;
    const damaged = i < 0 ? text : text.slice(0, i) + text.slice(i + 1);
    return { value, text: inProse ? `Here is the result: ${damaged} Hope it helps.` : damaged, inProse };
  });

/** The offsets of the closing quotes of `text`'s keys (valid JSON). */
function keyClosingQuotes(text: string): number[] {
  const out: number[] = [];
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (open >= 0) {
      if (c === '\\') i++;
      else if (c === '"') {
        if (/^\s*:/.test(text.slice(i + 1, i + 8))) out.push(i);
        open = -1;
      }
    } else if (c === '"') open = i;
  }
  return out;
}

/**
 * A container's JSON with one key's closing quote deleted (`{"a": 1, "b: [2]}`), where the key must
 * not run on through the rest of the document, or the same written as Python writes it (`{'a': 1,
 * 'b: [2]}`, its strings words). Keys are identifiers and unique. Alone only: in prose,
 * extraction pairs the quotes as they stand, and a value with brackets in it (`{"a:"x]("}`) can end
 * the span early (a todo in test/parse/silent-loss-survey.test.ts).
 */
export const deletedKeyQuote = fc.boolean().chain((python) => fc.tuple(python ? wordContainer : identifierContainer, fc.nat(), fc.boolean())
  .map(([container, at, pretty]) => {
    const value = uniqueKeys(container, { n: 0 });
    const json = JSON.stringify(value, null, pretty ? 2 : undefined);
    // As Python writes it (`{'a': 'x'}`): its strings are words, with no quote of either kind.
    const text = python ? json.replace(/"/g, "'") : json;
    const found = keyClosingQuotes(json);
    const i = found.length > 0 ? found[at % found.length] : -1;
    return { value, text: i < 0 ? text : text.slice(0, i) + text.slice(i + 1), inProse: false };
  }));

/**
 * A container's JSON with one key's opening quote written twice (`{""name": "Ann"}`), alone or in
 * prose. Keys are identifiers, strings words, keys unique. With the value it was made from.
 */
export const doubledKeyQuote = fc.tuple(wordContainer, fc.nat(), fc.boolean(), fc.boolean())
  .map(([container, at, pretty, inProse]) => {
    const value = uniqueKeys(container, { n: 0 });
    const text = JSON.stringify(value, null, pretty ? 2 : undefined);
    // A key's opening quote: the quote before its closing one, which keyClosingQuotes finds.
    const found = keyClosingQuotes(text).map((close) => text.lastIndexOf('"', close - 1));
    const i = found.length > 0 ? found[at % found.length] : -1;
    const damaged = i < 0 ? text : text.slice(0, i) + '"' + text.slice(i);
    return { value, text: inProse ? `Here is the result: ${damaged} Hope it helps.` : damaged, inProse };
  });

/** The offsets of `text`'s quotes (valid JSON) that open or close a string. */
function stringQuotes(text: string): number[] {
  const out: number[] = [];
  let open = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (open && c === '\\') i++;
    else if (c === '"') {
      out.push(i);
      open = !open;
    }
  }
  return out;
}

/**
 * A container's JSON with one quote deleted, opening or closing, a key's or a string's
 * (`{name": "Ann"}`, `["Ann, 3]`), alone or in prose. Keys are identifiers, strings words, keys unique.
 */
export const deletedQuote = fc.tuple(wordContainer, fc.nat(), fc.boolean(), fc.boolean())
  .map(([container, at, pretty, inProse]) => {
    const value = uniqueKeys(container, { n: 0 });
    const text = JSON.stringify(value, null, pretty ? 2 : undefined);
    const found = stringQuotes(text);
    const i = found.length > 0 ? found[at % found.length] : -1;
    const damaged = i < 0 ? text : text.slice(0, i) + text.slice(i + 1);
    return { value, text: inProse ? `Here is the result: ${damaged} Hope it helps.` : damaged, inProse };
  });

/**
 * A container whose strings are lines of words (each line starting with a letter), their line breaks written raw as models write them
 * (`"a": "one⏎two"`), with one quote deleted: a string that lost its opening quote runs over lines
 * to its closing one (`{"a": one⏎two", "b": 1}`). Keys are identifiers, keys unique. Not in prose:
 * there, extraction may still end the span at a string's raw line break (`["a,["a"],"a⏎a"]`).
 */
export const deletedQuoteRawLines = fc.tuple(containerOf(identifier, fc.stringMatching(/^[A-Za-z]([A-Za-z0-9 .]{0,5}\n[A-Za-z]([A-Za-z0-9 .]{0,4}[A-Za-z0-9])?)?$/)), fc.nat(), fc.boolean())
  .map(([container, at, pretty]) => {
    const value = uniqueKeys(container, { n: 0 });
    const text = JSON.stringify(value, null, pretty ? 2 : undefined).replace(/\\n/g, '\n');
    const found = stringQuotes(text);
    const i = found.length > 0 ? found[at % found.length] : -1;
    return { value, text: i < 0 ? text : text.slice(0, i) + text.slice(i + 1), inProse: false };
  });

/**
 * A container's JSON with one quote replaced by another kind (`{'a": 1}`, `["x", “y"]`), as an editor
 * or a model's habit writes one: the string it opens or closes is read to its other quote, alone or
 * in prose. Keys are identifiers, strings words, keys unique.
 */
export const replacedQuote = fc.tuple(wordContainer, fc.nat(), fc.constantFrom("'", '\u201c', '\u201d'), fc.boolean(), fc.boolean())
  .map(([container, at, by, pretty, inProse]) => {
    const value = uniqueKeys(container, { n: 0 });
    const text = JSON.stringify(value, null, pretty ? 2 : undefined);
    const found = stringQuotes(text);
    const i = found.length > 0 ? found[at % found.length] : -1;
    const damaged = i < 0 ? text : text.slice(0, i) + by + text.slice(i + 1);
    return { value, text: inProse ? `Here is the result: ${damaged} Hope it helps.` : damaged, inProse };
  });

/**
 * A container's JSON with a stray `"` written before one of its delimiters (`{"a": true"}`,
 * `{"k"": 1}`, `[{"}, 2]`), alone or in prose. Keys are identifiers, strings words, keys unique.
 */
export const insertedQuote = fc.tuple(wordContainer, fc.nat(), fc.boolean(), fc.boolean())
  .map(([container, at, pretty, inProse]) => {
    const value = uniqueKeys(container, { n: 0 });
    const text = JSON.stringify(value, null, pretty ? 2 : undefined);
    const found = structuralOffsets(text);
    const i = found.length > 0 ? found[at % found.length] : text.length;
    const damaged = text.slice(0, i) + '"' + text.slice(i);
    return { value, text: inProse ? `Here is the result: ${damaged} Hope it helps.` : damaged, inProse };
  });

/** `v` with its `n`-th string leaf (counting from 0, modulo their number) replaced by `by`. */
function withStringLeaf(v: unknown, n: number, by: string): unknown {
  const leaves: number[] = [0];
  const count = (x: unknown): void => {
    if (typeof x === 'string') leaves[0]++;
    else if (x !== null && typeof x === 'object') for (const y of Object.values(x)) count(y);
  };
  count(v);
  if (leaves[0] === 0) return Array.isArray(v) ? [...v, by] : { ...(v as object), quoted: by };
  let at = n % leaves[0];
  const swap = (x: unknown): unknown => {
    if (typeof x === 'string') return at-- === 0 ? by : x;
    if (Array.isArray(x)) return x.map(swap);
    if (x === null || typeof x !== 'object') return x;
    const out: Record<string, unknown> = {};
    for (const [k, y] of Object.entries(x)) out[k] = swap(y);
    return out;
  };
  return swap(v);
}

/**
 * A container's JSON with a string holding a quoted word whose quotes the model did not escape
 * (`"note": "a "done}" and more"`), the word's brackets and braces included, alone or in prose. Keys
 * are identifiers, strings words, keys unique. The quoted word has text on
 * one side at least and the string's own quote or more text on the other, never a comma or colon
 * (`"a "b", c"` reads as two members just as well), and does not end in an opener (`"A{""}`: an
 * opener and a quote start a key).
 */
export const unescapedQuote = fc.tuple(
  wordContainer, fc.nat(), fc.constantFrom('', 'He said ', 'the ', 'call it '),
  fc.stringMatching(/^[A-Za-z]([A-Za-z0-9 {}[\]]{0,7}[A-Za-z0-9}\]])?$/), fc.constantFrom('', ' to me', ' one', '.', ' and "more"', ' "more"'),
  fc.boolean(), fc.boolean(),
).map(([container, at, before, word, after, pretty, inProse]) => {
  // Text on one side at least: `""a""` is as much a word in doubled quotes (CSV's escape) as one quoted.
  const value = withStringLeaf(uniqueKeys(container, { n: 0 }), at, `${before}"${word}"${before === '' && after === '' ? ' one' : after}`);
  const damaged = JSON.stringify(value, null, pretty ? 2 : undefined).replace(/\\"/g, '"');
  return { value, text: inProse ? `Here is the result: ${damaged} Hope it helps.` : damaged, inProse };
});

/**
 * An object with a string that lists quoted words, its quotes not escaped (`"msg": "Use "a", "b" or
 * "c""`, `"Pick "yes", "no", and "maybe" now"`), the other members JSON values, alone or in prose,
 * pretty-printed or not; with the value. The list follows text, so its first quote is not the string's.
 */
const quotedWord = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,6}[A-Za-z0-9]$/);
export const quotedList = fc.tuple(
  fc.constantFrom('Use ', 'Pick one of ', 'Say '), fc.array(quotedWord, { minLength: 2, maxLength: 4 }),
  fc.constantFrom(' or ', ' and ', ', or ', ', and ', ', then '), quotedWord, fc.constantFrom('', '.', ' now', ' to me'),
  fc.array(jsonValue, { maxLength: 3 }), fc.nat(), fc.boolean(), fc.boolean(),
).map(([before, words, joiner, last, after, others, at, pretty, inProse]) => {
  const text = `${before}${words.map((w) => `"${w}"`).join(', ')}${joiner}"${last}"${after}`;
  return withUnescapedQuotes('msg', text, others, at, pretty, inProse);
});

/**
 * An object whose member `key` holds `text`, among `others` (at `at`), written with that string's
 * quotes not escaped (its line breaks escaped; the other values keep their escapes), alone or in
 * prose; with the value.
 */
function withUnescapedQuotes(key: string, text: string, others: readonly unknown[], at: number, pretty: boolean, inProse: boolean) {
  const value: Record<string, unknown> = {};
  const where = at % (others.length + 1);
  others.forEach((v, i) => { if (i === where) value[key] = text; value[`k${i}`] = v; });
  if (where === others.length) value[key] = text;
  const json = JSON.stringify(value, null, pretty ? 2 : undefined);
  const damaged = json.replace(JSON.stringify(text), `"${text.replace(/\n/g, '\\n')}"`);
  return { value, text: inProse ? `Here is the result: ${damaged} Hope it helps.` : damaged, inProse };
}

/**
 * An object one of whose values is code with its quotes not escaped (its line breaks escaped): a
 * call with quoted arguments and others (`env.get("KEY", "default")`, `f("a", 1)`, `cat("x", "\n")`), maybe after a Python docstring in triple
 * quotes (`def f():\n    """Docs."""\n    return g("a")`), among other JSON values; alone or in
 * prose, pretty-printed or not.
 */
export const codeInString = fc.tuple(
  fc.constantFrom('env.get', 'print', 'f', 'os.path.join'), fc.array(fc.oneof(quotedWord.map((w) => `"${w}"`), fc.constantFrom('1', '2.5', 'x', 'None', '"\n"')), { minLength: 1, maxLength: 4 }),
  fc.option(fc.stringMatching(/^[A-Z][a-z]{1,8}( [a-z]{1,8}){0,3}\.$/), { nil: undefined }), fc.constantFrom('', ';', ' + x'),
  fc.array(jsonValue, { maxLength: 3 }), fc.nat(), fc.boolean(), fc.boolean(),
).map(([fn, args, doc, after, others, at, pretty, inProse]) => {
  const call = `${fn}(${args.join(', ')})${after}`;
  const code = doc === undefined ? call : `def f():\n    """${doc}"""\n    return ${call}`;
  return withUnescapedQuotes('code', code, others, at, pretty, inProse);
});

/**
 * An object some of whose values are Windows paths written with single backslashes
 * (`"C:\Users\bob\new.txt"`), its folders named in lower case (two characters at least) after one
 * that opens with a letter that starts no JSON escape, maybe after a command (`type C:\Users\…`), or
 * relative paths (`src\utils\…`, its `\u` no escape), the others JSON values; alone or in prose, pretty-printed or not. With the value: each path as written, every backslash its own (`\n` is no
 * line break there).
 */
const folder = fc.stringMatching(/^[a-z][a-z0-9_.-]{1,8}$/);
const windowsPathText = fc.tuple(fc.constantFrom('C', 'D', 'E', ''), fc.array(folder, { minLength: 1, maxLength: 5 }), fc.constantFrom('Users', 'data', 'Program Files', 'src'), fc.constantFrom('', '', 'type ', 'dir /s ', 'cd /d '))
  .map(([drive, folders, plain, command]) => drive === ''
    // A relative path: `src\utils\…`, its `\u` no escape (no folder that a `\uXXXX` would open).
    ? `${command}src\\utils\\${folders.filter((f) => !/^u[0-9a-f]{4}/.test(f)).join('\\')}`
    : `${command}${drive}:\\${[plain, ...folders].join('\\')}`);
export const windowsPaths = objectWithRawStrings(windowsPathText, 5, '');

/**
 * An object some of whose values are strings written as `raw` makes them, between quotes with nothing
 * escaped, the others JSON values (up to `most` members); alone or in prose, pretty-printed or not,
 * `trailing` after the last member. With the value: each raw string as written.
 */
function objectWithRawStrings(raw: fc.Arbitrary<string>, most: number, trailing: string) {
  type Member = { raw: string } | { v: unknown };
  return fc.tuple(fc.array(fc.oneof(raw.map((r): Member => ({ raw: r })), jsonValue.map((v): Member => ({ v }))), { minLength: 1, maxLength: most }), fc.boolean(), fc.boolean())
    .filter(([members]) => members.some((m) => 'raw' in m))
    .map(([members, pretty, inProse]) => {
      const value: Record<string, unknown> = {};
      const parts = members.map((m, i) => {
        value[`k${i}`] = 'raw' in m ? m.raw : m.v;
        return `"k${i}": ${'raw' in m ? `"${m.raw}"` : JSON.stringify(m.v)}`;
      });
      const text = pretty ? `{\n  ${parts.join(',\n  ')}${trailing}\n}` : `{${parts.join(', ')}${trailing}}`;
      return { value, text: inProse ? `Here is the result: ${text} Hope it helps.` : text, inProse };
    });
}

/**
 * An object some of whose values are maths written as LaTeX with single backslashes between `$`s
 * (`"$\frac{a}{b} \times \theta_i$"`), its commands those whose names start with a JSON escape's
 * letter and others, the other values JSON values; alone or in prose, always with a trailing comma
 * (valid JSON reads as JSON.parse reads it). With the value: each expression as written.
 */
const latexToken = fc.constantFrom(
  '\\frac{a}{b}', '\\times', '\\theta', '\\nu', '\\beta', '\\to', '\\left(', '\\right)', '\\sum_{i}', '\\alpha',
  '\\cdot', '\\neq', '\\tau^2', '\\rho', '\\text{m}', '\\bar{x}', '\\nabla', '\\tan', 'x', '2', '+', '=',
);
const latexText = fc.array(latexToken, { minLength: 1, maxLength: 8 }).map((tokens) => `$${tokens.join(' ')}$`);
export const latexMaths = objectWithRawStrings(latexText, 4, ',');

/** `v` written as Python and JavaScript write it by hand: keys and strings in single quotes, nothing escaped. */
function singleQuoted(v: unknown): string {
  if (typeof v === 'string') return `'${v}'`;
  if (Array.isArray(v)) return `[${v.map(singleQuoted).join(', ')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `'${k}': ${singleQuoted(x)}`).join(', ')}}`;
  return JSON.stringify(v);
}

/**
 * A container written with single quotes (`{'q': 'we're done}', 'n': 1}`) with a string holding an
 * apostrophe, not escaped, and maybe a brace or bracket after it, alone or in prose, pretty-printed
 * or not. Keys are identifiers, strings words, keys unique; the apostrophe is followed by a letter.
 */
export const apostrophe = fc.tuple(
  wordContainer, fc.nat(), fc.stringMatching(/^[A-Za-z]{1,6}$/), fc.constantFrom("'s", "'re", "'t", "'ll", "'Brien"),
  fc.constantFrom('', ' done', ' [x]', ' {y}', ' ok}', ' a]'), fc.boolean(), fc.boolean(),
).map(([container, at, word, contraction, after, pretty, inProse]) => {
  const value = withStringLeaf(uniqueKeys(container, { n: 0 }), at, `${word}${contraction}${after}`);
  const written = singleQuoted(value);
  const damaged = pretty ? written.replace(/, '/g, ",\n  '") : written;
  return { value, text: inProse ? `Here is the result: ${damaged} Hope it helps.` : damaged, inProse };
});

/**
 * A container's JSON in a Markdown fence (```` ```json ```` or bare, maybe with prose around), with a
 * string holding a code block whose line breaks are raw, not escaped (`"text": "Run:⏎```bash⏎ls⏎```⏎ok"`),
 * as models write Markdown inside JSON. Keys are identifiers, strings words, keys unique.
 */
export const fencedCodeInString = fc.tuple(
  wordContainer, fc.nat(), fc.constantFrom('Run:', 'Try this', ''), fc.constantFrom('', 'bash', 'json', 'python'),
  fc.constantFrom('ls -la', 'x = {"a": [1]}', 'print("hi")', 'a, b'), fc.constantFrom('', 'then go', 'Done.'),
  fc.constantFrom('```json', '```'), fc.boolean(), fc.boolean(),
).map(([container, at, before, language, code, after, opener, pretty, inProse]) => {
  const block = [before, `\`\`\`${language}`, code, '```', after].filter((line, i) => line !== '' || (i !== 0 && i !== 4)).join('\n');
  const value = withStringLeaf(uniqueKeys(container, { n: 0 }), at, block);
  // Raw line breaks inside the strings: the JSON text's `\n` escapes written as line breaks.
  const written = JSON.stringify(value, null, pretty ? 2 : undefined).replace(/\\n/g, '\n');
  const fenced = `${opener}\n${written}\n\`\`\``;
  return { value, text: inProse ? `Here is the result:\n${fenced}\nHope it helps.` : fenced, inProse };
});

/**
 * A container's JSON one of whose strings holds another container's JSON (an object with members,
 * or an array whose first element is a word or an object), its quotes not escaped and its line
 * breaks escaped when pretty-printed (`"arguments": "{"city": "Paris"}"`), alone or in prose.
 */
export const documentInString = fc.tuple(wordContainer, wordContainer, fc.nat(), fc.boolean(), fc.boolean(), fc.constantFrom('', ' is the answer'))
  .filter(([, inner]) => (Array.isArray(inner) ? typeof inner[0] === 'string' || (typeof inner[0] === 'object' && inner[0] !== null && !Array.isArray(inner[0]) && Object.keys(inner[0]).length > 0) : Object.keys(inner as object).length > 0))
  .map(([container, inner, at, pretty, inProse, after]) => {
    const doc = JSON.stringify(uniqueKeys(inner, { n: 0 }), null, pretty ? 2 : undefined) + after;
    const value = withStringLeaf(uniqueKeys(container, { n: 100 }), at, doc);
    const written = JSON.stringify(withStringLeaf(uniqueKeys(container, { n: 100 }), at, '@@DOC@@')).replace('"@@DOC@@"', `"${doc.replace(/\n/g, '\\n')}"`);
    return { value, text: inProse ? `Here is the result: ${written} Hope it helps.` : written, inProse };
  });

/** Comments as models write them in JSON, quotes and brackets in them included. */
const COMMENTS = ['// don\'t change this', '// the "id" field', '// {optional}', '// see [1]', '// TODO: fix {', '// "',
  '/* "a": 1 */', '/* } ] */', '/* it\'s "quoted" */', '# python says "hi"', "# it's [x]"];

/**
 * A container's JSON, pretty-printed, with a comment (`// the "id" field`, `/* } ] *\/`) at the end of
 * one of its lines or on a line of its own, alone or in prose. Keys are identifiers, strings words,
 * keys unique.
 */
export const commentedJson = fc.tuple(wordContainer, fc.nat(), fc.constantFrom(...COMMENTS), fc.boolean(), fc.boolean())
  .map(([container, at, comment, ownLine, inProse]) => {
    const value = uniqueKeys(container, { n: 0 });
    const lines = JSON.stringify(value, null, 2).split('\n');
    const i = at % lines.length;
    if (ownLine) lines.splice(i + 1, 0, `  ${comment}`);
    else lines[i] += ` ${comment}`;
    const damaged = lines.join('\n');
    return { value, text: inProse ? `Here is the result: ${damaged} Hope it helps.` : damaged, inProse };
  });

/**
 * A container's JSON with a stray `:` written before one of its commas or closers (`[2.5:, {"a": 1}]`),
 * alone or in prose, where the `[` must still start JSON: no part of the container is the answer
 * on its own. Keys are unique.
 */
export const strayColon = fc.tuple(plainContainer, fc.nat(), fc.boolean(), fc.boolean())
  .map(([container, at, pretty, inProse]) => {
    const value = uniqueKeys(container, { n: 0 });
    const text = JSON.stringify(value, null, pretty ? 2 : undefined);
    const found = structuralOffsets(text).filter((k) => text[k] !== ':' && text[k] !== '{' && text[k] !== '[');
    const i = found[at % found.length];
    const damaged = text.slice(0, i) + ':' + text.slice(i);
    return { value, text: inProse ? `Here is the result: ${damaged} Hope it helps.` : damaged, inProse };
  });

/**
 * Whether writing `what` at `k` puts an opener right after a string's closing quote (`"x"{,`): a
 * quote followed by text stays inside its string, and nothing tells it from `"say "{hi"`.
 */
function opensAfterQuote(text: string, k: number, what: string): boolean {
  return (what === '{' || what === '[') && text[k - 1] === '"';
}

/**
 * A container's JSON with a comma, colon, opener or closer inserted before one of its delimiters
 * (`{"a"}: 1}`, `[1, ]"a": 2}]`), alone or in prose. Not an opener right after a string's closing
 * quote (see opensAfterQuote). Keys are unique.
 */
export const insertedDelimiter = fc.tuple(plainContainer, fc.nat(), fc.constantFrom(',', ':', '{', '}', '[', ']'), fc.boolean(), fc.boolean())
  .map(([container, at, what, pretty, inProse]) => {
    const value = uniqueKeys(container, { n: 0 });
    const text = JSON.stringify(value, null, pretty ? 2 : undefined);
    const found = structuralOffsets(text).filter((k) => !opensAfterQuote(text, k, what));
    const i = found.length > 0 ? found[at % found.length] : text.length;
    const damaged = text.slice(0, i) + what + text.slice(i);
    return { value, text: inProse ? `Here is the result: ${damaged} Hope it helps.` : damaged, inProse };
  });

/**
 * A container's JSON with one delimiter replaced by another (`{"a": 1] "b": 2}`, a comma written as a
 * closer), alone or in prose. Not the last closer: without it the text is cut off (`["a":`), and a
 * member whose value was cut off is dropped by design (docs/parse.md). Not an opener right after a
 * string's closing quote (see opensAfterQuote). Keys are unique.
 */
export const replacedDelimiter = fc.tuple(plainContainer, fc.nat(), fc.constantFrom(',', ':', '{', '}', '[', ']'), fc.boolean(), fc.boolean())
  .map(([container, at, by, pretty, inProse]) => {
    const value = uniqueKeys(container, { n: 0 });
    const text = JSON.stringify(value, null, pretty ? 2 : undefined);
    const found = structuralOffsets(text).filter((k) => text[k] !== by && k !== text.length - 1 && !opensAfterQuote(text, k, by));
    const i = found.length > 0 ? found[at % found.length] : -1;
    const damaged = i < 0 ? text : text.slice(0, i) + by + text.slice(i + 1);
    return { value, text: inProse ? `Here is the result: ${damaged} Hope it helps.` : damaged, inProse };
  });

/** The key names a model reuses at every depth: records in an array share them, nested objects repeat them. */
const sharedKey = fc.constantFrom('id', 'name', 'text', 'items', 'a');
const sharedWords = fc.stringMatching(/^[A-Za-z]([A-Za-z0-9 .]{0,8}[A-Za-z0-9])?$/);
/** A record: an object with shared keys whose values are words, numbers or records and lists of them. */
const sharedRecord = containerOf(sharedKey, sharedWords).filter((v) => !Array.isArray(v));
/** A value whose keys repeat at different depths: records in an array alike, or nested ones reusing names. */
const sharedKeysValue = fc.oneof(
  fc.array(sharedRecord, { minLength: 2, maxLength: 4 }),
  fc.tuple(sharedKey, fc.array(sharedRecord, { minLength: 2, maxLength: 3 }), sharedRecord).map(([k, rows, rest]) => ({ ...(rest as object), [k]: rows })),
  containerOf(sharedKey, sharedWords),
);

/**
 * `v` with each string and number made its own (a count appended): a leaf lost is then missing from
 * the value, whatever key names repeat (the keys are left as they are).
 */
function uniqueLeaves(v: unknown, count: { n: number }): unknown {
  if (Array.isArray(v)) return v.map((x) => uniqueLeaves(x, count));
  if (typeof v === 'string') return `${v}${count.n++}`;
  if (typeof v === 'number') return 1000 + count.n++;
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = uniqueLeaves(x, count);
  return out;
}

/**
 * A value whose key names repeat at different depths (records in an array with the same keys, nested
 * objects reusing names), strings words, with one delimiter (`,` `:` `{` `}` `[` `]`, or a quote)
 * deleted, doubled or replaced by another, alone or in prose. A closer or quote guessed wrong moves
 * members into an object that already holds their key, where the later value replaces the earlier:
 * the properties above never see it, their keys being unique. Not the last closer replaced, nor an
 * opener written right after a string's closing quote (as replacedDelimiter).
 */
export const repeatedKeys = fc.tuple(sharedKeysValue, fc.nat(), fc.constantFrom(',', ':', '{', '}', '[', ']', '"'), fc.constantFrom<'delete' | 'double' | 'replace'>('delete', 'double', 'replace'), fc.constantFrom(',', ':', '{', '}', '[', ']'), fc.boolean(), fc.boolean())
  .map(([container, at, which, damage, by, pretty, inProse]) => {
    let how = damage;
    const value = uniqueLeaves(container, { n: 0 });
    const text = JSON.stringify(value, null, pretty ? 2 : undefined);
    // A quote is deleted only (replaced by a delimiter, the string's text has no reading to promise).
    if (which === '"') how = 'delete';
    const offsets = which === '"' ? stringQuotes(text) : structuralOffsets(text).filter((k) => text[k] === which);
    const found = how === 'replace' ? offsets.filter((k) => which !== by && k !== text.length - 1 && !opensAfterQuote(text, k, by)) : how === 'double' ? offsets.filter((k) => !opensAfterQuote(text, k + 1, which)) : offsets;
    const i = found.length > 0 ? found[at % found.length] : -1;
    const damaged = i < 0 ? text : how === 'delete' ? text.slice(0, i) + text.slice(i + 1) : how === 'double' ? text.slice(0, i + 1) + text.slice(i) : text.slice(0, i) + by + text.slice(i + 1);
    return { value, text: inProse ? `Here is the result: ${damaged} Hope it helps.` : damaged, inProse };
  });

/**
 * A container's JSON as a model writing Chinese may give it: some of its commas, colons and brackets
 * between tokens written full-width (`，` `：` `［` `］` `｛` `｝`), its keys and strings Chinese text
 * with those marks of its own inside (which stay text), alone or in prose; with the value it was made
 * from. In prose the outermost opener is full-width only before a container or a string (`［{`):
 * prose's `［1］` is a note's mark.
 */
const cjkText = fc.stringMatching(/^[\u4e00-\u4e0fA-Za-z]([\u4e00-\u4e0fA-Za-z0-9 ，：［］｛｝]{0,8}[\u4e00-\u4e0fA-Za-z0-9])?$/);
const cjkContainer = containerOf(fc.stringMatching(/^[\u4e00-\u4e0fA-Za-z_][\u4e00-\u4e0fA-Za-z0-9_]{0,5}$/), cjkText);
export const fullwidthDelimiters = fc.tuple(cjkContainer, fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }), fc.boolean(), fc.boolean())
  .map(([container, which, pretty, inProse]) => {
    const value = uniqueKeys(container, { n: 0 });
    const text = JSON.stringify(value, null, pretty ? 2 : undefined);
    let damaged = '';
    let from = 0;
    structuralOffsets(text).forEach((k, n) => {
      if (!which[n % which.length]) return;
      if (k === 0 && inProse && !'{["'.includes(text.slice(1).trimStart()[0])) return;
      damaged += text.slice(from, k) + String.fromCharCode(text.charCodeAt(k) + 0xfee0);
      from = k + 1;
    });
    damaged += text.slice(from);
    return { value, text: inProse ? `好的，这是结果：\n${damaged}\n希望有帮助。` : damaged, inProse };
  });

/**
 * A container's JSON with every brace between tokens doubled (`{{"a": {{"b": 1}}}}`), as a prompt
 * template escapes them and a model copies them, or tripled; its keys maybe unquoted; its strings may
 * hold braces of their own. Alone or in prose; with the value it was made from.
 */
export const doubledBraces = fc.tuple(containerOf(identifier, fc.stringMatching(/^[A-Za-z{}]([A-Za-z0-9 {}]{0,8}[A-Za-z0-9}])?$/)), fc.boolean(), fc.boolean(), fc.constantFrom(2, 3), fc.boolean())
  .map(([container, pretty, inProse, run, unquotedKeys]) => {
    const value = uniqueKeys(container, { n: 0 });
    const json = JSON.stringify(value, null, pretty ? 2 : undefined);
    // Session 27 (tinyagents #68): keys as JavaScript writes them, and three braces a run.
    const text = unquotedKeys ? json.replace(/"([A-Za-z_]\w*)":/g, '$1:') : json;
    let damaged = '';
    let from = 0;
    for (const k of structuralOffsets(text)) {
      if (text[k] !== '{' && text[k] !== '}') continue;
      damaged += text.slice(from, k + 1) + text[k].repeat(run - 1);
      from = k + 1;
    }
    damaged += text.slice(from);
    return { value, text: inProse ? `Here is the output in JSON format:\n${damaged}\nLet me know.` : damaged, inProse };
  });

/**
 * A container's JSON with the `]` of some of its arrays left out where the array ends in a plain
 * value and its object's next key follows (`{"tags": ["x", "y", "n": 2}`), some with the comma after
 * it (`["x", "y" "n": 2}`), alone or in prose; with the value it was made from.
 */
export const lostArrayClosers = fc.tuple(wordContainer, fc.array(fc.boolean(), { minLength: 1, maxLength: 20 }), fc.boolean(), fc.boolean())
  .map(([container, which, pretty, inProse]) => {
    const value = uniqueKeys(container, { n: 0 });
    const text = JSON.stringify(value, null, pretty ? 2 : undefined);
    const open: string[] = [];
    const lost: number[] = [];
    for (const k of structuralOffsets(text)) {
      const c = text[k];
      if (c === '{' || c === '[') open.push(c);
      else if (c === '}' || c === ']') {
        open.pop();
        const before = text.slice(0, k).trimEnd().at(-1);
        const after = text.slice(k + 1).trimStart()[0];
        if (c === ']' && open.at(-1) === '{' && before !== '[' && before !== '}' && before !== ']' && after === ',') lost.push(k);
      }
    }
    let damaged = '';
    let from = 0;
    lost.forEach((k, n) => {
      if (!which[n % which.length]) return;
      damaged += text.slice(from, k);
      from = k + 1;
      // Every third lost `]` takes its comma with it (`["x", "y"⏎  "n": 2`): a space stands for it.
      if (n % 3 === 2) {
        from = text.indexOf(',', from) + 1;
        damaged += ' ';
      }
    });
    damaged += text.slice(from);
    return { value, text: inProse ? `Here is the result: ${damaged} Hope it helps.` : damaged, inProse };
  });

/**
 * A table (`{"headers": […], "rows": [[…], […], …]}`, or the rows alone) whose row between two others
 * lost its `[`, as json_repair #176's model wrote one; its cells plain values. Alone or in prose,
 * pretty-printed or not; with the value it was made from.
 */
const cell = fc.oneof(fc.stringMatching(/^[A-Za-z\u4e00-\u4e0f]([A-Za-z0-9 ,\u4e00-\u4e0f]{0,10}[A-Za-z0-9\u4e00-\u4e0f])?$/), fc.integer(), fc.constantFrom(true, false, null));
export const lostRowOpener = fc.tuple(fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 3, maxLength: 6 }), fc.nat(), fc.boolean(), fc.boolean(), fc.boolean())
  .map(([rows, at, inObject, pretty, inProse]) => {
    const value = inObject ? { headers: rows[0].map((_, i) => `h${i}`), rows } : rows;
    const text = JSON.stringify(value, null, pretty ? 2 : undefined);
    // The row's `[` is the (k+1)th `[` that opens a row: after the table's own `[` (and the headers').
    const k = 1 + (at % (rows.length - 2));
    const opener = structuralOffsets(text).filter((i) => text[i] === '[')[k + (inObject ? 2 : 1)];
    const damaged = text.slice(0, opener) + text.slice(opener + 1);
    return { value, text: inProse ? `Here is the table:\n${damaged}\nLet me know.` : damaged, inProse };
  });

/**
 * An object some of whose values are amounts written without quotes, as models write them: a range,
 * a sum, a product, a time, a date and time, a share, an approximate or bounded amount, a number and
 * its unit (`"eta": ~5 min`, `"at": 2024-01-15 10:00`), the others JSON values; alone or in prose,
 * pretty-printed or not. With the value: each amount its text.
 */
const digits = fc.integer({ min: 0, max: 9999 }).map(String);
const amount = fc.oneof(
  fc.tuple(digits, fc.constantFrom(' - ', '-', ' \u2013 ', ' + ', '+', '*', ' * ', ' / '), digits).map(([a, op, b]) => a + op + b),
  fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 10, max: 59 }), fc.constantFrom('', ' PM', ' AM')).map(([h, m, ap]) => `${h}:${m}${ap}`),
  fc.tuple(fc.integer({ min: 1990, max: 2030 }), fc.integer({ min: 10, max: 12 }), fc.integer({ min: 10, max: 28 }), fc.integer({ min: 10, max: 23 })).map(([y, mo, d, h]) => `${y}-${mo}-${d} ${h}:00`),
  fc.tuple(fc.constantFrom('~', '>', '<', '>=', '<=', '~ ', '\u2248'), digits, fc.constantFrom('', ' min', ' km', '%')).map(([c, n, u]) => c + n + u),
  fc.tuple(digits, fc.constantFrom('%', ' apples', ' USD', ' - good', '-60%')).map(([n, u]) => n + u),
);
export const unquotedAmounts = fc.tuple(fc.array(fc.oneof(amount.map((a) => ({ a })), jsonValue.map((v) => ({ v }))), { minLength: 1, maxLength: 6 }), fc.boolean(), fc.boolean())
  .map(([members, pretty, inProse]) => {
    const value: Record<string, unknown> = {};
    const parts = members.map((m, i) => {
      value[`k${i}`] = 'a' in m ? m.a : m.v;
      return `"k${i}": ${'a' in m ? m.a : JSON.stringify(m.v)}`;
    });
    const text = pretty ? `{\n  ${parts.join(',\n  ')}\n}` : `{${parts.join(', ')}}`;
    return { value, text: inProse ? `Here is the result: ${text} Hope it helps.` : text, inProse };
  });

/**
 * An object some of whose values are text without quotes that goes on over two or three lines
 * (`b: hey world lets do⏎    so that we can test this out,`, BAML's test_string_field_with_spaces),
 * the others JSON values; keys quoted or not, pretty-printed (with or without commas between members)
 * or not, alone or in prose. The text may hold commas between its words, words in quotes and start
 * with markdown's `**` (BAML's test_json_with_markdown_without_quotes). With the value: each such
 * value its lines as written, line breaks and indentation included.
 */
const proseWord = fc.constantFrom('hey', 'world', 'lets', 'do', 'something', 'so', 'that', 'we', 'can', 'test', 'this', 'out', 'kinda', 'cool', 'Hi', 'friends!', 'it.', 'Frag 2.');
const proseLine = fc.tuple(fc.array(fc.tuple(proseWord, fc.constantFrom(' ', ' ', ', ')), { minLength: 1, maxLength: 5 }), fc.boolean())
  // Quoted words after words (after one, `name "Ann"` is a member whose colon was lost).
  .map(([words, quoted]) => words.map(([w, sep], i) => (i === 0 ? w : sep + w)).join('') + (quoted ? ' i would quote "like this" or this' : ''));
const proseLines = fc.tuple(fc.array(proseLine, { minLength: 2, maxLength: 3 }), fc.boolean())
  .map(([lines, bold]) => (bold ? [`**${lines[0]}**`, ...lines.slice(1)] : lines));
export const unquotedLines = fc.tuple(
  fc.array(fc.oneof(proseLines.map((lines) => ({ lines })), jsonValue.map((v) => ({ v }))), { minLength: 1, maxLength: 5 }),
  fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(),
).map(([members, quotedKeys, pretty, commas, inProse]) => {
  const value: Record<string, unknown> = {};
  const parts = members.map((m, i) => {
    const key = quotedKeys ? `"k${i}"` : `k${i}`;
    if ('v' in m) {
      value[`k${i}`] = m.v;
      return `${key}: ${JSON.stringify(m.v)}`;
    }
    const text = m.lines.join(pretty ? '\n    ' : '\n');
    value[`k${i}`] = text;
    return `${key}: ${text}`;
  });
  // Pretty-printed, the commas between members may be left out (`b: hey⏎    you⏎  c: 1`).
  const text = pretty ? `{\n  ${parts.join(commas ? ',\n  ' : '\n  ')}\n}` : `{${parts.join(', ')}}`;
  return { value, text: inProse ? `Here is the result: ${text} Hope it helps.` : text, inProse };
});

/** Keys as people label things: spaces and marks (`Price (USD)`, `Mr. Smith`), which code's names lack. */
const LABELS = ['Price (USD)', "Author's note", 'Item #1', 'Mr. Smith', 'Growth %', 'C++', 'Q&A', 'Weight (kg)', 'rate/hour', 'Step 2 (final)', 'first name', 'e-mail', 'Score?', 'Done!', 'name', 'y.z'];
/** Words of unquoted text values: no literal (`true`, `None`), no digit, no colon. */
const TEXT_WORDS = ['red', 'Green', 'blue', 'apple', 'large', 'soft', 'quick', 'fox', 'Paris', 'France', 'and', 'well', 'works', 'Ann'];

/**
 * An object written as JavaScript with labels for keys (`{a: Good, Price (USD): 12}`), some values
 * text without quotes whose words may be joined by commas (`Red, green and blue`), alone or in
 * prose; with the value. Session 27: a label after such a text was read as more of its text.
 */
export const unquotedLabels = fc.tuple(
  fc.uniqueArray(fc.constantFrom(...LABELS), { minLength: 1, maxLength: 5 }),
  fc.array(fc.oneof(
    fc.array(fc.array(fc.constantFrom(...TEXT_WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')), { minLength: 1, maxLength: 3 }).map((parts) => ({ text: parts.join(', ') })),
    fc.oneof(fc.integer({ min: -999, max: 999 }), fc.constantFrom('x y', 'it\'s'), fc.constant(null)).map((v) => ({ v })),
  ), { minLength: 6, maxLength: 6 }),
  fc.boolean(), fc.boolean(),
).map(([labels, values, pretty, inProse]) => {
  // In prose, a `{` whose first key is a label (`{Price (USD): …`) is prose's brace, not an object.
  const keys = inProse ? ['id', ...labels] : labels;
  const value: Record<string, unknown> = {};
  const parts = keys.map((key, i) => {
    const m = values[i];
    value[key] = 'text' in m ? m.text : m.v;
    return `${key}: ${'text' in m ? m.text : JSON.stringify(m.v)}`;
  });
  const text = pretty ? `{\n  ${parts.join(',\n  ')}\n}` : `{${parts.join(', ')}}`;
  return { value, text: inProse ? `Here is the result: ${text} Hope it helps.` : text, inProse };
});

/**
 * An object some of whose string values are wrapped as Python wraps a long string: parts side by
 * side, each on a line of its own indented under the first (`"k0": "a long "⏎        "text",`) or on
 * the same line (`"k0": "a " "b"`), quotes double or single; alone or in prose; with the value.
 * Session 28: the second part was read as a key with no value.
 */
const wrappedPart = fc.stringMatching(/^[A-Za-z][A-Za-z ,.!?-]{0,14}$/);
export const wrappedStrings = fc.tuple(
  fc.array(fc.oneof(fc.array(wrappedPart, { minLength: 2, maxLength: 4 }).map((parts) => ({ parts })), jsonValue.map((v) => ({ v }))), { minLength: 1, maxLength: 5 }),
  fc.constantFrom('"', "'"), fc.boolean(), fc.boolean(),
).map(([members, quote, pretty, inProse]) => {
  const value: Record<string, unknown> = {};
  const q = (t: string) => (quote === '"' ? JSON.stringify(t) : `'${t}'`);
  const parts = members.map((m, i) => {
    const key = q(`k${i}`);
    if ('v' in m) {
      value[`k${i}`] = m.v;
      return `${key}: ${JSON.stringify(m.v)}`;
    }
    value[`k${i}`] = m.parts.join('');
    return `${key}: ${m.parts.map(q).join(pretty ? `\n${' '.repeat(key.length + 4)}` : ' ')}`;
  });
  const text = pretty ? `{\n  ${parts.join(',\n  ')}\n}` : `{${parts.join(', ')}}`;
  return { value, text: inProse ? `Here is the result: ${text} Hope it helps.` : text, inProse };
});

/**
 * A container as Python 2's repr writes it (`{u'name': u'Ann', u'ok': True, u'n': None}`), its
 * prefixes `u` or `b` in either case and quotes single or double, alone or in prose; with the value.
 */
export const python2Repr = fc.tuple(wordContainer, fc.constantFrom('u', 'U', 'b', 'B'), fc.constantFrom("'", '"'), fc.boolean(), fc.boolean())
  .map(([container, prefix, quote, pretty, inProse]) => {
    const value = uniqueKeys(container, { n: 0 });
    const repr = (v: unknown): string => {
      if (typeof v === 'string') return `${prefix}${quote}${v}${quote}`;
      if (Array.isArray(v)) return `[${v.map(repr).join(', ')}]`;
      if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${repr(k)}: ${repr(x)}`).join(pretty ? ',\n  ' : ', ')}}`;
      return v === true ? 'True' : v === false ? 'False' : v === null ? 'None' : JSON.stringify(v);
    };
    const text = repr(value);
    return { value, text: inProse ? `Here is the result: ${text} Hope it helps.` : text, inProse };
  });

/**
 * A dict as Python's repr writes it, some of whose values are sets of numbers or words
 * (`{'ids': {1, 2.5, -3}, 'tags': {'a', 'b'}}`, maybe with spaces inside the braces), alone or in
 * prose; with the value, each set an array.
 */
const setMember = fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Object.is(x, -0)),
  fc.stringMatching(/^[A-Za-z]([A-Za-z0-9 ]{0,8}[A-Za-z0-9])?$/));
export const pythonSets = fc.tuple(fc.array(fc.oneof(fc.array(setMember, { minLength: 1, maxLength: 6 }).map((set) => ({ set })), fc.integer().map((v) => ({ v }))), { minLength: 1, maxLength: 5 }),
  fc.boolean(), fc.boolean())
  .map(([members, spaced, inProse]) => {
    const value: Record<string, unknown> = {};
    const item = (x: unknown): string => (typeof x === 'string' ? `'${x}'` : JSON.stringify(x));
    const parts = members.map((m, i) => {
      value[`k${i}`] = 'set' in m ? m.set : m.v;
      const pad = spaced ? ' ' : '';
      return `'k${i}': ${'set' in m ? `{${pad}${m.set.map(item).join(', ')}${pad}}` : JSON.stringify(m.v)}`;
    });
    const text = `{${parts.join(', ')}}`;
    return { value, text: inProse ? `Here is the result: ${text} Hope it helps.` : text, inProse };
  });

/** A value written the ways models write JSON-like text: Python's repr, a JS literal (unquoted keys, comments), trailing commas. */
function nearJsonStyle(v: unknown, style: number, indent: string): string {
  const inner = indent + '  ';
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    const items = v.map((x) => nearJsonStyle(x, style, inner));
    return style === 0 ? `[${items.join(', ')}]` : `[\n${items.map((x) => `${inner}${x},\n`).join('')}${indent}]`;
  }
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v);
    if (entries.length === 0) return '{}';
    if (style === 0) return `{${entries.map(([k, x]) => `'${k}': ${nearJsonStyle(x, style, inner)}`).join(', ')}}`;
    const key = (k: string) => (style === 2 && /^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
    const comment = style === 2 ? `${inner}// note\n` : '';
    return `{\n${comment}${entries.map(([k, x]) => `${inner}${key(k)}: ${nearJsonStyle(x, style, inner)},\n`).join('')}${indent}}`;
  }
  if (style === 0 && typeof v === 'string') return `'${v}'`;
  if (style === 0 && typeof v === 'boolean') return v ? 'True' : 'False';
  if (style === 0 && v === null) return 'None';
  return JSON.stringify(v);
}

/**
 * Near-JSON, whole or cut off anywhere: Python's repr, a JS literal, JSON with trailing commas — what
 * the parser's near-JSON lane reads itself, and the edges where it must leave the text to the engine.
 */
export const nearJson = fc.tuple(jsonValue, fc.integer({ min: 0, max: 2 }), fc.nat(), fc.boolean()).map(([v, style, at, whole]) => {
  const text = nearJsonStyle(v, style, '');
  return whole ? text : text.slice(0, at % (text.length + 1));
});

/**
 * A container pretty-printed as JSON with trailing commas, or as a JavaScript literal (identifier keys
 * unquoted, a `// note` comment, trailing commas), as code formatters write them; alone or in prose.
 */
export const prettyTrailingCommas = fc.tuple(jsonContainer, fc.integer({ min: 1, max: 2 }), fc.boolean()).map(([value, style, inProse]) => {
  const text = nearJsonStyle(value, style, '');
  return { value, text: inProse ? `Here is the result: ${text} Hope it helps.` : text };
});

/** Any text a model might send, mostly damaged JSON. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.array(piece, { maxLength: 50 }).map((parts) => parts.join('')),
  damagedJson,
  nearJson,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.tuple(fc.array(piece, { maxLength: 8 }), damagedJson, fc.array(piece, { maxLength: 8 })).map(([a, b, c]) => a.join('') + b + c.join('')),
);

/**
 * A reply with tool calls written as text, or parts of them: every format's markup (TOKENS), tool
 * names known and not, call objects and arguments (valid, damaged or cut off) and prose, in any order.
 */
const toolPiece = fc.oneof(
  fc.constantFrom(...Object.values(TOKENS)),
  fc.constantFrom('get_weather', 'ls', 'functions.get_weather:0', 'unknown_tool', ' ', '\n', 'Let me check. ', '```json\n', '```', '<think>', '</think>', '=get_weather>'),
  fc.constantFrom('{"name": "get_weather", "arguments": {"city": "Oslo"}}', '{"city": "Oslo"}', '{"city": "Os', '[{"name": "ls", "arguments": {}}]', 'city', 'Oslo',
    '[get_weather(city="Oslo")]', '[ls(', 'ls()', '(city=', "'Oslo'", ', ', ']', '<arg_key>', '<invoke name="ls">', '<parameter name="city">',
    'call:get_weather{city:<|"|>Oslo<|"|>}', 'call:ls{', 'city:<escape>Os', '"get_weather">', '"city" string="true">', '"n" string="false">',
    '```tool_code\n', 'get_weather(city="Oslo")\n', '<|START_ACTION|>', '<|tool_call_start|>',
    'commentary to=functions.get_weather json', 'assistantfinal', '<arg_key>city</arg_key>Oslo</arg_value>', 'get_weather({"city": "Oslo"})', ':get_weather{',
    'get_weathercity', '{"action": "get_weather", "action_input": {"city": "Oslo"}}', '{"tool_name": "ls", "tool_arguments": {}}',
    'Action: get_weather\n', 'Action Input: ', 'Thought: ', '{"thought": "x", "command": {"name": "ls", "args": {}}}',
    // Session 32: loose Qwen3-Coder markup, envelopes, tool_use, Gemini's default_api, ReAct's Observation.
    'function=ls>', '<function>ls</function>', '<parameter>city</parameter>', '<city>Oslo</city>', '</ls>', '<value>1</value>',
    '{"function": "ls", "parameters": {}}', '{"tool_uses": [{"recipient_name": "functions.ls", "parameters": {}}]}', 'print(default_api.ls())',
    '<name>ls</name>', '<arguments>', '</arguments>', 'commentary to=ls json', 'Observation: x\n', '<|eom_id|>',
    // Session 33: [TOOL_CALL] blocks holding a Perl hash.
    '[TOOL_CALL]', '[/TOOL_CALL]', '{tool => "ls", args => {', '--city "Oslo"', '–city “Os', ' => ', '}}',
    // Session 33: Qwen3's "argument", GLM's function/arguments, Llama 3.3's <function=NAME={, Kimi's lost argument token,
    // Qwen-Agent's words, crewAI's input on the next line, GLM-4's name line, MiniCPM5's <param>, Groq's wrapper and <tool-use>.
    '{"name": "ls", "argument": {"a": 1}}', '{"function": "ls", "arguments": {}}', '<function=ls={"a": 1}</function>', '<function=get_weather {',
    '<|tool_call_begin|>functions.ls:0 {"a": 1}<|tool_call_end|>', '✿FUNCTION✿: ls\n', '✿ARGS✿: ', '✿RESULT✿: x\n', '✿RETURN✿: ',
    'Action Input:\n```json\n', 'ls\n{"a": 1}\n\n', '\n\nget_weather\n', '<function name="ls"><param name="a">', '<![CDATA[x]]>', "<param name='city'>",
    '{"function": {"name": "ls"}, "parameters": {}}', '<tool-use>', '</tool-use>', ' Yes, done. {"ok": true}', '}, {',
    // Session 33, round 2: arguments beside a wrapper's empty ones, a Kimi header cut off, GLM's doubled <arg_key> and
    // stray </arg_value>, ReAct's full-width colons and Chinese words, the name in a <tool_call>'s tag, ChatGLM3's
    // name line and fence, MiniMax's <parameter name=…> under <function=…>, Kimi ids not functions.NAME:N.
    '{"function": {"name": "ls", "arguments": {}}, "parameters": {"a": 1}}', '<|tool_call_begin|>functions.ls:0', '<arg_key><arg_key>',
    '<tool_call>ls</arg_value>', 'Action：ls\n', 'Action Input：', '动作：ls\n', '动作输入：', '工具：', '工具输入：', '调用工具：ls\n', '输入：', '观察：x\n',
    '<tool_call name="ls">', '<tool_call id="c1" name="get_weather">{"city": "Oslo"}', '<function_call name="ls">', '</function_call>',
    "ls\n```python\ntool_call(a='x')\n```", '```python\n', "tool_call(city='Os", '<function=ls>\n<parameter name="a">x</parameter>',
    '<|tool_call_begin|>functionsls0<|tool_call_argument_begin|>', 'functions_get_weather_1',
    // Session 34: headers the reply's end cuts after the name, Kimi calls whose <|tool_call_begin|> was lost,
    // ```xml fences, Qwen-Agent's one-line words, the whole call as the arguments.
    '[TOOL_CALLS]get_weather', '[AR', '<|tool_call>call:ls', '<tool_call>get_weather', '<｜tool▁call▁begin｜>ls', '<tool_use><name>ls',
    '<|tool_calls_section_begin|>ls:0<|tool_call_argument_begin|>', 'functions.ls:1 {"a": 1}', '```xml\n', '<function_call>{"name": "ls", "arguments": {}}',
    '✿FUNCTION✿: ls, ✿ARGS✿: {"a": 1}', '✿FUNCTION✿: get_weather ✿ARGS✿: ', 'Observation: {"name": "ls", "arguments": {}}\n',
    // Session 34 (2): placeholders for the arguments, a list cut in its first name, GLM's <think> for <arg_key>,
    // langroid's tool message, Gemini CLI's [tool_call: NAME for KEY 'VALUE'].
    '{…}', '(...)', ', ...', '[{"na', '<|tools_prefix|>[{"get_wea', '<think>city\n<arg_value>', '<arg_value>', 'TOOL: ls\n', '{"request": "ls", "a": 1}',
    "[tool_call: ls for a 'x']", "[tool_call: get_weather for city 'Os", "[tool_call: ls to do it]", " and b='y'", "[tool_call: ls]"),
  damagedJson,
  piece,
);
export const toolCallText: fc.Arbitrary<string> = fc.array(toolPiece, { maxLength: 16 }).map((parts) => parts.join(''));

/** How a text is cut into chunks: sizes 1–9, cycled. */
export const chunkSizes = fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 6 });

/** Cuts `text` into chunks of the given sizes, repeating the sizes as needed. */
export function cut(text: string, sizes: readonly number[]): string[] {
  const out: string[] = [];
  for (let i = 0, k = 0; i < text.length; k++) {
    const n = sizes[k % sizes.length];
    out.push(text.slice(i, i + n));
    i += n;
  }
  return out;
}

/** Prose around a value (no brackets, so the value is the only JSON in it). */
const prose = fc.constantFrom('', 'Sure! Here it is:\n', 'Result:', 'OK.\n\n', 'The answer is below.\n');
const after = fc.constantFrom('', '\nHope this helps.', ' Done.', '\n\nLet me know!',
  '\n\nNote: the "id" field is {required}.', '\nExplanation: the list is [sorted], as asked.', '\n\nKey points: none.',
  '<|im_end|>', ' Done.<|eot_id|>\n', '</s>');

/** A valid JSON text wrapped the ways models wrap it: a fence, a tag, prose before and after. */
export const wrappedJson = fc.tuple(jsonContainer, fc.integer({ min: 0, max: 3 }), prose, after, fc.constantFrom(undefined, 2)).map(([v, how, before, end, indent]) => {
  const json = JSON.stringify(v, null, indent);
  const body = how === 0 ? '```json\n' + json + '\n```' : how === 1 ? `<answer>${json}</answer>` : how === 2 ? '```\n' + json + '\n```' : json;
  return { value: v, text: before + body + end };
});

const QUERY_PIECES = [
  '$', '@', '.', '..', '*', '[', ']', '[0]', '[-1]', '[1:3]', '[::-1]', "['a']", '"b"', 'a', 'b', '?', '(', ')', ' ', '\n',
  '==', '!=', '<', '>=', '&&', '||', '!', '1', 'true', 'null', 'length(@)', 'count(@.*)', 'value(@.a)',
  "match(@, 'a.*')", "search(@, '(a+)+b')", "match(@.a, '[')", "search(@, '\\\\p{Lu}')", ',', "'", '\\',
];

/** JSONPath queries, valid and not. */
export const jsonPathQuery = fc.oneof(
  fc.array(fc.constantFrom(...QUERY_PIECES), { maxLength: 12 }).map((parts) => parts.join('')),
  fc.array(fc.constantFrom(...QUERY_PIECES), { maxLength: 10 }).map((parts) => '$' + parts.join('')),
  fc.string({ maxLength: 20 }),
);

/** `get` paths, valid and not. */
export const getPath = fc.oneof(
  fc.array(fc.constantFrom('a', 'b', '0', '1', '.', '[', ']', '/', '~0', '~1', '$', '"', "'", '-1', ' ', '\n'), { maxLength: 10 }).map((p) => p.join('')),
  fc.string({ maxLength: 16 }),
);

/** Claims, well-formed and not. */
export const claim = fc.oneof(
  fc.record({
    mode: fc.constantFrom('verbatim', 'field', 'field_extraction', 'type', 'schema_type', 'range', 'range_threshold', 'nope'),
    path: fc.option(getPath, { nil: undefined }),
    value: fc.option(jsonValue, { nil: undefined }),
    schema: fc.option(fc.oneof(fc.constantFrom('string', 'number', 'integer', 'int', 'array', 'bogus'), fc.constant({ type: 'array' })), { nil: undefined }),
    min: fc.option(fc.double(), { nil: undefined }),
    max: fc.option(fc.double(), { nil: undefined }),
    aggregate: fc.option(fc.constantFrom('count', 'sum', 'mean', 'min', 'max', 'median'), { nil: undefined }),
    pathSyntax: fc.option(fc.constantFrom('auto', 'get', 'jsonpath', 'xpath'), { nil: undefined }),
    tolerance: fc.option(fc.double(), { nil: undefined }),
  }, { requiredKeys: ['mode'] }),
  fc.anything(),
);
