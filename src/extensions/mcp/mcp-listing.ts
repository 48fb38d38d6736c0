import type { McpListing } from './mcp-manager';

const TOOL_NAME_WIDTH = 32;

/** `mcp:list` for the model and `synapse mcp list` for people: servers, state, tools with one-line descriptions. */
export function formatMcpListing(listing: McpListing, configFiles: string[]): string {
  const lines: string[] = [];
  if (listing.servers.length === 0) {
    lines.push(`No MCP servers are configured. Looked in: ${configFiles.join(', ')}.`);
    lines.push('A config file looks like {"mcpServers": {"<name>": {"command": "...", "args": [...]}}} or {"mcpServers": {"<name>": {"url": "http://..."}}}.');
  }
  for (const server of listing.servers) {
    const state = server.state === 'ready' ? `ready (${server.transport}, ${server.tools.length} tools)` : server.state === 'untrusted' ? 'untrusted (not started)' : server.state;
    lines.push(`${server.name}  ${state}  ${server.target}`);
    if (server.error) lines.push(`  ${server.error.split('\n').join('\n  ')}`);
    const width = Math.min(TOOL_NAME_WIDTH, Math.max(0, ...server.tools.map((tool) => tool.name.length)));
    for (const tool of server.tools) lines.push(`  ${tool.name.padEnd(width)}  ${tool.description}`.trimEnd());
    const also = [
      ...(server.offers?.resources ? [`mcp:${server.name}:resources`, `mcp:${server.name}:read <uri>`] : []),
      ...(server.offers?.prompts ? [`mcp:${server.name}:prompts`, `mcp:${server.name}:prompt <name>`] : []),
    ];
    if (also.length) lines.push(`  also: ${also.join(', ')}`);
  }
  if (listing.configErrors.length) lines.push('', 'Config errors (these servers were skipped):', ...listing.configErrors.map((error) => `  ${error}`));
  if (listing.servers.length) lines.push('', `Call a tool: mcp:<server>:<tool> '<json>' (or --name value); its parameters: mcp:<server>:<tool> --help`);
  return `${lines.join('\n')}\n`;
}
