/**
 * Errors of the MCP layer, kept free of the SDK so the modules that only route commands do not load it
 * (the SDK loads when a server is first used).
 */

/** A server that could not start or went away, worded for the model and for people. */
export class McpServerError extends Error {
  override readonly name = 'McpServerError';
}

/** An unknown server or tool: reported as command_not_found, with what exists. */
export class McpLookupError extends Error {
  override readonly name = 'McpLookupError';
}

/** JSON-RPC codes the SDK raises (ErrorCode in @modelcontextprotocol/sdk/types.js). */
export const MCP_CONNECTION_CLOSED = -32000;
export const MCP_REQUEST_TIMEOUT = -32001;

/** The code of an McpError from the SDK, if `error` is one. */
export function mcpErrorCode(error: unknown): number | undefined {
  return (error as { name?: unknown })?.name === 'McpError' ? (error as { code: number }).code : undefined;
}
