// The semantics table of docs/stream.md, one named test per row, plus the front doors.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { z } from 'zod';
import { parse as partialJson } from 'partial-json';
import { JsonMendError } from '../../src/errors.js';
import { parse, parseWithReport } from '../../src/schema/index.js';
import { applyDeltas, createStreamParser, parsePartial, parseStream, type Snapshot } from '../../src/stream/index.js';
import { chunk, grows, stream, streamsAs } from './check.js';

/**
 * A string's first KEY_MAX (64) characters: until a string in an array is longer, or complete, a `:`
 * after it could still make it a key (`["k": 1]`), so a stream shows it only then.
 */
const W = 'w'.repeat(64);

/** Values after each 1-char push, consecutive duplicates dropped. */
function steps(text: string, options = {}): unknown[] {
  const run = stream(chunk(text, 1), options);
  const out: unknown[] = [];
  for (const s of run.snapshots) if (JSON.stringify(s.value) !== JSON.stringify(out.at(-1))) out.push(s.value);
  return out;
}

describe('semantics table', () => {
  test('numbers appear only when complete', () => {
    // The `[` shows once its first number is complete: a lone `[12]` is a citation (see the prelude row).
    assert.deepEqual(steps('[12.5e3, -7]'), [[12500], [12500, -7]]);
    assert.deepEqual(steps('[-7, 12.5e3]'), [[], [-7], [-7, 12500]]);
  });

  test('true/false/null appear only when complete', () => {
    assert.deepEqual(steps('[true,null]'), [[], [true], [true, null]]);
    assert.deepEqual(parsePartial('[tru'), []);
  });

  test('an incomplete key never appears; a key without a value neither', () => {
    // An object waits for its first key's colon, which says whether it opens an object or a set
    // (`{"a", "b"}`, read as an array).
    const text = '{"name": ';
    for (let i = 0; i <= text.length; i++) assert.deepEqual(parsePartial(text.slice(0, i)), i <= text.indexOf(":") ? undefined : {});
    assert.deepEqual(parsePartial('{"a": 1, "b'), { a: 1 });
  });

  test('strings grow; a trailing space or comma is shown once more text follows', () => {
    const p = createStreamParser();
    assert.deepEqual(p.push('{"a": "hi').value, { a: 'hi' });
    assert.deepEqual(p.push(',').value, { a: 'hi' });
    assert.deepEqual(p.push(' ').value, { a: 'hi' });
    // `, you` may still become `, you: "…"` (the string's end quote missing before the comma).
    assert.deepEqual(p.push('you').value, { a: 'hi' });
    assert.deepEqual(p.push(' all').value, { a: 'hi, you all' });
    assert.deepEqual(p.push('"').value, { a: 'hi, you all' });
    const q = createStreamParser();
    assert.deepEqual(q.push('{"a": "hi, b:').value, { a: 'hi' });
    assert.deepEqual(q.push(' "x"}').value, { a: 'hi', b: 'x' });
  });

  test("closers at a string's end are shown once more text follows (the text may end there, its quote lost)", () => {
    // langchain's partial-JSON cases: `"foo}` showed the `}`, and end() read it as the object's closer.
    const p = createStreamParser();
    assert.deepEqual(p.push('{"foo": "bar", "bar": "foo}').value, { foo: 'bar', bar: 'foo' });
    assert.deepEqual(p.end(), { foo: 'bar', bar: 'foo' });
    assert.deepEqual(parsePartial('{"a": {"b": "x}}'), { a: { b: 'x' } });
    const q = createStreamParser();
    assert.deepEqual(q.push('{"code": "f() {}').value, { code: 'f() {' });
    assert.deepEqual(q.push(' done').value, { code: 'f() {} done' });
  });

  test("closers then a closing fence or tag at a string's end wait too: parse ends the string before them (session 37)", () => {
    // Before: the snapshots showed `}}⏎```` (or `⏎}⏎</answer>`) as the string's text once the fence
    // came, and end() took it back: the last string lost its end quote, and the reply's closers and
    // fence or tag followed.
    for (const [text, want] of [
      ['**Answer:**\r\n\r\n```\r\n{"title": {"data": "ctrl}}\r\n```\r\n', { title: { data: 'ctrl' } }],
      ['Reasoning.\n<answer>\n{\n    "meta": 100,\n    "text": "url https://example.com/#f\n}\n</answer>', { meta: 100, text: 'url https://example.com/#f' }],
      ['```json\n{"a": ["x]}\n```\nDone.', { a: ['x'] }],
    ] as const) {
      assert.deepEqual(parse(text), want);
      for (const size of [1, 3, 7]) {
        const run = stream(chunk(text, size));
        assert.deepEqual(run.value, want);
        for (const s of run.snapshots) assert.ok(grows(s.value, want), `${JSON.stringify(text)} in chunks of ${size}: showed ${JSON.stringify(s.value)}`);
      }
    }
    // A string's own code block, or markup, shows as before once the text goes on or the string ends.
    const p = createStreamParser();
    p.push('{"code": "```py\\nx = {}\\n```');
    assert.deepEqual(p.push('", "n": 1').value, { code: '```py\nx = {}\n```' });
    const q = createStreamParser();
    assert.deepEqual(q.push('{"html": "<b>bold</b>').value, { html: '<b>bold</b>' });
  });

  test("a string, word or number cut off right at its tag's closer or its fence's closing line stops there, as parse reads it (session 37 review)", () => {
    // Before: the engine read on past the markup: the string's quote and `</answer>` shown as its
    // text, a cut-off literal shown as a word (`"t"`, `"nu"`), then end() gave `"x y"`, `true`, `null`.
    for (const [text, want] of [
      ['<answer>\n{"a": [1, {"b": "x y"</answer>', { a: [1, { b: 'x y' }] }],
      ['<answer>{"a": [1, {"b": "x y" </answer> Thanks.', { a: [1, { b: 'x y' }] }],
      ['<answer>{"a": [1, t</answer>', { a: [1, true] }],
      ['<answer>{"c": n\n</answer>', { c: null }],
      ['Here:\n<output>{"n": 12.5, "m": -\n</output>', { n: 12.5 }],
      ['<json>{"a": [1, {"b": "x\n</json> Thanks.', { a: [1, { b: 'x' }] }],
      ['```json\n{"c": nu\n```\n', { c: null }],
      ['Here:\n```json\n{"k": "v w \n```\nThanks.', { k: 'v w' }],
    ] as const) {
      streamsAs(text, want);
    }
    // Markup in a string that goes on is its text, shown as before.
    const p = createStreamParser();
    p.push('<answer>{"html": "<b>x</b> and ');
    assert.deepEqual(p.push('more').value, { html: '<b>x</b> and more' });
  });

  test('a fence opened at the end of a prose line is the value\'s fence, as extraction reads it (session 38)', () => {
    // Before: the prelude took backticks for a fence only at a line's start, so after `Here it is:
    // ```json` the value had no closing line: a string lost its quote and showed `⏎```⏎tail` as its
    // text, a cut-off literal showed as a word (`"fa"`), and end() gave `"x y"`, `false`.
    for (const [text, want] of [
      ['Here it is: ```json\n{"a": 1, "b": "x y\n```\ntail', { a: 1, b: 'x y' }],
      ['Here it is: ```json\n{"0": [fa\n```', { 0: [false] }],
      ['Sure. ```JSON  \n{"a": [1, t\n```\n', { a: [1, true] }],
      ['Here it is: ```json\n{"a": 1}\n``` done', { a: 1 }],
    ] as const) {
      streamsAs(text, want);
    }
    // Backticks inside a line (inline code, a one-line fence) open no fence: the value is read as before.
    for (const text of ['Use ```json``` blocks: {"a": "x y', 'Here: ```json {"a": "x y']) {
      const p = createStreamParser();
      p.push(text);
      assert.deepEqual(p.push('z').value, { a: 'x yz' });
    }
  });

  test('an answer tag or a fence whose content opens with a member is that object, as extraction reads it (session 38)', () => {
    // Before: the prelude passed the key over and took the `[` for the value: the snapshots showed
    // `[1]`, then `[1, {"b": 2}]`, then an UNREPAIRABLE error at `}<` where parse of the text so far
    // gave the object, and end() gave `{"a": [1], "b": 2}`.
    for (const [text, want] of [
      ['x <output>"a":[1],"b":2}</output> more', { a: [1], b: 2 }],
      ['<answer>\n"a": [1], "b": "x y\n</answer>', { a: [1], b: 'x y' }],
      ["<result>'a': [True], 'b': None}</result>", { a: [true], b: null }],
      ['Here it is:\n```json\n"0":[false],"id":99}\n```', { 0: [false], id: 99 }],
      ['Here: ```json\n  "a": [1], "b": "x y\n```\nok', { a: [1], b: 'x y' }],
    ] as const) {
      streamsAs(text, want);
    }
    // In another tag, or after other text in the fence, extraction reads no member there: the array, as before.
    for (const text of ['See <b>"a": [1]</b> ok', '```json\n<b>"a": [1]</b>\n```']) {
      assert.deepEqual(parse(text), [1]);
      assert.deepEqual(stream(chunk(text, 1)).value, [1]);
    }
  });

  test('parsePartial reads a closing quote as it stands, and a scalar in a closed fence (peer suites)', () => {
    // langchainjs's kitchen sink: the literal after a string element was dropped while the engine
    // waited to judge the string's quote.
    assert.deepEqual(parsePartial('{"array": ["hello", null'), { array: ['hello', null] });
    assert.deepEqual(parsePartial('["hello", false'), ['hello', false]);
    assert.deepEqual(parsePartial('["hello", nul'), ['hello']);
    // streaming-json-go: a closed string's trailing space.
    assert.deepEqual(parsePartial('{"a": "x "'), { a: 'x ' });
    // langchain's non-dict case: a fenced scalar whose fence is closed is complete.
    assert.equal(parsePartial('```json\n1\n```'), 1);
    assert.equal(parsePartial('```json\n1\n``'), undefined);
  });

  test('a string a `:` could still make a key is shown once longer than a key can be, or complete', () => {
    // In an array (`["k": 1]`), or in an object when it starts on a new line (`{"a":\n "b": 1}`: "b" is the next key).
    const p = createStreamParser({ deltas: true });
    assert.deepEqual(p.push('{"a":\n "hi').value, {});
    assert.deepEqual(p.push('"').value, {}, 'a `:` may still follow the quote');
    assert.deepEqual(p.push(': 1').value, { a: null });
    assert.deepEqual(p.end(), parse('{"a":\n "hi": 1'));
    const q = createStreamParser();
    assert.deepEqual(q.push(`{"a": ["${W}`).value, { a: [] });
    assert.deepEqual(q.push('x').value, { a: [`${W}x`] });
    // On its key's line, or holding a line break, a string is a value whatever follows: shown at once.
    assert.deepEqual(createStreamParser().push('{"a": "hi').value, { a: 'hi' });
    assert.deepEqual(createStreamParser().push('{"a":\n "hi\\nyo').value, { a: 'hi\nyo' });
    // parsePartial reads the text as it stands: nothing comes later that it must agree with.
    assert.deepEqual(parsePartial('["hi'), ['hi']);
  });

  test('a missing end quote cut back by the parser never shows the cut text', () => {
    const p = createStreamParser();
    p.push('{"a": "foo, ');
    assert.deepEqual(p.snapshot.value, { a: 'foo' });
    p.push('"b": 2}');
    assert.deepEqual(p.end(), parse('{"a": "foo, "b": 2}'));
  });

  test('escapes split across chunks never show wrong text', () => {
    const p = createStreamParser();
    assert.deepEqual(p.push(`["${W}caf\\u00`).value, [`${W}caf`]);
    assert.deepEqual(p.push('e9 \\').value, [`${W}café`]);
    // (A `"` right after a closer could still make the quote text, so the closer waits for one more character.)
    assert.deepEqual(p.push('n"]\n').value, [`${W}café \n`]);
  });

  test('partialStrings: false or a predicate keeps chosen strings until complete', () => {
    assert.deepEqual(steps('{"a": "xy", "b": "zw"}\n', { partialStrings: false }), [{}, { a: 'xy' }, { a: 'xy', b: 'zw' }]);
    const only = steps('{"a": "xyz", "b": "zwv"}', { partialStrings: (p: string) => p === '/b' });
    assert.deepEqual(only, [{}, { a: 'xyz' }, { a: 'xyz', b: 'z' }, { a: 'xyz', b: 'zw' }, { a: 'xyz', b: 'zwv' }]);
  });

  test('tuples and constructor wrappers appear once closed', () => {
    assert.deepEqual(steps('[(1, 2), ObjectId("x")]'), [[], [[1, 2]], [[1, 2], 'x']]);
  });

  test('concatenated values: the root becomes an array once a second value starts', () => {
    // The one documented exception to "never changes type" (see docs/stream.md).
    const p = createStreamParser();
    assert.deepEqual(p.push('{"a":1}\n').value, { a: 1 });
    assert.deepEqual(p.push('{"b":').value, [{ a: 1 }, {}]);
    p.push('2}');
    assert.deepEqual(p.end(), parse('{"a":1}\n{"b":2}'));
  });

  test('text before the JSON is skipped: prose, a fence line, a reasoning block (also unterminated)', () => {
    assert.deepEqual(parsePartial('Sure! Here it is:\n```json\n{"a": [1,'), { a: [1] });
    assert.deepEqual(parsePartial('<think>maybe {"x": 1} or [2]</think>\n{"a": 2,'), { a: 2 });
    assert.equal(parsePartial('<think>still thinking {"x": 1'), undefined);
    assert.equal(parsePartial('I cannot [help] with that'), undefined);
    const reply = '<think>{"draft": true}</think>Here:\n```json\n{"a": 1}\n```\nDone.';
    for (const size of [1, 3, 7]) assert.deepEqual(stream(chunk(reply, size)).value, parse(reply));
  });

  test("reasoning channels written with special tokens are skipped too: Gemma 4's thought, gpt-oss's analysis", () => {
    assert.deepEqual(parsePartial('<|channel>thought\nmaybe {"x": 1}<channel|>{"a": 2,'), { a: 2 });
    assert.equal(parsePartial('<|channel>thought\nstill {"x": 1'), undefined);
    assert.equal(parsePartial('<|channel|>analysis<|message|>draft {"x": 1'), undefined);
    const replies = [
      '<|channel>thought\n{"draft": true}<channel|>{"a": 1}',
      '<|channel|>analysis<|message|>Try {"draft": 1}<|end|><|start|>assistant<|channel|>final<|message|>{"a": 2}<|return|>',
      '<|START_THINKING|>{"draft": 1}<|END_THINKING|><|START_RESPONSE|>{"a": 3}<|END_RESPONSE|>',
      '<seed:think>{"draft": 1}</seed:think>{"a": 4}',
      '[THINK]{"draft": 1}[/THINK][{"a": 5}]',
      '◁think▷{"draft": 1}◁/think▷{"a": 7}',
      "Here's my thought process: {\"draft\": 1}\nHere's my response: {\"a\": 8}",
      'Here are my reasoning steps: {"draft": 1} [BEGIN FINAL RESPONSE] {"a": 9} [END FINAL RESPONSE]',
      '<ifm|think_faster>{"draft": 1}</ifm|think_faster>{"a": 10}',
      '<|channel|>commentary to=functions.ls <|constrain|>json<|message|>{"draft": 1}<|call|><|start|>assistant<|channel|>final<|message|>{"a": 6}',
    ];
    for (const reply of replies) {
      for (const size of [1, 3, 7]) {
        const p = createStreamParser();
        const shown = chunk(reply, size).map((c) => p.push(c).value);
        assert.ok(shown.every((v) => v === undefined || !('draft' in (v as object))), `no draft shown: ${JSON.stringify(shown)}`);
        assert.deepEqual(p.end(), parse(reply));
      }
    }
  });

  test('repairs are reported in the push where they happen, with line and column', () => {
    const p = createStreamParser();
    assert.deepEqual(p.push("{'a': 1,").repairs.map((r) => r.kind), ['single_quotes']);
    // A `}` closing the whole object waits for what follows it (`, "key":` would mean it came early).
    const later = p.push('\n // c\n}\nDone.');
    assert.deepEqual(later.repairs.map((r) => [r.kind, r.line]), [['comment', 2], ['trailing_comma', 1], ['surrounding_text', 4]]);
  });

  test('a raw line break in a string is reported once the string ends: its end quote may prove lost before it (session 37)', () => {
    // Before: control_character was reported at the line break, then the string proved to have lost
    // its end quote there, and the snapshots reported a repair parse never made.
    const kinds = (text: string, size: number) => {
      const p = createStreamParser();
      const seen: string[] = [];
      for (const c of chunk(text, size)) seen.push(...p.push(c).repairs.map((r) => `${r.kind}@${r.offset}`));
      p.end();
      seen.push(...p.snapshot.repairs.map((r) => `${r.kind}@${r.offset}`));
      return seen.sort();
    };
    const parsed = (text: string) => parseWithReport(text).repairs.map((r) => `${r.kind}@${'offset' in r ? r.offset : ''}`).sort();
    for (const text of ['{"a": "x,\n"b": 1}', '["a,\n 1]', '[\n  "url https://example.com,\n  12.5\n]', '{"code": "l1\nl2\nl3", "n": 1}', '{"code": "l1\nl2']) {
      for (const size of [1, 3, 1000]) assert.deepEqual(kinds(text, size), parsed(text), `${JSON.stringify(text)} in chunks of ${size}`);
    }
    // Reported when the string ends, not at the reply's end.
    const p = createStreamParser();
    assert.deepEqual(p.push('{"code": "l1\nl2').repairs, []);
    assert.deepEqual(p.push('", "n": 1').repairs.map((r) => r.kind), ['control_character']);
  });

  test('snapshots share structure: a closed subtree keeps its identity, earlier snapshots never change', () => {
    const p = createStreamParser();
    const s1 = p.push('{"done": {"x": [1, 2]}, "open": [');
    const copy = JSON.stringify(s1.value);
    const s2 = p.push('3, "tail"');
    assert.equal((s2.value as Record<string, unknown>).done, (s1.value as Record<string, unknown>).done);
    assert.notEqual(s2.value, s1.value);
    assert.equal(JSON.stringify(s1.value), copy);
    const s3 = p.push('   ');
    assert.equal(s3.value, s2.value, 'nothing changed: the same value');
  });

  test('__proto__ is an own key, never a prototype', () => {
    const v = parsePartial<Record<string, unknown>>('{"__proto__": {"polluted": 1}, "b": "x');
    assert.ok(Object.prototype.hasOwnProperty.call(v, '__proto__'));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  test('complete is true only once nothing can change: at end()', () => {
    const p = createStreamParser();
    assert.equal(p.push('{"a": 1}').complete, false);
    // Prose after the value may yet hold a `</think>` that makes it a draft.
    assert.equal(p.push('\nThat is all.').complete, false);
    p.end();
    assert.equal(p.snapshot.complete, true);
  });
});

describe('deltas', () => {
  test('add, append, set and complete on JSON Pointer paths', () => {
    const p = createStreamParser({ deltas: true });
    const all = [...p.push(`{"a/b": ["${W}he`).deltas ?? [], ...p.push('llo", 1]}').deltas ?? []];
    // An array's `]` in an object is read once what follows it shows it was not stray (`, 2]`).
    p.end();
    all.push(...p.snapshot.deltas ?? []);
    assert.deepEqual(all, [
      { op: 'add', path: '', value: {} },
      { op: 'add', path: '/a~1b', value: [] },
      { op: 'add', path: '/a~1b/0', value: `${W}he` },
      { op: 'append', path: '/a~1b/0', text: 'llo' },
      { op: 'complete', path: '/a~1b/0' },
      { op: 'set', path: '/a~1b/1', value: 1 },
      { op: 'complete', path: '/a~1b' },
      { op: 'complete', path: '' },
    ]);
  });

  test('applying every push’s deltas reproduces every snapshot, including the final one', () => {
    const text = '{"items": [{"id": 1, "tags": ["a", "b"]}, {"id": 2, "note": "x\\ty"}], "ok": true';
    const p = createStreamParser({ deltas: true });
    let v: unknown;
    for (const c of chunk(text, 3)) v = applyDeltas(v, p.push(c).deltas ?? []);
    p.end();
    v = applyDeltas(v, p.snapshot.deltas ?? []);
    assert.deepEqual(v, parse(text));
  });
});

/** Whether `s` holds no lone surrogate (String.prototype.isWellFormed, which the TypeScript lib here lacks). */
function wellFormed(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c & 0xfc00) === 0xd800) {
      if ((s.charCodeAt(i + 1) & 0xfc00) !== 0xdc00) return false;
      i++;
    } else if ((c & 0xfc00) === 0xdc00) return false;
  }
  return true;
}

