// Code blocks of the Markdown docs, and what each one promises.
//
// Conventions (docs/README "Docs are tested"):
// - ```ts / ```js blocks are type-checked and run; a statement followed by a `// → VALUE` comment (on its line
//   or the lines after it; `//` lines right after continue the value) must produce VALUE: a JavaScript
//   expression, then optional prose (`// → { a: 1 }   (the fast path)`), or `throws CODE`. In VALUE, the
//   string '…' matches any string.
// - ```console blocks are shell transcripts: `$ command` lines run against the built CLI (as `jsonmend`) in a
//   folder holding `examples/`; the lines after a command are its expected output (stdout and stderr as a
//   terminal shows them; `…` inside a line matches anything).
// - ```sh / ```bash blocks run each line as a command and must exit 0.
// - `no-run` after the language (```ts no-run) marks a block that cannot run here (it needs a live model, a
//   network, or installs packages): it is listed, not run. Keep them few.
// - Other languages (json, text, none) show data or output and are not run.
import { readFileSync } from 'node:fs';

/** One fenced code block. */
export interface Block {
  /** The Markdown file, relative to the project. */
  file: string;
  /** Line of the opening fence (1-based). */
  line: number;
  lang: string;
  flags: string[];
  code: string;
}

const RUNNABLE = new Set(['ts', 'typescript', 'js', 'javascript', 'console', 'sh', 'bash', 'shell']);

/** Every fenced block of a Markdown file (fences of three or more backticks or tildes). */
export function blocksOf(path: string, file: string): Block[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)\s*(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang, rest] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const l = lines[j]!;
      if (l.trimStart().startsWith(fence!) && l.trim().replace(/[`~]/g, '') === '') break;
      body.push(l.startsWith(indent!) ? l.slice(indent!.length) : l);
    }
    blocks.push({ file, line: i + 1, lang: lang!.toLowerCase(), flags: rest!.trim().split(/\s+/).filter(Boolean), code: body.join('\n') });
    i = j;
  }
  return blocks;
}

/** Whether a block is code the harness runs (and not marked `no-run`). */
export function isRunnable(block: Block): boolean {
  return RUNNABLE.has(block.lang) && !block.flags.includes('no-run');
}

/** Whether a block is code marked `no-run`. */
export function isNoRun(block: Block): boolean {
  return RUNNABLE.has(block.lang) && block.flags.includes('no-run');
}

/** `path:line` of a block, for messages. */
export function where(block: Block, offset = 0): string {
  return `${block.file}:${block.line + 1 + offset}`;
}

/** One command of a console transcript with the output the doc shows for it. */
export interface Transcript {
  command: string;
  expected: string;
  /** Line offset inside the block. */
  offset: number;
}

/** The `$ command` / output pairs of a console block; `\` at a line end continues the command. */
export function transcriptOf(code: string): Transcript[] {
  const out: Transcript[] = [];
  const lines = code.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('$ ')) continue;
    let command = line.slice(2);
    const offset = i;
    while (command.endsWith('\\') && i + 1 < lines.length) command = `${command}\n${lines[++i]}`;
    const expected: string[] = [];
    while (i + 1 < lines.length && !lines[i + 1]!.startsWith('$ ')) expected.push(lines[++i]!);
    out.push({ command, expected: expected.join('\n').replace(/\s+$/, ''), offset });
  }
  return out;
}

/** Whether `actual` is what the doc shows: equal, or equal line by line with `…` matching anything. */
export function outputMatches(actual: string, expected: string): boolean {
  const a = actual.replace(/\s+$/, '');
  if (a === expected) return true;
  if (!expected.includes('…')) return false;
  const escaped = expected.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('[\\s\\S]*?')}$`).test(a);
}

/** One `IN` → `OUT` example from a table column headed "… in → out". */
export interface TableExample {
  file: string;
  line: number;
  input: string;
  output: string;
}

/** A Markdown code span's text: `` `a` `` or ``` `` `a` `` ```. */
const SPAN = /^(`+) ?([\s\S]+?) ?\1$/;

/**
 * The examples in every table column whose header says "in → out" (the parse repair table): cells of the form
 * `IN` → `OUT`, both code spans, `⏎` standing for a line break. Cells in another form (prose, one span) are not
 * examples of a parse and are left out.
 */
export function tableExamples(path: string, file: string): TableExample[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const cellsOf = (l: string) => l.trim().replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((c) => c.trim());
  const out: TableExample[] = [];
  let column = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.trim().startsWith('|')) {
      column = -1;
      continue;
    }
    const cells = cellsOf(line);
    if (column < 0) {
      column = cells.findIndex((c) => /\bin → out\b/.test(c));
      if (column < 0) column = -2; // a table without such a column: skip to its end
      continue;
    }
    if (column === -2 || /^[-:| ]+$/.test(line.trim())) continue;
    const parts = (cells[column] ?? '').split(' → ');
    if (parts.length !== 2) continue;
    const [input, output] = parts.map((p) => SPAN.exec(p.trim())?.[2]);
    if (input === undefined || output === undefined) continue;
    out.push({ file, line: i + 1, input: input.replace(/⏎/g, '\n'), output: output.replace(/⏎/g, '\n') });
  }
  return out;
}
