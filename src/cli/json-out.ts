// The JSON text the commands print for a value (parse, get, query): written without recursion, so a
// value nested as deep as the parser reads it (a million levels) is printed instead of overflowing the
// stack as JSON.stringify does from about 5,000 levels; and with every number JSON cannot write
// (±Infinity, from a `1e400` the parser read as JSON.parse does) found and named, never turned into
// `null` without a word.
import { flag, type Context } from './command.js';
import { write } from './io.js';
import { escapeControls } from './term.js';

/** A number of the value that JSON cannot write as it was read. */
export interface NonFinite {
  /** JSON Pointer to the number inside the printed value (`""` for the value itself). */
  pointer: string;
  value: number;
}

/** The JSON text of a value, and the numbers in it that JSON cannot write. */
export interface JsonOut {
  text: string;
  nonFinite: NonFinite[];
}

type Frame = { keys: string[] | undefined; node: unknown[] | Record<string, unknown>; next: number };

/**
 * Compact JSON text of `value` (two-space indented when `pretty`, as `JSON.stringify(value, null, 2)`
 * lays it out), with a final newline. `-0` stays `-0`; ±Infinity is written `1e999` / `-1e999`, the
 * number text JSON.parse reads back as the same value, and listed in `nonFinite`; NaN is `null`, listed
 * too. Members whose value is `undefined` are left out and array slots holding it are `null`, as
 * JSON.stringify does (a parsed value holds neither).
 */
export function jsonText(value: unknown, pretty: boolean): JsonOut {
  const parts: string[] = [];
  const nonFinite: NonFinite[] = [];
  const stack: Frame[] = [];
  const indent = (depth: number) => (pretty ? `\n${'  '.repeat(depth)}` : '');
  let pending: unknown = value;
  let hasPending = true;
  for (;;) {
    if (hasPending) {
      hasPending = false;
      if (pending !== null && typeof pending === 'object') {
        const isArray = Array.isArray(pending);
        const node = pending as unknown[] | Record<string, unknown>;
        const keys = isArray ? undefined : Object.keys(node).filter((k) => (node as Record<string, unknown>)[k] !== undefined);
        stack.push({ keys, node, next: 0 });
        parts.push(isArray ? '[' : '{');
      } else {
        if (typeof pending === 'number' && !Number.isFinite(pending)) nonFinite.push({ pointer: pointerOf(stack), value: pending });
        parts.push(scalarText(pending));
      }
    }
    const top = stack[stack.length - 1];
    if (top === undefined) break;
    const count = top.keys === undefined ? (top.node as unknown[]).length : top.keys.length;
    if (top.next === count) {
      stack.pop();
      parts.push(`${count > 0 ? indent(stack.length) : ''}${top.keys === undefined ? ']' : '}'}`);
      continue;
    }
    const i = top.next++;
    parts.push(`${i > 0 ? ',' : ''}${indent(stack.length)}`);
    if (top.keys === undefined) {
      pending = (top.node as unknown[])[i];
    } else {
      const key = top.keys[i];
      parts.push(JSON.stringify(key), pretty ? ': ' : ':');
      pending = (top.node as Record<string, unknown>)[key];
    }
    hasPending = true;
  }
  parts.push('\n');
  return { text: parts.join(''), nonFinite };
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
  if (typeof v === 'number') {
    if (Object.is(v, -0)) return '-0';
    if (Number.isFinite(v)) return String(v);
    return v === Infinity ? '1e999' : v === -Infinity ? '-1e999' : 'null';
  }
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'bigint') return v.toString();
  return 'null';
}

/**
 * The stderr warnings for the numbers JSON cannot write, one line each, naming the input and where the
 * number is in the printed value.
 */
export function nonFiniteWarnings(nonFinite: readonly NonFinite[], source: string): string {
  let out = '';
  for (const n of nonFinite) {
    const at = n.pointer === '' ? '(the value itself)' : n.pointer;
    out += Number.isNaN(n.value)
      ? `jsonmend: warning: ${source}: NaN at ${at} is not a JSON number; written as null\n`
      : `jsonmend: warning: ${source}: a number at ${at} is beyond the range of a double (read as ${n.value}); written as ${n.value > 0 ? '1e999' : '-1e999'}, its digits are lost\n`;
  }
  return out;
}

/**
 * Prints `value` as JSON on stdout (the output of parse, get and query) and, on stderr, a warning for
 * each number in it that JSON cannot write.
 */
export async function writeValue(ctx: Context, value: unknown, source: string): Promise<void> {
  const out = jsonText(value, flag(ctx.values, 'pretty'));
  await write(ctx.io.stdout, out.text);
  if (out.nonFinite.length > 0) await write(ctx.io.stderr, nonFiniteWarnings(out.nonFinite, escapeControls(source)));
}
