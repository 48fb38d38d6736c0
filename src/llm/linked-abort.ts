/**
 * A child AbortController that aborts with its parent signal. The one listener it adds to the parent is
 * removed by `dispose()`, so a long-lived signal (a whole run) does not collect a listener per request or
 * per tool call (Node warns past 10), nor keep each one's closure alive.
 */
export interface LinkedAbort {
  readonly controller: AbortController;
  readonly signal: AbortSignal;
  dispose(): void;
}

export function linkAbort(parent: AbortSignal | undefined): LinkedAbort {
  const controller = new AbortController();
  if (!parent) return { controller, signal: controller.signal, dispose: () => {} };
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { controller, signal: controller.signal, dispose: () => {} };
  }
  const onAbort = () => controller.abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  return { controller, signal: controller.signal, dispose: () => parent.removeEventListener('abort', onAbort) };
}
