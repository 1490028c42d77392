// `jsonmend get` and `jsonmend query`: values out of a JSON document by path.
import { get, parsePath } from '../api.js';
import { commonOptions, flag, parseInputOptions, type Command } from '../command.js';
import { writeValue } from '../json-out.js';
import { EXIT } from '../usage.js';
import { acceptTruncatedOption, fail, loadValue, pathErrorPlace } from './shared.js';

export const getCommand: Command = {
  name: 'get',
  summary: 'print the one value at a path (a.b[0], $.a, /a/0)',
  usage: 'jsonmend get PATH [FILE] [--pretty] [--strict] [--accept-truncated]',
  help: `Parses FILE (standard input when absent or "-"; repaired like parse does) and prints the value
at PATH as JSON. PATH accepts dotted keys (a.b), indices (items[0], items.0, items[-1]), quoted keys
(a['b.c']), an optional leading $ or $., and JSON Pointer when it starts with /.

Options:
  --pretty        indent the output
  --strict        refuse every repair of the input that has to guess
  --accept-truncated
                  read FILE even when it was cut off (refused by default: exit 1);
                  where it was cut off is written to stderr
  -h, --help      show this help

Exit code 1 when the path leads nowhere (the error says why and what is there), 2 when PATH is
malformed.

Examples:
  jsonmend get 'tickets[0].status' tool-output.json
  jsonmend get /tickets/1/id tool-output.json`,
  options: { ...commonOptions, ...parseInputOptions, ...acceptTruncatedOption, pretty: { type: 'boolean' } },
  positionals: ['PATH', '[FILE]'],
  async run(ctx) {
    const [path, file] = ctx.positionals;
    // A malformed PATH is the command line's fault (exit 2) whatever the input holds: say so before
    // reading it, or an unreadable input (exit 1) would hide the mistake, and a terminal would wait.
    try {
      parsePath(path);
    } catch (error) {
      return fail(ctx, error, pathErrorPlace(error, 'PATH', ''));
    }
    const loaded = await loadValue(ctx, file, true);
    if (typeof loaded === 'number') return loaded;
    let result: unknown;
    try {
      result = get(loaded.value, path);
    } catch (error) {
      return fail(ctx, error, pathErrorPlace(error, 'PATH', loaded.input.name));
    }
    await writeValue(ctx, result, loaded.input.name);
    return EXIT.ok;
  },
};
