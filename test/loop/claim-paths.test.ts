// Claim paths in telemetry: a path names places in the tool output, but a JSONPath filter in it holds values
// the model wrote (`[?@.email=='alice@example.com']`), a key may be data (`$['alice@example.com']`), and a path
// that is no path is the model's prose. None
// may reach events, counters or RetriesExhaustedError's message; the model's feedback still quotes them.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTelemetry, generate, RetriesExhaustedError, type LoopEvent } from '../../src/loop/index.js';

const SECRET = 'alice@example.com';
const users = [{ email: SECRET, plan: 'pro' }];
const schema = {
  type: 'object',
  properties: { answer: { type: 'string' }, claims: { type: 'array' } },
  required: ['answer', 'claims'],
};

// The tool output's schema names its fields: those keys are the developer's words, shown in claim paths.
const outputSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: { users: {}, email: {}, plan: {}, tier: {}, items: {}, accounts: { additionalProperties: { properties: { balance: {} } } }, created_at: {}, 'user-id': {} },
  },
};

async function failingClaim(path: string, named = true): Promise<{ events: LoopEvent[]; error: RetriesExhaustedError; feedback: string }> {
  const events: LoopEvent[] = [];
  const sent: string[] = [];
  const reply = JSON.stringify({ answer: 'free', claims: [{ mode: 'field', path, value: 'free' }] });
  const model = async (request: { messages: readonly { content: string }[]; attempt: number }) => {
    if (request.attempt > 1) sent.push(request.messages.at(-1)!.content);
    return reply;
  };
  const error = await generate({ model, schema, prompt: 'Which plan?', verify: { against: users, ...(named ? { outputSchema } : {}) }, maxRetries: 1, onEvent: (e) => void events.push(e) }).then(
    () => assert.fail('the claim should fail'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof RetriesExhaustedError);
  return { events, error, feedback: sent[0]! };
}


/** Asserts the claims_checked failure and the attempt_failed event both show the claim's path as `shown`. */
function assertEventPaths(events: readonly LoopEvent[], shown: string): void {
  const checked = events.find((e) => e.type === 'claims_checked');
  assert.ok(checked?.type === 'claims_checked');
  assert.equal(checked.failures[0]!.path, shown);
  const failed = events.find((e) => e.type === 'attempt_failed');
  assert.ok(failed?.type === 'attempt_failed');
  assert.equal(failed.path, shown);
}

describe('claim paths in telemetry', { timeout: 20_000 }, () => {
  for (const [name, path, shown] of [
    ['a JSONPath filter', `$[?@.email=='${SECRET}'].plan`, '$[?…].plan'],
    ['a filter with brackets and quotes inside', `$[?@.email=="${SECRET}" && @.tags[0]=='a]b'].plan`, '$[?…].plan'],
    ['a filter after another selector', `$.users[0,?@.email=='${SECRET}'].plan`, '$.users[?…].plan'],
    ['a filter after a wildcard, spaced', `$.users[* , ?@.ssn=='${SECRET}']`, '$.users[?…]'],
    ['a path that neither grammar reads', `users[email=${SECRET}].plan`, '…'],
    // Keys are the model's text too: one that does not read as a field name is hidden, as a filter is.
    ['a bracketed key', `$['${SECRET}'].plan`, "$['…'].plan"],
    ['a double-quoted key among other selectors', `$["${SECRET}",'plan']`, "$['…','plan']"],
    // `com` reads as a field name, but no schema names it: hidden too.
    ['a dotted key in get syntax', `users.${SECRET}.plan`, "users['…']['…'].plan"],
    ['a key in a JSON Pointer', `/${SECRET}/plan`, '/…/plan'],
    ['a key after descendants', `$..['${SECRET}']`, "$..['…']"],
  ] as const) {
    test(`${name}: the events and the error's message show ${shown}; the feedback quotes the path`, async () => {
      const { events, error, feedback } = await failingClaim(path);
      const text = JSON.stringify(events);
      assert.doesNotMatch(text, /alice/, text);
      assert.doesNotMatch(error.message, /alice/, error.message);
      assert.doesNotMatch(String(error.path), /alice/);
      assertEventPaths(events, shown);
      assert.ok(feedback.includes(SECRET), 'the model is told what it wrote');
      assert.equal(error.attempts[0]!.error.path, path, 'failures[].error keeps the real path');
    });
  }

  for (const [path, shown] of [
    ['$[5551234].plan', '$[…].plan'],
    ['accounts.5551234567.balance', "accounts['…'].balance"],
    ["$['sk_live_0123456789abcdefghijklmnopqrstuv']", "$['…']"],
    ['$.prénom', "$['…']"],
  ] as const) {
    test(`a number longer than 4 digits, a long token or a non-ASCII key is hidden: ${path}`, async () => {
      const { events, error } = await failingClaim(path);
      const checked = events.find((e) => e.type === 'claims_checked');
      assert.ok(checked?.type === 'claims_checked');
      assert.equal(checked.failures[0]!.path, shown);
      assert.equal(error.path, shown);
    });
  }

  for (const path of ['[0].tier', 'users[*].plan', "$[0]['plan']", '$..email', '$.items[-1:]', '/0/plan', "$['created_at','user-id']"]) {
    test(`a path of the schema's field names and short indices is shown as written: ${path}`, async () => {
      const { events } = await failingClaim(path);
      const checked = events.find((e) => e.type === 'claims_checked');
      assert.ok(checked?.type === 'claims_checked');
      assert.equal(checked.failures[0]!.path, path);
    });
  }
});

describe('claim-path keys in telemetry are the schema\'s words only', { timeout: 20_000 }, () => {
  for (const [path, shown] of [
    ['users[*].plan', "['…'][*]['…']"],
    ['[0].tier', "[0]['…']"],
    ["$[0]['plan']", "$[0]['…']"],
    ['$..email', "$..['…']"],
    ['/0/plan', '/0/…'],
    ["$['created_at','user-id']", "$['…','…']"],
    ['$.items[-1:]', "$['…'][-1:]"],
    // The reply's schema names `answer`: a developer's word, shown.
    ['answer[0]', 'answer[0]'],
  ] as const) {
    test(`with no schema naming them, field-name-like keys are hidden, the structure kept: ${path} → ${shown}`, async () => {
      const { events, error } = await failingClaim(path, false);
      assertEventPaths(events, shown);
      assert.equal(error.path, shown);
    });
  }
  // Keys that read as field names and are secrets: an API key, an access key id, a hex token, a user name.
  for (const secret of ['sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'AKIAIOSFODNN7EXAMPLE', 'd41d8cd98f00b204e9800998ecf8427e', 'alice_smith']) {
    const payload = { [secret]: { plan: 'pro' } };
    for (const path of [`${secret}.plan`, `$.${secret}.plan`, `$['${secret}']`, `/${secret}/plan`, `["${secret}"].plan`, `$..${secret}`]) {
      test(`${path}: the key appears in no event, counter or error message`, async () => {
        const events: LoopEvent[] = [];
        const telemetry = createTelemetry();
        const reply = JSON.stringify({ answer: 'free', claims: [{ mode: 'field', path, value: 'free' }] });
        const error = await generate({
          model: async () => reply, schema, prompt: 'Which plan?', verify: { against: payload }, maxRetries: 1,
          onEvent: (e) => { events.push(e); telemetry.onEvent(e); },
        }).then(() => assert.fail('the claim should fail'), (e: unknown) => e);
        assert.ok(error instanceof RetriesExhaustedError);
        for (const text of [JSON.stringify(events), JSON.stringify(telemetry), error.message, String(error.path)]) {
          assert.ok(!text.includes(secret), text);
        }
        assert.equal(error.attempts[0]!.error.path, path, 'failures[].error keeps the real path');
      });
    }
  }
});

describe('verify.outputSchema', () => {
  test('must be a JSON Schema (an object or a boolean): anything else is INVALID_ARGUMENT before any call', async () => {
    let calls = 0;
    for (const outputSchema of [null, 'users', [{}], 5]) {
      const error = await generate({
        model: async () => (calls++, '{}'), schema, prompt: 'p',
        verify: { against: users, outputSchema: outputSchema as never },
      }).then(() => assert.fail('should throw'), (e: unknown) => e);
      assert.ok(error instanceof Error && (error as { code?: string }).code === 'INVALID_ARGUMENT', String(error));
      assert.match((error as Error).message, /verify\.outputSchema must be a JSON Schema/);
    }
    assert.equal(calls, 0);
  });
});
