import { AWKS, awkRuns } from './awk-programs';
import { builtinRuns } from './code-builtins';
import { busyboxRuns, findRuns, type InnerRun, runnerRuns, type StandardInput, xargsRuns } from './command-runners';
import { gitRuns } from './git-commands';
import { commandOptionRuns, sshRuns, suRuns } from './program-options';
import { sedRuns } from './sed-scripts';
import { SHELLS, shellRuns } from './shell-invocations';
import type { ShellWord } from './shell-words';

/**
 * What a program runs beyond itself, by its name: shells, shell builtins that run or evaluate text, command
 * runners, and programs that run shell text from their arguments. Any other program is judged as itself:
 * what it does inside (an interpreter's code, a script file, a Makefile) is opaque to the policy.
 */
export function programRuns(name: string, args: ShellWord[], stdin: StandardInput, arithmeticRisk: (text: string) => string | undefined): InnerRun[] {
  if (SHELLS.has(name)) return shellRuns(name, args, stdin);
  if (AWKS.has(name)) return awkRuns(name, args);
  switch (name) {
    case 'su':
    case 'runuser':
      return suRuns(name, args, stdin);
    case 'find':
      return findRuns(args);
    case 'xargs':
      return xargsRuns(args);
    case 'busybox':
      return busyboxRuns(args);
    case 'git':
      return gitRuns(args);
    case 'sed':
      return sedRuns(args);
    case 'ssh':
    case 'scp':
    case 'sftp':
      return sshRuns(name, args);
    case 'rsync':
    case 'tar':
      return commandOptionRuns(name, args);
    case 'parallel':
      return [{ kind: 'opaque', reason: 'parallel composes the commands it runs from its input and arguments' }];
    default:
      return builtinRuns(name, args, arithmeticRisk) ?? runnerRuns(name, args) ?? [];
  }
}
