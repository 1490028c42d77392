// Failures `npm run fuzz` found in parse and repair, each pinned with the input it printed (and its kin).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createStreamParser, parse, parseWithReport, repair } from '../../src/index.js';

/** repair(x) is valid JSON whose value is parse(x); the stream, one character at a time, agrees. */
function agrees(text: string, expected: unknown): void {
  assert.deepEqual(parse(text), expected);
  assert.deepEqual(parseWithReport(text).value, expected, 'parseWithReport');
  assert.deepEqual(JSON.parse(repair(text)), expected, `repair gave ${JSON.stringify(repair(text))}`);
  const p = createStreamParser();
  for (const c of text) p.push(c);
  assert.deepEqual(p.end(), expected);
}

describe('repair.valid: a string cut off before the closers, ending in a line continuation', () => {
  // The cut before the closers counted the continued line break as a character of the string, so
  // parse dropped one character more (the quote) than repair's splices did.
  test('`{"a": " "\\⏎}`: the quote is text, the backslash and line break go', () => agrees('{"a": " "\\\n}', { a: ' "' }));
  test('`"abc\\⏎}`: nothing before the backslash is lost', () => agrees('{"a": "abc\\\n}', { a: 'abc' }));
  test('with spaces before the closer, and CR LF', () => {
    agrees('{"a": "abc\\\n  }', { a: 'abc' });
    agrees('["abc\\\r\n]', ['abc']);
  });
  test('a CR LF after the backslash is one line break, both characters continued (json5-tests new-lines/escaped-crlf)', () => {
    agrees('{"a": "x \\\r\ny"}', { a: 'x y' });
    agrees("{a: 'line 1 \\\r\nline 2'}", { a: 'line 1 line 2' });
  });
});

describe('repair.valid: a string that ran into the next element after a line continuation', () => {
  // `["a \⏎  "-"]`: the missing-end-quote split took the continued line break for a real one and cut
  // there, dropping one character of the string more than repair's splices did.
  test('the continued line is not a break: the quote is text', () => agrees('[\n  "      \\\n  "-"\n]', ['        "-']));
  test('a real line break after it still splits', () => agrees('["ab \\\n\n  "c"]', ['ab ', 'c']));
});

describe('repair.valid: swapped closers with a non-JSON space between them', () => {
  // `} ]` read as `] }`: the look past the first closer skipped an NBSP, which stayed in repair's text.
  test('the NBSP goes from the repaired text', () => agrees('{\n  "": n"b": [ull\n}\u00a0]', { '': 'n', b: ['ull'] }));
});

describe('repair.valid: concatenated values whose first was inserted', () => {
  // `,[]` in a fence: `null` for the missing first value, then `[` wrapping both went after it.
  test('the wrapping `[` goes before the inserted first value', () => agrees('```\n/**/,[]', [null, []]));
});

describe('repair.valid: an escaped document holding 1e999', () => {
  // The value of `1e999` is Infinity, as JSON.parse reads it; repair wrote the escaped document's value as null.
  test('written back as 1e999', () => agrees('[\\"]"b": [1e999', [{ ']"b': [Infinity] }]));
});

test('a closing quote on its own line after a backslash-CR-LF continuation cuts only the raw line break (repair.valid, found by npm run fuzz)', () => {
  for (const text of ['{"k    \\\r\n" A": false}', '{\n  "   ": " \\\\",\n  "": 4.2e171,\n  "    \\\r\n" A": false\n}']) {
    assert.deepEqual(JSON.parse(repair(text)), parse(text), JSON.stringify(text));
  }
  assert.deepEqual(Object.keys(parse('{"k    \\\r\n" A": false}') as object), ['k    ']);
});

describe('identity.wrapped: a first key that starts like a stray opener', () => {
  // `{"{'A": …` looked like a stray `{"` before a single-quoted first key (`'A":[],"":["'` and a
  // colon), so valid JSON followed by prose lost its first key's brace and quote and read garbage.
  const json = `{"{'A":[],"":["':"]}`;
  test('valid JSON with prose after it parses to itself', () => {
    assert.deepEqual(parse(`${json}\n\nLet me know!`), JSON.parse(json));
    agrees(json, JSON.parse(json));
  });
  test('a double-quoted key of the same shape', () => agrees('{"{\\"A": 1, "b": 2}', { '{"A': 1, b: 2 }));
  test('the stray opener it was made for is still removed', () => {
    agrees('{"{"summary": "x"}', { summary: 'x' });
    agrees(`{"{'a': 1}`, { a: 1 });
  });
});

