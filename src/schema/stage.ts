// The schema stage of the parse front doors (src/parse/api.ts): every candidate in the text, best
// first; the first that satisfies the schema (after repair) wins, else the first candidate's
// SchemaError is thrown. Installs itself into the front doors when this module is loaded.
import { JsonMendError } from '../errors.js';
import { nativeParse, parseCandidates } from '../parse/candidates.js';
import { type SchemaStage, installSchemaStage } from '../parse/stage.js';
import type { ParseOptions } from '../parse/types.js';
import { type Compiled, type Validation, compile } from './compile.js';
import { SchemaError } from './error.js';
import { isThenable, repairLoop, runAsync, runSync } from './repair.js';
import type { JsonSchema, Repair, RepairReport, SchemaParseOptions } from './types.js';

/** The search as a generator that yields values to validate (see repairLoop). */
function* parseLoop(text: string, options: SchemaParseOptions, compiled: Compiled): Generator<unknown, RepairReport, Validation> {
  const { schema: _schema, onRepair: _onRepair, draft: _draft, maxRounds, validator: _validator, ...rest } = options;
  const parseOptions: ParseOptions = rest;
  let firstFailure: SchemaError | undefined;
  for (const candidate of parseCandidates(text, parseOptions)) {
    // A cut-off reply that the schema rejects is an error, not something to guess at.
    const outcome = yield* repairLoop(candidate.value, compiled.guide, { maxRounds, maxDepth: options.maxDepth, enabled: !candidate.truncated });
    if (outcome.ok) {
      const repairs: Repair[] = candidate.repairs.length === 0 ? outcome.repairs : (candidate.repairs as Repair[]).concat(outcome.repairs);
      return { value: outcome.value, repairs };
    }
    firstFailure ??= new SchemaError(outcome.issues, candidate.repairs);
  }
  throw firstFailure ?? new JsonMendError('NO_JSON', 'no JSON value found in the text');
}

function compiledFor(options: SchemaParseOptions): Compiled {
  // Only called with a schema (the front door checks); compile refuses one it cannot use.
  return compile(options.schema as NonNullable<SchemaParseOptions['schema']>, options.draft, options.validator);
}

/**
 * The common case in one step: the whole text is valid JSON and the value is valid. No candidate
 * search, no generators: the cost is JSON.parse plus one validation. Undefined otherwise (the full
 * search then starts over; only failures pay for that).
 */
function validAsItStands(text: string, options: SchemaParseOptions, compiled: Compiled): RepairReport | undefined {
  const fast = nativeParse(text, options);
  if (fast === undefined) return undefined;
  const validation = compiled.validate(fast.value);
  if (isThenable(validation)) {
    validation.then(undefined, () => undefined); // the full search validates again and says what to do
    return undefined;
  }
  return validation.valid ? { value: validation.value, repairs: [] } : undefined;
}

/** The stage the front doors call when a schema is given. */
export const schemaStage: SchemaStage = {
  parseWithReport(text, options) {
    const compiled = compiledFor(options);
    return validAsItStands(text, options, compiled) ?? runSync(parseLoop(text, options, compiled), (v) => compiled.validate(v));
  },
  parseAsync(text, options) {
    const compiled = compiledFor(options);
    return runAsync(parseLoop(text, options, compiled), (v) => compiled.validate(v));
  },
  check(schema, value) {
    const result = compile(schema as JsonSchema).validate(value);
    if (isThenable(result)) {
      result.then(undefined, () => undefined);
      throw new JsonMendError('INVALID_ARGUMENT', 'the schema validates asynchronously');
    }
    return result.valid ? [] : result.issues();
  },
};

installSchemaStage(schemaStage);
