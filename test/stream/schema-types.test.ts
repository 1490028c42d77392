// createStreamParser, parseStream and parsePartial are typed from a Standard Schema as parse is: snapshots hold a
// deep-partial of the output type, end() the output type. The assignments below are checked by `npm run typecheck`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { createStreamParser, parsePartial, parseStream, type DeepPartial, type ParseOptions, type TextRepair } from '../../src/index.js';

const Ticket = z.object({ id: z.string(), tags: z.array(z.object({ name: z.string(), weight: z.number() })), done: z.boolean() });
type Ticket = z.infer<typeof Ticket>;

type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(value: T): T => value;

describe('streaming types follow the schema', () => {
  test('createStreamParser({ schema }): snapshots DeepPartial<Output>, end() Output', () => {
    const p = createStreamParser({ schema: Ticket });
    const snap = p.push('{"id": "T-1", "tags": [{"name": "a"');
    assertType<Equal<typeof snap.value, DeepPartial<Ticket> | undefined>>(true);
    const name: string | undefined = snap.value?.tags?.[0]?.name;
    assert.equal(name, 'a');
    p.push(', "weight": 1}], "done": false}');
    const done: Ticket = p.end();
    assertType<Equal<ReturnType<typeof p.end>, Ticket>>(true);
    assert.deepEqual(done, { id: 'T-1', tags: [{ name: 'a', weight: 1 }], done: false });
  });

  test('parsePartial({ schema }) and parseStream({ schema }) are typed the same way', async () => {
    const partial = parsePartial('{"id": "T-', { schema: Ticket });
    assertType<Equal<typeof partial, DeepPartial<Ticket> | undefined>>(true);
    assert.equal(partial?.id, 'T-');
    async function* chunks() {
      yield '{"id": "x", "tags": [], ';
      yield '"done": true}';
    }
    let last: DeepPartial<Ticket> | undefined;
    for await (const s of parseStream(chunks(), { schema: Ticket })) last = s.value;
    assert.equal(last?.done, true);
  });

  test('options typed as ParseOptions (what `repair` takes) are taken as they are, alone or with more', async () => {
    const seen: string[] = [];
    const options: ParseOptions = { onRepair: (repairs: readonly TextRepair[]) => seen.push(...repairs.map((r) => `${r.kind}@${r.offset}`)) };
    const p = createStreamParser({ ...options, partialStrings: false });
    p.push('[1,');
    assert.deepEqual(p.end(), [1]);
    assert.deepEqual(parsePartial('{"a": [1', options), { a: [1] });
    async function* chunks() {
      yield '[2,';
    }
    let last: unknown;
    for await (const s of parseStream(chunks(), options)) last = s.value;
    assert.deepEqual(last, [2]);
    assert.deepEqual(seen, ['truncated@3', 'truncated@8', 'truncated@3']);
  });

  test('without a schema: unknown, or the type argument given', () => {
    const p = createStreamParser();
    assertType<Equal<ReturnType<typeof p.end>, unknown>>(true);
    const q = createStreamParser<{ a: number[] }>();
    assertType<Equal<typeof q.snapshot.value, { a?: number[] } | undefined>>(true);
    assertType<Equal<DeepPartial<unknown>, unknown>>(true);
    assertType<Equal<DeepPartial<readonly string[]>, readonly string[]>>(true);
  });
});
