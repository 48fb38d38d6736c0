/**
 * Wraps an event listener so nothing it does reaches the loop: a throw or a rejected promise is reported
 * once (`onFirstFailure`) and the run goes on; later failures of the same listener are swallowed.
 */
export function isolateListener<E>(listener: ((event: E) => unknown) | undefined, onFirstFailure: (error: unknown) => void): (event: E) => void {
  if (!listener) return () => {};
  let reported = false;
  const fail = (error: unknown) => {
    if (reported) return;
    reported = true;
    try {
      onFirstFailure(error);
    } catch {
      // the reporter itself must not throw into the loop either
    }
  };
  return (event) => {
    try {
      const returned = listener(event);
      if (returned && typeof (returned as PromiseLike<unknown>).then === 'function') (returned as PromiseLike<unknown>).then(undefined, fail);
    } catch (error) {
      fail(error);
    }
  };
}

/** The default report: one process warning naming the failure. */
export function warnListenerFailed(error: unknown): void {
  const text = error instanceof Error ? error.message : String(error);
  process.emitWarning(`an onEvent listener threw (${text}); the run goes on, and further failures of this listener are not reported`, {
    code: 'SYNAPSE_LISTENER_FAILED',
  });
}
