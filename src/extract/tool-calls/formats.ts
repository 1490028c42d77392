// The tool-call formats models write into their replies' text: one row each, the single source of the
// format names, the docs table and the per-format tests.

/**
 * How a tool call was written. One row per member:
 *
 * | format         | models                                  | shape                                                                                                   |
 * | -------------- | --------------------------------------- | ------------------------------------------------------------------------------------------------------- |
 * | `hermes`       | Hermes, Qwen 2.5 / 3, QwQ; DeepSeek V4-Pro prompted | `<tool_call>{"name": …, "arguments": {…}}</tool_call>`, one block per call (or an array in one block); or the name in the tag, `<tool_call name="NAME">{…}</tool_call>` (`id="…"` too; `<function_call name="NAME">`) |
 * | `qwen3_coder`  | Qwen3-Coder, Qwen3.5; Seed-OSS          | `<tool_call><function=NAME><parameter=KEY>value</parameter>…</function></tool_call>` (also bare `<function=…>`; Hermes 2 Pro's `<function name="NAME">{…}</function>` with a JSON body; Llama 3.3's `<function=NAME={…}</function>`) |
 * | `llama`        | Llama 3.1 / 3.2 / 3.3                   | `<\|python_tag\|>{"name": …, "parameters": {…}}`, or a built-in tool's `<\|python_tag\|>NAME.call(key="value")`, up to `<\|eom_id\|>` / `<\|eot_id\|>` or the end |
 * | `mistral`      | Mistral 7B v0.3, Nemo, Small, Devstral  | `[TOOL_CALLS][{"name": …, "arguments": {…}}]`, `[TOOL_CALLS]NAME[ARGS]{…}` (`NAME[CALL_ID]ID[ARGS]`) or `[TOOL_CALLS]NAME{…}` |
 * | `harmony`      | gpt-oss                                 | `<\|channel\|>commentary to=functions.NAME <\|constrain\|>json<\|message\|>{…}<\|call\|>`                 |
 * | `deepseek_v3`  | DeepSeek V3, R1                         | `<｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME` + newline + a ```` ```json ```` fence + `<｜tool▁call▁end｜>` (R1 may merge the first call's opener into the section's: `<｜tool▁calls｜>function<｜tool▁sep｜>…`) |
 * | `deepseek_v31` | DeepSeek V3.1, V3.2                     | `<｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{…}<｜tool▁call▁end｜>`                                             |
 * | `deepseek_dsml` | DeepSeek V3.2, V4                      | `<｜DSML｜invoke name="NAME"><｜DSML｜parameter name="KEY" string="true">value</｜DSML｜parameter></｜DSML｜invoke>`, in `<｜DSML｜function_calls>` (V4: `<｜DSML｜tool_calls>`); each bar may be doubled (`<｜｜DSML｜｜invoke name=…>`) or written `\|` or `‖`, spellings mixed |
 * | `kimi_k2`      | Kimi K2, K2.5, K2.6                     | `<\|tool_call_begin\|>functions.NAME:0<\|tool_call_argument_begin\|>{…}<\|tool_call_end\|>`           |
 * | `glm45`        | GLM-4.5, 4.6, 4.7                       | `<tool_call>NAME` then `<arg_key>KEY</arg_key><arg_value>value</arg_value>` pairs, `</tool_call>`        |
 * | `invoke`       | MiniMax-M2; Kimi K2's XML; Claude-style  | `<invoke name="NAME"><parameter name="KEY">value</parameter></invoke>`, in `<minimax:tool_call>`, `<tool_call>`, `<function_calls>` or `<tool_calls>` |
 * | `minimax_m3`   | MiniMax-M3                              | `]<]minimax[>[<invoke name="NAME">]<]minimax[>[<KEY>value]<]minimax[>[</KEY>…]<]minimax[>[</invoke>`: every tag after the namespace token, each parameter named by its tag; in `]<]minimax[>[<tool_call>` |
 * | `gemma`        | Gemma 4; FunctionGemma                  | `<\|tool_call>call:NAME{key:<\|"\|>text<\|"\|>,n:3}<tool_call\|>`, or `<start_function_call>call:NAME{key:<escape>text<escape>}<end_function_call>`; its tokens stripped, `call:NAME{…}` starting a line, NAME a tool |
 * | `apertus`      | Apertus                                 | `<\|tools_prefix\|>[{"NAME": {…}}, …]<\|tools_suffix\|>`: each call an object whose one key is the tool's name |
 * | `pythonic`     | Llama 3.2, Llama 4 (pythonic prompts), LFM2, OLMo 3, Gemma 3; ChatGLM3 | `[NAME(key="value", n=3), …]` on a line of its own (or after `<\|python_start\|>`, LFM2's `<\|tool_call_start\|>`), or calls one per line in `<function_calls>` or a ```` ```tool_code ```` block; or ChatGLM3's name line, then ```` ```python ```` `tool_call(key='value')`; every NAME a tool |
 * | `tool_use`     | any model in Cherry Studio's prompt mode (and apps prompting as it does) | `<tool_use><name>NAME</name><arguments>{…}</arguments></tool_use>` |
 * | `arrow`        | MiniMax-M2, Grok, Gemma 3, prompted by an app (AnythingLLM, Roo Code) | `[TOOL_CALL]{tool => "NAME", args => {--key "value"}}[/TOOL_CALL]`: the arguments as flags (dashes and quotes maybe typographic), Perl pairs (`key => 3`) or JSON |
 * | `gemini_cli`   | any model under Gemini CLI's system prompt (and its forks': easy-llm-cli, Qwen Code), imitating its examples | `[tool_call: NAME for KEY 'VALUE', KEY 'VALUE']` on one line (`KEY='VALUE'`, `"` quotes too), or `[tool_call: NAME]`; every NAME a tool; words instead of pairs: an error |
 * | `tool_tags`    | any model under Cline's or Roo Code's XML tool-use prompt, or an app's asking for tags | the tool's name as the tag, starting its line: `<NAME>⏎<KEY>value</KEY>⏎</NAME>` (Cline's), `<NAME KEY="value" />` or `<NAME KEY="value"></NAME>`; or `NAME KEY="value"` bare on its line, standing apart; every NAME a tool |
 * | `react`        | ReAct agents (LangChain, crewAI, Qwen-Agent, Dify's CoT prompt) | `Action: NAME` on a line, then `Action Input: {…}` (or text on its line) on the next (Qwen-Agent's `✿FUNCTION✿: NAME`, `✿ARGS✿: {…}`, maybe on one line; Chinese models' `动作：NAME`, `动作输入：…` and the like, colons maybe full-width); every NAME a tool |
 * | `json`         | any (Ollama without a tool parser, …); Granite, Phi-4, Cohere, InternLM2 | a bare object (or array of objects) with `name` (or `tool_name`) and `arguments` / `parameters` / `input`, fenced or not, or in Granite's `<\|tool_call\|>`, Phi-4-mini's `functools`, `<tool_calls>`, Cohere's `<\|START_ACTION\|>`, InternLM2's `<\|action_start\|><\|plugin\|>`; or `{"tool_calls": [{…}]}`; or GLM-4's name line, then the arguments |
 */
