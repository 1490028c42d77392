// THE ONE PLACE to re-enable fuzz properties after merging: properties listed here fail on the branch
// that built the harness (pathfuzz) because other branches fix them (issues 13 and 23). `npm test`'s
// smoke run skips them (and says so); `npm run fuzz` still runs them and marks their failures "known".
// When a fix is merged, delete its line and run `npm test` (and `npm run fuzz -- --only NAME`).

/** Property name → why it fails today (and where it is being fixed). */
export const KNOWN_FAILING_PROPERTIES: Readonly<Record<string, string>> = {
  'recovery.deleted-script-delimiter': "open: the first `{` lost before an unquoted key whose value is an object, on the text's first line (`k: {…}, j: 2}` reads as prose's `Word:` and an early closer, as `Here: {a: 1}, b: 2}` is); a nested object's `{` lost on its key's line (`k: u: None}`: its members read as the key's text); an array's `]` lost before the object's next member; a lost `}` in prose that splits the document so the first span fails and a later one is the answer. Session 20 read the first `{` lost before unquoted keys (`k: [1], j: 2}`, pretty-printed ones with objects), `{k {}}` and `{k 'v', j: 2}` in prose, `[k: 1, j: 2}]`, a nested `{` lost after a line break, an element object's `}` lost before a comma on its own line, and lost `[`s before elements holding containers: 11–19 of 3,000 generated inputs lose text, from 104–108 (session 20's survey, seeds 1–3, run on the code before and after)",
};

/**
 * Timing families above 5× on the last run (branch s4-fuzz, 04:30 UTC, `npm run fuzz -- --seconds 600`,
 * a 2-core machine with a load of about 14; garbage is collected before each timed run).
 * Informational: timing families never run in `npm test`.
 */
export const KNOWN_SLOW_FAMILIES: Readonly<Record<string, string>> = {
  'extract.prose-element-lists': '5.6–6.0× at 1.28M units (a 23 MB reply, 4× that measured against it) on session 20\'s code and on session 19\'s alike (measured side by side): 3.6–4× up to 320k units; the look for element lists is linear, and the excess at this size is memory',
  'parse.deep-unclosed': '5.2× at 320k (2.9–3.7× on other runs): the engine\'s steps are linear (34,288 for 80k characters, 8,572 for 20k); the excess is garbage collection of a deep value (with --max-semi-space-size=128: 3.7×)',
};
