// A template's value: the shape a prompt showed, its strings placeholders (`{"name": "<name>"}`,
// `{"name": "string", "age": 0}`). A model that echoes the template before its answer wrote no answer
// in it: another value in the reply goes before it (see candidates.ts).

/** Leaves looked at before a value is taken for no template: a template is small. */
const MAX_LEAVES = 64;

/** `string`, `number`, … written where a value belongs: the type, not a value. */
const TYPE_NAMES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'int', 'float', 'boolean', 'bool', 'str', 'object', 'array', '...', '…']);

/**
 * Whether every string in `value` is a placeholder (`<name>`, `{name}`, `{{name}}`, `[name]`, a type's
 * name, `...`), one at least; numbers, booleans, null and empty strings say nothing either way.
 */
export function isTemplateValue(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const stack: unknown[] = [value];
  let leaves = 0;
  let placeholders = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    if (v !== null && typeof v === 'object') {
      if (Array.isArray(v)) {
        if (v.length > MAX_LEAVES) return false;
        for (const child of v) stack.push(child);
        continue;
      }
      let n = 0;
      // Counted before anything is copied: a large object is no template, and costs no more to say so.
      for (const _ in v) if (++n > MAX_LEAVES) return false;
      for (const child of Object.values(v)) stack.push(child);
      continue;
    }
    if (++leaves > MAX_LEAVES) return false;
    if (typeof v !== 'string' || v === '') continue;
    if (!isPlaceholder(v)) return false;
    placeholders++;
  }
  return placeholders > 0;
}

function isPlaceholder(s: string): boolean {
  if (s.length > 64) return false;
  if (TYPE_NAMES.has(s)) return true;
  const first = s.charCodeAt(0);
  const last = s.charCodeAt(s.length - 1);
  if (s.length < 3 || s.includes('\n')) return false;
  const inner = s.slice(1, -1);
  if (first === 0x3c && last === 0x3e) return !inner.includes('<') && !inner.includes('>'); // <name>
  if (first === 0x7b && last === 0x7d) return !/[{}]/.test(inner.replace(/^\{|\}$/g, '')); // {name}, {{name}}
  if (first === 0x5b && last === 0x5d) return !inner.includes('[') && !inner.includes(']'); // [name]
  return false;
}