/** Every string in `v`, keys included. */
function stringsIn(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) stringsIn(x, out);
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(k), stringsIn(x, out);
  return out;
}

// Session 24's survey of streaming reports (elizaOS, tldraw): an emoji's two halves in two chunks, the
// snapshot showed the high half alone and the next delta started with the low half alone; sent as
// UTF-8, each became U+FFFD for good.
describe('an emoji split between chunks is never shown half', () => {
  test('escaped and raw, in snapshots and deltas', () => {
    for (const [first, second] of [['{"t":"Sure \\ud83d', '\\ude00 done"}'], ['{"t":"Hi \uD83D', '\uDE00"}']]) {
      const p = createStreamParser({ deltas: true });
      const a = p.push(first);
      assert.deepEqual(a.value, { t: first.startsWith('{"t":"Sure') ? 'Sure ' : 'Hi ' });
      const b = p.push(second);
      for (const d of [...(a.deltas ?? []), ...(b.deltas ?? [])]) if (d.op === 'append') assert.ok(wellFormed(d.text), JSON.stringify(d));
      assert.ok(stringsIn(b.value).every(wellFormed));
    }
  });

  test('property: any chunking of text with astral characters gives well-formed snapshots and deltas', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.boolean(), fc.integer({ min: 1, max: 5 }), (s, escaped, size) => {
        const body = escaped ? JSON.stringify(s).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : JSON.stringify(s);
        const text = `{"a": ${body}, "b": [${body}]}`;
        const p = createStreamParser({ deltas: true });
        let v: unknown;
        for (let i = 0; i < text.length; i += size) {
          const snap = p.push(text.slice(i, i + size));
          assert.ok(stringsIn(snap.value).every(wellFormed), JSON.stringify(snap.value));
          for (const d of snap.deltas ?? []) if (d.op === 'append') assert.ok(wellFormed(d.text));
          v = applyDeltas(v, snap.deltas ?? []);
        }
        assert.deepEqual(p.end(), { a: s, b: [s] });
      }),
      { seed: 24, numRuns: 300 },
    );
  });
});

