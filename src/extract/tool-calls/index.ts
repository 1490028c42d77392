/**
 * Where the tool calls are in a reply's text: the formats' markup, without reading what is inside.
 * @module
 */
export { TOOL_CALL_FORMATS, TOKENS, type SpanBody, type ToolCallFormat } from './formats.js';
export { NAME as TOOL_NAME, ToolCallScanner, scanToolCalls, type ScanListener, type ToolCallScan, type ToolCallSpan } from './scanner.js';
