// `jsonmend query`: the node list of an RFC 9535 JSONPath query.
import { compileQuery, query, queryPaths } from '../api.js';
import { commonOptions, flag, parseInputOptions, type Command } from '../command.js';
import { writeValue } from '../json-out.js';
import { EXIT } from '../usage.js';
import { acceptTruncatedOption, fail, loadValue, pathErrorPlace } from './shared.js';

export const queryCommand: Command = {
  name: 'query',
  summary: 'print the values a JSONPath (RFC 9535) query selects',
  usage: 'jsonmend query JSONPATH [FILE] [--paths] [--pretty] [--strict] [--accept-truncated]',
  help: `Parses FILE (standard input when absent or "-"; repaired like parse does) and prints the node
list of the RFC 9535 JSONPath query as a JSON array of values, in node-list order (an empty array
when nothing matches).

Options:
  --paths         print the nodes' normalized paths ($['a'][0]) instead of their values
  --pretty        indent the output
  --strict        refuse every repair of the input that has to guess
  --accept-truncated
                  read FILE even when it was cut off (refused by default: exit 1);
                  where it was cut off is written to stderr
  -h, --help      show this help

Exit code 2 when the query is malformed (the error gives its position).

Examples:
  jsonmend query '$.tickets[?@.status == "open"].id' tool-output.json
  jsonmend query --paths '$..priority' tool-output.json`,
  options: { ...commonOptions, ...parseInputOptions, ...acceptTruncatedOption, paths: { type: 'boolean' }, pretty: { type: 'boolean' } },
  positionals: ['JSONPATH', '[FILE]'],
  async run(ctx) {
    const [jsonpath, file] = ctx.positionals;
    // A malformed query is the command line's fault (exit 2) whatever the input holds: say so before
    // reading it, or an unreadable input (exit 1) would hide the mistake. The compiled query is cached.
    try {
      compileQuery(jsonpath);
    } catch (error) {
      return fail(ctx, error, pathErrorPlace(error, 'JSONPATH', ''));
    }
    const loaded = await loadValue(ctx, file, true);
    if (typeof loaded === 'number') return loaded;
    let result: unknown[];
    try {
      result = flag(ctx.values, 'paths') ? queryPaths(loaded.value, jsonpath) : query(loaded.value, jsonpath);
    } catch (error) {
      return fail(ctx, error, pathErrorPlace(error, 'JSONPATH', loaded.input.name));
    }
    await writeValue(ctx, result, loaded.input.name);
    return EXIT.ok;
  },
};
