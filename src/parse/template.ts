// A template's value: the shape a prompt showed, its strings placeholders (`{"name": "<name>"}`,
// `{"name": "string", "age": 0}`). A model that echoes the template before its answer wrote no answer
// in it: another value in the reply goes before it (see candidates.ts).

/** Leaves looked at before a value is taken for no template: a template is small. */
const MAX_LEAVES = 64;
/** Nesting looked into: a template is shallow. */
const MAX_DEPTH = 8;

/** `string`, `number`, … written where a value belongs: the type, not a value. */
const TYPE_NAMES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'int', 'float', 'boolean', 'bool', 'str', 'object', 'array', '...', '…']);

/**
 * Whether every string in `value` is a placeholder (`<name>`, `{name}`, `{{name}}`, `[name]`, a type's
 * name, `...`), one at least; numbers, booleans, null and empty strings say nothing either way. Asked
 * of every value `parse` reads, so it stops at the first string that is no placeholder, and copies nothing.
 */
export function isTemplateValue(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const walk = { leaves: 0, placeholders: 0 };
  return placeholdersOnly(value, walk, 0, '') && walk.placeholders > 0;
}

function placeholdersOnly(v: unknown, walk: { leaves: number; placeholders: number }, depth: number, key: string): boolean {
  if (v !== null && typeof v === 'object') {
    if (depth >= MAX_DEPTH) return false;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) if (!placeholdersOnly(v[i], walk, depth + 1, key)) return false;
      return true;
    }
    for (const k in v) if (!placeholdersOnly((v as Record<string, unknown>)[k], walk, depth + 1, k)) return false;
    return true;
  }
  if (++walk.leaves > MAX_LEAVES) return false;
  if (typeof v !== 'string' || v === '') return true;
  if (!isPlaceholder(v, key)) return false;
  walk.placeholders++;
  return true;
}

/**
 * A placeholder's text. A type's name is one where a field's value belongs (`"name": "string"`), not
 * under `type` (`{"type": "string"}` is a JSON Schema the model was asked for, an answer).
 */
function isPlaceholder(s: string, key: string): boolean {
  if (s.length > 64) return false;
  if (TYPE_NAMES.has(s)) return key !== 'type';
  if (s.length < 3 || s.includes('\n')) return false;
  const first = s.charCodeAt(0);
  const last = s.charCodeAt(s.length - 1);
  const inner = s.slice(1, -1);
  if (first === 0x3c && last === 0x3e) return !inner.includes('<') && !inner.includes('>'); // <name>
  if (first === 0x7b && last === 0x7d) return !/[{}]/.test(inner.replace(/^\{|\}$/g, '')); // {name}, {{name}}
  if (first === 0x5b && last === 0x5d) return !inner.includes('[') && !inner.includes(']'); // [name]
  return false;
}
