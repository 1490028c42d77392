// Parse a model's reply into a typed value with a Zod schema: syntax repairs (fence, single quotes, trailing
// comma, Python True) and schema repairs ("2" → 2, "High" → "high", a string → a one-element array), each reported.
// Run: npx tsx examples/parse-with-zod.ts
import assert from 'node:assert/strict';
import { z } from 'zod';
import { parseWithReport, SchemaError, formatFeedback } from 'jsonmend';

const Task = z.object({
  title: z.string(),
  priority: z.enum(['low', 'medium', 'high']),
  estimateDays: z.number().int(),
  labels: z.array(z.string()),
  done: z.boolean(),
});

const reply = `Here is the task you asked for:
\`\`\`json
{'title': 'Write the changelog', "priority": "High", "estimateDays": "2", "labels": "docs", "done": False,}
\`\`\``;

const { value, repairs } = parseWithReport(reply, { schema: Task });
const task: z.infer<typeof Task> = value; // typed from the schema
console.log(task);
console.log(repairs.map((r) => r.kind).join(', '));
assert.deepEqual(task, { title: 'Write the changelog', priority: 'high', estimateDays: 2, labels: ['docs'], done: false });

// A value that cannot be made to fit is an error with feedback a model can act on, never a guess.
try {
  parseWithReport('{"title": "x", "priority": "urgent", "estimateDays": 1.5, "labels": [], "done": false}', { schema: Task });
  assert.fail('expected a SchemaError');
} catch (error) {
  assert.ok(error instanceof SchemaError);
  console.log(formatFeedback(error));
}
