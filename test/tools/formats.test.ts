// extractToolCalls, one describe per format. Every case is written in our own words, modelled on
// model output reported in these public threads (the shape, token spelling and failure they show):
//
// hermes       https://github.com/ollama/ollama/issues/11381 (Qwen3 writes <tool_call> JSON into content)
//              https://github.com/NousResearch/hermes-agent/pull/3518 (Hermes-4 <tool_call> tags in text content)
//              https://github.com/ROCm/ATOM/pull/1427 (several blocks; unclosed trailing block)
// qwen3_coder  https://github.com/lablup/mlxcel/issues/204 (Qwen3-Coder XML returned as raw text)
//              https://github.com/theroyallab/tabbyAPI/pull/378 (<tool_call><function=read><parameter=file_path>)
//              https://github.com/antoinezambelli/forge/pull/56 (bare <function=bash> without <tool_call>)
//              https://github.com/ggml-org/llama.cpp/pull/15162 (string values raw, others JSON)
// llama        https://github.com/raullenchai/Rapid-MLX/issues/700 and /pull/703 (<|python_tag|> and bare {"name","parameters"})
//              https://github.com/vllm-project/vllm/pull/8343 (Llama 3.1 JSON tool use)
// mistral      https://github.com/ml-explore/mlx-lm/issues/1374 ([TOOL_CALLS] [{…}] JSON list)
//              https://github.com/raullenchai/Rapid-MLX/issues/1071 ([TOOL_CALLS]web_search[ARGS]{…})
// harmony      https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/942 (to=functions.NAME<|constrain|>json, no space)
//              https://github.com/lablup/mlxcel/issues/654 (analysis channel then commentary to=functions.read_file)
//              https://github.com/waybarrios/vllm-mlx/pull/50 (header split over lines)
// deepseek     https://github.com/vllm-project/vllm/pull/23454 and https://github.com/sgl-project/sglang/pull/9446
//              (V3/R1: function<｜tool▁sep｜>NAME + ```json fence; V3.1: NAME<｜tool▁sep｜>{…})
//              https://github.com/deepseek-ai/DeepSeek-V3/issues/944 (vLLM-served DeepSeek tool calls lost)
// deepseek_dsml vLLM's deepseekv32 and deepseekv4 tool parsers (DSML: <｜DSML｜invoke name=…>, string="true|false",
//              in <｜DSML｜function_calls>, V4 <｜DSML｜tool_calls>; the tokens are not special, so they reach the text)
// kimi_k2      https://github.com/vllm-project/vllm/issues/41739 (Kimi K2.6 tool calls; functions.NAME:0 ids)
//              https://github.com/ikawrakow/ik_llama.cpp/pull/628 (the section and call tokens in text)
// glm45        https://github.com/ikawrakow/ik_llama.cpp/discussions/753 (GLM-4.5-Air writes <tool_call>ls <arg_key>…)
// invoke       https://github.com/ikawrakow/ik_llama.cpp/pull/628 (Kimi K2's XML fallback: <tool_call><invoke name=…>)
//              MiniMax-M2's <minimax:tool_call><invoke name="…"><parameter name="…"> as its model card shows it
// minimax_m3   llama.cpp's common/parsers/minimax-m3.cpp and clients that read the leaked markup (the
//              namespace token ]<]minimax[>[ before every tag, <KEY>value</KEY> parameters)
// gemma        vLLM's gemma4 and functiongemma tool parsers, and Google's Gemma 4 function-calling page
//              (<|tool_call>call:NAME{key:<|"|>value<|"|>}<tool_call|>, <turn|> for the closer, (…) for {…};
//              FunctionGemma's <start_function_call>call:NAME{key:<escape>value<escape>}<end_function_call>)
// pythonic     vLLM's pythonic and llama4_pythonic tool parsers (Llama 3.2 / Llama 4: [NAME(key=value), …]),
//              its olmo3 parser (calls one per line in <function_calls>), Google's Gemma 3 function-calling
//              guide (```tool_code fences), vLLM's lfm2 parser (<|tool_call_start|>[…]<|tool_call_end|>)
// json         https://github.com/ollama/ollama/issues/13519 (llama3.2 fenced {"name","parameters"} in content)
//              https://github.com/NousResearch/hermes-agent/issues/5867 (qwen2.5-coder bare {"name","arguments"})
//              https://github.com/sgomez/ollama-ai-provider/pull/11 (two call objects one after the other)
//              https://github.com/vllm-project/vllm/issues/11786 ({"type":"function","function":{…}} wrapper)
//              https://github.com/atwmarshall/dead-reckoning/issues/30 (`;`-separated calls, a made-up tool name)
//              vLLM's granite and phi4_mini_json tool parsers (Granite's `<|tool_call|>[…]`, Phi-4-mini's `functools[…]`)
// arguments    https://github.com/vllm-project/vllm/pull/25729 (arguments written as a JSON string)
//              https://github.com/run-llama/llama_index/issues/7886 (doubled braces copied from an f-string prompt)
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { JsonMendError, SchemaError, TOOL_CALL_FORMATS, createToolCallStream, extractToolCalls, type ToolCall, type ToolCallOptions } from '../../src/index.js';

const weather = {
  type: 'object',
  properties: { location: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] }, days: { type: 'integer' } },
  required: ['location'],
  additionalProperties: false,
};
const search = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };
const readFile = { type: 'object', properties: { path: { type: 'string' }, limit: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } }, required: ['path'] };

/** The calls of `text`, after checking that the stream in 1- and 3-character chunks ends with the same. */
function readAlike(text: string, tools: ToolCallOptions['tools']): ReturnType<typeof extractToolCalls> {
  const whole = extractToolCalls(text, { tools });
  for (const size of [1, 3]) {
    const s = createToolCallStream({ tools });
    for (let k = 0; k < text.length; k += size) s.push(text.slice(k, k + size));
    assert.deepEqual(s.end(), whole, `in ${size}-character chunks`);
  }
  return whole;
}

const tools = [
  { name: 'get_weather', schema: weather },
  { name: 'web_search', schema: search },
  { name: 'read_file', schema: readFile },
];

function calls(text: string): Array<[string, string, unknown]> {
  return extractToolCalls(text, { tools }).calls.map((c) => [c.format, c.name, c.arguments]);
}

function only(text: string): ToolCall {
  const found = extractToolCalls(text, { tools }).calls;
  assert.equal(found.length, 1, `expected one call, got ${found.length}`);
  return found[0];
}

function throwsCode(text: string, code: string, pattern: RegExp): void {
  assert.throws(() => extractToolCalls(text, { tools }), (e: unknown) => {
    assert.ok(e instanceof JsonMendError);
    assert.equal(e.code, code);
    assert.match(e.message, pattern);
    return true;
  });
}

/** The calls a stream reports for `text` pushed in 3-character chunks; its end() must agree with extractToolCalls. */
function streamed(text: string): ToolCall[] {
  const stream = createToolCallStream({ tools });
  const reported: ToolCall[] = [];
  for (let i = 0; i < text.length; i += 3) for (const e of stream.push(text.slice(i, i + 3))) if (e.type === 'call') reported.push(e.call);
  assert.deepEqual(stream.end(), extractToolCalls(text, { tools }));
  return reported;
}

describe('hermes: <tool_call>{json}</tool_call>', () => {
  test('one call after prose; the text keeps the prose only', () => {
    const reply = 'I will look that up.\n<tool_call>\n{"name": "web_search", "arguments": {"query": "tide times Brest"}}\n</tool_call>';
    const r = extractToolCalls(reply, { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments]), [['hermes', 'web_search', { query: 'tide times Brest' }]]);
    assert.equal(r.text, 'I will look that up.');
    assert.deepEqual(r.calls[0].span, { start: reply.indexOf('<tool_call>'), end: reply.length });
  });

  test('several blocks in a row, in order', () => {
    const reply = '<tool_call>\n{"name": "get_weather", "arguments": {"location": "Lyon"}}\n</tool_call>\n<tool_call>\n{"name": "web_search", "arguments": {"query": "Lyon events"}}\n</tool_call>';
    assert.deepEqual(calls(reply), [['hermes', 'get_weather', { location: 'Lyon' }], ['hermes', 'web_search', { query: 'Lyon events' }]]);
  });

  test('an array of calls inside one block', () => {
    const reply = '<tool_call>[{"name": "web_search", "arguments": {"query": "a"}}, {"name": "web_search", "arguments": {"query": "b"}}]</tool_call>';
    assert.deepEqual(calls(reply).map((c) => c[2]), [{ query: 'a' }, { query: 'b' }]);
  });

  test('the closing tag eaten by the stop token: a complete call still counts', () => {
    assert.deepEqual(calls('<tool_call>\n{"name": "web_search", "arguments": {"query": "x"}}'), [['hermes', 'web_search', { query: 'x' }]]);
  });

  test('a missing closing tag before the next block', () => {
    const reply = '<tool_call>{"name": "web_search", "arguments": {"query": "a"}}\n<tool_call>{"name": "web_search", "arguments": {"query": "b"}}</tool_call>';
    assert.deepEqual(calls(reply).map((c) => c[2]), [{ query: 'a' }, { query: 'b' }]);
  });

  test('damaged JSON and a schema repair: trailing comma, "3" for an integer', () => {
    const c = only("<tool_call>{'name': 'get_weather', 'arguments': {'location': 'Oslo', 'days': '3',}}</tool_call>");
    assert.deepEqual(c.arguments, { location: 'Oslo', days: 3 });
    assert.ok(c.repairs.some((r) => r.kind === 'string_to_integer'));
    assert.ok(c.repairs.some((r) => r.kind === 'single_quotes' || r.kind === 'trailing_comma'));
  });

  test('the opening tag lost after </think>: the bare call object still counts, the stray closer goes', () => {
    const r = extractToolCalls('<think>need a search</think>\n{"name": "web_search", "arguments": {"query": "q"}}\n</tool_call>', { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name]), [['json', 'web_search']]);
    assert.equal(r.text, '<think>need a search</think>');
  });

  test('the tag mentioned in prose gives no call and leaves the text alone', () => {
    const reply = 'Wrap each call in <tool_call></tool_call> tags, e.g. <tool_call> then your JSON.';
    assert.deepEqual(extractToolCalls(reply, { tools }), { calls: [], text: reply });
  });

  test('a call written as a function call to one of tools (vLLM #39172): its name and arguments (call_syntax)', () => {
    const c = only('<tool_call>get_weather({"location": "Paris"})</tool_call>');
    assert.deepEqual([c.format, c.name, c.arguments, c.rewrites], ['hermes', 'get_weather', { location: 'Paris' }, ['call_syntax']]);
    throwsCode('<tool_call>unknown({"location": "Paris"})</tool_call>', 'UNREPAIRABLE', /names no tool/);
  });

  // sglang #12894 (Qwen3): "argument", singular, holds the arguments; it was taken for a flat argument
  // named so (no schema) or the schema found nothing (with one).
  test('Qwen3\'s singular "argument" holding an object is the arguments (sglang #12894)', () => {
    const reply = '<tool_call>\n{"name": "get_weather", "argument": {"location": "London"}}\n</tool_call>';
    const r = readAlike(reply, tools);
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments, c.rewrites]), [['hermes', 'get_weather', { location: 'London' }, []]]);
    assert.deepEqual(readAlike(reply, [{ name: 'get_weather' }]).calls.map((c) => c.arguments), [{ location: 'London' }]);
    assert.deepEqual(calls('{"name": "web_search", "argument": {"query": "a"}}'), [['json', 'web_search', { query: 'a' }]]);
    // As text it is no arguments member: a debate's answer stays one, and in markup it is a flat argument.
    const answer = '{"name": "Alice", "argument": "Free will exists."}';
    assert.deepEqual(extractToolCalls(answer, { tools }), { calls: [], text: answer });
    assert.deepEqual(extractToolCalls('<tool_call>{"name": "f", "argument": "x"}</tool_call>', { tools: [{ name: 'f' }] }).calls.map((c) => [c.arguments, c.rewrites]), [[{ argument: 'x' }, ['flat_arguments']]]);
  });
});

describe('hermes: the tool named in the tag, <tool_call name="NAME">{arguments}</tool_call>', () => {
  // felinics/Memoh #435 (DeepSeek V4-Pro in a WeChat/Feishu agent), survey s33/c L3: no call, no error.
  test('<tool_call id="…" name="NAME"> and <function_call name="NAME"> with the arguments\' JSON (Memoh #435)', () => {
    const reply = 'Let me read it.\n<tool_call id="call_00_xxx" name="read_file">\n{"path": "Aide & GPT-Runner 交流群", "limit": 80}\n</tool_call>';
    const r = readAlike(reply, tools);
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments, c.id]), r.text], [[['hermes', 'read_file', { path: 'Aide & GPT-Runner 交流群', limit: 80 }, 'call_00_xxx']], 'Let me read it.']);
    assert.deepEqual(readAlike("<tool_call name='web_search' >{\"query\": \"a\"}</tool_call><tool_call name=\"web_search\">{\"query\": \"b\"}</tool_call>", tools).calls.map((c) => c.arguments), [{ query: 'a' }, { query: 'b' }]);
    assert.deepEqual(readAlike('<function_call name="web_search">{"query": "a"}</function_call>', tools).calls.map((c) => [c.format, c.arguments]), [['hermes', { query: 'a' }]]);
  });

  test('mentioned in prose, or with other attributes, no call; cut off, a body of text or a tool not given, an error', () => {
    for (const t of ['Wrap it in <tool_call name="web_search"> tags.', '<tool_call name="web_search" lang="en">{"query": "a"}</tool_call>']) assert.deepEqual(readAlike(t, tools), { calls: [], text: t });
    throwsCode('<tool_call name="web_search">{"query": "a', 'UNREPAIRABLE', /"web_search".*cut off/);
    throwsCode('<tool_call name="web_search">look it up</tool_call>', 'UNREPAIRABLE', /neither JSON nor/);
    throwsCode('<tool_call name="rm">{}</tool_call>', 'SCHEMA_MISMATCH', /"rm"/);
  });
});

describe('a header the end of the reply cut off before its ">" (session 33, round 2 left it)', () => {
  // `<function=get_weather` or `<invoke name="get_weather"` ending a reply gave no call and no error.
  const tools = [{ name: 'get_weather' }];
  test('is a call cut off, one-shot and streamed; a header in prose stays text', () => {
    for (const text of ['<function=get_weather', '<tool_call><function=get_weather', '<invoke name="get_weather"', "<invoke name='get_weather"]) {
      assert.throws(() => extractToolCalls(text, { tools }), { code: 'UNREPAIRABLE', message: /cut off/ }, text);
      const s = createToolCallStream({ tools });
      for (const ch of text) s.push(ch);
      assert.throws(() => s.end(), { code: 'UNREPAIRABLE' }, text);
    }
    for (const text of ['Use <function=NAME> tags.', 'text <function=', 'a <function=get weather']) assert.deepEqual(extractToolCalls(text, { tools }).calls, [], text);
  });
});

describe('a header the end of the reply cut off right after the tool\'s name (session 34)', () => {
  // Each gave no call and no error: `<|tool_call>call:get_weather`, `[TOOL_CALLS]get_weather`,
  // `<tool_call>get_weather` ending the reply, and the same in the other formats' headers.
  const tools = [{ name: 'get_weather' }, { name: 'ping' }];
  /** extractToolCalls and the stream's end() in 1- and 3-character chunks both throw `code` with a message matching `pattern`. */
  function throwsEverywhere(text: string, code: string, pattern: RegExp): void {
    assert.throws(() => extractToolCalls(text, { tools }), (e: unknown) => e instanceof JsonMendError && e.code === code && pattern.test(e.message), text);
    for (const size of [1, 3]) {
      const s = createToolCallStream({ tools });
      for (let k = 0; k < text.length; k += size) s.push(text.slice(k, k + size));
      assert.throws(() => s.end(), (e: unknown) => e instanceof JsonMendError && e.code === code && pattern.test(e.message), `${text} in ${size}-character chunks`);
    }
  }
  const cut = (format: string, line = 1) => new RegExp(`^the call to "get_weather" \\(${format}, line ${line}\\) is cut off`);

  test('gemma: the name, or an empty "{" or "(", then the reply\'s end; a complete {} is a call', () => {
    for (const text of ['<|tool_call>call:get_weather', '<|tool_call>call:get_weather ', '<|tool_call>:get_weather', '<start_function_call>call:get_weather', '<|tool_call>call:get_weather{', '<|tool_call>call:get_weather( ']) {
      throwsEverywhere(text, 'UNREPAIRABLE', cut('gemma'));
    }
    throwsEverywhere('Checking.\n<|tool_call>call:get_weather', 'UNREPAIRABLE', cut('gemma', 2));
    assert.deepEqual(readAlike('<|tool_call>call:ping{}', tools).calls.map((c) => [c.name, c.arguments]), [['ping', {}]]);
    assert.deepEqual(readAlike('<|tool_call>call:ping{}<tool_call|>', tools).calls.map((c) => [c.name, c.arguments]), [['ping', {}]]);
  });

  test('mistral: the name, or inside [ARGS] or the call id, then the reply\'s end', () => {
    for (const text of ['[TOOL_CALLS]get_weather', '[TOOL_CALLS] get_weather\n', '[TOOL_CALLS]get_weather[AR', '[TOOL_CALLS]get_weather[ARGS]', '[TOOL_CALLS]get_weather[ARGS]{', '[TOOL_CALLS]get_weather[CALL_I', '[TOOL_CALLS]get_weather[CALL_ID]a5jR3k2lP']) {
      throwsEverywhere(text, 'UNREPAIRABLE', cut('mistral'));
    }
  });

  test('glm45: <tool_call>NAME, or inside its first <arg_key>, then the reply\'s end', () => {
    for (const text of ['<tool_call>get_weather', '<tool_call>\nget_weather\n', '<tool_call>get_weather<arg_']) throwsEverywhere(text, 'UNREPAIRABLE', cut('glm45'));
  });

  test('deepseek: NAME before its <｜tool▁sep｜>, function<｜tool▁sep｜>NAME before its line ends, or an empty fence', () => {
    throwsEverywhere('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather', 'UNREPAIRABLE', cut('deepseek_v31'));
    throwsEverywhere('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁s', 'UNREPAIRABLE', cut('deepseek_v31'));
    throwsEverywhere('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather', 'UNREPAIRABLE', cut('deepseek_v3'));
    throwsEverywhere('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n', 'UNREPAIRABLE', cut('deepseek_v3'));
    throwsEverywhere('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{', 'UNREPAIRABLE', cut('deepseek_v3'));
  });

  test('DSML, MiniMax-M3 and harmony headers', () => {
    throwsEverywhere('<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather"', 'UNREPAIRABLE', cut('deepseek_dsml', 2));
    throwsEverywhere(']<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="get_weather"', 'UNREPAIRABLE', cut('minimax_m3', 2));
    for (const text of ['<|channel|>commentary to=functions.get_weather', '<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json', '<|channel|>commentary to=functions.get_weather <|constrain|>json<|mess']) {
      throwsEverywhere(text, 'UNREPAIRABLE', cut('harmony'));
    }
  });

  test('markup of special tokens naming a tool not given: that tool is the error, as for a whole call', () => {
    for (const text of ['<|tool_call>call:rm', '[TOOL_CALLS]rm', '<｜tool▁call▁begin｜>rm', '<｜DSML｜invoke name="rm"', '<|channel|>commentary to=functions.rm']) {
      throwsEverywhere(text, 'SCHEMA_MISMATCH', /the tool "rm"/);
    }
  });

  test('tags of plain words (<tool_use><name>, <tool_call name=…>): a call cut off when the name is a tool given, else the tags mentioned', () => {
    for (const text of ['<tool_use><name>get_weather', '<tool_use><name>get_weather</name>', '<tool_use>\n<name>get_weather</name>\n<argum']) throwsEverywhere(text, 'UNREPAIRABLE', cut('tool_use'));
    for (const text of ['<tool_call name="get_weather"', '<function_call id="c1" name="get_weather', '<tool_call name=\'get_weather\'']) throwsEverywhere(text, 'UNREPAIRABLE', cut('hermes'));
    for (const text of ['Write <tool_use><name>NAME', 'Write <tool_call name="NAME"', '<tool_call>rm', 'The tag is <tool_call>']) assert.deepEqual(readAlike(text, tools), { calls: [], text }, text);
  });

  test('react: Action: NAME (or ✿FUNCTION✿: NAME) and no input before the reply\'s end', () => {
    for (const text of ['Action: get_weather', 'Thought: I need the weather.\nAction: get_weather\n', '✿FUNCTION✿: get_weather']) throwsEverywhere(text, 'UNREPAIRABLE', /"get_weather" \(react, line \d\) is cut off/);
    // LangChain stops the reply at "\nObservation:": an empty input ending it calls a tool that takes none.
    assert.deepEqual(readAlike('Action: ping\nAction Input: ', tools).calls.map((c) => [c.name, c.arguments]), [['ping', {}]]);
  });

  test('a header in prose, or a name no tool has in plain words, stays text', () => {
    for (const text of ['Use <|tool_call>call:get_weather, then the arguments.', 'Use [TOOL_CALLS]get_weather then.', 'Wrap it in <tool_call>get_weather tags.', '[TOOL_CALLS]', '<|tool_call>call:', 'Action: rm', 'Action: get_weather is the line to write.']) {
      assert.deepEqual(readAlike(text, tools), { calls: [], text }, text);
    }
  });
});

