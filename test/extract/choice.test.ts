// Which candidate is the answer (issue 19, "wrong values that look right"): a fence, a tag or a JSON
// value wins over a bracketed, parenthesised or braced fragment of prose before it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonMendError, createStreamParser, extract, parse, parseAll, parseWithReport, repair } from '../../src/index.js';

const brief = (text: string) => extract(text).map((c) => [c.source, c.text]);

describe('parse: prose fragments before the answer do not hijack it', () => {
  test('a numbered note before a fence', () => {
    assert.deepEqual(parse('(1) Keep this note short.\n```json\n{"answer": 42}\n```'), { answer: 42 });
    assert.deepEqual(parse('1) first\n(2) second:\n```json\n[true]\n```'), [true]);
  });

  test('a bracketed label before a fence or a tag', () => {
    assert.deepEqual(parse('[Note] The answer:\n```json\n{"a": 1}\n```'), { a: 1 });
    assert.deepEqual(parse('[x] done, [ ] not yet\n<answer>{"a": 1}</answer>'), { a: 1 });
  });

  test('a citation before an object in prose', () => {
    assert.deepEqual(parse('[1] Smith et al. found:\n{"n": 2}'), { n: 2 });
    assert.deepEqual(brief('[1] Smith et al. found:\n{"n": 2}'), [['balanced', '{"n": 2}']]);
  });

  test('a Markdown link before an object', () => {
    assert.deepEqual(parse('[docs](http://x) says: {"a":1}'), { a: 1 });
  });

  test('a template placeholder before an object', () => {
    assert.deepEqual(parse('{name} is {"a":1}'), { a: 1 });
    assert.deepEqual(parse('{name} and {city} are: ["Ada", "Paris"]'), ['Ada', 'Paris']);
  });

  test('the fragment is dropped, not kept as a fallback: a broken answer is an error, not the fragment', () => {
    assert.throws(() => parse('[Note] The answer: {"a": @}'), (e: JsonMendError) => e.code === 'UNREPAIRABLE' && e.offset === 25);
    assert.throws(() => parse('(1) see below\n```json\n{"a": @}\n```'), (e: JsonMendError) => e.code === 'UNREPAIRABLE');
  });

  test('a leading bracket that holds the other candidates is still the answer', () => {
    assert.deepEqual(parse('[1 2 {"a": 1}]'), [1, 2, { a: 1 }]);
    assert.deepEqual(parse('([1, 2], [3])'), [[1, 2], [3]]);
  });

  test('a tuple, `[x]`, `{a}` alone are still read when they are the only candidate', () => {
    assert.deepEqual(parse('(1, 2)'), [1, 2]);
    assert.deepEqual(parse('[x]'), ['x']);
    assert.deepEqual(parse('[1 2 3]'), [1, 2, 3]);
    assert.deepEqual(parse('[12]'), [12]);
    assert.deepEqual(brief('[12]'), [['whole', '[12]']]);
  });
});

