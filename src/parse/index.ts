export type { ParseOptions, TextRepair, TextRepairKind } from './types.js';