describe('qwen3_coder: <function=NAME><parameter=KEY>', () => {
  // Llama 3.1's custom tool format writes JSON after the same header: the arguments were dropped ({}).
  // usestrix/strix #439 (MiniMax M2.5/M2.7), survey s33/c E4: `<function=NAME>` with `invoke`'s
  // `<parameter name="KEY">` was an error (text that is no parameter).
  test('MiniMax mixing <function=NAME> with <parameter name="KEY"> (strix #439)', () => {
    const r = readAlike('<tool_call>\n<function=read_file>\n<parameter name="path">a.py</parameter>\n<parameter name=\'limit\'>40</parameter>\n</function>\n</tool_call>', tools);
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments]), r.text], [[['qwen3_coder', 'read_file', { path: 'a.py', limit: 40 }]], '']);
    throwsCode('<function=read_file>\n<parameter name="path">a.py', 'UNREPAIRABLE', /"read_file".*cut off/);
  });

  test('a JSON body is the arguments', () => {
    assert.deepEqual(calls('<function=get_weather>{"location": "Beijing"}</function>'), [['qwen3_coder', 'get_weather', { location: 'Beijing' }]]);
    assert.deepEqual(calls('<tool_call>\n<function=get_weather>\n{"location": "Oslo"}\n</function>\n</tool_call>'), [['qwen3_coder', 'get_weather', { location: 'Oslo' }]]);
  });

  // freellmapi #291 (llama-3.3-70b-versatile on Groq, its failed_generation): the header's `>` lost,
  // the name ended by `=`; no call and no error.
  test('<function=NAME={…}</function>: the JSON after the name is the arguments (freellmapi #291)', () => {
    const r = readAlike('<function=read_file={"path": "sample.txt"}</function>', tools);
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments]), r.text], [[['qwen3_coder', 'read_file', { path: 'sample.txt' }]], '']);
    assert.deepEqual(readAlike('Reading.\n<function=read_file {"path": "a"}</function>\nDone.', tools).calls.map((c) => c.arguments), [{ path: 'a' }]);
    assert.deepEqual(readAlike('<function=read_file>{"path": "b"}</function>', tools).calls.map((c) => c.arguments), [{ path: 'b' }]);
    throwsCode('<function=read_file={"path": "a</function>', 'UNREPAIRABLE', /"read_file".*cut off/);
  });

  // mlx-lm #1316 (MiniCPM5's wire format): <param name=…> in Hermes 2 Pro's header, attributes in
  // either quotes, a value maybe in CDATA; it was an error ("no <KEY>value</KEY> parameter").
  test('MiniCPM5\'s <function name="NAME"><param name="KEY">value</param> (mlx-lm #1316)', () => {
    const r = readAlike('<function name="get_weather">\n  <param name="location">Tokyo</param>\n  <param name="days">3</param>\n</function>', tools);
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments]), r.text], [[['qwen3_coder', 'get_weather', { location: 'Tokyo', days: 3 }]], '']);
    const cdata = readAlike("<function name='write_file'>\n  <param name='path'>a.py</param>\n  <param name='content'><![CDATA[if a < b:\n    print(\"x\")]]></param>\n</function>", [{ name: 'write_file' }]);
    assert.deepEqual(cdata.calls.map((c) => c.arguments), [{ path: 'a.py', content: 'if a < b:\n    print("x")' }]);
    // In Qwen3-Coder's own parameters a CDATA section is the value's text as written.
    assert.deepEqual(only('<function=web_search><parameter=query><![CDATA[a]]></parameter></function>').arguments, { query: '<![CDATA[a]]>' });
  });

  test('a body of text that is neither JSON nor parameters is an error, never empty arguments', () => {
    throwsCode('<function=get_weather>Beijing</function>', 'UNREPAIRABLE', /neither JSON nor <parameter=/);
    assert.deepEqual(extractToolCalls('<function=ping></function>', { tools: [{ name: 'ping' }] }).calls.map((c) => c.arguments), [{}]);
  });

  // vllm-mlx #63 (Qwen3-Coder writing a list as Python does): the value was read, its repairs not named.
  test("a value read as JSON names its repairs, located in the call's body", () => {
    const reply = "<tool_call>\n<function=read_file>\n<parameter=path>\nx.txt\n</parameter>\n<parameter=tags>\n['python', 'tutorial',]\n</parameter>\n</function>\n</tool_call>";
    const call = only(reply);
    assert.deepEqual(call.arguments, { path: 'x.txt', tags: ['python', 'tutorial'] });
    const body = reply.slice(reply.indexOf('<function=read_file>') + '<function=read_file>'.length);
    assert.deepEqual(call.repairs.map((r) => [r.kind, 'offset' in r ? body.slice(r.offset, r.offset + 2) : '', 'line' in r ? r.line : 0]), [
      ['single_quotes', "'p", 6], ['single_quotes', "'t", 6], ['trailing_comma', ',]', 6],
    ]);
  });

  test('values read by the property type: a string stays a string, an integer is read as JSON', () => {
    const reply = '<tool_call>\n<function=read_file>\n<parameter=path>\n007.txt\n</parameter>\n<parameter=limit>\n3\n</parameter>\n<parameter=tags>\n["a", "b"]\n</parameter>\n</function>\n</tool_call>';
    const r = extractToolCalls(reply, { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments]), [['qwen3_coder', 'read_file', { path: '007.txt', limit: 3, tags: ['a', 'b'] }]]);
    assert.equal(r.text, '');
  });

  test('a multi-line string value keeps its inner newlines', () => {
    const c = only('<tool_call>\n<function=web_search>\n<parameter=query>\nline one\nline two\n</parameter>\n</function>\n</tool_call>');
    assert.deepEqual(c.arguments, { query: 'line one\nline two' });
  });

  test("markup written indented: the closer's indentation is taken off each line of the value (SGLang's test_function_call_parser)", () => {
    const c = only('<tool_call>\n    <function=web_search>\n    <parameter=query>\n    Dallas\n    </parameter>\n    <parameter=code>\n    def f():\n        return 1\n    </parameter>\n    </function>\n    </tool_call>');
    assert.deepEqual(c.arguments, { query: 'Dallas', code: 'def f():\n    return 1' });
    // A value's own indentation, under markup that is not indented, stays.
    assert.deepEqual(only('<tool_call>\n<function=web_search>\n<parameter=query>\n  x\n</parameter>\n</function>\n</tool_call>').arguments, { query: '  x' });
    // Only the closer indented, not the tag: the code keeps its indentation (review).
    assert.deepEqual(only('<tool_call>\n<function=web_search>\n<parameter=query>\n    def f():\n        pass\n    </parameter>\n</function>\n</tool_call>').arguments, { query: '    def f():\n        pass' });
  });

  test("values indented deeper than their indented markup, and blank ones (llama.cpp's test-chat, ollama's qwen3coder tests)", () => {
    // The value kept the two spaces past the tag's indentation (`"  laptops"`), and a blank one its spaces.
    assert.deepEqual(only('<tool_call>\n  <function=web_search>\n    <parameter=query>\n      laptops\n    </parameter>\n  </function>\n</tool_call>').arguments, { query: 'laptops' });
    // Several lines lose the tag's indentation only: code keeps its own (review).
    assert.deepEqual(only('<tool_call>\n  <function=web_search>\n    <parameter=query>\n      def f():\n          pass\n    </parameter>\n  </function>\n</tool_call>').arguments, { query: '  def f():\n      pass' });
    assert.deepEqual(only('<tool_call>\n<function=web_search>\n<parameter=query>\n    </parameter>\n</function>\n</tool_call>').arguments, { query: '' });
  });

  test("a closed call whose last parameter lost its </parameter>: the call's closer on its own line ends it (llama.cpp's test-chat)", () => {
    assert.deepEqual(only('<tool_call>\n<function=web_search>\n<parameter=query>\nprint(1)\n</function>\n</tool_call>').arguments, { query: 'print(1)' });
    // Inside a line, the closer is the value's text: cut off, as before (review: the value was cut short).
    throwsCode('<tool_call>\n<function=web_search>\n<parameter=query>\nUse </function> to close.\nMore\n</parameter>\n</function>\n</tool_call>', 'UNREPAIRABLE', /cut off/);
  });

  test("Hermes 2 Pro's <function name=\"NAME\">{…}</function> (llama.cpp's test-chat: the call stayed in the text)", () => {
    const r = extractToolCalls('<function name="get_weather">\n{"location": "Oslo"}\n</function>', { tools });
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments]), r.text], [[['qwen3_coder', 'get_weather', { location: 'Oslo' }]], '']);
    assert.deepEqual(calls("<tool_call>\n<function name='web_search'>\n<parameter=query>\nfjords\n</parameter>\n</function>\n</tool_call>"), [['qwen3_coder', 'web_search', { query: 'fjords' }]]);
    // A second header ends the first call's body (review: it ran on into it, and the call was lost).
    assert.deepEqual(calls('<function name="get_weather">{"location": "Paris"}\n<function name="web_search">{"query": "a"}</function>'),
      [['qwen3_coder', 'get_weather', { location: 'Paris' }], ['qwen3_coder', 'web_search', { query: 'a' }]]);
  });

  test('names and keys beyond ASCII (ollama\'s qwen3coder and glm46 tests: the call stayed in the text)', () => {
    const weatherZh = [{ name: '获取天气', schema: { type: 'object', properties: { 城市: { type: 'string' } }, required: ['城市'] } }];
    const qwen = extractToolCalls('<tool_call>\n<function=获取天气>\n<parameter=城市>\n北京\n</parameter>\n</function>\n</tool_call>', { tools: weatherZh });
    const glm = extractToolCalls('<tool_call>获取天气\n<arg_key>城市</arg_key>\n<arg_value>北京</arg_value></tool_call>', { tools: weatherZh });
    assert.deepEqual([...qwen.calls, ...glm.calls].map((c) => [c.format, c.name, c.arguments]), [['qwen3_coder', '获取天气', { 城市: '北京' }], ['glm45', '获取天气', { 城市: '北京' }]]);
  });

  test('a bare <function=…> without <tool_call>', () => {
    assert.deepEqual(calls('Running it now.\n<function=web_search>\n<parameter=query>\ngrep -r "percentage" .\n</parameter>\n</function>'),
      [['qwen3_coder', 'web_search', { query: 'grep -r "percentage" .' }]]);
  });

  test('a missing </parameter> before the next parameter', () => {
    const c = only('<tool_call><function=get_weather><parameter=location>Bergen<parameter=days>2</parameter></function></tool_call>');
    assert.deepEqual(c.arguments, { location: 'Bergen', days: 2 });
  });

  test('with a Standard Schema (Zod): types come from its JSON Schema', async () => {
    const { z } = await import('zod');
    const schema = z.object({ path: z.string(), limit: z.number().int() });
    const r = extractToolCalls('<function=read_file><parameter=path>12</parameter><parameter=limit>5</parameter></function>', { tools: [{ name: 'read_file', schema }] });
    assert.deepEqual(r.calls[0].arguments, { path: '12', limit: 5 });
  });

  test('cut off inside a parameter: an error naming the call', () => {
    throwsCode('<tool_call>\n<function=read_file>\n<parameter=path>\n/etc/ho', 'UNREPAIRABLE', /"read_file".*cut off/);
  });
});

describe('reasoning: a call drafted while thinking is no call', () => {
  test("Magistral's [THINK]…[/THINK] (Roo-Code #8522)", () => {
    const reply = '[THINK]Maybe [TOOL_CALLS]web_search[ARGS]{"query": "draft"}[/THINK][TOOL_CALLS]web_search[ARGS]{"query": "final"}';
    assert.deepEqual(calls(reply), [['mistral', 'web_search', { query: 'final' }]]);
  });

  test("a call section ends a <think> block: Kimi K2 Thinking's calls before its </think> (llxprt-code #749)", () => {
    const reply = "<think>I'll analyze the codebase. <|tool_calls_section_begin|> <|tool_call_begin|> functions.web_search:0 <|tool_call_argument_begin|> {\"query\": \"structure\"} <|tool_call_end|> <|tool_calls_section_end|></think>";
    assert.deepEqual(calls(reply), [['kimi_k2', 'web_search', { query: 'structure' }]]);
    assert.deepEqual(calls('<think>Plan.<｜DSML｜tool_calls><｜DSML｜invoke name="web_search"><｜DSML｜parameter name="query" string="true">x</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜tool_calls>'),
      [['deepseek_dsml', 'web_search', { query: 'x' }]]);
    // Words about the tokens are no section; in Magistral's [THINK] a section is a draft as before.
    assert.deepEqual(calls('<think>Kimi opens calls with a section token.</think>Done.'), []);
    assert.deepEqual(calls('[THINK]<|tool_calls_section_begin|><|tool_call_begin|>functions.web_search:0<|tool_call_argument_begin|>{"query": "d"}<|tool_call_end|>[/THINK]'), []);
  });

  test("a reply that began inside reasoning the prompt opened (Qwen3's, QwQ's, DeepSeek-R1's templates): a call before its </think> is a draft", () => {
    // The call was returned, though the model rejected it before its </think>.
    // A </think> in a sentence is a mention (review: the calls before it were dropped).
    assert.equal(extractToolCalls('<tool_call>{"name": "web_search", "arguments": {"query": "a"}}</tool_call>\nThe `</think>` tag ends reasoning.', { tools }).calls.length, 1);
    const reply = 'Maybe <tool_call>\n{"name": "web_search", "arguments": {"query": "draft"}}\n</tool_call> no, bad idea.\n</think>\n\n<tool_call>\n{"name": "web_search", "arguments": {"query": "final"}}\n</tool_call>';
    const r = extractToolCalls(reply, { tools });
    assert.deepEqual(r.calls.map((c) => c.arguments), [{ query: 'final' }]);
    assert.match(r.text, /^Maybe <tool_call>[\s\S]*<\/think>$/);
    assert.deepEqual(calls('Draft: [web_search(query="x")]\n</think>\nNo.'), []);
    // Streamed, the draft was reported before the </think> came: an error event with its index says so.
    const stream = createToolCallStream({ tools });
    const events = [...reply].flatMap((ch) => stream.push(ch)).filter((e) => e.type === 'call' || e.type === 'error').map((e) => `${e.type}${e.index}`);
    assert.deepEqual(events, ['call0', 'error0', 'call1']);
    assert.deepEqual(stream.end().calls.map((c) => c.arguments), [{ query: 'final' }]);
    // A Kimi K2 section before the </think> ends the reasoning: its calls are calls.
    assert.deepEqual(calls("I'll look. <|tool_calls_section_begin|><|tool_call_begin|>functions.web_search:0<|tool_call_argument_begin|>{\"query\": \"s\"}<|tool_call_end|><|tool_calls_section_end|></think>"), [['kimi_k2', 'web_search', { query: 's' }]]);
  });
});

describe('llama: <|python_tag|>', () => {
  test('parameters, ended by <|eom_id|>', () => {
    const r = extractToolCalls('<|python_tag|>{"name": "web_search", "parameters": {"query": "weather Reykjavik"}}<|eom_id|>', { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments]), [['llama', 'web_search', { query: 'weather Reykjavik' }]]);
    assert.equal(r.text, '');
  });

  test('after <|eom_id|> the message has ended: what the model wrote after it is text (ogx-ai/ogx #389)', () => {
    const call = (q: number) => `<|python_tag|>{"name": "web_search", "parameters": {"query": "${q}"}}<|eom_id|>`;
    const text = call(1) + call(2) + '\n' + '{"name": "web_search", "parameters": {"query": "3"}}';
    const r = extractToolCalls(text, { tools });
    assert.deepEqual([r.calls.map((c) => c.arguments), r.text], [[{ query: '1' }], (call(2) + '\n' + '{"name": "web_search", "parameters": {"query": "3"}}').trim()]);
    for (const size of [1, 3]) {
      const s = createToolCallStream({ tools });
      for (let k = 0; k < text.length; k += size) s.push(text.slice(k, k + size));
      assert.deepEqual(s.end(), r, `in ${size}-character chunks`);
    }
    // <|eot_id|> ends a turn too, but a reply with calls after it reads them as before.
    assert.equal(calls(call(1).replace('<|eom_id|>', '<|eot_id|>') + call(2)).length, 2);
  });

  test('two calls separated by "; "', () => {
    assert.deepEqual(calls('<|python_tag|>{"name": "web_search", "parameters": {"query": "a"}}; {"name": "get_weather", "parameters": {"location": "Nice"}}'),
      [['llama', 'web_search', { query: 'a' }], ['llama', 'get_weather', { location: 'Nice' }]]);
  });

  test("a built-in tool's call, NAME.call(key=\"value\") (llama.cpp's test-chat: the call stayed in the text)", () => {
    const builtins = [{ name: 'python', schema: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } }, { name: 'brave_search' }];
    const r = extractToolCalls('<|python_tag|>python.call(code="print(\'hey\')")', { tools: builtins });
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments]), r.text], [[['llama', 'python', { code: "print('hey')" }]], '']);
    assert.deepEqual(extractToolCalls('Searching.<|python_tag|>brave_search.call(query="weather in SF", count=3)<|eom_id|>', { tools: builtins }).calls.map((c) => [c.name, c.arguments]),
      [['brave_search', { query: 'weather in SF', count: 3 }]]);
    assert.throws(() => extractToolCalls('<|python_tag|>python.call(code="print(1)', { tools: builtins }), { code: 'UNREPAIRABLE', message: /"python".*cut off/ });
    assert.throws(() => extractToolCalls('<|python_tag|>python.call("print(1)")', { tools: builtins }), { code: 'UNREPAIRABLE', message: /keyword/ });
    assert.throws(() => extractToolCalls('<|python_tag|>wolfram_alpha.call(query="x")', { tools: builtins }), { code: 'SCHEMA_MISMATCH' });
  });
});

describe('mistral: [TOOL_CALLS]', () => {
  test('a JSON list with ids', () => {
    const r = extractToolCalls('[TOOL_CALLS] [{"name": "read_file", "arguments": {"path": "/tmp/test.txt"}, "id": "abcdefghi"}]', { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments, c.id]), [['mistral', 'read_file', { path: '/tmp/test.txt' }, 'abcdefghi']]);
  });

  test("the list closed by [/TOOL_CALLS] (older templates; ollama's tools tests): was an error naming no tool", () => {
    const r = extractToolCalls('[TOOL_CALLS] [{"name": "web_search", "arguments": {"query": "a"}}, {"name": "get_weather", "arguments": {"location": "b"}}][/TOOL_CALLS] Done.', { tools });
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments]), r.text], [[['mistral', 'web_search', { query: 'a' }], ['mistral', 'get_weather', { location: 'b' }]], 'Done.']);
  });

  test('NAME[ARGS]{…}, one marker per call', () => {
    assert.deepEqual(calls('[TOOL_CALLS]web_search[ARGS]{"query": "new model releases"}[TOOL_CALLS]get_weather[ARGS]{"location": "Turin"}'),
      [['mistral', 'web_search', { query: 'new model releases' }], ['mistral', 'get_weather', { location: 'Turin' }]]);
  });

  // vLLM #30651: Devstral-Small-2 served with its special tokens skipped writes no [ARGS].
  test('NAME{…}, the [ARGS] left out', () => {
    assert.deepEqual(calls('[TOOL_CALLS]web_search{"query": "blabla.txt"}'), [['mistral', 'web_search', { query: 'blabla.txt' }]]);
    assert.deepEqual(calls('[TOOL_CALLS]web_search {"query": "a"}[TOOL_CALLS]get_weather{"location": "Turin"}'),
      [['mistral', 'web_search', { query: 'a' }], ['mistral', 'get_weather', { location: 'Turin' }]]);
  });

  test('a list cut off mid-argument: an error naming the call', () => {
    throwsCode('[TOOL_CALLS][{"name": "web_search", "arguments": {"query": "unfinis', 'UNREPAIRABLE', /"web_search".*cut off/);
  });

  test("prose after the calls is the reply's text (vLLM's test_mistral_tool_parser: it was set aside, lost)", () => {
    const r = extractToolCalls('[TOOL_CALLS] [{"name": "web_search", "arguments": {"query": "a"}}]\nextra trailing data', { tools });
    assert.deepEqual([r.calls.map((c) => [c.name, c.arguments]), r.text], [[['web_search', { query: 'a' }]], 'extra trailing data']);
    const s = createToolCallStream({ tools });
    for (const ch of '[TOOL_CALLS]web_search{"query": "b"} and then more') s.push(ch);
    const end = s.end();
    assert.deepEqual([end.calls.map((c) => c.arguments), end.text], [[{ query: 'b' }], 'and then more']);
  });

  // vllm #5649 (Mistral-7B-Instruct-v0.3): `$$` stuck to the list's `]`; the prose after it was set
  // aside as the arguments' surrounding text, and the reply's text came back empty.
  test('prose after a few marks stuck to the list is the text too; more JSON is not', () => {
    const reply = "[TOOL_CALLS][{'name': 'get_weather', 'arguments': {'location': 'Dallas', 'unit': 'fahrenheit'}}]$$ In order to execute these functions, I need the current weather API.\n\nIn Dallas, Texas, it is 89°F.";
    const r = extractToolCalls(reply, { tools });
    assert.deepEqual([r.calls.map((c) => c.arguments), r.text], [[{ location: 'Dallas', unit: 'fahrenheit' }], '$$ In order to execute these functions, I need the current weather API.\n\nIn Dallas, Texas, it is 89°F.']);
    assert.equal(extractToolCalls('[TOOL_CALLS][{"name": "web_search", "arguments": {"query": "a"}}] **Note**: done', { tools }).text, '**Note**: done');
    streamed(reply); // its end() agrees
  });

  test("members after a closer written early stay the call's, in a span no token closes (review)", () => {
    assert.deepEqual(calls('[TOOL_CALLS]read_file{"path": "a.ts"}, "limit": 5}'), [['mistral', 'read_file', { path: 'a.ts', limit: 5 }]]);
  });

  test('NAME[CALL_ID]ID[ARGS]{…} (tokenizer v13): the id is the call\'s', () => {
    const r = extractToolCalls('[TOOL_CALLS]get_weather[CALL_ID]a5jR3k2lP[ARGS]{"location": "Paris"}[TOOL_CALLS]web_search[CALL_ID][ARGS]{"query": "q"}', { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments, c.id]), [['mistral', 'get_weather', { location: 'Paris' }, 'a5jR3k2lP'], ['mistral', 'web_search', { query: 'q' }, undefined]]);
    assert.equal(r.text, '');
  });
});

describe('harmony (gpt-oss): to=functions.NAME … <|message|>{…}<|call|>', () => {
  test('after an analysis message; the text keeps the analysis', () => {
    const reply = '<|channel|>analysis<|message|>User wants weather. Call the tool.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location":"San Francisco"}<|call|>';
    const r = extractToolCalls(reply, { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments]), [['harmony', 'get_weather', { location: 'San Francisco' }]]);
    assert.equal(r.text, '<|channel|>analysis<|message|>User wants weather. Call the tool.<|end|>');
    assert.equal(r.calls[0].span.start, reply.indexOf('<|start|>'));
  });

  test('the recipient without functions., as gpt-oss writes it when told of tools in a prompt (kilocode #1775)', () => {
    const reply = '<|channel|>analysis<|message|>We have script.js file. Let\'s read it.<|end|><|start|>assistant<|channel|>commentary to=read_file <|constrain|>json<|message|>{"args":{"file":[{"path":"script.js"}]}}';
    const kilo = [{ name: 'read_file' }];
    const r = extractToolCalls(reply, { tools: kilo });
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments]), r.text], [[['harmony', 'read_file', { args: { file: [{ path: 'script.js' }] } }]], '<|channel|>analysis<|message|>We have script.js file. Let\'s read it.<|end|>']);
    for (const size of [1, 3]) {
      const s = createToolCallStream({ tools: kilo });
      for (let k = 0; k < reply.length; k += size) s.push(reply.slice(k, k + size));
      assert.deepEqual(s.end(), r, `in ${size}-character chunks`);
    }
    assert.deepEqual(only('commentary to=read_file json{"path":"a"}').arguments, { path: 'a' });
    // In prose, a bare recipient says a call only with `json{` after it (the review: a log line threw).
    for (const prose of ['I wrote a commentary to=me about it.', 'Log line: user=bob commentary to=everyone {"a": 1}']) {
      assert.deepEqual(extractToolCalls(prose, { tools }), { calls: [], text: prose });
    }
    assert.deepEqual(extractToolCalls('assistantcommentary to=read_file json{"path":"a"}', { tools: kilo }), { calls: [{ name: 'read_file', arguments: { path: 'a' }, repairs: [], rewrites: [], span: { start: 0, end: 49 }, format: 'harmony' }], text: '' });
  });

  test('no space before <|constrain|>, nested arguments', () => {
    const c = only('<|start|>assistant<|channel|>commentary to=functions.read_file<|constrain|>json<|message|>{"path":"a.yaml","tags":["x"]}<|call|>');
    assert.deepEqual(c.arguments, { path: 'a.yaml', tags: ['x'] });
  });

  test('a header over several lines, no <|call|> at the end', () => {
    assert.deepEqual(calls('<|channel|>commentary to=functions.get_weather\n<|constrain|>json\n<|message|>{"location": "Paris", "unit": "celsius"}'),
      [['harmony', 'get_weather', { location: 'Paris', unit: 'celsius' }]]);
  });

  test('the recipient first, then the channel', () => {
    assert.deepEqual(calls('<|start|>assistant to=functions.web_search<|channel|>commentary json<|message|>{"query": "q"}<|call|>'),
      [['harmony', 'web_search', { query: 'q' }]]);
  });

  test('"to=functions.x" in prose is no call', () => {
    const reply = 'The header says to=functions.get_weather, which routes the message to a tool.';
    assert.deepEqual(extractToolCalls(reply, { tools }).calls, []);
  });

  test('cut off: an error naming the call', () => {
    throwsCode('<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location": "Mad', 'UNREPAIRABLE', /"get_weather".*cut off/);
  });

  test('served with its special tokens stripped: `commentary to=functions.NAME json{…}` (Rapid-MLX #480, lycaon fixtures)', () => {
    const r = extractToolCalls('commentary to=functions.get_weather json{"location":"Paris"}', { tools });
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments]), r.text], [[['harmony', 'get_weather', { location: 'Paris' }]], '']);
    const two = extractToolCalls('analysisTry.assistantcommentary to=functions.web_search json{"query":"a"}assistantanalysisOk.assistantcommentary to=functions.web_search json{"query":"b"}assistantfinalDone.', { tools });
    assert.deepEqual(two.calls.map((c) => [c.name, c.arguments]), [['web_search', { query: 'a' }], ['web_search', { query: 'b' }]]);
    assert.equal(two.text, 'analysisTry.assistantanalysisOk.assistantfinalDone.');
  });
});

