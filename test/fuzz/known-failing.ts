// THE ONE PLACE to re-enable fuzz properties after merging: properties listed here fail on the branch
// that built the harness (pathfuzz) because other branches fix them (issues 13 and 23). `npm test`'s
// smoke run skips them (and says so); `npm run fuzz` still runs them and marks their failures "known".
// When a fix is merged, delete its line and run `npm test` (and `npm run fuzz -- --only NAME`).

/** Property name → why it fails today (and where it is being fixed). */
export const KNOWN_FAILING_PROPERTIES: Readonly<Record<string, string>> = {
  'recovery.deleted-key-quote':
    'a key that lost its closing quote and runs on into the string after it (`[{"a:false}, "b"]`, `{"a:[null, "x"]}`) ends at that string\'s opening quote, and the member is lost (todo tests in test/parse/silent-loss-survey.test.ts). Line breaks, prose after the object, a space or the value\'s opener before the value\'s quote, and the end of the text are fixed (session 11)',
  'recovery.replaced-delimiter':
    'a closer written for a comma or a colon ends the value early and the rest of the document is set aside as text after it (the surrounding_text repair). Session 11 fixed a closer for a comma in a bare document (70% of such inputs lost text, now about 4%); in prose extraction still ends the span at that closer (35–46%), and a closer written for a colon (`{"a"} 1}`, 48–60%) or an opener written as a closer (10–20%) still lose text',
};

/**
 * Timing families above 5× on the last run (branch s4-fuzz, 04:30 UTC, `npm run fuzz -- --seconds 600`,
 * a 2-core machine with a load of about 14; garbage is collected before each timed run).
 * Informational: timing families never run in `npm test`.
 */
export const KNOWN_SLOW_FAMILIES: Readonly<Record<string, string>> = {
  'parse.deep-unclosed': '5.2× at 320k (2.9–3.7× on other runs): the engine\'s steps are linear (34,288 for 80k characters, 8,572 for 20k); the excess is garbage collection of a deep value (with --max-semi-space-size=128: 3.7×)',
};
