import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { shellEnvironment } from './shell-environment';
import type { CommandResult } from './types';

/**
 * Runs one shell command attached to this process's own stdin, stdout and stderr, for a person: output
 * streams as it comes, each stream to its own destination, nothing is captured or cut, and stdin passes
 * through. Resolves with the command's exit code (128 + n when a signal ended it); an abort kills it.
 * When stdin is a terminal the command stays in our process group, so it may read the terminal and gets
 * Ctrl-C from it; otherwise it leads its own group and an abort kills everything it started.
 */
export function runAttached(command: string, options: { cwd: string; signal: AbortSignal }): Promise<CommandResult> {
  const ownGroup = !process.stdin.isTTY;
  return new Promise((resolve) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-c', command], {
      cwd: options.cwd,
      env: shellEnvironment(),
      stdio: 'inherit',
      detached: ownGroup,
    });
    const kill = () => {
      try {
        if (ownGroup && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // already gone
      }
    };
    if (options.signal.aborted) kill();
    options.signal.addEventListener('abort', kill, { once: true });
    child.on('error', (error) => {
      options.signal.removeEventListener('abort', kill);
      resolve({ stdout: '', stderr: `Cannot start bash: ${error.message}\n`, exitCode: 127, failureCategory: 'execution_error' });
    });
    child.on('exit', (code, signal) => {
      options.signal.removeEventListener('abort', kill);
      if (ownGroup) kill(); // what the command left running in its group goes with it
      const exitCode = code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0);
      resolve({ stdout: '', stderr: '', exitCode, ...(options.signal.aborted ? { interrupted: 'cancelled' as const } : {}) });
    });
  });
}
