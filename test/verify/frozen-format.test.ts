// Its own file: freezing @cfworker/json-schema's format registry lasts for the process.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { format } from '@cfworker/json-schema';
import { thrownCode } from '../helpers.js';
import { verify } from '../../src/index.js';

test('a frozen format registry: a schema with a pattern is INVALID_SCHEMA (not the claim\'s fault), others validate', () => {
  Object.freeze(format);
  assert.equal(thrownCode(() => verify({ mode: 'type', schema: { type: 'string', pattern: '^a' } }, 'abc')), 'INVALID_SCHEMA');
  assert.equal(verify({ mode: 'type', schema: { type: 'string', minLength: 2 } }, 'abc').ok, true);
  assert.equal(verify({ mode: 'type', schema: { type: 'string', format: 'date' } }, '2024-01-02').ok, true);
});
