// `jsonmend repair`: the reply's JSON as valid JSON text, keeping its formatting.
import { parseWithReport, repair, type AnyRepair } from '../api.js';
import type { Stats } from 'node:fs';
import { chmod, chown, lstat, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { commonOptions, flag, parseInputOptions, str, type Command, type Context } from '../command.js';
import { describeFsError, readInput, write } from '../io.js';
import { EXIT, OutputError, UsageError } from '../usage.js';
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
  --overwrite     write the repaired text back to FILE, only when it needed repairs and only when
                  the file holds nothing but the JSON (text around it would be lost: use -o)
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
    const overwrite = flag(ctx.values, 'overwrite');
    let text: string;
    let repairs: readonly AnyRepair[] | undefined;
    try {
      text = repair(input.text, parseOptions(ctx));
      // The report needs positions, which only parseWithReport gives; pay for it only when asked, or
      // when --overwrite must know what the repair did to the file.
      if (flag(ctx.values, 'report') || overwrite) repairs = parseWithReport(input.text, parseOptions(ctx)).repairs;
    } catch (error) {
      return fail(ctx, error, input.name);
    }
    let out = text.endsWith('\n') ? text : `${text}\n`;
    if (overwrite && target !== undefined && repairs !== undefined) {
      const bom = input.text.charCodeAt(0) === 0xfeff;
      // A BOM is reported as a repair (special_whitespace at 0), but the file keeps it.
      const needed = repairs.filter((r) => !(bom && r.kind === 'special_whitespace' && r.offset === 0));
      const dropped = needed.find((r) => DROPS_TEXT.has(r.kind));
      if (dropped !== undefined) {
        const at = dropped.line !== undefined ? `:${dropped.line}:${dropped.column ?? 0}` : '';
        throw new UsageError(`--overwrite would drop text from ${target}: the file holds more than the JSON value (${dropped.kind}${at}: ${dropped.detail ?? ''}); ` +
          'write the repaired JSON elsewhere with -o OUT, or to standard output');
      }
      if (needed.length > 0) {
        // The file keeps its BOM and its line end (CRLF), which are not the JSON's.
        if (bom && text.charCodeAt(0) !== 0xfeff) out = `\ufeff${out}`;
        if (input.text.endsWith('\r\n') && !out.endsWith('\r\n')) out = `${out.slice(0, -1)}\r\n`;
        await writeOutputFile(target, out);
      }
    } else if (target === undefined) await write(ctx.io.stdout, out);
    else await writeOutputFile(target, out);
    if (repairs !== undefined && flag(ctx.values, 'report')) await writeReport(ctx, repairs, input.name);
    return EXIT.ok;
  },
};

/**
 * Repairs that leave text of the input out of the JSON: prose or a fence around the value, a reasoning
 * block, an HTML comment. `--overwrite` would lose that text, so it refuses them.
 */
const DROPS_TEXT: ReadonlySet<string> = new Set(['surrounding_text', 'reasoning_block', 'html_comment']);

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

/**
 * Writes `text` into what `path` names. A regular file (through any symlinks: the link stays a link) is
 * replaced in one step, by a temporary file beside the real one renamed over it, with the mode and, when
 * allowed, the owner it had; a new file is made the same way. Anything else that exists (a FIFO, a
 * device, a socket) is opened and written, never replaced. A failure is an {@link OutputError} (exit 3).
 */
async function writeOutputFile(path: string, text: string): Promise<void> {
  const failed = (error: unknown) => new OutputError(`cannot write ${path}: ${describeFsError(error)}`);
  let info: Stats | undefined;
  let real = path;
  try {
    info = await stat(path);
    real = await realpath(path);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw failed(error);
    // A symlink to nothing yet: write through it, creating its target, as the shell's `>` does.
    const link = await lstat(path).catch(() => undefined);
    if (link?.isSymbolicLink() === true) {
      await writeFile(path, text, 'utf8').catch((e: unknown) => { throw failed(e); });
      return;
    }
  }
  if (info?.isDirectory() === true) throw failed(Object.assign(new Error('is a directory'), { code: 'EISDIR' }));
  if (info !== undefined && !info.isFile()) {
    await writeFile(real, text, 'utf8').catch((e: unknown) => { throw failed(e); });
    return;
  }
  const temporary = join(dirname(real), `.${basename(real)}.jsonmend-${process.pid}.tmp`);
  try {
    await writeFile(temporary, text, { encoding: 'utf8', flag: 'wx', mode: info === undefined ? 0o666 : info.mode & 0o777 });
    if (info !== undefined) {
      // Owner first (a chown clears set-id bits), then the mode the umask may have narrowed.
      if (info.uid !== process.getuid?.() || info.gid !== process.getgid?.()) await chown(temporary, info.uid, info.gid).catch(() => {});
      await chmod(temporary, info.mode & 0o7777);
    }
    await rename(temporary, real);
  } catch (error) {
    await rm(temporary, { force: true });
    throw failed(error);
  }
}
