// Qwen3-Coder's call markup as models write it when a prompt, not their template, asks for it
// (captured from Qwen2.5, GLM-4.7, GLM-5.2 and Llama 3.1 by ai-sdk-tool-call-middleware #358 #360):
// the opener's `<` lost, the name as an element's text or bare before the arguments, parameters named
// by their own tags or by an element before their value. Each read as the call it is (rewrite
// `drifted_markup`); left alone, the call was dropped or refused.
import { TOOL_NAME } from '../extract/tool-calls/index.js';

/** A `<tool_call>` body read as a call: its tool and the arguments' text, and how they are written. */
export interface DriftedCall {
  name: string;
  /** The arguments: JSON, `<parameter=KEY>` tags (see looseParameters), or `<KEY>value</KEY>` tags. */
  args: string;
  /** `arg_pairs`: a key, then GLM's `<arg_value>` markup, not in whole pairs (the scanner reads whole ones): an error. */
  kind: 'json' | 'parameters' | 'tags' | 'arg_pairs';
  /** Whether a `</function>` or `</NAME>` closed the body: the call was written whole, whatever token follows. */
  closed: boolean;
}


/**
 * The call a hermes `<tool_call>` body holds when it is no JSON: `function=NAME>` (its `<` lost),
 * `<function>NAME</function>`, or NAME, one of `names`, before the arguments (`NAME {…}`, `NAME⏎<k>v</k>⏎</NAME>`);
 * a `</function>` or `</NAME>` closing the body is dropped. Undefined for any other body.
 */
export function driftedCall(body: string, names: readonly string[]): DriftedCall | undefined {
  const text = body.trim();
  let name: string | undefined;
  let rest = '';
  if (text.startsWith('function=')) {
    const gt = text.indexOf('>');
    if (gt === -1) return undefined;
    name = text.slice('function='.length, gt).trim();
    rest = text.slice(gt + 1);
  } else if (text.startsWith('<function>')) {
    const close = text.indexOf('</function>');
    if (close === -1) return undefined;
    name = text.slice('<function>'.length, close).trim();
    rest = text.slice(close + '</function>'.length);
  } else {
    // The longest of the tools' names the body starts with, then space, `{` or `<`.
    for (const known of names) {
      const next = text.charAt(known.length);
      if (text.startsWith(known) && (next === '{' || next === '<' || /\s/.test(next)) && (name === undefined || known.length > name.length)) name = known;
    }
    if (name === undefined) return undefined;
    rest = text.slice(name.length);
  }
  if (!TOOL_NAME.test(name)) return undefined;
  const trimmed = rest.trim();
  rest = withoutCloser(withoutCloser(trimmed, '</function>'), `</${name}>`);
  const closed = rest.length < trimmed.length;
  if (rest.startsWith('{')) return { name, args: rest, kind: 'json', closed };
  const parameters = rest.includes('<parameter=') ? rest : looseParameters(rest);
  if (parameters !== undefined) return { name, args: parameters, kind: 'parameters', closed };
  if (rest === '' || rest.startsWith('<')) return { name, args: rest, kind: 'tags', closed };
  return hasGlmMarkup(rest) ? { name, args: rest, kind: 'arg_pairs', closed } : undefined;
}

/** GLM's pair tags: `<arg_key>`, `</arg_key>`, `<arg_value>`, `</arg_value>`. */
const GLM_MARKUP = /<\/?arg_(?:key|value)>/;

/** Whether `text` holds GLM's pair tags (`<arg_key>`, `<arg_value>`, their closers). */
export function hasGlmMarkup(text: string): boolean {
  return GLM_MARKUP.test(text);
}

function withoutCloser(text: string, closer: string): string {
  return text.endsWith(closer) ? text.slice(0, -closer.length).trimEnd() : text;
}

/** A parameter tag that holds its name (`<parameter>KEY</parameter>`), its value after it. */
export const T_NAMELESS_PARAMETER = '<parameter>';

/**
 * Whether text that is no `<parameter=KEY>…</parameter>` block stands in `body` (another form of
 * parameter among them, `<city>Paris</city>`, or prose): read, it would be dropped.
 */
export function textOutsideParameters(body: string): boolean {
  let at = 0;
  for (;;) {
    const open = body.indexOf('<parameter=', at);
    const gap = body.slice(at, open === -1 ? body.length : open);
    if (gap.trim() !== '') return true;
    if (open === -1) return false;
    const close = body.indexOf('</parameter>', open);
    if (close === -1) return false;
    at = close + '</parameter>'.length;
  }
}

/** `<parameter>KEY</parameter>`, its value after it. */
const NAMELESS = /<parameter>\s*([A-Za-z_][\w.-]{0,127})\s*<\/parameter>/g;

/**
 * `<parameter>city</parameter>⏎Seoul⏎<parameter>unit</parameter>⏎celsius`: parameters whose tag holds
 * the name, the value after it up to the next such tag, as Qwen3-Coder's `<parameter=city>⏎Seoul⏎
 * </parameter>…`; undefined when the body has none.
 */
export function looseParameters(body: string): string | undefined {
  let out = '';
  let last = 0;
  let found = false;
  for (const m of body.matchAll(NAMELESS)) {
    const at = m.index ?? 0;
    out += found ? `${body.slice(last, at)}</parameter>` : body.slice(last, at);
    out += `<parameter=${m[1]}>`;
    last = at + m[0].length;
    found = true;
  }
  return found ? `${out}${body.slice(last)}</parameter>` : undefined;
}
