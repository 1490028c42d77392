// A reply that ends after a whole value with only its closers missing (`{"name": "Ann"`): cut off by an
// output limit, or written to its end by a model that left the `}` out (a stop string that ate it,
// mlc-llm #2868; Mistral 7B "often", deepeval #816). The text alone cannot tell; a provider's finish
// reason can, and the loop asks (see loop/judge.ts).
import { JsonMendError } from '../errors.js';
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

/**
 * The repairs of a reading that took a cut-off value (`acceptTruncated: true`) of a reply the model
 * ended itself (finish reason `stop`), when the one cut was closers left out after a whole value: that
 * repair renamed `missing_closer`, saying why. Undefined when anything else was cut.
 */
export function closersLeftOut<R extends { kind: string; detail?: string }>(repairs: readonly R[]): R[] | undefined {
  if (!onlyClosersAtEnd(repairs)) return undefined;
  return repairs.map((r) =>
    r.kind === 'truncated' && typeof r.detail === 'string' ? { ...r, kind: 'missing_closer', detail: `the reply ended (finish reason "stop") after a whole value; ${r.detail.slice(CLOSERS_AT_END.length)}` } : r,
  );
}

/**
 * Whether a refused reading is worth reading again for closers left out: the model ended the reply
 * itself (`endedByModel`: finish reason `stop`), a cut was not already accepted, and the refusal is
 * `REPAIR_REFUSED` (a cut-off value's).
 */
export function mayBeClosersLeftOut(endedByModel: boolean, acceptTruncated: boolean | undefined, refused: unknown): boolean {
  return endedByModel && acceptTruncated !== true && refused instanceof JsonMendError && refused.code === 'REPAIR_REFUSED';
}

/**
 * The rule in one place for readers that read synchronously (the OpenAI and AI SDK adapters; generate()'s
 * judge applies the same two steps around its asynchronous read): after `refused` refused a reply the model
 * ended itself, `reread` reads it again taking a cut-off value, and that reading is kept, its cut renamed
 * `missing_closer`, only when the one cut was closers left out after a whole value. Undefined: the refusal stands.
 */
export function rereadClosersLeftOut<V, R extends { kind: string; detail?: string }>(
  endedByModel: boolean,
  acceptTruncated: boolean | undefined,
  refused: unknown,
  reread: () => { value: V; repairs: readonly R[] },
): { value: V; repairs: R[] } | undefined {
  if (!mayBeClosersLeftOut(endedByModel, acceptTruncated, refused)) return undefined;
  let read: { value: V; repairs: readonly R[] };
  try {
    read = reread();
  } catch {
    return undefined;
  }
  const repairs = closersLeftOut(read.repairs);
  return repairs === undefined ? undefined : { value: read.value, repairs };
}
