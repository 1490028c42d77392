// Text a call's JSON body holds after its value that the parser set aside (`surrounding_text`) and
// that holds more than a stray word: `[TOOL_CALLS]a[ARGS]{…}, b[ARGS]{…}` (calls listed with commas
// in Mistral's named form, where each call takes its own `[TOOL_CALLS]`), `<tool_call>{…a…}, note
// {…b…}</tool_call>`. Read as the first value alone, the rest was dropped with no word, a call in it
// lost. Reading it as calls would guess at a form no template writes (a space or a newline there
// leaves `b[ARGS]{…}` the reply's text), so it is an error that shows what was not read.
import { JsonMendError } from '../errors.js';
import type { Repair } from '../schema/types.js';
import { RootCloseHint } from './root-close.js';

/** How much of the unread text the message quotes. */
const QUOTED = 60;

/**
 * Where the text left unread after `body`'s JSON value starts, when the parser set it aside (a
 * `surrounding_text` repair at or past the value's close) and it goes on as more than prose: a comma
 * then anything, or a `{` anywhere (an object, maybe a call). Undefined otherwise: a body that is one
 * value, a stray comma before the closing token (`{…},</tool_call>`), or a word after it.
 */
export function unreadAfterValue(body: string, repairs: readonly Repair[]): number | undefined {
  const first = body.trimStart().charCodeAt(0);
  if (first !== 0x7b && first !== 0x5b) return undefined;
  const hint = new RootCloseHint();
  hint.feed(body);
  const close = hint.close;
  if (close === -1 || !repairs.some((r) => r.kind === 'surrounding_text' && 'offset' in r && r.offset >= close)) return undefined;
  const rest = body.slice(close).trim();
  const more = rest.includes('{') || (rest.startsWith(',') && rest.slice(1).trim() !== '');
  return more ? body.length - body.slice(close).trimStart().length : undefined;
}

/** The error for text left unread after a call's JSON (see unreadAfterValue): `what` names the call or calls, `offset` is the reply's. */
export function unreadAfter(what: string, unread: string, offset: number, reply: string | undefined): JsonMendError {
  const shown = unread.length > QUOTED ? `${unread.slice(0, QUOTED)}…` : unread;
  return new JsonMendError('UNREPAIRABLE', `${what} goes on after its JSON with text that was not read, ${JSON.stringify(shown)}: a call written there would be lost (each call takes its own markup)`, { offset, text: reply });
}
