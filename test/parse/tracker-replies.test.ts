// Model replies quoted in peers' trackers (read for what real replies look like; the inputs are
// shortened). Each is read as meant, alone and inside prose, by parse, repair and the stream alike.
//   unescaped quotes: https://github.com/josdejong/jsonrepair/pull/116 (issues #102, #114)
//                     https://github.com/mangiucugna/json_repair/issues/85, /94, /100, /128, /133, /140, /141, /152
//   structure:        https://github.com/mangiucugna/json_repair/issues/7, /20, /36, /53, /56, /98, /102, /172, /173
//                     https://github.com/josdejong/jsonrepair/issues/147, /137, /145, /160
//   a lost `}`:       https://github.com/vllm-project/vllm/issues/19056, /22885 (tool-call arguments)
//   a quoted bracket: https://github.com/BoundaryML/baml/issues/1755
//   a bare word, a comment after a string: json_repair #146, #137; https://github.com/vaidik/commentjson/issues/10
//   a stray opener:   https://github.com/ollama/ollama/issues/10929 (thinking with a format)
//   doubled braces:   https://github.com/run-llama/llama_index/issues/7886 (a template's `{{`, copied)
//                     https://github.com/langchain-ai/langchain/issues/23297 (on lines of their own)
//                     https://github.com/tinyhumansai/tinyagents/pull/68 (around unquoted keys; three of them)
//   template quote tokens: tinyagents #68; https://github.com/NousResearch/hermes-agent/pull/19887 (Gemma's <|"|>)
//   lost end quotes:  https://github.com/josdejong/jsonrepair/issues/131, /152; json_repair #155
//   a fence in a value: https://github.com/mangiucugna/json_repair/issues/159
//   stray marks:      https://github.com/GD4AI/obsidian-llm-wiki/issues/682; json_repair #135
//   prose after a value whose closers were left out: https://github.com/letta-ai/letta/pull/288
//   a document in a value, its quotes not escaped: https://github.com/stanfordnlp/dspy/issues/8539
//   code in a value, its quotes not escaped: https://github.com/NousResearch/hermes-agent/issues/29597, /pull/36271
//   tool calls written as Python: https://github.com/vllm-project/vllm/issues/22917
//   an empty value beside the answer: https://github.com/promptfoo/promptfoo/issues/5283
//   records in parentheses that are no tuple: https://github.com/microsoft/graphrag/issues/1183
//   a stray word glued to an element's `{`: https://github.com/Project-N-E-K-O/N.E.K.O/pull/1102
//   a fence's opener written twice: https://github.com/langchain-ai/langchainjs/pull/1429
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonMendError, createStreamParser, extract, extractToolCalls, parse, parseWithReport, repair } from '../../src/index.js';
import { isCutOffRepair } from '../../src/parse/kind-flags.js';
import type { TextRepairKind } from '../../src/parse/types.js';
import { streamedEnd } from '../stream/check.js';
import { readsEach } from './reads.js';

const CASES: ReadonlyArray<readonly [input: string, value: unknown]> = [
  ['{ "text": "I want to buy a 65" television" }', { text: 'I want to buy a 65" television' }],
  ['{ "key": "apple "bee" carrot" }', { key: 'apple "bee" carrot' }],
  ['{ "text": "You can try 65", which are good television" }', { text: 'You can try 65", which are good television' }],
  [`[{'id': None, 'name': '12"34"'}]`, [{ id: null, name: '12"34"' }]],
  ['{"score": 3, "comment": "The essay uses terms such as "offside" and "penalty". To improve, be precise."}', { score: 3, comment: 'The essay uses terms such as "offside" and "penalty". To improve, be precise.' }],
  ['{"plot_point": "a"bcd"e"}', { plot_point: 'a"bcd"e' }],
  ['{"Suggestion": "Avoid saying "Bascom Palmer" first, use "UHealth" instead"}', { Suggestion: 'Avoid saying "Bascom Palmer" first, use "UHealth" instead' }],
  ['{"dateSelector": "//meta[@property=\\\'published_time\\\']/@content"}', { dateSelector: "//meta[@property='published_time']/@content" }],
  ['[{"Text": "The 2236QTiMAX 1/2" Impact Wrench was, launched.", "Source": "Power Tools"}]', [{ Text: 'The 2236QTiMAX 1/2" Impact Wrench was, launched.', Source: 'Power Tools' }]],
  // An inch mark after a number that is a word of the text, in an array: json_repair #152 split it
  // into two elements. (`["value1" value2"]`, a word's quote lost, stays two: silent-loss tests.)
  ['{\n"key": ["samsung 32" display"]\n}', { key: ['samsung 32" display'] }],
  ['["a TV, 55.5" wide", "b"]', ['a TV, 55.5" wide', 'b']],
];

