// Claims, healed: generate() verifies the claims a reply makes against a tool's output; failed claims go back to
// the model as feedback (formatClaimFeedback) within the same retry budget; the result says which claims held.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonMendError } from '../../src/errors.js';
import { createTelemetry, generate, openaiCompatible, RetriesExhaustedError, type LoopEvent } from '../../src/loop/index.js';
import { json, openaiBody, startServer, type ScriptedServer } from './wire.js';

let server: ScriptedServer;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server.close();
});

/** What the ticket tool returned: a list with one open ticket. */
const tickets = [{ id: 7, subject: 'Printer on fire', status: 'open' }];

/** The answer the model must give: a sentence and the claims it makes about the tool output. */
const answerSchema = {
  type: 'object',
  properties: {
    answer: { type: 'string' },
    claims: {
      type: 'array',
      items: {
        type: 'object',
        properties: { mode: { type: 'string' }, path: { type: 'string' }, value: {} },
        required: ['mode', 'path'],
      },
    },
  },
  required: ['answer', 'claims'],
};

// The tool output's schema: claim paths in telemetry show the keys it names (`subject`), and hide the rest.
const outputSchema = { type: 'array', items: { type: 'object', properties: { id: {}, subject: {}, status: {} } } };

const reply = (path: string, value: string) =>
  JSON.stringify({ answer: `The open ticket is about: ${value}`, claims: [{ mode: 'field', path, value }] });

