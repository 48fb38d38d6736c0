import type { CancelablePromise } from './types';

export interface CancelableOutcomes<T> {
  /** The value the promise settles with when cancelled before the work finished. */
  interrupted: () => T;
  /** The value for work that threw or rejected: cancelable work never rejects. */
  failed: (error: unknown) => T;
}

/**
 * Runs `work` with an AbortSignal and returns a promise that always resolves: with the work's value, with
 * `interrupted()` as soon as `cancel()` is called (the work is told through the signal and must stop what it
 * started), or with `failed(error)` if the work throws.
 */
export function cancelable<T>(work: (signal: AbortSignal) => Promise<T>, outcomes: CancelableOutcomes<T>): CancelablePromise<T> {
  const controller = new AbortController();
  const promise = new Promise<T>((resolve) => {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts at most once, so `once` changes nothing
    controller.signal.addEventListener('abort', () => resolve(outcomes.interrupted()), { once: true });
    // The async wrapper turns a synchronous throw into a rejection too.
    const started = (async () => work(controller.signal))();
    started.then(resolve, (error: unknown) => resolve(outcomes.failed(error)));
  });
  return Object.assign(promise, { cancel: () => controller.abort() });
}

/** Cancels `target` when `signal` aborts (at once if it already has); returns a function that stops listening. */
export function cancelOnAbort(signal: AbortSignal | undefined, target: { cancel(): void }): () => void {
  if (!signal) return () => {};
  if (signal.aborted) {
    target.cancel();
    return () => {};
  }
  const onAbort = () => target.cancel();
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts at most once, and the caller removes the listener when it settles
  signal.addEventListener('abort', onAbort, { once: true });
  return () => signal.removeEventListener('abort', onAbort);
}
