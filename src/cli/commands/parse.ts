// `jsonmend parse`: the value a reply holds, as JSON.
import { parseWithReport, type SchemaLike } from '../api.js';
import { commonOptions, flag, parseInputOptions, str, type Command, type Context } from '../command.js';
import { readInput, readJsonFile } from '../io.js';
import { writeValue } from '../json-out.js';
import { EXIT, UsageError } from '../usage.js';
import { batchOptions, checkBatchOptions, runBatchCommand } from '../batch/command.js';
import { checkSchema, fail, parseOptions, writeReport } from './shared.js';

/** A schema file: strict JSON holding an object (or a boolean schema). */
async function readSchema(file: string, ctx: Context): Promise<SchemaLike> {
  const schema = await readJsonFile(file, 'schema', ctx.io);
  if (typeof schema === 'boolean' || (schema !== null && typeof schema === 'object' && !Array.isArray(schema))) {
    checkSchema(schema as SchemaLike, file);
    return schema as SchemaLike;
  }
  throw new UsageError(`schema ${file} must hold a JSON object (or true/false), not ${Array.isArray(schema) ? 'an array' : JSON.stringify(schema)}`);
}

export const parseCommand: Command = {
  name: 'parse',
  summary: 'print the value a model reply holds, as JSON',
  usage: 'jsonmend parse [FILE] [--schema SCHEMA.json] [--report] [--pretty] [--strict]\n' +
    'jsonmend parse --jsonl [FILE] [--field NAME] [--workers N] [--schema SCHEMA.json] [--report]',
  help: `Finds the JSON in FILE (standard input when absent or "-"), repairs it, and prints the value
as compact JSON. With --schema the value is also checked and coerced against a JSON Schema.

Options:
  --schema FILE   JSON Schema the value must satisfy (coercions are reported as repairs)
  --report        write every repair to stderr (readable on a terminal, JSON lines otherwise)
  --pretty        indent the output with two spaces
  --strict        refuse every repair that has to guess
  --jsonl         batch: one reply per input line, one result per output line (see below)
  --field NAME    batch: each line is an object holding the reply under NAME
  --workers N     batch: process the lines on N threads (default 1)
  --quiet         batch: no progress bar and no summary
  -h, --help      show this help

Batch mode writes one line per input line, in input order. A line that cannot be parsed becomes
{"line": N, "error": {"code": ..., "message": ...}} and the batch goes on.

Examples:
  jsonmend parse reply.txt
  jsonmend parse --report --pretty reply.txt
  jsonmend parse --jsonl --workers 2 replies.jsonl > values.jsonl`,
  options: {
    ...commonOptions,
    ...parseInputOptions,
    ...batchOptions,
    schema: { type: 'string' },
    report: { type: 'boolean' },
    pretty: { type: 'boolean' },
  },
  positionals: ['[FILE]'],
  async run(ctx) {
    checkBatchOptions(ctx);
    const file = ctx.positionals[0];
    const schemaFile = str(ctx.values, 'schema');
    const schema = schemaFile !== undefined ? await readSchema(schemaFile, ctx) : undefined;
    if (flag(ctx.values, 'jsonl')) return runBatchCommand(ctx, 'parse', file, schema === undefined ? {} : { schema });
    const input = await readInput(file, ctx.io);
    let result;
    try {
      result = parseWithReport(input.text, parseOptions(ctx, schema));
    } catch (error) {
      return fail(ctx, error, input.name);
    }
    await writeValue(ctx, result.value, input.name);
    if (flag(ctx.values, 'report')) await writeReport(ctx, result.repairs, input.name);
    return EXIT.ok;
  },
};
