/** Process groups of hooks (and waiting node processes) still alive: killed if this process exits first. */
const live = new Set<number>();
let exitHandlerInstalled = false;

/** Kills a group we started, by the id we got when we started its leader (never a process found by name). */
export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

export function track(pid: number | undefined): void {
  if (pid === undefined) return;
  live.add(pid);
  if (exitHandlerInstalled) return;
  exitHandlerInstalled = true;
  // A CLI that stops waiting for a SessionEnd hook still leaves nothing behind.
  process.once('exit', () => {
    for (const group of live) killGroup(group);
  });
}

export function untrack(pid: number | undefined): void {
  if (pid !== undefined) live.delete(pid);
}
