// What an application's browser bundle pays for a way into jsonmend: esbuild (bundled, minified, ESM,
// browser), resolving `jsonmend` to the built package (dist/) or to its sources (src/, for a test that
// must not depend on a build), with package.json's `sideEffects: false` applying as in an install.
// Shared by bench/bundle.bench.ts and test/package/bundle.test.ts.
import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The issue-14 budget for a bundle that imports only `parse`. Not met: the engine's rules (about 43 KB)
 * and the extraction `parse` runs on prose (about 15 KB) are behaviour; see the bench's breakdown.
 */
export const PARSE_ONLY_BUDGET = 45 * 1024;

/**
 * A ceiling that catches a regression (a table, a schema stage or a validator pulled into `parse`).
 * It was 76 KB until the near-JSON lane (src/parse/near-json.ts, about 3.5 KB) made damaged input
 * 1.5–2× faster to parse (issue 16), and 80 KB until stray closers stopped losing what follows them
 * (src/parse/continuation.ts and src/extract/continuation.ts, about 2.9 KB; 79.9 KB with them), and
 * 84 KB until members and elements in prose whose opener was lost stopped losing what surrounds the
 * container inside them (src/extract/missing-opener.ts and its calls, about 1.5 KB; 84.1 KB with them),
 * and 86 KB until a key that lost its closing quote, a key without a value before an array's element
 * and a stray colon in an array stopped losing data (about 1 KB; 86.4 KB measured from src/), and
 * 88 KB until closers written for a comma, a colon or an opener stopped losing what follows them
 * (about 2.4 KB; 88.7 KB measured from src/), and 90 KB until quotes deleted or replaced by another
 * kind, and more damaged openers in prose, stopped losing data (about 1.5 KB; 90.2 KB from src/), and
 * 92 KB until stray quotes, a key's colon written as a comma and the last shapes of a replaced
 * delimiter stopped losing data (about 1 KB; 91.9 KB from src/), and 94 KB until comments, quotes
 * and apostrophes not escaped, and brackets quoted in prose stopped ending spans early, and a lost
 * inner closer stopped reading as a cut-off value (about 2 KB; 94.1 KB from src/), and 96 KB until a
 * key without a value stopped replacing a member, a value's lost `{` stopped sending its members one
 * level up, and a stray quote after a closer stopped setting members aside (about 2.2 KB; 96.3 KB
 * from src/), and 98 KB until numbers that start a value's text, a code block in a fenced string,
 * a note after the JSON, a sentence that lost its opening quote and an unquoted key after a key
 * without a value stopped losing data or reading as cut off (about 3.3 KB; 99.6 KB from src/), and
 * 102 KB until full-width commas and colons between tokens and doubled braces stopped losing data
 * (about 2.7 KB; 102.3 KB from dist/), and 104 KB until an array's lost `]` before its object's next
 * key, a table row's lost `[`, unquoted amounts with text after them, paths and names stopped
 * reading as made-up members, cut-off values or errors, and a value's escaped quotes stopped being
 * an error (about 4.5 KB; 106.8 KB from dist/), and 107 KB until Python sets of numbers, quoted
 * words listed in a string, Windows paths, doubled colons, a key's doubled quote, keyword arguments
 * and containers written as JavaScript and Python write them that lost a delimiter stopped losing
 * data or being errors (about 3.8 KB; 110.6 KB from dist/), and 112 KB until an object written as
 * JavaScript writes one that lost its first `{`, LaTeX commands written with one backslash, `#`
 * comments after strings, lost `[`s before elements holding containers and doubled closers before a
 * trailing comma stopped losing data (about 5.4 KB, the LaTeX command table 1 KB of it; 116.0 KB
 * from dist/), and 118 KB until reasoning written with special tokens (Gemma 4's and gpt-oss's
 * channels, `[THINK]`, …) and a model's end tokens after its last text stopped giving a draft or the
 * token as the value, and gpt-oss's commentary channel and stripped replies stopped being the answer
 * (about 2.4 KB; 118.4 KB from dist/), and 120 KB until reasoning written by eight more models
 * (channel tokens and Granite's and Apriel's plain-text headings), a code block pasted into a string,
 * keys that lost their closing quotes through a scalar value, a lost end quote before closers and a
 * note, a line of prose after a value whose closers were left out, and stray marks before keys
 * stopped losing data or reading as cut off (about 6.2 KB; 124.6 KB from dist/), and 126 KB until a
 * JSON document, Python's triple quotes or a call's quoted arguments written in a string without
 * escaping their quotes, sets in double quotes and function calls with keyword arguments stopped
 * losing data, and a fenced list of scalars stopped losing its last one (about 4.4 KB; 129.0 KB from
 * dist/), and 130 KB until a delimiter lost from an object written as code writes it (a code name's
 * object at the text's start, a nested `{` on its key's line, elements indented under their key, a
 * literal after an element object, a colon before a container) and a key whose `{"` was lost stopped
 * losing data (about 3.7 KB; 132.7 KB from dist/), and 133 KB until an unquoted value over several
 * lines, a code block's info string, an empty value's lost opener, an array after a lost colon too
 * long to see closed, a `[` then an element object's key on the next line, and a number's full stop
 * stopped losing data or being refused (about 2.1 KB; 134.8 KB from dist/), and 136 KB until the
 * words after a comma in an unquoted value (up to a key, also one written as a path), words quoted
 * in it and markdown's `**` starting it, braces doubled over lines, a reply cut off before any
 * value, an empty array's lost `[` before a trailing comma and a fence's closer after a key's colon
 * stopped becoming made-up keys or values, being removed as stray words or being refused (about
 * 2.6 KB; 137.4 KB from dist/), and 140 KB until a label after such text, a link in it, a path's key
 * or a label after a quoted value, braces doubled around unquoted keys or tripled, a value cut off
 * before it held anything after whole ones, a damaged document's tail in prose and Gemma's quote
 * token stopped losing data or being refused (about 2.2 KB; 139.6 KB from dist/), and 142 KB until
 * an array's `]` lost with its comma, strings wrapped side by side, notes and full-width delimiters
 * after a closer written early, unquoted keys beyond ASCII and Python-quoted members after a
 * prefilled `{` stopped losing data or reading as made-up members (about 2.2 KB; 141.8 KB from dist/),
 * and 142 KB until a prefilled reply's damaged first member, two slips in one member (a closer or
 * comma for a colon, a closer written early, quotes of a key, a stray quote, each with a lost or
 * full-width delimiter or a note), an answer after a reasoning block, JSON5's whole scalars and
 * line continuations, and closers at a streamed string's end stopped losing data or making up keys
 * (about 4.5 KB; 146.3 KB from dist/), and 148 KB until values that lost their opening quote over
 * raw line breaks, words a string quotes last and quotes doubled as CSV doubles them, Python keys
 * that lost their closing quote, a prefilled reply whose first value is an object, array strings cut
 * at their `]`, a second slip after an early closer, list items in a string, single-quoted values
 * that lost their closing quote, one-member sets before a value, a backslash before a line break
 * between words and a cut-off backslash stopped losing data, making up keys or being refused (about
 * 5.3 KB; 151.6 KB from dist/), and 154 KB until full-width brackets (src/extract/fullwidth.ts, read
 * before extraction), Windows paths inside a string and relative ones, an empty value beside the
 * answer in prose, a stray quote at a value's line end, code's call arguments in a string and a
 * quote-cut key before a note stopped losing data or making up keys (about 3.3 KB; 154.9 KB from
 * dist/), and 157 KB until a note paragraph after a value whose closers were left out, a stray word
 * glued to an object, a value of marks alone, a key whose quotes were lost around its colon, an early
 * closer before a damaged element or value, a doubled fence opener and a tuple's look stopped losing
 * data or making up values (about 4.9 KB; 159.8 KB from dist/), and 161 KB until a template echoed
 * before the answer, MetaGPT's `[CONTENT]` markers and the values in prose after a whole value stopped
 * giving a placeholder, a made-up array of a word or the first value alone (about 3 KB; 162.8 KB from
 * dist/), and 164 KB until a value labelled the answer after a draft or an example, a code block in a
 * value's string in prose, a string that opens with a fence in a stream, prose in braces, a value's
 * quotes escaped twice and the closers a reply left out after a whole value stopped losing data or
 * making up members (about 3.1 KB; 165.9 KB from dist/), and 168 KB until a scalar after reasoning, a
 * variable's name where data goes, a later value the reply's end cut off, a word glued to a call, a
 * string's quote before a cut word, tags inside multi-line or single-quoted strings and tags mentioned
 * in prose stopped giving NO_JSON, made-up values or lost members (about 3.4 KB; 169.3 KB from dist/), and
 * 186 KB until session 36's differential hunts: a repeated key after a guessed closer named, and the
 * readings it points to (a lost `}` or `]`, records merged by a lost quote); strings in arrays (a lost
 * opening or closing quote, a lone quote, `"""` before a delimiter, a quoted term and colon); a value
 * string that lost its opening quote read by its closing one (src/parse/lost-quote.ts); backtick strings
 * before comments and `//` in code strings; a string cut after its own `}`, drafts in reasoning the
 * reply ends inside and later cut values marked cut off; fenced strings told from JSON
 * (src/parse/fenced-string.ts); HTML comments, corrections and labels after a value in the choice of
 * the answer stopped losing data, making up members or looking complete (about 12.8 KB; 182.1 KB from
 * dist/), and 190 KB until session 37's hunts: labels in lower case, headings and bold lines,
 * `Final answer:` and wrong marks in the choice of the answer; closers after a value in prose that
 * repeats a key (src/parse/closer-run.ts); the prose scan and the tag pass reading damaged strings as
 * the parser does (a lost comma before an object in an array, a key that lost its quote, an object
 * with unescaped quotes inside a string, a cut string's trailing spaces) stopped making up members or
 * losing data behind a cut-off mark (about 4.3 KB; 186.4 KB from dist/), and 192 KB until session 38's
 * hunts: strings holding quoted JSON documents, `'''`, joins and closers quoted in code read as text
 * (src/parse/embedded-doc.ts, string-end.ts), the prose scan reading them alike, labels of a better
 * value (`New:`, `✅`), italic, setext and bare label lines and shape descriptions in the choice of the
 * answer, and a lone `[1]` after reasoning stopped losing data or choosing a draft (about 3.3 KB;
 * 189.7 KB from dist/), and 197 KB until session 39's: long near-JSON read in runs of members
 * (src/parse/json-pieces.ts, twice as fast past 100 KB), a call's quoted arguments and regex literals
 * kept in their strings, `New:` naming the better of a pair only for the same thing (src/parse/pair.ts),
 * a value in prose not joined with a second one, and numbers past 2^53 that the parser rewrote judged by
 * their written digits (src/parse/numbers.ts) stopped losing data or making up digits (about 4.8 KB;
 * 194.5 KB from dist/). Session 40: a bracketed marker closed at its own brackets, a reasoning block
 * opening a fence, a draft's closer cut inside a string, quoted word lists, quoted terms and inch marks
 * in strings, and a quote in a regex character class (src/parse/string-end.ts): about 2.7 KB, 197.2 KB.
 */
export const PARSE_ONLY_CEILING = 200 * 1024;

/** The code of an application that imports only `parse`. */
export const PARSE_ONLY = "import { parse } from 'jsonmend'; console.log(parse('{}'));";

export interface BundleSize {
  /** Minified bytes. */
  bytes: number;
  /** Bytes per input file (relative to the package root), largest first. */
  inputs: Array<[file: string, bytes: number]>;
}

export async function bundleSize(code: string, from: 'dist' | 'src' = 'dist'): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: code, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
    // The package refers to itself by name, as an application would.
    alias: { jsonmend: resolve(root, from === 'dist' ? 'dist/index.js' : 'src/index.ts') },
  });
  const output = Object.values(result.metafile.outputs)[0];
  const inputs = Object.entries(output.inputs)
    .map(([file, input]): [string, number] => [file, input.bytesInOutput])
    .sort((a, b) => b[1] - a[1]);
  return { bytes: result.outputFiles[0].contents.length, inputs };
}

/** Bytes of the inputs whose path contains `part`. */
export function bytesFrom(size: BundleSize, part: string): number {
  return size.inputs.filter(([file]) => file.includes(part)).reduce((sum, [, bytes]) => sum + bytes, 0);
}
