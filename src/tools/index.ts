/**
 * Tool calls that models write as text: finding them, reading their arguments by the tools' schemas,
 * and following them while the reply streams (text chunks or provider deltas).
 * @module
 */
export { TOOL_CALL_FORMATS, type ToolCallFormat } from '../extract/tool-calls/index.js';
export { extractToolCalls } from './extract-tool-calls.js';
export { createToolCallStream } from './stream.js';
export { createToolCallDeltaMux } from './deltas.js';
export { TOOL_CALL_REWRITES } from './types.js';
export type {
  ToolCall, ToolCallDelta, ToolCallDeltaEvent, ToolCallDeltaMux, ToolCallDeltaOptions, ToolCallOptions, ToolCallRewrite,
  ToolCallStream, ToolCallStreamEvent, ToolCallsResult, ToolDefinition, ParserSettings,
} from './types.js';
