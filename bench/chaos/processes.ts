import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

interface ProcessEntry {
  pid: number;
  ppid: number;
  stat: string;
}

async function processTable(): Promise<ProcessEntry[]> {
  const { stdout } = await promisify(execFile)('ps', ['-A', '-o', 'pid=,ppid=,stat=']);
  return stdout.split('\n').flatMap((line) => {
    const match = /^\s*(\d+)\s+(\d+)\s+(\S+)/.exec(line);
    return match ? [{ pid: Number(match[1]), ppid: Number(match[2]), stat: match[3]! }] : [];
  });
}

/** Every live process below `root`, from `ps`. */
export async function descendantsOf(root: number): Promise<number[]> {
  const table = await processTable();
  const found: number[] = [];
  let parents = new Set([root]);
  while (parents.size) {
    const children = table.filter((entry) => parents.has(entry.ppid) && !entry.stat.startsWith('Z'));
    found.push(...children.map((entry) => entry.pid));
    parents = new Set(children.map((entry) => entry.pid));
  }
  return found;
}

/** Of `pids`, those still running (zombies count as gone) after waiting up to `ms` for them to end. */
export async function stillRunningAfter(pids: readonly number[], ms: number): Promise<number[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const live = new Set((await processTable()).filter((entry) => !entry.stat.startsWith('Z')).map((entry) => entry.pid));
    const left = pids.filter((pid) => live.has(pid));
    if (!left.length || Date.now() >= deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Ends processes this suite started (by pid, one by one) that outlived their parent. */
export function killLeftovers(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
