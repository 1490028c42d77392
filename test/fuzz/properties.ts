// The properties the fuzz harness checks over every public entry point. Each is a fast-check property
// over generated inputs; `npm run fuzz` runs them for a time budget, `npm test` for a few fixed-seed runs.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import {
  JsonMendError, applyDeltas, canonicalize, compareClaimValues, createStreamParser, createToolCallStream, extract, extractToolCalls, formatClaimFeedback, get,
  parse, parsePartial, parseToolArguments, parseWithReport, query, queryPaths, repair, tryGet, verify, verifyAll, type Claim,
  type Delta,
} from '../../src/index.js';
import { isCutOffRepair } from '../../src/parse/kind-flags.js';
import type { TextRepairKind } from '../../src/parse/types.js';
import { grows } from '../stream/check.js';
import { apostrophe, chunkSizes, codeInString, documentInString, prettyTrailingCommas, claim, commentedJson, doubledBraces, fencedCodeInString, fullwidthDelimiters, lostArrayClosers, lostRowOpener, unquotedAmounts, unquotedLabels, unquotedLines, wrappedStrings, pythonSets, quotedList, windowsPaths, latexMaths, doubledKeyQuote, python2Repr, unescapedQuote, cut, deletedDelimiter, deletedKeyQuote, deletedScriptDelimiter, deletedQuote, deletedQuoteRawLines, replacedQuote, getPath, hostileText, insertedDelimiter, insertedQuote, jsonPathQuery, jsonValue, nearJson, repeatedKeys, replacedDelimiter, strayCloser, strayColon, toolCallText, wrappedJson } from './inputs.js';

/** A property of the harness: a name to select and reproduce it by, and the property itself. */
export interface FuzzProperty {
  name: string;
  /** What must hold, in a sentence. */
  claim: string;
  property: () => fc.IRawProperty<never[]>;
}

/** What a call gave: a value, or the code of the JsonMendError it threw. Any other exception fails the property. */
type Outcome = { value: unknown } | { code: string };

function outcome(fn: () => unknown): Outcome {
  try {
    return { value: fn() };
  } catch (e) {
    if (e instanceof JsonMendError) return { code: e.code };
    const name = e instanceof Error ? e.name : typeof e;
    throw new Error(`foreign exception ${name}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

function fail(message: string): never {
  throw new Error(message);
}

function same(a: Outcome, b: Outcome, what: string): void {
  if (!isDeepStrictEqual(a, b)) fail(`${what}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
}

/** Streams `chunks` with deltas on, checking each snapshot; returns end()'s outcome. */
function streamed(chunks: readonly string[]): Outcome {
  return outcome(() => {
    const p = createStreamParser({ deltas: true });
    for (const c of chunks) p.push(c);
    return p.end();
  });
}

/**
 * The exceptions docs/stream.md lists to the stable prefix: the root replaced (concatenated values, a
 * rebuilt first chunk), and a value placed again at a path that already holds one (a duplicate key).
 */
function documentedException(previous: unknown, deltas: readonly Delta[]): boolean {
  return deltas.some((d) => (d.op === 'set' || d.op === 'add') && (d.path === '' || holds(previous, d.path)));
}

/** Whether `value` has something at the JSON Pointer `path`. */
function holds(value: unknown, path: string): boolean {
  let v = value;
  for (const raw of path.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (v === null || typeof v !== 'object' || !Object.prototype.hasOwnProperty.call(v, key)) return false;
    v = (v as Record<string, unknown>)[key];
  }
  return true;
}

/** The scalars in `v`, each as its JSON text (keys included, as `"k":`), in document order. */
function scalarsOf(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) scalarsOf(x, out);
  else if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.push(`${JSON.stringify(k)}:`);
      scalarsOf(x, out);
    }
  } else out.push(JSON.stringify(v));
  return out;
}

