import type { ApprovalAnswer, PermissionApprover } from '../tools/security/permission-gate';
import { visibleCommand, visibleText } from '../visible-text';

/**
 * Asks on the terminal (stderr, so stdout stays the assistant's) whether a command the policy asks about
 * may run: once, for the rest of the session, or not. The exact command line is shown, every control and
 * invisible character in it made visible (what looks like `git status` is what runs). Ctrl-C in the prompt
 * denies and interrupts the run.
 */
export function terminalApprover(onInterrupt: () => void): PermissionApprover {
  return async (request, { signal }) => {
    const { select } = require('@inquirer/prompts') as typeof import('@inquirer/prompts');
    const command = visibleCommand(request.command)
      .split('\n')
      .map((line) => `    ${line}`)
      .join('\n');
    try {
      return await select<ApprovalAnswer>(
        {
          message: `Run this command? (${visibleText(request.rule)})\n${command}\n`,
          choices: [
            { name: 'Yes, this once', value: 'once' },
            { name: 'Yes, and do not ask again for it in this session', value: 'session' },
            { name: 'No, deny it (the agent is told why)', value: 'deny' },
          ],
        },
        { output: process.stderr, signal, clearPromptOnDone: false },
      );
    } catch (error) {
      if ((error as Error)?.name === 'ExitPromptError') onInterrupt();
      return 'deny';
    }
  };
}
