// Public surface of the schema layer: schema-guided validate-then-repair, the pluggable JSON Schema
// validators, and (re-exported for the layers above) the schema-aware front doors. Loading this module
// installs the schema stage into the parse front doors.
import './stage.js';
export { parse, parseWithReport, parseAsync } from '../parse/api.js';
export { coerce, coerceWithReport, coerceAsync } from './api.js';
export { jsonSchemaValidator, ajvValidator } from './validator.js';
export type { AjvLike } from './validator.js';
export { SchemaError, formatFeedback } from './error.js';
export type { FeedbackOptions } from './error.js';
export type {
  CoerceOptions, JsonSchema, JsonSchemaDraft, JsonSchemaValidator, Repair, RepairReport, SchemaIssue, SchemaLike,
  SchemaParseOptions, SchemaRepair, SchemaRepairKind,
} from './types.js';
export type { StandardJSONSchemaV1, StandardSchemaV1 } from './standard.js';
