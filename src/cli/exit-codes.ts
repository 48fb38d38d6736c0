/** The CLI's exit codes: what a script branches on. */
export const ExitCode = {
  /** The command did what was asked. */
  ok: 0,
  /** The run failed: an API error after retries, or the runner stopped (failure policy, iteration limit). */
  failed: 1,
  /** Bad input: a flag, a fixture or state file, an unknown session, an unusable sessions directory. */
  badInput: 2,
  /** The run paused at a tool call that waits for approval (`--on-ask defer`): `--approve` / `--reject` it later. */
  approvalRequired: 3,
  /** Interrupted by SIGINT (128 + 2, as shells report it). */
  interrupted: 130,
  /** Interrupted by SIGTERM (128 + 15): `kill`, `timeout`, a CI cancel. */
  terminated: 143,
  /** Interrupted by SIGHUP (128 + 1): the terminal was closed. */
  hangup: 129,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** An error the CLI reports as one line, with the exit code it stands for. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: number = ExitCode.badInput,
  ) {
    super(message);
  }
}
