// One chunk of batch lines in, one chunk of results out. Runs in the main thread (one worker) or in
// a worker thread; the output is the same either way. No line can stop the batch: every failure
// becomes that line's error record.
//
// The loop is the batch's hot path, so it allocates as little per line as it can: lines are cut
// from the decoded chunk with indexOf (no array of all lines), and each answer is encoded into the
// output bytes at once (see bytes.ts), so nothing from a line outlives it.
import type { AnyRepair, SchemaLike, SchemaParseOptions } from '../api.js';
import { errorRecord, formatRepair, repairRecord } from '../format.js';
import { nonFiniteWarnings, type NonFinite } from '../json-out.js';
import { escapeControls, escapeJsonControls, makeStyle } from '../term.js';
import { JsonMendError } from '../../index.js';
import { decodeUtf8, invalidUtf8Message } from '../utf8.js';
import { answerLine } from './answer.js';
import type { BufferPool } from './buffers.js';
import { LineWriter } from './bytes.js';
import type { BatchConfig, ChunkResult } from './config.js';
import { ALL_REPAIR_KINDS, isCutOffRepair } from '../../parse/kind-flags.js';

const CUT_OFF_KINDS = ALL_REPAIR_KINDS.filter(isCutOffRepair);

/** A byte order mark, dropped from the start of the batch (the first line) only. */
const BOM = 0xfeff;

/**
 * The most bytes decoded into one string, unless a line is longer. V8 puts a string of more than
 * 128 KB in memory of its own, fresh from the kernel and returned at the next collection: decoding a
 * 256 KB chunk at once cost a page fault per 4 KB, 0.45 CPU-seconds per 100 MB (a fifth of
 * `extract --jsonl`'s time). 32 KB of UTF-8 is at most 64 KB as a string.
 */
const SEGMENT_BYTES = 32 * 1024;

/** Where the segment of whole lines that starts at `at` ends: after its last newline within SEGMENT_BYTES, or its one line's. */
function segmentEnd(bytes: Uint8Array, at: number): number {
  if (bytes.length - at <= SEGMENT_BYTES) return bytes.length;
  const last = bytes.lastIndexOf(0x0a, at + SEGMENT_BYTES - 1);
  if (last >= at) return last + 1;
  // A line longer than a segment: it is the segment (a line's start is after a newline, so the search back stopped there).
  const next = bytes.indexOf(0x0a, at + SEGMENT_BYTES);
  return next === -1 ? bytes.length : next + 1;
}

/**
 * Processes the lines in `bytes`; `firstLine` numbers them (1-based) in records and reports. With
 * `buffers`, the output's buffer is lent by it.
 */
export function processChunk(bytes: Uint8Array, firstLine: number, config: BatchConfig, buffers?: BufferPool): ChunkResult {
  const result: ChunkResult = { out: new Uint8Array(0), report: '', lines: 0, failed: 0, unmet: 0, repairedLines: 0, repairs: {}, failures: {} };
  const style = config.report && config.reportHuman ? makeStyle(config.color) : undefined;
  // Output is about as large as the input for parse and repair.
  const out = new LineWriter(bytes.byteLength + 1024, buffers);
  let report = '';
  let seen: readonly AnyRepair[] = [];
  // parse, not parseWithReport: valid JSON takes parse's native fast path, and without onRepair
  // (nobody reads the repairs) the engine records none.
  const options: SchemaParseOptions = config.countRepairs ? { onRepair: (repairs) => { seen = repairs; } } : {};
  if (config.strict) options.strict = true;
  if (config.schema !== undefined) options.schema = config.schema as SchemaLike;
  // verify refuses a cut-off document, line by line as for a single one: claims checked against part
  // of a tool output would be answered as if it were the whole.
  if (config.mode === 'verify' && config.acceptTruncated !== true) options.disable = CUT_OFF_KINDS;

  // A number JSON cannot write as read (1e400, read as Infinity, written 1e999) is named on stderr,
  // line by line, as a single reply's is: its digits are lost.
  const source = config.source === undefined ? undefined : escapeControls(config.source);
  let nonFinite: NonFinite[] = [];
  const onNonFinite = source === undefined ? undefined : (pointer: string, value: number) => { nonFinite.push({ pointer, value }); };

  const answer = (line: string, number: number): void => {
    seen = [];
    if (nonFinite.length > 0) nonFinite = [];
    try {
      const answered = answerLine(line, config, options, onNonFinite);
      out.line(answered.out);
      if (!answered.held) result.unmet++;
    } catch (error) {
      failLine(error, number);
      return;
    }
    if (nonFinite.length > 0) report += nonFiniteWarnings(nonFinite, `${source} line ${number}`);
    if (seen.length > 0) {
      result.repairedLines++;
      for (const r of seen) result.repairs[r.kind] = (result.repairs[r.kind] ?? 0) + 1;
      if (config.report) {
        for (const r of seen) {
          report += style ? formatRepair(r, `line ${number}`, style, ' at ') : `${escapeJsonControls(JSON.stringify({ line: number, repair: repairRecord(r) }))}\n`;
        }
      }
    }
  };
  const failLine = (error: unknown, number: number): void => {
    const record = errorRecord(error);
    result.failed++;
    result.failures[record.code] = (result.failures[record.code] ?? 0) + 1;
    out.line(JSON.stringify({ line: number, error: record }));
  };

  // No batch output shows a stack trace (an error record holds the code, message and position), and
  // capturing one is most of what an error costs: none is captured while the chunk runs. The engine
  // builds errors for the candidates it rejects, so this is most of a failing line's cost.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    let number = firstLine;
    for (let at = 0; at < bytes.length; ) {
      const end = segmentEnd(bytes, at);
      const segment = bytes.subarray(at, end);
      const text = decodeUtf8(segment);
      if (text !== undefined) {
        for (let start = number === 1 && text.charCodeAt(0) === BOM ? 1 : 0; start < text.length; number++) {
          let stop = text.indexOf('\n', start);
          if (stop === -1) stop = text.length;
          const line = text.charCodeAt(stop - 1) === 0x0d /* \r */ && stop > start ? text.slice(start, stop - 1) : text.slice(start, stop);
          start = stop + 1;
          result.lines++;
          answer(line, number);
        }
      } else {
        // Some line is not UTF-8 (rare): decode line by line, so only that line fails, naming where.
        for (let start = 0; start < segment.length; number++) {
          let stop = segment.indexOf(0x0a, start);
          if (stop === -1) stop = segment.length;
          const lineBytes = segment.subarray(start, stop > start && segment[stop - 1] === 0x0d ? stop - 1 : stop);
          start = stop + 1;
          result.lines++;
          let line = decodeUtf8(lineBytes);
          if (number === 1 && line?.charCodeAt(0) === BOM) line = line.slice(1);
          if (line === undefined) failLine(new JsonMendError('INVALID_ARGUMENT', `the line is ${invalidUtf8Message(lineBytes)}`), number);
          else answer(line, number);
        }
      }
      at = end;
    }
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  result.out = out.bytes();
  result.report = report;
  return result;
}
