// The pluggable JSON Schema validator and the schema stage's plug-in into the parse front doors.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { build } from 'esbuild';
import { JsonMendError } from '../../src/errors.js';
import { schemaStageFor } from '../../src/parse/stage.js';
import {
  SchemaError, ajvValidator, coerce, jsonSchemaValidator, parse, parseWithReport, type JsonSchemaValidator,
} from '../../src/schema/index.js';
import { schemaStage } from '../../src/schema/stage.js';

const tool = {
  type: 'object',
  properties: { paths: { type: 'array', items: { type: 'string' } }, limit: { type: 'integer' } },
  required: ['paths'],
};

describe('ajvValidator', () => {
  const validator = ajvValidator(new Ajv());
  test('a valid value comes back as parsed, with no repairs', () => {
    assert.deepEqual(parseWithReport('{"paths": ["a"], "limit": 3}', { schema: tool, validator }), { value: { paths: ['a'], limit: 3 }, repairs: [] });
  });
  test('an invalid value is repaired as with the built-in validator', () => {
    const withAjv = parseWithReport('Sure: {"paths": "a.ts", "limit": "5"}', { schema: tool, validator });
    const builtIn = parseWithReport('Sure: {"paths": "a.ts", "limit": "5"}', { schema: tool });
    assert.deepEqual(withAjv, builtIn);
    assert.deepEqual(withAjv.value, { paths: ['a.ts'], limit: 5 });
  });
  test('what cannot be repaired is a SchemaError with the issues', () => {
    assert.throws(() => parse('{"limit": 1}', { schema: tool, validator }), (e: unknown) => e instanceof SchemaError && e.issues[0].path === '/paths');
  });
  test('Ajv2020 for draft 2020-12 keywords', () => {
    const schema = { type: 'array', prefixItems: [{ type: 'integer' }], items: false };
    assert.deepEqual(coerce(['4'], schema, { validator: ajvValidator(new Ajv2020({ strict: false })) }), [4]);
  });
  test('a schema Ajv refuses is INVALID_SCHEMA', () => {
    assert.throws(() => parse('{}', { schema: { type: 'object', $ref: '#/nowhere' }, validator: ajvValidator(new Ajv()) }), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_SCHEMA');
  });
  test('the value Ajv validates is jsonmend\'s own copy of the schema, compiled once per schema', () => {
    let compiled = 0;
    const counting: JsonSchemaValidator = { name: 'counting', compile: () => { compiled++; return () => true; } };
    const schema = { type: 'object' };
    parse('{}', { schema, validator: counting });
    parse('{"a": 1}', { schema, validator: counting });
    assert.equal(compiled, 1);
  });
});

describe('a plugged validator', () => {
  test('one that rejects what the built-in validator accepts: a SchemaError naming it, never a silent pass', () => {
    const never: JsonSchemaValidator = { name: 'never', compile: () => () => false };
    assert.throws(() => parse('{"paths": []}', { schema: tool, validator: never }), (e: unknown) => e instanceof SchemaError && /never rejected/.test(e.issues[0].message));
  });
  test('one whose compile throws: INVALID_SCHEMA', () => {
    const broken: JsonSchemaValidator = { name: 'broken', compile: () => { throw new Error('no'); } };
    assert.throws(() => parse('{}', { schema: {}, validator: broken }), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_SCHEMA');
  });
  test('a validator that is not one: INVALID_ARGUMENT', () => {
    assert.throws(() => parse('{}', { schema: {}, validator: {} as never }), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT');
  });
  test('a deep value the validator cannot follow is TOO_DEEP', () => {
    const schema = { $ref: '#/$defs/n', $defs: { n: { type: 'object', properties: { a: { $ref: '#/$defs/n' } } } } };
    const deep = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    assert.throws(() => parse(deep, { schema, validator: ajvValidator(new Ajv()) }), (e: unknown) => e instanceof JsonMendError && e.code === 'TOO_DEEP');
  });
});

describe('the schema stage plugs into the parse front doors', () => {
  test("jsonmend's validators carry the stage, so a bundle that imports one finds it", () => {
    assert.equal(jsonSchemaValidator().stage, schemaStage);
    assert.equal(ajvValidator(new Ajv()).stage, schemaStage);
    assert.equal(schemaStageFor({ validator: jsonSchemaValidator() }), schemaStage);
    assert.equal(schemaStageFor({}), schemaStage); // installed when src/schema was loaded
  });

  async function bundle(code: string) {
    return build({
      stdin: { contents: code, resolveDir: new URL('../../src/', import.meta.url).pathname, loader: 'ts' },
      bundle: true, format: 'esm', platform: 'browser', write: false, metafile: true, logLevel: 'silent',
    });
  }
  async function bundled(code: string): Promise<string[]> {
    const output = Object.values((await bundle(code)).metafile.outputs)[0];
    return Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([file]) => file);
  }
  /** Runs a bundle in this process, as a module of its own (its own copy of every jsonmend module). */
  async function run(code: string): Promise<unknown> {
    const text = (await bundle(code)).outputFiles[0].text;
    const module = (await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`)) as { result: unknown };
    return module.result;
  }
  test('such a bundle given a schema says what to do (INVALID_ARGUMENT), never returns the value unvalidated', async () => {
    const result = await run(`import { parse } from './index.ts';
      let result; try { result = parse('{"a": 1}', { schema: { type: 'array' } }); } catch (e) { result = [e.code, e.message]; }
      export { result };`);
    assert.ok(Array.isArray(result) && result[0] === 'INVALID_ARGUMENT' && /validator: jsonSchemaValidator\(\)/.test(result[1]), String(result));
  });
  test('such a bundle streaming with a schema fails when the parser is made, not at end() after snapshots that showed no issues', async () => {
    // Before: every snapshot had `issues: []` (nothing could check them) and only end() threw.
    const result = await run(`import { createStreamParser, parsePartial } from './index.ts';
      let made; try { made = createStreamParser({ schema: { type: 'array' } }); } catch (e) { made = [e.code, e.message]; }
      export const result = [made, parsePartial('{"a": 1', { schema: { type: 'object' } })];`);
    const [made, partial] = result as [unknown, unknown];
    assert.ok(Array.isArray(made) && made[0] === 'INVALID_ARGUMENT' && /validator: jsonSchemaValidator\(\)/.test(made[1]), String(made));
    // parsePartial checks nothing against the schema (it types the prefix): it needs no stage.
    assert.deepEqual(partial, { a: 1 });
  });
  test('a bundle that passes the validator validates and repairs', async () => {
    const result = await run(`import { parse, jsonSchemaValidator } from './index.ts';
      export const result = parse('{"a": "1"}', { schema: { type: 'object', properties: { a: { type: 'integer' } } }, validator: jsonSchemaValidator() });`);
    assert.deepEqual(result, { a: 1 });
  });
  test('a bundle that imports only parse holds no schema code and no JSON Schema validator', async () => {
    const files = await bundled("import { parse } from './index.ts'; console.log(parse('{}'));");
    assert.ok(files.some((f) => f.includes('parse/api.ts')), files.join('\n'));
    assert.deepEqual(files.filter((f) => f.includes('schema/') || f.includes('@cfworker')), []);
  });
  test('a bundle that passes a validator holds the stage and the validator', async () => {
    const files = await bundled("import { parse, jsonSchemaValidator } from './index.ts'; console.log(parse('{}', { schema: {}, validator: jsonSchemaValidator() }));");
    assert.ok(files.some((f) => f.includes('schema/stage.ts')));
    assert.ok(files.some((f) => f.includes('@cfworker/json-schema')));
  });
});

describe('a number JSON cannot hold', () => {
  // vLLM's test_pythonic_tool_parser: `1e999` reads as Infinity (JSON.parse too), which a `number`
  // validator accepted and JSON.stringify then wrote as null.
  const schema = { type: 'object', properties: { x: { type: 'number' } } };
  test('is refused under a schema, by either validator, with the path', () => {
    for (const options of [{ schema }, { schema, validator: ajvValidator(new Ajv({ strict: false })) }]) {
      assert.throws(() => parse('{"x": 1e999}', options), (e: unknown) => e instanceof SchemaError && e.issues[0].path === '/x' && e.issues[0].expected === 'a finite number');
    }
    assert.throws(() => parse('[calc(x=-1e999)]', { schema: { type: 'number' } }), JsonMendError);
  });
  test('without a schema the value is JSON.parse\'s', () => {
    assert.equal(parse('1e999'), Infinity);
  });
});