/** The texts of `v`'s scalars and keys as they stand inside JSON text (a string's, escaped, without its quotes). */
function textsOf(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) textsOf(x, out);
  else if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.push(JSON.stringify(k).slice(1, -1));
      textsOf(x, out);
    }
  } else out.push(typeof v === 'string' ? JSON.stringify(v).slice(1, -1) : JSON.stringify(v));
  return out;
}

/** The scalars of `expected` that `actual` does not hold as many times (a multiset difference). */
function missingScalars(expected: readonly string[], actual: readonly string[]): string[] {
  const count = new Map<string, number>();
  for (const a of actual) count.set(a, (count.get(a) ?? 0) + 1);
  const missing: string[] = [];
  for (const x of expected) {
    const n = count.get(x) ?? 0;
    if (n === 0) missing.push(x);
    else count.set(x, n - 1);
  }
  return missing;
}

/**
 * The damaged `text` made from `value` gives every scalar and key of it in the value (as itself, or
 * as text inside a string), or parse throws JsonMendError (in prose, or the report says the value
 * was cut off); streamed in `sizes` chunks, end() gives the same.
 */
function losesNoText({ value, text, inProse }: { value: unknown; text: string; inProse: boolean }, sizes: number[]): void {
  const got = outcome(() => parse(text));
  // The stream reads such replies the same way (stream.end-equals-parse, on this damage).
  same(streamed(cut(text, sizes)), got, 'end() vs parse()');
  if ('code' in got) return;
  const out = JSON.stringify(got.value);
  const missing = textsOf(value).filter((t) => !out.includes(t));
  // In prose, a `[` inside a string whose array lost its own `[` (`Result: "_["] ok`) is read as
  // an array cut off at the text's end: the report says the value is not whole.
  if (missing.length > 0 && !(inProse && parseWithReport(text).repairs.some((r) => isCutOffRepair(r.kind as TextRepairKind)))) {
    fail(`lost ${missing.join(' | ')}: got ${out}`);
  }
}

/** The texts of `v`'s strings and numbers (a string's escaped, without its quotes): its keys left out. */
function leavesOf(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) leavesOf(x, out);
  else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) leavesOf(x, out);
  else if (typeof v === 'string') out.push(JSON.stringify(v).slice(1, -1));
  else if (typeof v === 'number') out.push(String(v));
  return out;
}

/**
 * As losesNoText, for values whose key names repeat (each string and number its own): every string
 * and number stands in the value (as itself, or as text inside a string), or a repair names the loss
 * (a key repeated after a guess, `duplicate_key`; in prose, a value cut off).
 */
function losesNoLeafSilently({ value, text, inProse }: { value: unknown; text: string; inProse: boolean }, sizes: number[]): void {
  const got = outcome(() => parse(text));
  same(streamed(cut(text, sizes)), got, 'end() vs parse()');
  if ('code' in got) return;
  const out = JSON.stringify(got.value);
  const missing = leavesOf(value).filter((t) => !out.includes(t));
  if (missing.length === 0) return;
  const named = parseWithReport(text).repairs.some((r) => r.kind === 'duplicate_key' || (inProse && isCutOffRepair(r.kind as TextRepairKind)));
  if (!named) fail(`lost ${missing.join(' | ')}: got ${out}`);
}

/** A recovery property: inputs made by `input` are read as the value they were made from, by parse and the stream alike. */
function readsExactly(name: string, input: fc.Arbitrary<{ value: unknown; text: string }>, claim: string): FuzzProperty {
  return {
    name,
    claim,
    property: () => asProperty(input, chunkSizes, ({ value, text }: { value: unknown; text: string }, sizes: number[]) => {
      const got = outcome(() => parse(text));
      // As JSON text: the generated containers' prototypes are not parse's.
      if (JSON.stringify(got) !== JSON.stringify({ value })) fail(`read ${JSON.stringify(got)}`);
      // parse may take the near-JSON lane; parseWithReport always runs the engine.
      same(outcome(() => parseWithReport(text).value), got, 'parseWithReport vs parse');
      same(streamed(cut(text, sizes)), got, 'end() vs parse()');
    }),
  };
}

