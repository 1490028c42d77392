// `jsonmend tools`: the tool calls a reply wrote as text (Hermes, Qwen3-Coder, Llama, Mistral, harmony,
// DeepSeek, bare JSON), validated against the tools' schemas; one reply, or one per JSONL line.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extractToolCalls, JsonMendError, type ToolCallsResult, type ToolDefinition } from '../../index.js';
import { envelopeText } from '../batch/envelope.js';
import { lineChunks } from '../batch/lines.js';
import { decodeUtf8, invalidUtf8Message } from '../utf8.js';
import { commonOptions, flag, jsonLine, parseInputOptions, str, type Command, type Context } from '../command.js';
import { errorRecord } from '../format.js';
import { checkStdin, describeFsError, readInput, readJsonFile, STDIN_NAME, write } from '../io.js';
import { EXIT, UsageError } from '../usage.js';
import { fail } from './shared.js';

/**
 * The tools file: an array of `{name, schema}`, an array of OpenAI tool definitions
 * (`{type: "function", function: {name, parameters}}`), or an object mapping names to schemas.
 */
export function toolsFrom(value: unknown, file: string): ToolDefinition[] {
  const bad = (why: string) => new UsageError(`tools ${file} ${why}; expected [{"name": …, "schema": {…}}], OpenAI tool definitions, or {"name": schema}`);
  if (Array.isArray(value)) {
    return value.map((item) => {
      const fn = item?.type === 'function' && item.function && typeof item.function === 'object' ? item.function : undefined;
      const name = fn ? fn.name : item?.name;
      if (typeof name !== 'string' || name === '') throw bad('has an entry without a name');
      const schema = fn ? fn.parameters : (item.schema ?? item.parameters ?? item.input_schema);
      return schema === undefined ? { name } : { name, schema };
    });
  }
  if (value !== null && typeof value === 'object') return Object.keys(value).map((name) => ({ name, schema: (value as Record<string, ToolDefinition['schema']>)[name] }));
  throw bad('holds neither an array nor an object');
}

/** One JSONL line as a reply: a JSON string's content, an object's `field`, else the raw line. */
function replyOf(line: string, field: string | undefined): string {
  const trimmed = envelopeText(line);
  if (trimmed.startsWith('"') || (field !== undefined && trimmed.startsWith('{'))) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (typeof value === 'string') return value;
      if (field !== undefined && value !== null && typeof value === 'object' && typeof (value as Record<string, unknown>)[field] === 'string') {
        return (value as Record<string, string>)[field];
      }
    } catch {
      // not JSON: the raw line is the reply
    }
  }
  return line;
}

async function isDirectory(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isDirectory();
  } catch {
    return false; // opening it will say what is wrong
  }
}

async function runLines(ctx: Context, file: string | undefined, tools: ToolDefinition[]): Promise<number> {
  const field = str(ctx.values, 'field');
  const strict = flag(ctx.values, 'strict');
  let source: AsyncIterable<Uint8Array | string>;
  if (file === undefined || file === '-') {
    // A directory or a closed standard input is a usage error, as for the other batches, not a batch of no lines.
    checkStdin(ctx.io);
    source = ctx.io.stdin as AsyncIterable<Uint8Array | string>;
  } else {
    // A directory opens, and only its first read fails (EISDIR): that surfaced as an internal error.
    if (await isDirectory(file)) throw new UsageError(`cannot read ${file}: is a directory`);
    const stream = createReadStream(file);
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', (error) => reject(new UsageError(`cannot read ${file}: ${describeFsError(error)}`)));
    });
    source = stream;
  }
  let n = 0;
  let failed = 0;
  // Lines are cut as bytes and decoded one by one, so a line that is not UTF-8 fails alone, saying
  // where, instead of reaching the engine with U+FFFD in place of its bytes.
  for await (const chunk of lineChunks(source)) {
    const bytes = chunk.bytes;
    for (let start = 0; start < bytes.length;) {
      let end = bytes.indexOf(0x0a, start);
      if (end === -1) end = bytes.length;
      const lineBytes = bytes.subarray(start, end > start && bytes[end - 1] === 0x0d ? end - 1 : end);
      start = end + 1;
      n++;
      let out: ToolCallsResult | { line: number; error: ReturnType<typeof errorRecord> };
      try {
        const line = decodeUtf8(lineBytes);
        if (line === undefined) throw new JsonMendError('INVALID_ARGUMENT', `the line is ${invalidUtf8Message(lineBytes)}`);
        out = extractToolCalls(replyOf(line, field), { tools, strict });
      } catch (error) {
        failed++;
        out = { line: n, error: errorRecord(error) };
      }
      await write(ctx.io.stdout, jsonLine(out, false));
    }
  }
  if (failed > 0) await write(ctx.io.stderr, `jsonmend: ${failed} of ${n} ${n === 1 ? 'line' : 'lines'} failed (${file ?? STDIN_NAME})\n`);
  return failed > 0 ? EXIT.failed : EXIT.ok;
}

