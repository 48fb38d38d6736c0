import type { Argv, CommandModule } from 'yargs';
import { extensionOptions, trustOption, type ExtensionArgs } from './extension-options';
import { cwdOption } from './global-options';

export interface McpArgs extends ExtensionArgs {
  json: boolean;
}

const list: CommandModule<object, McpArgs> = {
  command: 'list',
  describe: 'Start every configured MCP server and list its state and tools (as mcp:list does)',
  builder: (yargs: Argv) => yargs.options({ ...cwdOption, ...extensionOptions, ...trustOption, json: { type: 'boolean', default: false, describe: 'Print one JSON document' } }) as never,
  handler: async (args) => {
    const { listMcpServers } = require('./extension-actions') as typeof import('./extension-actions');
    process.exitCode = await listMcpServers(args);
  },
};

/** `synapse mcp list`: the configured MCP servers, started, with their tools. */
export const mcpCommand: CommandModule<object, object> = {
  command: 'mcp <command>',
  describe: 'The configured MCP servers and their tools',
  builder: (yargs) => yargs.command(list).demandCommand(1, 'an mcp command is required: list') as never,
  handler: () => {},
};
