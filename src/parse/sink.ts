// The events the engine emits. A sink turns them into a value (parse), a snapshot (stream) or
// nothing at all (repair, which reads the engine's edit list instead).

/** Receives the structure the engine recognises, in document order. */
export interface Sink {
  openObject(): void;
  /** `wrapper` containers (tuples, constructor calls) may be unwrapped when they close. */
  openArray(): void;
  /** Closes the innermost container. `unwrapSingle`: replace a one-element array by its element. */
  close(unwrapSingle: boolean): void;
  /** The next value in the current object belongs to this key. */
  key(name: string): void;
  /** A complete string, number, boolean or null. */
  scalar(value: unknown): void;
  /** Whether the innermost container is an object that already holds the key last given. */
  keyTaken(): boolean;
  /** Whether the container `levels` below the innermost (0: the innermost) is an object holding `name`. */
  holds(levels: number, name: string): boolean;
}

/** Whether `container` is an object with `key` as an own member. */
export function holdsKey(container: unknown, key: string): boolean {
  return container !== undefined && !Array.isArray(container) && Object.prototype.hasOwnProperty.call(container, key);
}

/** Assigns `obj[key] = value` as JSON.parse would, keeping `__proto__` an own data property. */
export function setMember(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(obj, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    obj[key] = value;
  }
}

/** Builds plain values. Top-level values are collected so concatenated documents can become an array. */
export class ValueBuilder implements Sink {
  readonly tops: unknown[] = [];
  private readonly containers: (unknown[] | Record<string, unknown>)[] = [];
  private readonly keys: string[] = [];
  private pendingKey = '';

  openObject(): void {
    const obj: Record<string, unknown> = {};
    this.attach(obj);
    this.containers.push(obj);
    this.keys.push(this.pendingKey);
  }

  openArray(): void {
    const arr: unknown[] = [];
    this.attach(arr);
    this.containers.push(arr);
    this.keys.push(this.pendingKey);
  }

  close(unwrapSingle: boolean): void {
    const done = this.containers.pop();
    const key = this.keys.pop() as string;
    if (unwrapSingle && Array.isArray(done) && done.length === 1) this.replaceLast(done[0], key);
  }

  key(name: string): void {
    this.pendingKey = name;
  }

  scalar(value: unknown): void {
    this.attach(value);
  }

  keyTaken(): boolean {
    return holdsKey(this.containers[this.containers.length - 1], this.pendingKey);
  }

  holds(levels: number, name: string): boolean {
    return holdsKey(this.containers[this.containers.length - 1 - levels], name);
  }

  private attach(value: unknown): void {
    const n = this.containers.length;
    if (n === 0) {
      this.tops.push(value);
      return;
    }
    const parent = this.containers[n - 1];
    if (Array.isArray(parent)) parent.push(value);
    else setMember(parent, this.pendingKey, value);
  }

  /** Replaces the value just closed (a one-element wrapper) by its only element, where it was attached. */
  private replaceLast(value: unknown, key: string): void {
    const n = this.containers.length;
    if (n === 0) {
      this.tops[this.tops.length - 1] = value;
      return;
    }
    const parent = this.containers[n - 1];
    if (Array.isArray(parent)) parent[parent.length - 1] = value;
    else setMember(parent, key, value);
  }
}
