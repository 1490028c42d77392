// Check what a model claims about a tool's output before showing it to a user: each claim is verified against
// the payload, and the failures become feedback the model can act on. Uses examples/claims.json and
// examples/tool-output.json (the same files the CLI docs use).
// Run: npx tsx examples/verify-claims.ts
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { formatClaimFeedback, parse, verifyAll, type Claim } from 'jsonmend';

const here = new URL('.', import.meta.url);
const payload = parse(readFileSync(new URL('tool-output.json', here), 'utf8')); // tolerant: a tool's sloppy JSON works too
const claims = parse<Claim[]>(readFileSync(new URL('claims.json', here), 'utf8'));

const summary = verifyAll(claims, payload);
for (const r of summary.results) console.log(r.ok ? 'holds ' : 'FAILS ', r.reason);
console.log(formatClaimFeedback(summary));

assert.deepEqual(summary.results.map((r) => r.ok), [true, true, true, true, false]);
assert.match(formatClaimFeedback(summary), /tickets\[1\]\.status: expected "closed" but found "pending"/);
