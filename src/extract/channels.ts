// Reasoning that models open and close with special tokens rather than tags: the structural pass,
// the stream's prelude and their messages read this one table.

/** A reasoning channel: the tokens that open it and those that close it. */
export interface ReasoningChannel {
  /** The region's name in messages and in the structure pass: its first opener. */
  readonly name: string;
  readonly open: readonly string[];
  readonly close: readonly string[];
}

/**
 * Gemma 4's thought channel, whose closer alone means the chat template opened it (as a lone
 * `</think>` does); gpt-oss's analysis channel and its commentary channel (tool calls and preambles:
 * neither is the answer, which is the final channel's; its `<|message|>` is then content), closed by
 * `<|end|>` or, after a call, `<|call|>`; Cohere Command A's, Kimi K3's, OpenThinker's, and Magistral's
 * and Mistral 3.5's thinking.
 */
export const REASONING_CHANNELS: readonly ReasoningChannel[] = [
  { name: '<|channel>thought', open: ['<|channel>thought'], close: ['<channel|>'] },
  { name: '<|channel|>analysis', open: ['<|channel|>analysis', '<|channel|>commentary'], close: ['<|end|>', '<|call|>'] },
  { name: '<|START_THINKING|>', open: ['<|START_THINKING|>'], close: ['<|END_THINKING|>'] },
  { name: '<|open|>think<|sep|>', open: ['<|open|>think<|sep|>'], close: ['<|close|>think<|sep|>'] },
  { name: '<|begin_of_thought|>', open: ['<|begin_of_thought|>'], close: ['<|end_of_thought|>'] },
  { name: '[THINK]', open: ['[THINK]'], close: ['[/THINK]'] },
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
