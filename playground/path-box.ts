// The path box: `get` and JSONPath `query` on the value, and claims checked with `verify`.
import { type Claim, JsonMendError, formatClaimFeedback, get, parse, query, verify, verifyAll } from '../src/index.js';
import { byId, pretty } from './dom.js';

/** Which operation the box runs. */
export type PathMode = 'get' | 'query' | 'verify';

function describeError(error: unknown): string {
  if (error instanceof JsonMendError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** The box's result for `value` (undefined when the reply gave none), as text. */
export function runPath(mode: PathMode, value: unknown, path: string, claimText: string): string {
  if (value === undefined) return 'No value to look into.';
  try {
    if (mode === 'get') return pretty(get(value, path));
    if (mode === 'query') return pretty(query(value, path));
    if (claimText.trim() === '') return 'Write a claim, e.g. {"mode": "field", "path": "name", "value": "Ada"}';
    // The claim is read with jsonmend too: a claim typed in a hurry still counts.
    const claims = parse<Claim | Claim[]>(claimText);
    if (Array.isArray(claims)) {
      const all = verifyAll(claims, value);
      return `${formatClaimFeedback(all)}\n\n${pretty(all.results)}`;
    }
    const result = verify(claims, value);
    return `${formatClaimFeedback(result)}\n\n${pretty(result)}`;
  } catch (error) {
    return describeError(error);
  }
}

/** Reads the box's controls, shows or hides the path and claim fields, and writes the result. */
export function updatePathBox(value: unknown): void {
  const mode = byId<HTMLSelectElement>('path-mode').value as PathMode;
  document.querySelectorAll<HTMLElement>('.path-only').forEach((node) => (node.hidden = mode === 'verify'));
  document.querySelectorAll<HTMLElement>('.claim-only').forEach((node) => (node.hidden = mode !== 'verify'));
  const path = byId<HTMLInputElement>('path').value;
  const claim = byId<HTMLTextAreaElement>('claim').value;
  byId('path-result').textContent = runPath(mode, value, path, claim);
}
