import { extensionCommands } from './extension-commands';
import { helpCommand } from './help-command';
import { modelCommands } from './model-commands';
import { resumeCommand } from './resume-command';
import { sessionCommands } from './session-commands';
import type { SlashCommand } from './slash-command';

/** Every slash command of the chat, in the order `/help` lists them. */
export function defaultCommands(extra: readonly SlashCommand[] = []): SlashCommand[] {
  const commands: SlashCommand[] = [...sessionCommands, resumeCommand, ...modelCommands, ...extensionCommands, ...extra];
  return [helpCommand(() => commands), ...commands];
}

/** Finds a command by name or alias, case-insensitively (`/HELP`, `/Help` and `/h` are all help). */
export function findCommand(commands: readonly SlashCommand[], name: string): SlashCommand | undefined {
  const wanted = name.toLowerCase();
  return commands.find((command) => command.name === wanted || command.aliases?.includes(wanted));
}
