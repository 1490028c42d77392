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
    id: 'leading-zero',
    deliberate: false,
    reason: 'issue 19, engine: a number written with a leading zero (`0789`) should be kept as its text, reported; today it becomes `789`',
    test: (o) => /(^|[^\d.])0\d/.test(o.input) && strings(o.case.expected).some((s) => /^-?0\d/.test(s)),
  },
  {
    id: 'number-like',
    deliberate: false,
    reason: 'issue 19, engine: number-like tokens that are not numbers (`1/3`, `10-20`, `1_234.5`, `2e`, a date) should be the token as a string; today they throw or split',
    test: (o) => /\d[_/]\d|\d-\d|\de\+?\s*([,\]}]|$)/.test(o.input),
  },
  {
    id: 'early-closer',
    deliberate: false,
    reason: 'issue 19, engine: an early `}` followed by more members (`{"a":"v"}, "b":"w"}`) drops them; the closer was the mistake',
    test: (o) => /[}\]]\s*,\s*("|\[)/.test(o.input) && isObject(value(o)) && isObject(o.case.expected) && Object.keys(value(o) as object).length < Object.keys(o.case.expected).length,
  },
  {
    id: 'missing-end-quote',
    deliberate: false,
    reason: 'issue 19/20, engine: a string missing its end quote runs over closers, commas and the next element (`["abc,\\n"def"]`, `{"url":"https://x.com/}`, `{"a": "first, b: 1}`); it should end before them',
    test: (o) => strings(value(o)).some((s) => /[}\]]\s*$|,\s*"|\n"|``` ?$|,\s*$/.test(s)) || strings(value(o)).some((s) => /["\]}]\s*$/.test(s) && !strings(o.case.expected).includes(s)),
  },
  {
    id: 'throws',
    deliberate: false,
    reason: 'issue 19 ("replies that throw today"), engine: a missing opener in the middle (`[{"i":1{"i":2}]`), JSON-looking text inside a string, a missing opening quote, stray words between members, a regex literal, escaped JSON escaped again, text after a key (`{"a" ]`) …',
    test: (o) => 'error' in o.got,
  },
  {
    id: 'other',
    deliberate: false,
    reason: 'engine, other readings of damaged text (quote pairs such as `` `a´ ``, `{a \'b\'}`, doubled CSV quotes, `TRUE`/`Null`, sets written with braces, U+180E, keys with a quote inside, …): issues 19 and 20',
    test: () => true,
  },
];

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
