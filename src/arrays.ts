// Array helpers every stage shares.

/**
 * Appends `from` to `into` one by one: `into.push(...from)` passes each item as an argument, and
 * 100 000 of them (repairs of a long reply, calls of a long one) overflow the call stack.
 */
export function appendAll<T>(into: T[], from: readonly T[]): void {
  for (const x of from) into.push(x);
}
