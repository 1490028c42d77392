// Pieces several commands share: reading and parsing the input, reporting failures and repairs.
import { dereference } from '@cfworker/json-schema';
import { JsonMendError } from '../../index.js';
import { ALL_REPAIR_KINDS, isCutOffRepair } from '../../parse/kind-flags.js';
import { coerce, parse, type AnyRepair, type SchemaLike, type SchemaParseOptions } from '../api.js';
import { flag, type Context } from '../command.js';
import { formatError, formatRepair, repairRecord, type ErrorPlace } from '../format.js';
import { readInput, write, type Input } from '../io.js';
import { escapeControls, escapeJsonControls } from '../term.js';
import { EXIT, UsageError } from '../usage.js';

/** Error codes that mean the command line (a path, a schema, a claims file) was wrong: exit 2. */
const USAGE_CODES: ReadonlySet<string> = new Set(['INVALID_SCHEMA', 'INVALID_CLAIM', 'SYNTAX']);

/** The exit code for an error. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof JsonMendError && USAGE_CODES.has(error.code)) return EXIT.usage;
  return EXIT.failed;
}

/** Writes `error` to stderr naming its place, and returns the exit code it calls for. */
export async function fail(ctx: Context, error: unknown, place: string | ErrorPlace): Promise<number> {
  await write(ctx.io.stderr, `jsonmend: ${formatError(error, place, ctx.err)}`);
  return exitCodeFor(error);
}

/** Keywords whose values are data, not schemas: a `$ref` key in them is no reference. */
const DATA_KEYWORDS: ReadonlySet<string> = new Set(['const', 'enum', 'default', 'examples']);

/**
 * The first `$ref` in `schema` (a plain JSON schema) that does not resolve within it, with where it
 * is (a JSON Pointer), or undefined. External references count: nothing is fetched.
 */
function unresolvedRef(schema: SchemaLike): { ref: string; at: string } | undefined {
  if (schema === null || typeof schema !== 'object') return undefined;
  const copy = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
  const lookup = dereference(copy as Parameters<typeof dereference>[0]) as Record<string, unknown>;
  const stack: [unknown, string][] = [[copy, '']];
  while (stack.length > 0) {
    const [node, at] = stack.pop() as [unknown, string];
    if (node === null || typeof node !== 'object') continue;
    const record = node as Record<string, unknown>;
    if (!Array.isArray(node) && typeof record.$ref === 'string') {
      const uri = typeof record.__absolute_ref__ === 'string' ? record.__absolute_ref__ : record.$ref;
      if (!Object.prototype.hasOwnProperty.call(lookup, uri)) return { ref: record.$ref, at: at === '' ? '(root)' : at };
    }
    for (const key of Object.keys(record)) {
      if (DATA_KEYWORDS.has(key) || key.startsWith('__')) continue;
      stack.push([record[key], `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`]);
    }
  }
  return undefined;
}

/**
 * Throws a usage error (exit 2) naming the file when `schema` cannot be used, before any input is
 * read: a schema problem is the command line's, not the input's, and a batch should not fail every
 * line for it. A `$ref` that leads nowhere is looked for in the whole schema (trying the schema on one
 * value would only reach the references that value leads to); the rest is found by trying it once.
 */
export function checkSchema(schema: SchemaLike, file: string): void {
  let missing: { ref: string; at: string } | undefined;
  try {
    missing = unresolvedRef(schema);
  } catch (error) {
    throw new UsageError(`schema ${file} cannot be used: ${withoutValidatorList(error instanceof Error ? error.message : String(error))}`);
  }
  if (missing !== undefined) {
    throw new UsageError(`schema ${file} cannot be used: its $ref ${JSON.stringify(missing.ref)} at ${missing.at} does not lead to a schema in the file (other files are not fetched)`);
  }
  try {
    coerce(null, schema);
  } catch (error) {
    if (error instanceof JsonMendError && error.code === 'INVALID_SCHEMA') {
      throw new UsageError(`schema ${file} cannot be used: ${withoutValidatorList(error.message)}`);
    }
    // Anything else (null does not match, say) is about the value, which was only a probe.
  }
}

/** A validator's message without the list of the schemas it knows (its internals, not the user's). */
function withoutValidatorList(message: string): string {
  const at = message.search(/\s*Known schemas/);
  return at === -1 ? message : message.slice(0, at);
}

