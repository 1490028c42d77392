// THE ONE PLACE to re-enable fuzz properties after merging: properties listed here fail on the branch
// that built the harness (pathfuzz) because other branches fix them (issues 13 and 23). `npm test`'s
// smoke run skips them (and says so); `npm run fuzz` still runs them and marks their failures "known".
// When a fix is merged, delete its line and run `npm test` (and `npm run fuzz -- --only NAME`).

/** Property name → why it fails today (and where it is being fixed). */
export const KNOWN_FAILING_PROPERTIES: Readonly<Record<string, string>> = {
  'recovery.deleted-script-delimiter': "open: an array's `[` lost before an element on the next line that is longer than the lookahead (160 characters); a nested object's `{` lost on its key's line in an object's object whose `}`s balance (`geg64: s8lln4_J5: False, F: None}, P: None}`: the text is kept, in the value `\"s8lln4_J5: False\"`). Session 25 read a `[` in prose then an element object's key on the next line however long its value, a colon lost before an array too long to see closed after a single-quoted string (`'A',⏎  A1 [⏎    {`), an empty value's opener lost after a key's colon (`a1: ],`), and a literal after an element object whose `}` was lost before a trailing comma and the `]`: 0–1 of 3,000 generated inputs lose text (seeds 1–5 and 13–18). Session 24 took it from 11–17 to 0–1, session 20 from 104–108 to 11–19",
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