describe('a number then spaces then the closer is shown once the closer comes', () => {
  // jsonriver's and the AI SDK's cases, pushed one character at a time: `{ "e": -1 }` showed `{}`
  // until end(), as the space after the number waited for a second character past the `}`.
  test('one character at a time', () => {
    for (const [text, value] of [['{ "e": -1 }', { e: -1 }], ['{"e": 1 , "f": 2}', { e: 1, f: 2 }], ['{"a": 2 }', { a: 2 }]] as const) {
      const p = createStreamParser();
      let last: unknown;
      for (const ch of text) last = p.push(ch).value;
      assert.deepEqual(last, value, text);
    }
  });
});

describe('end() is parse()', () => {
  const cases = [
    '{"a": [1, 2', '[1, 2, 3]', '{"a": "x"} trailing prose', 'no json here', '', '   ', '{"a": @}', '[1, 2]]',
    'Here you go:\n```json\n{"a": 1}\n```', '{\\"a\\": 1}', '{"a": {"b": [true, False, None]}}', '{a: John Smith, b: 2}',
  ];
  for (const text of cases) {
    test(JSON.stringify(text), () => {
      let expected: unknown;
      let code: string | undefined;
      try {
        expected = parse(text);
      } catch (e) {
        code = (e as JsonMendError).code;
      }
      for (const size of [1, 2, 5, 1000]) {
        const run = stream(chunk(text, size));
        if (code) {
          assert.ok(run.error instanceof JsonMendError);
          assert.equal(run.error.code, code);
        } else {
          assert.deepEqual(run.value, expected);
        }
      }
    });
  }

  test('a cut-off single-quoted string that quotes a word keeps its last `"` however the text was chunked (session 37)', () => {
    // Before: the stream's end() gave {a: '"q'} when the string's start had been shown (and moved
    // aside) before the last `"` came: the pair the text opened was counted in the unshown part only,
    // so the `"` was taken for the string's mismatched closer and dropped.
    const text = `{'a': '"q"`;
    assert.deepEqual(parse(text), { a: '"q"' });
    for (const size of [1, 2, 3, 1000]) assert.deepEqual(stream(chunk(text, size)).value, { a: '"q"' }, `chunks of ${size}`);
    for (let i = 1; i < text.length; i++) assert.deepEqual(stream([text.slice(0, i), text.slice(i)]).value, { a: '"q"' }, `split at ${i}`);
    // A `"` that closes no pair of the text is still the mismatched closer.
    for (const size of [1, 3, 1000]) assert.deepEqual(stream(chunk(`{'a': 'x"`, size)).value, { a: 'x' });
  });

  test('with a schema, end() returns parse()’s schema-repaired value', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer' } } };
    const p = createStreamParser({ schema });
    p.push('{"n": "4');
    p.push('2"}');
    assert.deepEqual(p.end(), { n: 42 });
  });

  test('onRepair is called once with every repair, as parse would', () => {
    let seen: unknown;
    const p = createStreamParser({ onRepair: (r) => (seen = r) });
    for (const c of chunk("{'a': [1, 2,]", 2)) p.push(c);
    p.end();
    let expected: unknown;
    parse("{'a': [1, 2,]", { onRepair: (r) => (expected = r) });
    assert.deepEqual(seen, expected);
  });

  test('STREAM_CLOSED after end(); TOO_LARGE beyond maxLength; INVALID_ARGUMENT for a non-string', () => {
    const p = createStreamParser();
    p.push('[1]');
    p.end();
    assert.throws(() => p.push('x'), { code: 'STREAM_CLOSED' });
    assert.throws(() => p.end(), { code: 'STREAM_CLOSED' });
    const small = createStreamParser({ maxLength: 4 });
    assert.throws(() => small.push('[1, 2]'), { code: 'TOO_LARGE' });
    assert.throws(() => small.end(), { code: 'TOO_LARGE' });
    assert.throws(() => createStreamParser().push(42 as unknown as string), { code: 'INVALID_ARGUMENT' });
  });

  test('an unrepairable text stops the snapshots with an error; end() throws parse()’s error', () => {
    const p = createStreamParser();
    p.push('{"a": 1, "b": @');
    assert.equal(p.snapshot.error?.code, 'UNREPAIRABLE');
    assert.deepEqual(p.snapshot.value, { a: 1 });
    assert.throws(() => p.end(), { code: 'UNREPAIRABLE' });
  });

  test('a value that lost its closers before its answer tag closes shows no error: parse reads the tag’s content (session 37)', () => {
    // Before: UNREPAIRABLE in the snapshots from the `</answer>` on (the engine read past the value's
    // tag), while parse of the text so far, and end(), gave the value.
    for (const [text, want] of [
      ['<answer>{"a": ["x", false]</answer>', { a: ['x', false] }],
      ['Reasoning.\n<answer>\n{\n  "a": 1\n\n</answer>\nDone.', { a: 1 }],
      ['<Output id="1">[1, 2\n</OUTPUT>', [1, 2]],
    ] as const) {
      assert.deepEqual(parse(text), want);
      for (const size of [1, 3, 1000]) {
        const run = stream(chunk(text, size));
        for (const s of run.snapshots) assert.equal(s.error, undefined, `${text} in chunks of ${size}`);
        assert.deepEqual(run.value, want);
        assert.ok(grows(run.snapshots.at(-1)!.value, want));
      }
      // onRepair hears parse's repairs once, at end(): the look at the text so far reports nothing.
      const heard: unknown[] = [];
      const p = createStreamParser({ onRepair: (r) => heard.push(r) });
      for (const c of chunk(text, 1)) p.push(c);
      p.end();
      assert.equal(heard.length, 1);
    }
    // What parse cannot read keeps its error, once the text tells: another tag's closer, or a
    // member with no value yet.
    for (const text of ['<answer>{"a": 1</b>', '<answer>{"a": </answer>', '{"a": 1</answer>']) {
      for (const size of [1, 1000]) {
        const run = stream(chunk(text, size));
        assert.equal(run.snapshots.at(-1)!.error?.code, 'UNREPAIRABLE', `${text} in chunks of ${size}`);
        assert.equal((run.error as JsonMendError).code, 'UNREPAIRABLE');
      }
    }
  });
});

