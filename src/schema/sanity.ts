// A raw JSON Schema is checked once, before use, for what would otherwise fail far from its cause or
// silently: cycles, functions (a JSON copy would drop them), and `type` keywords no validator can read.
import { JsonMendError } from '../errors.js';
import { toPointer } from './pointer.js';

const TYPE_NAMES = new Set(['null', 'boolean', 'integer', 'number', 'string', 'array', 'object']);
// Keywords whose values are data, not schemas: a `type` inside them is just a value.
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example']);

function invalid(path: readonly string[], why: string): JsonMendError {
  return new JsonMendError('INVALID_SCHEMA', `the schema ${why} at ${path.length === 0 ? '(root)' : toPointer(path)}`, { path: toPointer(path) });
}

function isTypeKeyword(value: unknown): boolean {
  if (typeof value === 'string') return TYPE_NAMES.has(value);
  if (Array.isArray(value)) return value.every((t) => typeof t === 'string' && TYPE_NAMES.has(t));
  // An object or boolean here is a property named "type" under `properties`, not the keyword.
  return value !== null && typeof value === 'object';
}

interface Frame {
  node: unknown;
  /** Where the node is, as a parent link: built into a path only for the error. */
  parent: Frame | undefined;
  key: string;
  data: boolean;
  exit: boolean;
}

function pathOf(frame: Frame | undefined): string[] {
  const path: string[] = [];
  for (let f = frame; f?.parent !== undefined; f = f.parent) path.push(f.key);
  return path.reverse();
}

/**
 * Throws INVALID_SCHEMA for a schema that holds a cycle, a function or symbol, or a `type` that is not
 * a JSON type name (or list of them). Iterative, so a deep schema cannot overflow the stack.
 */
export function checkJsonSchema(schema: unknown): void {
  const onPath = new Set<object>();
  const stack: Frame[] = [{ node: schema, parent: undefined, key: '', data: false, exit: false }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const { node, data } = frame;
    if (typeof node === 'function' || typeof node === 'symbol' || typeof node === 'bigint') {
      throw invalid(pathOf(frame), `holds a ${typeof node}, which is not JSON`);
    }
    if (node === null || typeof node !== 'object') continue;
    if (frame.exit) {
      onPath.delete(node);
      continue;
    }
    if (onPath.has(node)) throw invalid(pathOf(frame), 'refers back to itself (a cycle), which is not JSON');
    onPath.add(node);
    stack.push({ ...frame, exit: true });
    const keys = Array.isArray(node) ? node.map((_, i) => String(i)) : Object.keys(node);
    for (const key of keys) {
      const child = (node as Record<string, unknown>)[key];
      if (!data && key === 'type' && !Array.isArray(node) && !isTypeKeyword(child)) {
        throw invalid([...pathOf(frame), key], `has a type that is not a JSON type name (${typeof child === 'string' ? JSON.stringify(child) : String(child)})`);
      }
      stack.push({ node: child, parent: frame, key, data: data || (!Array.isArray(node) && DATA_KEYWORDS.has(key)), exit: false });
    }
  }
}
