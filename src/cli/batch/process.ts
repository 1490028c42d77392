// One chunk of batch lines in, one chunk of results out. Runs in the main thread (one worker) or in
// a worker thread; the output is the same either way. No line can stop the batch: every failure
// becomes that line's error record.
import { JsonMendError } from '../../index.js';
import { parse, repair, type AnyRepair, type SchemaLike, type SchemaParseOptions } from '../api.js';
import { errorRecord, formatRepair, repairRecord } from '../format.js';
import { escapeJsonControls, makeStyle } from '../term.js';
import type { BatchConfig, ChunkResult } from './config.js';

const decoder = new TextDecoder('utf-8');

/** How a line carried its reply, so `repair` can answer in the same form. */
type Form = { kind: 'string' } | { kind: 'raw' } | { kind: 'field'; envelope: Record<string, unknown> };

interface Unwrapped {
  form: Form;
  /** The reply text, or undefined when --field held a value that is already JSON (not a string). */
  reply: string | undefined;
  value?: unknown;
}

function unwrap(line: string, config: BatchConfig): Unwrapped {
  if (config.field !== undefined) {
    let envelope: unknown;
    try {
      envelope = JSON.parse(line);
    } catch {
      throw new JsonMendError('INVALID_ARGUMENT', `the line is not a JSON object, which --field ${config.field} needs`);
    }
    if (envelope === null || typeof envelope !== 'object' || Array.isArray(envelope)) {
      throw new JsonMendError('INVALID_ARGUMENT', `the line is not a JSON object, which --field ${config.field} needs`);
    }
    const record = envelope as Record<string, unknown>;
    if (!Object.prototype.hasOwnProperty.call(record, config.field)) {
      throw new JsonMendError('INVALID_ARGUMENT', `the line has no field "${config.field}"`);
    }
    const held = record[config.field];
    const form: Form = { kind: 'field', envelope: record };
    return typeof held === 'string' ? { form, reply: held } : { form, reply: undefined, value: held };
  }
  if (line.charCodeAt(0) === 0x22 /* " */) {
    try {
      const decoded: unknown = JSON.parse(line);
      if (typeof decoded === 'string') return { form: { kind: 'string' }, reply: decoded };
    } catch {
      // Not a JSON string after all (a damaged reply that starts with a quote): the line is the reply.
    }
  }
  return { form: { kind: 'raw' }, reply: line };
}

function answer(form: Form, text: string, field: string | undefined): string {
  if (form.kind === 'string') return JSON.stringify(text);
  if (form.kind === 'field' && field !== undefined) {
    // defineProperty, not assignment: a field named "__proto__" stays a plain key.
    Object.defineProperty(form.envelope, field, { value: text, enumerable: true, writable: true, configurable: true });
    return JSON.stringify(form.envelope);
  }
  // A raw line comes back raw, unless the repaired text would span lines and break the JSONL.
  return text.includes('\n') || text.includes('\r') ? JSON.stringify(text) : text;
}

/** Processes the lines in `bytes`; `firstLine` numbers them (1-based) in records and reports. */
export function processChunk(bytes: Uint8Array, firstLine: number, config: BatchConfig): ChunkResult {
  const text = decoder.decode(bytes);
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const result: ChunkResult = { out: '', report: '', lines: lines.length, failed: 0, repairedLines: 0, repairs: {}, failures: {} };
  const style = config.report && config.reportHuman ? makeStyle(config.color) : undefined;
  const out: string[] = [];
  const report: string[] = [];
  let seen: readonly AnyRepair[] = [];
  // parse, not parseWithReport: valid JSON takes parse's native fast path, and without onRepair
  // (nobody reads the repairs) the engine records none.
  const options: SchemaParseOptions = config.countRepairs ? { onRepair: (repairs) => { seen = repairs; } } : {};
  if (config.strict) options.strict = true;
  if (config.schema !== undefined) options.schema = config.schema as SchemaLike;

  for (let i = 0; i < lines.length; i++) {
    const number = firstLine + i;
    let line = lines[i];
    if (line.endsWith('\r')) line = line.slice(0, -1);
    seen = [];
    try {
      const { form, reply, value } = unwrap(line, config);
      if (config.mode === 'parse') {
        if (reply === undefined) out.push(JSON.stringify(value));
        else {
          out.push(JSON.stringify(parse(reply, options)));
        }
      } else if (reply === undefined) {
        out.push(JSON.stringify((form as { envelope: unknown }).envelope));
      } else {
        out.push(answer(form, repair(reply, options), config.field));
      }
    } catch (error) {
      const record = errorRecord(error);
      result.failed++;
      result.failures[record.code] = (result.failures[record.code] ?? 0) + 1;
      out.push(JSON.stringify({ line: number, error: record }));
      continue;
    }
    if (seen.length > 0) {
      result.repairedLines++;
      for (const r of seen) result.repairs[r.kind] = (result.repairs[r.kind] ?? 0) + 1;
      if (config.report) {
        for (const r of seen) {
          report.push(style ? formatRepair(r, `line ${number}`, style, ' at ') : `${escapeJsonControls(JSON.stringify({ line: number, repair: repairRecord(r) }))}\n`);
        }
      }
    }
  }
  result.out = out.length > 0 ? `${out.join('\n')}\n` : '';
  result.report = report.join('');
  return result;
}