describe('schema', () => {
  const schema = {
    type: 'object',
    properties: { title: { type: 'string' }, count: { type: 'integer', default: 0 }, tags: { type: 'array', items: { type: 'string' } } },
  };

  test('completed subtrees are validated, once each, with full paths', () => {
    const p = createStreamParser({ schema });
    const issues = [...chunk('{"title": "x", "tags": ["a", 5], "count": 2}', 4)].flatMap((c) => p.push(c).issues ?? []);
    assert.deepEqual(issues.map((i) => i.path), ['/tags/1']);
  });

  test('defaults: true shows defaults for missing properties until the model writes them', () => {
    const p = createStreamParser({ schema, defaults: true });
    assert.deepEqual(p.push('{"title": "x"').value, { count: 0, title: 'x' });
    assert.deepEqual(p.push(', "count": 3}').value, { count: 3, title: 'x' });
  });
});

describe('parseStream', () => {
  const text = '{"a": [1, 2, {"b": "text"}]}';
  async function collect(source: AsyncIterable<Snapshot> ): Promise<Snapshot[]> {
    const out: Snapshot[] = [];
    for await (const s of source) out.push(s);
    return out;
  }

  test('from an async generator: one snapshot per chunk, then the final one', async () => {
    async function* gen(): AsyncGenerator<string> {
      for (const c of chunk(text, 5)) yield c;
    }
    const snaps = await collect(parseStream(gen()));
    assert.equal(snaps.length, chunk(text, 5).length + 1);
    assert.equal(snaps.at(-1)?.complete, true);
    assert.deepEqual(snaps.at(-1)?.value, JSON.parse(text));
  });

  test('from a ReadableStream', async () => {
    const rs = new ReadableStream<string>({
      start(c) {
        for (const part of chunk(text, 4)) c.enqueue(part);
        c.close();
      },
    });
    const snaps = await collect(parseStream(rs));
    assert.deepEqual(snaps.at(-1)?.value, JSON.parse(text));
  });

  test('rejects non-string chunks and non-sources with INVALID_ARGUMENT', async () => {
    async function* bytes(): AsyncGenerator<unknown> {
      yield new Uint8Array([1]);
    }
    await assert.rejects(collect(parseStream(bytes() as AsyncIterable<string>)), { code: 'INVALID_ARGUMENT' });
    await assert.rejects(collect(parseStream(42 as unknown as AsyncIterable<string>)), { code: 'INVALID_ARGUMENT' });
  });
});

