// The JSON Schema validators a caller can plug in with the `validator` option. Each carries the schema
// stage, so a bundle that imports one finds the stage even when it imports nothing else from here.
import { builtInValidator } from './compile.js';
import { schemaStage } from './stage.js';
import type { JsonSchema, JsonSchemaValidator } from './types.js';

/**
 * The built-in validator, @cfworker/json-schema: no code generation, so it runs where `eval` is not
 * allowed (edge runtimes, strict CSP). The default when no `validator` is given.
 */
export function jsonSchemaValidator(): JsonSchemaValidator {
  return builtInValidator(schemaStage);
}

/** What {@link ajvValidator} needs of an Ajv instance (Ajv 8: `new Ajv()`, `new Ajv2020()`, …). */
export interface AjvLike {
  compile(schema: JsonSchema | boolean): (data: unknown) => unknown;
}

/**
 * Ajv as the validator: it compiles each schema to code once, and is many times faster on valid
 * values — for servers. Bring your own instance, configured for your dialect and formats
 * (`new Ajv2020({ strict: false })`, ajv-formats, …); jsonmend does not depend on Ajv.
 * A schema Ajv refuses is `INVALID_SCHEMA`. Schemas that validate asynchronously (`$async`) are refused.
 * @example parse(text, { schema, validator: ajvValidator(new Ajv()) })
 */
export function ajvValidator(ajv: AjvLike): JsonSchemaValidator {
  if (ajv === null || typeof ajv !== 'object' || typeof ajv.compile !== 'function') {
    throw new TypeError('ajvValidator needs an Ajv instance');
  }
  return {
    name: 'ajv',
    stage: schemaStage,
    compile(schema) {
      const check = ajv.compile(schema);
      if ((check as { $async?: unknown }).$async === true) throw new Error('asynchronous ($async) schemas are not supported');
      return (value) => check(value) === true;
    },
  };
}