describe('repair.valid: a string joined by `+` to a part the text ends in', () => {
  // `{"a": "hello"+```: the joined part is a code block the text ends in. The look back for a closing
  // fence started at the first part's opening quote, so it took the part's own opening fence for a
  // closing one and cut the string's last three characters: parse gave "he", repair "hello".
  test('the reply the fuzz harness printed', () => agrees('{NaN"false”+```', { NaN: 'false' }));
  test('kin: the same after a plain quote, in an array, and with closers or a quote on its own line', () => {
    agrees('{"a": "hello"+```', { a: 'hello' });
    agrees('["false"+```', ['false']);
    agrees('{"a": "hello" + "```', { a: 'hello' });
    agrees('{"a": "hello" + "wor}', { a: 'hellowor' });
    agrees('{"a": "hello" + "x\n  "}', { a: 'hellox' });
  });
});

describe('repair.valid: a curly-quoted value that is the next key, cut off after its colon', () => {
  // `{"a": ⏎“b”:` (session 12's run, seed 575639498): null went in for `a`, and the member `“b”:` was
  // dropped as cut off, but not the `"` that replaced its curly quote: repair gave `{"a": ⏎null"}`.
  test('the dropped member takes its quotes with it', () => {
    agrees('{"a": \n“b”:', { a: null });
    agrees('""{"a": \r\n“”:', { a: null });
  });
  test('a member that goes on keeps them', () => agrees('{"a": \n“b”: 1}', { a: null, b: 1 }));
});

describe('parse.equals-report and repair.valid: a whole literal at the end of a reasoning candidate is not cut off', () => {
  // Session 16's run (seeds 810746360, 810746361), before landing: the near-JSON lane said that any
  // literal ending the text was cut off, `None` as much as `Non`, so parse (which uses the lane)
  // skipped the reasoning block's `None` as an abandoned draft, while parseWithReport read it.
  test('the replies the fuzz harness printed', () => {
    agrees('<think>{}```\nNone```\n', null);
    agrees('<think>""<answer>False</answer>', false);
  });
  test('a literal that is cut off still is', () => {
    assert.equal(parseWithReport('[Non').repairs.some((r) => r.kind === 'truncated_literal'), true);
    assert.throws(() => parse('<think>{"a": Tru'), { code: 'NO_JSON' });
  });
  test('and so is a string the text ends in, with nothing open around it (the next run, seeds 814482022-3)', () => {
    for (const text of ['<think>```json\n"```\n', "```\n'```\nnull</think>"]) {
      assert.throws(() => parse(text), { code: 'NO_JSON' });
      assert.throws(() => parseWithReport(text), { code: 'NO_JSON' });
      assert.throws(() => repair(text), { code: 'NO_JSON' });
    }
  });
});

describe('repair.valid: non-JSON space before a member that follows the end of the value', () => {
  // Session 16's run (seed 811318276; on the base too): `0x1F,⏎"b": [` with an NBSP after the comma.
  // The members after the first value open an object there, which jumped over the NBSP without
  // removing it: repair wrote `[31, {"b": []}]` with the NBSP before `{`, which JSON.parse rejects.
  test('the reply the fuzz harness printed', () => agrees('```json\n0x1F,\u00a0"b": [', [31, { b: [] }]));
  test('kin: a BOM, and a plain value first', () => {
    agrees('```json\n1,\ufeff"b": 2\n```', [1, { b: 2 }]);
    agrees('```json\n"a",\u00a0\u00a0"b": 2\n```', ['a', { b: 2 }]);
  });
});

