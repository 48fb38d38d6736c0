import { shown, type SlashCommand } from './slash-command';

const GROUPS: SlashCommand['group'][] = ['Common', 'Sessions', 'Model and context', 'Extensions'];

/** `/help` (`/h`, `/?`): every command with its one-line help, then the shell prefix and the keys. */
export function helpCommand(commands: () => readonly SlashCommand[]): SlashCommand {
  const help: SlashCommand = {
    name: 'help',
    aliases: ['h', '?'],
    summary: 'Show this help',
    group: 'Common',
    run: async () => shown(helpText([help, ...commands()])),
  };
  return help;
}

function helpText(commands: readonly SlashCommand[]): string {
  const label = (command: SlashCommand) => `${command.usage ?? `/${command.name}`}${command.aliases?.length ? ` (${command.aliases.map((alias) => `/${alias}`).join(', ')})` : ''}`;
  const width = Math.max(...commands.map((command) => label(command).length), '!<command>'.length);
  const line = (left: string, right: string) => `  ${left.padEnd(width)}  ${right}`;
  const sections = GROUPS.map((group) => {
    const members = commands.filter((command) => command.group === group);
    return [group, ...members.map((command) => line(label(command), command.summary))].join('\n');
  });
  sections.push(['Shell', line('!<command>', "Run a command in the session's shell (same permissions and sandbox); its output joins the conversation")].join('\n'));
  sections.push(
    [
      'Keys',
      line('Enter', 'Send; end a line with \\ to go on to the next (a paste keeps its lines together)'),
      line('Ctrl-C', 'Interrupt the answer or the command running; at the prompt, clear the line'),
      line('Ctrl-D', 'Quit (like /exit)'),
      line('Up / Down', 'Earlier inputs, also from earlier chats'),
    ].join('\n'),
  );
  return `${sections.join('\n\n')}\nCommands are case-insensitive.`;
}
