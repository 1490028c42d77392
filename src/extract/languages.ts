// Which fence info strings announce JSON (or a JSON superset a model writes for JSON).

const JSON_LANGUAGES = new Set([
  'js', 'javascript', 'mjs', 'cjs', 'node', 'ts', 'typescript',
  'hjson', 'geojson', 'ndjson', 'jsonl', 'jsonlines', 'jsonld', 'json-ld', 'topojson',
  'text', 'txt', 'plain', 'plaintext', 'output', 'result', 'response', 'answer', 'data', 'console',
]);

/**
 * True for info strings whose content may be JSON that starts with something other than `{` or `[`
 * (a scalar, a comment, `const x = {…}`): `json*`, JavaScript/TypeScript, plain text and the like.
 * Any other language (`python`, `bash`, `yaml`…) is code, a candidate only when it is an object or array.
 */
export function isJsonLanguage(language: string): boolean {
  return language.startsWith('json') || JSON_LANGUAGES.has(language);
}
