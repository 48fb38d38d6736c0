/** The longest delay a Node timer honours (about 24.8 days): a longer one fires at once, with a warning. */
export const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** A time limit as a timer can wait for it: a longer one is as good as none, so it waits the longest it can. */
export function timerDelay(ms: number): number {
  return Math.min(ms, LONGEST_TIMER_MS);
}
