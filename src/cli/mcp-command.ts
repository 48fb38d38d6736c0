import type { Argv, CommandModule } from 'yargs';
import { extensionOptions, trustOption, type ExtensionArgs } from './extension-options';
import { cwdOption } from './global-options';

export interface McpArgs extends ExtensionArgs {
  json: boolean;
  server?: string;
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

const login: CommandModule<object, McpArgs> = {
  command: 'login <server>',
  describe: 'Log in to a remote MCP server with OAuth (a browser, or the printed URL); the tokens are saved under ~/.synapse/mcp/oauth',
  builder: (yargs: Argv) => yargs.positional('server', { type: 'string', describe: 'The server name in the MCP config' }).options({ ...cwdOption, ...extensionOptions, ...trustOption }) as never,
  handler: async (args) => {
    const { loginToMcpServer } = require('./extension-actions') as typeof import('./extension-actions');
    process.exitCode = await loginToMcpServer(args);
  },
};

const logout: CommandModule<object, McpArgs> = {
  command: 'logout <server>',
  describe: "Forget a remote MCP server's saved OAuth login",
  builder: (yargs: Argv) => yargs.positional('server', { type: 'string', describe: 'The server name' }).options({ ...cwdOption, ...extensionOptions }) as never,
  handler: async (args) => {
    const { logoutOfMcpServer } = require('./extension-actions') as typeof import('./extension-actions');
    process.exitCode = await logoutOfMcpServer(args);
  },
};

/** `synapse mcp list | login <server> | logout <server>`: the configured MCP servers, their tools, their logins. */
export const mcpCommand: CommandModule<object, object> = {
  command: 'mcp <command>',
  describe: 'The configured MCP servers, their tools and their OAuth logins',
  builder: (yargs) => yargs.command(list).command(login).command(logout).demandCommand(1, 'an mcp command is required: list, login or logout') as never,
  handler: () => {},
};