/** A recovery property: inputs made by `input` lose no text silently (see losesNoText). */
function keepsText(name: string, input: fc.Arbitrary<{ value: unknown; text: string; inProse: boolean }>, claim: string): FuzzProperty {
  return { name, claim, property: () => asProperty(input, chunkSizes, losesNoText) };
}

function asProperty<Ts extends unknown[]>(...args: [...arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> }, predicate: (...args: Ts) => void]): fc.IRawProperty<never[]> {
  return (fc.property as unknown as (...a: unknown[]) => fc.IRawProperty<never[]>)(...args);
}

export const PROPERTIES: readonly FuzzProperty[] = [
  {
    name: 'totality.parse',
    claim: 'parse, parseWithReport, repair, parsePartial, extract and parseToolArguments return or throw JsonMendError',
    property: () => asProperty(hostileText, (text: string) => {
      outcome(() => parse(text));
      outcome(() => parseWithReport(text));
      outcome(() => repair(text));
      outcome(() => parsePartial(text));
      outcome(() => extract(text));
      outcome(() => parseToolArguments(text));
      outcome(() => parse(text, { strict: true, maxDepth: 3 }));
    }),
  },
  {
    name: 'totality.stream',
    claim: 'push and end return or throw JsonMendError, whatever the chunking',
    property: () => asProperty(hostileText, chunkSizes, (text: string, sizes: number[]) => {
      streamed(cut(text, sizes));
    }),
  },
  {
    name: 'totality.path',
    claim: 'get, tryGet, query and queryPaths return or throw JsonMendError for any path, query and document',
    property: () => asProperty(jsonValue, jsonPathQuery, getPath, (doc: unknown, q: string, p: string) => {
      outcome(() => query(doc, q));
      outcome(() => queryPaths(doc, q));
      outcome(() => get(doc, p));
      outcome(() => tryGet(doc, p));
    }),
  },
  {
    name: 'totality.verify',
    claim: 'verify, verifyAll, compareClaimValues and formatClaimFeedback return or throw JsonMendError',
    property: () => asProperty(claim, jsonValue, fc.option(fc.anything(), { nil: undefined }), (c: unknown, payload: unknown, options: unknown) => {
      const r = outcome(() => verify(c as Claim, payload));
      outcome(() => verify(c as Claim, payload, options as never));
      outcome(() => verifyAll([c as Claim], payload, options as never));
      outcome(() => compareClaimValues(c, payload, options as never));
      if ('value' in r) outcome(() => formatClaimFeedback(r.value as never));
      outcome(() => formatClaimFeedback(c as never));
    }),
  },
  {
    name: 'totality.tools',
    claim: "extractToolCalls, and createToolCallStream fed in any chunks, return or throw JsonMendError on any reply with tool-call markup in it; the stream's end() gives exactly what extractToolCalls gives",
    property: () => asProperty(toolCallText, chunkSizes, (text: string, sizes: number[]) => {
      const tools = [{ name: 'get_weather', schema: { type: 'object', properties: { city: { type: 'string' } } } }, { name: 'ls' }];
      const whole = outcome(() => extractToolCalls(text, { tools }));
      const stream = outcome(() => {
        const s = createToolCallStream({ tools });
        for (const c of cut(text, sizes)) s.push(c);
        return s.end();
      });
      same(stream, whole, 'end() vs extractToolCalls()');
    }),
  },
  {
    name: 'totality.values',
    claim: 'canonicalize and applyDeltas return or throw JsonMendError for any JavaScript value',
    property: () => asProperty(fc.anything({ withBoxedValues: true, withMap: true, withNullPrototype: true }), fc.array(fc.anything(), { maxLength: 3 }), (v: unknown, deltas: unknown[]) => {
      outcome(() => canonicalize(v));
      outcome(() => applyDeltas(v, deltas as Delta[]));
      outcome(() => applyDeltas(v, v as Delta[]));
    }),
  },
  {
    name: 'canonicalize.roundtrip',
    claim: 'canonicalize of a JSON value is JSON text of the same value, and agrees with JSON.stringify on key-sorted values',
    property: () => asProperty(jsonValue, (v: unknown) => {
      const text = canonicalize(v);
      if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(v)))) fail(`canonicalize changed the value: ${text}`);
    }),
  },
  {
    name: 'identity.wrapped',
    claim: 'valid JSON inside a fence, a tag or prose parses to itself',
    property: () => asProperty(wrappedJson, ({ value, text }: { value: unknown; text: string }) => {
      const got = outcome(() => parse(text));
      same(got, { value: JSON.parse(JSON.stringify(value)) }, 'parse of wrapped JSON');
    }),
  },
  {
    name: 'parse.equals-report',
    claim: "parse (which may read near-JSON by rewriting it for JSON.parse) gives parseWithReport's value (the engine's), or the same error",
    property: () => asProperty(fc.oneof(nearJson, hostileText), (text: string) => {
      same(outcome(() => parse(text)), outcome(() => parseWithReport(text).value), 'parse vs parseWithReport');
    }),
  },
  {
    name: 'repair.valid',
    claim: 'repair(x) is valid JSON whose value equals parse(x), and fails exactly when parse fails',
    property: () => asProperty(hostileText, (text: string) => {
      const parsed = outcome(() => parse(text));
      const repaired = outcome(() => repair(text));
      if ('code' in parsed || 'code' in repaired) {
        if ('code' in parsed !== 'code' in repaired) fail(`parse ${JSON.stringify(parsed)} but repair ${JSON.stringify(repaired)}`);
        return;
      }
      let reread: unknown;
      try {
        reread = JSON.parse(repaired.value as string);
      } catch {
        fail(`repair gave text JSON.parse rejects: ${JSON.stringify(repaired.value)}`);
      }
      if (!isDeepStrictEqual(reread, parsed.value)) fail(`repair ${JSON.stringify(repaired.value)} is not parse's value ${JSON.stringify(parsed.value)}`);
    }),
  },
  {
    name: 'recovery.stray-closer',
    claim: 'a stray closer written after any closer of a valid document loses none of its scalars silently: the value holds them all, or parse throws JsonMendError (the rest is never set aside)',
    property: () => asProperty(strayCloser, ({ value, text }: { value: unknown; text: string }) => {
      const got = outcome(() => parse(text));
      if ('code' in got) return;
      const missing = missingScalars(scalarsOf(value), scalarsOf(got.value));
      if (missing.length > 0) fail(`lost ${missing.join(', ')}: got ${JSON.stringify(got.value)}`);
    }),
  },
  keepsText('recovery.deleted-delimiter', deletedDelimiter,
    'a comma, colon, opener or closer deleted from a valid document, alone or in prose, loses no text silently: every scalar and key of the document stands in the value (as itself, or as text inside a string), or parse throws JsonMendError (in prose, or the report says the value was cut off); streamed in any chunks, end() gives the same'),
  keepsText('recovery.deleted-script-delimiter', deletedScriptDelimiter,
    "a comma, colon, opener or closer deleted from a container written as JavaScript and Python write it (unquoted keys, single quotes, `True`/`None`, trailing commas), alone or in prose, loses no text silently (as recovery.deleted-delimiter states it)"),
  keepsText('recovery.deleted-key-quote', deletedKeyQuote,
    "a key's closing quote deleted from a valid document whose keys are identifiers, or from one written as Python writes it, loses no text silently (as recovery.deleted-delimiter states it)"),
  keepsText('recovery.deleted-quote', deletedQuote,
    "a quote deleted from a valid document whose keys are identifiers and strings words, alone or in prose, loses no text silently (as recovery.deleted-delimiter states it)"),
  keepsText('recovery.deleted-quote-raw-lines', deletedQuoteRawLines,
    'a quote deleted from a valid document whose strings are lines of words, their line breaks written raw, loses no text silently (as recovery.deleted-delimiter states it)'),
  keepsText('recovery.replaced-quote', replacedQuote,
    "a quote of a valid document whose keys are identifiers and strings words replaced by ', “ or ”, alone or in prose, loses no text silently (as recovery.deleted-delimiter states it)"),
  keepsText('recovery.replaced-delimiter', replacedDelimiter,
    'a comma, colon, opener or closer of a valid document replaced by another of them, alone or in prose, loses no text silently (as recovery.deleted-delimiter states it)'),
  keepsText('recovery.inserted-delimiter', insertedDelimiter,
    'a comma, colon, opener or closer inserted before a delimiter of a valid document, alone or in prose, loses no text silently (as recovery.deleted-delimiter states it)'),
  keepsText('recovery.inserted-quote', insertedQuote,
    'a stray " inserted before a delimiter of a valid document whose keys are identifiers and strings words, alone or in prose, loses no text silently (as recovery.deleted-delimiter states it)'),
  keepsText('recovery.comment', commentedJson,
    'a comment with quotes or brackets in it (`//`, `/* */`, `#`) written at the end of a line of a pretty-printed valid document, or on a line of its own, alone or in prose, loses no text silently (as recovery.deleted-delimiter states it)'),
  readsExactly('recovery.pretty-trailing-commas', prettyTrailingCommas,
    'a container pretty-printed as JSON or as a JavaScript literal with trailing commas after every member and element (and a comment), as code formatters write it, alone or in prose, is read as that value by parse, parseWithReport and the stream'),
  readsExactly('recovery.unescaped-quote', unescapedQuote,
    'a string holding a quoted word whose quotes were not escaped (`"a "done}" and more"`), in a valid document whose keys are identifiers and strings words, alone or in prose, is read exactly as it was meant, and so is the rest of the document; the stream reads it the same way'),
  readsExactly('recovery.quoted-list', quotedList,
    'an object with a string that lists quoted words whose quotes were not escaped (`"msg": "Use "a", "b" or "c""`), alone or in prose, is read exactly as it was meant, and so is the rest of the object; the stream reads it the same way'),
  readsExactly('recovery.code-in-string', codeInString,
    'an object with a string of code whose quotes were not escaped, a call with quoted arguments (`env.get("KEY", "default")`) maybe after a docstring in triple quotes, its line breaks escaped, alone or in prose, is read exactly as it was meant, and so is the rest of the object; the stream reads it the same way'),
  readsExactly('recovery.windows-path', windowsPaths,
    'an object some of whose values are Windows paths written with single backslashes (`"C:\\Users\\bob\\new.txt"`), maybe after a command (`"type C:\\Users\\…"`), or relative ones (`"src\\utils\\new.py"`), alone or in prose, is read with each path as written (`\\n` `\\t` `\\b` `\\u` in it are folders, not escapes); the stream reads it the same way'),
  readsExactly('recovery.latex', latexMaths,
    'an object some of whose values are maths written as LaTeX with single backslashes (`"$\\frac{a}{b} \\times \\theta$"`), with a trailing comma, alone or in prose, is read with each expression as written (`\\f` `\\t` `\\n` `\\b` `\\r` there start commands, not escapes); the stream reads it the same way'),
  readsExactly('recovery.doubled-key-quote', doubledKeyQuote,
    "a container's JSON with one key's opening quote written twice (`{\"\"name\": \"Ann\"}`), alone or in prose, is read exactly as it was meant; the stream reads it the same way"),
  readsExactly('recovery.apostrophe', apostrophe,
    "a document written with single quotes whose string holds an apostrophe, not escaped, and maybe a brace or bracket after it (`{'q': 'we're done}', 'n': 1}`), alone or in prose, is read exactly as it was meant; the stream reads it the same way"),
  readsExactly('recovery.fenced-code-in-string', fencedCodeInString,
    'a fenced document whose string holds a Markdown code block with raw line breaks (`"text": "Run:⏎```bash⏎ls⏎```⏎ok"`), alone or in prose, is read exactly as it was meant: the inner fence ends neither the string nor the reply\'s fence; the stream reads it the same way'),
  readsExactly('recovery.document-in-string', documentInString,
    'a valid document one of whose strings holds a JSON object or array written with its quotes not escaped (`"arguments": "{"city": "Paris"}"`, line breaks escaped), alone or in prose, is read exactly as it was meant: the inner document is the string\'s text; the stream reads it the same way'),
  readsExactly('recovery.doubled-braces', doubledBraces,
    'a valid document whose every brace between tokens is doubled (`{{"a": {{"b": 1}}}}`, a prompt template\'s escaped braces, copied) or tripled, its keys maybe unquoted as JavaScript writes them, its strings holding braces of their own, alone or in prose, is read exactly as it was meant; the stream reads it the same way'),
  readsExactly('recovery.python2-repr', python2Repr,
    "a document written as Python 2's repr (`{u'name': u'Ann', u'ok': True}`, prefixes `u` or `b`, quotes single or double), alone or in prose, is read exactly as it was meant; the stream reads it the same way"),
  readsExactly('recovery.fullwidth-delimiter', fullwidthDelimiters,
    'a valid document whose keys and strings are Chinese text with full-width commas, colons and brackets of their own, some of its commas, colons and brackets between tokens written full-width (`，` `：` `［` `］` `｛` `｝`; in prose the outermost opener only before a container or a string), alone or in prose, is read exactly as it was meant; the stream reads it the same way'),
  readsExactly('recovery.lost-array-closer', lostArrayClosers,
    'a valid document with the `]` of some arrays left out where the array ends in a plain value and its object\'s next key follows (`{"tags": ["x", "y", "n": 2}`), some with their comma (`["x", "y" "n": 2}`), alone or in prose, is read exactly as it was meant; the stream reads it the same way'),
  readsExactly('recovery.lost-row-opener', lostRowOpener,
    'a table of plain values (`{"headers": […], "rows": [[…], …]}`, or the rows alone) whose row between two others lost its `[`, alone or in prose, is read exactly as it was meant; the stream reads it the same way'),
  readsExactly('recovery.unquoted-amounts', unquotedAmounts,
    'an object some of whose values are amounts written without quotes (`10 - 20`, `2+2`, `12:30 PM`, `2024-01-15 10:00`, `~5 min`, `>=5`, `50-60%`, `12 apples`), alone or in prose, is read with each amount as its text; the stream reads it the same way'),
  readsExactly('recovery.unquoted-lines', unquotedLines,
    'an object some of whose values are text without quotes that goes on over two or three lines (`b: hey world⏎    so that we can test this out,⏎    c: 1`), alone or in prose, is read with each such value its lines as written; the stream reads it the same way'),
  readsExactly('recovery.unquoted-labels', unquotedLabels,
    'an object written as JavaScript whose keys are labels with spaces and marks (`Price (USD)`, `Mr. Smith`, `Item #1`) and some of whose values are text without quotes, its words maybe joined by commas (`{a: Red, green and blue, Price (USD): 12}`), alone or in prose, is read exactly as it was meant: a label ends the text before it; the stream reads it the same way'),
  readsExactly('recovery.wrapped-strings', wrappedStrings,
    'an object some of whose string values are wrapped as Python wraps a long string, parts side by side on lines of their own indented under the first or on one line (`"k0": "a long "⏎        "text",`), quotes double or single, alone or in prose, is read with each such value its parts joined; the stream reads it the same way'),
  readsExactly('recovery.python-set', pythonSets,
    "a dict as Python's repr writes it, some of whose values are sets of numbers or words (`{'ids': {1, 2.5, -3}}`), alone or in prose, is read with each set an array of its members; the stream reads it the same way"),
  {
    name: 'recovery.repeated-keys',
    claim: 'a delimiter or quote deleted, doubled or replaced in a valid document whose key names repeat at different depths (records in an array alike, nested objects reusing names), alone or in prose, loses no string or number silently: each stands in the value, or a repair names the loss (`duplicate_key`: a key its object held, repeated after a guessed repair; in prose, a value cut off); streamed in any chunks, end() gives the same',
    property: () => asProperty(repeatedKeys, chunkSizes, losesNoLeafSilently),
  },
  keepsText('recovery.stray-colon', strayColon,
    'a stray colon written before a comma or closer of a valid document, alone or in prose, loses no text silently (as recovery.deleted-delimiter states it)'),
  {
    name: 'stream.end-equals-parse',
    claim: "the stream's end() gives exactly what parse() gives on the whole text, however it is cut",
    property: () => asProperty(hostileText, chunkSizes, (text: string, sizes: number[]) => {
      same(streamed(cut(text, sizes)), outcome(() => parse(text)), 'end() vs parse()');
    }),
  },
  {
    name: 'partial.prefixes-grow',
    claim: "parsePartial of each prefix of a valid document is a stable prefix of its value and grows from the previous prefix's (a number at the very end, which the next digit changes, aside); the whole text gives the value",
    property: () => asProperty(jsonValue, fc.boolean(), (value: unknown, pretty: boolean) => {
      const text = JSON.stringify(value, null, pretty ? 2 : undefined);
      if (text === undefined || (typeof value !== 'object' || value === null)) return;
      const expected: unknown = JSON.parse(text);
      let previous: unknown;
      for (let i = 0; i <= text.length; i++) {
        if (i < text.length && /[0-9]$/.test(text.slice(0, i)) && /^[0-9.eE+-]/.test(text.slice(i))) continue;
        const v = parsePartial(text.slice(0, i));
        if (!grows(v, expected) || !grows(previous, v)) fail(`prefix ${JSON.stringify(text.slice(0, i))} gave ${JSON.stringify(v)} after ${JSON.stringify(previous)}`);
        previous = v;
      }
      if (!isDeepStrictEqual(previous, expected)) fail(`the whole text gave ${JSON.stringify(previous)}`);
    }),
  },
  {
    name: 'stream.snapshots',
    claim: 'snapshots are never changed afterwards, each grows from the one before (stable prefix, but for the documented exceptions), and each push\'s deltas turn the previous value into the new one',
    property: () => asProperty(hostileText, chunkSizes, (text: string, sizes: number[]) => {
      const p = createStreamParser({ deltas: true });
      const shown: { snapshot: { value: unknown }; json: string | undefined }[] = [];
      let previous: unknown;
      try {
        for (const c of cut(text, sizes)) {
          const snap = p.push(c);
          if (snap.error) break;
          shown.push({ snapshot: snap, json: JSON.stringify(snap.value) });
          if (!grows(previous, snap.value) && !documentedException(previous, snap.deltas ?? [])) fail(`a snapshot did not grow from the one before: ${JSON.stringify(previous)} → ${JSON.stringify(snap.value)}`);
          const replayed = applyDeltas(previous, snap.deltas ?? []);
          if (!isDeepStrictEqual(replayed, snap.value)) fail(`deltas ${JSON.stringify(snap.deltas)} on ${JSON.stringify(previous)} gave ${JSON.stringify(replayed)}, not ${JSON.stringify(snap.value)}`);
          previous = snap.value;
        }
        p.end();
      } catch (e) {
        if (!(e instanceof JsonMendError)) throw e;
      }
      for (const s of shown) if (JSON.stringify(s.snapshot.value) !== s.json) fail(`a snapshot changed after it was returned: ${s.json}`);
    }),
  },
];
