import type { InnerRun } from './command-runners';
import { isLiteral, joinWords, type ShellWord } from './shell-words';

/** Variables whose value a shell or a program runs as code, loads, or reads configuration from. */
const CODE_VARIABLES = new Set([
  'BASH_ENV',
  'ENV',
  'PS0',
  'PS1',
  'PS2',
  'PS3',
  'PS4',
  'PROMPT_COMMAND',
  'SHELLOPTS',
  'BASHOPTS',
  'BASH_LOADABLES_PATH',
  'LD_PRELOAD',
  'LD_AUDIT',
  'LD_LIBRARY_PATH',
  'PAGER',
  'MANPAGER',
  'EDITOR',
  'VISUAL',
  'SUDO_EDITOR',
  'SSH_ASKPASS',
  'SUDO_ASKPASS',
  'LESSOPEN',
  'LESSCLOSE',
  'GIT_SSH',
  'GIT_SSH_COMMAND',
  'GIT_PAGER',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'GIT_EXTERNAL_DIFF',
  'GIT_PROXY_COMMAND',
  'GIT_ASKPASS',
  'GIT_EXEC_PATH',
  'GIT_TEMPLATE_DIR',
  'GIT_DIR',
  'GIT_WORK_TREE',
]);

/** Whether assigning `name` can make a shell or a program run code the line does not show. */
export function isCodeVariable(name: string): boolean {
  return CODE_VARIABLES.has(name) || name.startsWith('BASH_FUNC_') || name.startsWith('GIT_CONFIG');
}

/** Why assigning this `NAME=value` word could run code the line does not show, if it could. */
export function assignmentRisk(word: ShellWord): string | undefined {
  const name = word.value.slice(0, word.value.indexOf('='));
  if (isCodeVariable(name.replace(/\+$/, ''))) return `setting ${name} can make a shell or program run code the policy cannot see`;
  return nameRisk(name, word.text);
}

/** Why a variable name given as a value (`read NAME`, `printf -v NAME`) could run code. */
export function nameRisk(name: string, shown: string): string | undefined {
  if (name.includes('\uE000')) return `the variable name ${shown} is only known when it runs, and bash evaluates a subscript in it as code`;
  if (/\[.*[^\d\]@*]/.test(name)) return `the subscript of ${shown} is evaluated as code`;
  if (isCodeVariable(name)) return `setting ${name} can make a shell or program run code the policy cannot see`;
  return undefined;
}

const ARITHMETIC_TESTS = /^-(eq|ne|lt|le|gt|ge)$/;

/**
 * What a shell builtin that runs or evaluates text does: `eval` (its words, literal, are read as shell),
 * `source`/`.`, `trap`, `alias`, `enable -f`, `hash -p`, `fc`, `bind -x`, `complete`/`compgen -C/-F`,
 * `mapfile -C`, and builtins that take variable names or arithmetic (`read`, `printf -v`, `let`, `test`).
 */
