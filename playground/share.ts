// The shareable state: the reply and the schema travel in the URL fragment, so a bug report can link
// to the exact case. The fragment never reaches a server.

/** What a link carries. */
export interface SharedState {
  reply: string;
  schema: string;
}

/** `#reply=…&schema=…` (percent-encoded; an empty schema is left out). */
export function encodeFragment(state: SharedState): string {
  const params = new URLSearchParams();
  params.set('reply', state.reply);
  if (state.schema !== '') params.set('schema', state.schema);
  // URLSearchParams writes spaces as '+'; %20 survives every chat client and issue tracker.
  return '#' + params.toString().replace(/\+/g, '%20');
}

/** The state in a fragment, or undefined when it carries none (an empty or foreign fragment). */
export function decodeFragment(hash: string): SharedState | undefined {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  if (body === '') return undefined;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(body);
  } catch {
    return undefined;
  }
  const reply = params.get('reply');
  if (reply === null) return undefined;
  return { reply, schema: params.get('schema') ?? '' };
}
