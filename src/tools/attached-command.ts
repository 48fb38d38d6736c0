import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants } from 'node:os';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { limitedLaunch } from './security/limited-launch';
import { killMarkedProcesses, lifelineWatcherScript, PROCESS_MARKER_VARIABLE, pidWindow } from './security/process-marker';
import { rlimitScript } from './security/resource-limits';
import type { SecretRedactor } from './security/secret-redactor';
import type { ShellLaunch } from './shell-process';
import type { CommandResult } from './types';

export interface AttachedCommandOptions {
  cwd: string;
  signal: AbortSignal;
  /** The secret-free tool environment. */
  env: NodeJS.ProcessEnv;
  /** How the router starts its shell: the same sandbox holds the attached command. */
  launch: ShellLaunch;
  /** Known secrets: output going anywhere but a terminal passes through it. */
  redactor: SecretRedactor;
}

/**
 * Runs one shell command attached to this process's own stdin, stdout and stderr, for a person: output
 * streams as it comes, each stream to its own destination, nothing is captured or cut, and stdin passes
 * through. It runs in the router's sandbox with the router's environment. Output bound for a terminal is
 * the command's own; output bound for a file or a pipe has known secrets redacted on the way. Resolves with
 * the command's exit code (128 + n when a signal ended it); an abort kills it, and so does our death, even
 * by SIGKILL (the sandbox dies with us; without one, a watcher on a pipe only we hold kills what the
 * command started). When stdin is a terminal the command stays in our process group, so it may read the
 * terminal and gets Ctrl-C from it; otherwise it leads its own group and an abort kills the whole group.
 */
export function runAttached(command: string, options: AttachedCommandOptions): Promise<CommandResult> {
  const ownGroup = !process.stdin.isTTY;
  const lifeline = !options.launch.diesWithParent;
  const token = randomBytes(6).toString('hex');
  const pidsBefore = pidWindow();
  // Disowned, the watcher is no job of the command's: a bare `wait` in it does not wait for the watcher.
  const script = lifeline ? `${lifelineWatcherScript(token)}\nbuiltin disown\n${command}` : command;
  const init = options.launch.limits ? `${rlimitScript(options.launch.limits)}\n` : '';
  const limited = limitedLaunch(options.launch, ['-c', init + script]);
  const outputs = [process.stdout, process.stderr].map((target) => (target.isTTY || !options.redactor.size ? 'inherit' : 'pipe'));
  return new Promise((resolve) => {
    const child = spawn(limited.file, limited.args, {
      cwd: options.cwd,
      env: { ...options.env, PAGER: 'cat', GIT_PAGER: 'cat', [PROCESS_MARKER_VARIABLE]: token },
      stdio: ['inherit', outputs[0]!, outputs[1]!, lifeline ? 'pipe' : 'ignore'],
      detached: ownGroup,
    });
    const flushed = [redactInto(child.stdout, process.stdout, options.redactor), redactInto(child.stderr, process.stderr, options.redactor)];
    (child.stdio[3] as Readable | null)?.on('error', () => {});
    const kill = () => {
      try {
        if (ownGroup && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // already gone
      }
      if (lifeline) killMarkedProcesses(token, pidsBefore);
    };
    // The router checks the signal just before it calls in, with nothing to wait for in between: it is live.
    options.signal.addEventListener('abort', kill, { once: true });
    child.on('error', (error) => {
      options.signal.removeEventListener('abort', kill);
      limited.release();
      resolve({ stdout: '', stderr: `Cannot start bash: ${error.message}\n`, exitCode: 127, failureCategory: 'execution_error' });
    });
    child.on('exit', async (code, signal) => {
      options.signal.removeEventListener('abort', kill);
      if (ownGroup)
        kill(); // what the command left running goes with it
      else if (lifeline) killMarkedProcesses(token, pidsBefore);
      await Promise.all(flushed);
      const exitCode = code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0);
      const limits = limited
        .notices(exitCode, '')
        .map((notice) => `${notice}\n`)
        .join('');
      limited.release();
      // After an abort the router has already answered "interrupted": this result is only for a command that ended.
      resolve({ stdout: '', stderr: limits, exitCode });
    });
  });
}

/** Copies a piped stream to its destination with known secrets redacted; resolves when it has ended. */
function redactInto(source: Readable | null, target: NodeJS.WriteStream, redactor: SecretRedactor): Promise<void> {
  if (!source) return Promise.resolve();
  const decoder = new StringDecoder('utf8');
  const redacted = redactor.stream((text) => target.write(text));
  source.on('data', (chunk: Buffer) => redacted.write(decoder.write(chunk)));
  return new Promise((resolve) => {
    // The kill after exit closes pipes a leftover process held: 'close' always comes.
    source.on('close', () => {
      redacted.write(decoder.end());
      redacted.end();
      resolve();
    });
  });
}
