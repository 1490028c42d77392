// The label a reply writes before a value: `Final answer:`, `Corrected JSON:`, `Output:` name the
// answer; `Example:`, `Input:`, `Draft:`, `Schema:` name something else. Models that think aloud in
// plain text (no reasoning tokens) write a draft or an example before the answer, and the first
// value in document order is then not the one meant.

/**
 * What the words before a candidate call it. A correction (`Corrected:`, `Fixed JSON:`, and a final
 * answer, `Final answer:`) is an answer that replaces one written before it: it beats an earlier
 * answer label (`Here is my answer:` then `Wait, that is wrong. Corrected:`), and the last of several
 * corrections wins. A better one (`New:`, `After:`, `Good:`, `✅`) is the second of a pair whose
 * first (`Old:`, `Before:`, `Bad:`, `❌`, or nothing) it replaces: it beats a value not labelled, but
 * not one labelled the answer, which the reply names outright.
 */
export type AnswerLabel = 'correction' | 'answer' | 'better' | 'other';

/** How far back a label is looked for: a line's worth, so that thousands of candidates stay linear. */
const LOOK_BACK = 160;

/** Words that say the value is not the answer. They win over answer words: `Example output:`. */
const OTHER_WORDS = new Set([
  'example', 'examples', 'e.g', 'eg', 'sample', 'instance', 'input', 'inputs', 'schema', 'format', 'template',
  'draft', 'original', 'incorrect', 'wrong', 'invalid', 'broken', 'request', 'thought', 'thoughts', 'reasoning',
  'scratch', 'scratchpad', 'before',
]);

/**
 * Words that say the value is not the answer when they start the label (`Old:`, `Bad example:`, the
 * first of a pair whose second, `New:` or `Good:`, is the answer). Elsewhere in it they describe the
 * answer as often (`Here is the JSON with the old key removed:`).
 */
const FIRST_OTHER_WORDS = new Set(['old', 'bad']);

/**
 * Words that say the value is the better of a pair when they are the label (`New:`, `After:`,
 * `Good:`, or before a noun of FINAL_NOUNS: `New JSON:`): the mirror of FIRST_OTHER_WORDS and
 * `before`, written when the first of the pair has no label (`{"a": 0}⏎New: {"a": 1}`). With other
 * words they name a thing, not the pair's second (`New record:`, `Good news:`, `After reviewing it:`).
 */
const BETTER_WORDS = new Set(['new', 'after', 'good']);

/** Words that say the value is the answer (`Here is the result:`, `Output:`). */
const ANSWER_WORDS = new Set([
  'answer', 'output', 'result', 'response', 'correct', 'improved', 'solution',
]);

/**
 * Words that say the value corrects one before it (see AnswerLabel). A fix (`Let me fix that:`,
 * `Here is the fix:`) comes after what it fixes, as a correction does: read as an answer, it tied
 * with the draft it fixes (`Here is my answer:` first), and document order kept the draft. So does a
 * final answer (`Final answer:`, `Final JSON:`): written after an `Answer:` or a correction, it is the
 * one the reply settles on, and read as an answer it lost to the earlier one.
 */
const CORRECTION_WORDS = new Set(['corrected', 'correction', 'fixed', 'fix', 'updated', 'revised', 'final']);

/**
 * What `final` must name to make a final answer (`Final answer:`, `Final JSON:`, or `Final:` alone):
 * `Final check:` or `Final notes:` after an `Answer:` name no replacement for it.
 */
const FINAL_NOUNS = new Set(['answer', 'output', 'result', 'response', 'solution', 'json', 'version', 'object', 'data', 'value']);

/** Whether the label's `words` name a correction (see CORRECTION_WORDS and FINAL_NOUNS). */
function namesCorrection(words: readonly string[]): boolean {
  return words.some((w, i) => w === 'final' ? finalNamesAnswer(words, i) : CORRECTION_WORDS.has(w));
}

