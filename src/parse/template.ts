// A template's value: the shape a prompt showed, its strings placeholders (`{"name": "<name>"}`,
// `{"title": "[Title]"}`). A model that echoes the template before its answer wrote no answer in it:
// another value in the reply goes before it (see candidates.ts).

/** Leaves looked at before a value is taken for no template: a template is small. */
const MAX_LEAVES = 64;
/** Nesting looked into: a template is shallow. */
const MAX_DEPTH = 8;

/** HTML's element names: `<br>` in a value is markup, no placeholder. */
const HTML_TAGS: ReadonlySet<string> = new Set([
  'a', 'b', 'i', 'u', 's', 'p', 'q', 'br', 'hr', 'em', 'li', 'ol', 'ul', 'dl', 'dt', 'dd', 'td', 'th', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'div', 'span', 'img', 'pre', 'code', 'sub', 'sup', 'del', 'ins', 'kbd', 'nav', 'main', 'table', 'tbody', 'thead', 'strong', 'small', 'mark',
  'html', 'body', 'head', 'title', 'style', 'script', 'form', 'input', 'label', 'button', 'section', 'article', 'header', 'footer', 'blockquote',
]);

/**
 * Whether every string in `value` is a placeholder (`<name>`, `{name}`, `{{name}}`, `[name]`, `...`),
 * one at least; numbers, booleans, null and empty strings say nothing either way. A type's name
 * (`"name": "string"`) is no placeholder: a map of fields to types, or a JSON Schema, is as often the
 * answer asked for. Asked of every value `parse` reads, so it stops at the first string that is no
 * placeholder, and copies nothing.
 */
export function isTemplateValue(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const walk = { leaves: 0, placeholders: 0 };
  return placeholdersOnly(value, walk, 0) && walk.placeholders > 0;
}

function placeholdersOnly(v: unknown, walk: { leaves: number; placeholders: number }, depth: number): boolean {
  if (v !== null && typeof v === 'object') {
    if (depth >= MAX_DEPTH) return false;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) if (!placeholdersOnly(v[i], walk, depth + 1)) return false;
      return true;
    }
    for (const k in v) if (!placeholdersOnly((v as Record<string, unknown>)[k], walk, depth + 1)) return false;
    return true;
  }
  if (++walk.leaves > MAX_LEAVES) return false;
  if (typeof v !== 'string' || v === '') return true;
  if (!isPlaceholder(v)) return false;
  walk.placeholders++;
  return true;
}

/** A placeholder's text: a name in angle brackets (not an HTML tag), braces or square brackets (not a checkbox), or an ellipsis. */
function isPlaceholder(v: string): boolean {
  if (v === '...' || v === '…') return true;
  if (v.length < 3 || v.length > 64 || v.includes('\n')) return false;
  const first = v.charCodeAt(0);
  const last = v.charCodeAt(v.length - 1);
  const inner = v.slice(1, -1);
  if (first === 0x3c && last === 0x3e) return /^[A-Za-z][\w .-]*$/.test(inner) && !HTML_TAGS.has(inner.toLowerCase()); // <name>
  if (first === 0x7b && last === 0x7d) return /^\{?[A-Za-z_][\w .-]*\}?$/.test(inner); // {name}, {{name}}
  if (first === 0x5b && last === 0x5d) return /^[A-Za-z][\w .-]+$/.test(inner); // [Title], not [x] or [ ]
  return false;
}