describe('stream.end-equals-parse: valid JSON whose escapes spell a LaTeX command', () => {
  // Session 21's run (seed 918194170, on session 20's final code): `"   \ne\\  "` streamed in 1-character
  // chunks. The engine kept `\ne`'s backslash (a LaTeX command, a backslash after it), and end() took
  // the engine's value; parse reads valid JSON with JSON.parse, where `\n` is a line break.
  const streamed = (text: string, size: number): unknown => {
    const p = createStreamParser();
    for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size));
    return p.end();
  };
  test('the document the fuzz harness printed, and kin: end() is parse()', () => {
    for (const text of ['{"   \\ne\\\\  ": null}', '{"a": "\\frac{1}{2}"}', '["\\beta", "\\theta_1"]']) {
      for (const size of [1, 3, text.length]) assert.deepEqual(streamed(text, size), JSON.parse(text), `${text} in ${size}s`);
    }
  });
  test('in damaged JSON the backslash is still kept', () => {
    const text = '{"a": "$\\frac{1}{2}$", }';
    for (const size of [1, 3, text.length]) assert.deepEqual(streamed(text, size), { a: '$\\frac{1}{2}$' });
  });
});

describe('parse.equals-report: closers of a pretty-printed document with trailing commas', () => {
  // Session 21's run (seed 918194143, on session 20's final code): `[⏎  {⏎    "": {⏎      "": [],⏎    },⏎  },⏎  0,⏎]`.
  // strayCloser counted the closers across the trailing commas between them (session 20's rule for
  // `{}},⏎  ],⏎  b: 1`), but read each reading one character at a time, so the comma was taken for a
  // closer that closes nothing: the `]` looked stray, and the 0 landed in the inner array.
  test('the document the fuzz harness printed, and kin', () => {
    agrees('[\n  {\n    "": {\n      "": [],\n    },\n  },\n  0,\n]', [{ '': { '': [] } }, 0]);
    agrees('[\n  {\n    "a": {\n      "b": [1],\n    },\n  },\n  0,\n]', [{ a: { b: [1] } }, 0]);
    agrees('{\n  a: [\n    {x: {y: []},},\n  ],\n  b: 1,\n}', { a: [{ x: { y: [] } }], b: 1 });
  });
  test("session 20's doubled closer is still stray", () => {
    agrees('{\n  a: [\n    {x: {}}},\n  ],\n  b: 1,\n}', { a: [{ x: {} }], b: 1 });
  });
});

describe('recovery.fenced-code-in-string: a lost end quote in a fence span also looks further', () => {
  // Session 22's run (seed 931368750): once a string that ran into the closers ending the span read
  // as missing_end_quote rather than truncated, a fenced value whose string holds a fence of its own
  // was taken at the reply fence's first close (the string cut at the inner block's `}`), since only a
  // cut-off value looked for the longer span. parse reads values only: the kind must be logged there too.
  test('the document the fuzz harness printed', () => {
    const text = '```json\n{"quoted":"Run:\n```json\nx = {\\"a\\": [1]}\n```\nthen go"}\n```';
    const value = { quoted: 'Run:\n```json\nx = {"a": [1]}\n```\nthen go' };
    assert.deepEqual(parse(text), value);
    assert.deepEqual(parseWithReport(text).value, value);
  });
});

describe('a reasoning closer after a draft cut off inside a string on its line closes the block (session 40 stream fuzzer)', () => {
  // The closer was read as the draft string's text, so the block ran to the reply's end: the answer
  // after it became a key of the draft (`{"b</think> Here is the JSON: <answer>[{": …}`), or NO_JSON.
  // A string around the closer must now be seen to end as a JSON string does, as on a later line.
  const cases: [string, unknown][] = [
    ['<think>Done. {"b</think> Here is the JSON: <answer>[{"id":1}]</answer> [Note]', [{ id: 1 }]],
    ['<think>Answer: ["</think> Let me check. ```\n[null]\n``` Answer:', [null]],
    ['<think>Done. {"a":{"</think>\n\nDone.\n\n{"tags":{"b":1}}', { tags: { b: 1 } }],
    // A closer in a draft's string that ends is its text, as before.
    ['<think>{"note": "a </think> b", "c": 2}</think>{"a": 1}', { a: 1 }],
  ];
  for (const [text, value] of cases) test(JSON.stringify(text), () => agrees(text, value));
});
