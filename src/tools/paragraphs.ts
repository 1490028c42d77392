// The reply's paragraphs: where calls written apart from prose stand (pythonic calls, a tag's
// attributes bare on a line), each read on its own.

/**
 * Each paragraph of `text` as `[start, end)`: from the text's start or past a blank line (a line with
 * nothing but spaces, tabs or `\r`) up to the next blank line or the text's end. Space starting a
 * paragraph is left in it for the caller's own idea of space. Linear.
 */
export function* paragraphs(text: string): Generator<readonly [number, number]> {
  // A regular expression per walk: two walks at once must not share its lastIndex.
  const blankLine = /\n[ \t\r]*\n/g;
  let start = 0;
  for (;;) {
    blankLine.lastIndex = start;
    const blank = blankLine.exec(text);
    if (blank === null) {
      yield [start, text.length];
      return;
    }
    yield [start, blank.index];
    start = blank.index + blank[0].length;
  }
}
