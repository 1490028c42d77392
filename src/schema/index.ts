// Public surface of the schema layer: schema-guided validate-then-repair and the schema-aware front doors.
export { parse, parseWithReport, parseAsync, coerce, coerceWithReport, coerceAsync } from './api.js';
export { SchemaError, formatFeedback } from './error.js';
export type { FeedbackOptions } from './error.js';
export type {
  CoerceOptions, JsonSchema, JsonSchemaDraft, Repair, RepairReport, SchemaIssue, SchemaLike, SchemaParseOptions,
  SchemaRepair, SchemaRepairKind,
} from './types.js';
export type { StandardJSONSchemaV1, StandardSchemaV1 } from './standard.js';
