// Renders docs/parse.md's repair kind table from src/parse/kinds.ts and kind-examples.ts (kinds.test.ts checks they agree;
// `UPDATE_DOCS=1 node --import tsx --test test/parse/kinds.test.ts` rewrites it).
import { ALL_REPAIR_KINDS } from '../../src/parse/kinds.js';
import { REPAIR_KIND_EXAMPLES, repairKindRow } from '../../src/parse/kind-examples.js';

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
  ...new Set(['{', '}', '[', ']', '"', ':', ',', ' ', '\n', 'true', 'null', 'false', '"a"', '1', ...ALL_REPAIR_KINDS.flatMap((k) => REPAIR_KIND_EXAMPLES[k].fuzz)]),
];
