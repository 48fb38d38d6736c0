import { ExitCode } from './exit-codes';

/**
 * SIGINT handling for a long-running command: the first Ctrl-C calls `onInterrupt` (which aborts the run
 * through its AbortSignal); if the run has not wound down within `graceMs`, or on a second Ctrl-C, the
 * process exits 130 anyway. Returns a function that removes the handler.
 */
export function handleInterrupt(onInterrupt: () => void, graceMs = 2500): () => void {
  let interrupted = false;
  let timer: NodeJS.Timeout | undefined;
  const forceExit = () => {
    process.stderr.write('synapse: interrupted\n');
    process.exit(ExitCode.interrupted);
  };
  const listener = () => {
    if (interrupted) return forceExit();
    interrupted = true;
    timer = setTimeout(forceExit, graceMs);
    timer.unref();
    onInterrupt();
  };
  process.on('SIGINT', listener);
  return () => {
    process.off('SIGINT', listener);
    if (timer) clearTimeout(timer);
  };
}
