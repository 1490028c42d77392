// `Here is the result: {"a": [{"id": 1, "a": 1000}, {}], "a": []}]} Hope it helps.`: a `{` written as
// `]` closed the array early, and the value in prose balanced where the model meant it to go on. What
// it wrote after that balanced end, `"a": []`, went into the outer object and replaced `"a"`'s array,
// and the closers it left over (`]}`) came right after the value, where extraction sets them aside
// with the prose. The value is valid JSON, so no guess is recorded and nothing names the loss.
// Standalone, the same closers are extra (`extra_closer`, a guess), and the repeat is named
// (`duplicate_key`). In prose they are read with the value, as they would be standalone, when that
// value repeats a key: then they are evidence of the damage that made the repeat. A value that
// repeats no key keeps its reading (`[Output: {"a": 1}]`: a bracket of the prose).
import { Engine, type EngineOptions } from './engine.js';
import { Ch, isJsonSpace } from './chars.js';
import { RepairLog } from './repair-log.js';
import { ValueBuilder } from './sink.js';

/**
 * Where the closers (`]`, `}`) right after a value in prose end, spaces between them and before the
 * first included; `end` when none follows. A `)` is prose's own (`(as in {"a": 1})`).
 */
export function closerRunEnd(text: string, end: number): number {
  let found = end;
  for (let k = end; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === Ch.RBRACKET || c === Ch.RBRACE) found = k + 1;
    else if (!isJsonSpace(c)) break;
  }
  return found;
}

/** Records every repair, refuses none: to see whether a reading names a repeated key (see repeatsKey). */
const LOOKING: Omit<EngineOptions, 'maxDepth'> = { refused: new Set(), wantEdits: false, quiet: false };

/**
 * Whether the engine's reading of `text[start, end)`, a value and the closers after it, names a key
 * repeated in its object (`duplicate_key`: the extra closers are a guess, so every repeat is named).
 * Read apart from the caller's log and refusals: the caller then reads the span for itself, and
 * refuses what its options refuse. A span the engine cannot read repeats nothing it could name.
 */
export function repeatsKey(text: string, start: number, end: number, maxDepth: number): boolean {
  const log = new RepairLog();
  try {
    new Engine(new ValueBuilder(), { ...LOOKING, maxDepth }, log).runAll(text, start, end);
  } catch {
    return false;
  }
  return log.kinds.includes('duplicate_key');
}
