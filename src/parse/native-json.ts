// JSON.parse as a test: the value, or undefined when the text is not JSON. Both fast paths (the whole
// text, and the near-JSON lane's rewrite) try it on text that may well fail.

/** `{ value: JSON.parse(text) }`, or undefined when JSON.parse throws. */
export function tryJsonParse(text: string): { value: unknown } | undefined {
  // A failed JSON.parse costs mostly its stack trace, which nobody reads here.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  } finally {
    Error.stackTraceLimit = limit;
  }
}