describe('parse: a label before a value says which is the answer', () => {
  const S = { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name'] } as const;
  test('a value labelled the answer beats an earlier one not labelled or labelled otherwise', () => {
    for (const [text, want] of [
      ['Example: {"name": "Bob", "age": 30}\nAnswer: {"name": "Ada", "age": 36}', { name: 'Ada', age: 36 }],
      ['Input: {"text": "hi"}\nOutput: {"facts": ["a"]}', { facts: ['a'] }],
      ['Input: {"text": "hi"} Output: {"facts": ["a"]}', { facts: ['a'] }],
      ['Let me draft: {"facts": ["x"]}\nWait, that misses b. Final:\n{"facts": ["a", "b"]}', { facts: ['a', 'b'] }],
      ['The schema is {"type": "object"}. Answer: {"facts": ["a"]}', { facts: ['a'] }],
      ['```json\n{"facts": ["draft"]}\n```\nCorrected version:\n```json\n{"facts": ["a"]}\n```', { facts: ['a'] }],
      ['For example {"name": "John", "age": 0}, but here: {"name": "Ada", "age": 36}', { name: 'Ada', age: 36 }],
      ['**Example output:**\n{"n": 0}\n\nBased on the input, here is the result:\n{"n": 3}', { n: 3 }],
      ['The old value was {"n": 0}.\n**Final answer:**\n```json\n{"n": 3}\n```', { n: 3 }],
      ['```json\n{"n": 0}\n```\n**Final answer:**\n```json\n{"n": 3}\n```', { n: 3 }],
    ] as const) {
      assert.deepEqual(parse(text), want, text);
      for (const size of [1, 3]) assert.deepEqual(streamEnd(text, size), want, `${text} in ${size}-character chunks`);
    }
  });
  test('with a schema that both values satisfy, the labelled one', () => {
    assert.deepEqual(parse('Example: {"name": "Bob", "age": 30}\nAnswer: {"name": "Ada", "age": 36}', { schema: S }), { name: 'Ada', age: 36 });
  });
  test('no label, or a label that names nothing: document order as before', () => {
    assert.deepEqual(parse('Here: {"a": 1}\nAlso: {"a": 2}'), { a: 1 });
    assert.deepEqual(parse('{"a": 1} and later {"a": 2}'), parse('{"a": 1} and later {"a": 2}', {}));
    assert.deepEqual(parse('Note the final answer below.\n{"a": 1}\nThen {"a": 2}'), { a: 1 });
    // Alone, a value labelled an example is the value.
    assert.deepEqual(parse('Example: {"a": 1}'), { a: 1 });
    // parseAll keeps document order.
    assert.deepEqual(parseAll('Example: {"a": 1}\nAnswer: {"a": 2}').map((e) => e.ok && e.value), [{ a: 1 }, { a: 2 }]);
  });
  test('labels are looked for a line back only: thousands of labelled values stay linear', () => {
    const text = 'Example: {"a": 1} '.repeat(5000) + 'Answer: {"a": 2}';
    assert.deepEqual(parse(text), { a: 2 });
  });
});

function streamEnd(text: string, size: number): unknown {
  const stream = createStreamParser();
  for (let i = 0; i < text.length; i += size) stream.push(text.slice(i, i + size));
  return stream.end();
}

describe('parse: fences inside brackets', () => {
  test('the fenced value is the answer', () => {
    assert.deepEqual(parse('[```json\n{"a":"b"}\n```]'), { a: 'b' });
    assert.deepEqual(parse('[```\n{"a":"b"}\n```]'), { a: 'b' });
    assert.deepEqual(parse('{```json\n{"a":"b"}\n```}'), { a: 'b' });
    assert.deepEqual(parse('{```\n[1]\n```}'), [1]);
  });

  test('a fence closer followed by closing brackets closes the fence', () => {
    assert.deepEqual(brief('[```json\n{"a":"b"}\n```]'), [['fence', '{"a":"b"}']]);
    assert.deepEqual(brief('{```json\n{"a":"b"}\n```}'), [['fence', '{"a":"b"}']]);
  });

  test('a backtick-quoted key still starts an object; a run of three opens a fence', () => {
    assert.deepEqual(brief('{`a`: 1}'), [['whole', '{`a`: 1}']]);
  });
});

describe('parse: reasoning tags', () => {
  test('a reasoning closer inside a JSON string in a fence is content', () => {
    assert.deepEqual(parse('```json\n{"tag": "</think>", "n": 1}\n```'), { tag: '</think>', n: 1 });
    assert.deepEqual(parse('Here:\n```json\n["<think>", "</reasoning>"]\n```'), ['<think>', '</reasoning>']);
  });

  test('a closer of an open reasoning block still ends a fence that forgot to close', () => {
    assert.deepEqual(parse('<think>\n```json\n{"draft": 1}\n</think>\n{"final": 2}'), { final: 2 });
  });

  test('JSON cut off inside a reasoning block is no answer: NO_JSON', () => {
    assert.throws(() => parse('<think>{"a": [1,</think>'), (e: JsonMendError) => e.code === 'NO_JSON' && /reasoning\), not in the answer, and it is cut off/.test(e.message));
    assert.throws(() => parse('<think>```json\n{"a": [1,\n```</think>'), (e: JsonMendError) => e.code === 'NO_JSON');
    assert.throws(() => parseWithReport('<think>{"a": [1,</think>'), (e: JsonMendError) => e.code === 'NO_JSON');
  });

  test('complete JSON inside reasoning is still the answer when nothing else is', () => {
    assert.deepEqual(parse('<think>{"a": [1]}</think>'), { a: [1] });
  });

  test("reasoning channels written with special tokens: Gemma 4's thought, gpt-oss's analysis", () => {
    // A draft in the channel used to be the answer, the final value after it lost.
    assert.deepEqual(parse('<|channel>thought\nDraft: {"a": 1}<channel|>The answer: {"a": 2}'), { a: 2 });
    assert.deepEqual(parse('<|channel|>analysis<|message|>Draft {"a": 1}<|end|><|start|>assistant<|channel|>final<|message|>{"a": 2}<|return|>'), { a: 2 });
    // gpt-oss's commentary channel holds tool calls and preambles, not the answer (a tracker survey's find).
    assert.deepEqual(parse('<|channel|>analysis<|message|>Plan {"a": 0}<|end|><|start|>assistant<|channel|>commentary to=functions.ls <|constrain|>json<|message|>{"path": "."}<|call|><|start|>assistant<|channel|>final<|message|>{"a": 2}<|return|>'), { a: 2 });
    assert.deepEqual(parse('<|channel|>commentary<|message|>Checking {"x": 1}.<|end|><|start|>assistant<|channel|>final<|message|>{"a": 2}'), { a: 2 });
    // ... and served with its special tokens stripped (lycaon's harmony fixtures): reasoning up to `assistantfinal`.
    assert.deepEqual(parse('analysisTry.assistantcommentary to=functions.ls json{"path": "."}assistantanalysisOk.assistantfinal{"a": 2}'), { a: 2 });
    assert.deepEqual(parse('{"note": "analysis, then assistantfinal"}'), { note: 'analysis, then assistantfinal' });
    assert.deepEqual(parse('<|START_THINKING|>draft {"a": 1}<|END_THINKING|><|START_RESPONSE|>{"a": 2}<|END_RESPONSE|>'), { a: 2 });
    assert.deepEqual(parse('<|open|>think<|sep|>draft {"a": 1}<|close|>think<|sep|><|open|>response<|sep|>{"a": 2}<|close|>response<|sep|>'), { a: 2 });
    assert.deepEqual(parse('<|begin_of_thought|>draft {"a": 1}<|end_of_thought|><|begin_of_solution|>{"a": 2}<|end_of_solution|>'), { a: 2 });
    // Magistral 1.2 and Mistral 3.5 (Roo-Code #8522, Marinara-Engine #2544: [THINK] as text).
    assert.deepEqual(parse('[THINK]Maybe [1, 2]? {"a": 1}[/THINK]{"a": 2}'), { a: 2 });
    assert.deepEqual(parse('{"note": "[THINK]", "a": 1}'), { note: '[THINK]', a: 1 });
    // Apertus, Solar Open 2, PLaMo 3, K2 Horizon, Inkling, Kimi-VL and k1.5 (vLLM's and llama.cpp's reasoning parsers, LLaMA-Factory's kimivl template).
    assert.deepEqual(parse('<|inner_prefix|>draft {"a": 1}<|inner_suffix|>{"a": 2}'), { a: 2 });
    assert.deepEqual(parse('<|think:start|>draft {"a": 1}<|think:end|>{"a": 2}'), { a: 2 });
    assert.deepEqual(parse('<|plamo:begin_think:plamo|>draft {"a": 1}<|plamo:end_think:plamo|>{"a": 2}'), { a: 2 });
    assert.deepEqual(parse('<ifm|think_fast>draft {"a": 1}</ifm|think_fast>{"a": 2}'), { a: 2 });
    assert.deepEqual(parse('<|content_thinking|>draft {"a": 1}<|end_message|><|message_model|><|content_text|>{"a": 2}<|end_message|>'), { a: 2 });
    assert.deepEqual(parse('◁think▷Draft {"a": 1}◁/think▷{"a": 2}'), { a: 2 });
    // Granite 3.2/3.3's thinking mode and Apriel write plain-text headings; only the pair is a channel.
    assert.deepEqual(parse("Here's my thought process:\nTry {\"a\": 1}.\n\nHere's my response:\n```json\n{\"a\": 2}\n```"), { a: 2 });
    assert.deepEqual(parse('Here is my thought process: {"a": 1}? Here is my response: {"a": 2}'), { a: 2 });
    assert.deepEqual(parse('Here are my reasoning steps:\n{"a": 1}\n[BEGIN FINAL RESPONSE]\n{"a": 2}\n[END FINAL RESPONSE]'), { a: 2 });
    assert.deepEqual(parse('Here is my response: {"a": 2}'), { a: 2 });
    // Not at the reply's start, the pair is no channel; its headings still label a draft and a response.
    assert.deepEqual(parse('Note. Here is my thought process: {"a": 1}. Here is my response: {"a": 2}'), { a: 2 });
    assert.deepEqual(parseWithReport('Note. Here is my thought process: {"a": 1}. Here is my response: {"a": 2}').repairs.map((r) => r.kind), ['surrounding_text']);
    assert.deepEqual(parse('{"note": "Here is my thought process: none", "a": 1}'), { note: 'Here is my thought process: none', a: 1 });
    // Seed-OSS's, MiniMax M3's and LongCat's reasoning tags are among the defaults.
    assert.deepEqual(parse('<longcat_think>draft {"a": 1}</longcat_think>{"a": 2}'), { a: 2 });
    assert.deepEqual(parse('<seed:think>draft {"a": 1}</seed:think>{"a": 2}'), { a: 2 });
    assert.deepEqual(parse('<mm:think>draft {"a": 1}</mm:think>Answer: {"a": 2}'), { a: 2 });
    // The closer alone: the chat template opened the channel.
    assert.deepEqual(parse('thought\nDraft: {"a": 1}<channel|>{"a": 2}'), { a: 2 });
    // A token inside a JSON string is content; <|end|> closes nothing that is not open.
    assert.deepEqual(parse('{"note": "<|channel>thought"}'), { note: '<|channel>thought' });
    assert.deepEqual(parse('Result: {"a": 1}<|end|>'), { a: 1 });
    assert.throws(() => parse('<|channel>thought\n{"a": [1,'), (e: JsonMendError) => e.code === 'NO_JSON' && /inside <\|channel>thought…<channel\|> \(reasoning\)/.test(e.message));
  });
});