const STRUCTURE: ReadonlyArray<readonly [input: string, value: unknown]> = [
  ['[{"type":"x","content":{"aaa":[{"date":"0000-00-00"}],"bbb":[{"date":"0000-00-00"}}]},{"type":"y","content":"z"}]', [{ type: 'x', content: { aaa: [{ date: '0000-00-00' }], bbb: [{ date: '0000-00-00' }] } }, { type: 'y', content: 'z' }]],
  ['{\n    "value_1": true, SHOULD_NOT_EXIST\n    "value_2": "data"\n}', { value_1: true, value_2: 'data' }],
  ['{\n    "value_1":\n    "value_2": "data"\n}', { value_1: null, value_2: 'data' }],
  ['{"n": 30, "phones": [{"phoneNo": "18677770000"], "tasks": [{"taskType": "P", "type": "2"], "status": "not_started"}', { n: 30, phones: [{ phoneNo: '18677770000' }], tasks: [{ taskType: 'P', type: '2' }], status: 'not_started' }],
  ['{\n  "x": {\n    "categories": []  // Placeholder, as categories are derived\n  },\n  "q": ["a", "b"]\n}', { x: { categories: [] }, q: ['a', 'b'] }],
  ['{""answer"":[{""traits"":""Female aged 60+"",""answer1"":""5""}]}', { answer: [{ traits: 'Female aged 60+', answer1: '5' }] }],
  ['here is the json:\n```json\n{\n  "name": "John",\n  "age": 10\n}\n```\n', { name: 'John', age: 10 }],
  // vLLM #19056: the last element's `}` lost before `]}}`. Read as two swapped closers, the value's
  // own `}` went missing too and the whole reply read as cut off.
  ['{"name": "summary", "arguments": {"outline": [{"h2": "a", "g": "x"}, {"h2": "b", "g": "y"]}}', { name: 'summary', arguments: { outline: [{ h2: 'a', g: 'x' }, { h2: 'b', g: 'y' }] } }],
  // BAML #1755: a bracket quoted in the prose before the JSON (`"I, ["`) is no array's opener.
  [' Ok I must get log format starting with "I, ["\n\n{\n  "a": 1,\n  "b": [2]\n}\n', { a: 1, b: [2] }],
  ['Use "[" then {"a": 1}', { a: 1 }],
  // ollama #10929: a stray `{"` before the object.
  ['{"{"summary": "This is a test post about Python programming."}\n', { summary: 'This is a test post about Python programming.' }],
  // json_repair #36: a comma lost after a string, before the next line's key.
  ['{\n  "number": 1,\n  "reason": "According..."\n  "ans": "YES"\n}', { number: 1, reason: 'According...', ans: 'YES' }],
  // json_repair #102: stray `",` and `"",` between members; `""` was read as an empty key with a null.
  ['{"水印时间":"07:58",","水印日期":"2024-10-09","",","水印星期":"星期三",","水印地址":"广东省广州白云区"}', { 水印时间: '07:58', 水印日期: '2024-10-09', 水印星期: '星期三', 水印地址: '广东省广州白云区' }],
  // json_repair #53: a sentence value lost its opening quote; its commas did not end it, its quote did.
  ['[\n  {\n    "Id": 1,\n    "Description": The talk focused on how it integrates with ours, providing a workflow, unlike Jim.",\n    "Said": "John was interested."\n  }\n]', [{ Id: 1, Description: 'The talk focused on how it integrates with ours, providing a workflow, unlike Jim.', Said: 'John was interested.' }]],
  ['{"a": The cat, the dog."}', { a: 'The cat, the dog.' }],
  // ... and with a trailing comma before the object's `}` (json_repair's own suite: it read a key `sic`).
  ['{"lorem": ipsum, sic, datum.",}', { lorem: 'ipsum, sic, datum.' }],
  // llama_index #7886: every brace doubled, as the prompt template escaped them; was an error.
  ['Here is the output in JSON format:\n{{\n  "type": "array",\n  "items": {{\n    "type": "object",\n    "properties": {{\n      "choice": 1,\n      "reason": "x"\n    }},\n    "required": [\n      "choice",\n      "reason"\n    ],\n    "additionalProperties": false\n  }}\n}}\n', { type: 'array', items: { type: 'object', properties: { choice: 1, reason: 'x' }, required: ['choice', 'reason'], additionalProperties: false } }],
  // langchain #23297 (ChatOpenAI): a doubled `{` on a line of its own, one `}`; was an error.
  ['```\n{\n{\n    "task": "Find the report",\n    "steps": [{"step": 1, "tool_to_use": Document_Search_Tool}]\n}\n```', { task: 'Find the report', steps: [{ step: 1, tool_to_use: 'Document_Search_Tool' }] }],
  ['{\n{\n  "a": 1\n}\n}', { a: 1 }],
  // tinyagents #68 (Kimi through GMI): doubled braces around keys written as JavaScript writes them,
  // and three braces (one more on each retry); both were errors.
  ['{{tool:"X",arguments:{guild_id:"Y"}}}', { tool: 'X', arguments: { guild_id: 'Y' } }],
  ['{{{"tool":"X","arguments":{"guild_id":"Y"}}}}', { tool: 'X', arguments: { guild_id: 'Y' } }],
  // tinyagents #68, hermes-agent #19887: Gemma 4's string token leaked into JSON as quotes; an error.
  ['{"channels": [<|"|>discord<|"|>], "date": <|"|>2023-09-18<|"|>}', { channels: ['discord'], date: '2023-09-18' }],
  // ... its text raw, as Gemma's tool calls write it (review: `\n` read as an escape).
  ['{"path": <|"|>C:\\new\\dir<|"|>}', { path: 'C:\\new\\dir' }],
  // json_repair #146: a bare word after an element, then a line break before the `]`: the quote before
  // the word was read as text and the rest of the array and the object went into one key.
  ['{\n"bad_one": [\n"Lorem Ipsum",\n"consectetur" BOGUS\n],\n"good_one": [\n"elit",\n"sed"\n]\n}', { bad_one: ['Lorem Ipsum', 'consectetur', 'BOGUS'], good_one: ['elit', 'sed'] }],
  // json_repair #137, commentjson #10: a `#` comment after a string value (the quote was read as text,
  // and the members after it moved into the inner object); on the last line it ends at its closer.
  ['{ "key": { "key2": "value2" # comment }, "key3": "value3" }', { key: { key2: 'value2' }, key3: 'value3' }],
  ['{\n    "a" : "b" # this is a quote: "\n}', { a: 'b' }],
  // json_repair #159: a fenced document in a value, its quotes not escaped: it was split at the
  // first of them, its members lifted into the outer object and the fence's end set aside.
  ['{"response": "```json\n{\n  "items": [\n    {"id": 1},\n    {"id": 2}\n  ]\n}```"}', { response: '```json\n{\n  "items": [\n    {"id": 1},\n    {"id": 2}\n  ]\n}```' }],
  ['{"code": "```py\nprint("hi")\n```", "n": 1}', { code: '```py\nprint("hi")\n```', n: 1 }],
  // jsonrepair #131, json_repair #155: the last string's end quote lost before the closers; whole, not cut off.
  ['{\n  "ranges": [\n    {"start": "00:00", "end": "00:10"},\n    {"start": "00:17", "end": "00:23}\n  ]\n}', { ranges: [{ start: '00:00', end: '00:10' }, { start: '00:17', end: '00:23' }] }],
  ['```json{"key": "a}```', { key: 'a' }],
  // jsonrepair #137: a `}` too many after an array's element object; read as the array's closer, the
  // next element left the array and the whole became an array of two values.
  ['{"s":[{"q":1}},{"t":2}]}', { s: [{ q: 1 }, { t: 2 }] }],
  // jsonrepair #160: a list's line breaks after backslashes; continued as JavaScript continues a
  // line, the words ran together (`carrotturniplettuce`).
  ['{"groceries": "carrot\\\nturnip\\\nlettuce"}', { groceries: 'carrot\nturnip\nlettuce' }],
  // json_repair #56: an apostrophe in a single-quoted value that lost its closing quote; an error.
  ["{'name': 'Jack O'Sullivan, 'id': '5'}", { name: "Jack O'Sullivan", id: '5' }],
  // json_repair #133: a list of quoted titles in a value, its quotes and line breaks raw; the second
  // item became a key `-`.
  ['{"songs": "- "Tell Me There\'s "a Heaven",\n- "Auberge".", "b": 1}', { songs: '- "Tell Me There\'s "a Heaven",\n- "Auberge".', b: 1 }],
  // jsonrepair #152 (DeepSeek): two keys in a row lost their closing quotes.
  ['{"body": "@root continuing the review...", "suggested_diff_hunk: null, "approve_pr: false}', { body: '@root continuing the review...', suggested_diff_hunk: null, approve_pr: false }],
  // obsidian-llm-wiki #682: a stray `=` before a key (was an error); list bullets before keys.
  ['{\n  "summary": "s",\n  ="mentions_with_provenance": [\n    "a"\n  ]\n}', { summary: 's', mentions_with_provenance: ['a'] }],
  ['{\n- "a": 1,\n- "b": 2\n}', { a: 1, b: 2 }],
  // json_repair #135: a key's opening quote written twice before a digit (the key was lost and two made up).
  ['[{"1":""},{""2":2}]', [{ '1': '' }, { '2': 2 }]],
  // letta #288: the call's last `}` left out, then the tool's reply made up on a line of prose: it
  // became an argument of the call.
  ['{\n"function": "send_message",\n"params": {\n    "inner_thought": "Welcome to AI world. Chatting away.",\n    "message": "Hello! How may I assist you?"\n}\nFUNCTION RETURN {"status": "OK", "message": null", "time": "2023-13-13 16:26 AM PDT-700"}', { function: 'send_message', params: { inner_thought: 'Welcome to AI world. Chatting away.', message: 'Hello! How may I assist you?' } }],
  ['{"a": 1, "b": {"c": 2}\nThanks for asking!', { a: 1, b: { c: 2 } }],
  // dspy #8539: a JSON document written into a string value, its line breaks escaped but not its
  // quotes: its keys ended the string and climbed into the outer object.
  ['{"json": "{\\n "reasoning": "Placeholder reasoning regarding potential interactions.",\\n "actors": ["EntityB", "EntityC"],\\n "details": "Placeholder explanation of possible behavior or activity."\\n}\\n</invoke>"}', { json: '{\n "reasoning": "Placeholder reasoning regarding potential interactions.",\n "actors": ["EntityB", "EntityC"],\n "details": "Placeholder explanation of possible behavior or activity."\n}\n</invoke>' }],
  // hermes-agent #29597: a file's content with Python's triple quotes not escaped; the first of them
  // ended the string and the rest became a made-up empty key.
  ['{"path": "foo.py", "content": "def f():\\n    """Docstring."""\\n    pass"}', { path: 'foo.py', content: 'def f():\n    """Docstring."""\n    pass' }],
  ['{"content": "x = """hi""" + y", "n": 1}', { content: 'x = """hi""" + y', n: 1 }],
  // hermes-agent #36271: quoted arguments of a call in code, not escaped (was an error).
  ['{"path": "a.py", "content": "env.get("KEY", "default")"}', { path: 'a.py', content: 'env.get("KEY", "default")' }],
  ['{"c": "f("a", "b", "c") + g("d")", "n": 1}', { c: 'f("a", "b", "c") + g("d")', n: 1 }],
  // jsonrepair #147: no rule tells which closer is stray; both objects are kept (repairs named).
  ['[{"key":"test"}]},\n{"key2": "test2"}]', [[{ key: 'test' }], { key2: 'test2' }]],
];

