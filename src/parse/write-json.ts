// JSON text of a parsed value without recursion (a value may be nested as deep as the text was), and
// with `-0` kept: JSON.stringify writes `0`, and then the text would parse to a different value. The
// CLI prints values with it too (two-space indented on request), naming the numbers JSON cannot write.

type Frame = { keys: string[] | undefined; node: unknown[] | Record<string, unknown>; next: number };

/** How {@link writeJson} lays out and reports. */
export interface WriteJsonOptions {
  /** Two-space indented, as `JSON.stringify(value, null, 2)` lays it out. Default compact. */
  pretty?: boolean;
  /**
   * Told of each number JSON cannot write as it was read, with its JSON Pointer: ±Infinity (written
   * `1e999` / `-1e999`, which JSON.parse reads back as the same value) and NaN (written `null`).
   */
  onNonFinite?: (pointer: string, value: number) => void;
  /**
   * Stop once the text is longer than this many characters and return what is written so far (a
   * prefix longer than `maxChars`, cut anywhere): for a preview, which then costs no more than its
   * length, and ends even on a cyclic value.
   */
  maxChars?: number;
}

/**
 * JSON text of a value built by the engine (plain arrays, plain objects, JSON scalars). Members whose
 * value is `undefined` are left out and array slots holding it are `null`, as JSON.stringify does (a
 * parsed value holds neither).
 */
export function writeJson(value: unknown, options: WriteJsonOptions = {}): string {
  const { pretty = false, onNonFinite, maxChars = Infinity } = options;
  const parts: string[] = [];
  let written = 0;
  let counted = 0;
  const stack: Frame[] = [];
  const indent = (depth: number) => (pretty ? `\n${'  '.repeat(depth)}` : '');
  let pending: unknown = value;
  let hasPending = true;
  for (;;) {
    if (hasPending) {
      hasPending = false;
      if (pending !== null && typeof pending === 'object') {
        const isArray = Array.isArray(pending);
        parts.push(isArray ? '[' : '{');
        const node = pending as unknown[] | Record<string, unknown>;
        const keys = isArray ? undefined : Object.keys(node).filter((k) => (node as Record<string, unknown>)[k] !== undefined);
        stack.push({ keys, node, next: 0 });
      } else {
        if (onNonFinite !== undefined && typeof pending === 'number' && !Number.isFinite(pending)) onNonFinite(pointerOf(stack), pending);
        parts.push(scalarText(pending));
      }
    }
    const top = stack[stack.length - 1];
    if (top === undefined) return parts.join('');
    if (maxChars !== Infinity) {
      while (counted < parts.length) written += parts[counted++].length;
      if (written > maxChars) return parts.join('');
    }
    const count = top.keys === undefined ? (top.node as unknown[]).length : top.keys.length;
    if (top.next === count) {
      stack.pop();
      parts.push(`${pretty && count > 0 ? indent(stack.length) : ''}${top.keys === undefined ? ']' : '}'}`);
      continue;
    }
    const i = top.next++;
    if (i > 0) parts.push(',');
    if (pretty) parts.push(indent(stack.length));
    if (top.keys === undefined) {
      pending = (top.node as unknown[])[i];
    } else {
      const key = top.keys[i];
      parts.push(JSON.stringify(key), pretty ? ': ' : ':');
      pending = (top.node as Record<string, unknown>)[key];
    }
    hasPending = true;
  }
}

/** The JSON Pointer of the value being written: the frames' current members. */
function pointerOf(stack: readonly Frame[]): string {
  let pointer = '';
  for (const frame of stack) {
    const i = frame.next - 1;
    const step = frame.keys === undefined ? String(i) : frame.keys[i];
    pointer += `/${step.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  }
  return pointer;
}

function scalarText(v: unknown): string {
  // ±Infinity (a `1e999` the engine read) as a number JSON.parse reads back the same; NaN has none.
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : Number.isFinite(v) ? String(v) : v === Infinity ? '1e999' : v === -Infinity ? '-1e999' : 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'bigint') return v.toString();
  return 'null';
}

/**
 * Compact JSON text of a parsed value: JSON.stringify's (the platform's writer, many times faster),
 * or {@link writeJson}'s for a value nested deeper than JSON.stringify can recurse (some thousands of
 * levels, which the engine reads: its stack is its own), where JSON.stringify throws RangeError.
 * Undefined only for what JSON.stringify leaves out (`undefined`).
 */
export function stringifyDeep(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return writeJson(value);
  }
}
