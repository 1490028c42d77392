// JSON text of a parsed value without recursion (a value may be nested as deep as the text was), and
// with `-0` kept: JSON.stringify writes `0`, and then the text would parse to a different value.

type Frame = { keys: string[] | undefined; node: unknown[] | Record<string, unknown>; next: number };

/** Compact JSON text of a value built by the engine (plain arrays, plain objects, JSON scalars). */
export function writeJson(value: unknown): string {
  const parts: string[] = [];
  const stack: Frame[] = [];
  let pending: unknown = value;
  let hasPending = true;
  for (;;) {
    if (hasPending) {
      hasPending = false;
      if (pending !== null && typeof pending === 'object') {
        const isArray = Array.isArray(pending);
        parts.push(isArray ? '[' : '{');
        const node = pending as unknown[] | Record<string, unknown>;
        stack.push({ keys: isArray ? undefined : Object.keys(node), node, next: 0 });
      } else {
        parts.push(scalarText(pending));
      }
    }
    const top = stack[stack.length - 1];
    if (top === undefined) return parts.join('');
    const count = top.keys === undefined ? (top.node as unknown[]).length : top.keys.length;
    if (top.next === count) {
      parts.push(top.keys === undefined ? ']' : '}');
      stack.pop();
      continue;
    }
    const i = top.next++;
    if (i > 0) parts.push(',');
    if (top.keys === undefined) {
      pending = (top.node as unknown[])[i];
    } else {
      const key = top.keys[i];
      parts.push(JSON.stringify(key), ':');
      pending = (top.node as Record<string, unknown>)[key];
    }
    hasPending = true;
  }
}

function scalarText(v: unknown): string {
  // ±Infinity (a `1e999` the engine read) as a number JSON.parse reads back the same; NaN has none.
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : Number.isFinite(v) ? String(v) : v === Infinity ? '1e999' : v === -Infinity ? '-1e999' : 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return 'null';
}