describe('replies from peers\' trackers', () => {
  for (const [input, value] of [...CASES, ...STRUCTURE]) {
    for (const text of [input, `Here you go:\n${input}\nHope it helps!`]) {
      test(JSON.stringify(text), () => {
        assert.deepEqual(parse(text), value);
        assert.deepEqual(JSON.parse(repair(text)), value);
        for (const size of [1, 3]) assert.deepEqual(streamedEnd(text, size), value, `in ${size}-character chunks`);
        // Each reply is whole: none reads as cut off.
        assert.deepEqual(parseWithReport(text).repairs.filter((r) => isCutOffRepair(r.kind as TextRepairKind)), []);
      });
    }
  }
  test('a string of one line that lost its end quote before the closers and a note (jsonrepair #131); code cut off stays cut off', () => {
    const { value, repairs } = parseWithReport('{"a": [{"s": "00:23}\n]}\nHope it helps!');
    assert.deepEqual(value, { a: [{ s: '00:23' }] });
    assert.deepEqual(repairs.map((r) => r.kind), ['missing_end_quote', 'surrounding_text']);
    const code = '{"code": "function f() {\n  return 1;\n}\nconsole.log(f()';
    assert.deepEqual(parse(code), { code: 'function f() {\n  return 1;\n}\nconsole.log(f()' });
    assert.ok(parseWithReport(code).repairs.some((r) => r.kind === 'truncated'));
    for (const size of [1, 3]) assert.deepEqual(streamedEnd('{"a": [{"s": "00:23}\n]}\nHope it helps!', size), { a: [{ s: '00:23' }] });
  });
  test('a string that opens with backticks but no code block in prose is a plain string', () => {
    assert.deepEqual(parse('Here: {"a": "```", "b": 1} Done.'), { a: '```', b: 1 });
    assert.deepEqual(parse('{"a": "```x``` and "q" here", "b": 1}'), { a: '```x``` and "q" here', b: 1 });
  });
  test('a line of words inside an object that goes on after it is no prose ending the value', () => {
    assert.deepEqual(parse('{\n  "a": 1\n  some note here\n  "b": 2\n}'), { a: 1, b: 2 });
    assert.deepEqual(parse('{\n  "a": 1\n  first name "Ann"\n}'), { a: 1, 'first name': 'Ann' });
  });
  test('a word whose closing quote was lost before the next one stays two elements', () => {
    assert.deepEqual(parse('["value1" value2", "value3"]'), ['value1', 'value2', 'value3']);
  });
});

