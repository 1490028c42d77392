// The calls of ReAct agents, written as text: `Action: NAME` on a line, `Action Input: …` on the next
// (LangChain's ReAct agents, crewAI, Qwen-Agent's and Dify's chain-of-thought prompts; Xinference
// #1098), or in Qwen-Agent's function-calling words, `✿FUNCTION✿: NAME` and `✿ARGS✿: …`. The input
// is JSON (an object, maybe over lines, or fenced) or text on its line.
import type { Taken } from './ranges.js';
import { type ScanBudget, scanBalanced } from '../extract/balanced.js';

/** The words a prompt gives an agent's call: the action's line, its input's, and the tool's result the agent writes after. */
export interface ReactWords {
  action: string;
  input: string;
  /** At a line's start: what follows answers a result the model made up. */
  observation: string;
  /** The input's word may follow the name on the action's own line (`✿FUNCTION✿: f, ✿ARGS✿: {…}`). */
  sameLine?: true;
}

/**
 * ReAct's words, and Qwen-Agent's (its default prompt for Qwen2 and 2.5, Qwen-Agent #133), whose
 * `✿RESULT✿:` is the tool's result and `✿RETURN✿:` the reply's answer (text); and the Chinese words
 * Qwen (动作/动作输入), ChatGLM and Baichuan (工具/工具输入) and ERNIE (调用工具/输入) write, each
 * result after 观察 (langchain-react-chinese-parser's README). A word's `:` may be full-width (`：`),
 * as Chinese models write it (see indexOfWord).
 */
export const REACT_WORDS: readonly ReactWords[] = [
  { action: 'Action:', input: 'Action Input:', observation: '\nObservation:' },
  { action: '✿FUNCTION✿:', input: '✿ARGS✿:', observation: '\n✿RESULT✿', sameLine: true },
  { action: '动作:', input: '动作输入:', observation: '\n观察:' },
  { action: '工具:', input: '工具输入:', observation: '\n观察:' },
  { action: '调用工具:', input: '输入:', observation: '\n观察:' },
];

/** The results' words (`Observation:`, `✿RESULT✿`, `观察:`), each once. */
const OBSERVATIONS: readonly string[] = [...new Set(REACT_WORDS.map((w) => w.observation))];

/**
 * Where the first line at or after `from` that starts with a result's word (`Observation:`, Qwen-Agent's
 * `✿RESULT✿`, `观察:`) starts, or -1. One search per word: linear.
 */
