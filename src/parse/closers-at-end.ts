// A reply that ends after a whole value with only its closers missing (`{"name": "Ann"`): cut off by an
// output limit, or written to its end by a model that left the `}` out (a stop string that ate it,
// mlc-llm #2868; Mistral 7B "often", deepeval #816). The text alone cannot tell; a provider's finish
// reason can, and the loop asks (see loop/judge.ts).
import { isCutOffRepair } from './kind-flags.js';
import type { TextRepair } from './types.js';

/** How the engine's `truncated` repair begins when the text ended after a whole value: only closers were inserted. */
export const CLOSERS_AT_END = 'the text ends after a whole value; inserted ';

/**
 * Whether the one cut-off repair among `repairs` is closers inserted after a whole value: no string,
 * number, literal or key cut, no member dropped, no second cut.
 */
export function onlyClosersAtEnd(repairs: readonly { kind: string; detail?: string }[]): boolean {
  let cuts = 0;
  let closers = false;
  for (const r of repairs) {
    if (!isCutOffRepair(r.kind as TextRepair['kind'])) continue;
    cuts++;
    closers = r.kind === 'truncated' && typeof r.detail === 'string' && r.detail.startsWith(CLOSERS_AT_END);
  }
  return cuts === 1 && closers;
}