describe('parse: comments between top-level values are space', () => {
  test('values separated by comments are all kept', () => {
    assert.deepEqual(parse('/* 1 */\n{"x":1}\n\n/* 2 */\n{"x":2}'), [{ x: 1 }, { x: 2 }]);
    assert.deepEqual(parse('// first\n{"x":1}\n// second\n{"x":2}'), [{ x: 1 }, { x: 2 }]);
    assert.deepEqual(parse('/* only */ {"x": 1}'), { x: 1 });
  });

  test('a leading comment belongs to the whole candidate', () => {
    assert.deepEqual(brief('/* 1 */\n{"x":1}'), [['whole', '/* 1 */\n{"x":1}']]);
    assert.deepEqual(brief('// note\nHere it is: {"x":1}'), [['balanced', '{"x":1}']]);
  });
});

describe('parse: valid JSON in a fence, a tag or prose is read exactly as JSON.parse reads it', () => {
  test('a curly quote inside a valid key or string', () => {
    assert.deepEqual(parse('```json\n{"q”": 1}\n```'), { 'q”': 1 });
    assert.deepEqual(parse('<answer>{"a”b": ["“x”"]}</answer>'), { 'a”b': ['“x”'] });
    assert.deepEqual(parse('The value: {"q”": 1}.'), { 'q”': 1 });
  });

  test('tags with quoted attributes', () => {
    assert.deepEqual(parse(`<answer x='>'>{"a":1}</answer>`), { a: 1 });
    assert.deepEqual(parse('<answer x=">">{"a":1}</answer>'), { a: 1 });
  });

  test('the report still names the surroundings', () => {
    const r = parseWithReport('```json\n{"q”": 1}\n```');
    assert.deepEqual(r.value, { 'q”': 1 });
    assert.deepEqual(r.repairs.map((x) => x.kind), ['surrounding_text']);
  });
});

describe('labels weigh across sources (extraction probe, session 35)', () => {
  test('a value labelled otherwise loses to an answer wherever each was written', () => {
    // Before: {"a": 0} and {"type": "object"}: a fence or tag went first whatever its label.
    assert.deepEqual(parse('Answer: {"a":1}\n\nExample:\n```json\n{"a":0}\n```'), { a: 1 });
    assert.deepEqual(parse('Schema:\n```json\n{"type":"object"}\n```\nAnswer: {"name":"Ada"}'), { name: 'Ada' });
    // Alike labelled, the fence still goes first.
    assert.deepEqual(parse('Here: {"a":0}\n```json\n{"a":1}\n```'), { a: 1 });
  });
});

