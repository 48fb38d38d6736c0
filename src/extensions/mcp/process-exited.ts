import { existsSync, readFileSync } from 'node:fs';

/**
 * Whether a child process has already ended, asked of the kernel rather than of Node: Node learns of an
 * exit only when its event loop gets to it, and a call sent in between would be lost to a dead server.
 * A zombie (ended, not yet reaped) counts as ended. Off Linux (no /proc) it answers false.
 */
export function processExited(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return existsSync('/proc/self/stat'); // with /proc, no entry means no such process
  }
  const state = stat.charAt(stat.lastIndexOf(')') + 2);
  return state === 'Z' || state === 'X';
}
