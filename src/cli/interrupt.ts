import { constants } from 'node:os';

/** The signals that ask the CLI to stop: Ctrl-C, `kill`/`timeout`/a CI cancel, a closed terminal. */
export const INTERRUPT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type InterruptSignal = (typeof INTERRUPT_SIGNALS)[number];

/** 128 + the signal's number, as shells report a process that a signal ended: 130, 143, 129. */
export function exitCodeFor(signal: InterruptSignal): number {
  return 128 + constants.signals[signal];
}

let received: InterruptSignal | undefined;
let installed = false;
let graceMs = 2500;
const callbacks = new Set<(signal: InterruptSignal) => void>();

/**
 * One mechanism for all three signals, for every command. The first signal calls every registered
 * `onInterrupt` callback (a run aborts through its AbortSignal, a command is cancelled) and the command
 * winds down by itself, closing what it started; if it has not within the grace period, or when a second
 * signal arrives, the process exits at once with 128 + the signal's number.
 */
export function installInterruptHandlers(options: { graceMs?: number } = {}): void {
  graceMs = options.graceMs ?? graceMs;
  if (installed) return;
  installed = true;
  for (const signal of INTERRUPT_SIGNALS) process.on(signal, () => interrupt(signal));
}

/** Registers what to do on the first interrupt (at once if one already came); returns the unregister function. */
export function onInterrupt(callback: (signal: InterruptSignal) => void): () => void {
  installInterruptHandlers();
  if (received) {
    callback(received);
    return () => {};
  }
  callbacks.add(callback);
  return () => callbacks.delete(callback);
}

/** The signal that interrupted this process, if any. */
export function interruptedBy(): InterruptSignal | undefined {
  return received;
}

/** The exit code of an interrupted command: that of the signal received, 130 when it was an interactive prompt's Ctrl-C. */
export function interruptExitCode(): number {
  return exitCodeFor(received ?? 'SIGINT');
}

function interrupt(signal: InterruptSignal): void {
  if (received) return forceExit(signal);
  received = signal;
  setTimeout(() => forceExit(signal), graceMs).unref();
  for (const callback of [...callbacks]) {
    try {
      callback(signal);
    } catch {
      // one failing clean-up must not stop the others, nor the exit
    }
  }
}

function forceExit(signal: InterruptSignal): void {
  process.stderr.write(`synapse: interrupted (${signal})\n`);
  process.exit(exitCodeFor(received ?? signal));
}
