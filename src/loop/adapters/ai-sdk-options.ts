// What every AI SDK adapter (the hooks and the middleware) accepts, and the parser options it turns into.
import { ALL_REPAIR_KINDS, isCutOffRepair } from '../../parse/kind-flags.js';
import type { LoopParseOptions } from '../parse-reply.js';

/** What every AI SDK adapter accepts. */
export interface AiSdkRepairOptions {
  /** Options for the tolerant parser. */
  parseOptions?: LoopParseOptions | undefined;
  /**
   * Repair a reply that was cut off (the text ends inside a value: the cut-off repairs `truncated` and
   * `truncated_literal`). Default `false`:
   * `{"name": "Ada", "age": 3` may have been `36`, so a cut-off reply is left for the SDK to reject, as
   * `generate()` refuses `finish_reason: "length"`.
   */
  acceptTruncated?: boolean | undefined;
}

/** The repairs that mean the text was cut off (`truncated`, `truncated_literal`), from the one table of kinds. */
const CUT_OFF = ALL_REPAIR_KINDS.filter(isCutOffRepair);

/** The parser options an adapter uses: the caller's, plus the cut-off repairs refused unless accepted. */
export function adapterParseOptions(options: AiSdkRepairOptions): LoopParseOptions {
  const parseOptions = options.parseOptions ?? {};
  if (options.acceptTruncated === true) return { ...parseOptions, acceptTruncated: true };
  return { ...parseOptions, disable: [...(parseOptions.disable ?? []), ...CUT_OFF] };
}

