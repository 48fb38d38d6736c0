import { readdirSync, readFileSync } from 'node:fs';

/**
 * A sandboxed shell runs in its own pid namespace, so `$$` and `$!` written by a command are namespace
 * pids. This maps them to host pids: for every process below `rootPid` (the sandbox's bwrap), the last
 * field of its `NSpid:` line is its pid inside. Read while the processes live; gone ones cannot be mapped.
 */
export function namespacePids(rootPid: number): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const inside = new Map<number, number>();
  let frontier = [rootPid];
  while (frontier.length) {
    const children = [...parents].filter(([, parent]) => frontier.includes(parent)).map(([pid]) => pid);
    for (const pid of children) {
      try {
        const line = /^NSpid:\s*(.*)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
        const ids = line?.trim().split(/\s+/).map(Number) ?? [];
        if (ids.length > 1) inside.set(ids[ids.length - 1]!, pid);
      } catch {
        // gone meanwhile
      }
    }
    frontier = children;
  }
  return inside;
}

/**
 * The processes of the sandboxed file helper of `workspace` (bwrap and the Node inside it), found by their
 * command lines: the helper's main module and the workspace are its last two arguments.
 */
export function fileHelperPids(workspace: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let words: string[];
    try {
      words = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // gone meanwhile
    }
    if (words.some((word) => /file-server\.[jt]s$/.test(word)) && words.includes(workspace)) pids.push(Number(entry));
  }
  return pids;
}
