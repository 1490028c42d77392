// A continued reply that writes a key again: the continuation started a member over (`{"a": 1, "b": 2` +
// `, "b": 3}`), and reading the joined text as JSON.parse does (the last wins) would silently drop the
// first value or keep a made-up second one. Which was meant cannot be told, so the loop refuses such a
// reply (see generate.ts); this finds the key.
import { fromPointer } from '../schema/pointer.js';
import { createStreamParser } from '../stream/index.js';
import type { Delta } from '../stream/types.js';
import type { LoopParseOptions } from './parse-reply.js';

/** What the deltas built at one place: an object's or array's members (by key or index), or a leaf. */
interface Place {
  object: boolean;
  members: Map<string, Place> | undefined;
}

const LEAF: Place = { object: false, members: undefined };

function placeOf(delta: Delta): Place {
  if (delta.op !== 'add' || typeof delta.value !== 'object' || delta.value === null) return LEAF;
  return { object: !Array.isArray(delta.value), members: new Map() };
}

/**
 * The JSON Pointer of the first object member that the text after the first of `seams` (offsets where a
 * continuation begins) writes again, its key already in that object; undefined when there is none or the
 * text cannot be read (the caller's other checks report that). The text is read once, by the stream
 * parser (the same engine as `parse`), pushed in parts split at the seams: a member placed while a
 * continuation's part is read is one the continuation wrote, or (a number's end) finished.
 */
export function keyWrittenAgain(text: string, seams: readonly number[], parseOptions: LoopParseOptions): string | undefined {
  if (seams.length === 0) return undefined;
  let root: Place | undefined;
  let found: string | undefined;
  // Applies one push's deltas; `continued`: the push read a continuation's text.
  const apply = (deltas: readonly Delta[] | undefined, continued: boolean): void => {
    for (const delta of deltas ?? []) {
      if (found !== undefined) return;
      if (delta.op !== 'add' && delta.op !== 'set') continue;
      if (delta.path === '') {
        // The root, or (`set ""` to an array) concatenated values: the first becomes element 0.
        const place = placeOf(delta);
        if (delta.op === 'set' && Array.isArray(delta.value) && root !== undefined) {
          root = { object: false, members: new Map([['0', root]]) };
        } else root = place;
        continue;
      }
      const segments = fromPointer(delta.path);
      let parent = root;
      for (let i = 0; i < segments.length - 1 && parent !== undefined; i++) parent = parent.members?.get(segments[i]!);
      if (parent?.members === undefined) continue;
      const key = segments[segments.length - 1]!;
      if (continued && parent.object && parent.members.has(key)) found = delta.path;
      parent.members.set(key, placeOf(delta));
    }
  };
  try {
    const parser = createStreamParser({ ...parseOptions, deltas: true, partialStrings: false });
    let from = 0;
    for (const [i, to] of [...seams, text.length].entries()) {
      const snapshot = parser.push(text.slice(from, to));
      if (snapshot.error !== undefined) return undefined;
      apply(snapshot.deltas, i > 0);
      from = to;
    }
    parser.end();
    apply(parser.snapshot.deltas, true);
  } catch {
    return undefined;
  }
  return found;
}
