// JSON.parse over a long rewritten text, a run of members at a time. A string past 128 KB is a large
// object to V8, and every new one is fresh memory, which the kernel hands over one page fault per 4 KB:
// decoding the near-JSON lane's 1 MB rewrite into one string cost more than JSON.parse's whole job on
// it. The rewrite knows where the commas between the top-level container's members are, so the text is
// decoded as runs of whole members, each run closed into a small container of its own, parsed, and the
// runs joined: the value JSON.parse gives on the whole text (it refuses a run only where it refuses the
// whole), built from strings that stay in V8's young space and its reused pages.

import { tryJsonParse } from './native-json.js';
import { setMember } from './sink.js';

/** A run of members is decoded once it holds this many bytes (two-byte text: twice as many in the string). */
const RUN_BYTES = 32 * 1024;

/** Texts up to this many bytes are decoded whole. */
export const PIECES_FROM_BYTES = 96 * 1024;

/**
 * The value of the JSON text `b[top, length)` (`b[top]` its top-level container's opener, `b[length - 1]`
 * its closer, `commas` the top-level commas in order), or undefined when JSON.parse refuses it.
 * Overwrites the commas it cuts at.
 */
export function parseInPieces(b: Uint8Array, top: number, length: number, commas: readonly number[], decoder: TextDecoder): { value: unknown } | undefined {
  const open = b[top];
  const close = b[length - 1];
  let value: unknown[] | Record<string, unknown> | undefined;
  let from = top;
  const take = (to: number): boolean => {
    b[from] = open;
    b[to] = close;
    const read = tryJsonParse(decoder.decode(b.subarray(from, to + 1)));
    if (read === undefined) return false;
    value = value === undefined ? (read.value as unknown[] | Record<string, unknown>) : join(value, read.value);
    from = to;
    return true;
  };
  for (const comma of commas) {
    // A cut-off end's closers may have been written over the last ones.
    if (comma >= length - 1) break;
    if (comma - from >= RUN_BYTES && !take(comma)) return undefined;
  }
  return take(length - 1) ? { value } : undefined;
}

/** `into` with the members of `run` (a container of the same kind) added as JSON.parse adds later members. */
function join(into: unknown[] | Record<string, unknown>, run: unknown): unknown[] | Record<string, unknown> {
  if (Array.isArray(into)) {
    for (const element of run as unknown[]) into.push(element);
  } else {
    const members = run as Record<string, unknown>;
    for (const key of Object.keys(members)) setMember(into, key, members[key]);
  }
  return into;
}
