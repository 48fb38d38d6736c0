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

/** Long enough for a validation failure's first issues, short enough to stay one readable line. */
const MAX_ERROR_CHARS = 400;

/**
 * An error from a call, said once and briefly: the SDK prefixes "MCP error <code>: " again when it rethrows
 * a server's error, and a result that fails the protocol's schema comes with its whole JSON issue dump.
 */
export function describeCallError(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error))
    .replace(/^(MCP error -?\d+: )\1+/, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return message.length > MAX_ERROR_CHARS ? `${message.slice(0, MAX_ERROR_CHARS)}… (${message.length - MAX_ERROR_CHARS} more characters)` : message;
}
