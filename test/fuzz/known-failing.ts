// THE ONE PLACE to re-enable fuzz properties after merging: properties listed here fail on the branch
// that built the harness (pathfuzz) because other branches fix them (issues 13 and 23). `npm test`'s
// smoke run skips them (and says so); `npm run fuzz` still runs them and marks their failures "known".
// When a fix is merged, delete its line and run `npm test` (and `npm run fuzz -- --only NAME`).

/** Property name → why it fails today (and where it is being fixed). */
export const KNOWN_FAILING_PROPERTIES: Readonly<Record<string, string>> = {
  'repair.valid': 'issue 13, parse engine: repair of a fence or tag holding several values, the first rewritten, is not valid JSON ("```\\nNaN{}" → "null[,{}]")',
  'stream.end-equals-parse': 'issue 13, parse/stream engines: a curly quote in a key read one character at a time differs from parse ({"” ":""})',
};

/**
 * Timing families above 5× on the pathfuzz branch (`npm run fuzz -- --timing-only`), fixed on the parse
 * and stream branches. Informational: timing families never run in `npm test`.
 */
export const KNOWN_SLOW_FAMILIES: Readonly<Record<string, string>> = {
  'stream.long-number': 'issue 13: a token longer than a chunk is rescanned',
  'stream.long-unquoted-key': 'issue 13: a token longer than a chunk is rescanned',
  'stream.long-word': 'issue 13: a token longer than a chunk is rescanned',
  'stream.runs-open-key': 'issue 13',
  'stream.runs-callback': 'issue 13',
  'stream.escapes': 'issue 13: strings full of escapes',
  'stream.hash-comments': 'issue 23: comments in the stream',
  'stream.dots': 'issue 23: runs of dots in the stream',
  'parse.failing-fences': 'issue 23: every failing candidate builds a full error',
  'parse.failing-prose': 'issue 23',
  'parse.failing-tags': 'issue 23',
  'repair.failing-fences': 'issue 23',
  'stream.failing-fences': 'issue 23',
};
