/**
 * Node-only helpers of the loop (`jsonmend/node`): the JSONL telemetry writer and the quarantine directory.
 * The browser-safe core never imports this module.
 * @module
 */
export { createJsonlTelemetry, TELEMETRY_SCHEMA } from './jsonl.js';
export type { JsonlTelemetry, JsonlTelemetryOptions, TelemetryLine } from './jsonl.js';
export { quarantineDirectory } from './quarantine.js';
export type { QuarantineDirectoryOptions } from './quarantine.js';
export type { QuarantineContext, QuarantineEntry, QuarantineSink } from '../quarantine.js';
