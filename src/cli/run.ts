// The dispatcher: `jsonmend <command> [options] [args]` → exit code. Arguments are parsed with
// node's own util.parseArgs.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { FILE_POSITIONALS, INPUT_FILE_OPTIONS, type Command, type OptionValues } from './command.js';
import { canonicalizeCommand } from './commands/canonicalize.js';
import { extractCommand } from './commands/extract.js';
import { getCommand } from './commands/get.js';
import { parseCommand } from './commands/parse.js';
import { queryCommand } from './commands/query.js';
import { repairCommand } from './commands/repair.js';
import { toolsCommand } from './commands/tools.js';
import { verifyCommand } from './commands/verify.js';
import { errorRecord } from './format.js';
import { outputErrorMessage, write } from './io.js';
import { escapeControls, styleFor, type Io } from './term.js';
import { EXIT, OutputError, UsageError } from './usage.js';

/** Every subcommand, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = [
  parseCommand,
  repairCommand,
  extractCommand,
  getCommand,
  queryCommand,
  verifyCommand,
  canonicalizeCommand,
  toolsCommand,
];

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The top-level help. */
export function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const list = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n');
  return `jsonmend — turn what a language model wrote into the JSON value a program expects

Usage: jsonmend <command> [options] [FILE]
       jsonmend [parse options] < reply.txt     (no command: parse)

Commands:
${list}

Every command reads standard input when FILE is absent or "-". Run 'jsonmend <command> --help'
for its options, 'jsonmend --version' (or -v) for the version.

Exit codes: 0 success, 1 the input could not be parsed (or a claim failed, or a batch line
failed), 2 usage error, 3 the output could not be written (disk full, I/O error).
Environment: NO_COLOR disables colour (colour is only used on a terminal); FORCE_COLOR forces it.
`;
}

/** The help of one command. */
export function commandHelp(command: Command): string {
  const usage = command.usage.split('\n').map((l, i) => `${i === 0 ? 'Usage: ' : '       '}${l}`).join('\n');
  return `${usage}\n\n${command.help}\n`;
}

function checkPositionals(command: Command, positionals: string[]): void {
  const required = command.positionals.filter((p) => !p.startsWith('['));
  if (positionals.length < required.length) {
    throw new UsageError(`missing ${required[positionals.length]} argument`);
  }
  if (positionals.length > command.positionals.length) {
    throw new UsageError(`unexpected argument '${positionals[command.positionals.length]}'`);
  }
}

/** What util.parseArgs says about each argument (only the fields read here). */
interface OptionToken {
  kind: string;
  name?: string;
  rawName?: string;
}

/**
 * An option that takes a value, given twice (`--schema a.json --schema b.json`), is a usage error:
 * parseArgs keeps the last without a word, and the first one is then ignored unseen.
 */
function checkRepeats(command: Command, tokens: readonly OptionToken[]): void {
  const seen = new Map<string, string>();
  for (const t of tokens) {
    if (t.kind !== 'option' || t.name === undefined || command.options[t.name]?.type !== 'string') continue;
    const before = seen.get(t.name);
    if (before !== undefined) {
      const as = before === t.rawName ? `${t.rawName}` : `${before} (${t.rawName})`;
      throw new UsageError(`${as} given twice: it takes one value`);
    }
    seen.set(t.name, t.rawName ?? `--${t.name}`);
  }
}

/**
 * Standard input can be read once: two inputs that would both read it (`verify - -`, `parse
 * --schema -` with no FILE) are a usage error, not a second input read as empty.
 */
function checkStdin(command: Command, values: OptionValues, positionals: readonly string[]): void {
  const readers: string[] = [];
  for (const name of INPUT_FILE_OPTIONS) if (values[name] === '-') readers.push(`--${name}`);
  command.positionals.forEach((p, i) => {
    if (!FILE_POSITIONALS.has(p)) return;
    const given = positionals[i];
    if (given === '-' || (given === undefined && p.startsWith('['))) readers.push(p.replace(/^\[|\]$/g, ''));
  });
  if (readers.length > 1) {
    throw new UsageError(`${readers.join(' and ')} would ${readers.length === 2 ? 'both' : 'all'} read standard input, which can be read once: give all but one as a file (FILE is standard input when absent or "-")`);
  }
}

/** Runs the CLI with `argv` (without node and the script) and resolves to the exit code. */
export async function run(argv: string[], io: Io): Promise<number> {
  const err = styleFor(io.stderr, io.env);
  let command: Command | undefined;
  try {
    const [first, ...rest] = argv;
    if (first === undefined && io.stdin.isTTY === true) {
      await write(io.stderr, mainHelp());
      return EXIT.usage;
    }
    if (first === '--help' || first === '-h' || first === 'help') {
      const topic = first === 'help' ? rest[0] : undefined;
      const about = topic === undefined ? undefined : COMMANDS.find((c) => c.name === topic);
      if (topic !== undefined && about === undefined) throw new UsageError(`unknown command '${topic}'`);
      await write(io.stdout, about ? commandHelp(about) : mainHelp());
      return EXIT.ok;
    }
    if (first === '--version' || first === '-v' || first === '-V') {
      await write(io.stdout, `${version()}\n`);
      return EXIT.ok;
    }
    // No subcommand (nothing, or options only): `parse`, as `jsonrepair < reply.txt` repairs its input.
    const implicit = first === undefined || first.startsWith('-');
    command = implicit ? parseCommand : COMMANDS.find((c) => c.name === first);
    const args = implicit ? argv : rest;
    if (command === undefined) {
      throw new UsageError(`unknown command '${first}'; the commands are ${COMMANDS.map((c) => c.name).join(', ')}`);
    }
    let values: OptionValues;
    let positionals: string[];
    let tokens: OptionToken[];
    try {
      ({ values, positionals, tokens } = parseArgs({ args, options: command.options, allowPositionals: true, strict: true, tokens: true }) as {
        values: OptionValues;
        positionals: string[];
        tokens: OptionToken[];
      });
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    if (values.help === true) {
      await write(io.stdout, commandHelp(command));
      return EXIT.ok;
    }
    checkRepeats(command, tokens);
    checkPositionals(command, positionals);
    checkStdin(command, values, positionals);
    return await command.run({ io, values, positionals, err });
  } catch (error) {
    if (error instanceof UsageError) {
      const hint = command ? `jsonmend ${command.name} --help` : 'jsonmend --help';
      await write(io.stderr, `jsonmend: ${err.red('usage error')}: ${escapeControls(error.message)}\nRun '${hint}' for usage.\n`).catch(() => {});
      return EXIT.usage;
    }
    if ((error as { code?: string } | null)?.code === 'EPIPE') return EXIT.ok;
    // The output could not be written (-o FILE, or standard output full or failing): one line, exit 3.
    const unwritten = error instanceof OutputError ? error.message : outputErrorMessage(error);
    if (unwritten !== undefined) {
      await write(io.stderr, `jsonmend: ${escapeControls(unwritten)}\n`).catch(() => {});
      return EXIT.output;
    }
    await write(io.stderr, `jsonmend: ${escapeControls(errorRecord(error).message)}\n`).catch(() => {});
    return EXIT.failed;
  }
}