describe('a reply that starts with a value: a later value labelled the answer wins (session 36)', () => {
  // Parse, repair (JSON-equal) and the stream in 1- and 3-character chunks agree on each.
  const agree = (text: string, want: unknown) => {
    assert.deepEqual(parse(text), want, text);
    assert.deepEqual(JSON.parse(repair(text)), want, `repair of ${text}`);
    for (const size of [1, 3]) assert.deepEqual(streamEnd(text, size), want, `${text} in ${size}-character chunks`);
  };

  test('the leading value, not labelled, loses to a later one labelled the answer', () => {
    // Before: {"a": 0}, the reply read whole from its first bracket and the labelled answer set aside.
    agree('{"a":0}\nAnswer: {"a":1}', { a: 1 });
    agree('{"a":0}\nFinal answer: {"a":1}', { a: 1 });
    agree('[1, 2]\n\n**Corrected JSON:**\n[1, 2, 3]', [1, 2, 3]);
    agree('{"a":0}\nAnswer:\n```json\n{"a":1}\n```', { a: 1 });
    agree("{'a': 0}\nFinal answer: {'a': 1}", { a: 1 });
    // A template echoed first, as before.
    agree('{"a":"<name>"}\nAnswer: {"a":1}', { a: 1 });
  });

  test('a correction beats an earlier answer; the last correction wins (differential hunt s36, F5)', () => {
    // Before: {"a": 0} each time, the draft the reply itself corrects.
    agree('```json\n{"a": 0}\n```\nLet me fix that:\n```json\n{"a": 1}\n```', { a: 1 });
    agree('{"a": 0}\n\nActually, correction:\n\n{"a": 1}', { a: 1 });
    agree('Here is my answer:\n```json\n{"a": 0}\n```\nWait, that is wrong. Corrected:\n```json\n{"a": 1}\n```', { a: 1 });
    agree('{"a": 0}\nAnswer: {"a": 1}\nCorrected: {"a": 2}', { a: 2 });
    agree('Corrected: {"a": 1}\nStill wrong. Corrected again: {"a": 2}', { a: 2 });
    // A correction before a later answer label: the first, as before (a later final answer is the
    // exception, see "labels left open in session 36").
    agree('Corrected: {"a": 1}\nAnswer: {"a": 2}', { a: 1 });
  });

  test('`Before:` labels a value that is not the answer (session 36)', () => {
    // Before: {"a": 0}, the first in document order.
    agree('Before: {"a": 0}\nAfter: {"a": 1}', { a: 1 });
    agree('**Before:**\n```json\n{"a": 0}\n```\n**After:**\n```json\n{"a": 1}\n```', { a: 1 });
  });

  test('a later value not labelled, or labelled otherwise, leaves the leading one', () => {
    agree('{"a":0} some note', { a: 0 });
    agree('{"a":0}\n\nExample: {"a":1}', { a: 0 });
    agree('{"a":0}\nAlso: {"a":1}', { a: 0 });
    agree('{"a":0} and later {"a":1}', { a: 0 });
    // A labelled answer that cannot be read leaves the leading value.
    agree('{"a":0}\nAnswer: {]', { a: 0 });
  });

  test('valid JSON whose strings hold a labelled value is read as JSON.parse reads it', () => {
    for (const json of ['{"t": "x\\nAnswer: {\\"a\\": 1}"}', '["Answer: [1]", {"n": "Final answer: {}"}]']) {
      const want = JSON.parse(json);
      agree(json, want);
      agree(`${json}\nDone.`, want);
      agree(`Here:\n\`\`\`json\n${json}\n\`\`\``, want);
      agree(`<answer>${json}</answer>`, want);
      agree(`The result is ${json} as asked.`, want);
    }
  });

  test('the report names the leading value set aside', () => {
    const r = parseWithReport('{"a":0}\nAnswer: {"a":1}');
    assert.deepEqual(r.value, { a: 1 });
    assert.deepEqual(r.repairs.map((x) => [x.kind, 'offset' in x && x.offset]), [["surrounding_text", 16]]);
  });
});

describe('a value in an HTML comment is a draft or a note (session 36)', () => {
  // Parse, repair (JSON-equal) and the stream in 1- and 3-character chunks agree on each.
  const agree = (text: string, want: unknown) => {
    assert.deepEqual(parse(text), want, text);
    assert.deepEqual(JSON.parse(repair(text)), want, `repair of ${text}`);
    for (const size of [1, 3]) assert.deepEqual(streamEnd(text, size), want, `${text} in ${size}-character chunks`);
  };
  const kinds = (text: string) => parseWithReport(text).repairs.map((r) => r.kind);

  test('a value outside comments wins over one commented out, wherever each stands', () => {
    // Before: {"draft": 1}, the first value in document order.
    agree('<!-- {"draft": 1} -->\n{"a": 1}', { a: 1 });
    agree('Here is the data:\n<!-- old: {"a": 0} -->\n{"a": 1}', { a: 1 });
    agree('<!--\n```json\n{"draft": 1}\n```\n-->\n```json\n{"a": 1}\n```', { a: 1 });
    agree('<answer><!-- {"draft": 1} --> {"a": 1}</answer>', { a: 1 });
    assert.deepEqual(brief('<!-- {"draft": 1} -->\n{"a": 1}'), [['balanced', '{"a": 1}']]);
  });

  test('a value after the answer, commented out, is neither the answer nor a value beside it', () => {
    agree('{"a": 1}\n<!-- Answer: {"a": 0} -->', { a: 1 });
    agree('Here: {"a": 1}\n<!-- {"a": 0} -->', { a: 1 });
    assert.deepEqual(parseAll('{"a": 1}\n<!-- {"a": 0} -->').map((r) => r.ok && r.value), [{ a: 1 }]);
    // Cut off inside the comment: the answer before it is whole, not cut off.
    agree('{"a": 1} is the answer.\n<!-- draft: {"a": 0', { a: 1 });
    assert.deepEqual(kinds('{"a": 1} is the answer.\n<!-- draft: {"a": 0'), ['surrounding_text']);
  });

  test('the only JSON in a comment is taken, reported `html_comment` (a guess: strict refuses it)', () => {
    agree('<!-- {"a": 1} -->', { a: 1 });
    assert.deepEqual(kinds('<!-- {"a": 1} -->'), ['html_comment']);
    assert.deepEqual(extract('<!-- {"a": 1} -->').map((c) => c.comment), [true]);
    // One the reply's end cut off, at a line's start: the rest of the reply is in it.
    agree('Metadata:\n<!-- {"a": 1}', { a: 1 });
    assert.deepEqual(kinds('Metadata:\n<!-- {"a": 1}'), ['html_comment']);
    assert.throws(() => parse('<!-- {"a": 1} -->', { strict: true }), (e: unknown) => e instanceof JsonMendError && e.code === 'REPAIR_REFUSED');
  });

  test('`<!--` in a string, in inline code, or mid-line with no closer opens no comment', () => {
    agree('Note {"html": "<!-- x"}\n{"b": 2}', { html: '<!-- x' });
    agree('Use <!-- to start a note. {"a": 1}', { a: 1 });
    agree('Write `<!--` and then {"a": 1}', { a: 1 });
    assert.deepEqual(kinds('Use <!-- to start a note. {"a": 1}'), ['surrounding_text']);
    for (const json of ['{"t": "<!-- {\\"a\\": 0} -->"}', '["<!--", {"n": "-->"}]']) {
      const want = JSON.parse(json);
      agree(json, want);
      agree(`Here:\n\`\`\`json\n${json}\n\`\`\``, want);
      agree(`<answer>${json}</answer>`, want);
      agree(`The result is ${json} as asked.`, want);
    }
  });

  test("`-->` inside a JSON string does not end the comment, as `</think>` there ends no reasoning", () => {
    // Regression hunt R2: {"a": "b"} with `truncated` (the reply called cut off, ` c` lost).
    agree('<!-- {"a": "b --> c"} -->', { a: 'b --> c' });
    assert.deepEqual(kinds('<!-- {"a": "b --> c"} -->'), ['html_comment']);
    agree('<!-- [1, "<!-- x -->"] -->', [1, '<!-- x -->']);
    agree('Note:\n<!-- {"a": "b --> c"} -->', { a: 'b --> c' });
    // The comment still ends at its own `-->`: a value after it is the answer.
    agree('<!-- {"a": "b --> c"} -->\n{"z": 1}', { z: 1 });
    // A quote in the comment's prose opens no string (`-->` after it still closes).
    agree('<!-- note "x --> y" -->\n{"z": 1}', { z: 1 });
  });
});