export function observationLine(text: string, from: number): number {
  let first = -1;
  for (const word of OBSERVATIONS) {
    const at = indexOfWord(text, word, from);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  return first < 0 ? -1 : first + 1;
}

/** A colon as Chinese text writes it, which stands for a word's `:`. */
const FULL_WIDTH_COLON = 0xff1a;

/** Whether `word` is at `at` in `text`, its final `:` maybe full-width. */
function wordAt(text: string, word: string, at: number): boolean {
  if (!word.endsWith(':')) return text.startsWith(word, at);
  const colon = text.charCodeAt(at + word.length - 1);
  return text.startsWith(word.slice(0, -1), at) && (colon === 0x3a || colon === FULL_WIDTH_COLON);
}

/** Where `word` next is in `text` from `from` (see wordAt), or -1. Each place its stem is found is looked at once. */
function indexOfWord(text: string, word: string, from: number): number {
  if (!word.endsWith(':')) return text.indexOf(word, from);
  const stem = word.slice(0, -1);
  for (let at = text.indexOf(stem, from); at >= 0; at = text.indexOf(stem, at + 1)) {
    if (wordAt(text, word, at)) return at;
  }
  return -1;
}

/** One `Action:` line and its input, found in a reply. */
export interface ReactCall {
  name: string;
  /** The input's text: JSON, or the text on its line (one pair of quotes around it dropped). */
  input: string;
  /** Where the `Action:` line starts and the input ends. */
  start: number;
  end: number;
  /** The reply ended after the action's line, before any input: a call cut off. */
  cut?: true;
}

/** How long a tool's name on an `Action:` line may be: looks stay bounded, so the search is linear. */
const NAME_LIMIT = 128;

/** Past the spaces and tabs from `i`. */
function skipBlanks(text: string, i: number): number {
  let k = i;
  while (k < text.length && (text.charCodeAt(k) === 0x20 || text.charCodeAt(k) === 0x09)) k++;
  return k;
}

function isSpaceCode(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x20 || c === 0x09;
}

/** Where the line from `i` ends (its `\n`, or the text's end). */
function lineEnd(text: string, i: number): number {
  const nl = text.indexOf('\n', i);
  return nl < 0 ? text.length : nl;
}

/** `name` without the backticks, quotes or brackets a prompt's example may have put around it. */
function bareName(name: string): string {
  const t = name.trim();
  const first = t.charAt(0);
  const last = t.charAt(t.length - 1);
  const paired = (first === '`' && last === '`') || (first === '"' && last === '"') || (first === "'" && last === "'") || (first === '[' && last === ']');
  return paired && t.length > 2 ? t.slice(1, -1).trim() : t;
}

/**
 * What the reads of one reply's inputs share, so that many of them stay linear: how far past a JSON
 * input's first close they may still look (see ScanBudget), and from where no fence closes.
 */
interface InputLook {
  budget: ScanBudget;
  noFenceCloseFrom: number;
  /** The next action's line, as far as looked (see nextActionLine). */
  actionLine: number;
  actionLookedFrom: number;
  /** Whether the line starting with the action's word at `at` is an action's (see isActionLine). */
  isAction: (at: number) => boolean;
}

/**
 * Where the next action's line at or after `from` starts (a line that starts with `action`, after
 * spaces, and is an action's: see isActionLine), or the text's length. Asked with `from` only growing,
 * each place the word is found is looked at once.
 */
function nextActionLine(text: string, action: string, from: number, look: InputLook): number {
  if (look.actionLookedFrom <= from && (look.actionLine >= from || look.actionLine === text.length)) return look.actionLine;
  look.actionLookedFrom = from;
  look.actionLine = text.length;
  for (let at = indexOfWord(text, action, from); at >= 0; at = indexOfWord(text, action, at + action.length)) {
    let start = at;
    while (start > 0 && (text.charCodeAt(start - 1) === 0x20 || text.charCodeAt(start - 1) === 0x09)) start--;
    if (start > from && text.charCodeAt(start - 1) === 0x0a && look.isAction(at)) {
      look.actionLine = start;
      break;
    }
  }
  return look.actionLine;
}

/**
 * Whether the line whose action word is at `at` is the next action's, which ends an input before it:
 * it names one of the tools (`known`), or its input's word follows (on its line, or starting the next
 * line that is not blank: an action naming no tool, `Final Answer`). Any other line that starts with
 * the word is text in the input (`{"note": "Oslo⏎Action: here"}`: ended there, it was cut off). Looks
 * at one name's length of the line and the blank lines after it: linear with nextActionLine.
 */
function isActionLine(text: string, at: number, words: ReactWords, known: (name: string) => boolean): boolean {
  const from = at + words.action.length;
  if (words.sameLine && inputOnLine(text, from, words.input) !== undefined) return true;
  let nameEnd = from;
  while (nameEnd < text.length && nameEnd - at < NAME_LIMIT && text.charCodeAt(nameEnd) !== 0x0a) nameEnd++;
  if (nameEnd < text.length && text.charCodeAt(nameEnd) !== 0x0a) return false;
  const name = bareName(text.slice(from, nameEnd));
  if (name !== '' && known(name)) return true;
  let k = nameEnd;
  while (k < text.length && isSpaceCode(text.charCodeAt(k))) k++;
  return wordAt(text, words.input, k);
}

/**
 * The input after `Action Input:` at `from`: its text and where it ends; JSON runs to its closer. With
 * nothing after it on its line, JSON or a fence that starts the next line that is not blank is the
 * input (crewAI #923: ```` ```json ```` there; read as its line's text, the input was `{}` and the
 * JSON was left in the reply's text).
 */
function inputAt(text: string, from: number, look: InputLook, action: string): { input: string; end: number } {
  let k = skipBlanks(text, from);
  if (k < text.length && (text.charCodeAt(k) === 0x0a || text.charCodeAt(k) === 0x0d)) {
    let next = k;
    while (next < text.length && isSpaceCode(text.charCodeAt(next))) next++;
    const n = text.charCodeAt(next);
    if (n === 0x7b || n === 0x5b || text.startsWith('```', next)) k = next;
  }
  const c = text.charCodeAt(k);
  if (c === 0x7b || c === 0x5b) {
    // The next action's line ends the input: JSON that did not close before it is cut off, and JSON
    // that closed is not read on into it (`Action: g` after it read as a member `"Action": "g"`,
    // the next call lost into the arguments of this one, or dropped as their surrounding text).
    const closed = scanBalanced(text, k, nextActionLine(text, action, k, look), false, look.budget);
    return { input: text.slice(k, closed.end), end: closed.end };
  }
  if (text.startsWith('```', k)) {
    const close = k + 3 >= look.noFenceCloseFrom ? -1 : text.indexOf('\n```', k + 3);
    if (close < 0) look.noFenceCloseFrom = Math.min(look.noFenceCloseFrom, k + 3);
    const end = close < 0 ? text.length : close + 4;
    return { input: text.slice(k, end), end };
  }
  const end = lineEnd(text, k);
  let input = text.slice(k, end).trim();
  const q = input.charAt(0);
  if (input.length >= 2 && (q === '"' || q === "'") && input.charAt(input.length - 1) === q) input = input.slice(1, -1);
  return { input, end };
}

/**
 * `✿FUNCTION✿: NAME, ✿ARGS✿: …` on one line (Qwen-Agent's own parser reads the name up to the
 * `✿ARGS✿:` wherever it is): the name (a comma after it dropped) and where the input's word is, when
 * it comes on the action's line within a name's length of `from`; else undefined.
 */
function inputOnLine(text: string, from: number, opener: string): { name: string; at: number } | undefined {
  let line = text.slice(from, from + NAME_LIMIT + opener.length);
  const nl = line.indexOf('\n');
  if (nl >= 0) line = line.slice(0, nl);
  const j = indexOfWord(line, opener, 0);
  if (j < 0) return undefined;
  const name = bareName(line.slice(0, j).trim().replace(/[,，]$/, ''));
  return name === '' ? undefined : { name, at: from + j };
}

/**
 * Every `Action: NAME` line whose NAME is a tool (`known`), followed, past blank lines, by a line that
 * starts with `Action Input:`, outside `taken`; in document order, up to the first `Observation:`
 * line after the first call: actions after it stay the reply's text. An action that names no tool
 * (`Action: Final Answer`) is the reply's text. `words` says them (see REACT_WORDS). Linear: each
 * line is looked at once.
 */
export function findReactCalls(text: string, taken: Taken, known: (name: string) => boolean, words: ReactWords = REACT_WORDS[0]): ReactCall[] {
  const { action, input: opener } = words;
  const calls: ReactCall[] = [];
  // The agent stops the model at `Observation:` and runs the call: a model that went on wrote the
  // tool's result itself (langchain #21912), and the actions after it answer a made-up result.
  let observation = -1;
  const look: InputLook = {
    budget: { left: text.length }, noFenceCloseFrom: Infinity, actionLine: -1, actionLookedFrom: Infinity,
    isAction: (at) => isActionLine(text, at, words, known),
  };
  for (let at = indexOfWord(text, action, 0); at >= 0; at = indexOfWord(text, action, at + action.length)) {
    if (observation >= 0 && at > observation) break;
    // At a line's start, after spaces only.
    let start = at;
    while (start > 0 && (text.charCodeAt(start - 1) === 0x20 || text.charCodeAt(start - 1) === 0x09)) start--;
    if (start > 0 && text.charCodeAt(start - 1) !== 0x0a) continue;
    const inline = words.sameLine ? inputOnLine(text, at + action.length, opener) : undefined;
    if (inline !== undefined) {
      if (!known(inline.name)) continue;
      const { input, end } = inputAt(text, inline.at + opener.length, look, action);
      if (taken.overlaps(start, end)) continue;
      calls.push({ name: inline.name, input, start, end });
      if (calls.length === 1) observation = indexOfWord(text, words.observation, end);
      at = end - action.length;
      continue;
    }
    let nameEnd = at + action.length;
    while (nameEnd < text.length && nameEnd - at < NAME_LIMIT && text.charCodeAt(nameEnd) !== 0x0a) nameEnd++;
    if (nameEnd < text.length && text.charCodeAt(nameEnd) !== 0x0a) continue;
    const name = bareName(text.slice(at + action.length, nameEnd));
    if (name === '' || !known(name)) continue;
    let k = nameEnd;
    while (k < text.length && isSpaceCode(text.charCodeAt(k))) k++;
    // `Action: get_weather` ending the reply: its input cut off (LangChain's parser refuses an action
    // without one), an error; as text, the call was lost without a word.
    // So is the reply ending inside the input's word (`Action: get_weather⏎Action Inp`).
    if (k === text.length || (text.length - k < opener.length && opener.startsWith(text.slice(k)))) {
      if (!taken.overlaps(start, text.length)) calls.push({ name, input: '', start, end: text.length, cut: true });
      break;
    }
    if (!wordAt(text, opener, k)) continue;
    const { input, end } = inputAt(text, k + opener.length, look, action);
    if (taken.overlaps(start, end)) continue;
    calls.push({ name, input, start, end });
    if (calls.length === 1) observation = indexOfWord(text, words.observation, end);
    at = end - action.length;
  }
  return calls;
}