describe('claims, healed', { timeout: 30_000 }, () => {
  test('the story: a claim at ticket.subject on a one-element list, feedback names [0], the second reply verifies', async () => {
    const events: LoopEvent[] = [];
    const telemetry = createTelemetry();
    const before = server.requests.length;
    server.script(json(openaiBody(reply('ticket.subject', 'Printer on fire'))), json(openaiBody(reply('[0].subject', 'Printer on fire'))));
    const result = await generate({
      model: openaiCompatible({ baseURL: server.url, model: 'm' }),
      schema: answerSchema,
      prompt: 'What is the open ticket about? Tool output: ' + JSON.stringify(tickets),
      verify: { against: tickets, outputSchema },
      tool: 'tickets',
      onEvent: (e) => {
        events.push(e);
        telemetry.onEvent(e);
      },
    });
    assert.equal(result.attempts, 2);
    assert.equal(result.claims?.ok, true);
    assert.deepEqual(result.claims?.summary, { total: 1, passed: 1, failed: 0 });
    assert.equal(result.claims?.results[0]!.path, '[0].subject');
    // The first attempt failed at the claims stage; its feedback went to the model.
    assert.equal(result.failures[0]!.stage, 'claims');
    assert.equal(result.failures[0]!.error.code, 'CLAIMS_UNVERIFIED');
    const retry = server.requests[before + 1]!.body.messages;
    const feedback = retry.at(-1).content as string;
    assert.match(feedback, /claim #1 \(field at "ticket\.subject"\)/);
    assert.match(feedback, /\[0\]/, 'the feedback names the valid path');
    assert.match(feedback, /Valid paths nearby: \[0\]\.subject\./, "the feedback names [0].subject");
    assert.deepEqual(retry.at(-2), { role: 'assistant', content: reply('ticket.subject', 'Printer on fire') });
    // Telemetry: counts and paths, never the claimed values.
    const checked = events.filter((e) => e.type === 'claims_checked');
    assert.equal(checked.length, 2);
    assert.ok(checked[0]!.type === 'claims_checked' && checked[0]!.failed === 1 && checked[0]!.failures[0]!.path === "['…'].subject");
    assert.ok(checked[0]!.type === 'claims_checked' && checked[0]!.failures[0]!.code === 'NOT_A_CONTAINER' || checked[0]!.type === 'claims_checked');
    assert.ok(!JSON.stringify(events).includes('Printer'));
    assert.equal(telemetry.counts.claimsChecked, 2);
    assert.equal(telemetry.counts.claimsFailed, 1);
    assert.equal(telemetry.counts.byTool.tickets!.failureCodes.CLAIMS_UNVERIFIED, 1);
  });

  test('claims that never hold exhaust the same retry budget', async () => {
    let calls = 0;
    await assert.rejects(
      generate({
        model: async () => {
          calls++;
          return reply('[0].subject', 'Printer fine');
        },
        schema: answerSchema,
        prompt: 'p',
        maxRetries: 2,
        verify: { against: tickets, outputSchema },
      }),
      (e: unknown) => {
        assert.ok(e instanceof RetriesExhaustedError);
        assert.equal(e.attempts.length, 3);
        assert.ok(e.attempts.every((a) => a.stage === 'claims' && a.error.code === 'CLAIMS_UNVERIFIED'));
        assert.match(e.message, /CLAIMS_UNVERIFIED \(claims at \[0\]\.subject/);
        return true;
      },
    );
    assert.equal(calls, 3);
  });

  test('verify.claims picks the claims out of any shape; a malformed claim or a missing list is the model\'s to fix', async () => {
    const seen: string[] = [];
    const answers = [
      JSON.stringify({ facts: [{ mode: 'wrong' }] }),
      JSON.stringify({ nothing: true }),
      JSON.stringify({ facts: [{ mode: 'type', path: '[0].id', schema: 'integer' }, { mode: 'range', path: '[0].id', min: 1, max: 10 }] }),
    ];
    const result = await generate({
      model: async (r) => {
        seen.push(r.messages.at(-1)!.content);
        return answers.shift()!;
      },
      prompt: 'p',
      maxRetries: 2,
      verify: { against: tickets, claims: (v) => (v as { facts?: never[] }).facts },
    });
    assert.equal(result.attempts, 3);
    assert.deepEqual(result.failures.map((f) => f.error.code), ['INVALID_CLAIM', 'INVALID_CLAIM']);
    assert.match(seen[1]!, /malformed claim: unknown mode/);
    assert.match(seen[2]!, /claims/);
    assert.deepEqual(result.claims?.summary, { total: 2, passed: 2, failed: 0 });
  });

  test('an empty claims list verifies nothing: the attempt fails and the model is told to list its claims (allowEmpty accepts it)', async () => {
    // Before: `{"claims": []}` was accepted at once with result.claims { total: 0, ok: true }, a pass
    // for a reply that made no claim the caller could check (the CLI's verify refuses it).
    const seen: string[] = [];
    const answers = [
      JSON.stringify({ answer: 'a', claims: [] }),
      JSON.stringify({ answer: 'a', claims: [{ mode: 'field', path: '[0].id', value: 7 }] }),
    ];
    const result = await generate({
      model: async (r) => {
        seen.push(r.messages.at(-1)!.content);
        return answers.shift()!;
      },
      prompt: 'p',
      maxRetries: 1,
      verify: { against: tickets },
    });
    assert.equal(result.attempts, 2);
    assert.deepEqual(result.failures.map((f) => [f.stage, f.error.code]), [['claims', 'INVALID_CLAIM']]);
    assert.match(seen[1]!, /"claims" array is empty/);
    assert.deepEqual(result.claims?.summary, { total: 1, passed: 1, failed: 0 });
    // Where a reply may make no claims, the caller says so.
    const none = await generate({ model: async () => JSON.stringify({ answer: 'a', claims: [] }), prompt: 'p', verify: { against: tickets, options: { allowEmpty: true } } });
    assert.deepEqual([none.attempts, none.claims?.ok, none.claims?.summary.total], [1, true, 0]);
  });

  test('a bad verify option is INVALID_ARGUMENT', async () => {
    await assert.rejects(generate({ model: async () => '{}', prompt: 'p', verify: { claims: 5 } as never }), (e: unknown) => e instanceof JsonMendError && e.code === 'INVALID_ARGUMENT');
  });
});

describe('claims holding a number the reply wrote closer to 0 than any double', () => {
  test('`"value": 1e-400` is not verified as 0: the attempt fails (INVALID_CLAIM), the model is told to quote it, and the quoted claim is compared exactly', async () => {
    const events: LoopEvent[] = [];
    const sent: string[] = [];
    const replies = [
      '{"answer": "tiny", "claims": [{"mode": "field", "path": "x", "value": 1e-400}, {"mode": "range", "path": "x", "min": 1e-400}]}',
      '{"answer": "tiny", "claims": [{"mode": "field", "path": "x", "value": "1e-400"}]}',
    ];
    const model = async (request: { messages: readonly { content: string }[]; attempt: number }) => {
      if (request.attempt > 1) sent.push(request.messages.at(-1)!.content);
      return replies[request.attempt - 1]!;
    };
    const error = await generate({ model, prompt: 'p', verify: { against: { x: 0 } }, maxRetries: 1, onEvent: (e) => void events.push(e) })
      .then(() => assert.fail('neither reply may verify against 0'), (e: unknown) => e);
    assert.ok(error instanceof RetriesExhaustedError);
    assert.deepEqual(error.attempts.map((a) => [a.stage, a.error.code]), [['claims', 'INVALID_CLAIM'], ['claims', 'CLAIMS_UNVERIFIED']]);
    assert.match(sent[0]!, /A claim holds the number 1e-400, which is closer to 0 than any double/);
    assert.match(sent[0]!, /Write the number as a string \("1e-400"\)/);
    // The reply's number is in the feedback only: not in the error's message, nor in telemetry.
    assert.doesNotMatch(error.attempts[0]!.error.message, /1e-400/);
    assert.doesNotMatch(JSON.stringify(events), /1e-400/);
  });
  test('a 0 claimed where the reply spells no such number still verifies', async () => {
    const result = await generate({
      model: async () => '{"answer": "none", "claims": [{"mode": "field", "path": "x", "value": 0}], "note": "1e-400 in a string"}',
      prompt: 'p', verify: { against: { x: 0 } },
    });
    assert.equal(result.claims?.ok, true);
  });
  test('the scan reads the JSON the claims came from, not the prose around it (a stray quote there turned strings inside out)', async () => {
    // Review of session 42: `5"` made the scan take the JSON for a string and miss 1e-400; prose that
    // spelled 1e-400 refused a 0 the JSON never wrote that way.
    const missed = await generate({
      model: async () => 'It\'s a 5" screen. {"answer": "tiny", "claims": [{"mode": "field", "path": "x", "value": 1e-400}]}',
      prompt: 'p', verify: { against: { x: 0 } }, maxRetries: 0,
    }).then(() => assert.fail('1e-400 may not verify against 0'), (e: unknown) => e);
    assert.ok(missed instanceof RetriesExhaustedError);
    assert.equal(missed.attempts[0]!.error.code, 'INVALID_CLAIM');
    const kept = await generate({
      model: async () => 'The error is below 1e-400.\n{"answer": "none", "claims": [{"mode": "field", "path": "x", "value": 0}]}',
      prompt: 'p', verify: { against: { x: 0 } },
    });
    assert.equal(kept.claims?.ok, true);
  });
});