describe('deepseek: <｜tool▁call▁begin｜>', () => {
  test('V3 / R1: function<｜tool▁sep｜>NAME and a json fence', () => {
    const reply = 'Let me check.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"location": "Lima", "unit": "celsius"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>';
    const r = extractToolCalls(reply, { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments]), [['deepseek_v3', 'get_weather', { location: 'Lima', unit: 'celsius' }]]);
    assert.equal(r.text, 'Let me check.');
  });

  test('V3 with two calls', () => {
    const call = (n: string, a: string) => `<｜tool▁call▁begin｜>function<｜tool▁sep｜>${n}\n\`\`\`json\n${a}\n\`\`\`<｜tool▁call▁end｜>`;
    const reply = `<｜tool▁calls▁begin｜>${call('web_search', '{"query": "a"}')}\n${call('get_weather', '{"location": "b"}')}<｜tool▁calls▁end｜>`;
    assert.deepEqual(calls(reply).map((c) => c[1]), ['web_search', 'get_weather']);
  });

  test("R1's section opener merged with the call's, or spelled out (llama.cpp's test-chat: the call stayed in the text)", () => {
    const body = 'function<｜tool▁sep｜>web_search\n```json\n{"query": "r1"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>';
    const merged = extractToolCalls(`<｜tool▁calls｜>${body}`, { tools });
    assert.deepEqual([merged.calls.map((c) => [c.format, c.name, c.arguments]), merged.text], [[['deepseek_v3', 'web_search', { query: 'r1' }]], '']);
    for (const opener of ['<｜tool_calls_begin｜>', '<｜tool calls begin｜>', '<｜tool\\_calls\\_begin｜>']) {
      const r = extractToolCalls(`Ok.${opener}<｜tool▁call▁begin｜>${body}`, { tools });
      assert.deepEqual([r.calls.map((c) => c.name), r.text], [['web_search'], 'Ok.'], opener);
    }
    // The merged opener ends a <think> block as the tokenizer's does.
    assert.deepEqual(calls('<think>Let me search. <｜tool▁calls｜>web_search<｜tool▁sep｜>{"query": "a"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>'), [['deepseek_v31', 'web_search', { query: 'a' }]]);
  });

  test('V3.1: NAME<｜tool▁sep｜>{…}', () => {
    assert.deepEqual(calls('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>web_search<｜tool▁sep｜>{"query": "V3.1 format"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>'),
      [['deepseek_v31', 'web_search', { query: 'V3.1 format' }]]);
  });

  test('V3.1 cut off: an error naming the call', () => {
    throwsCode('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>web_search<｜tool▁sep｜>{"query": "half', 'UNREPAIRABLE', /"web_search".*cut off/);
  });
});

describe('deepseek_dsml: <｜DSML｜invoke name="NAME"><｜DSML｜parameter name="KEY" string="…">', () => {
  const dsml = (body: string, wrapper = 'function_calls') => `<｜DSML｜${wrapper}>\n${body}\n</｜DSML｜${wrapper}>`;
  const param = (key: string, value: string, asString: boolean) => `<｜DSML｜parameter name="${key}" string="${asString}">${value}</｜DSML｜parameter>`;

  test('string="true" keeps the text, string="false" reads JSON; several calls; the wrapper leaves with them', () => {
    const reply = `I will check.\n\n${dsml(`<｜DSML｜invoke name="get_weather">\n${param('location', '007 Lane', true)}\n${param('days', '3', false)}\n</｜DSML｜invoke>\n<｜DSML｜invoke name="read_file">\n${param('path', 'a.txt', true)}\n${param('tags', '["x", "y"]', false)}\n</｜DSML｜invoke>`)}`;
    const r = extractToolCalls(reply, { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments]),
      [['deepseek_dsml', 'get_weather', { location: '007 Lane', days: 3 }], ['deepseek_dsml', 'read_file', { path: 'a.txt', tags: ['x', 'y'] }]]);
    assert.equal(r.text, 'I will check.');
  });

  test("V4's <｜DSML｜tool_calls> wrapper; a string the schema reads as a number", () => {
    assert.deepEqual(calls(dsml(`<｜DSML｜invoke name="get_weather">${param('location', 'Oslo', true)}${param('days', '2', true)}</｜DSML｜invoke>`, 'tool_calls')),
      [['deepseek_dsml', 'get_weather', { location: 'Oslo', days: 2 }]]);
  });

  test('cut off inside a parameter: an error naming the call', () => {
    throwsCode('<｜DSML｜function_calls><｜DSML｜invoke name="web_search"><｜DSML｜parameter name="query" string="true">unfin', 'UNREPAIRABLE', /"web_search".*cut off/);
  });
});

describe('kimi_k2: <|tool_call_begin|>functions.NAME:0<|tool_call_argument_begin|>{…}', () => {
  test('calls in a section, with their ids; the prose around them is the text', () => {
    const reply = 'Let me check.\n<|tool_calls_section_begin|>\n<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"location": "Tokyo", "days": "3"}<|tool_call_end|>\n' +
      '<|tool_call_begin|>functions.web_search:1<|tool_call_argument_begin|>{"query": "Tokyo events"}<|tool_call_end|>\n<|tool_calls_section_end|>';
    const r = extractToolCalls(reply, { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments, c.id]),
      [['kimi_k2', 'get_weather', { location: 'Tokyo', days: 3 }, 'functions.get_weather:0'], ['kimi_k2', 'web_search', { query: 'Tokyo events' }, 'functions.web_search:1']]);
    assert.equal(r.text, 'Let me check.');
  });

  test('a bare name, spaces around the tokens', () => {
    assert.deepEqual(calls('<|tool_call_begin|> web_search <|tool_call_argument_begin|> {"query": "a"} <|tool_call_end|>'), [['kimi_k2', 'web_search', { query: 'a' }]]);
  });

  // vLLM #31207 (Kimi K2 on Bedrock, streamed): <|tool_call_argument_begin|> lost, the JSON after a
  // space; no call and no error.
  test('the argument token lost: the JSON after the header is the arguments (vLLM #31207)', () => {
    const reply = 'Checking.<|tool_calls_section_begin|><|tool_call_begin|> functions.get_weather:0 {"location": "Tokyo"} <|tool_call_end|><|tool_calls_section_end|>';
    const r = readAlike(reply, tools);
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments, c.id]), r.text], [[['kimi_k2', 'get_weather', { location: 'Tokyo' }, 'functions.get_weather:0']], 'Checking.']);
    assert.deepEqual(readAlike('<|tool_call_begin|>functions.web_search:0{"query": "a"}<|tool_call_end|>', tools).calls.map((c) => c.arguments), [{ query: 'a' }]);
  });

  test('cut off inside the arguments: an error naming the call', () => {
    throwsCode('<|tool_calls_section_begin|><|tool_call_begin|>functions.web_search:0<|tool_call_argument_begin|>{"query": "unfin', 'UNREPAIRABLE', /"web_search".*cut off/);
  });

  // sglang #21377 (Kimi-K2.5: functionsexec5, …6, …7) and exo #2281 (Kimi-K2.7-Code:
  // functions_get_weather_1), survey s33/c E1: an error naming a tool "functionsexec5".
  test('ids not written functions.NAME:N: the one tool the id names once functions, separators and the index go (sglang #21377, exo #2281)', () => {
    const section = (ids: string[]) => `<|tool_calls_section_begin|>${ids.map((id) => `<|tool_call_begin|>${id}<|tool_call_argument_begin|>{"command": "ls"}<|tool_call_end|>`).join('')}<|tool_calls_section_end|>`;
    const kimiTools = [{ name: 'exec' }, { name: 'get_weather' }, { name: 'f' }, { name: 'f2' }];
    const r = readAlike(section(['functionsexec5', 'functions.exec6', 'functions_get_weather_1']), kimiTools);
    assert.deepEqual([r.calls.map((c) => [c.name, c.id, c.rewrites]), r.text],
      [[['exec', 'functionsexec5', ['inferred_name']], ['exec', 'functions.exec6', ['inferred_name']], ['get_weather', 'functions_get_weather_1', ['inferred_name']]], '']);
    // No tool, or two (f with index 20, f2 with index 0): the error stays.
    for (const id of ['functionsrm0', 'functionsf20', 'functionsexec']) assert.throws(() => extractToolCalls(section([id]), { tools: kimiTools }), { code: 'SCHEMA_MISMATCH' }, id);
  });

  // Session 33: the reply ending right after the call's id gave no call and no error.
  test('cut off after the call\'s id, or inside the argument token: the same error, in the stream too', () => {
    for (const reply of ['<|tool_calls_section_begin|><|tool_call_begin|>functions.web_search:0', '<|tool_call_begin|>functions.web_search:0 <|tool_call_arg']) {
      throwsCode(reply, 'UNREPAIRABLE', /"web_search".*cut off/);
      const s = createToolCallStream({ tools });
      for (const ch of reply) s.push(ch);
      assert.throws(() => s.end(), /"web_search".*cut off/);
    }
  });

  // Kimi K2.6 served without its tool parser (mlxcel #766 and #783: "if no per-call wrappers are
  // present, the whole section is one call"; skales #185): the section's opener, then the call's id
  // with no <|tool_call_begin|> before it. It gave calls [] and no error, the markup left in the text.
  test('<|tool_call_begin|> lost after the section\'s opener or a call\'s end: the id after them starts the call (session 34)', () => {
    const one = readAlike('Checking.<|tool_calls_section_begin|>get_weather:0<|tool_call_argument_begin|>{"location":"Paris"}<|tool_call_end|><|tool_calls_section_end|>', tools);
    assert.deepEqual([one.calls.map((c) => [c.format, c.name, c.arguments, c.id, c.rewrites]), one.text], [[['kimi_k2', 'get_weather', { location: 'Paris' }, 'get_weather:0', []]], 'Checking.']);
    const unwrapped = readAlike('<|tool_calls_section_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"location": "London"}<|tool_calls_section_end|>', tools);
    assert.deepEqual([unwrapped.calls.map((c) => [c.name, c.arguments, c.id]), unwrapped.text], [[['get_weather', { location: 'London' }, 'functions.get_weather:0']], '']);
    // The argument token lost too: the id, then the JSON.
    const both = readAlike('Let me search. <|tool_calls_section_begin|> functions.web_search:0 {"query": "test"} <|tool_calls_section_end|>', tools);
    assert.deepEqual([both.calls.map((c) => [c.name, c.arguments]), both.text], [[['web_search', { query: 'test' }]], 'Let me search.']);
    // Every call of the section, with or without its own opener.
    const section = '<|tool_calls_section_begin|>\nfunctions.get_weather:0<|tool_call_argument_begin|>{"location": "Oslo"}<|tool_call_end|>\n' +
      'functions.web_search:1<|tool_call_argument_begin|>{"query": "fjords"}<|tool_call_end|>\n<|tool_call_begin|>functions.web_search:2<|tool_call_argument_begin|>{"query": "ferries"}<|tool_call_end|>\n<|tool_calls_section_end|>';
    assert.deepEqual(readAlike(section, tools).calls.map((c) => [c.name, c.id]), [['get_weather', 'functions.get_weather:0'], ['web_search', 'functions.web_search:1'], ['web_search', 'functions.web_search:2']]);
    const after = readAlike('<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"location": "Rome"}<|tool_call_end|>functions.web_search:1<|tool_call_argument_begin|>{"query": "Rome"}<|tool_call_end|>', tools);
    assert.deepEqual([after.calls.map((c) => c.name), after.text], [['get_weather', 'web_search'], '']);
  });

  test('<|tool_call_begin|> lost: a tool not given is the error; cut off, the error naming the call; prose after the tokens stays text', () => {
    throwsCode('<|tool_calls_section_begin|>functions.rm:0<|tool_call_argument_begin|>{"path": "/"}<|tool_call_end|><|tool_calls_section_end|>', 'SCHEMA_MISMATCH', /the tool "rm"/);
    for (const reply of ['<|tool_calls_section_begin|>functions.web_search:0', '<|tool_calls_section_begin|>web_search:0<|tool_call_arg', '<|tool_calls_section_begin|>web_search<|tool_call_argument_begin|>{"query": "un']) {
      throwsCode(reply, 'UNREPAIRABLE', /"web_search" \(kimi_k2, line 1\) is cut off/);
      const s = createToolCallStream({ tools });
      for (const ch of reply) s.push(ch);
      assert.throws(() => s.end(), /"web_search" \(kimi_k2, line 1\) is cut off/, reply);
    }
    // After a call's end a word and JSON are no call (an id is `functions.NAME` or `NAME:0`); nor is prose after the section's opener.
    const done = readAlike('<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"location": "Rome"}<|tool_call_end|>Done. {"ok": true}', tools);
    assert.deepEqual([done.calls.map((c) => c.name), done.text], [['get_weather'], 'Done. {"ok": true}']);
    assert.deepEqual(readAlike('<|tool_calls_section_begin|>Let me think first.', tools), { calls: [], text: '<|tool_calls_section_begin|>Let me think first.' });
    // A bare word ending the reply there: a call cut off when it is a tool's name, else text.
    throwsCode('<|tool_calls_section_begin|>get_weather', 'UNREPAIRABLE', /"get_weather" \(kimi_k2, line 1\) is cut off/);
    const word = '<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"location": "Rome"}<|tool_call_end|>Done';
    assert.deepEqual(readAlike(word, tools).text, 'Done');
  });

  test("a counter and no name (vLLM's test_kimi_k2_tool_parser): the tool whose parameters the arguments fit, or an error — never a call dropped", () => {
    const reply = (args: string) => `Let me check. <|tool_calls_section_begin|><|tool_call_begin|>0 <|tool_call_argument_begin|>${args}<|tool_call_end|><|tool_calls_section_end|>`;
    const r = extractToolCalls(reply('{"location": "Tokyo", "unit": "celsius"}'), { tools });
    assert.deepEqual(r.calls.map((c) => [c.name, c.id, c.arguments, c.rewrites]), [['get_weather', '0', { location: 'Tokyo', unit: 'celsius' }, ['inferred_name']]]);
    assert.equal(r.text, 'Let me check.');
    // One tool given: it.
    assert.equal(extractToolCalls(reply('{"q": 1}'), { tools: [{ name: 'f' }] }).calls[0].name, 'f');
    // One tool given whose schema the arguments do not fit: an error, not its call with them dropped (review).
    assert.throws(() => extractToolCalls(reply('{"zzz": 1}'), { tools: [{ name: 'web_search', schema: search }] }), /fit none/);
    // Arguments that fit two tools, or none: an error saying so.
    throwsCode(reply('{"path": "a.ts", "query": "x"}'), 'UNREPAIRABLE', /names no tool, and its arguments fit none/);
    assert.throws(() => extractToolCalls(reply('{"a": 1}'), { tools: [{ name: 'f', schema: { type: 'object', properties: { a: {} } } }, { name: 'g', schema: { type: 'object', properties: { a: {} } } }] }),
      /fit more than one of the tools \("f", "g"\)/);
    // The stream reports it with its name once read, and no partial arguments before.
    const s = createToolCallStream({ tools });
    const events = [...reply('{"query": "x"}')].flatMap((ch) => s.push(ch));
    assert.deepEqual(events.map((e) => e.type), ['call_start', 'call']);
    assert.deepEqual(s.end().calls.map((c) => c.name), ['web_search']);
  });
});

describe('glm45: <tool_call>NAME<arg_key>KEY</arg_key><arg_value>value</arg_value></tool_call>', () => {
  test("a closed call whose last value lost its </arg_value> (ollama's glm46 tests: it was refused as cut off)", () => {
    assert.deepEqual(calls('<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>Paris</tool_call>'), [['glm45', 'get_weather', { location: 'Paris' }]]);
    assert.deepEqual(calls('<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>Paris<arg_key>days</arg_key>\n<arg_value>2</tool_call>'), [['glm45', 'get_weather', { location: 'Paris', days: 2 }]]);
    // A key with no value at all is still an error naming the call (its </tool_call> came: not cut off),
    // and so is a call cut off.
    throwsCode('<tool_call>get_weather\n<arg_key>location</arg_key></tool_call>', 'UNREPAIRABLE', /"get_weather".*not in <arg_key>KEY<\/arg_key><arg_value>VALUE<\/arg_value> pairs: the key "location" has no value/);
    throwsCode('<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>Paris', 'UNREPAIRABLE', /"get_weather".*cut off/);
  });

  // fw-ai-external/python-sdk #119 (GLM 5.2 on Fireworks), survey s33/c E2: a no-argument call with a
  // stray </arg_value> was an error (cut off, or text that is no parameter).
  test('<tool_call>NAME</arg_value>: a call with no arguments, the stray closer standing for the call\'s (fw-ai python-sdk #119)', () => {
    const noArgs = [{ name: 'tool_12', schema: { type: 'object', properties: {} } }, { name: 'web_search', schema: search }];
    for (const reply of ['<tool_call>tool_12</arg_value>', '<tool_call>tool_12</arg_value>\n</tool_call>\nDone.']) {
      const r = readAlike(reply, noArgs);
      assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments]), r.text], [[['glm45', 'tool_12', {}]], reply.endsWith('Done.') ? 'Done.' : ''], reply);
    }
    // A required argument missing, or a tool not given: the schema's error, as for any call.
    assert.throws(() => extractToolCalls('<tool_call>web_search</arg_value>', { tools: noArgs }), SchemaError);
    assert.throws(() => extractToolCalls('<tool_call>rm</arg_value>', { tools: noArgs }), { code: 'SCHEMA_MISMATCH', message: /"rm"/ });
  });

  // vllm-project/vllm #54971 (GLM-4.7 in production, the PR's reduced input): the key read as
  // "<arg_key>path", or for a required parameter a schema error.
  test('a doubled <arg_key> (vLLM #54971): the key, as the doubled </arg_key> is', () => {
    const r = readAlike('<tool_call>read_file<arg_key><arg_key>path</arg_key><arg_value>/tmp/x</arg_value><arg_key>limit</arg_key></arg_key><arg_value>3</arg_value></tool_call>', tools);
    assert.deepEqual(r.calls.map((c) => [c.name, c.arguments]), [['read_file', { path: '/tmp/x', limit: 3 }]]);
    assert.deepEqual(readAlike('<tool_call>f<arg_key> <arg_key>q</arg_key><arg_value>x</arg_value></tool_call>', [{ name: 'f' }]).calls.map((c) => c.arguments), [{ q: 'x' }]);
  });

  test('a value read as JSON names its repairs (session 28: they were dropped)', () => {
    const call = only("<tool_call>read_file\n<arg_key>path</arg_key>\n<arg_value>a</arg_value>\n<arg_key>tags</arg_key>\n<arg_value>['x']</arg_value>\n</tool_call>");
    assert.deepEqual([call.arguments, call.repairs.map((r) => r.kind)], [{ path: 'a', tags: ['x'] }, ['single_quotes']]);
  });

  test('values read by the property type; several calls', () => {
    const reply = 'Searching.\n<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>007 Lane</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>\n<tool_call>web_search\n<arg_key>query</arg_key>\n<arg_value>museums</arg_value>\n</tool_call>';
    const r = extractToolCalls(reply, { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments]),
      [['glm45', 'get_weather', { location: '007 Lane', days: 3 }], ['glm45', 'web_search', { query: 'museums' }]]);
    assert.equal(r.text, 'Searching.');
  });

  test('on one line, as GLM-4.5-Air writes it in prose', () => {
    assert.deepEqual(calls('Let me search: <tool_call>web_search <arg_key>query</arg_key> <arg_value>backend</arg_value> </tool_call>'), [['glm45', 'web_search', { query: 'backend' }]]);
  });

  test('no arguments: a call only when the name is a tool (else the markup is mentioned in prose)', () => {
    assert.deepEqual(extractToolCalls('<tool_call>ping</tool_call>', { tools: [{ name: 'ping' }] }).calls.map((c) => [c.format, c.arguments]), [['glm45', {}]]);
    assert.deepEqual(extractToolCalls('Use <tool_call>name</tool_call> blocks.', { tools }).calls, []);
  });

  test('cut off inside a value: an error naming the call', () => {
    throwsCode('<tool_call>web_search\n<arg_key>query</arg_key>\n<arg_value>unfin', 'UNREPAIRABLE', /"web_search".*cut off/);
  });

  test("a value whose </arg_value> was lost ends at the next <arg_key> (ollama's glm46 tests: it took that member into its text)", () => {
    assert.deepEqual(calls('<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>Paris<arg_key>days</arg_key>\n<arg_value>2</arg_value></tool_call>'), [['glm45', 'get_weather', { location: 'Paris', days: 2 }]]);
    // A key only written in a value's text, with no <arg_value> of its own, is the text (review).
    assert.deepEqual(calls('<tool_call>web_search\n<arg_key>query</arg_key>\n<arg_value>use <arg_key> and </arg_key> tags</arg_value>\n</tool_call>'), [['glm45', 'web_search', { query: 'use <arg_key> and </arg_key> tags' }]]);
  });

  test("a value whose <arg_value> was lost (GLM-4.7 under load: vLLM #49249): the text up to </arg_value>", () => {
    assert.deepEqual(calls('<tool_call>web_search<arg_key>query</arg_key>how many vacation days left</arg_value></tool_call>'), [['glm45', 'web_search', { query: 'how many vacation days left' }]]);
    assert.deepEqual(calls('<tool_call>get_weather<arg_key>location</arg_key><arg_value>Oslo</arg_value><arg_key>days</arg_key>2</arg_value></tool_call>'), [['glm45', 'get_weather', { location: 'Oslo', days: 2 }]]);
  });
});

describe('invoke: <invoke name="NAME"><parameter name="KEY">value</parameter></invoke>', () => {
  test('MiniMax-M2: several calls in one block, values read by the property type', () => {
    const reply = 'Sure.\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="location">Lyon</parameter>\n<parameter name="days">3</parameter>\n</invoke>\n' +
      '<invoke name="web_search">\n<parameter name="query">Lyon "events"</parameter>\n</invoke>\n</minimax:tool_call>';
    const r = extractToolCalls(reply, { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments]),
      [['invoke', 'get_weather', { location: 'Lyon', days: 3 }], ['invoke', 'web_search', { query: 'Lyon "events"' }]]);
    assert.equal(r.text, 'Sure.');
  });

  test('inside <tool_call> (Kimi K2) or <function_calls>', () => {
    assert.deepEqual(calls('<tool_call>\n<invoke name="web_search">\n<parameter name="query">a</parameter>\n</invoke>\n</tool_call>'), [['invoke', 'web_search', { query: 'a' }]]);
    assert.deepEqual(calls('<function_calls><invoke name="web_search"><parameter name="query">b</parameter></invoke></function_calls>'), [['invoke', 'web_search', { query: 'b' }]]);
  });

  test('inside <tool_calls>, DeepSeek V4\'s section without its markers, as GigaChat 3 writes it (skales #256): the section goes with the calls', () => {
    const r = extractToolCalls('<tool_calls> <invoke name="web_search"> <parameter name="query" string="true">GigaChat</parameter> </invoke> </tool_calls>', { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments]), [['invoke', 'web_search', { query: 'GigaChat' }]]);
    assert.equal(r.text, '');
    assert.equal(extractToolCalls('Wrap calls in <tool_calls> tags.', { tools }).text, 'Wrap calls in <tool_calls> tags.');
  });

  test("a value of markup that holds the parameter's own tag keeps its closers (vLLM #44060)", () => {
    // Cut at the first </parameter>, the value lost its end and the last closer went without a word.
    const reply = '<minimax:tool_call>\n<invoke name="web_search">\n<parameter name="query"><parameter>\n  <hello></hello>\n</parameter></parameter>\n</invoke>\n</minimax:tool_call>';
    assert.deepEqual(calls(reply), [['invoke', 'web_search', { query: '<parameter>\n  <hello></hello>\n</parameter>' }]]);
    streamed(reply);
    assert.deepEqual(calls('<tool_call>\n<function=web_search>\n<parameter=query>\n<parameter>\nx\n</parameter>\n</parameter>\n</function>\n</tool_call>'), [['qwen3_coder', 'web_search', { query: '<parameter>\nx\n</parameter>' }]]);
  });

  test('the markup mentioned in prose gives no call; a call cut off is an error', () => {
    assert.deepEqual(extractToolCalls('The <invoke name="x"> tag opens a call.', { tools }).calls, []);
    throwsCode('<invoke name="web_search"><parameter name="query">unfin', 'UNREPAIRABLE', /"web_search".*cut off/);
  });
});

