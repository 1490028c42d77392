// `jsonmend canonicalize`: RFC 8785 canonical JSON, for hashing and comparing.
import { canonicalize } from '../api.js';
import { commonOptions, parseInputOptions, type Command } from '../command.js';
import { write } from '../io.js';
import { EXIT } from '../usage.js';
import { acceptTruncatedOption, fail, loadValue } from './shared.js';

export const canonicalizeCommand: Command = {
  name: 'canonicalize',
  summary: 'print RFC 8785 (JCS) canonical JSON',
  usage: 'jsonmend canonicalize [FILE] [--strict] [--accept-truncated]',
  help: `Parses FILE (standard input when absent or "-"; repaired like parse does) and prints its RFC 8785
canonical form: keys sorted, numbers in ECMAScript form, minimal escaping. No newline is added when
the output is piped, so the bytes can be hashed as they are; on a terminal a newline ends the line.

Options:
  --strict        refuse every repair of the input that has to guess
  --accept-truncated
                  read FILE even when it was cut off (refused by default: exit 1, as a
                  hash of part of a document would pass for the whole's); where it was cut
                  off is written to stderr
  -h, --help      show this help

Examples:
  jsonmend canonicalize tool-output.json | sha256sum`,
  options: { ...commonOptions, ...parseInputOptions, ...acceptTruncatedOption },
  positionals: ['[FILE]'],
  async run(ctx) {
    const loaded = await loadValue(ctx, ctx.positionals[0], true);
    if (typeof loaded === 'number') return loaded;
    let text: string;
    try {
      text = canonicalize(loaded.value);
    } catch (error) {
      return fail(ctx, error, loaded.input.name);
    }
    await write(ctx.io.stdout, ctx.io.stdout.isTTY ? `${text}\n` : text);
    return EXIT.ok;
  },
};
