export { ChatSession, type ChatSessionOptions, type RunnerRequest } from './chat-session';
export { ReplController, type ReplControllerOptions, type ReplTerminal, type TurnOutcome } from './repl-controller';
export { defaultCommands, findCommand } from './command-table';
export { parseInput, type ReplInput } from './parse-input';
export { shortSessionId } from './session-lines';
export type { CommandResult, ReplContext, SlashCommand } from './slash-command';
export { compactCommand, describeCompaction, type Compactable, type CompactCommandResult } from './compact-command';