test('a tool call whose arguments lost an element\'s `}` is read, not refused as cut off (vLLM #19056)', () => {
  const text = '<tool_call>\n{"name": "summary", "arguments": {"outline": [{"h2": "a"}, {"h2": "b"]}}\n</tool_call>';
  const [call] = extractToolCalls(text, { tools: [{ name: 'summary' }] }).calls;
  assert.deepEqual(call.arguments, { outline: [{ h2: 'a' }, { h2: 'b' }] });
  assert.deepEqual(call.repairs.map((r) => r.kind), ['mismatched_closer']);
});

describe("a model's end token after its last text (served raw; mastra-ai/mastra #13829's replies end so)", () => {
  // The token after a string the object never closed was read as the string's text: `"Paris\"<|im_end|>"`.
  const CASES: ReadonlyArray<readonly [input: string, value: unknown]> = [
    ['{"city": "Paris"<|im_end|>', { city: 'Paris' }],
    ['{"city":"Paris"<|endoftext|>', { city: 'Paris' }],
    ['{"a": [1, 2<|eot_id|>\n', { a: [1, 2] }],
    ['{"a": "x"</s>', { a: 'x' }],
    ['{"a": "x"<end_of_turn>', { a: 'x' }],
    ['{"a": "x", "b": tr<|im_end|><|endoftext|>', { a: 'x', b: true }],
    ['Sure: {"city": "Paris"<|return|>', { city: 'Paris' }],
    ['{"city": "Paris"}<|im_end|>', { city: 'Paris' }],
    ['```json\n{"a": 1}\n```<|im_end|>', { a: 1 }],
    // Inside a string, a token is text.
    ['{"template": "<|im_end|>"}', { template: '<|im_end|>' }],
    ['{"a": "<|im_end|> and more"', { a: '<|im_end|> and more' }],
  ];
  for (const [input, value] of CASES) {
    test(JSON.stringify(input), () => {
      assert.deepEqual(parse(input), value);
      assert.deepEqual(parseWithReport(input).value, value);
      assert.deepEqual(JSON.parse(repair(input)), value);
      for (const size of [1, 3]) assert.deepEqual(streamedEnd(input, size), value, `in ${size}-character chunks`);
    });
  }
  test('the token is named (surrounding_text); an object left open still reads as cut off', () => {
    const kinds = parseWithReport('{"city": "Paris"<|im_end|>').repairs.map((r) => [r.kind, 'offset' in r ? r.offset : undefined]);
    assert.deepEqual(kinds, [['surrounding_text', 16], ['truncated', 16]]);
  });
});

