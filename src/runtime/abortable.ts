import { AbortError } from '../llm/model-error';

/**
 * Settles with `work`, or rejects with an AbortError as soon as `signal` aborts, whichever comes first:
 * a step ends on abort even when a tool or model runtime ignores the signal it was given.
 */
export function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => {}); // whatever it does later, nobody is waiting for it
    return Promise.reject(new AbortError('The step was aborted'));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortError('The step was aborted'));
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: a signal aborts only once, and the listener is removed when the work settles
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** A signal that never aborts, for steps run without one. */
export const NEVER_ABORTED: AbortSignal = new AbortController().signal;
