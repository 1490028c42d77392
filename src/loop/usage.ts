// Token usage: checking what a model reported, and summing it.
import { describeType, JsonMendError } from '../errors.js';
import type { FinishReason, ModelReply, Usage } from './types.js';

const FIELDS = ['inputTokens', 'outputTokens', 'totalTokens'] as const;

/**
 * A model's reply, checked: `text` must be a string and `usage`, when present, three non-negative finite
 * numbers. Anything else is the model's implementation at fault (`PROVIDER_ERROR`), not a reply to retry.
 */
export function checkReply(reply: unknown, modelName: string): ModelReply {
  if (reply === null || typeof reply !== 'object' || typeof (reply as ModelReply).text !== 'string') {
    throw new JsonMendError('PROVIDER_ERROR', `${modelName} returned ${describeType(reply)}, not a reply with text`);
  }
  const usage = (reply as ModelReply).usage;
  if (usage !== undefined) {
    if (usage === null || typeof usage !== 'object') {
      throw new JsonMendError('PROVIDER_ERROR', `${modelName} returned usage that is ${describeType(usage)}, not an object`);
    }
    for (const field of FIELDS) {
      const n = (usage as unknown as Record<string, unknown>)[field];
      if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) {
        throw new JsonMendError('PROVIDER_ERROR', `${modelName} returned usage.${field} = ${typeof n === 'number' ? String(n) : describeType(n)}, not a non-negative number`);
      }
    }
  }
  return reply as ModelReply;
}

const FINISH_REASONS: ReadonlySet<unknown> = new Set<FinishReason>(['stop', 'length', 'content_filter', 'refusal', 'other']);

/**
 * A reply's usage and finish reason as events show them. A model function or a custom `Model` hands back objects
 * of its own: its usage may carry more than the three counts (a provider's raw usage, spread in) and its
 * `finishReason` any string; events hold only the counts, copied, and a reason of the `FinishReason` union
 * (`other` for any other string).
 */
export function shownReplyFacts(reply: ModelReply): { finishReason: FinishReason | undefined; usage: Usage | undefined } {
  const { finishReason, usage } = reply;
  return {
    finishReason: finishReason === undefined ? undefined : FINISH_REASONS.has(finishReason) ? finishReason : 'other',
    usage: usage === undefined ? undefined : { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, totalTokens: usage.totalTokens },
  };
}

/** Adds `more` into `into`. */
export function addUsage(into: Usage, more: Usage | undefined): void {
  if (!more) return;
  into.inputTokens += more.inputTokens;
  into.outputTokens += more.outputTokens;
  into.totalTokens += more.totalTokens;
}