describe('a function call with keyword arguments, or none, is its text (vLLM #22917)', () => {
  // Read as a constructor around a value, the call lost its name and its arguments' names, and a
  // quoted argument was split at its comma: `[[], ["location=\"Dublin", "Ireland", …]]`.
  const CASES: ReadonlyArray<readonly [input: string, value: unknown]> = [
    ['[get_todays_date(), get_weather(location="Dublin, Ireland", date="2025-04-14")]', ['get_todays_date()', 'get_weather(location="Dublin, Ireland", date="2025-04-14")']],
    ['{"a": f(x=")", y=[1, 2]), "b": 2}', { a: 'f(x=")", y=[1, 2])', b: 2 }],
    // A constructor around a value keeps its value.
    ['{"id": ObjectId("x"), "n": NumberLong(2)}', { id: 'x', n: 2 }],
  ];
  readsEach(CASES);
  test('the call is named as quoted text', () => {
    assert.deepEqual(parseWithReport('[ls()]').repairs.map((r) => [r.kind, 'detail' in r ? r.detail : undefined]), [['unquoted_string', 'quoted the function call ls(…)']]);
  });
});

describe('a reply cut off in a backslash after a string (jsonrepair #145)', () => {
  // The string's closing quote was kept as its text (`"解锁新技能选项。\""`).
  const input = '{"relativePath": "chapters/x.md", "content": "解锁新技能选项。"\\';
  test('the string ends at its quote; the reply reads as cut off', () => {
    const value = { relativePath: 'chapters/x.md', content: '解锁新技能选项。' };
    assert.deepEqual(parse(input), value);
    assert.deepEqual(JSON.parse(repair(input)), value);
    assert.deepEqual(streamedEnd(input, 1), value);
    assert.ok(parseWithReport(input).repairs.some((r) => r.kind === 'truncated'));
  });
  test('after a whole value, a backslash is text after it, not a cut', () => {
    assert.deepEqual(parseWithReport('{"a": 1}\\').repairs.map((r) => r.kind), ['surrounding_text']);
  });
});