describe('minimax_m3: ]<]minimax[>[ before every tag, parameters named by their tags', () => {
  const NS = ']<]minimax[>[';
  test('several parameters, read by the property type; the text keeps what is no call', () => {
    const reply = `Let me check.${NS}<tool_call>\n${NS}<invoke name="get_weather">${NS}<location>Lyon, "FR"</location>${NS}<days>3${NS}</days>${NS}</invoke>\n` +
      `${NS}<invoke name="web_search">\n${NS}<query>\nLyon events\n${NS}</query>\n${NS}</invoke>\n${NS}</tool_call>`;
    const r = extractToolCalls(reply, { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments]),
      [['minimax_m3', 'get_weather', { location: 'Lyon, "FR"', days: 3 }], ['minimax_m3', 'web_search', { query: 'Lyon events' }]]);
    assert.equal(r.text, 'Let me check.');
  });

  test('in <minimax:tool_call> or a <tool_call> that lost its token; cut off or stray text: an error', () => {
    assert.deepEqual(calls(`<minimax:tool_call>${NS}<invoke name="web_search">${NS}<query>a${NS}</query>${NS}</invoke></minimax:tool_call>`), [['minimax_m3', 'web_search', { query: 'a' }]]);
    assert.deepEqual(calls(`<tool_call>\n${NS}<invoke name="web_search">${NS}<query>b</query>${NS}</invoke>\n${NS}</tool_call>`), [['minimax_m3', 'web_search', { query: 'b' }]]);
    throwsCode(`${NS}<tool_call>${NS}<invoke name="web_search">${NS}<query>unfin`, 'UNREPAIRABLE', /"web_search".*cut off/);
    throwsCode(`${NS}<invoke name="web_search">${NS}<query>a</query> and more${NS}</invoke>`, 'UNREPAIRABLE', /"web_search".*no <KEY>value<\/KEY> parameter/);
  });
});

describe('gemma: <|tool_call>call:NAME{key:<|"|>value<|"|>}<tool_call|>', () => {
  test('a string whose opening token was lost runs from its key\'s colon to its closing token (sglang #39240)', () => {
    // Read as a string the body never ends: "cut off", an error on a call whose text is all there.
    const call = only('<|tool_call>call:web_search{query:Paris, France<|"|>,limit:5}<tool_call|>');
    assert.deepEqual([call.arguments, call.rewrites], [{ query: 'Paris, France', limit: 5 }, ['lost_string_token']]);
    assert.deepEqual(only('<|tool_call>call:get_weather{location:10:30 am<|"|>}<tool_call|>').arguments, { location: '10:30 am' });
    streamed('<|tool_call>call:web_search{query:Paris, France<|"|>,limit:5}<tool_call|>');
    throwsCode('<|tool_call>call:web_search{query:<|"|>Paris, Fr', 'UNREPAIRABLE', /cut off/);
    // Not only the last string (review): a token after text closes; one after a colon opens.
    assert.deepEqual(only('<|tool_call>call:get_weather{location:<|"|>Oslo<|"|>, unit:celsius<|"|>, days:<|"|>3<|"|>}<tool_call|>').arguments, { location: 'Oslo', unit: 'celsius', days: 3 });
  });

  // vLLM's FunctionGemma tests: arguments written without commas ran into the first string
  // (`{"location": "NYC\"unit:\"celsius"}`), the others lost.
  test('the next argument right after a string, its comma left out: read, the comma named', () => {
    const call = only('<start_function_call>call:get_weather{location:<escape>NYC<escape>unit:<escape>celsius<escape>days:2}<end_function_call>');
    assert.deepEqual(call.arguments, { location: 'NYC', unit: 'celsius', days: 2 });
    assert.equal(call.repairs.filter((r) => r.kind === 'missing_comma').length, 2);
    assert.deepEqual(only('<|tool_call>call:get_weather{location:<|"|>Oslo: the capital<|"|>unit:<|"|>celsius<|"|>}<tool_call|>').arguments, { location: 'Oslo: the capital', unit: 'celsius' });
  });
  test('strings between string tokens, raw; numbers, nested objects and arrays as written', () => {
    const reply = 'Let me check.<|tool_call>call:read_file{path:<|"|>C:\\notes\\"a".txt<|"|>,limit:20,tags:[<|"|>x, y<|"|>,<|"|>z<|"|>]}<tool_call|><|tool_response>';
    const r = extractToolCalls(reply, { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments]), [['gemma', 'read_file', { path: 'C:\\notes\\"a".txt', limit: 20, tags: ['x, y', 'z'] }]]);
    assert.equal(r.text, 'Let me check.');
  });

  test('several calls; <turn|> for the closer; (…) for the braces; the schema reads the values', () => {
    const reply = '<|tool_call>call:get_weather{location:<|"|>Oslo<|"|>,days:<|"|>3<|"|>}<tool_call|><|tool_call>call:web_search(query:<|"|>fjords<|"|>)<turn|>';
    assert.deepEqual(calls(reply), [['gemma', 'get_weather', { location: 'Oslo', days: 3 }], ['gemma', 'web_search', { query: 'fjords' }]]);
  });

  test("FunctionGemma's <escape> string tokens", () => {
    assert.deepEqual(calls('<start_function_call>call:get_weather{location:<escape>Lima<escape>,unit:<escape>celsius<escape>}<end_function_call>'),
      [['gemma', 'get_weather', { location: 'Lima', unit: 'celsius' }]]);
  });

  test('a call drafted in the thought channel is not a call', () => {
    const reply = '<|channel>thought\nMaybe <|tool_call>call:web_search{query:<|"|>x<|"|>}<tool_call|><channel|><|tool_call>call:get_weather{location:<|"|>Bergen<|"|>}<tool_call|>';
    assert.deepEqual(calls(reply), [['gemma', 'get_weather', { location: 'Bergen' }]]);
  });

  test('cut off inside a string or the object: an error naming the call; the token named in prose: no call', () => {
    throwsCode('<|tool_call>call:web_search{query:<|"|>unfin', 'UNREPAIRABLE', /"web_search".*cut off/);
    throwsCode('<|tool_call>call:get_weather{location:<|"|>Rome<|"|>,days:', 'UNREPAIRABLE', /"get_weather".*cut off/);
    assert.deepEqual(calls('The <|tool_call> token starts a call; call:web_search{} is its body.'), []);
  });

  test('the opener without `call` (vLLM #53444): <|tool_call>:NAME{…}', () => {
    assert.deepEqual(calls('<|tool_call>:web_search{query:<|"|>fjords<|"|>}<tool_call|>'), [['gemma', 'web_search', { query: 'fjords' }]]);
  });
});

describe('apertus: <|tools_prefix|>[{"NAME": {…}}]<|tools_suffix|>', () => {
  test("each call an object named for its tool; the thought block stays in the text (llama.cpp's test-chat)", () => {
    const r = extractToolCalls('<|inner_prefix|>I\'m\nthinking<|inner_suffix|><|tools_prefix|>[{"get_weather": {"location": "Bern", "days": "2"}}, {"web_search": {"query": "Alps"}}]<|tools_suffix|>Done.', { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments]), [['apertus', 'get_weather', { location: 'Bern', days: 2 }], ['apertus', 'web_search', { query: 'Alps' }]]);
    assert.equal(r.text, "<|inner_prefix|>I'm\nthinking<|inner_suffix|>Done.");
  });

  test('a call drafted in the thought block is none; a call object of two members names no tool', () => {
    assert.deepEqual(calls('<|inner_prefix|><|tools_prefix|>[{"web_search": {"query": "a"}}]<|tools_suffix|><|inner_suffix|>'), []);
    throwsCode('<|tools_prefix|>[{"web_search": {"query": "a"}, "get_weather": {}}]<|tools_suffix|>', 'UNREPAIRABLE', /names no tool/);
  });

  test('cut off: an error naming the call', () => {
    throwsCode('<|tools_prefix|>[{"web_search": {"query": "a', 'UNREPAIRABLE', /"web_search".*cut off/);
  });
});

describe('pythonic: [NAME(key=value), …]', () => {
  test('a list of calls on its own line; values are Python literals', () => {
    const r = extractToolCalls("Let me check.\n[get_weather(location='San Francisco', days=3), web_search(query=\"a, b (c)\", exact=True)]", { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments]),
      [['pythonic', 'get_weather', { location: 'San Francisco', days: 3 }], ['pythonic', 'web_search', { query: 'a, b (c)', exact: true }]]);
    assert.equal(r.text, 'Let me check.');
  });

  // Survey s33/c L2: ChatGLM3's own call format (ChatGLM3 #138; #27: the name run straight into the
  // fence) gave no call and no error.
  test("ChatGLM3's name line, then a ```python fence holding tool_call(…) (ChatGLM3 #138, #27)", () => {
    const r = readAlike("get_weather\n```python\ntool_call(location='郑州', unit='celsius')\n```", tools);
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments, c.rewrites]), r.text], [[['pythonic', 'get_weather', { location: '郑州', unit: 'celsius' }, ['name_line']]], '']);
    assert.deepEqual(readAlike("I'll look.\n\nweb_search```python\ntool_call(query='tides')\n```\n\nDone.", tools).calls.map((c) => c.arguments), [{ query: 'tides' }]);
    // Its closer lost at the reply's end (a stop token).
    assert.deepEqual(readAlike("web_search\n```python\ntool_call(query='a')", tools).calls.map((c) => c.arguments), [{ query: 'a' }]);
    // In prose, under no tool's name, or with no name: text.
    for (const t of ["Call it so:\nweb_search\n```python\ntool_call(query='a')\n```", "rm\n```python\ntool_call(query='a')\n```", "```python\ntool_call(query='a')\n```"]) assert.deepEqual(readAlike(t, tools), { calls: [], text: t });
    // Cut off, or an argument without its keyword: an error naming the call.
    throwsCode("web_search\n```python\ntool_call(query='a", 'UNREPAIRABLE', /"web_search".*cut off/);
    throwsCode("web_search\n```python\ntool_call('a')\n```", 'UNREPAIRABLE', /"web_search".*without its keyword/);
  });

  // python-genai #1836: Gemini writes its call as the code its runner executes, in or out of a tool_code block.
  test("Gemini's print(default_api.NAME(…)): the call, its tool named without the module", () => {
    assert.deepEqual(calls('```tool_code\nprint(default_api.get_weather(location="Paris"))\n```'), [['pythonic', 'get_weather', { location: 'Paris' }]]);
    assert.deepEqual(calls('print(default_api.web_search(query="tides"))'), [['pythonic', 'web_search', { query: 'tides' }]]);
    assert.deepEqual(calls('default_api.web_search(query="tides")'), [['pythonic', 'web_search', { query: 'tides' }]]);
    for (const text of ['print(default_api.unknown(q="x"))', 'print(get_weather)']) {
      assert.deepEqual(extractToolCalls(text, { tools }).calls, [], text);
    }
    throwsCode('print(default_api.web_search(query="x")', 'UNREPAIRABLE', /cut off/);
  });

  // vllm #43104 (Granite 3.3 and 4.0 H-Small write calls bare): no call was read.
  test('a reply of nothing but calls, one per line with no list: calls; prose that starts with one is prose', () => {
    assert.deepEqual(calls('get_weather(location="San Francisco")'), [['pythonic', 'get_weather', { location: 'San Francisco' }]]);
    const r = extractToolCalls('<think>Two lookups.</think>\nget_weather(location="Oslo", days=2)\nweb_search(query="fjords")\n', { tools });
    assert.deepEqual([r.calls.map((c) => [c.name, c.arguments]), r.text], [[['get_weather', { location: 'Oslo', days: 2 }], ['web_search', { query: 'fjords' }]], '<think>Two lookups.</think>']);
    assert.deepEqual(streamed('get_weather(location="San Francisco")').length, 0); // with end(), which agrees
    for (const prose of ['web_search(query="x") finds it.', 'web_search(q) finds it.', 'get_weather(location="Oslo")\nDone.', 'I would call get_weather(location="Oslo")', '<think>get_weather(location="Oslo")</think>']) {
      assert.deepEqual(extractToolCalls(prose, { tools }).calls, [], prose);
    }
    throwsCode('get_weather(location="San', 'UNREPAIRABLE', /"get_weather" \(pythonic\) is cut off/);
    // After a call in another format, the same call written again as Python is text, not a second run (review).
    const twice = extractToolCalls('{"name": "web_search", "parameters": {"query": "a"}}\nweb_search(query="a")', { tools });
    assert.deepEqual([twice.calls.length, twice.text], [1, 'web_search(query="a")']);
  });

  test("after Llama 4's <|python_start|>", () => {
    assert.deepEqual(calls('<|python_start|>[get_weather(location="Paris")]<|python_end|>'), [['pythonic', 'get_weather', { location: 'Paris' }]]);
  });

  test('inside a sentence, or with a name that is no tool, it is prose', () => {
    assert.deepEqual(extractToolCalls('See [get_weather(location="x")] in the docs.', { tools }).calls, []);
    assert.deepEqual(extractToolCalls('[see(x)] and [1, 2]', { tools }).calls, []);
    // A list in prose that does not read as calls is prose too, not an error.
    assert.deepEqual(extractToolCalls('See [get_weather("x")] in the docs.', { tools }).calls, []);
    assert.deepEqual(extractToolCalls('Call [get_weather(location=', { tools }).calls, []);
    // Such a list no longer stops later lists being read: the call after it was left in the text.
    const later = extractToolCalls('I tried [get_weather("x")] first. Then: [web_search(query="y")]', { tools });
    assert.deepEqual([later.calls.map((c) => [c.name, c.arguments]), later.text], [[['web_search', { query: 'y' }]], 'I tried [get_weather("x")] first. Then:']);
    // Ending its line, it is a call after all, and the argument without its keyword is an error.
    throwsCode('Here is the call: [get_weather("x")]', 'UNREPAIRABLE', /"get_weather" \(pythonic\).*keyword/);
  });

  test('130 000 calls on one line: every one, no RangeError (review: the calls were spread into a push)', () => {
    assert.equal(extractToolCalls('[ls(a=1)] '.repeat(130_000), { tools: [{ name: 'ls' }] }).calls.length, 130_000);
  });

  test("ending its line after prose, or after calls on the same line (SGLang's test_function_call_parser)", () => {
    const r = extractToolCalls("Here's a tool call: [get_weather(location='New York', unit='celsius')]", { tools });
    assert.deepEqual([r.calls.map((c) => [c.name, c.arguments]), r.text], [[['get_weather', { location: 'New York', unit: 'celsius' }]], "Here's a tool call:"]);
    // The second list was left in the text, its call lost.
    const two = extractToolCalls("[get_weather(location='Berlin')] and [web_search(query='restaurants')]", { tools });
    assert.deepEqual([two.calls.map((c) => [c.name, c.arguments]), two.text], [[['get_weather', { location: 'Berlin' }], ['web_search', { query: 'restaurants' }]], 'and']);
  });

  test('an argument without its keyword, a list cut off: errors naming the call', () => {
    throwsCode('[get_weather("Paris")]', 'UNREPAIRABLE', /"get_weather" \(pythonic\).*keyword/);
    throwsCode('[get_weather(location="Paris", days=', 'UNREPAIRABLE', /"get_weather".*cut off/);
  });

  // Session 28: a value is read as a member's value, as Python reads it. Strings side by side are
  // one (Python's implicit concatenation; it was an error, "reads as 2 values"), and a quote the text
  // holds unescaped, that a word follows, is the text's (vLLM's LFM2 tests: a shell command in a
  // single-quoted argument was cut at its first inner quote, an argument without its keyword).
  test("strings side by side are one; a quote inside a value's text that a word follows is the text's", () => {
    const joined = only('[web_search(query="a" "b")]');
    assert.deepEqual([joined.arguments, joined.repairs.map((r) => r.kind)], [{ query: 'ab' }, ['adjacent_strings']]);
    const sed = extractToolCalls("<|tool_call_start|>[read_file(path='sed -n '360,450p' /testbed/common.py', limit=3)]<|tool_call_end|>", { tools });
    assert.deepEqual(sed.calls.map((c) => c.arguments), [{ path: "sed -n '360,450p' /testbed/common.py", limit: 3 }]);
    assert.deepEqual(only("[web_search(query='it's here')]").arguments, { query: "it's here" });
    // After the call token, a call that then does not read is an error naming it, never text.
    throwsCode("<|tool_call_start|>[read_file(path='a \"b='\\,'))\"')]<|tool_call_end|>", 'UNREPAIRABLE', /"read_file" \(pythonic\) cannot be read/);
  });

  test("calls one per line in OLMo 3's <function_calls> and Gemma 3's ```tool_code block (its closer may be the reply's end)", () => {
    const olmo = extractToolCalls('<function_calls>\nget_weather(location="Oslo", days=2)\nweb_search(query="fjords")\n</function_calls>', { tools });
    assert.deepEqual([olmo.calls.map((c) => [c.format, c.name, c.arguments]), olmo.text],
      [[['pythonic', 'get_weather', { location: 'Oslo', days: 2 }], ['pythonic', 'web_search', { query: 'fjords' }]], '']);
    const gemma = extractToolCalls('Let me check.\n```tool_code\nget_weather(location="Lima")\n```\nDone.', { tools });
    assert.deepEqual([gemma.calls.map((c) => [c.format, c.name, c.arguments]), gemma.text], [[['pythonic', 'get_weather', { location: 'Lima' }]], 'Let me check.\n\nDone.']);
    assert.deepEqual(calls('```tool_code\nweb_search(query="x")'), [['pythonic', 'web_search', { query: 'x' }]]);
    // Code that calls no tool stays text; Claude-style <invoke> markup in <function_calls> is the invoke format's.
    assert.deepEqual(extractToolCalls('```tool_code\nprint(x)\n```', { tools }).calls, []);
    assert.deepEqual(calls('<function_calls>\n<invoke name="web_search"><parameter name="query">q</parameter></invoke>\n</function_calls>'), [['invoke', 'web_search', { query: 'q' }]]);
    throwsCode('<function_calls>\nget_weather(location="Os', 'UNREPAIRABLE', /"get_weather".*cut off/);
  });
});