export type ToolCallFormat = 'hermes' | 'qwen3_coder' | 'llama' | 'mistral' | 'harmony' | 'deepseek_v3' | 'deepseek_v31' | 'deepseek_dsml' | 'kimi_k2' | 'glm45' | 'invoke' | 'minimax_m3' | 'gemma' | 'apertus' | 'pythonic' | 'tool_use' | 'arrow' | 'gemini_cli' | 'tool_tags' | 'react' | 'json';

/** Every {@link ToolCallFormat}, in the order of the table above. */
export const TOOL_CALL_FORMATS: readonly ToolCallFormat[] = Object.freeze([
  'hermes', 'qwen3_coder', 'llama', 'mistral', 'harmony', 'deepseek_v3', 'deepseek_v31', 'deepseek_dsml', 'kimi_k2', 'glm45', 'invoke', 'minimax_m3', 'gemma', 'apertus', 'pythonic', 'tool_use', 'arrow', 'gemini_cli', 'tool_tags', 'react', 'json',
] as const);

/** What a span's body holds, which decides how the tools layer reads it. */
export type SpanBody =
  /** JSON: one call object `{name, arguments|parameters|input}` or an array of them. */
  | 'call'
  /** JSON: the arguments themselves; the name came from the markup. */
  | 'arguments'
  /**
   * XML parameters, `<parameter=KEY>value</parameter>` (Qwen3-Coder), `<parameter name="KEY">`
   * (`invoke`) or `<｜DSML｜parameter name="KEY" string="true">` (`deepseek_dsml`); the name came from
   * the markup.
   */
  | 'parameters'
  /** GLM's `<arg_key>KEY</arg_key><arg_value>value</arg_value>` pairs; the name came from the markup. */
  | 'arg_pairs'
  /**
   * MiniMax-M3's parameters, each named by its tag (`<KEY>value</KEY>`), the namespace token before
   * each tag dropped; the name came from the markup.
   */
  | 'named_tags'
  /**
   * Gemma's arguments: an object written as JavaScript writes one (`{key:…,n:3}`, also in `(…)`),
   * each string between two string tokens (`<|"|>`, FunctionGemma's `<escape>`); the name came from
   * the markup.
   */
  | 'gemma_args'
  /**
   * A Perl hash, `{tool => "NAME", args => {--key "value"}}` (see tools/arrow-call.ts), or a JSON
   * call object: the name is in the body.
   */
  | 'arrow';

