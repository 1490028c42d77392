// Properties for code, not for logs: what a model or a server wrote stays out of what loggers print.

/** Defines a property that code reads but loggers (`util.inspect`, `JSON.stringify`) do not print. */
export function hidden(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: false, writable: false, configurable: true });
}
