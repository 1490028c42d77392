// The options of the public entry points, checked once: tools, formats and parser options.
import { JsonMendError } from '../errors.js';
import { TOOL_CALL_FORMATS, type ToolCallFormat } from '../extract/tool-calls/index.js';
import type { ParserSettings, ToolCallOptions } from './types.js';
import type { ReadContext } from './read-call.js';
import { ToolRegistry } from './registry.js';

/** A {@link ReadContext} plus the formats to look for. */
export interface ToolContext extends ReadContext {
  formats: ReadonlySet<ToolCallFormat>;
}

/**
 * Line numbers in `text`, computed on demand (only messages need them): the lines' starts are found
 * once, at the first question, and each later one is a binary search. A reply of many calls whose
 * errors are made and set aside (a placeholder in prose) asks once per call: counted from the text's
 * start each time, that was the square of the reply's length.
 */
export function linesOf(text: string): (offset: number) => number {
  let starts: number[] | undefined;
  return (offset) => {
    if (starts === undefined) {
      starts = [0];
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    }
    const end = Math.max(0, Math.min(offset, text.length));
    // How many lines start at or before `end`: its line.
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (starts[mid] <= end) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** Parser options taken from the caller's options (only the ones the parser knows). */
export function parserOptions(options: ParserSettings): ParserSettings {
  const out: ParserSettings = {};
  if (options.strict !== undefined) out.strict = options.strict;
  if (options.disable !== undefined) out.disable = options.disable;
  if (options.maxDepth !== undefined) out.maxDepth = options.maxDepth;
  if (options.maxLength !== undefined) out.maxLength = options.maxLength;
  return out;
}

/** Checks `options` and builds the context for reading calls; `lineAt` gives line numbers in the reply. */
export function toolContext(options: ToolCallOptions, lineAt: (offset: number) => number): ToolContext {
  if (options === null || typeof options !== 'object') throw new JsonMendError('INVALID_ARGUMENT', 'options must be an object with a tools list');
  const tools = new ToolRegistry(options.tools);
  let formats: ReadonlySet<ToolCallFormat> = new Set(TOOL_CALL_FORMATS);
  if (options.formats !== undefined) {
    if (!Array.isArray(options.formats)) throw new JsonMendError('INVALID_ARGUMENT', 'formats must be an array of format names');
    for (const f of options.formats) {
      if (!(TOOL_CALL_FORMATS as readonly unknown[]).includes(f)) {
        throw new JsonMendError('INVALID_ARGUMENT', `unknown tool-call format ${JSON.stringify(f)}; expected one of ${TOOL_CALL_FORMATS.join(', ')}`);
      }
    }
    formats = new Set(options.formats);
  }
  return { tools, formats, parseOptions: parserOptions(options), lineAt };
}
