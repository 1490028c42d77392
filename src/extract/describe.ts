// A short, model-readable reason why a reply holds no JSON, for the message of a NO_JSON error.
import { assertText } from '../errors.js';
import { STRIPPED_HARMONY, reasoningChannel } from './channels.js';
import { skipWs } from './chars.js';
import { extract, resolveExtractOptions } from './extract.js';
import { scanStructure, type Region } from './structure.js';
import { isJsonLanguage } from './languages.js';
import type { ExtractOptions } from './types.js';

function tagPair(name: string | undefined): string {
  const channel = name === undefined ? undefined : reasoningChannel(name);
  if (channel !== undefined) return `${channel.name}…${channel.close[0]}`;
  if (name === STRIPPED_HARMONY.final) return `${STRIPPED_HARMONY.start}…${STRIPPED_HARMONY.final}`;
  const n = name ?? 'think';
  return `<${n}>…</${n}>`;
}

/** Does [start, end) hold a non-space character / a `{` or `[`? */
function scanGap(text: string, start: number, end: number, acc: { visible: boolean; bracket: boolean }): void {
  if (skipWs(text, start, end) < end) acc.visible = true;
  if (!acc.bracket) {
    const slice = text.slice(start, end);
    if (slice.includes('{') || slice.includes('[')) acc.bracket = true;
  }
}

/** Collects what lies outside reasoning, and the first non-JSON fence language met. */
function survey(text: string, node: Region, acc: { visible: boolean; bracket: boolean; codeLanguage: string | undefined }): void {
  let pos = node.contentStart;
  for (const child of node.children) {
    if (child.start > pos) scanGap(text, pos, child.start, acc);
    if (child.kind === 'fence') {
      scanGap(text, child.contentStart, child.contentEnd, acc);
      if (acc.codeLanguage === undefined && child.language !== undefined && !isJsonLanguage(child.language)) acc.codeLanguage = child.language;
    } else if (child.kind !== 'reasoning') {
      survey(text, child, acc);
    }
    if (child.end > pos) pos = child.end;
  }
  if (node.contentEnd > pos) scanGap(text, pos, node.contentEnd, acc);
}

/**
 * A short reason, for a `NO_JSON` message, why `text` holds no usable JSON value, such as
 * "the reply is empty", "the reply is prose with no '{' or '['" or "the only JSON-looking text is
 * inside <think>…</think> (reasoning), not in the answer". Linear in the length of `text`.
 *
 * @param text what the model wrote
 * @param options the same options given to {@link extract}
 * @throws JsonMendError `INVALID_ARGUMENT` when `text` is not a string or an option is malformed
 */
export function describeNoJson(text: string, options?: ExtractOptions): string {
  assertText(text);
  if (text.length === 0) return 'the reply is empty';
  if (skipWs(text, 0, text.length) === text.length) return 'the reply is blank (only whitespace)';
  const { names } = resolveExtractOptions(options);
  const root = scanStructure(text, names);
  const reasoning = root.children.find((c) => c.kind === 'reasoning');
  const candidates = extract(text, options);
  if (candidates.length > 0 && candidates.every((c) => c.reasoning === true)) {
    const cut = candidates.every((c) => c.truncated === true) ? ', and it is cut off' : '';
    return `the only JSON-looking text is inside ${tagPair(reasoning?.name)} (reasoning), not in the answer${cut}`;
  }
  if (candidates.length > 0) return "the reply's JSON-looking text could not be read as JSON";
  const acc = { visible: false, bracket: false, codeLanguage: undefined as string | undefined };
  survey(text, root, acc);
  if (reasoning !== undefined && !acc.visible) {
    return reasoning.truncated
      ? `the reply stops inside an unclosed ${tagPair(reasoning.name)} block, before any answer`
      : `the reply holds only a ${tagPair(reasoning.name)} block and no answer after it`;
  }
  if (acc.codeLanguage !== undefined) return `the reply's code block is ${acc.codeLanguage}, not JSON`;
  if (!acc.bracket) {
    // `prop":"test"}` (node-llama-cpp #575): an object whose start was lost, not prose.
    if (lostStart(text)) return "the reply has no '{' or '[', though it holds a key's closing quote and colon, then a '}' or ']': its start looks lost";
    return "the reply is prose with no '{' or '['";
  }
  return "the reply's '{' and '[' do not start JSON (they look like links, citations or placeholders)";
}

/** Whether `text` holds a key's closing quote and colon (`":`) and a closer after it. */
function lostStart(text: string): boolean {
  const key = text.indexOf('":');
  return key >= 0 && (text.indexOf('}', key) >= 0 || text.indexOf(']', key) >= 0);
}
