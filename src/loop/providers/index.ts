// The provider factories.
export { openaiCompatible, openaiFinishReason } from './openai-compatible.js';
export type { OpenAICompatibleOptions, OpenAIResponseFormat } from './openai-compatible.js';
export { ollama, ollamaFinishReason } from './ollama.js';
export type { OllamaOptions } from './ollama.js';
export { anthropic, anthropicFinishReason } from './anthropic.js';
export type { AnthropicOptions } from './anthropic.js';
export { toModel } from './function.js';
