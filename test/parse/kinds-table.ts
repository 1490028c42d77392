// Renders what comes from the repair kind table (src/parse/kinds.ts): docs/parse.md's table and the
// engine's run-time lists in src/parse/kind-flags.ts (kinds.test.ts checks both agree with the table;
// `UPDATE_DOCS=1 node --import tsx --test test/parse/kinds.test.ts` rewrites them).
import { REPAIR_KINDS, type RepairKindRow, type TextRepairKind } from '../../src/parse/kinds.js';

const ALL_REPAIR_KINDS = Object.keys(REPAIR_KINDS) as TextRepairKind[];
const repairKindRow = (kind: TextRepairKind): RepairKindRow => REPAIR_KINDS[kind];

export const TABLE_START = '<!-- repair kinds: generated from src/parse/kinds.ts by test/parse/kinds-table.ts -->';
export const TABLE_END = '<!-- end of repair kinds -->';

/** Text shown in a table cell: a line break as ⏎, invisible spaces as their escape. */
function visible(text: string): string {
  return text.replace(/\n/g, '⏎').replace(/[\u00a0\u200b\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A Markdown code span that holds `text`, backticks included. */
function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

export function renderKindsTable(): string {
  const lines = [
    TABLE_START,
    '',
    '| kind | what it fixes | example in → out | guesses (refused by `strict`) | means cut off |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const kind of ALL_REPAIR_KINDS) {
    const row = repairKindRow(kind);
    const example = `${code(visible(row.input))} → ${code(JSON.stringify(row.value))}`;
    lines.push(`| \`${kind}\` | ${row.fixes} | ${example} | ${row.guess ? 'yes' : ''} | ${row.cutOff ? 'yes' : ''} |`);
  }
  lines.push('', TABLE_END);
  return lines.join('\n');
}

/** JSON's own pieces, plus every kind's fuzz pieces: the alphabet the parser's property tests draw from. */
export const FUZZ_PIECES: readonly string[] = [
  ...new Set(['{', '}', '[', ']', '"', ':', ',', ' ', '\n', 'true', 'null', 'false', '"a"', '1', ...ALL_REPAIR_KINDS.flatMap((k) => REPAIR_KINDS[k].fuzz)]),
];

/** A list of kinds as TypeScript source, wrapped to the project's line width. */
function kindList(kinds: readonly TextRepairKind[]): string {
  const lines: string[] = [];
  let line = ' ';
  for (const kind of kinds) {
    const item = ` '${kind}',`;
    if (line.length + item.length > 110) {
      lines.push(line);
      line = ' ';
    }
    line += item;
  }
  lines.push(line);
  return lines.join('\n');
}

/** src/parse/kind-flags.ts as generated from the table. */
export function renderKindFlags(): string {
  const guesses = ALL_REPAIR_KINDS.filter((k) => REPAIR_KINDS[k].guess);
  const cutOff = ALL_REPAIR_KINDS.filter((k) => REPAIR_KINDS[k].cutOff);
  return `// Generated from the repair kind table (src/parse/kinds.ts) by test/parse/kinds-table.ts: do not edit.
// \`UPDATE_DOCS=1 node --import tsx --test test/parse/kinds.test.ts\` rewrites it; without UPDATE_DOCS that
// test fails while it differs from the table. The engine loads these lists, not the table itself.
import type { TextRepairKind } from './kinds.js';

/** Every kind, in table order. */
export const ALL_REPAIR_KINDS: readonly TextRepairKind[] = Object.freeze([
${kindList(ALL_REPAIR_KINDS)}
] as const);

/**
 * Repairs that guess at what the writer meant rather than fix an unambiguous slip (the rows marked
 * \`guess\`); \`strict: true\` refuses these.
 */
export const GUESSING_REPAIRS: readonly TextRepairKind[] = Object.freeze([
${kindList(guesses)}
] as const);

const CUT_OFF: ReadonlySet<string> = new Set<TextRepairKind>([
${kindList(cutOff)}
]);

/** Whether a repair of this kind means the text was cut off, so the value is not complete (the rows marked \`cutOff\`). */
export function isCutOffRepair(kind: TextRepairKind): boolean {
  return CUT_OFF.has(kind);
}
`;
}