describe('parsePartial', () => {
  test('undefined before any JSON; the value of a prefix otherwise', () => {
    assert.equal(parsePartial(''), undefined);
    assert.equal(parsePartial('Let me think'), undefined);
    assert.deepEqual(parsePartial('{"a": "fo'), { a: 'fo' });
  });

  test('agrees with partial-json on valid prefixes where the semantics agree (strings, containers)', () => {
    const text = JSON.stringify({ users: [{ name: 'Ada Lovelace', tags: ['math', 'poetry'] }, { name: 'Alan', bio: 'x, y' }] });
    let compared = 0;
    for (let i = 1; i <= text.length; i++) {
      const prefix = text.slice(0, i);
      // partial-json shows a partial number, literal or key; jsonmend waits. Compare where neither is cut,
      // nor an object before its first key's colon (which says whether it is a set; see below).
      const last = prefix.at(-1) as string;
      if (!/["\]}\[{]/.test(last) || /\{("[^"]*"?)?$/.test(prefix)) continue;
      const ours = parsePartial(prefix);
      const theirs = partialJson(prefix);
      if (JSON.stringify(ours) === JSON.stringify(theirs)) compared++;
    }
    assert.ok(compared > 12, `only ${compared} prefixes agreed`);
  });

  test('a string that ends the text while an earlier token is undecided is not shown whole before its quote is judged (fuzz: partial.prefixes-grow)', () => {
    // `[{"": []}` waits on what follows `]}`; read whole there, the string showed its space, which
    // the next prefix held back (`" "` then `""`).
    const text = JSON.stringify([{ '': [] }, ' ', 0]);
    let previous: unknown;
    for (let i = 0; i <= text.length; i++) {
      const now = parsePartial(text.slice(0, i));
      const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);
      for (const [k, s] of strings(previous).entries()) assert.ok(String(strings(now)[k]).startsWith(s), `prefix ${JSON.stringify(text.slice(0, i))}: ${JSON.stringify(now)} after ${JSON.stringify(previous)}`);
      previous = now;
    }
    // A string that ends in no space is shown as written (review).
    assert.deepEqual(parsePartial('[[1], "a", "b"'), [[1], 'a', 'b']);
  });

  test("a doubled quote before the text's last closers: the string keeps its quote, as parse reads it", () => {
    // Before: { a: 'h"that' }: read up to the quote the engine had yet to judge, the last one was lost.
    for (const text of ['{"a": "h"that""}', '["a""]', '["The TV is 72""]', '{"a": ["x""]}\n']) assert.deepEqual(parsePartial(text), parse(text), text);
    // With no closer after it, the next character decides (`["a"""]` is two strings): held back.
    assert.deepEqual(parsePartial('["a""'), ['a']);
    assert.deepEqual(parsePartial('["a"""]'), ['a', '']);
  });

  test('with a schema: every prefix reads as without one (the schema types it, fills defaults, never refuses a prefix)', () => {
    // A prefix lacks what is still to come: read as a whole reply, a required member not yet written was
    // SCHEMA_MISMATCH and a number at the end REPAIR_REFUSED (cut off), for Zod and JSON Schema alike.
    const Zod = z.object({ a: z.number(), c: z.number() });
    const json = { type: 'object', properties: { a: { type: 'number' }, c: { type: 'number' }, b: { type: 'number', default: 7 } }, required: ['a'] };
    const text = 'Sure! {"c": 3, "a": 1, "d": [true, "x"]}';
    for (let i = 0; i <= text.length; i++) {
      const prefix = text.slice(0, i);
      const plain = parsePartial(prefix);
      assert.deepEqual(parsePartial(prefix, { schema: Zod }), plain, prefix);
      assert.deepEqual(parsePartial(prefix, { schema: json }), plain, prefix);
      const defaults = parsePartial(prefix, { schema: json, defaults: true });
      assert.deepEqual(defaults, plain === undefined ? undefined : { b: 7, ...(plain as object) }, prefix);
    }
    assert.deepEqual(parsePartial('{"a": 1, "c": 2', { schema: Zod }), { a: 1, c: 2 });
    assert.deepEqual(parsePartial('[1, 2', { schema: Zod }), [1, 2]);
  });
});