describe('choosing the answer: probe of session 36 (s36/choice)', () => {
  // Parse, repair (JSON-equal) and the stream in 1- and 3-character chunks agree on each.
  const agree = (text: string, want: unknown) => {
    assert.deepEqual(parse(text), want, text);
    assert.deepEqual(JSON.parse(repair(text)), want, `repair of ${text}`);
    for (const size of [1, 3]) assert.deepEqual(streamEnd(text, size), want, `${text} in ${size}-character chunks`);
  };
  const kinds = (text: string) => parseWithReport(text).repairs.map((r) => r.kind);

  test('a cut-off last value leaves `truncated` when a value starts the reply and a labelled one wins (F2)', () => {
    // Before: only `surrounding_text`, as if the reply had ended whole.
    for (const [text, want] of [
      ['{"id": 0}\nAnswer: {"id": 1}\nWait, wrong.\n{"id": 2, "x": [1, 2', { id: 1 }],
      ['{"id": 0}\nAnswer: {"id": 1}\nWait, wrong.\n```json\n{"id": 2, "x": [1, 2', { id: 1 }],
      ['[100, "v", 3]\n**Result:** {"id": 101}\nThe corrected JSON is {"id": 102, "x": [1, 2', { id: 101 }],
    ] as const) {
      agree(text, want);
      assert.deepEqual(kinds(text), ['surrounding_text', 'truncated'], text);
      const cut = parseWithReport(text).repairs[1];
      assert.equal(cut !== undefined && 'offset' in cut && cut.offset, text.lastIndexOf('{"id": '), text);
      assert.throws(() => parse(text, { disable: ['truncated'] }), (e: unknown) => e instanceof JsonMendError && e.code === 'REPAIR_REFUSED', text);
    }
    // The reply whole: no cut mark.
    assert.deepEqual(kinds('{"id": 0}\nAnswer: {"id": 1}\nWait, wrong.\n{"id": 2}'), ['surrounding_text']);
  });

  test('a reply cut off inside a later reasoning block or comment is cut off, whatever draft is read (F6)', () => {
    // Before: {"a": 0} with only `reasoning_block` / `html_comment`.
    agree('<think>\n{"a": 0}\n</think>\n<think>\n{"a": 1, "x": [1, 2', { a: 0 });
    assert.deepEqual(kinds('<think>\n{"a": 0}\n</think>\n<think>\n{"a": 1, "x": [1, 2'), ['reasoning_block', 'truncated']);
    agree('<!-- {"a": 0} -->\n<!-- {"a": 1, "x": [1, 2', { a: 0 });
    assert.deepEqual(kinds('<!-- {"a": 0} -->\n<!-- {"a": 1, "x": [1, 2'), ['html_comment', 'truncated']);
    // The block closed: a broken draft, not a cut-off reply.
    assert.deepEqual(kinds('<!-- {"a": 0} -->\n<!-- {"a": 1, "x": [1, 2 -->'), ['html_comment']);
  });

  test('the last correction wins wherever each was written (F3)', () => {
    // Before: {"id": 1}, the fence going first among corrections.
    agree('Corrected:\n```json\n{"id": 1}\n```\nHmm, still wrong.\nCorrected: {"id": 2}', { id: 2 });
    agree('**Updated:**\n```json\n{"id": 101}\n```\nSure.\nUpdated:\n{"id": 102}', { id: 102 });
    // Among answers the fence still goes first.
    agree('Answer: {"a": 0}\nAnswer:\n```json\n{"a": 1}\n```', { a: 1 });
  });

  test('"Let me fix that:" is a correction: it beats an earlier answer (F4)', () => {
    // Before: {"a": 0}, the fix tying with the answer it fixes.
    agree('Here is my answer: {"a": 0}\nOops, let me fix that: {"a": 1}', { a: 1 });
    agree('Here is my answer:\n```json\n{"a": 0}\n```\nOops, let me fix that:\n```json\n{"a": 1}\n```', { a: 1 });
    agree('Corrected: {"a": 0}\nStill wrong.\nLet me fix that: {"a": 1}', { a: 1 });
  });
});

