// Prints the agreement table of docs/parse.md: cases agreed per suite, and every difference grouped
// with its reason. Run: node --import tsx test/peer-suites/report.ts
import { jsonEqual } from '../helpers.js';
import { SUITES, runCases, tally, type Outcome } from './run.js';

/** A group of differences and why they differ. Deliberate groups are choices; the others are work. */
interface Group {
  id: string;
  deliberate: boolean;
  reason: string;
  test: (o: Outcome) => boolean;
}

const threw = (o: Outcome, code: string) => 'error' in o.got && o.got.error === code;
const value = (o: Outcome): unknown => ('value' in o.got ? o.got.value : undefined);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every string anywhere in a value, keys included. */
function texts(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (v !== null && typeof v === 'object') {
    if (!Array.isArray(v)) out.push(...Object.keys(v));
    for (const x of Object.values(v)) texts(x, out);
  }
  return out;
}

/** Every string anywhere in a value. */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) strings(x, out);
  return out;
}

/** Ordered: a difference belongs to the first group whose test it passes. */
const GROUPS: Group[] = [
  {
    id: 'peer-rejects',
    deliberate: true,
    reason: 'the peer throws (or finds nothing) where jsonmend repairs and reports: concatenated values, a value followed by prose, bad `\\u` escapes and raw control characters in strings, a top-level Python `True`',
    test: (o) => o.case.expect === 'error',
  },
  {
    id: 'no-container',
    deliberate: true,
    reason: 'no `{` or `[` in the reply — a word, a sentence, a URL, a regex, a cut-off quoted phrase, comma- or line-separated scalars, a call with a scalar argument, string concatenation: `NO_JSON` here (a reply with no JSON is an error the caller can act on, never a string made of prose); the peer returns the text, or an array it assembled',
    test: (o) => threw(o, 'NO_JSON') && !/[{[]/.test(o.input),
  },
  {
    id: 'several-values',
    deliberate: true,
    reason: 'several top-level values: jsonmend keeps them all, as an array (`[]{}` → `[[], {}]`), or with fences and prose takes the first candidate (`parseAll` returns each); json_repair keeps the last non-empty one, or gathers fenced blocks into an array',
    test: (o) => {
      const v = value(o);
      return (Array.isArray(v) && v.some((x) => jsonEqual(x, o.case.expected))) || (Array.isArray(o.case.expected) && o.case.expected.some((x) => jsonEqual(x, v)));
    },
  },
  {
    id: 'missing-value',
    deliberate: true,
    reason: 'a key with no value is `null` here (`missing_value`, reported); json_repair writes `""`',
    test: (o) => {
      const v = value(o);
      const e = o.case.expected;
      if (!isObject(v) || !isObject(e)) return false;
      const keys = Object.keys(e);
      return keys.length === Object.keys(v).length && keys.every((k) => jsonEqual(v[k], e[k]) || (e[k] === '' && v[k] === null));
    },
  },
  {
    id: 'nothing-given',
    deliberate: true,
    reason: 'a reply cut off before any value (`{`, `[`, `{"foo":`, a key cut off) is `UNREPAIRABLE`: closed, it would be `{}` or `[]`, a value that looks complete and holds nothing the reply said; the peers return it (with the cut-off key, `null` or `""`)',
    test: (o) => 'error' in o.got && o.got.error === 'UNREPAIRABLE' && /before any value/.test(o.got.message),
  },
  {
    id: 'cut-off-member',
    deliberate: true,
    reason: 'a member cut off before its value is dropped (no value was given; nothing is invented); jsonrepair adds it with `null` (or `0` for a lone `-`)',
    test: (o) => {
      const v = value(o);
      const e = o.case.expected;
      if (!isObject(v) || !isObject(e)) return false;
      return Object.keys(v).every((k) => jsonEqual(v[k], e[k])) && Object.keys(e).every((k) => k in v || e[k] === null || e[k] === 0);
    },
  },
  {
    id: 'one-element-tuple',
    deliberate: true,
    reason: 'a Python tuple is an array, also with one element (`(1)` → `[1]`); json_repair unwraps a one-element tuple',
    test: (o) => /\(\s*("x"|1)\s*\)/.test(o.input) && jsonEqual(JSON.parse(JSON.stringify(value(o)).replace(/\[(1|"x")\]/g, '$1')), o.case.expected),
  },
  {
    id: 'kept-backslash',
    deliberate: true,
    reason: 'a backslash before a character that needs no escape is kept (`"\\a"` → `\\a`: regexes and Windows paths keep their text); the peers drop it, or read `\\` before a line break as a continuation',
    test: (o) => /\\[^"\\/bfnrtu]/.test(o.input) && strings(value(o)).some((s) => s.includes('\\')) && !strings(o.case.expected).some((s) => s.includes('\\')),
  },
  {
    id: 'number-like',
    deliberate: true,
    reason: 'a token that is not a number as written (`2e`, `2e+`, `1e`, `1_234.5_6`) is kept as its text (`number_like_text`): digits are never dropped or guessed; the peers read `2`, `1`, `1234.56` (with a schema asking for a number, the schema decides)',
    test: (o) => /\d[_/]\d|\d-\d|\de\+?\s*([,\]}]|$)/.test(o.input),
  },
  {
    id: 'comment-in-string',
    deliberate: true,
    reason: 'a `/*` or `+` inside a string that lost a quote is text; jsonrepair reads a comment or a concatenation there and joins or splits the strings',
    test: (o) => /\/\*/.test(o.input) && strings(value(o)).some((t) => t.includes('/*')),
  },
  {
    id: 'unterminated-kept-whole',
    deliberate: true,
    reason: 'a string the text ends inside is kept whole (`["hello, world]` → `["hello, world"]`): which of its commas were meant as separators is a guess; jsonrepair splits it',
    test: (o) => {
      const v = value(o);
      const e = o.case.expected;
      return Array.isArray(v) && Array.isArray(e) && e.length > v.length && e.every((x) => strings(v).some((t) => t.includes(String(x))));
    },
  },
  {
    id: 'line-continuation',
    deliberate: true,
    reason: 'a backslash at the end of a line inside a string continues the line, as in JavaScript (`invalid_escape`), unless words stand on both sides of it (`carrot\\⏎turnip`: the line break is kept); jsonrepair keeps the line break',
    test: (o) => /\\\n/.test(o.input),
  },
  {
    id: 'lone-minus',
    deliberate: true,
    reason: 'a lone `-` is not a number: `UNREPAIRABLE`; the peers read `0` or drop it',
    test: (o) => 'error' in o.got && /\[-[ ,]/.test(o.input),
  },
  {
    id: 'keyless-member',
    deliberate: true,
    reason: 'a value with no key in an object (`{"key": ["a"], ["b"]}`, `{:}`, or values closed early before an array of arrays: `"key": [[1, 2, 3], "a", "b"], [[4, 5, 6]]`; a row of plain values after `], ` makes them a row that lost its `[`) is `UNREPAIRABLE`: where it belongs is a guess; json_repair merges it into the array before it, or makes it a key',
    test: (o) => 'error' in o.got && /\],\s*\[|",\s*\["[^"]*"\]\s*\}|^\{:\}$/.test(o.input),
  },
  {
    id: 'cut-off-opener',
    deliberate: true,
    reason: 'an opener or quote the text ends right after is kept as an empty container or string (`[{]` → `[{}]`, `["` → `[""]`): the text opened it; json_repair drops it',
    test: (o) => o.input.length <= 3 && 'value' in o.got,
  },
  {
    id: 'quoted-sentence',
    deliberate: true,
    reason: 'a reply that is one quoted sentence with brackets inside (`"the set {a, b"} more"`), or a regex: the brackets are prose, so `NO_JSON` (or the bracketed list, when it parses); jsonrepair returns the whole text as a string',
    test: (o) => /^["/]/.test(o.input) && typeof o.case.expected === 'string',
  },
  {
    id: 'kept-text',
    deliberate: true,
    reason: 'the peer drops text it cannot place — a word after a string (`"data" AAAA`), the tail after a closer inside a string (`"value} key2: value2`), an escaped line break at the end, the last line break of text written over several lines (a file ends with one), a doubled or stray quote — where jsonmend keeps it in the string: nothing is dropped to make a value look tidy',
    test: (o) => {
      if (!('value' in o.got)) return false;
      const ours = texts(o.got.value);
      const theirs = texts(o.case.expected);
      const length = (xs: string[]) => xs.reduce((n, x) => n + x.length, 0);
      // The same shape (keys, items, types), only longer strings here.
      const shape = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'string' ? '' : x));
      return shape(o.got.value) === shape(o.case.expected) && theirs.every((t) => ours.some((x) => x.includes(t))) && length(ours) > length(theirs);
    },
  },
  {
    id: 'kept-members',
    deliberate: true,
    reason: 'a line comment whose closer is the document\'s (`"value2" // comment }, "key3": "value3" }`) ends before it: jsonmend keeps the members after it; json_repair reads the rest of the line as the comment and drops them',
    test: (o) => 'value' in o.got && isMembers(o.case.expected) && holds(o.got.value, o.case.expected) && JSON.stringify(o.got.value).length > JSON.stringify(o.case.expected).length,
  },
  {
    id: 'throws',
    deliberate: false,
    reason: 'engine, to do: a regex inside a string whose quotes are not escaped (`"^\\s*path\\(\\s*[\'"]…"`)',
    test: (o) => 'error' in o.got,
  },
  {
    id: 'other',
    deliberate: false,
    reason: 'engine, to do: other readings of damaged text — a missing opening quote before a number (`12345"`), escaped JSON inside a string value, a fenced block as a value',
    test: () => true,
  },
];

