// Reasoning that models open and close with special tokens rather than tags: the structural pass,
// the stream's prelude and their messages read this one table.

/**
 * Opener → closer. Gemma 4's thought channel, whose closer alone means the chat template opened it
 * (as a lone `</think>` does), gpt-oss's analysis channel (its `<|message|>` is then content), Cohere
 * Command A's, Kimi K3's, OpenThinker's, and Magistral's and Mistral 3.5's thinking, in that order.
 */
export const REASONING_CHANNELS: ReadonlyMap<string, string> = new Map([
  ['<|channel>thought', '<channel|>'],
  ['<|channel|>analysis', '<|end|>'],
  ['<|START_THINKING|>', '<|END_THINKING|>'],
  ['<|open|>think<|sep|>', '<|close|>think<|sep|>'],
  ['<|begin_of_thought|>', '<|end_of_thought|>'],
  ['[THINK]', '[/THINK]'],
]);

/** The channel that a lone closer implies was opened before the reply. */
export const IMPLIED_CHANNEL = '<|channel>thought';
