// Feedback says "integer" for an integer field whichever schema library declared it (Zod reports "int").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { parse, SchemaError, formatFeedback } from '../../src/index.js';

test('a Zod int field: the issue and the feedback say "integer"', () => {
  const schema = z.object({ days: z.number().int(), count: z.int() });
  try {
    parse('{"days": 1.5, "count": 2.5}', { schema });
    assert.fail('expected a SchemaError');
  } catch (error) {
    assert.ok(error instanceof SchemaError);
    assert.deepEqual(error.issues.map((i) => i.expected), ['integer', 'integer']);
    assert.match(formatFeedback(error), /\/days: expected integer, got 1\.5/);
    assert.doesNotMatch(formatFeedback(error), /expected int\b/);
  }
});
