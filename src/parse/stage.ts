// The plug-in point of the schema stage. The parse front doors (api.ts) hand a text to the schema
// stage only when the caller gave a `schema`; the stage lives in src/schema/ and installs itself
// here when that module is loaded. So parse never imports the schema layer (dependencies flow
// parse -> schema), and a bundle that uses only `parse` leaves the schema code and its JSON Schema
// validator out.
import { JsonMendError } from '../errors.js';
// Types only: no schema code is loaded by naming them.
import type { SchemaIssue } from '../schema/types.js';

/** What a front door gets back from the stage: the value and every repair (text, then schema). */
export interface StageReport {
  value: unknown;
  repairs: unknown[];
}

/**
 * The schema stage as the front doors see it: given the text and the caller's options (which hold a
 * `schema`), the first candidate that satisfies the schema after repair, or the schema's error.
 * `onRepair` is the front door's job, not the stage's.
 */
export interface SchemaStage {
  parseWithReport(text: string, options: object): StageReport;
  parseAsync(text: string, options: object): Promise<StageReport>;
  /**
   * Strict validation of `value` against a JSON Schema (no repair), for the stream's schema watch:
   * the issues, none when valid. With `at.pointer`, against the subschema there (a JSON Pointer into
   * `schema`), read as part of the whole schema: its `$ref`s resolve, and its draft applies, as when
   * the whole value is validated. With `at.numberText` (how the text spelt its numbers past 2^53), a
   * number whose digits the double lost is an issue, as parse finds it. Throws for a schema it cannot
   * use, or one that validates asynchronously.
   */
  check(schema: object, value: unknown, at?: { pointer?: string; draft?: string; numberText?: (n: number) => string | null | undefined }): SchemaIssue[];
}

let installed: SchemaStage | undefined;

/** Called by src/schema/stage.ts when it is loaded. */
export function installSchemaStage(stage: SchemaStage): void {
  installed = stage;
}

/**
 * The stage for a call with a schema: the one a validator made by jsonmend carries (so a bundle that
 * imports a validator finds the stage through it), else the installed one.
 */
export function schemaStageFor(options: { validator?: unknown }): SchemaStage {
  const carried = (options.validator as { stage?: SchemaStage } | undefined)?.stage;
  const stage = carried ?? installed;
  if (stage === undefined) {
    throw new JsonMendError(
      'INVALID_ARGUMENT',
      'a schema was given but the schema stage is not loaded (a bundler left it out because nothing from it is imported): ' +
        'pass `validator: jsonSchemaValidator()` (or `ajvValidator(ajv)`) with the schema',
    );
  }
  return stage;
}
