// `jsonmend extract`: where the JSON candidates are in a reply, without parsing them.
import type { Candidate } from '../api.js';
import { chosenCandidates, located } from '../candidates.js';
import { commonOptions, flag, jsonLine, type Command } from '../command.js';
import { readInput, write } from '../io.js';
import { EXIT } from '../usage.js';
import { batchOptions, checkBatchOptions, runBatchCommand } from '../batch/command.js';
import { fail } from './shared.js';

export const extractCommand: Command = {
  name: 'extract',
  summary: 'show where the JSON candidates are in a reply (fences, tags, prose)',
  usage: 'jsonmend extract [FILE] [--all] [--text] [--pretty]\n' +
    'jsonmend extract --jsonl [FILE] [--field NAME] [--workers N] [--all] [--text]',
  help: `Finds the JSON candidates in FILE (standard input when absent or "-") without parsing them.
Prints the first candidate (the one parse tries first) as a JSON object
{source, language?, tag?, reasoning?, truncated?, start, end, line, column, text}; with --all, every
candidate in document order as a JSON array. JSON inside a reasoning block (<think>...</think>) is a
candidate only when the rest of the reply has none, and then carries "reasoning": true.

Options:
  --all           every candidate, as a JSON array
  --text          print only the candidate's raw text; with --all, each candidate's text as a
                  JSON string, one per line (ready for parse --jsonl)
  --pretty        indent the JSON output
  --jsonl         batch: one reply per input line, one result per output line
  --field NAME    batch: each line is an object holding the reply under NAME
  --workers N     batch: process the lines on N threads (default 1)
  --quiet         batch: no progress bar and no summary
  -h, --help      show this help

Exit code 1 when the reply holds no JSON candidate at all. In batch mode each output line is what
extract prints for one reply (with --text, the text as a JSON string); a reply without a
candidate becomes {"line": N, "error": {...}} and the batch goes on.

Examples:
  jsonmend extract reply.txt
  jsonmend extract --all --pretty reply.txt
  jsonmend extract --text reply.txt | jsonmend parse
  jsonmend extract --jsonl --text replies.jsonl | jsonmend repair --jsonl`,
  options: { ...commonOptions, ...batchOptions, all: { type: 'boolean' }, text: { type: 'boolean' }, pretty: { type: 'boolean' } },
  positionals: ['[FILE]'],
  async run(ctx) {
    checkBatchOptions(ctx);
    if (flag(ctx.values, 'jsonl')) return runBatchCommand(ctx, 'extract', ctx.positionals[0]);
    const input = await readInput(ctx.positionals[0], ctx.io);
    let chosen: readonly Candidate[];
    try {
      chosen = chosenCandidates(input.text, flag(ctx.values, 'all'));
    } catch (error) {
      return fail(ctx, error, input.name);
    }
    const pretty = flag(ctx.values, 'pretty');
    let out: string;
    // One candidate's text is printed raw, to pipe on; several are one JSON string per line (a JSONL of
    // replies, as `parse --jsonl` reads), since raw text spanning lines would hide where one ends.
    if (flag(ctx.values, 'text')) out = flag(ctx.values, 'all') ? chosen.map((c) => `${JSON.stringify(c.text)}\n`).join('') : `${chosen[0].text}\n`;
    else if (flag(ctx.values, 'all')) out = jsonLine(chosen.map((c) => located(c, input.text)), pretty);
    else out = jsonLine(located(chosen[0], input.text), pretty);
    await write(ctx.io.stdout, out);
    return EXIT.ok;
  },
};
