// Stream a reply into UI state: each chunk gives an immutable snapshot whose unchanged subtrees keep their
// identity (so React.memo / === checks skip them), typed as a deep-partial of the schema's output.
// Run: npx tsx examples/stream-ui-state.ts
import assert from 'node:assert/strict';
import { z } from 'zod';
import { createStreamParser, type DeepPartial } from 'jsonmend';

const Recipe = z.object({ name: z.string(), steps: z.array(z.object({ text: z.string(), minutes: z.number() })) });
type Recipe = z.infer<typeof Recipe>;

// What a model streams, cut into the pieces a server might send.
const reply = "Sure! ```json\n{\"name\": \"Pancakes\", \"steps\": [{\"text\": \"Mix\", \"minutes\": 5}, {'text': 'Fry', 'minutes': 10},]}\n```";
const chunks = reply.match(/[\s\S]{1,7}/g) ?? [];

const parser = createStreamParser({ schema: Recipe });
const frames: (DeepPartial<Recipe> | undefined)[] = [];
let state: DeepPartial<Recipe> | undefined; // what a component would render
for (const chunk of chunks) {
  const next = parser.push(chunk).value;
  if (next !== state) frames.push(next); // a new identity means something changed: re-render
  state = next;
}
const final: Recipe = parser.end();

for (const frame of frames) console.log(JSON.stringify(frame));
assert.deepEqual(final, { name: 'Pancakes', steps: [{ text: 'Mix', minutes: 5 }, { text: 'Fry', minutes: 10 }] });
// The first step, once complete, is the same object in every later frame: nothing below it re-renders.
const firstStepFrames = frames.filter((f) => f?.steps?.[0]?.minutes === 5).map((f) => f?.steps?.[0]);
assert.ok(firstStepFrames.length > 1 && firstStepFrames.every((s) => s === firstStepFrames[0]));
// The name only ever grows.
const names = frames.map((f) => f?.name ?? '');
assert.ok(names.every((n, i) => i === 0 || n.startsWith(names[i - 1]!)));
