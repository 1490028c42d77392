// THE ONE PLACE to re-enable fuzz properties after merging: properties listed here fail on the branch
// that built the harness (pathfuzz) because other branches fix them (issues 13 and 23). `npm test`'s
// smoke run skips them (and says so); `npm run fuzz` still runs them and marks their failures "known".
// When a fix is merged, delete its line and run `npm test` (and `npm run fuzz -- --only NAME`).

/** Property name → why it fails today (and where it is being fixed). */
export const KNOWN_FAILING_PROPERTIES: Readonly<Record<string, string>> = {
};

/**
 * Timing families above 5× on the pathfuzz branch after merging main at 01:20 UTC (`npm run fuzz --
 * --timing-only`, a 2-core machine with a load of about 19, so ratios just above 5 may be noise).
 * Informational: timing families never run in `npm test`.
 */
export const KNOWN_SLOW_FAMILIES: Readonly<Record<string, string>> = {
  'stream.long-number': 'issue 13: 5.7× at 640k → 2.56M characters (near the limit; was 17–28× before main\'s engine fix)',
  'stream.long-unquoted-key': 'issue 13: 5.9× at 640k (was 21×)',
  'stream.runs-open-key': 'issue 13: 5.9× at 640k (was 13×)',
  'stream.dots': 'issue 23: runs of dots in the stream, 6.5×',
  'parse.failing-fences': 'issue 23: every failing candidate builds a full error, 9×',
  'parse.failing-prose': 'issue 23, 10×',
  'parse.failing-tags': 'issue 23, 9×',
  'repair.failing-fences': 'issue 23, 11×',
  'stream.failing-fences': 'issue 23, 12×',
  'parse.deep-arrays': '8× at 320k → 1.28M characters',
  'parse.deep-unclosed': '8× at 320k',
  'repair.deep-escaped-json': '7× at 320k',
};