describe('json: bare call objects', () => {
  test('fenced, with "parameters"; the fence goes with the call', () => {
    const r = extractToolCalls('```json\n{"name": "web_search", "parameters": {"query": "install ollama models"}}\n```', { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments]), [['json', 'web_search', { query: 'install ollama models' }]]);
    assert.equal(r.text, '');
  });

  test('the whole reply is one object with "arguments"', () => {
    assert.deepEqual(calls('{"name": "web_search", "arguments": {"query": "Beijing weather today"}}'), [['json', 'web_search', { query: 'Beijing weather today' }]]);
  });

  test('an assistant message written out as text: {"tool_calls": […]} in OpenAI\'s shape', () => {
    const reply = '{"role": "assistant", "content": null, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{\\"location\\": \\"Oslo\\"}"}}]}';
    const r = extractToolCalls(reply, { tools });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments, c.id]), [['json', 'get_weather', { location: 'Oslo' }, 'call_1']]);
    // With anything else in it, the object is an answer, not calls.
    assert.deepEqual(extractToolCalls('{"tool_calls": [{"name": "web_search", "arguments": {"query": "a"}}], "note": "x"}', { tools }).calls, []);
  });

  test('llama.cpp\'s generic format: {"tool_call": {…}} (its test-chat: the call stayed in the text)', () => {
    assert.deepEqual(calls('{"tool_call": {"name": "web_search", "arguments": {"query": "a"}}}'), [['json', 'web_search', { query: 'a' }]]);
    // Not a call object inside, or other members beside it: an answer.
    assert.deepEqual(calls('{"tool_call": {"name": "web_search"}}'), []);
    assert.deepEqual(calls('{"tool_call": {"name": "web_search", "arguments": {}}, "reason": "x"}'), []);
  });

  test('Command R\'s actions: "tool_name" and "parameters"', () => {
    assert.deepEqual(calls('Action: ```json\n[{"tool_name": "web_search", "parameters": {"query": "a"}}]\n```'), [['json', 'web_search', { query: 'a' }]]);
  });

  test('"input" and an array of calls', () => {
    assert.deepEqual(calls('[{"name": "web_search", "input": {"query": "a"}}, {"name": "get_weather", "input": {"location": "b"}}]').map((c) => c[1]), ['web_search', 'get_weather']);
  });

  // SGLang's test_json_with_trailing_text (Llama 3.2): a reply that starts with the call ran on as one
  // candidate, and the prose after the call went with it; the reply's text came back empty.
  test('prose after a call that starts the reply is the text', () => {
    const r = extractToolCalls('{"name": "web_search", "parameters": {"query": "a"}} Some follow-up text', { tools });
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments, c.repairs]), r.text], [[['json', 'web_search', { query: 'a' }, []]], 'Some follow-up text']);
    assert.equal(extractToolCalls('[{"name": "web_search", "parameters": {"query": "a"}}]\nDone.', { tools }).text, 'Done.');
    streamed('{"name": "web_search", "parameters": {"query": "a"}} Some follow-up text');
  });

  // home-assistant #126392 (llama3.1 via Ollama): the call, then a result and an answer the model
  // wrote, with JSON in them; all of it went with the call, and the text came back empty.
  test('prose with JSON of its own after the call stays the text; a call in it is a call (home-assistant #126392)', () => {
    const r = readAlike('{"name": "web_search", "parameters": {"query": "a"}} Yes, done. {"ok": true}', tools);
    assert.deepEqual([r.calls.map((c) => [c.name, c.arguments, c.span]), r.text], [[['web_search', { query: 'a' }, { start: 0, end: 52 }]], 'Yes, done. {"ok": true}']);
    const ha = readAlike('{"name": "web_search", "parameters": {"query": "light"}}<|start_header_id|>ipython<|end_header_id|>\n\n{"speech": {}, "response_type": "action_done"}<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\nYes, the light is on.<|eot_id|>', tools);
    assert.deepEqual(ha.calls.map((c) => c.arguments), [{ query: 'light' }]);
    assert.match(ha.text, /^<\|start_header_id\|>ipython.*"action_done"\}.*Yes, the light is on\.<\|eot_id\|>$/s);
    const two = readAlike('{"name": "web_search", "parameters": {"query": "a"}} and then {"name": "get_weather", "parameters": {"location": "b"}}', tools);
    assert.deepEqual([two.calls.map((c) => c.name), two.text], [['web_search', 'get_weather'], 'and then']);
    // In a span no token closes, members after a closer written early are still the call's (an
    // unquoted key's too: its `}` closes what the prose did not open); JSON of the prose's own is not.
    assert.deepEqual(calls('[TOOL_CALLS]read_file{"path": "a"} limit: 5}'), [['mistral', 'read_file', { path: 'a', limit: 5 }]]);
    assert.equal(extractToolCalls('[TOOL_CALLS]read_file{"path": "a"} Note: {"b": 1}', { tools }).text, 'Note: {"b": 1}');
  });

  // mlx-swift-lm #491 (GLM-4-9B-0414 raw output; BFCL's glm handler reads glm-4-9b-chat so): the
  // tool's name alone on a line, then its arguments; no call and no error.
  test('GLM-4\'s name line then its arguments, when the pair stands apart (mlx-swift-lm #491, #623)', () => {
    const r = readAlike('get_weather\n{"location": "Paris", "unit": "celsius"}', tools);
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments, c.rewrites]), r.text], [[['json', 'get_weather', { location: 'Paris', unit: 'celsius' }, ['name_line']]], '']);
    for (const [text, rest] of [
      ['web_search {"query": "a"}', ''],
      ['<think>Paris.</think>\n\nget_weather\n{"location": "Paris"}', '<think>Paris.</think>'],
      ['Checking.\n\nget_weather\n{"location": "Paris"}\n\nDone.', 'Checking.\n\nDone.'],
      ['get_weather\n{"location": "Paris"}\nweb_search\n{"query": "b"}', ''],
    ] as const) {
      const two = readAlike(text, tools);
      assert.deepEqual([two.calls.every((c) => c.rewrites.includes('name_line')), two.calls.length, two.text], [true, text.includes('web_search\n') ? 2 : 1, rest], text);
    }
    // A word that is no tool, or a tool's name inside prose, before JSON: the reply's text.
    for (const text of ['Result\n{"location": "Paris"}', 'Call it so:\nget_weather\n{"location": "Paris"}', 'get_weather\n{"location": "Paris"}\nis how it reads.', 'We use web_search {"query": "a"} here.']) {
      assert.deepEqual(readAlike(text, tools), { calls: [], text }, text);
    }
    throwsCode('get_weather\n{"location": "Pa', 'UNREPAIRABLE', /"get_weather".*cut off/);
  });

  test('two objects one after the other, and ";"-separated', () => {
    assert.deepEqual(calls('{\n  "name": "get_weather",\n  "arguments": {"location": "San Francisco"}\n} {\n  "name": "web_search",\n  "arguments": {"query": "attractions"}\n}').map((c) => c[1]), ['get_weather', 'web_search']);
    assert.deepEqual(calls('{"name": "web_search", "parameters": {"query": "slugify"}}; {"name": "read_file", "parameters": {"path": "x.py"}}').map((c) => c[1]), ['web_search', 'read_file']);
  });

  test('an OpenAI-style {"type": "function", "function": {…}} wrapper', () => {
    const c = only('{"type": "function", "function": {"name": "get_weather", "parameters": {"location": "Sydney"}}}');
    assert.deepEqual([c.name, c.arguments, c.rewrites], ['get_weather', { location: 'Sydney' }, ['function_wrapper']]);
  });

  // groq-typescript #103 (Llama 3 on Groq, its failed_generation): `function` holds the name alone,
  // the arguments beside it; no call and no error.
  test('a wrapper whose function holds only the name, the arguments beside it, in Groq\'s <tool-use> (groq-typescript #103)', () => {
    const reply = '<tool-use>\n{\n  "tool_calls": [\n    {\n      "id": "pending",\n      "type": "function",\n      "function": {\n        "name": "web_search"\n      },\n      "parameters": {\n        "query": "current president of the US"\n      }\n    }\n  ]\n}\n</tool-use>';
    const r = readAlike(reply, tools);
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments, c.rewrites, c.id]), r.text], [[['json', 'web_search', { query: 'current president of the US' }, ['function_wrapper'], 'pending']], '']);
    assert.deepEqual(calls('{"function": {"name": "web_search"}, "arguments": {"query": "a"}}'), [['json', 'web_search', { query: 'a' }]]);
  });

  // The same wrapper with an empty arguments member inside `function`: the arguments beside it were
  // dropped with no word (f({})).
  test('a wrapper whose function holds empty arguments, the arguments beside it (groq-typescript #103): they are the arguments', () => {
    const r = readAlike('{"function": {"name": "web_search", "arguments": {}}, "parameters": {"query": "a"}}', tools);
    assert.deepEqual(r.calls.map((c) => [c.name, c.arguments, c.rewrites]), [['web_search', { query: 'a' }, ['function_wrapper']]]);
    assert.deepEqual(calls('<tool_call>{"type": "function", "function": {"name": "read_file", "arguments": {"path": "a"}}, "limit": 4}</tool_call>'), [['hermes', 'read_file', { path: 'a', limit: 4 }]]);
    assert.deepEqual(calls('{"index": 0, "id": "c1", "type": "function", "function": {"name": "web_search", "arguments": {"query": "a"}}}'), [['json', 'web_search', { query: 'a' }]]);
    assert.deepEqual(calls('<tool_call>{"name": "web_search", "arguments": {}, "parameters": {"query": "b"}}</tool_call>'), [['hermes', 'web_search', { query: 'b' }]]);
  });

  test('arguments both inside the wrapper and beside it, or in two members, each holding something: an error', () => {
    throwsCode('{"function": {"name": "web_search", "arguments": {"query": "a"}}, "parameters": {"query": "b"}}', 'UNREPAIRABLE', /both in "arguments" and in "parameters"/);
    throwsCode('{"function": {"name": "web_search", "arguments": {"query": "a"}}, "arguments": {"query": "b"}}', 'UNREPAIRABLE', /"arguments" both in its "function" and beside it/);
    throwsCode('<tool_call>{"name": "web_search", "arguments": {"query": "a"}, "args": {"query": "b"}}</tool_call>', 'UNREPAIRABLE', /both in "arguments" and in "args"/);
  });

  test('"type" beside the name', () => {
    assert.deepEqual(calls('{"type": "function", "name": "web_search", "parameters": {"query": "echo hello"}}'), [['json', 'web_search', { query: 'echo hello' }]]);
  });

  test('the markup around it goes with the call: Granite\'s <|tool_call|>, Phi-4-mini\'s functools, <tool_calls> tags', () => {
    const c = { name: 'web_search', arguments: { query: 'a' } };
    const json = JSON.stringify(c);
    for (const [reply, text] of [
      [`<|tool_call|>[${json}]`, ''],
      [`Let me look.<|tool_call|>${json}<|/tool_call|>`, 'Let me look.'],
      [`functools[${json}]`, ''],
      [`<tool_calls>\n[${json}]\n</tool_calls>\nDone.`, 'Done.'],
      [`<function_call>${json}</function_call>`, ''],
      // Cohere Command's action tokens, InternLM2's plugin call.
      [`<|START_ACTION|>[\n${json}\n]<|END_ACTION|>`, ''],
      [`<|action_start|><|plugin|>${json}<|action_end|>Done.`, 'Done.'],
      // Two calls in one wrapper: the first takes the opener, the last the closer.
      [`<|tool_call|>${json}\n${json}<|/tool_call|>`, ''],
    ] as const) {
      const r = extractToolCalls(reply, { tools });
      assert.deepEqual(r.calls.map((x) => [x.format, x.name, x.arguments]), reply.includes(`}\n{`) ? [['json', 'web_search', { query: 'a' }], ['json', 'web_search', { query: 'a' }]] : [['json', 'web_search', { query: 'a' }]], reply);
      assert.equal(r.text, text, reply);
    }
    // Markup with no call after it stays in the text.
    assert.deepEqual(extractToolCalls('Use functools {"name": "Alice"}', { tools }).text, 'Use functools {"name": "Alice"}');
    // Command R7B writes each action's tool_call_id: the call's id (the call was missed).
    const r7b = extractToolCalls('<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "web_search", "parameters": {"query": "a"}}]<|END_ACTION|>', { tools });
    assert.deepEqual(r7b.calls.map((x) => [x.name, x.arguments, x.id]), [['web_search', { query: 'a' }, '0']]);
    // With an id too, or a number for it, the call is still one (review: it was not returned).
    const both = extractToolCalls('<|START_ACTION|>[{"id": "x", "tool_call_id": 0, "tool_name": "web_search", "parameters": {"query": "a"}}, {"tool_call_id": 1, "tool_name": "web_search", "parameters": {"query": "b"}}]<|END_ACTION|>', { tools });
    assert.deepEqual(both.calls.map((x) => x.id), ['x', '1']);
    // A list cut off after its first call is an error (it was prose: no call, no error); it names the
    // call the end cut, not the whole first one (session 37).
    throwsCode(`<|tool_call|>[${json}, {`, 'UNREPAIRABLE', /the json tool call at line 1 is cut off before it names its tool/);
    throwsCode(`<|tool_call|>[${json}, {"name": "get_weather", "argu`, 'UNREPAIRABLE', /^the call to "get_weather" \(json, line 1\) is cut off/);
  });

  // BFCL's phi_fc handler (Phi-4-mini's parallel calls with no list around them): the calls were read,
  // and the commas between them were left as the reply's text.
  test('the commas that only separate calls go with them (BFCL phi_fc)', () => {
    const r = readAlike('<|tool_call|>{"name": "web_search", "arguments": {"query": "a"}}, {"name": "web_search", "arguments": {"query": "b"}}, {"name": "get_weather", "arguments": {"location": "c"}}<|/tool_call|>', tools);
    assert.deepEqual([r.calls.length, r.text], [3, '']);
    assert.equal(readAlike('See: {"name": "web_search", "arguments": {"query": "a"}}; {"name": "web_search", "arguments": {"query": "b"}}, then more.', tools).text, 'See: , then more.');
  });

  test("LFM2's <|tool_call_start|> around a pythonic list, and Seed-OSS's <seed:tool_call> around Qwen3-Coder's markup, go with the calls", () => {
    const lfm = extractToolCalls('<|tool_call_start|>[web_search(query="a")]<|tool_call_end|>Checking.', { tools });
    assert.deepEqual([lfm.calls.map((x) => [x.format, x.name, x.arguments]), lfm.text], [[['pythonic', 'web_search', { query: 'a' }]], 'Checking.']);
    const seed = extractToolCalls('<seed:tool_call>\n<function=web_search>\n<parameter=query>b</parameter>\n</function>\n</seed:tool_call>', { tools });
    assert.deepEqual([seed.calls.map((x) => [x.format, x.name, x.arguments]), seed.text], [[['qwen3_coder', 'web_search', { query: 'b' }]], '']);
  });

  // vLLM's test_echoed_tool_call_body_not_leaked_to_content: LFM2 writes the list again after
  // <|tool_call_end|>, closed by a closer nothing opened; the call came back twice.
  test("LFM2's list echoed after its closer is taken out, not called twice", () => {
    const echoed = extractToolCalls('<|tool_call_start|>[web_search(query="a")]<|tool_call_end|>[web_search(query="a")]<|tool_call_end|>', { tools });
    assert.deepEqual([echoed.calls.map((x) => [x.name, x.arguments]), echoed.text], [[['web_search', { query: 'a' }]], '']);
    // Another list there, or the same one wrapped again, is more calls.
    assert.equal(extractToolCalls('<|tool_call_start|>[web_search(query="a")]<|tool_call_end|>[web_search(query="b")]<|tool_call_end|>', { tools }).calls.length, 2);
    assert.equal(extractToolCalls('<|tool_call_start|>[web_search(query="a")]<|tool_call_end|><|tool_call_start|>[web_search(query="a")]<|tool_call_end|>', { tools }).calls.length, 2);
    // Only after a wrapped list: two bare lists are two calls (review).
    assert.equal(extractToolCalls('[web_search(query="a")]\n[web_search(query="a")]<|tool_call_end|>', { tools }).calls.length, 2);
  });

  test('an answer that merely has a "name" is not a call', () => {
    const reply = 'Here is the user: {"name": "Alice", "age": 30}';
    assert.deepEqual(extractToolCalls(reply, { tools }), { calls: [], text: reply });
    assert.deepEqual(extractToolCalls('{"name": "web_search", "description": "searches the web"}', { tools }).calls, []);
  });

  test('JSON inside <think> is not a call', () => {
    assert.deepEqual(extractToolCalls('<think>maybe {"name": "web_search", "arguments": {"query": "x"}}</think>No call needed.', { tools }).calls, []);
  });

  test('a call drafted inside <think> is not a call; the one after it is', () => {
    const reply = '<think>I could write <tool_call>{"name": "web_search", "arguments": {"query": "draft"}}</tool_call> here.</think>\n' +
      '<tool_call>{"name": "web_search", "arguments": {"query": "real"}}</tool_call>';
    assert.deepEqual(calls(reply), [['hermes', 'web_search', { query: 'real' }]]);
    assert.deepEqual(calls('<think>unfinished <|python_tag|>{"name": "web_search", "parameters": {"query": "x"}}'), []);
  });
});

describe('calls in a ```xml fence (session 34)', () => {
  // The calls were read but the fence's lines stayed in the text ("```xml\n\n```"), and JSON in
  // <function_call> or <tool_calls> tags inside an ```xml fence gave calls [] and no error.
  test('markup and wrapped JSON in an ```xml (or bare) fence: read, the fence\'s lines leave the text with them', () => {
    const json = '{"name": "get_weather", "arguments": {"location": "Paris"}}';
    for (const [reply, format] of [
      [`\`\`\`xml\n<tool_call>\n${json}\n</tool_call>\n\`\`\``, 'hermes'],
      [`\`\`\`\n<tool_call>\n${json}\n</tool_call>\n\`\`\``, 'hermes'],
      [`\`\`\`xml\n<function_call>${json}</function_call>\n\`\`\``, 'json'],
      [`\`\`\`xml\n<function_call>\n${json}\n</function_call>\n\`\`\``, 'json'],
      [`\`\`\`xml\n<tool_calls>\n${json}\n</tool_calls>\n\`\`\``, 'json'],
      ['```xml\n<invoke name="get_weather">\n<parameter name="location">Paris</parameter>\n</invoke>\n```', 'invoke'],
      ['```xml\n<function_call name="get_weather">{"location": "Paris"}</function_call>\n```', 'hermes'],
      ['```xml\n<tool_call>\n<function=get_weather>\n<parameter=location>\nParis\n</parameter>\n</function>\n</tool_call>\n```', 'qwen3_coder'],
    ]) {
      const r = readAlike(reply, tools);
      assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments]), r.text], [[[format, 'get_weather', { location: 'Paris' }]], ''], reply);
    }
    const around = readAlike('Sure.\n  ```xml\n<function_calls>\n<invoke name="get_weather">\n<parameter name="location">Paris</parameter>\n</invoke>\n</function_calls>\n  ```\nDone.', tools);
    assert.deepEqual([around.calls.map((c) => c.name), around.text], [['get_weather'], 'Sure.\n\nDone.']);
  });

  test('a fence that holds more than the calls keeps its lines; JSON in other tags of an ```xml fence is no call', () => {
    const noted = readAlike('Example:\n```xml\n<tool_call>{"name": "web_search", "arguments": {"query": "x"}}</tool_call>\n<!-- note -->\n```', tools);
    assert.deepEqual([noted.calls.map((c) => c.name), noted.text], [['web_search'], 'Example:\n```xml\n\n<!-- note -->\n```']);
    const html = '```html\n<div>{"name": "web_search", "arguments": {"query": "x"}}</div>\n```';
    assert.deepEqual(readAlike(html, tools), { calls: [], text: html });
  });
});

describe('arguments: as a string, doubled braces, cut off', () => {
  test('arguments written as a JSON string', () => {
    const c = only('<tool_call>{"name": "get_weather", "arguments": "{\\n  \\"location\\": \\"Bengaluru\\"\\n}"}</tool_call>');
    assert.deepEqual([c.arguments, c.rewrites], [{ location: 'Bengaluru' }, ['arguments_as_string']]);
  });

  test('every brace doubled, as in an f-string prompt', () => {
    const c = only('<tool_call>{{"name": "web_search", "arguments": {{"query": "f-strings"}}}}</tool_call>');
    assert.deepEqual([c.arguments, c.rewrites], [{ query: 'f-strings' }, ['doubled_braces']]);
    assert.deepEqual(only('[TOOL_CALLS]get_weather[ARGS]{{"location": "Rome"}}').arguments, { location: 'Rome' });
  });

  test('braces in strings are not touched; partly doubled braces are left to the parser', () => {
    const c = only('<tool_call>{{"name": "web_search", "arguments": {{"query": "a {{b}} c"}}}}</tool_call>');
    assert.deepEqual(c.arguments, { query: 'a {{b}} c' });
  });

  test('cut off inside the arguments: an error that names the call, never a guessed value', () => {
    throwsCode('<tool_call>\n{"name": "get_weather", "arguments": {"location": "Par', 'UNREPAIRABLE', /"get_weather" \(hermes, line 1\) is cut off/);
    throwsCode('```json\n{"name": "web_search", "parameters": {"query": "unfin', 'UNREPAIRABLE', /"web_search".*cut off/);
    // Cut off inside a literal: another cut-off repair kind, the same error.
    throwsCode('<tool_call>{"name": "get_weather", "arguments": {"location": "X", "days": nul', 'UNREPAIRABLE', /"get_weather".*cut off/);
  });
  // hermes-agent #5315 (Qwen3.5 and Hermes models drop a call's last `}`): the closing token came right
  // after the arguments' `}`, so only the call object's own `}` was left out; it was refused as cut off.
  test('a call object\'s } left out before its closing token: read, the } a named missing_closer', () => {
    const reply = '<tool_call>{"name": "web_search", "arguments": {"query": "ls -la"}</tool_call>\nDone.';
    const { calls, text } = extractToolCalls(reply, { tools });
    assert.deepEqual(calls.map((c) => [c.name, c.arguments, c.repairs.map((r) => r.kind)]), [['web_search', { query: 'ls -la' }, ['missing_closer']]]);
    assert.equal(text, 'Done.');
    assert.deepEqual(streamed(reply).map((c) => c.arguments), [{ query: 'ls -la' }]);
    // The body ends in a value's text, or the closing token never came: cut off, as before.
    throwsCode('<tool_call>{"name": "web_search", "arguments": {"query": "ls -la</tool_call>', 'UNREPAIRABLE', /cut off/);
    throwsCode('<tool_call>{"name": "web_search", "arguments": {"query": "ls -la"}', 'UNREPAIRABLE', /cut off/);
  });
});

// Session 24: a call object's members beside its name were dropped without a word, with no arguments
// member (the call read as `{}`) or beside one (a closer written early put them there).
describe('arguments: members written beside them', () => {
  test('no arguments member: the members beside the name are the arguments', () => {
    const c = only('<tool_call>\n{"name": "get_weather", "location": "Paris", "days": 2}\n</tool_call>');
    assert.deepEqual([c.arguments, c.rewrites], [{ location: 'Paris', days: 2 }, ['flat_arguments']]);
  });

  test('`args`, as Gemini and the AI SDK name them, are the arguments', () => {
    assert.deepEqual(only('<tool_call>{"name": "web_search", "args": {"query": "q"}}</tool_call>').arguments, { query: 'q' });
  });

  test('a closer written early: the members after it join the arguments', () => {
    const c = only('<tool_call>\n{"name": "read_file", "arguments": {"path": "a.ts"}}, "limit": 40}\n</tool_call>');
    assert.deepEqual([c.arguments, c.rewrites], [{ path: 'a.ts', limit: 40 }, ['arguments_beside']]);
    assert.ok(c.repairs.some((r) => r.kind === 'early_closer'));
  });

  test('a member both in the arguments and beside them, or beside arguments that are no object: an error', () => {
    throwsCode('<tool_call>{"name": "read_file", "arguments": {"path": "a"}, "path": "b"}</tool_call>', 'UNREPAIRABLE', /"path" both in its arguments and beside them/);
    throwsCode('<tool_call>{"name": "read_file", "arguments": "{\\"path\\": \\"a\\"}", "limit": 4}</tool_call>', 'UNREPAIRABLE', /beside its arguments \("limit"\)/);
  });

  test('the schema checks what joined: a member it does not allow is stripped with a named repair, as in the arguments', () => {
    const strict = [{ name: 'web_search', schema: { ...search, additionalProperties: false } }];
    const [c] = extractToolCalls('<tool_call>{"name": "web_search", "arguments": {"query": "q"}, "thought": "t"}</tool_call>', { tools: strict }).calls;
    assert.deepEqual([c.arguments, c.rewrites], [{ query: 'q' }, ['arguments_beside']]);
    assert.deepEqual(c.repairs.map((r) => [r.kind, 'path' in r ? r.path : undefined]), [['strip_extra_properties', '/thought']]);
  });

  test('an id and a type beside the arguments stay the envelope\'s', () => {
    const c = only('<tool_call>{"name": "web_search", "arguments": {"query": "q"}, "id": "call_1", "type": "function"}</tool_call>');
    assert.deepEqual([c.arguments, c.id, c.rewrites], [{ query: 'q' }, 'call_1', []]);
  });
});

describe('tools and errors', () => {
  test('an unknown tool is SCHEMA_MISMATCH naming the known tools', () => {
    throwsCode('<tool_call>{"name": "slugify", "arguments": {}}</tool_call>', 'SCHEMA_MISMATCH', /"slugify".*"get_weather", "web_search", "read_file"/);
    throwsCode('{"name": "trace_impact", "parameters": {"symbol": "x"}}', 'SCHEMA_MISMATCH', /"trace_impact"/);
  });

  test('arguments the schema rejects: a SchemaError naming the call and the path', () => {
    assert.throws(() => extractToolCalls('<tool_call>{"name": "get_weather", "arguments": {"unit": "kelvin"}}</tool_call>', { tools }), (e: unknown) => {
      assert.ok(e instanceof SchemaError);
      assert.match(e.message, /the call to "get_weather"/);
      return true;
    });
  });

  test('a <tool_call> block whose JSON names no tool', () => {
    throwsCode('<tool_call>{"tool": "web_search"}</tool_call>', 'UNREPAIRABLE', /names no tool/);
  });

  test('a tool without a schema: arguments parsed as JSON only', () => {
    const r = extractToolCalls('<tool_call>{"name": "ping", "arguments": {"n": 1,}}</tool_call>', { tools: [{ name: 'ping' }] });
    assert.deepEqual(r.calls[0].arguments, { n: 1 });
  });

  test('bad options', () => {
    assert.throws(() => extractToolCalls('x', {} as never), { code: 'INVALID_ARGUMENT' });
    assert.throws(() => extractToolCalls(42 as never, { tools }), { code: 'INVALID_ARGUMENT' });
    assert.throws(() => extractToolCalls('x', { tools, formats: ['nope' as never] }), { code: 'INVALID_ARGUMENT' });
    assert.throws(() => extractToolCalls('x', { tools: [{ name: 'a' }, { name: 'a' }] }), { code: 'INVALID_ARGUMENT' });
    // A provider's own tool definitions (OpenAI's `parameters`, Anthropic's `input_schema`) would leave
    // the arguments unchecked without a word: the schema goes in `schema`.
    assert.throws(() => extractToolCalls('x', { tools: [{ name: 'a', parameters: search } as never] }), { code: 'INVALID_ARGUMENT', message: /`parameters`.*`schema`/ });
    assert.throws(() => extractToolCalls('x', { tools: [{ name: 'a', input_schema: search } as never] }), { code: 'INVALID_ARGUMENT', message: /`input_schema`/ });
  });

  test('formats restricts what is looked for', () => {
    const reply = '<tool_call>{"name": "web_search", "arguments": {"query": "a"}}</tool_call>';
    assert.deepEqual(extractToolCalls(reply, { tools, formats: ['harmony'] }).calls, []);
  });

  test('every format has a test above', () => {
    assert.deepEqual([...TOOL_CALL_FORMATS], ['hermes', 'qwen3_coder', 'llama', 'mistral', 'harmony', 'deepseek_v3', 'deepseek_v31', 'deepseek_dsml', 'kimi_k2', 'glm45', 'invoke', 'minimax_m3', 'gemma', 'apertus', 'pythonic', 'tool_use', 'arrow', 'gemini_cli', 'tool_tags', 'react', 'json']);
  });

  test('a parameter named __proto__ stays an own property', () => {
    const c = only('<function=web_search><parameter=query>q</parameter><parameter=__proto__>{"polluted": true}</parameter></function>');
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.ok(Object.prototype.hasOwnProperty.call(c.arguments, '__proto__'));
  });
});

