import type { AgentCommand } from './agent-command';
import { editCommand } from './edit-command';
import { globCommand } from './glob-command';
import { readCommand } from './read-command';
import { searchCommand } from './search-command';
import { todoWriteCommand } from './todo-write-command';
import { writeCommand } from './write-command';

export * from './agent-command';

/** The router's layer 2, by name. */
export const AGENT_COMMANDS: ReadonlyMap<string, AgentCommand> = new Map(
  [readCommand, writeCommand, editCommand, globCommand, searchCommand, todoWriteCommand].map((command) => [command.name, command]),
);