function isMembers(v: unknown): boolean {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0;
}

/** Whether `ours` holds all of `theirs`: the same scalars, and every member or element of theirs in ours. */
function holds(ours: unknown, theirs: unknown): boolean {
  if (theirs === null || typeof theirs !== 'object') return ours === theirs;
  if (ours === null || typeof ours !== 'object' || Array.isArray(ours) !== Array.isArray(theirs)) return false;
  const mine = ours as Record<string, unknown>;
  return Object.entries(theirs).every(([k, v]) => Object.prototype.hasOwnProperty.call(mine, k) && holds(mine[k], v));
}

export interface Report {
  counts: ReturnType<typeof tally>;
  groups: { group: Group; outcomes: Outcome[] }[];
}

export function report(): Report {
  const outcomes = runCases();
  const groups = GROUPS.map((group) => ({ group, outcomes: [] as Outcome[] }));
  for (const o of outcomes) {
    if (o.agreed) continue;
    groups.find((g) => g.group.test(o))?.outcomes.push(o);
  }
  return { counts: tally(outcomes), groups };
}

/** A value or text as inline code in a Markdown table cell, cut at `n` characters. */
function code(json: string, n = 48): string {
  const cut = json.length > n ? `${json.slice(0, n - 1)}…` : json;
  const escaped = cut.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '&#124;');
  return `<code>${escaped}</code>`;
}