describe('calls in agent frameworks\' shapes (smolagents #158, LangChain #7564, Letta #269)', () => {
  test('a call when it names one of the tools and holds an object of arguments', () => {
    const smol = 'Action:\n{\n  "tool_name": "get_weather",\n  "tool_arguments": {"location": "Paris", "celsius": true}\n}\n\nThis action will get the weather.';
    const r = extractToolCalls(smol, { tools: [{ name: 'get_weather' }] });
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments, c.rewrites]), [['json', 'get_weather', { location: 'Paris', celsius: true }, ['agent_shape']]]);
    assert.equal(r.text, 'Action:\n\nThis action will get the weather.');
    const letta = '{\n  "function": "core_memory_append",\n  "params": {"name": "human", "content": "Horst"}\n}\n{\n  "function": "send_message",\n  "params": {"message": "Got it!"}\n}';
    assert.deepEqual(extractToolCalls(letta, { tools: [{ name: 'core_memory_append' }, { name: 'send_message' }] }).calls.map((c) => c.name), ['core_memory_append', 'send_message']);
    const lc = '{"action": "Calculator", "action_input": {"expression": "25% of 300"}}';
    assert.deepEqual(extractToolCalls(lc, { tools: [{ name: 'Calculator' }] }).calls.map((c) => c.arguments), [{ expression: '25% of 300' }]);
  });
  test('beside the agent\'s thinking, and AutoGPT\'s and AgentScope\'s shapes (OpenJarvis #947, AutoGPT #626, AgentScope #130)', () => {
    const tools = ['shell_exec', 'append_to_file', 'execute_python_code', 'forecast_cash_flow', 'f'].map((name) => ({ name }));
    const cases: ReadonlyArray<readonly [string, string, unknown]> = [
      ['```json\n{\n  "thought": "We need to count",\n  "action": "shell_exec",\n  "action_input": {"command": "ls", "timeout": 10}\n}\n```', 'shell_exec', { command: 'ls', timeout: 10 }],
      ['{"thoughts": {"text": "x", "plan": "- a"}, "command": {"name": "append_to_file", "args": {"file": "r.txt", "text": "y"}}}', 'append_to_file', { file: 'r.txt', text: 'y' }],
      ['{"thought": "t", "speak": "s", "function": [{"name": "execute_python_code", "arguments": {"code": "print(1+2)"}}]}', 'execute_python_code', { code: 'print(1+2)' }],
      ['{"tool":"forecast_cash_flow","args":{},}', 'forecast_cash_flow', {}],
      ['{"thought": "x", "name": "f", "arguments": {"q": 1}}', 'f', { q: 1 }],
    ];
    for (const [text, name, args] of cases) {
      assert.deepEqual(extractToolCalls(text, { tools }).calls.map((c) => [c.name, c.arguments, c.rewrites]), [[name, args, ['agent_shape']]], text);
    }
    for (const text of ['{"thought": "x", "action": "hold", "action_input": {"q": 1}}', '{"thoughts": "x", "command": {"name": "unknown", "args": {}}}']) {
      assert.deepEqual(extractToolCalls(text, { tools }), { calls: [], text });
    }
  });
  test('more envelopes, string inputs, and parallel calls written out (Flowise #1448, ai-sdk-tool-call-middleware #358 #360, json_repair #213, azure-rest-api-specs #32329)', () => {
    const q = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };
    const tools = [{ name: 'f', schema: q }, { name: 'g' }];
    const cases: ReadonlyArray<readonly [string, ReadonlyArray<readonly [string, unknown, string[]]>]> = [
      ['\njson\n{\n    "action": "f",\n    "action_input": "https://example.com/?q=store",\n}', [['f', { q: 'https://example.com/?q=store' }, ['agent_shape', 'arguments_as_text']]]],
      ['{"action": "g", "action_input": "{\\"q\\": 3}"}', [['g', { q: 3 }, ['agent_shape', 'arguments_as_string']]]],
      ['{"function": "g", "parameters": {"q": 1}}', [['g', { q: 1 }, ['agent_shape']]]],
      ['{"tool": "g", "parameters": {"q": 1}}', [['g', { q: 1 }, ['agent_shape']]]],
      ['{"tool_name": "g", "tool_args": {"q": 1}}', [['g', { q: 1 }, ['agent_shape']]]],
      ['{"tool_uses": [{"recipient_name": "functions.g", "parameters": {"q": 1}}, {"recipient_name": "functions.f", "parameters": {"q": "y"}}]}', [['g', { q: 1 }, ['agent_shape']], ['f', { q: 'y' }, ['agent_shape']]]],
    ];
    for (const [text, calls] of cases) {
      const whole = extractToolCalls(text, { tools });
      assert.deepEqual(whole.calls.map((c) => [c.name, c.arguments, c.rewrites]), calls, text);
      for (const size of [1, 3]) {
        const s = createToolCallStream({ tools });
        for (let k = 0; k < text.length; k += size) s.push(text.slice(k, k + size));
        assert.deepEqual(s.end(), whole, `in ${size}-character chunks`);
      }
    }
    // Text for a tool with no one string parameter is an error, not a reply with no call.
    assert.throws(() => extractToolCalls('{"action": "g", "action_input": "2+2"}', { tools }), { code: 'UNREPAIRABLE' });
    // A parallel call to a tool not given is an error (the review: it was no call and no error).
    assert.throws(() => extractToolCalls('{"tool_uses": [{"recipient_name": "functions.g", "parameters": {}}, {"recipient_name": "functions.h", "parameters": {}}]}', { tools }), { code: 'SCHEMA_MISMATCH' });
  });
  // mlx-lm #792: GLM-4.7 Flash under OpenCode writes `function` beside `arguments`; in <tool_call> it
  // named no tool (an error), bare it was no call.
  test('GLM-4.7\'s {"function": NAME, "arguments": {…}}, bare or in <tool_call> (mlx-lm #792)', () => {
    const tools = [{ name: 'run_command' }];
    for (const text of ['<tool_call>{"function": "run_command", "arguments": {"command": "ls"}}</tool_call>', '{"function": "run_command", "arguments": {"command": "ls"}}']) {
      const r = readAlike(text, tools);
      assert.deepEqual([r.calls.map((c) => [c.name, c.arguments, c.rewrites]), r.text], [[['run_command', { command: 'ls' }, ['agent_shape']]], ''], text);
    }
    // The other agent shapes in <tool_call> too; a tool not given there is still an error, naming
    // the tool (session 33, round 2: it said the call "names no tool").
    assert.deepEqual(readAlike('<tool_call>{"action": "run_command", "action_input": {"command": "ls"}}</tool_call>', tools).calls.map((c) => c.arguments), [{ command: 'ls' }]);
    assert.throws(() => extractToolCalls('<tool_call>{"function": "rm", "arguments": {}}</tool_call>', { tools }), { code: 'SCHEMA_MISMATCH', message: /"rm".*does not exist/ });
  });
  test('an answer with an action that names no tool stays the reply', () => {
    for (const text of ['{"action": "hold", "action_input": {"x": 1}}', '{"action": "Final Answer", "action_input": "42"}', '{"action": "Calculator", "action_input": {"x": 1}, "why": "y"}']) {
      assert.deepEqual(extractToolCalls(text, { tools: [{ name: 'Calculator' }] }), { calls: [], text });
    }
  });
});

describe('Qwen3-Coder markup written loosely by prompted models (ai-sdk-tool-call-middleware #358 #360, factory-droid-openai #21)', () => {
  // Captured from live models under a Qwen3-Coder prompt: each gave no call, or was refused.
  const tools = [{ name: 'send_message' }, { name: 'write_file' }, { name: 'get_weather' }, { name: 'f', schema: { type: 'object', properties: { q: { type: 'integer' } } } }];
  const code = '"""doc"""\n\ndef fizzbuzz(n):\n    return str(n)';
  const cases: ReadonlyArray<readonly [string, string, string, unknown]> = [
    // GLM-4.7: the opener's `<` lost.
    ['<tool_call>function=send_message>\n<parameter=recipient>\n민석\n</parameter>\n<parameter=body>\n안녕하세요! 오늘 회의는 3시입니다 🚀 <중요>\n</parameter>\n</function>', 'hermes', 'send_message', { recipient: '민석', body: '안녕하세요! 오늘 회의는 3시입니다 🚀 <중요>' }],
    // GLM-4.7: the name bare, parameters named by their tags, closed by </NAME>.
    [`<tool_call>write_file\n<path>fizzbuzz.py</path>\n<content>${code}\n</content>\n</write_file>`, 'hermes', 'write_file', { path: 'fizzbuzz.py', content: code }],
    // Llama 3.1 8B: the name as an element's text, each parameter's name in a tag before its value.
    ['<tool_call>\n<function>send_message</function>\n<parameter>recipient</parameter>\n민석\n<parameter>body</parameter>\n안녕하세요!\n</function>\n</tool_call>', 'hermes', 'send_message', { recipient: '민석', body: '안녕하세요!' }],
    // Qwen2.5-7B: inside <function=NAME>, tags named by the parameters, or a parameter's name in its tag.
    [`<tool_call>\n<function=write_file>\n<path>\nfizzbuzz.py\n</path>\n<content>\n${code}\n</content>\n</function>`, 'qwen3_coder', 'write_file', { path: 'fizzbuzz.py', content: code }],
    ['<tool_call>\n<function=get_weather>\n<parameter>city</parameter>\nSeoul\n<parameter>unit</parameter>\ncelsius\n</function>\n</tool_call>', 'qwen3_coder', 'get_weather', { city: 'Seoul', unit: 'celsius' }],
    // GLM-5.2: the name outside the JSON.
    ['<tool_call>get_weather {"city": "Paris"}</tool_call>', 'hermes', 'get_weather', { city: 'Paris' }],
    ['<tool_call>\n<function=f>\n<q>1</q>\n</function>', 'qwen3_coder', 'f', { q: 1 }],
  ];
  test('each is the call, whatever the chunking', () => {
    for (const [text, format, name, args] of cases) {
      const whole = extractToolCalls(text, { tools });
      assert.deepEqual([whole.calls.map((c) => [c.format, c.name, c.arguments, c.rewrites]), whole.text], [[[format, name, args, ['drifted_markup']]], ''], text);
      for (const size of [1, 3]) {
        const s = createToolCallStream({ tools });
        for (let k = 0; k < text.length; k += size) s.push(text.slice(k, k + size));
        assert.deepEqual(s.end(), whole, `in ${size}-character chunks`);
      }
    }
  });
  test('a value wrapped in <value> tags, for a property that takes no string (Llama 3.1 8B)', () => {
    const volume = [{ name: 'set_volume', schema: { type: 'object', properties: { n: { type: 'number' }, label: { type: 'string' } } } }];
    const r = extractToolCalls('<function=set_volume>\n<parameter=n><value>0.8</value></parameter>\n<parameter=label><value>x</value></parameter>\n</function>', { tools: volume });
    assert.deepEqual(r.calls.map((c) => [c.arguments, c.rewrites]), [[{ n: 0.8, label: '<value>x</value>' }, ['drifted_markup']]]);
  });
  test("a bare name that is no tool's, or tags beside text, is no such call", () => {
    assert.throws(() => extractToolCalls('<tool_call>unknown {"city": "Paris"}</tool_call>', { tools }), { code: 'UNREPAIRABLE' });
    assert.throws(() => extractToolCalls('<tool_call>\n<function=f>\n<q>1</q> and more text\n</function>', { tools }), { code: 'UNREPAIRABLE' });
  });
  // The review (session 32): cut off, two forms mixed, or a tool not given, each gave a call or none without a word.
  test('a call cut off, two forms mixed, or a named tool not given: an error', () => {
    for (const text of ['<tool_call>function=send_message>\n<parameter=recipient>\nPar', '<tool_call>send_message\n<parameter>recipient</parameter>\nPar', '<tool_call>send_message\n<recipient>Paris</recipient>']) {
      assert.throws(() => extractToolCalls(text, { tools }), { code: 'UNREPAIRABLE', message: /cut off/ }, text);
    }
    for (const text of ['<tool_call>send_message\n<recipient>Paris</recipient>\n<parameter>body</parameter>\nC\n</tool_call>', '<tool_call>function=send_message>\nbody: hi\n<parameter>recipient</parameter>\nParis\n</tool_call>']) {
      assert.throws(() => extractToolCalls(text, { tools }), { code: 'UNREPAIRABLE', message: /no <parameter/ }, text);
    }
    assert.throws(() => extractToolCalls('<tool_call>function=get_wether>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>', { tools }), { code: 'SCHEMA_MISMATCH' });
  });
});

describe("a GLM call whose first <arg_key> was lost (vLLM #47190, sigit #95)", () => {
  const read = (text: string, tools: string[]) => extractToolCalls(text, { tools: tools.map((name) => ({ name })) });
  test('glued to the name, after a space, or after a second <tool_call>: the call, whatever the chunking', () => {
    const cases: ReadonlyArray<readonly [string, string, unknown]> = [
      ['<tool_call>send_command_to_shellcommand</arg_key><arg_value>echo test</arg_value></tool_call>', 'send_command_to_shell', { command: 'echo test' }],
      ['<tool_call>browser_action task</arg_key><arg_value>open the docs page</arg_value></tool_call>', 'browser_action', { task: 'open the docs page' }],
      ['<tool_call>bash<tool_call>command</arg_key><arg_value>ls -la</arg_value>\n<arg_key>cwd</arg_key><arg_value>/tmp</arg_value></tool_call>', 'bash', { command: 'ls -la', cwd: '/tmp' }],
    ];
    for (const [text, name, args] of cases) {
      const whole = read(text, [name, 'other']);
      assert.deepEqual(whole.calls.map((c) => [c.format, c.name, c.arguments, c.rewrites]), [['glm45', name, args, ['lost_arg_key']]]);
      assert.equal(whole.text, '');
      for (const size of [1, 3]) {
        const s = createToolCallStream({ tools: [{ name }, { name: 'other' }] });
        for (let k = 0; k < text.length; k += size) s.push(text.slice(k, k + size));
        assert.deepEqual(s.end(), whole, `in ${size}-character chunks`);
      }
    }
  });
  test('a glued name that starts with no tool\'s is an error, not a reply with no call', () => {
    assert.throws(() => read('<tool_call>xyzcommand</arg_key><arg_value>ls</arg_value></tool_call>', ['bash']), { code: 'SCHEMA_MISMATCH' });
  });
});

describe('arguments written as text with no JSON in it (Qwen #919)', () => {
  const query = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };
  test('for a tool with one string parameter: its value', () => {
    const r = extractToolCalls('{"name": "python_repl_ast", "arguments": "df.shape[0]"}', { tools: [{ name: 'python_repl_ast', schema: query }] });
    assert.deepEqual(r.calls.map((c) => [c.name, c.arguments, c.rewrites]), [['python_repl_ast', { query: 'df.shape[0]' }, ['arguments_as_text']]]);
    const code = extractToolCalls('{"name": "python", "arguments": "d = {\'a\': 1}\\nprint(d)"}', { tools: [{ name: 'python', schema: { type: 'object', properties: { code: { type: 'string' } } } }] });
    assert.deepEqual(code.calls[0].arguments, { code: "d = {'a': 1}\nprint(d)" });
  });
  test('for any other tool an error, never what JSON was found inside the code', () => {
    assert.throws(() => extractToolCalls('{"name": "python_repl_ast", "arguments": "df.shape[0]"}', { tools: [{ name: 'python_repl_ast' }] }), { code: 'UNREPAIRABLE' });
    // JSON in the string is read as before.
    assert.deepEqual(extractToolCalls('{"name": "f", "arguments": "{\\"a\\": 1}"}', { tools: [{ name: 'f' }] }).calls[0].arguments, { a: 1 });
  });
});

describe("tool_use: Cherry Studio's prompt mode (cherry-studio #5136)", () => {
  // The app's system prompt asks models without native tool calling for this block; an MCP client
  // prompting as it does gets the same.
  const tools = [{ name: 'tavily-search' }, { name: 'f', schema: { type: 'object', properties: { q: { type: 'integer' } }, required: ['q'] } }];
  const read = (text: string) => readAlike(text, tools);
  test('<tool_use><name>NAME</name><arguments>{…}</arguments></tool_use>, one or more', () => {
    const r = read('I will search for the latest news.\n\n<tool_use>\n  <name>tavily-search</name>\n  <arguments>{"query": "latest AI news"}</arguments>\n</tool_use>');
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments]), r.text], [[['tool_use', 'tavily-search', { query: 'latest AI news' }]], 'I will search for the latest news.']);
    const two = read('<tool_use><name>f</name><arguments>{"q": 1}</arguments></tool_use>\n<tool_use><name>f</name><arguments>{"q": 2}</arguments></tool_use>');
    assert.deepEqual([two.calls.map((c) => c.arguments), two.text], [[{ q: 1 }, { q: 2 }], '']);
    // Its </arguments> lost: </tool_use> ends it.
    assert.deepEqual(read('<tool_use><name>f</name><arguments>{"q": 3}</tool_use>').calls.map((c) => c.arguments), [{ q: 3 }]);
  });
  test('the block named in prose is text; a call cut off is an error', () => {
    const prose = 'Use <tool_use> blocks to call tools.';
    assert.deepEqual(read(prose), { calls: [], text: prose });
    assert.throws(() => extractToolCalls('<tool_use>\n<name>f</name>\n<arguments>{"q": 1', { tools }), { code: 'UNREPAIRABLE', message: /cut off/ });
  });
});

describe('arrow: [TOOL_CALL] blocks holding a Perl hash (anything-llm #4675, Roo-Code #11187)', () => {
  const S = { type: 'string' };
  const tools = [
    { name: 'document-summarizer', schema: { type: 'object', properties: { action: S, document_filename: { type: ['string', 'null'] } } } },
    { name: 'read_file', schema: { type: 'object', properties: { path: S } } },
    { name: 'recall', schema: { type: 'object', properties: { query: S, k: { type: 'integer' }, verbose: { type: 'boolean' } } } },
  ];
  const read = (text: string) => readAlike(text, tools);
  const calls = (text: string) => read(text).calls.map((c) => [c.format, c.name, c.arguments]);
  test('flags, typographic dashes and quotes too, Perl pairs or JSON; the text around is the reply\'s', () => {
    // minimax-m2 and gemma3 through Ollama, verbatim: en dashes and curly quotes.
    assert.deepEqual(calls('[TOOL_CALL] {tool => “document-summarizer”, args => { –action “list” –document_filename null }} [/TOOL_CALL]'), [['arrow', 'document-summarizer', { action: 'list', document_filename: null }]]);
    // Grok, verbatim: over lines.
    const grok = read('Let me read it.\n[TOOL_CALL]\n{tool => "read_file", args => {\n--path ".claude/CLAUDE.md"\n}}\n[/TOOL_CALL]');
    assert.deepEqual([grok.calls.map((c) => c.arguments), grok.text], [[{ path: '.claude/CLAUDE.md' }], 'Let me read it.']);
    assert.deepEqual(calls('[TOOL_CALL]\n{tool => "recall", args => {query => "topic", k => 3}}\n[/TOOL_CALL]'), [['arrow', 'recall', { query: 'topic', k: 3 }]]);
    assert.deepEqual(calls('[TOOL_CALL]{tool => "recall", args => {"query":"NET stock price"}}[/TOOL_CALL]'), [['arrow', 'recall', { query: 'NET stock price' }]]);
    // A flag alone is set; a colon after a flag, no comma after the name, a brace too many, no closer.
    assert.deepEqual(calls('[TOOL_CALL]{tool => "recall" args => { --query: "a b" --verbose }}}'), [['arrow', 'recall', { query: 'a b', verbose: true }]]);
    // Escapes in a "…" string read as JSON's; a bare value runs to the next flag.
    assert.deepEqual(calls('[TOOL_CALL]{tool => "read_file", args => {--path "a\\"b\\"\nc"}}[/TOOL_CALL][TOOL_CALL]{tool => "read_file", args => {--path docs/a b.md}}[/TOOL_CALL]').map((c) => c[2]), [{ path: 'a"b"\nc' }, { path: 'docs/a b.md' }]);
    assert.deepEqual(calls('[TOOL_CALL]{"name": "read_file", "arguments": {"path": "x"}}[/TOOL_CALL]'), [['arrow', 'read_file', { path: 'x' }]]);
    const after = read('[TOOL_CALL]{tool => "read_file", args => {--path "x"}}\nI read it.');
    assert.deepEqual([after.calls.length, after.text], [1, 'I read it.']);
  });
  test('the block named in prose is text; cut off, unreadable or a tool not given is an error', () => {
    const prose = 'Use [TOOL_CALL] blocks to call tools.';
    assert.deepEqual(read(prose), { calls: [], text: prose });
    assert.throws(() => extractToolCalls('[TOOL_CALL]{tool => "read_file", args => { --path "a/b', { tools }), { code: 'UNREPAIRABLE', message: /cut off/ });
    assert.throws(() => extractToolCalls('[TOOL_CALL]{tool => "read_file", args => { --path "a" }', { tools }), { code: 'UNREPAIRABLE', message: /cut off/ });
    assert.throws(() => extractToolCalls('[TOOL_CALL]{tool => "read_file", args => { look here }}[/TOOL_CALL]', { tools }), { code: 'UNREPAIRABLE', message: /"look" has no/ });
    assert.throws(() => extractToolCalls('[TOOL_CALL]{tool => "read_file", args => {--path "x"}} and more[/TOOL_CALL]', { tools }), { code: 'UNREPAIRABLE', message: /text follows the hash/ });
    assert.throws(() => extractToolCalls('[TOOL_CALL]{tool => "rm", args => {}}[/TOOL_CALL]', { tools }), { code: 'SCHEMA_MISMATCH' });
  });
});