export const toolsCommand: Command = {
  name: 'tools',
  summary: 'find the tool calls a reply wrote as text, validated against the tools\' schemas',
  usage: 'jsonmend tools --tools TOOLS.json [FILE] [--pretty] [--strict]\n' +
    'jsonmend tools --tools TOOLS.json --jsonl [FILE] [--field NAME]',
  help: `Finds the tool calls in FILE (standard input when absent or "-") in any known format
(<tool_call> JSON or Qwen3-Coder XML, <|python_tag|>, [TOOL_CALLS], gpt-oss harmony, DeepSeek
tokens, bare {"name", "arguments"} JSON), repairs their arguments and checks them against the
tools' schemas. Prints {"calls": [{name, arguments, repairs, rewrites, span, format, id?}], "text"}
where "text" is the reply without the calls.

TOOLS.json: [{"name": ..., "schema": {...}}], OpenAI tool definitions
([{"type": "function", "function": {"name": ..., "parameters": {...}}}]), or {"name": schema}.

Options:
  --tools FILE    the tools the model may call (required)
  --pretty        indent the output with two spaces
  --strict        refuse every repair that has to guess
  --jsonl         one reply per input line, one result per output line; a line that fails
                  becomes {"line": N, "error": {...}} and the others go on
  --field NAME    with --jsonl: each line is an object holding the reply under NAME
                  (tools --jsonl runs in one thread: no --workers, --quiet or summary)
  -h, --help      show this help

Exit code 1 when a call cannot be read: a tool that is not in TOOLS.json, arguments cut off,
arguments the schema rejects (with --jsonl: when any line failed).

Examples:
  jsonmend tools --tools tools.json reply.txt
  jsonmend tools --tools tools.json --jsonl replies.jsonl > calls.jsonl`,
  options: {
    ...commonOptions,
    ...parseInputOptions,
    tools: { type: 'string' },
    pretty: { type: 'boolean' },
    jsonl: { type: 'boolean' },
    field: { type: 'string' },
  },
  positionals: ['[FILE]'],
  async run(ctx) {
    const toolsFile = str(ctx.values, 'tools');
    if (toolsFile === undefined) throw new UsageError('tools needs --tools TOOLS.json');
    if (str(ctx.values, 'field') !== undefined && !flag(ctx.values, 'jsonl')) throw new UsageError('--field needs --jsonl');
    const tools = toolsFrom(await readJsonFile(toolsFile, 'tools', ctx.io), toolsFile);
    const file = ctx.positionals[0];
    if (flag(ctx.values, 'jsonl')) return runLines(ctx, file, tools);
    const input = await readInput(file, ctx.io);
    let result: ToolCallsResult;
    try {
      result = extractToolCalls(input.text, { tools, strict: flag(ctx.values, 'strict') });
    } catch (error) {
      return fail(ctx, error, input.name);
    }
    await write(ctx.io.stdout, jsonLine(result, flag(ctx.values, 'pretty')));
    return EXIT.ok;
  },
};