describe('a bold example marker names an example (s36/choice F12)', () => {
  test('`**For example**` and `**e.g.**` before a value', () => {
    // Before: {"a": 0}, the marker not seen past the `**`.
    for (const text of ['**For example** {"a": 0}\n{"a": 1}', '**e.g.** {"a": 0}\n{"a": 1}', '_for instance_ {"a": 0}\n{"a": 1}']) {
      assert.deepEqual(parse(text), { a: 1 }, text);
      assert.deepEqual(JSON.parse(repair(text)), { a: 1 }, `repair of ${text}`);
      for (const size of [1, 3]) assert.deepEqual(streamEnd(text, size), { a: 1 }, `${text} in ${size}-character chunks`);
    }
  });
});


describe('choosing the answer: labels left open in session 36 (s37/choice)', () => {
  // Parse, repair (JSON-equal) and the stream in 1- and 3-character chunks agree on each.
  const agree = (text: string, want: unknown) => {
    assert.deepEqual(parse(text), want, text);
    assert.deepEqual(JSON.parse(repair(text)), want, `repair of ${text}`);
    for (const size of [1, 3]) assert.deepEqual(streamEnd(text, size), want, `${text} in ${size}-character chunks`);
  };
  const kinds = (text: string) => parseWithReport(text).repairs.map((r) => r.kind);

  test('a label in lower case after a value on its line labels the next value, no member (a)', () => {
    // Before: {"a": 0, "answer": {"a": 1}} (`early_closer`, `unquoted_key`, `truncated`): a key the model never wrote.
    agree('{"a": 0} answer: {"a": 1}', { a: 1 });
    agree('{"a": 0} output: {"a": 1}', { a: 1 });
    agree('{"a": 0}, corrected: [1]', [1]);
    assert.deepEqual(kinds('{"a": 0} answer: {"a": 1}'), ['surrounding_text']);
    // A label naming something else sets the value after it aside, as `Example:` does.
    agree('{"a": 0} example: {"a": 1}', { a: 0 });
    // Any other word, a scalar after the colon, or a line that closes what the value left open: a member, as before.
    agree('{"a": 0} b: {"c": 1}}', { a: 0, b: { c: 1 } });
    agree('{"a": 0} output: {"c": 1}}', { a: 0, output: { c: 1 } });
    agree('{"a": 0} answer: 1}', { a: 0, answer: 1 });
    agree('{"a": {"b": 0} answer: {"c": 1}}', { a: { b: 0 }, answer: { c: 1 } });
  });

  test('a Markdown heading or a bold line without a colon is a label (b)', () => {
    // Before: {"a": 0} each time (the label not read without its colon), or [{"a": 0}, {"a": 1}]
    // after a leading value (`## Answer` read as a `#` comment between two values).
    agree('```json\n{"a": 0}\n```\n**Final answer**\n```json\n{"a": 1}\n```', { a: 1 });
    agree('```json\n{"a": 0}\n```\n### Final Answer\n```json\n{"a": 1}\n```', { a: 1 });
    agree('{"a": 0}\n## Answer\n{"a": 1}', { a: 1 });
    agree('{"a": 0}\n\n### Corrected JSON\n\n```json\n{"a": 1}\n```', { a: 1 });
    agree('{"a": 0}\n**Final answer**\n{"a": 1}', { a: 1 });
    agree('## Example\n```json\n{"a": 0}\n```\n\nHere:\n```json\n{"a": 1}\n```', { a: 1 });
    assert.deepEqual(kinds('{"a": 0}\n## Answer\n{"a": 1}'), ['surrounding_text']);
    // A `#` comment that names no answer, or bold in a sentence, is as before.
    agree('{"a": 0}\n# second\n{"a": 1}', [{ a: 0 }, { a: 1 }]);
    agree('```json\n{"a": 0}\n```\nThis is **the answer**, I think\n```json\n{"a": 1}\n```', { a: 0 });
    agree('```json\n{"a": 0}\n```\n**Note** the final answer\n```json\n{"a": 1}\n```', { a: 0 });
  });

  test('a comment line between records that holds an answer word among others stays a comment (review of s37)', () => {
    // Read as an answer heading, it set every record before it aside: `{"id": 2}` alone, `surrounding_text` the only word.
    agree('{"id": 1}\n# updated on monday\n{"id": 2}', [{ id: 1 }, { id: 2 }]);
    agree('{"id": 1}\n# TODO fix later\n{"id": 2}', [{ id: 1 }, { id: 2 }]);
    agree('{"id": 1}\n# response from server 2\n{"id": 2}', [{ id: 1 }, { id: 2 }]);
    agree('{"a": 0}\n## Here is the final JSON\n{"a": 1}', { a: 1 });
  });

  test('a `#` comment holding a value is no heading, and `final` makes a final answer only naming one (regression hunt of s37)', () => {
    // Before: the value in the comment replaced the reply's (`[1]`, `{"a": 2}`, `{"b": 2}`).
    agree('{}\n# result [1]', {});
    agree('{"a": 1}\n# output: {"a": 2}', { a: 1 });
    agree('```json\n{"a": 1}\n# Answer: {"b": 2}\n```', { a: 1 });
    agree('{"name": "x", "age": 3}\n# Fixed the age field: {"age": "3"} -> {"age": 3}', { name: 'x', age: 3 });
    // Before: `Final check:` ranked as a correction and beat the answer.
    agree('Answer: {"a": 1}\nFinal check: {"a": 0} was my first try.', { a: 1 });
    agree('Answer: {"a": 0}\nFinal: {"a": 1}', { a: 1 });
    agree('Answer: {"a": 0}\nFinal JSON: {"a": 1}', { a: 1 });
  });

  test('a wrong mark is read on the label\'s last clause, as its words are (review of s37)', () => {
    // Before: {"a": 0}, the ❌ earlier on the line making the correction after it "not the answer".
    agree('{"a": 0}\n❌ Not this. Corrected:\n{"a": 1}', { a: 1 });
    agree('Draft: {"a": 0}\n- ❌ never use null here. The answer is below:\n{"a": 1}', { a: 1 });
    agree('❌ {"a": 0}\n✅ {"a": 1}', { a: 1 });
  });

  test("in a fence's or a tag's content, a later value labelled the answer wins too, as in a reply that starts with a value", () => {
    // Before: {"a": 0} for `Answer:` (the labelled value set aside with the text after the first);
    // [{"a": 0}, {"a": 1}] for a heading, {"a": 0, "answer": {"a": 1}} for a lower-case label.
    agree('```json\n{"a": 0}\nAnswer: {"a": 1}\n```', { a: 1 });
    agree('```json\n{"a": 0}\n## Answer\n{"a": 1}\n```', { a: 1 });
    agree('<answer>{"a": 0} answer: {"a": 1}</answer>', { a: 1 });
    // Not labelled, or labelled otherwise: the first value, as before.
    agree('```json\n{"a": 0}\nExample: {"a": 1}\n```', { a: 0 });
    agree('```json\n{"a": 0} is it\n```\nAnswer: {"a": 1}', { a: 1 });
    // The labelled value in the fence is looked for up to the fence's end only.
    agree('```json\n{"a": 0}\nsee below\n```\n{"a": 2}\nAnswer: see above', { a: 0 });
  });

  test('a later final answer beats an earlier answer or correction (c)', () => {
    // Before: {"a": 0}, the earlier label winning (answers: document order; a correction: first).
    agree('Answer: {"a": 0}\nFinal answer: {"a": 1}', { a: 1 });
    agree('Answer:\n```json\n{"a": 0}\n```\nFinal answer:\n```json\n{"a": 1}\n```', { a: 1 });
    agree('Corrected: {"a": 0}\nFinal answer: {"a": 1}', { a: 1 });
    agree('Final answer: {"a": 0}\nHmm, no. Corrected: {"a": 1}', { a: 1 });
    // A final answer before a plain one stays first.
    agree('Final answer: {"a": 1}\nAnswer: {"a": 0}', { a: 1 });
  });

  test('Old/New, Bad/Good, ❌/✅: the first of the pair names a value that is not the answer (d)', () => {
    // Before: {"a": 0}, the first in document order (`Before:` was read already).
    agree('Old: {"a": 0}\nNew: {"a": 1}', { a: 1 });
    agree('**Bad:**\n```json\n{"a": 0}\n```\n**Good:**\n```json\n{"a": 1}\n```', { a: 1 });
    agree('❌ {"a": 0}\n✅ {"a": 1}', { a: 1 });
    agree('❌ Bad:\n```json\n{"a": 0}\n```\n✅ Good:\n```json\n{"a": 1}\n```', { a: 1 });
    agree('- ❌ Wrong: {"a": 0}\n- ✅ {"a": 1}', { a: 1 });
    // Written the other way round, document order already gives the good one.
    agree('New: {"a": 1}\nOld: {"a": 0}', { a: 1 });
    // `old` or `bad` further into a label describes the answer: no label naming something else.
    agree('Draft: {"a": 0}\nThe config with the old key removed: {"a": 1}', { a: 1 });
  });
});

