// Small DOM helpers. Text from the reply is untrusted (it may come from a link): it only ever enters
// the page as text nodes, never as HTML.

/** The element with `id`; a missing one is a bug in index.html, so it throws. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`playground: #${id} is missing from the page`);
  return found as T;
}

/** A new element with attributes and children (strings become text nodes). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

/** Pretty JSON for display; `undefined` (no value yet) shows as nothing. */
export function pretty(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 2);
}

/** A value shortened for one line of a list. */
export function short(value: unknown, max = 60): string {
  const text = value === undefined ? '(removed)' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
