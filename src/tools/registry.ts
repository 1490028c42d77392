// The tools a reply may call, looked up by name; a name that is not among them is the model's error.
import { JsonMendError } from '../errors.js';
import type { SchemaLike } from '../schema/types.js';
import type { ToolDefinition } from './types.js';
import { isStandardSchema, standardJsonSchema } from '../schema/standard.js';

/** The top-level properties of `schema` and the names it requires, when it says (a Standard Schema's from its JSON Schema). */
export function objectShape(schema: SchemaLike | undefined): { properties: Record<string, unknown>; required: readonly unknown[] } | undefined {
  const json = schema !== undefined && isStandardSchema(schema) ? standardJsonSchema(schema) : schema;
  if (json === null || typeof json !== 'object') return undefined;
  const { properties, required } = json as { properties?: unknown; required?: unknown };
  if (properties === null || typeof properties !== 'object') return undefined;
  return { properties: properties as Record<string, unknown>, required: Array.isArray(required) ? required : [] };
}

/** The name of the schema's one parameter when there is one and it takes a string; else undefined. */
export function onlyStringParameter(schema: SchemaLike | undefined): string | undefined {
  const shape = objectShape(schema);
  if (shape === undefined) return undefined;
  const names = Object.keys(shape.properties);
  if (names.length !== 1) return undefined;
  const property = shape.properties[names[0]] as { type?: unknown } | null;
  return property !== null && typeof property === 'object' && property.type === 'string' ? names[0] : undefined;
}

/** Where providers' tool definitions keep the arguments' schema (OpenAI, Anthropic), which jsonmend's `schema` replaces. */
const FOREIGN_SCHEMA_KEYS = ['parameters', 'input_schema'] as const;

/** Tools by name, checked once per call of the public API. */
export class ToolRegistry {
  private readonly byName = new Map<string, ToolDefinition>();

  /** @param open accept any name (no tools given: the delta multiplexer without `tools`) */
  constructor(tools: readonly ToolDefinition[] | undefined, private readonly open = false) {
    if (tools === undefined && open) return;
    if (!Array.isArray(tools)) throw new JsonMendError('INVALID_ARGUMENT', 'tools must be an array of { name, schema }');
    for (const tool of tools) {
      if (tool === null || typeof tool !== 'object' || typeof tool.name !== 'string' || tool.name === '') {
        throw new JsonMendError('INVALID_ARGUMENT', `each tool must be an object with a non-empty string name, got ${JSON.stringify(tool)}`);
      }
      // OpenAI's `parameters` and Anthropic's `input_schema` are not read: the arguments would go unchecked without a word.
      const foreign = FOREIGN_SCHEMA_KEYS.find((key) => (tool as unknown as Record<string, unknown>)[key] !== undefined);
      if (foreign !== undefined && tool.schema === undefined) {
        throw new JsonMendError('INVALID_ARGUMENT', `the tool "${tool.name}" gives its arguments' schema as \`${foreign}\`; jsonmend reads it from \`schema\`: { name, schema }`);
      }
      if (this.byName.has(tool.name)) throw new JsonMendError('INVALID_ARGUMENT', `the tool "${tool.name}" is listed twice`);
      this.byName.set(tool.name, tool);
    }
  }

  /** The names of the known tools, in the order given. */
  get names(): string[] {
    return [...this.byName.keys()];
  }

  /** True when `name` is a known tool (always, for an open registry). */
  has(name: string): boolean {
    return this.open || this.byName.has(name);
  }

  /**
   * True when `name` is a known tool or one's but for `_` written for `-` (see alike): a name that
   * marks a call in formats whose only markup is the name (pythonic, tool tags, Gemma's stripped call).
   */
  knows(name: string): boolean {
    return this.has(name) || this.alike(name) !== undefined;
  }

  /** The tools by their names with each `-` written `_`: for alike(). */
  private bySeparator: Map<string, string[]> | undefined;

  /**
   * The one tool whose name differs from `name` only by `_` written for `-` or the reverse
   * (`resolve_library_id` for `resolve-library-id`, lmstudio #1358), when `name` is no tool; else undefined.
   */
  alike(name: string): string | undefined {
    if (this.open || this.byName.has(name)) return undefined;
    if (this.bySeparator === undefined) {
      this.bySeparator = new Map();
      for (const tool of this.byName.keys()) {
        const key = tool.replaceAll('-', '_');
        const list = this.bySeparator.get(key);
        if (list === undefined) this.bySeparator.set(key, [tool]);
        else list.push(tool);
      }
    }
    const found = this.bySeparator.get(name.replaceAll('-', '_'));
    return found?.length === 1 ? found[0] : undefined;
  }

  /**
   * The tools whose schema declares every one of `keys` and requires none that is missing: the
   * candidates for a call whose markup names no tool.
   */
  fitting(keys: readonly string[]): string[] {
    return this.names.filter((name) => {
      const shape = objectShape(this.byName.get(name)?.schema);
      if (shape === undefined) return false;
      const has = (key: unknown) => typeof key === 'string' && Object.prototype.hasOwnProperty.call(shape.properties, key);
      return keys.every(has) && shape.required.every((key) => keys.includes(key as string));
    });
  }

  /**
   * The schema of the tool `name` (undefined when it has none).
   * @throws JsonMendError `SCHEMA_MISMATCH` naming the known tools when `name` is not one of them.
   */
  schemaOf(name: string, line?: () => number): SchemaLike | undefined {
    const tool = this.byName.get(name);
    if (tool) return tool.schema;
    if (this.open) return undefined;
    const known = this.names.map((n) => `"${n}"`).join(', ');
    const at = line ? ` (line ${line()})` : '';
    throw new JsonMendError(
      'SCHEMA_MISMATCH',
      `the model called the tool "${name}"${at}, which does not exist; the tools are ${known || '(none)'}`,
      { path: '/name' },
    );
  }
}
