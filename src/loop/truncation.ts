// The truncation policy: what the loop does with a reply cut off by the output-token limit, bounded.
import { JsonMendError } from '../errors.js';
import type { Model, ModelRequest, Usage } from './types.js';

/** See `GenerateOptions.onTruncated`. */
export type TruncationPolicy = 'error' | 'continue' | 'raise-limit';

const POLICIES: readonly TruncationPolicy[] = ['error', 'continue', 'raise-limit'];

/** The checked policy of one call. */
export interface TruncationSettings {
  policy: TruncationPolicy;
  /** Whether a cut-off reply to this request is continued (policy `continue` and a model that can). */
  canContinue(request: Omit<ModelRequest, 'signal'>): boolean;
  maxContinuations: number;
  /** The caller's `maxTokens` for every attempt, when given. */
  maxTokens: number | undefined;
  /** The highest limit `raise-limit` asks for; `undefined` until the first limit is known (then 4×). */
  cap: number | undefined;
}

interface TruncationInput {
  onTruncated?: unknown;
  maxContinuations?: unknown;
  maxTokensCap?: unknown;
  maxTokens?: unknown;
}

function positiveInteger(value: unknown, name: string, allowZero = false): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new JsonMendError('INVALID_ARGUMENT', `${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got ${String(value)}`);
  }
  return value;
}

/** Checks the truncation options of `generate`. */
export function checkTruncation(options: TruncationInput, model: Model): TruncationSettings {
  const policy = (options.onTruncated ?? 'error') as TruncationPolicy;
  if (!POLICIES.includes(policy)) {
    throw new JsonMendError('INVALID_ARGUMENT', `onTruncated must be one of ${POLICIES.map((p) => `'${p}'`).join(', ')}, got ${String(options.onTruncated)}`);
  }
  const maxContinuations = positiveInteger(options.maxContinuations, 'maxContinuations', true) ?? 2;
  const maxTokens = positiveInteger(options.maxTokens, 'maxTokens');
  const first = maxTokens ?? model.maxTokens;
  const cap = positiveInteger(options.maxTokensCap, 'maxTokensCap') ?? (first !== undefined ? first * 4 : undefined);
  return {
    policy,
    canContinue: (request) => policy === 'continue' && typeof model.canContinue === 'function' && model.canContinue(request) === true,
    maxContinuations,
    maxTokens,
    cap,
  };
}

/**
 * The limit for the next attempt under `raise-limit`: twice the last (the last limit, else the output tokens
 * the cut reply used), at most `cap`; `undefined` when nothing is known or the cap is reached.
 */
export function nextTokenLimit(last: number | undefined, usage: Usage | undefined, cap: number | undefined): number | undefined {
  const from = last ?? (usage && usage.outputTokens > 0 ? usage.outputTokens : undefined);
  if (from === undefined) return undefined;
  const ceiling = cap ?? from * 4;
  const next = Math.min(from * 2, ceiling);
  return next > from ? next : undefined;
}