describe('react: ReAct agents\' calls written as text (Xinference #1098)', () => {
  const tools = [{ name: 'current_time' }, { name: 'search', schema: { type: 'object', properties: { query: { type: 'string' } } } }, { name: 'f' }];
  const read = (text: string) => readAlike(text, tools);
  test('Action: NAME, then Action Input: JSON (over lines, or fenced) or text', () => {
    const qwen = read('\nThought: 我需要调用current_time API来获取当前时间\nAction: current_time\nAction Input: {}\n');
    assert.deepEqual(qwen.calls.map((c) => [c.format, c.name, c.arguments]), [['react', 'current_time', {}]]);
    assert.equal(qwen.text, 'Thought: 我需要调用current_time API来获取当前时间');
    const lines = read('Thought: x\nAction: f\nAction Input: {\n  "q": 1,\n  "r": [2]\n}\nObservation:');
    assert.deepEqual([lines.calls[0].arguments, lines.text], [{ q: 1, r: [2] }, 'Thought: x\n\nObservation:']);
    assert.deepEqual(read('Thought: x\nAction: `f`\n\nAction Input: ```json\n{"q": 1}\n```').calls[0].arguments, { q: 1 });
    const text = read('Thought: I should look it up.\nAction: search\nAction Input: "weather in SF"');
    assert.deepEqual(text.calls.map((c) => [c.arguments, c.rewrites]), [[{ query: 'weather in SF' }, ['arguments_as_text']]]);
  });
  // crewAI #923 (crewAI 0.36): the fence on the line after `Action Input:`; the call got {} (or a
  // schema error) and the JSON stayed in the text.
  test('Action Input: ending its line, the JSON or fence on the next is the input (crewAI #923)', () => {
    const tools = [{ name: 'Create Draft' }, { name: 'f' }];
    const r = readAlike('Action: Create Draft\nAction Input:\n```json\n   {\n     "to": "<email>"\n   }\n```.', tools);
    assert.deepEqual([r.calls.map((c) => [c.name, c.arguments]), r.text], [[['Create Draft', { to: '<email>' }]], '.']);
    assert.deepEqual(readAlike('Action: f\nAction Input:\n\n{"q": 1}\nObservation: x', tools).calls.map((c) => c.arguments), [{ q: 1 }]);
    // Not JSON there: the empty input, as written.
    assert.deepEqual(readAlike('Action: f\nAction Input:\nObservation: x', tools).calls.map((c) => c.arguments), [{}]);
  });

  // Survey s33/c L4, langchain-react-chinese-parser's README (Qwen, ChatGLM, ERNIE; "中英文混合"):
  // a full-width colon on either line, or Chinese words, and the call was lost with no error.
  test('full-width colons, and the Chinese words Qwen, ChatGLM and ERNIE write (langchain-react-chinese-parser)', () => {
    for (const reply of ['Thought：查天气\nAction：search\nAction Input：{"query": "武汉"}', 'Action：search\nAction Input: {"query": "武汉"}', 'Action: search\nAction Input：{"query": "武汉"}']) {
      assert.deepEqual(read(reply).calls.map((c) => [c.format, c.name, c.arguments]), [['react', 'search', { query: '武汉' }]], reply);
    }
    for (const [reply, text] of [
      ['思考: 我需要搜索今天的天气\n动作: search\n动作输入: 北京天气', '思考: 我需要搜索今天的天气'],
      ['思考：我需要查找相关信息\n工具：search\n工具输入：北京天气', '思考：我需要查找相关信息'],
      ['思考：需要查询相关信息\n调用工具：search\n输入：北京天气', '思考：需要查询相关信息'],
    ]) {
      const r = read(reply);
      assert.deepEqual([r.calls.map((c) => [c.name, c.arguments]), r.text], [[['search', { query: '北京天气' }]], text], reply);
    }
    // 观察 (the result) after the first call: what follows answers a result the model made up.
    const made = read('动作：f\n动作输入：{"q": 1}\n观察：ok\n动作：f\n动作输入：{"q": 2}');
    assert.deepEqual([made.calls.map((c) => c.arguments), made.text], [[{ q: 1 }], '观察：ok\n动作：f\n动作输入：{"q": 2}']);
    // A word that merely starts the line (`调用工具：` holds `工具：`) is no other set's.
    assert.deepEqual(read('我在调用工具：search\n输入：x'), { calls: [], text: '我在调用工具：search\n输入：x' });
  });

  test('an action that names no tool, or no Action: line, is the reply\'s text; a cut-off input an error', () => {
    for (const t of ['Thought: done\nAction: Final Answer\nAction Input: 42', 'I will take the Action: f now.\nAction Input: {"q": 1}']) assert.deepEqual(read(t), { calls: [], text: t });
    assert.throws(() => extractToolCalls('Action: f\nAction Input: {"q": 1', { tools }), { code: 'UNREPAIRABLE' });
  });
  // Qwen-Agent #133: Qwen-Agent's default function-calling prompt for Qwen2 and 2.5 gives these words;
  // the calls were no call and no error.
  test('Qwen-Agent\'s words: ✿FUNCTION✿: NAME, then ✿ARGS✿: and the input; after a ✿RESULT✿ the model wrote, text (Qwen-Agent #133)', () => {
    const r = read('I will draw it.\n✿FUNCTION✿: f\n✿ARGS✿: {"prompt": "a cat"}\n✿FUNCTION✿: search\n✿ARGS✿: {"query": "cats"}');
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments]), r.text], [[['react', 'f', { prompt: 'a cat' }], ['react', 'search', { query: 'cats' }]], 'I will draw it.']);
    const invented = read('✿FUNCTION✿: f\n✿ARGS✿: {"q": 1}\n✿RESULT✿: done\n✿RETURN✿: Here it is.\n✿FUNCTION✿: f\n✿ARGS✿: {"q": 2}');
    assert.deepEqual([invented.calls.map((c) => c.arguments), invented.text], [[{ q: 1 }], '✿RESULT✿: done\n✿RETURN✿: Here it is.\n✿FUNCTION✿: f\n✿ARGS✿: {"q": 2}']);
    for (const t of ['✿FUNCTION✿: unknown\n✿ARGS✿: {}', '✿RETURN✿: The answer is 4.']) assert.deepEqual(read(t), { calls: [], text: t });
  });
  // Qwen-Agent's parser reads the name up to ✿ARGS✿: wherever it is; models write the pair on one
  // line (`✿FUNCTION✿: get_weather, ✿ARGS✿: {…}`, as qlaud's provider notes saw qwen-coder-plus do
  // with its words). It gave calls [] and no error (session 34).
  test('Qwen-Agent\'s ✿FUNCTION✿: NAME and ✿ARGS✿: on one line, a comma or a space between', () => {
    for (const line of ['✿FUNCTION✿: search, ✿ARGS✿: {"query": "cats"}', '✿FUNCTION✿: search ✿ARGS✿: {"query": "cats"}', '✿FUNCTION✿：search，✿ARGS✿：{"query": "cats"}']) {
      const r = read(`Let me look.\n${line}\n✿RESULT✿: 3 cats`);
      assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments]), r.text], [[['react', 'search', { query: 'cats' }]], 'Let me look.\n\n✿RESULT✿: 3 cats'], line);
    }
    const two = read('✿FUNCTION✿: f, ✿ARGS✿: {"q": 1}\n✿FUNCTION✿: search ✿ARGS✿: "dogs"');
    assert.deepEqual(two.calls.map((c) => [c.name, c.arguments]), [['f', { q: 1 }], ['search', { query: 'dogs' }]]);
    for (const t of ['✿FUNCTION✿: unknown, ✿ARGS✿: {}', 'Use ✿FUNCTION✿: search, ✿ARGS✿: {…} lines.']) assert.deepEqual(read(t), { calls: [], text: t });
  });
  // A model that does not stop at "Observation:" writes the tool's result itself, maybe JSON shaped
  // like a call, or more calls after it; the bare, pythonic and ReAct readers took them as calls
  // (session 34).
  test('after an Observation: line that follows the first call, JSON (the made-up result) and calls are text', () => {
    const tools = [{ name: 'get_weather' }, { name: 'web_search' }];
    const call = '{"name": "get_weather", "arguments": {"city": "Paris"}}';
    const result = 'Observation: {"name": "web_search", "arguments": {"query": "Paris"}}';
    for (const [reply, format] of [
      [`${call}\n${result}`, 'json'],
      [`Thought: the weather.\n${call}\n${result}\nThought: done.\n${call}`, 'json'],
      [`Action: get_weather\nAction Input: {"city": "Paris"}\n${result}`, 'react'],
      ['Action: get_weather\nAction Input: {"city": "Paris"}\nObservation: [web_search(query="Paris")]', 'react'],
      ['✿FUNCTION✿: get_weather\n✿ARGS✿: {"city": "Paris"}\n✿RESULT✿: {"name": "web_search", "arguments": {"query": "Paris"}}', 'react'],
      ['Action:\n```json\n{"action": "get_weather", "action_input": {"city": "Paris"}}\n```\nObservation: 21°C\nThought: now search\nAction:\n```json\n{"action": "web_search", "action_input": {"query": "Paris"}}\n```', 'json'],
    ]) {
      const r = readAlike(reply, tools);
      assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments]), [[format, 'get_weather', { city: 'Paris' }]], reply);
      assert.ok(r.text.includes('Paris"}') || r.text.includes('Paris")') , reply);
    }
    // No Observation line, or one before the first call: every call is one.
    assert.deepEqual(readAlike(`Observation: nothing yet.\n${call}\n{"name": "web_search", "arguments": {"query": "x"}}`, tools).calls.map((c) => c.name), ['get_weather', 'web_search']);
  });
  test('actions after an Observation the model wrote itself are the reply\'s text (langchain #21912)', () => {
    const invented = 'Action: f\nAction Input: {"q": 1}\nObservation: x\nThought: now more\nAction: f\nAction Input: {"q": 2}';
    const r = read(invented);
    assert.deepEqual(r.calls.map((c) => c.arguments), [{ q: 1 }]);
    assert.equal(r.text, 'Observation: x\nThought: now more\nAction: f\nAction Input: {"q": 2}');
    // Two actions before any Observation are both calls.
    assert.deepEqual(read('Action: f\nAction Input: {"q": 1}\nAction: f\nAction Input: {"q": 2}\nObservation:').calls.map((c) => c.arguments), [{ q: 1 }, { q: 2 }]);
  });
});

// Session 34 (2): an ellipsis where a call's arguments go (`<|tool_call>call:get_weather{…}`) read as
// `{}` with the parser's `ellipsis` repair: a call with its arguments missing, run as if complete.
describe('an ellipsis placeholder where the arguments go: no call in prose, else an error, never {}', () => {
  const loose = [{ name: 'get_weather', schema: { type: 'object', properties: { location: { type: 'string' } } } }, { name: 'web_search', schema: search }];
  const read = (text: string) => readAlike(text, loose);
  function refused(text: string): void {
    const check = (e: unknown) => e instanceof JsonMendError && e.code === 'UNREPAIRABLE' && /"get_weather".*placeholder/.test(e.message);
    assert.throws(() => extractToolCalls(text, { tools: loose }), check);
    for (const size of [1, 3]) {
      const s = createToolCallStream({ tools: loose });
      for (let k = 0; k < text.length; k += size) for (const e of s.push(text.slice(k, k + size))) assert.notEqual(e.type, 'call', `a call reported for ${text}`);
      assert.throws(() => s.end(), check);
    }
  }
  test('the markup in prose, a placeholder for its arguments: the format mentioned, no call', () => {
    for (const text of [
      'You can write <|tool_call>call:get_weather{…} for it.',
      'Write <|tool_call>call:get_weather{...} to call it.',
      'Write [TOOL_CALLS]get_weather{…} to call it.',
      'Reply with {"name": "get_weather", "arguments": {…}} to call it.',
    ]) assert.deepEqual(read(text), { calls: [], text }, text);
  });
  test('at the reply\'s end or standing apart, or among real arguments: an error naming the call', () => {
    refused('Use <|tool_call>call:get_weather{…}');
    refused('<|tool_call>call:get_weather{…}<tool_call|>');
    refused('<|tool_call>call:get_weather(…)<tool_call|>');
    refused('<|tool_call>call:get_weather{location:<|"|>Oslo<|"|>, …}<tool_call|>');
    refused('<tool_call>{"name": "get_weather", "arguments": {"location": "Oslo", ...}}</tool_call>');
    refused('[TOOL_CALLS][{"name": "get_weather", "arguments": {…}}]');
    refused('<function=get_weather>{…}</function>');
    refused('{"name": "get_weather", "arguments": {...}}');
    // In a list of calls, the list is named: which call the placeholder is in, nothing says.
    for (const text of ['[TOOL_CALLS][{"name": "web_search", "arguments": {"query": "x"}}, {"name": "get_weather", "arguments": {…}}]', '[{"name": "web_search", "arguments": {"query": "x"}}, {"name": "get_weather", "arguments": {...}}]']) {
      assert.throws(() => extractToolCalls(text, { tools: loose }), (e: unknown) => e instanceof JsonMendError && /the (mistral|json) tool calls at line 1: a placeholder/.test(e.message), text);
    }
  });
  test('an ellipsis inside a string is text, and stays', () => {
    assert.deepEqual(read('<|tool_call>call:get_weather{location:<|"|>…<|"|>}<tool_call|>').calls.map((c) => c.arguments), [{ location: '…' }]);
    assert.deepEqual(read('<tool_call>{"name": "web_search", "arguments": {"query": "to be continued..."}}</tool_call>').calls.map((c) => c.arguments), [{ query: 'to be continued...' }]);
  });
});

// Session 34 (2): a list of calls cut off before its first call's name ended was "names no tool"
// (and one cut inside the name, a tool "get_wea" that does not exist): the reply was cut off.
describe('a call cut off before its name or its arguments: cut off, not "names no tool"', () => {
  function cut(text: string, pattern: RegExp): void {
    throwsCode(text, 'UNREPAIRABLE', pattern);
    for (const size of [1, 3]) {
      const s = createToolCallStream({ tools });
      for (let k = 0; k < text.length; k += size) s.push(text.slice(k, k + size));
      assert.throws(() => s.end(), (e: unknown) => e instanceof JsonMendError && pattern.test(e.message));
    }
  }
  test('in the key "name", or in the name', () => {
    cut('[TOOL_CALLS][{"na', /the mistral tool call at line 1 is cut off before it names its tool/);
    cut('<|tools_prefix|>[{"get_wea', /the apertus tool call at line 1 is cut off before it names its tool/);
    cut('<tool_call>{"name": "get_wea', /the hermes tool call at line 1 is cut off before its arguments: its name so far, "get_wea", is none of the tools/);
    cut('[TOOL_CALLS][{"name": "get_weather", "argu', /"get_weather" \(mistral, line 1\) is cut off/);
  });
  test('a finished name that is no tool, its arguments cut off: the unknown tool', () => {
    assert.throws(() => extractToolCalls('[TOOL_CALLS][{"name": "nope", "arguments": {"a": ', { tools }), (e: unknown) => e instanceof JsonMendError && e.code === 'SCHEMA_MISMATCH' && /"nope"/.test(e.message));
  });
});

// Session 34 (2): GLM writing <think> where <arg_key> goes, its closers lost
// (`<tool_call>web_search⏎<think>query⏎<arg_value>…⏎</tool_call>`), was "cut off: its arguments never
// end" though its </tool_call> came; with the <think> closed, <arg_value> was read as a parameter's name.
describe('GLM\'s <arg_value> markup that is no <arg_key>/<arg_value> pairs: an error that says so', () => {
  const notPairs = /"web_search" \(glm45, line 1\).*not in <arg_key>KEY<\/arg_key><arg_value>VALUE<\/arg_value> pairs/;
  function refused(text: string): void {
    throwsCode(text, 'UNREPAIRABLE', notPairs);
    for (const size of [1, 3]) {
      const s = createToolCallStream({ tools });
      for (let k = 0; k < text.length; k += size) for (const e of s.push(text.slice(k, k + size))) assert.notEqual(e.type, 'call', text);
      assert.throws(() => s.end(), (e: unknown) => e instanceof JsonMendError && notPairs.test(e.message));
    }
  }
  test('<think> in place of <arg_key>, or the key bare: not cut off, not a made-up parameter', () => {
    refused('<tool_call>web_search\n<think>query\n<arg_value>current Bitcoin price USD\n</tool_call>');
    refused('<tool_call>web_search\n<think>query</think>\n<arg_value>current Bitcoin price USD</arg_value>\n</tool_call>');
    refused('<tool_call>web_search\nquery\n<arg_value>current Bitcoin price USD\n</tool_call>');
    // The tags named in a value's text stay its text.
    assert.deepEqual(readAlike('<tool_call>web_search\n<query>use <arg_value> tags</query>\n</tool_call>', tools).calls.map((c) => c.arguments), [{ query: 'use <arg_value> tags' }]);
  });
  test('<arg_key> whose </arg_key> was lost, in a call whose </tool_call> came: the pairs, not cut off', () => {
    throwsCode('<tool_call>web_search\n<arg_key>query\n<arg_value>current Bitcoin price USD\n</tool_call>', 'UNREPAIRABLE', /"web_search" \(glm45, line 1\).*not in <arg_key>KEY<\/arg_key><arg_value>VALUE<\/arg_value> pairs: an <arg_key> has no <\/arg_key>/);
    // Cut off by the reply's end, it is cut off.
    throwsCode('<tool_call>web_search\n<arg_key>query\n<arg_value>current', 'UNREPAIRABLE', /"web_search".*cut off/);
  });
});

// Session 34 (2): langroid's tool messages (its prompt: "TOOL:" then the request in JSON, the tool
// named by its `request` member, the arguments beside it) gave no call and no error.
describe("langroid's tool message: {\"request\": NAME, …arguments}, maybe after TOOL:", () => {
  test('the request names one of the tools: a call, its other members the arguments, the TOOL: line taken out with it', () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ['TOOL: web_search\n{"request": "web_search", "query": "tides Brest"}', ''],
      ['Let me look.\nTOOL: {"request": "web_search", "query": "tides Brest"}', 'Let me look.'],
      ['{"request": "web_search", "query": "tides Brest"}', ''],
      ['```json\n{"request": "web_search", "query": "tides Brest"}\n```', ''],
    ];
    for (const [text, rest] of cases) {
      const r = readAlike(text, tools);
      assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments, c.rewrites]), r.text], [[['json', 'web_search', { query: 'tides Brest' }, ['agent_shape']]], rest], text);
    }
    // Read by the schema as any call's arguments are.
    assert.deepEqual(only('TOOL: get_weather\n{"request": "get_weather", "location": "Oslo", "days": "2"}').arguments, { location: 'Oslo', days: 2 });
  });
  test('a request that names no tool is an answer, and stays one', () => {
    for (const text of ['{"request": "GET", "status": 200}', '{"request": "refund", "order": 7}']) assert.deepEqual(readAlike(text, tools), { calls: [], text });
  });
});

// Session 34 (2), easy-llm-cli #57: a model under Gemini CLI's system prompt wrote the call as the
// prompt's examples show one, `[tool_call: read_file for absolute_path 'requirements.txt']`: no call
// and no error.
describe("gemini_cli: [tool_call: NAME for KEY 'VALUE'], as Gemini CLI's prompt examples write a call", () => {
  const cli = [
    { name: 'read_file', schema: { type: 'object', properties: { absolute_path: { type: 'string' }, limit: { type: 'integer' } }, required: ['absolute_path'] } },
    { name: 'run_shell_command', schema: { type: 'object', properties: { command: { type: 'string' }, description: { type: 'string' } }, required: ['command'] } },
    { name: 'list_directory', schema: { type: 'object', properties: { path: { type: 'string' } } } },
  ];
  const read = (text: string) => readAlike(text, cli);
  test('KEY \'VALUE\' pairs naming one of the tools: a call, the line taken out of the text', () => {
    const reply = "I need to examine the key files. Let me start by checking the requirements.txt file.\n\n[tool_call: read_file for absolute_path 'requirements.txt']\n\nNow let me look at the main Python files.";
    const r = read(reply);
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments, c.rewrites]), [['gemini_cli', 'read_file', { absolute_path: 'requirements.txt' }, []]]);
    assert.equal(r.text, 'I need to examine the key files. Let me start by checking the requirements.txt file.\n\nNow let me look at the main Python files.');
    assert.deepEqual(read("[tool_call: run_shell_command for command='ls -la' description='List files']").calls.map((c) => c.arguments), [{ command: 'ls -la', description: 'List files' }]);
    assert.deepEqual(read("[tool_call: read_file for absolute_path '/a/it's.txt', limit '20']").calls.map((c) => c.arguments), [{ absolute_path: "/a/it's.txt", limit: 20 }]);
    assert.deepEqual(read('[tool_call: read_file for absolute_path "/x/[id].ts" and limit "5"]').calls.map((c) => c.arguments), [{ absolute_path: '/x/[id].ts', limit: 5 }]);
    assert.deepEqual(read('[tool_call: list_directory]').calls.map((c) => [c.name, c.arguments]), [['list_directory', {}]]);
  });
  test('words instead of pairs, or cut off: an error naming the call', () => {
    const words = (text: string) => assert.throws(() => extractToolCalls(text, { tools: cli }), (e: unknown) => e instanceof JsonMendError && e.code === 'UNREPAIRABLE' && /"run_shell_command" \(gemini_cli, line 1\) is written in words/.test(e.message), text);
    words("[tool_call: run_shell_command for 'node server.js &' because it must run in the background]");
    words("[tool_call: run_shell_command to run the tests in 'src/']");
    assert.throws(() => extractToolCalls("[tool_call: read_file for absolute_path 'requirem", { tools: cli }), (e: unknown) => e instanceof JsonMendError && /"read_file" \(gemini_cli, line 1\) is cut off/.test(e.message));
    // A required argument missing: the schema's error.
    assert.throws(() => extractToolCalls('[tool_call: read_file]', { tools: cli }), SchemaError);
  });
  test('a name that is no tool, the notation in inline code, or a draft in reasoning: text', () => {
    for (const text of ["[tool_call: glob for pattern '**/*.py']", "Write `[tool_call: read_file for absolute_path 'x']` to read it.", "<think>[tool_call: read_file for absolute_path 'x']</think>Done."]) assert.deepEqual(read(text), { calls: [], text });
  });
});

// Session 34 (3), opencompany #2010 and vscode-copilot-release #7280: `{"id": …, "call": NAME, "arguments": {…}}`
// after `function_call:`, and Gemini's `{"tool_name": NAME, "inputs": {…}}`: no call and no error.
describe('agent shapes: `call`/`arguments` (beside an id) and `tool_name`/`inputs`, naming one of the tools', () => {
  test('a call (agent_shape), its id kept, a function_call: label taken out with it', () => {
    const r = readAlike('function_call:{"id":"call_3rYfJz8w","call":"read_file","arguments":{"path":"a.txt"}}', tools);
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments, c.rewrites, c.id]), r.text], [[['json', 'read_file', { path: 'a.txt' }, ['agent_shape'], 'call_3rYfJz8w']], '']);
    const g = readAlike('{\n  "tool_name": "read_file",\n  "inputs": {\n    "path": "/x.txt"\n  }\n}', tools);
    assert.deepEqual([g.calls.map((c) => [c.name, c.arguments, c.rewrites]), g.text], [[['read_file', { path: '/x.txt' }, ['agent_shape']]], '']);
    assert.equal(readAlike('Checking.\nfunction_call:{"name":"read_file","arguments":{"path":"a"}}', tools).text, 'Checking.');
  });
  test('a name that is no tool: the answer stays text', () => {
    for (const text of ['{"call": "mom", "arguments": {"when": "now"}}', '{"tool_name": "hammer", "inputs": {"n": 2}}']) assert.deepEqual(readAlike(text, tools), { calls: [], text });
  });
});

// Session 34 (3): a Python call list in `<think>` was read as a call, unlike every other format's draft.
describe('a pythonic call list drafted in reasoning: a draft, no call', () => {
  test('in <think>: text; after </think>: a call', () => {
    for (const text of ["<think>\n[get_weather(location='x')]\n</think>", "<think>I could do [get_weather(location='x')]</think>Sunny, I think."]) assert.deepEqual(readAlike(text, tools), { calls: [], text });
    const r = readAlike("<think>\n[get_weather(location='x')]\n</think>\n[get_weather(location='Oslo')]", tools);
    assert.deepEqual(r.calls.map((c) => [c.format, c.arguments]), [['pythonic', { location: 'Oslo' }]]);
  });
});

// Session 34 (3), rancher-ai-agent #147: gpt-oss's arguments one `}` short before `<|call|>` were "cut off",
// where the same before `</tool_call>` is read with `missing_closer`.
describe("closers left out before a call's end token (harmony's <|call|>): missing_closer, not cut off", () => {
  const harmony = (args: string) => `<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>${args}<|call|>`;
  test('after a closer or a whole string value: read', () => {
    for (const [args, value] of [['{"location":"Rome"', { location: 'Rome' }], ['{"location":"Rome","days":{"n":1}', { location: 'Rome', days: { n: 1 } }], ['{"location":"R\\"x"', { location: 'R"x' }]] as const) {
      const r = readAlike(harmony(args), [{ name: 'get_weather' }]);
      assert.deepEqual(r.calls.map((c) => [c.arguments, c.repairs.map((x) => x.kind)]), [[value, ['missing_closer']]], args);
    }
    assert.deepEqual(only('<tool_call>{"name":"get_weather","arguments":{"location":"Rome"</tool_call>').arguments, { location: 'Rome' });
  });
  test('inside a value, after a key, or with no end token: cut off', () => {
    for (const args of ['{"location":"Ro', '{"location":"Rome", "days"', '{"location":"Rome", "days":']) throwsCode(harmony(args), 'UNREPAIRABLE', /cut off/);
    throwsCode('<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location":"Rome"', 'UNREPAIRABLE', /cut off/);
  });
});

// Session 34 (3): an unclosed Gemma call took the prose after it out of the text (`Use … for it.` → "Use").
describe("a Gemma call no <tool_call|> closes: the text after its arguments stays the reply's", () => {
  test('the call read, the prose kept', () => {
    const r = readAlike('Use <|tool_call>call:get_weather{location:<|"|>Oslo<|"|>} for it.', tools);
    assert.deepEqual([r.calls.map((c) => [c.format, c.arguments, c.repairs.map((x) => x.kind)]), r.text], [[['gemma', { location: 'Oslo' }, ['unquoted_key']]], 'Use  for it.']);
    const nested = readAlike('Use <|tool_call>call:get_weather{location:<|"|>Os}lo<|"|>,days:(2)}\nThen done.', tools);
    assert.deepEqual([nested.calls.map((c) => c.arguments), nested.text], [[{ location: 'Os}lo', days: 2 }], 'Use \nThen done.']);
    throwsCode('Use <|tool_call>call:get_weather{location:<|"|>Oslo for it.', 'UNREPAIRABLE', /cut off/);
  });
});

// Session 34 (3), lmstudio #825: a Qwen3-Coder call with `</function>` left out before `</tool_call>` was "cut off".
describe('qwen3_coder: </tool_call> ends a call whose </function> was left out', () => {
  test('read, the text after it kept; a parameter left open stays cut off', () => {
    const r = readAlike('<function=read_file> <parameter=path> a.txt </parameter> </tool_call>', tools);
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments]), r.text], [[['qwen3_coder', 'read_file', { path: ' a.txt ' }]], '']);
    const lines = readAlike('<tool_call>\n<function=read_file>\n<parameter=path>\na.txt\n</parameter>\n</tool_call>\nDone.', tools);
    assert.deepEqual([lines.calls.map((c) => c.arguments), lines.text], [[{ path: 'a.txt' }], 'Done.']);
    throwsCode('<tool_call>\n<function=read_file>\n<parameter=path>a.txt</tool_call>', 'UNREPAIRABLE', /"read_file" \(qwen3_coder, line 1\) is cut off/);
  });
});

// Session 34 (3), opencompany #2093: DeepSeek's DSML with each bar doubled gave no call and no error.
describe('deepseek_dsml with doubled bars (<｜｜DSML｜｜…>): read as with single bars', () => {
  test('both calls, the section taken out, the prose kept', () => {
    const reply = 'No results so far.\n\n<｜｜DSML｜｜tool_calls>\n<｜｜DSML｜｜invoke name="read_file">\n<｜｜DSML｜｜parameter name="path" string="true">a.txt</｜｜DSML｜｜parameter>\n</｜｜DSML｜｜invoke>\n<｜｜DSML｜｜invoke name="web_search">\n<｜｜DSML｜｜parameter name="query" string="true">strategy</｜｜DSML｜｜parameter>\n</｜｜DSML｜｜invoke>\n</｜｜DSML｜｜tool_calls>';
    const r = readAlike(reply, tools);
    assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments]), r.text], [[['deepseek_dsml', 'read_file', { path: 'a.txt' }], ['deepseek_dsml', 'web_search', { query: 'strategy' }]], 'No results so far.']);
    throwsCode('<｜｜DSML｜｜tool_calls>\n<｜｜DSML｜｜invoke name="rm">\n</｜｜DSML｜｜invoke>\n</｜｜DSML｜｜tool_calls>', 'SCHEMA_MISMATCH', /"rm"/);
    throwsCode('<｜｜DSML｜｜tool_calls>\n<｜｜DSML｜｜invoke name="read_file">\n<｜｜DSML｜｜parameter name="path" string="true">a.t', 'UNREPAIRABLE', /cut off/);
  });
});

