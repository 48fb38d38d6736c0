/** What the fault suite counts. The six targets must all be 0; the rest say how much was exercised. */
export interface Figures {
  runs: number;
  /** Tool calls the model made in the runs that were aborted at random, task:* sub-agents among them. */
  toolCalls: number;
  taskCalls: number;
  aborts: number;
  kills: number;
  badInputs: number;
  modelFaults: number;
  writerConflicts: number;
  /** Compactions announced in the runs that were killed around them, and kills while a summary request was in flight. */
  compactions: number;
  killsInCompaction: number;
  /** Targets. */
  danglingToolCalls: number;
  sessionsFailingToLoad: number;
  messagesLost: number;
  /** A run's input, announced with its session id, not in the session after a kill. */
  inputsLost: number;
  processesLeft: number;
  uncaughtErrors: number;
  /** Also 0: an abort reported as something else, a request the real API would reject, an unclear error. */
  abortsMisreported: number;
  protocolErrors: number;
  unclearErrors: number;
}

export const TARGETS = [
  'danglingToolCalls',
  'sessionsFailingToLoad',
  'messagesLost',
  'inputsLost',
  'processesLeft',
  'uncaughtErrors',
  'abortsMisreported',
  'protocolErrors',
  'unclearErrors',
] as const satisfies ReadonlyArray<keyof Figures>;

export function emptyFigures(): Figures {
  return {
    runs: 0,
    toolCalls: 0,
    taskCalls: 0,
    aborts: 0,
    kills: 0,
    badInputs: 0,
    modelFaults: 0,
    writerConflicts: 0,
    compactions: 0,
    killsInCompaction: 0,
    danglingToolCalls: 0,
    sessionsFailingToLoad: 0,
    messagesLost: 0,
    inputsLost: 0,
    processesLeft: 0,
    uncaughtErrors: 0,
    abortsMisreported: 0,
    protocolErrors: 0,
    unclearErrors: 0,
  };
}

/** The first few failures, so a non-zero figure comes with what happened. */
export class FailureLog {
  readonly entries: string[] = [];

  add(figure: keyof Figures, detail: string): void {
    if (this.entries.length < 20) this.entries.push(`${figure}: ${detail}`);
  }
}
