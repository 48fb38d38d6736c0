// biome-ignore-all lint/suspicious/noExplicitAny: a spy stands in for a function of any signature

/** A recording function, for the document's `vi.fn()`: what it was called with, and what it returns. */
export type Spy = ((...args: any[]) => any) & { calls: any[][] };

export function spy(implementation: (...args: any[]) => unknown = () => undefined): Spy {
  const calls: any[][] = [];
  const fn = ((...args: any[]) => {
    calls.push(args);
    return implementation(...args);
  }) as Spy;
  fn.calls = calls;
  return fn;
}
