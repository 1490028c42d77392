// `jsonmend repair`: the reply's JSON as valid JSON text, keeping its formatting.
import { parseWithReport, repair } from '../api.js';
import { commonOptions, flag, parseInputOptions, type Command } from '../command.js';
import { readInput, write } from '../io.js';
import { EXIT } from '../usage.js';
import { batchOptions, checkBatchOptions, runBatchCommand } from '../batch/command.js';
import { fail, parseOptions, writeReport } from './shared.js';

export const repairCommand: Command = {
  name: 'repair',
  summary: 'print the reply\'s JSON as valid JSON text, keeping its formatting',
  usage: 'jsonmend repair [FILE] [--report] [--strict]\n' +
    'jsonmend repair --jsonl [FILE] [--field NAME] [--workers N] [--report]',
  help: `Repairs the JSON in FILE (standard input when absent or "-") and prints it as valid JSON text.
Whitespace and key order are kept; only the repairs are spliced in.

Options:
  --report        write every repair to stderr (readable on a terminal, JSON lines otherwise)
  --strict        refuse every repair that has to guess
  --jsonl         batch: one reply per input line, one result per output line
  --field NAME    batch: each line is an object holding the reply under NAME
  --workers N     batch: spread the lines over N worker threads (default 1)
  --quiet         batch: no progress bar and no summary
  -h, --help      show this help

In batch mode each line comes back in the form it came in: a JSON string as a JSON string, an
object with --field as the same object with that field repaired, a raw line as raw text.

Examples:
  jsonmend repair examples/reply.txt
  jsonmend repair --jsonl examples/replies.jsonl > repaired.jsonl`,
  options: { ...commonOptions, ...parseInputOptions, ...batchOptions, report: { type: 'boolean' } },
  positionals: ['[FILE]'],
  async run(ctx) {
    checkBatchOptions(ctx);
    const file = ctx.positionals[0];
    if (flag(ctx.values, 'jsonl')) return runBatchCommand(ctx, 'repair', file, undefined);
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
    await write(ctx.io.stdout, text.endsWith('\n') ? text : `${text}\n`);
    if (repairs !== undefined) await writeReport(ctx, repairs, input.name);
    return EXIT.ok;
  },
};
