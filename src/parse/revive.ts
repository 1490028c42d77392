// JSON.parse's reviver, applied to a value parse built: the same walk the language specifies
// (children before their holder, arrays by index, `undefined` deletes), with an explicit stack so a
// deep value cannot overflow the call stack.
import { setMember } from './sink.js';

/** `JSON.parse`'s second argument: called for every key, children first, with the holder as `this`. */
export type Reviver = (this: unknown, key: string, value: unknown) => unknown;

interface Frame {
  holder: Record<string, unknown>;
  key: string;
  /** The keys of the value at `holder[key]`, once it has been visited. */
  keys: string[] | undefined;
  next: number;
}

function keysOf(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return [];
  if (!Array.isArray(value)) return Object.keys(value);
  const keys = new Array<string>(value.length);
  for (let i = 0; i < value.length; i++) keys[i] = String(i);
  return keys;
}

/** `value` passed through `reviver` as `JSON.parse(text, reviver)` would; containers are changed in place. */
export function revive(value: unknown, reviver: Reviver): unknown {
  const root: Record<string, unknown> = { '': value };
  const stack: Frame[] = [{ holder: root, key: '', keys: undefined, next: 0 }];
  for (;;) {
    const frame = stack[stack.length - 1];
    const current = frame.holder[frame.key];
    frame.keys ??= keysOf(current);
    if (frame.next < frame.keys.length) {
      stack.push({ holder: current as Record<string, unknown>, key: frame.keys[frame.next++], keys: undefined, next: 0 });
      continue;
    }
    stack.pop();
    const result = reviver.call(frame.holder, frame.key, current);
    if (stack.length === 0) return result;
    if (result === undefined) delete frame.holder[frame.key];
    else setMember(frame.holder, frame.key, result);
  }
}
