import { formatMcpListing } from '../extensions';
import { shown, type SlashCommand } from './slash-command';

const tools: SlashCommand = {
  name: 'tools',
  summary: 'The tool the model has, and where its commands go',
  group: 'Extensions',
  run: async (_args, { chat }) => {
    const lines = [
      'Bash: the one tool the model calls; each command goes to',
      '  the shell         a persistent bash session (state kept between commands)',
      '  agent commands    read, write, edit, glob, search, TodoWrite',
      '  sub-agents        task:general, task:explore, task:skill',
    ];
    if (chat.extensions) {
      const [servers, { skills }] = await Promise.all([chat.extensions.mcp.serverNames().catch(() => []), chat.extensions.skills.load().catch(() => ({ skills: [] }))]);
      lines.push(`  MCP servers       ${servers.length ? `mcp:<server>:<tool> (${servers.join(', ')})` : 'none configured'}`);
      lines.push(`  skills            ${skills.length ? `skill:<name> (${skills.length} installed)` : 'none installed'}`);
    }
    return shown(lines.join('\n'));
  },
};

const skills: SlashCommand = {
  name: 'skills',
  summary: 'The installed Agent Skills',
  group: 'Extensions',
  run: async (_args, { chat }) => {
    if (!chat.extensions) return shown('No skills: extensions are off in this chat.');
    const { skills: found, warnings } = await chat.extensions.skills.load();
    const notes = warnings.map((warning) => `warning: ${warning}`);
    if (!found.length) return shown([`No skills installed (looked in ${chat.extensions.skills.dirs.join(', ')}).`, ...notes].join('\n'));
    const width = Math.max(...found.map((skill) => skill.name.length));
    return shown([...found.map((skill) => `${skill.name.padEnd(width)}  ${skill.description.replace(/\s+/g, ' ')}`), ...notes].join('\n'));
  },
};

const mcp: SlashCommand = {
  name: 'mcp',
  summary: 'The configured MCP servers and their tools (starts them)',
  group: 'Extensions',
  run: async (_args, { chat }) => {
    if (!chat.extensions) return shown('No MCP servers: extensions are off in this chat.');
    const listing = await chat.extensions.mcp.list();
    return shown(formatMcpListing(listing, chat.extensions.mcp.configFiles).trimEnd());
  },
};

/** /tools, /skills, /mcp. */
export const extensionCommands: readonly SlashCommand[] = [tools, skills, mcp];
