/** A recording function, for the document's `vi.fn()`: what it was called with, what it returns. */
export type Spy<A extends unknown[] = any[], R = unknown> = ((...args: A) => R) & { calls: A[] };

export function spy<A extends unknown[] = any[], R = unknown>(implementation: (...args: A) => R = (() => undefined) as never): Spy<A, R> {
  const calls: A[] = [];
  const fn = ((...args: A) => {
    calls.push(args);
    return implementation(...args);
  }) as Spy<A, R>;
  fn.calls = calls;
  return fn;
}