// Session 34 (3), lmstudio #1358: LFM2's `<|tool_call_start|>[resolve_library_id(…)]<|tool_call_end|>` for the tool
// `resolve-library-id`, and any name that is no tool in those tokens, gave no call and no error.
describe("pythonic: a name that is no tool after a call token is an error; one tool's but for _ and -, that tool", () => {
  const lfm = [{ name: 'resolve-library-id' }, { name: 'list_directory' }];
  test('_ for - (or the reverse), one tool alike: that tool (name_separator)', () => {
    for (const text of ['<|tool_call_start|>[resolve_library_id(libraryName="astro")]<|tool_call_end|>', 'resolve_library_id(libraryName="astro")', '[resolve_library_id(libraryName="astro")]']) {
      const r = readAlike(text, lfm);
      assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments, c.rewrites]), r.text], [[['pythonic', 'resolve-library-id', { libraryName: 'astro' }, ['name_separator']]], ''], text);
    }
    // Two tools alike: neither is guessed.
    assert.throws(() => extractToolCalls('<|tool_call_start|>[a_b_c(x=1)]<|tool_call_end|>', { tools: [{ name: 'a-b_c' }, { name: 'a_b-c' }] }), (e: unknown) => e instanceof JsonMendError && e.code === 'SCHEMA_MISMATCH' && /"a_b_c".*"a-b_c", "a_b-c"/.test(e.message));
  });
  test('a name that is no tool in the tokens: SCHEMA_MISMATCH naming the tools; in prose, text', () => {
    for (const text of ['<|tool_call_start|>[list_dir(path="a")]<|tool_call_end|>', 'Sure. <|tool_call_start|>[list_dir(path="a")]<|tool_call_end|> Then.']) {
      assert.throws(() => extractToolCalls(text, { tools: lfm }), (e: unknown) => e instanceof JsonMendError && e.code === 'SCHEMA_MISMATCH' && /"list_dir".*"resolve-library-id", "list_directory"/.test(e.message), text);
    }
    const prose = 'See [list_dir(path="a")] for it.';
    assert.deepEqual(readAlike(prose, lfm), { calls: [], text: prose });
  });
});

// Session 34 (3), vscode-copilot-release #8177: Gemini's `print(default_api.…)` lines, one holding two calls run
// together, gave no call at all, the well-formed lines too.
describe('pythonic: calls run together on a line are read; a line that does not read is an error, not every call dropped', () => {
  const term = [{ name: 'run_in_terminal' }];
  const p = (command: string) => `print(default_api.run_in_terminal(command="${command}", isBackground=False))`;
  test('glued calls: each read, in order', () => {
    const r = readAlike(`${p('cd a')}\n${p('go mod tidy')}${p('cd b')}\n${p('ls')}`, term);
    assert.deepEqual([r.calls.map((c) => (c.arguments as { command: string }).command), r.text], [['cd a', 'go mod tidy', 'cd b', 'ls'], '']);
    assert.deepEqual(readAlike('run_in_terminal(command="a") run_in_terminal(command="b")', term).calls.map((c) => c.arguments), [{ command: 'a' }, { command: 'b' }]);
    assert.deepEqual(readAlike(`\`\`\`tool_code\n${p('a')}${p('b')}\n\`\`\``, term).calls.map((c) => (c.arguments as { command: string }).command), ['a', 'b']);
  });
  test('a later line that starts with a call and does not read: an error naming it; prose after one call stays prose', () => {
    assert.throws(() => extractToolCalls(`${p('cd a')}\nprint(default_api.run_in_terminal(command="go")))${p('b')}\n${p('ls')}`, { tools: term }), (e: unknown) => e instanceof JsonMendError && e.code === 'UNREPAIRABLE' && /pythonic calls at line 2/.test(e.message));
    const prose = 'run_in_terminal(command="a") runs it.';
    assert.deepEqual(readAlike(prose, term), { calls: [], text: prose });
  });
});

// Session 37 (differential hunt): a JSON input whose JSON went wrong read on into the next
// `Action:` line (`Action: g` a member `"Action": "g"` of this call's arguments, or dropped as their
// surrounding text): the next call was lost with no error.
describe('react: the next Action: line ends an input; the call after it is never read into this one', () => {
  const tools = [{ name: 'get_weather', schema: weather }, { name: 'web_search', schema: search }];
  test('a stray closer in the next input: both calls, the stray in the text', () => {
    const r = readAlike('Action: get_weather\nAction Input: {"location": "Oslo"}\nAction: web_search\nAction Input: {"query": "fjords"}}', tools);
    assert.deepEqual([r.calls.map((c) => [c.name, c.arguments]), r.text], [[['get_weather', { location: 'Oslo' }], ['web_search', { query: 'fjords' }]], '}']);
  });
  test('an input that lost its closer before the next action: cut off, not the next call as its members', () => {
    const text = 'Action: get_weather\nAction Input: {"location":"Oslo","days":3\nAction: web_search\n' +
      'Action Input: {"query":"say \\"hi\\"\\nnow","filters":{"lang":"en","tags":["a","b"],"nested":{"deep":[1,{"x":null}]}},"limit":10,"exact":false}\n\nDone, waiting for the results.';
    for (const given of [tools, [{ name: 'get_weather' }, { name: 'web_search' }]]) {
      assert.throws(() => extractToolCalls(text, { tools: given }), (e: unknown) => e instanceof JsonMendError && /"get_weather" \(react, line 1\) is cut off/.test(e.message));
    }
  });
});

/** `text` is refused as cut off (`UNREPAIRABLE`, the message matching `pattern`), whole and streamed in 1- and 3-character chunks. */
function refusedCutOff(text: string, tools: ToolCallOptions['tools'], pattern: RegExp): void {
  assert.throws(() => extractToolCalls(text, { tools }), (e: unknown) => e instanceof JsonMendError && e.code === 'UNREPAIRABLE' && pattern.test(e.message), text);
  for (const size of [1, 3]) {
    const s = createToolCallStream({ tools });
    for (let k = 0; k < text.length; k += size) s.push(text.slice(k, k + size));
    assert.throws(() => s.end(), (e: unknown) => e instanceof JsonMendError && e.code === 'UNREPAIRABLE' && pattern.test(e.message), `${text} in ${size}-character chunks`);
  }
}

// Session 37 (differential hunt, replies cut at every 11th character): each of these gave no call and
// no error, the call (and in a list the calls before it) lost without a word.
describe('a reply cut off right after a call\'s header, inside a tag, a key or a list: a call cut off', () => {
  const tools = [{ name: 'get_weather' }, { name: 'ping' }];
  const cutEverywhere = (text: string, pattern: RegExp): void => refusedCutOff(text, tools, pattern);
  test('XML parameters: the first parameter\'s tag, or the call\'s closer, cut off after the header', () => {
    cutEverywhere('<invoke name="get_weather">\n<par', /"get_weather" \(invoke, line 1\) is cut off/);
    cutEverywhere('<tool_call>\n<function=get_weather>\n<', /"get_weather" \(qwen3_coder, line 1\) is cut off/);
    cutEverywhere('<tool_call>\n<function=get_weather>\n<param', /"get_weather" \(qwen3_coder, line 1\) is cut off/);
    cutEverywhere('<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML', /"get_weather" \(deepseek_dsml, line 2\) is cut off/);
    cutEverywhere('<｜DSML｜function_calls>\n<｜DSML｜invoke name="ping">\n</', /"ping" \(deepseek_dsml, line 2\) is cut off/);
    // A header in prose, or naming no tool, with a tag after it: still the markup mentioned.
    for (const text of ['The <invoke name="get_weather"> tag <b', '<invoke name="rm">\n<par']) assert.deepEqual(readAlike(text, tools), { calls: [], text }, text);
  });
  test('a bare call object cut off after the name of one of the tools, before its arguments', () => {
    for (const text of ['{"name": "get_weather"', '{"name": "get_weather", "argu', 'Sure.\n\n<|tool_call|>[{"name":"get_weather","argu', '<|START_ACTION|>[{"tool_name":"get_weather","paramet']) {
      cutEverywhere(text, /"get_weather" \(json, line \d\) is cut off/);
    }
    // A name that is no tool: JSON in the prose, as before.
    for (const text of ['{"name": "Alice", "ag', '{"name": "get_wea']) assert.deepEqual(readAlike(text, tools), { calls: [], text }, text);
  });
  test('a pythonic list cut off after a call and its comma, or in the next name', () => {
    cutEverywhere('[ping(),', /the pythonic tool calls at line 1 are cut off after the call to "ping", which is whole: nothing follows its comma/);
    cutEverywhere('Sure.\n\n[get_weather(city="Oslo", days=3), get_wea', /the call after "get_weather" \(pythonic\) is cut off in its name: its list never ends/);
    assert.deepEqual(readAlike('See [ping(), get', tools), { calls: [], text: 'See [ping(), get' });
  });
  test('react: the reply ending inside the word Action Input:', () => {
    cutEverywhere('Action: get_weather\nAction Inp', /"get_weather" \(react, line 1\) is cut off/);
    cutEverywhere('Action: get_weather\nAction Input: {}\nAction: ping\nAction', /"ping" \(react, line 3\) is cut off/);
    assert.deepEqual(readAlike('Action: get_weather\nAnd then', tools), { calls: [], text: 'Action: get_weather\nAnd then' });
  });
});

// Session 37 (differential hunt, tags lost or doubled in a call's parameters): a parameter dropped
// with no error, or read under a key made of markup.
describe('XML parameters and GLM pairs: a tag lost is an error, a tag doubled one tag; no argument dropped or made up', () => {
  const tools = [{ name: 'get_weather', schema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } } } }];
  const glm = (pairs: string) => `<tool_call>get_weather\n${pairs}\n</tool_call>`;
  function broken(text: string, pattern: RegExp): void {
    assert.throws(() => extractToolCalls(text, { tools }), (e: unknown) => e instanceof JsonMendError && e.code === 'UNREPAIRABLE' && pattern.test(e.message), text);
    for (const size of [1, 3]) {
      const s = createToolCallStream({ tools });
      for (let k = 0; k < text.length; k += size) s.push(text.slice(k, k + size));
      assert.throws(() => s.end(), (e: unknown) => e instanceof JsonMendError && pattern.test(e.message), `${text} in ${size}-character chunks`);
    }
  }
  test('GLM: a later key\'s <arg_key> lost, or a key\'s </arg_key>: an error, not the pair dropped or a key of markup', () => {
    broken(glm('<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\ndays</arg_key>\n<arg_value>3</arg_value>'), /"get_weather" \(glm45, line 1\): its arguments are not in .* pairs: text that is no pair follows the value of "city"/);
    broken(glm('<arg_key>city\n<arg_value>Oslo</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>'), /pairs: the <arg_key> of "city" has no <\/arg_key>/);
  });
  test('GLM: <arg_value> written twice is one', () => {
    const r = readAlike(glm('<arg_key>city</arg_key>\n<arg_value><arg_value>Oslo</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>'), tools);
    assert.deepEqual(r.calls.map((c) => c.arguments), [{ city: 'Oslo', days: 3 }]);
  });
  test('invoke: a parameter\'s opener lost is an error; written twice, one tag', () => {
    broken('<invoke name="get_weather">\n<parameter name="city">Oslo</parameter>\n"days">3</parameter>\n</invoke>', /"get_weather" \(invoke, line 1\): its body holds text that is no <parameter name=…> tag/);
    broken('<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\ndays>\n3\n</parameter>\n</function>\n</tool_call>', /"get_weather" \(qwen3_coder, line 1\): its body holds text/);
    const r = readAlike('<invoke name="get_weather">\n<parameter name=<parameter name="city">Oslo</parameter>\n<parameter name="days">3</parameter>\n</invoke>', tools);
    assert.deepEqual(r.calls.map((c) => c.arguments), [{ city: 'Oslo', days: 3 }]);
  });
});

// Session 37 (differential hunt, more formats cut every 11th character): no call and no error.
describe('cut off in more formats: harmony\'s to=NAME, MiniCPM\'s <param, a pythonic name or block, an agent\'s call', () => {
  const tools = [{ name: 'get_weather' }, { name: 'ping' }];
  const cutEverywhere = (text: string, pattern: RegExp): void => refusedCutOff(text, tools, pattern);
  test('harmony: to=NAME (no functions.) after the <|channel|> token, the header cut off', () => {
    cutEverywhere('<|start|>assistant<|channel|>commentary to=get_weather <|constr', /"get_weather" \(harmony, line 1\) is cut off/);
    cutEverywhere('<|channel|>commentary to=get_weather', /"get_weather" \(harmony, line 1\) is cut off/);
    assert.deepEqual(readAlike('log: commentary to=get_weather', tools), { calls: [], text: 'log: commentary to=get_weather' });
  });
  test('MiniCPM: <param name= cut off after <function name="NAME">', () => {
    cutEverywhere('<function name="get_weather">\n<param name', /"get_weather" \(qwen3_coder, line 1\) is cut off/);
  });
  test('pythonic: a list\'s first name ending the reply; a block cut in its closer (its calls whole) or in a name', () => {
    cutEverywhere('<|tool_call_start|>[get_weather', /"get_weather" \(pythonic\) is cut off/);
    cutEverywhere('[get_weather', /"get_weather" \(pythonic\) is cut off/);
    cutEverywhere('<function_calls>\nget_weather(city="Oslo")\nping', /the call after "get_weather" \(pythonic\) is cut off in its name/);
    cutEverywhere('```tool_code\nget_weather(city="Oslo")\nping', /the call after "get_weather" \(pythonic\) is cut off in its name/);
    for (const text of ['<function_calls>\nget_weather(city="Oslo")\n</function_ca', '```tool_code\nget_weather(city="Oslo")\n``']) {
      assert.deepEqual(readAlike(text, tools).calls.map((c) => [c.name, c.arguments]), [['get_weather', { city: 'Oslo' }]], text);
    }
    assert.deepEqual(readAlike('See [get_weather', tools).calls, []);
  });
  test('an agent\'s call object cut off before its arguments; in a list, the call the end cut is named', () => {
    cutEverywhere('{"action": "get_weather", "actio', /^the call to "get_weather" \(json, line 1\) is cut off/);
    cutEverywhere('{"tool": "get_weather", "ar', /^the call to "get_weather" \(json, line 1\) is cut off/);
    cutEverywhere('{"name": "get_weather", "arguments": {"city": "Oslo"}}\n\n{"name": "ping", "argu', /^the call to "ping" \(json, line 1\) is cut off/);
    assert.deepEqual(readAlike('{"action": "hold", "amount', tools).calls, []);
  });
});

// Session 37 (differential hunt, argument strings holding other markup): a `<tool_call>` in a bare
// JSON call's string, a ReAct input's or a tool tag's value opened a span that held no call, and that
// span kept the whole call out: no call and no error.
describe('markup mentioned inside a call\'s string keeps out only what starts inside it', () => {
  const tools = [{ name: 'write_file', schema: { type: 'object', properties: { path: { type: 'string' }, code: { type: 'string' } } } }];
  const args = { path: 'a.txt', code: 'x = 1  # <tool_call> end' };
  test('bare JSON (any wrapper), ReAct and tool tags', () => {
    const json = JSON.stringify({ name: 'write_file', arguments: args });
    for (const reply of [
      `Sure.\n\n${json}\n\nDone.`, `Sure.\n\n\`\`\`json\n[${json}]\n\`\`\`\n\nDone.`, `<|tool_call|>[${json}]`,
      `Sure.\n\n{"action": "write_file", "action_input": ${JSON.stringify(args)}}`,
      `Action: write_file\nAction Input: ${JSON.stringify(args)}\n\nDone.`,
      'Sure.\n\n<write_file>\n<path>a.txt</path>\n<code>x = 1  # <tool_call> end</code>\n</write_file>\n\nDone.',
    ]) {
      assert.deepEqual(readAlike(reply, tools).calls.map((c) => [c.name, c.arguments]), [['write_file', args]], reply);
    }
  });
});

// Session 37 (differential hunt): a call's JSON written as text in a tool tag's value or a pythonic
// call's string (a README's example) was read first as a bare call: a call made up, and in a tool tag
// the call holding it lost.
describe('a call\'s JSON in a tool tag\'s value or a pythonic string is that value\'s text, no call', () => {
  const tools = [{ name: 'write_file', schema: { type: 'object', properties: { path: { type: 'string' }, code: { type: 'string' } } } }, { name: 'ping' }];
  const example = '{"name": "ping", "arguments": {}}';
  test('tool tags', () => {
    for (const code of [`Call it so:\n\`\`\`json\n${example}\n\`\`\`\nDone.`, `Call it so: ${example}`]) {
      const r = readAlike(`<write_file>\n<path>README.md</path>\n<code>${code}</code>\n</write_file>`, tools);
      assert.deepEqual([r.calls.map((c) => [c.format, c.name, c.arguments]), r.text], [[['tool_tags', 'write_file', { path: 'README.md', code }]], ''], code);
    }
  });
  test('pythonic', () => {
    const r = readAlike(`[write_file(path="a", code='x ${example}')]`, tools);
    assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments]), [['pythonic', 'write_file', { path: 'a', code: `x ${example}` }]]);
    const escaped = readAlike(`[write_file(path="a", code=${JSON.stringify(`x ${example}`)})]`, tools);
    assert.deepEqual(escaped.calls.map((c) => c.name), ['write_file']);
  });
  test('the other way round, as before: a JSON call whose string holds a list or a tag is that call', () => {
    for (const code of ['[ping()]', '\n<ping>\n</ping>\n']) {
      assert.deepEqual(readAlike(JSON.stringify({ name: 'write_file', arguments: { path: 'a', code } }), tools).calls.map((c) => [c.format, c.name]), [['json', 'write_file']]);
    }
  });
});

// Session 37 (review of the held-call fix): a marked-up call written inside another call's string
// (a README's example passed to write_file) was read first: a made-up call, and the call holding it
// cut into pieces (`<code></code>` left in the text) or returned beside it.
describe('a marked-up call inside another call\'s string is that string\'s text, no call', () => {
  const tools = [{ name: 'write_file', schema: { type: 'object', properties: { path: { type: 'string' }, code: { type: 'string' } } } }, { name: 'ping' }];
  const hermes = '<tool_call>{"name": "ping", "arguments": {}}</tool_call>';
  const read = (text: string) => {
    const r = readAlike(text, tools);
    return [r.calls.map((c) => [c.format, c.name, c.arguments]), r.text];
  };
  test('in a tool tag\'s value, a JSON call\'s string, a ReAct input and a pythonic string', () => {
    for (const open of ['<write_file><path>a</path><code>', '<write_file>\n<path>a</path>\n<code>']) {
      const close = open.includes('\n') ? '</code>\n</write_file>' : '</code></write_file>';
      assert.deepEqual(read(`${open}${hermes}${close}`), [[['tool_tags', 'write_file', { path: 'a', code: hermes }]], '']);
    }
    assert.deepEqual(read(JSON.stringify({ name: 'write_file', arguments: { code: hermes } })), [[['json', 'write_file', { code: hermes }]], '']);
    assert.deepEqual(read(`Action: write_file\nAction Input: ${JSON.stringify({ path: 'a', code: hermes })}`), [[['react', 'write_file', { path: 'a', code: hermes }]], '']);
    assert.deepEqual(read(`[write_file(path="a", code='${hermes}')]`), [[['pythonic', 'write_file', { path: 'a', code: hermes }]], '']);
  });
  test('its error too waits for the call holding it; standing alone, it stands', () => {
    const deploy = '<tool_call>{"name": "deploy", "arguments": {}}</tool_call>';
    assert.deepEqual(read(`<write_file><path>a</path><code>${deploy}</code></write_file>`), [[['tool_tags', 'write_file', { path: 'a', code: deploy }]], '']);
    for (const text of [deploy, `{"name": "ping", "arguments": {}}\n${deploy}`]) {
      assert.throws(() => extractToolCalls(text, { tools }), (e: unknown) => e instanceof JsonMendError && e.code === 'SCHEMA_MISMATCH' && /"deploy"/.test(e.message), text);
    }
  });
  test('a JSON call starting the reply, a marked-up call after it: both (the JSON call was lost, its candidate running over the other)', () => {
    assert.deepEqual(read(`{"name": "write_file", "arguments": {"path": "a"}}\n${hermes}`)[0], [['json', 'write_file', { path: 'a' }], ['hermes', 'ping', {}]]);
  });
  test('as before: a reading over the markup that does not hold it in a string is no holder; the marked-up call stands', () => {
    // After a call cut off in prose; as a tag named tool_call in a tool's tag; as the text of a tool's one string parameter.
    assert.deepEqual(read(`Note {"name": "write_file", "arguments": {"path": "a ${hermes}`)[0], [['hermes', 'ping', {}]]);
    assert.deepEqual(read(`<ping>\n${hermes}\n</ping>`), [[['hermes', 'ping', {}]], '<ping>\n\n</ping>']);
    const one = [...tools, { name: 'search', schema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }];
    const call = '<tool_call>{"name": "search", "arguments": {"q": "a"}}</tool_call>';
    assert.deepEqual(readAlike(`Action: search\nAction Input: ${call}`, one).calls.map((c) => [c.format, c.name, c.arguments]), [['hermes', 'search', { q: 'a' }]]);
  });
});

// Session 37 (review): a call's JSON in a tool tag's value or a pythonic string that names a tool not
// given, or is cut off, threw before the call holding it was read: that call lost to an error about
// text that was no call.
describe('a bare call\'s error inside a tool tag\'s value or a pythonic string waits for the call holding it', () => {
  const tools = [{ name: 'write_file', schema: { type: 'object', properties: { path: { type: 'string' }, code: { type: 'string' } } } }, { name: 'ping' }];
  test('a tool not given, a call cut off', () => {
    for (const code of ['{"name": "deploy", "arguments": {}}', '{"name": "ping", "arguments": {']) {
      const r = readAlike(`<write_file><path>a</path><code>${code}</code></write_file>`, tools);
      assert.deepEqual(r.calls.map((c) => [c.format, c.name, c.arguments]), [['tool_tags', 'write_file', { path: 'a', code }]], code);
      const p = readAlike(`[write_file(path="a", code=${JSON.stringify(code)})]`, tools);
      assert.deepEqual(p.calls.map((c) => [c.format, c.name, c.arguments]), [['pythonic', 'write_file', { path: 'a', code }]], code);
    }
    // Single-quoted, as the review wrote it: the call holding it (its value's reading is the parser's, see the report).
    assert.deepEqual(readAlike(`[write_file(path="a", code='{"name": "ping", "arguments": {')]`, tools).calls.map((c) => c.name), ['write_file']);
  });
  test('standing alone, or beside the call rather than in it: the error, as before', () => {
    for (const text of ['{"name": "deploy", "arguments": {}}', '{"name": "deploy", "arguments": {}}\n<write_file><path>a</path></write_file>', '[write_file(path="a")]\n{"name": "ping", "arguments": {']) {
      assert.throws(() => extractToolCalls(text, { tools }), (e: unknown) => e instanceof JsonMendError && /"deploy"|"ping"/.test(e.message), text);
    }
  });
});

// Session 37 (review): the fix that ends a ReAct input at the next action's line ended it at any line
// starting with `Action:`, one inside the input's string too: a whole input read as cut off.
describe('react: only a next action ends an input, not a line in its string that starts with Action:', () => {
  const tools = [{ name: 'get_weather', schema: weather }, { name: 'web_search', schema: search }];
  test('a string\'s line that names no tool and has no input after it', () => {
    const r = readAlike('Action: get_weather\nAction Input: {"location": "Oslo\nAction: here"}', tools);
    assert.deepEqual([r.calls.map((c) => [c.name, c.arguments]), r.text], [[['get_weather', { location: 'Oslo\nAction: here' }]], '']);
  });
  test('a next action naming a tool, or one with its input after it, still ends it: cut off', () => {
    for (const next of ['Action: web_search\nAction Input: {"query": "a"}', 'Action: web_search\n', 'Action: Final Answer\nAction Input: done']) {
      const text = `Action: get_weather\nAction Input: {"location": "Oslo\n${next}`;
      assert.throws(() => extractToolCalls(text, { tools }), (e: unknown) => e instanceof JsonMendError && /"get_weather" \(react, line 1\) is cut off/.test(e.message), text);
    }
  });
});