describe('choosing the answer: judgement calls of session 38 (s38/ch)', () => {
  // Parse, repair (JSON-equal) and the stream in 1- and 3-character chunks agree on each.
  const agree = (text: string, want: unknown) => {
    assert.deepEqual(parse(text), want, text);
    assert.deepEqual(JSON.parse(repair(text)), want, `repair of ${text}`);
    for (const size of [1, 3]) assert.deepEqual(streamEnd(text, size), want, `${text} in ${size}-character chunks`);
  };

  test('New/After/Good/✅ name the second of a pair whose first has no label (1)', () => {
    // Before: {"a": 0} each time, the first in document order (only `Old:`, `Bad:`, `❌` were read).
    agree('{"a": 0}\nNew: {"a": 1}', { a: 1 });
    agree('{"a": 0}\nAfter: {"a": 1}', { a: 1 });
    agree('{"a": 0}\nGood: {"a": 1}', { a: 1 });
    agree('{"a": 0}\n✅ {"a": 1}', { a: 1 });
    agree('Here: {"a": 0}\nNew JSON: {"a": 1}', { a: 1 });
    agree('```json\n{"a": 0}\n```\n**After:**\n```json\n{"a": 1}\n```', { a: 1 });
    agree('```json\n{"a": 0}\n```\n✅ Good:\n```json\n{"a": 1}\n```', { a: 1 });
    // In lower case on the value's line, as the other label words (s37): a label, no member `new`.
    agree('{"a": 0} new: {"a": 1}', { a: 1 });
    // Below a value labelled the answer: the answer, named outright, stays.
    agree('Answer: {"a": 0}\nNew: {"a": 1}', { a: 0 });
    agree('Bad: {"a": 0}\nGood: {"a": 1}\nAnswer: {"a": 2}', { a: 2 });
    // Written first, document order gives it already.
    agree('New: {"a": 1}\n{"a": 0}', { a: 1 });
    // With other words the label names a thing, not the pair's second.
    agree('Existing record: {"id": 1}\nNew record: {"id": 2}', { id: 1 });
    agree('{"a": 0}\nGood news: {"a": 1}', { a: 0 });
    agree('Here: {"a": 0}\nAfter reviewing it: {"a": 1}', { a: 0 });
  });

  test('New/After/Good/✅ name the better of a pair only when both are the same thing (session 39)', () => {
    // Before: the second each time, a value of another shape (an item to add, not the list again)
    // taken for the answer, and the list the reply opened with dropped without a word.
    agree('{"items": [1,2,3]}\nNew: {"item": 4}', { items: [1, 2, 3] });
    agree('Here: {"items": [1,2,3]}\n✅ {"item": 4}', { items: [1, 2, 3] });
    agree('```json\n{"items": [1,2,3]}\n```\nGood:\n```json\n{"item": 4}\n```', { items: [1, 2, 3] });
    agree('```json\n{"items": [1,2,3]}\nAfter: {"item": 4}\n```', { items: [1, 2, 3] });
    agree('{"a": 0}\nNew: [1]', { a: 0 });
    // A key in common, or two arrays: one thing written twice, the second is the better.
    agree('{"a": 0, "b": 1}\nNew: {"b": 2}', { b: 2 });
    agree("{'x': 1}\nNew: {x: 2}", { x: 2 });
    agree('[1, 2]\nNew: [3, 4]', [3, 4]);
    agree('{}\nNew: {"a": 1}', { a: 1 });
    // Each is paired with the value right before it.
    agree('{"a": 0}\nNew: {"a": 1}\nNew: {"b": 2}', { a: 1 });
    // Labelled the answer, the second is chosen whatever its shape, as before.
    agree('{"items": [1,2,3]}\nAnswer: {"item": 4}', { item: 4 });
    // A key written with an escape is the key it reads as (review): `a\u0062` and `ab` are one key.
    agree('{"a\\u0062": 0}\nNew: {"ab": 1}', { ab: 1 });
  });

  test('an italic label, a setext heading and a bare label line name the value after them (2)', () => {
    // Before: {"a": 0} each time, the label not read without a colon or a `#`/`**`.
    agree('{"a": 0}\n_Final answer_\n{"a": 1}', { a: 1 });
    agree('```json\n{"a": 0}\n```\n*Final answer*\n```json\n{"a": 1}\n```', { a: 1 });
    agree('{"a": 0}\nAnswer\n------\n{"a": 1}', { a: 1 });
    agree('```json\n{"a": 0}\n```\n\nFinal Answer\n============\n\n```json\n{"a": 1}\n```', { a: 1 });
    agree('Example\n-------\n```json\n{"a": 0}\n```\n\nHere:\n```json\n{"a": 1}\n```', { a: 1 });
    agree('Here: {"a": 0}\nAnswer\n{"a": 1}', { a: 1 });
    agree('```json\n{"a": 0}\n```\nFinal answer\n```json\n{"a": 1}\n```', { a: 1 });
    agree('Input\n{"x": 1}\nOutput\n{"y": 2}', { y: 2 });
    // `*Answer:*` was read already (its colon).
    agree('{"a": 0}\n*Answer:* {"a": 1}', { a: 1 });
    // An aside in italics, a bare line with other words or in lower case, a rule under a value or
    // a value's line: no label, as before.
    agree('{"a": 0}\n*this is the answer, I think*\n{"a": 1}', { a: 0 });
    agree('{"a": 0}\n_Note: the final answer may change_\n{"a": 1}', { a: 0 });
    agree('Here: {"a": 0}\nI checked the answer\n{"a": 1}', { a: 0 });
    agree('{"id": 1}\nanswer\n{"id": 2}', { id: 1 });
    agree('{"a": 0}\n---\n{"a": 1}', { a: 0 });
    agree('Example: {"a": 0}\n---\n{"a": 1}', { a: 1 });
    agree('Here: {"a": 0}\nAnswer {"a": 1}', { a: 0 });
  });

  test('a label saying what the answer will look like names a shape, not a final answer (4)', () => {
    // Before: the shape, `final output` read as a final answer that beat the later `Answer:`.
    agree('The final output will have this shape: {"name": "string", "age": "number"}\nAnswer: {"name": "Ada", "age": 36}', { name: 'Ada', age: 36 });
    agree('The final output will have this shape:\n```json\n{"name": "string", "age": 0}\n```\nAnswer:\n```json\n{"name": "Ada", "age": 36}\n```', { name: 'Ada', age: 36 });
    agree('The final JSON must follow: {"name": "string"}\nAnswer: {"name": "Ada"}', { name: 'Ada' });
    // Before: the shape, `output` read as the answer over the value after it.
    agree('The output will have this shape: {"name": "string"}\n{"name": "Ada"}', { name: 'Ada' });
    // Alone, it is the value; a modal before `be` says what the value is, and stays a final answer.
    agree('The final output will have this shape: {"name": "string"}', { name: 'string' });
    agree('The final output will be: {"a": 1}\nAnswer: {"a": 0}', { a: 1 });
    // In a clause about the value given, the modal says nothing of a shape: the final JSON, as before.
    agree('{"a": 0}\nHere is the final JSON that should match your needs: {"a": 1}', { a: 1 });
    agree('Final answer: {"a": 1}\nAnswer: {"a": 0}', { a: 1 });
  });

  test('a lower-case label before a scalar after an earlier value names no answer (3)', () => {
    // Extraction finds no scalar in prose (`the answer: 42 is too high` is a sentence as often): the
    // value found stays the answer, as before; a schema that asks for a number refuses it by name.
    agree('Here: {"a": 0}\nthe answer: 42', { a: 0 });
    agree('{"a": 0}\nthe answer: 42', { a: 0 });
    agree('{"a": 0}\nAnswer: 42', { a: 0 });
    assert.throws(() => parse('{"a": 0}\nthe answer: 42', { schema: { type: 'number' } }), (e: unknown) => e instanceof JsonMendError && e.code === 'SCHEMA_MISMATCH');
    // A container after the label is a candidate, and the label's: it wins, as before.
    agree('{"a": 0}\nthe answer: [1]', [1]);
    agree('Here: {"a": 0}\nthe final answer: {"a": 1}', { a: 1 });
  });
  test('a right mark before words that are no label is a status line, not the better of a pair (review)', () => {
    // `✅ Created record {"id": 3}` took the record's id over the answer that opened the reply.
    assert.deepEqual(parse('{"name": "Ada", "age": 36}\n\n✅ Created record {"id": 3}'), { name: 'Ada', age: 36 });
    assert.deepEqual(parse('{"v": 1}\n✔ Saved {"v": 2}'), { v: 1 });
    // Alone, or before label words, it still marks the better value.
    assert.deepEqual(parse('{"a": 0}\n✅ {"a": 1}'), { a: 1 });
    assert.deepEqual(parse('{"a": 0}\n✅ Good: {"a": 1}'), { a: 1 });
    assert.deepEqual(parse('{"a": 0}\n✅ New JSON:\n{"a": 1}'), { a: 1 });
  });
});