describe('an empty array side by side with the answer (promptfoo #5283, GPT-5-mini)', () => {
  // The reply read `Reasoning: []{ "MyField": … }`: the `[]` was taken, and the answer dropped.
  const CASES: ReadonlyArray<readonly [input: string, value: unknown]> = [
    ['Reasoning: []{\n  "MyField": "The answer is 42."\n}', { MyField: 'The answer is 42.' }],
    ['Reasoning: []\n{"a": 1, "items": [1, 2]}', { a: 1, items: [1, 2] }],
    ['x: {} [1, 2]', [1, 2]],
    // With prose between them, the empty array is what the reply gave first, as before.
    ['Result: []\n\nAn example of a match: {"a": 1}', []],
    ['Result: [] and {"a": 1}', []],
  ];
  readsEach(CASES);
});

describe('code whose call has a quoted argument and another after it (gemini-cli #26493, lobehub #14150)', () => {
  // `f("a", 1)`: the comma after `"a"` read as the string's end, so the code was cut there and its
  // tail became a made-up key (`{"c": "f(\"a", "1)": ""}`); under a schema without extra properties
  // the tail was dropped and the cut code came back as the value.
  const CASES: ReadonlyArray<readonly [input: string, value: unknown]> = [
    ['{"c": "f("a", 1)"}', { c: 'f("a", 1)' }],
    ['{"c": "print(x, "a", None)", "d": 2}', { c: 'print(x, "a", None)', d: 2 }],
    ['{"content": "cat("Done", "\\n")"}', { content: 'cat("Done", "\n")' }],
    ['Here: {"c": "f("a", 1)", "d": 2} ok', { c: 'f("a", 1)', d: 2 }],
    // Not a call's: a parenthesis closed before the quote, or none open.
    ['{"a": "x (y) "z", "b": 1}', { a: 'x (y) "z', b: 1 }],
  ];
  readsEach(CASES);
});

describe('records that only look like a tuple (GraphRAG #1183)', () => {
  // GraphRAG asks for `("entity"<|>NAME<|>TYPE<|>DESCRIPTION)##…` records. The `(` at the start was
  // read as a tuple and the rest of the reply became one made-up string in an array.
  const NO_VALUE = [
    '("entity"<|>避难层<|>建筑空间<|>建筑内用于人员暂时躲避火灾及其烟气危害的楼层)##\n<|COMPLETE|>',
    '("entity"<|>x<|>y)##("relationship"<|>x<|>y<|>z)',
    '(see above)',
  ];
  for (const input of NO_VALUE) {
    test(JSON.stringify(input), () => {
      assert.throws(() => parse(input), { code: 'NO_JSON' });
      assert.throws(() => repair(input), { code: 'NO_JSON' });
      for (const size of [1, 3]) assert.throws(() => streamedEnd(input, size), { code: 'NO_JSON' });
    });
  }
  // A tuple's first element followed by `,`, `)`, another element or the text's end still opens one.
  readsEach([
    ['("a", 1)', ['a', 1]],
    ["('a', 'b')", ['a', 'b']],
    ['("a")', ['a']],
    ['("a" "b")', ['a', 'b']],
    ['(a, b)', ['a', 'b']],
    ['(1, 2)', [1, 2]],
    ['("a", 1', ['a', 1]],
    // A dotted name first (the fifth rerun's probes: refused at 625eda2).
    ['(np.float64(0.5), np.float64(0.3))', [0.5, 0.3]],
    ['(Color.RED, 2)', ['Color.RED', 2]],
    ['(torch.Size([1, 2]), 3)', [[1, 2], 3]],
  ]);
});

describe('a stray word glued to an object where a value belongs (N.E.K.O #1102)', () => {
  // A reply from the app's logs: `결` before two of three options. Read as text, the word took the
  // object into a string; the next key moved up to the outer object and option C was lost.
  const options = [
    { label: 'A', text: '你想要什么口味的奶昔？' },
    { label: 'B', text: '当然买，只要你开心。' },
    { label: 'C', text: '奶昔会变成魔法药水吗？' },
  ];
  readsEach([
    ['{"options":[{"label":"A","text":"你想要什么口味的奶昔？"},결{"label":"B","text":"当然买，只要你开心。"},결{"label":"C","text":"奶昔会变成魔法药水吗？"}]}', { options }],
    ['[{"a":1},x{"a":2}]', [{ a: 1 }, { a: 2 }]],
    ['{"a": x{"b": 1}}', { a: { b: 1 } }],
    ['[1, x{}]', [1, {}]],
    // Not before an object's key: text, as before.
    ['[1, x{y}]', [1, 'x{y}']],
    ['["a", x[2]]', ['a', 'x[2]']],
  ]);
  test('named as a stray word', () => {
    assert.deepEqual(parseWithReport('[{"a":1},x{"a":2}]').repairs.map((r) => r.kind), ['stray_word']);
  });
});

