// One model call under the caller's signal and the per-attempt timeout.
import { JsonMendError } from '../errors.js';
import { abortError } from './http.js';

/** An abort scope for one attempt: `signal` fires on the caller's abort or the timeout, with a typed reason. */
export interface AttemptScope {
  signal: AbortSignal;
  /** Runs `work`, settling as soon as the scope aborts even if `work` ignores the signal. */
  run<T>(work: () => Promise<T>): Promise<T>;
  dispose(): void;
}

/** Opens an {@link AttemptScope}; throws `ABORTED` at once when `outer` already fired. */
export function openScope(outer: AbortSignal | undefined, timeoutMs: number | undefined): AttemptScope {
  if (outer?.aborted) throw callerAbort(outer);
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(callerAbort(outer!));
  outer?.addEventListener('abort', onAbort, { once: true });
  const timer =
    timeoutMs !== undefined && timeoutMs > 0 && Number.isFinite(timeoutMs)
      ? setTimeout(
          () => controller.abort(new JsonMendError('TIMEOUT', `the model did not answer within ${timeoutMs} ms`)),
          timeoutMs,
        )
      : undefined;
  const signal = controller.signal;
  return {
    signal,
    run<T>(work: () => Promise<T>): Promise<T> {
      if (signal.aborted) return Promise.reject(abortError(signal));
      return new Promise<T>((resolve, reject) => {
        const stop = (): void => reject(abortError(signal));
        signal.addEventListener('abort', stop, { once: true });
        work().then(
          (value) => {
            signal.removeEventListener('abort', stop);
            if (signal.aborted) reject(abortError(signal));
            else resolve(value);
          },
          (error: unknown) => {
            signal.removeEventListener('abort', stop);
            reject(asModelError(error, signal));
          },
        );
      });
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

/** The error of a call the caller aborted: the signal's reason when it is ours, else `ABORTED`. */
export function callerAbort(outer: AbortSignal): JsonMendError {
  const reason: unknown = outer.reason;
  if (reason instanceof JsonMendError) return reason;
  return new JsonMendError('ABORTED', 'the caller aborted the request', { cause: reason });
}

/** Anything a model threw, as a `JsonMendError`. */
export function asModelError(error: unknown, signal: AbortSignal): JsonMendError {
  if (signal.aborted) return abortError(signal, error);
  if (error instanceof JsonMendError) return error;
  const why = error instanceof Error ? error.message : String(error);
  return new JsonMendError('PROVIDER_ERROR', `the model failed: ${why}`, { cause: error });
}
