// Reasoning that models open and close with special tokens rather than tags: the structural pass,
// the stream's prelude and their messages read this one table.

/** A reasoning channel: the tokens that open it and those that close it. */
export interface ReasoningChannel {
  /** The region's name in messages and in the structure pass: its first opener. */
  readonly name: string;
  readonly open: readonly string[];
  readonly close: readonly string[];
  /**
   * For tokens that do not start with `<`: texts each of them holds, searched for instead of the
   * tokens. A search stops at every occurrence of a pattern's first character (in V8, for patterns
   * under 7 characters), so a search for `[THINK]` stops at every `[` of a JSON document, and one for
   * `Here is` at every `H` of its prose.
   */
  readonly search?: readonly string[];
  /**
   * Plain-text headings rather than tokens: a channel only where the reply starts with its opener,
   * and searched for only then (a heading in the middle of prose is prose).
   */
  readonly atStart?: true;
}

/**
 * Gemma 4's thought channel, whose closer alone means the chat template opened it (as a lone
 * `</think>` does); gpt-oss's analysis channel and its commentary channel (tool calls and preambles:
 * neither is the answer, which is the final channel's; its `<|message|>` is then content), closed by
 * `<|end|>` or, after a call, `<|call|>`; Cohere Command A's, Kimi K3's, OpenThinker's, Apertus's,
 * Solar Open 2's, PLaMo 3's, K2 Horizon's (by effort), Inkling's, Magistral's and Mistral 3.5's,
 * Kimi-VL's and k1.5's thinking; and the plain-text headings of IBM Granite 3.2/3.3's thinking mode
 * and of ServiceNow Apriel's, whose answer follows the closer.
 */
export const REASONING_CHANNELS: readonly ReasoningChannel[] = [
  { name: '<|channel>thought', open: ['<|channel>thought'], close: ['<channel|>'] },
  { name: '<|channel|>analysis', open: ['<|channel|>analysis', '<|channel|>commentary'], close: ['<|end|>', '<|call|>'] },
  { name: '<|START_THINKING|>', open: ['<|START_THINKING|>'], close: ['<|END_THINKING|>'] },
  { name: '<|open|>think<|sep|>', open: ['<|open|>think<|sep|>'], close: ['<|close|>think<|sep|>'] },
  { name: '<|begin_of_thought|>', open: ['<|begin_of_thought|>'], close: ['<|end_of_thought|>'] },
  { name: '<|inner_prefix|>', open: ['<|inner_prefix|>'], close: ['<|inner_suffix|>'] },
  { name: '<|think:start|>', open: ['<|think:start|>'], close: ['<|think:end|>'] },
  { name: '<|plamo:begin_think:plamo|>', open: ['<|plamo:begin_think:plamo|>'], close: ['<|plamo:end_think:plamo|>'] },
  {
    name: '<ifm|think>',
    open: ['<ifm|think>', '<ifm|think_fast>', '<ifm|think_faster>'],
    close: ['</ifm|think>', '</ifm|think_fast>', '</ifm|think_faster>'],
  },
  { name: '<|content_thinking|>', open: ['<|content_thinking|>'], close: ['<|end_message|>', '<|content_model_end_sampling|>'] },
  { name: '[THINK]', open: ['[THINK]'], close: ['[/THINK]'], search: ['THINK]'] },
  { name: '◁think▷', open: ['◁think▷'], close: ['◁/think▷'], search: ['◁'] },
  {
    name: 'Here is my thought process:',
    open: ['Here is my thought process:', "Here's my thought process:"],
    close: ['Here is my response:', "Here's my response:"],
    search: [' my thought process:', ' my response:'],
    atStart: true,
  },
  {
    name: 'Here are my reasoning steps:',
    open: ['Here are my reasoning steps:'],
    close: ['[BEGIN FINAL RESPONSE]'],
    search: [' my reasoning steps:', 'FINAL RESPONSE]'],
    atStart: true,
  },
];

/** The channel named `name`, if one is. */
export function reasoningChannel(name: string): ReasoningChannel | undefined {
  return REASONING_CHANNELS.find((c) => c.name === name);
}

/** The channel that a lone closer implies was opened before the reply. */
export const IMPLIED_CHANNEL = '<|channel>thought';

/**
 * gpt-oss served with its special tokens stripped: `analysis…assistantfinal{…}`. A reply that starts
 * with the analysis channel's word is reasoning up to the final channel's role and word; only such a
 * reply is searched for them (a search costs what a pass over the reply does).
 */
export const STRIPPED_HARMONY = { start: 'analysis', final: 'assistantfinal' } as const;