/** The Markdown of docs/parse.md's agreement section (without its heading). */
export function markdown(r: Report): string {
  const lines: string[] = [];
  const per = (g: { outcomes: Outcome[] }, suite: string) => g.outcomes.filter((o) => o.case.suite === suite).length;
  lines.push('| | jsonrepair | json_repair | reason |', '| --- | ---: | ---: | --- |');
  lines.push(`| **agreed** | **${r.counts.jsonrepair.agreed} of ${r.counts.jsonrepair.total}** | **${r.counts.json_repair.agreed} of ${r.counts.json_repair.total}** | values compared, not layout |`);
  for (const deliberate of [true, false]) {
    for (const g of r.groups) {
      if (g.group.deliberate !== deliberate || g.outcomes.length === 0) continue;
      lines.push(`| ${deliberate ? 'deliberate' : 'to do'}: \`${g.group.id}\` | ${per(g, 'jsonrepair')} | ${per(g, 'json_repair')} | ${g.group.reason} |`);
    }
  }
  lines.push('', '<details><summary>Every difference, by group (source line in the peer\'s suite, input, what jsonmend gives)</summary>', '');
  for (const g of r.groups) {
    if (g.outcomes.length === 0) continue;
    lines.push(`**\`${g.group.id}\`** (${g.outcomes.length})`, '');
    lines.push('| source | input | jsonmend |', '| --- | --- | --- |');
    for (const o of g.outcomes) {
      const got = 'error' in o.got ? o.got.error : code(JSON.stringify(o.got.value) ?? 'undefined', 40);
      lines.push(`| ${o.case.source.replace(/^[^/]+\//, '')} | ${code(JSON.stringify(o.input))} | ${got} |`);
    }
    lines.push('');
  }
  lines.push('</details>');
  return lines.join('\n');
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/^.*[\\/]/, ''))) {
  const r = report();
  for (const suite of SUITES) console.error(`${suite}: ${r.counts[suite].agreed} of ${r.counts[suite].total}`);
  console.log(markdown(r));
}
