export type { ParseOptions, TextRepair, TextRepairKind } from './types.js';
export type { Reviver } from './revive.js';
export { parse, parseWithReport, parseAsync } from './api.js';
export { repair } from './repair.js';
export { GUESSING_REPAIRS, DEFAULT_MAX_LENGTH } from './settings.js';
export { parseAll, type ParseAllEntry, type ParsedValue, type UnparsedCandidate } from './parse-all.js';
