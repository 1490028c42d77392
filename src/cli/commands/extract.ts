// `jsonmend extract`: where the JSON candidates are in a reply, without parsing them.
import { JsonMendError, positionOf } from '../../index.js';
import { extract, type Candidate } from '../api.js';
import { commonOptions, flag, jsonLine, type Command } from '../command.js';
import { readInput, write } from '../io.js';
import { EXIT } from '../usage.js';
import { fail } from './shared.js';

/** A candidate as printed: its own fields plus the line and column where it starts. */
function located(candidate: Candidate, text: string): Record<string, unknown> {
  const at = positionOf(text, candidate.start);
  const out: Record<string, unknown> = { source: candidate.source };
  for (const key of ['language', 'tag', 'reasoning', 'truncated'] as const) {
    if (candidate[key] !== undefined) out[key] = candidate[key];
  }
  Object.assign(out, { start: candidate.start, end: candidate.end, line: at.line, column: at.column, text: candidate.text });
  return out;
}

export const extractCommand: Command = {
  name: 'extract',
  summary: 'show where the JSON candidates are in a reply (fences, tags, prose)',
  usage: 'jsonmend extract [FILE] [--all] [--text] [--pretty]',
  help: `Finds the JSON candidates in FILE (standard input when absent or "-") without parsing them.
Prints the first candidate (the one parse tries first) as a JSON object
{source, language?, tag?, reasoning?, truncated?, start, end, line, column, text}; with --all, every
candidate in document order as a JSON array. JSON inside a reasoning block (<think>...</think>) is a
candidate only when the rest of the reply has none, and then carries "reasoning": true.

Options:
  --all           every candidate, as a JSON array
  --text          print only the candidates' raw text (one per line with --all)
  --pretty        indent the JSON output
  -h, --help      show this help

Exit code 1 when the reply holds no JSON candidate at all.

Examples:
  jsonmend extract reply.txt
  jsonmend extract --all --pretty reply.txt
  jsonmend extract --text reply.txt | jsonmend parse`,
  options: { ...commonOptions, all: { type: 'boolean' }, text: { type: 'boolean' }, pretty: { type: 'boolean' } },
  positionals: ['[FILE]'],
  async run(ctx) {
    const input = await readInput(ctx.positionals[0], ctx.io);
    let candidates: readonly Candidate[];
    try {
      candidates = extract(input.text);
      if (candidates.length === 0) throw new JsonMendError('NO_JSON', 'no JSON candidate found in the text');
    } catch (error) {
      return fail(ctx, error, input.name);
    }
    const chosen = flag(ctx.values, 'all') ? candidates : [candidates.find((c) => c.reasoning !== true) ?? candidates[0]];
    const pretty = flag(ctx.values, 'pretty');
    let out: string;
    if (flag(ctx.values, 'text')) out = chosen.map((c) => `${c.text}\n`).join('');
    else if (flag(ctx.values, 'all')) out = jsonLine(chosen.map((c) => located(c, input.text)), pretty);
    else out = jsonLine(located(chosen[0], input.text), pretty);
    await write(ctx.io.stdout, out);
    return EXIT.ok;
  },
};
