import { isSettled } from './next-job';

/**
 * How long an ended operation stays readable before the store removes it: a week, so a client that comes
 * back after a weekend (or a person who reviews last week's runs) still finds it, while Redis holds at most
 * a week of finished work.
 */
export const DEFAULT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * How long an operation in `status` is kept: `retentionMs` once it ended (done, error, interrupted: nothing
 * runs until a person resumes it), undefined (for ever) while it runs or waits for a person.
 */
export function keepFor(status: string, retentionMs: number): number | undefined {
  return isSettled(status) ? retentionMs : undefined;
}