function finalNamesAnswer(words: readonly string[], i: number): boolean {
  let next = i + 1;
  while (next < words.length && words[next] === '') next++;
  return next >= words.length || FINAL_NOUNS.has(words[next]);
}

/**
 * Whether `word` is a label's word written as a label starts (`Answer`, `Output`, `Example`: a
 * capital, then the word of ANSWER_WORDS or OTHER_WORDS). The engine reads such a word and its colon
 * right after a whole value as prose, not as a member the value's closer cut off (continuation.ts).
 */
export function isLabelWord(word: string): boolean {
  const c = word.charCodeAt(0);
  return (c >= 0x41 && c <= 0x5a) && isLabelWordAnyCase(word);
}

/**
 * Whether `word`, in any case, is a label's word (ANSWER_WORDS, CORRECTION_WORDS, OTHER_WORDS,
 * FIRST_OTHER_WORDS or BETTER_WORDS). The engine reads such a word written in lower case, its colon and a container
 * right after a whole value (`{"a": 0} answer: {"a": 1}`) as a label too (continuation.ts).
 */
export function isLabelWordAnyCase(word: string): boolean {
  const lower = word.toLowerCase();
  return ANSWER_WORDS.has(lower) || CORRECTION_WORDS.has(lower) || OTHER_WORDS.has(lower) || FIRST_OTHER_WORDS.has(lower) || BETTER_WORDS.has(lower);
}

/**
 * Words that name a value as an example without a colon: `for example {"a": 1}`, `such as {…}`, in
 * Markdown's emphasis too (`**e.g.** {…}`: the closing marks are trimmed first, the opening ones here).
 */
