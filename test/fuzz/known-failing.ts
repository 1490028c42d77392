// THE ONE PLACE to re-enable fuzz properties after merging: properties listed here fail on the branch
// that built the harness because other branches fix them (issues 13 and 23). `npm test`'s smoke run
// skips them (and says so); `npm run fuzz` still runs them and reports their failures. When a fix is
// merged, delete its line and run `npm test`.

/** Property name → why it fails today (and where it is being fixed). */
export const KNOWN_FAILING_PROPERTIES: Readonly<Record<string, string>> = {};

/**
 * Timing families that are known to be superlinear before the parse/stream fixes are merged.
 * Informational: timing families never run in `npm test`.
 */
export const KNOWN_SLOW_FAMILIES: Readonly<Record<string, string>> = {};