/** Options for the library's parse functions from the command line. */
export function parseOptions(ctx: Context, schema?: SchemaLike): SchemaParseOptions {
  const options: SchemaParseOptions = {};
  if (flag(ctx.values, 'strict')) options.strict = true;
  if (schema !== undefined) options.schema = schema;
  return options;
}

/** The repair kinds that mean the text was cut off (`truncated`, `truncated_literal`). */
const CUT_OFF_KINDS = ALL_REPAIR_KINDS.filter(isCutOffRepair);

/** The option that lets get, query, verify and canonicalize read a document that was cut off. */
export const acceptTruncatedOption = { 'accept-truncated': { type: 'boolean' } } as const;

/** What a document loaded by {@link loadValue} is to the command. */
export type Role = 'payload' | 'claims';

/**
 * Reads the input and parses it tolerantly: the payload of get, query, verify and canonicalize, and
 * verify's claims file. Resolves to the exit code instead when the input cannot be parsed (the error
 * is already written).
 *
 * With `refuseCutOff` (get, query, verify, canonicalize), a document the parser finds cut off is
 * refused like any other unreadable input: answers about a truncated tool output (a count, the last
 * id) would be about the part that happens to be there, and a cut-off claims file has lost claims
 * or the end of one. `--accept-truncated` reads it anyway and says on stderr where it was cut off.
 *
 * A claims file that cannot be read is the command line's fault: exit 2 (invalid claims), where a
 * payload's is exit 1.
 */
export async function loadValue(ctx: Context, file: string | undefined, refuseCutOff = false, role: Role = 'payload'): Promise<{ input: Input; value: unknown } | number> {
  const input = await readInput(file, ctx.io);
  const options = parseOptions(ctx);
  const accept = flag(ctx.values, 'accept-truncated');
  const cutOffs: AnyRepair[] = [];
  if (refuseCutOff && !accept) options.disable = [...(options.disable ?? []), ...CUT_OFF_KINDS];
  if (refuseCutOff && accept) options.onRepair = (repairs) => { for (const r of repairs) if ((CUT_OFF_KINDS as readonly string[]).includes(r.kind)) cutOffs.push(r); };
  const claims = role === 'claims';
  let value: unknown;
  try {
    value = parse(input.text, options);
  } catch (error) {
    const code = await fail(ctx, error, input.name);
    if (refuseCutOff && !accept && error instanceof JsonMendError && error.refusal?.reason === 'disabled_repair' && (CUT_OFF_KINDS as readonly string[]).includes(error.refusal.kind)) {
      const why = claims ? 'so claims may be missing or changed' : 'so answers about it could be wrong';
      await write(ctx.io.stderr, `jsonmend: ${escapeControls(input.name)} was cut off, ${why}; pass --accept-truncated to read the part that is there\n`);
    }
    return claims ? EXIT.usage : code;
  }
  for (const r of cutOffs) {
    await write(ctx.io.stderr, `jsonmend: warning: ${formatRepair(r, input.name, ctx.err)}`);
  }
  if (cutOffs.length > 0) {
    const what = claims ? 'only the claims that are there are checked' : 'the results are about the part that is there';
    await write(ctx.io.stderr, `jsonmend: warning: ${escapeControls(input.name)} was cut off; ${what}\n`);
  }
  return { input, value };
}

/**
 * Writes repairs to stderr: one readable line each on a terminal, JSON lines otherwise (so a pipeline
 * can collect them with `2> repairs.jsonl`).
 */
export async function writeReport(ctx: Context, repairs: readonly AnyRepair[], source: string): Promise<void> {
  const human = ctx.io.stderr.isTTY === true;
  let out = '';
  for (const r of repairs) out += human ? formatRepair(r, source, ctx.err) : `${escapeJsonControls(JSON.stringify(repairRecord(r)))}\n`;
  if (human && repairs.length === 0) out = `${ctx.err.dim(escapeControls(source))} no repairs: the input was valid JSON\n`;
  await write(ctx.io.stderr, out);
}

/**
 * Where a path or query error belongs: a malformed expression is the argument's fault (with its
 * column); a path that leads nowhere is about the document, and the message already names the path.
 */
export function pathErrorPlace(error: unknown, argumentName: string, document: string): ErrorPlace {
  const syntax = (error as { code?: string } | null)?.code === 'SYNTAX';
  return syntax ? { source: `${argumentName} argument`, argument: true, omitPath: true } : { source: document, omitPath: true };
}