describe("a string that lost its closing quote before its array's ]", () => {
  // `["x, 1], "b": …`: the engine ends the string before the `]` once the object's next key shows; a
  // snapshot that showed `x, 1]` took the `]` back (the fuzz property stream.snapshots, session 31).
  test('the ] before a comma is never shown as its text', () => {
    const text = '{"a":[-2.4052122220899044e+102,true," ,1.47586171572392e+298,-1.593771234777529e-134,false,-3.852016009286886e+143],"(       ":true}';
    const p = createStreamParser({ deltas: true });
    const shown: string[] = [];
    for (const ch of text) {
      const a = (p.push(ch).value as { a?: unknown[] } | undefined)?.a;
      if (Array.isArray(a) && typeof a[2] === 'string') shown.push(a[2]);
    }
    assert.ok(shown.length > 1);
    for (let i = 1; i < shown.length; i++) assert.ok(shown[i].startsWith(shown[i - 1]), `${JSON.stringify(shown[i - 1])} then ${JSON.stringify(shown[i])}`);
    assert.deepEqual((p.end() as { a: unknown[] }).a[2], ' ,1.47586171572392e+298,-1.593771234777529e-134,false,-3.852016009286886e+143');
  });
});

describe('the value starts where extraction would take it (session 36)', () => {
  // Every snapshot, in 1- and 3-character chunks, shows no error and grows into what end() gives,
  // which is parse's value.
  const startsRight = (text: string, want: unknown) => {
    assert.deepEqual(parse(text), want, text);
    for (const size of [1, 3]) {
      const p = createStreamParser();
      const shown: Snapshot[] = [];
      for (const c of chunk(text, size)) shown.push(p.push(c));
      const end = p.end();
      assert.deepEqual(end, want, `${text} in ${size}-character chunks`);
      for (const s of shown) {
        assert.equal(s.error, undefined, `${text} in ${size}-character chunks: ${s.error?.message}`);
        assert.ok(grows(s.value, end), `${text} in ${size}-character chunks: showed ${JSON.stringify(s.value)}, end() gave ${JSON.stringify(end)}`);
      }
    }
  };

  test('braces that extraction reads as prose are passed over, the answer after them shown', () => {
    // Before: an UNREPAIRABLE error until end(); `{"x | x >": 0}`, a member the model never wrote.
    startsRight('Use {{var}} then {"a":1}', { a: 1 });
    startsRight('{x | x > 0} then {"a":1}', { a: 1 });
    startsRight('Step {1}: fill in {name}. Result: {"k": "v"}', { k: 'v' });
    startsRight('{x | x > 0}\n```json\n{"a": 1}\n```', { a: 1 });
  });

  test('a value in an HTML comment is passed over', () => {
    // Before: {"draft": 1} shown, then end() gave {"a": 1}.
    startsRight('<!-- {"draft": 1} -->\n{"a": 1}', { a: 1 });
    startsRight('<!--\n```json\n{"draft": 1}\n```\n-->\n```json\n{"a": 1}\n```', { a: 1 });
    startsRight('<!-- {"a": 1} -->', { a: 1 });
    startsRight('Write `<!--` then {"a": 1}', { a: 1 });
  });

  test('a comment or reasoning opener mid-line with no closer is read as extraction reads it (review S2)', () => {
    // Before: parsePartial of the whole text gave undefined (the prelude skipped the rest as a block),
    // where parse reads the opener as a mention and gives the value.
    for (const text of ['Use <!-- for notes. {"a": 1}', 'The model emits <think> tags before answering.\n{"a": 1}']) {
      assert.deepEqual(parse(text), { a: 1 });
      assert.deepEqual(parsePartial(text), { a: 1 }, text);
      for (const size of [1, 3]) assert.deepEqual(stream(chunk(text, size)).value, { a: 1 }, `${text} in chunks of ${size}`);
    }
    // A closer after it makes it a block, in the stream as in extraction.
    assert.deepEqual(parsePartial('Note <!-- draft {"a": 0} -->\n{"a": 1}'), { a: 1 });
    // A block that opens a line is skipped as before, waiting for its closer.
    assert.equal(parsePartial('<think>draft {"a": 0}'), undefined);
  });

  test('what extraction takes is shown as before', () => {
    startsRight('{"a": [1, 2]}', { a: [1, 2] });
    startsRight('{\n  "a": 1\n}', { a: 1 });
    startsRight('Here: {a: 1, b: [2]}', { a: 1, b: [2] });
    startsRight('callback({"a": 1});', { a: 1 });
    startsRight('<answer>{"a": 1}</answer>', { a: 1 });
    // Braces whose content holds a value extraction takes: the whole reading (withWholeText).
    startsRight('{see {"a": 1} here}', { see: { a: 1 }, here: null });
    startsRight('{name}', { name: null });
  });

  test('an array whose first element is a literal starts after prose, reasoning or an answer tag (session 37)', () => {
    // Before: the prelude passed over `[true` (a `[` then a letter), and showed the first `{` or `[`
    // inside the array as the root: `[1]` for `[None, [1]]`, `{}` for `[false, {}]`, elements at
    // paths the final value holds other values at.
    startsRight('<answer>\n[None, [1]]\n</answer>', [null, [1]]);
    startsRight('Sure! Here is the result:\n\n[false, {"a": 1}]\n\nDone.', [false, { a: 1 }]);
    startsRight('<think>\nhmm\n</think>\n[\n  null,\n  {"a": [2]}\n]', [null, { a: [2] }]);
    startsRight('Result: [true,"x",{"t":1}]', [true, 'x', { t: 1 }]);
    startsRight('Result: [NaN, [1]]', [null, [1]]);
    // A word that only starts like a literal is prose, as in extraction.
    startsRight('The [nullable] flag: {"a": 1}', { a: 1 });
    startsRight('See [Truey] and {"a": [1]}', { a: [1] });
    // A literal then words is prose's (a link's text): parse reads the value after it.
    startsRight('See [None of these](http://x) then {"a": 1}', { a: 1 });
    startsRight('Options: [null or empty]. Result: {"a": [1]}', { a: [1] });
    startsRight('Result: [None]', [null]);
  });

  test('a long reply of braced prose stays linear', () => {
    const text = `${'Fill {x} and {{y}} in. '.repeat(4000)}{"a": 1}`;
    const p = createStreamParser();
    const t0 = performance.now();
    for (const c of chunk(text, 1)) p.push(c);
    assert.deepEqual(p.end(), { a: 1 });
    assert.ok(performance.now() - t0 < 5000, 'too slow');
  });
});
