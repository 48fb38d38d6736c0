export { type CommandPart, commandParts, MAX_NESTING } from './command-parts';
export { loadShellParser } from './shell-parser';
export { HOLE, isLiteral, type ShellWord } from './shell-words';
export { GIT_GLOBAL_OPTIONS } from './git-commands';
export { hasOption, type OptionSpec, readOptions, type ReadOptions } from './command-options';