const BARE_OTHER = /(?:^|[\s(*_])(?:for example|for instance|e\.g\.?|such as)[\s,:]*$/i;

/**
 * A mark that says what follows is wrong, at a label's start (`❌ {"a": 0}`, `❌ Bad:`): the first of
 * a pair whose `✅` one is the answer. A list's or a quote's marks may come before it.
 */
const WRONG_MARK = /^[\s>*_-]*(?:❌|✗|✘|✖|🚫|⛔)/u;

/** Its mirror (`✅ {"a": 1}`, `✔ Good:`): the better of the pair, when the words name nothing else. */
const RIGHT_MARK = /^[\s>*_-]*(?:✅|✓|✔|☑)/u;

/** A Markdown heading's start (`## Answer`). */
const HEADING = /^[ \t]*#{1,6}[ \t]/;

/**
 * The label written right before `start` (on the same line, or alone on the line before; a fence's
 * opener line and Markdown emphasis skipped), read by its words; undefined when there is none. A
 * label ends with a colon, or is a Markdown heading (`## Final Answer`, or a setext one: `Answer`
 * underlined with `---` or `===`) or a line in bold (`**Corrected JSON**`), which say what follows as
 * a colon does. A line in italics (`_Final answer_`), or a bare line before the value's (`Answer`),
 * is one only when it holds nothing but label words (see isPlainLabel): such lines are asides and
 * sentences as often.
 */
export function answerLabelBefore(text: string, start: number, opener: 'fence' | 'tag' | undefined): AnswerLabel | undefined {
  let end = start;
  if (opener === 'fence') {
    // The opener's line: the value's own when its `{` starts on that line, else the one before.
    end = lineStart(text, end);
    if (!/^[ \t]*(?:```|~~~)/.test(text.slice(end, end + 8))) end = lineStart(text, end - 1);
  } else if (opener === 'tag') end = text.lastIndexOf('<', end - 1);
  if (end <= 0) return undefined;
  let before = text.slice(Math.max(0, end - LOOK_BACK), end);
  // Its line, a label alone on the line before included (trailing space and marks go first), from
  // past any value before it on that line (`Input: {…} Output: {…}`).
  const cut = trimmedEnd(before);
  const boldEnd = before.startsWith('**', cut) || before.startsWith('__', cut);
  const italicEnd = !boldEnd && (before[cut] === '*' || before[cut] === '_') ? before[cut] : '';
  // The label's line ends before the value's: it stands alone (`Answer⏎{…}`).
  const alone = before.includes('\n', cut);
  before = before.slice(0, cut);
  const setext = setextHeading(before);
  const lineAt = Math.max(before.lastIndexOf('\n'), before.lastIndexOf('}'), before.lastIndexOf(']'));
  // The whole of its line: it starts after a line break, or where the text does.
  const wholeLine = lineAt === before.lastIndexOf('\n') && (lineAt >= 0 || end <= LOOK_BACK);
  before = setext ?? before.slice(lineAt + 1);
  // The mark as the words are read: on the label's last clause (`❌ Not this. Corrected:` corrects).
  if (BARE_OTHER.test(before) || WRONG_MARK.test(lastClause(before))) return 'other';
  if (RIGHT_MARK.test(lastClause(before))) return rightMarked(lastClause(before));
  let label: string;
  if (/[:：]$/.test(before)) label = before.slice(0, -1);
  else if (setext !== undefined || HEADING.test(before) || (boldEnd && /^[ \t]*(?:\*\*|__)/.test(before))) label = before;
  else if (italicEnd !== '' && before.trimStart().startsWith(italicEnd) && isPlainLabel(before)) label = before;
  else if (alone && wholeLine && /^[ \t]*[A-Z]/.test(before) && isPlainLabel(before)) label = before;
  else return undefined;
  return labelOfWords(label);
}

/**
 * A label whose last clause starts with a right mark (`✅`, `✅ Good:`, `✅ New JSON:`): the better of a
 * pair, or what its words say, only when they are label words alone; a status line (`✅ Created record
 * {"id": 3}`, `✔ Saved`) labels nothing, so the value that opened the reply stays the answer.
 */
function rightMarked(clause: string): AnswerLabel | undefined {
  const words = clause.replace(RIGHT_MARK, '').replace(/[:：]$/, '');
  if (wordsOf(words).every((w) => w === '')) return 'better';
  return isPlainLabel(words) ? labelOfWords(words) ?? 'better' : undefined;
}

/**
 * `Final Answer⏎============`: when the last line of `before` is a setext heading's underline (3 or
 * more `=` or `-`), the heading's text, the line above it; undefined otherwise. A line holding a
 * value (`Example: {"a": 0}⏎---`) is no heading of the value after the rule.
 */
function setextHeading(before: string): string | undefined {
  const at = before.lastIndexOf('\n');
  if (!/^[ \t]{0,3}(?:={3,}|-{3,})[ \t]*$/.test(before.slice(at + 1)) || at <= 0) return undefined;
  const line = before.slice(before.lastIndexOf('\n', at - 1) + 1, at);
  return line.trim() === '' || line.includes('{') || line.includes('[') ? undefined : line;
}

/** Whether `line` holds only label words and words a label may hold besides (`The final answer`, `Corrected JSON`, `Output`). */
function isPlainLabel(line: string): boolean {
  return wordsOf(line).every((w) => HEADING_FILLER.has(w) || isLabelWordAnyCase(w));
}

/** What a label's text (its colon left out) calls the value, by the words of its last clause (`Based on the input, here is the result` is a result's). */
function labelOfWords(label: string): AnswerLabel | undefined {
  const words = wordsOf(lastClause(label));
  if (words.some((w) => OTHER_WORDS.has(w)) || FIRST_OTHER_WORDS.has(words.find((w) => w !== '') ?? '') || describesShape(words)) return 'other';
  if (namesCorrection(words)) return 'correction';
  if (words.some((w) => ANSWER_WORDS.has(w))) return 'answer';
  if (namesBetter(words)) return 'better';
  return undefined;
}

/** A modal verb: what follows it says what the value will be or must be, not that it is it. */
const MODALS = new Set(['will', 'll', 'should', 'must', 'shall', 'would', 'can', 'could']);

/** Verbs that, after a modal, describe what a value looks like: its shape, not the value. */
const SHAPE_VERBS = new Set(['have', 'look', 'follow', 'match', 'resemble', 'contain', 'take']);

/**
 * Whether the label's `words` say what the answer will look like (`The final output will have this
 * shape:`, `The answer should follow:`, `It must match:`): the value after it is a shape, as after
 * `Format:` or `Schema:`. Read as a final answer, it beat the answer written later (`Answer: {…}`).
 * A modal before `be` (`The final output will be:`) says what the value is, and stays a label of it;
 * so does one in a clause about the value given (`Here is the JSON that should match your needs:`).
 */
function describesShape(words: readonly string[]): boolean {
  for (let i = 0; i + 1 < words.length; i++) {
    if (MODALS.has(words[i]) && SHAPE_VERBS.has(words[i + 1]) && !RELATIVE.has(words[i - 1] ?? '')) return true;
  }
  return false;
}

/** Words that start a clause about the value just named (`the JSON that should match`). */
const RELATIVE = new Set(['that', 'which']);

/** Whether the label's `words` are a word of BETTER_WORDS alone or before a noun of FINAL_NOUNS (`New:`, `New JSON:`). */
function namesBetter(words: readonly string[]): boolean {
  const named = words.filter((w) => w !== '');
  return named.length > 0 && named.length <= 2 && BETTER_WORDS.has(named[0]) && (named.length === 1 || FINAL_NOUNS.has(named[1]));
}

/** A label's last clause (`Based on the input, here is the result` → `here is the result`). */
function lastClause(label: string): string {
  return label.split(/[.!?。](?:\s|$)|[,;，]/).pop() ?? '';
}

/** The lower-case words of `text` (a trailing point dropped: `e.g.` stays one word). */
function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[^a-z.]+/).map((w) => w.replace(/\.+$/, ''));
}

/** Words a heading that names the answer may hold besides its answer or correction words (`## Here is the final JSON`). */
const HEADING_FILLER = new Set(['', 'the', 'my', 'our', 'your', 'here', 'is', 'a', 'an', 'json', 'object', 'data', 'value']);

/**
 * Whether the line `s.slice(from, to)` is a Markdown heading that names the answer or a correction
 * and nothing else (`## Answer`, `### Corrected JSON`, `# Final answer`). After a whole value the
 * engine reads it as prose labelling the value after it, not as a `#` comment between two values to
 * wrap in an array (see skipComment). A comment line between records that only holds such a word
 * (`{"id": 1}⏎# updated on monday⏎{"id": 2}`, `# TODO fix later`) stays a comment: read as a
 * heading, it set every record before it aside.
 */
export function isAnswerHeading(s: string, from: number, to: number): boolean {
  // A label is short: a longer line is no heading of one (and is not sliced and read word by word).
  if (to - from > LOOK_BACK) return false;
  const line = s.slice(from, to);
  if (!HEADING.test(line)) return false;
  const text = line.slice(0, trimmedEnd(line));
  // A value on the line is the comment's (`# result [1]`, `# Fixed: {"a": "3"} -> {"a": 3}`), not one it labels.
  if (text.includes('{') || text.includes('[')) return false;
  if (!wordsOf(text).every((w) => HEADING_FILLER.has(w) || ANSWER_WORDS.has(w) || CORRECTION_WORDS.has(w))) return false;
  const label = labelOfWords(text);
  return label === 'answer' || label === 'correction';
}

/** Where `s` ends without its trailing space and Markdown marks (`**Answer:**`, `> `, `# `). */
function trimmedEnd(s: string): number {
  let k = s.length;
  while (k > 0 && ' \t\r\n*_#`>'.includes(s[k - 1])) k--;
  return k;
}

/** The index where the line holding `i` starts. */
function lineStart(text: string, i: number): number {
  return i <= 0 ? 0 : text.lastIndexOf('\n', i - 1) + 1;
}
