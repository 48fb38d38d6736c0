import type { ProjectTrustRequest } from '../settings/project-trust';
import { visibleCommand, visibleText } from '../visible-text';

/**
 * Asks on the terminal (stderr) whether the project's own files may start the programs they name, showing
 * each one. A yes is recorded (the library writes the trust store); no, or Ctrl-C, starts nothing.
 */
export function terminalProjectTrust(): (request: ProjectTrustRequest) => Promise<boolean> {
  return async ({ project, programs }) => {
    const { confirm } = require('@inquirer/prompts') as typeof import('@inquirer/prompts');
    // The programs come from the project's files (which the model can write): shown as they will run.
    const listed = programs.map((line) => `    ${visibleCommand(line).split('\n').join('\n    ')}`).join('\n');
    try {
      return await confirm(
        {
          message: `Trust the project ${visibleText(project)}? Its files would start these programs, unsandboxed, as you:\n${listed}\n  A yes is remembered in ~/.synapse/trusted-projects.json.`,
          default: false,
        },
        { output: process.stderr, clearPromptOnDone: false },
      );
    } catch {
      return false;
    }
  };
}

/** `--trust-project` / `--no-trust-project`, and the terminal prompt when neither is given and someone can answer. */
export function projectTrustOptions(args: { trustProject?: boolean }, json: boolean): { trustProject?: boolean; askProjectTrust?: (request: ProjectTrustRequest) => Promise<boolean> } {
  const interactive = Boolean(process.stdin.isTTY && process.stderr.isTTY) && !json;
  return { trustProject: args.trustProject, ...(interactive && args.trustProject === undefined ? { askProjectTrust: terminalProjectTrust() } : {}) };
}