/** The special tokens the scanner looks for, spelled as the models' tokenizers write them. */
export const TOKENS = {
  toolCallOpen: '<tool_call>',
  toolUseOpen: '<tool_use>',
  toolUseClose: '</tool_use>',
  toolUseName: '<name>',
  toolUseNameClose: '</name>',
  toolUseArguments: '<arguments>',
  toolUseArgumentsClose: '</arguments>',
  arrowOpen: '[TOOL_CALL]',
  arrowClose: '[/TOOL_CALL]',
  toolCallClose: '</tool_call>',
  /** A `<tool_call>` naming its tool in an attribute, `<tool_call name="NAME">` (DeepSeek V4-Pro in an app, Memoh #435). */
  toolCallNamedOpen: '<tool_call ',
  functionCallNamedOpen: '<function_call ',
  functionCallOpen: '<function_call>',
  functionCallClose: '</function_call>',
  functionOpen: '<function=',
  /** Hermes 2 Pro's (and Llama 3.1's custom) call header with its name in an attribute: `<function name="NAME">`. */
  functionNameOpen: '<function name=',
  functionClose: '</function>',
  parameterOpen: '<parameter=',
  parameterClose: '</parameter>',
  /** MiniCPM5's parameter tags in Hermes 2 Pro's `<function name="NAME">` (mlx-lm #1316). */
  paramOpen: '<param name=',
  paramClose: '</param>',
  pythonTag: '<|python_tag|>',
  eomId: '<|eom_id|>',
  eotId: '<|eot_id|>',
  mistralCalls: '[TOOL_CALLS]',
  mistralArgs: '[ARGS]',
  mistralCallId: '[CALL_ID]',
  mistralEos: '</s>',
  /** The closer older Mistral templates (and ollama's) write after the list. */
  mistralCallsClose: '[/TOOL_CALLS]',
  mistralThinkOpen: '[THINK]',
  mistralThinkClose: '[/THINK]',
  harmonyRecipient: 'to=functions.',
  /** The recipient after the channel's word (and role) as a harmony message reads with its special tokens stripped. */
  strippedCommentary: 'commentary to=functions.',
  strippedAssistantCommentary: 'assistantcommentary to=functions.',
  /** The recipient as gpt-oss writes it when told of its tools in a prompt: the bare name (kilocode #1775). */
  bareCommentary: 'commentary to=',
  bareAssistantCommentary: 'assistantcommentary to=',
  /** gpt-oss's messages with their special tokens stripped: the analysis channel's word opening the reply, then the next messages' role and channel. */
  strippedAnalysis: 'analysis',
  strippedAssistantAnalysis: 'assistantanalysis',
  strippedAssistantCommentaryWord: 'assistantcommentary',
  strippedAssistantFinal: 'assistantfinal',
  strippedCommentaryWord: 'commentary to=',
  harmonyStart: '<|start|>',
  harmonyChannel: '<|channel|>',
  harmonyMessage: '<|message|>',
  harmonyCall: '<|call|>',
  harmonyEnd: '<|end|>',
  harmonyReturn: '<|return|>',
  deepseekCallsBegin: '<｜tool▁calls▁begin｜>',
  /** DeepSeek-R1's section opener merged with its first call's (`<｜tool▁calls｜>function<｜tool▁sep｜>…`). */
  deepseekCallsMerged: '<｜tool▁calls｜>',
  /** DeepSeek-R1's section opener as distills spell it with the tokenizer's `▁` written out. */
  deepseekCallsUnderscored: '<｜tool_calls_begin｜>',
  deepseekCallsSpaced: '<｜tool calls begin｜>',
  deepseekCallsEscaped: '<｜tool\\_calls\\_begin｜>',
  deepseekCallsEnd: '<｜tool▁calls▁end｜>',
  deepseekCallBegin: '<｜tool▁call▁begin｜>',
  deepseekCallEnd: '<｜tool▁call▁end｜>',
  deepseekSep: '<｜tool▁sep｜>',
  kimiSectionBegin: '<|tool_calls_section_begin|>',
  kimiSectionEnd: '<|tool_calls_section_end|>',
  kimiCallBegin: '<|tool_call_begin|>',
  kimiArgumentBegin: '<|tool_call_argument_begin|>',
  kimiCallEnd: '<|tool_call_end|>',
  invokeOpen: '<invoke name=',
  invokeClose: '</invoke>',
  invokeParameterOpen: '<parameter name=',
  /** MiniMax-M3's namespace token, written before each of its tool-call tags. */
  minimaxNamespace: ']<]minimax[>[',
  minimaxM3InvokeOpen: ']<]minimax[>[<invoke name=',
  minimaxM3InvokeClose: ']<]minimax[>[</invoke>',
  minimaxOpen: '<minimax:tool_call>',
  minimaxClose: '</minimax:tool_call>',
  functionCallsOpen: '<function_calls>',
  functionCallsClose: '</function_calls>',
  /** DeepSeek V4's call section without its `｜DSML｜` markers, as GigaChat 3 writes it (skales #256). */
  toolCallsOpen: '<tool_calls>',
  toolCallsClose: '</tool_calls>',
  pythonStart: '<|python_start|>',
  pythonEnd: '<|python_end|>',
  argKeyOpen: '<arg_key>',
  argKeyClose: '</arg_key>',
  argValueOpen: '<arg_value>',
  argValueClose: '</arg_value>',
  seedCallOpen: '<seed:tool_call>',
  seedCallClose: '</seed:tool_call>',
  dsmlFunctionCallsOpen: '<｜DSML｜function_calls>',
  dsmlFunctionCallsClose: '</｜DSML｜function_calls>',
  dsmlToolCallsOpen: '<｜DSML｜tool_calls>',
  dsmlToolCallsClose: '</｜DSML｜tool_calls>',
  dsmlInvokeOpen: '<｜DSML｜invoke name=',
  dsmlInvokeClose: '</｜DSML｜invoke>',
  dsmlParameterOpen: '<｜DSML｜parameter name=',
  dsmlParameterClose: '</｜DSML｜parameter>',
  /** The same with each bar doubled, `<｜｜DSML｜｜invoke name=` (opencompany #2093). */
  dsml2FunctionCallsOpen: '<｜｜DSML｜｜function_calls>',
  dsml2FunctionCallsClose: '</｜｜DSML｜｜function_calls>',
  dsml2ToolCallsOpen: '<｜｜DSML｜｜tool_calls>',
  dsml2ToolCallsClose: '</｜｜DSML｜｜tool_calls>',
  dsml2InvokeOpen: '<｜｜DSML｜｜invoke name=',
  dsml2InvokeClose: '</｜｜DSML｜｜invoke>',
  dsml2ParameterOpen: '<｜｜DSML｜｜parameter name=',
  dsml2ParameterClose: '</｜｜DSML｜｜parameter>',
  gemmaCallOpen: '<|tool_call>',
  gemmaCallClose: '<tool_call|>',
  gemmaTurnEnd: '<turn|>',
  gemmaResponse: '<|tool_response>',
  gemmaString: '<|"|>',
  gemmaThoughtOpen: '<|channel>',
  gemmaThoughtClose: '<channel|>',
  functionGemmaOpen: '<start_function_call>',
  functionGemmaClose: '<end_function_call>',
  functionGemmaString: '<escape>',
  gemmaCallPrefix: 'call:',
  apertusCallsOpen: '<|tools_prefix|>',
  apertusCallsClose: '<|tools_suffix|>',
  apertusThoughtOpen: '<|inner_prefix|>',
  apertusThoughtClose: '<|inner_suffix|>',
} as const;