describe('a fence opener written twice (langchainjs #1429)', () => {
  // ```` ``` ```` then ```` ```json ````: the first fence held the answer as text, so a later fence won
  // — the model's made-up final answer after an invented Observation.
  const reply = "I'm sorry for the confusion earlier. Here is the correct response that satisfies the Instructions:\n\n```\n```json\n{\n  \"action\": \"exam score\",\n  \"action_input\": {\n    \"type\": \"string\"\n  }\n}\n``` \n\nObservation: 100 \n\n```json\n{\n  \"action\": \"Final Answer\",\n  \"action_input\": \"Your exam score is 100.\"\n}\n```\n```";
  readsEach([
    [reply, { action: 'exam score', action_input: { type: 'string' } }],
    ['```\n```json\n{"a": 1}\n```\n\nObservation: x\n\n```json\n{"b": 2}\n```', { a: 1 }],
    ['```\n```json\n[1, 2]\n```', [1, 2]],
    // A space after the language (the review).
    ['```\n```json \n{"a": 1}\n```\n\nAlso:\n```json\n{"b": 2}\n```', { a: 1 }],
  ]);
  test('the fence is found with its language', () => {
    const [first] = extract('```\n```json\n{"a": 1}\n```\n\n```json\n{"b": 2}\n```');
    assert.deepEqual([first.source, first.text, first.language], ['fence', '{"a": 1}', 'json']);
  });
});

describe("MetaGPT's [CONTENT] markers around a damaged value (MetaGPT's test_repair_llm_raw_output fixtures)", () => {
  // The marker on its own line was read as an array of one word: ["CONTENT"], or beside the value.
  readsEach([
    ['[CONTENT]\n    "Anything UNCLEAR": "No unclear requirements or information."\n[CONTENT]', { 'Anything UNCLEAR': 'No unclear requirements or information.' }],
    ['[CONTENT]\n{\n    "key": "value"\n]', { key: 'value' }],
    ['[CONTENT]\n{"a": 1, "b": [1, 2],}\n[/CONTENT]', { a: 1, b: [1, 2] }],
    ['[CONTENT]\n{"a": 1}\n[/CONTENT]', { a: 1 }],
    // Text after the closing marker is the reply's (the rerun's probes: it was read as ["/CONTENT"]).
    ['[CONTENT]\n{"a": 1}\n[/CONTENT]\nLet me know.', { a: 1 }],
    ['[CONTENT]\n{"a": 1}\n[/CONTENT] Done.', { a: 1 }],
    ['[CONTENT]\n{"a": 1}\n[/CONTENT]\n[CONTENT]\n{"b": 2}\n[/CONTENT]', { a: 1 }],
    ['[CONTENT]\n{"a": "x [/CONTENT] y"}\n[/CONTENT]', { a: 'x [/CONTENT] y' }],
  ]);
  test('a word in brackets alone is no array of it', () => {
    assert.throws(() => parse('[TODO]\nfix it'), { code: 'NO_JSON' });
    assert.deepEqual(parse('[1]\n[2]'), [[1], [2]]);
  });
});

describe('a template echoed before the answer (session 33 schema probe F5)', () => {
  // The template's value was the answer: its strings are placeholders, and the answer came after it.
  readsEach([
    ['{"name": "<name>"}\nAnswer: {"name": "Ada"}', { name: 'Ada' }],
    ['Example: {"name": "{name}", "age": 0}\nAnswer: {"name": "Ada", "age": 36}', { name: 'Ada', age: 36 }],
    ['Format: {"title": "[Title]"}\n\nHere it is: {"title": "Dune"}', { title: 'Dune' }],
    // A template alone, or with no answer after it, is still read.
    ['{"name": "<name>"}', { name: '<name>' }],
    // A JSON Schema, or a map of fields to types, is an answer: a type's name is no placeholder.
    ['{"type": "object", "properties": {"name": {"type": "string"}}}\n\nFor example {"name": "Ada"}', { type: 'object', properties: { name: { type: 'string' } } }],
    ['{"name": "string", "age": "integer"}\n\nA row: {"name": "Ada", "age": 36}', { name: 'string', age: 'integer' }],
    // Markup and checkboxes are text (the rerun's probes).
    ['{"tag": "<br>"} is used, not {"tag": "<p>"}', { tag: '<br>' }],
    ['{"done": "[x]"} then {"done": "[ ]"}', { done: '[x]' }],
    ['{"name": "<name>"} is the format; I could not find the name.', { name: '<name>' }],
  ]);
  test('through a schema too', () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
    assert.deepEqual(parse('{"name": "<name>"}\nAnswer: {"name": "Ada"}', { schema }), { name: 'Ada' });
  });
});

