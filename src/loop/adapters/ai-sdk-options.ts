// What every AI SDK adapter (the hooks and the middleware) accepts, and the parser options it turns into.
import type { TextRepairKind } from '../../parse/index.js';
import type { LoopParseOptions } from '../parse-reply.js';

/** What every AI SDK adapter accepts. */
export interface AiSdkRepairOptions {
  /** Options for the tolerant parser. */
  parseOptions?: LoopParseOptions;
  /**
   * Repair a reply that was cut off (the text ends inside a value: the `truncated` repair). Default `false`:
   * `{"name": "Ada", "age": 3` may have been `36`, so a cut-off reply is left for the SDK to reject, as
   * `generate()` refuses `finish_reason: "length"`.
   */
  acceptTruncated?: boolean;
}

const CUT_OFF: readonly TextRepairKind[] = ['truncated'];

/** The parser options an adapter uses: the caller's, plus the `truncated` repair refused unless accepted. */
export function adapterParseOptions(options: AiSdkRepairOptions): LoopParseOptions {
  const parseOptions = options.parseOptions ?? {};
  if (options.acceptTruncated === true) return parseOptions;
  return { ...parseOptions, disable: [...(parseOptions.disable ?? []), ...CUT_OFF] };
}

