import type { OperationRecord } from './operation-types';

/**
 * Whether a record needs a step job, and of which kind: a pending decision goes first; a running state
 * steps on; a state waiting for an approval steps on when the operation approves by itself. Waiting, done,
 * failed and interrupted operations need none.
 */
export function nextJobPriority(record: Pick<OperationRecord, 'state' | 'meta' | 'decision'>): 'decision' | 'step' | undefined {
  if (record.decision) return 'decision';
  const { status, pendingToolsCalling } = record.state;
  if (status === 'running' || status === 'idle') return 'step';
  if (status === 'waiting_for_human_input' && record.meta.autoApprove && pendingToolsCalling?.length) return 'step';
  return undefined;
}

/** Terminal or paused: no step job will come unless a human acts. */
export function isSettled(status: string): boolean {
  return status === 'done' || status === 'error' || status === 'interrupted';
}