describe('prose in braces is no object (letta #278, the second survey)', () => {
  test('an unquoted key that holds a sentence is an error, not made-up members', () => {
    // Before: {"Hey": null, "thanks for login! How can I assist you today?": "D"}.
    for (const text of [
      '{Hey, thanks for login! How can I assist you today? :D\n### Inner Monologue: w00t! First time user! 🚀\n}',
      '{Hey there! How can I help? :D}',
    ]) {
      assert.throws(() => parse(text), (e) => e instanceof JsonMendError && e.code === 'UNREPAIRABLE' && /prose in braces/.test(e.message), text);
    }
    // A key ending in `?` (TypeScript's optional property) and prose braces before the answer are as before.
    assert.deepEqual(parse('{done?: true, name: "x"}'), { 'done?': true, name: 'x' });
    assert.deepEqual(parse('Reply: {Hey there! How are you? :D} and {"a": 1}'), { a: 1 });
  });
});

describe("a variable's name where the data goes is no value (LightRAG #414, session 35 survey)", () => {
  test('a bare word that repeats its key is an error, not a made-up string', () => {
    // The model wrote Python that builds the dict from variables; LightRAG cut the dict out. Before:
    // {"high_level_keywords": "high_level_keywords", …}, and with a list schema `["high_level_keywords"]`.
    const text = '{\n        "high_level_keywords": high_level_keywords,\n        "low_level_keywords": low_level_keywords\n    }';
    const schema = {
      type: 'object',
      properties: { high_level_keywords: { type: 'array', items: { type: 'string' } }, low_level_keywords: { type: 'array', items: { type: 'string' } } },
    } as const;
    for (const run of [() => parse(text), () => parse(text, { schema }), () => repair(text), () => parse(`{name: name, age: 3}`)]) {
      assert.throws(run, (e) => e instanceof JsonMendError && e.code === 'UNREPAIRABLE' && /name of a variable/.test(e.message));
    }
    // A bare word that is not its key is text, as before.
    assert.deepEqual(parse('{"status": active, "name": John Smith}'), { status: 'active', name: 'John Smith' });
  });
});

describe('a reply cut off inside a later value (session 35 loop probe F6)', () => {
  test('the value read says the reply was cut off; callers that refuse cut-off replies refuse it', () => {
    const replies = [
      'Calling: {"city": "Oslo"} and also {"city": "Par',
      '{"city": "Oslo"} and also {"city": "Par',
      '```json\n{"city": "Oslo"}\n```\nAnd then {"city":',
    ];
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } as const;
    for (const text of replies) {
      // Before: {"city": "Oslo"} with only surrounding_text reported, through a schema and tool arguments too.
      const r = parseWithReport(text);
      assert.deepEqual(r.value, { city: 'Oslo' }, text);
      const cut = r.repairs.find((x) => x.kind === 'truncated');
      assert.ok(cut && 'offset' in cut && text.slice(cut.offset).startsWith('{"city":'), `${text}: ${JSON.stringify(r.repairs)}`);
      assert.throws(() => parse(text, { schema }), (e) => e instanceof JsonMendError && e.code === 'REPAIR_REFUSED', text);
      assert.throws(() => parse(text, { disable: ['truncated'] }), (e) => e instanceof JsonMendError && e.code === 'REPAIR_REFUSED', text);
      assert.deepEqual(parse(text, { schema, acceptTruncated: true }), { city: 'Oslo' });
      // The stream ends with the same repairs.
      const seen: string[] = [];
      const s = createStreamParser({ onRepair: (rs) => seen.push(...rs.map((x) => `${x.kind}@${'offset' in x ? x.offset : ''}`)) });
      for (let i = 0; i < text.length; i += 3) s.push(text.slice(i, i + 3));
      assert.deepEqual(s.end(), { city: 'Oslo' });
      assert.deepEqual(seen.sort(), r.repairs.map((x) => `${x.kind}@${'offset' in x ? x.offset : ''}`).sort(), text);
    }
    // A later fence left open around a whole value was not cut off (BAML's test_class.rs:188).
    const open = 'Build it:\n```json\n{"foo": {"a": "hi"}}\n```\nand this\n```json\n{"foo": {"a": "two"}}';
    assert.ok(!parseWithReport(open).repairs.some((x) => x.kind === 'truncated'));
  });
});
