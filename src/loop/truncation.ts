// The truncation policy: what the loop does with a reply cut off by the output-token limit, bounded.
import { JsonMendError } from '../errors.js';
import type { Model, ModelRequest, Usage } from './types.js';

/** See `GenerateOptions.onTruncated`. */
export type TruncationPolicy = 'error' | 'continue' | 'raise-limit';

const POLICIES: readonly TruncationPolicy[] = ['error', 'continue', 'raise-limit'];

/** The truncation plan of one call: the policy, checked, and the token limit it has raised so far. */
export interface TruncationPlan {
  policy: TruncationPolicy;
  maxContinuations: number;
  /** The `maxTokens` to send (the caller's, or one `raise` set); `undefined`: the provider's own. */
  readonly maxTokens: number | undefined;
  /** Whether a cut-off reply to this request is continued (policy `continue` and a model that can). */
  canContinue(request: Omit<ModelRequest, 'signal'>): boolean;
  /**
   * After a cut-off attempt: the larger limit the next attempt gets (`raise-limit`, or `continue` on a model that
   * cannot continue), or `undefined` to fail as `error` (that policy, nothing known to raise from, or the cap).
   */
  raise(request: Omit<ModelRequest, 'signal'>, usage: Usage | undefined): number | undefined;
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

/** Checks the truncation options of `generate` and makes the call's plan. */
export function planTruncation(options: TruncationInput, model: Model): TruncationPlan {
  const policy = (options.onTruncated ?? 'error') as TruncationPolicy;
  if (!POLICIES.includes(policy)) {
    throw new JsonMendError('INVALID_ARGUMENT', `onTruncated must be one of ${POLICIES.map((p) => `'${p}'`).join(', ')}, got ${String(options.onTruncated)}`);
  }
  const maxContinuations = positiveInteger(options.maxContinuations, 'maxContinuations', true) ?? 2;
  let maxTokens = positiveInteger(options.maxTokens, 'maxTokens');
  // Without a cap, 4 × the first limit known (set on the first raise when the limit was not known up front).
  let cap = positiveInteger(options.maxTokensCap, 'maxTokensCap');
  const modelCanContinue = (request: Omit<ModelRequest, 'signal'>): boolean =>
    typeof model.canContinue === 'function' && model.canContinue(request) === true;
  return {
    policy,
    maxContinuations,
    get maxTokens() {
      return maxTokens;
    },
    canContinue: (request) => policy === 'continue' && modelCanContinue(request),
    raise(request, usage) {
      if (policy === 'error' || (policy === 'continue' && modelCanContinue(request))) return undefined;
      const from = maxTokens ?? model.maxTokens ?? (usage && usage.outputTokens > 0 ? usage.outputTokens : undefined);
      if (from === undefined) return undefined;
      cap ??= from * 4;
      const next = Math.min(from * 2, cap);
      if (next <= from) return undefined;
      maxTokens = next;
      return next;
    },
  };
}
