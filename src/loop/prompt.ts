// The messages of each attempt: the original request, and on a retry the failed reply plus feedback.
import { JsonMendError } from '../errors.js';
import type { ChatMessage, JsonSchemaObject } from './types.js';

/**
 * The request `generate` sends: `system`, then `messages`, then `prompt`; it must hold at least one
 * user message (`INVALID_ARGUMENT` otherwise).
 */
export interface PromptInput {
  /** The conversation so far (roles `system`, `user`, `assistant`), sent after `system`. */
  messages?: readonly ChatMessage[] | undefined;
  /** The request, sent last as a user message. */
  prompt?: string | undefined;
  /** A system message, sent first (after the schema description, when `describeSchema` adds one). */
  system?: string | undefined;
}

/** The original request as messages; a schema description is added when the provider cannot enforce it. */
export function baseMessages(input: PromptInput, describe: JsonSchemaObject | 'json' | undefined): ChatMessage[] {
  const out: ChatMessage[] = [];
  if (describe !== undefined) {
    out.push({
      role: 'system',
      content:
        describe === 'json'
          ? 'Reply with a single JSON value and nothing else.'
          : `Reply with a single JSON value that satisfies this JSON Schema, and nothing else:\n${JSON.stringify(describe)}`,
    });
  }
  if (input.system !== undefined) out.push({ role: 'system', content: input.system });
  if (input.messages !== undefined) {
    if (!Array.isArray(input.messages)) throw new JsonMendError('INVALID_ARGUMENT', 'messages must be an array');
    for (const m of input.messages) {
      if (!m || typeof m.content !== 'string' || (m.role !== 'system' && m.role !== 'user' && m.role !== 'assistant')) {
        throw new JsonMendError('INVALID_ARGUMENT', 'each message needs a role (system, user, assistant) and string content');
      }
      out.push({ role: m.role, content: m.content });
    }
  }
  if (input.prompt !== undefined) {
    if (typeof input.prompt !== 'string') throw new JsonMendError('INVALID_ARGUMENT', 'prompt must be a string');
    out.push({ role: 'user', content: input.prompt });
  }
  if (!out.some((m) => m.role === 'user')) {
    throw new JsonMendError('INVALID_ARGUMENT', 'generate needs `prompt` or `messages` with at least one user message');
  }
  return out;
}

/**
 * The retry turn: the original request, the failed reply, and the feedback (never the whole history). An empty
 * (or blank) reply is not sent back as an assistant turn — APIs refuse an assistant message without content
 * (Anthropic) — and the feedback says it was empty instead.
 */
export function retryMessages(base: readonly ChatMessage[], failedReply: string, feedback: string): ChatMessage[] {
  if (failedReply.trim() === '') {
    return [...base, { role: 'user', content: `Your previous reply was empty, so it could not be used.\n${feedback}` }];
  }
  return [
    ...base,
    { role: 'assistant', content: failedReply },
    {
      role: 'user',
      content: `Your previous reply could not be used.\n${feedback}`,
    },
  ];
}

/** Feedback for a reply the provider's content filter stopped. */
export const FILTERED_FEEDBACK =
  "The reply was stopped by the provider's content filter before the JSON value was complete. " +
  'Write the complete value again, leaving out content a filter may stop.\nReply with the JSON value only.';

/** Feedback for a reply cut off by the output-token limit. */
export const TRUNCATED_FEEDBACK =
  'The reply was cut off by the output-token limit before the JSON value was complete. ' +
  'Write a shorter complete value: keep strings brief and leave out optional content.\nReply with the JSON value only.';

/** Feedback for a refusal. */
export const REFUSAL_FEEDBACK = 'The reply was a refusal, not the requested JSON value.\nReply with the JSON value only.';
