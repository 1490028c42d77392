// `jsonmend repair`: the reply's JSON as valid JSON text, keeping its formatting.
import { parseWithReport, repair } from '../api.js';
import { rename, rm, writeFile } from 'node:fs/promises';
import { commonOptions, flag, parseInputOptions, str, type Command, type Context } from '../command.js';
import { describeFsError, readInput, write } from '../io.js';
import { EXIT, UsageError } from '../usage.js';
import { batchOptions, checkBatchOptions, runBatchCommand } from '../batch/command.js';
import { fail, parseOptions, writeReport } from './shared.js';

export const repairCommand: Command = {
  name: 'repair',
  summary: 'print the reply\'s JSON as valid JSON text, keeping its formatting',
  usage: 'jsonmend repair [FILE] [--output OUT | --overwrite] [--report] [--strict]\n' +
    'jsonmend repair --jsonl [FILE] [--field NAME] [--workers N] [--report]',
  help: `Repairs the JSON in FILE (standard input when absent or "-") and prints it as valid JSON text.
Whitespace and key order are kept; only the repairs are spliced in.

Options:
  -o, --output OUT  write the repaired text to OUT instead of standard output
  --overwrite     write the repaired text back to FILE (only when it needed repairs)
  --report        write every repair to stderr (readable on a terminal, JSON lines otherwise)
  --strict        refuse every repair that has to guess
  --jsonl         batch: one reply per input line, one result per output line
  --field NAME    batch: each line is an object holding the reply under NAME
  --workers N     batch: process the lines on N threads (default 1)
  --quiet         batch: no progress bar and no summary
  -h, --help      show this help

In batch mode each line comes back in the form it came in: a JSON string as a JSON string, an
object with --field as the same object with that field repaired, a raw line as raw text.

Nothing is written to OUT or FILE when the input cannot be repaired (exit code 1).

Examples:
  jsonmend repair reply.txt
  jsonmend repair broken.json --overwrite
  jsonmend repair --jsonl replies.jsonl > repaired.jsonl`,
  options: {
    ...commonOptions,
    ...parseInputOptions,
    ...batchOptions,
    report: { type: 'boolean' },
    output: { type: 'string', short: 'o' },
    overwrite: { type: 'boolean' },
  },
  positionals: ['[FILE]'],
  async run(ctx) {
    checkBatchOptions(ctx);
    const file = ctx.positionals[0];
    const target = outputFile(ctx, file);
    if (flag(ctx.values, 'jsonl')) return runBatchCommand(ctx, 'repair', file);
    const input = await readInput(file, ctx.io);
    let text: string;
    let repairs;
    try {
      text = repair(input.text, parseOptions(ctx));
      // The report needs positions, which only parseWithReport gives; pay for it only when asked.
      if (flag(ctx.values, 'report')) repairs = parseWithReport(input.text, parseOptions(ctx)).repairs;
    } catch (error) {
      return fail(ctx, error, input.name);
    }
    const out = text.endsWith('\n') ? text : `${text}\n`;
    if (target === undefined) await write(ctx.io.stdout, out);
    else if (!(flag(ctx.values, 'overwrite') && out === input.text)) await writeFileSafely(target, out);
    if (repairs !== undefined) await writeReport(ctx, repairs, input.name);
    return EXIT.ok;
  },
};

/** Where `--output` or `--overwrite` sends the result, or undefined for standard output. */
function outputFile(ctx: Context, file: string | undefined): string | undefined {
  const output = str(ctx.values, 'output');
  const overwrite = flag(ctx.values, 'overwrite');
  if (output !== undefined && overwrite) throw new UsageError('--output and --overwrite cannot be used together');
  if ((output !== undefined || overwrite) && flag(ctx.values, 'jsonl')) {
    throw new UsageError(`--${overwrite ? 'overwrite' : 'output'} cannot be used with --jsonl (redirect standard output instead)`);
  }
  if (overwrite && (file === undefined || file === '-')) throw new UsageError('--overwrite needs a FILE to write back to');
  if (output === '') throw new UsageError('--output needs a file name');
  return overwrite ? file : output;
}

/** Writes through a temporary file and a rename, so an interrupted write never leaves half a file. */
async function writeFileSafely(path: string, text: string): Promise<void> {
  const temporary = `${path}.jsonmend-${process.pid}.tmp`;
  try {
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw new UsageError(`cannot write ${path}: ${describeFsError(error)}`);
  }
}