export function builtinRuns(name: string, args: readonly ShellWord[], arithmeticRisk: (text: string) => string | undefined): InnerRun[] | undefined {
  const opaque = (reason: string): InnerRun[] => [{ kind: 'opaque', reason }];
  const values = args.map((word) => word.value);
  switch (name) {
    case 'eval':
      if (!args.length) return [];
      return args.every(isLiteral) ? [{ kind: 'script', word: joinWords(args), by: 'eval' }] : opaque(`eval of ${joinWords(args).text}, text only known when it runs`);
    case 'coproc':
      return [
        { kind: 'opaque', reason: 'coproc runs a command alongside the shell, in a form the parser does not fully read' },
        ...(args.length ? [{ kind: 'command' as const, words: [...args] }] : []),
      ];
    case 'source':
    case '.':
      return opaque(`${name} runs a script file in the session's shell, where it can also change what later commands mean`);
    case 'trap': {
      const operands = values[0] === '--' ? args.slice(1) : args;
      if (!operands.length || /^-[lp]/.test(operands[0]!.value) || operands.length < 2 || operands[0]!.value === '-' || operands[0]!.value === '') return [];
      const action = operands[0]!;
      const runs: InnerRun[] = isLiteral(action) ? [{ kind: 'script', word: action, by: 'trap' }] : [];
      return [...runs, { kind: 'opaque', reason: `trap sets ${action.text} to run later, on a signal or at exit, where the policy does not see it` }];
    }
    case 'alias':
      return values.some((value) => value.includes('=')) ? opaque('alias defines text that replaces a command word later, where the policy does not see it') : [];
    case 'enable':
      return values.some((value) => /^-\w*f/.test(value)) ? opaque('enable -f loads a builtin from a shared library') : [];
    case 'hash':
      return values.some((value) => /^-\w*p/.test(value)) ? opaque('hash -p makes a command name run another program') : [];
    case 'fc':
      return values.some((value) => /^-\w*l/.test(value)) ? [] : opaque('fc runs commands from the history');
    case 'bind':
      return values.some((value) => /^-\w*x/.test(value)) ? opaque('bind -x binds shell text to a key') : [];
    case 'complete':
    case 'compgen':
      return values.some((value) => /^-\w*[CF]/.test(value)) ? opaque(`${name} -C/-F runs a command or function to complete words`) : [];
    case 'mapfile':
    case 'readarray':
      return values.some((value) => /^-\w*C/.test(value)) ? opaque(`${name} -C runs a callback`) : namesRisk(args.filter((word) => !word.value.startsWith('-')).slice(-1));
    case 'read':
      return namesRisk(args.filter((word, at) => !word.value.startsWith('-') && !/^-\w*[adinNptu]$/.test(values[at - 1] ?? '')));
    case 'printf': {
      const at = values.indexOf('-v');
      return at >= 0 && args[at + 1] ? namesRisk([args[at + 1]!]) : [];
    }
    case 'getopts':
      return namesRisk(args.slice(1, 2));
    case 'let':
      return args.flatMap((word) => {
        const risk = arithmeticRisk(isLiteral(word) ? word.value : word.text);
        return risk ? opaque(risk) : [];
      });
    case 'test':
    case '[':
      return testRisks(args, arithmeticRisk);
    case 'declare':
    case 'typeset':
    case 'local':
    case 'export':
    case 'readonly':
      return declarationRuns(args);
    default:
      return undefined;
  }
}

/** `declare`, `local`, `export`...: a nameref or integer attribute, or a risky name, is asked. */
export function declarationRuns(args: readonly ShellWord[]): InnerRun[] {
  const runs: InnerRun[] = [];
  for (const word of args) {
    if (/^[-+]\w*[ni]/.test(word.value) && isLiteral(word)) runs.push({ kind: 'opaque', reason: `declare ${word.value}: a nameref or integer variable evaluates values as names or code later` });
    else if (!word.value.startsWith('-') && !word.value.startsWith('+')) {
      const risk = word.value.includes('=') ? assignmentRisk(word) : nameRisk(word.value, word.text);
      if (risk) runs.push({ kind: 'opaque', reason: risk });
    } else if (!isLiteral(word)) runs.push({ kind: 'opaque', reason: `the declaration option ${word.text} is only known when it runs` });
  }
  return runs;
}

function namesRisk(names: readonly ShellWord[]): InnerRun[] {
  return names.flatMap((word) => {
    const risk = nameRisk(word.value, word.text);
    return risk ? [{ kind: 'opaque' as const, reason: risk }] : [];
  });
}

/** `test`/`[`: -eq and friends evaluate both sides as arithmetic; -v evaluates a subscript. */
export function testRisks(args: readonly ShellWord[], arithmeticRisk: (text: string) => string | undefined): InnerRun[] {
  const runs: InnerRun[] = [];
  args.forEach((word, at) => {
    const operands = ARITHMETIC_TESTS.test(word.value) ? [args[at - 1], args[at + 1]] : word.value === '-v' ? [args[at + 1]] : [];
    for (const operand of operands) {
      if (!operand) continue;
      const risk = word.value === '-v' ? nameRisk(operand.value, operand.text) : arithmeticRisk(isLiteral(operand) ? operand.value : operand.text);
      if (risk) runs.push({ kind: 'opaque', reason: risk });
    }
  });
  return runs;
}
